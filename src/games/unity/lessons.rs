//! Unity's lessons: every point of the rule sheet and of Ludus's reading, taught on small
//! setups of the side-5 board (a setup is part of the options, so each lesson's position is
//! its own layout, walls and supply). Purple, the first seat, is the learner throughout.

use crate::games::lesson::{Lesson, RulePoint};

pub const RULE_POINTS: &[RulePoint] = &[
    RulePoint {
        id: "board",
        text: "The board is a hexagon of hexagonal spaces, 5 a side (61 spaces) or 6 a side (91).",
    },
    RulePoint {
        id: "setup",
        text: "A game starts with rings and asterisks of the three colours (20 each on 5 a side, 30 on 6) spread over the board with one empty space; the setup (pieces, starting walls, wall supply) is part of the game's options.",
    },
    RulePoint {
        id: "neutral",
        text: "With two players one colour (Green unless chosen otherwise) is neutral: nobody moves it, but captures take it and it never wins.",
    },
    RulePoint {
        id: "turn-order",
        text: "Purple moves first, then Orange, then Green, skipping the neutral colour; with three players every colour plays.",
    },
    RulePoint {
        id: "one-action",
        text: "On a turn you do exactly one thing: slide a piece, place walls, or capture.",
    },
    RulePoint {
        id: "slide",
        text: "A slide takes one of your pieces in a straight line, in any of the six directions, to any empty space on that line.",
    },
    RulePoint {
        id: "jump",
        text: "A sliding piece hops over any pieces on its way, which stay where they are, and must land on an empty space.",
    },
    RulePoint {
        id: "wall-place",
        text: "Instead of moving, a player in a two-player game may place one wall on an empty edge between two neighbouring spaces.",
    },
    RulePoint {
        id: "wall-supply",
        text: "Walls come from a shared supply (12 unless set otherwise; starting walls are extra) and stay for the rest of the game; once the supply is empty no more go down.",
    },
    RulePoint {
        id: "wall-blocks-move",
        text: "No piece slides across a wall.",
    },
    RulePoint {
        id: "wall-blocks-capture",
        text: "Walls shield the pieces behind them from captures.",
    },
    RulePoint {
        id: "wall-splits",
        text: "Two neighbouring pieces with a wall between them do not count as touching.",
    },
    RulePoint {
        id: "three-walls",
        text: "With three players a wall turn places two walls, one step each; the second is compulsory while the supply holds one and an empty edge remains.",
    },
    RulePoint {
        id: "ring",
        text: "A ring captures every piece on the six spaces around it, of any colour, and is removed with them.",
    },
    RulePoint {
        id: "asterisk",
        text: "An asterisk captures every piece along one of its six lines, up to a wall or the board's edge, and is removed with them.",
    },
    RulePoint {
        id: "self-capture",
        text: "Captures take your own pieces too, and a capture that takes nothing but the capturing piece is allowed.",
    },
    RulePoint {
        id: "forbidden-capture",
        text: "A capture that would leave any player, yourself included, with no pieces is forbidden; the neutral colour may lose its last pieces.",
    },
    RulePoint {
        id: "judged",
        text: "Nothing is judged at the setup; after every turn (not between a three-player turn's two walls) every player is checked, not only the one who moved.",
    },
    RulePoint {
        id: "unite",
        text: "A player whose pieces all form one connected group (a single piece counts) has united them and wins.",
    },
    RulePoint {
        id: "tie-largest",
        text: "If several players are united at once, the one with the largest group wins.",
    },
    RulePoint {
        id: "tie-recent",
        text: "If the largest groups are the same size, the tied player who moved most recently wins, counting back through the turn order from the player who just moved.",
    },
    RulePoint {
        id: "pass",
        text: "A player who can do nothing at all (no slide, no wall, every capture forbidden) must pass.",
    },
    RulePoint {
        id: "pass-draw",
        text: "The rule sheet does not say how endless passing ends; Ludus's own rule is that once every player has passed in a row, the game ends at once in a draw.",
    },
];

pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "first-move",
        title: "The first move",
        goal: "The board starts full but for one space: slide the one purple piece that lies in a straight line with it into that space.",
        record: "unity;layout=gpOpOpooPgGpGgPgGppoOGGOoGOgoG.OopgPgoGgOGpPOgpoPPpOGPogOPPPo",
        line: &["e8-e5", "h5-e8"],
        wins: false,
        hint: "Look along the three straight lines through the empty space in the middle row: only one of them holds a purple piece.",
        wrong: "e4-e5",
        done: "Well done: a piece slides along a line over any pieces to an empty space, and then Orange moved; green is neutral and nobody moves it.",
        covers: &["board", "setup", "neutral", "turn-order", "one-action", "slide", "jump"],
    },
    Lesson {
        id: "unite",
        title: "Unite your pieces",
        goal: "Win at once by sliding your lone piece into the gap that joins all three of your pieces.",
        record: "unity;layout=....Og.......G.......PG......G.P......G.G....G.....o....P....",
        line: &["i1-e5"],
        wins: true,
        hint: "The piece in the top corner can hop in a straight line over the pieces in its way to e5, the free space touching both your other pieces.",
        wrong: "i1-f4",
        done: "You won: all your pieces form one group, and even a single piece would count.",
        covers: &["unite", "slide", "jump"],
    },
    Lesson {
        id: "walls-stop-moves",
        title: "Walls stop moves",
        goal: "The wall bars your top piece's road to e5, so unite your pieces with a slide of the other one.",
        record: "unity;layout=....Og.......GG.....GPG......G.G.....GGG....GG.....o....P....;walls=e5|f4",
        line: &["d4-h1"],
        wins: true,
        hint: "Your piece on d4 can hop north-west over the green pieces to the empty space beside your piece in the corner.",
        wrong: "i1-e5",
        done: "You won: no piece slides across a wall, so you went round it.",
        covers: &["wall-blocks-move"],
    },
    Lesson {
        id: "split-with-a-wall",
        title: "Split with a wall",
        goal: "Orange's pair on e5 and e6 is one slide or one capture away from uniting all of Orange, so split the pair with a wall.",
        record: "unity;layout=P...P.................G.......OO.......G...........O....P....",
        line: &["e5|e6"],
        wins: false,
        hint: "Place a wall on the edge between Orange's two pieces in the middle row: pieces with a wall between them do not touch.",
        wrong: "e6-e7",
        done: "Saved: pieces with a wall between them do not touch, so no single step of Orange's can unite its three pieces now.",
        covers: &["wall-place", "wall-splits"],
    },
    Lesson {
        id: "ring",
        title: "The ring",
        goal: "Fire your ring on e5: it takes everything around it except your piece on e6 behind the wall, and your three pieces left are then united.",
        record: "unity;layout=O....................GO......OPpp.....GGp......G............O;walls=e5|e6",
        line: &["e5x"],
        wins: true,
        hint: "Capture with the purple ring on e5: it goes too, and so do its neighbours except the one behind the wall.",
        wrong: "e5xNE",
        done: "You won: a ring removes every piece around it, any colour, and itself; walls protect what lies behind them.",
        covers: &["ring", "wall-blocks-capture"],
    },
    Lesson {
        id: "asterisk",
        title: "The asterisk",
        goal: "Fire your asterisk on e9 west: it takes everything along the row up to the wall, your ring on e7 too, and leaves your piece on e4 alone and so united.",
        record: "unity;layout=....G.g.................O....P..POp.....O...........G........;walls=e6|e7;supply=0",
        line: &["e9xW"],
        wins: true,
        hint: "Shoot the asterisk on e9 west along the middle row: the wall stops the shot before it reaches your piece on e4.",
        wrong: "e9x",
        done: "You won: an asterisk takes every piece along one line up to a wall or the edge, your own included, then goes itself, and your last piece stands alone and united.",
        covers: &["asterisk", "wall-blocks-capture"],
    },
    Lesson {
        id: "forbidden-capture",
        title: "The forbidden capture",
        goal: "Win in one step, though your ring on d4 may not take Orange's last two pieces.",
        record: "unity;layout=..........P..OG.....GPG......GO..............................",
        line: &["b6x"],
        wins: true,
        hint: "Your lone ring on b6 has nothing around it: capturing with it removes only itself, which leaves your other piece united.",
        wrong: "d4x",
        done: "You won: a capture may remove only the capturing piece, but it may never leave a player, you included, with no pieces.",
        covers: &["forbidden-capture", "self-capture"],
    },
    Lesson {
        id: "largest-group",
        title: "The largest group",
        goal: "Fire your ring on h3: it takes Orange's lone piece on h4 with it, so your three pieces and Orange's pair are united at once, and the larger group wins.",
        record: "unity;layout=ppG..pGG...GG.................OO....................PO.......",
        line: &["h3x"],
        wins: true,
        hint: "Capture with the ring on h3: every player is checked after your turn, and you then have three pieces together against Orange's two.",
        wrong: "b1-b2",
        done: "You won: your capture united Orange's pair as well as your three pieces, and when several players are united at once the largest group wins, three against two.",
        covers: &["tie-largest", "judged"],
    },
    Lesson {
        id: "last-mover",
        title: "A tie goes to the last mover",
        goal: "Fire your ring on e4: it takes Orange's lone piece on d4, so your pair and Orange's pair are united at once, and with equal groups the player who moved last wins.",
        record: "unity;layout=......GGG...GPPG....GOG.....GPG......GG..............OO......",
        line: &["e4x"],
        wins: true,
        hint: "Capture with the ring on e4, which takes d4 beside it: both pairs are then united, two against two, and you moved last.",
        wrong: "e4-e5",
        done: "You won: both groups had two pieces, and a tie goes to the player who moved most recently, here you.",
        covers: &["tie-recent"],
    },
    Lesson {
        id: "three-players",
        title: "Three players, two walls",
        goal: "Orange and Green could each unite on their next turn, and with three players a wall turn places two walls: split Orange's pair, then Green's.",
        record: "unity;players=3;layout=P...P..P.....GG......PP.......OO.......P...........O..G.....P",
        line: &["e5|e6", "c3|c4"],
        wins: false,
        hint: "Your first wall goes between Orange's pieces on e5 and e6, the second between Green's on c3 and c4.",
        wrong: "c3-c2",
        done: "Well done: the turn ends after the second wall and nobody is united; Orange moves next, then Green, then you.",
        covers: &["three-walls", "turn-order"],
    },
    Lesson {
        id: "pass",
        title: "When nothing is possible",
        goal: "No walls are left and Orange's rings may not fire while your only pieces are the two beside them, so make the one step after which Orange can do nothing at all and must pass.",
        record: "unity;layout=GGGGGGGGGGGGGGGGGG.PGGPGGGGGGGOOGGGGGGGPGGGGGGGGGGGGGGGGGGGGG;walls=d2|e2,d2|e3,e5|e6;supply=0",
        line: &["d2x", "pass"],
        wins: false,
        hint: "Fire your ring on d2: the walls keep every space it empties out of Orange's reach, and then each Orange capture would take all your pieces.",
        wrong: "e4|e5",
        done: "Orange had to pass, as a player who can do nothing must, and by Ludus's own rule, not the rule sheet's, a game is drawn once every player has passed in a row.",
        covers: &["pass", "pass-draw", "wall-supply"],
    },
];

