//! The exact solver (`ludus::ai::solve`): checked against plain minimax without a table on
//! many random small positions of four games, its position keys (equal for transposed
//! steps, different for the stages of a multi-step turn), and the command line.

use ludus::ai::solve::{brute_force, solve, solve_any, PnSolver, Solver};
use ludus::games::AnyGame;
use ludus::rng::Rng;
use ludus::{Describe, Game, Outcome, SearchHints};

#[path = "common/start.rs"]
mod start;

use start::start;

/// Plays random steps from `game` until at most `left` more steps are likely (judged by
/// `small`), or returns None if the game ended first.
fn random_position<G: SearchHints>(
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
fn cross_check<G: SearchHints>(
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

/// The step text of `text` on the board's image: each cell name (a file letter and a rank)
/// mirrored as `files` and `ranks` say, on an `n × n` board.
fn mirrored(text: &str, n: usize, files: bool, ranks: bool) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        if !ch.is_ascii_lowercase() {
            out.push(ch);
            continue;
        }
        let mut digits = String::new();
        while let Some(d) = chars.next_if(|d| d.is_ascii_digit()) {
            digits.push(d);
        }
        let f = (ch as u8 - b'a') as usize;
        let r: usize = digits.parse::<usize>().unwrap() - 1;
        let f = if files { n - 1 - f } else { f };
        let r = if ranks { n - 1 - r } else { r };
        out.push((b'a' + f as u8) as char);
        out.push_str(&(r + 1).to_string());
    }
    out
}

/// Plays random games and, beside each, its images under `count` symmetries (`to_image(k,
/// text)`: a step's text on image `k`, from its text here): at every step each image has the mapped
/// legal steps and result (the engine treats every cell alike) and the same canonical key
/// (the solver's table key). A slot of Unravel's crosscut completers mirrored wrongly, or
/// a cell mapped wrongly, makes the keys differ. Returns whether a swap (`~`) was played.
fn check_images<G: SearchHints>(
    name: &str,
    game: &G,
    games: u64,
    count: usize,
    to_image: &dyn Fn(usize, &str) -> String,
) -> bool {
    let mut played_swap = false;
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let mut g = game.clone();
        let mut images: Vec<G> = (0..count).map(|_| game.clone()).collect();
        while g.outcome().is_none() {
            let key = g.canonical_key();
            let ours: Vec<String> = g
                .legal_step_list()
                .iter()
                .map(|&s| g.step_text(s))
                .collect();
            for (k, image) in images.iter().enumerate() {
                assert_eq!(
                    image.canonical_key(),
                    key,
                    "{name} seed {seed}: {g:?} / {image:?}"
                );
                let mut theirs: Vec<String> = image
                    .legal_step_list()
                    .iter()
                    .map(|&s| normalised(&image.step_text(s)))
                    .collect();
                theirs.sort();
                let mut mapped: Vec<String> =
                    ours.iter().map(|t| normalised(&to_image(k, t))).collect();
                mapped.sort();
                assert_eq!(theirs, mapped, "{name} seed {seed}: {g:?}");
            }
            let step = *rng.choose(&g.legal_step_list()).unwrap();
            let text = g.step_text(step);
            played_swap |= text.contains('~');
            g.play(step);
            for (k, image) in images.iter_mut().enumerate() {
                let s = image.parse_step(&to_image(k, &text)).unwrap();
                image.play(s);
            }
        }
        for image in &images {
            assert_eq!(image.outcome(), g.outcome(), "{name} seed {seed}");
        }
    }
    played_swap
}

/// [`check_images`] under the three mirrors of an `n × n` board.
fn check_mirrors<G: SearchHints>(name: &str, game: &G, n: usize, games: u64) -> bool {
    const MIRRORS: [(bool, bool); 3] = [(true, false), (false, true), (true, true)];
    check_images(name, game, games, MIRRORS.len(), &|k, t| {
        mirrored(t, n, MIRRORS[k].0, MIRRORS[k].1)
    })
}

/// A swap `a~b` and `b~a` are the same swap: written lower cell first after mirroring.
fn normalised(text: &str) -> String {
    match text.split_once('~') {
        Some((a, b)) => {
            let mut pair = [a.to_string(), b.to_string()];
            pair.sort();
            format!("{}~{}", pair[0], pair[1])
        }
        None => text.to_string(),
    }
}

#[test]
fn mirror_images_share_the_canonical_key_and_mirror_the_rules() {
    for n in [3, 4, 5, 6] {
        let size = n.to_string();
        let AnyGame::Unravel(u) = start("unravel", &[("size", &size)]) else {
            unreachable!()
        };
        let name = format!("unravel {n}x{n}");
        assert!(
            check_mirrors(&name, &u, n, 30),
            "{name}: no swap was played: the crosscut keys went untested"
        );
        let AnyGame::Scattercut(s) = start("scattercut", &[("size", &size)]) else {
            unreachable!()
        };
        check_mirrors(&format!("scattercut {n}x{n}"), &s, n, 30);
    }
}

