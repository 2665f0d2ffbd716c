//! How Ludus teaches Unravel: the points of its rules and a path of short lessons on a 4×4
//! board, and a last one on 5×5 where a turn comes back to a position (no 4×4 turn can),
//! each reached by play from the empty board (see [`crate::games::lesson`]).

use crate::games::lesson::{Lesson, RulePoint};

pub const RULE_POINTS: &[RulePoint] = &[
    RulePoint {
        id: "board",
        text: "The game is played on an empty square board of any size (Ludus offers 3×3 to 19×19); the top and bottom edges are Red's, the left and right edges Blue's.",
    },
    RulePoint {
        id: "turns",
        text: "Red starts, then the players take turns, each placing one checker of their colour on any empty square, so a placement is always possible.",
    },
    RulePoint {
        id: "red-goal",
        text: "Red wins with a chain of red checkers linking the top edge to the bottom edge.",
    },
    RulePoint {
        id: "blue-goal",
        text: "Blue wins with a chain of blue checkers linking the left edge to the right edge.",
    },
    RulePoint {
        id: "orthogonal",
        text: "Checkers in a chain link through shared sides only: squares that meet at a corner do not link.",
    },
    RulePoint {
        id: "crosscut",
        text: "A crosscut is a 2×2 square of two red and two blue checkers with like colours on a diagonal, so each checker touches both enemy checkers.",
    },
    RulePoint {
        id: "swap",
        text: "A placement that makes a crosscut must be followed at once by a swap of your other checker in it with one of its two enemy checkers.",
    },
    RulePoint {
        id: "swap-chain",
        text: "A swap can make new crosscuts, and each must be unravelled in turn by swapping two neighbouring checkers of opposite colours in it, one swap at a time.",
    },
    RulePoint {
        id: "completers",
        text: "The checkers that completed a crosscut (the placed checker, or the swapped checkers that made it) may not be swapped to unravel that crosscut.",
    },
    RulePoint {
        id: "choose",
        text: "With several crosscuts on the board you unravel them in any order you like, and one swap can break several at once.",
    },
    RulePoint {
        id: "per-crosscut",
        text: "A checker swapped earlier in the turn may be swapped again to unravel a crosscut it did not complete.",
    },
    RulePoint {
        id: "turn-end",
        text: "The turn ends as soon as no crosscut is left on the board.",
    },
    RulePoint {
        id: "win-at-end",
        text: "The winner is decided only when the turn is over: a chain that appears during the swaps counts only if it is still there at the end.",
    },
    RulePoint {
        id: "loops",
        text: "From 5×5 up, the swaps of one turn can bring back the same board, crosscuts and completers: the sheet's rules allow it (unlike its design note, which says a turn cannot cycle) and Ludus follows the rules, though going round gains nothing and the turn can always still be ended.",
    },
    RulePoint {
        id: "opponent-win",
        text: "Swaps change both colours, so the mover's swaps can complete the opponent's chain, and then the opponent wins.",
    },
];

pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "red-chain",
        title: "Red joins top and bottom",
        goal: "You are Red: place one checker so that your checkers link the top edge to the bottom edge.",
        record: "unravel;size=4;moves=a1,c1,a2,b2,a4,b3",
        line: &["a3"],
        wins: true,
        hint: "Look at the a file, where a single empty square splits your checkers.",
        wrong: "a2",
        done: "Red wins: a chain of red checkers now runs from the top edge to the bottom edge.",
        covers: &["board", "turns", "red-goal"],
    },
    Lesson {
        id: "blue-chain",
        title: "Blue joins left and right",
        goal: "You are Blue: complete a chain of blue checkers from the left edge to the right edge.",
        record: "unravel;size=4;moves=a1,a2,c1,b2,b3,d2,d4",
        line: &["c2"],
        wins: true,
        hint: "Checkers that meet only at a corner do not link, so fill the gap in your row on rank 2.",
        wrong: "c1",
        done: "Blue wins: each checker of the row touches the next along a side, from the left edge to the right.",
        covers: &["blue-goal", "orthogonal"],
    },
    Lesson {
        id: "first-swap",
        title: "A crosscut and its swap",
        goal: "Your checker on b1 made a crosscut (two red and two blue checkers in a square, each colour on a diagonal): swap your other red checker in it with a blue one to complete your chain.",
        record: "unravel;size=4;moves=a2,a1,b3,b2,b4,d3,b1",
        line: &["a2~b2"],
        wins: true,
        hint: "Swap a2, your other checker in the crosscut, with the blue checker that blocks your b file.",
        wrong: "b1~b2",
        done: "The crosscut is gone and the b file is red from edge to edge: a placement that makes a crosscut is always followed by a swap.",
        covers: &["crosscut", "swap"],
    },
    Lesson {
        id: "swap-chain",
        title: "Swaps that make crosscuts",
        goal: "Your checker on c2 made a crosscut: unravel it, then unravel the new crosscut your swap makes, until your chain joins top and bottom.",
        record: "unravel;size=4;moves=b3,b2,c1,c3,b4,c4,c2",
        line: &["b3~c3", "b4~c4"],
        wins: true,
        hint: "Swap b3 with c3 to bring red into the c file, then unravel the crosscut that this swap makes.",
        wrong: "d2",
        done: "You followed the swaps to the end: a swap can make a new crosscut, and the turn ends only when none is left.",
        covers: &["swap-chain", "turn-end"],
    },
    Lesson {
        id: "two-crosscuts",
        title: "Two crosscuts at once",
        goal: "You are Blue: place on a2 to make two crosscuts at once, then find the swap that unravels both and also completes your chain.",
        record: "unravel;size=4;moves=a1,b1,c1,b3,d1,c3,b2,d3,a3",
        line: &["a2", "b1~b2"],
        wins: true,
        hint: "Your placement goes on a2, and then only one swap wins: the red checker on b2, which lies in both crosscuts, with your checker below it on b1 (swapped with your checker on b3 instead, it breaks both crosscuts but leaves your chain unfinished).",
        wrong: "b1~b2",
        done: "One swap broke both crosscuts: with several on the board you choose which to unravel, and one swap may settle more than one.",
        covers: &["choose"],
    },
    Lesson {
        id: "chain-at-the-end",
        title: "Only the end of the turn counts",
        goal: "Your checkers already link top and bottom but a crosscut is still on the board: unravel it without breaking your chain, because a chain counts only once your turn is over.",
        record: "unravel;size=4;moves=d2,a4,c1,d3,b3,c4,c3,a3,c2,b2,d4,c3~d3",
        line: &["b2~b3"],
        wins: true,
        hint: "The swap that turns c2 blue would cut your chain, so swap the other pair.",
        wrong: "c2~c3",
        done: "Your chain survived the last swap: the winner is decided only by the board at the end of the turn.",
        covers: &["win-at-end", "completers"],
    },
    Lesson {
        id: "swap-again",
        title: "A checker may swap twice",
        goal: "One crosscut is left: choose the swap that wins, knowing that c1, already swapped this turn, may swap again because it did not complete this crosscut.",
        record: "unravel;size=4;moves=a1,c1,b1,d1,b2,a2,c2,b3,d2,c3,d3,c4,b4,d4,a3,b2~b3,b1~c1,c2~c3",
        line: &["c1~d1"],
        wins: true,
        hint: "Swapping d1 with d2 would complete Blue's row and hand Blue the win, so look at c1 instead.",
        wrong: "c1~c2",
        done: "c1 swapped a second time and your chain is whole: only the checkers that completed a crosscut are barred from unravelling it, and a careless swap can finish your opponent's chain.",
        covers: &["per-crosscut", "opponent-win"],
    },
    Lesson {
        id: "loop",
        title: "A turn that comes back",
        goal: "You are Blue on 5×5, and your last twenty swaps brought back this very position, which the sheet's rules allow though its design note says a turn cannot cycle: leave the loop and win in two swaps.",
        record: "unravel;size=5;moves=a1,c1,b1,e1,d1,a2,d2,b2,a3,c2,c3,e2,e3,b3,a4,b4,c4,e4,d4,d3,c2~c3,b1~b2,d2~e2,e3~e4,c1~c2,d1~e1,a3~b3,a1~a2,b1~b2,c3~c4,d3~d4,d2~e2,e3~e4,a4~b4,c1~c2,d1~e1,a3~b3,a1~a2,b1~b2,c3~c4,d3~d4,d2~e2,e3~e4,a4~b4",
        line: &["d1~e1", "a2~a3"],
        wins: true,
        hint: "Swapping c1 with c2 would only start the same twenty swaps again, so unravel the crosscuts at d1 e1 and at a2 a3.",
        wrong: "a5",
        done: "Blue wins: a loop is allowed but gains nothing, since the same position and the same choices come back, and you can always end the turn instead.",
        covers: &["loops"],
    },
];

