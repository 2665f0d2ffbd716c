//! Unity as Ludus describes it (see [`GameDescription`]): what Ludus tells about it (see
//! [`About`]), its lessons and puzzles, and how the computer searches it.

use super::layout::LAYOUT_CHARS;
use super::{Color, Kind, Position, NONE};
use crate::game::{BoardView, Game, StepKind, StepView};
use crate::games::about::{About, ClickHelp};
use crate::games::description::{GameDescription, PuzzlePlan, SearchTuning, PUZZLE_LEVELS};
use crate::geometry::HexDir;

/// Unity, as Ludus describes it.
pub const GAME: GameDescription = GameDescription {
    name: "unity",
    about: ABOUT,
    lessons: super::lessons::LESSONS,
    rule_points: super::lessons::RULE_POINTS,
    puzzles: include_str!("puzzles.jsonl"),
    puzzle_plan: PLAN,
    search: SEARCH,
};

/// Hundreds of steps a turn: a wrong step is proved lost only when the opponent then wins at
/// once or nearly, so the puzzles are wins this turn.
const PLAN: PuzzlePlan = PuzzlePlan {
    sizes: &[],
    max_turns: 1,
    scan: 40,
    nodes: 2_000,
    fixed_length: false,
    levels: PUZZLE_LEVELS,
};

/// Unity's games are short and tactical: a long search already finds the win of whichever
/// seat has one, so the ladder sits lower, and the weak levels draw closer to their best
/// step, as random play punishes a loose draw here.
const SEARCH: SearchTuning = SearchTuning {
    widening: 0.0,
    levels: &[
        ("beginner", "mcts:400/temp=0.25"),
        ("easy", "mcts:1000"),
        ("medium", "mcts:2000"),
        ("hard", "mcts:8000"),
    ],
};

const ABOUT: About = About {
    title: "Unity, Unified Edition",
    designer: "Néstor Romeral Andrés",
    rules: &[
        "Purple, Orange and Green pieces (rings and asterisks) start spread over a hexagonal board with a single empty space. With two players, one colour is neutral and never moves. Purple starts, then Orange, then Green, skipping the neutral colour.",
        "On your turn do one thing. Slide one of your pieces in a straight line to an empty space, hopping over any pieces but never across a wall. Or place a wall on an empty edge between two spaces (two walls in a three-player game) while the supply lasts; walls stay for good. Or capture: a ring removes every piece on the six spaces around it, and an asterisk every piece along one of its six lines up to a wall or the edge, friend and foe alike, and the capturing piece goes too. Walls shield what lies behind them. A capture may never wipe out all of a player's pieces.",
        "After every turn, anyone whose pieces all form one connected group (a wall cuts a connection) wins. If several players manage it at once, the largest group wins; if still tied, the player who moved most recently.",
    ],
    board_help: "Click a piece, then an empty space to slide it. Click a ring, then Fire, to fire it (a second click on a piece lets go of it); click an asterisk, then one of the arrows around it. Click between two spaces to place a wall.",
    keyboard: Some(
        "1 to 6 (NE, E, SE, SW, W, NW) fire a selected asterisk, or put a wall on that side of the cell",
    ),
    options: super::OPTIONS,
    layout: &LAYOUT_CHARS,
    form_rules: Some(super::form_rules),
};

impl ClickHelp for Position {
    fn pick_click(
        &self,
        view: &BoardView,
        legal: &[StepView],
        from: usize,
        cell: usize,
    ) -> Option<String> {
        let (_, kind) = self.piece(from)?;
        let (from_name, to_name) = (&view.cells[from], &view.cells[cell]);
        if cell == from {
            return Some(match kind {
                Kind::Ring => format!(
                    "The ring on {from_name} may not fire: {}.",
                    self.capture_refusal(from)?
                ),
                Kind::Asterisk
                    if legal.iter().any(|s| {
                        s.kind == StepKind::Asterisk && s.cells.first() == Some(&from)
                    }) =>
                {
                    format!("Click one of the arrows around the asterisk on {from_name} to fire it that way.")
                }
                Kind::Asterisk => format!(
                    "The asterisk on {from_name} may not fire along any of its lines: {}.",
                    self.capture_refusal(from)?
                ),
            });
        }
        let why = self.parse_step(&format!("{from_name}-{to_name}")).err()?;
        let why = why.message();
        Some(if why.ends_with("is occupied") {
            format!("{to_name} is occupied: a piece slides only to an empty space.")
        } else if why.contains("is not in line with") {
            format!("{to_name} is not in line with {from_name}: a piece slides along one of the six straight lines.")
        } else {
            sentence(why)
        })
    }

