//! Long: the whole rule suite of one game with the naive reference engine its random games are checked against.
//!
//! Scattercut: hand-built rule tests, perft, a naive reference engine, random games.
//!
//! Positions are set up with `Position::from_diagram(options, seat_to_move, text)` (top rank
//! first, `R` red, `B` blue, `.` empty) or `Position::from_steps(options, "a1 b2 ...")`.

#[path = "common/perft_data.rs"]
mod perft_data;

use ludus::games::scattercut::{Options, Position, OPTION_KEYS};
use ludus::rng::Rng;
use ludus::{Describe, Game, OptionMap, Outcome};

fn opts(size: usize) -> Options {
    Options { size }
}

fn diagram(size: usize, to_move: usize, text: &str) -> Position {
    Position::from_diagram(&opts(size), to_move, text).unwrap()
}

fn steps(size: usize, list: &str) -> Position {
    Position::from_steps(&opts(size), list).unwrap()
}

/// Cell index from a name, independent of the engine.
fn idx(size: usize, name: &str) -> usize {
    let b = name.as_bytes();
    let file = (b[0] - b'a') as usize;
    let rank: usize = name[1..].parse().unwrap();
    (rank - 1) * size + file
}

fn legal_texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_step_list()
        .iter()
        .map(|&s| p.step_text(s))
        .collect();
    v.sort();
    v
}

fn play(p: &mut Position, text: &str) {
    if let Err(e) = p.play_text(text) {
        panic!("{text}: {e}\n{p:?}");
    }
}

#[path = "common/refusal.rs"]
mod refusal;
use refusal::err;

/// A sorted list of cell names.
fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Empty cells (names) of a position, from its diagram.
fn empties(p: &Position) -> Vec<String> {
    let s = p.size();
    let text = p.diagram();
    let rows: Vec<&str> = text.lines().collect();
    let mut v = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        for (f, ch) in row.chars().enumerate() {
            if ch == '.' {
                v.push(format!("{}{}", (b'a' + f as u8) as char, s - i));
            }
        }
    }
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// A naive reference engine: brute force over re-placement orders, no shortcuts.
// ---------------------------------------------------------------------------------------------

mod naive {
    #[derive(Clone, Debug)]
    pub struct N {
        pub s: usize,
        /// 0 empty, 1 red, 2 blue; index rank * s + file.
        pub b: Vec<u8>,
        pub mover: u8,
        pub pending: usize,
        pub winner: Option<usize>,
    }

    impl N {
        pub fn from_diagram(diagram: &str, mover: usize) -> N {
            let rows: Vec<&str> = diagram.lines().filter(|l| !l.trim().is_empty()).collect();
            let s = rows.len();
            let mut b = vec![0; s * s];
            for (i, row) in rows.iter().enumerate() {
                for (f, ch) in row
                    .trim()
                    .chars()
                    .filter(|c| !c.is_whitespace())
                    .enumerate()
                {
                    b[(s - 1 - i) * s + f] = match ch {
                        'R' => 1,
                        'B' => 2,
                        _ => 0,
                    };
                }
            }
            N {
                s,
                b,
                mover: mover as u8,
                pending: 0,
                winner: None,
            }
        }

        fn at(&self, f: isize, r: isize) -> Option<u8> {
            let s = self.s as isize;
            (f >= 0 && r >= 0 && f < s && r < s).then(|| self.b[(r * s + f) as usize])
        }

        /// Would a stone of colour `me` on empty cell `c` form a crosscut? Checks every
        /// 2×2 window holding `c` as a whole.
        pub fn forms(&self, c: usize, me: u8) -> bool {
            let (f, r) = ((c % self.s) as isize, (c / self.s) as isize);
            for (of, or) in [(-1, -1), (0, -1), (-1, 0), (0, 0)] {
                let (f0, r0) = (f + of, r + or);
                let cells = [(f0, r0), (f0 + 1, r0), (f0, r0 + 1), (f0 + 1, r0 + 1)];
                let mut v = [0u8; 4];
                let mut ok = true;
                for (i, &(x, y)) in cells.iter().enumerate() {
                    match self.at(x, y) {
                        Some(val) => v[i] = if (x, y) == (f, r) { me } else { val },
                        None => ok = false,
                    }
                }
                if ok && v[0] != 0 && v[1] != 0 && v[0] == v[3] && v[1] == v[2] && v[0] != v[1] {
                    return true;
                }
            }
            false
        }

        /// The greatest number (at most k) of own stones that can go on the board one by one
        /// without forming a crosscut.
        pub fn max_rep(&self, k: usize) -> usize {
            if k == 0 {
                return 0;
            }
            let me = self.mover + 1;
            let mut best = 0;
            for c in 0..self.b.len() {
                if self.b[c] == 0 && !self.forms(c, me) {
                    let mut next = self.clone();
                    next.b[c] = me;
                    let v = 1 + next.max_rep(k - 1);
                    if v == k {
                        return k;
                    }
                    best = best.max(v);
                }
            }
            best
        }

        pub fn legal(&self) -> Vec<usize> {
            if self.winner.is_some() {
                return vec![];
            }
            let empty = (0..self.b.len()).filter(|&c| self.b[c] == 0);
            if self.pending == 0 {
                return empty.collect();
            }
            let me = self.mover + 1;
            let m = self.max_rep(self.pending);
            empty
                .filter(|&c| {
                    if self.forms(c, me) {
                        return false;
                    }
                    let mut next = self.clone();
                    next.b[c] = me;
                    1 + next.max_rep(self.pending - 1) == m
                })
                .collect()
        }

