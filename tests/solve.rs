//! The exact solver (`ludus::ai::solve`): checked against plain minimax without a table on
//! many random small positions of four games, its position keys (equal for transposed
//! steps, different for the stages of a multi-step turn), and the command line.

use ludus::ai::solve::{brute_force, solve, solve_any, PnSolver, Solver};
use ludus::games::{AnyGame, GameKind};
use ludus::rng::Rng;
use ludus::{Game, OptionMap, Outcome};

fn start(kind: &str, options: &[(&str, &str)]) -> AnyGame {
    let mut map = OptionMap::new();
    for (k, v) in options {
        map.set(k.to_string(), v.to_string());
    }
    AnyGame::new(GameKind::parse(kind).unwrap(), &map)
        .unwrap()
        .0
}

/// Plays random steps from `game` until at most `left` more steps are likely (judged by
/// `small`), or returns None if the game ended first.
fn random_position<G: Game>(
    game: &G,
    rng: &mut Rng,
    small: &dyn Fn(&G, usize) -> bool,
) -> Option<G> {
    let mut g = game.clone();
    let mut played = 0;
    while !small(&g, played) {
        played += 1;
        let steps = g.legal_step_list();
        let step = *rng.choose(&steps)?;
        g.play(step);
    }
    g.outcome().is_none().then_some(g)
}

/// Solves `count` random positions from `game` with both solvers and compares every
/// result, and every step's result, with plain minimax.
fn cross_check<G: Game>(
    name: &str,
    game: &G,
    count: usize,
    small: &dyn Fn(&G, usize) -> bool,
) -> usize {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    let mut tries = 0;
    let mut decisive = [0; 2];
    while checked < count {
        tries += 1;
        assert!(
            tries < 50 * count,
            "{name}: too few positions still running"
        );
        let Some(position) = random_position(game, &mut rng, small) else {
            continue;
        };
        let Some(expected) = brute_force(&position, 60) else {
            continue;
        };
        // A fresh solver for some positions, a shared one (a warm table) for the others.
        let solution = solve(&position, u64::MAX, &mut || false).unwrap();
        assert_eq!(solution.result, Some(expected), "{name}: {position:?}");
        for r in &solution.steps {
            let mut child = position.clone();
            child.play(r.step);
            assert_eq!(
                r.result,
                brute_force(&child, 60),
                "{name}: step {} in {position:?}",
                position.step_text(r.step)
            );
        }
        // Proof-number search gives the same answers.
        let pns = PnSolver::new()
            .solve(&position, u64::MAX, &mut || false)
            .unwrap();
        assert_eq!(pns.result, solution.result, "{name} (pns): {position:?}");
        assert_eq!(pns.steps, solution.steps, "{name} (pns): {position:?}");
        if let Outcome::Winner(w) = expected {
            decisive[w] += 1;
        }
        checked += 1;
    }
    // The positions must not all have the same answer, or the check proves little.
    assert!(decisive[0] > 0 && decisive[1] > 0, "{name}: {decisive:?}");
    checked
}

fn empty_cells(view: &ludus::BoardView) -> usize {
    view.pieces.iter().filter(|p| p.is_none()).count()
}

#[test]
fn unravel_solver_agrees_with_minimax() {
    let AnyGame::Unravel(g3) = start("unravel", &[("size", "3")]) else {
        unreachable!()
    };
    let s = solve(&g3, u64::MAX, &mut || false).unwrap();
    assert_eq!(s.result, brute_force(&g3, 100));
    let AnyGame::Unravel(g4) = start("unravel", &[("size", "4")]) else {
        unreachable!()
    };
    cross_check("unravel 4x4", &g4, 40, &|g, _| empty_cells(&g.view()) <= 7);
}

#[test]
fn scattercut_solver_agrees_with_minimax() {
    let AnyGame::Scattercut(g) = start("scattercut", &[("size", "4")]) else {
        unreachable!()
    };
    cross_check("scattercut 4x4", &g, 40, &|g, _| {
        empty_cells(&g.view()) <= 6
    });
    let AnyGame::Scattercut(g3) = start("scattercut", &[("size", "3")]) else {
        unreachable!()
    };
    cross_check("scattercut 3x3", &g3, 20, &|g, _| {
        empty_cells(&g.view()) <= 6
    });
}

#[test]
fn unlur_solver_agrees_with_minimax() {
    let AnyGame::Unlur(g) = start("unlur", &[("size", "4")]) else {
        unreachable!()
    };
    // After the contract, with few empty cells left.
    cross_check("unlur side 4", &g, 40, &|g, _| {
        empty_cells(&g.view()) <= 7 || g.outcome().is_some()
    });
}

