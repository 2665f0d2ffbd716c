//! `SearchHints::play_out` (a whole random game or playout in one call, which Unlur overrides to
//! pick its board form once) against the same steps played one at a time: the same final
//! position, the same draws, the same RAVE trail, and exactly `cap` steps when capped.

use ludus::game::StepPolicy;
use ludus::games::{unlur, AnyGame, GameKind};
use ludus::rng::Rng;
use ludus::{with_game, OptionMap, SearchHints, Seat};

/// Steps picked by `policy` and played one at a time, as `play_out` is documented to do;
/// returns the steps played and the trail of (mover, RAVE key).
fn step_by_step<G: SearchHints>(
    pos: &mut G,
    rng: &mut Rng,
    cap: u32,
    policy: StepPolicy,
) -> (u32, Vec<(Seat, u32)>) {
    let (mut played, mut trail, mut buf) = (0, Vec::new(), Vec::new());
    while played < cap && pos.outcome().is_none() {
        let step = match policy {
            StepPolicy::Uniform => pos.random_step(rng, &mut buf),
            StepPolicy::Playout => pos.playout_step(rng, &mut buf),
        }
        .expect("a step while the game runs");
        if let Some(k) = pos.rave_key(step) {
            trail.push((pos.to_move(), k as u32));
        }
        pos.play(step);
        played += 1;
    }
    (played, trail)
}

/// Plays `games` games both ways under each policy, uncapped and capped, from `start` and
/// from positions some random steps into a game (for Unlur: in the contract and after it).
fn check<G: SearchHints>(start: &G, games: u64, label: &str) {
    let mut rng = Rng::new(1);
    let mut buf = Vec::new();
    for depth in [0, 3, 12, 30] {
        let mut pos = start.clone();
        for _ in 0..depth {
            let Some(step) = pos.random_step(&mut rng, &mut buf) else {
                break;
            };
            pos.play(step);
        }
        check_from(&pos, games, &format!("{label} after {depth} random steps"));
    }
}

fn check_from<G: SearchHints>(start: &G, games: u64, label: &str) {
    for policy in [StepPolicy::Uniform, StepPolicy::Playout] {
        for cap in [u32::MAX, 7] {
            for seed in 0..games {
                let (mut slow, mut fast) = (start.clone(), start.clone());
                let (mut slow_rng, mut fast_rng) = (Rng::new(seed), Rng::new(seed));
                let (played, expected) = step_by_step(&mut slow, &mut slow_rng, cap, policy);
                let mut trail = vec![(0, 0); played as usize];
                let recorded = fast.play_out(
                    &mut fast_rng,
                    &mut Vec::new(),
                    cap,
                    policy,
                    Some(&mut trail),
                );
                let what = format!("{label}, {policy:?}, cap {cap}, seed {seed}");
                assert_eq!(fast.position_key(), slow.position_key(), "{what}");
                assert_eq!(fast.outcome(), slow.outcome(), "{what}");
                assert_eq!(&trail[..recorded], &expected[..], "{what}");
                assert_eq!(fast_rng.next_u64(), slow_rng.next_u64(), "{what}: draws");
                if cap == u32::MAX {
                    assert!(fast.outcome().is_some(), "{what}: the game did not end");
                } else {
                    assert!(
                        played == cap || slow.outcome().is_some(),
                        "{what}: stopped early"
                    );
                }
            }
        }
    }
}

#[test]
fn play_out_plays_the_steps_one_at_a_time_would() {
    for kind in GameKind::ALL {
        let (start, _) = AnyGame::new(kind, &OptionMap::new()).unwrap();
        with_game!(&start, g => check(g, 20, kind.name()));
    }
}

#[test]
fn unlur_play_out_on_both_board_forms() {
    // Sides up to 6 are the small form, larger ones the large: each has its own play_out.
    for size in [4, 6, 7, 12] {
        let start = unlur::Position::new(&unlur::Options { size }).unwrap();
        check(&start, 10, &format!("unlur {size}"));
    }
}
