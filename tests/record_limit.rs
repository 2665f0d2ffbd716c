//! The record's limit, in bytes, kept by every edit: the session refuses a step or a note
//! that would make its record longer than the reader takes, and leaves the game as it was;
//! so everything the engine writes (record, link, text file) reads back.

use ludus::games::GameKind;
use ludus::rng::Rng;
use ludus::session::text::MAX_TEXT_LEN;
use ludus::session::{Session, MAX_RECORD_LEN};
use ludus::OptionMap;

fn unlur() -> Session {
    Session::new(GameKind::Unlur, &OptionMap::new()).unwrap()
}

/// Plays a new step: at the position shown while the game goes on, else in a variation
/// from a random step back.
fn play_any(s: &mut Session, rng: &mut Rng) -> Result<(), ludus::Error> {
    loop {
        let steps = s.current().legal_step_texts();
        if steps.is_empty() {
            s.go_to(rng.below(s.len()));
            continue;
        }
        let before = s.tree_len();
        s.play(rng.choose(&steps).unwrap())?;
        if s.tree_len() > before {
            return Ok(());
        }
    }
}

/// Puts `comment` on step after step, playing on, until the session refuses one; returns
/// how many it took and the refusal.
fn annotate_until_refused(s: &mut Session, comment: &str) -> (usize, String) {
    let mut rng = Rng::new(1);
    for i in 1..=200 {
        play_any(s, &mut rng).unwrap();
        let before = s.record_text();
        if let Err(e) = s.set_comment(s.shown_node(), comment) {
            assert_eq!(s.record_text(), before, "a refused comment changes nothing");
            return (i, e.to_string());
        }
        assert!(s.record_text().len() <= MAX_RECORD_LEN);
    }
    panic!("no comment was refused");
}

#[test]
fn a_comment_that_would_take_the_record_over_its_limit_is_refused() {
    // An ideographic space is written ~E3~80~80 in a record: 9 bytes a character, 18,000
    // bytes a comment of 2,000; the twelfth would take the record past 200,000.
    let mut s = unlur();
    let (n, why) = annotate_until_refused(&mut s, &"\u{3000}".repeat(2000));
    assert_eq!(n, 12);
    assert!(
        why.contains("the game's record would be too long (")
            && why.contains(" bytes; at most 199991)"),
        "{why}"
    );
    let record = s.record_text();
    assert!(record.len() <= MAX_RECORD_LEN, "{}", record.len());
    let back = Session::from_record(&record).unwrap();
    assert_eq!(back.record_text(), record);
    // The link and the text file of the game read back too.
    assert_eq!(
        Session::from_record(&s.link_text()).unwrap().record_text(),
        record
    );
    let text = s.to_text(&[]).unwrap();
    assert_eq!(Session::from_text(&text).unwrap().0.record_text(), record);

    // '中' is written as it is: 3 bytes a character in UTF-8, the unit of the limit.
    let mut s = unlur();
    let (n, why) = annotate_until_refused(&mut s, &"中".repeat(2000));
    assert_eq!(n, 34, "{why}");
    assert!(s.record_text().len() <= MAX_RECORD_LEN);
    assert!(Session::from_record(&s.link_text()).is_ok());
}

#[test]
fn a_step_or_a_drawing_that_would_take_the_record_over_its_limit_is_refused() {
    let mut s = unlur();
    annotate_until_refused(&mut s, &"\u{3000}".repeat(2000));
    // Fill the rest with a shorter comment, then with steps, until one is refused.
    let last = s.shown_node();
    let mut len = 2000;
    while len > 0 {
        if s.set_comment(last, &"\u{3000}".repeat(len)).is_ok() {
            break;
        }
        len -= 1;
    }
    let mut refused = None;
    let mut rng = Rng::new(2);
    for _ in 0..1000 {
        let before = (s.record_text(), s.tree_len());
        match play_any(&mut s, &mut rng) {
            Ok(()) => assert!(s.record_text().len() <= MAX_RECORD_LEN),
            Err(e) => {
                assert_eq!((s.record_text(), s.tree_len()), before, "{e}");
                refused = Some(e.to_string());
                break;
            }
        }
    }
    let why = refused.expect("a step is refused once the record is full");
    assert!(why.contains("the game's record would be too long"), "{why}");
    // Every position of the full game, shown, still writes a record the reader takes.
    for n in 0..=s.len() {
        s.go_to(n);
        let record = s.record_text();
        assert!(record.len() <= MAX_RECORD_LEN, "at {n}: {}", record.len());
        Session::from_record(&record).unwrap();
    }
    // Drawings and glyphs are refused the same way, and change nothing.
    let before = s.record_text();
    let id = s.shown_node();
    let cells = s.view().cells.len();
    let mut drawn = Ok(());
    for cell in 0..cells.min(60) {
        drawn = s.toggle_circle(id, cell);
        if drawn.is_err() {
            break;
        }
    }
    assert!(drawn.is_err(), "a circle is refused");
    assert!(s.record_text().len() <= MAX_RECORD_LEN);
    assert!(s.record_text().len() >= before.len());
}

#[test]
fn a_text_file_whose_record_would_be_too_long_is_refused_when_read() {
    // 35 comments of 2,000 ideographic spaces: 210,000 bytes as a file, 630,000 as a record.
    let comment = "\u{3000}".repeat(2000);
    let mut s = unlur();
    let mut steps = Vec::new();
    for _ in 0..35 {
        let step = s.current().legal_step_texts()[0].clone();
        s.play(&step).unwrap();
        steps.push(step);
    }
    let body: String = steps
        .iter()
        .enumerate()
        .map(|(i, step)| format!("{}. {step} {{{comment}}}\n", i + 1))
        .collect();
    let text = format!("[Game \"unlur\"]\n\n{body}");
    assert!(text.len() < MAX_TEXT_LEN);
    let e = Session::from_text(&text)
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.contains("the game's record would be too long"), "{e}");
}

#[test]
fn the_text_file_of_the_longest_game_reads_back() {
    // A backslash is one byte in a record and two in a text file (`\\`): comments of them
    // filling the record, and a header of 32 long tags, make the longest text file.
    let mut s = unlur();
    annotate_until_refused(&mut s, &"\\".repeat(2000));
    let tags: Vec<(String, String)> = (0..32)
        .map(|i| (format!("Tag{i}"), "\\\"".repeat(100)))
        .collect();
    let text = s.to_text(&tags).unwrap();
    assert!(text.len() > 400_000, "{}", text.len());
    let (back, read) = Session::from_text(&text).unwrap();
    assert_eq!(back.record_text(), s.record_text());
    assert_eq!(read, tags);
}
