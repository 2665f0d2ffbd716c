//! Every click that makes no step is answered with a reason about the board: on random
//! positions of all five games, every cell clicked with nothing picked, every cell clicked
//! after every possible pick (as www/input.js reads clicks), a Unity ring's Fire button and
//! every edge between two Unity cells that takes no wall, and Unity's keys 1 to 6 (a picked
//! piece's shot that way, or a wall on that side of the cursor's cell) where they make no
//! step. The reason is never empty and never the typing syntax of steps.

use ludus::game::{BoardView, ErrorKind, StepKind, StepView};
use ludus::games::GameKind;
use ludus::geometry::{HexDir, HexGrid};
use ludus::options::OptionMap;
use ludus::rng::Rng;
use ludus::session::Session;
use std::collections::{HashMap, HashSet};

/// What the board does with clicks in a position, as www/input.js `analyse` indexes it.
struct Clicks {
    /// Cells a click on which is a whole step (placements).
    one_click: HashSet<usize>,
    /// Cells a click on which picks the first cell of a two-click step.
    sources: HashSet<usize>,
}

fn clicks(view: &BoardView, legal: &[StepView]) -> Clicks {
    let mut one_click = HashSet::new();
    let mut sources = HashSet::new();
    let tiles: HashMap<String, usize> = view
        .pieces
        .iter()
        .enumerate()
        .filter_map(|(c, p)| Some((p.as_ref()?.label.clone()?, c)))
        .collect();
    for s in legal {
        match s.kind {
            StepKind::Place | StepKind::Replace => {
                one_click.insert(s.cells[0]);
            }
            StepKind::Move | StepKind::Ring | StepKind::Asterisk => {
                sources.insert(s.cells[0]);
            }
            StepKind::Swap => {
                sources.insert(s.cells[0]);
                sources.insert(s.cells[1]);
            }
            StepKind::Flip => {
                if let Some(&c) = tiles.get(&s.piece.unwrap().to_string()) {
                    sources.insert(c);
                }
            }
            StepKind::Pass | StepKind::Wall => {}
        }
    }
    Clicks { one_click, sources }
}

/// The cells a second click plays to with `from` picked (input.js `dests`).
fn destinations(view: &BoardView, legal: &[StepView], from: usize) -> HashSet<usize> {
    let tile = view.pieces[from].as_ref().and_then(|p| p.label.clone());
    legal
        .iter()
        .filter_map(|s| match s.kind {
            StepKind::Move if s.cells[0] == from => Some(s.cells[1]),
            StepKind::Swap if s.cells[0] == from => Some(s.cells[1]),
            StepKind::Swap if s.cells[1] == from => Some(s.cells[0]),
            StepKind::Flip if tile == s.piece.map(|p| p.to_string()) => Some(s.cells[0]),
            _ => None,
        })
        .collect()
}

/// Whether `why` reads as the typing syntax of steps rather than words about the board.
fn typing_syntax(why: &str) -> bool {
    let lower = why.to_lowercase();
    if ["write", "type ", "typed", "syntax", "not a step"]
        .iter()
        .any(|w| lower.contains(w))
    {
        return true;
    }
    // A step written as text: c3-c6, c3|c4, c3~d4, 12@c3, c3xNE.
    let b = why.as_bytes();
    (1..b.len().saturating_sub(1)).any(|i| {
        matches!(b[i], b'-' | b'|' | b'~' | b'@') && b[i - 1].is_ascii_digit() && {
            b[i + 1].is_ascii_alphanumeric()
        }
    }) || (1..b.len().saturating_sub(2))
        .any(|i| b[i - 1].is_ascii_digit() && b[i] == b'x' && b[i + 1].is_ascii_uppercase())
}

fn check(what: &str, why: &str) {
    assert!(!why.trim().is_empty(), "{what}: no reason given");
    assert!(!typing_syntax(why), "{what}: typing syntax, {why:?}");
}

