//! Every error carries a kind (`ErrorKind`): a step text that does not read, a step that is
//! not legal now, a refused option or setting, a bad record, play after the end. Each kind
//! arises where it should, in every game, with the explaining sentence unchanged.

use ludus::ai::PlayerSpec;
use ludus::games::GameKind;
use ludus::rng::Rng;
use ludus::session::{Record, Session};
use ludus::{Error, ErrorKind, OptionMap};

fn start(kind: GameKind) -> Session {
    Session::new(kind, &OptionMap::new()).unwrap()
}

fn kind_of<T: std::fmt::Debug>(result: Result<T, Error>) -> ErrorKind {
    result.unwrap_err().kind()
}

#[test]
fn a_step_text_that_does_not_read_is_syntax() {
    for kind in GameKind::ALL {
        let mut s = start(kind);
        for text in ["", "z99", "hello", "a1~a1~", "17@@z9", "c3xUP"] {
            let e = s.play(text).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::Syntax, "{} {text:?}: {e}", kind.name());
            assert_eq!(kind_of(s.check(text)), ErrorKind::Syntax);
        }
    }
    // The same for a board given as text.
    let e = ludus::games::merlins_chain::Position::from_diagram("x").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Syntax, "{e}");
}

#[test]
fn a_step_that_reads_but_is_not_legal_now_is_an_illegal_step() {
    for kind in GameKind::ALL {
        let mut s = start(kind);
        // A placement, a flip, a wall or a move, played once, cannot be played again at once.
        let step = s
            .current()
            .legal_step_views()
            .into_iter()
            .find(|v| v.kind != ludus::game::StepKind::Pass)
            .unwrap();
        s.play(&step.text).unwrap();
        let e = s.play(&step.text).unwrap_err();
        assert_eq!(
            e.kind(),
            ErrorKind::IllegalStep,
            "{} {}: {e}",
            kind.name(),
            step.text
        );
        assert_eq!(kind_of(s.check(&step.text)), ErrorKind::IllegalStep);
    }
    // The sentences are today's.
    let mut s = Session::from_record("unravel;moves=a1").unwrap();
    assert_eq!(s.play("a1").unwrap_err().to_string(), "a1 is occupied");
    // Unity: a pass only when nothing else can be done.
    let mut s = Session::from_record("unity;players=2").unwrap();
    assert_eq!(kind_of(s.play("pass")), ErrorKind::IllegalStep);
}

#[test]
fn a_refused_option_or_setting_is_options() {
    let sized = |size: &str| OptionMap::new().with("size", size);
    for kind in GameKind::ALL {
        let e = Session::new(kind, &sized("99")).unwrap_err();
        let e = match kind {
            // Merlin's Chain has one size: its option is not there at all.
            GameKind::MerlinsChain => e,
            _ => {
                assert!(e.to_string().contains("size"), "{e}");
                e
            }
        };
        assert_eq!(e.kind(), ErrorKind::Options, "{}: {e}", kind.name());
        let e = Session::new(kind, &OptionMap::new().with("colour", "red")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Options, "{}: {e}", kind.name());
    }
    let unity = |key: &str, value: &str| {
        kind_of(Session::new(
            GameKind::Unity,
            &OptionMap::new().with(key, value),
        ))
    };
    assert_eq!(unity("players", "7"), ErrorKind::Options);
    assert_eq!(unity("layout", "xyz"), ErrorKind::Options);
    assert_eq!(unity("walls", "c3|c9"), ErrorKind::Options);
    assert_eq!(kind_of(GameKind::parse("chess")), ErrorKind::Options);
    assert_eq!(kind_of(PlayerSpec::parse("fast")), ErrorKind::Options);
    assert_eq!(kind_of(PlayerSpec::parse("mcts:5000s")), ErrorKind::Options);
}

#[test]
fn a_record_that_does_not_read_or_replay_is_record() {
    for text in [
        "",
        "chess;moves=a1",
        "unravel;size",
        "unravel;size=99",
        "unravel;moves=a1,a1",
        "unravel;moves=zz",
        "unravel;moves=a1;at=5",
        "unravel;moves=a1;moves=b1",
        "unity;players=3;neutral=green",
    ] {
        let e = Session::from_record(text).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Record, "{text:?}: {e}");
    }
    assert_eq!(kind_of(Record::parse("unravel;at=x")), ErrorKind::Record);
    // The sentence names the step, as today.
    let e = Session::from_record("unravel;moves=a1,a1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "step 2 (a1) cannot be played: a1 is occupied"
    );
}

#[test]
fn play_after_the_end_is_game_over() {
    for kind in GameKind::ALL {
        let mut s = start(kind);
        let mut rng = Rng::new(5);
        while s.current().to_move().is_some() {
            let legal = s.current().legal_step_views();
            let step = rng.choose(&legal).unwrap().text.clone();
            s.play(&step).unwrap();
        }
        for text in ["a1", "pass", "17@c3", "zz"] {
            let e = s.play(text).unwrap_err();
            assert_eq!(e.kind(), ErrorKind::GameOver, "{} {text}: {e}", kind.name());
            assert_eq!(kind_of(s.check(text)), ErrorKind::GameOver);
        }
        // The engine itself says so too.
        let e = ludus::with_game!(s.current(), g => ludus::Game::parse_step(g, "a1").map(|_| ()));
        assert_eq!(kind_of(e), ErrorKind::GameOver, "{}", kind.name());
    }
}

#[test]
fn kinds_have_the_names_js_sees() {
    let names: Vec<&str> = [
        ErrorKind::Syntax,
        ErrorKind::IllegalStep,
        ErrorKind::Options,
        ErrorKind::Record,
        ErrorKind::GameOver,
    ]
    .iter()
    .map(|k| k.name())
    .collect();
    assert_eq!(
        names,
        ["syntax", "illegal-step", "options", "record", "game-over"]
    );
    for kind in [
        ErrorKind::Syntax,
        ErrorKind::IllegalStep,
        ErrorKind::GameOver,
    ] {
        let json = serde_json::to_string(&kind).unwrap();
        assert_eq!(json, format!("\"{}\"", kind.name()));
    }
}
