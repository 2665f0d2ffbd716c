//! The objects the JS side receives, as plain data: what `src/wasm/` serialises, and what
//! the generated TypeScript definitions (`www/types/ludus-views.d.ts`, checked by
//! `tests/typescript.rs`) describe. Every field name is camelCase on the JS side.
//!
//! These live outside the wasm layer so that native tests can build them: the contract test
//! (`tests/contract.rs`) checks the JS test fixtures against what the engine really emits.

use crate::ai::levels::{Level, LEVELS};
use crate::ai::solve::TextSolution;
use crate::ai::Choice;
use crate::game::{BoardView, Color, Outcome, Presentation, Seat, StepKind, StepView, Threat};
use crate::games::{GameKind, LayoutChar, OptionSpec};
use crate::options::OptionMap;
use crate::session::{NodeInfo, Record, Session};
use serde::Serialize;

/// One of the games, for the game picker, the rules panel and the options form (see
/// `games::About`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct GameInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub designer: &'static str,
    pub options: Vec<OptionSpec>,
    /// Keys the game adds to the keyboard help.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub keyboard: Option<&'static str>,
    /// The rules in short, one paragraph an entry.
    pub rules: &'static [&'static str],
    /// How to play on the board.
    pub board_help: &'static str,
    /// The characters of a drawn setup, for the setup editor (empty if the game has none).
    pub layout: &'static [LayoutChar],
}

pub fn game_infos() -> Vec<GameInfo> {
    GameKind::ALL
        .iter()
        .map(|&k| {
            let about = k.about();
            GameInfo {
                name: k.name(),
                title: about.title,
                designer: about.designer,
                options: k.option_specs(),
                keyboard: about.keyboard,
                rules: about.rules,
                board_help: about.board_help,
                layout: about.layout,
            }
        })
        .collect()
}

/// A session as the page draws it: the board, how to present it, the legal steps at the
/// cursor, and the history.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    #[serde(flatten)]
    pub board: BoardView,
    #[serde(flatten)]
    pub presentation: Presentation,
    pub game: &'static str,
    pub title: &'static str,
    pub designer: &'static str,
    /// Steps legal in the position shown (also when it is not the last one: playing one
    /// there starts a variation, or follows the continuation that has that step). Left out
    /// of a view asked for without them (`session_view_without_legal`: the page's view while
    /// the computer is to move, as a list of some 1,800 steps is work nobody needs then).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub legal: Option<Vec<StepView>>,
    /// Cells the last turn before the cursor touched.
    pub last_turn: Vec<usize>,
    /// Canonical text of every step of the line shown (also those after the cursor): from
    /// the start through the step shown and on along first continuations.
    pub steps: Vec<String>,
    /// Each step of `steps` in words a person reads ("the ring on e9 fires").
    pub step_words: Vec<String>,
    /// The seat that made each step.
    pub movers: Vec<Seat>,
    /// The kind of each step (`StepView::kind`): the move list marks re-placements.
    pub step_kinds: Vec<StepKind>,
    /// The colour of the piece each step put on the board (null for steps that put none):
    /// the move list shows it, as the mover's colour can differ (Unlur's contract).
    pub step_colors: Vec<Option<Color>>,
    /// How many steps lead to the position shown.
    pub cursor: usize,
    /// The record of the whole game (every line and note).
    pub record: String,
    /// Every step tried, in the order a move list writes them: each step, then the
    /// variations played instead of it, then what follows it. The start (id 0, no step,
    /// holding the comment and drawings on the starting position) comes first.
    pub tree: Vec<NodeView>,
    /// The id of the node shown.
    pub node: usize,
    /// The ids of the line shown, from the start (`line[cursor]` is `node`).
    pub line: Vec<usize>,
    /// The status line's words about the game and its history.
    pub status: StatusText,
    /// The same number as long as the tree, its notes and the line shown stay the same
    /// (only the cursor moves along the line). `Session.view(revision)` asked with the
    /// revision the caller holds leaves `tree`, `steps`, `stepWords`, `movers`, `stepKinds`,
    /// `stepColors` and `line` empty when it is still the same: the caller keeps its own.
    pub revision: u32,
}

