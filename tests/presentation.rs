//! What the engine tells the page beyond the board: the presentation (preview piece, pass
//! label, result words, what a second click asks), why a click makes no step, and the
//! options form. The page and the widget show these words as they are.

use ludus::game::{Color, PieceKind, PieceView};
use ludus::games::{AnyGame, GameKind};
use ludus::rng::Rng;
use ludus::session::Session;
use ludus::views::session_view;
use ludus::OptionMap;
use std::collections::BTreeMap;

fn session(record: &str) -> Session {
    Session::from_record(record).unwrap_or_else(|e| panic!("{record}: {e}"))
}

/// A piece by the words a view shows it with.
fn piece(color: &str, kind: &str) -> Option<PieceView> {
    Some(PieceView {
        color: *Color::ALL.iter().find(|c| c.name() == color).unwrap(),
        kind: *PieceKind::ALL.iter().find(|k| k.name() == kind).unwrap(),
        label: None,
    })
}

/// A finished random game of `kind` (a seed that ends in a win).
fn finished(kind: GameKind, options: &str, seed: u64) -> Session {
    let map = options
        .split(';')
        .filter(|p| !p.is_empty())
        .fold(OptionMap::new(), |m, p| {
            let (k, v) = p.split_once('=').unwrap();
            m.with(k, v)
        });
    let (mut game, _) = AnyGame::new(kind, &map).unwrap();
    let mut s = Session::new(kind, &map).unwrap();
    let mut rng = Rng::new(seed);
    while let Some(step) = game.play_random(&mut rng) {
        s.play(&step).unwrap();
    }
    s
}

#[test]
fn the_preview_piece_is_what_a_placement_puts_down() {
    let p = |r: &str| session_view(&session(r)).presentation.preview;
    assert_eq!(p("unravel;size=4"), piece("red", "checker"));
    assert_eq!(p("unravel;size=4;moves=a1"), piece("blue", "checker"));
    // Untangling a crosscut: the clicks are swaps, nothing is placed.
    assert_eq!(p("unravel;size=6;moves=c3,d3,d4,c4"), None);
    assert_eq!(p("scattercut;size=4;moves=b2"), piece("blue", "stone"));
    // Unlur's contract places black stones whoever moves; then each their own colour.
    assert_eq!(p("unlur;size=4"), piece("black", "stone"));
    assert_eq!(p("unlur;size=4;moves=d4"), piece("black", "stone"));
    assert_eq!(p("unlur;size=4;moves=d4,pass"), piece("white", "stone"));
    assert_eq!(p("unity"), None);
    assert_eq!(p("merlins-chain"), None);
}

#[test]
fn the_pass_button_says_what_a_pass_means() {
    let label = |r: &str| session_view(&session(r)).presentation.pass_label;
    assert_eq!(label("unlur;size=4"), "Pass and take Black");
    assert_eq!(label("unlur;size=4;moves=d4,pass"), "Pass");
    assert_eq!(label("unity"), "Pass");
}

#[test]
fn a_second_click_asks_what_the_steps_need() {
    let then = |r: &str| {
        let then = session_view(&session(r)).presentation.then;
        then.into_iter()
            .map(|(kind, text)| (kind.name(), text))
            .collect::<BTreeMap<_, _>>()
    };
    let map =
        |pairs: &[(&'static str, &'static str)]| pairs.iter().copied().collect::<BTreeMap<_, _>>();
    assert_eq!(then("unravel;size=4"), map(&[]));
    assert_eq!(
        then("unravel;size=6;moves=c3,d3,d4,c4"),
        map(&[("swap", "Now click the checker to swap it with.")])
    );
    assert_eq!(
        then("unity"),
        map(&[
            (
                "asterisk",
                "Click an arrow to fire the asterisk that way, or pick a space to slide to."
            ),
            ("move", "Now click where it goes."),
            (
                "ring",
                "Press Fire to fire the ring, or pick a space to slide to."
            ),
        ])
    );
    assert_eq!(
        then("merlins-chain"),
        map(&[("flip", "Now click where tile {piece} goes.")])
    );
}

