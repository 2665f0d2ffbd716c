//! The engines' fast random steps (`Game::random_step`, which random games and playouts
//! call without listing the legal steps) against the full move generator. Unlur's must pick
//! exactly the step `rng.choose` picks from `legal_steps`, drawing the same numbers, at every
//! position of many random games on every board size. Unity's draws by rejection (other
//! numbers, the same distribution): its step must always be one of the listed ones, and
//! over many draws in a position every listed step must come up equally often.

use ludus::games::{unity, unlur};
use ludus::rng::Rng;
use ludus::{Game, OptionMap};

/// Plays random games from `start` (by the full generator's choice), checking the fast
/// random step at every position; returns the number of positions checked.
fn check_games<G: Game>(start: &G, games: usize, seed: u64, label: &str) -> usize {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    let mut listed = Vec::new();
    let mut scratch = Vec::new();
    for game in 0..games {
        let mut pos = start.clone();
        loop {
            listed.clear();
            pos.legal_steps(&mut listed);
            let mut slow_rng = rng.clone();
            let mut fast_rng = rng.clone();
            let expected = slow_rng.choose(&listed).copied();
            let fast = pos.random_step(&mut fast_rng, &mut scratch);
            assert_eq!(
                fast, expected,
                "{label}, game {game}, after {checked} positions: {pos:?}"
            );
            assert_eq!(
                fast_rng.next_u64(),
                slow_rng.next_u64(),
                "{label}: draws differ"
            );
            checked += 1;
            let Some(step) = expected else { break };
            pos.play(step);
            rng = slow_rng;
        }
    }
    checked
}

#[test]
fn unlur_random_step_is_the_listed_choice_on_every_size() {
    for size in unlur::MIN_SIZE..=unlur::MAX_SIZE {
        let start = unlur::Position::new(&unlur::Options { size }).unwrap();
        let games = if size <= 6 { 300 } else { 40 };
        let checked = check_games(&start, games, size as u64, &format!("unlur {size}"));
        assert!(checked > games * 10);
    }
}

#[test]
fn unlur_random_step_after_a_drawn_board() {
    // Positions read from diagrams count their empty cells afresh.
    let mut rng = Rng::new(99);
    for size in [4, 6, 9, 12] {
        let options = unlur::Options { size };
        for _ in 0..20 {
            let mut pos = unlur::Position::new(&options).unwrap();
            while pos.outcome().is_none() && rng.below(20) != 0 {
                let step = pos.random_step(&mut rng, &mut Vec::new()).unwrap();
                pos.play(step);
            }
            if pos.outcome().is_some() {
                continue;
            }
            let drawn = unlur::Position::from_diagram(
                &options,
                pos.black_seat(),
                pos.to_move(),
                &pos.to_diagram(),
            )
            .unwrap();
            check_games(&drawn, 3, rng.next_u64(), &format!("unlur {size} drawn"));
        }
    }
}

/// Unity setups covering both sizes, two and three players, every neutral colour, starting
/// walls, small and large wall supplies (walls cut lines and neighbourhoods), and few pieces
/// (where a capture may not wipe a player out).
fn unity_setups() -> Vec<OptionMap> {
    let mut setups = Vec::new();
    for seed in 1..=4u64 {
        for (size, players, neutral) in [
            ("5", "2", "green"),
            ("5", "2", "purple"),
            ("5", "3", ""),
            ("6", "2", "orange"),
            ("6", "3", ""),
        ] {
            for supply in ["0", "12", "60"] {
                let mut map = OptionMap::new()
                    .with("size", size)
                    .with("players", players)
                    .with("seed", seed.to_string())
                    .with("supply", supply);
                if !neutral.is_empty() {
                    map = map.with("neutral", neutral);
                }
                setups.push(map);
            }
        }
    }
    setups.push(
        OptionMap::new()
            .with("walls", "c3|c4,e5|e6,e5|f5,d4|e5,a1|b1")
            .with("supply", "3"),
    );
    // A few pieces each: captures that would wipe a player out are not listed.
    setups.push(
        OptionMap::new()
            .with(
                "layout",
                "P.......o........p..O......g...G.........P.......o...O......g",
            )
            .with("supply", "2"),
    );
    setups.push(
        OptionMap::new()
            .with(
                "layout",
                "P.......o........p..O......g...G.........P.......o...O......g",
            )
            .with("players", "3")
            .with("walls", "e5|e6,e4|e5"),
    );
    setups
}

