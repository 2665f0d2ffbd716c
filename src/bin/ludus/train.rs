//! `ludus train GAME`: learns a game's knowledge from self-play and writes it where the
//! game's engine reads it (`ludus::ai::train`): Unlur's contract and replies, Scattercut's
//! replies, Merlin's Chain's flip order, Unravel's placement priors, Unity's step order.

use ludus::ai::train::{
    fit, fixed_contract_game, in_parallel, learn, log_loss, merlins_chain_order_game, most_stones,
    reply_game, scattercut_reply_game, self_play_many, self_play_many_with, unity_order_game,
    unlur_prior_game, unravel_eval_game, unravel_prior_game, FixedContract, ReplyCounts, Sample,
    SideReport, TrainSettings,
};
use ludus::ai::PlayerSpec;
use ludus::game::shorten;
use ludus::games::replies::{to_text, Learned, ShapeSet, ShapeWeight};
use ludus::games::unlur::contract::feature_names;
use ludus::games::unlur::{MAX_SIZE, MIN_SIZE};
use ludus::games::{merlins_chain, scattercut, unity, unlur, unravel, GameKind};
use ludus::Error;
use std::time::Instant;

use crate::Args;

pub const USAGE: &str = "ludus train unlur [--learn contract|replies|priors] [--sides 5,6] [--games N] [--rounds R] [--seed S] [--player SPEC] [--threads T] [--out FILE], or ludus train scattercut [--sizes 8] [--games N] [--seed S] [--player SPEC] [--threads T] [--out FILE], or ludus train merlins-chain [--games N] [--seed S] [--player SPEC] [--threads T] [--out FILE], or ludus train unravel [--learn priors|eval] [--sizes 8] [--games N] [--seed S] [--player SPEC] [--threads T] [--out FILE], or ludus train unity [--players 2,3] [--games N] [--seed S] [--player SPEC] [--threads T] [--out FILE]";

const DEFAULT_OUT: &str = "src/games/unlur/contract.txt";
const DEFAULT_REPLIES_OUT: &str = "src/games/unlur/replies.txt";

/// A game's reply-learning run: its shapes, where they are shipped, the boards it plays
/// on and how one game is played.
struct ReplyRun<'a> {
    kind: GameKind,
    /// The command's words after the game's name: `--learn replies` where replies are not
    /// what the game learns by default.
    learn_words: &'static str,
    set: &'static ShapeSet,
    learned: &'static Learned,
    /// `--sides 5,6` or `--sizes 8`, as the command is written again.
    boards_flag: &'static str,
    /// What a shape's characters mean, for the file's header.
    shape_words: &'static str,
    /// Shapes offered fewer times keep the base weight (and no line in the file).
    least_offers: u64,
    play: &'a (dyn Fn(usize, usize) -> ReplyCounts + Sync),
}

