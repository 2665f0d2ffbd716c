//! `ludus puzzles`: the shipped puzzles of a game, and the generator that makes them.
//!
//! A puzzle is a position reached in a game the computer played against itself, in which the
//! seat to move (the learner) can force a win and exactly one first step does: the solver
//! (`ai::solve`, alpha-beta with a transposition table) proves the position won and every
//! other first step lost. A shorter search, bounded in turns, then finds how many of the
//! learner's turns the win takes and the line (the quickest win against the longest
//! defence); for each wrong first step, the solver finds a reply that keeps the opponent's
//! win.
//! Every budget is a count of positions and every seed is fixed, so the same arguments
//! make the same puzzles on any machine. docs/PUZZLES.md has the details and the figures.

use ludus::ai::solve::Solver;
use ludus::ai::{choose_step, PlayerSpec};
use ludus::game::{shorten, Outcome, SearchHints, Seat};
use ludus::games::{AnyGame, GameKind};
use ludus::rng::Rng;
use ludus::session::Session;
use ludus::{with_game, Error, OptionMap};
use std::collections::HashMap;

use crate::soak::game_seed;
use crate::Args;

/// Tries of the weakest level at each puzzle, for its rating.
const RATING_TRIES: u64 = 8;
/// Puzzles taken from one game at most, so that a set comes from many games.
const PER_GAME: usize = 3;
/// Why a position is left out when the solver does not settle it within the budget.
const NOT_PROVED: &str = "not proved";
/// A game still running after this many steps is left out.
const MAX_GAME_STEPS: usize = 600;

/// `ludus puzzles GAME [--array]` or `ludus puzzles generate GAME ...`.
pub fn run(args: &Args) -> Result<(), Error> {
    if args.positional.first().map(String::as_str) == Some("generate") {
        return generate(args);
    }
    args.only(&[])?;
    no_game_options(args, &[])?;
    args.at_most_positionals(1, "`ludus puzzles` takes one GAME")?;
    let kind = GameKind::parse(args.positional(0, "GAME")?)?;
    if args.switches.iter().any(|s| s == "array") {
        say_raw!("{}", as_array(kind.puzzles()));
    } else {
        for line in kind.puzzles().lines().filter(|l| !l.trim().is_empty()) {
            say!("{line}");
        }
    }
    Ok(())
}

/// Refuses the game options (`Args::only` lets them all through) other than `allowed`:
/// a puzzle's options come from its record, and the generator's from its plan.
fn no_game_options(args: &Args, allowed: &[&str]) -> Result<(), Error> {
    for (k, _) in &args.flags {
        if crate::game_option_flags().contains(&k.as_str()) && !allowed.contains(&k.as_str()) {
            return Err(Error::options(format!(
                "unknown flag --{} for puzzles",
                shorten(k)
            )));
        }
    }
    Ok(())
}

/// JSON lines as one JSON array, one object a line: the file the page reads
/// (`www/learn/GAME-puzzles.json`).
pub fn as_array(lines: &str) -> String {
    let objects: Vec<&str> = lines.lines().filter(|l| !l.trim().is_empty()).collect();
    if objects.is_empty() {
        return "[]\n".to_string();
    }
    format!("[\n{}\n]\n", objects.join(",\n"))
}

/// A number flag within bounds, or an error saying what it must be.
fn bounded(args: &Args, name: &str, default: u64, max: u64) -> Result<u64, Error> {
    let n: u64 = args.number(name, Some(default))?;
    if n == 0 || n > max {
        return Err(Error::options(format!("--{name} must be 1 to {max}")));
    }
    Ok(n)
}