#[test]
fn merlins_chain_solver_agrees_with_minimax() {
    let AnyGame::MerlinsChain(g) = start("merlins-chain", &[]) else {
        unreachable!()
    };
    // Grey tiles are drawn on the free cells, so count the flips instead: 5 tiles left.
    cross_check("merlin's chain", &g, 30, &|g, played| {
        played >= 59 || g.outcome().is_some()
    });
}

#[test]
fn keys_match_transpositions_and_tell_turn_stages_apart() {
    let key = |kind: &str, options: &[(&str, &str)], steps: &str| {
        let mut g = start(kind, options);
        for s in steps.split_whitespace() {
            g.play_text(s).unwrap();
        }
        ludus::with_game!(&g, p => p.position_key())
    };
    let size4 = [("size", "4")];
    assert_eq!(
        key("unravel", &size4, "a1 d4 b1"),
        key("unravel", &size4, "b1 d4 a1")
    );
    assert_ne!(
        key("unravel", &size4, "a1 d4"),
        key("unravel", &size4, "a1 d3")
    );
    assert_eq!(
        key("scattercut", &size4, "a1 d4 b1"),
        key("scattercut", &size4, "b1 d4 a1")
    );
    assert_eq!(
        key("unlur", &size4, "d4 c3 pass"),
        key("unlur", &size4, "c3 d4 pass")
    );
    // The contract's end changes who plays which colour, not the stones.
    assert_ne!(
        key("unlur", &size4, "d4 c3"),
        key("unlur", &size4, "d4 c3 pass")
    );
    assert_eq!(
        key("merlins-chain", &[], "56@a3 47@f5 50@e3"),
        key("merlins-chain", &[], "50@e3 47@f5 56@a3")
    );
    // Over many random games: positions with equal keys have the same board, seat to
    // move and legal steps (so the same stage of a multi-step turn).
    for (kind, options) in [
        ("unravel", &size4[..]),
        ("scattercut", &size4[..]),
        ("unlur", &size4[..]),
        ("unity", &[][..]),
    ] {
        let mut seen = std::collections::HashMap::new();
        let mut rng = Rng::new(5);
        for _ in 0..40 {
            let mut g = start(kind, options);
            while g.outcome().is_none() {
                let k = ludus::with_game!(&g, p => p.position_key());
                let what = (g.view().pieces, g.to_move(), g.legal_step_texts());
                let earlier = seen.entry(k).or_insert_with(|| what.clone());
                assert_eq!(*earlier, what, "{kind}");
                g.play_random(&mut rng);
            }
        }
    }
}

#[test]
fn unravel_3x3_is_a_first_player_win_with_every_first_step() {
    let g = start("unravel", &[("size", "3")]);
    let s = solve_any(&g, u64::MAX, &mut || false).unwrap();
    assert_eq!(s.result, Some(Outcome::Winner(0)));
    assert_eq!(s.keeping_steps().len(), 9);
}

#[test]
fn a_budget_too_small_proves_nothing_and_three_players_are_refused() {
    let g = start("unravel", &[("size", "5")]);
    let s = solve_any(&g, 50, &mut || false).unwrap();
    assert_eq!(s.result, None);
    assert!(s.steps.is_empty());
    let AnyGame::Unravel(g5) = g.clone() else {
        unreachable!()
    };
    let pns = PnSolver::new().solve(&g5, 50, &mut || false).unwrap();
    assert_eq!(pns.result, None);
    assert!(pns.steps.is_empty());
    let three = start("unity", &[("players", "3")]);
    let e = solve_any(&three, 1000, &mut || false).unwrap_err();
    assert!(e.to_string().contains("two-player"), "{e}");
    let AnyGame::Unity(u) = three else {
        unreachable!()
    };
    assert!(PnSolver::new().solve(&u, 1000, &mut || false).is_err());
    // A finished game is its own result.
    let mut over = start("unravel", &[("size", "3")]);
    for s in "a1 a2 b1 b2 c1 c2".split_whitespace() {
        if over.outcome().is_none() {
            over.play_text(s).unwrap();
        }
    }
    if let Some(o) = over.outcome() {
        assert_eq!(solve_any(&over, 10, &mut || false).unwrap().result, Some(o));
    }
}

#[test]
fn a_warm_table_gives_the_same_answers() {
    let AnyGame::Unravel(g) = start("unravel", &[("size", "4")]) else {
        unreachable!()
    };
    let mut rng = Rng::new(3);
    let mut solver = Solver::new();
    for _ in 0..20 {
        let Some(p) = random_position(&g, &mut rng, &|g, _| empty_cells(&g.view()) <= 9) else {
            continue;
        };
        let warm = solver.solve(&p, u64::MAX, &mut || false).unwrap();
        let cold = solve(&p, u64::MAX, &mut || false).unwrap();
        assert_eq!(warm.result, cold.result);
        assert_eq!(warm.steps, cold.steps);
    }
    assert!(solver.table_len() > 0);
}
