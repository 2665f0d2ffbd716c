//! The session's tree: moving about it, reshaping it (promote, delete) and the notes on its
//! steps; and converting it to and from the rules-free `MoveTree` of the record and the
//! text file.

use super::moves::{comment_problem, written_order, MoveTree, Notes, GLYPHS, MAX_DRAWINGS};
use super::Session;
use crate::game::{shorten, Color, Error, Seat, StepView};
use crate::games::AnyGame;

/// The most a note adds to the record besides its own text: braces or brackets, separators,
/// and `;v=2` when the record turns to the tree form.
const NOTE_ROOM: usize = 16;

/// A node of the tree: its number in the session (kept while the session lives; a record
/// numbers them afresh).
pub type NodeId = usize;

/// A step's notes, cells by index.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeNotes {
    pub comment: String,
    /// One of [`GLYPHS`], or empty.
    pub glyph: String,
    pub arrows: Vec<[usize; 2]>,
    pub circles: Vec<usize>,
}

impl NodeNotes {
    pub fn is_empty(&self) -> bool {
        self.comment.is_empty()
            && self.glyph.is_empty()
            && self.arrows.is_empty()
            && self.circles.is_empty()
    }
}

#[derive(Clone, Debug)]
pub(super) struct Node {
    pub parent: Option<NodeId>,
    /// The continuations, the first one first.
    pub children: Vec<NodeId>,
    /// The position after this step.
    pub position: AnyGame,
    /// How the step was made, canonical text included (None for the start).
    pub step: Option<StepView>,
    /// The seat that made the step (0 for the start).
    pub mover: Seat,
    /// The colour of the piece the step put on an empty cell (None for other steps), which
    /// is not always the mover's colour (Unlur's contract stones are black for both seats).
    pub color: Option<Color>,
    /// Steps from the start.
    pub ply: usize,
    pub notes: NodeNotes,
}

impl Node {
    pub fn start(position: AnyGame) -> Node {
        Node {
            parent: None,
            children: Vec::new(),
            position,
            step: None,
            mover: 0,
            color: None,
            ply: 0,
            notes: NodeNotes::default(),
        }
    }
}

/// One node as a list of moves shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeInfo {
    pub id: NodeId,
    pub parent: Option<NodeId>,
    /// Canonical step text (empty for the start).
    pub step: String,
    /// The seat that made the step (None for the start).
    pub mover: Option<Seat>,
    pub ply: usize,
    pub children: Vec<NodeId>,
    pub notes: NodeNotes,
}

impl Session {
    /// The node `id`, or an error saying there is none.
    fn live_node(&self, id: NodeId) -> Result<&Node, Error> {
        self.nodes
            .get(id)
            .and_then(Option::as_ref)
            .ok_or_else(|| Error::options(format!("there is no step number {id} in this game")))
    }

    /// Every node, in the order a move list writes them (each step, the variations played
    /// instead of it, then what follows it); the start first.
    pub fn tree(&self) -> Vec<NodeInfo> {
        written_order(0, &|id| self.node(id).children.clone())
            .into_iter()
            .map(|id| {
                let n = self.node(id);
                NodeInfo {
                    id,
                    parent: n.parent,
                    step: n.step.as_ref().map(|s| s.text.clone()).unwrap_or_default(),
                    mover: n.step.is_some().then_some(n.mover),
                    ply: n.ply,
                    children: n.children.clone(),
                    notes: n.notes.clone(),
                }
            })
            .collect()
    }

    /// Number of steps in the whole tree.
    pub fn tree_len(&self) -> usize {
        self.live - 1
    }

    /// Shows node `id`, on the line from the start through it and on along first
    /// continuations.
    pub fn go_to_node(&mut self, id: NodeId) -> Result<(), Error> {
        self.live_node(id)?;
        self.show_node(id);
        Ok(())
    }

    /// Shows the next (`by` = 1) or previous (-1) variation of the step shown: the sibling
    /// played instead of it. False (and no change) when there is none.
    pub fn go_to_sibling(&mut self, by: isize) -> bool {
        let id = self.shown_node();
        let Some(parent) = self.node(id).parent else {
            return false;
        };
        let siblings = &self.node(parent).children;
        let i = siblings.iter().position(|&c| c == id).unwrap_or(0) as isize + by;
        match usize::try_from(i).ok().and_then(|i| siblings.get(i)) {
            Some(&s) => {
                self.show_node(s);
                true
            }
            None => false,
        }
    }

