//! A game's start position for the search tests (tests/ai.rs, analyse.rs, solve.rs).

use ludus::games::{AnyGame, GameKind};
use ludus::OptionMap;

/// The start of the game `kind` (its name) with `options` (`key`, `value`), the others
/// at their defaults.
pub fn start(kind: &str, options: &[(&str, &str)]) -> AnyGame {
    let mut map = OptionMap::new();
    for (k, v) in options {
        map.set(k.to_string(), v.to_string());
    }
    AnyGame::new(GameKind::parse(kind).unwrap(), &map)
        .unwrap()
        .0
}
