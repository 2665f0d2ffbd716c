//! The exported wasm interface of both modules (the study module has every export), and the
//! engine code that only wasm compiles (`cfg(target_arch = "wasm32")`), run in
//! headless Chromium by wasm-bindgen-test (`cargo test --profile study-release --features
//! study --target wasm32-unknown-unknown --test wasm`, as scripts/test.sh).
#![cfg(all(target_arch = "wasm32", feature = "study"))]

use js_sys::{Array, Reflect};
use ludus::wasm::{self, WasmSession};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn get(value: &JsValue, key: &str) -> JsValue {
    Reflect::get(value, &JsValue::from_str(key)).unwrap()
}

fn options(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (k, v) in pairs {
        Reflect::set(&object, &JsValue::from_str(k), v).unwrap();
    }
    object.into()
}

/// The message of a JS Error thrown across the boundary.
fn message(error: wasm::JsError) -> String {
    let value: JsValue = error.into();
    let error: js_sys::Error = value.dyn_into().expect("a JS Error");
    error.message().into()
}

/// The `kind` of a JS Error thrown across the boundary (`LudusError`), and its message.
fn kind(error: wasm::JsError) -> (String, String) {
    let value: JsValue = error.into();
    let kind = get(&value, "kind").as_string().expect("a kind string");
    let error: js_sys::Error = value.dyn_into().expect("a JS Error");
    (kind, error.message().into())
}

#[wasm_bindgen_test]
fn thrown_errors_carry_their_kind() {
    let mut s = WasmSession::create("unravel", JsValue::UNDEFINED).unwrap();
    let (k, m) = kind(s.play("z99").unwrap_err());
    assert_eq!(k, "syntax", "{m}");
    s.play("a1").unwrap();
    assert_eq!(
        kind(s.play("a1").unwrap_err()),
        ("illegal-step".to_string(), "a1 is occupied".to_string())
    );
    let sized = options(&[("size", JsValue::from_f64(99.0))]);
    let (k, m) = kind(WasmSession::create("unravel", sized).err().unwrap());
    assert_eq!(k, "options", "{m}");
    let (k, m) = kind(
        WasmSession::create("chess", JsValue::UNDEFINED)
            .err()
            .unwrap(),
    );
    assert_eq!(k, "options", "{m}");
    // Options that are not an object are refused by the export layer, as options.
    let (k, m) = kind(
        WasmSession::create("unravel", JsValue::from_f64(3.0))
            .err()
            .unwrap(),
    );
    assert_eq!(k, "options", "{m}");
    let (k, m) = kind(
        WasmSession::from_record("unravel;moves=a1,a1")
            .err()
            .unwrap(),
    );
    assert_eq!(
        (k.as_str(), m.as_str()),
        ("record", "step 2 (a1) cannot be played: a1 is occupied")
    );
    let (k, m) = kind(wasm::parse_record("unravel;at=x").unwrap_err());
    assert_eq!(k, "record", "{m}");
    // Red's a1, a2, a3 join the 3×3 board's bottom and top.
    let mut over = WasmSession::from_record("unravel;size=3;moves=a1,c1,a2,c3,a3").unwrap();
    assert_eq!(
        kind(over.play("b2").unwrap_err()),
        ("game-over".to_string(), "the game is over".to_string())
    );
    let (k, m) = kind(over.ai_choose("random", 1.0).unwrap_err());
    assert_eq!(k, "game-over", "{m}");
    let (k, m) = kind(wasm::check_player("fast").unwrap_err());
    assert_eq!(k, "options", "{m}");
    // A value of the wrong type is the caller's: "argument".
    let (k, m) = kind(
        s.play_js(JsValue::from_f64(5.0), JsValue::UNDEFINED)
            .unwrap_err(),
    );
    assert_eq!(
        (k.as_str(), m.as_str()),
        ("argument", "the step must be a string (got number)")
    );
}

#[wasm_bindgen_test]
fn games_lists_all_five_with_designers() {
    let list: Array = wasm::games().unwrap().dyn_into().unwrap();
    assert_eq!(list.length(), 5);
    let names: Vec<String> = list
        .iter()
        .map(|g| get(&g, "name").as_string().unwrap())
        .collect();
    assert_eq!(
        names,
        ["unravel", "scattercut", "unity", "merlins-chain", "unlur"]
    );
    for g in list.iter() {
        assert!(!get(&g, "designer").as_string().unwrap().is_empty());
    }
}

