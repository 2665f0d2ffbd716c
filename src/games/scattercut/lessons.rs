//! How Ludus teaches Scattercut: the points of its rules and a path of short lessons on
//! small boards (4×4, and 5×5 where a chain needs room to wind), each reached by play from
//! the empty board (see [`crate::games::lesson`]).

use crate::games::lesson::{Lesson, RulePoint};

pub const RULE_POINTS: &[RulePoint] = &[
    RulePoint {
        id: "board",
        text: "The game is played on an empty square board of any size (Ludus offers 3×3 to 19×19); the top and bottom edges are Red's, the left and right edges Blue's.",
    },
    RulePoint {
        id: "turns",
        text: "Red starts, then the players take turns, each placing one stone of their colour on any empty cell; nobody may pass.",
    },
    RulePoint {
        id: "red-goal",
        text: "Red wins with a chain of red stones linking the top edge to the bottom edge.",
    },
    RulePoint {
        id: "blue-goal",
        text: "Blue wins with a chain of blue stones linking the left edge to the right edge.",
    },
    RulePoint {
        id: "orthogonal",
        text: "Stones in a chain link through shared sides only: cells that meet at a corner do not link.",
    },
    RulePoint {
        id: "crosscut",
        text: "A crosscut is a 2×2 square of two red and two blue stones with like colours on a diagonal.",
    },
    RulePoint {
        id: "lift",
        text: "When your placed stone makes a crosscut, your own stone diagonally across from it in that crosscut is lifted off the board.",
    },
    RulePoint {
        id: "several",
        text: "A placement that makes several crosscuts lifts your stone from each of them, up to four stones at once.",
    },
    RulePoint {
        id: "replace",
        text: "You then put the lifted stones back one at a time, each on an empty cell where it makes no crosscut, and that ends your turn.",
    },
    RulePoint {
        id: "vacated",
        text: "A lifted stone can never go back to the cell it came from, because it would make the same crosscut again.",
    },
    RulePoint {
        id: "as-many",
        text: "You must put back as many lifted stones as the board has room for, so a cell that would leave room for fewer is refused.",
    },
    RulePoint {
        id: "lost",
        text: "Lifted stones that fit nowhere are lost for good, so the board need not fill up.",
    },
    RulePoint {
        id: "win-at-end",
        text: "A chain counts only when the turn is over, after every lifted stone is back or lost: a chain the placement makes can be broken by the stones it lifts, and a stone put back can complete one.",
    },
];

pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "red-chain",
        title: "Red joins top and bottom",
        goal: "You are Red: place one stone so that your stones link the top edge to the bottom edge.",
        record: "scattercut;size=4;moves=b1,c1,b2,c3,b4,d4",
        line: &["b3"],
        wins: true,
        hint: "Look at the b file, where a single empty cell splits your stones.",
        wrong: "c3",
        done: "Red wins: a chain of red stones now runs from the top edge to the bottom edge.",
        covers: &["board", "turns", "red-goal"],
    },
    Lesson {
        id: "blue-chain",
        title: "Blue joins left and right",
        goal: "You are Blue: complete a chain of blue stones from the left edge to the right edge.",
        record: "scattercut;size=4;moves=a1,a2,c1,b2,b3,d2,d4",
        line: &["c2"],
        wins: true,
        hint: "Stones that meet only at a corner do not link, so fill the gap in your row on rank 2.",
        wrong: "c1",
        done: "Blue wins: each stone of the row touches the next along a side, from the left edge to the right.",
        covers: &["blue-goal", "orthogonal"],
    },
    Lesson {
        id: "put-back",
        title: "A crosscut lifts a stone",
        goal: "Your stone on b3 made a crosscut (two red and two blue stones in a square, each colour on a diagonal), which lifted your stone from a2: put it back where it makes no crosscut and completes your chain.",
        record: "scattercut;size=4;moves=c1,b1,a2,b2,c3,a3,b4,d3,b3",
        line: &["c2"],
        wins: true,
        hint: "Your chain runs down from b4 to c3 and needs one more stone to reach c1.",
        wrong: "a2",
        done: "Red wins: the lifted stone went back where it completed the chain, which is checked only once your turn is over.",
        covers: &["crosscut", "lift", "replace", "vacated", "win-at-end"],
    },
    Lesson {
        id: "crosscut-on-purpose",
        title: "A crosscut on purpose",
        goal: "Win this turn by making a crosscut on purpose: you put the stone it lifts back on any empty cell where it makes no crosscut, so you get two stones where your chain needs them.",
        record: "scattercut;size=4;moves=b1,a1,d2,c1,b3,c2,c4,d3",
        line: &["c3", "b2"],
        wins: true,
        hint: "Place on c3 to link b3 with c4 (the crosscut lifts d2), then put the lifted stone on b2.",
        wrong: "d2",
        done: "Red wins: one placement and one stone put back closed both gaps in the chain.",
        covers: &["lift", "replace", "win-at-end"],
    },
    Lesson {
        id: "broken-chain",
        title: "A chain that breaks mid-turn",
        goal: "Your stone on c3 joined your edges, but its crosscut lifted d4 out of that chain: put the stone back where your chain is whole again when your turn ends.",
        record: "scattercut;size=5;moves=a1,d3,a2,c4,a3,b4,b3,a4,c2,b2,d2,c1,e2,d1,e3,e1,e4,b1,d4,a5,d5,c5,c3",
        line: &["e5"],
        wins: true,
        hint: "The stone cannot go back to d4, and on b5 it joins nothing, so put it on e5, beside e4 on the top edge.",
        wrong: "d4",
        done: "Red wins: your chain was made and broken within the turn, and only the board at the end of the turn counts.",
        covers: &["vacated", "win-at-end"],
    },
    Lesson {
        id: "room-for-both",
        title: "Put back as many as you can",
        goal: "Your stone on b1 made two crosscuts and lifted two of your stones: put both back, choosing cells that leave room for the second one.",
        record: "scattercut;size=4;moves=d1,a1,a2,c1,c2,b2,d2,b3,a3,d3,a4,c4,b1",
        line: &["b4", "d4"],
        wins: false,
        hint: "Put the first stone on b4 and the second on d4, because a stone on c3 would leave room for only one.",
        wrong: "c3",
        done: "Both stones are back: you must put back as many lifted stones as the board has room for.",
        covers: &["several", "as-many"],
    },
    Lesson {
        id: "lost-stone",
        title: "A stone lost for good",
        goal: "Win this turn, even though the crosscut your stone makes will cost you a stone that fits nowhere.",
        record: "scattercut;size=4;moves=a1,b1,c1,c2,d1,a3,a2,d3,b3,a4,c3,b4,c4,d4",
        line: &["b2"],
        wins: true,
        hint: "Place on b2 to link a2 with b3, whatever it costs.",
        wrong: "c2",
        done: "Red wins: the stone lifted from c1 had nowhere to go and was lost, and your chain counted once the turn was over.",
        covers: &["lost", "win-at-end"],
    },
];