/// The words a status line shows about the game and where the position shown is in its
/// history; the page adds only its own state (the computer thinking, a message about a click).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StatusText {
    /// The line below the prompt: the highlighted result once the game is over ("The united
    /// group is highlighted."), or, before the last step, what playing here does ("Viewing
    /// step 3 of 10. Playing here starts a variation."); else empty.
    pub detail: String,
    /// Before the last step: where the position shown is ("Viewing step 3 of 10.").
    pub viewing: Option<String>,
    /// Before the last step: what a new step played here does ("starts a variation"); the
    /// later steps are kept.
    pub replaces: Option<String>,
    /// One line for a list of games: how the game ended (the prompt), or who is to move
    /// ("Black to move").
    pub summary: String,
}

/// The status words of a session (see [`StatusText`]).
pub fn status_text(s: &Session, board: &BoardView, presentation: &Presentation) -> StatusText {
    let (cursor, len) = (s.cursor(), s.len());
    let past = cursor < len;
    let viewing = past.then(|| format!("Viewing step {cursor} of {len}."));
    let replaces = past.then(|| "starts a variation".to_string());
    let detail = match (&viewing, &replaces) {
        (Some(v), Some(r)) => format!("{v} Playing here {r}."),
        _ if board.outcome.is_some() => presentation.highlight_note.clone().unwrap_or_default(),
        _ => String::new(),
    };
    let mover = board.to_move.and_then(|seat| board.players.get(seat));
    let summary = match mover {
        _ if board.outcome.is_some() => board.prompt.clone(),
        Some(p) => format!("{} to move", p.name),
        None => String::new(),
    };
    StatusText {
        detail,
        viewing,
        replaces,
        summary,
    }
}

/// The view of a session, with its legal steps.
pub fn session_view(s: &Session) -> SessionView {
    session_view_since(s, None)
}

/// The session's view, without the parts that depend on its revision alone when `known` is
/// that revision (see [`SessionView::revision`]): moving through a long game then costs
/// the same at every step, whatever the game's length.
pub fn session_view_since(s: &Session, known: Option<u32>) -> SessionView {
    view_of_session(s, known, true)
}

/// The view of a session without its legal steps (`legal` left out, `then` empty), and
/// without the revision's parts when `known` is the revision, as [`session_view_since`].
pub fn session_view_without_legal(s: &Session, known: Option<u32>) -> SessionView {
    view_of_session(s, known, false)
}

fn view_of_session(s: &Session, known: Option<u32>, with_legal: bool) -> SessionView {
    let whole = known != Some(s.revision());
    let kind = s.kind();
    let board = s.view();
    let legal = with_legal.then(|| s.current().legal_step_views());
    let presentation = s
        .current()
        .presentation(&board, legal.as_deref().unwrap_or(&[]));
    SessionView {
        status: status_text(s, &board, &presentation),
        presentation,
        board,
        game: kind.name(),
        title: kind.title(),
        designer: kind.designer(),
        legal,
        last_turn: s.last_turn_cells(),
        step_words: if whole {
            s.step_texts()
                .iter()
                .map(|t| s.current().step_words(t))
                .collect()
        } else {
            Vec::new()
        },
        steps: if whole { s.step_texts() } else { Vec::new() },
        movers: if whole { s.movers() } else { Vec::new() },
        step_kinds: if whole { s.step_kinds() } else { Vec::new() },
        step_colors: if whole { s.step_colors() } else { Vec::new() },
        cursor: s.cursor(),
        record: s.record_text(),
        tree: if whole {
            s.tree().into_iter().map(NodeView::from).collect()
        } else {
            Vec::new()
        },
        node: s.shown_node(),
        line: if whole { s.line().to_vec() } else { Vec::new() },
        revision: s.revision(),
    }
}