#[wasm_bindgen_test]
fn a_session_plays_undoes_and_records() {
    let mut s = WasmSession::create("unlur", options(&[("size", JsValue::from_f64(4.0))])).unwrap();
    let view = s.view().unwrap();
    assert_eq!(
        get(&get(&view, "shape"), "kind").as_string().unwrap(),
        "hex"
    );
    let legal: Array = get(&view, "legal").dyn_into().unwrap();
    assert_eq!(
        legal.length(),
        20,
        "19 inner cells and a pass on a side-4 board"
    );
    s.play("d4").unwrap();
    s.play("pass").unwrap();
    assert_eq!(s.record(), "unlur;size=4;moves=d4,pass");
    assert!(s.undo());
    let view = s.view().unwrap();
    assert_eq!(get(&view, "cursor").as_f64().unwrap(), 1.0);
    assert_eq!(Array::from(&get(&view, "steps")).length(), 2);
    assert!(s.redo());
    assert!(!s.redo());
    let copy = WasmSession::from_record(&s.record()).unwrap();
    assert_eq!(copy.record(), s.record());
}

#[wasm_bindgen_test]
fn bad_input_becomes_an_error_with_a_message() {
    let mut s = WasmSession::create("unravel", JsValue::UNDEFINED).unwrap();
    s.play("c4").unwrap();
    let e = s.play("c4").map(|_| ()).unwrap_err();
    assert!(message(e).contains("occupied"));
    let e = s.play("\u{1F600}").map(|_| ()).unwrap_err();
    assert!(!message(e).is_empty());
    let e = WasmSession::create("chess", JsValue::NULL)
        .map(|_| ())
        .unwrap_err();
    assert!(message(e).contains("unknown game"));
    let e = WasmSession::create("unravel", options(&[("size", JsValue::from_f64(99.0))]))
        .map(|_| ())
        .unwrap_err();
    assert!(message(e).contains("size"));
    let e = WasmSession::create("unravel", options(&[("size", JsValue::TRUE)]))
        .map(|_| ())
        .unwrap_err();
    assert!(message(e).contains("size"));
    let e = WasmSession::from_record("unravel;size=3;moves=a1,a1")
        .map(|_| ())
        .unwrap_err();
    assert!(message(e).contains("step 2"));
    let e = WasmSession::from_record("<script>alert(1)</script>")
        .map(|_| ())
        .unwrap_err();
    assert!(message(e).contains("unknown game"));
}

/// What the package's record-in, record-out functions (package/records.js) do, through the
/// one interface they are written over: a session made from the record, then dropped.
#[wasm_bindgen_test]
fn record_in_record_out_over_session() {
    let r = WasmSession::create("scattercut", options(&[("size", JsValue::from_str("4"))]))
        .unwrap()
        .record();
    assert_eq!(r, "scattercut;size=4");
    let view = WasmSession::from_record(&r).unwrap().view().unwrap();
    let legal: Array = get(&view, "legal").dyn_into().unwrap();
    assert_eq!(legal.length(), 16);
    let mut s = WasmSession::from_record(&r).unwrap();
    s.play("b2").unwrap();
    let r = s.record();
    assert_eq!(r, "scattercut;size=4;moves=b2");
    let status = WasmSession::from_record(&r).unwrap().view().unwrap();
    assert_eq!(get(&status, "toMove").as_f64().unwrap(), 1.0);
    assert!(get(&status, "outcome").is_null());
    let view = WasmSession::from_record(&r).unwrap().view().unwrap();
    let pieces = Array::from(&get(&view, "pieces"));
    assert_eq!(pieces.length(), 16);
    assert_eq!(get(&pieces.get(5), "color").as_string().unwrap(), "red");
    assert!(WasmSession::from_record(&r).unwrap().play("b2").is_err());
}

