//! Why an engine refuses a step's text (the rules tests of each game).

use ludus::Game;

/// The error `p` gives for `text`; fails the test if it takes the text as a step.
pub fn err<G: Game>(p: &G, text: &str) -> String {
    match p.parse_step(text) {
        Ok(s) => panic!("{text} was accepted as {s:?}"),
        Err(e) => e.to_string(),
    }
}
