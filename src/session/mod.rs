//! A game being played: its options, every step tried (a tree of lines, with notes), the
//! line shown and a cursor along it; plus the record text that carries all of it in a link.
//!
//! Record text (`record.rs`, docs/RECORD.md): `game;key=value;…;moves=s1,s2,…;at=N` for a
//! game that is one line without notes, for example
//! `unity;players=3;layout=GoG…;walls=c3|c4,d3|d4;moves=c3-c6,c3|c4`; with `v=2` and the
//! whole tree in `moves=` otherwise. The text file (`text.rs`) holds the same with a header.

mod moves;
pub mod pack;
mod record;
pub mod text;
mod tree;

pub use moves::{
    comment_problem, MoveNode, MoveTree, Notes, ReadError, GLYPHS, MAX_COMMENT_CHARS, MAX_DRAWINGS,
    MAX_NODES,
};
pub use record::{split_steps, Record, MAX_RECORD_LEN, MAX_RECORD_OPTIONS, RECORD_VERSION};
pub use tree::{NodeId, NodeInfo, NodeNotes};

use crate::game::{shorten, BoardView, Color, Error, ErrorKind, Seat, StepKind, StepView};
use crate::games::{AnyGame, GameKind};
use crate::options::OptionMap;
use std::cell::RefCell;
use tree::Node;

/// A game with every line tried.
#[derive(Clone, Debug)]
pub struct Session {
    kind: GameKind,
    options: OptionMap,
    /// The tree: `nodes[id]`, None once deleted; node 0 is the start.
    nodes: Vec<Option<Node>>,
    /// Nodes that are not deleted, the start included.
    live: usize,
    /// The line shown: node ids from the start to the end of a line.
    line: Vec<NodeId>,
    /// How many steps of `line` lead to the position shown.
    cursor: usize,
    /// For a game that draws a position with some freedom (Merlin's Chain's grey tiles):
    /// the views shown so far along `line`, `shown[i]` after `i` steps, each made from the
    /// one before so that a step moves as little as possible on screen. Filled on demand.
    shown: RefCell<Vec<BoardView>>,
    /// The header tags of the text file the game was read from (players, date, …).
    tags: text::Tags,
    /// At least the record's length in bytes without its `at=`, plus [`AT_ROOM`]: an edit
    /// that keeps it within the limit needs no writing of the record to be checked.
    record_bound: usize,
    /// Counts the changes of the tree, its notes and the line shown; moving the cursor along
    /// the line is none. What depends on those alone (the record without its `at`, the
    /// view's tree and line) is made once a revision.
    revision: u32,
    /// The record and the link of the current revision, made on first use.
    record_cache: RefCell<Option<RecordCache>>,
}

/// The record text of one revision, but for the position shown, which its `at` names.
#[derive(Clone, Debug)]
struct RecordCache {
    /// The record without `at`.
    base: String,
    /// For the tree form: each node's number in written order (what `at` names), and the
    /// end of the main line (where `at` is left out). None for the plain form.
    numbers: Option<(Vec<usize>, NodeId)>,
    /// The base packed for a link (see `pack::Packer`), when long enough to pack.
    packer: Option<pack::Packer>,
}

/// Room kept under the record's limit for `;at=N`, which moving about the game adds or
/// changes: an edit is refused when the record would not fit with any step shown.
const AT_ROOM: usize = ";at=".len() + MAX_NODES.ilog10() as usize + 1;

/// The most a new step adds to the record besides its own text: a separator, the
/// parentheses of a variation, and `;v=2` when the record turns to the tree form.
const STEP_ROOM: usize = 16;

impl Session {
    pub fn new(kind: GameKind, options: &OptionMap) -> Result<Session, Error> {
        let (start, options) = AnyGame::new(kind, options)?;
        let mut session = Session {
            kind,
            options,
            nodes: vec![Some(Node::start(start))],
            live: 1,
            line: vec![0],
            cursor: 0,
            shown: RefCell::new(Vec::new()),
            tags: text::Tags::new(),
            record_bound: 0,
            revision: 0,
            record_cache: RefCell::new(None),
        };
        session.record_bound = session.record_text().len() + AT_ROOM;
        Ok(session)
    }