/// Plays random games from `start` with the fast random step, checking at every position
/// that it gives one of the listed steps (None only when none is listed); returns the
/// positions checked.
fn check_legal_games<G: Game>(start: &G, games: usize, seed: u64, label: &str) -> usize {
    let mut rng = Rng::new(seed);
    let mut checked = 0;
    let mut listed = Vec::new();
    let mut scratch = Vec::new();
    for game in 0..games {
        let mut pos = start.clone();
        loop {
            listed.clear();
            pos.legal_steps(&mut listed);
            let fast = pos.random_step(&mut rng, &mut scratch);
            checked += 1;
            let Some(step) = fast else {
                assert!(
                    listed.is_empty(),
                    "{label}, game {game}: None but {listed:?}"
                );
                break;
            };
            assert!(
                listed.contains(&step),
                "{label}, game {game}: {step:?} is not listed in {pos:?}"
            );
            pos.play(step);
        }
    }
    checked
}

#[test]
fn unity_random_step_is_a_listed_step() {
    let mut positions = 0;
    for (i, map) in unity_setups().into_iter().enumerate() {
        let options = unity::Options::from_map(&map).unwrap_or_else(|e| panic!("{map:?}: {e}"));
        let start = unity::Position::new(&options).unwrap();
        positions += check_legal_games(&start, 12, i as u64, &format!("unity {map:?}"));
    }
    assert!(positions > 10_000, "{positions}");
}

/// Pearson's chi-square of `counts` against equal frequencies.
fn chi_square(counts: &[u32]) -> f64 {
    let total: u32 = counts.iter().sum();
    let expected = f64::from(total) / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum()
}

/// In positions along random games of every setup (walls placeable or not, captures that
/// would wipe a player out, few steps left), 200 draws per listed step: every step comes up,
/// and the counts pass a chi-square test of equal frequencies. The bound is the mean plus
/// six standard deviations of the statistic (df + 6 sqrt(2 df)): with fixed seeds the test
/// is repeatable, and a sampler that favours pieces with few steps (a uniform piece, then a
/// uniform step of it) exceeds it many times over.
#[test]
fn unity_random_step_is_uniform_over_the_listed_steps() {
    let mut rng = Rng::new(2024);
    let mut positions = 0;
    let mut listed = Vec::new();
    let mut scratch = Vec::new();
    for (i, map) in unity_setups().into_iter().enumerate().step_by(3) {
        let options = unity::Options::from_map(&map).unwrap();
        let mut pos = unity::Position::new(&options).unwrap();
        let mut step_no = 0;
        while pos.outcome().is_none() {
            if step_no % 7 == i % 7 {
                listed.clear();
                pos.legal_steps(&mut listed);
                if listed.len() > 1 {
                    let mut counts = vec![0u32; listed.len()];
                    for _ in 0..200 * listed.len() {
                        let step = pos.random_step(&mut rng, &mut scratch).unwrap();
                        let at = listed.iter().position(|s| *s == step).unwrap();
                        counts[at] += 1;
                    }
                    let df = (listed.len() - 1) as f64;
                    let chi = chi_square(&counts);
                    assert!(
                        counts.iter().all(|&c| c > 0) && chi < df + 6.0 * (2.0 * df).sqrt(),
                        "{map:?} step {step_no}: chi-square {chi:.1} on {df} degrees: {counts:?}"
                    );
                    positions += 1;
                }
            }
            let step = pos.random_step(&mut rng, &mut scratch).unwrap();
            pos.play(step);
            step_no += 1;
        }
    }
    assert!(positions >= 30, "{positions}");
}