pub fn run(args: &Args) -> Result<(), Error> {
    args.only(&[
        "sides", "sizes", "players", "games", "seed", "player", "threads", "out", "rounds", "learn",
    ])?;
    args.at_most_positionals(1, &format!("`{USAGE}`"))?;
    let kind = GameKind::parse(args.positional(0, "GAME")?)?;
    if kind == GameKind::Unravel {
        match args.flag("learn") {
            None | Some("priors") => {}
            Some("eval") => return unravel_eval(args),
            Some(other) => {
                return Err(Error::options(format!(
                    "Unravel learns its priors or its eval (--learn priors|eval, got {:?})",
                    shorten(other)
                )))
            }
        }
    }
    if let Some(run) = count_run(kind, args.flag("learn")) {
        return counted(&run, args);
    }
    if kind == GameKind::Scattercut {
        return scattercut_replies(args);
    }
    if args.flag("sizes").is_some() {
        return Err(Error::options(
            "--sizes is for Scattercut: Unlur takes --sides",
        ));
    }
    let (settings, player_text) = settings(args, kind, parse_sides(args)?, 2000)?;
    match args.flag("learn").unwrap_or("contract") {
        "contract" => {}
        "replies" => {
            if args.flag("rounds").is_some() {
                return Err(Error::options(
                    "--rounds is for the contract: replies are learned in one round",
                ));
            }
            let play = |side, i| reply_game(side, i, settings.seed, &settings.player);
            let run = ReplyRun {
                kind,
                learn_words: " --learn replies",
                set: &unlur::replies::SHAPE_SET,
                learned: &unlur::replies::LEARNED,
                boards_flag: "sides",
                shape_words: "the six neighbours from NE round to NW",
                least_offers: 1,
                play: &play,
            };
            return replies(
                &run,
                &settings,
                player_text,
                args.flag("out").unwrap_or(DEFAULT_REPLIES_OUT),
            );
        }
        other => {
            return Err(Error::options(format!(
                "--learn takes contract, replies or priors (got {:?})",
                shorten(other)
            )))
        }
    }
    let out = args.flag("out").unwrap_or(DEFAULT_OUT);
    let rounds: usize = args.number("rounds", Some(2usize))?;
    if !(1..=10).contains(&rounds) {
        return Err(Error::options("--rounds must be from 1 to 10"));
    }
    let command = format!(
        "ludus train unlur --sides {} --games {} --rounds {rounds} --seed {} --player {}",
        settings
            .boards
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(","),
        settings.games,
        settings.seed,
        player_text
    );
    let mut text = format!(
        "# Unlur: Black's chance were the contract to end (src/games/unlur/contract.rs),\n\
         # learned from self-play by\n#   {command}\n\
         # Weights: constant; stones at each distance from the centre (0 to side - 2);\n\
         # lone stones at each distance, counted again; groups; largest group.\n"
    );
    for &side in &settings.boards {
        let started = Instant::now();
        let games = settings.games;
        let samples = self_play_many(side, &settings, &|done| {
            if done % 100 == 0 || done == games {
                eprint!("\rside {side}: {done} of {games} games");
            }
        });
        eprintln!();
        let secs = started.elapsed().as_secs_f64();
        let black = samples.iter().filter(|s| s.won).count();
        let note = format!(
            "{} games, Black won {:.1}%, {:.0} s",
            samples.len(),
            100.0 * black as f64 / samples.len() as f64,
            secs
        );
        let mut report = learn(side, samples, &note);
        print_report(side, &report);
        for round in 2..=rounds {
            let more = self_play_many_with(side, &settings, &report.model, &|done| {
                if done % 100 == 0 || done == games {
                    eprint!("\rside {side}, round {round}: {done} of {games} games");
                }
            });
            eprintln!();
            let mut samples = report.samples;
            samples.extend(more);
            let black = samples.iter().filter(|s| s.won).count();
            let note = format!(
                "{} games in {round} rounds, Black won {:.1}%, {:.0} s",
                samples.len(),
                100.0 * black as f64 / samples.len() as f64,
                started.elapsed().as_secs_f64()
            );
            report = learn(side, samples, &note);
            print_report(side, &report);
        }
        text.push_str(&report.model.to_line());
        text.push('\n');
    }
    write_weights(out, &text)
}

