//! Merlin's Chain's lessons: every point of the rule sheet and of Ludus's reading. The board
//! has one size, so the positions are reached by play from the start; the last two are whole
//! games up to their final flips, since only the end decides the winner.

use crate::games::lesson::{Lesson, RulePoint};

pub const RULE_POINTS: &[RulePoint] = &[
    RulePoint {
        id: "board",
        text: "An 8×8 board holds all 64 numbered pieces from the start, one a square, grey side up, with the numbers climbing up every column.",
    },
    RulePoint {
        id: "owners",
        text: "Green owns the even numbers and moves first; White owns the odd numbers; the players take turns.",
    },
    RulePoint {
        id: "flip",
        text: "A turn is one flip: you turn one of your grey pieces face up.",
    },
    RulePoint {
        id: "own",
        text: "You may flip only your own pieces, and only ones still grey.",
    },
    RulePoint {
        id: "rearrange",
        text: "Before flipping you may shuffle the grey pieces, yours or your opponent's, over the free squares, so a piece is not tied to the square where it lies.",
    },
    RulePoint {
        id: "fixed",
        text: "Face-up pieces never move, and no other piece may go on their squares.",
    },
    RulePoint {
        id: "ascend",
        text: "The board must stay valid: in every column the numbers climb from bottom to top, so a piece fits in a column only if every face-up piece below it is smaller and every one above it larger.",
    },
    RulePoint {
        id: "room",
        text: "A flip is allowed only if the other grey pieces can still fill the free squares with every column climbing, in its own column and over the whole board, so a board that cannot be made valid never arises.",
    },
    RulePoint {
        id: "chain",
        text: "Four face-up pieces of one colour in an unbroken row, column or diagonal make a chain.",
    },
    RulePoint {
        id: "rank",
        text: "A chain's rank is its highest number.",
    },
    RulePoint {
        id: "overlap",
        text: "Chains may overlap: five in a line make two chains, each with its own rank.",
    },
    RulePoint {
        id: "end",
        text: "The game ends when all 64 pieces are face up, and not before, even when the result is already certain.",
    },
    RulePoint {
        id: "lowest-wins",
        text: "At the end the player holding the lowest-ranked chain wins, however many chains either side has.",
    },
    RulePoint {
        id: "draw",
        text: "If nobody has a chain at the end, the game is a draw.",
    },
];

pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "first-flip",
        title: "Your first flip",
        goal: "You play Green, the even numbers: turn your 10 face up where it lies, on b2.",
        record: "merlins-chain",
        line: &["10@b2", "31@g4"],
        wins: false,
        hint: "Pick the grey 10 on b2 and flip it there.",
        wrong: "11@c2",
        done: "Well done: a turn is one flip of one of your own grey pieces, and White answered by flipping its 31.",
        covers: &["board", "owners", "flip", "own"],
    },
    Lesson {
        id: "anywhere",
        title: "Any free square",
        goal: "Flip your 12 on c2, beside your 10: the grey pieces may be shuffled to make room for it.",
        record: "merlins-chain;moves=10@b2,31@g4",
        line: &["12@c2"],
        wins: false,
        hint: "Pick your grey 12, wherever it is shown, and flip it on c2, the square to the right of your 10.",
        wrong: "12@b2",
        done: "Well done: before flipping, the grey pieces can be rearranged, so your piece goes on any free square; face-up pieces stay where they are.",
        covers: &["rearrange", "fixed"],
    },
    Lesson {
        id: "room-below",
        title: "Room for every grey piece",
        goal: "White's 9 on a8 needs seven smaller grey pieces under it, so find the one square where your 4 may still go.",
        record: "merlins-chain;moves=2@h1,9@a8",
        line: &["4@a3"],
        wins: false,
        hint: "Column a must hold 1, 3, 4, 5, 6, 7 and 8 in order below the 9: count up from a1 to find the 4's square.",
        wrong: "4@b1",
        done: "Well done: a flip is allowed only if all the grey pieces can still be arranged with every column climbing, in its own column and everywhere else.",
        covers: &["room", "ascend"],
    },
    Lesson {
        id: "chain",
        title: "Make a chain",
        goal: "Complete your row of four on rank 3: only one of your numbers fits on e3, between White's 25 and 27.",
        record: "merlins-chain;moves=18@b3,17@a3,20@c3,25@e2,22@d3,27@e4",
        line: &["26@e3"],
        wins: false,
        hint: "A column climbs from bottom to top, so e3 needs a number above 25 and below 27.",
        wrong: "24@e3",
        done: "Well done: four of your pieces in a row, column or diagonal make a chain, and its rank is its highest number, here 26.",
        covers: &["chain", "rank", "ascend"],
    },
    Lesson {
        id: "lower-chain",
        title: "A second, lower chain",
        goal: "Your chain on rank 5 has rank 58: add a fifth piece on a5 to make a second chain of lower rank.",
        record: "merlins-chain;moves=36@b5,33@a4,38@c5,35@a6,40@d5,45@h6,58@e5,47@h7",
        line: &["34@a5"],
        wins: false,
        hint: "Only one of your numbers fits on a5, between White's 33 below and 35 above.",
        wrong: "32@a5",
        done: "Well done: five in a line make two chains, a5 to d5 of rank 40 and b5 to e5 of rank 58, and the lowest chain is the one that counts.",
        covers: &["overlap", "rank", "lowest-wins"],
    },
    Lesson {
        id: "last-flips",
        title: "The lowest chain wins",
        goal: "Two pieces are left and White's 1 will take the square you leave: flip your 2 where it wins the game.",
        record: "merlins-chain;moves=64@e8,63@h8,62@f8,61@d8,60@b8,59@c8,58@g8,57@a8,56@a7,55@h7,54@e7,53@f7,52@b7,51@g7,50@c7,49@d7,48@e6,47@f6,46@g6,45@a6,44@c6,43@d6,42@h6,41@b6,40@h5,39@c5,38@d5,37@g5,36@b5,35@e5,34@a5,33@f5,32@b4,31@g4,30@a4,29@c4,28@d4,27@h4,26@f4,25@e4,24@d3,23@b3,22@a3,21@f3,20@g3,19@c3,18@h3,17@e3,16@g2,15@f2,14@d2,13@h2,12@e2,11@b2,10@c2,9@a2,8@e1,7@b1,6@h1,5@d1,4@g1,3@a1",
        line: &["2@c1", "1@f1"],
        wins: true,
        hint: "On f1 your 2 makes a chain of rank 8, but White's 1 on c1 would then make a chain of rank 7 along rank 1, and the lowest chain wins.",
        wrong: "2@d1",
        done: "You won: the game ends only when all 64 pieces are face up, and then the lowest chain wins, your 38 against White's 63.",
        covers: &["end", "lowest-wins"],
    },
    Lesson {
        id: "draw",
        title: "No chain, no winner",
        goal: "Nobody has a chain yet and only your 2 and White's 1 are left: flip your 2 where it stops White's last chance.",
        record: "merlins-chain;moves=64@d8,63@b8,62@h8,61@g8,60@c8,59@f8,58@e8,57@a8,56@a7,55@g7,54@d7,53@e7,52@b7,51@c7,50@f7,49@h7,48@b6,47@d6,46@g6,45@a6,44@f6,43@c6,42@h6,41@e6,40@e5,39@f5,38@d5,37@b5,36@c5,35@h5,34@g5,33@a5,32@b4,31@d4,30@e4,29@f4,28@g4,27@c4,26@a4,25@h4,24@h3,23@f3,22@d3,21@e3,20@a3,19@g3,18@c3,17@b3,16@b2,15@d2,14@h2,13@c2,12@f2,11@a2,10@g2,9@e2,8@a1,7@d1,6@e1,5@g1,4@h1,3@b1",
        line: &["2@c1", "1@f1"],
        wins: false,
        hint: "White's 1 on c1 would finish the diagonal c1, d2, e3, f4, all white: take c1 yourself.",
        wrong: "1@c1",
        done: "A draw: when all 64 pieces are face up and nobody has a chain, nobody wins.",
        covers: &["draw", "end"],
    },
];

#[cfg(test)]
mod tests {
    use super::LESSONS;
    use crate::game::Outcome;
    use crate::games::AnyGame;
    use crate::session::Session;

    fn start(id: &str) -> AnyGame {
        let lesson = LESSONS.iter().find(|l| l.id == id).expect(id);
        Session::from_record(lesson.record)
            .unwrap()
            .current()
            .clone()
    }

    fn legal_where(id: &str, keep: impl Fn(&str) -> bool) -> Vec<String> {
        let mut steps: Vec<String> = start(id)
            .legal_step_texts()
            .into_iter()
            .filter(|s| keep(s))
            .collect();
        steps.sort();
        steps
    }

    /// The lessons that ask for "the one square" or "the one number" have exactly one.
    #[test]
    fn each_puzzle_has_one_answer() {
        assert_eq!(legal_where("room-below", |s| s.starts_with("4@")), ["4@a3"]);
        assert_eq!(legal_where("chain", |s| s.ends_with("@e3")), ["26@e3"]);
        assert_eq!(
            legal_where("lower-chain", |s| s.ends_with("@a5")),
            ["34@a5"]
        );
    }

    /// The last two pieces: the lesson's square decides the game, the other loses it.
    #[test]
    fn the_last_flips_decide() {
        for (id, expected) in [
            ("last-flips", Some(Outcome::Winner(0))),
            ("draw", Some(Outcome::Draw)),
        ] {
            let game = start(id);
            assert_eq!(game.legal_step_texts(), ["2@c1", "2@f1"]);
            for (mine, reply) in [("2@c1", "1@f1"), ("2@f1", "1@c1")] {
                let mut g = game.clone();
                g.play_text(mine).unwrap();
                assert_eq!(g.outcome(), None, "the game ends only with all 64 played");
                g.play_text(reply).unwrap();
                let want = if mine == "2@c1" {
                    expected
                } else {
                    Some(Outcome::Winner(1))
                };
                assert_eq!(g.outcome(), want, "{id}: {mine}");
            }
        }
    }
}