#[wasm_bindgen_test]
fn every_game_starts_and_the_computer_moves() {
    for game in ["unravel", "scattercut", "unity", "merlins-chain", "unlur"] {
        let mut s = WasmSession::create(game, JsValue::UNDEFINED).unwrap();
        let choice = s.ai_choose("mcts:50", 7.0).unwrap();
        let step = get(&choice, "step").as_string().unwrap();
        s.play(&step).unwrap();
        // Same seed and iteration count, same choice.
        let again = WasmSession::create(game, JsValue::UNDEFINED).unwrap();
        let choice2 = again.ai_choose("mcts:50", 7.0).unwrap();
        assert_eq!(get(&choice2, "step").as_string().unwrap(), step, "{game}");
    }
    let s = WasmSession::create("unlur", JsValue::UNDEFINED).unwrap();
    assert!(s.ai_choose("quick", 1.0).is_ok());
    assert!(s.ai_choose("grandmaster", 1.0).is_err());
    // The page asks for a level by id, and each game plays that level's own spec
    // (ai/levels.rs): medium is 2000 iterations in Scattercut, 4000 elsewhere.
    for (game, iterations) in [("scattercut", 2000.0), ("unravel", 4000.0)] {
        let s = WasmSession::create(game, JsValue::UNDEFINED).unwrap();
        let choice = s.ai_choose("medium", 1.0).unwrap();
        assert_eq!(
            get(&choice, "iterations").as_f64(),
            Some(iterations),
            "{game}"
        );
    }
}

#[wasm_bindgen_test]
fn bench_measures_a_game_and_rejects_bad_input() {
    let figures = wasm::bench("unlur", 0.08, 1).unwrap();
    for key in ["perftSteps", "uniformGames", "playouts", "mctsIterations"] {
        let v = get(&figures, key).as_f64().unwrap();
        assert!(v > 0.0, "{key} {v}");
    }
    assert!(message(wasm::bench("chess", 0.1, 1).unwrap_err()).contains("chess"));
    assert!(message(wasm::bench("unlur", -1.0, 1).unwrap_err()).contains("seconds"));
    assert!(message(wasm::bench("unlur", 0.1, 0).unwrap_err()).contains("runs"));
}

#[wasm_bindgen_test]
fn analysis_and_review_cross_the_boundary() {
    let s = WasmSession::from_record("unravel;size=3;moves=b2").unwrap();
    let a = s.analyse(300.0, 1.0).unwrap();
    let chances: Array = get(&a, "chances").dyn_into().unwrap();
    assert_eq!(chances.length(), 2);
    assert_eq!(get(&a, "toMove").as_f64(), Some(1.0));
    let exact = get(&a, "exact");
    assert_eq!(
        get(&exact, "text").as_string().unwrap(),
        "Red wins with best play"
    );
    assert!(get(&a, "best").as_string().is_some());
    let three = wasm::analyse_position("unity;players=3", 200.0, 1.0).unwrap();
    let chances: Array = get(&three, "chances").dyn_into().unwrap();
    assert_eq!(chances.length(), 3);
    let review = wasm::review_game("unravel;size=3;moves=b2,a1,c2", 200.0, 0.15, 1.0).unwrap();
    let steps: Array = review.dyn_into().unwrap();
    assert_eq!(steps.length(), 3);
    assert_eq!(get(&steps.get(1), "step").as_string().unwrap(), "a1");
    for bad in [0.0, 2.5, -3.0, f64::NAN] {
        let e = s.analyse(bad, 1.0).unwrap_err();
        assert!(message(e).contains("budget"), "{bad}");
    }
    let e = s.review(100.0, 2.0, 1.0).unwrap_err();
    assert!(message(e).contains("threshold"));
}

#[wasm_bindgen_test]
fn encode_gif_makes_a_gif_or_says_why_not() {
    // Two 2×1 frames: a GIF89a header, the right size.
    let frames = [
        10u8, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 1, 2, 3, 255,
    ];
    let gif = wasm::encode_gif(2, 1, &frames, 50, 100).unwrap();
    assert_eq!(&gif[..6], b"GIF89a");
    assert_eq!((gif[6], gif[8]), (2, 1));
    let err = message(wasm::encode_gif(3, 1, &frames, 50, 100).unwrap_err());
    assert!(err.contains("not whole 3×1 RGBA frames"), "{err}");
    let err = message(wasm::encode_gif(2, 1, &frames, 0, 100).unwrap_err());
    assert!(err.contains("2 to 6000 hundredths"), "{err}");
}