fn generate(args: &Args) -> Result<(), Error> {
    args.only(&["count", "seed", "games", "nodes", "size"])?;
    no_game_options(args, &["seed", "size"])?;
    args.at_most_positionals(2, "`ludus puzzles generate` takes one GAME")?;
    let kind = GameKind::parse(args.positional(1, "GAME")?)?;
    let count = bounded(args, "count", 100, 10_000)? as usize;
    let seed: u64 = args.number("seed", Some(1))?;
    let games = bounded(args, "games", 20 * count as u64, 1_000_000)?;
    let plan = kind.puzzle_plan();
    let nodes = bounded(args, "nodes", plan.nodes, 100_000_000)?;
    let sizes = match args.flag("size") {
        Some(s) => vec![Some(s.parse::<u32>().map_err(|_| {
            Error::options(format!("--size must be a number (got {:?})", shorten(s)))
        })?)],
        None if plan.sizes.is_empty() => vec![None],
        None => plan.sizes.iter().map(|&s| Some(s)).collect(),
    };
    // Bad options are refused before any game is played.
    for size in &sizes {
        Session::new(kind, &size_options(*size))?;
    }
    if AnyGame::new(kind, &size_options(sizes[0]))?.0.players() != 2 {
        return Err(Error::options("puzzles are made for two players only"));
    }
    let started = std::time::Instant::now();
    let mut made = 0;
    let mut seen = std::collections::HashSet::new();
    let mut rejected: std::collections::BTreeMap<&str, u32> = Default::default();
    for g in 0..games {
        if made >= count {
            break;
        }
        let options = kind.with_random_setup(
            &size_options(sizes[g as usize % sizes.len()]),
            game_seed(seed, g),
        );
        let Some(session) = self_play(kind, &options, plan.levels, g, seed)? else {
            continue;
        };
        let mut from_game = 0;
        for ply in turn_starts(&session).into_iter().rev().take(plan.scan) {
            if from_game >= PER_GAME || made >= count {
                break;
            }
            let mut position = session.clone();
            position.go_to(ply);
            let record = record_at(&session, ply)?;
            if seen.contains(&record) {
                continue;
            }
            let found = match find(position.current(), nodes, plan.max_turns, plan.fixed_length)? {
                Ok(found) => found,
                Err(why) => {
                    *rejected.entry(why).or_insert(0) += 1;
                    // Positions further from the end are harder still: stop here.
                    if why == NOT_PROVED {
                        break;
                    }
                    continue;
                }
            };
            {
                let rating = rating(kind, position.current(), &found, seed, g, ply);
                seen.insert(record.clone());
                say!(
                    "{}",
                    puzzle_json(
                        kind,
                        &puzzle_id(kind, seed, g, ply),
                        &record,
                        &found,
                        rating
                    )
                );
                made += 1;
                from_game += 1;
            }
        }
        eprintln!(
            "game {}: {made} puzzles ({:.0} s)",
            g + 1,
            started.elapsed().as_secs_f64()
        );
    }
    if made < count {
        eprintln!("only {made} puzzles in {games} games");
    }
    eprintln!("positions left out: {rejected:?}");
    Ok(())
}

/// `GAME-g-ply`: the game of the run and the steps played before the position; with the
/// seed after the game's name when it is not the default 1, so runs with other seeds can
/// be added to a set.
fn puzzle_id(kind: GameKind, seed: u64, g: u64, ply: usize) -> String {
    match seed {
        1 => format!("{}-{g}-{ply}", kind.name()),
        _ => format!("{}-s{seed}-{g}-{ply}", kind.name()),
    }
}

fn size_options(size: Option<u32>) -> OptionMap {
    let mut options = OptionMap::new();
    if let Some(size) = size {
        options.set("size", size.to_string());
    }
    options
}

/// Game `g` of the run: two of the plan's levels against each other, seeded. None when it
/// runs past [`MAX_GAME_STEPS`] without an end.
fn self_play(
    kind: GameKind,
    options: &OptionMap,
    levels: &[&str],
    g: u64,
    seed: u64,
) -> Result<Option<Session>, Error> {
    let n = levels.len();
    let players = [
        PlayerSpec::parse_in(levels[g as usize % n], kind)?,
        PlayerSpec::parse_in(levels[(g as usize / n) % n], kind)?,
    ];
    let mut session = Session::new(kind, options)?;
    let mut rng = Rng::new(game_seed(seed ^ 0x5eed, g));
    // Levels bounded by iterations never look at the clock.
    let now = || 0.0;
    while let Some(seat) = session.current().to_move() {
        if session.len() >= MAX_GAME_STEPS {
            return Ok(None);
        }
        let choice = choose_step(session.current(), &players[seat], &mut rng, &now)
            .ok_or_else(|| Error::options("no step chosen in a running game"))?;
        session.play(&choice.step)?;
    }
    Ok(Some(session))
}

