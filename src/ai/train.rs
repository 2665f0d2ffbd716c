//! Learning a game's knowledge from self-play (`ludus train GAME`).
//!
//! Unlur's contract (`src/games/unlur/contract.rs`): games start from contracts of every
//! length, each player's stones placed uniformly, towards the centre or towards the edge
//! (every pair of the three in turn); the mover then passes, and the computer plays both colours to the end. Black's result is fitted by
//! logistic regression on the contract's features.
//!
//! Reply weights (`src/games/replies.rs`): the computer plays both sides and every step's
//! offers next to the last stone are counted; in Unlur from the same first-round contracts,
//! in Scattercut from the empty board. Merlin's Chain's flip order counts, at every step,
//! the class of every legal flip and of the one played, with the same counts.
//!
//! A run is reproducible from its seed:
//! game `i` is seeded from the seed and `i` alone, whichever thread plays it.

use super::{choose_step, PlayerSpec};
use crate::game::{Game, Outcome, Seat};
use crate::games::replies::{ShapeSet, ShapeWeight};
use crate::games::unlur::contract::{feature_count, features, ContractModel};
use crate::games::unlur::{Options, Position, Step};
use crate::games::{scattercut, unlur, AnyGame};
use crate::rng::Rng;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// How a training run's contracts place their stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    Uniform,
    /// Weight (side - 1 - ring)², the centre first.
    Central,
    /// Weight (ring + 1)², the cells next to the edge first.
    NearEdge,
}

impl Placement {
    pub const ALL: [Placement; 3] = [Placement::Uniform, Placement::Central, Placement::NearEdge];

    /// A stone for the contract of `pos` (which must be in its contract with an empty
    /// inner cell), drawn with this placement's weights.
    pub fn draw(self, pos: &Position, rng: &mut Rng) -> Option<Step> {
        let grid = pos.grid();
        let side = grid.side() as i64;
        let cells: Vec<(u16, f64)> = placements(pos)
            .into_iter()
            .map(|c| {
                let ring = grid.ring(c as usize) as i64;
                let w = match self {
                    Placement::Uniform => 1.0,
                    Placement::Central => ((side - 1 - ring) as f64).powi(2),
                    Placement::NearEdge => ((ring + 1) as f64).powi(2),
                };
                (c, w)
            })
            .collect();
        let total: f64 = cells.iter().map(|(_, w)| w).sum();
        let mut pick = rng.unit() * total;
        for &(c, w) in &cells {
            if pick < w {
                return Some(Step::Place(c));
            }
            pick -= w;
        }
        cells.last().map(|&(c, _)| Step::Place(c))
    }
}

/// The cells a contract stone may go on now.
fn placements(pos: &Position) -> Vec<u16> {
    pos.legal_step_list()
        .into_iter()
        .filter_map(|s| match s {
            Step::Place(c) => Some(c),
            Step::Pass => None,
        })
        .collect()
}

/// What a training run is asked to do.
#[derive(Clone, Debug)]
pub struct TrainSettings {
    /// The boards played, by size: Unlur's sides, Scattercut's sizes.
    pub boards: Vec<usize>,
    /// Games per board.
    pub games: usize,
    pub seed: u64,
    /// Who plays both colours after the contract.
    pub player: PlayerSpec,
    pub threads: usize,
}

/// One position of a self-play game: its features and whether the side they describe won
/// (Unlur's contract: Black; Unravel's evaluation: the player to move).
#[derive(Clone, Debug)]
pub struct Sample {
    /// Unlur: the contract's stones; Unravel: the checkers on the board.
    pub stones: usize,
    pub features: Vec<f64>,
    pub won: bool,
}

/// The most contract stones a training game places on a board of `side`: well past the
/// point where Black is the better side (about 4 on side 5 and 6 on side 6, between
/// computers of equal strength), so that most games fall where the result is in doubt.
pub fn most_stones(side: usize) -> usize {
    2 * side + 2
}

