//! Plays the current engine (`ludus`) against an older commit's (`ludus_old`) at the same
//! player spec, in one process, alternating: both get the same share of a loaded CPU.
//!
//! Built only by scripts/strength-vs-commit.sh, in a scratch crate whose dependencies are
//! this worktree and a copy of the old commit's sources renamed to `ludus_old`; not part of
//! the main build (it needs a second commit's sources).
//!
//! Each side keeps its own game and plays every step on it by its text, so the two rules
//! engines check each other at every position: the same mover, the same legal steps, the
//! same result. Any difference is a rules bug; the program stops and says where.

use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str =
    "usage: strength GAME... [--games N] [--player SPEC] [--old-player SPEC] [--seed S] [--players 2|3]";

/// A game still running after this many steps is scored as a draw (as `ludus match`).
const STEP_CAP: usize = 10_000;

struct Settings {
    kinds: Vec<String>,
    games: usize,
    player: String,
    /// The old engine's player, when it differs (e.g. today's `expert` against an old
    /// `strong`); by default the same spec as the new engine's.
    old_player: Option<String>,
    seed: u64,
    /// Unity's player count, when given: with three, the new engine holds one seat and the
    /// old engine the other two.
    players: Option<usize>,
}

fn parse_args(args: &[String]) -> Result<Settings, String> {
    let mut settings = Settings {
        kinds: Vec::new(),
        games: 20,
        player: "normal".into(),
        old_player: None,
        seed: 1,
        players: None,
    };
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        if let Some(flag) = arg.strip_prefix("--") {
            let value = args
                .get(i + 1)
                .ok_or_else(|| format!("--{flag} needs a value; {USAGE}"))?;
            match flag {
                "games" => {
                    settings.games = value.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                        format!("--games must be a whole number above 0 (got {value:?})")
                    })?
                }
                "player" => settings.player = value.clone(),
                "old-player" => settings.old_player = Some(value.clone()),
                "seed" => {
                    settings.seed = value
                        .parse()
                        .map_err(|_| format!("--seed must be a whole number (got {value:?})"))?
                }
                "players" => {
                    settings.players = Some(
                        value
                            .parse()
                            .ok()
                            .filter(|n| (2..=3).contains(n))
                            .ok_or_else(|| format!("--players must be 2 or 3 (got {value:?})"))?,
                    )
                }
                _ => return Err(format!("unknown option --{flag}; {USAGE}")),
            }
            i += 2;
        } else {
            settings.kinds.push(arg.clone());
            i += 1;
        }
    }
    if settings.kinds.is_empty() {
        return Err(format!("no game given; {USAGE}"));
    }
    Ok(settings)
}