/// Checks every click of the current position of `s`; returns the number checked.
fn check_position(s: &Session, label: &str) -> usize {
    let game = s.current();
    let view = game.view();
    let legal = game.legal_step_views();
    if legal.is_empty() {
        return 0;
    }
    let at = format!("{label} at {}", s.record_text());
    let c = clicks(&view, &legal);
    let cells = view.cells.len();
    let mut checked = 0;
    for cell in 0..cells {
        if c.sources.contains(&cell) || c.one_click.contains(&cell) {
            continue;
        }
        let why = s.explain_click(&[cell]).unwrap();
        check(&format!("{at}: a click on {}", view.cells[cell]), &why);
        checked += 1;
    }
    for &from in &c.sources {
        let dests = destinations(&view, &legal, from);
        for cell in 0..cells {
            let what = format!(
                "{at}: {} picked, a click on {}",
                view.cells[from], view.cells[cell]
            );
            if cell == from {
                // The Fire button of a ring picked whose capture is not legal.
                let ring = view.pieces[from]
                    .as_ref()
                    .is_some_and(|p| p.kind == ludus::game::PieceKind::Ring);
                let fires = legal
                    .iter()
                    .any(|s| s.kind == StepKind::Ring && s.cells == [from]);
                if ring && !fires {
                    check(
                        &format!("{what} (Fire)"),
                        &s.explain_pick(from, from).unwrap(),
                    );
                    checked += 1;
                }
                continue;
            }
            if dests.contains(&cell) {
                assert_eq!(s.explain_pick(from, cell).unwrap(), "", "{what}: a step");
                continue;
            }
            // Another piece that can step is picked instead; a placement is played.
            if c.sources.contains(&cell) || c.one_click.contains(&cell) {
                continue;
            }
            check(&what, &s.explain_pick(from, cell).unwrap());
            checked += 1;
        }
    }
    // Unity: every edge between two cells that takes no wall.
    if s.kind() == GameKind::Unity {
        let walls: HashSet<[usize; 2]> = legal
            .iter()
            .filter(|s| s.kind == StepKind::Wall)
            .map(|s| [s.cells[0].min(s.cells[1]), s.cells[0].max(s.cells[1])])
            .collect();
        for a in 0..cells {
            for b in a + 1..cells {
                let edge = format!("{}|{}", view.cells[a], view.cells[b]);
                // Cells that are not neighbours have no edge to click.
                let neighbours = game
                    .check_text(&edge)
                    .map_or_else(|e| e.kind() != ErrorKind::Syntax, |()| true);
                if walls.contains(&[a, b]) || !neighbours {
                    continue;
                }
                let what = format!(
                    "{at}: a click between {} and {}",
                    view.cells[a], view.cells[b]
                );
                check(&what, &s.explain_click(&[a, b]).unwrap());
                checked += 1;
            }
        }
    }
    if s.kind() == GameKind::Unity {
        checked += check_unity_keys(s, &at, &view, &legal, &c.sources);
    }
    checked
}

const DIRS: [&str; 6] = ["NE", "E", "SE", "SW", "W", "NW"];

