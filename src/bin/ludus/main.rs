//! `ludus`: the rules engines and the computer opponent on the command line.
//! Run `ludus help` for the commands.
//!
//! The soak checker (`soak/`) and the speed measurements (`bench.rs`) are modules of this tool,
//! not of the library: they are tools, not part of the engine's interface.

use ludus::ai::analyse::Budget;
use ludus::ai::solve::Method;
use ludus::ai::{choose_step, PlayerSpec};
use ludus::game::{shorten, visible, Color, PieceKind};
use ludus::games::{AnyGame, GameKind};
use ludus::rng::Rng;
use ludus::session::{split_steps, Session};
use ludus::{BoardView, Error, OptionMap, Outcome};
use std::process::ExitCode;
use std::time::Instant;

/// `println!` and `print!` for the command's output, except that a reader who has gone
/// (`ludus perft … | head`) ends the command quietly: `println!` would panic, as Rust ignores
/// SIGPIPE and the write fails instead. `ludus serve` writes no output this way.
macro_rules! say {
    ($($arg:tt)*) => {
        crate::write_output(format_args!("{}\n", format_args!($($arg)*)))
    };
}
macro_rules! say_raw {
    ($($arg:tt)*) => {
        crate::write_output(format_args!($($arg)*))
    };
}

/// Writes to standard output; a closed pipe exits with success (the reader had what it
/// wanted), any other failure exits saying why.
fn write_output(text: std::fmt::Arguments) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(text) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("ludus: cannot write the output: {e}");
        std::process::exit(2);
    }
}

// `bench.rs` is also compiled into the wasm study module (its `bench` export, for
// scripts/bench.sh), so that both columns of the speed table run the same code. It names the
// library's parts by `crate::` paths, which these imports make good here too.
#[path = "bench.rs"]
mod bench;
mod lessons;
mod puzzles;
mod record;
// The live server is native only, and only with the `server` feature (the default).
#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
mod serve;
mod soak;
// Self-play uses threads: native only, like the trainer it drives.
#[cfg(not(target_arch = "wasm32"))]
mod train;
use ludus::{ai, game, games, options, rng, with_game};
use soak::game_seed;

