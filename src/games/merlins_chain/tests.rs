//! Unit tests of Merlin's Chain: the feasibility search and the flip generator against
//! brute force on small boards, the arrangement shown after a flip, lines, outcome, random steps.

use super::*;

/// Brute force: calls `visit` with every way the unplayed numbers can fill the free cells
/// with every column ascending, until it returns true; whether one did.
fn brute_arrangements(
    w: usize,
    h: usize,
    cells: &[u8],
    visit: &mut dyn FnMut(&[u8]) -> bool,
) -> bool {
    let nmax = w * h;
    let mut board = cells[..nmax].to_vec();
    let mut used = vec![false; nmax + 1];
    for &v in &board {
        used[v as usize] = true;
    }
    // Free cells go rank by rank, so the cell below is always known when filling.
    let free: Vec<usize> = (0..nmax).filter(|&i| board[i] == 0).collect();
    fn go(
        i: usize,
        free: &[usize],
        (w, h): (usize, usize),
        board: &mut [u8],
        used: &mut [bool],
        visit: &mut dyn FnMut(&[u8]) -> bool,
    ) -> bool {
        if i == free.len() {
            let ascending =
                (0..w).all(|c| (1..h).all(|r| board[(r - 1) * w + c] < board[r * w + c]));
            return ascending && visit(board);
        }
        let cell = free[i];
        let below = if cell >= w { board[cell - w] } else { 0 };
        // The nearest played piece above bounds the value too.
        let above = (cell / w + 1..h)
            .map(|r| board[r * w + cell % w])
            .find(|&v| v != 0)
            .unwrap_or(u8::MAX);
        for n in 1..used.len() {
            if used[n] || (n as u8) <= below || (n as u8) >= above {
                continue;
            }
            used[n] = true;
            board[cell] = n as u8;
            let done = go(i + 1, free, (w, h), board, used, visit);
            board[cell] = 0;
            used[n] = false;
            if done {
                return true;
            }
        }
        false
    }
    go(0, &free, (w, h), &mut board, &mut used, visit)
}

/// Brute force: can the unplayed numbers fill the free cells with every column ascending?
fn brute_feasible(w: usize, h: usize, cells: &[u8]) -> bool {
    brute_arrangements(w, h, cells, &mut |_| true)
}

fn random_cells(rng: &mut Rng, w: usize, h: usize, played: usize) -> Vec<u8> {
    let nmax = w * h;
    let mut numbers: Vec<u8> = (1..=nmax as u8).collect();
    rng.shuffle(&mut numbers);
    let mut places: Vec<usize> = (0..nmax).collect();
    rng.shuffle(&mut places);
    let mut cells = vec![0u8; nmax];
    for i in 0..played {
        cells[places[i]] = numbers[i];
    }
    cells
}

/// Cells of a random valid full arrangement with `played` of them kept: always feasible.
fn random_feasible(rng: &mut Rng, w: usize, h: usize, played: usize) -> Vec<u8> {
    let nmax = w * h;
    let mut numbers: Vec<u8> = (1..=nmax as u8).collect();
    rng.shuffle(&mut numbers);
    let mut cells = vec![0u8; nmax];
    for col in 0..w {
        let mut column: Vec<u8> = numbers[col * h..col * h + h].to_vec();
        column.sort();
        for (r, v) in column.into_iter().enumerate() {
            cells[r * w + col] = v;
        }
    }
    let mut places: Vec<usize> = (0..nmax).collect();
    rng.shuffle(&mut places);
    for &p in &places[played..] {
        cells[p] = 0;
    }
    cells
}

const SHAPES: [(usize, usize); 6] = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (4, 3)];

#[test]
fn greedy_matches_brute_force() {
    let mut rng = Rng::new(11);
    let mut feasible = 0;
    for round in 0..4000 {
        let (w, h) = SHAPES[round % SHAPES.len()];
        let played = rng.below(w * h + 1);
        let cells = if round % 3 == 0 {
            random_feasible(&mut rng, w, h, played)
        } else {
            random_cells(&mut rng, w, h, played)
        };
        let greedy = arrange(w, h, &cells);
        let brute = brute_feasible(w, h, &cells);
        assert_eq!(greedy.is_some(), brute, "{w}x{h} {cells:?}");
        if let Some(a) = greedy {
            feasible += 1;
            // A real arrangement: played kept, every number once, columns ascending.
            let mut seen = vec![false; w * h + 1];
            for i in 0..w * h {
                assert!(cells[i] == 0 || cells[i] == a[i]);
                assert!(a[i] != 0 && !seen[a[i] as usize]);
                seen[a[i] as usize] = true;
            }
            for c in 0..w {
                for r in 1..h {
                    assert!(a[(r - 1) * w + c] < a[r * w + c]);
                }
            }
        }
    }
    assert!(feasible > 1000, "{feasible}");
}

