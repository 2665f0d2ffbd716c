//! Unlur: rules, perft, and random-game properties, through the public API.
//!
//! Boards in diagrams are drawn top row first (see `Position::from_diagram`). The side-4
//! board's rows and their edge cells, for reading the tests:
//!
//! ```text
//!       g1 g2 g3 g4            g: N side (g1 also NW, g4 also NE)
//!     f1 f2 f3 f4 f5           f1 NW, f5 NE
//!   e1 e2 e3 e4 e5 e6          e1 NW, e6 NE
//! d1 d2 d3 d4 d5 d6 d7         d1 corner SW+NW, d7 corner NE+SE
//!   c1 c2 c3 c4 c5 c6          c1 SW, c6 SE
//!     b1 b2 b3 b4 b5           b1 SW, b5 SE
//!       a1 a2 a3 a4            a: S side (a1 also SW, a4 also SE)
//! ```

#[path = "common/perft_data.rs"]
mod perft_data;

use ludus::games::unlur::{Options, Position, Step};
use ludus::geometry::HexGrid;
use ludus::rng::Rng;
use ludus::{Describe, Game, OptionMap, Outcome};

fn opts(size: usize) -> Options {
    Options { size }
}

fn pos(size: usize, steps: &str) -> Position {
    Position::from_steps(&opts(size), steps).unwrap()
}

fn diagram(black: usize, to_move: usize, text: &str) -> Position {
    Position::from_diagram(&opts(4), Some(black), to_move, text).unwrap()
}

#[path = "common/refusal.rs"]
mod refusal;
use refusal::err;