/// The commands, for the help (`usage`, which adds the games, their options and the players).
const COMMANDS: &str = "\
usage:
  ludus perft GAME DEPTH [OPTIONS] [--moves \"s1 s2 ...\"] [--divide]
  ludus show GAME [OPTIONS] [--moves \"s1 s2 ...\"]     (or: ludus show --record TEXT)
  ludus random GAME --seed S [OPTIONS] [--max-steps N]
  ludus match GAME --a PLAYER --b PLAYER [--c PLAYER] --games N [--seed S] [--records yes] [OPTIONS]
      seats rotate each game; Unity draws a new setup from S for each round of seat
      orders (unless --layout fixes one)
  ludus solve GAME [OPTIONS] [--moves \"s1 s2 ...\"] [--seconds S] [--nodes N] [--method alphabeta|pns]
  ludus analyse GAME [OPTIONS] [--moves \"s1 s2 ...\"] [--iterations N]
  ludus review --record TEXT [--iterations N] [--threshold X] [--seed S]
  ludus lessons GAME
      the game's lessons, one JSON object a line (record: the starting position;
      line: the learner's steps and the scripted replies)
  ludus puzzles GAME [--array]
      the shipped puzzles, one JSON object a line (--array: one JSON array, the file
      www/learn/GAME-puzzles.json); docs/PUZZLES.md
  ludus puzzles generate GAME [--count N] [--seed S] [--games G] [--nodes N] [--size N]
      makes puzzles again from up to G games the computer plays against itself (levels
      beginner and easy; random play in Merlin's Chain; seeded from S), each proved by
      the solver within N positions a search (each game has its own default); the same
      arguments print the same puzzles
  ludus record TEXT [--to record|link|text] [--player1 NAME] [--player2 NAME] [--player3 NAME]
               [--date D] [--result R] [--event E]
      a game (a record, a packed link record or a text file) written as a record, as a
      link's record (packed when long) or as a text file with a header (docs/RECORD.md)
  ludus bench [GAME ...] [--seconds S] [--runs R]   (or: [--mcts N [--runs R] [--seed S]])
  ludus serve [--port P] [--address A] [--dist DIR] [--db FILE] [--redis URL]
      the page built in DIR (default dist) and live play between people, on
      http://A:P/ (default 127.0.0.1:8080); games kept in the SQLite FILE (default
      data/ludus.db), or in Redis, shared by every server given the same URL
      (docs/ONLINE.md)
  ludus train unlur [--learn contract|replies|priors] [--sides 5,6] [--games N] [--rounds R]
                    [--seed S] [--player SPEC] [--threads T] [--out FILE]
      learns from N self-play games a side, SPEC (default mcts:2000) playing both
      colours after the contract; the same seed, the same weights (docs/AI.md).
      contract (the default): Unlur's contract, in R rounds (contracts of every length;
      from the second round one side plays the contract by the weights learned so far),
      written to src/games/unlur/contract.txt; replies: how often each shape of cell
      next to the last stone is answered, for the playouts, written to
      src/games/unlur/replies.txt; priors: how often each shape of empty cell is placed
      on, the order the search expands placements in, written to src/games/unlur/priors.txt
  ludus train scattercut [--sizes 8] [--games N] [--seed S] [--player SPEC] [--threads T]
                         [--out FILE]
      Scattercut's replies, from N self-play games a size (default 200), written to
      src/games/scattercut/replies.txt
  ludus train merlins-chain [--games N] [--seed S] [--player SPEC] [--threads T] [--out FILE]
      Merlin's Chain's flip order (which flips the search tries first), from N
      self-play games (default 100), written to src/games/merlins_chain/order.txt
  ludus train unravel [--learn priors|eval] [--sizes 8] [--games N] [--seed S] [--player SPEC]
                      [--threads T] [--out FILE]
      from N self-play games a size (default 200). priors (the default): how often each
      shape of empty cell is placed on, for the search's tree (and the order it expands
      placements in), written to src/games/unravel/priors.txt; eval: the mover's chance
      from each player's distance to joining its edges, which scores the search's short
      playouts (SPEC default mcts:4000/cap=400), written to src/games/unravel/eval.txt
  ludus train unity [--players 2,3] [--games N] [--seed S] [--player SPEC] [--threads T]
                    [--out FILE]
      Unity's step order (which steps the search tries first), from N self-play games
      for each player count (default 100; side 5, a random setup a game), written to
      src/games/unity/order.txt
  ludus contract [--sides 5,6] [--stones 0-15] [--games N] [--player SPEC] [--seed S] [--threads T]
      Unlur: fixed contract strategies (pass once k stones are down, stones central or
      near the edge, in either seat) against SPEC (default expert), which plays the
      contract with what it learned; both sides are SPEC after the contract
  ludus soak [GAME|all] --games N --seed S [OPTIONS] [--max-steps N] [--parse-back K]
      random games with the rules' invariants checked after every step; exit status 1
      and the record that reproduces it if one breaks (all: every game at its defaults;
      --parse-back K: parse back K random listed steps a step instead of all of them)
  ludus loadtest --server http://HOST:PORT --games N --seconds S [--server http://HOST2:PORT2]
                 [--seed X] [--rate STEPS_PER_SECOND_PER_GAME] [--hostile FRAMES]
      N games of random legal steps at once (2N connections) against a running `ludus
      serve` on this machine (with two servers, each game's players are on different
      instances); checks that every confirmed step reaches the opponent, in order, and
      prints `games G, steps S, errors E, lost L, p50 X ms, p99 Y ms`; exit status 1 if
      errors or lost > 0 (--rate: default 1; --hostile: also that many refusable frames
      from a few more connections, and how many the server refused)";

/// What `--record` and `record` read, for the help.
const TEXT_HELP: &str = "\
TEXT (for --record and `record`): a record as a link holds it, or @FILE (@- for standard
      input) holding a record or a text file";

/// The help: the commands, then the games, the options each takes and the players, listed
/// from the games' declarations and the levels.
fn usage() -> String {
    let games: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    let levels: Vec<&str> = ai::levels::LEVELS.iter().map(|l| l.id).collect();
    format!(
        "ludus: the games of Ludus and its computer opponent on the command line\n\n\
         {COMMANDS}\n\nGAME: {}\n{}\n{TEXT_HELP}\n\
         PLAYER: random, a level ({}), mcts:ITERATIONS,\n        mcts:SECONDSs (e.g. mcts:0.2s)",
        games.join(", "),
        options_help(),
        levels.join(", ")
    )
}

/// `ludus loadtest` (src/server/loadtest.rs): its one line on standard output, exit status 1
/// when a step was lost or anything failed.
#[cfg(all(feature = "server", not(target_arch = "wasm32")))]
fn loadtest(args: &[String]) -> Result<(), Error> {
    use ludus::server::loadtest;
    let options = loadtest::Options::parse(args).map_err(Error::options)?;
    let report = loadtest::run(&options).map_err(Error::options)?;
    say!("{}", report.line());
    if !report.passed() {
        std::process::exit(1);
    }
    Ok(())
}

/// The OPTIONS of the help: each game's option flags, games with the same flags on one line.
fn options_help() -> String {
    let mut lines: Vec<(Vec<&str>, String)> = Vec::new();
    for kind in GameKind::ALL {
        let flags: Vec<String> = kind
            .about()
            .options
            .iter()
            .map(|o| {
                let value = match o.kind {
                    games::OptionKind::Number { .. } => "N".to_string(),
                    games::OptionKind::Choice { choices, .. } => choices.join("|"),
                    games::OptionKind::Text { .. } => o.key.to_uppercase(),
                };
                format!("--{} {value}", o.key)
            })
            .collect();
        let flags = if flags.is_empty() {
            "no options".to_string()
        } else {
            flags.join(" ")
        };
        match lines.iter_mut().find(|(_, f)| *f == flags) {
            Some((names, _)) => names.push(kind.name()),
            None => lines.push((vec![kind.name()], flags)),
        }
    }
    let mut text = String::from("OPTIONS, by game:");
    for (names, flags) in lines {
        let mut line = format!("  {}:", names.join(", "));
        for word in flags.split(" --") {
            let word = if word.starts_with("--") || word == "no options" {
                word.to_string()
            } else {
                format!("--{word}")
            };
            if line.len() + 1 + word.len() > 88 {
                text.push('\n');
                text.push_str(&line);
                line = "     ".to_string();
            }
            line.push(' ');
            line.push_str(&word);
        }
        text.push('\n');
        text.push_str(&line);
    }
    text
}

fn main() -> ExitCode {
    match text_args().and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Whatever a message quotes is shown with its control and invisible characters
            // escaped, so that no argument can reverse or hide the rest of the line.
            eprintln!("ludus: {}", visible(e.message()));
            ExitCode::from(2)
        }
    }
}