#[cfg(test)]
mod tests {
    use super::LESSONS;
    use crate::game::Outcome;
    use crate::session::Session;

    fn winning_first_steps(id: &str) -> Vec<String> {
        let lesson = LESSONS.iter().find(|l| l.id == id).expect(id);
        let start = Session::from_record(lesson.record)
            .unwrap()
            .current()
            .clone();
        start
            .legal_step_texts()
            .into_iter()
            .filter(|step| {
                let mut game = start.clone();
                game.play_text(step).unwrap();
                game.outcome() == Some(Outcome::Winner(0))
            })
            .collect()
    }

    /// Where a lesson's step wins, it is the only step that does, so the page's hint for any
    /// other step is fair. (In "walls-stop-moves" capturing one of the two pieces also unites
    /// the other; the hint points back to the slide.)
    #[test]
    fn the_lesson_step_is_the_only_win() {
        for lesson in LESSONS
            .iter()
            .filter(|l| l.wins && l.id != "walls-stop-moves")
        {
            assert_eq!(
                winning_first_steps(lesson.id),
                [lesson.line[0]],
                "{}",
                lesson.id
            );
        }
        assert_eq!(
            winning_first_steps("walls-stop-moves"),
            ["d4-h1", "d4x", "i1x"]
        );
    }

    /// Where Orange would otherwise win on its next turn, the wall splitting its pair is the
    /// only step after which no reply of Orange's wins.
    #[test]
    fn only_the_lesson_wall_keeps_orange_from_uniting() {
        let lesson = LESSONS
            .iter()
            .find(|l| l.id == "split-with-a-wall")
            .unwrap();
        let start = Session::from_record(lesson.record)
            .unwrap()
            .current()
            .clone();
        let orange_can_win = |game: &crate::games::AnyGame| {
            game.legal_step_texts().into_iter().any(|reply| {
                let mut after = game.clone();
                after.play_text(&reply).unwrap();
                after.outcome() == Some(Outcome::Winner(1))
            })
        };
        assert!(orange_can_win(&start), "Orange has no threat to stop");
        let saving: Vec<String> = start
            .legal_step_texts()
            .into_iter()
            .filter(|step| {
                let mut game = start.clone();
                game.play_text(step).unwrap();
                game.outcome().is_none() && !orange_can_win(&game)
            })
            .collect();
        assert_eq!(saving, ["e5|e6"]);
    }