        pub fn connected(&self, v: u8) -> bool {
            let s = self.s;
            let mut seen = vec![false; s * s];
            let mut stack: Vec<usize> = (0..s)
                .map(|i| if v == 1 { i } else { i * s })
                .filter(|&c| self.b[c] == v)
                .collect();
            for &c in &stack {
                seen[c] = true;
            }
            while let Some(c) = stack.pop() {
                let (f, r) = (c % s, c / s);
                if (v == 1 && r == s - 1) || (v == 2 && f == s - 1) {
                    return true;
                }
                let mut n = vec![];
                if f > 0 {
                    n.push(c - 1);
                }
                if f + 1 < s {
                    n.push(c + 1);
                }
                if r > 0 {
                    n.push(c - s);
                }
                if r + 1 < s {
                    n.push(c + s);
                }
                for x in n {
                    if !seen[x] && self.b[x] == v {
                        seen[x] = true;
                        stack.push(x);
                    }
                }
            }
            false
        }

        fn end_turn(&mut self) {
            self.pending = 0;
            if self.connected(self.mover + 1) {
                self.winner = Some(self.mover as usize);
            } else {
                self.mover ^= 1;
            }
        }

        pub fn play(&mut self, c: usize) {
            let me = self.mover + 1;
            if self.pending > 0 {
                self.b[c] = me;
                self.pending -= 1;
                if self.max_rep(self.pending) == 0 {
                    self.end_turn();
                }
                return;
            }
            // Crosscuts formed by the placement, judged on the board with the stone placed.
            self.b[c] = me;
            let s = self.s as isize;
            let (f, r) = ((c % self.s) as isize, (c / self.s) as isize);
            let mut remove = vec![];
            for (df, dr) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
                let (d, a, b) = (
                    self.at(f + df, r + dr),
                    self.at(f + df, r),
                    self.at(f, r + dr),
                );
                if d == Some(me) && a == Some(3 - me) && b == Some(3 - me) {
                    remove.push(((r + dr) * s + f + df) as usize);
                }
            }
            for &x in &remove {
                self.b[x] = 0;
            }
            self.pending = remove.len();
            if self.max_rep(self.pending) == 0 {
                self.end_turn();
            }
        }

        pub fn perft(&self, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            self.legal()
                .into_iter()
                .map(|c| {
                    let mut n = self.clone();
                    n.play(c);
                    n.perft(depth - 1)
                })
                .sum()
        }
    }
}

/// The naive engine's view of a position (board and mover; pending taken from the engine).
fn naive_of(p: &Position) -> naive::N {
    let mut n = naive::N::from_diagram(&p.diagram(), p.to_move());
    n.pending = p.stones_removed_pending();
    if let Some(Outcome::Winner(w)) = p.outcome() {
        n.winner = Some(w);
    }
    n
}

// ---------------------------------------------------------------------------------------------
// Options and setup
// ---------------------------------------------------------------------------------------------

#[test]
fn options_defaults_bounds_and_round_trip() {
    assert_eq!(OPTION_KEYS, &["size"]);
    let d = Options::from_map(&OptionMap::new()).unwrap();
    assert_eq!(d, Options::default());
    assert_eq!(d.size, 8);
    assert!(d.to_map().is_empty());
    for size in [3, 5, 8, 19] {
        let o = Options::from_map(&OptionMap::new().with("size", size.to_string())).unwrap();
        assert_eq!(o.size, size);
        assert_eq!(Options::from_map(&o.to_map()).unwrap(), o);
    }
    assert_eq!(
        Options { size: 6 }.to_map().get("size"),
        Some("6"),
        "non-default size is written"
    );
    for bad in ["2", "20", "0", "-1", "eight", ""] {
        let e = Options::from_map(&OptionMap::new().with("size", bad)).unwrap_err();
        assert!(e.to_string().contains("from 3 to 19"), "{bad}: {e}");
    }
    let e = Options::from_map(&OptionMap::new().with("players", "3")).unwrap_err();
    assert!(e.to_string().contains("size"), "{e}");
    assert!(Position::new(&Options { size: 2 }).is_err());
    assert!(Position::new(&Options { size: 20 }).is_err());
}

#[test]
fn start_position_and_view() {
    let p = Position::new(&Options::default()).unwrap();
    assert_eq!(p.players(), 2);
    assert_eq!(p.to_move(), 0);
    assert_eq!(p.legal_step_list().len(), 64);
    let v = p.view();
    assert_eq!(v.cells.len(), 64);
    assert_eq!(v.cells[0], "a1");
    assert_eq!(v.cells[63], "h8");
    assert!(v.pieces.iter().all(|x| x.is_none()));
    assert_eq!(v.prompt, "Red to place a stone");
    assert_eq!(v.to_move, Some(0));
    assert_eq!(v.outcome, None);
    assert!(v.walls.is_empty() && v.marked.is_empty() && v.highlight.is_empty());
    let sides: Vec<(&str, &str)> = v
        .sides
        .iter()
        .map(|s| (s.side.name(), s.color.name()))
        .collect();
    assert_eq!(
        sides,
        vec![
            ("top", "red"),
            ("bottom", "red"),
            ("left", "blue"),
            ("right", "blue")
        ]
    );
    let players: Vec<(&str, &str)> = v
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.color.name()))
        .collect();
    assert_eq!(players, vec![("Red", "red"), ("Blue", "blue")]);
    assert_eq!(
        format!("{:?}", v.shape),
        "Square { width: 8, height: 8 }",
        "square shape"
    );
}

#[test]
fn placing_and_pieces() {
    let mut p = Position::new(&opts(5)).unwrap();
    play(&mut p, "c3");
    assert_eq!(p.to_move(), 1);
    let v = p.view();
    let piece = v.pieces[idx(5, "c3")].as_ref().unwrap();
    assert_eq!((piece.color.name(), piece.kind.name()), ("red", "stone"));
    assert_eq!(v.prompt, "Blue to place a stone");
    assert_eq!(err(&p, "c3"), "c3 is occupied");
    play(&mut p, "C4"); // upper case accepted
    let piece = p.view().pieces[idx(5, "c4")].clone().unwrap();
    assert_eq!(piece.color.name(), "blue");
    assert_eq!(p.stone(idx(5, "c4")), Some(1));
    assert_eq!(p.stone(idx(5, "a1")), None);
    assert_eq!(p.stones_on_board(0), 1);
    assert_eq!(p.diagram(), ".....\n..B..\n..R..\n.....\n.....\n");
}