#[wasm_bindgen_test]
fn check_and_explain_click_answer_without_playing() {
    let mut s =
        WasmSession::create("unravel", options(&[("size", JsValue::from_f64(4.0))])).unwrap();
    s.play("b2").unwrap();
    assert_eq!(s.check("c3"), None);
    assert_eq!(s.check("b2").as_deref(), Some("b2 is occupied"));
    assert_eq!(s.record(), "unravel;size=4;moves=b2", "nothing was played");
    assert_eq!(s.explain_click(5, None).unwrap(), "b2 is occupied");
    assert_eq!(
        message(s.explain_click(99, None).unwrap_err()),
        "there is no cell number 99"
    );
    let view = s.view().unwrap();
    assert_eq!(get(&view, "toMove").as_f64(), Some(1.0));
    assert_eq!(get(&view, "passLabel").as_string().as_deref(), Some("Pass"));
    assert_eq!(
        get(&get(&view, "preview"), "color").as_string().as_deref(),
        Some("blue")
    );
}

#[wasm_bindgen_test]
fn levels_players_records_and_the_options_form() {
    let levels: Array = wasm::levels().unwrap().dyn_into().unwrap();
    let ids: Vec<String> = levels
        .iter()
        .map(|l| get(&l, "id").as_string().unwrap())
        .collect();
    assert_eq!(ids, ["beginner", "easy", "medium", "hard", "expert"]);
    assert_eq!(wasm::check_player(" mcts:50 ").unwrap(), "mcts:50");
    assert_eq!(
        message(wasm::check_player("mcts:5000s").unwrap_err()),
        "thinking time must be more than 0 and at most 3600 seconds"
    );
    // Moves split on commas and white space, as in the engine's records.
    let r = wasm::parse_record("unlur;size=5;moves=d4, pass c3;at=1").unwrap();
    assert_eq!(get(&r, "game").as_string().as_deref(), Some("unlur"));
    assert_eq!(
        get(&get(&r, "options"), "size").as_string().as_deref(),
        Some("5")
    );
    assert_eq!(Array::from(&get(&r, "moves")).length(), 3);
    assert_eq!(get(&r, "at").as_f64(), Some(1.0));
    let form = wasm::option_form(
        "unity",
        options(&[
            ("players", JsValue::from_str("3")),
            ("neutral", JsValue::from_str("purple")),
        ]),
        Some("players".into()),
    )
    .unwrap();
    let chosen = get(&form, "options");
    assert_eq!(get(&chosen, "players").as_string().as_deref(), Some("3"));
    assert!(
        get(&chosen, "neutral").is_undefined(),
        "no neutral with 3 players"
    );
}

/// What the page asks the engine rather than know itself: a record's setup, a new game's
/// random setup, and which options are the setup (kept by one game only).
#[wasm_bindgen_test]
fn the_setup_of_a_record_and_of_a_new_game() {
    // The setup: the game and its options, without steps, notes or the step shown.
    let setup = |r: &str| wasm::record_setup(r).unwrap();
    assert_eq!(setup("unlur;size=8;moves=d4,pass;at=1"), "unlur;size=8");
    assert_eq!(setup("unravel;moves=c3"), "unravel");
    assert_eq!(setup("merlins-chain"), "merlins-chain");
    assert_eq!(setup("unity;players=3"), "unity;players=3");
    assert_eq!(setup("unity;moves=c3-c6"), "unity");
    assert_eq!(
        setup("unravel;size=4;v=2;moves={Start}a1!,b1;at=1"),
        "unravel;size=4"
    );
    let packed = WasmSession::from_record("unravel;size=4;moves=a1,b1").unwrap();
    assert_eq!(setup(&packed.link()), "unravel;size=4");
    assert!(message(wasm::record_setup("chess;moves=e4").unwrap_err()).contains("chess"));

    // A game drawn from a seed gets the one given; a seed or layout already set is kept.
    let fresh = |game: &str, pairs: &[(&str, JsValue)]| {
        wasm::with_random_setup(game, options(pairs), 77).unwrap()
    };
    let unity = fresh("unity", &[("players", JsValue::from_f64(3.0))]);
    assert_eq!(get(&unity, "seed").as_string().as_deref(), Some("77"));
    assert_eq!(get(&unity, "players").as_string().as_deref(), Some("3"));
    let seeded = fresh("unity", &[("seed", JsValue::from_str("5"))]);
    assert_eq!(get(&seeded, "seed").as_string().as_deref(), Some("5"));
    let laid = fresh("unity", &[("layout", JsValue::from_str("PG"))]);
    assert!(get(&laid, "seed").is_undefined());
    let unlur = fresh("unlur", &[("size", JsValue::from_f64(5.0))]);
    assert!(get(&unlur, "seed").is_undefined());
    assert_eq!(get(&unlur, "size").as_string().as_deref(), Some("5"));
    assert!(wasm::with_random_setup("chess", JsValue::UNDEFINED, 1).is_err());

    // The setup options, as games() marks them: Unity's seed, layout and walls.
    let games: Array = wasm::games().unwrap().dyn_into().unwrap();
    let mut marked = Vec::new();
    for game in games.iter() {
        for option in Array::from(&get(&game, "options")).iter() {
            if get(&option, "setup").as_bool().unwrap() {
                let name = get(&game, "name").as_string().unwrap();
                marked.push(format!(
                    "{name}:{}",
                    get(&option, "key").as_string().unwrap()
                ));
            }
        }
    }
    assert_eq!(marked, ["unity:seed", "unity:layout", "unity:walls"]);
}

