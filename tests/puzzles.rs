//! The shipped puzzles (`src/games/<game>/puzzles.jsonl`), proved again with the solver, and
//! `ludus puzzles` as a user meets it. docs/PUZZLES.md says how the puzzles are made.
#![cfg(not(target_arch = "wasm32"))]

use ludus::ai::solve::Solver;
use ludus::game::{Game, Outcome, Seat};
use ludus::games::{AnyGame, GameKind};
use ludus::session::Session;
use ludus::with_game;
use serde_json::Value;
use std::collections::{BTreeSet, HashSet};

#[path = "common/cli.rs"]
mod cli;
use cli::ludus;

/// Positions one puzzle's proofs may search, in all: far above what the generator's
/// budgets let through, so a failure means a wrong puzzle, not a slow machine.
const NODES: u64 = 5_000_000;

/// The fewest puzzles each game ships.
const MINIMUM: [(GameKind, usize); 5] = [
    (GameKind::Unravel, 100),
    (GameKind::Scattercut, 100),
    (GameKind::Unity, 30),
    (GameKind::MerlinsChain, 100),
    (GameKind::Unlur, 100),
];

/// The shipped puzzles (`src/games/<game>/puzzles.jsonl`, held by the game's declaration).
fn data(kind: GameKind) -> &'static str {
    kind.puzzles()
}

fn puzzles(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn texts(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("a list of steps")
        .iter()
        .map(|s| s.as_str().expect("a step").to_string())
        .collect()
}

/// The proved result of `game` and of each of its steps (by text), with `solver`'s table.
fn prove(solver: &mut Solver, game: &AnyGame) -> (Option<Outcome>, Vec<(String, Option<Outcome>)>) {
    with_game!(game, g => {
        let s = solver.solve(g, NODES, &mut || false).expect("two players");
        (s.result, s.steps.iter().map(|r| (g.step_text(r.step), r.result)).collect())
    })
}

fn play(game: &mut AnyGame, step: &str, what: &str) {
    game.play_text(step)
        .unwrap_or_else(|e| panic!("{what}: {step} is refused: {e}"));
}

/// Checks one puzzle: its answer is the only winning first step, every other first step
/// loses to its refutation, and its line is legal and ends in the learner's win in `turns`.
fn check(kind: GameKind, p: &Value) {
    let id = p["id"].as_str().expect("an id");
    assert_eq!(p["game"].as_str(), Some(kind.name()), "{id}");
    let record = p["record"].as_str().expect("a record");
    let session = Session::from_record(record).unwrap_or_else(|e| panic!("{id}: {e}"));
    let start = session.current().clone();
    let learner: Seat = start.to_move().expect("a running game");
    let opponent = 1 - learner;
    let line = texts(&p["line"]);
    assert!(!line.is_empty(), "{id}");
    let turns = p["turns"].as_u64().expect("turns");
    assert!(p["rating"].as_u64().is_some(), "{id}: a rating");

    let mut solver = Solver::new();
    let (result, steps) = prove(&mut solver, &start);
    assert_eq!(result, Some(Outcome::Winner(learner)), "{id}: not a win");
    for (step, r) in &steps {
        if *step == line[0] {
            assert_eq!(
                *r,
                Some(Outcome::Winner(learner)),
                "{id}: {step} does not win"
            );
        } else {
            assert_eq!(
                *r,
                Some(Outcome::Winner(opponent)),
                "{id}: {step} is not lost"
            );
        }
    }
    assert!(
        steps.iter().any(|(s, _)| *s == line[0]),
        "{id}: answer not legal"
    );

    // The line: legal, to the end of the game, won by the learner in `turns` of its turns.
    let mut game = start.clone();
    let mut learner_turns = 0;
    let mut previous = None;
    for step in &line {
        assert!(
            game.outcome().is_none(),
            "{id}: the line goes on after the end"
        );
        let mover = game.to_move();
        if mover == Some(learner) && previous != Some(learner) {
            learner_turns += 1;
        }
        previous = mover;
        play(&mut game, step, id);
    }
    assert_eq!(game.outcome(), Some(Outcome::Winner(learner)), "{id}: line");
    assert_eq!(learner_turns, turns, "{id}: turns");

    // The refutations: one for each other first step, each legal, ending the opponent's turn
    // with the opponent's win proved.
    let refutations = p["refutations"].as_object().expect("refutations");
    let wrong: BTreeSet<&str> = steps
        .iter()
        .map(|(s, _)| s.as_str())
        .filter(|s| *s != line[0])
        .collect();
    let keys: BTreeSet<&str> = refutations.keys().map(String::as_str).collect();
    assert_eq!(keys, wrong, "{id}: refutations");
    for (step, reply) in refutations {
        let mut game = start.clone();
        play(&mut game, step, id);
        let reply = texts(reply);
        // The reply ends the game, or the opponent's turn: with its last step, the opponent's.
        let mut last_mover = None;
        for r in &reply {
            last_mover = game.to_move();
            play(&mut game, r, id);
        }
        if game.outcome().is_none() {
            assert_eq!(last_mover, Some(opponent), "{id}: {step}: no reply");
            assert!(
                game.to_move() != Some(opponent),
                "{id}: {step}: reply cut short"
            );
        }
        let (result, _) = prove(&mut solver, &game);
        assert_eq!(
            result,
            Some(Outcome::Winner(opponent)),
            "{id}: {step} {reply:?}"
        );
    }
}

#[test]
fn every_shipped_puzzle_is_proved_again() {
    let mut ids = HashSet::new();
    for (kind, minimum) in MINIMUM {
        let all = puzzles(data(kind));
        assert!(
            all.len() >= minimum,
            "{}: {} puzzles",
            kind.name(),
            all.len()
        );
        for p in &all {
            assert!(ids.insert(p["id"].to_string()), "id twice: {}", p["id"]);
            check(kind, p);
        }
    }
}

// ---- the command line ----

#[test]
fn the_cli_prints_the_shipped_puzzles() {
    for kind in GameKind::ALL {
        let (ok, out, err) = ludus(&["puzzles", kind.name()]);
        assert!(ok, "{err}");
        let shipped: Vec<&str> = data(kind).lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), shipped, "{}", kind.name());
    }
}

