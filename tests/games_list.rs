//! Every list of games is made from the one list of game descriptions (`for_each_game!` in
//! `src/games/mod.rs`, each game's `GAME` in `src/games/<game>/about.rs`): the command line's
//! help and option flags, `games()` for the page (and the JS tests' copy of it,
//! `tests/js/fixtures/games.json`), the lessons, the puzzles and the computer's levels.
//! To write the JS tests' copy again after a deliberate change:
//! `LUDUS_BLESS=1 cargo test --test games_list`.

use ludus::ai::levels::LEVELS;
use ludus::ai::{PlayerSpec, SearchConfig};
use ludus::games::{lesson, GameKind};
use ludus::views::game_infos;
use std::collections::BTreeSet;

#[path = "common/cli.rs"]
mod cli;
use cli::ludus;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/js/fixtures/games.json");

fn names() -> Vec<&'static str> {
    GameKind::ALL.iter().map(|k| k.name()).collect()
}

/// Every option key some game declares, in the order the games declare them.
fn declared_keys() -> Vec<&'static str> {
    let mut keys = Vec::new();
    for kind in GameKind::ALL {
        for o in kind.about().options {
            if !keys.contains(&o.key) {
                keys.push(o.key);
            }
        }
    }
    keys
}

#[test]
fn the_games_are_named_once_each_and_read_back() {
    let names = names();
    let distinct: BTreeSet<_> = names.iter().collect();
    assert_eq!(distinct.len(), names.len(), "{names:?}");
    for kind in GameKind::ALL {
        assert_eq!(GameKind::parse(kind.name()).unwrap(), kind);
        let (game, _) = ludus::games::AnyGame::new(kind, &Default::default()).unwrap();
        assert_eq!(
            game.kind(),
            kind,
            "the constructor makes the game asked for"
        );
    }
}

