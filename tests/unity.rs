//! Long: the whole rule suite of one game (slides, captures, walls, passing, the end, options) and its slow reference.
//!
//! Unity (Unified Edition): rule points on hand-built positions, perft, options, and random
//! games checked against a slow reference written from the rules only.
//!
//! Positions are set up through the options (layout + walls); `pieces("Pe1 oe3")` puts a
//! purple ring on e1 and an orange asterisk on e3 of an otherwise empty board.

use ludus::games::unity::*;
use ludus::geometry::{HexDir, HexGrid};
use ludus::rng::Rng;
use ludus::{perft, Describe, Game, OptionMap, Outcome};
use std::collections::BTreeSet;

const LAYOUT: &str = "GoGPpgPOooGOoOPPpoOPOPOogGGpgppPGpGOo.oOGOgoPgpoppGgGpgOgPPgg";

fn map(pairs: &[(&str, &str)]) -> OptionMap {
    let mut m = OptionMap::new();
    for (k, v) in pairs {
        m.set(*k, *v);
    }
    m
}

fn options(pairs: &[(&str, &str)]) -> Options {
    Options::from_map(&map(pairs)).unwrap_or_else(|e| panic!("{pairs:?}: {e}"))
}

fn position(pairs: &[(&str, &str)]) -> Position {
    Position::new(&options(pairs)).unwrap()
}

/// A layout for an otherwise empty board: tokens like `Pe1` (purple ring on e1), `oe3`.
fn pieces(size: usize, tokens: &str) -> String {
    let grid = HexGrid::new(size);
    let mut cells = vec!['.'; grid.len()];
    for token in tokens.split_whitespace() {
        let mut chars = token.chars();
        let piece = chars.next().unwrap();
        let cell = grid
            .parse(chars.as_str())
            .unwrap_or_else(|| panic!("{token}"));
        assert_eq!(cells[cell], '.', "{token} placed twice");
        cells[cell] = piece;
    }
    cells.into_iter().collect()
}

/// A side-5 position from piece tokens and more options.
fn setup(tokens: &str, more: &[(&str, &str)]) -> Position {
    let size = more
        .iter()
        .find(|(k, _)| *k == "size")
        .map_or(5, |(_, v)| v.parse().unwrap());
    let layout = pieces(size, tokens);
    let mut pairs = vec![("layout", layout.as_str())];
    pairs.extend_from_slice(more);
    position(&pairs)
}

fn cell(p: &Position, name: &str) -> usize {
    p.grid().parse(name).unwrap()
}

fn texts(p: &Position) -> BTreeSet<String> {
    p.legal_step_list()
        .into_iter()
        .map(|s| p.step_text(s))
        .collect()
}

fn play(p: &mut Position, steps: &[&str]) {
    for s in steps {
        p.play_text(s)
            .unwrap_or_else(|e| panic!("{s}: {e}\n{}", p.diagram()));
    }
}

#[path = "common/refusal.rs"]
mod refusal;
use refusal::err;