    /// The pass lesson's claim: of the learner's steps, only the lesson's leaves Orange with
    /// nothing but a pass (the others leave Orange a slide or a capture), and after that pass
    /// the learner can still move, so the game goes on rather than being drawn.
    #[test]
    fn only_the_lesson_step_leaves_orange_nothing_but_a_pass() {
        let lesson = LESSONS.iter().find(|l| l.id == "pass").unwrap();
        let start = Session::from_record(lesson.record)
            .unwrap()
            .current()
            .clone();
        let legal = start.legal_step_texts();
        assert!(legal.len() >= 2, "no choice: {legal:?}");
        let stranding: Vec<String> = legal
            .into_iter()
            .filter(|step| {
                let mut game = start.clone();
                game.play_text(step).unwrap();
                game.outcome().is_none() && game.legal_step_texts() == ["pass"]
            })
            .collect();
        assert_eq!(stranding, [lesson.line[0]]);
        let mut game = start;
        for step in lesson.line {
            game.play_text(step).unwrap();
        }
        assert_eq!(game.outcome(), None);
        assert_eq!(game.to_move(), Some(0));
        assert!(!game.legal_step_texts().contains(&"pass".to_string()));
    }

    /// The position of lesson `id` after `steps`.
    fn after(id: &str, steps: &[&str]) -> super::super::Position {
        let lesson = LESSONS.iter().find(|l| l.id == id).expect(id);
        let mut s = Session::from_record(lesson.record).unwrap();
        for step in steps {
            s.play(step).unwrap();
        }
        match s.current() {
            crate::games::AnyGame::Unity(p) => *p,
            _ => unreachable!(),
        }
    }

    /// The cell named like `e6` (row letter from the bottom, position from the left, from 1).
    fn cell(p: &super::super::Position, name: &str) -> usize {
        let row = (name.as_bytes()[0] - b'a') as usize;
        let position: usize = name[1..].parse().unwrap();
        (0..p.grid().len())
            .find(|&c| p.grid().row_and_position(c) == (row, position - 1))
            .unwrap()
    }

    /// The ring's goal: only the purple piece on e6, behind the wall, survives among the
    /// ring's neighbours, and the three purple pieces left are united.
    #[test]
    fn the_ring_spares_only_e6_and_leaves_three_purple_pieces_united() {
        use super::super::Color;
        let before = after("ring", &[]);
        let ring = cell(&before, "e5");
        let e6 = cell(&before, "e6");
        assert!(before.has_wall(ring, e6));
        let p = after("ring", &["e5x"]);
        assert_eq!(p.piece(e6).map(|(c, _)| c), Some(Color::Purple));
        for (_, n) in p.grid().neighbors(ring) {
            assert!(n == e6 || p.piece(n).is_none(), "{n} was not captured");
        }
        assert_eq!(p.count(Color::Purple), 3);
        assert!(p.is_united(Color::Purple));
    }

    /// The asterisk's goal: the shot west takes e8 and the purple ring on e7 and stops at
    /// the wall, so the piece on e4 is Purple's last, and Orange's two left do not touch.
    #[test]
    fn the_asterisk_shot_stops_at_the_wall_and_leaves_e4_alone() {
        use super::super::Color;
        let before = after("asterisk", &[]);
        assert_eq!(before.count(Color::Purple), 3);
        assert!(!before.is_united(Color::Orange));
        let p = after("asterisk", &["e9xW"]);
        for name in ["e9", "e8", "e7"] {
            assert_eq!(p.piece(cell(&p, name)), None, "{name}");
        }
        assert_eq!(p.piece(cell(&p, "e4")).map(|(c, _)| c), Some(Color::Purple));
        assert_eq!(p.count(Color::Purple), 1);
        assert_eq!(p.count(Color::Orange), 2);
        assert!(!p.is_united(Color::Orange));
    }

    /// The tie lessons: after the learner's capture both players are united, with the group
    /// sizes the lessons name.
    #[test]
    fn the_tie_lessons_unite_both_players_at_once() {
        use super::super::Color;
        for (id, step, purple, orange) in
            [("largest-group", "h3x", 3, 2), ("last-mover", "e4x", 2, 2)]
        {
            let p = after(id, &[step]);
            assert!(
                p.is_united(Color::Purple) && p.is_united(Color::Orange),
                "{id}"
            );
            assert_eq!(
                (p.count(Color::Purple), p.count(Color::Orange)),
                (purple, orange),
                "{id}"
            );
        }
    }
}
