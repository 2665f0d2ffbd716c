//! Merlin's Chain through the public API: rules, messages, results, perft and random games.
//!
//! Positions are set up by playing step lists (`Position::from_steps`), from diagrams
//! (`Position::from_diagram`), or, for finished games, by flipping every piece of a full
//! valid layout in place (`play_layout`): a layout whose columns all ascend is itself a valid
//! arrangement at every moment, so each of those flips is legal.

#[path = "common/perft_data.rs"]
mod perft_data;

use ludus::games::merlins_chain::{Chain, Options, Position, Step, OPTION_KEYS};
use ludus::rng::Rng;
use ludus::{perft, Describe, Game, OptionMap, Outcome};
use std::collections::BTreeSet;

fn start() -> Position {
    Position::new(&Options::default()).unwrap()
}

fn after(steps: &str) -> Position {
    Position::from_steps(steps).unwrap_or_else(|e| panic!("{steps}: {e}"))
}

#[path = "common/refusal.rs"]
mod refusal;
use refusal::err;

fn cell(name: &str) -> usize {
    let b = name.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

fn names(cells: &[usize]) -> Vec<String> {
    cells
        .iter()
        .map(|&c| format!("{}{}", (b'a' + (c % 8) as u8) as char, c / 8 + 1))
        .collect()
}

/// A full layout from a colour pattern (`G`/`W`, rank 1 first, four of each a rank): rank `r`
/// (from 0) holds the numbers `8r+1 ..= 8r+8`, Green's evens and White's odds each ascending
/// from left to right. Every column ascends, since each rank's numbers exceed the rank below.
fn layout(rows: [&str; 8]) -> [u8; 64] {
    let mut values = [0u8; 64];
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), 8);
        assert_eq!(row.matches('G').count(), 4, "{row}");
        let (mut even, mut odd) = (8 * r as u8 + 2, 8 * r as u8 + 1);
        for (f, colour) in row.chars().enumerate() {
            let v = if colour == 'G' { &mut even } else { &mut odd };
            values[r * 8 + f] = *v;
            *v += 2;
        }
    }
    values
}

/// Flips every piece of a valid layout in place, Green's ascending and White's ascending in
/// turn, checking each flip is accepted; stops after `count` flips.
fn play_layout(values: &[u8; 64], count: usize) -> Position {
    let mut p = start();
    let (mut green, mut white) = (2u8, 1u8);
    for i in 0..count {
        let n = if i % 2 == 0 { green } else { white };
        let at = values.iter().position(|&v| v == n).unwrap();
        let text = format!("{n}@{}", names(&[at])[0]);
        p.play_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        if i % 2 == 0 {
            green += 2;
        } else {
            white += 2;
        }
    }
    p
}

fn ranks(p: &Position, seat: usize) -> Vec<u8> {
    let mut r: Vec<u8> = p
        .chains()
        .iter()
        .filter(|c| c.seat == seat)
        .map(|c| c.rank)
        .collect();
    r.sort();
    r
}

fn has_chain(p: &Position, seat: usize, rank: u8, cells: &[&str]) -> bool {
    let want: Vec<usize> = cells.iter().map(|c| cell(c)).collect();
    p.chains().contains(&Chain {
        seat,
        rank,
        cells: want.try_into().unwrap(),
    })
}

// The draw pattern: no four in a line anywhere. Other patterns change a few cells of it.
const DRAW: [&str; 8] = [
    "GGWWGGWW", "WWGGWWGG", "GGWWGGWW", "WWGGWWGG", "GGWWGGWW", "WWGGWWGG", "GGWWGGWW", "WWGGWWGG",
];

// ---------------------------------------------------------------------------------------------
// Options, the start, views
// ---------------------------------------------------------------------------------------------

#[test]
fn no_options() {
    assert!(OPTION_KEYS.is_empty());
    let o = Options::from_map(&OptionMap::new()).unwrap();
    assert_eq!(o, Options::default());
    assert!(o.to_map().is_empty());
    assert_eq!(Options::from_map(&o.to_map()).unwrap(), o);
    let e = Options::from_map(&OptionMap::new().with("size", "8")).unwrap_err();
    assert!(
        e.to_string().contains("merlins-chain takes no options"),
        "{e}"
    );
}

