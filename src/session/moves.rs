//! The steps of a game as a tree, with notes, as text: read and written without the rules.
//! The record's tree form and the text file's body share this grammar (docs/RECORD.md):
//!
//! ```text
//! line      = [notes] { step [glyph] notes { "(" line ")" } }   separated by "," or spaces
//! notes     = { "{" comment "}" | "[" drawing { "," drawing } "]" }
//! drawing   = cell "-" cell (an arrow) | cell (a circle)
//! glyph     = "!!" | "??" | "!?" | "?!" | "!" | "?"
//! ```
//!
//! A variation (in parentheses) is played instead of the step it follows. Nodes are kept in
//! the order they are written; node 0 is the start. Everything here is iterative: a deep
//! nest of variations cannot overflow the stack.

use crate::game::shorten;

/// The most steps (nodes, the start not counted) a tree may hold.
pub const MAX_NODES: usize = 10_000;
/// The longest comment, in characters.
pub const MAX_COMMENT_CHARS: usize = 2_000;
/// The most arrows and circles on one step.
pub const MAX_DRAWINGS: usize = 64;
/// The move glyphs, longest first (as the reader tries them).
pub const GLYPHS: [&str; 6] = ["!!", "??", "!?", "?!", "!", "?"];

/// A step's notes: a comment, a glyph and drawings (cells by name).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub comment: String,
    pub glyph: String,
    pub arrows: Vec<[String; 2]>,
    pub circles: Vec<String>,
}

impl Notes {
    pub fn is_empty(&self) -> bool {
        self.comment.is_empty()
            && self.glyph.is_empty()
            && self.arrows.is_empty()
            && self.circles.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNode {
    pub parent: Option<usize>,
    /// The step's text as written (empty for the start).
    pub step: String,
    /// The steps played next, the main continuation first.
    pub children: Vec<usize>,
    pub notes: Notes,
}

/// A tree of steps in written order (node 0 is the start) and the node shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTree {
    pub nodes: Vec<MoveNode>,
    pub shown: usize,
}

/// How comments are escaped: in a record (no white space but spaces as `+`, and no
/// character a link or the widget's attribute treats specially) or in a text file (as
/// typed, with `\` before `{`, `}` and `\`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    Record,
    Text,
}

/// Why a comment cannot be kept, or None.
pub fn comment_problem(text: &str) -> Option<String> {
    let n = text.chars().count();
    if n > MAX_COMMENT_CHARS {
        return Some(format!(
            "the comment is too long ({n} characters; at most {MAX_COMMENT_CHARS})"
        ));
    }
    text.chars()
        .find(|&c| c.is_control() && c != '\n' && c != '\t')
        .map(|c| format!("the comment holds a control character ({:?})", c))
}

impl MoveTree {
    pub fn new() -> MoveTree {
        MoveTree {
            nodes: vec![MoveNode {
                parent: None,
                step: String::new(),
                children: Vec::new(),
                notes: Notes::default(),
            }],
            shown: 0,
        }
    }

    /// One line of steps, showing `at` of them (the end when None).
    pub fn from_line(steps: &[String], at: Option<usize>) -> MoveTree {
        let mut tree = MoveTree::new();
        for step in steps {
            let parent = tree.nodes.len() - 1;
            tree.add(parent, step.clone());
        }
        tree.shown = at.unwrap_or(steps.len()).min(steps.len());
        tree
    }

    /// Adds a step after `parent` as its last continuation; returns its number.
    #[inline(never)]
    pub fn add(&mut self, parent: usize, step: String) -> usize {
        let id = self.nodes.len();
        self.nodes.push(MoveNode {
            parent: Some(parent),
            step,
            children: Vec::new(),
            notes: Notes::default(),
        });
        self.nodes[parent].children.push(id);
        id
    }

    /// Number of nodes, the start included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// The end of the main line (first continuations from the start).
    pub fn main_end(&self) -> usize {
        self.line_end(0)
    }

    /// The last node reached from `id` along first continuations.
    pub fn line_end(&self, mut id: usize) -> usize {
        while let Some(&c) = self.nodes[id].children.first() {
            id = c;
        }
        id
    }