#[test]
fn diagram_setup_checks() {
    let o = opts(3);
    assert!(Position::from_diagram(&o, 0, "...\n...").is_err());
    assert!(Position::from_diagram(&o, 0, "....\n...\n...").is_err());
    assert!(Position::from_diagram(&o, 0, "..x\n...\n...").is_err());
    assert!(Position::from_diagram(&o, 2, "...\n...\n...").is_err());
    // A crosscut is refused.
    let e = Position::from_diagram(&o, 0, "...\nRB.\nBR.").unwrap_err();
    assert!(e.to_string().contains("crosscut at a1 b1 a2 b2"), "{e}");
    // The mover may not be connected already; the other side wins.
    assert!(Position::from_diagram(&o, 0, ".R.\n.R.\n.R.").is_err());
    let p = Position::from_diagram(&o, 1, ".R.\n.R.\n.R.").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert!(p.legal_step_list().is_empty());
    // Spaces between cells are fine, and from_steps reports the failing step.
    let p = Position::from_diagram(&o, 0, " . . . \n R B . \n . . . ").unwrap();
    assert_eq!(p.diagram(), "...\nRB.\n...\n");
    let e = Position::from_steps(&o, "a1 a1").unwrap_err();
    assert_eq!(e.to_string(), "step 2 (a1): a1 is occupied");
}

// ---------------------------------------------------------------------------------------------
// Removal and re-placement
// ---------------------------------------------------------------------------------------------

#[test]
fn one_stone_removed_and_replaced() {
    // The sheet's Figure 3 situation: the placement makes one crosscut.
    let mut p = diagram(4, 0, "....\n....\nB...\nRB..");
    play(&mut p, "b2");
    // a1 is gone; Red re-places it, still Red's turn.
    assert_eq!(p.stone(idx(4, "a1")), None);
    assert_eq!(p.stone(idx(4, "b2")), Some(0));
    assert_eq!(p.to_move(), 0);
    assert_eq!((p.stones_removed_pending(), p.stones_to_replace()), (1, 1));
    let v = p.view();
    assert_eq!(
        v.prompt,
        "a1 was lifted by the crosscut: Red to re-place it"
    );
    assert_eq!(v.lifted, vec![idx(4, "a1")]);
    assert!(v
        .facts
        .contains(&("Stones to re-place".to_string(), "1".to_string())));
    assert_eq!(v.to_move, Some(0));
    // Every empty cell but the vacated a1 takes it.
    let mut expected = empties(&p);
    expected.retain(|c| c != "a1");
    assert_eq!(expected.len(), 12);
    assert_eq!(legal_texts(&p), expected);
    assert_eq!(
        err(&p, "a1"),
        "a stone re-placed on a1 would form a crosscut"
    );
    assert_eq!(err(&p, "b1"), "b1 is occupied");
    let step = p.parse_step("c3").unwrap();
    let sv = p.step_view(step);
    assert_eq!((sv.text.as_str(), sv.kind.name()), ("c3", "replace"));
    assert_eq!(sv.cells, vec![idx(4, "c3")]);
    play(&mut p, "c3");
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.stones_removed_pending(), 0);
    assert_eq!(p.stones_on_board(0), 2);
    assert_eq!(p.view().prompt, "Blue to place a stone");
    assert!(p.view().lifted.is_empty(), "no ghost once the turn is over");
    assert!(!p
        .view()
        .facts
        .iter()
        .any(|(k, _)| k == "Stones to re-place"));
    assert_eq!(
        p.step_view(p.parse_step("a1").unwrap()).kind.name(),
        "place"
    );
}

#[test]
fn the_prompt_names_the_lifted_stones_and_counts_the_rest() {
    // Two stones lifted, both re-placeable: the first prompt says which and why, the
    // second counts the one left ("1 more" only once one is back).
    let mut p = diagram(5, 0, ".....\n.....\n.RBR.\n.B.B.\n.....");
    play(&mut p, "c2");
    assert_eq!((p.stones_removed_pending(), p.stones_to_replace()), (2, 2));
    let v = p.view();
    assert_eq!(
        v.prompt,
        "b3 and d3 were lifted by the crosscuts: Red to re-place them"
    );
    assert_eq!(v.lifted, vec![idx(5, "b3"), idx(5, "d3")]);
    play(&mut p, "a5");
    let v = p.view();
    assert_eq!(
        v.prompt,
        "Red to re-place 1 more stone (lifted from b3 and d3)"
    );
    assert_eq!(v.lifted, vec![idx(5, "b3"), idx(5, "d3")]);
    play(&mut p, "e5");
    assert!(p.view().lifted.is_empty());
    assert_eq!(p.view().prompt, "Blue to place a stone");
}

#[test]
fn no_removal_without_a_true_crosscut() {
    // b2 placed next to a red a1 with only one blue side: nothing is removed.
    let mut p = diagram(4, 0, "....\n....\n....\nRB..");
    play(&mut p, "b2");
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.stone(idx(4, "a1")), Some(0));
    // The same rule for Blue: its b2 removes its own a1, never a red stone.
    let mut p = diagram(4, 1, "....\n....\nR...\nBR..");
    play(&mut p, "b2");
    assert_eq!(
        p.stone(idx(4, "a1")),
        None,
        "Blue's a1 is removed by Blue's b2"
    );
    assert_eq!(p.stone(idx(4, "a2")), Some(0));
    assert_eq!(p.stone(idx(4, "b1")), Some(0));
    assert_eq!(p.to_move(), 1, "Blue re-places");
}

/// The sheet's Figure 4 situation: two crosscuts, two stones removed, one square to go to.
const FIG4: &str = "RRRR\nRRRB\nB.BB\nRBR.";

