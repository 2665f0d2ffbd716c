//! Sessions and records across all five games: random games replay from their record text,
//! history navigation, and hostile records that must fail cleanly.

use ludus::games::{AnyGame, GameKind};
use ludus::rng::Rng;
use ludus::session::{Record, Session};
use ludus::OptionMap;

fn small(kind: GameKind) -> OptionMap {
    match kind {
        GameKind::Unravel | GameKind::Scattercut => OptionMap::new().with("size", "5"),
        GameKind::Unlur => OptionMap::new().with("size", "4"),
        _ => OptionMap::new(),
    }
}

/// Plays a random game of up to `max` steps in a session.
fn random_session(kind: GameKind, options: &OptionMap, seed: u64, max: usize) -> Session {
    let mut session = Session::new(kind, options).unwrap();
    let mut rng = Rng::new(seed);
    while session.len() < max {
        let mut probe = session.current().clone();
        let Some(step) = probe.play_random(&mut rng) else {
            break;
        };
        session.play(&step).unwrap();
    }
    session
}

#[test]
fn random_games_round_trip_through_record_text() {
    for kind in GameKind::ALL {
        for seed in 0..20 {
            let s = random_session(kind, &small(kind), seed, 400);
            let text = s.record_text();
            let again = Session::from_record(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(again.record_text(), text);
            assert_eq!(again.current().view(), s.current().view(), "{text}");
            assert_eq!(Record::parse(&text).unwrap().to_text(), text);
        }
    }
}

#[test]
fn history_navigation_and_new_lines() {
    let mut s = Session::new(GameKind::Unravel, &OptionMap::new().with("size", "4")).unwrap();
    for step in ["a1", "b1", "a2"] {
        s.play(step).unwrap();
    }
    assert!(s.undo() && s.undo());
    assert_eq!(s.cursor(), 1);
    assert_eq!(s.record_text(), "unravel;size=4;moves=a1,b1,a2;at=1");
    let back = Session::from_record(&s.record_text()).unwrap();
    assert_eq!(back.cursor(), 1);
    assert_eq!(back.len(), 3);
    // Playing in the past starts a variation and keeps the line played before.
    s.play("d4").unwrap();
    assert_eq!(
        s.record_text(),
        "unravel;size=4;v=2;moves=a1,b1(d4),a2;at=3"
    );
    assert_eq!(s.step_texts(), ["a1", "d4"]);
    assert!(!s.go_to(5));
    assert!(s.go_to(0));
    assert!(s.last_turn_cells().is_empty());
    assert!(s.go_to(2));
    assert_eq!(s.last_turn_cells(), vec![15]);
}

#[test]
fn hostile_records_fail_with_a_reason() {
    let cases = [
        ("", "empty"),
        ("chess", "unknown game"),
        ("unravel;size=99", "size"),
        ("unravel;colour=red", "no option"),
        ("unravel;size", "key=value"),
        ("unravel;size=4;moves=a1,a1", "step 2"),
        ("unravel;size=4;moves=a1;at=7", "past the last step"),
        ("unravel;size=4;at=-1", "at="),
        ("unravel;size=4;size=5", "twice"),
        // A second moves= or at= would silently replace the first: refused like options.
        ("unravel;size=4;moves=a1;moves=b2", "moves= is given twice"),
        ("unravel;size=4;moves=a1;moves=", "moves= is given twice"),
        ("unravel;size=4;moves=a1,b2;at=1;at=2", "at= is given twice"),
        ("unity;layout=xyz", "layout"),
        ("merlins-chain;moves=99@a1", "step 1"),
    ];
    for (text, expected) in cases {
        let e = Session::from_record(text).unwrap_err();
        assert!(e.to_string().contains(expected), "{text:?} gave {e:?}");
    }
    let huge = "unravel;moves=".to_string() + &"a1,".repeat(100_000);
    assert!(Session::from_record(&huge)
        .unwrap_err()
        .to_string()
        .contains("too long"));
}

#[test]
fn mangled_records_never_panic() {
    let mut rng = Rng::new(3);
    for kind in GameKind::ALL {
        let text = random_session(kind, &small(kind), 1, 60).record_text();
        let bytes: Vec<char> = text.chars().collect();
        for _ in 0..300 {
            let mut m = bytes.clone();
            match rng.below(3) {
                0 => m.truncate(rng.below(m.len() + 1)),
                1 => {
                    let i = rng.below(m.len());
                    m[i] = ['\u{0}', ';', '=', ',', 'é', '9', '|', ' ', 'x'][rng.below(9)];
                }
                _ => {
                    let i = rng.below(m.len());
                    m.remove(i);
                }
            }
            let mangled: String = m.into_iter().collect();
            let _ = Session::from_record(&mangled);
        }
    }
}

#[test]
fn every_game_has_a_designer_and_its_options_build_a_game() {
    for kind in GameKind::ALL {
        assert!(!kind.designer().is_empty());
        let mut options = OptionMap::new();
        for spec in kind.option_specs() {
            if !spec.default.is_empty() && spec.key != "layout" && spec.key != "walls" {
                options.set(spec.key, spec.default.clone());
            }
        }
        let (game, _) = AnyGame::new(kind, &options).unwrap();
        assert!(!game.legal_step_texts().is_empty(), "{}", kind.name());
    }
}

#[test]
fn unknown_options_are_named_with_the_game() {
    for kind in GameKind::ALL {
        let e = AnyGame::new(kind, &OptionMap::new().with("colour", "red")).unwrap_err();
        assert!(
            e.to_string().starts_with(&format!("{} ", kind.name()))
                && e.to_string().contains("\"colour\""),
            "{e}"
        );
    }
}

#[test]
fn a_record_with_too_many_options_is_refused_early() {
    let mut record = String::from("unravel");
    for i in 0..65 {
        record.push_str(&format!(";{}=1", "x".repeat(i + 1)));
    }
    let e = Session::from_record(&record).unwrap_err();
    assert!(e.to_string().contains("more than 64 options"), "{e}");
}

/// The characters that reorder or hide text around them: bidirectional controls and marks,
/// zero-width characters.
fn is_bidi_or_zero_width(c: char) -> bool {
    matches!(c, '\u{61c}' | '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

#[test]
fn messages_show_invisible_characters_of_the_input_as_escapes() {
    let invisible = [
        '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}',
        '\u{2068}', '\u{2069}', '\u{200e}', '\u{200f}', '\u{61c}', '\u{200b}', '\u{feff}',
        '\u{ad}', '\u{3164}',
    ];
    for c in invisible {
        let escape = format!("\\u{{{:x}}}", c as u32);
        for record in [
            format!("unravel;moves={c}a1"),
            format!("unravel;moves=a1,b{c}2"),
            format!("unravel;{c}size=5"),
            format!("unravel;size={c}5"),
            format!("unlur;size=5;size{c}=5"),
            format!("unity;neutral=pink{c}"),
            format!("unity;walls=c3|{c}c4"),
            format!("merlins-chain;moves=1{c}@a1"),
            format!("unlur;moves=d4;at={c}1"),
            format!("scattercut{c}"),
        ] {
            let e = Session::from_record(&record).expect_err(&record);
            assert!(
                !e.to_string()
                    .chars()
                    .any(|m| m == c || is_bidi_or_zero_width(m)),
                "{record:?}: {:?}",
                e.to_string()
            );
            assert!(
                e.to_string().contains(&escape),
                "{record:?}: the escape {escape} in {:?}",
                e.to_string()
            );
        }
        let mut session = Session::new(GameKind::Unlur, &OptionMap::new()).unwrap();
        let e = session.play(&format!("d{c}4")).expect_err("not a step");
        assert!(
            !e.to_string().contains(c) && e.to_string().contains(&escape),
            "{:?}",
            e.to_string()
        );
    }
}

#[test]
fn the_move_list_gets_each_stone_in_the_colour_it_has_on_the_board() {
    // Unlur: the first player's contract stone is black, though that seat is White once the
    // second player passes; the passer's pass puts no stone down.
    let mut s = Session::new(GameKind::Unlur, &OptionMap::new()).unwrap();
    for step in ["d4", "pass", "e5", "f6"] {
        s.play(step).unwrap();
    }
    let v = ludus::views::session_view(&s);
    assert_eq!(v.board.players[0].color, "white", "seat 0 ends up White");
    assert_eq!(
        names(&v.step_colors),
        vec![Some("black"), None, Some("white"), Some("black")]
    );
    assert_eq!(v.step_kinds, vec!["place", "pass", "place", "place"]);
    // Going back and playing another line drops the later colours too.
    s.go_to(1);
    s.play("e5").unwrap();
    assert_eq!(
        names(&ludus::views::session_view(&s).step_colors),
        vec![Some("black"), Some("black")]
    );
}

/// The colours of the move list by name, as the page gets them.
fn names(colors: &[Option<ludus::game::Color>]) -> Vec<Option<&'static str>> {
    colors.iter().map(|c| c.map(|c| c.name())).collect()
}

#[test]
fn the_move_list_marks_scattercut_re_placements() {
    // Red's b2 lifts a1 (crosscut a1 b1 a2 b2); Red re-places it on c3.
    let mut s = Session::new(GameKind::Scattercut, &OptionMap::new().with("size", "4")).unwrap();
    for step in ["a1", "b1", "d4", "a2", "b2"] {
        s.play(step).unwrap();
    }
    let v = ludus::views::session_view(&s);
    assert_eq!(v.board.lifted, vec![0], "a1 is shown as lifted");
    assert_eq!(
        v.board.prompt,
        "a1 was lifted by the crosscut: Red to re-place it"
    );
    s.play("c3").unwrap();
    let v = ludus::views::session_view(&s);
    assert_eq!(
        v.step_kinds,
        vec!["place", "place", "place", "place", "place", "replace"]
    );
    assert_eq!(v.step_colors[5].map(|c| c.name()), Some("red"));
    assert!(v.board.lifted.is_empty());
}

#[test]
fn merlins_chain_sessions_show_the_tiles_where_they_were() {
    // One flip moves one grey tile on screen (35 to h5, see the engine's tests), the same on
    // every way to reach the position: played, replayed from the record, or stepped back to.
    let mut s = Session::new(GameKind::MerlinsChain, &OptionMap::new()).unwrap();
    s.play("40@c5").unwrap();
    let label = |v: &ludus::game::BoardView, cell: &str| {
        let i = v.cells.iter().position(|c| c == cell).unwrap();
        v.pieces[i].as_ref().and_then(|p| p.label.clone())
    };
    let v = s.view();
    assert_eq!(label(&v, "h5").as_deref(), Some("35"));
    assert_eq!(label(&v, "a1").as_deref(), Some("1"));
    s.play("41@a8").unwrap();
    let again = Session::from_record(&s.record_text()).unwrap();
    assert_eq!(again.view(), s.view());
    s.go_to(1);
    assert_eq!(s.view(), v);
}

#[test]
fn unravel_says_why_a_checker_starts_no_swap() {
    // Blue's a2 completes the crosscut a1 b1 a2 b2.
    let mut s = Session::new(GameKind::Unravel, &OptionMap::new().with("size", "4")).unwrap();
    for step in ["a1", "b1", "b2", "a2"] {
        s.play(step).unwrap();
    }
    let (a1, a2, b1) = (0, 4, 1);
    let why = "a2 completed the crosscut at a1 b1 a2 b2, so it cannot be swapped to unravel \
               that crosscut";
    assert_eq!(
        s.explain_click(&[a2]).unwrap(),
        format!("{why}: swap two of its other checkers")
    );
    // The second click of a swap: the pair is judged as a swap, not as a wall.
    assert_eq!(s.explain_click(&[a1, a2]).unwrap(), why);
    assert_eq!(s.explain_click(&[a1, b1]).unwrap(), "");
}

/// The page plays the computer's Merlin's Chain steps with the layout its worker worked out
/// (`layout_after` in one session, `play_with_layout` in another): the views are those the
/// page's session would have made itself, and it spends no arrangement search on them.
#[test]
fn a_layout_worked_out_elsewhere_shows_the_same_views_without_a_search() {
    for seed in 0..6 {
        let mut rng = Rng::new(seed);
        let mut page = Session::new(GameKind::MerlinsChain, &OptionMap::new()).unwrap();
        let mut plain = Session::new(GameKind::MerlinsChain, &OptionMap::new()).unwrap();
        let _ = page.view();
        while let Some(step) = page.current().clone().play_random(&mut rng) {
            // The worker: a session of the record, given the layout the page shows.
            let worker = Session::from_record(&page.record_text()).unwrap();
            let shown = page.layout().expect("Merlin's Chain views have a layout");
            let layout = worker.layout_after(&step, &shown).unwrap().unwrap();
            let before = ludus::work::counts();
            assert!(page.play_with_layout(&step, &layout).unwrap());
            let view = page.view();
            let spent = ludus::work::counts();
            assert_eq!(spent.arrangement_searches, before.arrangement_searches);
            plain.play(&step).unwrap();
            assert_eq!(view, plain.view(), "seed {seed} after {step}");
        }
        assert!(page.current().outcome().is_some());
    }
    // The other games have no layout.
    let unlur = Session::new(GameKind::Unlur, &small(GameKind::Unlur)).unwrap();
    assert_eq!(unlur.layout(), None);
    let first = unlur.current().legal_step_texts()[0].clone();
    assert_eq!(unlur.layout_after(&first, &[]).unwrap(), None);
}

/// A layout the rules do not allow (a wrong number, a column out of order, the wrong length)
/// is not taken: the step is played and the engine works out the view itself.
#[test]
fn a_layout_the_rules_do_not_allow_is_not_taken() {
    let mut s = Session::new(GameKind::MerlinsChain, &OptionMap::new()).unwrap();
    let _ = s.view();
    let shown = s.layout().unwrap();
    let good = s.layout_after("2@a1", &shown).unwrap().unwrap();
    let mut swapped = good.clone();
    swapped.swap(8, 16); // two grey tiles of column a out of order
    let mut doubled = good.clone();
    doubled[9] = doubled[10];
    let mut moved_played = good.clone();
    moved_played.swap(0, 1);
    for bad in [
        swapped,
        doubled,
        moved_played,
        good[..63].to_vec(),
        vec![0; 64],
        Vec::new(),
    ] {
        let mut t = Session::new(GameKind::MerlinsChain, &OptionMap::new()).unwrap();
        let _ = t.view();
        assert!(!t.play_with_layout("2@a1", &bad).unwrap(), "{bad:?}");
        let searches = ludus::work::counts().arrangement_searches;
        let mut plain = Session::new(GameKind::MerlinsChain, &OptionMap::new()).unwrap();
        plain.play("2@a1").unwrap();
        assert_eq!(t.view(), plain.view());
        assert!(ludus::work::counts().arrangement_searches > searches);
    }
    // An illegal step is refused as by `play`, whatever the layout.
    assert!(s.play_with_layout("2@h8", &good).is_err());
    assert!(s.layout_after("2@h8", &shown).is_err());
}