#[test]
fn fast_generator_matches_brute_force() {
    let mut rng = Rng::new(5);
    let mut total = 0;
    for round in 0..700 {
        let (w, h) = SHAPES[round % SHAPES.len()];
        let nmax = w * h;
        let played = rng.below(nmax);
        let cells = random_feasible(&mut rng, w, h, played);
        let allowed = if round % 2 == 0 {
            u64::MAX
        } else {
            rng.next_u64()
        };
        let mut fast = Vec::new();
        for_each_legal(w, h, &cells, allowed, |bottom, flips| {
            fast.extend(
                flips
                    .iter()
                    .map(|&(n, offset)| (n, bottom + offset as usize)),
            )
        });
        let mut slow = Vec::new();
        for n in 1..=nmax as u8 {
            if cells.contains(&n) || allowed & (1u64 << (n - 1)) == 0 {
                continue;
            }
            for c in 0..nmax {
                if cells[c] != 0 {
                    continue;
                }
                let mut next = cells.clone();
                next[c] = n;
                if brute_feasible(w, h, &next) {
                    slow.push((n, c));
                }
            }
        }
        let listed = fast.len();
        fast.sort();
        fast.dedup();
        assert_eq!(fast.len(), listed, "duplicates in {cells:?}");
        assert_eq!(fast, slow, "{w}x{h} {cells:?}");
        total += slow.len();
    }
    assert!(total > 2000, "{total}");
}

#[test]
fn fast_generator_matches_greedy_on_the_full_board() {
    let mut rng = Rng::new(99);
    for _ in 0..12 {
        let mut p = Position::new(&Options::default()).unwrap();
        while p.outcome().is_none() {
            let mut fast = p.legal_step_list();
            fast.sort();
            let mut slow = Vec::new();
            let me = p.to_move();
            for n in 1..=64u8 {
                if owner(n) != me || p.is_played(n) {
                    continue;
                }
                for c in 0..CELLS {
                    let mut cells = p.cells;
                    if cells[c] == 0 {
                        cells[c] = n;
                        if arrange(SIDE, SIDE, &cells).is_some() {
                            slow.push(Step {
                                piece: n,
                                cell: c as u8,
                            });
                        }
                    }
                }
            }
            assert_eq!(fast, slow, "{}", p.diagram());
            let s = fast[rng.below(fast.len())];
            p.play(s);
        }
    }
}

/// The random step's check of one flip, on the position as it is.
fn flip_fits(p: &Position, n: u8, cell: usize) -> bool {
    SortedSegments::of(p).flip_fits_on(!p.played, n, cell)
}

