//! The TypeScript definitions of the objects the engine hands to JS
//! (`www/types/ludus-views.d.ts`) are generated from the Rust types (ts-rs); this test fails
//! when the committed file is stale. So are the engine's limits the page keeps before it
//! asks the engine anything (`www/engine-limits.js`: the longest record a link may carry,
//! the most bytes of GIF frames, …). To regenerate both after changing a view type or a
//! limit: `LUDUS_BLESS=1 cargo test --test typescript`.
#![cfg(not(target_arch = "wasm32"))]

use ludus::ai::analyse::{Analysis, Exact, LineStep, ReviewStep, StepStat};
use ludus::game::{
    BoardView, Color, ErrorKind, Outcome, PieceKind, PieceView, PlayerView, Presentation, Shape,
    Side, SideView, StepKind, StepView, Threat,
};
use ludus::games::{LayoutChar, OptionField, OptionForm, OptionSpec};
use ludus::geometry::HexDir;
use ludus::views::{
    ChoiceView, ExplainView, GameInfo, LevelView, RecordView, SessionView, SolveStepView,
    SolveView, StatusView,
};
use ludus::work::WorkCounts;
use ts_rs::{Config, TS};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/types/ludus-views.d.ts");

fn declaration<T: TS>(config: &Config) -> String {
    let docs = T::docs()
        .map(|d| format!("{}\n", d.trim_end()))
        .unwrap_or_default();
    format!("{docs}export {}\n", T::decl(config))
}

fn generated() -> String {
    let config = Config::default();
    let mut out = String::from(
        "// The objects the Ludus engine hands to JS (src/game/view.rs, src/game/vocabulary.rs,\n\
         // src/game/error.rs, src/games/about.rs, src/views.rs, src/work.rs, src/ai/analyse.rs).\n\
         // Generated from the Rust types by tests/typescript.rs: do not edit by hand; run\n\
         // `LUDUS_BLESS=1 cargo test --test typescript` after changing a type.\n",
    );
    for decl in [
        declaration::<ErrorKind>(&config),
        declaration::<Color>(&config),
        declaration::<PieceKind>(&config),
        declaration::<StepKind>(&config),
        declaration::<Side>(&config),
        declaration::<HexDir>(&config),
        declaration::<Outcome>(&config),
        declaration::<Shape>(&config),
        declaration::<PieceView>(&config),
        declaration::<SideView>(&config),
        declaration::<PlayerView>(&config),
        declaration::<StepView>(&config),
        declaration::<BoardView>(&config),
        declaration::<Threat>(&config),
        declaration::<Presentation>(&config),
        declaration::<SessionView>(&config),
        declaration::<StatusView>(&config),
        declaration::<ChoiceView>(&config),
        declaration::<OptionSpec>(&config),
        declaration::<OptionField>(&config),
        declaration::<OptionForm>(&config),
        declaration::<LayoutChar>(&config),
        declaration::<GameInfo>(&config),
        declaration::<LevelView>(&config),
        declaration::<RecordView>(&config),
        declaration::<WorkCounts>(&config),
        declaration::<StepStat>(&config),
        declaration::<Exact>(&config),
        declaration::<Analysis>(&config),
        declaration::<LineStep>(&config),
        declaration::<ReviewStep>(&config),
        declaration::<SolveStepView>(&config),
        declaration::<SolveView>(&config),
        declaration::<ExplainView>(&config),
    ] {
        out.push('\n');
        out.push_str(&decl);
    }
    out
}

#[test]
fn committed_definitions_match_the_rust_types() {
    let want = generated();
    if std::env::var_os("LUDUS_BLESS").is_some() {
        std::fs::write(PATH, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(PATH).unwrap_or_default();
    assert!(
        have == want,
        "www/types/ludus-views.d.ts is stale: run `LUDUS_BLESS=1 cargo test --test typescript`\n\
         --- generated ---\n{want}"
    );
}

const LIMITS_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/engine-limits.js");

/// `www/engine-limits.js`: each limit as the engine defines it, with where it is defined.
fn generated_limits() -> String {
    let limits: [(&str, &str, usize, &str); 5] = [
        (
            "MAX_RECORD_LENGTH",
            "MAX_RECORD_LEN in src/session/record.rs",
            ludus::session::MAX_RECORD_LEN,
            "The longest record the engine reads, in bytes of UTF-8",
        ),
        (
            "MAX_COMMENT_CHARS",
            "MAX_COMMENT_CHARS in src/session/moves.rs",
            ludus::session::MAX_COMMENT_CHARS,
            "The longest comment on a step, in characters",
        ),
        (
            "MAX_TEXT_TAGS",
            "MAX_TAGS in src/session/text.rs",
            ludus::session::text::MAX_TAGS,
            "The most tags a text file holds besides Game, Options and At",
        ),
        (
            "MAX_TEXT_LENGTH",
            "MAX_TEXT_LEN in src/session/text.rs",
            ludus::session::text::MAX_TEXT_LEN,
            "The longest text file the engine reads, in bytes of UTF-8",
        ),
        (
            "MAX_GIF_BYTES",
            "MAX_BYTES in src/animation.rs",
            ludus::animation::MAX_BYTES,
            "The most bytes of frames the GIF encoder takes",
        ),
    ];
    let mut out = String::from(
        "// The engine's limits that the page keeps before it asks the engine anything (a link\n\
         // too long to hand over, a file too big to read, GIF frames too many to allocate).\n\
         // Generated from the Rust constants by tests/typescript.rs: do not edit by hand; run\n\
         // `LUDUS_BLESS=1 cargo test --test typescript` after changing one.\n",
    );
    for (name, source, value, doc) in limits {
        out.push_str(&format!(
            "\n/** {doc} ({source}) */\nexport const {name} = {value};\n"
        ));
    }
    out
}

#[test]
fn committed_limits_match_the_engine() {
    let want = generated_limits();
    if std::env::var_os("LUDUS_BLESS").is_some() {
        std::fs::write(LIMITS_PATH, &want).unwrap();
        return;
    }
    let have = std::fs::read_to_string(LIMITS_PATH).unwrap_or_default();
    assert!(
        have == want,
        "www/engine-limits.js is stale: run `LUDUS_BLESS=1 cargo test --test typescript`\n\
         --- generated ---\n{want}"
    );
}
