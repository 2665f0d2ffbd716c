//! Scratch check of the Unity and Merlin's Chain lessons until the shared lessons test lands.

use ludus::game::Outcome;
use ludus::games::lesson::{Lesson, RulePoint};
use ludus::games::{merlins_chain, unity};
use ludus::session::Session;
use std::collections::HashSet;

fn one_sentence(text: &str) -> bool {
    !text.is_empty() && text.ends_with('.') && !text[..text.len() - 1].contains(". ")
}

fn check(points: &[RulePoint], lessons: &[Lesson]) {
    assert!((6..=12).contains(&lessons.len()));
    let ids: HashSet<_> = points.iter().map(|p| p.id).collect();
    assert_eq!(ids.len(), points.len(), "rule point ids are unique");
    let lesson_ids: HashSet<_> = lessons.iter().map(|l| l.id).collect();
    assert_eq!(lesson_ids.len(), lessons.len(), "lesson ids are unique");
    let covered: HashSet<_> = lessons
        .iter()
        .flat_map(|l| l.covers.iter().copied())
        .collect();
    for c in &covered {
        assert!(ids.contains(c), "{c} is not a rule point");
    }
    for p in points {
        assert!(covered.contains(p.id), "{} is not covered", p.id);
    }
    for l in lessons {
        for s in [l.goal, l.hint, l.done] {
            assert!(one_sentence(s), "{}: not one sentence: {s}", l.id);
        }
        let start = Session::from_record(l.record).unwrap_or_else(|e| panic!("{}: {e}", l.id));
        let game = start.current().clone();
        let learner = game.to_move().expect("the game is running");
        let err = game.check_text(l.wrong).expect_err(l.wrong);
        assert!(!err.to_string().is_empty());
        eprintln!("{}: wrong {} -> {err}", l.id, l.wrong);
        let mut g = game.clone();
        let mut learner_steps = 0;
        for step in l.line {
            let mover = g
                .to_move()
                .unwrap_or_else(|| panic!("{}: over before {step}", l.id));
            if mover == learner {
                learner_steps += 1;
            }
            let view = g
                .play_text(step)
                .unwrap_or_else(|e| panic!("{}: {step}: {e}", l.id));
            assert_eq!(view.text, *step, "{}: canonical text", l.id);
        }
        assert!((1..=4).contains(&learner_steps), "{}", l.id);
        assert_eq!(
            g.outcome() == Some(Outcome::Winner(learner)),
            l.wins,
            "{}: wins",
            l.id
        );
        assert!(!l.line.is_empty());
    }
}

#[test]
fn unity_lessons() {
    check(unity::lessons::RULE_POINTS, unity::lessons::LESSONS);
}

#[test]
fn merlins_chain_lessons() {
    check(
        merlins_chain::lessons::RULE_POINTS,
        merlins_chain::lessons::LESSONS,
    );
}
