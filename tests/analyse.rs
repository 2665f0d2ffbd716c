//! Analysis and review (`ludus::ai::analyse`): chances per seat, a legal best step and
//! line, exact results where the solver proves them, and reviews that point at the steps
//! that lost ground.

use ludus::ai::analyse::{analyse, review, Budget};
use ludus::games::GameKind;
use ludus::rng::Rng;
use ludus::session::Session;
use ludus::{OptionMap, Outcome};

#[path = "common/start.rs"]
mod start;

use start::start;

const SEARCH_ONLY: Budget = Budget {
    iterations: 1500,
    solver_nodes: 0,
};

#[test]
fn chances_best_step_and_line_for_every_game() {
    for (kind, options, seats) in [
        ("unravel", &[][..], 2),
        ("scattercut", &[][..], 2),
        ("unity", &[][..], 2),
        ("unity", &[("players", "3")][..], 3),
        ("merlins-chain", &[][..], 2),
        ("unlur", &[][..], 2),
    ] {
        let game = start(kind, options);
        let a = analyse(&game, SEARCH_ONLY, 3);
        assert_eq!(a.chances.len(), seats, "{kind}");
        let total: f64 = a.chances.iter().sum();
        assert!((total - 1.0).abs() < 0.01, "{kind}: {:?}", a.chances);
        assert!(a.chances.iter().all(|c| (0.0..=1.0).contains(c)), "{kind}");
        assert_eq!(a.to_move, Some(0));
        let best = a.best.clone().expect("a running game has a best step");
        assert!(game.legal_step_texts().contains(&best), "{kind}: {best}");
        assert_eq!(a.line.first(), Some(&best), "{kind}");
        // The line is playable step by step.
        let mut g = game.clone();
        for step in &a.line {
            g.play_text(step)
                .unwrap_or_else(|e| panic!("{kind}: line {:?}: {e}", a.line));
        }
        assert!(!a.top.is_empty() && a.top.len() <= 5);
        assert!(a.top.windows(2).all(|w| w[0].visits >= w[1].visits));
        assert_eq!(a.iterations, 1500);
        assert_eq!(a.exact, None);
        // The same seed gives the same analysis.
        assert_eq!(analyse(&game, SEARCH_ONLY, 3), a, "{kind}");
    }
}

#[test]
fn exact_results_where_the_solver_proves_them() {
    let game = start("unravel", &[("size", "3")]);
    let a = analyse(&game, Budget::for_iterations(500).unwrap(), 1);
    let exact = a
        .exact
        .expect("Unravel 3x3 is solved in a few thousand positions");
    assert_eq!(exact.outcome, Outcome::Winner(0));
    assert_eq!(exact.text, "Red wins with best play");
    assert_eq!(exact.keeping.len(), 9);
    assert_eq!(a.chances, vec![1.0, 0.0]);
    assert!(exact.keeping.contains(a.best.as_ref().unwrap()));

    // Red to move after a1 b2 on 4x4 has lost (ludus solve): no step keeps anything.
    let mut lost = start("unravel", &[("size", "4")]);
    lost.play_text("a1").unwrap();
    lost.play_text("b2").unwrap();
    let a = analyse(
        &lost,
        Budget {
            iterations: 500,
            solver_nodes: 10_000_000,
        },
        1,
    );
    let exact = a.exact.expect("proven");
    assert_eq!(exact.outcome, Outcome::Winner(1));
    assert!(exact.keeping.is_empty());
    assert_eq!(a.chances, vec![0.0, 1.0]);
    assert!(a.best.is_some());

    // Too small a budget proves nothing, and the search's estimate stands.
    let big = start("unravel", &[("size", "6")]);
    let a = analyse(
        &big,
        Budget {
            iterations: 300,
            solver_nodes: 100,
        },
        1,
    );
    assert_eq!(a.exact, None);
    assert!(a.chances[0] > 0.0 && a.chances[0] < 1.0);
}