/// One step of the game tree (or the start, id 0), for the move list and the board's
/// drawings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct NodeView {
    pub id: usize,
    /// The node this step was played from (null for the start).
    pub parent: Option<usize>,
    /// Canonical step text (empty for the start).
    pub step: String,
    /// The seat that made the step (null for the start).
    pub mover: Option<Seat>,
    /// Steps from the start to this one (0 for the start).
    pub ply: usize,
    /// The steps played next, in order: the first is the main continuation, the others
    /// variations.
    pub children: Vec<usize>,
    /// "!", "?", "!!", "??", "!?", "?!" or empty.
    pub glyph: String,
    /// Plain text (shown as text, never as markup); empty for none.
    pub comment: String,
    /// Arrows drawn for this step, as [from cell, to cell].
    pub arrows: Vec<[usize; 2]>,
    /// Cells circled for this step.
    pub circles: Vec<usize>,
}

impl From<NodeInfo> for NodeView {
    fn from(n: NodeInfo) -> Self {
        NodeView {
            id: n.id,
            parent: n.parent,
            step: n.step,
            mover: n.mover,
            ply: n.ply,
            children: n.children,
            glyph: n.notes.glyph,
            comment: n.notes.comment,
            arrows: n.notes.arrows,
            circles: n.notes.circles,
        }
    }
}

/// The computer's choice.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ChoiceView {
    pub step: String,
    /// Search iterations run (0 for a forced step or a random player).
    pub iterations: u32,
    /// The mover's estimated chance of winning, 0 to 1.
    pub value: f64,
}

impl From<Choice> for ChoiceView {
    fn from(c: Choice) -> Self {
        ChoiceView {
            step: c.step,
            iterations: c.iterations,
            value: c.value,
        }
    }
}

/// Whose turn it is, the result, and what is asked now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct StatusView {
    pub to_move: Option<Seat>,
    pub outcome: Option<Outcome>,
    pub prompt: String,
}

pub fn status_view(s: &Session) -> StatusView {
    let view = s.view();
    StatusView {
        to_move: view.to_move,
        outcome: view.outcome,
        prompt: view.prompt,
    }
}

/// A level of the computer opponent (see `ai::levels`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LevelView {
    pub id: &'static str,
    pub label: &'static str,
    pub blurb: &'static str,
    pub player: &'static str,
    /// True for the level a new user gets.
    pub default: bool,
}

pub fn level_views() -> Vec<LevelView> {
    let default = crate::ai::levels::default_level();
    LEVELS
        .iter()
        .map(|l: &Level| LevelView {
            id: l.id,
            label: l.label,
            blurb: l.blurb,
            player: l.player,
            default: l.id == default.id,
        })
        .collect()
}

/// The parts of a record text, read but not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct RecordView {
    pub game: &'static str,
    #[cfg_attr(not(target_arch = "wasm32"), ts(type = "Record<string, string>"))]
    pub options: OptionMap,
    pub moves: Vec<String>,
    pub at: Option<usize>,
}

impl From<Record> for RecordView {
    fn from(r: Record) -> Self {
        RecordView {
            game: r.kind.name(),
            options: r.options,
            moves: r.steps,
            at: r.at,
        }
    }
}

/// What the exact solver found (the study module's `solve_position`): `result` None when
/// the budget or the time ran out first; when it is proved, every legal step with the
/// result after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct SolveView {
    pub result: Option<Outcome>,
    pub steps: Vec<SolveStepView>,
    /// Positions searched.
    pub nodes: f64,
}

/// A legal step and the result with best play after it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct SolveStepView {
    pub step: String,
    pub result: Option<Outcome>,
}

impl From<TextSolution> for SolveView {
    fn from(solution: TextSolution) -> Self {
        SolveView {
            result: solution.result,
            steps: solution
                .steps
                .into_iter()
                .map(|(step, result)| SolveStepView { step, result })
                .collect(),
            nodes: solution.nodes as f64,
        }
    }
}

/// What the engine says about a position beyond its view in the play module, which leaves
/// these words out to stay small (see `Presentation` and `SessionView`); the study module's
/// `explain_position`. The puzzles show them when a step loses.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ExplainView {
    pub reason: Option<String>,
    pub threat: Option<Threat>,
    pub step_words: Vec<String>,
}

impl ExplainView {
    /// The words about `session`'s current position.
    pub fn of(session: &Session) -> ExplainView {
        let view = session_view(session);
        ExplainView {
            reason: view.presentation.reason,
            threat: view.presentation.threat,
            step_words: view.step_words,
        }
    }
}
