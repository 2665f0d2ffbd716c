//! Unravel's evaluation: the mover's chance from how far each player is from joining its
//! edges, learned from self-play (`ludus train unravel --learn eval`). The search's
//! playouts stop after a few steps and are scored by it (`SearchHints::evaluate`): a
//! uniform playout to the end misjudges positions where one player is a stone or two from
//! joining and the other far from it, and a short one is cheaper.
//!
//! The distance is the fewest empty cells a player must fill to join its edges with an
//! orthogonal path of its checkers, the opponent's checkers being walls; crosscuts and
//! their swaps are not foreseen. The weights the command wrote are `eval.txt`, beside
//! this file.

use super::{red_blue, Position};
use crate::game::Seat;
pub use red_blue::WALLED_OFF;
use std::sync::OnceLock;

/// The logistic weights: the mover's chance is σ(`tempo` + `distance` · (the opponent's
/// distance − the mover's)).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalWeights {
    pub tempo: f64,
    pub distance: f64,
}

impl EvalWeights {
    /// Reads `tempo X` and `distance X` lines; `#` starts a comment line.
    pub fn parse(text: &str) -> Result<EvalWeights, String> {
        let (mut tempo, mut distance) = (None, None);
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = || format!("line {}: expected `tempo X` or `distance X`", i + 1);
            let (key, value) = line.split_once(' ').ok_or_else(bad)?;
            let value: f64 = value
                .trim()
                .parse()
                .ok()
                .filter(|x: &f64| x.is_finite())
                .ok_or_else(bad)?;
            match key {
                "tempo" => tempo = Some(value),
                "distance" => distance = Some(value),
                _ => return Err(bad()),
            }
        }
        match (tempo, distance) {
            (Some(tempo), Some(distance)) => Ok(EvalWeights { tempo, distance }),
            _ => Err("both `tempo` and `distance` are needed".to_string()),
        }
    }

    /// The chance that the player to move wins, from [`features`].
    pub fn mover_chance(&self, features: [f64; 2]) -> f64 {
        let x = self.tempo * features[0] + self.distance * features[1];
        1.0 / (1.0 + (-x).exp())
    }
}

static WEIGHTS: OnceLock<Option<EvalWeights>> = OnceLock::new();

/// The shipped weights (None if the file did not read, which a unit test rules out: the
/// search then scores a cut-off playout as even).
pub fn learned() -> Option<EvalWeights> {
    *WEIGHTS.get_or_init(|| EvalWeights::parse(include_str!("eval.txt")).ok())
}

/// Training searches without the weights, so the file does not depend on the one it
/// replaces; false if they were read already.
pub fn set_aside() -> bool {
    WEIGHTS.set(None).is_ok()
}

/// What the weights multiply, seen by the player to move: 1 (the move), and the
/// opponent's distance less the mover's (a walled-off player counts as `side + 1`).
pub fn features(pos: &Position) -> [f64; 2] {
    let mover = pos.mover as Seat;
    let far = pos.n as u32 + 1;
    let d = |seat: Seat| distance(pos, seat).min(far) as f64;
    [1.0, d(1 - mover) - d(mover)]
}

/// The fewest empty cells `seat` must fill to join its edges (Red: the first and last
/// ranks, Blue: the first and last files) with an orthogonal path of its checkers;
/// [`WALLED_OFF`] if the opponent's checkers cut every path.
pub fn distance(pos: &Position, seat: Seat) -> u32 {
    red_blue::distance(pos.n, &pos.own[seat], &pos.empty_cells(), seat)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::unravel::{Options, EMPTY};

    fn board(size: usize, to_move: Seat, diagram: &str) -> Position {
        Position::from_diagram(&Options::with_size(size), to_move, diagram).expect("a diagram")
    }

    #[test]
    fn distance_counts_the_empty_cells_of_the_cheapest_path_around_the_opponent() {
        // The top rank first. Red (bottom to top) has a1 and a2 and needs a3 and a4. Blue
        // (left to right) cannot start on a1 or a2: a3, b3, then its b2 c2, then d2 is 3.
        let p = board(4, 0, "..../..../RBB./R...");
        assert_eq!(distance(&p, 0), 2);
        assert_eq!(distance(&p, 1), 3);
        assert_eq!(features(&p), [1.0, 1.0]);
        // Blue walls Red off completely: a full file of blue checkers.
        let walled = board(3, 0, ".../BBB/...");
        assert_eq!(distance(&walled, 0), WALLED_OFF);
        assert_eq!(distance(&walled, 1), 0);
        assert_eq!(distance(&board(3, 0, ".../.../..."), 0), 3);
    }

    #[test]
    fn the_shipped_weights_read_and_favour_the_player_nearer_its_edges() {
        let w = EvalWeights::parse(include_str!("eval.txt")).expect("eval.txt reads");
        assert!(w.distance > 0.0, "{w:?}");
        assert!(w.mover_chance([1.0, 2.0]) > w.mover_chance([1.0, 0.0]));
        assert!(w.mover_chance([1.0, -2.0]) < 0.5);
    }

    /// The distance by a plain breadth-first search over cells (Bellman-Ford-like
    /// relaxation until nothing changes), to check the layered bit-set one against.
    fn slow_distance(pos: &Position, seat: Seat) -> u32 {
        let n = pos.n;
        let own = seat as u8 + 1;
        let cost = |c: usize| match pos.cells[c] {
            EMPTY => Some(1),
            v if v == own => Some(0),
            _ => None,
        };
        let cell = |i: usize, j: usize| if seat == 0 { j * n + i } else { i * n + j };
        let mut dist = vec![u32::MAX; n * n];
        for i in 0..n {
            if let Some(k) = cost(cell(i, 0)) {
                dist[cell(i, 0)] = k;
            }
        }
        loop {
            let mut changed = false;
            for c in 0..n * n {
                let Some(k) = cost(c) else { continue };
                let (f, r) = (c % n, c / n);
                let around = [
                    (f > 0).then(|| c - 1),
                    (f + 1 < n).then(|| c + 1),
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then(|| c + n),
                ];
                for x in around.into_iter().flatten() {
                    if dist[x] != u32::MAX && dist[x] + k < dist[c] {
                        dist[c] = dist[x] + k;
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let best = (0..n).map(|i| dist[cell(i, n - 1)]).min().unwrap();
        if best == u32::MAX {
            WALLED_OFF
        } else {
            best
        }
    }

    #[test]
    fn distance_agrees_with_a_plain_search_in_random_games_of_every_size() {
        let mut rng = crate::rng::Rng::new(7);
        let mut buf = Vec::new();
        for size in [3, 4, 5, 8, 9, 11, 12, 19] {
            for _ in 0..20 {
                let mut p = Position::new(&Options::with_size(size)).unwrap();
                while p.outcome().is_none() {
                    if !p.is_swapping() {
                        for seat in 0..2 {
                            assert_eq!(distance(&p, seat), slow_distance(&p, seat), "{p:?}");
                        }
                    }
                    let step = p.random_step(&mut rng, &mut buf).unwrap();
                    p.play(step);
                }
            }
        }
    }

    #[test]
    fn broken_weights_say_which_line() {
        assert!(EvalWeights::parse("tempo 0.1\n").is_err());
        let e = EvalWeights::parse("tempo 0.1\ndistance x\n").unwrap_err();
        assert!(e.contains("line 2"), "{e}");
        assert!(EvalWeights::parse("# c\ntempo 0.1\ndistance 0.5\n").is_ok());
    }
}