/// Bit selection has a wasm-only path (a population count where native code adds byte
/// flags by multiplication): it must pick the same bit as a plain scan.
#[wasm_bindgen_test]
fn selecting_the_kth_set_bit_agrees_with_a_scan() {
    use ludus::bits::{byte_sums, nth_set_bit, nth_set_bit_with_sums};
    let mut rng = ludus::rng::Rng::new(3);
    for round in 0..3000 {
        let word = match round {
            0 => u64::MAX,
            1 => 1 << 63,
            _ => rng.next_u64() & rng.next_u64(),
        };
        let scan: Vec<u32> = (0..64).filter(|&i| word >> i & 1 != 0).collect();
        for (k, &bit) in scan.iter().enumerate() {
            assert_eq!(nth_set_bit(word, k as u32), bit, "{word:#x} {k}");
            assert_eq!(nth_set_bit_with_sums(word, byte_sums(word), k as u32), bit);
        }
    }
}

/// The steps of `line` from `record` as the analysis worker used to find them: each
/// position's whole session view, its legal step of that text, the mover's colour.
fn line_by_session_views(
    record: &str,
    line: &[String],
) -> Vec<(String, String, Vec<f64>, Option<String>)> {
    let mut s = WasmSession::from_record(record).unwrap();
    let mut out = Vec::new();
    for text in line {
        let view = s.view().unwrap();
        let legal: Array = get(&view, "legal").dyn_into().unwrap();
        let Some(step) = legal
            .iter()
            .find(|v| get(v, "text").as_string().as_deref() == Some(text))
        else {
            break;
        };
        let cells: Array = get(&step, "cells").dyn_into().unwrap();
        let seat = get(&view, "toMove");
        let color = Reflect::get(&get(&view, "players"), &seat)
            .ok()
            .and_then(|p| get(&p, "color").as_string());
        out.push((
            text.clone(),
            get(&step, "kind").as_string().unwrap(),
            cells.iter().map(|c| c.as_f64().unwrap()).collect(),
            color,
        ));
        s.play(text).unwrap();
    }
    out
}

#[wasm_bindgen_test]
fn line_steps_give_each_step_of_the_line_in_one_call() {
    for record in [
        "unravel;size=4;moves=b2,c3",
        "scattercut;moves=c3",
        "unity;players=3",
        "unity;moves=a1-e5,a3x",
        "merlins-chain",
        "unlur;size=5;moves=c3",
    ] {
        let analysis = wasm::analyse_position(record, 2000.0, 3.0).unwrap();
        let line: Vec<String> = get(&analysis, "line")
            .dyn_into::<Array>()
            .unwrap()
            .iter()
            .map(|t| t.as_string().unwrap())
            .collect();
        assert!(!line.is_empty(), "{record}");
        let steps: Array = wasm::line_steps_of(record, &line.join(","))
            .unwrap()
            .dyn_into()
            .unwrap();
        let ours: Vec<_> = steps
            .iter()
            .map(|v| {
                let cells: Array = get(&v, "cells").dyn_into().unwrap();
                (
                    get(&v, "step").as_string().unwrap(),
                    get(&v, "kind").as_string().unwrap(),
                    cells
                        .iter()
                        .map(|c| c.as_f64().unwrap())
                        .collect::<Vec<f64>>(),
                    get(&v, "color").as_string(),
                )
            })
            .collect();
        assert_eq!(ours.len(), line.len(), "{record}: {line:?}");
        assert_eq!(ours, line_by_session_views(record, &line), "{record}");
        assert!(
            ours.iter().all(|s| s.3.is_some()),
            "{record}: every step has its mover's colour"
        );
    }
    // The line stops at its first step that is not legal; a bad record is an Error.
    let steps: Array = wasm::line_steps_of("unravel;size=4", "b2,b2,c3")
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(steps.length(), 1);
    assert_eq!(get(&steps.get(0), "step").as_string().unwrap(), "b2");
    let empty: Array = wasm::line_steps_of("unravel;size=4", "")
        .unwrap()
        .dyn_into()
        .unwrap();
    assert_eq!(empty.length(), 0);
    assert!(message(wasm::line_steps_of("chess", "e4").unwrap_err()).contains("chess"));
}