/// Game `index` of a run's first round: a contract of a random length and placement, a
/// pass, then the player against itself.
pub fn self_play(side: usize, index: usize, seed: u64, player: &PlayerSpec) -> Sample {
    let mut rng = game_rng(side, index, seed);
    let pos = random_contract(side, index, &mut rng);
    play_after_contract(pos, player, &mut rng)
}

/// A first-round contract (game `index` picks the two players' placements): a random
/// number of stones, not yet ended by the pass.
fn random_contract(side: usize, index: usize, rng: &mut Rng) -> Position {
    let mut pos = Position::new(&Options { size: side }).expect("a side the trainer checked");
    let stones = rng.below(most_stones(side) + 1);
    // The two players' stones each by a placement of their own, every pair in turn: a
    // contract is often one player's central stones against the other's near the edge.
    let styles = Placement::ALL.len();
    let placements = [
        Placement::ALL[index % styles],
        Placement::ALL[index / styles % styles],
    ];
    for n in 0..stones {
        match placements[n % 2].draw(&pos, rng) {
            Some(step) => pos.play(step),
            None => break,
        }
    }
    pos
}

/// Game `index` of a later round: one player plays the contract by `model` (as the
/// computer would), the other places stones of one placement until a random count is down
/// and passes; then the player against itself. So the weights learn the positions where
/// the computer's own choices lead, which the first round's contracts seldom reach.
pub fn self_play_with(
    side: usize,
    index: usize,
    seed: u64,
    player: &PlayerSpec,
    model: &ContractModel,
) -> Sample {
    let mut rng = game_rng(side, index, seed ^ 0x005E_ED0F_5E1F);
    let mut pos = Position::new(&Options { size: side }).expect("a side the trainer checked");
    let learner: Seat = index % 2;
    let placement = Placement::ALL[index / 2 % Placement::ALL.len()];
    let passes_at = rng.below(most_stones(side) + 1);
    while pos.in_contract() {
        let placed = pos.black_stones().iter().filter(|b| **b).count();
        let step = if pos.to_move() == learner {
            pos.contract_choice_with(model)
                .expect("a contract position of the model's side")
                .step
        } else if placed >= passes_at {
            Step::Pass
        } else {
            placement.draw(&pos, &mut rng).unwrap_or(Step::Pass)
        };
        if step == Step::Pass {
            break;
        }
        pos.play(step);
    }
    play_after_contract(pos, player, &mut rng)
}

fn game_rng(side: usize, index: usize, seed: u64) -> Rng {
    Rng::new(seed ^ (side as u64) << 40 ^ (index as u64).wrapping_mul(0x9E37_79B9))
}

/// The mover passes, then `player` plays both colours to the end: the contract's features
/// and whether Black won.
fn play_after_contract(mut pos: Position, player: &PlayerSpec, rng: &mut Rng) -> Sample {
    let black = pos.black_stones();
    let x = features(pos.grid(), &black);
    let placed = black.iter().filter(|b| **b).count();
    pos.play(Step::Pass);
    let black_seat: Seat = pos.black_seat().expect("the pass ends the contract");
    let end = play_to_end(AnyGame::Unlur(pos), player, rng, |_, _| {});
    Sample {
        stones: placed,
        features: x,
        won: end.outcome() == Some(Outcome::Winner(black_seat)),
    }
}

/// `player` plays both sides from `game` to the end; `before` sees each position and the
/// step then played (as text, which the position reads back).
fn play_to_end(
    mut game: AnyGame,
    player: &PlayerSpec,
    rng: &mut Rng,
    mut before: impl FnMut(&AnyGame, &str),
) -> AnyGame {
    let clock = Instant::now();
    while game.outcome().is_none() {
        let choice = choose_step(&game, player, rng, &|| clock.elapsed().as_secs_f64())
            .expect("a game not over has a step");
        before(&game, &choice.step);
        game.play_text(&choice.step)
            .expect("the computer's step is legal");
    }
    game
}