    /// The nodes from the start to `id`, the start included.
    pub fn path(&self, mut id: usize) -> Vec<usize> {
        let mut path = vec![id];
        while let Some(p) = self.nodes[id].parent {
            path.push(p);
            id = p;
        }
        path.reverse();
        path
    }

    /// The steps of the line through the shown node, and how many of them lead to it
    /// (None when it is the line's last).
    pub fn shown_line(&self) -> (Vec<String>, Option<usize>) {
        let path = self.path(self.shown);
        let ply = path.len() - 1;
        let mut steps: Vec<String> = path[1..]
            .iter()
            .map(|&n| self.nodes[n].step.clone())
            .collect();
        let mut id = self.shown;
        while let Some(&c) = self.nodes[id].children.first() {
            steps.push(self.nodes[c].step.clone());
            id = c;
        }
        let at = (ply < steps.len()).then_some(ply);
        (steps, at)
    }

    /// The same tree numbered in written order, as `write` writes it (a reader numbers the
    /// nodes in the order it meets them, which differs where a variation inside a variation
    /// is played instead of the variation's own first step: `a1(b1(c1)d1)`).
    pub fn canonical(self) -> MoveTree {
        let order = written_order(0, &|id| self.nodes[id].children.clone());
        let mut number = vec![0; self.nodes.len()];
        for (i, &id) in order.iter().enumerate() {
            number[id] = i;
        }
        let shown = number[self.shown];
        let mut nodes: Vec<Option<MoveNode>> = self.nodes.into_iter().map(Some).collect();
        let nodes = order
            .iter()
            .map(|&id| {
                let mut n = nodes[id].take().expect("each node once");
                n.parent = n.parent.map(|p| number[p]);
                n.children = n.children.iter().map(|&c| number[c]).collect();
                n
            })
            .collect();
        MoveTree { nodes, shown }
    }

    /// One line and no notes: what the plain record form holds.
    pub fn is_plain(&self) -> bool {
        self.nodes
            .iter()
            .all(|n| n.children.len() <= 1 && n.notes.is_empty())
    }
}

impl Default for MoveTree {
    fn default() -> Self {
        MoveTree::new()
    }
}

/// The nodes of a tree in written order: each step, then the variations played instead of
/// it (each whole), then what follows it.
pub fn written_order(root: usize, children: &dyn Fn(usize) -> Vec<usize>) -> Vec<usize> {
    enum Task {
        Node(usize),
        Line(usize),
    }
    let mut order = vec![root];
    let mut stack = vec![Task::Line(root)];
    while let Some(task) = stack.pop() {
        match task {
            Task::Node(n) => order.push(n),
            Task::Line(p) => {
                let ch = children(p);
                let Some(&first) = ch.first() else { continue };
                order.push(first);
                stack.push(Task::Line(first));
                for &c in ch[1..].iter().rev() {
                    stack.push(Task::Line(c));
                    stack.push(Task::Node(c));
                }
            }
        }
    }
    order
}

/// The tree as text (its nodes must be in written order, as `read` and
/// `Session::move_tree` make them).
pub fn write(tree: &MoveTree, escape: Escape) -> String {
    enum Task {
        Open(usize),
        Line(usize),
        Close,
    }
    let text = escape == Escape::Text;
    let mut out = String::new();
    write_notes(&mut out, &tree.nodes[0].notes, escape);
    // A record separates steps with commas; a text file with spaces, wrapping long lines.
    let mut sep = false;
    let space = |out: &mut String| {
        let column = out.len() - out.rfind('\n').map_or(0, |n| n + 1);
        if column > 72 {
            out.push('\n');
        } else if !out.is_empty() && !out.ends_with('(') && !out.ends_with('\n') {
            out.push(' ');
        }
    };
    // Each step's number (steps from the start): a parent is written before its children.
    let mut plies = vec![0; tree.nodes.len()];
    for (i, node) in tree.nodes.iter().enumerate() {
        if let Some(p) = node.parent {
            plies[i] = plies.get(p).map_or(0, |&p| p + 1);
        }
    }
    let step = |out: &mut String, n: usize| {
        let node = &tree.nodes[n];
        if text {
            out.push_str(&format!("{}. ", plies[n]));
        }
        out.push_str(&node.step);
        out.push_str(&node.notes.glyph);
        write_notes(out, &node.notes, escape);
    };
    let mut stack = vec![Task::Line(0)];
    while let Some(task) = stack.pop() {
        match task {
            Task::Open(n) => {
                if text {
                    space(&mut out);
                }
                out.push('(');
                step(&mut out, n);
                sep = true;
            }
            Task::Close => {
                out.push(')');
                sep = true;
            }
            Task::Line(p) => {
                let ch = &tree.nodes[p].children;
                let Some(&first) = ch.first() else { continue };
                if text {
                    space(&mut out);
                } else if sep {
                    out.push(',');
                }
                step(&mut out, first);
                sep = true;
                stack.push(Task::Line(first));
                for &c in ch[1..].iter().rev() {
                    stack.push(Task::Close);
                    stack.push(Task::Line(c));
                    stack.push(Task::Open(c));
                }
            }
        }
    }
    out
}