fn slides_from(p: &Position, from: &str) -> BTreeSet<String> {
    texts(p)
        .into_iter()
        .filter(|t| t.starts_with(&format!("{from}-")))
        .map(|t| t[from.len() + 1..].to_string())
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

fn winner_color(p: &Position) -> Option<Color> {
    match p.outcome() {
        Some(Outcome::Winner(seat)) => Some(p.seat_color(seat)),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Slides
// ---------------------------------------------------------------------------------------------

#[test]
fn slide_jumps_pieces_stops_at_walls_and_the_edge() {
    // e1 is the west corner: W, NW and SW lead off the board.
    let p = setup("Pe1 Oe2 oe3 Gf1", &[("walls", "e6|e7")]);
    assert_eq!(
        slides_from(&p, "e1"),
        // East: over e2 and e3, up to the wall. NE: over f1. SE: down to the corner a1.
        set(&["e4", "e5", "e6", "g1", "h1", "i1", "d1", "c1", "b1", "a1"])
    );
    assert_eq!(err(&p, "e1-e7"), "a wall blocks the way from e1 to e7");
    assert_eq!(err(&p, "e1-e9"), "a wall blocks the way from e1 to e9");
    assert_eq!(err(&p, "e1-e2"), "e2 is occupied");
    assert_eq!(err(&p, "e1-f1"), "f1 is occupied");
    assert_eq!(err(&p, "e1-d3"), "d3 is not in line with e1");
    assert_eq!(err(&p, "e1-e1"), "a piece must move to another cell");
    assert_eq!(
        err(&p, "e2-e4"),
        "e2 holds an Orange piece: Purple is to play"
    );
    assert_eq!(err(&p, "e5-e6"), "e5 is empty");
    assert!(err(&p, "e1-e0").contains("not a cell"));
    assert!(err(&p, "e1-j1").contains("not a cell"));
    // The slide moves the piece.
    let mut q = p;
    play(&mut q, &["e1-e6"]);
    assert_eq!(q.piece(cell(&q, "e6")), Some((Color::Purple, Kind::Ring)));
    assert_eq!(q.piece(cell(&q, "e1")), None);
    // Purple's lone piece is united (1), but Orange's e2 e3 are too, and larger.
    assert_eq!(winner_color(&q), Some(Color::Orange));
}

#[test]
fn slide_count_by_hand() {
    // Purple's lone ring cannot capture (it would remove Purple's last piece): 10 slides
    // + 155 walls.
    let p = setup("Pe1 Oe2 oe3 Gf1", &[("walls", "e6|e7")]);
    assert_eq!(p.legal_step_list().len(), 10 + 155);
    assert_eq!(perft(&p, 1), 165);
}

#[test]
fn asterisks_slide_too() {
    let mut p = setup("pc3 pa1 Oe5 Oi5", &[]);
    play(&mut p, &["c3-c7"]);
    assert_eq!(
        p.piece(cell(&p, "c7")),
        Some((Color::Purple, Kind::Asterisk))
    );
}

// ---------------------------------------------------------------------------------------------
// Captures
// ---------------------------------------------------------------------------------------------

#[test]
fn ring_captures_all_around_but_not_behind_a_wall() {
    // e5's neighbours: e4 e6 (W, E), f4 f5 (NW, NE), d4 d5 (SW, SE).
    let mut p = setup("Pe5 Pa1 Oe4 oe6 Gf4 Pf5 gd4 Od5 Oi5", &[("walls", "e5|e6")]);
    assert!(texts(&p).contains("e5x"));
    play(&mut p, &["e5x"]);
    for gone in ["e5", "e4", "f4", "f5", "d4", "d5"] {
        assert_eq!(p.piece(cell(&p, gone)), None, "{gone}");
    }
    assert_eq!(
        p.piece(cell(&p, "e6")),
        Some((Color::Orange, Kind::Asterisk))
    );
    assert_eq!(p.count(Color::Purple), 1);
    assert_eq!(p.count(Color::Orange), 2);
    assert_eq!(p.count(Color::Green), 0);
}

#[test]
fn ring_alone_removes_only_itself() {
    let mut p = setup("Pe5 Pa1 Oi5 Oi1", &[]);
    play(&mut p, &["e5x"]);
    assert_eq!(p.count(Color::Purple), 1);
    assert_eq!(p.count(Color::Orange), 2);
}

#[test]
fn asterisk_captures_a_line_up_to_a_wall() {
    // East from e1: e2 (own ring), e3 empty, e4 neutral, e5 orange, wall, e6 orange.
    let mut p = setup("pe1 Pe2 Ge4 Oe5 Oe6 Pa1 Oi1", &[("walls", "e5|e6")]);
    play(&mut p, &["e1xE"]);
    for gone in ["e1", "e2", "e4", "e5"] {
        assert_eq!(p.piece(cell(&p, gone)), None, "{gone}");
    }
    assert!(p.piece(cell(&p, "e6")).is_some());
    assert_eq!(p.layout(), pieces(5, "Pa1 Oe6 Oi1"));
}

#[test]
fn asterisk_captures_a_line_to_the_board_edge() {
    // NE from e1: f1 g1 h1 i1; pieces beyond empty cells go too.
    let mut p = setup("pe1 gg1 Oi1 Pa1 Oa5 Oe9", &[]);
    play(&mut p, &["e1xNE"]);
    assert_eq!(p.layout(), pieces(5, "Pa1 Oa5 Oe9"));
}

#[test]
fn asterisk_has_six_distinct_captures_even_when_they_capture_nothing() {
    // e1 has only three directions on the board, yet all six captures are listed: the
    // others remove the asterisk alone.
    let p = setup("pe1 Pa5 Oi5 Oi1", &[("supply", "0")]);
    let captures: BTreeSet<String> = texts(&p)
        .into_iter()
        .filter(|t| t.starts_with("e1x"))
        .collect();
    assert_eq!(
        captures,
        set(&["e1xNE", "e1xE", "e1xSE", "e1xSW", "e1xW", "e1xNW"])
    );
    let mut q = p;
    play(&mut q, &["e1xW"]);
    assert_eq!(q.layout(), pieces(5, "Pa5 Oi5 Oi1"));
    // A ring has one capture, written without a direction.
    let p = setup("Pe5 Pa5 Oi5 Oi1", &[]);
    assert_eq!(
        err(&p, "e5xNE"),
        "e5 is a ring: it captures all around, written e5x"
    );
    let p = setup("pe5 Pa5 Oi5 Oi1", &[]);
    assert_eq!(
        err(&p, "e5x"),
        "e5 is an asterisk: name a direction, as in e5xNE"
    );
    assert!(err(&p, "e5xN").contains("not a direction"));
    assert!(
        p.parse_step("e5xne").is_ok(),
        "lower-case directions are accepted"
    );
}

#[test]
fn a_capture_may_not_remove_a_players_last_pieces() {
    // Orange's only pieces are around Purple's ring.
    let p = setup("Pe5 Pa1 Oe4 Oe6", &[]);
    assert!(!texts(&p).contains("e5x"));
    assert_eq!(
        err(&p, "e5x"),
        "that capture would leave Orange with no pieces"
    );
    // Not even one's own.
    let p = setup("Pe5 Pe6 Oa1 Oa5", &[]);
    assert_eq!(
        err(&p, "e5x"),
        "that capture would leave Purple with no pieces"
    );
    assert_eq!(
        err(&p, "e6x"),
        "that capture would leave Purple with no pieces"
    );
    // Both at once.
    let p = setup("pe1 Pe2 Oe3", &[]);
    assert_eq!(
        err(&p, "e1xE"),
        "that capture would leave Purple and Orange with no pieces"
    );
    // An asterisk aimed elsewhere is fine.
    assert!(texts(&p).contains("e1xNE"));
}

#[test]
fn a_lone_piece_cannot_capture() {
    let p = setup("Pe5 Oa1 Oa5", &[]);
    assert!(!texts(&p).iter().any(|t| t.contains('x')));
    let p = setup("pe5 Oa1 Oa5", &[]);
    assert!(!texts(&p).iter().any(|t| t.contains('x')));
}

#[test]
fn the_neutral_colours_last_pieces_may_go() {
    let mut p = setup("Pe5 Pa1 Ge4 ge6 Oi1 Oi5", &[]);
    play(&mut p, &["e5x"]);
    assert_eq!(p.count(Color::Green), 0);
    // With Orange neutral, Orange's last pieces may go and Green's may not.
    let p = setup("Pe5 Pa1 Oe4 Ge6 Gi1", &[("neutral", "orange")]);
    assert_eq!(p.seat_color(1), Color::Green);
    assert!(p.parse_step("e5x").is_ok());
    let p = setup("Pe5 Pa1 Oe4 Ge6", &[("neutral", "orange")]);
    assert_eq!(
        err(&p, "e5x"),
        "that capture would leave Green with no pieces"
    );
}

#[test]
fn three_players_every_colour_is_protected() {
    let p = setup("Pe5 Pa1 Oa5 Ge4", &[("players", "3")]);
    assert_eq!(
        err(&p, "e5x"),
        "that capture would leave Green with no pieces"
    );
}

// ---------------------------------------------------------------------------------------------
// Walls
// ---------------------------------------------------------------------------------------------

#[test]
fn walls_go_on_empty_edges_and_come_from_the_supply() {
    let mut p = setup("Pa1 Pa5 Oi1 Oi5", &[("walls", "e5|e6"), ("supply", "2")]);
    assert_eq!(p.walls_left(), 2);
    assert_eq!(
        err(&p, "e5|e6"),
        "there is already a wall between e5 and e6"
    );
    assert_eq!(
        err(&p, "e6|e5"),
        "there is already a wall between e5 and e6"
    );
    assert!(err(&p, "e5|e7").contains("not neighbours"));
    // Either order is accepted; the canonical text is in cell order.
    let s = p.parse_step("f5|e5").unwrap();
    assert_eq!(p.step_text(s), "e5|f5");
    play(&mut p, &["f5|e5"]);
    assert!(p.has_wall(cell(&p, "e5"), cell(&p, "f5")));
    assert_eq!(p.walls_left(), 1);
    assert_eq!(p.to_move(), 1, "two players place one wall a turn");
    play(&mut p, &["a1|a2"]);
    assert_eq!(p.walls_left(), 0);
    assert!(!texts(&p).iter().any(|t| t.contains('|')));
    assert_eq!(err(&p, "c3|c4"), "no walls are left in the supply");
    let v = p.view();
    assert!(v
        .facts
        .contains(&("Walls left".to_string(), "0".to_string())));
    assert_eq!(v.walls.len(), 3);
    assert_eq!(v.prompt, "Purple to move or capture");
}

#[test]
fn supply_zero_means_no_walls() {
    let p = setup("Pa1 Pa5 Oi1 Oi5", &[("supply", "0")]);
    assert!(!texts(&p).iter().any(|t| t.contains('|')));
}

#[test]
fn no_wall_once_every_edge_has_one() {
    let grid = HexGrid::new(5);
    let all: Vec<String> = (0..grid.edges().len()).map(|e| grid.edge_name(e)).collect();
    let p = setup("Pa1 Pa5 Oi1 Oi5", &[("walls", &all.join(","))]);
    // Everything is walled in: no slide, no wall; each ring captures itself alone.
    assert_eq!(texts(&p), set(&["a1x", "a5x"]));
    assert_eq!(
        p.walls_left(),
        12,
        "starting walls do not come from the supply"
    );
}

#[test]
fn walls_block_slides_and_captures_after_being_placed() {
    let mut p = setup("Pe1 Pa1 Oe5 Oi1 Oi5", &[]);
    assert!(texts(&p).contains("e1-e9"));
    play(&mut p, &["a1-a2", "e3|e4"]);
    assert_eq!(
        slides_from(&p, "e1"),
        set(&["e2", "e3", "f1", "g1", "h1", "d1", "c1", "b1", "a1"])
    );
}

// ---------------------------------------------------------------------------------------------
// Three players: two walls a turn
// ---------------------------------------------------------------------------------------------

#[test]
fn three_players_place_two_walls() {
    let mut p = position(&[("layout", LAYOUT), ("players", "3")]);
    play(&mut p, &["a1|a2"]);
    assert_eq!(p.to_move(), 0);
    assert!(p.second_wall_pending());
    let steps = texts(&p);
    assert_eq!(steps.len(), 155);
    assert!(steps.iter().all(|t| t.contains('|')));
    assert_eq!(
        err(&p, "e5-e6"),
        "Purple must place a second wall (write it as c3|c4)"
    );
    assert_eq!(
        err(&p, "a1x"),
        "Purple must place a second wall (write it as c3|c4)"
    );
    assert_eq!(
        err(&p, "a1|a2"),
        "there is already a wall between a1 and a2"
    );
    let v = p.view();
    assert_eq!(v.prompt, "Purple to place a second wall");
    assert!(v
        .facts
        .contains(&("Second wall".to_string(), "to place".to_string())));
    assert_eq!(v.to_move, Some(0));
    play(&mut p, &["a2|a3"]);
    assert_eq!(p.to_move(), 1);
    assert!(!p.second_wall_pending());
    assert_eq!(p.walls_left(), 10);
    // Orange's turn: a wall is again the first of two.
    play(&mut p, &["i1|i2"]);
    assert_eq!(p.to_move(), 1);
    play(&mut p, &["i2|i3"]);
    assert_eq!(p.to_move(), 2);
    // Green captures with its ring on a1: one step, the turn passes on.
    play(&mut p, &["a1x"]);
    assert_eq!(p.to_move(), 0);
    assert_eq!(p.outcome(), None);
}

#[test]
fn three_players_single_wall_when_the_supply_holds_one() {
    let mut p = position(&[("layout", LAYOUT), ("players", "3"), ("supply", "1")]);
    play(&mut p, &["a1|a2"]);
    assert_eq!(p.to_move(), 1, "the turn ends after the last wall");
    assert!(!p.second_wall_pending());
    assert!(!texts(&p).iter().any(|t| t.contains('|')));
    // Supply 3: Purple places two, Orange only one.
    let mut p = position(&[("layout", LAYOUT), ("players", "3"), ("supply", "3")]);
    play(&mut p, &["a1|a2", "a2|a3", "i1|i2"]);
    assert_eq!(p.to_move(), 2);
    assert_eq!(p.walls_left(), 0);
}

#[test]
fn three_players_single_wall_when_no_edge_is_left() {
    let grid = HexGrid::new(5);
    let last = grid.parse_edge("e4|e5").unwrap();
    let all: Vec<String> = (0..grid.edges().len())
        .filter(|&e| e != last)
        .map(|e| grid.edge_name(e))
        .collect();
    let mut p = setup(
        "Pa1 Pa5 Oi1 Oi5 Ge1 Ge9",
        &[("walls", &all.join(",")), ("players", "3")],
    );
    play(&mut p, &["e4|e5"]);
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.walls_left(), 11);
    assert_eq!(texts(&p), set(&["i1x", "i5x"]));
}

#[test]
fn three_players_no_judging_between_the_two_walls() {
    // Orange is united from the start (nothing is judged at setup). Purple's first wall
    // leaves it so, but the turn is not over; the second wall splits Orange.
    let tokens = "Pa1 Pa5 Oe4 Oe5 Ge1 Ge9";
    let mut p = setup(tokens, &[("players", "3")]);
    assert!(p.is_united(Color::Orange));
    assert_eq!(p.outcome(), None);
    play(&mut p, &["a1|a2"]);
    assert_eq!(p.outcome(), None);
    play(&mut p, &["e4|e5"]);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.to_move(), 1);
    // Same, but the second wall goes elsewhere: Orange wins when Purple's turn ends.
    let mut p = setup(tokens, &[("players", "3")]);
    play(&mut p, &["a1|a2", "a2|a3"]);
    assert_eq!(winner_color(&p), Some(Color::Orange));
    assert!(p.legal_step_list().is_empty());
}

// ---------------------------------------------------------------------------------------------
// Passing
// ---------------------------------------------------------------------------------------------

/// Purple rings e5 and d6 share the neighbours e6 and d5, Orange's only pieces, which a wall
/// separates; Green fills the rest of the board and no walls are left. Neither player is
/// united, no piece can slide, and every capture would leave Orange or Purple with nothing.
fn stalemate() -> Position {
    let grid = HexGrid::new(5);
    let mut cells = vec!['G'; grid.len()];
    for (name, ch) in [("e5", 'P'), ("d6", 'P'), ("e6", 'O'), ("d5", 'O')] {
        cells[grid.parse(name).unwrap()] = ch;
    }
    let layout: String = cells.into_iter().collect();
    position(&[("layout", &layout), ("walls", "d5|e6"), ("supply", "0")])
}

#[test]
fn pass_when_nothing_else_is_legal() {
    let mut p = stalemate();
    assert_eq!(texts(&p), set(&["pass"]));
    assert_eq!(
        err(&p, "e5x"),
        "that capture would leave Orange with no pieces"
    );
    assert_eq!(p.view().prompt, "Purple cannot do anything and must pass");
    let s = p.parse_step("pass").unwrap();
    assert_eq!(p.step_view(s).kind.name(), "pass");
    play(&mut p, &["pass"]);
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.outcome(), None);
    assert_eq!(texts(&p), set(&["pass"]));
    assert_eq!(
        err(&p, "e6x"),
        "that capture would leave Purple with no pieces"
    );
    // Both players have now passed in a row: the game is drawn at once.
    play(&mut p, &["pass"]);
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    assert!(p.legal_step_list().is_empty());
    assert_eq!(p.view().prompt, "Draw");
}