/// `ludus train unravel --learn eval`: the evaluation's weights (`src/games/unravel/eval.rs`),
/// fitted on every turn's start of self-play games.
fn unravel_eval(args: &Args) -> Result<(), Error> {
    let kind = GameKind::Unravel;
    for flag in ["sides", "players", "rounds"] {
        if args.flag(flag).is_some() {
            return Err(Error::options(format!(
                "--{flag} is not for Unravel: it learns its evaluation over --sizes"
            )));
        }
    }
    let sizes = parse_boards(args, "sizes", "8", unravel::MIN_SIZE..=unravel::MAX_SIZE)?;
    let (mut settings, _) = settings(args, kind, sizes, 200)?;
    // Playouts to the end by default: the games must not lean on the weights they make.
    let player_text = args.flag("player").unwrap_or(EVAL_PLAYER);
    settings.player = PlayerSpec::parse_in(player_text, kind)?;
    if !unravel::eval::set_aside() {
        return Err(Error::options(
            "the evaluation was read before training could set it aside",
        ));
    }
    let started = Instant::now();
    let mut games_played: Vec<Vec<Sample>> = Vec::new();
    for &size in &settings.boards {
        let games = settings.games;
        games_played.extend(in_parallel(
            games,
            settings.threads,
            &|done| {
                if done % 10 == 0 || done == games {
                    eprint!("\rsize {size}: {done} of {games} games");
                }
            },
            |i| unravel_eval_game(size, i, settings.seed, &settings.player),
        ));
        eprintln!();
    }
    let secs = started.elapsed().as_secs_f64();
    // A fifth of the games held out, to say how well the weights predict positions of games
    // they were not fitted on.
    let (mut held, mut train) = (Vec::new(), Vec::new());
    for (i, game) in games_played.iter().enumerate() {
        (if i % 5 == 4 { &mut held } else { &mut train }).extend(game.iter().cloned());
    }
    let samples: Vec<Sample> = games_played.into_iter().flatten().collect();
    let fitted = fit(&train);
    let won = train.iter().filter(|s| s.won).count() as f64 / train.len().max(1) as f64;
    let mean = [
        (won.clamp(1e-3, 1.0 - 1e-3) / (1.0 - won.clamp(1e-3, 1.0 - 1e-3))).ln(),
        0.0,
    ];
    let weights = fit(&samples);
    let sizes: Vec<String> = settings.boards.iter().map(|b| b.to_string()).collect();
    let command = format!(
        "ludus train unravel --learn eval --sizes {} --games {} --seed {} --player {player_text}",
        sizes.join(","),
        settings.games,
        settings.seed
    );
    let summary = format!(
        "{} games a size, {secs:.0} s: {} turn starts, the mover won {:.1}%; held-out log-loss {:.3} bits a position (always the mean: {:.3})",
        settings.games,
        samples.len(),
        100.0 * samples.iter().filter(|s| s.won).count() as f64 / samples.len().max(1) as f64,
        log_loss(&fitted, &held),
        log_loss(&mean, &held),
    );
    say!("{summary}");
    say!("tempo {:.4}, distance {:.4}", weights[0], weights[1]);
    let text = format!(
        "# Unravel: evaluation (src/games/unravel/eval.rs), learned from self-play by\n\
         #   {command}\n# {summary}.\n\
         # The mover's chance: 1 / (1 + exp(-(tempo + distance * (the opponent's distance - the mover's)))).\n\
         tempo {}\ndistance {}\n",
        weights[0], weights[1]
    );
    write_weights(args.flag("out").unwrap_or(EVAL_OUT), &text)
}

const EVAL_PLAYER: &str = "mcts:4000/cap=400";
const EVAL_OUT: &str = "src/games/unravel/eval.txt";

/// `ludus train scattercut`: its reply weights.
fn scattercut_replies(args: &Args) -> Result<(), Error> {
    let kind = GameKind::Scattercut;
    for flag in ["sides", "rounds"] {
        if args.flag(flag).is_some() {
            return Err(Error::options(format!(
                "--{flag} is for Unlur: Scattercut learns its replies in one round, on --sizes"
            )));
        }
    }
    match args.flag("learn").unwrap_or("replies") {
        "replies" => {}
        other => {
            return Err(Error::options(format!(
                "Scattercut learns only its replies (--learn replies, got {:?})",
                shorten(other)
            )))
        }
    }
    let sizes = parse_boards(
        args,
        "sizes",
        "8",
        scattercut::MIN_SIZE..=scattercut::MAX_SIZE,
    )?;
    let (settings, player_text) = settings(args, kind, sizes, 200)?;
    let play = |size, i| scattercut_reply_game(size, i, settings.seed, &settings.player);
    let run = ReplyRun {
        kind,
        learn_words: "",
        set: &scattercut::replies::SHAPE_SET,
        learned: &scattercut::REPLIES,
        boards_flag: "sizes",
        shape_words: "the eight neighbours from N round to NW, turned so that the\n\
                      # mover's goal edges are N and S",
        least_offers: 5,
        play: &play,
    };
    let out = "src/games/scattercut/replies.txt";
    replies(
        &run,
        &settings,
        player_text,
        args.flag("out").unwrap_or(out),
    )
}