fn write_notes(out: &mut String, notes: &Notes, escape: Escape) {
    let text = escape == Escape::Text;
    if !notes.comment.is_empty() {
        if text && !out.is_empty() {
            out.push(' ');
        }
        out.push('{');
        escape_comment(out, &notes.comment, escape);
        out.push('}');
    }
    if !notes.arrows.is_empty() || !notes.circles.is_empty() {
        if text && !out.is_empty() {
            out.push(' ');
        }
        out.push('[');
        let items = notes
            .arrows
            .iter()
            .map(|[a, b]| format!("{a}-{b}"))
            .chain(notes.circles.iter().cloned());
        out.push_str(&items.collect::<Vec<_>>().join(","));
        out.push(']');
    }
}
/// Characters written as `~XX` (UTF-8 bytes in hex) in a record's comment: the escapes
/// themselves, the record's separators, what a link or the widget's attribute reads
/// specially (`#`, `%`), and any white space or control character (a space is `+`).
fn needs_record_escape(c: char) -> bool {
    matches!(c, '~' | '+' | ';' | '{' | '}' | '#' | '%') || c.is_control() || c.is_whitespace()
}

fn escape_comment(out: &mut String, text: &str, escape: Escape) {
    for c in text.chars() {
        match escape {
            Escape::Record if c == ' ' => out.push('+'),
            Escape::Record if needs_record_escape(c) => {
                let mut buf = [0; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("~{b:02X}"));
                }
            }
            Escape::Text if matches!(c, '{' | '}' | '\\') => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
}

/// A reading error and the byte offset it is at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub at: usize,
    pub message: String,
}

fn fail<T>(at: usize, message: impl Into<String>) -> Result<T, ReadError> {
    Err(read_error(at, message.into()))
}

// Out of line, as the helpers below: the readers run once a link, and inlined copies would
// weigh on the page's first download.
#[inline(never)]
fn read_error(at: usize, message: String) -> ReadError {
    ReadError { at, message }
}

/// Reads a tree (its shown node is the main line's end). Text files also have move numbers
/// ("12." before a step), which are skipped.
pub fn read(text: &str, escape: Escape) -> Result<MoveTree, ReadError> {
    let mut reader = Reader {
        text,
        escape,
        tree: MoveTree::new(),
        parent: 0,
        last: Some(0),
        open: Vec::new(),
    };
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        i = match bytes[i] {
            b',' | b' ' | b'\t' | b'\n' | b'\r' => i + 1,
            b'(' => reader.open_variation(i)?,
            b')' => reader.close_variation(i)?,
            b'{' => reader.comment(i)?,
            b'[' => reader.drawing(i)?,
            _ => reader.step(i)?,
        };
    }
    reader.finish()
}

/// The state of `read`: the tree so far and where the next step, note or variation goes.
struct Reader<'a> {
    text: &'a str,
    escape: Escape,
    tree: MoveTree,
    /// Where the next step goes.
    parent: usize,
    /// The node notes and variations attach to (None at the start of a variation, before
    /// its first step).
    last: Option<usize>,
    /// The variations open: the `parent` and `last` to go back to, and where each opened.
    open: Vec<(usize, Option<usize>, usize)>,
}

