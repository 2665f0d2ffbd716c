//! Long: the whole rule suite of one game with the reference model its random games are checked against.
//!
//! Unravel: rule tests on hand-built positions, perft, an independent reference model,
//! and random-game properties.
//!
//! Diagrams (see `Position::from_diagram`): one line per rank, the top rank (highest number)
//! first; `R` red, `B` blue, `.` empty; `/` separates ranks too.

use ludus::games::unravel::{Crosscut, Options, Position, Step};
use ludus::rng::Rng;
use ludus::{Describe, Game, OptionMap, Outcome, SearchHints};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn start(size: usize) -> Position {
    Position::new(&Options::with_size(size)).unwrap()
}

fn from_diagram(size: usize, to_move: usize, diagram: &str) -> Position {
    Position::from_diagram(&Options::with_size(size), to_move, diagram).unwrap()
}

fn after(size: usize, steps: &str) -> Position {
    let mut p = start(size);
    p.play_steps(steps).unwrap();
    p
}

fn play(p: &mut Position, steps: &str) {
    p.play_steps(steps).unwrap();
}

/// The legal steps' texts, sorted.
fn legal(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_step_list()
        .iter()
        .map(|&s| p.step_text(s))
        .collect();
    v.sort();
    v
}

fn err(p: &Position, text: &str) -> String {
    match p.parse_step(text) {
        Ok(s) => panic!("{text:?} was accepted as {}", p.step_text(s)),
        Err(e) => e.to_string(),
    }
}

fn cell(p: &Position, name: &str) -> usize {
    p.grid().parse(name).unwrap()
}

fn cells(p: &Position, names: &str) -> Vec<usize> {
    names.split_whitespace().map(|n| cell(p, n)).collect()
}

/// A crosscut given as "a1 b1 a2 b2 | b2" (window cells | completers).
fn cc(p: &Position, text: &str) -> Crosscut {
    let (w, c) = text.split_once('|').unwrap();
    let w = cells(p, w);
    Crosscut {
        cells: [w[0], w[1], w[2], w[3]],
        completers: cells(p, c),
    }
}

fn crosscuts(p: &Position, list: &[&str]) -> Vec<Crosscut> {
    list.iter().map(|t| cc(p, t)).collect()
}

fn strs(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Options and the empty board
// ---------------------------------------------------------------------------------------------

#[test]
fn options() {
    let o = Options::from_map(&OptionMap::new()).unwrap();
    assert_eq!(o, Options::default());
    assert_eq!(o.size, 8);
    assert!(o.to_map().is_empty());
    for size in [3, 5, 19] {
        let o = Options::from_map(&OptionMap::new().with("size", size.to_string())).unwrap();
        assert_eq!(o.size, size);
        assert_eq!(Options::from_map(&o.to_map()).unwrap(), o);
    }
    assert_eq!(
        Options::with_size(6).to_map().get("size"),
        Some("6"),
        "non-default size is kept"
    );
    for bad in ["2", "20", "0", "-3", "eight", ""] {
        let e = Options::from_map(&OptionMap::new().with("size", bad)).unwrap_err();
        assert!(e.to_string().contains("from 3 to 19"), "{bad}: {e}");
    }
    let e = Options::from_map(&OptionMap::new().with("layout", "x")).unwrap_err();
    assert!(e.to_string().contains("has no option \"layout\""), "{e}");
    assert!(Position::new(&Options::with_size(2)).is_err());
    assert!(Position::new(&Options::with_size(20)).is_err());
}

#[test]
fn empty_board() {
    let p = start(8);
    assert_eq!(p.players(), 2);
    assert_eq!(p.to_move(), 0);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_step_list().len(), 64);
    assert!(!p.is_swapping());
    let v = p.view();
    assert_eq!(v.prompt, "Red to place a checker");
    assert_eq!(v.to_move, Some(0));
    assert_eq!(v.cells.len(), 64);
    assert_eq!(v.cells[0], "a1");
    assert_eq!(v.cells[63], "h8");
    assert!(v.pieces.iter().all(|x| x.is_none()));
    assert_eq!(v.players[0].name, "Red");
    assert_eq!(v.players[0].color, "red");
    assert_eq!(v.players[1].name, "Blue");
    assert_eq!(v.players[1].color, "blue");
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
    assert!(v.marked.is_empty() && v.highlight.is_empty() && v.walls.is_empty());
}

#[test]
fn placements_alternate_and_show_as_checkers() {
    let mut p = start(4);
    play(&mut p, "c4");
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.view().prompt, "Blue to place a checker");
    play(&mut p, "a1");
    assert_eq!(p.to_move(), 0);
    let v = p.view();
    let c4 = v.pieces[cell(&p, "c4")].as_ref().unwrap();
    assert_eq!((c4.color.name(), c4.kind.name()), ("red", "checker"));
    let a1 = v.pieces[0].as_ref().unwrap();
    assert_eq!((a1.color.name(), a1.kind.name()), ("blue", "checker"));
    assert_eq!(p.diagram(), "..R./..../..../B...");
    assert_eq!(legal(&p).len(), 14);
}

// ---------------------------------------------------------------------------------------------
// Crosscuts
// ---------------------------------------------------------------------------------------------

#[test]
fn crosscut_with_red_on_the_rising_diagonal() {
    // Red places b2: a1 and b2 red, b1 and a2 blue.
    let mut p = from_diagram(3, 0, "... / B.. / RB.");
    play(&mut p, "b2");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["a1 b1 a2 b2 | b2"]));
    assert!(p.is_swapping());
    assert_eq!(p.to_move(), 0, "the mover keeps the turn to swap");
    // Red's other checker (a1) with either enemy checker; never the placed one.
    assert_eq!(legal(&p), strs(&["a1~b1", "a1~a2"]));
    let v = p.view();
    assert_eq!(v.prompt, "Red must swap to unravel a crosscut");
    assert_eq!(v.marked, cells(&p, "a1 b1 a2 b2"));
    assert_eq!(v.to_move, Some(0));
    play(&mut p, "a1~b1");
    assert_eq!(p.diagram(), ".../BR./BR.");
    assert!(!p.is_swapping());
    assert_eq!(p.crosscut_count(), 0);
    assert_eq!(p.to_move(), 1);
    assert!(p.view().marked.is_empty());
}