#[test]
fn a_finished_game_reports_its_result() {
    let mut rng = Rng::new(4);
    let mut game = start("unlur", &[("size", "4")]);
    while game.play_random(&mut rng).is_some() {}
    let outcome = game.outcome().unwrap();
    let a = analyse(&game, SEARCH_ONLY, 1);
    assert_eq!(a.best, None);
    assert_eq!(a.to_move, None);
    assert_eq!(a.exact.unwrap().outcome, outcome);
    if let Outcome::Winner(w) = outcome {
        assert_eq!(a.chances[w], 1.0);
    }
}

#[test]
fn review_points_at_the_steps_that_lost_ground() {
    // A random game on a small board: random steps throw wins away.
    let mut found = 0;
    for seed in 1..=3 {
        let mut session = Session::new(GameKind::Unravel, &{
            let mut m = OptionMap::new();
            m.set("size".to_string(), "4".to_string());
            m
        })
        .unwrap();
        let mut rng = Rng::new(seed);
        loop {
            let mut g = session.current().clone();
            let Some(step) = g.play_random(&mut rng) else {
                break;
            };
            session.play(&step).unwrap();
        }
        let budget = Budget {
            iterations: 400,
            solver_nodes: 20_000,
        };
        let steps = review(&session, budget, 0.15, 9).unwrap();
        assert_eq!(steps.len(), session.len());
        assert_eq!(review(&session, budget, 0.15, 9).unwrap(), steps);
        let texts = session.step_texts();
        for r in &steps {
            assert_eq!(r.step, texts[r.index]);
            assert_eq!(r.mover, session.movers()[r.index]);
            assert!((0.0..=1.0).contains(&r.before) && (0.0..=1.0).contains(&r.after));
            assert_eq!(r.better.is_some(), r.after_better.is_some(), "{r:?}");
            if let Some(better) = &r.better {
                found += 1;
                assert!(r.before - r.after > 0.15, "{r:?}");
                assert!(r.after_better.unwrap() - r.after > 0.15, "{r:?}");
                assert_ne!(better, &r.step);
                let mut s = session.clone();
                s.go_to(r.index);
                assert!(s.current().legal_step_texts().contains(better), "{r:?}");
            }
        }
        // The last step ends the game: the mover's chance after it is exact.
        let last = steps.last().unwrap();
        assert!(last.after == 0.0 || last.after == 1.0, "{last:?}");
    }
    assert!(found > 0, "random play never lost ground");
}

/// Two games of `expert` against itself (`ludus match unity --a expert --b expert --games 2
/// --seed 7 --records yes`), reviewed as the page reviews (1000 iterations). A search reads
/// the side to move in Unity near 70% wherever it stands, so most steps' chance falls by
/// more than 15 points from before the step to after it; a step is a mistake only when the
/// better step's position is worth that much more, and these strong games have few.
#[test]
fn a_review_compares_a_step_with_the_better_one_a_step_away() {
    let games = [
        "unity;seed=7;moves=a5xW e7x c4xNW i1x c2xNE b3xE e3xSW f1xE d4|d5 c7x d4|e5 e5xNE",
        "unity;seed=7;moves=c2xNE e7x a5xW i2xE d2xNE e5xNW e1xE b3xE h6xW e4|e5 f5x h2|i2 c4xNW f1-c2 g1xNE",
    ];
    let (mut steps, mut fell, mut flagged) = (0, 0, 0);
    for record in games {
        let session = Session::from_record(record).unwrap();
        let reviewed = review(&session, Budget::for_iterations(1000).unwrap(), 0.15, 1).unwrap();
        steps += reviewed.len();
        fell += reviewed
            .iter()
            .filter(|r| r.before - r.after > 0.15)
            .count();
        for r in reviewed.iter().filter(|r| r.better.is_some()) {
            flagged += 1;
            assert!(r.after_better.unwrap() - r.after > 0.15, "{r:?}");
        }
    }
    assert!(
        fell * 2 > steps,
        "{fell} of {steps} steps fell by more than 15 points"
    );
    assert!(
        flagged <= 2,
        "{flagged} of {steps} steps flagged as mistakes"
    );
}