/// The plies (steps played) at which a turn starts and the game is not over.
fn turn_starts(session: &Session) -> Vec<usize> {
    let movers = session.movers();
    (0..session.len())
        .filter(|&i| i == 0 || movers[i - 1] != movers[i])
        .collect()
}

/// The record of the game's first `ply` steps.
fn record_at(session: &Session, ply: usize) -> Result<String, Error> {
    let mut copy = Session::new(session.kind(), session.options())?;
    for step in &session.step_texts()[..ply] {
        copy.play(step)?;
    }
    Ok(copy.record_text())
}

/// What makes a position a puzzle.
pub struct Found {
    /// The learner's winning steps and the best defence, to the end of the game.
    pub line: Vec<String>,
    /// The learner's turns to the win, this one included.
    pub turns: u8,
    /// Each other first step, in legal-step order, with the steps that beat it.
    pub refutations: Vec<(String, Vec<String>)>,
}

/// The puzzle in `game`, if it is one: see the module's comment. Each search is bounded by
/// `nodes` positions; a position any of them does not settle is no puzzle.
/// Else why not, for the generator's figures.
pub fn find(
    game: &AnyGame,
    nodes: u64,
    max_turns: u8,
    fixed_length: bool,
) -> Result<Result<Found, &'static str>, Error> {
    with_game!(game, g => find_in(g, nodes, max_turns, fixed_length))
}

fn find_in<G: SearchHints>(
    g: &G,
    nodes: u64,
    max_turns: u8,
    fixed_length: bool,
) -> Result<Result<Found, &'static str>, Error> {
    if g.outcome().is_some() || g.players() != 2 || g.legal_step_list().len() < 2 {
        return Ok(Err("one legal step"));
    }
    let learner = g.to_move();
    let opponent = 1 - learner;
    // Where the puzzles are wins this turn (single-step turns), a step that wins at once is
    // quick to look for, and most positions have none or several: look first.
    if max_turns == 1 {
        let wins_now = g
            .legal_step_list()
            .into_iter()
            .filter(|&step| {
                let mut child = g.clone();
                child.play(step);
                child.outcome() == Some(Outcome::Winner(learner))
            })
            .count();
        if wins_now != 1 {
            return Ok(Err("not one step that wins at once"));
        }
    }
    let mut ours = Within::new(learner, nodes);
    // One table for the puzzle's searches: the refutations reuse what the first learned.
    let mut solver = Solver::new();
    let solution = solver.solve(g, nodes, &mut || false)?;
    match solution.result {
        None => return Ok(Err(NOT_PROVED)),
        Some(r) if r != Outcome::Winner(learner) => return Ok(Err("not won")),
        _ => {}
    }
    // Exactly one step wins, and every other one is proved lost (a draw, even a proved
    // one, would leave a wrong step without a reply that beats it).
    let winning = solution
        .steps
        .iter()
        .filter(|s| s.result == Some(Outcome::Winner(learner)))
        .count();
    let lost = solution
        .steps
        .iter()
        .filter(|s| s.result == Some(Outcome::Winner(opponent)))
        .count();
    if winning != 1 {
        return Ok(Err(if winning > 1 {
            "several winning steps"
        } else {
            "not proved"
        }));
    }
    if lost + 1 != solution.steps.len() {
        return Ok(Err("a wrong step not proved lost"));
    }
    let (line, turns) = if fixed_length {
        let Some((line, turns)) = solver_line(&mut solver, g, nodes)? else {
            return Ok(Err("line not settled"));
        };
        if turns > max_turns {
            return Ok(Err("longer than the turns asked for"));
        }
        (line, turns)
    } else {
        let Some(turns) = ours.distance(g, true, max_turns) else {
            return Ok(Err("longer than the turns asked for"));
        };
        let Some(line) = ours.line(g, turns) else {
            return Ok(Err("line not settled"));
        };
        (line, turns)
    };
    let mut refutations = Vec::new();
    for s in &solution.steps {
        if s.result != Some(Outcome::Winner(opponent)) {
            continue;
        }
        let mut child = g.clone();
        child.play(s.step);
        let Some(reply) = reply(&mut solver, &child, opponent, nodes)? else {
            return Ok(Err("refutation not settled"));
        };
        refutations.push((g.step_text(s.step), reply));
    }
    Ok(Ok(Found {
        line,
        turns,
        refutations,
    }))
}