#[test]
fn crosscut_with_red_on_the_falling_diagonal() {
    // Red places b1: a2 and b1 red, a1 and b2 blue.
    let mut p = from_diagram(3, 0, "... / RB. / B..");
    play(&mut p, "b1");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["a1 b1 a2 b2 | b1"]));
    assert_eq!(legal(&p), strs(&["a1~a2", "a2~b2"]));
    play(&mut p, "a2~b2");
    assert_eq!(p.diagram(), ".../BR./BR.");
    assert_eq!(p.to_move(), 1);
}

#[test]
fn blue_placement_makes_a_crosscut_too() {
    let mut p = from_diagram(3, 1, "... / .R. / RB.");
    play(&mut p, "a2");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["a1 b1 a2 b2 | a2"]));
    assert_eq!(legal(&p), strs(&["a1~b1", "b1~b2"]));
    assert_eq!(p.view().prompt, "Blue must swap to unravel a crosscut");
    play(&mut p, "b1~b2");
    assert_eq!(p.to_move(), 0);
}

#[test]
fn no_crosscut_without_two_of_each_colour_on_the_diagonals() {
    // Same colours side by side, three of a colour, or an empty corner: no crosscut.
    for (diagram, place) in [
        ("... / BB. / RR.", "c3"),
        ("... / B.. / RR.", "b2"),
        ("... / R.. / RB.", "b2"),
        ("... / .R. / .B.", "c1"),
    ] {
        let mut p = from_diagram(3, 0, diagram);
        play(&mut p, place);
        assert_eq!(p.crosscut_count(), 0, "{diagram} + {place}");
        assert_eq!(p.to_move(), 1);
    }
}

#[test]
fn placement_making_two_crosscuts_unravel_either() {
    // Red b2 completes a1-b1-a2-b2 and b1-c1-b2-c2 at once.
    let mut p = from_diagram(3, 0, "... / B.B / RBR");
    play(&mut p, "b2");
    assert_eq!(
        p.crosscuts(),
        crosscuts(&p, &["a1 b1 a2 b2 | b2", "b1 c1 b2 c2 | b2"])
    );
    assert_eq!(legal(&p), strs(&["a1~b1", "a1~a2", "b1~c1", "c1~c2"]));
    assert_eq!(
        p.view().prompt,
        "Red must swap to unravel one of the 2 crosscuts"
    );
    // Unravel the left one: the right one is still there, so Red swaps again.
    play(&mut p, "a1~a2");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["b1 c1 b2 c2 | b2"]));
    assert!(p.is_swapping());
    assert_eq!(p.swaps_this_turn(), 1);
    assert_eq!(legal(&p), strs(&["b1~c1", "c1~c2"]));
    play(&mut p, "c1~c2");
    assert_eq!(p.crosscut_count(), 0);
    assert_eq!(p.swaps_this_turn(), 0);
    assert_eq!(p.diagram(), ".../RRR/BBB");
    // Red's own swaps have joined Blue's bottom row: the turn ends with Blue winning.
    assert_eq!(p.outcome(), Some(Outcome::Winner(1)));
    assert_eq!(p.view().highlight, cells(&p, "a1 b1 c1"));
}

#[test]
fn one_swap_neutralizes_two_crosscuts() {
    // b1 lies in both crosscuts: swapping it breaks both at once and ends the turn.
    for swap in ["a1~b1", "b1~c1"] {
        let mut p = from_diagram(3, 0, "... / B.B / RBR");
        play(&mut p, "b2");
        assert_eq!(p.crosscut_count(), 2);
        play(&mut p, swap);
        assert_eq!(p.crosscut_count(), 0, "{swap}");
        assert!(!p.is_swapping());
        assert_eq!(p.to_move(), 1);
    }
}

#[test]
fn swap_chain_with_a_checker_swapped_again() {
    // Blue a2 makes two crosscuts; after a1~b1 and b2~b3 the swap b2~b3 forms a crosscut
    // b1 c1 b2 c2 that only b2 completed: b1, swapped earlier this turn, may be swapped again.
    let mut p = from_diagram(3, 1, "RB. / .RR / RBB");
    play(&mut p, "a2");
    assert_eq!(
        p.crosscuts(),
        crosscuts(&p, &["a1 b1 a2 b2 | a2", "a2 b2 a3 b3 | a2"])
    );
    assert_eq!(legal(&p), strs(&["a1~b1", "b1~b2", "b2~b3", "a3~b3"]));
    play(&mut p, "a1~b1");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["a2 b2 a3 b3 | a2"]));
    assert_eq!(legal(&p), strs(&["b2~b3", "a3~b3"]));
    play(&mut p, "b2~b3");
    // A new crosscut: the chain goes on.
    assert_eq!(p.diagram(), "RR./BBR/BRB");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["b1 c1 b2 c2 | b2"]));
    assert!(p.is_swapping());
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.swaps_this_turn(), 2);
    assert_eq!(legal(&p), strs(&["b1~c1", "c1~c2"]));
    // b2 completed this crosscut: it may not be used to unravel it.
    assert_eq!(
        err(&p, "b1~b2"),
        "b2 completed the crosscut at b1 c1 b2 c2, so it cannot be swapped to unravel that crosscut"
    );
    assert!(err(&p, "b2~c2").contains("b2 completed the crosscut at b1 c1 b2 c2"));
    // b1 was swapped earlier (a1~b1) but did not complete this crosscut.
    assert_eq!(
        p.parse_step("b1~c1").map(|s| p.step_text(s)),
        Ok("b1~c1".into())
    );
    play(&mut p, "b1~c1");
    assert_eq!(p.diagram(), "RR./BBR/BBR");
    assert_eq!(p.crosscut_count(), 0);
    assert_eq!(p.to_move(), 0);
    assert_eq!(p.outcome(), None);
}