    /// Checks that the record of the game as it is now, without its `at=` and with room
    /// for any, is within the limit a record is read with, and notes its length; the error
    /// says by how much.
    fn check_record_len(&mut self) -> Result<(), Error> {
        let record = self.record();
        let at = record.at_written().map_or(0, |n| format!(";at={n}").len());
        let len = record.to_text().len() - at;
        self.record_bound = len + AT_ROOM;
        if self.record_bound > MAX_RECORD_LEN {
            return Err(Error::options(format!(
                "the game's record would be too long ({len} bytes; at most {}): shorten a comment or delete a variation",
                MAX_RECORD_LEN - AT_ROOM
            )));
        }
        Ok(())
    }

    /// After an edit that makes the record at most `extra` bytes longer: the record checked
    /// (see `check_record_len`) when it may be over its limit. The caller undoes the edit on
    /// an error.
    fn check_growth(&mut self, extra: usize) -> Result<(), Error> {
        self.record_bound = self.record_bound.saturating_add(extra);
        if self.record_bound > MAX_RECORD_LEN {
            return self.check_record_len();
        }
        Ok(())
    }

    /// A game just read: refused when its record (written afresh, with room for `at=`)
    /// would be over the limit, so that everything written can be read back.
    fn check_read(mut self) -> Result<Session, Error> {
        self.check_record_len()
            .map_err(|e| Error::record(e.message().to_string()))?;
        Ok(self)
    }

    /// Replays a record (either form, packed or not); an error names the first step that is
    /// wrong and why.
    pub fn from_record(text: &str) -> Result<Session, Error> {
        let record = Record::parse(text)?;
        // A record whose options are refused is a bad record.
        let mut session = Session::new(record.kind, &record.options)
            .map_err(|e| e.with_kind(ErrorKind::Record))?;
        if record.tree.is_none() {
            for (i, step) in record.steps.iter().enumerate() {
                if let Err(e) = session.play_unchecked(step) {
                    return Err(Error::record(format!(
                        "step {} ({}) cannot be played: {e}",
                        i + 1,
                        shorten(step)
                    )));
                }
            }
            if let Some(at) = record.at {
                if at > session.len() {
                    return Err(Error::record(format!(
                        "at={at} is past the last step ({} steps)",
                        session.len()
                    )));
                }
                session.cursor = at;
            }
            return session.check_read();
        }
        session.load_tree(&record.move_tree())?;
        session.check_read()
    }

    pub fn kind(&self) -> GameKind {
        self.kind
    }

    /// The canonical options.
    pub fn options(&self) -> &OptionMap {
        &self.options
    }

    fn node(&self, id: NodeId) -> &Node {
        self.nodes[id].as_ref().expect("a live node")
    }

    fn node_mut(&mut self, id: NodeId) -> &mut Node {
        self.nodes[id].as_mut().expect("a live node")
    }

    /// The node shown.
    pub fn shown_node(&self) -> NodeId {
        self.line[self.cursor]
    }

    /// The node ids of the line shown, from the start.
    pub fn line(&self) -> &[NodeId] {
        &self.line
    }

    /// The position shown (after `cursor` steps of the line).
    pub fn current(&self) -> &AnyGame {
        &self.node(self.shown_node()).position
    }

    /// The view of the position shown. A game whose views follow the one before (Merlin's
    /// Chain's grey tiles, see [`crate::Describe::view_after`]) has each made from the views
    /// before it along the line, so that the same line always shows the same.
    pub fn view(&self) -> BoardView {
        if !self.current().view_follows_previous() {
            return self.current().view();
        }
        let mut shown = self.shown.borrow_mut();
        if shown.is_empty() {
            shown.push(self.node(0).position.view());
        }
        while shown.len() <= self.cursor {
            let node = self.node(self.line[shown.len()]);
            let next = node.position.view_after(&shown[shown.len() - 1]);
            shown.push(next);
        }
        shown[self.cursor].clone()
    }