/// The line where every game lasts as long (Merlin's Chain), so every defence holds out
/// as long: at each of the learner's steps the first step the solver proves winning, at the
/// opponent's the first legal step; and the learner's turns in it. None when a search did
/// not settle within `nodes`.
fn solver_line<G: SearchHints>(
    solver: &mut Solver,
    start: &G,
    nodes: u64,
) -> Result<Option<(Vec<String>, u8)>, Error> {
    let learner = start.to_move();
    let mut g = start.clone();
    let (mut line, mut turns, mut previous) = (Vec::new(), 0, None);
    while g.outcome().is_none() {
        let mover = g.to_move();
        let solution = solver.solve(&g, nodes, &mut || false)?;
        if solution.result != Some(Outcome::Winner(learner)) {
            return Ok(None);
        }
        let pick = if mover == learner {
            if previous != Some(learner) {
                turns += 1;
            }
            solution
                .steps
                .iter()
                .find(|r| r.result == Some(Outcome::Winner(learner)))
        } else {
            solution.steps.first()
        };
        let Some(step) = pick.map(|r| r.step) else {
            return Ok(None);
        };
        line.push(g.step_text(step));
        g.play(step);
        previous = Some(mover);
    }
    Ok(Some((line, turns)))
}

/// The steps that beat a wrong first step, from `after` (the position it made): the rest of
/// the learner's turn if it is not over (the first legal steps: all of them lose), then the
/// opponent's turn, each step one the solver proves keeps the opponent's win, a step that
/// ends the game at once first. None when a search did not settle within `nodes`.
fn reply<G: SearchHints>(
    solver: &mut Solver,
    after: &G,
    opponent: Seat,
    nodes: u64,
) -> Result<Option<Vec<String>>, Error> {
    let mut g = after.clone();
    let mut steps = Vec::new();
    while g.outcome().is_none() {
        let mover = g.to_move();
        let solution = solver.solve(&g, nodes, &mut || false)?;
        if solution.result != Some(Outcome::Winner(opponent)) {
            return Ok(None);
        }
        let pick = if mover == opponent {
            solution
                .steps
                .iter()
                .filter(|r| r.result == Some(Outcome::Winner(opponent)))
                .min_by_key(|r| {
                    let mut child = g.clone();
                    child.play(r.step);
                    child.outcome().is_none()
                })
        } else {
            solution.steps.first()
        };
        let Some(step) = pick.map(|r| r.step) else {
            return Ok(None);
        };
        steps.push(g.step_text(step));
        g.play(step);
        if mover == opponent && (g.outcome().is_some() || g.to_move() != opponent) {
            break;
        }
    }
    Ok(Some(steps))
}

/// "Can `attacker` win within k of its turns?", searched to the end of those turns with a
/// table, within a budget of positions.
struct Within {
    attacker: Seat,
    /// (canonical key, turns left, whether the attacker moves) -> wins.
    memo: HashMap<(u128, u8, bool), bool>,
    nodes: u64,
    max_nodes: u64,
}

impl Within {
    fn new(attacker: Seat, max_nodes: u64) -> Within {
        Within {
            attacker,
            memo: HashMap::new(),
            nodes: 0,
            max_nodes,
        }
    }