#[test]
fn a_finished_game_names_its_highlight() {
    for (kind, options, note) in [
        (
            GameKind::Unravel,
            "size=4",
            "The winning connection is highlighted.",
        ),
        (
            GameKind::Scattercut,
            "size=4",
            "The winning connection is highlighted.",
        ),
        (
            GameKind::Unlur,
            "size=4",
            "The winning connection is highlighted.",
        ),
        (GameKind::Unity, "", "The united group is highlighted."),
    ] {
        let s = finished(kind, options, 3);
        let v = session_view(&s);
        assert!(v.board.outcome.is_some(), "{kind:?}");
        assert!(!v.board.highlight.is_empty(), "{kind:?} {}", v.record);
        assert_eq!(
            v.presentation.highlight_note.as_deref(),
            Some(note),
            "{kind:?}"
        );
        assert_eq!(
            v.presentation.preview, None,
            "{kind:?}: nothing to place once over"
        );
    }
    assert_eq!(
        session_view(&session("unlur;size=4"))
            .presentation
            .highlight_note,
        None
    );
}

#[test]
fn check_says_whether_a_step_is_legal_without_playing_it() {
    let s = session("unravel;size=4;moves=b2");
    assert_eq!(s.check("c3"), Ok(()));
    assert_eq!(s.check("b2").unwrap_err().message(), "b2 is occupied");
    assert_eq!(s.len(), 1, "nothing was played");
    let over = finished(GameKind::Unravel, "size=3", 1);
    assert_eq!(over.check("a1").unwrap_err().message(), "the game is over");
}

#[test]
fn a_click_that_makes_no_step_is_explained() {
    // One-click games: the step's own reason.
    let s = session("unravel;size=4;moves=b2");
    let b2 = 5;
    assert_eq!(s.explain_click(&[b2]).unwrap(), "b2 is occupied");
    // Unity: moves start from one's own piece; walls go between cells.
    let unity = session("unity");
    let v = unity.current().view();
    let mover = &v.players[v.to_move.unwrap()];
    let other = v
        .pieces
        .iter()
        .position(|p| p.as_ref().is_some_and(|p| p.color != mover.color))
        .unwrap();
    let empty = v.pieces.iter().position(Option::is_none).unwrap();
    assert_eq!(
        unity.explain_click(&[empty]).unwrap(),
        "Pick one of your pieces first, or click between two cells for a wall."
    );
    assert_eq!(
        unity.explain_click(&[other]).unwrap(),
        format!(
            "That piece is not {}'s. Pick one of your own pieces, or click between two cells for a wall.",
            mover.name
        )
    );
    // Merlin's Chain: a face-up tile, or an empty cell.
    let merlin = session("merlins-chain;moves=56@a3");
    let a3 = 16;
    let played = merlin.current().view().pieces[a3].clone().unwrap();
    assert_eq!(
        merlin.explain_click(&[a3]).unwrap(),
        format!(
            "Tile {} is already played. Pick one of your grey tiles, or a number from the tray.",
            played.label.unwrap()
        )
    );
    // Bad cell numbers from JS are an error, not a panic.
    assert_eq!(
        unity.explain_click(&[9999]).unwrap_err().message(),
        "there is no cell number 9999"
    );
    assert_eq!(
        unity.explain_click(&[]).unwrap_err().message(),
        "a click is on one cell or between two"
    );
    let over = finished(GameKind::Unravel, "size=3", 1);
    assert_eq!(over.explain_click(&[0]).unwrap(), "The game is over.");
}

fn values(pairs: &[(&str, &str)]) -> OptionMap {
    pairs
        .iter()
        .fold(OptionMap::new(), |m, (k, v)| m.with(k, *v))
}