#[test]
fn swap_completing_a_crosscut_with_both_checkers_and_a_double_neutralization() {
    // Blue a3 makes a2 b2 a3 b3; Blue's swap b2~b3 then forms two crosscuts: b2 c2 b3 c3
    // (both swapped checkers completed it) and b1 c1 b2 c2 (only b2 did).
    let mut p = from_diagram(3, 1, ".RR / RBB / .BR");
    play(&mut p, "a3");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["a2 b2 a3 b3 | a3"]));
    assert_eq!(legal(&p), strs(&["a2~b2", "b2~b3"]));
    assert!(err(&p, "a3~b3").contains("a3 completed the crosscut at a2 b2 a3 b3"));
    assert!(err(&p, "a2~a3").contains("a3 completed the crosscut"));
    play(&mut p, "b2~b3");
    assert_eq!(
        p.crosscuts(),
        crosscuts(&p, &["b1 c1 b2 c2 | b2", "b2 c2 b3 c3 | b2 b3"])
    );
    assert_eq!(legal(&p), strs(&["b1~c1", "c1~c2", "c2~c3"]));
    // b2~c2 lies in both crosscuts, and b2 completed both.
    assert!(err(&p, "b2~c2").contains("b2 completed the crosscut"));
    assert!(err(&p, "b3~c3").contains("b3 completed the crosscut at b2 c2 b3 c3"));
    assert_eq!(
        err(&p, "a3~b3"),
        "a3 and b3 are both blue: a swap exchanges a red and a blue checker"
    );
    // a2 b2 a3 b3 is no longer a crosscut.
    assert!(err(&p, "a2~a3").starts_with("a2 and a3 do not lie in one crosscut"));
    // c2~c3 breaks both crosscuts; the turn ends with Blue's top row joining left and right.
    let mut q = p.clone();
    play(&mut q, "c2~c3");
    assert_eq!(q.crosscut_count(), 0);
    assert_eq!(q.outcome(), Some(Outcome::Winner(1)));
    assert_eq!(q.view().highlight, cells(&q, "a3 b3 c3"));
    // c1~c2 also breaks both; nobody is connected, Red places next.
    play(&mut p, "c1~c2");
    assert_eq!(p.crosscut_count(), 0);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.to_move(), 0);
    assert_eq!(legal(&p), strs(&["a1"]));
}

#[test]
fn chain_from_the_empty_board_matches_the_diagram_tests() {
    // The same chain as above, reached by placements and swaps from the start.
    let mut p = after(3, "c2 c3 c1 b2 b3");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["b2 c2 b3 c3 | b3"]));
    assert_eq!(legal(&p), strs(&["b2~c2", "c2~c3"]));
    play(&mut p, "c2~c3 b1 a2 a3 b2~b3");
    assert_eq!(p.diagram(), "BBR/RRB/.BR");
    assert_eq!(legal(&p), strs(&["b1~c1", "c1~c2", "c2~c3"]));
}

// ---------------------------------------------------------------------------------------------
// Winning
// ---------------------------------------------------------------------------------------------

#[test]
fn no_win_while_a_crosscut_remains() {
    // Red b2 joins a1-a2-b2-b3 (bottom to top) but forms b1 c1 b2 c2: the turn is not over.
    let mut p = from_diagram(3, 0, ".R. / R.B / RBR");
    play(&mut p, "b2");
    assert!(p.connected(0));
    assert_eq!(p.outcome(), None);
    assert!(p.is_swapping());
    assert_eq!(legal(&p), strs(&["b1~c1", "c1~c2"]));
    assert_eq!(p.view().prompt, "Red must swap to unravel a crosscut");
    assert_eq!(p.view().to_move, Some(0));
    assert!(p.view().highlight.is_empty());
    assert!(err(&p, "c3").starts_with("you must swap now, not place: the crosscut at b1 c1 b2 c2"));
    // The swap leaves the path alone; the turn ends and Red wins.
    play(&mut p, "c1~c2");
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert!(p.legal_step_list().is_empty());
    let v = p.view();
    assert_eq!(v.prompt, "Red wins");
    assert_eq!(v.to_move, None);
    assert_eq!(v.outcome, Some(Outcome::Winner(0)));
    assert_eq!(v.highlight, cells(&p, "a1 a2 b2 b3"));
}

#[test]
fn win_only_judged_at_turn_end() {
    // Red d4 joins a1-a2-a3-b3-c3-c2-d2-e2-e3-e4-d4-d5, with c3 as the bridge, but forms the
    // crosscut c3 d3 c4 d4. Every legal swap moves c3, so the path breaks before the turn ends.
    let diagram = "...R. / B.B.R / RRRBR / R.RRR / RBBBB";
    for swap in ["c3~d3", "c3~c4"] {
        let mut p = from_diagram(5, 0, diagram);
        assert_eq!(p.outcome(), None);
        play(&mut p, "d4");
        assert!(p.connected(0));
        assert_eq!(p.outcome(), None);
        assert_eq!(p.crosscuts(), crosscuts(&p, &["c3 d3 c4 d4 | d4"]));
        assert_eq!(legal(&p), strs(&["c3~d3", "c3~c4"]));
        play(&mut p, swap);
        assert_eq!(p.crosscut_count(), 0, "{swap}");
        assert!(!p.connected(0) && !p.connected(1));
        assert_eq!(p.outcome(), None);
        assert_eq!(p.to_move(), 1);
        assert_eq!(p.view().prompt, "Blue to place a checker");
    }
}