    fn dir_key(
        &self,
        view: &BoardView,
        legal: &[StepView],
        cell: usize,
        dir: usize,
        picked: bool,
    ) -> Option<String> {
        let name = &view.cells[cell];
        let way = DIR_WORDS[dir];
        if picked {
            let why = match self.piece(cell) {
                None => format!("{name} is empty: pick an asterisk first, then press 1 to 6."),
                Some((_, Kind::Ring)) => format!(
                    "The ring on {name} fires all around it, not one way: press Fire to fire it."
                ),
                Some((_, Kind::Asterisk)) => {
                    let text = format!("{name}x{}", HexDir::ALL[dir].name());
                    match self.parse_step(&text) {
                        Ok(_) => String::new(),
                        Err(why) => format!(
                            "The asterisk on {name} may not fire {way}: {}.",
                            why.message().trim_end_matches('.')
                        ),
                    }
                }
            };
            return Some(why);
        }
        let other = self.t.nbr[cell][dir];
        if self.walls_left == 0 {
            return Some("No walls are left in the supply.".into());
        }
        if other == NONE {
            return Some(format!(
                "There is no space {way} of {name}: a wall goes between two spaces of the board."
            ));
        }
        let edge = format!("{name}|{}", view.cells[other as usize]);
        if legal.iter().any(|s| {
            s.kind == StepKind::Wall
                && s.cells.contains(&cell)
                && s.cells.contains(&(other as usize))
        }) {
            return Some(String::new());
        }
        let why = self.parse_step(&edge).err()?;
        Some(sentence(why.message()))
    }

    fn pick_hint(&self, view: &BoardView, legal: &[StepView], cell: usize) -> Option<String> {
        let mover = Color::ALL[self.mover_color()].name();
        let starts = legal
            .iter()
            .any(|s| s.kind != StepKind::Wall && s.kind != StepKind::Pass);
        let walls = legal.iter().any(|s| s.kind == StepKind::Wall);
        if !starts && self.second_wall_pending() {
            return Some(format!(
                "{mover} must place a second wall: click between two cells."
            ));
        }
        if !starts && walls {
            return Some(format!(
                "No piece of {mover}'s can slide or fire now: click between two cells to place a wall."
            ));
        }
        if !starts {
            return Some(format!(
                "{mover} can do nothing on the board: no piece can slide, no wall can go down and every capture is forbidden, so {mover} must pass (press Pass)."
            ));
        }
        let (color, kind) = self.piece(cell)?;
        if color.name() != mover
            || legal
                .iter()
                .any(|s| s.cells.first() == Some(&cell) && s.kind != StepKind::Wall)
        {
            return None;
        }
        let name = &view.cells[cell];
        Some(format!(
            "The {} on {name} has no step: no empty space lies in line with it this side of a wall, and {}.",
            kind.name(),
            self.capture_refusal(cell)
                .map_or("it may not fire".to_string(), |why| format!("it may not fire: {why}"))
        ))
    }

    fn pick_also(&self, legal: &[StepView]) -> &'static str {
        if legal.iter().any(|s| s.kind == StepKind::Wall) {
            ", or click between two cells for a wall"
        } else {
            ""
        }
    }
}

impl Position {
    /// Why the mover's piece on `cell` may not capture (its first forbidden capture's
    /// reason), or None if it may.
    fn capture_refusal(&self, cell: usize) -> Option<String> {
        let name = self.name(cell);
        let texts: Vec<String> = match self.piece(cell)?.1 {
            Kind::Ring => vec![format!("{name}x")],
            Kind::Asterisk => ["NE", "E", "SE", "SW", "W", "NW"]
                .iter()
                .map(|d| format!("{name}x{d}"))
                .collect(),
        };
        let mut refusals = texts.iter().map(|t| self.parse_step(t));
        let first = refusals.next()?.err()?;
        refusals
            .all(|r| r.is_err())
            .then(|| first.message().to_string())
    }
}

/// The six directions of keys 1 to 6, in words.
const DIR_WORDS: [&str; 6] = [
    "to the north-east",
    "to the east",
    "to the south-east",
    "to the south-west",
    "to the west",
    "to the north-west",
];

/// An engine message as a sentence: capital first letter, full stop.
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars
        .next()
        .map(|c| c.to_uppercase().to_string())
        .unwrap_or_default();
    format!("{first}{}.", chars.as_str().trim_end_matches('.'))
}