/// What the lessons' words claim about their positions, beyond their lines (which the
/// lessons test plays for every game).
#[cfg(test)]
mod tests {
    use super::LESSONS;
    use crate::games::AnyGame;
    use crate::session::Session;
    use crate::Outcome;

    /// The position of lesson `id` after `steps`.
    fn after(id: &str, steps: &[&str]) -> AnyGame {
        let lesson = LESSONS.iter().find(|l| l.id == id).unwrap();
        let mut s = Session::from_record(lesson.record).unwrap();
        for step in steps {
            s.play(step).unwrap();
        }
        s.current().clone()
    }

    fn unravel(g: &AnyGame) -> &super::super::Position {
        match g {
            AnyGame::Unravel(p) => p,
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_placement_on_a2_makes_two_crosscuts_and_only_one_breaker_of_both_wins() {
        let p = after("two-crosscuts", &["a2"]);
        assert_eq!(unravel(&p).crosscut_count(), 2);
        let other = after("two-crosscuts", &["a2", "b2~b3"]);
        assert_eq!(unravel(&other).crosscut_count(), 0);
        assert_eq!(other.outcome(), None);
        // The hint's claim: of the swaps after a2, only b1 with b2 wins.
        let placed = after("two-crosscuts", &["a2"]);
        let wins: Vec<String> = placed
            .legal_step_texts()
            .into_iter()
            .filter(|step| {
                let mut game = placed.clone();
                game.play_text(step).unwrap();
                game.outcome().is_some()
            })
            .collect();
        assert_eq!(wins, ["b1~b2"]);
    }

    #[test]
    fn the_chain_is_there_before_the_last_swap_and_the_other_swap_breaks_it() {
        let p = after("chain-at-the-end", &[]);
        assert!(unravel(&p).connected(0) && unravel(&p).is_swapping());
        let broken = after("chain-at-the-end", &["b2~c2"]);
        assert!(!unravel(&broken).is_swapping());
        assert_eq!(broken.outcome(), None);
    }

    #[test]
    fn the_loop_lesson_opens_on_the_position_of_twenty_swaps_before() {
        let lesson = LESSONS.iter().find(|l| l.id == "loop").unwrap();
        let now = after("loop", &[]);
        let mut s = Session::from_record(lesson.record).unwrap();
        s.go_to(s.len() - 20);
        assert_eq!(unravel(s.current()).diagram(), unravel(&now).diagram());
        assert_eq!(unravel(s.current()).crosscuts(), unravel(&now).crosscuts());
        assert!(crate::Game::repeats_within_turn(unravel(&now)));
        // The hint's swap starts the same round again.
        assert!(crate::Game::repeats_within_turn(unravel(&after(
            "loop",
            &["c1~c2"]
        ))));
    }

    #[test]
    fn in_swap_again_c1_was_swapped_earlier_and_the_other_swap_hands_blue_the_win() {
        let lesson = LESSONS.iter().find(|l| l.id == "swap-again").unwrap();
        assert!(lesson.record.contains("b1~c1"));
        assert_eq!(
            after("swap-again", &["d1~d2"]).outcome(),
            Some(Outcome::Winner(1))
        );
    }
}