#[wasm_bindgen_test]
fn numbers_in_messages_read_as_rust_writes_them() {
    let mut rng = ludus::rng::Rng::new(5);
    let fixed = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        1.5,
        -2.5,
        0.1,
        1e21,
        1e-7,
        1e-6,
        123456789.125,
        5e-324,
        f64::MAX,
        f64::MIN_POSITIVE,
        1e300,
        1e15,
        1e16,
        1e20,
        1.25e-5,
        0.30000000000000004,
        9007199254740993.0,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    let random = (0..20_000).map(|_| f64::from_bits(rng.next_u64()));
    let small = (0..2_000).map(|i| (i as f64 - 1000.0) / 8.0);
    for x in fixed.into_iter().chain(random).chain(small) {
        assert_eq!(wasm::number_text(x), format!("{x}"), "{x:e}");
    }
    let mut s = WasmSession::from_record("unravel;size=4;moves=b2").unwrap();
    assert_eq!(
        message(s.go_to_js(JsValue::from_f64(-1.5)).unwrap_err()),
        "the step number must be a whole number from 0 up (got -1.5)"
    );
    assert_eq!(
        message(
            s.analyse_js(
                JsValue::from_f64(100.0),
                JsValue::from_f64(f64::NEG_INFINITY)
            )
            .unwrap_err()
        ),
        "seed must be a finite number (got -inf)"
    );
}

