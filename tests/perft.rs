//! The one perft runner: every table in tests/data/perft/ (one file a game), through
//! `AnyGame`, so dispatch and step parsing are checked along with the engines.

#[path = "common/perft_data.rs"]
mod perft_data;

use perft_data::cases;

fn run(game: &str, counts: usize) {
    let mut checked = 0;
    for case in cases(game) {
        let position = case.position();
        for &(depth, expected) in &case.expected {
            assert_eq!(
                position.perft(depth),
                expected,
                "{} depth {depth}",
                case.place
            );
            checked += 1;
        }
    }
    // A table that lost lines (a bad edit) must not pass by checking less.
    assert_eq!(checked, counts, "{game}: counts checked");
}

#[test]
fn unravel() {
    run("unravel", 51);
}

#[test]
fn scattercut() {
    run("scattercut", 22);
}

#[test]
fn unity() {
    run("unity", 28);
}

#[test]
fn merlins_chain() {
    run("merlins-chain", 26);
}

#[test]
fn unlur() {
    run("unlur", 30);
}