/// What the lessons' words claim about their positions, beyond their lines (which the
/// lessons test plays for every game).
#[cfg(test)]
mod tests {
    use super::LESSONS;
    use crate::games::AnyGame;
    use crate::session::Session;

    /// The position of lesson `id` after `steps`.
    fn after(id: &str, steps: &[&str]) -> super::super::Position {
        let lesson = LESSONS.iter().find(|l| l.id == id).unwrap();
        let mut s = Session::from_record(lesson.record).unwrap();
        for step in steps {
            s.play(step).unwrap();
        }
        match s.current() {
            AnyGame::Scattercut(p) => p.clone(),
            _ => unreachable!(),
        }
    }

    #[test]
    fn placing_on_b2_alone_does_not_win_but_the_crosscut_on_c3_does() {
        use crate::Game;
        assert_eq!(after("crosscut-on-purpose", &["b2"]).outcome(), None);
        let p = after("crosscut-on-purpose", &["c3"]);
        assert_eq!(p.stones_removed_pending(), 1);
    }

    #[test]
    fn both_lifted_stones_fit_one_after_the_other() {
        let p = after("room-for-both", &[]);
        assert_eq!((p.stones_removed_pending(), p.stones_to_replace()), (2, 2));
        let q = after("room-for-both", &["d4"]);
        assert_eq!(q.stones_to_replace(), 1);
    }

    #[test]
    fn the_stone_lifted_by_b2_is_lost() {
        let before = after("lost-stone", &[]).stones_on_board(0);
        assert_eq!(after("lost-stone", &["b2"]).stones_on_board(0), before);
    }
    /// The lifted stone does not go back just anywhere: the cell it left is refused (it
    /// would make the same crosscut again), and so is every empty cell where it would make
    /// a crosscut.
    #[test]
    fn the_stone_lifted_by_c3_goes_back_only_where_it_makes_no_crosscut() {
        let p = after("crosscut-on-purpose", &["c3"]);
        let empty = (0..16).filter(|&c| p.stone(c).is_none()).count();
        let legal = AnyGame::Scattercut(p).legal_step_texts();
        assert!(!legal.contains(&"d2".to_string()));
        assert!(legal.contains(&"b2".to_string()));
        assert!(legal.len() < empty, "{legal:?} of {empty} empty cells");
    }
    /// The placement on c3 lifted d4, a stone of the chain it made; the stone cannot return
    /// there, and put back on b5 instead it leaves no chain at the end of the turn.
    #[test]
    fn c3_lifts_d4_out_of_the_chain_and_only_e5_wins() {
        use crate::Game;
        let p = after("broken-chain", &[]);
        let d4 = 3 * 5 + 3;
        assert_eq!(p.lifted_cells(), [d4]);
        let legal = AnyGame::Scattercut(p).legal_step_texts();
        assert_eq!(legal, ["b5", "e5"]);
        assert_eq!(after("broken-chain", &["b5"]).outcome(), None);
        let lesson = LESSONS.iter().find(|l| l.id == "broken-chain").unwrap();
        let before = lesson.record.strip_suffix(",c3").unwrap();
        let mut s = Session::from_record(before).unwrap();
        assert_eq!(s.current().outcome(), None);
        for step in ["b5", "e5"] {
            let mut t = Session::from_record(before).unwrap();
            t.play(step).unwrap();
            assert_eq!(t.current().outcome(), None, "{step} alone does not win");
        }
        s.play("c3").unwrap();
        assert_eq!(s.current().outcome(), None, "no win while d4 waits");
    }

    /// The goal says c3 joined Red's edges before the lift: with c3 and d4 both red (and
    /// d3 emptied, so that the diagram holds no crosscut), Red is connected.
    #[test]
    fn with_d4_still_red_the_stone_on_c3_joins_reds_edges() {
        use crate::Game;
        let board = "B . B R .\nB B B R R\nR R R . R\nR B R R R\nR B B B B";
        let options = super::super::Options { size: 5 };
        let p = super::super::Position::from_diagram(&options, 1, board).unwrap();
        assert_eq!(p.outcome(), Some(crate::Outcome::Winner(0)));
    }
}
