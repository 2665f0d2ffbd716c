//! Short soak runs (`ludus soak`'s checks after every step of random games, every listed
//! step parsed back) for each game at its default options and at a small and a large size.
//! The long runs and their figures are in docs/TESTING.md.

use ludus::games::GameKind;
use ludus::soak::{default_configs, soak};
use ludus::OptionMap;

fn run(kind: GameKind, options: OptionMap, games: u64, seed: u64) {
    match soak(kind, &options, games, seed, 0, 0) {
        Ok(report) => {
            assert_eq!(report.games, games);
            assert!(report.steps >= games, "{report:?}");
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
    for (kind, options) in default_configs() {
        run(kind, options, games(kind), 11);
    }
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