/// `games()` for the page lists the games in the same order, and the JS tests read the
/// same JSON the engine builds.
#[test]
fn the_page_lists_the_games_of_the_list() {
    let infos = game_infos();
    let listed: Vec<&str> = infos.iter().map(|g| g.name).collect();
    assert_eq!(listed, names());
    for (info, kind) in infos.iter().zip(GameKind::ALL) {
        assert_eq!(info.title, kind.about().title);
        let keys: Vec<&str> = info.options.iter().map(|o| o.key).collect();
        let declared: Vec<&str> = kind.about().options.iter().map(|o| o.key).collect();
        assert_eq!(keys, declared, "{}", kind.name());
    }
    let want = serde_json::to_string_pretty(&infos).unwrap() + "\n";
    if std::env::var_os("LUDUS_BLESS").is_some() {
        std::fs::write(FIXTURE, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(FIXTURE).unwrap_or_default();
    assert!(
        have == want,
        "tests/js/fixtures/games.json differs from what the engine's games() emits: \
         run `LUDUS_BLESS=1 cargo test --test games_list` and review the change"
    );
}

/// The help lists the games, each game's option flags and the levels from the list.
#[test]
fn the_help_lists_the_games_and_their_options() {
    let (ok, out, _) = ludus(&["help"]);
    assert!(ok);
    let game_line = out
        .lines()
        .find_map(|l| l.strip_prefix("GAME: "))
        .expect("a GAME line");
    assert_eq!(game_line, names().join(", "));
    // The OPTIONS part: each game named once, with the flags it declares and no others.
    let options = out
        .split("OPTIONS, by game:\n")
        .nth(1)
        .and_then(|rest| rest.split("\nTEXT").next())
        .expect("an OPTIONS part");
    // An entry is a line indented by two spaces, and the lines indented further below it.
    let mut entries: Vec<String> = Vec::new();
    for line in options.lines() {
        match (line.strip_prefix("  "), entries.last_mut()) {
            (Some(rest), Some(entry)) if rest.starts_with(' ') => entry.push_str(rest),
            (Some(rest), _) => entries.push(rest.to_string()),
            (None, _) => panic!("an OPTIONS line that is not indented: {line:?}"),
        }
    }
    let mut seen = Vec::new();
    for entry in &entries {
        let (games, flags) = entry.split_once(':').expect("games: flags");
        let flags: Vec<&str> = flags
            .split_whitespace()
            .filter_map(|w| w.strip_prefix("--"))
            .collect();
        for game in games.split(", ") {
            let kind = GameKind::parse(game).unwrap();
            let declared: Vec<&str> = kind.about().options.iter().map(|o| o.key).collect();
            assert_eq!(flags, declared, "{game}: {entry}");
            seen.push(kind);
        }
    }
    assert_eq!(seen.len(), GameKind::ALL.len(), "{options}");
    for kind in GameKind::ALL {
        assert!(seen.contains(&kind), "{}: {options}", kind.name());
    }
    let player = out
        .lines()
        .find(|l| l.starts_with("PLAYER:"))
        .expect("a PLAYER line");
    let ids: Vec<&str> = LEVELS.iter().map(|l| l.id).collect();
    assert!(
        player.contains(&format!("({})", ids.join(", "))),
        "{player}"
    );
}

/// The command line takes every option key a game declares as a flag (the game then judges
/// it), and no other key: an undeclared one is an unknown flag.
#[test]
fn the_option_flags_are_the_declared_option_keys() {
    let keys = declared_keys();
    for kind in GameKind::ALL {
        for key in &keys {
            let (_, _, err) = ludus(&["perft", kind.name(), "0", &format!("--{key}"), "x"]);
            assert!(
                !err.contains("unknown flag"),
                "--{key} for {}: {err}",
                kind.name()
            );
            let declared = kind.about().options.iter().any(|o| o.key == *key);
            if !declared {
                assert!(
                    err.contains("has no option") || err.contains("takes no options"),
                    "--{key} for {}: {err}",
                    kind.name()
                );
            }
        }
    }
    for key in ["colour", "komi", "board", "rings"] {
        assert!(!keys.contains(&key));
        let (ok, _, err) = ludus(&["perft", "unity", "0", &format!("--{key}"), "x"]);
        assert!(
            !ok && err.contains(&format!("unknown flag --{key}")),
            "{err}"
        );
    }
}

/// Every game's lessons and puzzles are reached by its name: on the command line, and in
/// the page's files (`www/learn/<game>-lessons.json`, `-puzzles.json`), for no other game.
#[test]
fn every_game_has_lessons_and_puzzles_under_its_name() {
    let learn = concat!(env!("CARGO_MANIFEST_DIR"), "/www/learn");
    for kind in GameKind::ALL {
        let name = kind.name();
        let entries = lesson::entries(kind);
        assert!(!entries.is_empty(), "{name} has lessons");
        assert!(entries.iter().all(|e| e.game == name));
        let (ok, out, err) = ludus(&["lessons", name]);
        assert!(ok, "{err}");
        assert_eq!(out.lines().count(), entries.len(), "{name}");
        let (ok, out, err) = ludus(&["puzzles", name]);
        assert!(ok, "{err}");
        assert!(out.lines().count() > 0, "{name} has puzzles");
        for line in out.lines() {
            let puzzle: serde_json::Value = serde_json::from_str(line).unwrap();
            let record = puzzle["record"].as_str().unwrap();
            assert_eq!(record.split(';').next(), Some(name), "{line}");
        }
        assert_eq!(out.lines().count(), kind.puzzles().lines().count());
        for what in ["lessons", "puzzles"] {
            let path = format!("{learn}/{name}-{what}.json");
            assert!(std::path::Path::new(&path).is_file(), "{path}");
        }
    }
    // The page's files are those of the listed games and no others.
    let mut games_with_files = BTreeSet::new();
    for entry in std::fs::read_dir(learn).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        for what in ["-lessons.json", "-puzzles.json"] {
            if let Some(game) = file.strip_suffix(what) {
                games_with_files.insert(game.to_string());
            }
        }
    }
    let listed: BTreeSet<String> = names().iter().map(|n| n.to_string()).collect();
    assert_eq!(games_with_files, listed);
}

/// The levels' per-game specs and the search's per-game settings come from the games'
/// descriptions: each spec names a level of the ladder, reads as a player, and is what the
/// level plays in that game.
#[test]
fn the_levels_read_each_games_own_specs() {
    let ids: Vec<&str> = LEVELS.iter().map(|l| l.id).collect();
    for kind in GameKind::ALL {
        let tuning = kind.search_tuning();
        let config = ludus::ai::Tuning::default().config_for(kind, 1);
        assert_eq!(config.widening, tuning.widening);
        let cap = tuning
            .playout_cap
            .unwrap_or(SearchConfig::default().playout_cap);
        assert_eq!(config.playout_cap, cap);
        for &(id, spec) in tuning.levels {
            assert!(ids.contains(&id), "{}: no level {id}", kind.name());
            PlayerSpec::parse(spec).unwrap_or_else(|e| panic!("{}: {spec}: {e}", kind.name()));
            let level = LEVELS.iter().find(|l| l.id == id).unwrap();
            assert_eq!(level.player_in(kind), spec);
        }
        for level in LEVELS {
            if !tuning.levels.iter().any(|(id, _)| *id == level.id) {
                assert_eq!(level.player_in(kind), level.player);
            }
        }
    }
}
