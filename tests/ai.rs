//! The computer opponent, through the public API: determinism for a seed and an iteration
//! count, obvious wins taken and obvious losses blocked in hand-built positions, and no hang
//! in Unity's position where everyone must pass (a draw once all have passed).

use ludus::ai::{choose_step, PlayerSpec};
use ludus::games::{merlins_chain, scattercut, unity, unlur, unravel, AnyGame, GameKind};
use ludus::geometry::HexGrid;
use ludus::rng::Rng;
use ludus::{Game, OptionMap, SearchHints};

fn never() -> f64 {
    0.0
}

/// The step `player` chooses in `game` with `seed`.
fn choose(game: &AnyGame, player: &str, seed: u64) -> String {
    let spec = PlayerSpec::parse(player).unwrap();
    choose_step(game, &spec, &mut Rng::new(seed), &never)
        .expect("the game is not over")
        .step
}

#[path = "common/start.rs"]
mod start;

use start::start;

// ---------------------------------------------------------------------------------------------
// Determinism
// ---------------------------------------------------------------------------------------------

#[test]
fn same_seed_and_iterations_same_step() {
    for kind in ["unravel", "scattercut", "unity", "merlins-chain", "unlur"] {
        let game = start(kind, &[]);
        let a = choose(&game, "mcts:300", 11);
        let b = choose(&game, "mcts:300", 11);
        assert_eq!(a, b, "{kind}");
        assert!(game.legal_step_texts().contains(&a), "{kind}: {a}");
    }
}

/// Pins the choices for one seed and iteration count, so that an unintended change to the
/// search (or to the random generator) shows. Update deliberately when the search changes.
#[test]
fn pinned_choices() {
    let mut got: Vec<String> = ["unravel", "scattercut", "unity", "merlins-chain"]
        .iter()
        .map(|kind| choose(&start(kind, &[]), "mcts:500", 42))
        .collect();
    // Unlur's contract is decided by its learned weights, not searched: pinned after it.
    let unlur = unlur::Position::from_steps(&unlur::Options { size: 6 }, "pass").unwrap();
    got.push(choose(&AnyGame::Unlur(unlur), "mcts:500", 42));
    assert_eq!(got, PINNED);
}

// Unravel's rests on its learned placement priors (prior=1000, and the order its
// placements are expanded in) and its learned evaluation (playouts of 10 steps); Unity's on its learned step order with widening (pw=1) and
// playouts that take a uniting step where they see one; Merlin's Chain's on progressive
// widening (pw=2), the learned flip order and RAVE by cell; Unlur's is White's first stone
// after a first-turn pass (the contract is not searched), with its learned placement order
// and widening (pw=1) and playouts that answer the last stone by the reply weights.
const PINNED: [&str; 5] = ["g3", "c3", "g3x", "14@d1", "j4"];

#[test]
fn the_result_reports_its_iterations() {
    let spec = PlayerSpec::parse("mcts:250").unwrap();
    let c = choose_step(&start("unravel", &[]), &spec, &mut Rng::new(1), &never).unwrap();
    assert_eq!(c.iterations, 250);
    assert!((0.0..=1.0).contains(&c.value));
}