/// How often each reply shape (`src/games/replies.rs`) was offered in self-play (an empty
/// cell next to the last stone) and how often the player placed there, per table and
/// canonical shape; and how many steps had a last stone to answer and how many answered
/// next to it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplyCounts {
    pub offered: Vec<Vec<u64>>,
    pub chosen: Vec<Vec<u64>>,
    pub steps: u64,
    pub answered: u64,
}

impl ReplyCounts {
    pub fn new(set: &ShapeSet) -> ReplyCounts {
        let zeros = vec![vec![0; set.codes()]; set.tables.len()];
        ReplyCounts {
            offered: zeros.clone(),
            chosen: zeros,
            steps: 0,
            answered: 0,
        }
    }

    /// Counts a step's `offers` (a table, and each cell with its shape; None when there is
    /// no stone to answer) and whether the cell it `placed` on was one of them.
    pub fn record(
        &mut self,
        set: &ShapeSet,
        offers: Option<(usize, Vec<(u16, usize)>)>,
        placed: Option<u16>,
    ) {
        let Some((table, offers)) = offers else {
            return;
        };
        self.steps += 1;
        for (cell, code) in offers {
            let code = (set.canonical)(code);
            self.offered[table][code] += 1;
            if placed == Some(cell) {
                self.chosen[table][code] += 1;
                self.answered += 1;
            }
        }
    }

    pub fn add(&mut self, other: &ReplyCounts) {
        for (mine, theirs) in [
            (&mut self.offered, &other.offered),
            (&mut self.chosen, &other.chosen),
        ] {
            for (a, b) in mine.iter_mut().flatten().zip(theirs.iter().flatten()) {
                *a += b;
            }
        }
        self.steps += other.steps;
        self.answered += other.answered;
    }

    /// The chance that an offered cell was chosen, over all offers.
    pub fn base(&self) -> f64 {
        let total = |c: &[Vec<u64>]| c.iter().flatten().sum::<u64>() as f64;
        total(&self.chosen) / total(&self.offered).max(1.0)
    }

    /// Each shape offered at least `least` times, with its weight (its chosen share shrunk
    /// towards [`ReplyCounts::base`] as if `REPLY_PRIOR` more offers had been chosen at
    /// that rate, so a shape seen twice gets no weight of 0 or 1) and its counts. The
    /// others keep the base weight.
    pub fn weights(&self, least: u64) -> Vec<(ShapeWeight, u64, u64)> {
        let base = self.base();
        let mut out = Vec::new();
        for (table, (offered, chosen)) in self.offered.iter().zip(&self.chosen).enumerate() {
            for (code, (&offered, &chosen)) in offered.iter().zip(chosen).enumerate() {
                if offered == 0 || offered < least {
                    continue;
                }
                let weight = (chosen as f64 + REPLY_PRIOR * base) / (offered as f64 + REPLY_PRIOR);
                out.push((
                    ShapeWeight {
                        table,
                        code,
                        weight,
                    },
                    chosen,
                    offered,
                ));
            }
        }
        out
    }
}

/// The offers a shape's share is shrunk by (see [`ReplyCounts::weights`]).
const REPLY_PRIOR: f64 = 8.0;

/// Game `index` of Unlur's reply-learning run: a first-round contract, the pass, then
/// `player` against itself, counting every step's reply offers.
pub fn reply_game(side: usize, index: usize, seed: u64, player: &PlayerSpec) -> ReplyCounts {
    unlur_counted_game(side, index, seed ^ 0x00BE_A7E5, player, |pos| {
        pos.reply_offers()
    })
}

/// Game `index` of Unlur's placement-order run (`src/games/unlur/priors.rs`): as for the
/// replies, counting at every placement each empty cell's shape (offered) and the one
/// placed on (chosen).
pub fn unlur_prior_game(side: usize, index: usize, seed: u64, player: &PlayerSpec) -> ReplyCounts {
    unlur_counted_game(side, index, seed ^ 0x0001_0C8D, player, |pos| {
        pos.placement_offers()
    })
}

/// The offers of an Unlur position's next placement, by shape (see `ReplyCounts::record`).
type UnlurOffers = fn(&Position) -> Option<(usize, Vec<(u16, usize)>)>;