#[test]
fn blue_wins_left_to_right() {
    let mut p = after(3, "a3 a2 c3 b2 b3");
    assert_eq!(p.outcome(), None, "a red row does not join top and bottom");
    play(&mut p, "c2");
    assert_eq!(p.outcome(), Some(Outcome::Winner(1)));
    assert!(p.connected(1) && !p.connected(0));
    let v = p.view();
    assert_eq!(v.prompt, "Blue wins");
    assert_eq!(v.highlight, cells(&p, "a2 b2 c2"));
    assert!(p.legal_step_list().is_empty());
    assert_eq!(err(&p, "a1"), "the game is over: Blue has won");
    assert_eq!(err(&p, "a1~b1"), "the game is over: Blue has won");
}

#[test]
fn red_wins_top_to_bottom_and_a_blue_column_is_not_a_win() {
    let mut p = after(3, "b1 a1 b2 a2");
    assert_eq!(p.outcome(), None);
    play(&mut p, "b3");
    assert_eq!(p.outcome(), Some(Outcome::Winner(0)));
    assert_eq!(p.view().highlight, cells(&p, "b1 b2 b3"));
    // A blue column joins top and bottom: not Blue's goal.
    let p = from_diagram(3, 0, "B.. / B.R / B..");
    assert_eq!(p.outcome(), None);
    // A diagram in which a player is already connected is a finished game.
    let p = from_diagram(3, 0, "... / RRR / BBB");
    assert_eq!(p.outcome(), Some(Outcome::Winner(1)));
}

#[test]
fn diagonal_checkers_do_not_connect() {
    // Red a1, b2, c3 touch only at corners: no path.
    let p = from_diagram(3, 1, "..R / .R. / R..");
    assert!(!p.connected(0));
    assert_eq!(p.outcome(), None);
}

// ---------------------------------------------------------------------------------------------
// Step text and errors
// ---------------------------------------------------------------------------------------------

#[test]
fn error_messages() {
    let mut p = start(8);
    play(&mut p, "c4");
    assert_eq!(err(&p, "c4"), "c4 is occupied");
    assert_eq!(err(&p, "x9"), "`x9` is not a cell of this 8×8 board");
    assert_eq!(err(&p, "a9"), "`a9` is not a cell of this 8×8 board");
    assert_eq!(err(&p, "a0"), "`a0` is not a cell of this 8×8 board");
    assert!(err(&p, "hello").starts_with("`hello` is not a step"));
    assert!(err(&p, "").starts_with("no step given"));
    assert!(err(&p, "~").starts_with("`` is not a step"));
    assert!(err(&p, "c4~").starts_with("`` is not a step"));
    assert!(err(&p, "c4~d4~e4").contains("is not"));
    assert_eq!(
        err(&p, "c4~d4"),
        "you cannot swap now: there is no crosscut to unravel, so Blue places a checker"
    );
    assert_eq!(err(&p, "c4~e4"), "c4 and e4 are not orthogonal neighbours");
    assert_eq!(err(&p, "c4~d5"), "c4 and d5 are not orthogonal neighbours");
    assert_eq!(err(&p, "h1~a2"), "h1 and a2 are not orthogonal neighbours");
    assert_eq!(
        err(&p, "c4~c4"),
        "a swap takes two different cells (got c4 twice)"
    );

    // In a swap chain.
    let mut p = from_diagram(4, 0, ".... / .... / B... / RB.R");
    play(&mut p, "b2");
    assert_eq!(
        err(&p, "c3"),
        "you must swap now, not place: the crosscut at a1 b1 a2 b2 is still there"
    );
    assert_eq!(
        err(&p, "b2"),
        err(&p, "c3"),
        "placing is refused before occupancy"
    );
    assert_eq!(err(&p, "c1~c2"), "c1 is empty");
    assert_eq!(err(&p, "d1~c1"), "c1 is empty");
    assert_eq!(err(&p, "a2~a3"), "a3 is empty");
    play(&mut p, "a1~a2");
    // a1 b1 a2 b2 is now B B R R; put another crosscut up to test "same colour" and "not in".
    assert_eq!(p.to_move(), 1);
    let p = from_diagram(4, 0, ".... / .BRR / B... / RB.R");
    let mut p = p;
    play(&mut p, "b2");
    assert_eq!(p.crosscuts(), crosscuts(&p, &["a1 b1 a2 b2 | b2"]));
    assert_eq!(err(&p, "b2~c2"), "c2 is empty");
    assert_eq!(
        err(&p, "b3~c3"),
        "b3 and c3 do not lie in one crosscut: a swap must unravel a crosscut (the crosscut at a1 b1 a2 b2 is still there)"
    );
    assert_eq!(
        err(&p, "c3~d3"),
        "c3 and d3 are both red: a swap exchanges a red and a blue checker"
    );
    assert_eq!(
        err(&p, "b1~b2"),
        "b2 completed the crosscut at a1 b1 a2 b2, so it cannot be swapped to unravel that crosscut"
    );
}

#[test]
fn swap_text_is_canonical_and_lenient() {
    let mut p = from_diagram(3, 0, "... / B.. / RB.");
    play(&mut p, "b2");
    for (text, canonical) in [
        ("a1~b1", "a1~b1"),
        ("b1~a1", "a1~b1"),
        (" A2 ~ a1 ", "a1~a2"),
        ("a1~a2", "a1~a2"),
    ] {
        let s = p.parse_step(text).unwrap();
        assert_eq!(p.step_text(s), canonical);
    }
    assert_eq!(
        p.parse_step("b1~a1").unwrap(),
        Step::Swap(cell(&p, "a1") as u16, cell(&p, "b1") as u16)
    );
    let v = p.step_view(p.parse_step("b1~a1").unwrap());
    assert_eq!((v.text.as_str(), v.kind.name()), ("a1~b1", "swap"));
    assert_eq!(v.cells, cells(&p, "a1 b1"));
    let q = start(5);
    let v = q.step_view(q.parse_step(" C4 ").unwrap());
    assert_eq!((v.text.as_str(), v.kind.name()), ("c4", "place"));
    assert_eq!(v.cells, cells(&q, "c4"));
    assert_eq!(v.dir, None);
}