/// The page's copies, `www/learn/<game>-puzzles.json`, are `ludus puzzles GAME --array`.
/// `LUDUS_BLESS=1` writes them again.
#[test]
fn the_page_reads_the_shipped_puzzles() {
    let bless = std::env::var_os("LUDUS_BLESS").is_some();
    for kind in GameKind::ALL {
        let (ok, out, err) = ludus(&["puzzles", kind.name(), "--array"]);
        assert!(ok, "{err}");
        let array: Value = serde_json::from_str(&out).expect("a JSON array");
        assert_eq!(
            array.as_array().map(Vec::len),
            Some(puzzles(data(kind)).len())
        );
        let path = format!(
            "{}/www/learn/{}-puzzles.json",
            env!("CARGO_MANIFEST_DIR"),
            kind.name()
        );
        if bless {
            std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
            std::fs::write(&path, &out).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == out,
            "{path} is out of date: run `LUDUS_BLESS=1 cargo test --test puzzles`"
        );
    }
}

#[test]
fn generating_again_gives_the_same_proved_puzzles() {
    let args = [
        "puzzles", "generate", "unlur", "--count", "2", "--seed", "1",
    ];
    let (ok, first, err) = ludus(&args);
    assert!(ok, "{err}");
    let (_, second, _) = ludus(&args);
    assert_eq!(first, second);
    let made = puzzles(&first);
    assert_eq!(made.len(), 2, "{first}");
    for p in &made {
        check(GameKind::Unlur, p);
    }
}