#[test]
fn the_start() {
    let p = start();
    assert_eq!(p.players(), 2);
    assert_eq!(p.to_move(), 0);
    assert_eq!(p.outcome(), None);
    let steps = p.legal_step_list();
    assert_eq!(steps.len(), 1824);
    assert!(
        steps.iter().all(|s| s.piece % 2 == 0),
        "Green flips the even pieces"
    );
    let v = p.view();
    assert_eq!(v.prompt, "Green to flip a piece");
    assert_eq!(v.to_move, Some(0));
    assert_eq!(v.players[0].name, "Green");
    assert_eq!(v.players[0].color, "green");
    assert_eq!(v.players[1].name, "White");
    assert_eq!(v.players[1].color, "white");
    assert_eq!(v.cells[0], "a1");
    assert_eq!(v.cells[63], "h8");
    // The grey pieces in rows: 1..8 on rank 1, and so on.
    for (c, piece) in v.pieces.iter().enumerate() {
        let piece = piece.as_ref().unwrap();
        assert_eq!(piece.color, "grey");
        assert_eq!(piece.kind, "tile");
        assert_eq!(piece.label.as_deref(), Some((c + 1).to_string().as_str()));
    }
    assert!(v.highlight.is_empty());
    assert!(v
        .facts
        .contains(&("Played".to_string(), "0 of 64".to_string())));
    assert!(v
        .facts
        .contains(&("Green's lowest chain".to_string(), "none".to_string())));
}