/// The arguments as text; one that is not UTF-8 is refused, saying which it is.
fn text_args() -> Result<Vec<String>, Error> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, arg)| {
            arg.into_string().map_err(|arg| {
                Error::options(format!(
                    "argument {} is not UTF-8 text ({:?})",
                    i + 1,
                    shorten(&arg.to_string_lossy())
                ))
            })
        })
        .collect()
}

/// Command-line arguments split into positionals and `--flag value` pairs.
struct Args {
    positional: Vec<String>,
    flags: Vec<(String, String)>,
    switches: Vec<String>,
}

/// The flags that are game options: every option key some game declares (a game refuses
/// the keys it does not declare, saying which it has).
fn game_option_flags() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = Vec::new();
    for kind in GameKind::ALL {
        for option in kind.about().options {
            if !keys.contains(&option.key) {
                keys.push(option.key);
            }
        }
    }
    keys
}

const SWITCHES: [&str; 2] = ["divide", "array"];

impl Args {
    fn parse(args: &[String]) -> Result<Args, Error> {
        let mut out = Args {
            positional: vec![],
            flags: vec![],
            switches: vec![],
        };
        let mut it = args.iter();
        while let Some(arg) = it.next() {
            if let Some(name) = arg.strip_prefix("--") {
                // The last of two values would win unseen (`--size 6 --size 8`).
                let given = out.switches.iter().any(|s| s == name)
                    || out.flags.iter().any(|(k, _)| k == name);
                if given {
                    return Err(Error::options(format!(
                        "--{} is given twice",
                        shorten(name)
                    )));
                }
                if SWITCHES.contains(&name) {
                    out.switches.push(name.to_string());
                    continue;
                }
                let value = it
                    .next()
                    .ok_or_else(|| Error::options(format!("--{} needs a value", shorten(name))))?;
                out.flags.push((name.to_string(), value.clone()));
            } else {
                out.positional.push(arg.clone());
            }
        }
        Ok(out)
    }

