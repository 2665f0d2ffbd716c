//! Fuzz targets for everything in Ludus that reads text, one function per input kind.
//!
//! Each function takes the fuzzer's bytes, feeds them to the engine, and asserts what must
//! hold: text that is read re-serialises and reads back to the same thing, a step that
//! parses is legal, and text that is refused gets a short one-line message. A panic (a
//! failed assertion included) is a crash to the fuzzer. The binaries in `src/bin/` wrap
//! these for AFL; `tests/corpus.rs` replays the seed corpus through them without AFL.

use ludus::game::{visible, Describe, Error, Game};
use ludus::games::unity;
use ludus::games::{AnyGame, GameKind};
use ludus::options::OptionMap;
use ludus::rng::Rng;
use ludus::session::{Record, Session};
use ludus::with_game;

/// The longest error message a person should get: errors quote untrusted text only
/// shortened (`game::shorten`), so even a hostile input gets a message this short.
pub const MAX_ERROR_CHARS: usize = 200;

/// A fuzz target: takes any bytes, panics when a check fails.
pub type Target = fn(&[u8]);

/// The targets by name, as `scripts/fuzz.sh` and the corpus test know them.
pub const TARGETS: [(&str, Target); 9] = [
    ("step", step),
    ("record", record),
    ("fragment", fragment),
    ("options", options),
    ("unity_setup", unity_setup),
    ("tree_record", tree_record),
    ("text_file", text_file),
    ("packed", packed),
    ("live_frame", live_frame),
];

/// An error must say what is wrong: non-empty, short, one line, every character visible.
pub fn check_error(context: &str, e: &Error) {
    check_message(context, e.message());
}

/// The checks of `check_error` on a message of any reader.
pub fn check_message(context: &str, message: &str) {
    assert!(!message.trim().is_empty(), "{context}: empty error message");
    assert!(
        message.chars().count() <= MAX_ERROR_CHARS,
        "{context}: error message of {} characters: {message:?}",
        message.chars().count()
    );
    assert!(
        !message.chars().any(char::is_control),
        "{context}: error message with a control character: {message:?}"
    );
    // No invisible character either (a right-to-left override would reorder the message).
    assert!(
        visible(message) == *message,
        "{context}: error message with an invisible character: {message:?}"
    );
}

/// Text from the fuzzer's bytes; invalid UTF-8 becomes U+FFFD so every input still runs.
fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Games with option sets the step target starts from: every game, smallest and largest
/// boards, both player counts and a non-default neutral colour for Unity.
const START_OPTIONS: [(GameKind, &str); 14] = [
    (GameKind::Unravel, "size=3"),
    (GameKind::Unravel, "size=4"),
    (GameKind::Unravel, ""),
    (GameKind::Unravel, "size=19"),
    (GameKind::Scattercut, "size=3"),
    (GameKind::Scattercut, "size=4"),
    (GameKind::Scattercut, ""),
    (GameKind::Unity, ""),
    (GameKind::Unity, "players=3;seed=7"),
    (GameKind::Unity, "size=6;neutral=purple;supply=1"),
    (GameKind::MerlinsChain, ""),
    (GameKind::Unlur, "size=4"),
    (GameKind::Unlur, ""),
    (GameKind::Unlur, "size=12"),
];

/// `key=value;…` as the record and the embed widget write options (a part without `=` is a
/// key with an empty value, as the page's JS object could hold).
fn option_map(text: &str) -> OptionMap {
    let mut map = OptionMap::new();
    for part in text.split(';').filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        map.set(key, value);
    }
    map
}