#[test]
fn player_names_and_settings_parse() {
    for text in [
        "random",
        "quick",
        "normal",
        "strong",
        "mcts:100",
        "mcts:0.5s",
    ] {
        assert!(PlayerSpec::parse(text).is_ok(), "{text}");
    }
    let p = PlayerSpec::parse("mcts:100/plain/cap=50/c=0.7/noeval/nosolver").unwrap();
    assert_eq!(p.name(), "mcts:100/plain/noeval/nosolver/cap=50/c=0.7");
    assert_eq!(PlayerSpec::parse("quick").unwrap().name(), "mcts:0.2s");
    let p = PlayerSpec::parse("mcts:100/noorder/pw=1/prior=0").unwrap();
    assert_eq!(p.name(), "mcts:100/noorder/pw=1/prior=0");
    for bad in [
        "",
        "fast",
        "mcts:",
        "mcts:0s",
        "mcts:1e9",
        "mcts:50;x",
        "mcts:5000s",
        "mcts:0",
        "mcts",
        "random/plain",
        "quick/fast",
        "mcts:10/cap=0",
        "mcts:-1s",
    ] {
        assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn the_levels_are_engine_players() {
    use ludus::ai::levels::{default_level, LEVELS};
    let ids: Vec<&str> = LEVELS.iter().map(|l| l.id).collect();
    assert_eq!(ids, ["beginner", "easy", "medium", "hard", "expert"]);
    assert_eq!(default_level().id, "medium");
    for level in LEVELS {
        // A level stands for a plain engine player (not another level's id).
        assert!(!ids.contains(&level.player), "{}", level.id);
        assert_eq!(
            PlayerSpec::parse(level.id).unwrap(),
            PlayerSpec::parse(level.player).unwrap(),
            "{}",
            level.id
        );
    }
    assert_eq!(
        PlayerSpec::parse("mcts:5000s").unwrap_err().to_string(),
        "thinking time must be more than 0 and at most 3600 seconds"
    );
    assert_eq!(
        PlayerSpec::parse("fast").unwrap_err().to_string(),
        "\"fast\" is not a player: use random, a level (beginner, easy, medium, hard, expert), mcts:ITERATIONS or mcts:SECONDSs"
    );
}

// ---------------------------------------------------------------------------------------------
// Obvious wins and obvious losses
// ---------------------------------------------------------------------------------------------

/// Red (top to bottom) lacks only c3; Blue (left to right) is nowhere near a chain.
const STRAIGHT: &str = "
    B . R . B
    . . R . .
    . . . . .
    . . R . .
    B . R . .";

/// The 5×5 loop of docs/rules/unravel.md up to where it begins, and its round of ten swaps
/// (played twice, they come back to where they began); on 6×6 the same loop in a corner,
/// where Red's file f means Blue loses whatever the swaps.
const LOOP: &str = "a1 c1 b1 e1 d1 a2 d2 b2 a3 c2 c3 e2 e3 b3 a4 b4 c4 e4 d4 d3 \
                    c2~c3 b1~b2 d2~e2 e3~e4";
const ROUND: &str = "c1~c2 d1~e1 a3~b3 a1~a2 b1~b2 c3~c4 d3~d4 d2~e2 e3~e4 a4~b4";

fn unravel_after(size: usize, steps: &str) -> unravel::Position {
    let mut p = unravel::Position::new(&unravel::Options::with_size(size)).unwrap();
    p.play_steps(steps).unwrap();
    p
}

/// The computer never plays a step that brings back a position of the same turn: one swap
/// before the loop closes (where the closing swap is legal), whether Blue is winning (5×5)
/// or lost whatever it does (6×6), at every level and for the random player; and playing
/// the whole turn from the loop's start, it never comes back to a position and ends it.
#[test]
fn the_computer_never_goes_round_an_unravel_loop() {
    let round: Vec<&str> = ROUND.split_whitespace().collect();
    let nine = format!("{ROUND} {}", round[..9].join(" "));
    let corner = "f1 a6 f2 b6 f3 c6 f4 d6 f5 e6";
    let players = [
        "random",
        "mcts:200/temp=0.5",
        "mcts:1000/temp=0.6",
        "mcts:4000",
    ];
    for (size, before) in [(5, ""), (6, corner)] {
        let inside = unravel_after(size, &format!("{before} {LOOP} {nine}"));
        let closing = inside.parse_step("a4~b4").unwrap();
        assert!(inside.brings_back(closing));
        let inside = AnyGame::Unravel(inside);
        for player in players {
            for seed in 0..6 {
                let step = choose(&inside, player, seed);
                assert_ne!(step, "a4~b4", "{size}×{size}, {player}, seed {seed}");
            }
        }
        for player in players {
            let mut game = unravel_after(size, &format!("{before} {LOOP}"));
            let mut swaps = 0;
            while game.is_swapping() {
                let step = choose(&AnyGame::Unravel(game.clone()), player, swaps);
                game.play_text(&step).unwrap();
                assert!(
                    !game.repeats_within_turn(),
                    "{size}×{size}, {player}: {step}"
                );
                swaps += 1;
                assert!(swaps < 200, "{size}×{size}, {player}: still swapping");
            }
        }
    }
}

#[test]
fn unravel_takes_the_win_and_blocks_it() {
    let o = unravel::Options::with_size(5);
    let red = unravel::Position::from_diagram(&o, 0, STRAIGHT).unwrap();
    let blue = unravel::Position::from_diagram(&o, 1, STRAIGHT).unwrap();
    for seed in 1..4 {
        assert_eq!(
            choose(&AnyGame::Unravel(red.clone()), "mcts:300", seed),
            "c3"
        );
        assert_eq!(
            choose(&AnyGame::Unravel(blue.clone()), "mcts:2000", seed),
            "c3"
        );
    }
}

#[test]
fn scattercut_takes_the_win_and_blocks_it() {
    let o = scattercut::Options { size: 5 };
    let red = scattercut::Position::from_diagram(&o, 0, STRAIGHT).unwrap();
    let blue = scattercut::Position::from_diagram(&o, 1, STRAIGHT).unwrap();
    for seed in 1..4 {
        let g = AnyGame::Scattercut(red.clone());
        assert_eq!(choose(&g, "mcts:300", seed), "c3");
        let g = AnyGame::Scattercut(blue.clone());
        assert_eq!(choose(&g, "mcts:2000", seed), "c3");
    }
}

/// Side 4. White (seat 0, north to south) holds a1 b1 c1 and e1 f1 g1: d1 joins them (d2,
/// the other common neighbour of c1 and e1, is Black's).
const UNLUR_GAP: &str = "
       w . . .
      w . . . .
     w . . . . .
    . b . . b b .
     w . . . b .
      w . . . .
       w . . .";

#[test]
fn unlur_takes_the_win_and_blocks_it() {
    let o = unlur::Options { size: 4 };
    let white = unlur::Position::from_diagram(&o, Some(1), 0, UNLUR_GAP).unwrap();
    let black = unlur::Position::from_diagram(&o, Some(1), 1, UNLUR_GAP).unwrap();
    for seed in 1..4 {
        assert_eq!(
            choose(&AnyGame::Unlur(white.clone()), "mcts:300", seed),
            "d1"
        );
        assert_eq!(
            choose(&AnyGame::Unlur(black.clone()), "mcts:2000", seed),
            "d1"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Merlin's Chain: the playout policy stays legal
// ---------------------------------------------------------------------------------------------

#[test]
fn merlins_chain_playout_steps_are_legal() {
    let mut rng = Rng::new(3);
    let mut buf = Vec::new();
    for _ in 0..5 {
        let mut p = merlins_chain::Position::new(&merlins_chain::Options::default()).unwrap();
        while p.outcome().is_none() {
            let step = p.playout_step(&mut rng, &mut buf).unwrap();
            assert!(p.legal_step_list().contains(&step), "{step:?}");
            p.play(step);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Unity: the position where everyone can only pass (drawn after two passes)
// ---------------------------------------------------------------------------------------------

fn unity_stalemate() -> unity::Position {
    let grid = HexGrid::new(5);
    let mut cells = vec!['G'; grid.len()];
    for (name, ch) in [("e5", 'P'), ("d6", 'P'), ("e6", 'O'), ("d5", 'O')] {
        cells[grid.parse(name).unwrap()] = ch;
    }
    let layout: String = cells.into_iter().collect();
    let map = OptionMap::new()
        .with("layout", &layout)
        .with("walls", "d5|e6")
        .with("supply", "0");
    unity::Position::new(&unity::Options::from_map(&map).unwrap()).unwrap()
}

#[test]
fn unity_all_pass_position_is_searched_to_its_draw() {
    let p = unity_stalemate();
    assert_eq!(choose(&AnyGame::Unity(p), "mcts:50", 1), "pass");
    // The search itself, with one step at each node and a draw two steps ahead.
    let config = ludus::ai::SearchConfig {
        iterations: 50,
        ..Default::default()
    };
    let r = ludus::ai::search(&unity_stalemate(), &config, &mut Rng::new(1), &mut || false);
    assert_eq!(r.iterations, 50);
    assert!(r.best.is_some());
}

#[test]
fn three_player_unity_search_gives_legal_steps() {
    let map = OptionMap::new().with("players", "3").with("seed", "5");
    let (mut game, _) = AnyGame::new(GameKind::parse("unity").unwrap(), &map).unwrap();
    // A few turns, walls included (three-player turns place two walls, one step each).
    for seed in 0..6 {
        let step = choose(&game, "mcts:200", seed);
        assert!(game.legal_step_texts().contains(&step), "{step}");
        game.play_text(&step).unwrap();
        if game.to_move().is_none() {
            break;
        }
    }
}

/// The tree stays within its memory bound (a list of untried steps may pass it: at most
/// Merlin's Chain's ~1800 flips of 2 bytes), and a capped search still runs all its
/// iterations and gives a legal step.
#[test]
fn search_tree_stays_within_its_memory_bound() {
    let start = merlins_chain::Position::new(&merlins_chain::Options::default()).unwrap();
    let run = |max_tree_bytes| {
        let config = ludus::ai::SearchConfig {
            iterations: 3000,
            max_tree_bytes,
            ..Default::default()
        };
        ludus::ai::search(&start, &config, &mut Rng::new(3), &mut || false)
    };
    let free = run(usize::MAX);
    let cap = 100_000;
    assert!(free.tree_bytes > 2 * cap, "{}", free.tree_bytes);
    let capped = run(cap);
    assert_eq!(capped.iterations, 3000);
    assert!(capped.tree_bytes <= cap + 4096, "{}", capped.tree_bytes);
    assert!(start.legal_step_list().contains(&capped.best.unwrap()));
}

// ---------------------------------------------------------------------------------------------
// The level ladder
// ---------------------------------------------------------------------------------------------

#[test]
fn every_level_is_a_player_and_its_id_names_it() {
    use ludus::ai::levels::LEVELS;
    assert!(LEVELS.len() >= 4);
    for (i, level) in LEVELS.iter().enumerate() {
        let spec = PlayerSpec::parse(level.player).unwrap_or_else(|e| panic!("{}: {e}", level.id));
        assert_eq!(PlayerSpec::parse(level.id).unwrap(), spec, "{}", level.id);
        assert!(!level.label.is_empty() && !level.blurb.is_empty());
        assert!(LEVELS[..i].iter().all(|l| l.id != level.id), "{}", level.id);
    }
    // The old names still work.
    for name in ["quick", "normal", "strong"] {
        assert!(PlayerSpec::parse(name).is_ok());
    }
    let e = PlayerSpec::parse("grandmaster").unwrap_err().to_string();
    assert!(e.contains("beginner"), "{e}");
    assert!(PlayerSpec::parse("mcts:100/temp=0").is_err());
    assert!(PlayerSpec::parse("mcts:100/temp=abc").is_err());
    assert_eq!(
        PlayerSpec::parse("mcts:100/temp=0.5").unwrap().name(),
        "mcts:100/temp=0.5"
    );
    // Settings after a level add to the level's own.
    assert_eq!(
        PlayerSpec::parse("beginner/norave").unwrap().name(),
        "mcts:200/norave/temp=0.5"
    );
}

/// `c=` sets the exploration with and without RAVE, `rc=` only the one with RAVE; a game
/// without RAVE keys (Unity) searches exactly as before whatever `rc=` says.
#[test]
fn exploration_settings_parse_and_rc_touches_only_rave_games() {
    let config = |text: &str| match PlayerSpec::parse(text).unwrap() {
        PlayerSpec::Mcts { tuning, .. } => tuning.config(100),
        PlayerSpec::Random => unreachable!("an mcts player"),
    };
    let d = config("mcts:100");
    assert_eq!((d.exploration, d.rave_exploration), (0.9, 0.3));
    let c = config("mcts:100/c=0.5");
    assert_eq!((c.exploration, c.rave_exploration), (0.5, 0.5));
    let rc = config("mcts:100/c=0.5/rc=0.1");
    assert_eq!((rc.exploration, rc.rave_exploration), (0.5, 0.1));
    assert_eq!(
        PlayerSpec::parse("mcts:100/rc=0.1/c=0.5").unwrap().name(),
        "mcts:100/c=0.5/rc=0.1"
    );
    for bad in ["mcts:100/rc=-1", "mcts:100/rc=", "mcts:100/rc=inf"] {
        assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
    }
    let unity = start("unity", &[]);
    for seed in 1..4 {
        assert_eq!(
            choose(&unity, "mcts:400/rc=5", seed),
            choose(&unity, "mcts:400", seed)
        );
    }
}

/// Levels are separated by budget on every machine: each searches more iterations than the
/// one below it, a time-limited level counting only its floor (`min=`), which is what a slow
/// machine gives it.
#[test]
fn each_level_searches_more_than_the_one_below_on_any_machine() {
    use ludus::ai::levels::LEVELS;
    let floor = |id: &str, kind: GameKind| match PlayerSpec::parse_in(id, kind).unwrap() {
        PlayerSpec::Mcts {
            seconds: None,
            iterations,
            ..
        } => iterations,
        PlayerSpec::Mcts { tuning, .. } => tuning.min_iterations.unwrap_or(0),
        PlayerSpec::Random => 0,
    };
    for kind in GameKind::ALL {
        for pair in LEVELS.windows(2) {
            assert!(
                floor(pair[1].id, kind) > floor(pair[0].id, kind),
                "{} searches no more than {} on a slow machine in {kind:?}",
                pair[1].id,
                pair[0].id
            );
        }
    }
}

/// A level is one spec except in the games it lists: a level id read for a game is that
/// game's spec, and without a game the common one.
#[test]
fn a_level_plays_its_own_spec_in_each_game() {
    use ludus::ai::levels::{level, LEVELS};
    let name = |id: &str, kind: GameKind| PlayerSpec::parse_in(id, kind).unwrap().name();
    assert_eq!(name("medium", GameKind::Scattercut), "mcts:2000");
    assert_eq!(name("medium", GameKind::Unravel), "mcts:4000");
    assert_eq!(PlayerSpec::parse("medium").unwrap().name(), "mcts:4000");
    assert_eq!(
        level("medium").unwrap().player_in(GameKind::Unlur),
        "mcts:4000"
    );
    assert_eq!(name("hard", GameKind::Unity), "mcts:8000/noorder/pw=0");
    assert_eq!(name("hard", GameKind::Scattercut), "mcts:24000");
    // Settings after a level apply to its spec in that game.
    assert_eq!(
        name("medium/norave", GameKind::Scattercut),
        "mcts:2000/norave"
    );
    for l in LEVELS {
        for kind in GameKind::ALL {
            let spec = PlayerSpec::parse(l.player_in(kind)).unwrap();
            assert_eq!(name(l.id, kind), spec.name(), "{} in {kind:?}", l.id);
        }
    }
}

/// `min=N`: a time-limited search whose clock has already run out still searches N
/// iterations (rounded up to the next time the clock is asked, every 32), so a slow machine
/// never makes a level weaker than its floor; without it the search stops at the first ask.
#[test]
fn a_minimum_of_iterations_outlasts_the_clock() {
    let game = start("unravel", &[]);
    // A clock a second later at every look: the deadline has passed at the first check.
    let ticks = std::cell::Cell::new(0.0);
    let clock_run_out = || {
        ticks.set(ticks.get() + 1.0);
        ticks.get()
    };
    let timed = PlayerSpec::parse("mcts:0.001s").unwrap();
    let c = choose_step(&game, &timed, &mut Rng::new(1), &clock_run_out).unwrap();
    assert_eq!(c.iterations, 32);
    let floored = PlayerSpec::parse("mcts:0.001s/min=1000").unwrap();
    assert_eq!(floored.name(), "mcts:0.001s/min=1000");
    let c = choose_step(&game, &floored, &mut Rng::new(1), &clock_run_out).unwrap();
    assert_eq!(c.iterations, 1024);
    assert!(game.legal_step_texts().contains(&c.step));
    // An iteration budget below the floor still bounds the search.
    let c = choose(&game, "mcts:300/min=1000", 1);
    assert!(game.legal_step_texts().contains(&c));
    let spec = PlayerSpec::parse("mcts:300/min=1000").unwrap();
    let r = choose_step(&game, &spec, &mut Rng::new(1), &clock_run_out).unwrap();
    assert_eq!(r.iterations, 300);
    for bad in [
        "mcts:1s/min=0",
        "mcts:1s/min=-5",
        "mcts:1s/min=lots",
        "mcts:1s/min=",
    ] {
        let e = PlayerSpec::parse(bad).unwrap_err().to_string();
        assert!(e.contains("min=N"), "{bad}: {e}");
    }
}

#[test]
fn a_temperature_varies_the_step_but_keeps_it_legal_and_reproducible() {
    for kind in ["unravel", "scattercut", "unlur"] {
        let game = start(kind, &[]);
        let legal = game.legal_step_texts();
        let mut distinct = std::collections::HashSet::new();
        for seed in 0..12 {
            let step = choose(&game, "beginner", seed);
            assert!(legal.contains(&step), "{kind}: {step}");
            assert_eq!(choose(&game, "beginner", seed), step, "{kind}");
            distinct.insert(step);
        }
        assert!(distinct.len() > 1, "{kind}: always {distinct:?}");
    }
}

#[test]
fn a_temperature_never_misses_an_immediate_win() {
    let o = unravel::Options::with_size(5);
    let red = unravel::Position::from_diagram(&o, 0, STRAIGHT).unwrap();
    for seed in 1..8 {
        assert_eq!(
            choose(&AnyGame::Unravel(red.clone()), "beginner", seed),
            "c3"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Progressive widening
// ---------------------------------------------------------------------------------------------

/// With progressive widening a node has at most ceil(pw * visits^0.5) children: Merlin's
/// Chain's root (about 1,800 steps) is searched in a sample that grows with the visits and
/// deeper below it, while without widening every first step is expanded; either way the
/// step is legal.
#[test]
fn progressive_widening_bounds_the_roots_children() {
    use ludus::ai::mcts::widened_children;
    let start = merlins_chain::Position::new(&merlins_chain::Options::default()).unwrap();
    let legal = start.legal_step_list();
    let run = |widening| {
        let config = ludus::ai::SearchConfig {
            iterations: 4000,
            widening,
            ..Default::default()
        };
        ludus::ai::search(&start, &config, &mut Rng::new(5), &mut || false)
    };
    let flat = run(0.0);
    assert_eq!(flat.children.len(), legal.len().min(4000));
    let wide = run(2.0);
    assert_eq!(wide.iterations, 4000);
    // The root gets its 4000th visit after its last child was allowed.
    assert!(wide.children.len() <= widened_children(2.0, 4000));
    assert!(wide.children.len() >= widened_children(2.0, 3999));
    assert!(legal.contains(&wide.best.unwrap()));
    // The visits concentrate: the most visited step has many more than flat search's.
    let top = |r: &ludus::ai::SearchResult<_>| r.children.iter().map(|c| c.visits).max();
    assert!(
        top(&wide) > top(&flat).map(|v| v * 4),
        "{:?} {:?}",
        top(&wide),
        top(&flat)
    );
    assert_eq!(widened_children(1.0, 0), 1);
    assert_eq!(widened_children(2.0, 100), 20);
}

/// A widened node lists a few untried steps at a time, and lists them again when they run
/// out: the root still gets each of its steps once, and the lists stay short. Listing all
/// of a Unity node's ~230 steps made the tree about 0.8 kB an iteration, and Expert's
/// 4 s search filled its memory bound.
#[test]
fn a_widened_node_lists_its_steps_a_few_at_a_time() {
    let start = merlins_chain::Position::new(&merlins_chain::Options::default()).unwrap();
    let legal = start.legal_step_list();
    let config = ludus::ai::SearchConfig {
        iterations: 3000,
        // 60 children at the first visit, all 1,800 steps past 900 visits.
        widening: 60.0,
        ..Default::default()
    };
    let r = ludus::ai::search(&start, &config, &mut Rng::new(5), &mut || false);
    assert_eq!(r.children.len(), legal.len());
    for step in &legal {
        assert_eq!(r.children.iter().filter(|c| c.step == *step).count(), 1);
    }
    let unity = unity::Position::new(&unity::Options::default()).unwrap();
    let config = ludus::ai::SearchConfig {
        iterations: 5000,
        widening: 1.0,
        ..Default::default()
    };
    let r = ludus::ai::search(&unity, &config, &mut Rng::new(5), &mut || false);
    let per_iteration = r.tree_bytes / r.iterations as usize;
    assert!(per_iteration < 400, "{per_iteration} bytes an iteration");
}

#[test]
fn widening_setting_parses_and_only_changes_the_search_when_set() {
    assert_eq!(
        PlayerSpec::parse("mcts:100/pw=1.5").unwrap().name(),
        "mcts:100/pw=1.5"
    );
    for bad in [
        "mcts:100/pw=-1",
        "mcts:100/pw=",
        "mcts:100/pw=nan",
        "mcts:100/pw=x",
    ] {
        assert!(PlayerSpec::parse(bad).is_err(), "{bad}");
    }
    // pw=0 is the search without widening.
    let mc = start("merlins-chain", &[]);
    for seed in 1..3 {
        assert_eq!(
            choose(&mc, "mcts:300/pw=0", seed),
            choose(&mc, "mcts:300/pw=1e6", seed)
        );
    }
    // Widening is on by default in Merlin's Chain, Unity and Unlur, the games that order
    // their steps by what they learned (docs/AI.md); Unravel's playouts stop after 10 steps
    // for its evaluation, the others' play to the end (the cap of 400 is never reached).
    for (kind, widening, cap) in [
        ("merlins-chain", 2.0, 400),
        ("unity", 1.0, 400),
        ("unlur", 1.0, 400),
        ("unravel", 0.0, 10),
        ("scattercut", 0.0, 400),
    ] {
        let config = ludus::ai::Tuning::default().config_for(GameKind::parse(kind).unwrap(), 1);
        assert_eq!(
            (config.widening, config.playout_cap),
            (widening, cap),
            "{kind}"
        );
        // Unlur's first steps are the contract, which the strong levels do not search.
        let game = if kind == "unlur" {
            AnyGame::Unlur(
                unlur::Position::from_steps(&unlur::Options { size: 6 }, "pass").unwrap(),
            )
        } else {
            start(kind, &[])
        };
        for seed in 1..3 {
            assert_eq!(
                choose(&game, "mcts:300", seed),
                choose(&game, &format!("mcts:300/pw={widening}/cap={cap}"), seed),
                "{kind}"
            );
        }
    }
    // A cap given in the spec overrides the game's: the same seed searches otherwise.
    let value = |player: &str| {
        let spec = PlayerSpec::parse(player).unwrap();
        choose_step(&start("unravel", &[]), &spec, &mut Rng::new(1), &never)
            .unwrap()
            .value
    };
    assert_eq!(value("mcts:300"), value("mcts:300/cap=10"));
    assert_ne!(value("mcts:300"), value("mcts:300/cap=400"));
}

// ---------------------------------------------------------------------------------------------
// Beginner: weak, but never senseless
// ---------------------------------------------------------------------------------------------

/// Plays `games` games of `kind` with `players` seats between the beginner level and
/// uniformly random players, beginner's seat rotating (Unity: a new random setup for each
/// round of seats), and returns the beginner's wins.
fn beginner_wins_against_random(kind: GameKind, players: u64, games: u64) -> u64 {
    let beginner = PlayerSpec::parse_in("beginner", kind).unwrap();
    let random = PlayerSpec::Random;
    let mut wins = 0;
    for game_no in 0..games {
        let mut options = OptionMap::new();
        if kind == GameKind::Unity {
            options.set("seed", (game_no / players + 1).to_string());
            options.set("players", players.to_string());
        }
        let mut game = AnyGame::new(kind, &options).unwrap().0;
        let seat = (game_no % players) as usize;
        let mut rng = Rng::new(1000 + game_no);
        while game.outcome().is_none() {
            let player = if game.to_move() == Some(seat) {
                &beginner
            } else {
                &random
            };
            let choice = choose_step(&game, player, &mut rng, &never).unwrap();
            game.play_text(&choice.step).unwrap();
        }
        if game.outcome() == Some(ludus::Outcome::Winner(seat)) {
            wins += 1;
        }
    }
    wins
}

/// Beginner plays weakly, but it has to look like a player: against uniformly random play
/// it wins at least 95% of 60 games (57) in every game, in each seat equally often. With
/// three players in Unity it faces two random players, and still wins 57 of 60.
fn beginner_beats_random_play(kind: GameKind, players: u64) {
    let games = 60;
    let won = beginner_wins_against_random(kind, players, games);
    assert!(
        won * 100 >= games * 95,
        "{kind:?} ({players} players): beginner won {won} of {games} against random play"
    );
}

#[test]
fn beginner_beats_random_play_in_unravel() {
    beginner_beats_random_play(GameKind::Unravel, 2);
}

#[test]
fn beginner_beats_random_play_in_scattercut() {
    beginner_beats_random_play(GameKind::Scattercut, 2);
}

#[test]
fn beginner_beats_random_play_in_unity() {
    beginner_beats_random_play(GameKind::Unity, 2);
}

#[test]
fn beginner_beats_two_random_players_in_unity() {
    beginner_beats_random_play(GameKind::Unity, 3);
}

#[test]
fn beginner_beats_random_play_in_merlins_chain() {
    beginner_beats_random_play(GameKind::MerlinsChain, 2);
}

#[test]
fn beginner_beats_random_play_in_unlur() {
    beginner_beats_random_play(GameKind::Unlur, 2);
}

/// Red (bottom to top) has all of file d but d5; Blue, to move, must take d5 or lose at once.
const OPEN_FILE: &str = "
    . . . R . . . .
    B . . R . . . .
    B . . R . . . .
    . . . . . . . .
    B . . R . . . .
    B . . R . . . .
    B . . R . . . .
    B . . R . . . .";

#[test]
fn beginner_blocks_a_straight_file_in_unravel() {
    let o = unravel::Options::with_size(8);
    let blue = unravel::Position::from_diagram(&o, 1, OPEN_FILE).unwrap();
    for seed in 1..=12 {
        assert_eq!(
            choose(&AnyGame::Unravel(blue.clone()), "beginner", seed),
            "d5",
            "seed {seed}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Numbers in player specs (read without the standard library's float parser)
// ---------------------------------------------------------------------------------------------

/// `ai::number::parse_f64` agrees with `str::parse::<f64>` on `text`: both refuse it, or
/// both give the same bits (any NaN for NaN).
fn same_as_std(text: &str) {
    let ours = ludus::ai::number::parse_f64(text);
    let std = text.parse::<f64>().ok();
    match (ours, std) {
        (Some(a), Some(b)) if a.is_nan() && b.is_nan() => {}
        (Some(a), Some(b)) => assert_eq!(a.to_bits(), b.to_bits(), "{text:?}: {a:e} against {b:e}"),
        (a, b) => assert_eq!(a.is_some(), b.is_some(), "{text:?}: {a:?} against {b:?}"),
    }
}

#[test]
fn numbers_read_as_the_standard_parser_reads_them() {
    let long_nines = "9".repeat(900);
    let long_tail = format!("1.{}1", "0".repeat(1000));
    let tiny_tail = format!(
        "0.{}24703282292062327208828439643411068618252990130716238221279284125033775364",
        "0".repeat(323)
    );
    let cases = [
        "",
        ".",
        "+",
        "-",
        "+-1",
        "1",
        "1.",
        ".5",
        "+.5",
        "-.5",
        "-0",
        "0",
        "-0.0",
        "00.100",
        "007",
        "1e",
        "1e+",
        "1e-",
        "1.e5",
        ".e5",
        "e5",
        "1e5x",
        " 1",
        "1 ",
        "1_0",
        "0x10",
        "1..2",
        "1.2.3",
        "1e5.5",
        "1E5",
        "1e+05",
        "1e-05",
        "inf",
        "+Infinity",
        "-INF",
        "infinit",
        "infinityy",
        "nan",
        "NaN",
        "-nan",
        "+nan",
        "1e400",
        "1e-400",
        "0e999999",
        "0.0000e-99999999999999999999999",
        "1e99999999999999999999",
        "1e-99999999999999999999",
        "2.2250738585072011e-308",
        "2.2250738585072012e-308",
        "2.2250738585072014e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "9007199254740993",
        "9007199254740995",
        "9007199254740993.000000000000000000000000000001",
        "0.1",
        "0.7",
        "0.25",
        "3600",
        "1e6",
        "0.30000000000000004",
        "123456789012345678901234567890",
        &long_nines,
        &long_tail,
        &tiny_tail,
    ];
    for text in cases {
        same_as_std(text);
    }
    let mut rng = Rng::new(25);
    for _ in 0..20_000 {
        // A random double, written shortest, with many digits, and with its digits disturbed.
        let x = f64::from_bits(rng.next_u64());
        if !x.is_finite() {
            continue;
        }
        same_as_std(&format!("{x:e}"));
        same_as_std(&format!("{x}"));
        let long = format!("{x:.30e}");
        same_as_std(&long);
        let (mantissa, exp) = long.split_once('e').unwrap();
        let cut = 3 + rng.below(mantissa.len() - 3);
        let tail: String = (0..rng.below(30))
            .map(|_| char::from(b'0' + rng.below(10) as u8))
            .collect();
        same_as_std(&format!("{}{tail}e{exp}", &mantissa[..cut]));
        // Ties between two doubles above 2^53 (odd integers there), and their neighbours.
        let tie = (1u64 << 53) + 1 + 2 * (rng.next_u64() % (1 << 52));
        same_as_std(&tie.to_string());
        same_as_std(&format!("{tie}.{}", 1 + rng.below(9)));
        same_as_std(&format!("{}.{}", tie - 1, "9".repeat(1 + rng.below(40))));
        // Small decimals with a few digits, as settings are written.
        let digits = rng.next_u64() % 10_000_000;
        let point = rng.below(12);
        same_as_std(&format!("0.{}{digits}", "0".repeat(point)));
        same_as_std(&format!("{digits}e-{point}"));
    }
}

#[test]
fn player_specs_with_numbers_keep_their_names() {
    for (text, name) in [
        ("mcts:0.2s", "mcts:0.2s"),
        ("mcts:1s", "mcts:1s"),
        ("mcts:1.50s", "mcts:1.5s"),
        ("mcts:2e1s", "mcts:20s"),
        ("mcts:.5s/temp=0.25", "mcts:0.5s/temp=0.25"),
        ("mcts:200/temp=0.5", "mcts:200/temp=0.5"),
        (
            "mcts:2000/cap=60/c=0.7/rc=0.30/k=1e3/pw=2/min=5",
            "mcts:2000/cap=60/c=0.7/rc=0.3/k=1000/min=5/pw=2",
        ),
        ("mcts:100/c=0/pw=0.0", "mcts:100/c=0/pw=0"),
        ("mcts:100/temp=100", "mcts:100/temp=100"),
        ("mcts:100/c=1e-400", "mcts:100/c=0"),
        (
            "mcts:100/k=0.1000000000000000055511151231257827",
            "mcts:100/k=0.1",
        ),
    ] {
        assert_eq!(PlayerSpec::parse(text).unwrap().name(), name, "{text}");
    }
    for text in [
        "mcts:0s",
        "mcts:-1s",
        "mcts:3601s",
        "mcts:infs",
        "mcts:nans",
        "mcts:1e9999s",
        "mcts:s",
        "mcts:1x5s",
        "mcts:100/temp=0",
        "mcts:100/temp=101",
        "mcts:100/temp=inf",
        "mcts:100/c=-1",
        "mcts:100/k=0",
        "mcts:100/pw=1e7",
        "mcts:100/c=",
        "mcts:100/c=.",
        "mcts:100/c=1,5",
    ] {
        let ours = PlayerSpec::parse(text).unwrap_err().to_string();
        assert!(!ours.is_empty(), "{text}");
    }
    assert_eq!(
        PlayerSpec::parse("mcts:infs").unwrap_err().to_string(),
        "thinking time must be more than 0 and at most 3600 seconds"
    );
    assert_eq!(
        PlayerSpec::parse("mcts:1x5s").unwrap_err().to_string(),
        "\"1x5s\" is not a player: use random, a level (beginner, easy, medium, hard, expert), mcts:ITERATIONS or mcts:SECONDSs"
            .replace("1x5s", "mcts:1x5s")
    );
}

// ---------------------------------------------------------------------------------------------
// Unlur's contract, judged from what self-play taught (src/games/unlur/contract.rs)
// ---------------------------------------------------------------------------------------------

fn unlur_contract(size: usize, steps: &str) -> unlur::Position {
    unlur::Position::from_steps(&unlur::Options { size }, steps).unwrap()
}

#[test]
fn the_strong_levels_play_unlur_s_contract_from_the_learned_weights() {
    let pos = unlur_contract(6, "f6 d4");
    let learned = pos.contract_choice().expect("side 6 has learned weights");
    let game = AnyGame::Unlur(pos.clone());
    for level in ["medium", "hard", "expert"] {
        let spec = PlayerSpec::parse_in(level, GameKind::Unlur).unwrap();
        let choice = choose_step(&game, &spec, &mut Rng::new(1), &never).unwrap();
        assert_eq!(choice.step, pos.step_text(learned.step), "{level}");
        assert_eq!(choice.iterations, 0, "{level}: no search");
        assert!((choice.value - learned.value).abs() < 1e-12);
    }
    // The weak levels still draw among the steps their search liked.
    for level in ["beginner", "easy"] {
        let spec = PlayerSpec::parse_in(level, GameKind::Unlur).unwrap();
        let choice = choose_step(&game, &spec, &mut Rng::new(1), &never).unwrap();
        assert!(choice.iterations > 0, "{level} searched");
    }
    // After the contract, every level searches.
    let after = AnyGame::Unlur(unlur_contract(6, "f6 d4 pass"));
    let spec = PlayerSpec::parse_in("medium", GameKind::Unlur).unwrap();
    assert!(
        choose_step(&after, &spec, &mut Rng::new(1), &never)
            .unwrap()
            .iterations
            > 0
    );
}

/// A player once took Black after six central stones on side 5 and beat the computer,
/// whose search rated that position about even. The learned judgement takes Black there
/// itself, and never takes it with an empty board (Black would start far behind).
#[test]
fn the_computer_takes_black_when_the_stones_favour_black() {
    for (size, stones) in [
        (5, "e5 e4 e6 d4 d5 f4"),
        (6, "f6 f5 f7 e5 e6 g5 g6 d5 h6 e7"),
    ] {
        let pos = unlur_contract(size, stones);
        assert_eq!(pos.to_move(), 0);
        assert_eq!(
            choose(&AnyGame::Unlur(pos), "expert", 1),
            "pass",
            "side {size}"
        );
        let empty = AnyGame::Unlur(unlur_contract(size, ""));
        assert_ne!(choose(&empty, "expert", 1), "pass", "side {size}");
    }
}

/// The computer's contract step is the better of two: passing now (Black at the chance the
/// weights give now), or the stone worth least to Black (the other player may then pass and
/// take Black with it); no other stone would be worth less to Black.
#[test]
fn the_computer_passes_or_places_the_stone_worth_least_to_black() {
    use ludus::games::unlur::contract::learned;
    let mut rng = Rng::new(9);
    for size in [5, 6] {
        let model = learned(size).unwrap();
        for _ in 0..30 {
            let mut pos = unlur_contract(size, "");
            for _ in 0..rng.below(2 * size + 1) {
                let place: Vec<_> = pos
                    .legal_step_list()
                    .into_iter()
                    .filter(|s| *s != unlur::Step::Pass)
                    .collect();
                pos.play(*rng.choose(&place).unwrap());
            }
            let black_after = |step| {
                let mut next = pos.clone();
                next.play(step);
                model.black_chance(next.grid(), &next.black_stones())
            };
            let now = model.black_chance(pos.grid(), &pos.black_stones());
            let weakest = pos
                .legal_step_list()
                .into_iter()
                .filter(|s| *s != unlur::Step::Pass)
                .map(black_after)
                .fold(f64::INFINITY, f64::min);
            let choice = pos.contract_choice().unwrap();
            if choice.step == unlur::Step::Pass {
                assert!(now >= 1.0 - weakest, "passed at {now} (a stone: {weakest})");
                assert_eq!(choice.value, now);
            } else {
                assert!(now < 1.0 - weakest, "placed at {now} (a stone: {weakest})");
                assert_eq!(black_after(choice.step), weakest);
                // The value: the other player's, were both to go on by the weights.
                let mut next = pos.clone();
                next.play(choice.step);
                let theirs = next.contract_choice().unwrap().value;
                assert!((choice.value - (1.0 - theirs)).abs() < 1e-12);
            }
        }
    }
}

/// Side 4, Black (seat 1) to move and lost: White (north to south down the west side) joins
/// c1 to e1 through d1 or through d2, and Black can take only one of them.
const UNLUR_TWO_GAPS: &str = "
       w . . .
      w . . . .
     w . . . . .
    . . . . b b .
     w . . . b .
      w . . . .
       w . . .";

/// Lost by force, the computer still blocks one of the two threats, so that the opponent
/// must find the other, rather than play whichever losing step the solver proved first.
#[test]
fn a_lost_computer_blocks_a_threat_rather_than_play_anywhere() {
    let o = unlur::Options { size: 4 };
    let lost = unlur::Position::from_diagram(&o, Some(1), 1, UNLUR_TWO_GAPS).unwrap();
    for seed in 1..=6 {
        for player in ["mcts:2000", "hard"] {
            let step = choose(&AnyGame::Unlur(lost.clone()), player, seed);
            assert!(
                step == "d1" || step == "d2",
                "{player}, seed {seed}: {step}"
            );
        }
    }
}

/// Scattercut's playouts answer the opponent's last placement by the shipped reply weights:
/// every step is legal (re-placements included), and a placement lands next to the last one
/// far more often than a uniform pick would.
#[test]
fn scattercut_playouts_are_legal_and_answer_the_last_placement() {
    let mut rng = Rng::new(23);
    let mut buf = Vec::new();
    let (mut placements, mut answered, mut uniform) = (0, 0, 0.0);
    for game in 0..200 {
        let size = 4 + game % 7;
        let mut p = scattercut::Position::new(&scattercut::Options { size }).unwrap();
        while let Some(step) = p.playout_step(&mut rng, &mut buf) {
            let legal = p.legal_step_list();
            assert!(legal.contains(&step), "{step:?} in {p:?}");
            if let Some((_, offers)) = p.reply_offers() {
                placements += 1;
                answered += offers.iter().any(|&(c, _)| usize::from(c) == step.cell()) as usize;
                uniform += offers.len() as f64 / legal.len() as f64;
            }
            p.play(step);
        }
        assert!(p.outcome().is_some());
    }
    assert!(placements > 2000, "{placements}");
    assert!(
        answered as f64 > 1.5 * uniform,
        "{answered} of {placements} placements next to the last; uniform {uniform:.0}"
    );
}