/// A run that counts, at every step of self-play, the class of each offer and of the one
/// chosen, and writes each class's chosen share: Merlin's Chain's flip order, Unravel's
/// placement priors, Unity's step order.
struct CountRun<'a> {
    kind: GameKind,
    /// The command's words after the game's name where the game learns other things too
    /// (`--learn priors`), else empty.
    learn_words: &'static str,
    /// What it learns, as the file's header and the messages name it: "flip order".
    what: &'static str,
    /// The module that reads the file.
    module: &'static str,
    set: &'static ShapeSet,
    learned: &'static Learned,
    out: &'static str,
    /// The flag naming what the games vary over (`sizes`, `players`), its default and its
    /// range, and a word for one value ("size"); None: one board.
    boards: Option<(
        &'static str,
        &'static str,
        std::ops::RangeInclusive<usize>,
        &'static str,
    )>,
    default_games: usize,
    /// What a step and an offer are called in the summary: "steps", "legal flips".
    steps_word: &'static str,
    offers_word: &'static str,
    /// Classes offered fewer times keep the base weight (and no line in the file).
    least_offers: u64,
    /// The file's header lines after the summary: what a class is, what a weight is.
    legend: &'static str,
    play: &'a (dyn Fn(usize, usize, &TrainSettings) -> ReplyCounts + Sync),
}

/// Merlin's Chain, Unravel and Unity's runs, and Unlur's `--learn priors`.
fn count_run(kind: GameKind, learn: Option<&str>) -> Option<CountRun<'static>> {
    Some(match kind {
        GameKind::Unlur if learn == Some("priors") => CountRun {
            kind,
            learn_words: " --learn priors",
            what: "placement order",
            module: "src/games/unlur/priors.rs",
            set: &unlur::replies::SHAPE_SET,
            learned: &unlur::priors::LEARNED,
            out: "src/games/unlur/priors.txt",
            boards: Some(("sides", "5,6", unlur::MIN_SIZE..=unlur::MAX_SIZE, "side")),
            default_games: 200,
            steps_word: "placements",
            offers_word: "empty cells",
            least_offers: 1,
            legend: "# A shape: the six neighbours from NE round to NW, . empty, m the mover's, t the\n\
                     # opponent's, - off the board, a table per colour; the weight is the chance that\n\
                     # an empty cell of the shape is the one placed on.\n",
            play: &|side, i, s| unlur_prior_game(side, i, s.seed, &s.player),
        },
        GameKind::MerlinsChain => CountRun {
            kind,
            learn_words: "",
            what: "flip order",
            module: "src/games/merlins_chain/order.rs",
            set: &merlins_chain::order::CLASS_SET,
            learned: &merlins_chain::order::LEARNED,
            out: "src/games/merlins_chain/order.txt",
            boards: None,
            default_games: 100,
            steps_word: "steps",
            offers_word: "legal flips",
            least_offers: 1,
            legend: "# A class: line, block, rank, number (order.rs); the weight is the chance that a\n\
                     # legal flip of the class is the one played.\n",
            play: &|_, i, s| merlins_chain_order_game(i, s.seed, &s.player),
        },
        GameKind::Unravel => CountRun {
            kind,
            learn_words: " --learn priors",
            what: "placement priors",
            module: "src/games/unravel/priors.rs",
            set: &unravel::priors::SHAPE_SET,
            learned: &unravel::priors::LEARNED,
            out: "src/games/unravel/priors.txt",
            boards: Some((
                "sizes",
                "8",
                unravel::MIN_SIZE..=unravel::MAX_SIZE,
                "size",
            )),
            default_games: 200,
            steps_word: "placements",
            offers_word: "empty cells",
            least_offers: 5,
            legend: "# A shape: the eight neighbours from N round to NW, turned so that the mover's goal\n\
                     # edges are N and S, . empty, m the mover's, t the opponent's, - off the board; the\n\
                     # weight is the chance that an empty cell of the shape is the one placed on.\n",
            play: &|size, i, s| unravel_prior_game(size, i, s.seed, &s.player),
        },
        GameKind::Unity => CountRun {
            kind,
            learn_words: "",
            what: "step order",
            module: "src/games/unity/order.rs",
            set: &unity::order::CLASS_SET,
            learned: &unity::order::LEARNED,
            out: "src/games/unity/order.txt",
            boards: Some(("players", "2,3", 2..=3, "player count")),
            default_games: 100,
            steps_word: "steps",
            offers_word: "legal steps",
            least_offers: 1,
            legend: "# A class: kind, then three digits by kind (order.rs), in a table for two players\n\
                     # and one for three; the weight is the chance that a legal step of the class is\n\
                     # the one played.\n",
            play: &|players, i, s| unity_order_game(players, i, s.seed, &s.player),
        },
        _ => return None,
    })
}