#[test]
fn no_pass_otherwise() {
    let p = position(&[("layout", LAYOUT)]);
    assert_eq!(
        err(&p, "pass"),
        "you may pass only when no other step is possible"
    );
    assert!(!texts(&p).contains("pass"));
}

/// Three players: Purple and Orange are stuck as in `stalemate`, but Green (a player now, not
/// united: a1 is walled off) can act, so two passes are not "every player in a row". A Green
/// slide between passes starts the count again; only three passes in a row draw the game.
#[test]
fn three_player_passes_draw_only_when_all_pass() {
    let grid = HexGrid::new(5);
    let mut cells = vec!['G'; grid.len()];
    for (name, ch) in [("e5", 'P'), ("d6", 'P'), ("e6", 'O'), ("d5", 'O')] {
        cells[grid.parse(name).unwrap()] = ch;
    }
    // i1 is empty and walled off but for its side towards i2: only Green, along row i, can
    // slide into it.
    cells[grid.parse("i1").unwrap()] = '.';
    let layout: String = cells.into_iter().collect();
    let mut p = position(&[
        ("layout", &layout),
        ("walls", "d5|e6,a1|a2,a1|b1,a1|b2,i1|h1,i1|h2"),
        ("supply", "0"),
        ("players", "3"),
    ]);
    assert_eq!(texts(&p), set(&["pass"]));
    play(&mut p, &["pass"]);
    assert_eq!(texts(&p), set(&["pass"]));
    play(&mut p, &["pass"]);
    assert_eq!(p.outcome(), None, "two passes of three players are no draw");
    assert!(texts(&p).contains("i4-i1"));
    // Green slides: the run of passes is broken, so Purple's and Orange's passes that
    // follow make two in a row, not four.
    play(&mut p, &["i4-i1", "pass", "pass"]);
    assert_eq!(p.outcome(), None);
    assert!(!texts(&p).contains("pass"), "Green can still act");
}

