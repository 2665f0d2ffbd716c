//! Soak testing: random games played natively with invariants checked after every step.
//!
//! Only the engines' public interface is used (the [`Game`] trait, `view()`, `step_text` /
//! `parse_step`, sessions and records), and the board geometry is derived here again from
//! the view, so the checks keep holding the engines to the rules while their insides are
//! rewritten for speed. A failed check is a rules bug: the failure carries the record that
//! reproduces it (`ludus show --record …`).
//!
//! Checked after every step: each listed step's text parses back to that step, and the texts
//! are distinct; the board changed only as the step says (a placement adds one piece of the
//! mover's colour, a swap exchanges two, a move carries one, a capture only removes, ...);
//! per game: Unravel and Scattercut have no crosscut when a turn ends (Scattercut never has
//! one), Scattercut's stones stay within what was placed; Unity's pieces only decrease, no
//! player is ever wiped out, walls on the board = starting walls + walls taken from the
//! supply; Merlin's Chain shows the 64 tiles once each, every column increasing upwards,
//! flipped tiles never move; Unlur adds one stone a placement, none on the edge during the
//! contract. When a turn ends, the winner (if any) has what the rules ask (a chain, a united
//! colour, a goal group, the lowest chain) and without a winner nobody has it. At the end,
//! the record replays to the same position, and every game ends within a step cap.

use ludus::game::{Describe, Game, Outcome, StepView};
use ludus::games::{AnyGame, GameKind};
use ludus::options::OptionMap;
use ludus::rng::Rng;
use ludus::session::Session;
use ludus::with_game;
use std::collections::HashSet;

mod board;
mod checker;
use checker::Checker;

/// What a soak run found: the games played and the steps checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SoakReport {
    pub games: u64,
    /// Steps played, each checked.
    pub steps: u64,
    /// Legal steps whose text was parsed back.
    pub listed: u64,
    /// Games won by each seat.
    pub wins: Vec<u64>,
    pub draws: u64,
}

/// A broken invariant: which game, where, what, and the record that reproduces it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoakFailure {
    pub game: u64,
    /// The seed that plays this game alone (`ludus soak GAME --games 1 --seed SEED`).
    pub seed: u64,
    /// Steps played when the check failed (the failing step included).
    pub step: usize,
    pub message: String,
    pub record: String,
}

impl std::fmt::Display for SoakFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "game {} (seed {}), after step {}: {}\n  record: {}",
            self.game, self.seed, self.step, self.message, self.record
        )
    }
}

/// The seed of game `index` of a run started with `seed`.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    seed.wrapping_add(index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Plays `games` random games of `kind` with `options`, checking after every step.
/// `max_steps` caps a game's length (0: 100 steps a cell). `parse_back` is how many listed
/// steps are parsed back after each step, drawn at random (0: all of them; parsing is most
/// of the cost in Unity and Merlin's Chain, where it checks legality from scratch).
pub fn soak(
    kind: GameKind,
    options: &OptionMap,
    games: u64,
    seed: u64,
    max_steps: usize,
    parse_back: usize,
) -> Result<SoakReport, SoakFailure> {
    let mut report = SoakReport::default();
    for index in 0..games {
        let game_seed = game_seed(seed, index);
        // Unity's random setup: a new one each game, unless the options fix it.
        let options = kind.with_random_setup(options, game_seed);
        let stats = soak_game(kind, &options, game_seed, max_steps, parse_back).map_err(
            |(step, message, record)| SoakFailure {
                game: index,
                seed: game_seed,
                step,
                message,
                record,
            },
        )?;
        report.games += 1;
        report.steps += stats.steps;
        report.listed += stats.listed;
        match stats.outcome {
            Outcome::Winner(seat) => {
                if report.wins.len() <= seat {
                    report.wins.resize(seat + 1, 0);
                }
                report.wins[seat] += 1;
            }
            Outcome::Draw => report.draws += 1,
        }
    }
    Ok(report)
}

struct GameStats {
    steps: u64,
    listed: u64,
    outcome: Outcome,
}