/// A first-round contract, the pass, then `player` against itself, counting at every step
/// what `offers` gives and the cell placed on.
fn unlur_counted_game(
    side: usize,
    index: usize,
    seed: u64,
    player: &PlayerSpec,
    offers: UnlurOffers,
) -> ReplyCounts {
    let mut rng = game_rng(side, index, seed);
    let mut pos = random_contract(side, index, &mut rng);
    pos.play(Step::Pass);
    let set = &unlur::replies::SHAPE_SET;
    let mut counts = ReplyCounts::new(set);
    play_to_end(AnyGame::Unlur(pos), player, &mut rng, |game, step| {
        if let AnyGame::Unlur(pos) = game {
            let placed = match pos.parse_step(step) {
                Ok(Step::Place(cell)) => Some(cell),
                _ => None,
            };
            counts.record(set, offers(pos), placed);
        }
    });
    counts
}

/// Game `index` of Scattercut's reply-learning run on a `size` board: `player` against
/// itself from the empty board, counting every placement's reply offers.
pub fn scattercut_reply_game(
    size: usize,
    index: usize,
    seed: u64,
    player: &PlayerSpec,
) -> ReplyCounts {
    let mut rng = game_rng(size, index, seed ^ 0x5CA7_7E8C);
    let pos = scattercut::Position::new(&scattercut::Options::with_size(size))
        .expect("a size the caller checked");
    let set = &scattercut::replies::SHAPE_SET;
    let mut counts = ReplyCounts::new(set);
    play_to_end(AnyGame::Scattercut(pos), player, &mut rng, |game, step| {
        if let AnyGame::Scattercut(pos) = game {
            let placed = pos.parse_step(step).ok().map(|s| s.cell() as u16);
            counts.record(set, pos.reply_offers(), placed);
        }
    });
    counts
}

/// Game `index` of Unravel's placement-prior run on a `size` board
/// (`src/games/unravel/priors.rs`): `player` against itself from the empty board, counting
/// at every placement each empty cell's shape (offered) and the one placed on (chosen).
pub fn unravel_prior_game(
    size: usize,
    index: usize,
    seed: u64,
    player: &PlayerSpec,
) -> ReplyCounts {
    use crate::games::unravel;
    let mut rng = game_rng(size, index, seed ^ 0x0A7E_1F35);
    let pos = unravel::Position::new(&unravel::Options::with_size(size))
        .expect("a size the caller checked");
    let set = &unravel::priors::SHAPE_SET;
    let mut counts = ReplyCounts::new(set);
    play_to_end(AnyGame::Unravel(pos), player, &mut rng, |game, step| {
        if let AnyGame::Unravel(pos) = game {
            let placed = match pos.parse_step(step) {
                Ok(unravel::Step::Place(cell)) => Some(cell),
                _ => None,
            };
            counts.record(set, pos.placement_offers(), placed);
        }
    });
    counts
}

/// Game `index` of Unravel's evaluation run on a `size` board
/// (`src/games/unravel/eval.rs`): `player` against itself from the empty board; a sample at
/// every turn's start, labelled with whether the player to move won.
pub fn unravel_eval_game(size: usize, index: usize, seed: u64, player: &PlayerSpec) -> Vec<Sample> {
    use crate::games::unravel;
    let mut rng = game_rng(size, index, seed ^ 0x5E7A_1E0A);
    let pos = unravel::Position::new(&unravel::Options::with_size(size))
        .expect("a size the caller checked");
    let mut seen = Vec::new();
    let end = play_to_end(AnyGame::Unravel(pos), player, &mut rng, |game, _| {
        if let AnyGame::Unravel(pos) = game {
            if !pos.is_swapping() {
                let stones = pos.cells_filled();
                seen.push((pos.to_move(), stones, unravel::eval::features(pos).to_vec()));
            }
        }
    });
    let winner = match end.outcome() {
        Some(Outcome::Winner(w)) => Some(w),
        _ => None,
    };
    seen.into_iter()
        .map(|(mover, stones, features)| Sample {
            stones,
            features,
            won: winner == Some(mover),
        })
        .collect()
}

