//! Links made before the game tree: each record in `tests/data/old-links.jsonl` must still
//! open to exactly the game it opened to when the file was made (its canonical record, the
//! step shown, the number of steps, who is to move and a hash of the board shown).
//!
//! The file was written by this test (`LUDUS_MAKE_OLD_LINKS=1`) from the code of the day,
//! before records could hold a tree; it is not to be remade: a difference is a link that
//! opens to something else now.

use ludus::games::GameKind;
use ludus::rng::Rng;
use ludus::session::Session;
use ludus::OptionMap;
use serde_json::{json, Value};

const FILE: &str = "tests/data/old-links.jsonl";

/// FNV-1a over the JSON of the board shown: any change in what the link shows changes it.
fn board_hash(s: &Session) -> String {
    let text = serde_json::to_string(&s.view()).unwrap();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

fn what_it_opens(link: &str) -> Value {
    match Session::from_record(link) {
        Ok(s) => json!({
            "record": s.record_text(),
            "cursor": s.cursor(),
            "len": s.len(),
            "toMove": s.view().to_move,
            "board": board_hash(&s),
        }),
        Err(e) => json!({ "error": e.to_string() }),
    }
}

/// Option sets a player can pick for a game: each choice and the ends of each number range,
/// one option changed at a time, plus Unity's random setups.
fn option_sets(kind: GameKind) -> Vec<OptionMap> {
    let mut sets = vec![OptionMap::new()];
    for spec in kind.option_specs() {
        let values: Vec<String> = match spec.kind {
            "choice" => spec.choices.iter().map(|c| c.to_string()).collect(),
            "number" => [spec.min, spec.max]
                .into_iter()
                .flatten()
                .map(|n| n.to_string())
                .collect(),
            _ if spec.key == "seed" => vec!["2".into(), "7".into(), "123456".into()],
            _ => vec![],
        };
        for v in values {
            if v != spec.default {
                sets.push(OptionMap::new().with(spec.key, &v));
            }
        }
    }
    sets
}

fn random_session(kind: GameKind, options: &OptionMap, seed: u64, max: usize) -> Option<Session> {
    let mut session = Session::new(kind, options).ok()?;
    let mut rng = Rng::new(seed);
    while session.len() < max {
        let mut probe = session.current().clone();
        let Some(step) = probe.play_random(&mut rng) else {
            break;
        };
        session.play(&step).unwrap();
    }
    Some(session)
}

/// The links: records as the page writes them (every game, option set, game length and
/// shown step), and the looser forms a hand-made or older link may have.
fn make_links() -> Vec<String> {
    let mut links = Vec::new();
    let mut seed = 1;
    for kind in GameKind::ALL {
        links.push(kind.name().to_string());
        for options in option_sets(kind) {
            for max in [0, 3, 12, 40, 120] {
                seed += 1;
                let Some(mut s) = random_session(kind, &options, seed, max) else {
                    continue;
                };
                links.push(s.record_text());
                if s.len() > 2 {
                    s.go_to(s.len() / 2);
                    links.push(s.record_text());
                    s.go_to(0);
                    links.push(s.record_text());
                }
            }
        }
        // Whole games, long ones.
        for n in 0..3 {
            seed += 1;
            if let Some(mut s) = random_session(kind, &OptionMap::new(), seed, 2_000) {
                links.push(s.record_text());
                s.go_to(s.len() / 3);
                links.push(s.record_text());
            }
            let _ = n;
        }
        // Looser forms: steps split by spaces, spaces around parts, a trailing `;`.
        seed += 1;
        if let Some(s) = random_session(kind, &OptionMap::new(), seed, 8) {
            let steps = s.step_texts();
            links.push(format!("{};moves={}", kind.name(), steps.join(" ")));
            links.push(format!(" {} ; moves = {} ;", kind.name(), steps.join(", ")));
            links.push(format!("{};moves={};at=2", kind.name(), steps.join(",")));
        }
    }
    // Links that open to an error, which must stay an error.
    for bad in [
        "",
        "chess",
        "unlur;size=99",
        "unravel;moves=zz9",
        "unravel;size=4;moves=a1;at=7",
        "unity;players=3;players=2",
        "unlur;moves=d4,d4",
    ] {
        links.push(bad.to_string());
    }
    links
}

#[test]
fn old_links_open_as_they_did() {
    if std::env::var_os("LUDUS_MAKE_OLD_LINKS").is_some() {
        let mut out = String::new();
        for link in make_links() {
            let line = json!({ "link": link, "opens": what_it_opens(&link) });
            out.push_str(&serde_json::to_string(&line).unwrap());
            out.push('\n');
        }
        std::fs::write(FILE, out).unwrap();
        return;
    }
    let text = std::fs::read_to_string(FILE).unwrap();
    let mut count = 0;
    for (i, line) in text.lines().enumerate() {
        let entry: Value = serde_json::from_str(line).unwrap();
        let link = entry["link"].as_str().unwrap();
        assert_eq!(
            what_it_opens(link),
            entry["opens"],
            "line {} of {FILE}: {link:.200}",
            i + 1
        );
        count += 1;
    }
    assert!(count > 300, "only {count} links in {FILE}");
}