/// The tree's methods through the JS names: variations, notes, siblings, promote and
/// delete, the record and the text file; bad arguments become errors, never traps.
#[wasm_bindgen_test]
fn the_game_tree_through_the_exports() {
    let mut s = WasmSession::from_record("unravel;size=4;moves=a1,b1,a2;at=1").unwrap();
    s.play("d4").unwrap();
    let view = s.view().unwrap();
    let tree = Array::from(&get(&view, "tree"));
    assert_eq!(tree.length(), 5, "the start and four steps");
    let node = get(&view, "node").as_f64().unwrap() as usize;
    assert_eq!(Array::from(&get(&view, "steps")).length(), 2);
    assert_eq!(
        get(&get(&view, "status"), "replaces").as_string(),
        None,
        "at the end of the variation"
    );
    s.set_comment_js(
        JsValue::from_f64(node as f64),
        JsValue::from_str("<b>bold</b> try"),
    )
    .unwrap();
    s.set_glyph_js(JsValue::from_f64(node as f64), JsValue::from_str("?!"))
        .unwrap();
    s.toggle_arrow(node, 0, 5).unwrap();
    s.toggle_circle(node, 15).unwrap();
    assert_eq!(
        s.record(),
        "unravel;size=4;v=2;moves=a1,b1(d4?!{<b>bold</b>+try}[a1-b2,d4]),a2;at=3"
    );
    let copy = WasmSession::from_record(&s.record()).unwrap();
    assert_eq!(copy.record(), s.record());
    assert!(s.prev_sibling());
    assert_eq!(Array::from(&get(&s.view().unwrap(), "steps")).length(), 3);
    assert!(!s.prev_sibling());
    assert!(s.next_sibling());
    s.go_to_node_js(JsValue::from_f64(0.0)).unwrap();
    assert_eq!(get(&s.view().unwrap(), "cursor").as_f64(), Some(0.0));
    s.promote(node).unwrap();
    assert!(
        s.record().starts_with("unravel;size=4;v=2;moves=a1,d4"),
        "{}",
        s.record()
    );
    s.delete_variation_js(JsValue::from_f64(node as f64))
        .unwrap();
    assert_eq!(s.record(), "unravel;size=4;moves=a1,b1,a2;at=0");
    assert_eq!(s.link(), s.record(), "short records are not packed");
    // The text file, with tags.
    let tags = options(&[("Player1", JsValue::from_str("Ann"))]);
    let text = s.to_text_js(tags).unwrap();
    assert!(text.starts_with("[Game \"unravel\"]\n[Options \"size=4\"]\n[Player1 \"Ann\"]\n"));
    let back = WasmSession::from_text_js(JsValue::from_str(&text)).unwrap();
    assert_eq!(back.record(), s.record());
    assert_eq!(
        get(&back.tags().unwrap(), "Player1").as_string().as_deref(),
        Some("Ann")
    );
    assert_eq!(back.to_text_js(JsValue::UNDEFINED).unwrap(), text);
    // Bad arguments say what is wrong.
    let bad = |e: Result<(), wasm::JsError>| kind(e.unwrap_err());
    assert_eq!(bad(s.go_to_node_js(JsValue::from_f64(-1.0))).0, "argument");
    assert!(bad(s.go_to_node_js(JsValue::from_f64(999.0)))
        .1
        .contains("no step number 999"));
    assert!(bad(s.go_to_node_js(JsValue::from_str("1")))
        .1
        .contains("must be a number"));
    assert!(
        bad(s.set_glyph_js(JsValue::from_f64(1.0), JsValue::from_str("?!?")))
            .1
            .contains("not a glyph")
    );
    assert!(bad(s.set_comment_js(JsValue::from_f64(1.0), JsValue::NULL))
        .1
        .contains("must be a string"));
    assert!(
        bad(s.toggle_circle_js(JsValue::from_f64(1.0), JsValue::from_f64(16.0)))
            .1
            .contains("no cell 16")
    );
    assert!(bad(s.toggle_arrow_js(
        JsValue::from_f64(1.0),
        JsValue::from_f64(1.0),
        JsValue::from_f64(0.5)
    ))
    .1
    .contains("whole number"));
    assert!(bad(s.promote_js(JsValue::from_f64(0.0)))
        .1
        .contains("start"));
    assert!(bad(s.to_text_js(JsValue::from_str("x")).map(|_| ()))
        .1
        .contains("must be an object"));
    let e = WasmSession::from_text_js(JsValue::from_str("[Game \"unravel\"]\n\n1. a1 (\n"))
        .map(|_| ())
        .unwrap_err();
    assert!(message(e).contains("line 3, column 7"));
}