// ---------------------------------------------------------------------------------------------
// The end
// ---------------------------------------------------------------------------------------------

#[test]
fn nothing_is_judged_at_setup() {
    let p = setup("Pa1 Oi1", &[]);
    assert!(p.is_united(Color::Purple) && p.is_united(Color::Orange));
    assert_eq!(p.outcome(), None);
    assert!(!p.legal_step_list().is_empty());
}

#[test]
fn a_lone_piece_wins_in_plain_words() {
    let mut p = setup("Pe1 Oa1 Oa5", &[]);
    play(&mut p, &["e1-e4"]);
    assert_eq!(winner_color(&p), Some(Color::Purple));
    assert_eq!(
        p.view().prompt,
        "Purple wins: its only piece counts as united"
    );
}

#[test]
fn the_mover_unites_and_wins() {
    let mut p = setup("Pe1 Pe5 Oa1 Oa5", &[]);
    play(&mut p, &["e1-e4"]);
    assert_eq!(winner_color(&p), Some(Color::Purple));
    let v = p.view();
    assert_eq!(v.to_move, None);
    assert_eq!(v.outcome, Some(Outcome::Winner(0)));
    assert_eq!(v.prompt, "Purple wins: both pieces united");
    let mut h = v.highlight.clone();
    h.sort();
    assert_eq!(h, vec![cell(&p, "e4"), cell(&p, "e5")]);
    assert!(p.legal_step_list().is_empty());
    assert_eq!(err(&p, "e4-e1"), "the game is over");
    assert_eq!(err(&p, ""), "the game is over");
}

#[test]
fn another_player_may_win_on_the_movers_turn() {
    // Orange is united from the start; Purple's wall elsewhere ends the turn: Orange wins.
    let mut p = setup("Pe1 Pe5 Oa1 Oa2", &[]);
    play(&mut p, &["h1|h2"]);
    assert_eq!(winner_color(&p), Some(Color::Orange));
    assert_eq!(p.view().highlight.len(), 2);
}

#[test]
fn a_wall_splits_a_group() {
    let mut p = setup("Pe1 Pe5 Oa1 Oa2", &[]);
    play(&mut p, &["a1|a2"]);
    assert_eq!(p.outcome(), None, "Orange's a1 a2 are split by the wall");
    assert!(!p.is_united(Color::Orange));
    play(&mut p, &["a2-b3"]);
    assert_eq!(p.outcome(), None, "b3 does not touch a1");
    play(&mut p, &["e1-e2"]);
    // b2 touches a1 (its NE) away from the wall: Orange rejoins and wins.
    play(&mut p, &["b3-b2"]);
    assert_eq!(winner_color(&p), Some(Color::Orange));
}

#[test]
fn a_capture_can_unite() {
    // Purple's ring e5 removes itself and Orange's e4; Purple's a1 a2 are left united.
    let mut p = setup("Pa1 Pa2 Pe5 Oe4 Oi1 Oi3", &[]);
    play(&mut p, &["e5x"]);
    assert_eq!(winner_color(&p), Some(Color::Purple));
}

#[test]
fn the_neutral_colour_never_wins() {
    let mut p = setup("Pe1 Pe5 Oa1 Oa5 Gi1 Gi2 Gi3", &[]);
    play(&mut p, &["h1|h2"]);
    assert_eq!(p.outcome(), None);
    assert!(p.is_united(Color::Green));
    // Green plays when Purple is neutral, and wins like anyone.
    let mut p = setup("Pe1 Pe5 Oa1 Oa5 Gi1 Gi2", &[("neutral", "purple")]);
    assert_eq!(p.view().players[0].name, "Orange");
    play(&mut p, &["a5-a2"]);
    assert_eq!(winner_color(&p), Some(Color::Orange), "2 v 2: the mover");
}

#[test]
fn the_largest_united_group_wins() {
    // Orange (3, united from the start) against Purple uniting 2: Orange wins on Purple's move.
    let mut p = setup("Pe1 Pe5 Oa1 Oa2 Oa3", &[]);
    play(&mut p, &["e1-e4"]);
    assert_eq!(winner_color(&p), Some(Color::Orange));
    // Purple unites 4 against Orange's 3.
    let mut p = setup("Pe1 Pe5 Pe6 Pe7 Oa1 Oa2 Oa3", &[]);
    play(&mut p, &["e1-e4"]);
    assert_eq!(winner_color(&p), Some(Color::Purple));
}

#[test]
fn tie_two_players_the_mover_wins() {
    // On Purple's move: Purple unites 2, Orange has 2 united: Purple.
    let mut p = setup("Pe1 Pe5 Oa1 Oa2", &[]);
    play(&mut p, &["e1-e4"]);
    assert_eq!(winner_color(&p), Some(Color::Purple));
    // On Orange's move: Purple e5 f4 (touching) with a stray d1; Orange a4 a5 with a stray
    // asterisk c1. Purple places a wall; Orange's c1xNW removes c1 and d1 (then e1, empty):
    // both are left with 2 united pieces, and Orange moved last.
    let mut p = setup("Pe5 Pf4 Pd1 oc1 Oa4 Oa5", &[]);
    play(&mut p, &["i1|i2"]);
    assert_eq!(p.outcome(), None);
    play(&mut p, &["c1xNW"]);
    assert_eq!(p.layout(), pieces(5, "Pe5 Pf4 Oa4 Oa5"));
    assert!(p.is_united(Color::Purple) && p.is_united(Color::Orange));
    assert_eq!(winner_color(&p), Some(Color::Orange));
}