#[test]
fn bad_budgets_and_thresholds_are_refused() {
    assert!(Budget::for_iterations(0).is_err());
    assert!(Budget::for_iterations(20_000_000).is_err());
    let session = Session::from_record("unlur;size=4;moves=d4,pass").unwrap();
    for bad in [-0.1, 1.5, f64::NAN] {
        let e = review(&session, SEARCH_ONLY, bad, 1).unwrap_err();
        assert!(e.to_string().contains("threshold"), "{e}");
    }
}

/// Where a turn can go round a loop (docs/rules/unravel.md: the 5×5 loop, one swap before
/// it closes; on 6×6 the same loop in a corner, where Blue loses whatever the swaps), the
/// analysis proves the result within the page's budget, and neither its best step, its
/// line nor the steps it says keep the result bring back a position of the turn.
#[test]
fn analysis_never_goes_round_an_unravel_loop() {
    let placements = "a1,c1,b1,e1,d1,a2,d2,b2,a3,c2,c3,e2,e3,b3,a4,b4,c4,e4,d4,d3";
    let round = "c1~c2,d1~e1,a3~b3,a1~a2,b1~b2,c3~c4,d3~d4,d2~e2,e3~e4,a4~b4";
    let nine = "c1~c2,d1~e1,a3~b3,a1~a2,b1~b2,c3~c4,d3~d4,d2~e2,e3~e4";
    let steps = format!("{placements},c2~c3,b1~b2,d2~e2,e3~e4,{round},{nine}");
    for (record, winner) in [
        (format!("unravel;size=5;moves={steps}"), 1),
        (
            format!("unravel;size=6;moves=f1,a6,f2,b6,f3,c6,f4,d6,f5,e6,{steps}"),
            0,
        ),
    ] {
        let session = Session::from_record(&record).unwrap();
        let game = session.current();
        let a = analyse(game, Budget::PAGE, 5);
        let exact = a.exact.as_ref().expect("proved within the page's budget");
        assert_eq!(exact.outcome, Outcome::Winner(winner), "{record}");
        assert!(!exact.keeping.contains(&"a4~b4".to_string()), "{record}");
        let mut position = session.clone();
        for step in &a.line {
            position.play(step).unwrap();
            let ludus::games::AnyGame::Unravel(p) = position.current() else {
                unreachable!()
            };
            assert!(
                !ludus::Game::repeats_within_turn(p),
                "{record}: {:?}",
                a.line
            );
        }
        assert_ne!(a.best.as_deref(), Some("a4~b4"), "{record}");
    }
}

/// In Unlur's contract the analysis gives the computer's own judgement (the learned
/// weights): with six central stones on side 5, passing to take Black, at well over even;
/// with none, placing.
#[test]
fn unlur_s_contract_is_analysed_as_the_computer_plays_it() {
    let mut options = OptionMap::new();
    options.set("size", "5");
    let mut session = Session::new(GameKind::Unlur, &options).unwrap();
    let empty = analyse(session.current(), SEARCH_ONLY, 1);
    assert_ne!(empty.best.as_deref(), Some("pass"));
    for step in ["e5", "e4", "e6", "d4", "d5", "f4"] {
        session.play(step).unwrap();
    }
    let a = analyse(session.current(), SEARCH_ONLY, 1);
    assert_eq!(a.best.as_deref(), Some("pass"));
    assert_eq!(a.line, ["pass"]);
    assert_eq!(a.to_move, Some(0));
    assert!(a.chances[0] > 0.7, "{:?}", a.chances);
    assert!((a.chances[0] + a.chances[1] - 1.0).abs() < 1e-12);
}