#[test]
fn diagram_errors() {
    let o = Options::with_size(3);
    let e = Position::from_diagram(&o, 0, "... / BR. / RB.").unwrap_err();
    assert_eq!(
        e.to_string(),
        "the diagram has a crosscut at a1 b1 a2 b2: a turn never ends with one"
    );
    assert!(Position::from_diagram(&o, 0, "... / ...").is_err());
    assert!(Position::from_diagram(&o, 0, "... / .... / ...").is_err());
    assert!(Position::from_diagram(&o, 0, "... / .X. / ...").is_err());
    assert!(Position::from_diagram(&o, 2, "... / ... / ...").is_err());
    let p = Position::from_diagram(&o, 1, "R.. / .B. / ..R").unwrap();
    assert_eq!(p.to_move(), 1);
    assert_eq!(p.diagram(), "R../.B./..R");
    assert_eq!(p.checker(cell(&p, "a3")), Some(0));
    assert_eq!(p.checker(cell(&p, "b2")), Some(1));
    assert_eq!(p.checker(cell(&p, "a1")), None);
}

#[test]
fn play_steps_names_the_failing_step() {
    let mut p = start(3);
    let e = p.play_steps("a1 b1 a1").unwrap_err();
    assert_eq!(e.to_string(), "step 3 (`a1`): a1 is occupied");
}

#[test]
fn view_facts_during_a_chain() {
    let mut p = from_diagram(3, 0, "... / B.B / RBR");
    play(&mut p, "b2");
    let v = p.view();
    let fact = |k: &str| v.facts.iter().find(|(a, _)| a == k).map(|(_, b)| b.clone());
    assert_eq!(fact("Crosscuts").as_deref(), Some("2"));
    assert_eq!(fact("Swaps this turn").as_deref(), Some("0"));
    assert_eq!(fact("Red checkers").as_deref(), Some("3"));
    assert_eq!(fact("Blue checkers").as_deref(), Some("3"));
    assert_eq!(v.marked, cells(&p, "a1 b1 c1 a2 b2 c2"));
}

// ---------------------------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------------------------

#[test]
fn mid_chain_perft_positions_are_what_they_claim() {
    let p = after(
        5,
        "c2 e4 a4 a3 b2 a1 d5 c4 d2 d1 a2 d4 b1 b5 c3 e3 e1 a5 b4 c1 e5 b3 b4~c4 d3 e2 d1~d2 \
         c1~c2 b3~c3",
    );
    assert!(p.is_swapping());
    assert_eq!(p.swaps_this_turn(), 3);
    assert_eq!(
        p.crosscuts(),
        crosscuts(
            &p,
            &[
                "a3 b3 a4 b4 | b3",
                "b3 c3 b4 c4 | b3 c3",
                "c3 d3 c4 d4 | c3"
            ]
        )
    );
    assert_eq!(
        legal(&p),
        strs(&["a3~a4", "a4~b4", "b4~c4", "c4~d4", "d3~d4"])
    );
}

// ---------------------------------------------------------------------------------------------
// An independent reference model, compared step by step in random games
// ---------------------------------------------------------------------------------------------

/// The notes' rules written as plainly as possible: after every step, each crosscut window
/// whose cells changed gets the changed cells as completers; unchanged crosscuts keep
/// theirs; legal swaps are searched over all neighbouring pairs.
#[derive(Clone)]
struct Reference {
    n: usize,
    board: Vec<u8>, // 0 empty, 1 red, 2 blue
    crosscuts: Vec<([usize; 4], Vec<usize>)>,
    mover: usize,
    winner: Option<usize>,
}

impl Reference {
    fn new(n: usize) -> Self {
        Reference {
            n,
            board: vec![0; n * n],
            crosscuts: Vec::new(),
            mover: 0,
            winner: None,
        }
    }

    fn window(&self, f: usize, r: usize) -> [usize; 4] {
        let n = self.n;
        [
            r * n + f,
            r * n + f + 1,
            (r + 1) * n + f,
            (r + 1) * n + f + 1,
        ]
    }

    fn is_crosscut(&self, w: [usize; 4]) -> bool {
        let [bl, br, tl, tr] = w.map(|c| self.board[c]);
        bl != 0 && br != 0 && bl != br && bl == tr && br == tl
    }

    fn neighbours(&self, a: usize, b: usize) -> bool {
        let n = self.n;
        let (fa, ra, fb, rb) = (a % n, a / n, b % n, b / n);
        fa.abs_diff(fb) + ra.abs_diff(rb) == 1
    }

    fn legal(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.winner.is_some() {
            return out;
        }
        let n = self.n;
        let name = |c: usize| format!("{}{}", (b'a' + (c % n) as u8) as char, c / n + 1);
        if self.crosscuts.is_empty() {
            for c in 0..n * n {
                if self.board[c] == 0 {
                    out.push(name(c));
                }
            }
        } else {
            for a in 0..n * n {
                for b in a + 1..n * n {
                    if !self.neighbours(a, b)
                        || self.board[a] == 0
                        || self.board[b] == 0
                        || self.board[a] == self.board[b]
                    {
                        continue;
                    }
                    let ok = self.crosscuts.iter().any(|(w, comp)| {
                        w.contains(&a) && w.contains(&b) && !comp.contains(&a) && !comp.contains(&b)
                    });
                    if ok {
                        out.push(format!("{}~{}", name(a), name(b)));
                    }
                }
            }
        }
        out.sort();
        out
    }