    /// The layout of the view of the position shown (see [`AnyGame::layout_of`]), or None
    /// for a game whose views are fixed by the position.
    pub fn layout(&self) -> Option<Vec<u8>> {
        if !self.current().view_follows_previous() {
            return None;
        }
        self.current().layout_of(&self.view())
    }

    /// The layout the view would have after playing `text` here, given the layout `shown`
    /// of the view here (from [`Session::layout`], maybe of another session of the same
    /// game): what [`Session::play_with_layout`] takes, worked out off the page's thread.
    /// None for a game without layouts.
    pub fn layout_after(&self, text: &str, shown: &[u8]) -> Result<Option<Vec<u8>>, Error> {
        let mut next = self.current().clone();
        if next.to_move().is_none() {
            return Err(Error::game_over("the game is over"));
        }
        next.play_text(text)?;
        Ok(next.layout_after(shown))
    }

    /// Plays `text` as [`Session::play`], and shows the new position with `layout` (from
    /// [`Session::layout_after`]) instead of working it out, if the rules allow that layout
    /// there and the view before was shown; true if the layout was taken.
    pub fn play_with_layout(&mut self, text: &str, layout: &[u8]) -> Result<bool, Error> {
        self.play(text)?;
        if self.shown.get_mut().len() != self.cursor {
            return Ok(false);
        }
        let Some(view) = self.current().view_with_layout(layout) else {
            return Ok(false);
        };
        self.shown.get_mut().push(view);
        Ok(true)
    }