#[test]
fn tie_three_players_on_the_very_first_turn() {
    // Purple moves first; Orange and Green both have 2 united, Purple is split. Counting back
    // from Purple, Green (just before Purple in turn order) is more recent than Orange.
    let tokens = "Pe1 Pe9 Oa1 Oa2 Gi1 Gi2";
    let mut p = setup(tokens, &[("players", "3")]);
    play(&mut p, &["e1-e2"]);
    assert_eq!(winner_color(&p), Some(Color::Green));
    // If Purple ties them, Purple (the mover) wins.
    let mut p = setup(tokens, &[("players", "3")]);
    play(&mut p, &["e1-e8"]);
    assert_eq!(winner_color(&p), Some(Color::Purple));
    // A larger group beats recency.
    let mut p = setup("Pe1 Pe9 Oa1 Oa2 Oa3 Gi1 Gi2", &[("players", "3")]);
    play(&mut p, &["e1-e2"]);
    assert_eq!(winner_color(&p), Some(Color::Orange));
}

#[test]
fn tie_three_players_counting_back_from_orange() {
    // Purple a1 a2 + stray e5; Green g1 g2 + stray f6; Orange rings e6 (touching e5 and f6)
    // and i5. Purple places two walls; Orange's e6x removes e6, e5 and f6. Purple and Green
    // both have 2 united: Purple is one turn back from Orange, Green two.
    let mut p = setup("Pa1 Pa2 Pe5 Oe6 Oi5 Gg1 Gg2 Gf6", &[("players", "3")]);
    play(&mut p, &["h1|h2", "h2|h3"]);
    assert_eq!(p.outcome(), None);
    play(&mut p, &["e6x"]);
    assert_eq!(p.layout(), pieces(5, "Pa1 Pa2 Oi5 Gg1 Gg2"));
    assert_eq!(winner_color(&p), Some(Color::Purple));
}

#[test]
fn tie_three_players_counting_back_from_green() {
    // Purple a1 a2 + stray e5; Orange g1 g2 + stray f6; Green rings e6 and i5. Purple and
    // Orange place walls; Green's e6x leaves Purple and Orange with 2 united each: Orange is
    // one turn back from Green, Purple two.
    let mut p = setup("Pa1 Pa2 Pe5 Ge6 Gi5 Og1 Og2 Of6", &[("players", "3")]);
    play(&mut p, &["h1|h2", "h2|h3", "c1|c2", "c2|c3"]);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.to_move(), 2);
    play(&mut p, &["e6x"]);
    assert_eq!(winner_color(&p), Some(Color::Orange));
}

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

#[test]
fn perft_by_hand() {
    // The example's 233 first steps: 156 walls, 10 rings, 60 asterisk captures, 7 slides.
    let p = position(&[("layout", LAYOUT)]);
    let steps = texts(&p);
    let count = |f: &dyn Fn(&String) -> bool| steps.iter().filter(|t| f(t)).count();
    assert_eq!(count(&|t| t.contains('|')), 156);
    assert_eq!(count(&|t| t.ends_with('x')), 10);
    assert_eq!(count(&|t| t.contains('x') && !t.ends_with('x')), 60);
    assert_eq!(count(&|t| t.contains('-')), 7);
    assert!(steps
        .iter()
        .filter(|t| t.contains('-'))
        .all(|t| t.ends_with("-f3")));
    // The stalemate: pass, pass, and the game is drawn.
    let p = stalemate();
    assert_eq!(perft(&p, 2), 1);
    assert_eq!(perft(&p, 3), 0);
    // Purple a1 walled in on its corner, a2 free; supply 0. a1: no slide, a1x (alone).
    // a2: E a3 a4 a5; NE b3 c4 d5 e6 f6 g6 h6; NW b2 c2 d2 e2 f1; W blocked by the wall;
    // SE and SW off the board. a2x (a1 is behind the wall). 15 slides + 2 captures.
    let p = setup(
        "Pa1 Pa2 Oi1 Oi5",
        &[("supply", "0"), ("walls", "a1|a2,a1|b1,a1|b2")],
    );
    assert_eq!(
        slides_from(&p, "a2"),
        set(&[
            "a3", "a4", "a5", "b3", "c4", "d5", "e6", "f6", "g6", "h6", "b2", "c2", "d2", "e2",
            "f1"
        ])
    );
    assert_eq!(texts(&p).len(), 17);
    assert!(texts(&p).contains("a1x") && texts(&p).contains("a2x"));
}

// ---------------------------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------------------------

#[test]
fn default_options() {
    let o = Options::default();
    assert_eq!(options(&[]), o);
    assert_eq!(o.size, 5);
    assert_eq!(o.players, 2);
    assert_eq!(o.neutral, Some(Color::Green));
    assert_eq!(o.supply, 12);
    assert_eq!(o.layout, random_layout(5, Some(Color::Green), 1).unwrap());
    // The layout is always written, never the seed.
    let m = o.to_map();
    let keys: Vec<&str> = m.entries().map(|(k, _)| k).collect();
    assert_eq!(keys, vec!["layout"]);
    assert_eq!(options(&[("seed", "1")]), o);
}

#[test]
fn options_round_trip() {
    let cases: &[&[(&str, &str)]] = &[
        &[],
        &[("size", "6")],
        &[("players", "3")],
        &[("neutral", "orange"), ("supply", "0")],
        &[("neutral", "purple"), ("seed", "99")],
        &[
            ("layout", LAYOUT),
            ("walls", "d3|c3, a2|a1"),
            ("supply", "156"),
        ],
        &[
            ("size", "6"),
            ("players", "3"),
            ("seed", "18446744073709551615"),
        ],
    ];
    for pairs in cases {
        let o = options(pairs);
        let m = o.to_map();
        assert_eq!(Options::from_map(&m).unwrap(), o, "{pairs:?}");
        assert!(m.get("seed").is_none());
        assert!(m.get("layout").is_some());
        Position::new(&o).unwrap();
    }
    let o = options(&[("layout", LAYOUT), ("walls", "d3|c3, a2|a1")]);
    assert_eq!(o.to_map().get("walls"), Some("a1|a2,c3|d3"));
    assert_eq!(o.walls, vec![[0, 1], [13, 20]]);
    let o = options(&[("seed", "5"), ("size", "6"), ("neutral", "orange")]);
    assert_eq!(o.layout, random_layout(6, Some(Color::Orange), 5).unwrap());
    assert_eq!(o.seat_colors(), vec![Color::Purple, Color::Green]);
    let p = Position::new(&o).unwrap();
    assert_eq!(p.seat_color(0), Color::Purple);
    assert_eq!(p.seat_color(1), Color::Green);
    assert_eq!(p.view().players[1].color.name(), "green");
}