#[test]
fn view_after_flips() {
    let p = after("10@a8 1@a1 40@c5");
    let v = p.view();
    assert_eq!(v.prompt, "White to flip a piece");
    assert_eq!(v.to_move, Some(1));
    let a8 = v.pieces[cell("a8")].as_ref().unwrap();
    assert_eq!(
        (a8.color.name(), a8.label.as_deref()),
        ("green", Some("10"))
    );
    let a1 = v.pieces[cell("a1")].as_ref().unwrap();
    assert_eq!((a1.color.name(), a1.label.as_deref()), ("white", Some("1")));
    let c5 = v.pieces[cell("c5")].as_ref().unwrap();
    assert_eq!(
        (c5.color.name(), c5.label.as_deref()),
        ("green", Some("40"))
    );
    // The grey pieces form a valid arrangement around the played ones.
    check_arrangement(&p);
    let grey: Vec<u8> = (0..64)
        .filter(|&c| v.pieces[c].as_ref().unwrap().color == "grey")
        .map(|c| {
            v.pieces[c]
                .as_ref()
                .unwrap()
                .label
                .as_ref()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(grey.len(), 61);
    assert!(v
        .facts
        .contains(&("Played".to_string(), "3 of 64".to_string())));
}

#[test]
fn step_text_and_view() {
    let p = start();
    let s = p.parse_step("18@c3").unwrap();
    assert_eq!(
        s,
        Step {
            piece: 18,
            cell: cell("c3") as u8
        }
    );
    assert_eq!(p.step_text(s), "18@c3");
    let sv = p.step_view(s);
    assert_eq!(sv.text, "18@c3");
    assert_eq!(sv.kind, "flip");
    assert_eq!(sv.cells, vec![cell("c3")]);
    assert_eq!(sv.piece, Some(18));
    assert_eq!(sv.dir, None);
    // Surrounding blanks are tolerated; the text stays canonical.
    assert_eq!(p.parse_step("  18@c3 ").unwrap(), s);
}

// ---------------------------------------------------------------------------------------------
// Which flips are legal, and why not
// ---------------------------------------------------------------------------------------------

#[test]
fn wrong_colour() {
    let p = start();
    let e = err(&p, "17@c3");
    assert!(e.contains("17 is White's piece"), "{e}");
    let p = after("18@c3");
    let e = err(&p, "20@c4");
    assert!(e.contains("20 is Green's piece"), "{e}");
}

#[test]
fn already_played() {
    let p = after("10@a8 1@a1");
    let e = err(&p, "10@c3");
    assert!(e.contains("10 is already played"), "{e}");
    assert!(e.contains("a8"), "{e}");
}

#[test]
fn occupied_cell() {
    let p = after("10@a8");
    assert_eq!(err(&p, "9@a8"), "a8 holds 10");
    let p = after("10@a8 1@a1");
    assert_eq!(err(&p, "4@a1"), "a1 holds 1");
}

#[test]
fn column_order_against_a_played_piece() {
    let p = after("10@a8");
    // 11 under 10 in column a.
    let e = err(&p, "11@a1");
    assert_eq!(
        e,
        "11 cannot go on a1: column a could no longer ascend (a8 above it holds 10)"
    );
    let p = after("40@c1");
    let e = err(&p, "39@c5");
    assert_eq!(
        e,
        "39 cannot go on c5: column c could no longer ascend (c1 below it holds 40)"
    );
    // Other columns are fine.
    assert!(p.parse_step("39@d5").is_ok());
}

#[test]
fn column_cannot_be_filled() {
    let p = start();
    // Two cells under a3 but only the 1 is smaller than 2.
    assert_eq!(
        err(&p, "2@a3"),
        "2 cannot go on a3: column a could no longer ascend (the 2 free cells under it need \
         2 grey pieces smaller than 2, but only 1 is left)"
    );
    assert!(p.parse_step("2@a2").is_ok());
    // Four cells over a4: 61..64 are four, above 62 only two.
    assert!(p.parse_step("60@a4").is_ok());
    assert_eq!(
        err(&p, "62@a4"),
        "62 cannot go on a4: column a could no longer ascend (the 4 free cells over it need \
         4 grey pieces larger than 62, but only 2 are left)"
    );
    assert!(err(&p, "64@b7")
        .contains("(the free cell over it needs a grey piece larger than 64, but none is left)"));
    // Between two played pieces: 1 on a1, 10 on a8.
    let p = after("10@a8 1@a1");
    assert!(p.parse_step("4@a4").is_ok());
    assert_eq!(
        err(&p, "4@a5"),
        "4 cannot go on a5: column a could no longer ascend (the 3 free cells under it need \
         3 grey pieces between 1 and 4, but only 2 are left)"
    );
    assert!(err(&p, "8@a4").contains(
        "(the 3 free cells over it need 3 grey pieces between 8 and 10, but only 1 is left)"
    ));
}

#[test]
fn flip_forcing_other_columns() {
    // 10 on a8: a1..a7 take seven of 1..9. Then 9 on b8 would need seven more below 9 in
    // column b: each column alone could ascend, both together cannot.
    let p = after("10@a8");
    assert_eq!(
        err(&p, "9@b8"),
        "9 cannot go on b8: no arrangement of the grey pieces would let every column ascend"
    );
    assert!(!p.legal_step_list().contains(&Step {
        piece: 9,
        cell: cell("b8") as u8
    }));
    // 11 on b8 leaves 1..9 minus one for a, and 9 others below 11 for b's seven: still too few.
    assert!(err(&p, "11@b8").contains("no arrangement of the grey pieces"));
    // With 17 there are 16 numbers below, enough for both.
    assert!(p.parse_step("17@b8").is_ok());
    // 2 on a2 needs the 1 under it; 3 on b2 would need it too (2 is played).
    let p = after("2@a2");
    assert_eq!(
        err(&p, "3@b2"),
        "3 cannot go on b2: no arrangement of the grey pieces would let every column ascend"
    );
    assert!(p.parse_step("5@b2").is_ok());
}

#[test]
fn legal_steps_are_exactly_the_accepted_texts() {
    // At a few positions, every (piece, cell) pair is tried through parse_step.
    for steps in [
        "",
        "10@a8",
        "10@a8 1@a1 4@a4",
        "2@a2 5@b2",
        "64@h8 63@g8 62@f8",
    ] {
        let p = after(steps);
        let listed: BTreeSet<Step> = p.legal_step_list().into_iter().collect();
        assert_eq!(listed.len(), p.legal_step_list().len(), "no duplicates");
        assert_eq!(listed, accepted(&p), "after {steps:?}");
    }
}

/// Every flip parse_step accepts, trying all pieces on all cells.
fn accepted(p: &Position) -> BTreeSet<Step> {
    let mut out = BTreeSet::new();
    for n in 1..=64u8 {
        for c in 0..64 {
            let text = format!("{n}@{}", names(&[c])[0]);
            if let Ok(s) = p.parse_step(&text) {
                assert_eq!(
                    s,
                    Step {
                        piece: n,
                        cell: c as u8
                    }
                );
                out.insert(s);
            }
        }
    }
    out
}

#[test]
fn bad_text() {
    let p = start();
    assert!(err(&p, "").contains("17@c3"));
    assert!(err(&p, "c3").contains("is not a flip"));
    assert!(err(&p, "x@c3").contains("`x` is not a piece"));
    assert!(err(&p, "0@c3").contains("is not a piece"));
    assert!(err(&p, "65@c3").contains("`65` is not a piece"));
    assert!(err(&p, "99999999999999999999@c3").contains("is not a piece"));
    assert!(err(&p, "-2@c3").contains("is not a piece"));
    assert!(err(&p, "02@c3").contains("is not a piece"));
    assert_eq!(err(&p, "2@x9"), "`x9` is not a cell of this 8×8 board");
    assert!(err(&p, "2@a9").contains("not a cell"));
    assert!(err(&p, "2@").contains("not a cell"));
    assert!(err(&p, "2@@c3").contains("not a cell"));
    assert!(err(&p, "2@c3@").contains("not a cell"));
    assert!(err(&p, "é@ü").contains("not a piece"));
}

#[test]
fn diagrams() {
    let p = after("10@a8 1@a1 40@c5");
    let d = p.diagram();
    assert_eq!(
        d,
        "10 . . . . . . .\n. . . . . . . .\n. . . . . . . .\n. . 40 . . . . .\n\
         . . . . . . . .\n. . . . . . . .\n. . . . . . . .\n1 . . . . . . .\n"
    );
    let q = Position::from_diagram(&d).unwrap();
    assert_eq!(q.diagram(), d);
    assert_eq!(q.to_move(), 1);
    assert_eq!(q.legal_step_list(), p.legal_step_list());
    let e = |text: &str| Position::from_diagram(text).unwrap_err().to_string();
    assert!(e(". . .").contains("8 lines"));
    let empty = ". . . . . . . .\n".repeat(8);
    assert_eq!(Position::from_diagram(&empty).unwrap().played_count(), 0);
    let line = |row: &str| format!("{row}\n{}", ". . . . . . . .\n".repeat(7));
    assert!(e(&line(". . . . . . .")).contains("rank 8 of the diagram has 7 entries"));
    assert!(e(&line("2 2 . . . . . .")).contains("2 appears twice"));
    assert!(e(&line("2 x . . . . . .")).contains("`x` on b8"));
    assert!(e(&line("2 4 . . . . . .")).contains("Green 2, White 0"));
    assert!(e(&line("1 . . . . . . .")).contains("Green 0, White 1"));
    // 2 on a8 leaves only 1 for a1..a7.
    assert!(e(&line("2 1 . . . . . .")).contains("no arrangement"));
    let mut rows = [". . . . . . . ."; 8];
    rows[0] = "20 . . . . . . .";
    rows[7] = "30 . . . . . . .";
    rows[3] = "21 . . . . . . .";
    assert!(e(&rows.join("\n")).contains("column a does not ascend"));
}

// ---------------------------------------------------------------------------------------------
// Chains and the result
// ---------------------------------------------------------------------------------------------

#[test]
fn layouts_are_valid() {
    let v = layout(DRAW);
    let mut seen: Vec<u8> = v.to_vec();
    seen.sort();
    assert_eq!(seen, (1..=64).collect::<Vec<u8>>());
    for c in 8..64 {
        assert!(v[c - 8] < v[c]);
    }
}

#[test]
fn draw_without_chains() {
    let p = play_layout(&layout(DRAW), 64);
    assert!(p.chains().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    assert!(p.legal_step_list().is_empty());
    let v = p.view();
    assert_eq!(v.outcome, Some(Outcome::Draw));
    assert_eq!(v.to_move, None);
    assert_eq!(v.prompt, "Draw: neither side has a chain");
    assert!(v.highlight.is_empty());
    assert!(v.pieces.iter().all(|x| x.as_ref().unwrap().color != "grey"));
    assert_eq!(err(&p, "2@a1"), "the game is over");
}

#[test]
fn row_chain() {
    let mut rows = DRAW;
    rows[0] = "WGGGGWWW";
    let values = layout(rows);
    assert_eq!(&values[..8], &[1, 2, 4, 6, 8, 3, 5, 7]);
    let p = play_layout(&values, 64);
    assert_eq!(p.chains().len(), 1);
    assert!(has_chain(&p, 0, 8, &["b1", "c1", "d1", "e1"]));
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    let v = p.view();
    assert_eq!(v.prompt, "Green wins with a chain of rank 8");
    assert_eq!(names(&v.highlight), ["b1", "c1", "d1", "e1"]);
    assert!(v
        .facts
        .contains(&("Green's lowest chain".to_string(), "8".to_string())));
    assert!(v
        .facts
        .contains(&("White's lowest chain".to_string(), "none".to_string())));
}

#[test]
fn column_chain_and_five_in_a_column() {
    let mut rows = DRAW;
    rows[1] = "GWGGWWGW";
    rows[3] = "GWGGWWGW";
    let p = play_layout(&layout(rows), 64);
    // a1..a5 hold 2, 10, 18, 26, 34: two chains, ranks 26 and 34. h1..h5: 7, 15, 23, 31, 39.
    assert!(has_chain(&p, 0, 26, &["a1", "a2", "a3", "a4"]));
    assert!(has_chain(&p, 0, 34, &["a2", "a3", "a4", "a5"]));
    assert!(has_chain(&p, 1, 31, &["h1", "h2", "h3", "h4"]));
    assert!(has_chain(&p, 1, 39, &["h2", "h3", "h4", "h5"]));
    assert_eq!(p.chains().len(), 4);
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert_eq!(names(&p.view().highlight), ["a1", "a2", "a3", "a4"]);
}

#[test]
fn north_east_diagonal() {
    let rows = [
        "WGWWGGGW", "WWGGWWGG", "GGWWGGWW", "GWGWWWGG", "GGWWGGWW", "WWGGWWGG", "GGWWGGWW",
        "WWGGWWGG",
    ];
    let p = play_layout(&layout(rows), 64);
    // a1 1, b2 11, c3 19, d4 27.
    assert_eq!(p.chains().len(), 1);
    assert!(has_chain(&p, 1, 27, &["a1", "b2", "c3", "d4"]));
    assert_eq!(p.outcome(), Some(Outcome::Winner(1)));
    let v = p.view();
    assert_eq!(v.prompt, "White wins with a chain of rank 27");
    assert_eq!(names(&v.highlight), ["a1", "b2", "c3", "d4"]);
}

#[test]
fn south_east_diagonal_of_five() {
    let rows = [
        "GGWWGGWW", "WWGWGWGG", "WGWGGGWW", "WWGGWWGG", "GGWWGGWW", "WWGGWWGG", "GGWWGGWW",
        "WWGGWWGG",
    ];
    let p = play_layout(&layout(rows), 64);
    // b5 36, c4 26, d3 20, e2 12, f1 6: two chains.
    assert!(has_chain(&p, 0, 26, &["c4", "d3", "e2", "f1"]));
    assert!(has_chain(&p, 0, 36, &["b5", "c4", "d3", "e2"]));
    assert_eq!(p.chains().len(), 2);
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert_eq!(names(&p.view().highlight), ["c4", "d3", "e2", "f1"]);
}

#[test]
fn the_sheets_example_of_ranks() {
    // A board with the chain ranks of the sheet's finished example: White has 8 chains of
    // ranks 37, 39, 43 (twice), 49, 53, 55 and 61; Green 4 of ranks 34, 42, 52, 60. Green has
    // fewer chains but the lowest one, and wins.
    let rows = [
        "GWGWWGWG", "GWWGGGWW", "WGGWGGWW", "GGWWGWGW", "GGWWWGGW", "WGGWWGWG", "GGGWWWWG",
        "GWWGGWGW",
    ];
    let p = play_layout(&layout(rows), 64);
    assert_eq!(ranks(&p, 0), [34, 42, 52, 60]);
    assert_eq!(ranks(&p, 1), [37, 39, 43, 43, 49, 53, 55, 61]);
    assert!(has_chain(&p, 0, 34, &["a5", "b4", "c3", "d2"]));
    assert!(has_chain(&p, 1, 37, &["e5", "f4", "g3", "h2"]));
    assert!(has_chain(&p, 1, 55, &["d7", "e7", "f7", "g7"]));
    assert!(has_chain(&p, 0, 42, &["b3", "b4", "b5", "b6"]));
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert_eq!(p.lowest_chain(1).unwrap().rank, 37);
    let v = p.view();
    assert_eq!(names(&v.highlight), ["a5", "b4", "c3", "d2"]);
    assert!(v
        .facts
        .contains(&("White's lowest chain".to_string(), "37".to_string())));
}

#[test]
fn not_over_until_all_64_are_played() {
    // Green's chain of rank 8 on rank 1 decides the game long before the end.
    let mut rows = DRAW;
    rows[0] = "WGGGGWWW";
    let values = layout(rows);
    let p = play_layout(&values, 8);
    assert!(has_chain(&p, 0, 8, &["b1", "c1", "d1", "e1"]));
    assert_eq!(p.outcome(), None);
    assert!(!p.legal_step_list().is_empty());
    let p = play_layout(&values, 63);
    assert_eq!(p.played_count(), 63);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.to_move(), 1);
    let v = p.view();
    assert_eq!(v.to_move, Some(1));
    assert_eq!(v.prompt, "White to flip a piece");
    assert!(v.highlight.is_empty());
    // The last piece, 63, has one place left.
    let at = values.iter().position(|&v| v == 63).unwrap();
    assert_eq!(
        p.legal_step_list(),
        vec![Step {
            piece: 63,
            cell: at as u8
        }]
    );
    let mut p = p;
    p.play_text(&format!("63@{}", names(&[at])[0])).unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert!(p.legal_step_list().is_empty());
}

// ---------------------------------------------------------------------------------------------
// perft
// ---------------------------------------------------------------------------------------------

const GAME_2024: &str = "60@e8 47@a4 46@c4 23@b5 58@g6 3@f2 42@b8 21@f3 20@c1 13@e2 28@e3 \
    19@h3 52@g2 27@f5 54@a5 35@f6 56@h8 39@c2 26@g1 9@d6 22@d8 41@f7 14@b1 15@d7 2@h1 33@h7 \
    32@b6 25@h4 40@a3 63@a7 30@e4 49@c6 36@b7 43@c3 10@a1 11@h2 34@e5 37@e6 50@c7 55@g4 \
    24@f4 45@f8 62@a6 1@f1 18@b4 59@g7 44@e7 5@d2 6@d3 61@g8 38@a2 51@c8 4@d1 17@b3 12@e1 \
    53@g3 8@d5 7@d4 16@b2 31@h6";

/// The first `n` steps of GAME_2024 (the first 60 steps of a random game, seed 2024).
fn game_prefix(n: usize) -> String {
    GAME_2024
        .split_whitespace()
        .take(n)
        .collect::<Vec<_>>()
        .join(" ")
}

/// About a minute in release: `cargo test --release --test merlins_chain -- --ignored`.
#[test]
#[ignore]
fn perft_depth_3_from_the_start() {
    assert_eq!(perft(&start(), 3), 4_577_000_448);
}

/// perft through parse_step on every (piece, cell) pair: an independent count.
fn slow_perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    accepted(p)
        .into_iter()
        .map(|s| {
            let mut q = p.clone();
            q.play(s);
            slow_perft(&q, depth - 1)
        })
        .sum()
}

/// The perft table (tests/data/perft/merlins-chain.txt) again through parse_step, wherever
/// that is quick: the counts of up to a few thousand sequences.
#[test]
fn perft_agrees_with_parse_step() {
    let mut checked = 0;
    for case in perft_data::cases("merlins-chain") {
        let ludus::games::AnyGame::MerlinsChain(p) = case.position() else {
            unreachable!()
        };
        for &(depth, count) in case.expected.iter().filter(|(_, n)| *n <= 3000) {
            assert_eq!(slow_perft(&p, depth), count, "{} depth {depth}", case.place);
            checked += 1;
        }
    }
    assert_eq!(checked, 18);
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

/// The view's arrangement: every number once, the played pieces in place, columns ascending.
fn check_arrangement(p: &Position) {
    let a = p.arrangement();
    let mut seen = [false; 65];
    for c in 0..64 {
        let n = a[c];
        assert!((1..=64).contains(&n) && !seen[n as usize], "{a:?}");
        seen[n as usize] = true;
        if let Some(played) = p.piece_at(c) {
            assert_eq!(played, n);
        }
        if c >= 8 {
            assert!(a[c - 8] < n, "column {} in {a:?}", c % 8);
        }
    }
}

#[test]
fn random_games() {
    let mut list = Vec::new();
    for seed in 0..1500u64 {
        let mut rng = Rng::new(seed);
        let mut p = start();
        let mut plies = 0;
        let thorough = seed < 20;
        while p.outcome().is_none() {
            assert!(plies < 64);
            list.clear();
            p.legal_steps(&mut list);
            assert!(!list.is_empty(), "no legal step in a running game");
            assert_eq!(p.view().to_move, Some(plies % 2));
            // The shown arrangement is valid, and flipping any of the mover's grey pieces in
            // place is legal: that is why a running game always has a legal step.
            if thorough || plies % 16 == 0 {
                check_arrangement(&p);
                let a = p.arrangement();
                let mover = p.to_move() as u8;
                let mut in_place = 0;
                for (c, &n) in a.iter().enumerate() {
                    if p.piece_at(c).is_none() && n % 2 == mover {
                        in_place += 1;
                        assert!(list.contains(&Step {
                            piece: n,
                            cell: c as u8
                        }));
                    }
                }
                assert!(in_place > 0);
            }
            let checks = if thorough { list.len() } else { 2 };
            for i in 0..checks {
                let s = if thorough {
                    list[i]
                } else {
                    list[rng.below(list.len())]
                };
                let text = p.step_text(s);
                assert_eq!(p.parse_step(&text), Ok(s), "{text}");
            }
            let s = list[rng.below(list.len())];
            p.play(s);
            plies += 1;
        }
        assert_eq!(plies, 64);
        assert_eq!(p.played_count(), 64);
        assert!(p.legal_step_list().is_empty());
        let v = p.view();
        assert_eq!(v.to_move, None);
        // The result follows the lowest chain.
        match p.outcome().unwrap() {
            Outcome::Draw => assert!(p.chains().is_empty()),
            Outcome::Winner(seat) => {
                let all = p.chains();
                let low = all.iter().map(|c| c.rank).min().unwrap();
                assert_eq!(p.lowest_chain(seat).unwrap().rank, low);
                assert_eq!(v.highlight.len(), 4);
                let values: Vec<u8> = v
                    .highlight
                    .iter()
                    .map(|&c| p.piece_at(c).unwrap())
                    .collect();
                assert!(values.iter().all(|&n| (n % 2 == 0) == (seat == 0)));
                assert_eq!(*values.iter().max().unwrap(), low);
            }
        }
        assert_eq!(
            p.parse_step("2@a1"),
            Err(ludus::Error::game_over("the game is over"))
        );
    }
}

#[test]
fn random_positions_list_exactly_the_accepted_flips() {
    let mut rng = Rng::new(77);
    for _ in 0..12 {
        let mut p = start();
        let stop = rng.below(60);
        for _ in 0..stop {
            let list = p.legal_step_list();
            p.play(list[rng.below(list.len())]);
        }
        let listed: BTreeSet<Step> = p.legal_step_list().into_iter().collect();
        assert_eq!(listed, accepted(&p), "\n{}", p.diagram());
    }
}

#[test]
fn mangled_text_never_panics() {
    let mut rng = Rng::new(3);
    let positions = [start(), after(&game_prefix(30)), after(GAME_2024)];
    let pieces = [
        "", "@", "17@c3", "2@a2", "64@h8", "é", "ü@☃", "0", "@@", "\u{0}", "9@", "@c3",
    ];
    for p in &positions {
        for _ in 0..3000 {
            let mut text = String::new();
            for _ in 0..rng.below(4) {
                text.push_str(pieces[rng.below(pieces.len())]);
            }
            // Random bytes as chars, and truncations of good texts.
            if rng.below(2) == 0 {
                for _ in 0..rng.below(6) {
                    text.push(char::from_u32(rng.below(0x3000) as u32).unwrap_or('x'));
                }
            }
            let good = "18@c3";
            let cut = rng.below(good.len() + 1);
            if rng.below(3) == 0 {
                text = good[..cut].to_string();
            }
            let _ = p.parse_step(&text);
        }
        let _ = p.parse_step(&"9".repeat(100_000));
        let _ = p.parse_step(&format!("2@{}", "a".repeat(1000)));
        let _ = p.parse_step("18446744073709551617@c3");
    }
}
