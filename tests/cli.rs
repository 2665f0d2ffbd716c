//! The `ludus` command as a user meets it.

use std::process::Command;

#[path = "common/cli.rs"]
mod common_cli;
use common_cli::{ludus, run};

#[test]
fn perft_prints_the_count() {
    let (ok, out, _) = ludus(&["perft", "unravel", "3", "--size", "3"]);
    assert!(ok);
    assert_eq!(out.trim(), "504");
    let (ok, out, _) = ludus(&[
        "perft",
        "unlur",
        "2",
        "--size",
        "4",
        "--moves",
        "d4 c3 pass",
    ]);
    assert!(ok);
    assert_eq!(out.trim(), "1190");
    let (ok, out, _) = ludus(&["perft", "unravel", "2", "--size", "3", "--divide"]);
    assert!(ok);
    assert!(
        out.contains("a1: 8") && out.trim().ends_with("total: 72"),
        "{out}"
    );
}

#[test]
fn show_prints_board_turn_prompt_and_legal_steps() {
    let (ok, out, _) = ludus(&["show", "scattercut", "--size", "4", "--moves", "b2 c2"]);
    assert!(ok);
    assert!(out.contains("Scattercut by Mark Steere"), "{out}");
    assert!(out.contains(" 2 . R B ."), "{out}");
    assert!(out.contains("To move: Red"), "{out}");
    assert!(out.contains("Legal steps (14)"), "{out}");
    let (ok, out, _) = ludus(&["show", "--record", "unlur;size=4;moves=d4"]);
    assert!(ok, "{out}");
    assert!(out.contains("Unlur by Jorge Gomez Arrausi"));
}

#[test]
fn random_games_are_reproducible_and_replay() {
    for game in ["unravel", "scattercut", "unity", "merlins-chain", "unlur"] {
        let (ok, a, err) = ludus(&["random", game, "--seed", "5"]);
        assert!(ok, "{game}: {err}");
        let (_, b, _) = ludus(&["random", game, "--seed", "5"]);
        assert_eq!(a, b);
        let (ok, shown, err) = ludus(&["show", "--record", a.trim()]);
        assert!(ok, "{game}: {err}");
        assert!(shown.contains("Result:"), "{game}: {shown}");
    }
}