    fn flag(&self, name: &str) -> Option<&str> {
        self.flags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn number<T: std::str::FromStr>(&self, name: &str, default: Option<T>) -> Result<T, Error> {
        match self.flag(name) {
            Some(v) => v.parse().map_err(|_| {
                Error::options(format!("--{name} must be a number (got {:?})", shorten(v)))
            }),
            None => default.ok_or_else(|| Error::options(format!("--{name} is required"))),
        }
    }

    /// Fails on a positional argument a command on a game takes no more of: GAME, or none
    /// with `--record`, then `after` more (`usage`: what the command takes).
    fn game_positionals(&self, after: usize, usage: &str) -> Result<(), Error> {
        let game = usize::from(self.flag("record").is_none());
        self.at_most_positionals(game + after, usage)
    }

    /// Fails on flags the command does not take.
    fn only(&self, allowed: &[&str]) -> Result<(), Error> {
        for (k, _) in &self.flags {
            if !allowed.contains(&k.as_str()) && !game_option_flags().contains(&k.as_str()) {
                return Err(Error::options(format!("unknown flag --{}", shorten(k))));
            }
        }
        Ok(())
    }

    /// The game options among the flags. Where the command has a `--seed` of its own
    /// (`random`, `match`), it is a game option only for a game that has one too (Unity's
    /// random setup); elsewhere `--seed` always goes to the game, which may refuse it.
    fn game_options(&self, kind: GameKind, command_seed: bool) -> OptionMap {
        let has_seed = !command_seed || kind.option_specs().iter().any(|o| o.key == "seed");
        let mut map = OptionMap::new();
        for (k, v) in &self.flags {
            if game_option_flags().contains(&k.as_str()) && (k != "seed" || has_seed) {
                map.set(k.clone(), v.clone());
            }
        }
        map
    }

    /// The game options of a run of many games (`soak`, `match`): `--seed` seeds the run,
    /// never the game; a game with a random setup draws one per game or round from it
    /// (`GameKind::with_random_setup`).
    fn run_options(&self, kind: GameKind) -> OptionMap {
        let mut map = self.game_options(kind, false);
        map.remove("seed");
        map
    }

    /// Fails when more than `count` positional arguments are given, quoting the first extra:
    /// every command refuses one it does not take rather than ignore it.
    fn at_most_positionals(&self, count: usize, why: &str) -> Result<(), Error> {
        match self.positional.get(count) {
            Some(extra) => Err(Error::options(format!(
                "{why}; {:?} is one argument too many",
                shorten(extra)
            ))),
            None => Ok(()),
        }
    }

    fn positional(&self, i: usize, what: &str) -> Result<&str, Error> {
        self.positional
            .get(i)
            .map(String::as_str)
            .ok_or_else(|| Error::options(format!("missing {what}; see `ludus help`")))
    }
}

fn run(args: &[String]) -> Result<(), Error> {
    let Some(command) = args.first() else {
        say!("{}", usage());
        return Ok(());
    };
    // Before the common reader: `--server` may be given twice.
    #[cfg(all(feature = "server", not(target_arch = "wasm32")))]
    if command == "loadtest" {
        return loadtest(&args[1..]);
    }
    let rest = Args::parse(&args[1..])?;
    match command.as_str() {
        "perft" => perft(&rest),
        "show" => show(&rest),
        "random" => random(&rest),
        "match" => play_match(&rest),
        "bench" => bench(&rest),
        "soak" => soak(&rest),
        "solve" => solve(&rest),
        "analyse" | "analyze" => analyse(&rest),
        "review" => review(&rest),
        "lessons" => lessons::print(&rest),
        "puzzles" => puzzles::run(&rest),
        "record" => record::record(&rest),
        #[cfg(not(target_arch = "wasm32"))]
        "train" => train::run(&rest),
        #[cfg(not(target_arch = "wasm32"))]
        "contract" => train::contract(&rest),
        #[cfg(all(feature = "server", not(target_arch = "wasm32")))]
        "serve" => serve::run(&rest),
        "help" | "--help" | "-h" => {
            say!("{}", usage());
            Ok(())
        }
        other => Err(Error::options(format!(
            "unknown command {:?}; see `ludus help`",
            shorten(other)
        ))),
    }
}

/// The session named by GAME, options and --moves (or by --record).
fn session_from(args: &Args, command_seed: bool) -> Result<Session, Error> {
    if let Some(record) = args.flag("record") {
        return record::read_game(record).map(|(s, _)| s);
    }
    let kind = GameKind::parse(args.positional(0, "GAME")?)?;
    let mut session = Session::new(kind, &args.game_options(kind, command_seed))?;
    if let Some(moves) = args.flag("moves") {
        for (i, step) in split_steps(moves).iter().enumerate() {
            session.play(step).map_err(|e| {
                Error::new(e.kind(), format!("step {} ({}): {e}", i + 1, shorten(step)))
            })?;
        }
    }
    Ok(session)
}

/// The deepest perft asked for. Perft keeps a step list for each level, allocated up front,
/// so a depth of billions would abort on allocation; and no count nearly this deep could
/// ever be finished.
const MAX_PERFT_DEPTH: u32 = 1000;

fn perft(args: &Args) -> Result<(), Error> {
    args.only(&["moves", "record"])?;
    args.game_positionals(1, "`ludus perft` takes GAME DEPTH (or --record TEXT DEPTH)")?;
    let depth_pos = if args.flag("record").is_some() { 0 } else { 1 };
    let depth = args
        .positional(depth_pos, "DEPTH")?
        .parse::<u32>()
        .ok()
        .filter(|d| *d <= MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            Error::options(format!(
                "DEPTH must be a whole number from 0 to {MAX_PERFT_DEPTH}"
            ))
        })?;
    let session = session_from(args, false)?;
    let game = session.current();
    if args.switches.iter().any(|s| s == "divide") && depth > 0 {
        let mut total = 0;
        for step in game.legal_step_texts() {
            let mut next = game.clone();
            next.play_text(&step)?;
            let n = next.perft(depth - 1);
            total += n;
            say!("{step}: {n}");
        }
        say!("total: {total}");
    } else {
        say!("{}", game.perft(depth));
    }
    Ok(())
}