    /// Number of steps in the line shown.
    pub fn len(&self) -> usize {
        self.line.len() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.line.len() <= 1
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    fn line_steps(&self) -> impl Iterator<Item = &Node> {
        self.line[1..].iter().map(|&id| self.node(id))
    }

    fn step_of(node: &Node) -> &StepView {
        node.step.as_ref().expect("a step after the start")
    }

    /// Canonical text of every step of the line shown.
    pub fn step_texts(&self) -> Vec<String> {
        self.line_steps()
            .map(|n| Self::step_of(n).text.clone())
            .collect()
    }

    /// The seat that made each step of the line shown.
    pub fn movers(&self) -> Vec<Seat> {
        self.line_steps().map(|n| n.mover).collect()
    }

    /// The kind of each step of the line shown.
    pub fn step_kinds(&self) -> Vec<StepKind> {
        self.line_steps().map(|n| Self::step_of(n).kind).collect()
    }

    /// The colour of the piece each step put on the board, where it put one on an empty cell.
    pub fn step_colors(&self) -> Vec<Option<Color>> {
        self.line_steps().map(|n| n.color).collect()
    }

    /// Plays a step at the cursor. A step the position shown already has a continuation for
    /// follows it; a new one starts a variation there (or continues the line at its end),
    /// and every line already played is kept. A new step that would take the record over
    /// its limit is refused, and the game is left as it was.
    pub fn play(&mut self, text: &str) -> Result<(), Error> {
        let (line, cursor, live) = (self.line.clone(), self.cursor, self.live);
        self.play_unchecked(text)?;
        if self.live == live {
            return Ok(());
        }
        let id = self.nodes.len() - 1;
        let extra = Self::step_of(self.node(id)).text.len() + STEP_ROOM;
        if let Err(e) = self.check_growth(extra) {
            let parent = self.node(id).parent.expect("a step has a parent");
            self.node_mut(parent).children.pop();
            self.nodes.pop();
            self.live -= 1;
            self.set_line(line, cursor);
            return Err(e);
        }
        Ok(())
    }

    /// `play` without the check of the record's length, for reading a game (checked once
    /// read).
    fn play_unchecked(&mut self, text: &str) -> Result<(), Error> {
        let here = self.shown_node();
        let mut next = self.current().clone();
        let Some(mover) = next.to_move() else {
            return Err(Error::game_over("the game is over"));
        };
        let placed = next.placement_color();
        let view = next.play_text(text)?;
        let known = self
            .node(here)
            .children
            .iter()
            .copied()
            .find(|&c| Self::step_of(self.node(c)).text == view.text);
        if let Some(child) = known {
            if self.line.get(self.cursor + 1) == Some(&child) {
                self.cursor += 1;
            } else {
                self.show_node(child);
            }
            return Ok(());
        }
        if self.live > MAX_NODES {
            return Err(Error::options(format!(
                "the game holds {MAX_NODES} steps, the most it may: delete a variation to play on"
            )));
        }
        let color = matches!(view.kind, StepKind::Place | StepKind::Replace)
            .then_some(placed)
            .flatten();
        let id = self.nodes.len();
        let ply = self.node(here).ply + 1;
        self.nodes.push(Some(Node {
            parent: Some(here),
            children: Vec::new(),
            position: next,
            step: Some(view),
            mover,
            color,
            ply,
            notes: NodeNotes::default(),
        }));
        self.live += 1;
        self.node_mut(here).children.push(id);
        // The new step ends the line shown: the steps up to it stay, with their views (a
        // copy of the line for every step would make replaying a long game quadratic).
        self.line.truncate(self.cursor + 1);
        self.shown.get_mut().truncate(self.cursor + 1);
        self.line.push(id);
        self.cursor += 1;
        self.changed();
        Ok(())
    }

    /// Makes `line` the line shown, `cursor` steps along it, keeping the views already made
    /// for the steps it shares with the line before.
    fn set_line(&mut self, line: Vec<NodeId>, cursor: usize) {
        let same = self
            .line
            .iter()
            .zip(&line)
            .take_while(|(a, b)| a == b)
            .count();
        if same != line.len() || same != self.line.len() {
            self.changed();
        }
        self.shown.get_mut().truncate(same);
        self.line = line;
        self.cursor = cursor;
    }

    /// The tree, its notes or the line shown changed: a new revision.
    fn changed(&mut self) {
        self.revision = self.revision.wrapping_add(1);
        *self.record_cache.get_mut() = None;
    }

    /// The revision of the tree, its notes and the line shown: the same number as long as
    /// only the cursor moves along the line (a view's `revision`).
    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// Shows node `id` on the line from the start through it and on along first
    /// continuations.
    fn show_node(&mut self, id: NodeId) {
        let mut line = Vec::new();
        let mut n = id;
        loop {
            line.push(n);
            match self.node(n).parent {
                Some(p) => n = p,
                None => break,
            }
        }
        line.reverse();
        let cursor = line.len() - 1;
        let mut n = id;
        while let Some(&c) = self.node(n).children.first() {
            line.push(c);
            n = c;
        }
        self.set_line(line, cursor);
    }

    /// Whether `text` could be played at the cursor, without playing it; the error says why
    /// not ("c4 is occupied").
    pub fn check(&self, text: &str) -> Result<(), Error> {
        self.current().check_text(text)
    }

    /// Why a click at the cursor makes no step (see [`AnyGame::explain_click`]).
    pub fn explain_click(&self, cells: &[usize]) -> Result<String, Error> {
        self.current().explain_click(cells)
    }

    /// Why a click on `cell` with the piece on `from` picked makes no step at the cursor
    /// (see [`AnyGame::explain_pick`]).
    pub fn explain_pick(&self, from: usize, cell: usize) -> Result<String, Error> {
        self.current().explain_pick(from, cell)
    }

    /// Why a direction key makes no step at the cursor (see [`AnyGame::explain_key`]).
    pub fn explain_key(&self, cell: usize, dir: &str, picked: bool) -> Result<String, Error> {
        self.current().explain_key(cell, dir, picked)
    }

    pub fn undo(&mut self) -> bool {
        self.go_to(self.cursor.wrapping_sub(1))
    }

    pub fn redo(&mut self) -> bool {
        self.go_to(self.cursor + 1)
    }

    /// Shows the position after `n` steps of the line; false (and no change) if there is no
    /// such step.
    pub fn go_to(&mut self, n: usize) -> bool {
        if n > self.len() || n == self.cursor {
            return false;
        }
        self.cursor = n;
        true
    }

    /// Cells touched by the last turn before the cursor: the trailing steps by one seat.
    pub fn last_turn_cells(&self) -> Vec<usize> {
        let mut cells = Vec::new();
        // From the cursor back: the turn only, however long the game.
        let mut steps = self.line[1..=self.cursor]
            .iter()
            .rev()
            .map(|&id| self.node(id));
        let Some(last) = steps.next() else {
            return cells;
        };
        let seat = last.mover;
        for node in std::iter::once(last).chain(steps) {
            if node.mover != seat {
                break;
            }
            cells.extend(&Self::step_of(node).cells);
        }
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The record of the whole game: the plain form (with `at` when the cursor is not at
    /// the end) for one line without notes, else the tree form.
    pub fn record(&self) -> Record {
        if self.live == self.line.len() && self.line.iter().all(|&n| self.node(n).notes.is_empty())
        {
            return Record::line(
                self.kind,
                self.options.clone(),
                self.step_texts(),
                (self.cursor < self.len()).then_some(self.cursor),
            );
        }
        Record::from_tree(self.kind, self.options.clone(), self.move_tree())
    }

    /// The record's text: `record().to_text()`, but made from the text of the revision
    /// without its `at` (kept until the game changes) and the position shown, so that moving
    /// through a long game does not write the whole record again at every step.
    pub fn record_text(&self) -> String {
        self.with_record_cache(|cache, at| format!("{}{at}", cache.base))
    }

    /// The record for a link: packed when it is long and packing makes it shorter (see
    /// `pack::link_text`); the packed base is kept for the revision, as the record's.
    pub fn link_text(&self) -> String {
        self.with_record_cache(|cache, at| {
            let len = cache.base.len() + at.len();
            match &cache.packer {
                Some(packer) if len > pack::PACK_ABOVE => {
                    let packed = packer.finish(at.as_bytes());
                    if packed.len() < len {
                        packed
                    } else {
                        format!("{}{at}", cache.base)
                    }
                }
                _ => format!("{}{at}", cache.base),
            }
        })
    }

    /// Calls `f` with the record cache of this revision (made if need be) and the `;at=N`
    /// the position shown adds to it ("" where the record leaves `at` out).
    fn with_record_cache<T>(&self, f: impl FnOnce(&RecordCache, &str) -> T) -> T {
        let mut slot = self.record_cache.borrow_mut();
        let cache = slot.get_or_insert_with(|| self.make_record_cache());
        let at = match &cache.numbers {
            None if self.cursor < self.len() => format!(";at={}", self.cursor),
            None => String::new(),
            Some((numbers, main_end)) => {
                let shown = self.shown_node();
                if shown == *main_end {
                    String::new()
                } else {
                    format!(";at={}", numbers[shown])
                }
            }
        };
        f(cache, &at)
    }

    fn make_record_cache(&self) -> RecordCache {
        let record = self.record();
        let numbers = record.tree.as_ref().map(|_| {
            let order = moves::written_order(0, &|id| self.node(id).children.clone());
            let mut numbers = vec![0; self.nodes.len()];
            for (i, &id) in order.iter().enumerate() {
                numbers[id] = i;
            }
            let mut end = 0;
            while let Some(&c) = self.node(end).children.first() {
                end = c;
            }
            (numbers, end)
        });
        // The base: the record as if the position shown were where `at` is left out.
        let base = match record.tree {
            None => Record { at: None, ..record }.to_text(),
            Some(mut tree) => {
                tree.shown = tree.main_end();
                Record {
                    tree: Some(tree),
                    ..record
                }
                .to_text()
            }
        };
        // An `at` adds at most `;at=` and 20 digits.
        let packer =
            (base.len() + 24 > pack::PACK_ABOVE).then(|| pack::Packer::new(base.as_bytes()));
        RecordCache {
            base,
            numbers,
            packer,
        }
    }
}