fn entries(map: &OptionMap) -> Vec<(String, String)> {
    map.entries()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn the_options_form_applies_the_rules_between_options() {
    let unity = GameKind::Unity;
    // Defaults and empty fields are left out.
    let form = unity.option_form(
        &values(&[
            ("size", "5"),
            ("players", "2"),
            ("seed", ""),
            ("walls", " "),
        ]),
        None,
    );
    assert_eq!(entries(&form.options), pairs(&[]));
    // A neutral colour only with two players.
    let form = unity.option_form(
        &values(&[("players", "3"), ("neutral", "purple")]),
        Some("players"),
    );
    let neutral = form
        .fields
        .iter()
        .find(|f| f.spec.key == "neutral")
        .unwrap();
    assert!(neutral.disabled);
    assert_eq!(entries(&form.options), pairs(&[("players", "3")]));
    let form = unity.option_form(&values(&[("players", "2"), ("neutral", "purple")]), None);
    assert_eq!(entries(&form.options), pairs(&[("neutral", "purple")]));
    // A layout excludes a seed; the seed field says where the setup comes from.
    let layout = "GoGPpgPOooGOoOPPpoOPOPOogGGpgppPGpGOo.oOGOgoPgpoppGgGpgOgPPgg";
    let form = unity.option_form(
        &values(&[("seed", "7"), ("layout", layout)]),
        Some("layout"),
    );
    assert_eq!(entries(&form.options), pairs(&[("layout", layout)]));
    let seed = form.fields.iter().find(|f| f.spec.key == "seed").unwrap();
    assert_eq!(
        (seed.value.as_str(), seed.placeholder),
        ("", Some("from the layout"))
    );
    // A new size or a new seed drops a hand-made layout and its walls.
    let form = unity.option_form(
        &values(&[("size", "6"), ("layout", layout), ("walls", "c3|c4")]),
        Some("size"),
    );
    assert_eq!(entries(&form.options), pairs(&[("size", "6")]));
    let form = unity.option_form(
        &values(&[("seed", "9"), ("layout", layout), ("walls", "c3|c4")]),
        Some("seed"),
    );
    assert_eq!(entries(&form.options), pairs(&[("seed", "9")]));
    // Every game's options start a game.
    for kind in GameKind::ALL {
        let form = kind.option_form(&OptionMap::new(), None);
        assert_eq!(form.fields.len(), kind.option_specs().len());
        assert!(Session::new(kind, &form.options).is_ok(), "{kind:?}");
    }
    // Keys the game does not have are dropped, not passed on.
    let form = GameKind::Unlur.option_form(&values(&[("size", "5"), ("colour", "x")]), None);
    assert_eq!(entries(&form.options), pairs(&[("size", "5")]));
}

/// The status line's words about the game and its history come from the engine: who is to
/// move (for the list of games), what playing in the past does, the highlighted result.
#[test]
fn the_status_words_come_from_the_engine() {
    let start = session_view(&session("unlur;size=4"));
    assert_eq!(start.status.summary, "First player to move");
    assert_eq!(start.status.detail, "");
    assert_eq!(start.status.viewing, None);
    assert_eq!(start.status.replaces, None);

    let mut s = session("unravel;size=4;moves=c3,b2,a1");
    s.go_to(2);
    let past = session_view(&s).status;
    assert_eq!(past.viewing.as_deref(), Some("Viewing step 2 of 3."));
    assert_eq!(past.replaces.as_deref(), Some("starts a variation"));
    assert_eq!(
        past.detail,
        "Viewing step 2 of 3. Playing here starts a variation."
    );
    s.go_to(0);
    assert_eq!(
        session_view(&s).status.detail,
        "Viewing step 0 of 3. Playing here starts a variation."
    );

    let over = finished(GameKind::Unity, "", 3);
    let v = session_view(&over);
    assert_eq!(v.status.summary, v.board.prompt);
    assert_eq!(v.status.detail, "The united group is highlighted.");
}