/// After one placement on a 4×4 board, the first steps grouped by the canonical key of
/// the position they make.
fn first_step_classes<G: SearchHints>(root: &G) -> Vec<Vec<String>> {
    let mut keys = std::collections::HashMap::new();
    for step in root.legal_step_list() {
        let mut child = root.clone();
        child.play(step);
        keys.entry(child.canonical_key())
            .or_insert_with(Vec::new)
            .push(root.step_text(step));
    }
    let mut classes: Vec<Vec<String>> = keys.into_values().collect();
    for class in &mut classes {
        class.sort();
    }
    classes.sort();
    classes
}

#[test]
fn canonical_keys_tell_different_positions_apart() {
    // The 16 first steps fall into classes of mirror images (a1, d1, a4 and d4 are one;
    // b2, c2, b3 and c3 another; ...): keys are equal exactly within a class.
    let classes = [
        vec!["a1", "a4", "d1", "d4"],
        vec!["a2", "a3", "d2", "d3"],
        vec!["b1", "b4", "c1", "c4"],
        vec!["b2", "b3", "c2", "c3"],
    ];
    let AnyGame::Unravel(u) = start("unravel", &[("size", "4")]) else {
        unreachable!()
    };
    assert_eq!(first_step_classes(&u), classes);
    let AnyGame::Scattercut(s) = start("scattercut", &[("size", "4")]) else {
        unreachable!()
    };
    assert_eq!(first_step_classes(&s), classes);
}

#[test]
fn unlur_images_under_the_twelve_symmetries_share_the_canonical_key() {
    use ludus::geometry::HexGrid;
    for side in [4usize, 5] {
        let AnyGame::Unlur(root) = start("unlur", &[("size", &side.to_string())]) else {
            unreachable!()
        };
        let grid = HexGrid::new(side);
        let maps = grid.symmetry_maps();
        // A step's text on the image under `map`: a cell's name goes to its image's name.
        let image_text = |text: &str, map: &[u16]| match grid.parse(text) {
            Some(cell) => grid.name(map[cell] as usize),
            None => text.to_string(),
        };
        check_images(
            &format!("unlur side {side}"),
            &root,
            20,
            maps.len(),
            &|k, t| image_text(t, &maps[k]),
        );
        // The first contract stones on side 4 (19 inner cells): the centre, the ring of six
        // around it, and the twelve of the next ring in two classes of six.
        let mut classes = std::collections::HashSet::new();
        for step in root.legal_step_list() {
            let mut child = root.clone();
            child.play(step);
            classes.insert(child.canonical_key());
        }
        if side == 4 {
            // pass, centre, inner ring, outer ring's corners of the inner hexagon, the rest.
            assert_eq!(classes.len(), 5, "side 4 first steps by canonical key");
        }
    }
}

/// A line can be thousands of steps long (from Unity's start the search follows a line of
/// moves past 1000 steps within 15,000 positions). The page runs the solver in wasm,
/// whose stack is much smaller than a native thread's, and a frame per step overflowed it.
/// Here both solvers run on a thread with a 256 KiB stack, which a frame per step overflowed,
/// and give up cleanly within their budgets.
#[test]
fn deep_lines_need_no_deep_stack() {
    let run = || {
        let game = start("unity", &[("players", "2")]);
        let s = solve_any(&game, 15_000, &mut || false).unwrap();
        assert_eq!(s.result, None, "not provable within the budget");
        ludus::with_game!(&game, g => {
            let s = PnSolver::new().solve(g, 15_000, &mut || false).unwrap();
            assert_eq!(s.result, None, "not provable within the budget");
        });
    };
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(run)
        .unwrap()
        .join()
        .unwrap();
}

/// Unravel with its loops cut out, to check the solver against: a step that would bring
/// back a position this turn had is not listed (a position whose every step would is a loss
/// for its mover), found from the turn's own list of position keys.
#[derive(Clone, Debug)]
struct LoopsCut {
    game: ludus::games::unravel::Position,
    turn: Vec<u128>,
}

impl LoopsCut {
    fn new(game: ludus::games::unravel::Position) -> Self {
        LoopsCut {
            game,
            turn: Vec::new(),
        }
    }

    fn loops(&self, step: ludus::games::unravel::Step) -> bool {
        let mut after = self.game.clone();
        after.play(step);
        after.is_swapping() && self.turn.contains(&after.position_key())
    }
}

