//! The text file: written with a header and numbered steps, read back to the same game;
//! hostile files refused with the line and column.

use ludus::games::GameKind;
use ludus::rng::Rng;
use ludus::session::text::{is_text_file, MAX_TEXT_LEN};
use ludus::session::Session;
use ludus::OptionMap;

fn tags(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

fn annotated() -> Session {
    let mut s = Session::from_record("unravel;size=4;moves=a1,b1,a2").unwrap();
    s.go_to(1);
    s.play("d4").unwrap();
    s.play("c4").unwrap();
    s.go_to(1);
    s.set_comment(0, "A quiet start").unwrap();
    s.set_comment(1, "Corner {first} \\ then\n<b>more</b>")
        .unwrap();
    s.set_glyph(1, "!?").unwrap();
    s.toggle_arrow(1, 0, 5).unwrap();
    s.toggle_circle(1, 15).unwrap();
    s
}

#[test]
fn a_game_is_written_with_its_header_and_numbered_steps() {
    let s = annotated();
    let text = s
        .to_text(&tags(&[
            ("Player1", "Ann \"the\" Bold"),
            ("Player2", "Bob"),
            ("Date", "2026-11-26"),
        ]))
        .unwrap();
    assert_eq!(
        text,
        "[Game \"unravel\"]\n[Options \"size=4\"]\n[Player1 \"Ann \\\"the\\\" Bold\"]\n\
         [Player2 \"Bob\"]\n[Date \"2026-11-26\"]\n[At \"1\"]\n\n\
         {A quiet start} 1. a1!? {Corner \\{first\\} \\\\ then\n<b>more</b>} [a1-b2,d4] 2. b1 \
         (2. d4 3. c4) 3. a2\n"
    );
    let (back, header) = Session::from_text(&text).unwrap();
    assert_eq!(back.record_text(), s.record_text());
    assert_eq!(
        header,
        tags(&[
            ("Player1", "Ann \"the\" Bold"),
            ("Player2", "Bob"),
            ("Date", "2026-11-26")
        ])
    );
    assert_eq!(back.to_text(&header).unwrap(), text);
    assert!(is_text_file(&text) && !is_text_file(&s.record_text()));
}

#[test]
fn a_finished_game_gets_its_result_and_files_from_elsewhere_read() {
    let mut rng = Rng::new(3);
    let mut s = Session::new(GameKind::Unlur, &OptionMap::new().with("size", "4")).unwrap();
    loop {
        let mut probe = s.current().clone();
        let Some(step) = probe.play_random(&mut rng) else {
            break;
        };
        s.play(&step).unwrap();
    }
    let text = s.to_text(&[]).unwrap();
    assert!(
        text.contains(&format!("[Result \"{}\"]", s.view().prompt)),
        "{text}"
    );
    // Windows line ends, a byte-order mark, move numbers run together or left out.
    let crlf = format!("\u{feff}{}", text.replace('\n', "\r\n"));
    assert_eq!(
        Session::from_text(&crlf).unwrap().0.record_text(),
        s.record_text()
    );
    let loose = "[Game \"unravel\"]\n[Options \"size=4\"]\n\n1.a1 b1 3... a2 {fine}\n";
    assert_eq!(
        Session::from_text(loose).unwrap().0.record_text(),
        "unravel;size=4;v=2;moves=a1,b1,a2{fine}"
    );
}

#[test]
fn random_trees_round_trip_through_the_text_file() {
    for kind in GameKind::ALL {
        for seed in 0..6 {
            let mut rng = Rng::new(seed + 100);
            let mut s = Session::new(kind, &OptionMap::new()).unwrap();
            for i in 0..50 {
                match rng.below(8) {
                    0 if s.cursor() > 0 => {
                        let n = rng.below(s.cursor());
                        s.go_to(n);
                    }
                    1 => s
                        .set_comment(s.shown_node(), &format!("n{i} {{x}} \\ \"q\"\n\tend"))
                        .unwrap(),
                    2 => s
                        .toggle_circle(s.shown_node(), rng.below(s.view().cells.len()))
                        .unwrap(),
                    _ => {
                        let mut probe = s.current().clone();
                        if let Some(step) = probe.play_random(&mut rng) {
                            s.play(&step).unwrap();
                        }
                    }
                }
            }
            let text = s.to_text(&tags(&[("Event", "test")])).unwrap();
            let (back, header) =
                Session::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.record_text(), s.record_text(), "{text}");
            assert_eq!(back.to_text(&header).unwrap(), text);
        }
    }
}

