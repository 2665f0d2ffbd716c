//! The computer opponent: a Monte Carlo tree search over any game, and the players a match
//! or the page can ask for a step.

pub mod mcts;

use crate::game::{fail, shorten, Error, Game};
use crate::games::AnyGame;
use crate::rng::Rng;
use crate::with_game;
use mcts::{search, SearchConfig};

/// Who chooses the steps for a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerSpec {
    /// A uniformly random legal step.
    Random,
    /// Monte Carlo tree search, bounded by iterations or by thinking time per step.
    Mcts {
        iterations: u32,
        seconds: Option<f64>,
    },
}

impl PlayerSpec {
    /// The page's levels: thinking time per step.
    pub const QUICK: PlayerSpec = PlayerSpec::Mcts {
        iterations: u32::MAX,
        seconds: Some(0.2),
    };
    pub const NORMAL: PlayerSpec = PlayerSpec::Mcts {
        iterations: u32::MAX,
        seconds: Some(1.0),
    };
    pub const STRONG: PlayerSpec = PlayerSpec::Mcts {
        iterations: u32::MAX,
        seconds: Some(4.0),
    };

    /// Reads `random`, `mcts:ITERATIONS`, `mcts:SECONDSs` (e.g. `mcts:0.2s`), or a level
    /// name `quick`, `normal`, `strong`.
    pub fn parse(text: &str) -> Result<PlayerSpec, Error> {
        let text = text.trim();
        match text {
            "random" => return Ok(PlayerSpec::Random),
            "quick" => return Ok(PlayerSpec::QUICK),
            "normal" => return Ok(PlayerSpec::NORMAL),
            "strong" => return Ok(PlayerSpec::STRONG),
            _ => {}
        }
        let bad = || {
            Error::new(format!(
                "{:?} is not a player: use random, quick, normal, strong, mcts:ITERATIONS or mcts:SECONDSs",
                shorten(text)
            ))
        };
        let arg = text.strip_prefix("mcts:").ok_or_else(bad)?.trim();
        if let Some(secs) = arg.strip_suffix('s') {
            let seconds: f64 = secs.trim().parse().map_err(|_| bad())?;
            if !(seconds > 0.0 && seconds <= 3600.0) {
                return fail("thinking time must be more than 0 and at most 3600 seconds");
            }
            return Ok(PlayerSpec::Mcts {
                iterations: u32::MAX,
                seconds: Some(seconds),
            });
        }
        match arg.parse::<u32>() {
            Ok(n) if n > 0 => Ok(PlayerSpec::Mcts {
                iterations: n,
                seconds: None,
            }),
            _ => Err(bad()),
        }
    }

    pub fn name(&self) -> String {
        match *self {
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Mcts {
                seconds: Some(s), ..
            } => format!("mcts:{s}s"),
            PlayerSpec::Mcts { iterations, .. } => format!("mcts:{iterations}"),
        }
    }
}

/// What a computer player chose.
#[derive(Clone, Debug)]
pub struct Choice {
    pub step: String,
    pub iterations: u32,
    /// The mover's estimated chance of winning (0.5 for a random player).
    pub value: f64,
}

/// Chooses a step for the seat to move. `now` is a clock in seconds (the web layer passes
/// the browser's); None if the game is over.
pub fn choose_step(
    game: &AnyGame,
    player: &PlayerSpec,
    rng: &mut Rng,
    now: &dyn Fn() -> f64,
) -> Option<Choice> {
    with_game!(game, g => {
        let steps = g.legal_step_list();
        let only = match steps.len() {
            0 => return None,
            1 => Some(steps[0]),
            _ => None,
        };
        match (*player, only) {
            (_, Some(step)) => Some(Choice { step: g.step_text(step), iterations: 0, value: 0.5 }),
            (PlayerSpec::Random, None) => {
                let step = *rng.choose(&steps)?;
                Some(Choice { step: g.step_text(step), iterations: 0, value: 0.5 })
            }
            (PlayerSpec::Mcts { iterations, seconds }, None) => {
                let config = SearchConfig { iterations, ..SearchConfig::default() };
                let deadline = seconds.map(|s| now() + s);
                let mut stop = || deadline.is_some_and(|d| now() >= d);
                let result = search(g, &config, rng, &mut stop);
                let step = result.best?;
                Some(Choice { step: g.step_text(step), iterations: result.iterations, value: result.value })
            }
        }
    })
}