/// The computer's step shown with the layout its worker worked out: `layout`, `layoutAfter`,
/// `play(step, layout)`, `viewWithoutLegal` and `workCounts`, and layouts of the wrong type
/// refused with a message.
#[wasm_bindgen_test]
fn layouts_cross_the_boundary_and_spare_the_search() {
    let mut page = WasmSession::create("merlins-chain", JsValue::UNDEFINED).unwrap();
    let _ = page.view().unwrap();
    let worker = WasmSession::from_record(&page.record()).unwrap();
    let shown = page.layout().expect("a layout");
    assert_eq!(shown.len(), 64);
    let layout = worker
        .layout_after_js(
            JsValue::from("2@a1"),
            js_sys::Uint8Array::from(&shown[..]).into(),
        )
        .unwrap()
        .expect("a layout after");
    let counts = |key: &str| get(&wasm::work_counts().unwrap(), key).as_f64().unwrap();
    let searches = counts("arrangementSearches");
    let views = counts("stepViews");
    page.play_js(
        JsValue::from("2@a1"),
        js_sys::Uint8Array::from(&layout[..]).into(),
    )
    .unwrap();
    let bare = page.view_without_legal(JsValue::UNDEFINED).unwrap();
    assert!(get(&bare, "legal").is_undefined());
    assert_eq!(
        counts("arrangementSearches"),
        searches,
        "no search with the layout given"
    );
    assert_eq!(
        counts("stepViews"),
        views,
        "no step views without the legal steps"
    );
    let full = page.view().unwrap();
    assert!(Array::from(&get(&full, "legal")).length() > 100);
    assert_eq!(page.layout().unwrap(), layout);
    // An array of numbers does as well as a Uint8Array.
    let mut other = WasmSession::create("merlins-chain", JsValue::UNDEFINED).unwrap();
    let _ = other.view().unwrap();
    let numbers: Array = layout
        .iter()
        .map(|&n| JsValue::from_f64(f64::from(n)))
        .collect();
    other
        .play_js(JsValue::from("2@a1"), numbers.into())
        .unwrap();
    assert_eq!(other.layout().unwrap(), layout);
    // Layouts of the wrong type are refused, saying what a layout is.
    let too_long: Array = (0..2000).map(|_| JsValue::from_f64(1.0)).collect();
    for bad in [
        JsValue::from("1,2,3"),
        JsValue::from_f64(3.0),
        Array::of1(&JsValue::from_f64(256.0)).into(),
        Array::of1(&JsValue::from_f64(-1.0)).into(),
        Array::of1(&JsValue::from_f64(1.5)).into(),
        Array::of1(&JsValue::from("1")).into(),
        too_long.into(),
    ] {
        let mut t = WasmSession::create("merlins-chain", JsValue::UNDEFINED).unwrap();
        let m = message(t.play_js(JsValue::from("2@a1"), bad.clone()).unwrap_err());
        assert!(
            m.starts_with(
                "the layout must be an array of at most 1024 whole numbers from 0 to 255"
            ),
            "{m}"
        );
        assert_eq!(t.record(), "merlins-chain", "nothing played");
        let m = message(
            worker
                .layout_after_js(JsValue::from("2@a1"), bad)
                .unwrap_err(),
        );
        assert!(m.starts_with("the layout shown must be"), "{m}");
    }
    // Other games have no layout; a layout given to them is ignored.
    let mut unravel = WasmSession::create("unravel", JsValue::UNDEFINED).unwrap();
    assert_eq!(unravel.layout(), None);
    unravel
        .play_js(JsValue::from("a1"), Array::new().into())
        .unwrap();
    assert!(
        unravel.record().ends_with("moves=a1"),
        "{}",
        unravel.record()
    );
}

/// An Unravel turn has no bound on its swaps (docs/rules/unravel.md): the 5×5 loop played
/// forty times, 800 swaps in one turn, opens from its record in the page's module and the
/// turn still ends, with Blue's win; and on 6×6, where Blue loses whatever it swaps, the
/// computer asked one swap before the loop closes never closes it.
#[wasm_bindgen_test]
fn an_unravel_turn_may_go_round_its_loop_forty_times() {
    let placements = "a1,c1,b1,e1,d1,a2,d2,b2,a3,c2,c3,e2,e3,b3,a4,b4,c4,e4,d4,d3";
    let round = "c1~c2,d1~e1,a3~b3,a1~a2,b1~b2,c3~c4,d3~d4,d2~e2,e3~e4,a4~b4";
    let mut moves = format!("{placements},c2~c3,b1~b2,d2~e2,e3~e4");
    // Forty times round the loop of twenty swaps: eighty rounds of ten.
    for _ in 0..80 {
        moves = format!("{moves},{round}");
    }
    let record = format!("unravel;size=5;moves={moves}");
    let mut s = WasmSession::from_record(&record).unwrap();
    assert_eq!(s.record(), record);
    let steps = Array::from(&get(&s.view().unwrap(), "steps"));
    assert_eq!(steps.length(), 824);
    s.play("d1~e1").unwrap();
    s.play("a2~a3").unwrap();
    let view = s.view().unwrap();
    let outcome = get(&view, "outcome");
    assert_eq!(get(&outcome, "kind").as_string().as_deref(), Some("winner"));
    assert_eq!(get(&outcome, "seat").as_f64(), Some(1.0));
    let nine = "c1~c2,d1~e1,a3~b3,a1~a2,b1~b2,c3~c4,d3~d4,d2~e2,e3~e4";
    let lost = format!(
        "unravel;size=6;moves=f1,a6,f2,b6,f3,c6,f4,d6,f5,e6,{placements},c2~c3,b1~b2,d2~e2,e3~e4,{round},{nine}"
    );
    let s = WasmSession::from_record(&lost).unwrap();
    for seed in 0..4 {
        for level in ["beginner", "easy", "medium"] {
            let choice = s.ai_choose(level, seed as f64).unwrap();
            let step = get(&choice, "step").as_string().unwrap();
            assert_ne!(step, "a4~b4", "{level}, seed {seed}");
        }
    }
}
