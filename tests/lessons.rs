//! Every lesson of every game, played through the engine as the page plays it: the position
//! opens, the line is legal with the learner and the scripted replies where the lesson says,
//! its goal is reached, the tempting wrong step is refused with a reason, and between them
//! the lessons cover every point of the game's rules. Also the lessons as `ludus lessons`
//! prints them and as the page ships them (`www/learn/<game>-lessons.json`; after a
//! deliberate change, `LUDUS_BLESS=1 cargo test --test lessons` rewrites those files).

use ludus::games::lesson::{entries, Lesson};
use ludus::games::{AnyGame, GameKind};
use ludus::session::Session;
use ludus::Outcome;
use std::collections::HashSet;
use std::process::Command;

/// Lessons are tiny: a learner who must play more than this in one lesson is being taught two.
const MAX_LEARNER_STEPS: usize = 6;

fn is_slug(id: &str) -> bool {
    !id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// One sentence: words, ending in a full stop, with no second sentence after it.
fn is_one_sentence(text: &str) -> bool {
    let text = text.trim();
    text.len() > 3
        && text.ends_with(['.', '!', '?'])
        && !text[..text.len() - 1].contains(". ")
        && !text[..text.len() - 1].contains("! ")
        && !text[..text.len() - 1].contains("? ")
}

fn name(kind: GameKind, lesson: &Lesson) -> String {
    format!("{} lesson {:?}", kind.name(), lesson.id)
}

#[test]
fn every_game_has_a_short_path_of_lessons_with_distinct_names() {
    for kind in GameKind::ALL {
        let lessons = kind.lessons();
        assert!(
            (6..=12).contains(&lessons.len()),
            "{} has {} lessons (6 to 12 wanted)",
            kind.name(),
            lessons.len()
        );
        let mut ids = HashSet::new();
        for lesson in lessons {
            let who = name(kind, lesson);
            assert!(is_slug(lesson.id), "{who}: the id is not a slug");
            assert!(ids.insert(lesson.id), "{who}: the id is used twice");
            assert!(!lesson.title.trim().is_empty(), "{who}: no title");
            for (what, text) in [
                ("goal", lesson.goal),
                ("hint", lesson.hint),
                ("done", lesson.done),
            ] {
                assert!(
                    is_one_sentence(text),
                    "{who}: the {what} is not one sentence"
                );
            }
        }
    }
}

#[test]
fn the_lessons_cover_every_point_of_the_rules() {
    for kind in GameKind::ALL {
        let points = kind.rule_points();
        let mut ids = HashSet::new();
        for point in points {
            assert!(
                is_slug(point.id),
                "{}: rule point {:?}",
                kind.name(),
                point.id
            );
            assert!(
                ids.insert(point.id),
                "{}: rule point {:?} is listed twice",
                kind.name(),
                point.id
            );
            assert!(!point.text.trim().is_empty());
        }
        let mut covered = HashSet::new();
        for lesson in kind.lessons() {
            assert!(
                !lesson.covers.is_empty(),
                "{} teaches nothing",
                name(kind, lesson)
            );
            for id in lesson.covers {
                assert!(
                    ids.contains(id),
                    "{} covers {id:?}, which is not a rule point",
                    name(kind, lesson)
                );
                covered.insert(*id);
            }
        }
        let missed: Vec<_> = points
            .iter()
            .filter(|p| !covered.contains(p.id))
            .map(|p| p.id)
            .collect();
        assert!(
            missed.is_empty(),
            "{}: no lesson covers {missed:?}",
            kind.name()
        );
    }
}

#[test]
fn every_lesson_plays_to_its_goal_and_refuses_the_wrong_step() {
    for kind in GameKind::ALL {
        for lesson in kind.lessons() {
            let who = name(kind, lesson);
            let mut session = Session::from_record(lesson.record)
                .unwrap_or_else(|e| panic!("{who}: the record does not open: {e}"));
            assert_eq!(session.kind(), kind, "{who}: the record is another game's");
            assert_eq!(
                session.cursor(),
                session.len(),
                "{who}: the record must open at its last step (no at=)"
            );
            let learner = session
                .current()
                .to_move()
                .unwrap_or_else(|| panic!("{who}: the game is already over"));

            let refusal = session.check(lesson.wrong).expect_err(&format!(
                "{who}: the wrong step {:?} is legal",
                lesson.wrong
            ));
            assert!(
                !refusal.message().trim().is_empty(),
                "{who}: the wrong step is refused without a reason"
            );

            assert!(!lesson.line.is_empty(), "{who}: the line is empty");
            let mut learner_steps = 0;
            for (i, step) in lesson.line.iter().enumerate() {
                let mover = session.current().to_move().unwrap_or_else(|| {
                    panic!("{who}: the game is over before step {} ({step})", i + 1)
                });
                if i == 0 {
                    assert_eq!(mover, learner);
                }
                if mover == learner {
                    learner_steps += 1;
                }
                session
                    .play(step)
                    .unwrap_or_else(|e| panic!("{who}: step {} ({step}): {e}", i + 1));
            }
            assert!(
                learner_steps <= MAX_LEARNER_STEPS,
                "{who}: {learner_steps} steps for the learner"
            );
            let outcome = session.current().outcome();
            if lesson.wins {
                assert_eq!(
                    outcome,
                    Some(Outcome::Winner(learner)),
                    "{who}: the line does not end in the learner's win"
                );
            } else {
                // A lesson may end the game otherwise (a draw, a loss it warns against).
                assert_ne!(
                    outcome,
                    Some(Outcome::Winner(learner)),
                    "{who}: the learner wins, yet wins is false"
                );
            }
        }
    }
}

fn lines_as_printed(kind: GameKind) -> Vec<String> {
    entries(kind)
        .iter()
        .map(|entry| serde_json::to_string(entry).unwrap())
        .collect()
}

#[test]
fn ludus_lessons_prints_each_lesson_as_a_json_line() {
    for kind in GameKind::ALL {
        let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args(["lessons", kind.name()])
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let printed: Vec<&str> = text.lines().collect();
        assert_eq!(printed, lines_as_printed(kind));
        for (i, line) in printed.iter().enumerate() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(value["game"], kind.name());
            assert_eq!(value["n"], i + 1);
            assert!(value["record"].is_string() && value["line"].is_array());
        }
    }
    for (args, says) in [
        (&["lessons"][..], "missing GAME"),
        (&["lessons", "chess"], "unknown game"),
        (&["lessons", "unravel", "unity"], "one argument too many"),
        (&["lessons", "unravel", "--size", "6"], "no flags"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .args(args)
            .output()
            .unwrap();
        assert!(!out.status.success(), "{args:?} succeeded");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn the_page_ships_the_lessons_as_they_are() {
    let bless = std::env::var_os("LUDUS_BLESS").is_some();
    for kind in GameKind::ALL {
        let path = format!("www/learn/{}-lessons.json", kind.name());
        let want = serde_json::to_string_pretty(&entries(kind)).unwrap() + "\n";
        if bless {
            std::fs::create_dir_all("www/learn").unwrap();
            std::fs::write(&path, &want).unwrap();
            continue;
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "{path} differs from the lessons: run `LUDUS_BLESS=1 cargo test --test lessons`"
        );
    }
}

/// The players of a lesson's start position that are already united: a Unity setup where one
/// is could not come up in play (after any turn it would have won, and the app never deals
/// such a setup), so a lesson must not start there.
fn united_at_start(game: &AnyGame) -> Vec<&'static str> {
    match game {
        AnyGame::Unity(p) => (0..game.players())
            .map(|seat| p.seat_color(seat))
            .filter(|&color| p.is_united(color))
            .map(|color| color.name())
            .collect(),
        _ => vec![],
    }
}

#[test]
fn every_lesson_starts_where_play_can_reach_and_nothing_is_decided() {
    let mut unreachable = vec![];
    for kind in GameKind::ALL {
        for lesson in kind.lessons() {
            let session = Session::from_record(lesson.record).unwrap();
            let game = session.current();
            assert_eq!(game.outcome(), None, "{}", name(kind, lesson));
            let united = united_at_start(game);
            if !united.is_empty() {
                unreachable.push(format!("{}: {united:?} united", name(kind, lesson)));
            }
        }
    }
    assert!(
        unreachable.is_empty(),
        "lessons that start united: {unreachable:?}"
    );
}

/// A lesson asks for a choice: each of the learner's turns in its line offers at least two
/// legal steps at its first step, so that the lesson can be failed (a turn whose only step is
/// a forced pass cannot be). The later steps of a turn may be forced by the rules (the swap a
/// new crosscut leaves, the last stone that fits).
#[test]
fn every_lesson_leaves_the_learner_a_choice() {
    let mut no_choice = vec![];
    for kind in GameKind::ALL {
        for lesson in kind.lessons() {
            let mut session = Session::from_record(lesson.record).unwrap();
            let learner = session.current().to_move().unwrap();
            let mut turn_started = false;
            for step in lesson.line {
                let game = session.current();
                let learners = game.to_move() == Some(learner);
                if learners && !turn_started {
                    let legal = game.legal_step_texts();
                    if legal.len() < 2 {
                        no_choice.push(format!("{} at {step}: {legal:?}", name(kind, lesson)));
                    }
                }
                turn_started = learners;
                session.play(step).unwrap();
            }
        }
    }
    assert!(
        no_choice.is_empty(),
        "lessons without a choice: {no_choice:#?}"
    );
}
