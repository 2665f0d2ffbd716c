//! The record's tree form (`v=2`): written only when the game has variations or notes,
//! read back to the same tree, comments escaped so that a link carries any text; its
//! refusals; and packed records for long games.

use ludus::games::GameKind;
use ludus::rng::Rng;
use ludus::session::pack::{link_text, pack, unpack, PACK_ABOVE};
use ludus::session::{Record, Session, MAX_NODES, MAX_RECORD_LEN};
use ludus::OptionMap;

fn annotated() -> Session {
    let mut s = Session::new(GameKind::Unravel, &OptionMap::new().with("size", "4")).unwrap();
    for step in ["a1", "b1", "a2"] {
        s.play(step).unwrap();
    }
    s.go_to(1);
    s.play("d4").unwrap();
    s.play("c4").unwrap();
    s.set_comment(0, "A quiet start").unwrap();
    s.set_comment(1, "Corner; 100% {sure} #1 ~ a+b\nnext line <b>é</b>")
        .unwrap();
    s.set_glyph(1, "!?").unwrap();
    s.toggle_arrow(1, 0, 5).unwrap();
    s.toggle_circle(1, 15).unwrap();
    s.set_glyph(4, "?").unwrap();
    s
}

#[test]
fn a_tree_with_notes_is_written_in_the_tree_form_and_read_back() {
    let s = annotated();
    let text = s.record_text();
    assert_eq!(
        text,
        "unravel;size=4;v=2;moves={A+quiet+start}a1!?{Corner~3B+100~25+~7Bsure~7D+~231+~7E+a~2Bb~0Anext+line+<b>é</b>}[a1-b2,d4],b1(d4?,c4),a2;at=4"
    );
    // No white space, no `;`, `#` or `%` inside: a link and the widget's attribute keep it.
    let moves = text.split(";moves=").nth(1).unwrap();
    assert!(!moves.contains(|c: char| c.is_whitespace() || "#%".contains(c)));
    let back = Session::from_record(&text).unwrap();
    assert_eq!(back.record_text(), text);
    assert_eq!(back.move_tree(), s.move_tree());
    assert_eq!(back.step_texts(), ["a1", "d4", "c4"]);
    assert_eq!(back.cursor(), 3);
    // The parts of the shown line, as the page's parseRecord gives them.
    let r = Record::parse(&text).unwrap();
    assert_eq!(
        (r.steps.clone(), r.at),
        (vec!["a1".into(), "d4".into(), "c4".into()], None)
    );
    assert_eq!(r.to_text(), text);
}

#[test]
fn one_line_without_notes_keeps_the_plain_form() {
    let mut s = annotated();
    s.set_comment(0, "").unwrap();
    s.set_comment(1, "").unwrap();
    s.set_glyph(1, "").unwrap();
    s.toggle_arrow(1, 0, 5).unwrap();
    s.toggle_circle(1, 15).unwrap();
    s.set_glyph(4, "").unwrap();
    assert!(s.record_text().contains("v=2"), "still two lines");
    s.delete_variation(2).unwrap();
    assert_eq!(s.record_text(), "unravel;size=4;moves=a1,d4,c4");
    // A tree-form record of one line without notes is written plain again.
    let t = Session::from_record("unravel;size=4;v=2;moves=a1,d4;at=1").unwrap();
    assert_eq!(t.record_text(), "unravel;size=4;moves=a1,d4;at=1");
}