/// `ludus train GAME` for a [`CountRun`]: plays its games, counts, writes the weights.
fn counted(run: &CountRun, args: &Args) -> Result<(), Error> {
    let title = run.kind.title();
    let boards_flag = run.boards.as_ref().map(|b| b.0);
    for flag in ["sides", "sizes", "players", "rounds", "learn"] {
        let ours = Some(flag) == boards_flag || (flag == "learn" && !run.learn_words.is_empty());
        if !ours && args.flag(flag).is_some() {
            let on = match boards_flag {
                Some(f) => format!("over --{f}"),
                None => "on its one board".to_string(),
            };
            return Err(Error::options(format!(
                "--{flag} is not for {title}: it learns its {}, {on}",
                run.what
            )));
        }
    }
    let boards = match &run.boards {
        Some((flag, default, range, _)) => parse_boards(args, flag, default, range.clone())?,
        None => vec![0],
    };
    let (settings, player_text) = settings(args, run.kind, boards, run.default_games)?;
    let out = args.flag("out").unwrap_or(run.out);
    // The games are searched without the weights, as by the engine without them, so the
    // file does not depend on the one it replaces.
    if !run.learned.set_aside() {
        return Err(Error::options(format!(
            "the {} was read before training could set it aside",
            run.what
        )));
    }
    let started = Instant::now();
    let mut counts = ReplyCounts::new(run.set);
    for &board in &settings.boards {
        let label = boards_flag.map_or(String::new(), |f| format!("{f} {board}: "));
        counts.add(&count_games(run.set, &settings, &label, |i| {
            (run.play)(board, i, &settings)
        }));
    }
    let secs = started.elapsed().as_secs_f64();
    let weights = counts.weights(run.least_offers);
    let (boards_words, per) = match &run.boards {
        Some((flag, _, _, word)) => {
            let list: Vec<String> = settings.boards.iter().map(|b| b.to_string()).collect();
            (
                format!(" --{flag} {}", list.join(",")),
                format!(" a {word}"),
            )
        }
        None => (String::new(), String::new()),
    };
    let command = format!(
        "ludus train {}{}{boards_words} --games {} --seed {} --player {player_text}",
        run.kind.name(),
        run.learn_words,
        settings.games,
        settings.seed
    );
    let classes = if run.least_offers > 1 {
        format!(
            "{} classes offered at least {} times (the others keep the base weight)",
            weights.len(),
            run.least_offers
        )
    } else {
        format!("{} classes seen", weights.len())
    };
    let summary = format!(
        "{} games{per}, {secs:.0} s: {} {}, {} {} offered; {classes}",
        settings.games,
        counts.steps,
        run.steps_word,
        counts.offered.iter().flatten().sum::<u64>(),
        run.offers_word,
    );
    say!("{summary}");
    say!("base weight (an offer chosen) {:.5}", counts.base());
    print_most_chosen(run.set, &weights);
    let text = format!(
        "# {title}: {} ({}), learned from self-play by\n#   {command}\n# {summary}.\n{}{}",
        run.what,
        run.module,
        run.legend,
        to_text(run.set, counts.base(), &weights)
    );
    write_weights(out, &text)
}