/// Step text from a position reached by random play.
///
/// Bytes: game and options, number of random steps, random seed, which legal step to
/// re-read, then the step text.
// One body for every engine (`with_game!`): some positions are `Copy`, some only `Clone`.
#[allow(clippy::clone_on_copy)]
pub fn step(data: &[u8]) {
    let [which, moves, seed, pick, rest @ ..] = data else {
        return;
    };
    let (kind, options) = START_OPTIONS[*which as usize % START_OPTIONS.len()];
    let (mut game, _) = AnyGame::new(kind, &option_map(options)).expect("a start position");
    let mut rng = Rng::new(u64::from(*seed));
    for _ in 0..*moves {
        if game.play_random(&mut rng).is_none() {
            break;
        }
    }
    let input = text(rest);
    with_game!(&game, g => {
        let legal = g.legal_step_list();
        let texts: Vec<String> = legal.iter().map(|&s| g.step_text(s)).collect();
        match g.parse_step(&input) {
            Ok(step) => {
                assert!(legal.contains(&step), "{input:?} parsed to an illegal step {step:?}");
                let canonical = g.step_text(step);
                assert_eq!(g.parse_step(&canonical), Ok(step), "canonical {canonical:?} of {input:?}");
                let mut next = g.clone();
                next.play(step);
                next.view();
            }
            Err(e) => {
                check_error("parse_step", &e);
                assert!(!texts.contains(&input), "legal step {input:?} refused: {e}");
            }
        }
        // Every legal step's canonical text reads back to it; one a run keeps runs fast.
        if !legal.is_empty() {
            let i = *pick as usize % legal.len();
            assert_eq!(g.parse_step(&texts[i]), Ok(legal[i]), "canonical text {:?}", texts[i]);
        }
    });
}

/// Characters the record text may hold so that a link carries it unchanged: those
/// `encodeURI` leaves as they are, and `|` (ENGINE-API.md, session.rs).
fn is_link_safe(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-_.!~*'();/?:@&=+$,#|".contains(c)
}

/// Checks a session read from `input`: its record is canonical, link-safe, and reads back
/// to the same game at the same step.
fn check_session(input: &str, session: &Session) {
    let record = session.record_text();
    if record.contains(";v=") {
        // The tree form's comments and drawings take characters `encodeURI` escapes; none
        // that the page's fragment or the widget's attribute reads specially.
        assert!(
            !record.contains(|c: char| c.is_whitespace() || c.is_control() || "#%".contains(c)),
            "tree record {record:?} (from {input:?}) holds white space, # or %"
        );
    } else {
        assert!(
            record.chars().all(is_link_safe),
            "record {record:?} (from {input:?}) holds a character a link would escape"
        );
    }
    let again = Session::from_record(&record)
        .unwrap_or_else(|e| panic!("own record {record:?} (from {input:?}) refused: {e}"));
    assert_eq!(
        again.record_text(),
        record,
        "record of {input:?} not canonical"
    );
    assert_eq!(again.kind(), session.kind());
    assert_eq!(again.options(), session.options());
    assert_eq!(again.move_tree(), session.move_tree(), "{input:?}");
    let link = session.link_text();
    let from_link = Session::from_record(&link)
        .unwrap_or_else(|e| panic!("own link {link:?} (from {input:?}) refused: {e}"));
    assert_eq!(from_link.record_text(), record);
    assert_eq!(again.step_texts(), session.step_texts());
    assert_eq!(again.cursor(), session.cursor());
    assert_eq!(again.current().view(), session.current().view());
    assert_eq!(
        again.current().legal_step_texts(),
        session.current().legal_step_texts()
    );
}

/// Reads a record as links and the command line give it; checks what `check_session` does.
fn read_record(input: &str) {
    let parsed = Record::parse(input);
    match &parsed {
        Ok(r) => {
            let text = r.to_text();
            assert_eq!(
                Record::parse(&text).as_ref(),
                Ok(r),
                "{input:?} -> {text:?}"
            );
        }
        Err(e) => check_error("Record::parse", e),
    }
    match Session::from_record(input) {
        Ok(session) => {
            let r = parsed.expect("a record the session read");
            assert_eq!(session.len(), r.steps.len(), "{input:?}");
            assert_eq!(session.cursor(), r.at.unwrap_or(r.steps.len()), "{input:?}");
            check_session(input, &session);
        }
        Err(e) => check_error("Session::from_record", &e),
    }
}

/// Record text: `game;key=value;…;moves=…;at=N`, as `Session::from_record` reads it.
pub fn record(data: &[u8]) {
    read_record(&text(data));
}