    /// Whether the attacker wins from `g` within `k` of its turns (the one under way
    /// included when `g` is in the middle of one: `fresh` says a turn starts at `g`).
    /// None when the budget ran out.
    fn wins<G: SearchHints>(&mut self, g: &G, k: u8, fresh: bool) -> Option<bool> {
        if let Some(o) = g.outcome() {
            return Some(o == Outcome::Winner(self.attacker));
        }
        let mover = g.to_move();
        let ours = mover == self.attacker;
        let k = match (ours && fresh, k) {
            (true, 0) => return Some(false),
            (true, k) => k - 1,
            (false, k) => k,
        };
        let key = (g.canonical_key(), k, ours);
        if let Some(&v) = self.memo.get(&key) {
            return Some(v);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return None;
        }
        let mut result = !ours;
        for step in g.legal_step_list() {
            let mut child = g.clone();
            child.play(step);
            let child_fresh = child.outcome().is_some() || child.to_move() != mover;
            let r = self.wins(&child, k, child_fresh)?;
            if r == ours {
                result = ours;
                break;
            }
        }
        self.memo.insert(key, result);
        Some(result)
    }

    /// The fewest of its turns the attacker needs to win from `g`, if at most `max`.
    /// None also when the budget ran out.
    fn distance<G: SearchHints>(&mut self, g: &G, fresh: bool, max: u8) -> Option<u8> {
        for k in 0..=max {
            if self.wins(g, k, fresh)? {
                return Some(k);
            }
        }
        None
    }

    /// From `g` (won within `d` turns), the attacker's quickest win against the defence that
    /// holds out longest, first steps in legal order breaking ties, to the end of the game.
    fn line<G: SearchHints>(&mut self, g: &G, d: u8) -> Option<Vec<String>> {
        let mut g = g.clone();
        let mut d = d;
        let mut line = Vec::new();
        while g.outcome().is_none() {
            let mover = g.to_move();
            let ours = mover == self.attacker;
            let mut best: Option<(G::Step, G, u8)> = None;
            for step in g.legal_step_list() {
                let mut child = g.clone();
                child.play(step);
                let child_fresh = child.outcome().is_some() || child.to_move() != mover;
                let cd = match self.distance(&child, child_fresh, d) {
                    Some(cd) => cd,
                    None if ours => continue,
                    // Every defence loses within d turns; one that does not is a bug
                    // or a spent budget.
                    None => return None,
                };
                let better = match &best {
                    None => true,
                    Some((.., bd)) => (ours && cd < *bd) || (!ours && cd > *bd),
                };
                if better {
                    best = Some((step, child, cd));
                }
            }
            let (step, child, cd) = best?;
            line.push(g.step_text(step));
            g = child;
            d = cd;
        }
        Some(line)
    }
}

/// A number grading difficulty: 800, plus 300 for each turn past the first, plus up to 400
/// for how seldom the weakest level finds the answer in [`RATING_TRIES`] seeded tries.
fn rating(kind: GameKind, game: &AnyGame, found: &Found, seed: u64, g: u64, ply: usize) -> u32 {
    let answer = &found.line[0];
    let Ok(weak) = PlayerSpec::parse_in("beginner", kind) else {
        return 0;
    };
    let now = || 0.0;
    let hits = (0..RATING_TRIES)
        .filter(|&t| {
            let mut rng = Rng::new(game_seed(seed ^ ((ply as u64) << 32) ^ g, t));
            choose_step(game, &weak, &mut rng, &now).is_some_and(|c| &c.step == answer)
        })
        .count() as u64;
    800 + 300 * (found.turns as u32 - 1) + (400 * (RATING_TRIES - hits) / RATING_TRIES) as u32
}

/// JSON text of a string (steps and records are plain text, but escape all the same).
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|s| json_string(s)).collect();
    format!("[{}]", items.join(","))
}

/// One puzzle as one line of JSON, its fields in the agreed order.
fn puzzle_json(kind: GameKind, id: &str, record: &str, found: &Found, rating: u32) -> String {
    let refutations: Vec<String> = found
        .refutations
        .iter()
        .map(|(step, reply)| format!("{}:{}", json_string(step), json_list(reply)))
        .collect();
    format!(
        "{{\"game\":{},\"id\":{},\"record\":{},\"line\":{},\"turns\":{},\"rating\":{},\"refutations\":{{{}}}}}",
        json_string(kind.name()),
        json_string(id),
        json_string(record),
        json_list(&found.line),
        found.turns,
        rating,
        refutations.join(",")
    )
}
