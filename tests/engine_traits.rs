//! The engine traits' split: a rules engine is `Game` alone (no board view, no words, no
//! search hints), and the searches and perft run on it with the neutral hints. A game
//! written from outside the crate shows it: a take-away game (Nim with one heap, take one
//! or two, who takes the last wins), whose results are known by a formula.

use ludus::ai::mcts::{search, SearchConfig};
use ludus::ai::solve::{brute_force, solve};
use ludus::game::{KeyHasher, StepPolicy};
use ludus::rng::Rng;
use ludus::{perft, Error, Game, Outcome, SearchHints, Seat};

#[derive(Clone, Debug)]
struct TakeAway {
    heap: u8,
    to_move: Seat,
}

impl Game for TakeAway {
    type Step = u8;

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        self.to_move
    }

    fn legal_steps(&self, out: &mut Vec<u8>) {
        out.extend((1..=2).filter(|&n| n <= self.heap));
    }

    fn play(&mut self, step: u8) {
        self.heap -= step;
        self.to_move = 1 - self.to_move;
    }

    fn outcome(&self) -> Option<Outcome> {
        // The seat that took the last counter (the one not to move now) wins.
        (self.heap == 0).then(|| Outcome::Winner(1 - self.to_move))
    }

    fn step_text(&self, step: u8) -> String {
        step.to_string()
    }

    fn parse_step(&self, text: &str) -> Result<u8, Error> {
        let n: u8 = text
            .parse()
            .map_err(|_| Error::syntax(format!("{text:?} is not a number")))?;
        if self.legal_step_list().contains(&n) {
            Ok(n)
        } else {
            Err(Error::illegal(format!("{n} cannot be taken now")))
        }
    }

    fn position_key(&self) -> u128 {
        let mut h = KeyHasher::new();
        h.write_bytes(&[self.heap, self.to_move as u8]);
        h.finish()
    }
}

/// The neutral hints: uniform playouts, no estimate, no RAVE, no symmetry.
impl SearchHints for TakeAway {}

fn heap(n: u8) -> TakeAway {
    TakeAway {
        heap: n,
        to_move: 0,
    }
}

#[test]
fn perft_runs_on_the_rules_alone() {
    // Sequences of ones and twos, of `depth` steps, that take at most 5 counters.
    assert_eq!(perft(&heap(5), 1), 2);
    assert_eq!(perft(&heap(5), 2), 4);
    assert_eq!(perft(&heap(5), 3), 7);
    let mut g = heap(5);
    assert_eq!(g.play_text("2").unwrap(), 2);
    assert_eq!(
        g.parse_step("3").unwrap_err().message(),
        "3 cannot be taken now"
    );
}

#[test]
fn the_searches_run_on_the_rules_with_neutral_hints() {
    for n in 1..=12u8 {
        // The mover loses exactly when the heap is a multiple of three.
        let expected = Outcome::Winner(if n % 3 == 0 { 1 } else { 0 });
        assert_eq!(brute_force(&heap(n), 20), Some(expected), "heap {n}");
        let solved = solve(&heap(n), 1_000_000, &mut || false).unwrap();
        assert_eq!(solved.result, Some(expected), "heap {n}");
    }
    // From 4 the only winning step is to take one (leaving 3).
    let config = SearchConfig {
        iterations: 2000,
        ..SearchConfig::default()
    };
    let found = search(&heap(4), &config, &mut Rng::new(7), &mut || false);
    assert_eq!(found.best, Some(1));
    // A whole random game in one call ends the game.
    let mut g = heap(9);
    g.play_out(
        &mut Rng::new(1),
        &mut Vec::new(),
        100,
        StepPolicy::Uniform,
        None,
    );
    assert_eq!(g.heap, 0);
}

/// One step, a number from 0 to 5, and the game is drawn whatever it was: playouts cannot
/// tell the steps apart, so only a prior can.
#[derive(Clone, Debug)]
struct PickOne {
    picked: Option<u8>,
}

impl Game for PickOne {
    type Step = u8;

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Seat {
        usize::from(self.picked.is_some())
    }

    fn legal_steps(&self, out: &mut Vec<u8>) {
        if self.picked.is_none() {
            out.extend(0..6);
        }
    }

    fn play(&mut self, step: u8) {
        self.picked = Some(step);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.picked.map(|_| Outcome::Draw)
    }

    fn step_text(&self, step: u8) -> String {
        step.to_string()
    }

    fn parse_step(&self, text: &str) -> Result<u8, Error> {
        text.parse()
            .map_err(|_| Error::syntax(format!("{text:?} is not a number")))
    }

    fn position_key(&self) -> u128 {
        u128::from(self.picked.map_or(0, |p| p + 1))
    }
}

/// Step 2 is rated a likely win, the others likely losses.
impl SearchHints for PickOne {
    fn rave_keys(&self) -> usize {
        6
    }

    fn rave_key(&self, step: u8) -> Option<usize> {
        Some(usize::from(step))
    }

    fn prior(&self, step: u8) -> Option<f64> {
        Some(if step == 2 { 0.9 } else { 0.1 })
    }
}

#[test]
fn a_learned_prior_steers_the_search_where_playouts_see_no_difference() {
    let best = |prior_visits, seed| {
        let config = SearchConfig {
            iterations: 60,
            prior_visits,
            ..SearchConfig::default()
        };
        let start = PickOne { picked: None };
        search(&start, &config, &mut Rng::new(seed), &mut || false).best
    };
    for seed in 0..10 {
        assert_eq!(best(20, seed), Some(2), "seed {seed}");
    }
    // Without it, the steps are alike and the choice falls on whichever was tried last.
    let without: std::collections::BTreeSet<_> = (0..10).map(|seed| best(0, seed)).collect();
    assert!(without.len() > 1, "{without:?}");
}