/// One game; a failure is (steps played, message, record).
fn soak_game(
    kind: GameKind,
    options: &OptionMap,
    seed: u64,
    max_steps: usize,
    parse_back: usize,
) -> Result<GameStats, (usize, String, String)> {
    let mut rng = Rng::new(seed);
    // Its own generator, so that the game played does not depend on `parse_back`.
    let mut sample = Rng::new(!seed);
    let mut session = Session::new(kind, options)
        .map_err(|e| (0, format!("cannot start: {e}"), String::new()))?;
    let start = session.current().view();
    let cap = if max_steps == 0 {
        100 * start.cells.len()
    } else {
        max_steps
    };
    let mut checker = Checker::new(kind, &start);
    let mut before = start;
    let mut listed = 0u64;
    loop {
        let failed =
            |session: &Session, message: String| (session.len(), message, session.record_text());
        if let Some(outcome) = session.current().outcome() {
            let record = session.record_text();
            let replayed = Session::from_record(&record)
                .map_err(|e| failed(&session, format!("the record does not replay: {e}")))?;
            if replayed.record_text() != record {
                return Err(failed(
                    &session,
                    format!("the record replays as {}", replayed.record_text()),
                ));
            }
            if replayed.current().view() != before {
                return Err(failed(
                    &session,
                    "the record replays to another view".into(),
                ));
            }
            if replayed.step_texts() != session.step_texts() {
                return Err(failed(&session, "the record replays other steps".into()));
            }
            return Ok(GameStats {
                steps: session.len() as u64,
                listed,
                outcome,
            });
        }
        if session.len() >= cap {
            return Err(failed(
                &session,
                format!("the game has not ended after {cap} steps (the cap)"),
            ));
        }
        let mover = before
            .to_move
            .ok_or_else(|| failed(&session, "no seat to move in a game not over".into()))?;
        let (text, step_view, count) =
            pick_step(session.current(), &mut rng, &mut sample, parse_back)
                .map_err(|message| failed(&session, message))?;
        listed += count as u64;
        session
            .play(&text)
            .map_err(|e| failed(&session, format!("the listed step {text} is refused: {e}")))?;
        let after = session.current().view();
        checker
            .step(&before, &step_view, mover, &after, session.len())
            .map_err(|message| failed(&session, format!("{text}: {message}")))?;
        before = after;
    }
}

/// Checks that the legal steps' texts are distinct and that they parse back to the same steps
/// (all of them, or `parse_back` of them drawn with `sample` when that is fewer), then picks
/// one with `rng`: (its text, how it is made, how many steps were parsed back).
fn pick_step(
    game: &AnyGame,
    rng: &mut Rng,
    sample: &mut Rng,
    parse_back: usize,
) -> Result<(String, StepView, usize), String> {
    with_game!(game, g => {
        let steps = g.legal_step_list();
        if steps.is_empty() {
            return Err("no legal step in a game not over".into());
        }
        let texts: Vec<String> = steps.iter().map(|&s| g.step_text(s)).collect();
        let mut seen = HashSet::with_capacity(steps.len());
        for text in &texts {
            if !seen.insert(text.as_str()) {
                return Err(format!("two listed steps are both written {text}"));
            }
        }
        let chosen = rng.below(steps.len());
        let mut check = |i: usize| match g.parse_step(&texts[i]) {
            Ok(back) if back == steps[i] => Ok(()),
            Ok(back) => Err(format!(
                "the listed step {} parses back as {}",
                texts[i],
                g.step_text(back)
            )),
            Err(e) => Err(format!("the listed step {} does not parse: {e}", texts[i])),
        };
        let parsed = if parse_back == 0 || parse_back >= steps.len() {
            (0..steps.len()).try_for_each(&mut check)?;
            steps.len()
        } else {
            check(chosen)?;
            for _ in 0..parse_back {
                check(sample.below(steps.len()))?;
            }
            parse_back + 1
        };
        Ok((texts[chosen].clone(), g.step_view(steps[chosen]), parsed))
    })
}

/// The configurations `ludus soak all` runs: each game at its default options, and Unity
/// with three players too.
pub fn default_configs() -> Vec<(GameKind, OptionMap)> {
    let mut configs: Vec<(GameKind, OptionMap)> = GameKind::ALL
        .iter()
        .map(|&kind| (kind, OptionMap::new()))
        .collect();
    configs.insert(3, (GameKind::Unity, OptionMap::new().with("players", "3")));
    configs
}