#[test]
fn two_removed_one_fits_the_other_is_lost() {
    let mut p = diagram(4, 0, FIG4);
    play(&mut p, "b2");
    assert_eq!(p.stone(idx(4, "a1")), None);
    assert_eq!(p.stone(idx(4, "c1")), None);
    assert_eq!((p.stones_removed_pending(), p.stones_to_replace()), (2, 1));
    assert_eq!(legal_texts(&p), names(&["d1"]));
    let v = p.view();
    assert_eq!(
        v.prompt,
        "a1 and c1 were lifted by the crosscuts: Red to re-place 1 of them \
         (1 more cannot be re-placed and will be lost)"
    );
    assert!(v.facts.contains(&(
        "Stones that cannot be re-placed".to_string(),
        "1".to_string()
    )));
    assert_eq!(
        err(&p, "c1"),
        "a stone re-placed on c1 would form a crosscut"
    );
    assert_eq!(
        err(&p, "a1"),
        "a stone re-placed on a1 would form a crosscut"
    );
    play(&mut p, "d1");
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.stones_on_board(0), 9, "9 + b2 - a1 - c1 + d1");
    assert_eq!(legal_texts(&p), names(&["a1", "c1"]));
    assert_eq!(
        p.diagram(),
        "RRRR\nRRRB\nBRBB\n.B.R\n",
        "the second removed stone is gone"
    );
}

#[test]
fn three_and_four_removed() {
    let star = ".....\n.RBR.\n.B.B.\n.RBR.\n.....";
    let mut p = diagram(5, 0, star);
    play(&mut p, "c3");
    for c in ["b2", "d2", "b4", "d4"] {
        assert_eq!(p.stone(idx(5, c)), None, "{c} removed");
    }
    assert_eq!((p.stones_removed_pending(), p.stones_to_replace()), (4, 4));
    assert_eq!(
        p.view().prompt,
        "b2, d2, b4 and d4 were lifted by the crosscuts: Red to re-place them"
    );
    let lifted: Vec<usize> = ["b2", "d2", "b4", "d4"].iter().map(|c| idx(5, c)).collect();
    assert_eq!(p.view().lifted, lifted);
    assert!(p
        .view()
        .facts
        .contains(&("Stones to re-place".to_string(), "4".to_string())));
    let mut expected = empties(&p);
    expected.retain(|c| !["b2", "d2", "b4", "d4"].contains(&c.as_str()));
    assert_eq!(expected.len(), 16);
    assert_eq!(legal_texts(&p), expected);
    for (i, c) in ["a1", "e5", "a5"].iter().enumerate() {
        play(&mut p, c);
        assert_eq!(p.to_move(), 0);
        assert_eq!(p.stones_to_replace(), 3 - i);
    }
    assert_eq!(
        p.view().prompt,
        "Red to re-place 1 more stone (lifted from b2, d2, b4 and d4)"
    );
    assert_eq!(
        p.view().lifted,
        lifted,
        "the ghosts stay until the turn ends"
    );
    play(&mut p, "e1");
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.stones_on_board(0), 5);

    // Three: the same star with d4 empty.
    let mut p = diagram(5, 0, ".....\n.RB..\n.B.B.\n.RBR.\n.....");
    play(&mut p, "c3");
    assert_eq!((p.stones_removed_pending(), p.stones_to_replace()), (3, 3));
    assert_eq!(p.stone(idx(5, "d4")), None);
    for c in ["b2", "d2", "b4"] {
        assert_eq!(p.stone(idx(5, c)), None, "{c} removed");
        assert!(p.parse_step(c).is_err());
    }
    // d4 was empty all along, yet a red stone there would now make a crosscut with c3
    // (c4 and d3 are blue).
    assert_eq!(
        err(&p, "d4"),
        "a stone re-placed on d4 would form a crosscut"
    );
}

#[test]
fn replacement_never_forms_a_crosscut_either_diagonal_either_colour() {
    // a5 would pair with b4 along one diagonal, e2 with d1 along the other; a1 is vacated.
    let red = ".B...\nBR...\n.....\nB..B.\nRB.RB";
    let blue = ".R...\nRB...\n.....\nR..R.\nBR.BR";
    for (seat, text, who) in [(0, red, "Red"), (1, blue, "Blue")] {
        let mut p = diagram(5, seat, text);
        play(&mut p, "b2");
        assert_eq!(p.to_move(), seat);
        assert_eq!(p.stones_to_replace(), 1);
        assert_eq!(
            p.view().prompt,
            format!("a1 was lifted by the crosscut: {who} to re-place it")
        );
        for c in ["a5", "e2", "a1"] {
            assert_eq!(
                err(&p, c),
                format!("a stone re-placed on {c} would form a crosscut")
            );
        }
        let mut expected = empties(&p);
        expected.retain(|c| !["a5", "e2", "a1"].contains(&c.as_str()));
        assert_eq!(expected.len(), 13);
        assert_eq!(legal_texts(&p), expected);
    }
}

#[test]
fn replaced_stones_may_not_make_a_crosscut_with_each_other() {
    // Two stones to re-place (a1, c1), plenty of room; a4 and b3 sit across blue a3 / b4.
    let mut p = diagram(5, 0, ".....\n.B...\nB....\nB.B..\nRBR..");
    play(&mut p, "b2");
    assert_eq!(p.stones_to_replace(), 2);
    // a4 and b3 are both free, and both may be taken first (other room remains) ...
    assert!(p.parse_step("a4").is_ok());
    assert!(p.parse_step("b3").is_ok());
    play(&mut p, "a4");
    // ... but not both: b3 with a4 would form a crosscut with the blue a3 and b4.
    assert_eq!(
        err(&p, "b3"),
        "a stone re-placed on b3 would form a crosscut"
    );
    assert_eq!(p.stones_to_replace(), 1);
    play(&mut p, "e5");
    assert_eq!(p.to_move(), 1);
}