    /// Makes the variation holding `id` its parent's first continuation: the nearest step
    /// from `id` back that is not a first continuation moves to the front.
    pub fn promote(&mut self, id: NodeId) -> Result<(), Error> {
        self.live_node(id)?;
        let mut n = id;
        while let Some(p) = self.node(n).parent {
            let children = &mut self.node_mut(p).children;
            let i = children.iter().position(|&c| c == n).unwrap_or(0);
            if i > 0 {
                let before = children.clone();
                children.remove(i);
                children.insert(0, n);
                // Reordered, the record may differ by a separator or two: checked exactly.
                if let Err(e) = self.check_record_len() {
                    self.node_mut(p).children = before;
                    return Err(e);
                }
                self.changed();
                return Ok(());
            }
            n = p;
        }
        Err(Error::options(if id == 0 {
            "the start is not in a variation".to_string()
        } else {
            format!("step {id} is on the main line already")
        }))
    }

    /// Deletes step `id` and everything after it; the position shown moves back to the
    /// step before it when it was among them.
    pub fn delete_variation(&mut self, id: NodeId) -> Result<(), Error> {
        let parent = self
            .live_node(id)?
            .parent
            .ok_or_else(|| Error::options("the start cannot be deleted"))?;
        self.node_mut(parent).children.retain(|&c| c != id);
        self.changed();
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            if let Some(node) = self.nodes[n].take() {
                stack.extend(node.children);
                self.live -= 1;
            }
        }
        if let Some(cut) = self.line.iter().position(|&n| n == id) {
            if cut <= self.cursor {
                self.show_node(parent);
            } else {
                // The steps after the one shown follow first continuations from it again.
                let shown = self.shown_node();
                let cursor = self.cursor;
                self.show_node(shown);
                self.cursor = cursor;
            }
        }
        Ok(())
    }

    pub fn notes(&self, id: NodeId) -> Result<&NodeNotes, Error> {
        Ok(&self.live_node(id)?.notes)
    }

    /// Sets the comment on step `id` (0: on the start); empty removes it.
    pub fn set_comment(&mut self, id: NodeId, text: &str) -> Result<(), Error> {
        self.live_node(id)?;
        if let Some(problem) = comment_problem(text) {
            return Err(Error::options(problem));
        }
        let old = std::mem::replace(&mut self.node_mut(id).notes.comment, text.to_string());
        // Escaped, a character takes at most three times its bytes; then the braces.
        if let Err(e) = self.check_growth(3 * text.len() + NOTE_ROOM) {
            self.node_mut(id).notes.comment = old;
            return Err(e);
        }
        self.changed();
        Ok(())
    }

    /// Sets the glyph of step `id`: one of [`GLYPHS`], or empty to remove it.
    pub fn set_glyph(&mut self, id: NodeId, glyph: &str) -> Result<(), Error> {
        if self.live_node(id)?.parent.is_none() && !glyph.is_empty() {
            return Err(Error::options("the start has no step to mark with a glyph"));
        }
        if !glyph.is_empty() && !GLYPHS.contains(&glyph) {
            return Err(Error::options(format!(
                "{:?} is not a glyph (one of {}, or empty)",
                shorten(glyph),
                GLYPHS.join(" ")
            )));
        }
        let old = std::mem::replace(&mut self.node_mut(id).notes.glyph, glyph.to_string());
        if let Err(e) = self.check_growth(glyph.len() + NOTE_ROOM) {
            self.node_mut(id).notes.glyph = old;
            return Err(e);
        }
        self.changed();
        Ok(())
    }

    fn check_cell(&self, cell: usize) -> Result<(), Error> {
        let count = self.node(0).position.view().cells.len();
        if cell >= count {
            return Err(Error::options(format!(
                "there is no cell {cell} (the board has {count})"
            )));
        }
        Ok(())
    }

    fn check_room(&self, notes: &NodeNotes) -> Result<(), Error> {
        if notes.arrows.len() + notes.circles.len() >= MAX_DRAWINGS {
            return Err(Error::options(format!(
                "a step holds at most {MAX_DRAWINGS} drawings"
            )));
        }
        Ok(())
    }

    /// The most a drawing of `cells` cells adds to the record: their names, a `-`, a comma
    /// and the brackets.
    fn drawing_room(&self, cells: usize) -> usize {
        let longest = self
            .node(0)
            .position
            .view()
            .cells
            .iter()
            .map(String::len)
            .max();
        cells * longest.unwrap_or(0) + NOTE_ROOM
    }

    /// Draws an arrow from cell `from` to cell `to` on step `id`, or removes it if drawn.
    pub fn toggle_arrow(&mut self, id: NodeId, from: usize, to: usize) -> Result<(), Error> {
        let notes = &self.live_node(id)?.notes;
        self.check_cell(from)?;
        self.check_cell(to)?;
        if from == to {
            return Err(Error::options("an arrow must join two different cells"));
        }
        if let Some(i) = notes.arrows.iter().position(|a| *a == [from, to]) {
            self.node_mut(id).notes.arrows.remove(i);
        } else {
            self.check_room(notes)?;
            self.node_mut(id).notes.arrows.push([from, to]);
            if let Err(e) = self.check_growth(self.drawing_room(2)) {
                self.node_mut(id).notes.arrows.pop();
                return Err(e);
            }
        }
        self.changed();
        Ok(())
    }

    /// Circles `cell` on step `id`, or removes the circle if drawn.
    pub fn toggle_circle(&mut self, id: NodeId, cell: usize) -> Result<(), Error> {
        let notes = &self.live_node(id)?.notes;
        self.check_cell(cell)?;
        if let Some(i) = notes.circles.iter().position(|&c| c == cell) {
            self.node_mut(id).notes.circles.remove(i);
        } else {
            self.check_room(notes)?;
            self.node_mut(id).notes.circles.push(cell);
            if let Err(e) = self.check_growth(self.drawing_room(1)) {
                self.node_mut(id).notes.circles.pop();
                return Err(e);
            }
        }
        self.changed();
        Ok(())
    }

    /// The tree as the record and the text file write it: nodes in written order, cells
    /// by name.
    pub fn move_tree(&self) -> MoveTree {
        let order = written_order(0, &|id| self.node(id).children.clone());
        let mut number = vec![0; self.nodes.len()];
        for (i, &id) in order.iter().enumerate() {
            number[id] = i;
        }
        let names = self.node(0).position.view().cells;
        let name = |c: usize| names.get(c).cloned().unwrap_or_default();
        let mut tree = MoveTree::new();
        tree.nodes.clear();
        for &id in &order {
            let n = self.node(id);
            tree.nodes.push(super::MoveNode {
                parent: n.parent.map(|p| number[p]),
                step: n.step.as_ref().map(|s| s.text.clone()).unwrap_or_default(),
                children: n.children.iter().map(|&c| number[c]).collect(),
                notes: Notes {
                    comment: n.notes.comment.clone(),
                    glyph: n.notes.glyph.clone(),
                    arrows: n
                        .notes
                        .arrows
                        .iter()
                        .map(|&[a, b]| [name(a), name(b)])
                        .collect(),
                    circles: n.notes.circles.iter().map(|&c| name(c)).collect(),
                },
            });
        }
        tree.shown = number[self.shown_node()];
        tree
    }

    /// Plays a whole tree into this new session (its start only), checking every step and
    /// note against the rules; the error names the step.
    pub(super) fn load_tree(&mut self, tree: &MoveTree) -> Result<(), Error> {
        let names = self.node(0).position.view().cells;
        let cell = |name: &str, at: &str| -> Result<usize, Error> {
            names.iter().position(|n| n == name).ok_or_else(|| {
                Error::record(format!(
                    "{at}: there is no cell {:?} on this board",
                    shorten(name)
                ))
            })
        };
        // ids[i]: the session's node for the tree's node i.
        let mut ids = vec![0; tree.nodes.len()];
        for (i, t) in tree.nodes.iter().enumerate() {
            let at = if i == 0 {
                "at the start".to_string()
            } else {
                format!("step {i} ({})", shorten(&t.step))
            };
            if let Some(p) = t.parent {
                if self.shown_node() != ids[p] {
                    self.show_node(ids[p]);
                }
                let before = self.live;
                if let Err(e) = self.play_unchecked(&t.step) {
                    return Err(Error::record(format!("{at} cannot be played: {e}")));
                }
                if self.live == before {
                    return Err(Error::record(format!(
                        "{at} is played twice from the same position"
                    )));
                }
                ids[i] = self.shown_node();
            }
            let notes = NodeNotes {
                comment: t.notes.comment.clone(),
                glyph: t.notes.glyph.clone(),
                arrows: t
                    .notes
                    .arrows
                    .iter()
                    .map(|[a, b]| Ok([cell(a, &at)?, cell(b, &at)?]))
                    .collect::<Result<_, Error>>()?,
                circles: t
                    .notes
                    .circles
                    .iter()
                    .map(|c| cell(c, &at))
                    .collect::<Result<_, Error>>()?,
            };
            if i == 0 && !notes.glyph.is_empty() {
                return Err(Error::record("the start has no step to mark with a glyph"));
            }
            self.node_mut(ids[i]).notes = notes;
        }
        self.show_node(ids[tree.shown.min(ids.len() - 1)]);
        self.changed();
        Ok(())
    }
}