impl Reader<'_> {
    /// A `(` at `i`: a variation played instead of the last step. Returns the offset after it.
    fn open_variation(&mut self, i: usize) -> Result<usize, ReadError> {
        let Some(l) = self.last.filter(|&l| l != 0) else {
            return fail(i, "a variation ( must follow a step");
        };
        self.open.push((self.parent, self.last, i));
        self.parent = self.tree.nodes[l].parent.unwrap_or(0);
        self.last = None;
        Ok(i + 1)
    }

    /// A `)` at `i`: back to the line the variation was opened in.
    fn close_variation(&mut self, i: usize) -> Result<usize, ReadError> {
        let Some((p, l, open)) = self.open.pop() else {
            return fail(i, "a ) without its (");
        };
        if self.last.is_none() {
            return fail(open, "an empty variation ()");
        }
        (self.parent, self.last) = (p, l);
        Ok(i + 1)
    }

    /// A `{` at `i`: the last step's comment.
    fn comment(&mut self, i: usize) -> Result<usize, ReadError> {
        let Some(l) = self.last else {
            return fail(i, "a comment must follow a step");
        };
        let (comment, end) = read_comment(self.text, i + 1, self.escape)?;
        let notes = &mut self.tree.nodes[l].notes;
        if !notes.comment.is_empty() {
            return fail(i, "a second comment on the same step");
        }
        if let Some(problem) = comment_problem(&comment) {
            return fail(i, problem);
        }
        if comment.is_empty() {
            return fail(i, "an empty comment {}");
        }
        notes.comment = comment;
        Ok(end)
    }

    /// A `[` at `i`: the last step's arrows and circles.
    fn drawing(&mut self, i: usize) -> Result<usize, ReadError> {
        let text = self.text;
        let Some(l) = self.last else {
            return fail(i, "a drawing must follow a step");
        };
        let end = text[i..]
            .find(']')
            .map(|e| i + e)
            .ok_or_else(|| ReadError {
                at: i,
                message: "a [ without its ]".into(),
            })?;
        let notes = &mut self.tree.nodes[l].notes;
        if !notes.arrows.is_empty() || !notes.circles.is_empty() {
            return fail(i, "a second drawing [] on the same step");
        }
        read_drawings(&text[i + 1..end], i + 1, notes)?;
        Ok(end + 1)
    }

    /// A step from `start` (or a text file's move number alone), with its glyph.
    fn step(&mut self, start: usize) -> Result<usize, ReadError> {
        let (text, bytes) = (self.text, self.text.as_bytes());
        let mut i = start;
        while i < bytes.len() && !b",()[]{} \t\n\r!?".contains(&bytes[i]) {
            i += 1;
        }
        let mut token = &text[start..i];
        if self.escape == Escape::Text {
            // "12." before a step (or on its own) is its move number.
            let digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
            if digits.len() < token.len() && digits.starts_with('.') {
                token = digits.trim_start_matches('.');
                if token.is_empty() {
                    return Ok(i);
                }
            }
        }
        check_step(token, start)?;
        if self.tree.len() > MAX_NODES {
            return fail(start, format!("more than {MAX_NODES} steps"));
        }
        let id = self.tree.add(self.parent, token.to_string());
        let g_start = i;
        while i < bytes.len() && (bytes[i] == b'!' || bytes[i] == b'?') {
            i += 1;
        }
        let glyph = &text[g_start..i];
        if !glyph.is_empty() {
            if !GLYPHS.contains(&glyph) {
                return fail(g_start, format!("{glyph:?} is not a glyph"));
            }
            self.tree.nodes[id].notes.glyph = glyph.to_string();
        }
        self.parent = id;
        self.last = Some(id);
        Ok(i)
    }

    /// The tree read, its shown node the main line's end, once every variation is closed.
    fn finish(mut self) -> Result<MoveTree, ReadError> {
        if let Some((_, _, open)) = self.open.pop() {
            return fail(open, "a ( without its )");
        }
        self.tree.shown = self.tree.main_end();
        Ok(self.tree)
    }
}