#[test]
fn vacated_cells_never_qualify() {
    // A full 3×3 star: the only free cells are the four vacated corners, none qualifies,
    // so all four stones are lost and the turn ends at once.
    let mut p = diagram(3, 0, "RBR\nB.B\nRBR");
    play(&mut p, "b2");
    // All four corners removed, and the only empty cells are the four vacated corners.
    assert_eq!(p.to_move(), 1, "nothing can be re-placed: the turn is over");
    assert_eq!(p.stones_on_board(0), 1);
    assert_eq!(p.diagram(), ".B.\nBRB\n.B.\n");
    assert_eq!(legal_texts(&p), names(&["a1", "a3", "c1", "c3"]));
}

#[test]
fn maximality_perft_example() {
    // Red re-places two stones; b3 is free of crosscuts but would block the second stone.
    let p = steps(4, "a1 d2 d3 c1 b1 a2 d1 b4 b2 c3 d4 a3 c2");
    assert_eq!(p.diagram(), ".B.R\nB.B.\nBRRB\nRRB.\n");
    assert_eq!((p.stones_removed_pending(), p.stones_to_replace()), (2, 2));
    assert_eq!(legal_texts(&p), names(&["a4", "c4"]));
    assert_eq!(
        err(&p, "b3"),
        "re-placing on b3 would leave room for fewer stones than possible"
    );
    assert_eq!(
        err(&p, "d3"),
        "a stone re-placed on d3 would form a crosscut"
    );
    assert_eq!(
        err(&p, "d1"),
        "a stone re-placed on d1 would form a crosscut"
    );
    let mut q = p.clone();
    play(&mut q, "a4");
    assert_eq!(legal_texts(&q), names(&["c4"]));
    assert_eq!(
        err(&q, "b3"),
        "a stone re-placed on b3 would form a crosscut"
    );
    play(&mut q, "c4");
    assert_eq!(q.to_move(), 1);
    assert_eq!(legal_texts(&q), names(&["b3", "d1", "d3"]));
}

#[test]
fn maximality_when_fewer_than_all_fit() {
    // Two removed; the only free cells are b3 and c4 (and they conflict), so one is lost
    // and either may be chosen.
    let mut p = diagram(4, 0, "BB.R\nB.BR\nBR.B\nRRBR");
    assert_eq!(p.outcome(), None);
    play(&mut p, "c2");
    assert_eq!((p.stones_removed_pending(), p.stones_to_replace()), (2, 1));
    assert_eq!(legal_texts(&p), names(&["b3", "c4"]));
    play(&mut p, "b3");
    assert_eq!(p.to_move(), 1, "c4 now forms a crosscut: the turn ends");

    // Three cells in a conflict chain x - y - z with two stones: the middle one is refused,
    // a fourth free cell elsewhere makes every cell fine again.
    let chain = diagram(4, 0, ".B.R\nB.BR\nBR.B\nRRBR");
    let mut q = chain.clone();
    play(&mut q, "c2");
    assert_eq!(legal_texts(&q), names(&["a4", "c4"]));
    let roomy = diagram(5, 0, ".....\n.B.R.\nB.BR.\nBR.B.\nRRBR.");
    let mut r = roomy.clone();
    play(&mut r, "c2");
    assert_eq!(r.stones_to_replace(), 2);
    assert!(r.parse_step("b3").is_ok(), "other room makes b3 fine");
    play(&mut r, "b3");
    assert_eq!(r.stones_to_replace(), 1);
    assert!(err(&r, "a4").contains("would form a crosscut"));
}

#[test]
fn stones_lost_when_nowhere_to_go() {
    // Both removed stones' only cells are their own vacated cells: the turn ends at once.
    let mut p = diagram(3, 0, "BRB\nB.B\nRBR");
    play(&mut p, "b2");
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.diagram(), "BRB\nBRB\n.B.\n");
    assert_eq!(legal_texts(&p), names(&["a1", "c1"]));
    // Blue fills a1; Red's c1 makes a crosscut with b2 and loses b2 for good.
    play(&mut p, "a1");
    play(&mut p, "c1");
    assert_eq!(p.diagram(), "BRB\nB.B\nBBR\n");
    assert_eq!(p.to_move(), 1);
    assert_eq!(legal_texts(&p), names(&["b2"]));
}

// ---------------------------------------------------------------------------------------------
// Winning
// ---------------------------------------------------------------------------------------------

#[test]
fn win_counts_only_at_turn_end() {
    // Red's b3 completes b1-b2-b3-c3-c4 but removes a4 (crosscut a3 b3 a4 b4): the path is
    // there mid-turn, yet the game goes on until a4's stone is re-placed.
    let mut p = diagram(4, 0, "RBR.\nB.R.\n.R..\n.R..");
    play(&mut p, "b3");
    assert_eq!(p.stone(idx(4, "a4")), None);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.to_move(), 0);
    let v = p.view();
    assert_eq!(v.to_move, Some(0));
    assert!(v.highlight.is_empty());
    assert_eq!(
        v.prompt,
        "a4 was lifted by the crosscut: Red to re-place it"
    );
    assert!(!p.legal_step_list().is_empty());
    play(&mut p, "d1");
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert!(p.legal_step_list().is_empty());
    assert_eq!(err(&p, "a4"), "the game is over");
    let v = p.view();
    assert_eq!(v.prompt, "Red wins");
    assert_eq!(v.to_move, None);
    let mut path: Vec<usize> = ["b1", "b2", "b3", "c3", "c4"]
        .iter()
        .map(|c| idx(4, c))
        .collect();
    path.sort();
    assert_eq!(v.highlight, path);
}

const BROKEN: &str = "....R\nRRR.R\nRB.RR\nRRB..\n.R...";

#[test]
fn a_path_broken_by_the_removal_does_not_win() {
    // c3 joins the bottom group (through b2) to the top group, but its crosscut removes b2.
    let mut p = diagram(5, 0, BROKEN);
    play(&mut p, "c3");
    assert_eq!(p.stone(idx(5, "b2")), None);
    assert_eq!(p.stones_to_replace(), 1);
    play(&mut p, "e1");
    assert_eq!(p.outcome(), None);
    assert_eq!(p.to_move(), 1);
}