/// Plays `settings.games` games of `play` on its threads and adds up their counts, saying
/// how many are done (after `label`).
fn count_games(
    set: &ShapeSet,
    settings: &TrainSettings,
    label: &str,
    play: impl Fn(usize) -> ReplyCounts + Sync,
) -> ReplyCounts {
    let games = settings.games;
    let per_game = in_parallel(
        games,
        settings.threads,
        &|done| {
            if done % 10 == 0 || done == games {
                eprint!("\r{label}{done} of {games} games");
            }
        },
        play,
    );
    eprintln!();
    let mut counts = ReplyCounts::new(set);
    for c in &per_game {
        counts.add(c);
    }
    counts
}

/// `ludus train GAME --learn replies`: counts reply shapes in self-play games on every
/// board asked for, and writes their weights.
fn replies(
    run: &ReplyRun,
    settings: &TrainSettings,
    player_text: &str,
    out: &str,
) -> Result<(), Error> {
    // The games are played with uniform replies, as by the engine without weights.
    if !run.learned.set_aside() {
        return Err(Error::options(
            "the reply weights were read before training could set them aside",
        ));
    }
    let started = Instant::now();
    let mut counts = ReplyCounts::new(run.set);
    let games = settings.games;
    for &board in &settings.boards {
        let label = format!("{} {board}: ", run.boards_flag);
        counts.add(&count_games(run.set, settings, &label, |i| {
            (run.play)(board, i)
        }));
    }
    let secs = started.elapsed().as_secs_f64();
    let weights = counts.weights(run.least_offers);
    let boards: Vec<String> = settings.boards.iter().map(|s| s.to_string()).collect();
    let command = format!(
        "ludus train {}{} --{} {} --games {games} --seed {} --player {player_text}",
        run.kind.name(),
        run.learn_words,
        run.boards_flag,
        boards.join(","),
        settings.seed
    );
    let seen: usize = counts
        .offered
        .iter()
        .map(|t| t.iter().filter(|&&n| n > 0).count())
        .sum();
    let mut summary = format!(
        "{} games a board, {:.0} s: {} steps answering a stone, {:.1}% of them next to it; \
         {seen} shapes seen",
        games,
        secs,
        counts.steps,
        100.0 * counts.answered as f64 / counts.steps.max(1) as f64,
    );
    if run.least_offers > 1 {
        summary.push_str(&format!(
            ", {} of them offered at least {} times (the others keep the base weight)",
            weights.len(),
            run.least_offers
        ));
    }
    say!("{summary}");
    say!("base weight (an offered cell chosen) {:.4}", counts.base());
    print_most_chosen(run.set, &weights);
    let title = run.kind.title();
    let text = format!(
        "# {title}: reply weights (src/games/replies.rs), learned from self-play by\n\
         #   {command}\n# {summary}.\n\
         # A shape: {}, . empty, m the mover's, t the\n\
         # opponent's, - off the board; the weight is the chance of placing on such a cell\n\
         # next to the last stone.\n{}",
        run.shape_words,
        to_text(run.set, counts.base(), &weights)
    );
    write_weights(out, &text)
}