/// Game `index` of Merlin's Chain's flip-order run (`src/games/merlins_chain/order.rs`):
/// `player` against itself from the start, counting at every step the class of each legal
/// flip (offered) and of the one played (chosen). An offer's "cell" is `piece · 64 + cell`.
pub fn merlins_chain_order_game(index: usize, seed: u64, player: &PlayerSpec) -> ReplyCounts {
    use crate::games::merlins_chain::{self, order};
    let mut rng = game_rng(0, index, seed ^ 0x3E21_1C4A);
    let pos = merlins_chain::Position::new(&merlins_chain::Options::default())
        .expect("Merlin's Chain has no options to refuse");
    let set = &order::CLASS_SET;
    let mut counts = ReplyCounts::new(set);
    let id = |s: merlins_chain::Step| u16::from(s.piece) * 64 + u16::from(s.cell);
    play_to_end(
        AnyGame::MerlinsChain(pos),
        player,
        &mut rng,
        |game, step| {
            if let AnyGame::MerlinsChain(pos) = game {
                let classes = order::FlipClasses::of(pos);
                let offers = pos
                    .legal_step_list()
                    .into_iter()
                    .map(|s| (id(s), classes.class(s)))
                    .collect();
                let played = pos.parse_step(step).ok().map(id);
                counts.record(set, Some((0, offers)), played);
            }
        },
    );
    counts
}

/// Game `index` of Unity's step-order run (`src/games/unity/order.rs`) with `players`
/// players on side 5: a random setup drawn from the seed and `index`, then `player` in
/// every seat to the end, counting at every step the class of each legal step (offered)
/// and of the one played (chosen). An offer's "cell" is the step's index in the list.
pub fn unity_order_game(
    players: usize,
    index: usize,
    seed: u64,
    player: &PlayerSpec,
) -> ReplyCounts {
    use crate::games::unity::{self, order};
    use crate::options::OptionMap;
    let mut rng = game_rng(players, index, seed ^ 0x0417_7E5C);
    let setup = rng.next_u64() % 1_000_000_000;
    let options = OptionMap::new()
        .with("players", players.to_string())
        .with("seed", setup.to_string());
    let pos = unity::Options::from_map(&options)
        .and_then(|o| unity::Position::new(&o))
        .expect("a random setup of a player count the caller checked");
    let set = &order::CLASS_SET;
    let mut counts = ReplyCounts::new(set);
    play_to_end(AnyGame::Unity(pos), player, &mut rng, |game, step| {
        if let AnyGame::Unity(pos) = game {
            let classes = order::StepClasses::of(pos);
            let legal = pos.legal_step_list();
            let offers = legal
                .iter()
                .enumerate()
                .map(|(i, &s)| (i as u16, classes.class(s)))
                .collect();
            let played = pos
                .parse_step(step)
                .ok()
                .and_then(|s| legal.iter().position(|&l| l == s))
                .map(|i| i as u16);
            counts.record(set, Some((order::table(pos), offers)), played);
        }
    });
    counts
}

/// Plays `games` self-play games on `settings.threads` threads; `progress` hears each
/// finished game (how many are done). The samples come back in game order.
pub fn self_play_many(
    side: usize,
    settings: &TrainSettings,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Sample> {
    in_parallel(settings.games, settings.threads, progress, |i| {
        self_play(side, i, settings.seed, &settings.player)
    })
}

/// [`self_play_many`] for a later round, one player of each game playing by `model`.
pub fn self_play_many_with(
    side: usize,
    settings: &TrainSettings,
    model: &ContractModel,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<Sample> {
    in_parallel(settings.games, settings.threads, progress, |i| {
        self_play_with(side, i, settings.seed, &settings.player, model)
    })
}

/// `job(0)`, ..., `job(count - 1)` on `threads` threads, the results in that order;
/// `progress` hears how many are done after each.
pub fn in_parallel<T: Send>(
    count: usize,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
    job: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<T>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    break;
                }
                let result = job(i);
                out.lock().expect("no thread panics holding it")[i] = Some(result);
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            });
        }
    });
    out.into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|r| r.expect("every job ran"))
        .collect()
}

