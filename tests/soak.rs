//! Short soak runs (`ludus soak`'s checks after every step of random games, every listed
//! step parsed back) for each game at its default options and at a small and a large size.
//! The long runs and their figures are in docs/TESTING.md. The checker is a module of the
//! `ludus` tool, not of the library, so these runs go through the command.

use ludus::games::GameKind;
use ludus::OptionMap;
use std::process::Command;

/// What `ludus soak` reports for one configuration: games played and steps checked.
struct Report {
    games: u64,
    steps: u64,
}

/// `ludus soak` for one configuration: `games` games from `seed`, no step cap of its own,
/// every listed step parsed back.
fn soak(kind: GameKind, options: &OptionMap, games: u64, seed: u64) -> Result<Report, String> {
    let mut args = vec![
        "soak".to_string(),
        kind.name().to_string(),
        "--games".into(),
        games.to_string(),
        "--seed".into(),
        seed.to_string(),
        "--max-steps".into(),
        "0".into(),
        "--parse-back".into(),
        "0".into(),
    ];
    for (key, value) in options.entries() {
        args.push(format!("--{key}"));
        args.push(value.to_string());
    }
    let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(&args)
        .output()
        .expect("ludus runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        return Err(format!("{stdout}{stderr}"));
    }
    // "unity players=3: 12 games, 480 steps checked, ..."
    let counts = stdout.rsplit_once(": ").map_or("", |(_, counts)| counts);
    let number = |unit: &str| -> u64 {
        let words: Vec<&str> = counts.split([' ', ',']).collect();
        let at = words.iter().position(|w| *w == unit);
        at.and_then(|i| words[i - 1].parse().ok())
            .unwrap_or_else(|| panic!("no {unit} count in {stdout:?}"))
    };
    Ok(Report {
        games: number("games"),
        steps: number("steps"),
    })
}

fn run(kind: GameKind, options: OptionMap, games: u64, seed: u64) {
    match soak(kind, &options, games, seed) {
        Ok(report) => {
            assert_eq!(report.games, games);
            assert!(report.steps >= games, "{} steps", report.steps);
        }
        Err(failure) => panic!("{} {options:?}: {failure}", kind.name()),
    }
}

/// Games per configuration: Unity and Merlin's Chain check legality from scratch when
/// parsing, so parsing back every listed step costs more there.
fn games(kind: GameKind) -> u64 {
    match kind {
        GameKind::Unity => 12,
        GameKind::MerlinsChain => 8,
        _ => 60,
    }
}

#[test]
fn every_game_at_its_defaults() {
    // What `ludus soak all` runs: each game at its defaults, and Unity with three players.
    for kind in GameKind::ALL {
        run(kind, OptionMap::new(), games(kind), 11);
    }
    let three = OptionMap::new().with("players", "3");
    run(GameKind::Unity, three, games(GameKind::Unity), 11);
}

#[test]
fn small_and_large_boards() {
    let sized = |size: &str| OptionMap::new().with("size", size);
    for (kind, small, large) in [
        (GameKind::Unravel, "3", "12"),
        (GameKind::Scattercut, "3", "12"),
        (GameKind::Unlur, "4", "9"),
    ] {
        run(kind, sized(small), 100, 12);
        run(kind, sized(large), 5, 13);
    }
    run(GameKind::Unity, sized("6"), 4, 14);
    run(GameKind::Unity, sized("6").with("players", "3"), 4, 15);
}

#[test]
fn unity_setups_with_walls_and_a_small_supply() {
    // Starting walls and an exhausted supply exercise the walls count.
    let options = OptionMap::new()
        .with("walls", "c3|c4,d3|d4,e5|e6")
        .with("supply", "2");
    run(GameKind::Unity, options.clone(), 8, 16);
    run(GameKind::Unity, options.with("players", "3"), 8, 17);
}
