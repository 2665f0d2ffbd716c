//! How Ludus teaches Unlur: the points of its rules and a path of short lessons on the
//! smallest board (side 4), each reached by play from the empty board (see
//! [`crate::games::lesson`]).

use crate::games::lesson::{Lesson, RulePoint};

pub const RULE_POINTS: &[RulePoint] = &[
    RulePoint {
        id: "board",
        text: "The board is a hexagon of hexagonal cells (Ludus offers 4 to 12 cells a side, 6 by default) with six sides: N at the top, then NE, SE, S at the bottom, SW and NW.",
    },
    RulePoint {
        id: "contract",
        text: "The game opens with a contract: starting with the first player, both players take turns placing black stones.",
    },
    RulePoint {
        id: "contract-inner",
        text: "During the contract stones go only on inner cells, never on the edge of the board.",
    },
    RulePoint {
        id: "pass-takes-black",
        text: "The first pass ends the contract, and the player who passed plays Black for the rest of the game, owning every black stone on the board.",
    },
    RulePoint {
        id: "pass-any-time",
        text: "A player may pass on any turn of the contract, the very first one included.",
    },
    RulePoint {
        id: "white-next",
        text: "The other player becomes White and moves next, placing a white stone.",
    },
    RulePoint {
        id: "play",
        text: "After the contract the players take turns, each placing a stone of their own colour on any empty cell, edge cells included.",
    },
    RulePoint {
        id: "no-pass",
        text: "Once the contract is over nobody may pass.",
    },
    RulePoint {
        id: "white-goal",
        text: "White wins with one group of white stones joining two opposite sides: N and S, NE and SW, or SE and NW.",
    },
    RulePoint {
        id: "black-goal",
        text: "Black wins with one group of black stones joining three sides that are not next to each other: N, SE and SW, or S, NE and NW.",
    },
    RulePoint {
        id: "contract-stones",
        text: "The stones placed during the contract are Black's and count towards Black's goal like any other black stone.",
    },
    RulePoint {
        id: "corners",
        text: "A corner cell lies on both of the sides that meet there, for both players' goals.",
    },
    RulePoint {
        id: "wrong-goal",
        text: "A player whose stone gives their own stones the shape of the opponent's goal, without reaching their own goal, loses at once.",
    },
    RulePoint {
        id: "both-goals",
        text: "A stone that reaches your own goal wins, even if it also makes the shape of the opponent's goal.",
    },
];

pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "contract",
        title: "The contract",
        goal: "The game opens with a contract in which both players place black stones: place one on the centre cell d4.",
        record: "unlur;size=4",
        line: &["d4", "c3"],
        wins: false,
        hint: "Place your black stone on d4, the cell in the middle of the board.",
        wrong: "a1",
        done: "During the contract both players place black stones, only on inner cells, and your opponent has just added one on c3.",
        covers: &["board", "contract", "contract-inner"],
    },
    Lesson {
        id: "take-black",
        title: "Pass to take Black",
        goal: "Six black stones are already on the board: pass to end the contract and play Black with all of them.",
        record: "unlur;size=4;moves=d4,c3,e4,c4,e3,d3",
        line: &["pass", "d5"],
        wins: false,
        hint: "Press the Pass and take Black button: the player who passes takes Black.",
        wrong: "g2",
        done: "You passed, so you play Black with every black stone on the board, and your opponent, now White, has placed the first white stone (a pass is allowed on any contract turn, even the first).",
        covers: &["pass-takes-black", "pass-any-time", "white-next", "contract-stones"],
    },
    Lesson {
        id: "white-line",
        title: "White joins two opposite sides",
        goal: "You are White: place one stone so that a group of white stones joins the top side (N) to the bottom side (S).",
        record: "unlur;size=4;moves=d4,c4,e4,pass,a2,d3,b2,d5,c2,c5,e2,e5,f2,b4,g2,f4",
        line: &["d2"],
        wins: true,
        hint: "Your two white groups are one cell apart on the left of the board.",
        wrong: "pass",
        done: "White wins: one group of white stones joins two opposite sides of the board.",
        covers: &["white-goal", "no-pass"],
    },
    Lesson {
        id: "black-y",
        title: "Black's Y",
        goal: "You are Black: place one stone so that your black stones join three sides that are not next to each other (here N, SE and SW).",
        record: "unlur;size=4;moves=d4,e4,f4,c3,c2,c4,c5,pass,b5,g3,d5,c1,e3",
        line: &["c6"],
        wins: true,
        hint: "Your group already touches N and SW; extend it to the edge cell at the right end of its row.",
        wrong: "b5",
        done: "Black wins with a Y joining N, SE and SW, built mostly from the contract's stones, finished on an edge cell, which is allowed once the contract is over.",
        covers: &["black-goal", "play"],
    },
    Lesson {
        id: "corner",
        title: "Corners count twice",
        goal: "You are White: join the SW side to the NE side, remembering that a corner cell lies on both of its sides.",
        record: "unlur;size=4;moves=c4,d5,e3,pass,b2,b1,c3,d6,d4,f2,e4,e2,e5,c5,f5,b4",
        line: &["a1"],
        wins: true,
        hint: "b1 is taken, but the corner cell a1 lies on the SW side as well as on the S side.",
        wrong: "b1",
        done: "White wins: the corner a1 counts for the SW side, so your group joins SW to NE.",
        covers: &["corners"],
    },
    Lesson {
        id: "wrong-goal",
        title: "Never make your opponent's shape",
        goal: "You are Black and touch N and SW: reach SE as well, but beware that a stone linking N to S without the Y would give you White's goal and lose.",
        record: "unlur;size=4;moves=d4,e3,f3,c3,c2,c4,b4,pass,b5,g2,d5,c1,e5",
        line: &["a4"],
        wins: true,
        hint: "a3 would join N to S, White's goal, and lose the game; the corner a4 lies on S and SE at once.",
        wrong: "b5",
        done: "Black wins: a4 joined N to S, White's goal, but it also completed your Y, and reaching your own goal always wins.",
        covers: &["wrong-goal", "both-goals", "corners"],
    },
];

/// What the lessons' words claim about their positions, beyond their lines (which the
/// lessons test plays for every game).
#[cfg(test)]
mod tests {
    use super::LESSONS;
    use crate::session::Session;
    use crate::Outcome;

    /// The outcome of lesson `id` after `steps`, and the seat to move at its start.
    fn after(id: &str, steps: &[&str]) -> (Option<Outcome>, usize) {
        let lesson = LESSONS.iter().find(|l| l.id == id).unwrap();
        let mut s = Session::from_record(lesson.record).unwrap();
        let learner = s.current().to_move().unwrap();
        for step in steps {
            s.play(step).unwrap();
        }
        (s.current().outcome(), learner)
    }

    #[test]
    fn joining_n_to_s_without_the_y_loses_for_black() {
        let (outcome, learner) = after("wrong-goal", &["a3"]);
        assert_eq!(outcome, Some(Outcome::Winner(1 - learner)));
    }

    #[test]
    fn the_pass_gives_black_to_the_learner_and_the_reply_is_white() {
        let lesson = LESSONS.iter().find(|l| l.id == "take-black").unwrap();
        let mut s = Session::from_record(lesson.record).unwrap();
        let learner = s.current().to_move().unwrap();
        s.play("pass").unwrap();
        match s.current() {
            crate::games::AnyGame::Unlur(p) => assert_eq!(p.black_seat(), Some(learner)),
            _ => unreachable!(),
        }
        assert_eq!(s.current().to_move(), Some(1 - learner));
    }
}