/// A fixed contract strategy, to check the learned one against: place stones (the empty
/// inner cell nearest the centre, or nearest the edge, ties drawn at random) until `stones`
/// are down, then pass at the first turn it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FixedContract {
    pub stones: usize,
    pub central: bool,
}

impl FixedContract {
    pub fn step(&self, pos: &Position, rng: &mut Rng) -> Step {
        let black = pos.black_stones();
        if black.iter().filter(|b| **b).count() >= self.stones {
            return Step::Pass;
        }
        let grid = pos.grid();
        let ring = |c: u16| grid.ring(c as usize) as i64;
        let cells = placements(pos);
        let key = |c: u16| if self.central { ring(c) } else { -ring(c) };
        let Some(best) = cells.iter().map(|&c| key(c)).min() else {
            return Step::Pass;
        };
        let ties: Vec<u16> = cells.into_iter().filter(|&c| key(c) == best).collect();
        Step::Place(*rng.choose(&ties).expect("at least the best cell"))
    }
}

/// One game of a fixed contract strategy in seat `seat` against `player` (which plays the
/// contract with what it knows); after the contract the strategy's side is
/// `strategy_player`, the other `player`. Whether the strategy won.
pub fn fixed_contract_game(
    side: usize,
    strategy: FixedContract,
    seat: Seat,
    player: &PlayerSpec,
    strategy_player: &PlayerSpec,
    seed: u64,
) -> bool {
    let mut rng = Rng::new(seed);
    let mut game =
        AnyGame::Unlur(Position::new(&Options { size: side }).expect("a side the caller checked"));
    let clock = Instant::now();
    while game.outcome().is_none() {
        let text = match &game {
            AnyGame::Unlur(pos) if pos.in_contract() && pos.to_move() == seat => {
                pos.step_text(strategy.step(pos, &mut rng))
            }
            _ => {
                let who = if game.to_move() == Some(seat) {
                    strategy_player
                } else {
                    player
                };
                choose_step(&game, who, &mut rng, &|| clock.elapsed().as_secs_f64())
                    .expect("a game not over has a step")
                    .step
            }
        };
        game.play_text(&text)
            .expect("both players' steps are legal");
    }
    game.outcome() == Some(Outcome::Winner(seat))
}

/// L2 weight on every feature but the constant: a little, so that a feature the games
/// seldom show (many groups) gets no wild weight.
const RIDGE: f64 = 1.0;

/// Logistic regression by Newton's method: the weights that maximise the likelihood of the
/// results, less `RIDGE`/2 · |w|² (the constant, `x[0]`, is not shrunk).
pub fn fit(samples: &[Sample]) -> Vec<f64> {
    let n = samples.first().map_or(0, |s| s.features.len());
    let mut w = vec![0.0; n];
    for _ in 0..50 {
        let mut grad = vec![0.0; n];
        let mut hess = vec![vec![0.0; n]; n];
        for s in samples {
            let p = predict(&w, &s.features);
            let y = if s.won { 1.0 } else { 0.0 };
            for (i, xi) in s.features.iter().enumerate() {
                grad[i] += (y - p) * xi;
                for (h, xj) in hess[i].iter_mut().zip(&s.features) {
                    *h += p * (1.0 - p) * xi * xj;
                }
            }
        }
        for i in 1..n {
            grad[i] -= RIDGE * w[i];
            hess[i][i] += RIDGE;
        }
        hess[0][0] += 1e-9;
        let Some(delta) = solve_linear(hess, grad) else {
            break;
        };
        let change: f64 = delta.iter().map(|d| d.abs()).fold(0.0, f64::max);
        for (wi, d) in w.iter_mut().zip(delta) {
            *wi += d;
        }
        if change < 1e-9 {
            break;
        }
    }
    w
}