    fn apply(&mut self, text: &str) {
        let n = self.n;
        let parse = |t: &str| {
            let f = (t.as_bytes()[0] - b'a') as usize;
            let r: usize = t[1..].parse().unwrap();
            (r - 1) * n + f
        };
        let old = self.board.clone();
        if let Some((a, b)) = text.split_once('~') {
            self.board.swap(parse(a), parse(b));
        } else {
            self.board[parse(text)] = self.mover as u8 + 1;
        }
        let mut next = Vec::new();
        for r in 0..n - 1 {
            for f in 0..n - 1 {
                let w = self.window(f, r);
                if !self.is_crosscut(w) {
                    continue;
                }
                let changed: Vec<usize> = w
                    .iter()
                    .copied()
                    .filter(|&c| old[c] != self.board[c])
                    .collect();
                if changed.is_empty() {
                    let kept = self.crosscuts.iter().find(|(x, _)| *x == w).unwrap();
                    next.push(kept.clone());
                } else {
                    next.push((w, changed));
                }
            }
        }
        self.crosscuts = next;
        if self.crosscuts.is_empty() {
            let red = self.joined(1);
            let blue = self.joined(2);
            assert!(!(red && blue));
            if red {
                self.winner = Some(0);
            } else if blue {
                self.winner = Some(1);
            } else {
                self.mover = 1 - self.mover;
            }
        }
    }

    /// Flood fill from the colour's first edge.
    fn joined(&self, colour: u8) -> bool {
        let n = self.n;
        let mut seen = vec![false; n * n];
        let mut stack: Vec<usize> = (0..n)
            .map(|i| if colour == 1 { i } else { i * n })
            .filter(|&c| self.board[c] == colour)
            .collect();
        for &c in &stack {
            seen[c] = true;
        }
        while let Some(c) = stack.pop() {
            if (colour == 1 && c / n == n - 1) || (colour == 2 && c % n == n - 1) {
                return true;
            }
            let near: Vec<usize> = (0..n * n).filter(|&d| self.neighbours(c, d)).collect();
            for d in near {
                if !seen[d] && self.board[d] == colour {
                    seen[d] = true;
                    stack.push(d);
                }
            }
        }
        false
    }
}

#[test]
fn engine_agrees_with_the_reference_model() {
    let mut rng = Rng::new(2024);
    let mut swaps_seen = 0;
    for game in 0..1200 {
        let n = 3 + game % 4;
        let mut p = start(n);
        let mut r = Reference::new(n);
        loop {
            let texts = legal(&p);
            assert_eq!(texts, r.legal(), "game {game} at {}", p.diagram());
            let expected_outcome = r.winner.map(Outcome::Winner);
            assert_eq!(p.outcome(), expected_outcome);
            if texts.is_empty() {
                break;
            }
            assert_eq!(p.to_move(), r.mover);
            assert_same_crosscuts(&p, &r, "");
            // Every cell and every neighbouring pair parses exactly when it is legal.
            for a in 0..n * n {
                let an = p.grid().name(a);
                assert_eq!(p.parse_step(&an).is_ok(), texts.contains(&an));
                for (b, ok) in [(a + 1, a % n + 1 < n), (a + n, a + n < n * n)] {
                    if ok {
                        let bn = p.grid().name(b);
                        let t = format!("{an}~{bn}");
                        let ok = p.parse_step(&t).is_ok();
                        assert_eq!(ok, texts.contains(&t), "{t} at {}", p.diagram());
                        assert_eq!(p.parse_step(&format!("{bn}~{an}")).is_ok(), ok);
                    }
                }
            }
            let t = texts[rng.below(texts.len())].clone();
            if t.contains('~') {
                swaps_seen += 1;
            }
            p.play_text(&t).unwrap();
            r.apply(&t);
        }
    }
    assert!(swaps_seen > 1000, "{swaps_seen}");
}

/// A long chain that swaps the same pairs again and again: after the placement on d3 and
/// four swaps, the ten swaps listed twice below turn every checker of ranks 1 to 4 to the
/// other colour and back, so the board of the fourth swap comes back after the 24th. No
/// swap in it moves a completer of any crosscut on the board. The engine must follow the
/// notes' per-crosscut completers (the reference model) at every step of it.
#[test]
fn engine_agrees_with_the_reference_model_on_a_chain_that_returns_to_its_board() {
    let placements = "a1 c1 b1 e1 d1 a2 d2 b2 a3 c2 c3 e2 e3 b3 a4 b4 c4 e4 d4 d3";
    let round = "c1~c2 d1~e1 a3~b3 a1~a2 b1~b2 c3~c4 d3~d4 d2~e2 e3~e4 a4~b4";
    let steps = format!("{placements} c2~c3 b1~b2 d2~e2 e3~e4 {round} {round}");
    let mut p = start(5);
    let mut r = Reference::new(5);
    for t in steps.split_whitespace() {
        assert_eq!(legal(&p), r.legal(), "before {t} at {}", p.diagram());
        assert_same_crosscuts(&p, &r, t);
        p.play_text(t).unwrap();
        r.apply(t);
    }
    assert!(p.is_swapping());
    assert_eq!(p.swaps_this_turn(), 24);
    assert_eq!(legal(&p), r.legal());
}

/// The 5×5 loop of docs/rules/unravel.md: the placements, the four swaps that reach the
/// looping state, and the ten swaps that, played twice, bring that state back.
const LOOP_PLACEMENTS: &str = "a1 c1 b1 e1 d1 a2 d2 b2 a3 c2 c3 e2 e3 b3 a4 b4 c4 e4 d4 d3";
const LOOP_START: &str = "c2~c3 b1~b2 d2~e2 e3~e4";
const LOOP_ROUND: &str = "c1~c2 d1~e1 a3~b3 a1~a2 b1~b2 c3~c4 d3~d4 d2~e2 e3~e4 a4~b4";

/// The position where the loop begins: Blue has placed d3 and swapped four times.
fn loop_start() -> Position {
    after(5, &format!("{LOOP_PLACEMENTS} {LOOP_START}"))
}

/// The state a turn can come back to: board, crosscuts and their completers.
fn turn_state(p: &Position) -> (String, Vec<Crosscut>, bool, usize) {
    (p.diagram(), p.crosscuts(), p.is_swapping(), p.to_move())
}