/// Unity's keys 1 to 6 as www/board/board.js sends them: with a piece picked, its shot in
/// each direction; with nothing picked, a wall on each side of each cell (the cursor's).
fn check_unity_keys(
    s: &Session,
    at: &str,
    view: &BoardView,
    legal: &[StepView],
    sources: &HashSet<usize>,
) -> usize {
    let mut checked = 0;
    for &from in sources {
        for dir in DIRS {
            let shot = legal.iter().any(|st| {
                st.kind == StepKind::Asterisk
                    && st.cells.first() == Some(&from)
                    && st.dir.map(HexDir::name) == Some(dir)
            });
            let why = s.explain_key(from, dir, true).unwrap();
            let what = format!("{at}: {} picked, key {dir}", view.cells[from]);
            if shot {
                assert_eq!(why, "", "{what}: a step");
                continue;
            }
            check(&what, &why);
            if view.pieces[from]
                .as_ref()
                .is_some_and(|p| p.kind == ludus::game::PieceKind::Asterisk)
            {
                FORBIDDEN_SHOTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            checked += 1;
        }
    }
    let grid = HexGrid::new(if view.cells.len() == 61 { 5 } else { 6 });
    for cell in 0..view.cells.len() {
        for dir in DIRS {
            let why = s.explain_key(cell, dir, false).unwrap();
            let what = format!("{at}: cursor on {}, key {dir}", view.cells[cell]);
            let side = grid.neighbor(cell, HexDir::parse(dir).unwrap());
            let wall = legal.iter().any(|st| {
                st.kind == StepKind::Wall
                    && side.is_some_and(|o| {
                        st.cells == [cell.min(o), cell.max(o)] || st.cells == [o, cell]
                    })
            });
            if wall {
                assert_eq!(why, "", "{what}: a step");
                continue;
            }
            check(&what, &why);
            checked += 1;
        }
    }
    checked
}

/// Forbidden asterisk shots whose key was checked, over all tests.
static FORBIDDEN_SHOTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Random games of `kind` with `options`, every position checked up to `positions` of them.
fn random_positions(kind: GameKind, options: &[(&str, &str)], games: u64, positions: usize) {
    let options = options
        .iter()
        .fold(OptionMap::new(), |m, (k, v)| m.with(k, *v));
    let mut checked = 0;
    let mut seen = 0;
    for seed in 0..games {
        let mut rng = Rng::new(seed + 1);
        let mut s = Session::new(kind, &options).unwrap();
        let every = 1 + seed as usize % 3;
        let mut n = 0;
        while seen < positions {
            if n % every == 0 {
                checked += check_position(&s, kind.name());
                seen += 1;
            }
            let Some(step) = s.current().clone().play_random(&mut rng) else {
                break;
            };
            s.play(&step).unwrap();
            n += 1;
        }
    }
    assert!(checked > 0, "{}: nothing checked", kind.name());
}

#[test]
fn unravel_clicks_that_make_no_step_are_explained() {
    random_positions(GameKind::Unravel, &[("size", "5")], 12, 120);
}

#[test]
fn scattercut_clicks_that_make_no_step_are_explained() {
    random_positions(GameKind::Scattercut, &[("size", "5")], 12, 120);
}

#[test]
fn unity_clicks_that_make_no_step_are_explained() {
    random_positions(GameKind::Unity, &[], 6, 60);
    random_positions(GameKind::Unity, &[("players", "3")], 4, 40);
}

/// Unity on sparse random layouts (few pieces a colour), where many captures would wipe a
/// player out: every forbidden shot's key 1 to 6 is explained.
#[test]
fn unity_keys_that_make_no_step_are_explained() {
    let before = FORBIDDEN_SHOTS.load(std::sync::atomic::Ordering::Relaxed);
    for seed in 0..80u64 {
        let mut rng = Rng::new(seed + 101);
        let cells = 61;
        let mut layout: Vec<char> = (0..cells)
            .map(|_| match rng.below(40) {
                0 => 'P',
                1 => 'p',
                2 => 'O',
                3 => 'o',
                4 => 'G',
                5 => 'g',
                _ => '.',
            })
            .collect();
        // Every player has a piece, and an asterisk to shoot with.
        layout[rng.below(cells)] = 'p';
        layout[rng.below(cells)] = 'o';
        let layout: String = layout.into_iter().collect();
        if !layout.contains('p') || !layout.contains('o') {
            continue;
        }
        let supply = if seed % 4 == 0 { "0" } else { "12" };
        let options = OptionMap::new()
            .with("layout", layout.as_str())
            .with("supply", supply);
        let mut s = Session::new(GameKind::Unity, &options)
            .unwrap_or_else(|e| panic!("{layout} (supply {supply}): {e}"));
        for _ in 0..6 {
            check_position(&s, "unity (sparse)");
            let Some(step) = s.current().clone().play_random(&mut rng) else {
                break;
            };
            s.play(&step).unwrap();
        }
    }
    let forbidden = FORBIDDEN_SHOTS.load(std::sync::atomic::Ordering::Relaxed) - before;
    assert!(forbidden > 20, "only {forbidden} forbidden shots checked");
}

#[test]
fn merlins_chain_clicks_that_make_no_step_are_explained() {
    random_positions(GameKind::MerlinsChain, &[], 3, 8);
}

#[test]
fn unlur_clicks_that_make_no_step_are_explained() {
    random_positions(GameKind::Unlur, &[("size", "5")], 12, 120);
}

/// The positions users met: a slide across a wall, a lone pass, a piece with no step, a
/// forbidden capture.
#[test]
fn unity_refusals_users_met_are_explained() {
    let lesson = |id: &str| {
        let lessons = GameKind::Unity.lessons();
        let l = lessons.iter().find(|l| l.id == id).unwrap();
        Session::from_record(l.record).unwrap()
    };
    let s = lesson("walls-stop-moves");
    let cell = |s: &Session, name: &str| {
        let view = s.current().view();
        view.cells.iter().position(|c| c == name).unwrap()
    };
    let (i1, e5) = (cell(&s, "i1"), cell(&s, "e5"));
    assert_eq!(
        s.explain_pick(i1, e5).unwrap(),
        "A wall blocks the way from i1 to e5."
    );
    let s = Session::from_record(
        "unity;layout=GGGGGGGGGGGGGGGGGGGGGGOPGGGGGGPOGGGGGGGGGGGGGGGGGGGGGGGGGGGGG;walls=d5|e6;supply=0",
    )
    .unwrap();
    assert_eq!(
        s.explain_click(&[cell(&s, "e5")]).unwrap(),
        "Purple can do nothing on the board: no piece can slide, no wall can go down and every \
         capture is forbidden, so Purple must pass (press Pass)."
    );
    let s = lesson("pass");
    assert_eq!(
        s.explain_click(&[cell(&s, "f5")]).unwrap(),
        "The ring on f5 has no step: no empty space lies in line with it this side of a wall, \
         and it may not fire: that capture would leave Orange with no pieces."
    );
    let s = lesson("forbidden-capture");
    let d4 = cell(&s, "d4");
    assert_eq!(
        s.explain_pick(d4, d4).unwrap(),
        "The ring on d4 may not fire: that capture would leave Orange with no pieces."
    );
}

/// Keys 1 to 6 from outside: a cell or a direction that does not exist is refused with the
/// reason; in a game that gives those keys no meaning there is nothing to say.
#[test]
fn direction_keys_refuse_bad_arguments_and_mean_nothing_elsewhere() {
    let unity = Session::new(GameKind::Unity, &OptionMap::new()).unwrap();
    let far = unity.explain_key(9999, "NE", true).unwrap_err();
    assert_eq!(far.message(), "there is no cell number 9999");
    let bad = unity.explain_key(0, "north", false).unwrap_err();
    assert_eq!(bad.kind(), ErrorKind::Syntax);
    assert!(
        bad.message().contains("not a direction"),
        "{}",
        bad.message()
    );
    let unlur = Session::new(GameKind::Unlur, &OptionMap::new()).unwrap();
    for picked in [false, true] {
        assert_eq!(unlur.explain_key(0, "E", picked).unwrap(), "");
    }
}