#[test]
fn fast_flip_check_agrees_with_the_explained_one() {
    let mut rng = Rng::new(7);
    let mut checked = 0;
    for game in 0..20 {
        let mut p = Position::new(&Options::default()).unwrap();
        while p.outcome().is_none() {
            let legal = p.legal_step_list();
            let mover = p.to_move();
            for n in (1..=64u8).filter(|&n| owner(n) == mover && !p.is_played(n)) {
                for cell in (0..CELLS).filter(|&c| p.cells[c] == 0) {
                    let ok = flip_fits(&p, n, cell);
                    assert_eq!(ok, p.flip_problem(n, cell).is_none(), "game {game}");
                    assert_eq!(
                        ok,
                        legal.contains(&Step {
                            piece: n,
                            cell: cell as u8
                        })
                    );
                    checked += 1;
                }
            }
            let mut buf = Vec::new();
            let step = p.playout_step(&mut rng, &mut buf).unwrap();
            assert!(legal.contains(&step));
            p.play(step);
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// Positions cut out of a random full arrangement are far more constrained than those of
/// random games: every grey piece of either colour, on every free cell, against the
/// greedy `arrange`.
#[test]
fn fast_flip_check_agrees_with_arrange_on_constrained_positions() {
    let mut rng = Rng::new(23);
    let (mut legal, mut illegal) = (0, 0);
    for round in 0..300 {
        let played = 1 + round % 62;
        let cells: [u8; CELLS] = random_feasible(&mut rng, SIDE, SIDE, played)
            .try_into()
            .unwrap();
        let mut p = Position::new(&Options::default()).unwrap();
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                p.put(v, c);
            }
        }
        for n in (1..=64u8).filter(|&n| !p.is_played(n)) {
            for cell in (0..CELLS).filter(|&c| p.cells[c] == 0) {
                let mut next = p.cells;
                next[cell] = n;
                let expected = arrange(SIDE, SIDE, &next).is_some();
                assert_eq!(
                    flip_fits(&p, n, cell),
                    expected,
                    "{n}@{cell}\n{}",
                    p.diagram()
                );
                if expected {
                    legal += 1;
                } else {
                    illegal += 1;
                }
            }
        }
    }
    assert!(legal > 10_000 && illegal > 10_000, "{legal} {illegal}");
}

/// Whether `a` is a valid arrangement of `cells`: played kept, every number once, columns
/// ascending.
fn valid_arrangement(w: usize, h: usize, cells: &[u8], a: &[u8]) -> bool {
    let nmax = w * h;
    let mut seen = vec![false; nmax + 1];
    for i in 0..nmax {
        if (cells[i] != 0 && cells[i] != a[i]) || a[i] == 0 || a[i] as usize > nmax {
            return false;
        }
        if std::mem::replace(&mut seen[a[i] as usize], true) {
            return false;
        }
    }
    (0..w).all(|c| (1..h).all(|r| a[(r - 1) * w + c] < a[r * w + c]))
}

/// Grey tiles of `a` (free cells of `cells`) not on the cell `shown` had them on.
fn moved(w: usize, h: usize, cells: &[u8], shown: &[u8], a: &[u8]) -> usize {
    (0..w * h)
        .filter(|&c| cells[c] == 0)
        .filter(|&c| shown.iter().position(|&v| v == a[c]) != Some(c))
        .count()
}

/// Brute force: the fewest tiles moved from `shown` over every valid arrangement.
fn brute_fewest_moved(w: usize, h: usize, cells: &[u8], shown: &[u8]) -> Option<usize> {
    let mut best: Option<usize> = None;
    brute_arrangements(w, h, cells, &mut |board| {
        let m = moved(w, h, cells, shown, board);
        if best.map_or(true, |b| m < b) {
            best = Some(m);
        }
        false
    });
    best
}

#[test]
fn the_arrangement_after_a_flip_moves_the_fewest_tiles() {
    // Random games on small boards: after every flip, the arrangement shown is valid and
    // moves no more tiles than the best of all valid arrangements (found by brute force).
    let mut rng = Rng::new(29);
    let mut flips = 0;
    let mut moves = 0;
    for game in 0..60 {
        let (w, h) = [(3, 3), (3, 4), (4, 3), (2, 4)][game % 4];
        let nmax = w * h;
        let mut cells = vec![0u8; nmax];
        let mut shown = arrange(w, h, &cells).unwrap()[..nmax].to_vec();
        loop {
            // A random legal flip: an unplayed number on a free cell, still feasible.
            let mut options = Vec::new();
            for n in 1..=nmax as u8 {
                if cells.contains(&n) {
                    continue;
                }
                for c in 0..nmax {
                    if cells[c] == 0 {
                        let mut next = cells.clone();
                        next[c] = n;
                        if arrange(w, h, &next).is_some() {
                            options.push(next);
                        }
                    }
                }
            }
            let Some(next) = rng.choose(&options).cloned() else {
                break;
            };
            cells = next;
            let (a, exact) = arrange_near(w, h, &cells, &shown).unwrap();
            assert!(exact, "{w}x{h} played {cells:?}, shown {shown:?}");
            assert!(
                valid_arrangement(w, h, &cells, &a),
                "{w}x{h} {cells:?} {a:?}"
            );
            let m = moved(w, h, &cells, &shown, &a);
            let best = brute_fewest_moved(w, h, &cells, &shown).unwrap();
            assert_eq!(
                m, best,
                "{w}x{h} played {cells:?}, shown {shown:?}, got {a:?}"
            );
            flips += 1;
            moves += m;
            shown = a[..nmax].to_vec();
        }
    }
    assert!(
        flips > 400 && moves > 100,
        "{flips} flips, {moves} tiles moved"
    );
}

#[test]
fn a_flip_moves_only_the_tiles_it_must() {
    // The starting board shows 1–8 on rank 1, …, 57–64 on rank 8. Flipping 40 on c5
    // (where 35 was) leaves h5, 40's cell, free, and 35 fits there (h4 32 < 35 < h6 48):
    // one grey tile moves. The greedy arrangement reshuffles column after column.
    let p = Position::new(&Options::default()).unwrap();
    let before = p.arrangement();
    assert_eq!(before[GRID.index(2, 4)], 35);
    let mut q = p.clone();
    q.play(q.parse_step("40@c5").unwrap());
    let near = q.arrangement_near(&before);
    let grey_moved = |a: &[u8; CELLS]| moved(SIDE, SIDE, &q.cells, &before, a);
    assert_eq!(grey_moved(&near), 1);
    assert_eq!(near[GRID.index(7, 4)], 35);
    assert_eq!(near[GRID.index(2, 4)], 40);
    assert!(
        grey_moved(&q.arrangement()) > 10,
        "the greedy one moves many"
    );
    // A flip onto its own tile's cell moves nothing.
    let mut r = p.clone();
    r.play(r.parse_step("36@d5").unwrap());
    assert_eq!(
        moved(SIDE, SIDE, &r.cells, &before, &r.arrangement_near(&before)),
        0
    );
}

#[test]
fn full_games_keep_the_tiles_in_place() {
    // Random 8×8 games: every arrangement shown is valid and moves no more tiles than the
    // greedy one; the search proves its count the fewest for nearly every flip (the rest
    // force whole columns to change, like 56 on g1 early on, and settle for a near one).
    let mut rng = Rng::new(8);
    let mut total = (0, 0);
    let (mut proven, mut flips) = (0, 0);
    let started = std::time::Instant::now();
    let mut slowest = std::time::Duration::ZERO;
    for _ in 0..12 {
        let mut p = Position::new(&Options::default()).unwrap();
        let mut shown = p.arrangement();
        while p.outcome().is_none() {
            let step = p.random_step(&mut rng, &mut Vec::new()).unwrap();
            p.play(step);
            let t = std::time::Instant::now();
            let (a, exact) = arrange_near(SIDE, SIDE, &p.cells, &shown).unwrap();
            slowest = slowest.max(t.elapsed());
            flips += 1;
            proven += usize::from(exact);
            assert!(valid_arrangement(SIDE, SIDE, &p.cells, &a));
            let m = moved(SIDE, SIDE, &p.cells, &shown, &a);
            let greedy = moved(SIDE, SIDE, &p.cells, &shown, &p.arrangement());
            assert!(m <= greedy);
            total.0 += m;
            total.1 += greedy;
            let mut next = [0u8; CELLS];
            next.copy_from_slice(&a[..CELLS]);
            shown = next;
        }
    }
    eprintln!(
        "{proven} of {flips} flips proven fewest; moved {} tiles against the greedy's {}; \
         {:?} in all, slowest {slowest:?}",
        total.0,
        total.1,
        started.elapsed()
    );
    assert!(
        total.0 * 4 < total.1,
        "moved {} against the greedy's {}",
        total.0,
        total.1
    );
    assert!(proven * 10 >= flips * 9, "{proven} of {flips} proven");
}

#[test]
fn line_table_lists_every_line_of_four() {
    let mut expected = Vec::new();
    for start in 0..CELLS {
        for (df, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
            if GRID.offset(start, 3 * df, 3 * dr).is_some() {
                expected.push([0, 1, 2, 3].map(|i| GRID.offset(start, i * df, i * dr).unwrap()));
            }
        }
    }
    assert_eq!(lines().collect::<Vec<_>>(), expected);
    assert_eq!(expected.len(), 130);
}

/// The outcome read off the line table against the one from the chain list.
#[test]
fn final_outcome_is_the_lowest_chain() {
    let mut rng = Rng::new(31);
    let mut seen = [0; 3];
    for _ in 0..300 {
        let mut p = Position::new(&Options::default()).unwrap();
        let mut buf = Vec::new();
        while let Some(step) = p.playout_step(&mut rng, &mut buf) {
            p.play(step);
        }
        let from_chains = match (p.lowest_chain(0), p.lowest_chain(1)) {
            (Some(g), Some(w)) => Outcome::Winner(if g.rank < w.rank { 0 } else { 1 }),
            (Some(_), None) => Outcome::Winner(0),
            (None, Some(_)) => Outcome::Winner(1),
            (None, None) => Outcome::Draw,
        };
        assert_eq!(p.outcome(), Some(from_chains), "{}", p.diagram());
        seen[match from_chains {
            Outcome::Winner(s) => s,
            _ => 2,
        }] += 1;
    }
    assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
}

/// Random steps (and so playout steps) are a uniform pick of the legal flips: counted
/// over many draws in positions of random games, every legal flip comes up about equally
/// often.
#[test]
fn random_steps_are_uniform_over_the_legal_flips() {
    let mut rng = Rng::new(41);
    let mut positions = 0;
    for played in [0usize, 20, 40, 52, 58, 61] {
        let mut p = Position::new(&Options::default()).unwrap();
        let mut buf = Vec::new();
        for _ in 0..played {
            let step = p.random_step(&mut rng, &mut buf).unwrap();
            p.play(step);
        }
        let legal = p.legal_step_list();
        let draws = 400 * legal.len();
        let mut counts = std::collections::HashMap::new();
        for _ in 0..draws {
            *counts
                .entry(p.random_step(&mut rng, &mut buf).unwrap())
                .or_insert(0) += 1;
        }
        assert_eq!(counts.len(), legal.len(), "{}", p.diagram());
        for step in &legal {
            let c = counts[step];
            assert!(
                (280..=520).contains(&c),
                "{step:?} {c} of {draws}\n{}",
                p.diagram()
            );
        }
        positions += 1;
    }
    assert_eq!(positions, 6);
}