/// Random trees with random notes in every game round-trip through the record text.
#[test]
fn random_trees_round_trip() {
    for kind in GameKind::ALL {
        for seed in 0..8 {
            let mut rng = Rng::new(seed);
            let mut s = Session::new(kind, &OptionMap::new()).unwrap();
            let cells = s.view().cells.len();
            for _ in 0..60 {
                match rng.below(10) {
                    0 if s.cursor() > 0 => {
                        let n = rng.below(s.cursor());
                        s.go_to(n);
                    }
                    1 => {
                        let id = s.shown_node();
                        s.set_comment(id, &format!("note {} ~+;{{}}# %", rng.below(100)))
                            .unwrap();
                    }
                    2 if s.shown_node() != 0 => s.set_glyph(s.shown_node(), "!!").unwrap(),
                    3 => {
                        let (a, b) = (rng.below(cells), rng.below(cells));
                        if a != b {
                            s.toggle_arrow(s.shown_node(), a, b).unwrap();
                        }
                        s.toggle_circle(s.shown_node(), a).unwrap();
                    }
                    _ => {
                        let mut probe = s.current().clone();
                        if let Some(step) = probe.play_random(&mut rng) {
                            s.play(&step).unwrap();
                        }
                    }
                }
            }
            let text = s.record_text();
            let back = Session::from_record(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(back.record_text(), text);
            assert_eq!(back.move_tree(), s.move_tree(), "{text}");
            assert_eq!(back.view(), s.view(), "{text}");
            assert_eq!(
                Session::from_record(&s.link_text()).unwrap().record_text(),
                text
            );
        }
    }
}

#[test]
fn bad_tree_records_are_refused_with_a_reason() {
    let cases = [
        ("unravel;v=3;moves=a1", "version 3"),
        ("unravel;v=2;v=2", "v= is given twice"),
        (
            "unravel;size=4;v=2;moves=a1(b1",
            "character 3: a ( without its )",
        ),
        (
            "unravel;size=4;v=2;moves=a1)",
            "character 3: a ) without its (",
        ),
        ("unravel;size=4;v=2;moves=a1()", "empty variation"),
        ("unravel;size=4;v=2;moves=(a1)", "must follow a step"),
        ("unravel;size=4;v=2;moves=a1!!!", "not a glyph"),
        ("unravel;size=4;v=2;moves=a1{x", "without its }"),
        ("unravel;size=4;v=2;moves=a1{a}{b}", "second comment"),
        (
            "unravel;size=4;v=2;moves=a1{a b}",
            "must be written as an escape",
        ),
        ("unravel;size=4;v=2;moves=a1{~zz}", "two hex digits"),
        ("unravel;size=4;v=2;moves=a1{~C3}", "not whole UTF-8"),
        ("unravel;size=4;v=2;moves=a1{~07}", "control character"),
        ("unravel;size=4;v=2;moves=a1[z9]", "no cell \"z9\""),
        ("unravel;size=4;v=2;moves=a1[a1-a1]", "no length"),
        ("unravel;size=4;v=2;moves=a1[a1,a1]", "drawn twice"),
        ("unravel;size=4;v=2;moves=a1[]", "empty drawing"),
        ("unravel;size=4;v=2;moves=a1(a1)", "played twice"),
        (
            "unravel;size=4;v=2;moves=a1,a1",
            "step 2 (a1) cannot be played",
        ),
        ("unravel;size=4;v=2;moves=!a1", "glyph"),
        (
            "unravel;size=4;v=2;moves=a1;at=2",
            "at=2 is past the last step",
        ),
        ("unravel;size=4;v=2;moves={x}!", "glyph"),
    ];
    for (text, want) in cases {
        let e = Session::from_record(text)
            .map(|s| s.record_text())
            .unwrap_err()
            .to_string();
        assert!(e.contains(want), "{text}: {e}");
    }
    // A start comment cannot carry a glyph: `{x}!` has no step before the `!`.
    let many = format!("unravel;v=2;moves=a1{}", "(a2)".repeat(MAX_NODES));
    let e = Record::parse(&many).unwrap_err().to_string();
    assert!(e.contains(&format!("more than {MAX_NODES} steps")), "{e}");
    // Deep nesting is read without recursion.
    let deep = format!(
        "unravel;v=2;moves={}{}",
        "a1(".repeat(20_000),
        ")".repeat(20_000)
    );
    assert!(Record::parse(&deep).is_err());
}

#[test]
fn long_records_are_packed_for_links_and_read_back() {
    let mut rng = Rng::new(7);
    let mut s = Session::new(GameKind::Unlur, &OptionMap::new()).unwrap();
    for i in 0..120 {
        let mut probe = s.current().clone();
        let Some(step) = probe.play_random(&mut rng) else {
            break;
        };
        s.play(&step).unwrap();
        s.set_comment(
            s.shown_node(),
            &format!("Step {i}: the idea here is to keep the centre."),
        )
        .unwrap();
    }
    let record = s.record_text();
    let link = s.link_text();
    assert!(record.len() > PACK_ABOVE);
    assert!(link.starts_with('~'), "{link:.40}");
    assert!(
        link.len() * 2 < record.len(),
        "{} of {}",
        link.len(),
        record.len()
    );
    assert!(link
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"~-_".contains(&b)));
    assert_eq!(Session::from_record(&link).unwrap().record_text(), record);
    assert_eq!(
        Record::parse(&link).unwrap(),
        Record::parse(&record).unwrap()
    );
    // Short records stay as they are.
    assert_eq!(link_text("unlur;moves=d4"), "unlur;moves=d4");
}