fn cells(p: &Position, names: &str) -> Vec<usize> {
    let mut v: Vec<usize> = names
        .split_whitespace()
        .map(|n| p.grid().parse(n).unwrap())
        .collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------
// A naive reference: recomputes every group by flood fill after each placement, and judges
// every group of the mover's colour. Used to cross-check perft and random games.
// ---------------------------------------------------------------------------------------

#[derive(Clone)]
struct Naive {
    grid: std::rc::Rc<HexGrid>,
    stones: Vec<u8>, // 0 empty, 1 black, 2 white
    black: Option<usize>,
    to_move: usize,
    winner: Option<usize>,
}

const SIDES_N: u8 = 1;
const SIDES_NE: u8 = 2;
const SIDES_SE: u8 = 4;
const SIDES_S: u8 = 8;
const SIDES_SW: u8 = 16;
const SIDES_NW: u8 = 32;

fn naive_white_goal(m: u8) -> bool {
    let has = |a: u8, b: u8| m & a != 0 && m & b != 0;
    has(SIDES_N, SIDES_S) || has(SIDES_NE, SIDES_SW) || has(SIDES_SE, SIDES_NW)
}

fn naive_black_goal(m: u8) -> bool {
    let all = |s: u8| m & s == s;
    all(SIDES_N | SIDES_SE | SIDES_SW) || all(SIDES_S | SIDES_NE | SIDES_NW)
}

impl Naive {
    fn new(size: usize) -> Naive {
        let grid = HexGrid::new(size);
        Naive {
            stones: vec![0; grid.len()],
            grid: std::rc::Rc::new(grid),
            black: None,
            to_move: 0,
            winner: None,
        }
    }

    /// Legal step texts, sorted.
    fn legal(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.winner.is_some() {
            return v;
        }
        for c in 0..self.grid.len() {
            if self.stones[c] == 0 && (self.black.is_some() || !self.grid.is_edge_cell(c)) {
                v.push(self.grid.name(c));
            }
        }
        if self.black.is_none() {
            v.push("pass".into());
        }
        v.sort();
        v
    }

    fn group_masks(&self, color: u8) -> Vec<u8> {
        let mut seen = vec![false; self.grid.len()];
        let mut out = Vec::new();
        for s in 0..self.grid.len() {
            if seen[s] || self.stones[s] != color {
                continue;
            }
            seen[s] = true;
            let mut stack = vec![s];
            let mut m = 0;
            while let Some(c) = stack.pop() {
                m |= self.grid.sides(c);
                for (_, n) in self.grid.neighbors(c) {
                    if !seen[n] && self.stones[n] == color {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            out.push(m);
        }
        out
    }

    fn play(&mut self, text: &str) {
        if text == "pass" {
            self.black = Some(self.to_move);
        } else {
            let c = self.grid.parse(text).unwrap();
            let color = match self.black {
                None => 1,
                Some(b) if b == self.to_move => 1,
                _ => 2,
            };
            self.stones[c] = color;
            if self.black.is_some() {
                let masks = self.group_masks(color);
                let black_goal: fn(u8) -> bool = naive_black_goal;
                let white_goal: fn(u8) -> bool = naive_white_goal;
                let (own, opp) = if color == 1 {
                    (black_goal, white_goal)
                } else {
                    (white_goal, black_goal)
                };
                if masks.iter().any(|&m| own(m)) {
                    self.winner = Some(self.to_move);
                } else if masks.iter().any(|&m| opp(m)) {
                    self.winner = Some(1 - self.to_move);
                }
            }
        }
        self.to_move = 1 - self.to_move;
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let steps = self.legal();
        if depth == 1 {
            return steps.len() as u64;
        }
        steps
            .iter()
            .map(|s| {
                let mut n = self.clone();
                n.play(s);
                n.perft(depth - 1)
            })
            .sum()
    }
}

fn naive(size: usize, steps: &str) -> Naive {
    let mut n = Naive::new(size);
    for s in steps.split_whitespace() {
        n.play(s);
    }
    n
}

// ---------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------

/// The engine's perft agrees with the naive reference wherever the reference is quick.
#[test]
fn perft_matches_reference() {
    // The table (tests/data/perft/unlur.txt) up to depth 3.
    let mut checked = 0;
    for case in perft_data::cases("unlur") {
        let size: usize = case.options.get("size").unwrap().parse().unwrap();
        let steps = case.steps.join(" ");
        for &(depth, count) in case.expected.iter().filter(|(d, _)| *d <= 3) {
            assert_eq!(
                naive(size, &steps).perft(depth),
                count,
                "{} depth {depth}",
                case.place
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 22);
}

// ---------------------------------------------------------------------------------------
// Options and construction
// ---------------------------------------------------------------------------------------

#[test]
fn options_read_and_write() {
    assert_eq!(
        Options::from_map(&OptionMap::new()).unwrap(),
        Options { size: 6 }
    );
    assert_eq!(Options::default(), Options { size: 6 });
    let m = OptionMap::new().with("size", "8");
    assert_eq!(Options::from_map(&m).unwrap(), Options { size: 8 });
    for bad in ["3", "13", "x", "", "-4", "６"] {
        let e = Options::from_map(&OptionMap::new().with("size", bad)).unwrap_err();
        assert!(e.to_string().contains("from 4 to 12"), "{bad}: {e}");
    }
    let e = Options::from_map(&OptionMap::new().with("players", "3")).unwrap_err();
    assert!(e.to_string().contains("size"), "{e}");
    assert!(Options::default().to_map().is_empty());
    for size in 4..=12 {
        let o = Options { size };
        assert_eq!(Options::from_map(&o.to_map()).unwrap(), o);
    }
    assert_eq!(Options { size: 9 }.to_map().get("size"), Some("9"));
    assert!(Position::new(&Options { size: 3 }).is_err());
    assert!(Position::new(&Options { size: 13 }).is_err());
    assert_eq!(Position::new(&Options::default()).unwrap().grid().len(), 91);
}

#[test]
fn diagrams_are_checked_and_round_trip() {
    let o = opts(4);
    let empty = "....\n.....\n......\n.......\n......\n.....\n....";
    assert!(Position::from_diagram(&o, None, 0, empty).is_ok());
    let e = Position::from_diagram(&o, None, 0, "....\n.....").unwrap_err();
    assert!(e.to_string().contains("7 rows"), "{e}");
    let e = Position::from_diagram(&o, Some(0), 0, &empty.replacen("......", ".......", 1))
        .unwrap_err();
    assert!(e.to_string().contains("row e has 6 cells"), "{e}");
    let e = Position::from_diagram(&o, Some(0), 0, &empty.replacen('.', "x", 1)).unwrap_err();
    assert!(
        e.to_string().contains("g1") && e.to_string().contains("not a cell mark"),
        "{e}"
    );
    // Contract: black only, inner cells only, and the turn follows the stone count.
    let white = empty.replacen(".......", "...w...", 1);
    let e = Position::from_diagram(&o, None, 0, &white).unwrap_err();
    assert!(e.to_string().contains("d4 holds a white stone"), "{e}");
    let edge = empty.replacen(".......", "b......", 1);
    let e = Position::from_diagram(&o, None, 1, &edge).unwrap_err();
    assert!(e.to_string().contains("d1 is an edge cell"), "{e}");
    let one = empty.replacen(".......", "...b...", 1);
    assert!(Position::from_diagram(&o, None, 0, &one).is_err());
    assert_eq!(
        Position::from_diagram(&o, None, 1, &one).unwrap().to_move(),
        1
    );
    // After the contract no goal may be on the board already.
    let won = "   . w . .\n  . w . . .\n . w . . . .\n. w . . . . .\n . w . . . .\n  . w . . .\n   . w . .";
    let e = Position::from_diagram(&o, Some(1), 1, won).unwrap_err();
    assert!(e.to_string().contains("already joins N and S"), "{e}");
    // to_diagram is read back unchanged.
    let p = pos(5, "c3 d4 pass e3 c4 a1");
    let q = Position::from_diagram(&opts(5), Some(0), p.to_move(), &p.to_diagram()).unwrap();
    assert_eq!(q.to_diagram(), p.to_diagram());
    assert_eq!(q.legal_step_list(), p.legal_step_list());
}

// ---------------------------------------------------------------------------------------
// The contract
// ---------------------------------------------------------------------------------------

#[test]
fn contract_places_black_stones_on_inner_cells_only() {
    let mut p = pos(4, "");
    assert!(p.in_contract());
    let e = err(&p, "a1");
    assert_eq!(
        e,
        "a1 is on the edge: during the contract stones go only on inner cells"
    );
    for edge in ["g2", "d7", "b5", "e1"] {
        assert!(err(&p, edge).contains("on the edge"), "{edge}");
    }
    let steps = p.legal_step_list();
    assert_eq!(steps.len(), 20);
    assert_eq!(*steps.last().unwrap(), Step::Pass);
    p.play_text("d4").unwrap();
    assert_eq!(p.to_move(), 1);
    p.play_text("c3").unwrap();
    assert_eq!(p.to_move(), 0);
    // Both players' contract stones are black; nobody has a colour yet.
    assert_eq!(p.stone(p.grid().parse("d4").unwrap()), Some("black"));
    assert_eq!(p.stone(p.grid().parse("c3").unwrap()), Some("black"));
    assert_eq!(p.black_seat(), None);
    let v = p.view();
    assert_eq!(v.players[0].name, "First player");
    assert_eq!(v.players[1].name, "Second player");
    assert_eq!(v.players[0].color.name(), "grey");
    assert!(
        v.prompt.starts_with("First player to place a black stone"),
        "{}",
        v.prompt
    );
    assert_eq!(
        v.pieces[p.grid().parse("c3").unwrap()]
            .as_ref()
            .unwrap()
            .color
            .name(),
        "black"
    );
    assert!(v.facts.contains(&("Contract stones".into(), "2".into())));
}

#[test]
fn pass_on_the_very_first_turn() {
    let mut p = pos(4, "");
    assert_eq!(p.parse_step("pass"), Ok(Step::Pass));
    p.play_text("pass").unwrap();
    // The first player passed: they are Black, the second player is White and moves now.
    assert_eq!(p.black_seat(), Some(0));
    assert_eq!(p.to_move(), 1);
    assert!(!p.in_contract());
    // White may place anywhere now, edges included.
    assert_eq!(p.legal_step_list().len(), 37);
    p.play_text("a1").unwrap();
    assert_eq!(p.stone(0), Some("white"));
    assert_eq!(p.to_move(), 0);
    p.play_text("g4").unwrap();
    assert_eq!(p.stone(p.grid().parse("g4").unwrap()), Some("black"));
}

#[test]
fn passer_becomes_black_and_the_other_moves_as_white() {
    // The second player passes.
    let mut p = pos(4, "d4 pass");
    assert_eq!(p.black_seat(), Some(1));
    assert_eq!(p.to_move(), 0);
    let v = p.view();
    assert_eq!(v.players[0].name, "White");
    assert_eq!(v.players[0].color.name(), "white");
    assert_eq!(v.players[1].name, "Black");
    assert_eq!(v.players[1].color.name(), "black");
    assert_eq!(v.prompt, "White to place a white stone");
    assert!(v.facts.contains(&("Black".into(), "Second player".into())));
    assert!(v.facts.contains(&("Contract stones".into(), "1".into())));
    p.play_text("c3").unwrap();
    assert_eq!(p.stone(p.grid().parse("c3").unwrap()), Some("white"));
    // The first player passes after two stones.
    let p = pos(4, "d4 c3 pass");
    assert_eq!(p.black_seat(), Some(0));
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.view().prompt, "White to place a white stone");
}

#[test]
fn no_passing_after_the_contract() {
    let mut p = pos(4, "d4 pass");
    let e = err(&p, "pass");
    assert_eq!(
        e,
        "there is no passing after the contract: White must place a stone"
    );
    assert!(!p.legal_step_list().contains(&Step::Pass));
    p.play_text("a1").unwrap();
    assert!(err(&p, "pass").contains("Black must place a stone"));
}

#[test]
fn contract_stones_belong_to_black() {
    // The inner part of Black's Y is laid during the contract, by both players.
    let mut p = pos(4, "d4 c4 b3 d5 e5 e3 e2 pass a1 a3 a2 f5 b1");
    assert_eq!(p.black_seat(), Some(1));
    assert_eq!(p.outcome(), None);
    p.play_text("e1").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Winner(1)));
    assert_eq!(p.view().prompt, "Black wins: Black joined S, NE and NW");
}

#[test]
fn a_contract_may_fill_every_inner_cell() {
    let mut p = pos(4, "");
    for _ in 0..19 {
        let s = p.legal_step_list()[0];
        p.play(s);
    }
    assert_eq!(p.legal_step_list(), vec![Step::Pass]);
    p.play(Step::Pass);
    assert_eq!(p.black_seat(), Some(1));
    assert_eq!(p.legal_step_list().len(), 18);
}

// ---------------------------------------------------------------------------------------
// Goals
// ---------------------------------------------------------------------------------------

/// Plays `last` in `p` and checks the winner, the prompt and the highlighted group.
fn finish(mut p: Position, last: &str, winner: usize, prompt: &str, group: &str) {
    assert_eq!(p.outcome(), None);
    assert!(p.view().highlight.is_empty());
    p.play_text(last).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Winner(winner)));
    assert!(p.legal_step_list().is_empty());
    let v = p.view();
    assert_eq!(v.prompt, prompt);
    assert_eq!(v.to_move, None);
    assert_eq!(v.outcome, Some(Outcome::Winner(winner)));
    assert_eq!(v.highlight, cells(&p, group));
    assert_eq!(p.deciding_group(), cells(&p, group));
}

#[test]
fn white_wins_north_south() {
    let p = diagram(
        1,
        0,
        "   . w . .
          . w . . .
         . w . . . .
        . . b b b . .
         . w . b . .
          . w . . .
           . w . .",
    );
    finish(
        p,
        "d2",
        0,
        "White wins: White joined N and S",
        "a2 b2 c2 d2 e2 f2 g2",
    );
}

#[test]
fn white_wins_northeast_southwest() {
    let p = diagram(
        1,
        0,
        "   . . . .
          . . . . w
         . . . w w .
        . b b . . . .
         w w w . . .
          . . b . .
           . . . .",
    );
    finish(
        p,
        "d4",
        0,
        "White wins: White joined NE and SW",
        "c1 c2 c3 d4 e4 e5 f5",
    );
}

#[test]
fn white_wins_southeast_northwest() {
    let p = diagram(
        0,
        1,
        "   . . . .
          . . . . .
         w w w . . .
        . b . . . b .
         . . . w w w
          . . . . .
           . . . .",
    );
    finish(
        p,
        "d4",
        1,
        "White wins: White joined SE and NW",
        "e1 e2 e3 d4 c4 c5 c6",
    );
}

#[test]
fn black_wins_with_north_southeast_southwest() {
    let p = diagram(
        0,
        0,
        "   . . b .
          . . b . .
         . . b . w .
        . . . . . . .
         b b b b b b
          . . w . .
           . . . .",
    );
    finish(
        p,
        "d4",
        0,
        "Black wins: Black joined N, SE and SW",
        "g3 f3 e3 d4 c1 c2 c3 c4 c5 c6",
    );
}

#[test]
fn black_wins_with_south_northeast_northwest() {
    let p = diagram(
        1,
        1,
        "   . . . .
          . w . . b
         b b b . b .
        . . . . b . .
         . . . b . .
          . . b w .
           . . b .",
    );
    finish(
        p,
        "d4",
        1,
        "Black wins: Black joined S, NE and NW",
        "a3 b3 c4 d4 d5 e5 f5 e3 e2 e1",
    );
}

#[test]
fn black_joining_only_two_opposite_sides_loses() {
    let p = diagram(
        0,
        0,
        "   . b . .
          . b . . .
         . b . w . .
        . . w . w . .
         . b . . . .
          . b . . .
           . b . .",
    );
    finish(
        p,
        "d2",
        1,
        "White wins: Black joined N and S, White's goal",
        "a2 b2 c2 d2 e2 f2 g2",
    );
}

#[test]
fn white_making_only_a_y_loses() {
    let p = diagram(
        1,
        0,
        "   . . w .
          . . w . .
         . . w . b .
        . . . . . . .
         w w w w w w
          . . b . .
           . . . .",
    );
    finish(
        p,
        "d4",
        1,
        "Black wins: White joined N, SE and SW, Black's goal",
        "g3 f3 e3 d4 c1 c2 c3 c4 c5 c6",
    );
}

#[test]
fn white_making_both_shapes_wins() {
    // d2 joins the south column (with its arm to NE) and the north column (with e1 on NW):
    // N–S for White, and S, NE, NW (Black's Y) at the same time.
    let p = diagram(
        1,
        0,
        "   . w . .
          . w . . w
         w w . w w .
        . . . w . b .
         . w w . b .
          . w . . .
           . w . .",
    );
    finish(
        p,
        "d2",
        0,
        "White wins: White joined N and S",
        "a2 b2 c2 c3 d4 e4 e5 f5 d2 e1 e2 f2 g2",
    );
}

#[test]
fn black_making_both_shapes_wins_with_a_corner() {
    // The corner g1 gives N (for the Y) and NW, which with SE is also White's shape.
    let p = diagram(
        0,
        0,
        "   b . . .
          . b . . .
         . . b . w .
        . . . . . . .
         b b b b b b
          . w . . .
           . . . .",
    );
    finish(
        p,
        "d4",
        0,
        "Black wins: Black joined N, SE and SW",
        "g1 f2 e3 d4 c1 c2 c3 c4 c5 c6",
    );
}

#[test]
fn black_touching_two_corners_loses() {
    // a4 (S and SE) and d1 (SW and NW): SE–NW is White's goal, and no Y is made.
    let p = diagram(
        0,
        0,
        "   . . . .
          . . w . .
         . . w . . .
        . b b b . . .
         . . . b . .
          . . . b .
           . . . b",
    );
    finish(
        p,
        "d1",
        1,
        "White wins: Black joined SE and NW, White's goal",
        "a4 b4 c4 d4 d3 d2 d1",
    );
}

#[test]
fn corner_counts_for_both_sides() {
    // d7 lies on NE and SE: reaching it from NW joins SE and NW.
    let p = diagram(
        1,
        0,
        "   . . . .
          . . b . .
         w w w w w .
        . b . . . w .
         . . b . . .
          . . . . .
           . . . .",
    );
    finish(
        p,
        "d7",
        0,
        "White wins: White joined SE and NW",
        "e1 e2 e3 e4 e5 d6 d7",
    );
    // Without the corner the same chain along row e to e6 (NE only) wins nothing.
    let mut p = diagram(
        1,
        0,
        "   . . . .
          . . b . .
         w w w w w .
        . b . . . w .
         . . b . . .
          . . . . .
           . . . .",
    );
    p.play_text("e6").unwrap();
    assert_eq!(p.outcome(), None);
}

#[test]
fn connection_through_a_corner() {
    // White: b1 on SW alone; a2 b3 c4 d5 e5 f5 from S to NE. The corner a1 joins them, and
    // the group now touches SW (through b1 and a1) and NE.
    let p = diagram(
        1,
        0,
        "   . . . .
          . . b . w
         . . b . w .
        . . b . w . .
         . b . w . .
          w . w . .
           . w . .",
    );
    finish(
        p,
        "a1",
        0,
        "White wins: White joined NE and SW",
        "a1 a2 b1 b3 c4 d5 e5 f5",
    );
}

#[test]
fn sides_count_only_when_one_group_joins_them() {
    // Black touches N, SW and SE with three separate groups: no goal until they join.
    let mut p = diagram(
        0,
        0,
        "   . . b .
          . . b . .
         . . b . . .
        . . . . . w .
         b b . . b b
          . . . . .
           . . w .",
    );
    for (step, over) in [("d4", false), ("a1", false), ("c3", false), ("a2", false)] {
        p.play_text(step).unwrap();
        assert_eq!(p.outcome().is_some(), over, "{step}");
    }
    // c4 joins the SE pair to the rest.
    p.play_text("c4").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    // White with one group on N and another on S has not won either.
    let p = diagram(
        1,
        1,
        "   . w . .
          . w . . .
         . w . . . .
        . . . b . . .
         . w . . . .
          . w . . .
           . w . .",
    );
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_step_list().len(), 30);
}