#[test]
fn a_path_made_by_the_replacement_wins() {
    let mut p = diagram(5, 0, BROKEN);
    play(&mut p, "c3");
    play(&mut p, "a1");
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    let v = p.view();
    assert!(v.highlight.contains(&idx(5, "a1")));
    assert!(!v.highlight.contains(&idx(5, "b1")));
    assert_eq!(v.highlight.len(), 11);
}

#[test]
fn blue_wins_left_to_right() {
    let mut p = diagram(4, 1, "....\nBB.B\nRR..\n..R.");
    assert_eq!(p.outcome(), None);
    play(&mut p, "c3");
    assert_eq!(p.outcome(), Some(Outcome::Winner(1)));
    let v = p.view();
    assert_eq!(v.prompt, "Blue wins");
    let row: Vec<usize> = ["a3", "b3", "c3", "d3"].iter().map(|c| idx(4, c)).collect();
    assert_eq!(v.highlight, row);
    // A Red column does not count for Blue, nor a Blue column for Blue.
    let mut q = diagram(4, 1, ".B..\n.B..\n.B..\n....");
    play(&mut q, "b1");
    assert_eq!(q.outcome(), None);
}

#[test]
fn placement_win_without_crosscut_is_immediate() {
    let mut p = diagram(3, 0, ".R.\n.R.\n...");
    play(&mut p, "b1");
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert_eq!(p.to_move(), 0);
}

// ---------------------------------------------------------------------------------------------
// Step text
// ---------------------------------------------------------------------------------------------

#[test]
fn rejection_messages() {
    let p = Position::new(&Options::default()).unwrap();
    assert_eq!(err(&p, "x9"), "`x9` is not a cell of this 8×8 board");
    assert_eq!(err(&p, "i1"), "`i1` is not a cell of this 8×8 board");
    assert_eq!(err(&p, "a9"), "`a9` is not a cell of this 8×8 board");
    assert_eq!(err(&p, "a0"), "`a0` is not a cell of this 8×8 board");
    assert!(err(&p, "").starts_with("no step given"));
    assert!(err(&p, "   ").starts_with("no step given"));
    assert_eq!(err(&p, "pass"), "`pass` is not a cell of this 8×8 board");
    let long = "z".repeat(1000);
    assert!(err(&p, &long).len() < 100);
    assert!(p.parse_step(" c4 ").is_ok());
    let p = steps(8, "c4");
    assert_eq!(err(&p, "c4"), "c4 is occupied");
}