#[test]
fn option_errors_explain() {
    let e = |pairs: &[(&str, &str)]| Options::from_map(&map(pairs)).unwrap_err().to_string();
    assert_eq!(e(&[("size", "7")]), "size must be 5 or 6 (got \"7\")");
    assert_eq!(e(&[("players", "4")]), "players must be 2 or 3 (got \"4\")");
    assert!(e(&[("neutral", "pink")]).contains("neutral must be one of purple, orange, green"));
    assert_eq!(
        e(&[("players", "3"), ("neutral", "green")]),
        "neutral applies only to 2 players: with 3 players every colour plays"
    );
    assert_eq!(
        e(&[("layout", "P.O")]),
        "the layout has 3 characters but a side-5 board has 61 cells (one character a cell)"
    );
    assert_eq!(
        e(&[("layout", LAYOUT), ("size", "6")]),
        "the layout has 61 characters but a side-6 board has 91 cells (one character a cell)"
    );
    let bad = LAYOUT.replacen('.', "x", 1);
    assert_eq!(
        e(&[("layout", &bad)]),
        "layout character 38 (cell f3) is 'x': use . for empty, P O G for rings, p o g for asterisks"
    );
    let unicode = LAYOUT.replacen('.', "é", 1);
    assert!(e(&[("layout", &unicode)]).contains("'é'"));
    assert_eq!(
        e(&[("layout", &pieces(5, "Pa1 Gi1"))]),
        "Orange has no pieces in the layout: every player needs at least one"
    );
    assert!(Options::from_map(&map(&[("layout", &pieces(5, "Pa1 Oi1"))])).is_ok());
    assert_eq!(
        e(&[("layout", &pieces(5, "Pa1 Oi1")), ("players", "3")]),
        "Green has no pieces in the layout: every player needs at least one"
    );
    assert_eq!(
        e(&[("layout", LAYOUT), ("seed", "2")]),
        "give either a layout or a seed for a random setup, not both"
    );
    assert_eq!(
        e(&[("seed", "-1")]),
        "seed must be a whole number (got \"-1\")"
    );
    assert_eq!(
        e(&[("walls", "a1|a3")]),
        "walls: a1 and a3 are not neighbours"
    );
    assert!(e(&[("walls", "a1a2")]).starts_with("walls: \"a1a2\" is not an edge"));
    assert!(e(&[("walls", "z1|a1")]).contains("not a cell"));
    assert_eq!(
        e(&[("walls", "a1|a2,a2|a1")]),
        "walls: a1|a2 is listed twice"
    );
    assert_eq!(
        e(&[("supply", "157")]),
        "supply must be a whole number from 0 to 156 (got \"157\")"
    );
    assert!(e(&[("colour", "x")]).contains("has no option"));
    // A hand-made Options is checked too.
    let o = Options {
        neutral: None,
        ..Options::default()
    };
    assert!(Position::new(&o).is_err());
    let o = Options {
        walls: vec![[0, 2]],
        ..Options::default()
    };
    assert_eq!(
        Position::new(&o).unwrap_err().to_string(),
        "walls: a1 and a3 are not neighbours"
    );
    let mut o = Options::default();
    o.layout.pop();
    assert!(Position::new(&o).is_err());
}

#[test]
fn random_layouts_are_balanced_and_not_united() {
    for (size, n) in [(5, 10), (6, 15)] {
        for neutral in [Some(Color::Green), Some(Color::Purple), None] {
            for seed in 0..30 {
                let layout = random_layout(size, neutral, seed).unwrap();
                assert_eq!(layout, random_layout(size, neutral, seed).unwrap());
                for ch in ['P', 'O', 'G', 'p', 'o', 'g'] {
                    assert_eq!(layout.chars().filter(|&c| c == ch).count(), n);
                }
                assert_eq!(layout.chars().filter(|&c| c == '.').count(), 1);
                let mut pairs = vec![
                    ("layout", layout.as_str()),
                    ("size", if size == 5 { "5" } else { "6" }),
                ];
                if neutral.is_none() {
                    pairs.push(("players", "3"));
                }
                let p = position(&pairs);
                for c in Color::ALL {
                    if Some(c) != neutral {
                        assert!(!p.is_united(c));
                    }
                }
            }
        }
    }
    assert_ne!(random_layout(5, None, 1), random_layout(5, None, 2));
    assert!(random_layout(7, None, 1).is_err());
}

#[test]
fn diagrams() {
    let diagram = "
            . . . . .
           . . . . . .
          . . . . . . .
         . . . . . . . .
        . . . . P . . . .
         . . . . . . . .
          . . . . . . .
           . . . . . .
            o . . . .
    ";
    let layout = layout_from_diagram(5, diagram).unwrap();
    assert_eq!(layout, pieces(5, "Pe5 oa1"));
    let p = position(&[("layout", &layout)]);
    assert_eq!(layout_from_diagram(5, &p.diagram()).unwrap(), layout);
    assert!(layout_from_diagram(5, ". .")
        .unwrap_err()
        .to_string()
        .contains("rows"));
    assert!(layout_from_diagram(6, diagram).is_err());
}

#[test]
fn view_of_a_fresh_game() {
    let p = position(&[("layout", LAYOUT)]);
    let v = p.view();
    assert_eq!(v.cells.len(), 61);
    assert_eq!(v.cells[0], "a1");
    assert_eq!(v.pieces[0].as_ref().unwrap().color.name(), "green");
    assert_eq!(v.pieces[1].as_ref().unwrap().kind.name(), "asterisk");
    assert_eq!(v.pieces[3].as_ref().unwrap().kind.name(), "ring");
    assert!(v.pieces[37].is_none());
    assert_eq!(v.players.len(), 2);
    assert_eq!(v.players[0].name, "Purple");
    assert_eq!(v.players[1].color.name(), "orange");
    assert_eq!(v.to_move, Some(0));
    assert_eq!(v.prompt, "Purple to move, capture or place a wall");
    assert_eq!(v.facts[0], ("Walls left".to_string(), "12".to_string()));
    assert!(v
        .facts
        .contains(&("Green pieces (neutral)".to_string(), "20".to_string())));
    assert!(v.walls.is_empty() && v.highlight.is_empty());
    let p3 = position(&[("layout", LAYOUT), ("players", "3")]);
    assert_eq!(p3.view().prompt, "Purple to move, capture or place walls");
    assert_eq!(p3.view().players[2].name, "Green");
    let s = p.parse_step("a2xSW").unwrap_err();
    assert!(s.to_string().contains("Orange"), "{s}");
    let s = p.parse_step("c6xE").unwrap();
    let sv = p.step_view(s);
    assert_eq!(
        (sv.kind.name(), sv.dir.map(|d| d.name())),
        ("asterisk", Some("E"))
    );
    assert_eq!(sv.cells, vec![cell(&p, "c6"), cell(&p, "c7")]);
    let s = p.parse_step("a5xE").unwrap();
    assert_eq!(
        p.step_view(s).cells,
        vec![cell(&p, "a5")],
        "no cell east of a5"
    );
    assert_eq!(err(&p, "b1x"), "b1 holds a Green piece: Purple is to play");
    let s = p.parse_step("a4x").unwrap();
    assert_eq!(p.step_view(s).kind.name(), "ring");
    let s = p.parse_step("c2|b2").unwrap();
    let sv = p.step_view(s);
    assert_eq!((sv.kind.name(), sv.text.as_str()), ("wall", "b2|c2"));
    assert_eq!(sv.cells, vec![cell(&p, "b2"), cell(&p, "c2")]);
    let slide = texts(&p).into_iter().find(|t| t.contains('-')).unwrap();
    let sv = p.step_view(p.parse_step(&slide).unwrap());
    assert_eq!(sv.kind.name(), "move");
    assert_eq!(sv.cells[1], cell(&p, "f3"));
}