/// The eight most chosen shapes among those offered at least 100 times, one a line.
fn print_most_chosen(set: &ShapeSet, weights: &[(ShapeWeight, u64, u64)]) {
    let mut strongest = weights.to_vec();
    strongest.retain(|(_, _, offered)| *offered >= 100);
    strongest.sort_by(|a, b| b.0.weight.total_cmp(&a.0.weight));
    for (s, chosen, offered) in strongest.iter().take(8) {
        say!(
            "  {} {}  {:.4}  ({chosen} of {offered})",
            set.tables[s.table],
            set.text(s.code),
            s.weight
        );
    }
}

/// Writes a training run's file and says so.
fn write_weights(out: &str, text: &str) -> Result<(), Error> {
    std::fs::write(out, text)
        .map_err(|e| Error::options(format!("cannot write {}: {e}", shorten(out))))?;
    say!("wrote {out}");
    Ok(())
}

fn print_report(side: usize, report: &SideReport) {
    say!("side {side}: {}", report.model.note);
    say!(
        "  held-out log-loss {:.3} bits a game (always the mean: {:.3})",
        report.held_out_loss,
        report.held_out_base
    );
    let names = feature_names(side);
    let weights: Vec<String> = names
        .iter()
        .zip(&report.model.weights)
        .map(|(n, w)| format!("{n} {w:+.3}"))
        .collect();
    say!("  weights: {}", weights.join(", "));
    say!("  stones  games  Black won  model says");
    let w = &report.model.weights;
    for low in (0..=most_stones(side)).step_by(2) {
        let bucket: Vec<&Sample> = report
            .samples
            .iter()
            .filter(|s| s.stones / 2 == low / 2)
            .collect();
        if bucket.is_empty() {
            continue;
        }
        let won = bucket.iter().filter(|s| s.won).count() as f64 / bucket.len() as f64;
        let said = bucket
            .iter()
            .map(|s| ludus::ai::train::predict(w, &s.features))
            .sum::<f64>()
            / bucket.len() as f64;
        say!(
            "  {:>2}-{:<2}  {:>5}  {:>8.1}%  {:>9.1}%",
            low,
            low + 1,
            bucket.len(),
            100.0 * won,
            100.0 * said
        );
    }
}

pub const CONTRACT_USAGE: &str = "ludus contract [--sides 5,6] [--stones 0-15] [--games N] [--player SPEC] [--strategy-player SPEC] [--seed S] [--threads T]";