/// `decodeURIComponent`: `%XX` escapes to UTF-8 bytes; a bad escape or bad UTF-8 is an error.
pub fn decode_uri_component(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// `encodeURI`: everything but its unreserved characters and reserved punctuation escaped.
pub fn encode_uri(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || "-_.!~*'();/?:@&=+$,#".contains(c) {
            out.push(c);
        } else {
            let mut buf = [0; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// What the page does with `location.hash` before the engine sees it (www/record.js
/// `readFragment`): drop `#`, decode escapes, refuse control characters, trim.
pub fn read_fragment(hash: &str) -> Option<String> {
    let raw = hash.strip_prefix('#').unwrap_or(hash);
    let record = decode_uri_component(raw)?;
    if record
        .chars()
        .any(|c| ('\0'..='\u{1f}').contains(&c) || c == '\u{7f}')
    {
        return None;
    }
    Some(record.trim().to_string())
}

/// A URL fragment as the page reads it, then the record as the engine reads it; a record
/// that is read makes a fragment (`fragmentFor`) that reads back to the same record.
pub fn fragment(data: &[u8]) {
    let Some(record) = read_fragment(&text(data)) else {
        return;
    };
    if record.is_empty() {
        return;
    }
    read_record(&record);
    if let Ok(session) = Session::from_record(&record) {
        let own = session.record_text();
        let hash = format!("#{}", encode_uri(&own));
        assert_eq!(
            read_fragment(&hash).as_deref(),
            Some(own.as_str()),
            "{hash:?}"
        );
    }
}

/// Game options (`OptionMap`) for every game, as the page, records and the command line
/// give them. Bytes: the game, then `key=value;…`.
pub fn options(data: &[u8]) {
    let [which, rest @ ..] = data else {
        return;
    };
    let kind = GameKind::ALL[*which as usize % GameKind::ALL.len()];
    let input = text(rest);
    let map = option_map(&input);
    match AnyGame::new(kind, &map) {
        Ok((game, canonical)) => {
            let keys: Vec<&str> = kind.option_specs().iter().map(|o| o.key).collect();
            for (key, _) in canonical.entries() {
                assert!(
                    keys.contains(&key),
                    "canonical option {key} not in the specs"
                );
            }
            let (again, canonical_again) = AnyGame::new(kind, &canonical).unwrap_or_else(|e| {
                panic!("canonical options {canonical:?} (from {input:?}) refused: {e}")
            });
            assert_eq!(
                canonical_again, canonical,
                "options of {input:?} not canonical"
            );
            assert_eq!(again.view(), game.view(), "{input:?}");
            assert_eq!(again.legal_step_texts(), game.legal_step_texts());
            let session = Session::new(kind, &map).expect("options AnyGame::new took");
            assert_eq!(session.options(), &canonical);
            check_session(&input, &session);
        }
        Err(e) => {
            check_error("options", &e);
            assert!(Session::new(kind, &map).is_err(), "{input:?}");
        }
    }
}

/// Unity's setup text: layout string, walls list, wall supply and seed, and the board
/// drawing the setup editor reads.
///
/// Bytes: one byte of switches (size, players, neutral colour, which fields are given),
/// then the fields separated by 0xFF (never part of UTF-8 text): layout, walls, supply,
/// seed, drawing.
pub fn unity_setup(data: &[u8]) {
    let [switches, rest @ ..] = data else {
        return;
    };
    let mut fields = rest.split(|&b| b == 0xFF).map(text);
    let mut next = || fields.next().unwrap_or_default();
    let (layout, walls, supply, seed, drawing) = (next(), next(), next(), next(), next());
    let size = if switches & 1 == 0 { 5 } else { 6 };
    let mut map = OptionMap::new();
    if size == 6 {
        map.set("size", "6");
    }
    if switches & 2 != 0 {
        map.set("players", "3");
    }
    match (switches >> 2) & 3 {
        0 => {}
        n => map.set("neutral", ["purple", "orange", "green"][n as usize - 1]),
    }
    for (bit, key, value) in [
        (4, "layout", &layout),
        (5, "walls", &walls),
        (6, "supply", &supply),
        (7, "seed", &seed),
    ] {
        if switches >> bit & 1 != 0 {
            map.set(key, value.as_str());
        }
    }
    let cells = 3 * size * (size - 1) + 1;
    match unity::Options::from_map(&map) {
        Ok(options) => {
            assert_eq!(options.size, size);
            assert_eq!(options.layout.chars().count(), cells, "{map:?}");
            assert!(options.walls.windows(2).all(|w| w[0] < w[1]), "{map:?}");
            assert!(options.walls.iter().all(|&[a, b]| a < b && b < cells));
            let again = unity::Options::from_map(&options.to_map())
                .unwrap_or_else(|e| panic!("canonical options of {map:?} refused: {e}"));
            assert_eq!(again, options);
            match unity::Position::new(&options) {
                Ok(position) => {
                    assert_eq!(position.layout(), options.layout);
                    assert_eq!(position.walls_left(), options.supply);
                    // The view lists walls in the board's edge order; the options sort them.
                    let mut drawn_walls = position.view().walls;
                    drawn_walls.sort_unstable();
                    assert_eq!(drawn_walls, options.walls);
                    let drawn = unity::layout_from_diagram(size, &position.diagram())
                        .unwrap_or_else(|e| panic!("own drawing refused: {e}"));
                    assert_eq!(drawn, options.layout);
                }
                Err(e) => check_error("unity::Position::new", &e),
            }
        }
        Err(e) => check_error("unity::Options::from_map", &e),
    }
    match unity::layout_from_diagram(size, &drawing) {
        Ok(layout) => {
            assert_eq!(layout.chars().count(), cells);
            assert!(layout.chars().all(|c| ".POGpog".contains(c)), "{layout:?}");
            let from_layout = OptionMap::new()
                .with("size", size.to_string())
                .with("players", "3")
                .with("layout", layout.as_str());
            if let Err(e) = unity::Options::from_map(&from_layout) {
                // A drawing that reads is a valid layout: only missing pieces may be refused.
                assert!(e.message().contains("has no pieces"), "{layout:?}: {e}");
            }
        }
        Err(e) => check_error("unity::layout_from_diagram", &e),
    }
}

/// Setups the tree targets play in: every game, small boards where a game has them.
const TREE_SETUPS: [&str; 6] = [
    "unravel;size=4",
    "scattercut;size=4",
    "unity",
    "unity;players=3",
    "merlins-chain",
    "unlur;size=4",
];

/// A record's tree form: a setup (the first byte), then the text after `moves=` (which may
/// go on with `;at=N`), as `Record::parse` and `Session::from_record` read it; plus the
/// `record` checks (the tree and the link read back the same).
pub fn tree_record(data: &[u8]) {
    let [which, rest @ ..] = data else {
        return;
    };
    let setup = TREE_SETUPS[*which as usize % TREE_SETUPS.len()];
    read_record(&format!("{setup};v=2;moves={}", text(rest)));
}

/// A text file for `Session::from_text`: read -> write -> read gives the same game, tags
/// and text.
pub fn text_file(data: &[u8]) {
    let input = text(data);
    match Session::from_text(&input) {
        Ok((session, tags)) => {
            check_session(&input, &session);
            let written = session
                .to_text(&tags)
                .unwrap_or_else(|e| panic!("own tags {tags:?} (from {input:?}) refused: {e}"));
            let (again, tags_again) = Session::from_text(&written)
                .unwrap_or_else(|e| panic!("own text {written:?} (from {input:?}) refused: {e}"));
            assert_eq!(tags_again, tags, "{written:?}");
            assert_eq!(again.record_text(), session.record_text(), "{written:?}");
            assert_eq!(again.to_text(&tags_again).as_deref(), Ok(written.as_str()));
        }
        Err(e) => check_error("Session::from_text", &e),
    }
}

/// Packed records: any bytes inflate without a panic (or are refused), within the record
/// limit; and any bytes deflate and inflate back to themselves.
pub fn packed(data: &[u8]) {
    use ludus::session::pack::{deflate, inflate, unpack};
    use ludus::session::MAX_RECORD_LEN;
    match inflate(data, MAX_RECORD_LEN) {
        Ok(out) => assert!(out.len() <= MAX_RECORD_LEN),
        Err(e) => check_error("inflate", &e),
    }
    if let Err(e) = unpack(&text(data)) {
        check_error("unpack", &e);
    }
    assert_eq!(inflate(&deflate(data), data.len()).as_deref(), Ok(data));
}

/// A client's frame for the live server (`ClientFrame::parse`, the first thing the server
/// does with what a page sends): never a panic; a frame it takes keeps the protocol's own
/// limits on every field, and reads the same again; a refusal is a message like any other
/// error's (short, one line, every character visible), since it goes back to the client.
pub fn live_frame(data: &[u8]) {
    use ludus::server::protocol::ClientFrame;
    let input = text(data);
    match ClientFrame::parse(&input) {
        Ok(frame) => {
            check_frame(&input, &frame);
            assert_eq!(ClientFrame::parse(&input).as_ref(), Ok(&frame), "{input:?}");
        }
        Err(e) => check_message("ClientFrame::parse", &e.0),
    }
}

/// The limits of docs/ONLINE.md and `protocol`'s constants, on a frame the reader took.
fn check_frame(input: &str, frame: &ludus::server::protocol::ClientFrame) {
    use ludus::server::protocol::*;
    assert!(input.len() <= MAX_FRAME_BYTES, "a frame of {} bytes taken", input.len());
    let code = |what: &str, text: &str, len: usize| {
        assert!(
            text.len() == len && text.bytes().all(|b| ID_ALPHABET.contains(&b)),
            "{what} {text:?} taken from {input:?}"
        );
    };
    if let Some(id) = frame.game_id() {
        code("game id", id, ID_LEN);
    }
    let name = |name: &str| {
        assert!(name.chars().count() <= MAX_NAME_CHARS, "name {name:?} taken");
    };
    match frame {
        ClientFrame::Create {
            setup, clock, name: n, ..
        } => {
            assert!(setup.len() <= MAX_SETUP_BYTES, "a setup of {} bytes taken", setup.len());
            assert_eq!(clock.check(), Ok(()), "{clock:?} taken");
            name(n);
        }
        ClientFrame::Join { name: n, .. } => name(n),
        ClientFrame::Watch { token, .. } => {
            if let Some(token) = token {
                code("token", token, TOKEN_LEN);
            }
        }
        ClientFrame::Step { token, step, .. } => {
            code("token", token, TOKEN_LEN);
            assert!(
                !step.is_empty() && step.len() <= MAX_STEP_BYTES,
                "step {step:?} taken"
            );
        }
        ClientFrame::Resign { token, .. }
        | ClientFrame::Draw { token, .. }
        | ClientFrame::Rematch { token, .. }
        | ClientFrame::Cancel { token, .. } => code("token", token, TOKEN_LEN),
        ClientFrame::Unwatch { .. } | ClientFrame::Lobby { .. } | ClientFrame::Ping => {}
    }
}

/// Replays every file of the seed corpus (`corpus/<target>/`) through its target, without
/// AFL (`cargo test --lib`; the AFL binaries only link under `cargo afl`): the seeds stay
/// valid inputs that pass every check.
#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::Path;

    #[test]
    fn every_kept_input_passes_its_target() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut replayed = 0;
        for (name, target) in super::TARGETS {
            let corpus = root.join("corpus").join(name);
            let files = fs::read_dir(&corpus).unwrap_or_else(|e| panic!("{corpus:?}: {e}"));
            let mut count = 0;
            for entry in files {
                let path = entry.unwrap().path();
                let data = fs::read(&path).unwrap();
                eprintln!("{name}: {}", path.display());
                target(&data);
                count += 1;
            }
            assert!(count > 0, "no seed inputs for {name}");
            replayed += count;
        }
        eprintln!("{replayed} inputs replayed");
    }
}