#[test]
fn bad_input_exits_non_zero_with_one_line() {
    let cases: &[&[&str]] = &[
        &["perft", "chess", "1"],
        &["perft", "unravel", "x"],
        &["perft", "unravel", "1", "--size", "2"],
        &["perft", "unravel", "1", "--size", "-3"],
        &["show", "unravel", "--moves", "a1 a1"],
        &["show", "unity", "--players", "4"],
        &["show", "unity", "--neutral", "pink"],
        &["show", "unity", "--layout", "PPP"],
        &["show", "unity", "--walls", "a1|z9"],
        &["show", "merlins-chain", "--size", "8"],
        &["random", "unravel"],
        &[
            "match", "unlur", "--a", "random", "--b", "wizard", "--games", "1",
        ],
        &["frobnicate"],
        &["show", "unravel", "--bogus", "1"],
        &["show"],
    ];
    for args in cases {
        let (ok, _, err) = ludus(args);
        assert!(!ok, "{args:?} should fail");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("ludus: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn match_prints_wins_with_an_interval() {
    let (ok, out, err) = ludus(&[
        "match", "unlur", "--size", "4", "--a", "mcts:200", "--b", "random", "--games", "4",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("95% CI"), "{out}");
    assert!(out.contains("mcts:200") && out.contains("random"), "{out}");
    // A level plays its spec for the game: medium is 2000 iterations in Scattercut.
    let (ok, out, err) = ludus(&[
        "match",
        "scattercut",
        "--size",
        "4",
        "--a",
        "medium",
        "--b",
        "random",
        "--games",
        "1",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("mcts:2000"), "{out}");
}

#[test]
fn match_draws_a_new_unity_setup_for_each_round_of_seat_orders() {
    let setups = |args: &[&str]| -> Vec<String> {
        let (ok, _, err) = ludus(args);
        assert!(ok, "{err}");
        err.lines()
            .filter(|l| l.starts_with("game "))
            .map(|l| {
                l.split(':')
                    .next()
                    .unwrap()
                    .split_once(' ')
                    .unwrap()
                    .1
                    .to_string()
            })
            .collect()
    };
    let base = [
        "match", "unity", "--a", "random", "--b", "random", "--games", "6",
    ];
    let two = setups(&[&base[..], &["--seed", "5"]].concat());
    let seeds: Vec<&str> = two.iter().map(|g| g.split_once(' ').unwrap().1).collect();
    assert!(seeds.iter().all(|s| s.contains("setup seed")), "{two:?}");
    // Both seat orders of a round share a setup; the rounds' setups differ.
    assert!(
        seeds[0] == seeds[1] && seeds[2] == seeds[3] && seeds[4] == seeds[5],
        "{two:?}"
    );
    assert!(seeds[0] != seeds[2] && seeds[2] != seeds[4], "{two:?}");
    // The same match seed gives the same setups; three players rotate through three seats.
    assert_eq!(two, setups(&[&base[..], &["--seed", "5"]].concat()));
    let three = setups(&[&base[..], &["--c", "random", "--players", "3"]].concat());
    let seeds: Vec<&str> = three.iter().map(|g| g.split_once(' ').unwrap().1).collect();
    assert!(
        seeds[0] == seeds[2] && seeds[2] != seeds[3] && seeds[3] == seeds[5],
        "{three:?}"
    );
    // A layout of one's own fixes the setup.
    let layout = "GoGPpgPOooGOoOPPpoOPOPOogGGpgppPGpGOo.oOGOgoPgpoppGgGpgOgPPgg";
    let (ok, _, err) = ludus(&[&base[..], &["--layout", layout]].concat());
    assert!(ok && !err.contains("setup seed"), "{err}");
}

#[test]
fn bench_prints_figures_for_each_game() {
    let (ok, out, err) = ludus(&[
        "bench",
        "unlur",
        "unravel",
        "--seconds",
        "0.2",
        "--runs",
        "1",
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("perft steps/s") && out.contains("playouts/s"));
    for game in ["unlur", "unravel"] {
        let line = out.lines().find(|l| l.starts_with(game)).expect(game);
        let figures: Vec<f64> = line
            .split_whitespace()
            .skip(1)
            .map(|f| f.parse().unwrap())
            .collect();
        assert_eq!(figures.len(), 4, "{line}");
        assert!(figures.iter().all(|&f| f > 0.0), "{line}");
    }
    let (ok, _, err) = ludus(&["bench", "unlur", "--runs", "0"]);
    assert!(!ok && err.contains("--runs"), "{err}");
    let (ok, _, err) = ludus(&["bench", "unlur", "--seconds", "-1"]);
    assert!(!ok && err.contains("--seconds"), "{err}");
}

#[test]
fn solve_analyse_and_review() {
    let (ok, out, _) = ludus(&["solve", "scattercut", "--size", "3"]);
    assert!(ok);
    assert!(out.starts_with("Red wins with best play"), "{out}");
    assert!(
        out.contains("winning steps (5 of 9): b1 a2 b2 c2 b3"),
        "{out}"
    );
    assert!(out.contains("a1 (Blue wins)"), "{out}");
    let (ok, out, _) = ludus(&["solve", "unravel", "--size", "5", "--nodes", "100"]);
    assert!(ok);
    assert!(out.starts_with("not proven"), "{out}");
    let (ok, _, err) = ludus(&["solve", "unity", "--players", "3"]);
    assert!(!ok);
    assert!(err.contains("two-player"), "{err}");
    let (ok, _, err) = ludus(&["solve", "unravel", "--seconds", "0"]);
    assert!(!ok);
    assert!(err.contains("--seconds"), "{err}");

    let (ok, out, _) = ludus(&["analyse", "unravel", "--size", "3", "--iterations", "200"]);
    assert!(ok);
    assert!(out.contains("exact: Red wins with best play"), "{out}");
    assert!(out.contains("best step: "), "{out}");
    let (ok, _, err) = ludus(&["analyse", "unravel", "--iterations", "0"]);
    assert!(!ok);
    assert!(err.contains("budget"), "{err}");

    let (ok, out, _) = ludus(&[
        "review",
        "--record",
        "unravel;size=3;moves=b2,a1,c2",
        "--iterations",
        "200",
    ]);
    assert!(ok);
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(out.lines().nth(1).unwrap().contains("a1"), "{out}");
    // `--seed` seeds the review's searches: the same seed, the same review.
    let review = |seed: &str| {
        let record = "unlur;moves=b2,b4,pass,e5,d4";
        let (ok, out, err) = ludus(&[
            "review",
            "--record",
            record,
            "--iterations",
            "300",
            "--seed",
            seed,
        ]);
        assert!(ok, "{err}");
        out
    };
    assert_eq!(review("1"), review("1"));
    assert_ne!(review("1"), review("2"));
    let (ok, _, err) = ludus(&["review", "--record", "unravel;moves=z9"]);
    assert!(!ok);
    assert!(err.contains("z9"), "{err}");
}

/// `ludus` run with raw arguments: its exit code (None if a signal ended it) and stderr.
fn ludus_os(args: &[&std::ffi::OsStr]) -> (Option<i32>, String) {
    let out = run(args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Refused with exit status 2 and one line saying `why`.
fn assert_refused(args: &[&std::ffi::OsStr], why: &str) {
    let (code, err) = ludus_os(args);
    assert_eq!(code, Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.starts_with("ludus: ") && err.contains(why),
        "{args:?}: {err}"
    );
}

fn os<'a>(args: &[&'a str]) -> Vec<&'a std::ffi::OsStr> {
    args.iter().map(|a| std::ffi::OsStr::new(*a)).collect()
}

// Arguments that are not UTF-8 are built from bytes, which only Unix allows.
#[cfg(unix)]
#[test]
fn an_argument_that_is_not_utf8_is_refused_with_a_reason() {
    use std::os::unix::ffi::OsStrExt;
    let bad = std::ffi::OsStr::from_bytes(b"a\xffb");
    let cases: [Vec<&std::ffi::OsStr>; 4] = [
        vec![bad],
        vec![os(&["perft"])[0], os(&["unravel"])[0], bad],
        [os(&["show", "unravel", "--moves"]), vec![bad]].concat(),
        [
            os(&["show", "unravel"]),
            vec![std::ffi::OsStr::from_bytes(b"--\xfe")],
        ]
        .concat(),
    ];
    for args in &cases {
        assert_refused(args, "is not UTF-8 text");
    }
    let (_, err) = ludus_os(&cases[1]);
    assert!(err.contains("argument 3 is not UTF-8"), "{err}");
}

#[test]
fn no_number_argument_aborts_on_allocation() {
    assert_refused(
        &os(&["perft", "unravel", "4294967295"]),
        "DEPTH must be a whole number from 0 to 1000",
    );
    assert_refused(
        &os(&["perft", "unravel", "1001", "--size", "3"]),
        "DEPTH must be a whole number from 0 to 1000",
    );
    // The deepest depth taken is counted, quickly at a game's end (an ended line counts 0).
    let (ok, record, err) = ludus(&["random", "unlur", "--seed", "2", "--size", "4"]);
    assert!(ok, "{err}");
    let (ok, out, err) = ludus(&["perft", "1000", "--record", record.trim()]);
    assert!(ok && out.trim() == "0", "{out} {err}");
    for args in [
        &["show", "unravel", "--size", "4294967295"][..],
        &["show", "unravel", "--size", "99999999999999999999999"],
        &["show", "unity", "--supply", "18446744073709551615"],
        &["show", "unity", "--players", "4294967299"],
        &[
            "bench",
            "unlur",
            "--mcts",
            "10",
            "--runs",
            "18446744073709551615",
        ],
        &["bench", "unlur", "--mcts", "10", "--runs", "0"],
        &["analyse", "unlur", "--iterations", "4294967295"],
        &["review", "--record", "unlur", "--iterations", "4294967296"],
    ] {
        // Refused in one line, whatever it says.
        assert_refused(&os(args), "");
    }
}

#[test]
fn a_repeated_option_is_refused() {
    assert_refused(
        &os(&["show", "unravel", "--size", "6", "--size", "8"]),
        "--size is given twice",
    );
    assert_refused(
        &os(&[
            "perft", "unravel", "1", "--size", "3", "--divide", "--divide",
        ]),
        "--divide is given twice",
    );
    assert_refused(
        &os(&[
            "show", "unlur", "--moves", "d4", "--record", "unlur", "--moves", "d5",
        ]),
        "--moves is given twice",
    );
}

#[test]
fn messages_show_invisible_characters_as_escapes() {
    // A right-to-left override in the input must not reverse the rest of the message.
    for args in [
        &["show", "unravel", "--moves", "a1 \u{202e}b2 tuo"][..],
        &["show", "--record", "unravel;moves=\u{202e}a1"],
        &["show", "--record", "unravel;\u{2067}size=6"],
        &["show", "unravel", "--\u{202e}size", "6"],
        &["show", "unravel", "--size", "\u{200f}6"],
        &["\u{202e}show"],
        &["show", "unity", "--neutral", "\u{2066}pink\u{2069}"],
        &["show", "unity", "--walls", "c3|\u{61c}c4\u{200e}"],
        &[
            "match",
            "unlur",
            "--a",
            "random",
            "--b",
            "\u{202d}quick",
            "--games",
            "1",
        ],
    ] {
        let (code, err) = ludus_os(&os(args));
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            !err.chars().any(|c| matches!(c, '\u{200e}' | '\u{200f}' | '\u{61c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')),
            "{args:?}: {err:?}"
        );
        assert!(err.contains("\\u{"), "{args:?}: the escape is shown: {err}");
    }
}

/// The help names today's levels, not the names of the levels before the ladder (which
/// `PlayerSpec::parse` still reads, for settings and scripts written with them).
#[test]
fn the_help_names_the_levels() {
    let (ok, out, _) = ludus(&["help"]);
    assert!(ok);
    let player = out
        .lines()
        .find(|l| l.starts_with("PLAYER:"))
        .expect("a PLAYER line");
    for level in ludus::ai::levels::LEVELS {
        assert!(player.contains(level.id), "{player}: {}", level.id);
    }
    for old in ["quick", "normal", "strong"] {
        assert!(!out.contains(old), "the help names {old}: {out}");
    }
}

#[test]
fn record_converts_between_records_links_and_text_files() {
    let tree = "unravel;size=4;v=2;moves={Start}a1!?,b1(d4,c4),a2;at=3";
    let (ok, text, err) = ludus(&[
        "record",
        tree,
        "--to",
        "text",
        "--player1",
        "Ann",
        "--date",
        "2026-11-26",
    ]);
    assert!(ok, "{err}");
    assert_eq!(
        text,
        "[Game \"unravel\"]\n[Options \"size=4\"]\n[Player1 \"Ann\"]\n[Date \"2026-11-26\"]\n[At \"3\"]\n\n\
         {Start} 1. a1!? 2. b1 (2. d4 3. c4) 3. a2\n"
    );
    // A text file is read wherever a record is taken: as @FILE, or from standard input.
    let dir = std::env::temp_dir().join(format!("ludus-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(&file, &text).unwrap();
    let at_file = format!("@{}", file.display());
    let (ok, record, err) = ludus(&["record", &at_file]);
    assert!(ok, "{err}");
    assert_eq!(record.trim(), tree);
    let (ok, shown, err) = ludus(&["show", "--record", &at_file]);
    assert!(ok, "{err}");
    assert!(shown.contains(&format!("Record: {tree}")), "{shown}");
    let (ok, again, _) = ludus(&["record", &at_file, "--to", "text"]);
    assert!(ok);
    assert_eq!(again, text, "the file's tags are kept");
    // Long games get a packed link record, which reads back.
    let long = format!("unlur;v=2;moves=d4{{{}}}", "long+comment+".repeat(150));
    let (ok, link, err) = ludus(&["record", &long, "--to", "link"]);
    assert!(ok, "{err}");
    assert!(
        link.starts_with('~') && link.len() < long.len() / 4,
        "{link}"
    );
    let (ok, back, _) = ludus(&["record", link.trim()]);
    assert!(ok);
    assert_eq!(back.trim(), long);
    // Refusals name what is wrong.
    let (ok, _, err) = ludus(&["record", "unravel", "--to", "pgn"]);
    assert!(
        !ok && err.contains("--to must be record, link or text"),
        "{err}"
    );
    let missing = format!("@{}", dir.join("none.txt").display());
    let (ok, _, err) = ludus(&["record", &missing]);
    assert!(!ok && err.contains("cannot read"), "{err}");
    std::fs::write(&file, "[Game \"unravel\"]\n\n1. a1 (\n").unwrap();
    let (ok, _, err) = ludus(&["record", &at_file]);
    assert!(!ok && err.contains("line 3, column 7"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_reads_a_file_or_standard_input_only_up_to_its_limit() {
    use std::io::Write;
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let max = ludus::session::text::MAX_TEXT_LEN;
    // An endless file: refused after the limit and one byte, not read on.
    let start = Instant::now();
    let (ok, _, err) = ludus(&["record", "@/dev/zero"]);
    assert!(!ok, "{err}");
    assert!(
        err.contains(&format!("is too long (more than {max} bytes")),
        "{err}"
    );
    assert!(start.elapsed() < Duration::from_secs(20));
    // Endless standard input: the same, and the writer finds the pipe closed.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["show", "--record", "@-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 16];
        let mut written = 0usize;
        while stdin.write_all(&chunk).is_ok() {
            written += chunk.len();
            if written > 100 << 20 {
                break;
            }
        }
        written
    });
    let out = child.wait_with_output().unwrap();
    let written = writer.join().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "standard input is too long (more than {max} bytes"
        )),
        "{err}"
    );
    assert!(written < 10 << 20, "{written} bytes were taken in");
    // A file at the limit is read (and refused for what it holds).
    let dir = std::env::temp_dir().join(format!("ludus-cli-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("big.txt");
    std::fs::write(&file, "x".repeat(max)).unwrap();
    let (ok, _, err) = ludus(&["record", &format!("@{}", file.display())]);
    assert!(!ok && !err.contains("too long (more than"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_reads_a_text_file_that_starts_with_a_byte_order_mark() {
    let dir = std::env::temp_dir().join(format!("ludus-cli-bom-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(
        &file,
        "\u{feff}[Game \"unravel\"]\r\n[Options \"size=4\"]\r\n\r\n1. a1 2. b1\r\n",
    )
    .unwrap();
    let (ok, out, err) = ludus(&["record", &format!("@{}", file.display())]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "unravel;size=4;moves=a1,b1");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn record_refuses_an_extra_argument() {
    let (ok, out, err) = ludus(&["record", "unravel;moves=a1", "extra"]);
    assert!(!ok, "{out}");
    assert!(
        err.contains(
            "`ludus record` takes one record or @FILE; \"extra\" is one argument too many"
        ),
        "{err}"
    );
}

#[test]
fn every_command_refuses_an_extra_argument() {
    for (args, reason) in [
        (
            &["show", "unravel", "extra"][..],
            "`ludus show` takes GAME (or --record TEXT); \"extra\" is one argument too many",
        ),
        (
            &["show", "--record", "unravel;moves=a1", "unlur"],
            "`ludus show` takes GAME (or --record TEXT); \"unlur\" is one argument too many",
        ),
        (
            &["perft", "unravel", "1", "extra"],
            "`ludus perft` takes GAME DEPTH (or --record TEXT DEPTH); \"extra\" is one argument too many",
        ),
        (
            &["random", "unravel", "extra", "--seed", "1"],
            "`ludus random` takes GAME; \"extra\" is one argument too many",
        ),
        (
            &["match", "unravel", "unlur", "--a", "random", "--b", "random", "--games", "1"],
            "`ludus match` takes GAME; \"unlur\" is one argument too many",
        ),
        (
            &["solve", "unravel", "extra", "--size", "3"],
            "`ludus solve` takes GAME (or --record TEXT); \"extra\" is one argument too many",
        ),
        (
            &["analyse", "unravel", "extra", "--iterations", "10"],
            "`ludus analyse` takes GAME (or --record TEXT); \"extra\" is one argument too many",
        ),
        (
            &["review", "unravel", "--record", "unravel;moves=a1"],
            "`ludus review` takes no GAME, only --record TEXT; \"unravel\" is one argument too many",
        ),
        (
            &["soak", "unravel", "unlur", "--games", "1"],
            "`ludus soak` takes one GAME or all; \"unlur\" is one argument too many",
        ),
        (
            &["lessons", "unlur", "extra"],
            "`ludus lessons` takes one GAME; \"extra\" is one argument too many",
        ),
        (
            &["puzzles", "unlur", "extra"],
            "`ludus puzzles` takes one GAME; \"extra\" is one argument too many",
        ),
        (
            &["puzzles", "generate", "unlur", "extra"],
            "`ludus puzzles generate` takes one GAME; \"extra\" is one argument too many",
        ),
    ] {
        let out = run(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.trim_end(), format!("ludus: {reason}"), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn a_quoted_control_character_is_escaped_once() {
    let dir = std::env::temp_dir().join(format!("ludus-cli-nul-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(&file, "unravel;size=d4\0").unwrap();
    let (ok, _, err) = ludus(&["record", &format!("@{}", file.display())]);
    assert!(!ok);
    assert!(err.contains("(got \"d4\\0\")"), "{err}");
    let (ok, _, err) = ludus(&["show", "unravel", "--size", "\u{7}"]);
    assert!(!ok);
    assert!(err.contains("(got \"\\u{7}\")"), "{err}");
    // A backslash or a double quote of the text itself is escaped, once, in quotes.
    let (ok, _, err) = ludus(&["show", "unravel", "--size", "a\\\"b"]);
    assert!(!ok);
    assert!(err.contains(r#"(got "a\\\"b")"#), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `ludus train` writes weights the engine reads back for every game,
/// the same for the same seed; `ludus contract` plays fixed contract strategies against the
/// learned one.
#[test]
fn train_writes_reproducible_weights_and_contract_checks_them() {
    use ludus::games::replies::ReplyWeights;
    let dir = std::env::temp_dir().join(format!("ludus-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut texts = Vec::new();
    for name in ["a.txt", "b.txt"] {
        let out = dir.join(name);
        let (ok, stdout, stderr) = ludus(&[
            "train",
            "unlur",
            "--sides",
            "4",
            "--games",
            "30",
            "--player",
            "mcts:30",
            "--seed",
            "5",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(ok, "{stderr}");
        assert!(stdout.contains("side 4: 30 games, Black won"), "{stdout}");
        assert!(stdout.contains("held-out log-loss"), "{stdout}");
        texts.push(std::fs::read_to_string(&out).unwrap());
    }
    // The elapsed seconds in each line's note differ; the weights must not.
    let weights = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| l.starts_with("side "))
            .map(|l| l.split('#').next().unwrap().to_string())
            .collect()
    };
    assert_eq!(weights(&texts[0]), weights(&texts[1]));
    let models = ludus::games::unlur::contract::parse_models(&texts[0]).unwrap();
    assert_eq!(models.len(), 1);
    assert_eq!(models[0].side, 4);

    // The reply weights: the same for the same seed, and read back by the engine; the
    // command prints what `says`.
    let weights_twice = |args: &[&str], set: &ludus::games::replies::ShapeSet, says: &[&str]| {
        let mut texts = Vec::new();
        for name in ["r1.txt", "r2.txt"] {
            let out = dir.join(name);
            let mut all = args.to_vec();
            all.extend(["--player", "mcts:30", "--seed", "3"]);
            all.extend(["--out", out.to_str().unwrap()]);
            let (ok, stdout, stderr) = ludus(&all);
            assert!(ok, "{stderr}");
            for said in says {
                assert!(stdout.contains(said), "{said}: {stdout}");
            }
            let text = std::fs::read_to_string(&out).unwrap();
            let command = format!("ludus {} --seed 3 --player mcts:30", args.join(" "));
            assert!(text.contains(&command), "{text}");
            let weights = ReplyWeights::parse(set, &text).unwrap();
            assert!(weights.base > 0.0 && weights.base < 1.0, "{text}");
            // The summary line holds the elapsed seconds; the weights must not differ.
            texts.push(
                text.lines()
                    .filter(|l| !l.starts_with('#'))
                    .collect::<Vec<_>>()
                    .join("\n"),
            );
        }
        assert_eq!(texts[0], texts[1]);
    };
    let replies = ["10 games a board", "next to it"];
    weights_twice(
        &[
            "train", "unlur", "--learn", "replies", "--sides", "4,5", "--games", "10",
        ],
        &ludus::games::unlur::replies::SHAPE_SET,
        &replies,
    );
    weights_twice(
        &["train", "scattercut", "--sizes", "5,6", "--games", "10"],
        &ludus::games::scattercut::replies::SHAPE_SET,
        &replies,
    );
    for (args, says) in [
        (
            &["train", "scattercut", "--sides", "5"][..],
            "--sides is for Unlur",
        ),
        (
            &["train", "scattercut", "--learn", "contract"][..],
            "only its replies",
        ),
        (
            &["train", "scattercut", "--sizes", "2"][..],
            "sizes from 3 to 19",
        ),
        (
            &["train", "unlur", "--sizes", "8"][..],
            "--sizes is for Scattercut",
        ),
    ] {
        let (ok, _, stderr) = ludus(args);
        assert!(!ok, "{args:?}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let (ok, _, stderr) = ludus(&["train", "unlur", "--learn", "replies", "--rounds", "2"]);
    assert!(!ok);
    assert!(stderr.contains("one round"), "{stderr}");
    let (ok, _, stderr) = ludus(&["train", "unlur", "--learn", "openings"]);
    assert!(!ok);
    assert!(stderr.contains("contract, replies or priors"), "{stderr}");
    // Unlur's placement order: every empty cell of every placement after the contract.
    weights_twice(
        &[
            "train", "unlur", "--learn", "priors", "--sides", "4,5", "--games", "10",
        ],
        &ludus::games::unlur::replies::SHAPE_SET,
        &["10 games a side", "empty cells offered"],
    );
    let (ok, _, stderr) = ludus(&["train", "unlur", "--learn", "priors", "--rounds", "2"]);
    assert!(!ok);
    assert!(
        stderr.contains("its placement order, over --sides"),
        "{stderr}"
    );

    // Merlin's Chain's flip order, the same way: every step of 10 games counted.
    weights_twice(
        &["train", "merlins-chain", "--games", "10"],
        &ludus::games::merlins_chain::order::CLASS_SET,
        &["10 games, ", "640 steps"],
    );
    let (ok, _, stderr) = ludus(&["train", "merlins-chain", "--sides", "5"]);
    assert!(!ok);
    assert!(stderr.contains("its flip order"), "{stderr}");

    // Unravel's placement priors, the same way: every empty cell at a turn's start offered.
    weights_twice(
        &[
            "train", "unravel", "--learn", "priors", "--sizes", "5", "--games", "10",
        ],
        &ludus::games::unravel::priors::SHAPE_SET,
        &["10 games a size", "empty cells offered"],
    );
    let (ok, _, stderr) = ludus(&["train", "unravel", "--learn", "replies"]);
    assert!(!ok);
    assert!(stderr.contains("its priors or its eval"), "{stderr}");
    // Unravel's evaluation: two weights, the same for the same seed, read back by the engine.
    let mut evals = Vec::new();
    for name in ["e1.txt", "e2.txt"] {
        let out = dir.join(name);
        let (ok, stdout, stderr) = ludus(&[
            "train",
            "unravel",
            "--learn",
            "eval",
            "--sizes",
            "5",
            "--games",
            "10",
            "--player",
            "mcts:30",
            "--seed",
            "3",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(ok, "{stderr}");
        assert!(stdout.contains("turn starts, the mover won"), "{stdout}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(
            text.contains(
                "ludus train unravel --learn eval --sizes 5 --games 10 --seed 3 --player mcts:30"
            ),
            "{text}"
        );
        ludus::games::unravel::eval::EvalWeights::parse(&text).unwrap();
        evals.push(
            text.lines()
                .filter(|l| !l.starts_with('#'))
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    assert_eq!(evals[0], evals[1]);
    let (ok, _, stderr) = ludus(&["train", "unravel", "--learn", "eval", "--sides", "5"]);
    assert!(!ok);
    assert!(stderr.contains("its evaluation over --sizes"), "{stderr}");

    // Unity's step order, the same way: every legal step of every turn offered.
    weights_twice(
        &["train", "unity", "--players", "2,3", "--games", "10"],
        &ludus::games::unity::order::CLASS_SET,
        &["10 games a player count", "legal steps offered"],
    );
    let (ok, _, stderr) = ludus(&["train", "unity", "--sizes", "5"]);
    assert!(!ok);
    assert!(
        stderr.contains("its step order, over --players"),
        "{stderr}"
    );
    let (ok, _, stderr) = ludus(&["train", "unity", "--players", "4"]);
    assert!(!ok);
    assert!(stderr.contains("--players takes"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();

    let (ok, stdout, stderr) = ludus(&[
        "contract", "--sides", "5", "--stones", "0-1", "--games", "2", "--player", "mcts:30",
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("k = 0 ") && stdout.contains("k = 1 "),
        "{stdout}"
    );
    assert!(stdout.contains("best strategy: side 5"), "{stdout}");
    // The strategy's side can play worse after the contract than the computer's: played at
    // random there, it wins none of the games it won some of as an equal (the seeds fix
    // every game).
    let wins = |strategy_player: &str| {
        let (ok, stdout, stderr) = ludus(&[
            "contract",
            "--sides",
            "5",
            "--stones",
            "3-3",
            "--games",
            "5",
            "--player",
            "mcts:200",
            "--strategy-player",
            strategy_player,
        ]);
        assert!(ok, "{stderr}");
        let said = format!("the strategy's side {strategy_player} after the contract");
        assert!(stdout.contains(&said), "{stdout}");
        let row = stdout.lines().find(|l| l.starts_with("k = 3")).unwrap();
        row.split_whitespace()
            .filter_map(|w| w.parse::<usize>().ok())
            // k, then "wins of games" four times.
            .skip(1)
            .step_by(2)
            .sum::<usize>()
    };
    assert!(wins("mcts:200") > 0);
    assert_eq!(wins("random"), 0);
    let (ok, _, stderr) = ludus(&["contract", "--stones", "9-3"]);
    assert!(!ok);
    assert!(stderr.contains("must run upwards"), "{stderr}");
}

/// A reader that stops reading (`ludus perft … | head`) ends the command quietly, with
/// success: no panic about a broken pipe.
#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    for args in [
        &["perft", "merlins-chain", "1", "--divide"][..],
        &["show", "unravel"],
        &["puzzles", "unravel", "--array"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The read end is closed before the command writes, so its first write fails.
        child.stdout = None;
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}
