//! The perft tables (tests/data/perft/*.txt), read for tests/perft.rs and for the games'
//! cross-checks against their reference models. One case a line:
//! `GAME | OPTIONS | STEPS | DEPTH:COUNT ...`; `#` starts a comment.

// Each test file that includes this module uses only part of it.
#![allow(dead_code)]

use ludus::games::{scattercut, AnyGame, GameKind};
use ludus::OptionMap;

pub const FILES: &[(&str, &str)] = &[
    ("unravel", include_str!("../data/perft/unravel.txt")),
    ("scattercut", include_str!("../data/perft/scattercut.txt")),
    ("unity", include_str!("../data/perft/unity.txt")),
    (
        "merlins-chain",
        include_str!("../data/perft/merlins-chain.txt"),
    ),
    ("unlur", include_str!("../data/perft/unlur.txt")),
];

/// One line of a table.
#[derive(Clone, Debug)]
pub struct PerftCase {
    /// "file.txt:LINE", for messages.
    pub place: String,
    pub kind: GameKind,
    pub options: OptionMap,
    /// A drawn start position (rows top first) and the seat to move, instead of the start.
    pub diagram: Option<(String, usize)>,
    pub steps: Vec<String>,
    pub expected: Vec<(u32, u64)>,
}

impl PerftCase {
    /// The position the counts are for.
    pub fn position(&self) -> AnyGame {
        let mut game = match &self.diagram {
            None => {
                AnyGame::new(self.kind, &self.options)
                    .unwrap_or_else(|e| panic!("{}: {e}", self.place))
                    .0
            }
            Some((rows, seat)) => {
                assert_eq!(
                    self.kind,
                    GameKind::Scattercut,
                    "{}: diagrams are for scattercut",
                    self.place
                );
                let options = scattercut::Options::from_map(&self.options).unwrap();
                AnyGame::Scattercut(
                    scattercut::Position::from_diagram(&options, *seat, rows)
                        .unwrap_or_else(|e| panic!("{}: {e}", self.place)),
                )
            }
        };
        for step in &self.steps {
            game.play_text(step)
                .unwrap_or_else(|e| panic!("{}: {step}: {e}", self.place));
        }
        game
    }
}

/// Every case of the table for `game`.
pub fn cases(game: &str) -> Vec<PerftCase> {
    let (_, table) = FILES
        .iter()
        .find(|(name, _)| *name == game)
        .unwrap_or_else(|| panic!("no perft table for {game}"));
    let mut out = Vec::new();
    for (i, line) in table.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let place = format!("{game}.txt:{}", i + 1);
        let fields: Vec<&str> = line.split(" | ").map(str::trim).collect();
        assert_eq!(fields.len(), 4, "{place}: four fields separated by ' | '");
        let kind = GameKind::parse(fields[0]).unwrap();
        assert_eq!(
            kind.name(),
            game,
            "{place}: a {} case in the {game} table",
            fields[0]
        );
        let mut options = OptionMap::new();
        let mut diagram = None;
        let mut to_move = 0;
        for pair in fields[1].split(';').filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .unwrap_or_else(|| panic!("{place}: {pair}"));
            match key {
                "diagram" => diagram = Some(value.replace('/', "\n")),
                "to-move" => to_move = value.parse().unwrap(),
                _ => options.set(key, value),
            }
        }
        let expected = fields[3]
            .split_whitespace()
            .map(|pair| {
                let (depth, count) = pair
                    .split_once(':')
                    .unwrap_or_else(|| panic!("{place}: {pair}"));
                (depth.parse().unwrap(), count.parse().unwrap())
            })
            .collect::<Vec<_>>();
        assert!(!expected.is_empty(), "{place}: no counts");
        out.push(PerftCase {
            place,
            kind,
            options,
            diagram: diagram.map(|rows| (rows, to_move)),
            steps: fields[2].split_whitespace().map(str::to_string).collect(),
            expected,
        });
    }
    out
}