fn show(args: &Args) -> Result<(), Error> {
    args.only(&["moves", "record"])?;
    args.game_positionals(0, "`ludus show` takes GAME (or --record TEXT)")?;
    let session = session_from(args, false)?;
    let game = session.current();
    let view = game.view();
    say!(
        "{} by {}",
        session.kind().title(),
        session.kind().designer()
    );
    say_raw!("{}", board_text(&view));
    for (label, value) in &view.facts {
        say!("{label}: {value}");
    }
    match view.outcome {
        Some(Outcome::Winner(seat)) => say!("Result: {} wins", view.players[seat].name),
        Some(Outcome::Draw) => say!("Result: draw"),
        None => {
            let seat = view.to_move.unwrap_or(0);
            say!("To move: {}", view.players[seat].name);
        }
    }
    say!("{}", view.prompt);
    let legal = game.legal_step_texts();
    say!("Legal steps ({}): {}", legal.len(), legal.join(" "));
    say!("Record: {}", session.record_text());
    Ok(())
}

/// Proves the result with best play from a position, and which steps keep it.
fn solve(args: &Args) -> Result<(), Error> {
    args.only(&["moves", "record", "seconds", "nodes", "method"])?;
    args.game_positionals(0, "`ludus solve` takes GAME (or --record TEXT)")?;
    let method = match args.flag("method").unwrap_or("alphabeta") {
        "alphabeta" => Method::AlphaBeta,
        "pns" => Method::ProofNumber,
        other => {
            return Err(Error::options(format!(
                "--method must be alphabeta or pns (got {:?})",
                shorten(other)
            )))
        }
    };
    let seconds: f64 = args.number("seconds", Some(60.0))?;
    let max_nodes: u64 = args.number("nodes", Some(u64::MAX))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(Error::options("--seconds must be more than 0"));
    }
    let session = session_from(args, false)?;
    let game = session.current();
    let view = game.view();
    let clock = Instant::now();
    let mut stop = || clock.elapsed().as_secs_f64() >= seconds;
    let solution = ludus::ai::solve::solve_any_with(game, method, max_nodes, &mut stop)?;
    let elapsed = clock.elapsed().as_secs_f64();
    let name = |o: Outcome| match o {
        Outcome::Winner(seat) => format!("{} wins", view.players[seat].name),
        Outcome::Draw => "draw".to_string(),
    };
    let Some(result) = solution.result else {
        say!(
            "not proven: gave up after {elapsed:.2} s and {} positions",
            solution.nodes
        );
        return Ok(());
    };
    say!("{} with best play", name(result));
    say!(
        "proved in {elapsed:.2} s, {} positions searched{}",
        solution.nodes,
        if solution.repetitions {
            " (some lines repeat a position: a draw may mean no side can force a win)"
        } else {
            ""
        }
    );
    let keeping = solution.keeping_steps();
    let mover = view.to_move.unwrap_or(0);
    if !solution.steps.is_empty() {
        let label = match result {
            Outcome::Winner(w) if w == mover => "winning steps",
            Outcome::Winner(_) => "every step loses; steps that lose",
            Outcome::Draw => "steps that keep the draw",
        };
        say!(
            "{label} ({} of {}): {}",
            keeping.len(),
            solution.steps.len(),
            keeping.join(" ")
        );
        let others: Vec<String> = solution
            .steps
            .iter()
            .filter(|(_, r)| *r != Some(result))
            .map(|(s, r)| match r {
                Some(o) => format!("{s} ({})", name(*o)),
                None => format!("{s} (not settled)"),
            })
            .collect();
        if !others.is_empty() {
            say!("other steps: {}", others.join(", "));
        }
    }
    Ok(())
}

/// Prints how the position stands: the chances, the best step and line, the exact result
/// when the solver proves it within the budget.
fn analyse(args: &Args) -> Result<(), Error> {
    args.only(&["moves", "record", "iterations"])?;
    args.game_positionals(0, "`ludus analyse` takes GAME (or --record TEXT)")?;
    let budget = Budget::for_iterations(args.number("iterations", Some(20_000))?)?;
    // `--seed` is the game's own option for Unity; the search's seed is fixed here.
    let session = session_from(args, false)?;
    let a = ludus::ai::analyse::analyse(session.current(), budget, 1);
    let names: Vec<String> = session
        .current()
        .view()
        .players
        .into_iter()
        .map(|p| p.name)
        .collect();
    let chances: Vec<String> = a
        .chances
        .iter()
        .zip(&names)
        .map(|(c, n)| format!("{n} {:.1}%", 100.0 * c))
        .collect();
    say!("chances: {}", chances.join(", "));
    if let Some(exact) = &a.exact {
        say!("exact: {}", exact.text);
        if !exact.keeping.is_empty() {
            say!("steps that keep it: {}", exact.keeping.join(" "));
        }
    }
    if let Some(best) = &a.best {
        say!("best step: {best}");
        say!("line: {}", a.line.join(" "));
        let top: Vec<String> = a
            .top
            .iter()
            .map(|t| format!("{} ({} visits, {:.1}%)", t.step, t.visits, 100.0 * t.chance))
            .collect();
        say!("most searched: {}", top.join(", "));
        say!("iterations: {}", a.iterations);
    }
    Ok(())
}