/// The rules set no bound on a turn: the loop played forty times (800 swaps) stays legal,
/// every step agrees with the reference model, every twentieth swap brings the looping
/// state back, every swap from the twentieth on brings back a state the turn had (and no
/// swap before it, as the engine says both after the swap and before it), and the turn can
/// still be ended afterwards.
#[test]
fn a_turn_may_go_round_its_loop_forty_times_and_still_end() {
    let mut p = loop_start();
    let mut r = Reference::new(5);
    for t in format!("{LOOP_PLACEMENTS} {LOOP_START}").split_whitespace() {
        r.apply(t);
    }
    let looping = turn_state(&p);
    assert!(!p.repeats_within_turn());
    let round: Vec<&str> = LOOP_ROUND.split_whitespace().collect();
    for i in 0..800 {
        let t = round[i % 10];
        if i % 40 == 0 {
            assert_eq!(legal(&p), r.legal(), "swap {i}");
        }
        let step = p.parse_step(t).unwrap();
        let again = i >= 19;
        assert_eq!(p.brings_back(step), again, "swap {i}: {t}");
        p.play(step);
        r.apply(t);
        assert_eq!(p.repeats_within_turn(), again, "swap {i}: {t}");
        assert_eq!(turn_state(&p) == looping, i % 20 == 19, "swap {i}");
    }
    assert_eq!(p.swaps_this_turn(), 804);
    assert_same_crosscuts(&p, &r, "the end");
    // Ending the turn: a shortest way out, found by trying the swaps breadth first.
    let mut frontier = vec![(p.clone(), Vec::<String>::new())];
    let ended = 'search: loop {
        let mut next = Vec::new();
        for (q, line) in frontier {
            for s in q.legal_step_list() {
                let mut child = q.clone();
                child.play(s);
                let mut line = line.clone();
                line.push(q.step_text(s));
                if !child.is_swapping() {
                    break 'search (child, line);
                }
                next.push((child, line));
            }
        }
        assert!(!next.is_empty() && next.len() < 100_000, "no way out found");
        frontier = next;
    };
    let (q, line) = ended;
    assert_eq!(q.crosscut_count(), 0);
    assert!(q.outcome().is_some() || q.to_move() == 0, "{line:?}");
}

/// Random games never loop in practice, but the turn hash behind `brings_back` and
/// `repeats_within_turn` must agree with playing the step: in random games of every size,
/// a swap brings back a state exactly when the board, crosscuts and completers after it
/// equal those of a state this turn had.
#[test]
fn brings_back_agrees_with_the_states_the_turn_had() {
    let mut rng = Rng::new(33);
    let mut checked = 0;
    for game in 0..300 {
        let n = 3 + game % 9;
        let mut p = start(n);
        let mut turn: Vec<(String, Vec<Crosscut>, bool, usize)> = Vec::new();
        while p.outcome().is_none() {
            let steps = p.legal_step_list();
            if p.is_swapping() {
                for &s in &steps {
                    let mut child = p.clone();
                    child.play(s);
                    let seen = child.is_swapping() && turn.contains(&turn_state(&child));
                    assert_eq!(p.brings_back(s), seen, "{}", p.diagram());
                    assert_eq!(child.repeats_within_turn(), seen);
                    checked += 1;
                }
            }
            let s = steps[rng.below(steps.len())];
            p.play(s);
            if matches!(s, Step::Place(_)) {
                turn.clear();
            }
            if p.is_swapping() {
                turn.push(turn_state(&p));
            }
        }
    }
    assert!(checked > 1000, "{checked}");
    // And in the loop, where it does happen.
    let mut p = loop_start();
    let mut turn = vec![turn_state(&p)];
    for t in format!("{LOOP_ROUND} {LOOP_ROUND}").split_whitespace() {
        for s in p.legal_step_list() {
            let mut child = p.clone();
            child.play(s);
            assert_eq!(p.brings_back(s), turn.contains(&turn_state(&child)));
        }
        play(&mut p, t);
        turn.push(turn_state(&p));
    }
}

/// Playouts never go round a loop: one swap before the loop closes, the playouts' pick
/// never takes the closing swap (a uniform pick does, about one time in as many swaps as
/// there are), and a playout from the looping state never brings a state back.
#[test]
fn playouts_never_bring_back_a_state_of_the_turn() {
    let mut p = loop_start();
    let round: Vec<&str> = LOOP_ROUND.split_whitespace().collect();
    for t in round.iter().chain(&round[..9]) {
        play(&mut p, t);
    }
    let closing = p.parse_step("a4~b4").unwrap();
    assert!(p.brings_back(closing));
    let choices = p.legal_step_list().len();
    let mut rng = Rng::new(4);
    let mut buf = Vec::new();
    let mut uniform_closed = 0;
    for _ in 0..200 * choices {
        assert_ne!(p.playout_step(&mut rng, &mut buf), Some(closing));
        uniform_closed += (p.random_step(&mut rng, &mut buf) == Some(closing)) as usize;
    }
    assert!(uniform_closed > 100, "{uniform_closed}");
    for seed in 0..300 {
        let mut rng = Rng::new(seed);
        let mut q = p.clone();
        let mut longest = 0;
        while let Some(step) = q.playout_step(&mut rng, &mut buf) {
            let all_loop = q.legal_step_list().iter().all(|&s| q.brings_back(s));
            q.play(step);
            assert!(!q.repeats_within_turn() || all_loop, "seed {seed}");
            longest = longest.max(q.swaps_this_turn());
        }
        // A chain without repeats on 25 cells: far below the 800 swaps of forty loops.
        assert!(longest <= 625, "seed {seed}: {longest} swaps in a turn");
    }
}

// ---------------------------------------------------------------------------------------------
// Random games
// ---------------------------------------------------------------------------------------------