#[test]
fn garbage_never_panics() {
    let mut rng = Rng::new(99);
    let positions = [
        Position::new(&opts(8)).unwrap(),
        steps(4, "a1 d2 d3 c1 b1 a2 d1 b4 b2 c3 d4 a3 c2"),
        diagram(3, 1, ".R.\n.R.\n.R."),
    ];
    let samples = [
        "",
        " ",
        "a",
        "a1",
        "a01",
        "é1",
        "a١",
        "💥",
        "a-1",
        "a18446744073709551616",
        "zz99",
        "\0",
        "a1a1",
        "A1",
        "c4~d4",
        "pass",
        "1a",
        "\u{202e}a1",
        "a 1",
    ];
    for p in &positions {
        for s in samples {
            let _ = p.parse_step(s);
        }
        for _ in 0..3000 {
            let len = rng.below(8);
            let bytes: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(step) = p.parse_step(&text) {
                assert!(p.legal_step_list().contains(&step));
            }
            let chars: String = (0..len)
                .map(|_| char::from_u32(rng.below(0x3000) as u32).unwrap_or('?'))
                .collect();
            let _ = p.parse_step(&chars);
            // Truncations and mangled canonical text.
            let legal = p.legal_step_list();
            if let Some(&s) = rng.choose(&legal) {
                let t = p.step_text(s);
                let cut: String = t.chars().take(rng.below(t.len() + 1)).collect();
                let _ = p.parse_step(&cut);
                let mangled = format!("{t}{}", rng.below(100));
                let _ = p.parse_step(&mangled);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_matches_the_naive_engine() {
    // Every count in the table (tests/data/perft/scattercut.txt), again by brute force.
    let mut checked = 0;
    for case in perft_data::cases("scattercut") {
        let ludus::games::AnyGame::Scattercut(p) = case.position() else {
            unreachable!()
        };
        for &(depth, count) in &case.expected {
            assert_eq!(
                naive_of(&p).perft(depth),
                count,
                "{} depth {depth}",
                case.place
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 22);
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

#[test]
fn random_games_end_and_steps_round_trip() {
    let mut rng = Rng::new(2024);
    let mut out = Vec::new();
    let mut ended = 0;
    let mut games = 0;
    for size in 3..=10 {
        for _ in 0..250 {
            games += 1;
            let mut p = Position::new(&opts(size)).unwrap();
            let cap = 40 * size * size;
            let mut n = 0;
            while n < cap {
                out.clear();
                p.legal_steps(&mut out);
                assert_eq!(out.is_empty(), p.outcome().is_some(), "{p:?}");
                if out.is_empty() {
                    break;
                }
                let pending = p.stones_removed_pending();
                let can = p.stones_to_replace();
                assert!(can <= pending && (pending == 0) == (can == 0), "{p:?}");
                let v = p.view();
                assert_eq!(v.to_move, Some(p.to_move()));
                assert!(v.marked.is_empty() && v.highlight.is_empty());
                // Appending, not clearing.
                let before = out.len();
                p.legal_steps(&mut out);
                assert_eq!(out.len(), 2 * before);
                out.truncate(before);
                for &s in &out {
                    let t = p.step_text(s);
                    assert_eq!(p.parse_step(&t), Ok(s), "{t}");
                    let sv = p.step_view(s);
                    assert_eq!(sv.text, t);
                    assert_eq!(
                        sv.kind.name(),
                        if pending > 0 { "replace" } else { "place" }
                    );
                }
                let s = *rng.choose(&out).unwrap();
                let mover = p.to_move();
                let before_board = p.diagram();
                p.play(s);
                n += 1;
                // Whenever a placement vacated cells, none of them is offered to re-place.
                if pending == 0 && p.stones_removed_pending() > 0 {
                    let vacated: Vec<usize> = before_board
                        .lines()
                        .zip(p.diagram().lines())
                        .enumerate()
                        .flat_map(|(i, (a, b))| {
                            a.chars()
                                .zip(b.chars())
                                .enumerate()
                                .filter(|(_, (x, y))| *x != '.' && *y == '.')
                                .map(move |(f, _)| (size - 1 - i) * size + f)
                                .collect::<Vec<_>>()
                        })
                        .collect();
                    assert_eq!(vacated.len(), p.stones_removed_pending());
                    let legal = p.legal_step_list();
                    assert!(legal.iter().all(|s| !vacated.contains(&s.cell())));
                }
                if p.outcome().is_some() {
                    assert_eq!(p.outcome(), Some(Outcome::Winner(mover)));
                    let v = p.view();
                    assert!(!v.highlight.is_empty());
                    assert_eq!(v.to_move, None);
                }
            }
            if p.outcome().is_some() {
                ended += 1;
                assert!(p.legal_step_list().is_empty());
                assert_eq!(
                    p.parse_step("a1").unwrap_err().to_string(),
                    "the game is over"
                );
            }
        }
    }
    assert!(ended * 100 >= games * 99, "{ended} of {games} ended");
}

#[test]
fn random_replacement_states_match_the_naive_engine() {
    let mut rng = Rng::new(7);
    let mut states = 0;
    let mut fewer = 0; // can < pending
    let mut refused = 0; // a free cell refused by maximality
    for game in 0..3000 {
        let size = 3 + game % 4;
        let mut p = Position::new(&opts(size)).unwrap();
        let mut n = 0;
        while p.outcome().is_none() && n < 20 * size * size {
            let legal = p.legal_step_list();
            if p.stones_removed_pending() > 0 {
                states += 1;
                let naive = naive_of(&p);
                let mut expected = naive.legal();
                expected.sort();
                let mut got: Vec<usize> = legal.iter().map(|s| s.cell()).collect();
                got.sort();
                assert_eq!(got, expected, "{p:?}");
                assert_eq!(
                    p.stones_to_replace(),
                    naive.max_rep(p.stones_removed_pending()),
                    "{p:?}"
                );
                if p.stones_to_replace() < p.stones_removed_pending() {
                    fewer += 1;
                }
                let me = (p.to_move() + 1) as u8;
                let free = (0..size * size)
                    .filter(|&c| naive.b[c] == 0 && !naive.forms(c, me))
                    .count();
                if free > got.len() {
                    refused += 1;
                }
            }
            // Prefer placements that make crosscuts, to reach dense re-placement states.
            let mut choice = *rng.choose(&legal).unwrap();
            if p.stones_removed_pending() == 0 {
                for _ in 0..6 {
                    let s = *rng.choose(&legal).unwrap();
                    let mut q = p.clone();
                    q.play(s);
                    if q.stones_removed_pending() >= 2 {
                        choice = s;
                        break;
                    }
                }
            }
            p.play(choice);
            n += 1;
        }
    }
    eprintln!("re-placement states {states}, fewer {fewer}, refused {refused}");
    assert!(states > 1000 && fewer > 20, "{states} {fewer} {refused}");
}

/// A random crosscut-free board for `seat` to move: first a planted empty cell whose
/// diagonal neighbours (two to four of them) are the mover's with enemy stones between, so
/// that a placement there removes several stones; then the other cells filled in random
/// order with a random colour that forms no crosscut, until about `fill` percent is taken.
fn dense_board(rng: &mut Rng, size: usize, fill: usize, seat: usize) -> String {
    let mut n = naive::N {
        s: size,
        b: vec![0; size * size],
        mover: 0,
        pending: 0,
        winner: None,
    };
    let me = seat as u8 + 1;
    let (f, r) = (1 + rng.below(size - 2), 1 + rng.below(size - 2));
    let mut planted = vec![r * size + f];
    for (df, dr) in [(-1isize, -1isize), (1, -1), (-1, 1), (1, 1)] {
        if rng.below(4) == 0 {
            continue;
        }
        let at = |x: isize, y: isize| (y as usize) * size + x as usize;
        let (x, y) = (f as isize, r as isize);
        n.b[at(x + df, y + dr)] = me;
        n.b[at(x + df, y)] = 3 - me;
        n.b[at(x, y + dr)] = 3 - me;
        planted.extend([at(x + df, y + dr), at(x + df, y), at(x, y + dr)]);
    }
    // Half the time, also an empty diagonal chain x - y - z whose crossing diagonals hold
    // enemy stones: a re-placement on y would shut out x and z.
    if rng.below(2) == 0 {
        let (f, r) = (rng.below(size) as isize, rng.below(size) as isize);
        let s = if rng.below(2) == 0 { 1 } else { -1 };
        let (x, z) = if rng.below(2) == 0 {
            ((f - 1, r + s), (f + 1, r + s))
        } else {
            ((f + s, r - 1), (f + s, r + 1))
        };
        let y = (f, r);
        let enemies = [(x.0, y.1), (y.0, x.1), (z.0, y.1), (y.0, z.1)];
        let all: Vec<(isize, isize)> = [x, y, z].into_iter().chain(enemies).collect();
        let on =
            |&(a, b): &(isize, isize)| a >= 0 && b >= 0 && a < size as isize && b < size as isize;
        let cell = |(a, b): (isize, isize)| b as usize * size + a as usize;
        if all.iter().all(on) && all.iter().all(|&q| !planted.contains(&cell(q))) {
            for q in enemies {
                n.b[cell(q)] = 3 - me;
            }
            planted.extend(all.into_iter().map(cell));
        }
    }
    let mut order: Vec<usize> = (0..size * size).filter(|c| !planted.contains(c)).collect();
    rng.shuffle(&mut order);
    let target = (size * size * fill / 100).saturating_sub(planted.len());
    for &c in order.iter().take(target) {
        let first = 1 + rng.below(2) as u8;
        for colour in [first, 3 - first] {
            if !n.forms(c, colour) {
                n.b[c] = colour;
                break;
            }
        }
    }
    (0..size)
        .rev()
        .map(|r| {
            let row: String = (0..size)
                .map(|f| match n.b[r * size + f] {
                    1 => 'R',
                    2 => 'B',
                    _ => '.',
                })
                .collect();
            row + "\n"
        })
        .collect()
}

#[test]
fn replacement_with_the_naive_engine_on_random_dense_boards() {
    // Dense boards without crosscuts, every placement that removes stones: compare every
    // step with the brute force, down to the end of the turn.
    let mut rng = Rng::new(31);
    let (mut states, mut fewer, mut refused, mut boards) = (0, 0, 0, 0);
    while boards < 600 {
        let size = 4 + rng.below(3);
        let fill = 60 + rng.below(41);
        let seat = rng.below(2);
        let text = dense_board(&mut rng, size, fill, seat);
        let Ok(p) = Position::from_diagram(&opts(size), seat, &text) else {
            continue;
        };
        if p.outcome().is_some() {
            continue;
        }
        boards += 1;
        for s in p.legal_step_list() {
            let mut q = p.clone();
            q.play(s);
            let mut n = naive_of(&p);
            n.play(s.cell());
            // Follow the turn with random re-placements, checking each state.
            loop {
                assert_eq!(naive_of(&q).b, n.b, "{p:?} then {s:?}");
                assert_eq!(q.outcome().is_some(), n.winner.is_some());
                assert_eq!(q.stones_removed_pending(), n.pending, "{q:?}");
                if q.outcome().is_none() {
                    assert_eq!(q.to_move(), n.mover as usize);
                }
                if q.stones_removed_pending() == 0 {
                    break;
                }
                states += 1;
                let mut got: Vec<usize> = q.legal_step_list().iter().map(|s| s.cell()).collect();
                got.sort();
                let mut want = n.legal();
                want.sort();
                assert_eq!(got, want, "{q:?}");
                assert_eq!(q.stones_to_replace(), n.max_rep(n.pending), "{q:?}");
                if q.stones_to_replace() < q.stones_removed_pending() {
                    fewer += 1;
                }
                let me = n.mover + 1;
                let free = (0..size * size)
                    .filter(|&c| n.b[c] == 0 && !n.forms(c, me))
                    .count();
                if free > got.len() {
                    refused += 1;
                }
                let legal = q.legal_step_list();
                let r = *rng.choose(&legal).unwrap();
                q.play(r);
                n.play(r.cell());
            }
        }
    }
    eprintln!("dense: {states} re-placement states, {fewer} with losses, {refused} refusals");
    // Refusals need boards so full that nearly all are already won; the module's unit
    // tests cover them on boards set up without that check.
    assert!(states > 1000 && fewer > 50, "{states} {fewer} {refused}");
}

/// The uniform pick (`random_step`, which skips the step list for placements) is the
/// default one, a uniform pick from `legal_steps`, for the same random numbers: in random
/// games of every size, through re-placements and to the end.
#[test]
fn random_step_is_the_uniform_pick_from_the_legal_steps() {
    let mut rng = Rng::new(22);
    let mut buf = Vec::new();
    let mut replacements = 0;
    for game in 0..400 {
        let size = 3 + game % 17;
        let mut p = Position::new(&opts(size)).unwrap();
        for _ in 0..20 * size * size {
            let mut reference = rng.clone();
            let expected = reference.choose(&p.legal_step_list()).copied();
            let got = p.random_step(&mut rng, &mut buf);
            assert_eq!(got, expected, "{p:?}");
            assert_eq!(rng.next_u64(), reference.next_u64(), "random numbers used");
            let Some(step) = got else { break };
            replacements += (p.stones_to_replace() > 0) as usize;
            p.play(step);
        }
        assert!(p.outcome().is_some());
    }
    assert!(replacements > 1000, "{replacements}");
}

/// Scattercut and Unravel read diagrams with one reader (`red_blue::read_diagram`): the same
/// boards are accepted, ranks may end with `/`, and bad ones are refused with a reason.
#[test]
fn diagrams_are_read_alike_by_both_red_blue_games() {
    use ludus::games::unravel;
    let scattercut = |text: &str| Position::from_diagram(&opts(3), 0, text).map(|p| p.view());
    let unravel = |text: &str| {
        unravel::Position::from_diagram(&unravel::Options::with_size(3), 0, text).map(|p| p.view())
    };
    for good in [
        "R . B\n. . .\nB . R",
        "R.B/.../B.R",
        "r . b\n\n. . .\nb . r",
    ] {
        let (s, u) = (scattercut(good).unwrap(), unravel(good).unwrap());
        let colours = |v: &ludus::BoardView| -> Vec<&str> {
            v.pieces
                .iter()
                .map(|p| p.as_ref().map_or(".", |p| p.color.name()))
                .collect()
        };
        // The top line is rank 3: a1 blue, c1 red, a3 red, c3 blue (cells rank by rank from a1).
        let expected = ["blue", ".", "red", ".", ".", ".", "red", ".", "blue"];
        assert_eq!(colours(&s), expected, "{good}");
        assert_eq!(colours(&u), expected, "{good}");
    }
    for (bad, reason) in [
        ("R . B\n. . .", "has 2 ranks"),
        ("R . B\n. .\n. . .", "rank 2 of the diagram has 2 cells"),
        ("R . B\n. X .\n. . .", "'X' in the diagram is not R, B"),
    ] {
        for error in [scattercut(bad).unwrap_err(), unravel(bad).unwrap_err()] {
            assert!(error.to_string().contains(reason), "{bad}: {error}");
        }
    }
}