/// Prints each step of a recorded game with the mover's chance before and after, and a
/// better step where it fell by more than the threshold.
fn review(args: &Args) -> Result<(), Error> {
    args.only(&["record", "iterations", "threshold", "seed"])?;
    args.at_most_positionals(0, "`ludus review` takes no GAME, only --record TEXT")?;
    let budget = Budget::for_iterations(args.number("iterations", Some(5_000))?)?;
    let threshold: f64 = args.number("threshold", Some(0.15))?;
    // The game comes whole from the record, so `--seed` here seeds the searches.
    let seed: u64 = args.number("seed", Some(1))?;
    let record = args
        .flag("record")
        .ok_or_else(|| Error::options("--record is required"))?;
    let (session, _) = record::read_game(record)?;
    for r in ludus::ai::analyse::review(&session, budget, threshold, seed)? {
        say!(
            "{:>3}. seat {} {:<10} {:5.1}% -> {:5.1}%{}",
            r.index + 1,
            r.mover,
            r.step,
            100.0 * r.before,
            100.0 * r.after,
            match (r.better, r.after_better) {
                (Some(b), Some(chance)) =>
                    format!("   better: {b} ({:.1}% after it)", 100.0 * chance),
                _ => String::new(),
            }
        );
    }
    Ok(())
}

/// The board as text: one character (or tile number) a cell, top row first.
fn board_text(view: &BoardView) -> String {
    let glyph = |cell: usize| -> String {
        match &view.pieces[cell] {
            None => ".".into(),
            Some(p) => {
                let letter = match p.color {
                    Color::Red => 'R',
                    Color::Blue => 'B',
                    Color::Black => 'X',
                    Color::White => 'O',
                    Color::Purple => 'P',
                    Color::Orange => 'O',
                    Color::Green => 'G',
                    Color::Grey => '?',
                };
                match (p.kind, &p.label) {
                    (_, Some(label)) if p.color == Color::Grey => format!("{label:>2} "),
                    (_, Some(label)) => format!("{label:>2}{}", letter.to_ascii_lowercase()),
                    (PieceKind::Asterisk, _) => letter.to_ascii_lowercase().to_string(),
                    _ => letter.to_string(),
                }
            }
        }
    };
    let width = (0..view.cells.len())
        .map(|c| glyph(c).chars().count())
        .max()
        .unwrap_or(1);
    let pad = |s: String| format!("{s:>width$}");
    let mut out = String::new();
    match view.shape {
        ludus::game::Shape::Square { width: w, height } => {
            for rank in (0..height).rev() {
                out.push_str(&format!("{:>2} ", rank + 1));
                let row: Vec<String> = (0..w).map(|f| pad(glyph(rank * w + f))).collect();
                out.push_str(&row.join(" "));
                out.push('\n');
            }
            let files: Vec<String> = (0..w)
                .map(|f| pad(((b'a' + f as u8) as char).to_string()))
                .collect();
            out.push_str(&format!("   {}\n", files.join(" ")));
        }
        ludus::game::Shape::Hex { side } => {
            let rows = 2 * side - 1;
            let mut start = 0;
            let mut starts = vec![];
            for r in 0..rows {
                starts.push(start);
                start += side + r.min(rows - 1 - r);
            }
            for r in (0..rows).rev() {
                let len = side + r.min(rows - 1 - r);
                let indent = (rows - len) * (width + 1) / 2;
                let row: Vec<String> = (0..len).map(|i| pad(glyph(starts[r] + i))).collect();
                out.push_str(&format!(
                    "{} {}{}\n",
                    (b'a' + r as u8) as char,
                    " ".repeat(indent),
                    row.join(" ")
                ));
            }
            if !view.walls.is_empty() {
                let walls: Vec<String> = view
                    .walls
                    .iter()
                    .map(|[a, b]| format!("{}|{}", view.cells[*a], view.cells[*b]))
                    .collect();
                out.push_str(&format!("Walls: {}\n", walls.join(",")));
            }
        }
    }
    out
}

