//! Inputs the fuzzers (fuzz/, scripts/fuzz.sh, docs/FUZZING.md) found to break a rule of the
//! text readers, kept here with the input inline so they stay fixed. The rule they broke: an
//! error says what is wrong in one short line, however long or strange the input.

use ludus::game::shorten;
use ludus::games::unity;
use ludus::games::{AnyGame, GameKind};
use ludus::geometry::HexGrid;
use ludus::session::Session;
use ludus::{Error, Game, OptionMap};

/// What `fuzz/src/lib.rs` checks of every error.
fn assert_short_one_line(e: &Error) {
    assert!(!e.message().trim().is_empty());
    assert!(
        e.message().chars().count() <= 200,
        "{} characters: {e:?}",
        e.message().len()
    );
    assert!(
        !e.message().chars().any(char::is_control),
        "control character in {e:?}"
    );
}

fn record_error(text: &str) -> Error {
    Session::from_record(text).expect_err(text)
}

#[test]
fn quoted_text_is_escaped_and_cut() {
    assert_eq!(shorten("c4"), "c4");
    assert_eq!(shorten("a\0b\u{1b}[2J"), "a\\0b\\u{1b}[2J");
    assert_eq!(shorten(&"x".repeat(24)), "x".repeat(24));
    assert_eq!(shorten(&"x".repeat(25)), format!("{}…", "x".repeat(24)));
    // An escape is never cut in the middle. A backslash or a double quote counts twice, as
    // `{:?}` shows it: three whole `\u{1b}` (21 characters shown quoted), then the cut.
    assert_eq!(
        shorten(&"\u{1b}".repeat(5)),
        format!("{}…", "\\u{1b}".repeat(3))
    );
    assert_eq!(shorten(&"\\".repeat(30)), format!("{}…", "\\".repeat(12)));
    assert_eq!(shorten(&"\"".repeat(30)), format!("{}…", "\"".repeat(12)));
}

/// Found by the record target in CI's 20 s run: a step of backslashes was quoted twice (by the
/// record and by Unity's step reader, with `{:?}` doubling each backslash) into a 201-character
/// message.
#[test]
fn quoted_backslashes_keep_a_message_short() {
    let record = format!("unity;moves=a1|a2,a2|a3,f6{}", "\\".repeat(60));
    let e = record_error(&record);
    assert!(e.message().starts_with("step 3 (f6"), "{e:?}");
    assert!(
        e.message().chars().count() <= 200,
        "{} characters: {e:?}",
        e.message().chars().count()
    );
}

#[test]
fn control_characters_in_steps_are_escaped_in_the_message() {
    // Found by the record and step targets: raw NUL and escape characters reached the
    // message (and so a terminal, through the command line).
    for text in [
        "unravel;size=4;moves=a1,a\0",
        "unravel;size=4;moves=a1,\u{1b}[2J\u{7}",
        "merlins-chain;moves=\u{2}56@a3",
        "unlur;size=4;moves=d4,\u{7f}1",
        "unity;moves=c\u{1b}[31m3-c6",
    ] {
        let e = record_error(text);
        assert_short_one_line(&e);
        assert!(e.message().contains("step"), "{e:?}");
    }
}

#[test]
fn long_option_values_are_cut_in_the_message() {
    // Found by the options and unity_setup targets: the whole value was quoted.
    let long = "9".repeat(5_000);
    let junk = "c3|c4 ".repeat(1_000);
    let cases = [
        format!("unravel;size={long}"),
        format!("unlur;size={junk}"),
        format!("unity;size={long}"),
        format!("unity;players={long}"),
        format!("unity;neutral={junk}"),
        format!("unity;seed={junk}"),
        format!("unity;supply={long}"),
        format!("unity;walls={junk}"),
        format!("unity;walls=c3|{junk}"),
        format!("unity;walls={long}|c3"),
        format!("unity;{}=1", "a".repeat(5_000)),
        format!("merlins-chain;{}=1", "b".repeat(5_000)),
        format!("unravel;{0}=1;{0}=2", "c".repeat(5_000)),
    ];
    for text in &cases {
        assert_short_one_line(&record_error(text));
    }
    // The same options given as a map, as the page gives them.
    let map = OptionMap::new().with("size", "\u{3}".repeat(100));
    for kind in GameKind::ALL {
        assert_short_one_line(&AnyGame::new(kind, &map).unwrap_err());
    }
    let map = OptionMap::new().with(&"\u{1f}".repeat(100), "1");
    for kind in GameKind::ALL {
        assert_short_one_line(&AnyGame::new(kind, &map).unwrap_err());
    }
}

#[test]
fn long_unity_steps_and_edges_are_cut_in_the_message() {
    let position = unity::Position::new(&unity::Options::default()).unwrap();
    for text in [
        "c3-".repeat(1_000),
        "c3|".to_string() + &"d".repeat(1_000),
        "z".repeat(1_000) + "x",
        "\u{1b}".repeat(100),
        // Found by the record target after 8 minutes: an asterisk shot's direction.
        "a5xW".to_string() + &"\u{13}".repeat(40),
        "d3x".to_string() + &"x".repeat(200) + "SE",
    ] {
        assert_short_one_line(&position.parse_step(&text).unwrap_err());
    }
    let grid = HexGrid::new(5);
    for text in [
        "c3c4".repeat(500),
        "c3|".repeat(500),
        "x".repeat(500) + "|c3",
    ] {
        let e = grid.parse_edge(&text).unwrap_err();
        assert_short_one_line(&Error::syntax(e));
    }
}

/// The live server's reader quoted serde's message whole and raw: an unknown frame type of
/// 300 letters, or with a line break or DEL in it, came back in the refusal as it was
/// (`live_frame`, within a second).
// The live server's reader is native only (the page never reads frames from clients).
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn a_refused_live_frame_says_so_in_one_short_line() {
    use ludus::server::protocol::ClientFrame;
    let long = format!(r#"{{"t":"{}"}}"#, "x".repeat(300));
    let bad_number = format!(
        r#"{{"t":"step","id":"abcdefghij","n":"{}"}}"#,
        "9".repeat(3000)
    );
    for text in [
        long.as_str(),
        r#"{"t":"c\ncel"}"#,
        "{\"t\":\"c\u{7f}ncel\"}",
        r#"{"t":"\u202eping"}"#,
        bad_number.as_str(),
    ] {
        let e = ClientFrame::parse(text).expect_err(text).0;
        assert_eq!(
            ludus::game::visible(&e),
            e,
            "an invisible character in {e:?}"
        );
        assert_short_one_line(&Error::options(e));
    }
    let e = ClientFrame::parse(&long).unwrap_err().0;
    assert!(e.starts_with("unknown frame type"), "{e}");
}
