//! The contract between the engine and the JS tests: `tests/js/fixtures/views.json` holds
//! session views exactly as the engine emits them (the same serde data the wasm layer hands
//! to the page), and the JS tests of the shared controller (tests/js/controller.test.mjs)
//! run on them. This test fails when the fixtures drift from the engine; to regenerate them
//! after a deliberate change: `LUDUS_BLESS=1 cargo test --test contract`.

use ludus::session::Session;
use ludus::views::{session_view, SessionView};
use serde::Serialize;

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/js/fixtures/views.json");

/// A position, its view, and the engine's explanation of a click on each cell.
#[derive(Serialize)]
struct Fixture {
    record: &'static str,
    view: SessionView,
    /// `explainClick(cell)` for every cell, in cell order.
    explain: Vec<String>,
}

const RECORDS: &[(&str, &str)] = &[
    ("unravel", "unravel;size=4;moves=b2"),
    ("unravel-swap", "unravel;size=6;moves=c3,d3,d4,c4"),
    (
        "scattercut-replace",
        "scattercut;size=4;moves=a1,d2,d3,c1,b1,a2,d1,b4,b2,c3,d4,a3,c2",
    ),
    ("unlur-contract", "unlur;size=4;moves=d4"),
    ("unlur-after-pass", "unlur;size=4;moves=d4,pass"),
    (
        "unity",
        "unity;layout=GoGPpgPOooGOoOPPpoOPOPOogGGpgppPGpGOo.oOGOgoPgpoppGgGpgOgPPgg",
    ),
    (
        "merlins-chain",
        "merlins-chain;moves=60@e8,47@a4,46@c4,23@b5,58@g6,3@f2,42@b8,21@f3,20@c1,13@e2,28@e3,\
         19@h3,52@g2,27@f5,54@a5,35@f6,56@h8,39@c2,26@g1,9@d6,22@d8,41@f7,14@b1,15@d7,2@h1,33@h7,\
         32@b6,25@h4,40@a3,63@a7,30@e4,49@c6,36@b7,43@c3,10@a1,11@h2,34@e5,37@e6,50@c7,55@g4,\
         24@f4,45@f8,62@a6,1@f1,18@b4,59@g7,44@e7,5@d2,6@d3,61@g8,38@a2,51@c8,4@d1,17@b3",
    ),
    ("unravel-won", "unravel;size=3;moves=a1,b1,a2,b2,a3"),
];

fn generated() -> String {
    let fixtures: std::collections::BTreeMap<&str, Fixture> = RECORDS
        .iter()
        .map(|&(name, record)| {
            let s = Session::from_record(record).unwrap_or_else(|e| panic!("{name}: {e}"));
            let view = session_view(&s);
            let explain = (0..view.board.cells.len())
                .map(|c| s.explain_click(&[c]).unwrap())
                .collect();
            (
                name,
                Fixture {
                    record,
                    view,
                    explain,
                },
            )
        })
        .collect();
    serde_json::to_string_pretty(&fixtures).unwrap() + "\n"
}

#[test]
fn js_fixtures_are_what_the_engine_emits() {
    let want = generated();
    if std::env::var_os("LUDUS_BLESS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(PATH).parent().unwrap()).unwrap();
        std::fs::write(PATH, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(PATH).unwrap_or_default();
    assert!(
        have == want,
        "tests/js/fixtures/views.json differs from what the engine emits: \
         run `LUDUS_BLESS=1 cargo test --test contract` and review the change"
    );
}