#[test]
fn long_random_games() {
    let mut rng = Rng::new(7);
    let mut steps = Vec::new();
    let mut longest_chain = 0;
    let mut wins = [0usize; 2];
    for game in 0..12000 {
        let n = 3 + game % 8;
        let mut p = start(n);
        let mut turns = 0;
        loop {
            steps.clear();
            p.legal_steps(&mut steps);
            assert_eq!(steps.is_empty(), p.outcome().is_some());
            if steps.is_empty() {
                break;
            }
            // Listed steps are distinct and their text round-trips.
            if game % 8 == 0 {
                for (i, &s) in steps.iter().enumerate() {
                    assert!(!steps[..i].contains(&s));
                    let t = p.step_text(s);
                    assert_eq!(p.parse_step(&t), Ok(s), "{t}");
                    assert_eq!(p.step_view(s).text, t);
                }
            }
            let s = steps[rng.below(steps.len())];
            let swapping_before = p.is_swapping();
            p.play(s);
            match s {
                Step::Place(_) => assert!(!swapping_before),
                Step::Swap(..) => assert!(swapping_before),
            }
            longest_chain = longest_chain.max(p.swaps_this_turn());
            if !p.is_swapping() {
                turns += 1;
                assert_eq!(p.crosscut_count(), 0);
                assert!(turns <= n * n);
                let full = (0..n * n).all(|c| p.checker(c).is_some());
                let red = p.connected(0);
                let blue = p.connected(1);
                assert!(!(red && blue), "both connected");
                match p.outcome() {
                    None => assert!(!red && !blue && !full),
                    Some(Outcome::Winner(w)) => {
                        assert!(if w == 0 { red && !blue } else { blue && !red });
                        wins[w] += 1;
                        let v = p.view();
                        assert!(!v.highlight.is_empty());
                        assert!(v.highlight.iter().all(|&c| p.checker(c) == Some(w)));
                        assert_eq!(v.prompt, ["Red wins", "Blue wins"][w]);
                    }
                    Some(Outcome::Draw) => panic!("a draw"),
                }
                if full {
                    // Exactly one player has won when the board fills.
                    assert!(matches!(p.outcome(), Some(Outcome::Winner(_))));
                }
            } else {
                assert!(p.crosscut_count() > 0);
                assert_eq!(p.outcome(), None);
            }
        }
    }
    assert!(wins[0] > 100 && wins[1] > 100, "{wins:?}");
    assert!(longest_chain >= 5, "{longest_chain}");
}

#[test]
fn garbage_step_text_never_panics() {
    let mut rng = Rng::new(99);
    let alphabet: Vec<char> = "abcdefghsz0123456789~ -AZ\u{e9}\u{1F600}\0\n"
        .chars()
        .collect();
    let mut positions = vec![start(3), start(19), from_diagram(3, 0, "... / B.B / RBR")];
    let mut chain = from_diagram(3, 0, "... / B.B / RBR");
    play(&mut chain, "b2");
    positions.push(chain);
    positions.push(after(3, "a3 a2 c3 b2 b3 c2"));
    for p in &positions {
        for t in [
            "",
            " ",
            "~",
            "~~",
            "a",
            "1",
            "a1~",
            "~a1",
            "a99999999999999999999999",
            "z1",
            "a-1",
            "a+1",
            "é1",
            "a1~a1~a1",
            "\u{1F600}",
            "a\u{0}",
            "b2~b2",
        ] {
            let _ = p.parse_step(t);
        }
        let _ = p.parse_step(&"a1~".repeat(10_000));
        for _ in 0..3000 {
            let len = rng.below(10);
            let t: String = (0..len)
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect();
            if let Ok(s) = p.parse_step(&t) {
                assert!(p.legal_step_list().contains(&s), "{t:?}");
            }
        }
        // Truncations and random bytes of legal step texts.
        for s in p.legal_step_list() {
            let t = p.step_text(s);
            for i in 0..t.len() {
                let _ = p.parse_step(&t[..i]);
            }
            let mut bytes = t.clone().into_bytes();
            let i = rng.below(bytes.len());
            bytes[i] = rng.below(256) as u8;
            let _ = p.parse_step(&String::from_utf8_lossy(&bytes));
        }
    }
}

#[test]
fn cloned_positions_are_independent() {
    let p = after(4, "a1 b1");
    let mut q = p.clone();
    play(&mut q, "c1");
    assert_eq!(p.diagram(), "..../..../..../RB..");
    assert_ne!(p.diagram(), q.diagram());
}

/// The playouts' own pick (`playout_step`, which skips the step list for placements) is the
/// default one, a uniform pick from `legal_steps`, for the same random numbers: in random
/// games of every size, through swap chains and to the end (where no swap brings back a
/// position of the turn, the only case where it draws again).
#[test]
fn playout_step_is_the_uniform_pick_from_the_legal_steps() {
    let mut rng = Rng::new(21);
    let mut buf = Vec::new();
    let mut swaps = 0;
    for game in 0..400 {
        let n = 3 + game % 17;
        let mut p = start(n);
        loop {
            let mut reference = rng.clone();
            let expected = reference.choose(&p.legal_step_list()).copied();
            let got = p.playout_step(&mut rng, &mut buf);
            assert_eq!(got, expected, "{}", p.diagram());
            assert_eq!(rng.next_u64(), reference.next_u64(), "random numbers used");
            let Some(step) = got else { break };
            swaps += matches!(step, Step::Swap(..)) as usize;
            p.play(step);
        }
        assert!(p.outcome().is_some());
    }
    assert!(swaps > 1000, "{swaps}");
}

/// The engine's crosscuts and their completers are the reference model's (`when` names the
/// step about to be played, for the message).
fn assert_same_crosscuts(p: &Position, r: &Reference, when: &str) {
    let mut mine: Vec<(Vec<usize>, Vec<usize>)> = p
        .crosscuts()
        .into_iter()
        .map(|c| (c.cells.to_vec(), c.completers))
        .collect();
    let mut theirs: Vec<(Vec<usize>, Vec<usize>)> = r
        .crosscuts
        .iter()
        .map(|(w, c)| (w.to_vec(), c.clone()))
        .collect();
    mine.sort();
    theirs.sort();
    assert_eq!(mine, theirs, "before {when}");
}