impl Game for LoopsCut {
    type Step = ludus::games::unravel::Step;
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> usize {
        self.game.to_move()
    }
    fn legal_steps(&self, out: &mut Vec<Self::Step>) {
        let mut all = Vec::new();
        self.game.legal_steps(&mut all);
        out.extend(all.into_iter().filter(|&s| !self.loops(s)));
    }
    fn play(&mut self, step: Self::Step) {
        self.game.play(step);
        if !self.game.is_swapping() {
            self.turn.clear();
        } else {
            self.turn.push(self.game.position_key());
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.game.outcome().or_else(|| {
            (self.game.is_swapping() && self.legal_step_list().is_empty())
                .then(|| Outcome::Winner(1 - self.to_move()))
        })
    }
    fn step_text(&self, step: Self::Step) -> String {
        self.game.step_text(step)
    }
    fn parse_step(&self, text: &str) -> Result<Self::Step, ludus::Error> {
        self.game.parse_step(text)
    }
    /// The engine's key: with the turn's past in it, the table would keep every order of
    /// the same swaps apart, and the search would not finish.
    fn position_key(&self) -> u128 {
        self.game.position_key()
    }
}

/// No hints: plain playouts, no symmetry.
impl SearchHints for LoopsCut {}

/// Every position where the current turn can end, found breadth first over the turn's
/// positions, each visited once (an independent check: no search, no table).
fn turn_ends(game: &ludus::games::unravel::Position) -> Vec<ludus::games::unravel::Position> {
    let mut seen = std::collections::HashSet::new();
    let mut queue = vec![game.clone()];
    let mut ends = Vec::new();
    while let Some(p) = queue.pop() {
        for step in p.legal_step_list() {
            let mut child = p.clone();
            child.play(step);
            if !child.is_swapping() {
                ends.push(child);
            } else if seen.insert(child.position_key()) {
                queue.push(child);
            }
        }
    }
    ends
}

/// The 5×5 loop of docs/rules/unravel.md: the placements and the four swaps that reach
/// the position where the loop begins, and the ten swaps that, played twice, come back to it.
const UNRAVEL_LOOP: &str = "a1 c1 b1 e1 d1 a2 d2 b2 a3 c2 c3 e2 e3 b3 a4 b4 c4 e4 d4 d3 \
                            c2~c3 b1~b2 d2~e2 e3~e4";
const UNRAVEL_ROUND: &str = "c1~c2 d1~e1 a3~b3 a1~a2 b1~b2 c3~c4 d3~d4 d2~e2 e3~e4 a4~b4";

/// Where a turn can go round a loop, the solver does not follow it: its result, every
/// step's and the positions it searches are those of the same game with the loops cut out,
/// and few. On 5×5 from the loop's start and from inside it (one swap before it closes),
/// where Blue wins at once; on 6×6 with the same loop in a corner, where Red's file f
/// means Blue loses whatever the swaps, so the solver must search all of Blue's turn.
#[test]
fn the_solver_does_not_go_round_an_unravel_loop() {
    let round: Vec<&str> = UNRAVEL_ROUND.split_whitespace().collect();
    let inside = format!("{UNRAVEL_LOOP} {UNRAVEL_ROUND} {}", round[..9].join(" "));
    let cornered = format!("f1 a6 f2 b6 f3 c6 f4 d6 f5 e6 {UNRAVEL_LOOP}");
    for (size, line, winner, most) in [
        ("5", UNRAVEL_LOOP.to_string(), 1, 100),
        ("5", inside, 1, 100),
        ("6", cornered, 0, 2000),
    ] {
        let AnyGame::Unravel(empty) = start("unravel", &[("size", size)]) else {
            unreachable!()
        };
        let mut game = empty.clone();
        let mut cut = LoopsCut::new(empty);
        for t in line.split_whitespace() {
            let step = game.parse_step(t).unwrap();
            game.play(step);
            cut.play(step);
        }
        assert!(game.is_swapping());
        let s = solve(&game, 1_000_000, &mut || false).unwrap();
        assert_eq!(
            s.result,
            Some(Outcome::Winner(winner)),
            "{size}×{size}: {} positions",
            s.nodes
        );
        assert!(s.nodes <= most, "{size}×{size}: {} positions", s.nodes);
        let c = solve(&cut, 1_000_000, &mut || false).unwrap();
        assert_eq!((s.result, s.nodes), (c.result, c.nodes), "{size}×{size}");
        // The result, checked over every end the turn can have: Blue wins at once on
        // 5×5; on 6×6 Red has won, or wins by placing on f6.
        let ends = turn_ends(&game);
        let blue_wins =
            |p: &ludus::games::unravel::Position| p.outcome() == Some(Outcome::Winner(1));
        let red_wins = |p: &ludus::games::unravel::Position| {
            let mut after = p.clone();
            if after.outcome().is_none() {
                after.play_text("f6").unwrap();
            }
            after.outcome() == Some(Outcome::Winner(0))
        };
        if winner == 1 {
            assert!(ends.iter().any(blue_wins));
        } else {
            assert!(ends.iter().all(red_wins), "{} ends", ends.len());
        }
        // The steps back into the loop keep the result, as each position reaches the other.
        let (back, others): (Vec<_>, Vec<_>) = s
            .steps
            .iter()
            .cloned()
            .partition(|r| game.brings_back(r.step));
        assert_eq!(others, c.steps);
        assert!(back.iter().all(|r| r.result == s.result));
        // Proof-number search agrees.
        let p = PnSolver::new()
            .solve(&game, 1_000_000, &mut || false)
            .unwrap();
        assert_eq!(p.result, s.result);
        assert_eq!(p.steps, s.steps);
    }
}