fn median(values: &mut [u32]) -> u32 {
    if values.is_empty() {
        return 0;
    }
    values.sort_unstable();
    values[values.len() / 2]
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The same position as both engines see it, or where they part.
fn agree(
    new: &ludus::games::AnyGame,
    old: &ludus_old::games::AnyGame,
    context: &dyn Fn() -> String,
) -> Result<(), String> {
    let (new_mover, old_mover) = (new.to_move(), old.to_move());
    if new_mover != old_mover {
        return Err(format!(
            "RULES DISAGREE: new engine says {new_mover:?} to move, old {old_mover:?}; {}",
            context()
        ));
    }
    let new_outcome = format!("{:?}", new.outcome());
    let old_outcome = format!("{:?}", old.outcome());
    if new_outcome != old_outcome {
        return Err(format!(
            "RULES DISAGREE: new engine's result {new_outcome}, old {old_outcome}; {}",
            context()
        ));
    }
    let mut new_steps = new.legal_step_texts();
    let mut old_steps = old.legal_step_texts();
    new_steps.sort_unstable();
    old_steps.sort_unstable();
    if new_steps != old_steps {
        let only_new: Vec<&String> = new_steps
            .iter()
            .filter(|s| old_steps.binary_search(s).is_err())
            .take(10)
            .collect();
        let only_old: Vec<&String> = old_steps
            .iter()
            .filter(|s| new_steps.binary_search(s).is_err())
            .take(10)
            .collect();
        return Err(format!(
            "RULES DISAGREE: {} legal steps new, {} old; only new (first 10) {only_new:?}; only old {only_old:?}; {}",
            new_steps.len(),
            old_steps.len(),
            context()
        ));
    }
    Ok(())
}

fn play_kind(kind_text: &str, settings: &Settings) -> Result<(), String> {
    let new_kind = ludus::games::GameKind::parse(kind_text).map_err(|e| e.to_string())?;
    let old_kind = ludus_old::games::GameKind::parse(kind_text).map_err(|e| e.to_string())?;
    let new_player = ludus::ai::PlayerSpec::parse(&settings.player).map_err(|e| e.to_string())?;
    let old_player =
        ludus_old::ai::PlayerSpec::parse(settings.old_player.as_ref().unwrap_or(&settings.player))
            .map_err(|e| e.to_string())?;
    // A game with a random setup (Unity) gets a new one every `players` games, so the new
    // engine plays each setup once from each seat.
    let has_seed = new_kind.option_specs().iter().any(|o| o.key == "seed");
    let players = settings.players.unwrap_or(2);

    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64();
    let mut new_rng = ludus::rng::Rng::new(settings.seed);
    let mut old_rng = ludus_old::rng::Rng::new(settings.seed.wrapping_add(1_000_003));
    let (mut new_score, mut draws, mut unfinished) = (0.0f64, 0usize, 0usize);
    let (mut new_iterations, mut old_iterations) = (Vec::new(), Vec::new());
    let load_before = load_average();
    for g in 0..settings.games {
        let mut new_options = ludus::OptionMap::new();
        let mut old_options = ludus_old::OptionMap::new();
        if has_seed {
            let setup = (settings.seed + (g / players) as u64).to_string();
            new_options.set("seed", setup.clone());
            old_options.set("seed", setup);
        }
        if let Some(n) = settings.players {
            new_options.set("players", n.to_string());
            old_options.set("players", n.to_string());
        }
        let (mut new_game, _) =
            ludus::games::AnyGame::new(new_kind, &new_options).map_err(|e| e.to_string())?;
        let (mut old_game, _) =
            ludus_old::games::AnyGame::new(old_kind, &old_options).map_err(|e| e.to_string())?;
        if new_game.players() != players || old_game.players() != players {
            return Err(format!(
                "{kind_text}: {players} players needed (new {}, old {})",
                new_game.players(),
                old_game.players()
            ));
        }
        // Seat `new_seat` is the new engine's; it moves on a seat every game.
        let new_seat = g % players;
        let mut moves: Vec<String> = Vec::new();
        let started = now();
        loop {
            {
                let moves = &moves;
                let context = || {
                    format!(
                        "{kind_text} game {} after steps: {}",
                        g + 1,
                        moves.join(" ")
                    )
                };
                agree(&new_game, &old_game, &context)?;
            }
            let Some(seat) = new_game.to_move() else {
                break;
            };
            let (step, by_new) = if seat == new_seat {
                let choice = ludus::ai::choose_step(&new_game, &new_player, &mut new_rng, &now)
                    .ok_or("the new engine chose no step in a running game")?;
                if choice.iterations > 0 {
                    new_iterations.push(choice.iterations);
                }
                (choice.step, true)
            } else {
                let choice = ludus_old::ai::choose_step(&old_game, &old_player, &mut old_rng, &now)
                    .ok_or("the old engine chose no step in a running game")?;
                if choice.iterations > 0 {
                    old_iterations.push(choice.iterations);
                }
                (choice.step, false)
            };
            let context = || {
                format!(
                    "{kind_text} game {}: {} engine's step {step:?} after steps: {}",
                    g + 1,
                    if by_new { "new" } else { "old" },
                    moves.join(" ")
                )
            };
            if let Err(e) = new_game.play_text(&step) {
                return Err(format!(
                    "RULES DISAGREE: the new engine refuses ({e}); {}",
                    context()
                ));
            }
            if let Err(e) = old_game.play_text(&step) {
                return Err(format!(
                    "RULES DISAGREE: the old engine refuses ({e}); {}",
                    context()
                ));
            }
            moves.push(step);
            if moves.len() >= STEP_CAP {
                unfinished += 1;
                break;
            }
        }
        let result = match new_game.outcome() {
            Some(ludus::Outcome::Winner(seat)) if seat == new_seat => {
                new_score += 1.0;
                "new wins"
            }
            Some(ludus::Outcome::Winner(_)) => "old wins",
            _ => {
                draws += 1;
                new_score += 1.0 / players as f64;
                "draw"
            }
        };
        eprintln!(
            "{kind_text} game {}: new plays seat {new_seat}; {result} after {} steps ({:.0} s)",
            g + 1,
            moves.len(),
            now() - started
        );
    }
    let games = settings.games as f64;
    let (lo, hi) = ludus::ai::wilson(new_score, games);
    let (new_median, old_median) = (median(&mut new_iterations), median(&mut old_iterations));
    println!(
        "{kind_text}: {} games, {players} players, new {} against old {}, seats rotating, {draws} draws{}; load average {load_before} before, {} after, {:.0} s",
        settings.games,
        new_player.name(),
        old_player.name(),
        if unfinished > 0 {
            format!(" ({unfinished} stopped after {STEP_CAP} steps)")
        } else {
            String::new()
        },
        load_average(),
        now()
    );
    println!(
        "  new: {new_score:.1} wins {:.1}% (95% CI {:.1}%-{:.1}%; an equal engine's share {:.1}%); old: {:.1} wins",
        100.0 * new_score / games,
        100.0 * lo,
        100.0 * hi,
        100.0 / players as f64,
        games - new_score
    );
    println!(
        "  median iterations per searched step: new {new_median}, old {old_median} ({:.2}x)",
        new_median as f64 / old_median.max(1) as f64
    );
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let settings = match parse_args(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    for kind in &settings.kinds {
        if let Err(e) = play_kind(kind, &settings) {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