// ---------------------------------------------------------------------------------------
// Step text
// ---------------------------------------------------------------------------------------

#[test]
fn rejection_messages() {
    let mut p = pos(4, "d4 pass");
    assert_eq!(err(&p, "d4"), "d4 is occupied");
    assert_eq!(err(&p, ""), "write a cell such as d4");
    assert!(err(&pos(4, ""), "  ").contains("or pass"));
    let e = err(&p, "x9");
    assert!(
        e.contains("\"x9\" is not a cell of this side-4 board"),
        "{e}"
    );
    assert!(err(&p, "a5").contains("not a cell"));
    assert!(err(&p, "h1").contains("not a cell"));
    assert!(err(&p, "a0").contains("not a cell"));
    assert!(err(&p, "d4~d5").contains("not a cell"));
    // Obvious variants are read.
    assert_eq!(
        p.parse_step(" A1 ").map(|s| p.step_text(s)),
        Ok("a1".to_string())
    );
    assert_eq!(pos(4, "").parse_step("PASS"), Ok(Step::Pass));
    // Once over, every step is refused.
    p = diagram(
        1,
        0,
        "   . w . .
          . w . . .
         . w . . . .
        . . b b b . .
         . w . b . .
          . w . . .
           . w . .",
    );
    p.play_text("d2").unwrap();
    assert_eq!(err(&p, "a1"), "the game is over");
    assert_eq!(err(&p, "pass"), "the game is over");
}