/// Refuses a step's text (at `start`) that cannot be one: empty (a glyph with no step),
/// too long, or holding a character no step has.
fn check_step(token: &str, start: usize) -> Result<(), ReadError> {
    if token.is_empty() {
        return fail(start, "a glyph (! or ?) must follow a step directly");
    }
    if token.len() > 64 {
        return fail(
            start,
            format!("{:?} is too long to be a step", shorten(token)),
        );
    }
    if let Some(bad) = token.chars().find(|c| !c.is_ascii_graphic()) {
        return fail(
            start,
            format!("{:?} in {:?} cannot be in a step", bad, shorten(token)),
        );
    }
    Ok(())
}

/// A comment's text from `start` (after its `{`) to its `}`, and the offset after that.
#[inline(never)]
fn read_comment(text: &str, start: usize, escape: Escape) -> Result<(String, usize), ReadError> {
    let mut out = String::new();
    let mut bytes: Vec<u8> = Vec::new();
    let mut chars = text[start..].char_indices();
    while let Some((k, c)) = chars.next() {
        let at = start + k;
        match (escape, c) {
            (_, '}') => {
                if !bytes.is_empty() {
                    return fail(at, "a ~ escape in a comment is not whole UTF-8");
                }
                return Ok((out, at + 1));
            }
            (_, '{') => return fail(at, "a { inside a comment (write it as an escape)"),
            (Escape::Record, '+') => out.push(' '),
            (Escape::Record, '~') => {
                let hex: String = chars.by_ref().take(2).map(|(_, h)| h).collect();
                let Ok(b) = u8::from_str_radix(&hex, 16).map_err(|_| ()).and_then(|b| {
                    (hex.len() == 2 && hex.bytes().all(|h| h.is_ascii_hexdigit()))
                        .then_some(b)
                        .ok_or(())
                }) else {
                    return fail(at, "a ~ in a comment must be followed by two hex digits");
                };
                bytes.push(b);
                if let Ok(s) = std::str::from_utf8(&bytes) {
                    out.push_str(s);
                    bytes.clear();
                } else if bytes.len() >= 4 {
                    return fail(at, "a ~ escape in a comment is not UTF-8");
                }
                continue;
            }
            (Escape::Record, c) if needs_record_escape(c) => {
                return fail(
                    at,
                    format!("{c:?} in a comment must be written as an escape"),
                );
            }
            (Escape::Text, '\\') => match chars.next() {
                Some((_, e @ ('}' | '\\' | '{'))) => out.push(e),
                _ => return fail(at, "a \\ in a comment must be followed by }, { or \\"),
            },
            (_, c) => out.push(c),
        }
        if !bytes.is_empty() {
            return fail(at, "a ~ escape in a comment is not whole UTF-8");
        }
        if out.len() > MAX_COMMENT_CHARS * 4 {
            return fail(start, "the comment is too long");
        }
    }
    fail(start - 1, "a { without its }")
}

#[inline(never)]
fn read_drawings(text: &str, start: usize, notes: &mut Notes) -> Result<(), ReadError> {
    let mut offset = 0;
    for item in text.split([',', ' ']) {
        let at = start + offset;
        offset += item.len() + 1;
        if item.is_empty() {
            continue;
        }
        let cell = |name: &str| -> Result<String, ReadError> {
            if name.is_empty() || name.len() > 8 || !name.bytes().all(|b| b.is_ascii_alphanumeric())
            {
                return fail(at, format!("{:?} is not a cell", shorten(name)));
            }
            Ok(name.to_string())
        };
        if notes.arrows.len() + notes.circles.len() >= MAX_DRAWINGS {
            return fail(at, format!("more than {MAX_DRAWINGS} drawings on one step"));
        }
        match item.split_once('-') {
            Some((a, b)) => {
                let arrow = [cell(a)?, cell(b)?];
                if arrow[0] == arrow[1] {
                    return fail(at, format!("the arrow {:?} has no length", shorten(item)));
                }
                if notes.arrows.contains(&arrow) {
                    return fail(at, format!("the arrow {:?} is drawn twice", shorten(item)));
                }
                notes.arrows.push(arrow);
            }
            None => {
                let c = cell(item)?;
                if notes.circles.contains(&c) {
                    return fail(at, format!("the circle {:?} is drawn twice", shorten(item)));
                }
                notes.circles.push(c);
            }
        }
    }
    if notes.arrows.is_empty() && notes.circles.is_empty() {
        return fail(start - 1, "an empty drawing []");
    }
    Ok(())
}
