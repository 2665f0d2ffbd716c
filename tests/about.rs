//! What each game declares about itself (`games::About`) agrees with its engine: the options
//! a form offers are the ones the engine accepts, with the engine's own limits and
//! defaults; the setup editor's characters are the ones a layout reads; every game has its
//! texts.

use ludus::games::{AnyGame, GameKind, OptionKind};
use ludus::options::OptionMap;

/// Every way of setting the game's choice options (none set counts as one way), so that a
/// number whose range depends on another option (Unity's wall supply on the board size) can
/// be tried where it applies.
fn choice_settings(kind: GameKind) -> Vec<OptionMap> {
    let mut settings = vec![OptionMap::new()];
    for decl in kind.about().options {
        if let OptionKind::Choice { choices, .. } = decl.kind {
            settings = settings
                .iter()
                .flat_map(|base| choices.iter().map(|c| base.clone().with(decl.key, *c)))
                .chain(settings.iter().cloned())
                .collect();
        }
    }
    settings
}

fn builds(kind: GameKind, options: &OptionMap) -> Result<(), String> {
    AnyGame::new(kind, options)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[test]
fn the_default_of_every_option_builds_a_game() {
    for kind in GameKind::ALL {
        let mut all = OptionMap::new();
        for decl in kind.about().options {
            let default = decl.spec().default;
            if default.is_empty() {
                continue; // a text option "not given"
            }
            let one = OptionMap::new().with(decl.key, default.clone());
            builds(kind, &one).unwrap_or_else(|e| panic!("{} {}: {e}", kind.name(), decl.key));
            all.set(decl.key, default);
        }
        builds(kind, &all).unwrap_or_else(|e| panic!("{}: {e}", kind.name()));
        // The defaults are what the engine uses when nothing is given: left out of the
        // canonical options either way.
        let (_, given) = AnyGame::new(kind, &all).unwrap();
        let (_, none) = AnyGame::new(kind, &OptionMap::new()).unwrap();
        assert_eq!(given, none, "{}", kind.name());
    }
}

#[test]
fn numbers_build_at_their_limits_and_are_refused_past_them() {
    let mut checked = 0;
    for kind in GameKind::ALL {
        let settings = choice_settings(kind);
        for decl in kind.about().options {
            let OptionKind::Number { min, max, .. } = decl.kind else {
                continue;
            };
            for value in [min, max] {
                let built = settings
                    .iter()
                    .any(|s| builds(kind, &s.clone().with(decl.key, value.to_string())).is_ok());
                assert!(built, "{} {}={value} builds nowhere", kind.name(), decl.key);
            }
            let mut past = vec![max + 1];
            if min > 0 {
                past.push(min - 1);
            }
            for value in past {
                for s in settings.iter().filter(|s| builds(kind, s).is_ok()) {
                    let e = builds(kind, &s.clone().with(decl.key, value.to_string()))
                        .expect_err(&format!("{} {}={value}", kind.name(), decl.key));
                    assert!(e.contains(decl.key) && e.contains("must be"), "{e}");
                }
            }
            checked += 1;
        }
    }
    assert_eq!(
        checked, 4,
        "sizes of Unravel, Scattercut and Unlur, Unity's supply"
    );
}

#[test]
fn every_choice_builds_and_nothing_else_does() {
    for kind in GameKind::ALL {
        for decl in kind.about().options {
            let OptionKind::Choice { choices, default } = decl.kind else {
                continue;
            };
            assert!(choices.contains(&default), "{} {}", kind.name(), decl.key);
            for choice in choices {
                builds(kind, &OptionMap::new().with(decl.key, *choice))
                    .unwrap_or_else(|e| panic!("{} {}={choice}: {e}", kind.name(), decl.key));
            }
            let e = builds(kind, &OptionMap::new().with(decl.key, "7x")).unwrap_err();
            assert!(e.contains(decl.key) && e.contains("must be"), "{e}");
        }
    }
}

#[test]
fn an_undeclared_option_is_refused_naming_the_declared_ones() {
    for kind in GameKind::ALL {
        let e = builds(kind, &OptionMap::new().with("colour", "red")).unwrap_err();
        for decl in kind.about().options {
            assert!(e.contains(decl.key), "{}: {e}", kind.name());
        }
        if kind.about().options.is_empty() {
            assert!(e.contains("takes no options"), "{e}");
        }
    }
}

#[test]
fn layout_characters_are_the_pieces_a_layout_puts_down() {
    let mut games = 0;
    for kind in GameKind::ALL {
        let chars = kind.about().layout;
        if chars.is_empty() {
            continue;
        }
        games += 1;
        let (_, canonical) = AnyGame::new(kind, &OptionMap::new()).unwrap();
        let layout: Vec<char> = canonical.get("layout").unwrap().chars().collect();
        // Each character on a cell that holds another piece of its own colour's kind
        // elsewhere, so every player keeps pieces.
        for c in chars {
            let mut drawn = layout.clone();
            drawn[0] = c.symbol;
            let text: String = drawn.iter().collect();
            let (game, _) = AnyGame::new(kind, &OptionMap::new().with("layout", text.as_str()))
                .unwrap_or_else(|e| panic!("{:?}: {e}", c.symbol));
            let piece = game.view().pieces[0].clone();
            assert_eq!(piece.as_ref().map(|p| p.color), c.color, "{:?}", c.symbol);
            assert_eq!(piece.as_ref().map(|p| p.kind), c.kind, "{:?}", c.symbol);
        }
        // And no other character is read.
        let mut drawn = layout.clone();
        drawn[0] = 'x';
        let text: String = drawn.iter().collect();
        assert!(builds(kind, &OptionMap::new().with("layout", text.as_str())).is_err());
    }
    assert_eq!(games, 1, "Unity");
}

#[test]
fn every_game_has_its_texts() {
    for kind in GameKind::ALL {
        let about = kind.about();
        assert!(!about.title.is_empty() && !about.designer.is_empty());
        assert!(about.rules.len() >= 2, "{}", kind.name());
        assert!(
            about.rules.iter().all(|p| p.ends_with('.')),
            "{}",
            kind.name()
        );
        assert!(about.board_help.starts_with("Click"), "{}", kind.name());
    }
}