#[test]
fn step_views() {
    let p = pos(4, "");
    let v = p.step_view(Step::Pass);
    assert_eq!(
        (v.text.as_str(), v.kind.name(), v.cells.len()),
        ("pass", "pass", 0)
    );
    let s = p.parse_step("d4").unwrap();
    let v = p.step_view(s);
    assert_eq!((v.text.as_str(), v.kind.name()), ("d4", "place"));
    assert_eq!(v.cells, vec![p.grid().parse("d4").unwrap()]);
}

#[test]
fn view_shape_sides_and_pieces() {
    let p = pos(5, "c3 pass e5");
    let v = p.view();
    assert_eq!(v.shape, ludus::game::Shape::Hex { side: 5 });
    assert_eq!(v.cells.len(), 61);
    assert_eq!(v.cells[0], "a1");
    assert_eq!(v.pieces.iter().filter(|x| x.is_some()).count(), 2);
    let e5 = p.grid().parse("e5").unwrap();
    let piece = v.pieces[e5].as_ref().unwrap();
    assert_eq!((piece.color.name(), piece.kind.name()), ("white", "stone"));
    // Each side is listed twice: it matters to White's goal and to Black's.
    assert_eq!(v.sides.len(), 12);
    for side in ["N", "NE", "SE", "S", "SW", "NW"] {
        let colors: Vec<_> = v
            .sides
            .iter()
            .filter(|s| s.side.name() == side)
            .map(|s| s.color.name())
            .collect();
        assert_eq!(colors, vec!["white", "black"]);
    }
    // Seat 1 passed and is Black; seat 0 (White) placed e5.
    assert_eq!(v.to_move, Some(1));
    assert!(v.walls.is_empty() && v.marked.is_empty() && v.highlight.is_empty());
    assert_eq!(v.prompt, "Black to place a black stone");
}