pub use crate::games::unlur::contract::chance as predict;

/// The mean log-loss of `w` on `samples` (bits a game; 1.0 is a coin's).
pub fn log_loss(w: &[f64], samples: &[Sample]) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let p = predict(w, &s.features).clamp(1e-6, 1.0 - 1e-6);
            -(if s.won { p } else { 1.0 - p }).log2()
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting; None if `a` is singular.
fn solve_linear(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        b.swap(col, pivot);
        let (upper, lower) = a.split_at_mut(col + 1);
        let pivot_row = &upper[col];
        for (offset, row) in lower.iter_mut().enumerate() {
            let k = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= k * p;
            }
            b[col + 1 + offset] -= k * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let s: f64 = (row + 1..n).map(|c| a[row][c] * x[c]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    Some(x)
}

/// What training one side found: the model, and how well it predicts games it was not
/// fitted on (a fifth of them, held out; the shipped weights are then fitted on all).
#[derive(Clone, Debug)]
pub struct SideReport {
    pub model: ContractModel,
    pub samples: Vec<Sample>,
    /// Log-loss on the held-out fifth, of the model and of always saying the mean.
    pub held_out_loss: f64,
    pub held_out_base: f64,
}

/// Fits one side's model from its games, with the held-out check.
pub fn learn(side: usize, samples: Vec<Sample>, note: &str) -> SideReport {
    let (test, train): (Vec<_>, Vec<_>) = samples
        .iter()
        .cloned()
        .enumerate()
        .partition(|(i, _)| i % 5 == 4);
    let train: Vec<Sample> = train.into_iter().map(|(_, s)| s).collect();
    let test: Vec<Sample> = test.into_iter().map(|(_, s)| s).collect();
    let w = fit(&train);
    let mean = train.iter().filter(|s| s.won).count() as f64 / train.len().max(1) as f64;
    let mut base = vec![0.0; feature_count(side)];
    base[0] = (mean.clamp(1e-3, 1.0 - 1e-3) / (1.0 - mean.clamp(1e-3, 1.0 - 1e-3))).ln();
    let held_out_loss = log_loss(&w, &test);
    let held_out_base = log_loss(&base, &test);
    let model = ContractModel {
        side,
        weights: fit(&samples),
        note: note.to_string(),
    };
    SideReport {
        model,
        samples,
        held_out_loss,
        held_out_base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fit_recovers_the_weights_games_were_drawn_from() {
        let truth = [-1.0, 0.8, -0.3];
        let mut rng = Rng::new(3);
        let samples: Vec<Sample> = (0..4000)
            .map(|_| {
                let x = vec![1.0, rng.below(5) as f64, rng.below(4) as f64];
                let won = rng.unit() < predict(&truth, &x);
                Sample {
                    stones: 0,
                    features: x,
                    won,
                }
            })
            .collect();
        let w = fit(&samples);
        for (got, want) in w.iter().zip(truth) {
            assert!((got - want).abs() < 0.15, "{w:?} against {truth:?}");
        }
        assert!(log_loss(&w, &samples) < log_loss(&[0.0, 0.0, 0.0], &samples));
    }

    #[test]
    fn reply_games_are_reproducible_and_count_what_was_played() {
        let player = PlayerSpec::parse("mcts:50").unwrap();
        let unlur_game = reply_game(5, 3, 2, &player);
        assert_eq!(unlur_game, reply_game(5, 3, 2, &player));
        let scattercut_game = scattercut_reply_game(6, 3, 2, &player);
        assert_eq!(scattercut_game, scattercut_reply_game(6, 3, 2, &player));
        assert_ne!(scattercut_game, scattercut_reply_game(6, 4, 2, &player));
        for (a, set) in [
            (unlur_game, &unlur::replies::SHAPE_SET),
            (scattercut_game, &scattercut::replies::SHAPE_SET),
        ] {
            assert!(a.steps > 10, "{} steps", a.steps);
            let chosen: u64 = a.chosen.iter().flatten().sum();
            assert_eq!(chosen, a.answered);
            assert!(a.answered <= a.steps && a.answered > 0);
            for table in 0..set.tables.len() {
                for code in 0..set.codes() {
                    assert!(a.chosen[table][code] <= a.offered[table][code]);
                    if a.offered[table][code] > 0 {
                        assert_eq!(
                            (set.canonical)(code),
                            code,
                            "counted under its canonical code"
                        );
                    }
                }
            }
            // Weights: every offered shape, between its share and the base rate.
            let base = a.base();
            let all = a.weights(1);
            for (w, chosen, offered) in &all {
                let share = *chosen as f64 / *offered as f64;
                assert!(w.weight >= share.min(base) - 1e-12 && w.weight <= share.max(base) + 1e-12);
            }
            let often = a.weights(3);
            assert!(often.len() < all.len());
            assert!(often.iter().all(|(_, _, offered)| *offered >= 3));
            let mut both = a.clone();
            both.add(&a);
            assert_eq!(both.steps, 2 * a.steps);
            assert!((both.base() - base).abs() < 1e-12);
        }
    }

    #[test]
    fn merlins_chain_order_games_count_every_flip_offered_and_each_one_played() {
        let player = PlayerSpec::parse("mcts:50").unwrap();
        let game = merlins_chain_order_game(3, 2, &player);
        assert_eq!(game, merlins_chain_order_game(3, 2, &player));
        assert_ne!(game, merlins_chain_order_game(4, 2, &player));
        // Every step of a whole game, one flip of each chosen, among the offers.
        assert_eq!(game.steps, 64);
        assert_eq!(game.answered, 64);
        assert_eq!(game.chosen[0].iter().sum::<u64>(), 64);
        // The first step alone offers every piece of Green's on every cell it may take.
        let first = crate::games::merlins_chain::Position::new(&Default::default())
            .unwrap()
            .legal_step_list()
            .len() as u64;
        assert!(game.offered[0].iter().sum::<u64>() > first);
        assert!((0..256).all(|c| game.chosen[0][c] <= game.offered[0][c]));
    }

    #[test]
    fn unity_order_games_count_every_legal_step_offered_and_each_one_played() {
        let player = PlayerSpec::parse("mcts:50").unwrap();
        for players in [2, 3] {
            let game = unity_order_game(players, 3, 2, &player);
            assert_eq!(game, unity_order_game(players, 3, 2, &player));
            assert_ne!(game, unity_order_game(players, 4, 2, &player));
            // Every step played is one of its offers, in its player count's table.
            let table = players - 2;
            assert!(game.steps > 0);
            assert_eq!(game.answered, game.steps);
            assert_eq!(game.chosen[table].iter().sum::<u64>(), game.steps);
            assert_eq!(game.offered[1 - table].iter().sum::<u64>(), 0);
            // A side-5 setup has one empty cell: most of the first turn's steps are walls.
            assert!(game.offered[table].iter().sum::<u64>() > 100 * game.steps);
            assert!((0..256).all(|c| game.chosen[table][c] <= game.offered[table][c]));
        }
    }

    #[test]
    fn self_play_is_reproducible_and_central_stones_are_central() {
        let player = PlayerSpec::parse("mcts:50").unwrap();
        let a = self_play(5, 7, 11, &player);
        let b = self_play(5, 7, 11, &player);
        assert_eq!((a.stones, a.won), (b.stones, b.won));
        assert_eq!(a.features, b.features);
        // Central placement: over many stones, the inner rings hold more than their share.
        let mut rng = Rng::new(1);
        let mut pos = Position::new(&Options { size: 6 }).unwrap();
        for _ in 0..12 {
            let step = Placement::Central.draw(&pos, &mut rng).unwrap();
            pos.play(step);
        }
        let x = features(pos.grid(), &pos.black_stones());
        // Rings 0-2 hold 19 of the 61 inner cells.
        assert!(x[1] + x[2] + x[3] >= 6.0, "{x:?}");
    }
}