#[test]
fn hostile_text_files_are_refused_with_the_line_and_column() {
    let cases = [
        ("", "no [Game"),
        ("[Game \"chess\"]\n", "the Game tag"),
        (
            "[Game \"unravel\"]\n[Options \"size=99\"]\n",
            "the Options tag",
        ),
        (
            "[Game \"unravel\"]\n[Options \"size=4;moves=a1\"]\n",
            "more than options",
        ),
        (
            "[Game \"unravel\"]\n[Game \"unlur\"]\n",
            "line 2, column 1: the Game tag is given twice",
        ),
        (
            "[Game unravel]\n",
            "line 1, column 1: a tag's value must be in double quotes",
        ),
        ("[Game \"unravel\"]\n[Bad-name \"x\"]\n", "not a tag name"),
        ("[Game \"unravel\"]\n[X \"a\\qb\"]\n", "must be followed by"),
        (
            "[Game \"unravel\"]\n[Options \"size=4\"]\n\n1. a1\n2. b1 (2. c1\n",
            "line 5, column 7: a ( without its )",
        ),
        (
            "[Game \"unravel\"]\n[Options \"size=4\"]\n\n1. a1 {open\n",
            "line 4, column 7: a { without its }",
        ),
        (
            "[Game \"unravel\"]\n[Options \"size=4\"]\n\n1. a1 2. zz\n",
            "step 2 (zz) cannot be played",
        ),
        (
            "[Game \"unravel\"]\n[Options \"size=4\"]\n[At \"9\"]\n\n1. a1\n",
            "the At tag",
        ),
        (
            "[Game \"unravel\"]\n\n1. a1 {bell\u{7}}\n",
            "control character",
        ),
    ];
    for (text, want) in cases {
        let e = Session::from_text(text)
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{text:?}: {e}");
    }
    let huge = "x".repeat(MAX_TEXT_LEN + 1);
    assert!(Session::from_text(&huge)
        .unwrap_err()
        .to_string()
        .contains("too long"));
    let many: String = (0..40).map(|i| format!("[T{i} \"x\"]\n")).collect();
    let e = Session::from_text(&format!("[Game \"unravel\"]\n{many}"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than 32 tags"), "{e}");
    // Tags the writer refuses.
    let s = annotated();
    assert!(s.to_text(&tags(&[("Game", "x")])).is_err());
    assert!(s
        .to_text(&tags(&[("Date", "a\nb")]))
        .unwrap_err()
        .to_string()
        .contains("control"));
    assert!(s.to_text(&tags(&[("Two words", "x")])).is_err());
}

#[test]
fn the_reader_and_the_writer_keep_one_limit_on_tags() {
    let header = |n: usize| -> String {
        let extra: String = (0..n).map(|i| format!("[T{i} \"x\"]\n")).collect();
        format!("[Game \"unravel\"]\n[Options \"size=4\"]\n{extra}[At \"0\"]\n\n1. a1\n")
    };
    // As many tags as may be: read, and written again with the same tags.
    let (s, read) = Session::from_text(&header(32)).unwrap();
    assert_eq!(read.len(), 32);
    let text = s.to_text(s.tags()).unwrap();
    assert_eq!(Session::from_text(&text).unwrap().1, read);
    // One more is refused by both, in the same words.
    let e = Session::from_text(&header(33))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("more than 32 tags besides Game, Options and At"),
        "{e}"
    );
    let mut more = read.clone();
    more.push(("T32".into(), "x".into()));
    let e = s.to_text(&more).unwrap_err().to_string();
    assert!(
        e.contains("more than 32 tags besides Game, Options and At"),
        "{e}"
    );
}

#[test]
fn an_at_tag_is_digits_only() {
    for at in ["+1", "-1", " 1", "1e0", ""] {
        let text =
            format!("[Game \"unravel\"]\n[Options \"size=4\"]\n[At \"{at}\"]\n\n1. a1 2. b1\n");
        let e = Session::from_text(&text)
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("the At tag must be a step number"),
            "{at:?}: {e}"
        );
    }
}