// ---------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------

/// Plays a random game, checking it against the reference at every step.
fn random_game(size: usize, rng: &mut Rng, pass_bias: bool) -> usize {
    let mut p = pos(size, "");
    let mut r = Naive::new(size);
    let cells = p.grid().len();
    let mut steps = Vec::new();
    let mut count = 0;
    loop {
        steps.clear();
        p.legal_steps(&mut steps);
        let mut texts: Vec<String> = steps.iter().map(|&s| p.step_text(s)).collect();
        texts.sort();
        assert_eq!(texts, r.legal());
        assert_eq!(steps.is_empty(), p.outcome().is_some());
        assert_eq!(
            p.outcome().map(|o| o == Outcome::Winner(0)),
            r.winner.map(|w| w == 0)
        );
        if steps.is_empty() {
            assert_eq!(p.view().to_move, None);
            assert!(!p.view().highlight.is_empty());
            return count;
        }
        for &s in &steps {
            let t = p.step_text(s);
            assert_eq!(p.parse_step(&t), Ok(s), "{t}");
        }
        let step = if pass_bias && p.in_contract() && rng.below(6) == 0 {
            Step::Pass
        } else {
            steps[rng.below(steps.len())]
        };
        r.play(&p.step_text(step));
        p.play(step);
        count += 1;
        assert!(count <= cells + 1, "a game outlived the board");
    }
}