// ---------------------------------------------------------------------------------------------
// Random games against a slow reference
// ---------------------------------------------------------------------------------------------

/// The state as read through the public API, and the rules applied to it the slow way.
#[derive(Clone)]
struct Reference {
    grid: HexGrid,
    cells: Vec<Option<(Color, Kind)>>,
    walls: BTreeSet<[usize; 2]>,
    seats: Vec<Color>,
    mover: usize,
    supply: usize,
    second: bool,
}

impl Reference {
    fn read(p: &Position) -> Reference {
        let grid = HexGrid::new(p.grid().side());
        let v = p.view();
        Reference {
            cells: (0..grid.len()).map(|c| p.piece(c)).collect(),
            walls: v.walls.iter().copied().collect(),
            seats: (0..p.players()).map(|s| p.seat_color(s)).collect(),
            mover: p.to_move(),
            supply: p.walls_left(),
            second: p.second_wall_pending(),
            grid,
        }
    }

    fn walled(&self, a: usize, b: usize) -> bool {
        self.walls.contains(&[a.min(b), a.max(b)])
    }

    fn empty_edges(&self) -> Vec<[usize; 2]> {
        self.grid
            .edges()
            .iter()
            .copied()
            .filter(|e| !self.walls.contains(e))
            .collect()
    }

    fn captured(&self, cell: usize, dir: Option<HexDir>) -> Vec<usize> {
        let mut out = vec![cell];
        match dir {
            None => {
                for (_, n) in self.grid.neighbors(cell) {
                    if !self.walled(cell, n) {
                        out.push(n);
                    }
                }
            }
            Some(d) => {
                let mut cur = cell;
                while let Some(n) = self.grid.neighbor(cur, d) {
                    if self.walled(cur, n) {
                        break;
                    }
                    out.push(n);
                    cur = n;
                }
            }
        }
        out
    }

    fn capture_allowed(&self, removed: &[usize]) -> bool {
        self.seats.iter().all(|&color| {
            (0..self.cells.len()).any(|c| {
                !removed.contains(&c) && matches!(self.cells[c], Some((k, _)) if k == color)
            })
        })
    }

    fn legal(&self) -> BTreeSet<String> {
        let g = &self.grid;
        let mut out = BTreeSet::new();
        let wall_texts = |out: &mut BTreeSet<String>| {
            for [a, b] in self.empty_edges() {
                out.insert(format!("{}|{}", g.name(a), g.name(b)));
            }
        };
        if self.second {
            wall_texts(&mut out);
            return out;
        }
        let me = self.seats[self.mover];
        for c in 0..self.cells.len() {
            let Some((color, kind)) = self.cells[c] else {
                continue;
            };
            if color != me {
                continue;
            }
            for d in HexDir::ALL {
                let mut cur = c;
                while let Some(n) = g.neighbor(cur, d) {
                    if self.walled(cur, n) {
                        break;
                    }
                    if self.cells[n].is_none() {
                        out.insert(format!("{}-{}", g.name(c), g.name(n)));
                    }
                    cur = n;
                }
            }
            match kind {
                Kind::Ring => {
                    if self.capture_allowed(&self.captured(c, None)) {
                        out.insert(format!("{}x", g.name(c)));
                    }
                }
                Kind::Asterisk => {
                    for d in HexDir::ALL {
                        if self.capture_allowed(&self.captured(c, Some(d))) {
                            out.insert(format!("{}x{}", g.name(c), d.name()));
                        }
                    }
                }
            }
        }
        if self.supply > 0 {
            wall_texts(&mut out);
        }
        if out.is_empty() {
            out.insert("pass".to_string());
        }
        out
    }

    fn united(&self, color: Color) -> Option<usize> {
        let mine: Vec<usize> = (0..self.cells.len())
            .filter(|&c| matches!(self.cells[c], Some((k, _)) if k == color))
            .collect();
        let mut seen = vec![mine[0]];
        let mut i = 0;
        while i < seen.len() {
            let c = seen[i];
            i += 1;
            for (_, n) in self.grid.neighbors(c) {
                if mine.contains(&n) && !seen.contains(&n) && !self.walled(c, n) {
                    seen.push(n);
                }
            }
        }
        (seen.len() == mine.len()).then_some(mine.len())
    }

    /// Plays a step by its text; returns the winning seat if the game ends.
    fn play(&mut self, text: &str) -> Option<usize> {
        let g = self.grid.clone();
        let mut turn_over = true;
        if text == "pass" {
        } else if let Some((a, b)) = text.split_once('|') {
            let (a, b) = (g.parse(a).unwrap(), g.parse(b).unwrap());
            self.walls.insert([a.min(b), a.max(b)]);
            self.supply -= 1;
            if self.seats.len() == 3
                && !self.second
                && self.supply > 0
                && !self.empty_edges().is_empty()
            {
                self.second = true;
                turn_over = false;
            } else {
                self.second = false;
            }
        } else if let Some((a, b)) = text.split_once('-') {
            let (a, b) = (g.parse(a).unwrap(), g.parse(b).unwrap());
            self.cells[b] = self.cells[a].take();
        } else {
            let (cell, dir) = text.split_once('x').unwrap();
            let cell = g.parse(cell).unwrap();
            let dir = (!dir.is_empty()).then(|| HexDir::parse(dir).unwrap());
            for c in self.captured(cell, dir) {
                self.cells[c] = None;
            }
        }
        if !turn_over {
            return None;
        }
        let n = self.seats.len();
        let mut best: Option<(usize, usize, usize)> = None;
        for back in 0..n {
            let seat = (self.mover + n - back) % n;
            if let Some(size) = self.united(self.seats[seat]) {
                if best.map_or(true, |(s, _, _)| size > s) {
                    best = Some((size, back, seat));
                }
            }
        }
        match best {
            Some((_, _, seat)) => Some(seat),
            None => {
                self.mover = (self.mover + 1) % n;
                None
            }
        }
    }
}