// The reference DEFLATE is a native dev-dependency only.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn packing_is_raw_deflate_as_other_tools_read_and_write_it() {
    use ludus::session::pack::{deflate, inflate};
    let text = "unravel;size=4;v=2;moves=a1,b1(d4,c4),a2".repeat(50);
    let ours = deflate(text.as_bytes());
    assert_eq!(
        miniz_oxide::inflate::decompress_to_vec(&ours).unwrap(),
        text.as_bytes()
    );
    for level in [0, 1, 6, 9] {
        let theirs = miniz_oxide::deflate::compress_to_vec(text.as_bytes(), level);
        assert_eq!(
            inflate(&theirs, MAX_RECORD_LEN).unwrap(),
            text.as_bytes(),
            "level {level}"
        );
    }
    for len in [0, 1, 2, 3, 4, 5, 100, 5000] {
        let bytes: Vec<u8> = (0..len).map(|i| (i * 7 % 251) as u8).collect();
        assert_eq!(inflate(&deflate(&bytes), len + 1).unwrap(), bytes);
    }
}

#[test]
fn damaged_and_oversized_packed_records_are_refused() {
    let e = |t: &str| Session::from_record(t).unwrap_err().to_string();
    assert!(e("~").contains("damaged"), "{}", e("~"));
    assert!(e("~abc$").contains("not base64url"));
    assert!(e("~A").contains("not base64url"));
    let good = pack("unlur;moves=d4");
    assert_eq!(unpack(&good[1..]).unwrap(), "unlur;moves=d4");
    assert!(e(&good[..good.len() - 2]).contains("damaged"));
    assert!(e(&pack(&pack("unlur"))).contains("another packed record"));
    // A small packed text that unpacks past the record limit (a "zip bomb") is refused.
    let bomb = pack(&"a".repeat(MAX_RECORD_LEN + 1));
    assert!(bomb.len() < 2_000);
    assert!(e(&bomb).contains("more than 200000"), "{}", e(&bomb));
    assert!(e(&pack("")).contains("empty"));
}

/// Found by fuzzing: a variation inside a variation, played instead of the outer
/// variation's first step, is read in the order met but written after it; the record is
/// numbered in written order, `at` following the step it named.
#[test]
fn a_variation_of_a_variation_is_numbered_in_written_order() {
    let text = "unravel;size=4;v=2;moves=a1(b1(c1)d1);at=3";
    let r = Record::parse(text).unwrap();
    assert_eq!(r.to_text(), "unravel;size=4;v=2;moves=a1(b1,d1)(c1);at=4");
    assert_eq!(Record::parse(&r.to_text()).unwrap(), r);
    let s = Session::from_record(text).unwrap();
    assert_eq!(s.step_texts(), ["c1"]);
    assert_eq!(s.record_text(), r.to_text());
}

#[test]
fn at_is_a_plain_number() {
    for at in ["+1", "-1", "1.0", "0x1", "", " +1"] {
        let e = Session::from_record(&format!("unravel;size=4;moves=a1,b1;at={at}"))
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains("at= must be a step number"), "{at:?}: {e}");
    }
    assert_eq!(
        Session::from_record("unravel;size=4;moves=a1,b1;at=1")
            .unwrap()
            .cursor(),
        1
    );
}

#[test]
fn nothing_may_follow_the_last_block_of_a_packed_record() {
    let record = format!("unlur;v=2;moves=d4{{{}}}", "long+comment+".repeat(150));
    let packed = pack(&record);
    assert_eq!(Session::from_record(&packed).unwrap().record_text(), record);
    let e = |t: &str| Session::from_record(t).map(|_| ()).unwrap_err().to_string();
    // A whole byte after the end (three base64url characters make 18 bits: two bytes).
    for junk in ["AAA", "AAAA", "____"] {
        let damaged = format!("{packed}{junk}");
        assert!(e(&damaged).contains("damaged"), "{junk}: {}", e(&damaged));
    }
    // Bits that are not zero in the last byte, after the end.
    let bytes = from_b64(&packed[1..]);
    let mut last = bytes.clone();
    *last.last_mut().unwrap() |= 0x80;
    let damaged = format!("~{}", to_b64(&last));
    assert!(
        e(&damaged).contains("something follows its end"),
        "{}",
        e(&damaged)
    );
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

fn from_b64(text: &str) -> Vec<u8> {
    let (mut out, mut acc, mut bits) = (Vec::new(), 0u32, 0);
    for b in text.bytes() {
        acc = acc << 6 | B64.iter().position(|&c| c == b).unwrap() as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

fn to_b64(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(B64[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}