#[test]
fn random_games_end_and_agree_with_the_reference() {
    let mut rng = Rng::new(2009);
    let mut total = 0;
    for i in 0..2400 {
        let size = [4, 4, 5, 5, 6, 6, 7, 8][i % 8];
        total += random_game(size, &mut rng, i % 2 == 0);
    }
    for i in 0..12 {
        total += random_game(12 - i % 3, &mut rng, true);
    }
    assert!(total > 10_000);
}

#[test]
fn mangled_text_never_panics() {
    let mut rng = Rng::new(7);
    let fixed = [
        "",
        " ",
        "pass",
        "Pass",
        "passs",
        "pas",
        "p",
        "a",
        "1",
        "a1",
        "a01",
        "a-1",
        "a+1",
        "a99999999999999999999999",
        "z1",
        "{1",
        "`1",
        "д4",
        "a４",
        "ａ1",
        "pass🙂",
        "🙂",
        "\u{0}",
        "a1\u{0}",
        "d4 d5",
        "d4,",
        "é1",
        "\u{202e}a1",
        "l12",
        "u1",
        "w21",
    ];
    let mut games = vec![pos(4, ""), pos(4, "d4 pass"), pos(12, "f6 pass a1")];
    let mut finished = diagram(
        1,
        0,
        "   . w . .
          . w . . .
         . w . . . .
        . . b b b . .
         . w . b . .
          . w . . .
           . w . .",
    );
    finished.play_text("d2").unwrap();
    games.push(finished);
    for p in &games {
        let legal = p.legal_step_list();
        let check = |t: &str| {
            if let Ok(s) = p.parse_step(t) {
                assert!(legal.contains(&s), "{t:?}");
            }
        };
        for t in fixed {
            check(t);
        }
        for _ in 0..3000 {
            let len = rng.below(8);
            let bytes: Vec<u8> = (0..len)
                .map(|_| match rng.below(3) {
                    0 => b"abcdefgpas0123456789 "[rng.below(21)],
                    _ => rng.below(256) as u8,
                })
                .collect();
            check(&String::from_utf8_lossy(&bytes));
        }
        for &s in &legal {
            let t = p.step_text(s);
            for cut in 0..=t.len() {
                check(&t[..cut]);
                check(&t[cut..]);
            }
        }
    }
}