/// Random options: either side, 2 or 3 players, any neutral colour, random or sparse
/// layouts, a few starting walls, small supplies.
fn random_options(rng: &mut Rng) -> Options {
    let size = if rng.below(5) == 0 { 6 } else { 5 };
    let players = 2 + rng.below(2);
    let neutral =
        (players == 2).then(|| Color::ALL[if rng.below(2) == 0 { 2 } else { rng.below(3) }]);
    let grid = HexGrid::new(size);
    let layout = if rng.below(2) == 0 {
        random_layout(size, neutral, rng.next_u64()).unwrap()
    } else {
        // Sparse: few pieces, so that forbidden captures, lone pieces and long slides occur.
        loop {
            let fill = 3 + rng.below(40);
            let layout: String = (0..grid.len())
                .map(|_| {
                    if rng.below(100) < fill {
                        ['P', 'O', 'G', 'p', 'o', 'g'][rng.below(6)]
                    } else {
                        '.'
                    }
                })
                .collect();
            let ok = Color::ALL
                .into_iter()
                .filter(|&c| Some(c) != neutral)
                .all(|c| {
                    layout
                        .chars()
                        .any(|ch| ch.to_ascii_uppercase() == c.letter())
                });
            if ok {
                break layout;
            }
        }
    };
    let walls: Vec<String> = (0..rng.below(4) * rng.below(6))
        .map(|_| grid.edge_name(rng.below(grid.edges().len())))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let supply = [0, 1, 2, 3, 5, 12, 12, 12][rng.below(8)].to_string();
    let mut pairs = vec![
        ("size", size.to_string()),
        ("players", players.to_string()),
        ("layout", layout),
        ("supply", supply),
        ("walls", walls.join(",")),
    ];
    if let Some(n) = neutral {
        pairs.push(("neutral", n.key().to_string()));
    }
    let refs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
    options(&refs)
}

fn mangle(rng: &mut Rng, text: &str) -> String {
    const JUNK: &[&str] = &[
        "x",
        "|",
        "-",
        "NE",
        "ne",
        "a",
        "z",
        "0",
        "9",
        "99999999999999999999",
        " ",
        "é",
        "—",
        "\u{0}",
        "\u{1F600}",
        "xx",
        "||",
        "pass",
        "E",
        "k11",
        "i5",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    match rng.below(5) {
        0 => chars.truncate(rng.below(chars.len() + 1)),
        1 => {
            let at = rng.below(chars.len() + 1);
            let junk: Vec<char> = JUNK[rng.below(JUNK.len())].chars().collect();
            chars.splice(at..at, junk);
        }
        2 => {
            if !chars.is_empty() {
                let at = rng.below(chars.len());
                chars.remove(at);
            }
        }
        3 => {
            if !chars.is_empty() {
                let at = rng.below(chars.len());
                chars[at] = char::from_u32(rng.below(0x3000) as u32).unwrap_or('?');
            }
        }
        _ => {
            return (0..rng.below(12))
                .map(|_| (rng.below(128) as u8) as char)
                .collect()
        }
    }
    chars.into_iter().collect()
}

/// Plays random games; with `reference` every step is checked against [`Reference`].
fn random_games(seed: u64, games: usize, reference: bool) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let mut ended = 0;
    let mut total_steps = 0;
    for _ in 0..games {
        let o = random_options(&mut rng);
        let mut p = Position::new(&o).unwrap();
        let mut r = Reference::read(&p);
        for _ in 0..3000 {
            let steps = p.legal_step_list();
            assert_eq!(steps.is_empty(), p.outcome().is_some());
            if steps.is_empty() {
                ended += 1;
                break;
            }
            let listed: BTreeSet<String> = steps.iter().map(|&s| p.step_text(s)).collect();
            assert_eq!(listed.len(), steps.len(), "duplicate steps");
            if reference {
                assert_eq!(listed, r.legal(), "{o:?}\n{}", p.diagram());
            }
            let step = steps[rng.below(steps.len())];
            let text = p.step_text(step);
            assert_eq!(p.parse_step(&text), Ok(step));
            assert_eq!(p.step_view(step).text, text);
            for _ in 0..2 {
                let junk = mangle(&mut rng, &text);
                if let Ok(s) = p.parse_step(&junk) {
                    assert!(steps.contains(&s), "{junk:?}");
                    assert_eq!(p.parse_step(&p.step_text(s)), Ok(s));
                }
            }
            p.play(step);
            total_steps += 1;
            if reference {
                let winner = r.play(&text);
                assert_eq!(
                    p.outcome(),
                    winner.map(Outcome::Winner),
                    "after {text}\n{}",
                    p.diagram()
                );
                let now = Reference::read(&p);
                assert_eq!(now.cells, r.cells, "after {text}");
                assert_eq!(now.walls, r.walls);
                assert_eq!(now.supply, r.supply);
                assert_eq!(now.second, r.second);
                if winner.is_none() {
                    assert_eq!(now.mover, r.mover);
                }
                let _ = p.view();
            }
        }
    }
    (ended, total_steps)
}

#[test]
fn random_games_match_the_reference() {
    let (ended, steps) = random_games(1, 300, true);
    assert_eq!(ended, 300, "every game ended ({steps} steps)");
}

#[test]
fn random_games_end_and_round_trip() {
    let (ended, steps) = random_games(2, 3000, false);
    assert_eq!(ended, 3000, "every game ended ({steps} steps)");
}

#[test]
fn garbage_never_panics() {
    let p = position(&[("layout", LAYOUT)]);
    let mut rng = Rng::new(3);
    for text in [
        "",
        " ",
        "x",
        "|",
        "-",
        "xNE",
        "a1x",
        "a1xx",
        "a1|",
        "|a1",
        "a1-",
        "-a1",
        "a1--a2",
        "a1|a2|a3",
        "a1-a2-a3",
        "é",
        "a1xé",
        "a\u{301}1x",
        "z99999999999999999999|a1",
        "a99999999999999999999-a1",
        "a1xNEE",
        "pass pass",
        "PASS",
        "f3",
        "a1x ",
    ] {
        let _ = p.parse_step(text);
    }
    for _ in 0..20000 {
        let len = rng.below(10);
        let text: String = (0..len)
            .map(|_| match rng.below(4) {
                0 => ['a', 'e', 'k', 'x', '|', '-', 'N', 'E', '1', '5'][rng.below(10)],
                1 => (b'0' + rng.below(10) as u8) as char,
                2 => (rng.below(128) as u8) as char,
                _ => char::from_u32(rng.below(0x11000) as u32).unwrap_or('?'),
            })
            .collect();
        if let Ok(s) = p.parse_step(&text) {
            assert_eq!(p.parse_step(&p.step_text(s)), Ok(s));
        }
    }
    // Options never panic either.
    for _ in 0..3000 {
        let key = OPTION_KEYS[rng.below(OPTION_KEYS.len())];
        let base = ["5", "6", "3", LAYOUT, "a1|a2,b1|b2", "12", "green"][rng.below(7)];
        let value = mangle(&mut rng, base);
        let _ = Options::from_map(&map(&[(key, &value)]));
    }
}