#[test]
fn bad_arguments_are_explained() {
    for (args, says) in [
        (vec!["puzzles"], "missing GAME"),
        (vec!["puzzles", "chess"], "chess"),
        (vec!["puzzles", "unlur", "extra"], "one argument too many"),
        (
            vec!["puzzles", "unlur", "--count", "3"],
            "unknown flag --count",
        ),
        (
            vec!["puzzles", "unlur", "--size", "5"],
            "unknown flag --size",
        ),
        (vec!["puzzles", "generate"], "missing GAME"),
        (
            vec!["puzzles", "generate", "unlur", "--count", "0"],
            "--count must be 1 to",
        ),
        (
            vec!["puzzles", "generate", "unlur", "--count", "x"],
            "--count must be a number",
        ),
        (
            vec!["puzzles", "generate", "unlur", "--nodes", "0"],
            "--nodes must be 1 to",
        ),
        (vec!["puzzles", "generate", "unlur", "--size", "2"], "size"),
        (
            vec!["puzzles", "generate", "unlur", "--depth", "2"],
            "unknown flag --depth",
        ),
        (
            vec!["puzzles", "generate", "unity", "--players", "3"],
            "unknown flag --players",
        ),
    ] {
        let (ok, out, err) = ludus(&args);
        assert!(!ok, "{args:?} was accepted: {out}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn the_help_names_both_commands() {
    let (ok, out, _) = ludus(&["help"]);
    assert!(ok);
    assert!(out.contains("ludus puzzles GAME [--array]"), "{out}");
    assert!(out.contains("ludus puzzles generate GAME"), "{out}");
}

/// The position after `steps` from a puzzle's record, as the page's session has it.
fn after(kind: GameKind, id: &str, steps: &[&str]) -> Option<Session> {
    let p = puzzles(data(kind))
        .into_iter()
        .find(|p| p["id"].as_str() == Some(id))?;
    let mut s = Session::from_record(p["record"].as_str().unwrap()).unwrap();
    for step in steps {
        s.play(step).unwrap_or_else(|e| panic!("{id} {step}: {e}"));
    }
    Some(s)
}

/// Each wrong first step of puzzle `p` played with its refutation (none: the step alone).
fn refuted(kind: GameKind, p: &Value) -> Vec<Session> {
    let id = p["id"].as_str().unwrap();
    p["refutations"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(wrong, reply)| {
            let mut steps = vec![wrong.as_str()];
            steps.extend(
                reply
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r.as_str().unwrap()),
            );
            after(kind, id, &steps).unwrap()
        })
        .collect()
}

/// The steps users found that keep the win off the stored line: the solver proves them, so
/// the page (which asks the same solver) accepts them.
#[test]
fn steps_off_the_stored_line_that_keep_the_win_are_proved() {
    for (id, steps) in [
        ("merlins-chain-30-56", ["14@e3", "1@a1", "34@f7"]),
        ("merlins-chain-87-54", ["8@d2", "23@g4", "4@h3"]),
    ] {
        let Some(s) = after(GameKind::MerlinsChain, id, &steps) else {
            continue;
        };
        let learner: Seat = 0;
        let (result, _) = prove(&mut Solver::new(), s.current());
        assert_eq!(result, Some(Outcome::Winner(learner)), "{id}: {steps:?}");
    }
}

/// Why a refutation wins is said in the engine's words (src/games/*: outcome_reason, threat,
/// step_words), for the cases users met.
#[test]
fn refutations_say_why() {
    let view = |s: &Session| ludus::views::session_view(s);
    // Merlin's Chain: after a wrong first step and 1@a1, White's 13 can only go on e3.
    let p = puzzles(data(GameKind::MerlinsChain))
        .into_iter()
        .find(|p| p["id"] == "merlins-chain-30-56")
        .expect("the puzzle ships");
    let (wrong, reply) = p["refutations"]
        .as_object()
        .unwrap()
        .iter()
        .find(|(_, r)| r.as_array().is_some_and(|r| r.len() == 1 && r[0] == "1@a1"))
        .expect("a wrong step refuted by 1@a1");
    let s = after(
        GameKind::MerlinsChain,
        "merlins-chain-30-56",
        &[wrong.as_str(), reply[0].as_str().unwrap()],
    )
    .unwrap();
    let v = view(&s);
    let threat = v
        .presentation
        .threat
        .expect("a threat after the refutation");
    assert!(
        threat.text.starts_with("White's 13 can only go on e3")
            && threat.text.contains(": there it completes the chain ")
            && threat.text.contains(" of rank "),
        "{}",
        threat.text
    );
    assert_eq!(threat.cells.len(), 4);
    assert_eq!(v.step_words.last().unwrap(), "tile 1 on a1");
    // Played out, the game ends with that chain the lowest: the reason names both sides' chains.
    let mut end = s;
    while end.current().outcome().is_none() {
        let step = end.current().legal_step_views()[0].text.clone();
        end.play(&step).unwrap();
    }
    let v = view(&end);
    if v.board.outcome == Some(Outcome::Winner(1)) {
        let reason = v.presentation.reason.expect("a reason at the end");
        assert!(
            reason.contains("lowest chain has the lower rank wins"),
            "{reason}"
        );
        assert!(reason.contains("White's chain"), "{reason}");
    }
    // Unity: a step that loses at once, with the rule that decided it.
    let mut said = 0;
    for p in puzzles(data(GameKind::Unity)) {
        for (wrong, reply) in p["refutations"].as_object().unwrap() {
            if !reply.as_array().unwrap().is_empty() {
                continue;
            }
            let s = after(GameKind::Unity, p["id"].as_str().unwrap(), &[wrong]).unwrap();
            let v = view(&s);
            let reason = v.presentation.reason.expect("a reason once lost");
            assert!(reason.contains("the largest group wins"), "{reason}");
            assert!(!v.step_words.last().unwrap().contains(wrong.as_str()) || !wrong.contains('x'));
            said += 1;
        }
    }
    assert!(said > 0, "some Unity step loses at once");
    // Scattercut: some two-turn refutation leaves a threat, named by its cells.
    let mut threats = 0;
    for p in puzzles(data(GameKind::Scattercut)) {
        for s in refuted(GameKind::Scattercut, &p) {
            if let Some(t) = view(&s).presentation.threat {
                assert!(t.text.contains("threatens to join its"), "{}", t.text);
                assert!(!t.cells.is_empty());
                threats += 1;
            }
        }
    }
    assert!(threats > 0, "no Scattercut refutation leaves a threat");
    // Unravel the same; and a connection game's end says which sides the path joins.
    let (mut threats, mut reasons) = (0, 0);
    for p in puzzles(data(GameKind::Unravel)) {
        for s in refuted(GameKind::Unravel, &p) {
            let v = view(&s);
            if let Some(t) = v.presentation.threat {
                assert!(t.text.contains("threatens to join its"), "{}", t.text);
                threats += 1;
            }
            if let Some(r) = v.presentation.reason {
                assert!(r.contains("sides in one path"), "{r}");
                reasons += 1;
            }
        }
    }
    assert!(
        threats > 0 && reasons > 0,
        "Unravel: {threats} threats, {reasons} reasons"
    );
    // Unlur: a step that loses at once makes the other's goal, and the reason says so; a
    // refutation that leaves the game going names the cells of the win it threatens.
    let (mut own_goal, mut threats) = (0, 0);
    for p in puzzles(data(GameKind::Unlur)) {
        for s in refuted(GameKind::Unlur, &p) {
            let v = view(&s);
            if v.board.outcome.is_some() {
                let r = v
                    .presentation
                    .reason
                    .expect("a reason once the game is over");
                assert!(r.contains("'s goal"), "{r}");
                if r.contains("make only the other's goal loses") {
                    own_goal += 1;
                }
            } else if let Some(t) = v.presentation.threat {
                assert!(t.text.contains("threatens to reach its goal"), "{}", t.text);
                assert!(!t.cells.is_empty());
                threats += 1;
            }
        }
    }
    assert!(
        own_goal > 0 && threats > 0,
        "Unlur: {own_goal} steps that make the other's goal, {threats} threats"
    );
}

#[test]
fn steps_in_words() {
    let unity = Session::from_record("unity").unwrap();
    let g = unity.current();
    assert_eq!(g.step_words("c2xNE"), "the asterisk on c2 fires north-east");
    assert_eq!(g.step_words("e9x"), "the ring on e9 fires");
    assert_eq!(g.step_words("a1-a3"), "the piece on a1 slides to a3");
    assert_eq!(g.step_words("c3|c4"), "a wall between c3 and c4");
    let merlin = Session::from_record("merlins-chain").unwrap();
    assert_eq!(merlin.current().step_words("14@e3"), "tile 14 on e3");
    let unlur = Session::from_record("unlur").unwrap();
    assert_eq!(unlur.current().step_words("d4"), "d4");
}