/// `ludus contract`: every fixed contract strategy (pass once k stones are down, stones
/// central or near the edge) in both seats against the computer, which plays the contract
/// with what it learned; after the contract the computer's side is `--player` and the
/// strategy's `--strategy-player` (the same unless given).
pub fn contract(args: &Args) -> Result<(), Error> {
    args.only(&[
        "sides",
        "stones",
        "games",
        "player",
        "strategy-player",
        "seed",
        "threads",
    ])?;
    args.at_most_positionals(0, &format!("`{CONTRACT_USAGE}`"))?;
    let sides = parse_sides(args)?;
    let (low, high) = match args.flag("stones").unwrap_or("0-15").split_once('-') {
        Some((a, b)) => (
            a.trim().parse::<usize>().ok(),
            b.trim().parse::<usize>().ok(),
        ),
        None => (None, None),
    };
    let (Some(low), Some(high)) = (low, high) else {
        return Err(Error::options(
            "--stones takes a range of stone counts, as 0-15",
        ));
    };
    if low > high || high > 200 {
        return Err(Error::options(
            "--stones: the range must run upwards, to at most 200",
        ));
    }
    let player_text = args.flag("player").unwrap_or("expert");
    let player = PlayerSpec::parse_in(player_text, GameKind::Unlur)?;
    let strategy_text = args.flag("strategy-player").unwrap_or(player_text);
    let strategy_player = PlayerSpec::parse_in(strategy_text, GameKind::Unlur)?;
    let games: usize = args.number("games", Some(10usize))?.max(1);
    let seed: u64 = args.number("seed", Some(1u64))?;
    let threads = args.number(
        "threads",
        Some(std::thread::available_parallelism().map_or(1, |n| n.get())),
    )?;
    say!(
        "fixed contract strategies against {player_text}, {games} games each, seed {seed}, the strategy's side {strategy_text} after the contract: the strategy's wins"
    );
    let mut worst: Option<(f64, String)> = None;
    for &side in &sides {
        let started = Instant::now();
        say!("side {side}    central first  central second  edge first  edge second");
        let cases: Vec<(usize, bool, usize)> = (low..=high)
            .flat_map(|k| [true, false].map(|c| (k, c)))
            .flat_map(|(k, c)| [0, 1].map(|seat| (k, c, seat)))
            .collect();
        let per_case = games;
        let results = in_parallel(
            cases.len() * per_case,
            threads,
            &|done| eprint!("\r{done} of {} games", cases.len() * per_case),
            |i| {
                let (k, central, seat) = cases[i / per_case];
                let strategy = FixedContract { stones: k, central };
                let game_seed = seed ^ ((side as u64) << 48) ^ ((i as u64) << 8);
                fixed_contract_game(side, strategy, seat, &player, &strategy_player, game_seed)
            },
        );
        eprintln!();
        for k in low..=high {
            let mut row = format!("k = {k:<2}  ");
            for central in [true, false] {
                for seat in [0, 1] {
                    let at = cases
                        .iter()
                        .position(|&c| c == (k, central, seat))
                        .expect("every case listed");
                    let won = results[at * per_case..(at + 1) * per_case]
                        .iter()
                        .filter(|w| **w)
                        .count();
                    let share = won as f64 / per_case as f64;
                    row.push_str(&format!("  {won:>3} of {per_case:<3}    "));
                    let label = format!(
                        "side {side}, k = {k}, {}, {} seat",
                        if central { "central" } else { "near the edge" },
                        if seat == 0 { "first" } else { "second" }
                    );
                    if worst.as_ref().map_or(true, |(s, _)| share > *s) {
                        worst = Some((share, label));
                    }
                }
            }
            say!("{}", row.trim_end());
        }
        say!("({:.0} s)", started.elapsed().as_secs_f64());
    }
    if let Some((share, label)) = worst {
        say!("best strategy: {label}, {:.0}%", 100.0 * share);
    }
    Ok(())
}

fn parse_sides(args: &Args) -> Result<Vec<usize>, Error> {
    parse_boards(args, "sides", "5,6", MIN_SIZE..=MAX_SIZE)
}

/// `--FLAG a,b,…`: board sizes in `range` (`--sides` for Unlur, `--sizes` for the square
/// games).
fn parse_boards(
    args: &Args,
    flag: &str,
    default: &str,
    range: std::ops::RangeInclusive<usize>,
) -> Result<Vec<usize>, Error> {
    args.flag(flag)
        .unwrap_or(default)
        .split(',')
        .map(|s| {
            s.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(|| {
                    Error::options(format!(
                        "--{flag} takes {flag} from {} to {}, separated by commas (got {:?})",
                        range.start(),
                        range.end(),
                        shorten(s)
                    ))
                })
        })
        .collect()
}

/// The settings every training run reads: its boards, then `--games` (default
/// `default_games`), `--seed`, `--player` (default `mcts:2000`) and `--threads`.
fn settings(
    args: &Args,
    kind: GameKind,
    boards: Vec<usize>,
    default_games: usize,
) -> Result<(TrainSettings, &str), Error> {
    let player_text = args.flag("player").unwrap_or("mcts:2000");
    let settings = TrainSettings {
        boards,
        games: args.number("games", Some(default_games))?.max(10),
        seed: args.number("seed", Some(1u64))?,
        player: PlayerSpec::parse_in(player_text, kind)?,
        threads: args.number(
            "threads",
            Some(std::thread::available_parallelism().map_or(1, |n| n.get())),
        )?,
    };
    Ok((settings, player_text))
}