fn random(args: &Args) -> Result<(), Error> {
    args.only(&["max-steps"])?;
    args.game_positionals(0, "`ludus random` takes GAME")?;
    let seed: u64 = args.number("seed", None)?;
    let max_steps: usize = args.number("max-steps", Some(100_000))?;
    let mut session = session_from(args, true)?;
    let mut rng = Rng::new(seed);
    while session.len() < max_steps {
        let mut game = session.current().clone();
        let Some(step) = game.play_random(&mut rng) else {
            break;
        };
        session.play(&step)?;
    }
    say!("{}", session.record_text());
    let view = session.current().view();
    eprintln!("{} steps; {}", session.len(), view.prompt);
    Ok(())
}

/// `ludus soak`: random games checked after every step (see `soak/mod.rs`).
fn soak(args: &Args) -> Result<(), Error> {
    args.only(&["games", "seed", "max-steps", "parse-back"])?;
    args.at_most_positionals(1, "`ludus soak` takes one GAME or all")?;
    let games: u64 = args.number("games", None)?;
    let seed: u64 = args.number("seed", Some(1))?;
    let max_steps: usize = args.number("max-steps", Some(0))?;
    let parse_back: usize = args.number("parse-back", Some(0))?;
    let which = args.positional.first().map_or("all", String::as_str);
    // --seed seeds the run; each Unity game draws its own setup from its game's seed.
    let configs = if which == "all" {
        if !args.run_options(GameKind::Unravel).is_empty() {
            return Err(Error::options(
                "soak all takes no game options: name one game",
            ));
        }
        soak::default_configs()
    } else {
        let kind = GameKind::parse(which)?;
        vec![(kind, args.run_options(kind))]
    };
    for (kind, options) in configs {
        // Bad options are bad input (status 2), not a broken invariant.
        Session::new(kind, &options)?;
        let mut label = kind.name().to_string();
        for (k, v) in options.entries() {
            label.push_str(&format!(" {k}={v}"));
        }
        let started = Instant::now();
        match soak::soak(kind, &options, games, seed, max_steps, parse_back) {
            Ok(r) => {
                let wins: Vec<String> = r.wins.iter().map(u64::to_string).collect();
                say!(
                    "{label}: {} games, {} steps checked, {} listed steps parsed back, \
                     wins by seat {}, draws {}; {:.1} s",
                    r.games,
                    r.steps,
                    r.listed,
                    wins.join("/"),
                    r.draws,
                    started.elapsed().as_secs_f64()
                );
            }
            Err(failure) => {
                say!("{label}: FAILED {failure}");
                std::process::exit(1);
            }
        }
    }
    Ok(())
}

/// Plays `games` games between the players, rotating seats, and prints the score.
/// A match game still running after this many steps is stopped and scored as a draw.
const MATCH_STEP_CAP: usize = 10_000;

fn play_match(args: &Args) -> Result<(), Error> {
    args.only(&["a", "b", "c", "games", "seed", "records"])?;
    args.at_most_positionals(1, "`ludus match` takes GAME")?;
    // `--records yes`: each game's steps on stderr too.
    let records = args.flag("records").is_some();
    let kind = GameKind::parse(args.positional(0, "GAME")?)?;
    let player = |flag: &str| -> Result<PlayerSpec, Error> {
        let text = args
            .flag(flag)
            .ok_or_else(|| Error::options(format!("--{flag} is required")))?;
        PlayerSpec::parse_in(text, kind)
    };
    let mut players = vec![player("a")?, player("b")?];
    if args.flag("c").is_some() {
        players.push(player("c")?);
    }
    let games: usize = args.number("games", None)?;
    let seed: u64 = args.number("seed", Some(1))?;
    let options = args.run_options(kind);
    let (start, _) = AnyGame::new(kind, &options)?;
    if start.players() != players.len() {
        return Err(Error::options(format!(
            "this game has {} players but {} were given",
            start.players(),
            players.len()
        )));
    }
    let n = players.len();
    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64();
    let mut score = vec![0.0f64; n];
    let mut draws = 0;
    let mut unfinished = 0;
    let mut rng = Rng::new(seed);
    for g in 0..games {
        // Each round of n games plays one setup in every seat order; a game with a random
        // setup (Unity) draws a new one each round, so no one setup decides the match.
        let round = (g / n) as u64;
        let game_options = kind.with_random_setup(&options, game_seed(seed, round));
        let (mut game, _) = AnyGame::new(kind, &game_options)?;
        let setup = match game_options.get("seed") {
            Some(s) => format!(" (setup seed {s})"),
            None => String::new(),
        };
        // Seat s is played by player (s + g) % n.
        let mut steps = 0;
        let mut moves: Vec<String> = Vec::new();
        while let Some(seat) = game.to_move() {
            let player = &players[(seat + g) % n];
            let choice = choose_step(&game, player, &mut rng, &now)
                .ok_or_else(|| Error::options("no step chosen in a running game"))?;
            game.play_text(&choice.step)?;
            if records {
                moves.push(choice.step);
            }
            steps += 1;
            if steps >= MATCH_STEP_CAP {
                // A game that does not end (none should): scored as a draw.
                unfinished += 1;
                break;
            }
        }
        // Progress on stderr, one line a game: who won, in how many steps.
        eprintln!(
            "game {}{setup}: {} after {steps} steps ({:.0} s)",
            g + 1,
            match game.outcome() {
                Some(Outcome::Winner(seat)) => {
                    format!("{} wins", (b'a' + ((seat + g) % n) as u8) as char)
                }
                _ => "draw".to_string(),
            },
            now()
        );
        if records {
            eprintln!("  moves: {}", moves.join(" "));
        }
        match game.outcome() {
            Some(Outcome::Winner(seat)) => score[(seat + g) % n] += 1.0,
            _ => {
                draws += 1;
                for s in score.iter_mut() {
                    *s += 1.0 / n as f64;
                }
            }
        }
    }
    say!(
        "{} games of {} ({} draws{}), seats rotating:",
        games,
        kind.name(),
        draws,
        if unfinished > 0 {
            format!(", {unfinished} of them stopped after {MATCH_STEP_CAP} steps")
        } else {
            String::new()
        }
    );
    for (i, p) in players.iter().enumerate() {
        let (lo, hi) = ludus::ai::wilson(score[i], games as f64);
        say!(
            "  {}: {:<14} {:>6.1} wins  {:5.1}%  (95% CI {:.1}%-{:.1}%)",
            (b'a' + i as u8) as char,
            p.name(),
            score[i],
            100.0 * score[i] / games.max(1) as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    Ok(())
}

/// `ludus bench --mcts N[/SETTINGS] [--runs R] [--seed S]`: times the search of `mcts:N` from each
/// game's start, R times (seeds S, S+1, ...), and prints the median iterations per second:
/// the native side of the comparison `scripts/bench-wasm.mjs` makes.
fn bench_search(args: &Args, kinds: &[GameKind]) -> Result<(), Error> {
    // N, optionally with search settings (`2000/plain`).
    let n = args.flag("mcts").unwrap_or_default();
    let runs: u64 = args.number("runs", Some(5))?;
    if !(1..=100).contains(&runs) {
        return Err(Error::options("--runs must be 1 to 100"));
    }
    let seed: u64 = args.number("seed", Some(1))?;
    let spec = PlayerSpec::parse(&format!("mcts:{n}"))?;
    say!("{:<14} {:>20} {:>12}", "game", "mcts iterations/s", "runs");
    for &kind in kinds {
        let (start, _) = AnyGame::new(kind, &OptionMap::new())?;
        let mut rates = Vec::new();
        for r in 0..runs {
            let t = Instant::now();
            let iterations = ai::search_iterations(&start, &spec, &mut Rng::new(seed + r), &|| 0.0);
            rates.push(iterations as f64 / t.elapsed().as_secs_f64().max(1e-9));
        }
        rates.sort_by(f64::total_cmp);
        say!(
            "{:<14} {:>20.0} {:>12}",
            kind.name(),
            rates[rates.len() / 2],
            rates.len()
        );
    }
    Ok(())
}

/// `ludus bench [GAME ...] [--seconds S] [--runs R]`: per game, perft steps, uniform random
/// games, playouts and search iterations per second, medians of R runs of about S seconds
/// (`bench.rs`, the same code the wasm side of `scripts/bench.sh` runs).
fn bench(args: &Args) -> Result<(), Error> {
    args.only(&["seconds", "mcts", "runs", "seed"])?;
    let kinds: Vec<GameKind> = if args.positional.is_empty() {
        GameKind::ALL.to_vec()
    } else {
        args.positional
            .iter()
            .map(|g| GameKind::parse(g))
            .collect::<Result<_, _>>()?
    };
    if args.flag("mcts").is_some() {
        return bench_search(args, &kinds);
    }
    let seconds: f64 = args.number("seconds", Some(1.0))?;
    if !(seconds > 0.0 && seconds <= 600.0) {
        return Err(Error::options(
            "--seconds must be more than 0 and at most 600",
        ));
    }
    let runs: u32 = args.number("runs", Some(3))?;
    if !(1..=100).contains(&runs) {
        return Err(Error::options("--runs must be 1 to 100"));
    }
    say!(
        "{:<14} {:>16} {:>16} {:>14} {:>18}",
        "game",
        "perft steps/s",
        "uniform games/s",
        "playouts/s",
        "mcts iterations/s"
    );
    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64();
    for kind in kinds {
        let f = bench::measure(kind, seconds, runs, &now)?;
        say!(
            "{:<14} {:>16.0} {:>16.1} {:>14.1} {:>18.0}",
            kind.name(),
            f.perft_steps,
            f.uniform_games,
            f.playouts,
            f.mcts_iterations
        );
    }
    Ok(())
}
