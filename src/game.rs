//! The interface every rules engine implements, and the plain data a board view is drawn from.
//!
//! A *step* is the unit of play (see docs/RULES.md, "Steps"): a turn may take several steps,
//! and the seat to move only changes when the turn's last step is done.

use crate::rng::Rng;
use serde::Serialize;
use std::fmt;

/// A player's seat: 0 moves first (Unity's colours map to seats in turn order).
pub type Seat = usize;

/// Why something could not be done: an illegal step, a bad option, a broken record.
/// The message is a whole sentence fragment meant for a person ("c4 is occupied").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(pub String);

impl Error {
    pub fn new(message: impl Into<String>) -> Self {
        Error(message.into())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// Shorthand for returning an explained error.
pub fn fail<T>(message: impl Into<String>) -> Result<T, Error> {
    Err(Error::new(message))
}

/// Sorts a short list (a few dozen items; a few hundred at most). A plain insertion sort:
/// on lists this short it is as quick as `sort_unstable`, which takes 10 to 17 kB of wasm
/// for every item type it sorts (the page's size budget, docs/PERFORMANCE.md).
pub fn sort_short<T: Ord>(items: &mut [T]) {
    sort_short_by_key(items, |item| item);
}

/// [`sort_short`] by a key.
pub fn sort_short_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> &K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// How a character of untrusted text is shown in a message: as itself, or as an escape
/// (`\n`, `\u{202e}`) when it is a control character or shows nothing of itself. Invisible
/// characters are the dangerous ones: a bidirectional control (U+202E …) reverses the rest of
/// the message around it, and a zero-width or format character hides what was typed. The
/// test is the standard library's (`char::escape_debug`: not printable, or a combining mark),
/// plus the blank letters Unicode counts as printable (the Hangul fillers, U+2800).
fn visible_char(c: char, out: &mut String) {
    let blank = matches!(
        c,
        '\u{115f}' | '\u{1160}' | '\u{2800}' | '\u{3164}' | '\u{ffa0}'
    );
    let plain = !blank && (matches!(c, '\\' | '"' | '\'') || c.escape_debug().nth(1).is_none());
    if plain {
        out.push(c);
    } else if blank {
        out.extend(c.escape_unicode());
    } else {
        out.extend(c.escape_debug());
    }
}

/// Untrusted text with every control and invisible character written as an escape (see
/// `visible_char`), whole: for a message that must show exactly what it was given.
pub fn visible(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        visible_char(c, &mut out);
    }
    out
}

/// Untrusted text made safe for quoting in an error message: control and invisible
/// characters written as escapes (`\0`, `\u{1b}`, `\u{202e}`, see `visible_char`), so a
/// message stays one line, reads in its own order and prints harmlessly on a terminal, and
/// cut at 24 characters as `{:?}` shows them (never inside a character or an escape), so it
/// stays short.
pub fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    let mut short = String::new();
    let mut length = 0;
    let mut shown = String::new();
    for c in text.chars() {
        shown.clear();
        visible_char(c, &mut shown);
        // A backslash or a double quote counts twice: most messages quote the result with
        // `{:?}`, which escapes them, and the quote must stay short all the same.
        length += shown
            .chars()
            .map(|ch| if ch == '\\' || ch == '"' { 2 } else { 1 })
            .sum::<usize>();
        if length > MAX {
            short.push('…');
            break;
        }
        short.push_str(&shown);
    }
    short
}

/// A board drawn as text, as rows of marks, top row first: one line a row, white space
/// ignored, blank lines skipped. The engines' `from_diagram` constructors read this.
pub fn diagram_rows(text: &str) -> Vec<Vec<char>> {
    text.lines()
        .map(|line| {
            line.chars()
                .filter(|c| !c.is_whitespace())
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty())
        .collect()
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(tag = "kind", content = "seat", rename_all = "lowercase")]
pub enum Outcome {
    Winner(Seat),
    Draw,
}

/// How the steps of a random game or a playout are picked ([`Game::play_out`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepPolicy {
    /// Uniform over the legal steps ([`Game::random_step`]).
    Uniform,
    /// The engine's playout policy ([`Game::playout_step`]).
    Playout,
}

/// A rules engine's position: everything needed to go on playing.
///
/// Positions are cheap to clone; search and undo work by cloning.
pub trait Game: Clone + fmt::Debug {
    /// One step, in the engine's compact form. Two steps with different text are different.
    type Step: Copy + Eq + fmt::Debug;

    /// Number of seats (2, or 3 in a three-player Unity game).
    fn players(&self) -> usize;

    /// The seat whose step it is now (meaningless once the game is over).
    fn to_move(&self) -> Seat;

    /// Appends the legal steps now to `out` (which it does not clear). None once the game is over.
    fn legal_steps(&self, out: &mut Vec<Self::Step>);

    /// Plays a step that `legal_steps` listed. Anything else is a caller bug.
    fn play(&mut self, step: Self::Step);

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The canonical text of a step (docs/RULES.md, "Step text").
    fn step_text(&self, step: Self::Step) -> String;

    /// Reads a step's text and checks it is legal now; an error says what is wrong
    /// ("c4 is occupied", "17 cannot go on c3: column c could no longer ascend").
    fn parse_step(&self, text: &str) -> Result<Self::Step, Error>;

    /// How a step is made on the board, for the UI and for marking the last turn.
    fn step_view(&self, step: Self::Step) -> StepView;

    /// Everything needed to draw the position.
    fn view(&self) -> BoardView;

    /// The view shown after `previous` (the view of the position before the last step):
    /// the same as `view` but where a game has a free choice of how to draw the position
    /// (Merlin's Chain's grey tiles), which it makes close to what was on screen.
    fn view_after(&self, previous: &BoardView) -> BoardView {
        let _ = previous;
        self.view()
    }

    /// Whether `view_after` depends on the view before (so that a game's views must be made
    /// one from the other, in order); false when it is plain `view`.
    fn view_follows_previous(&self) -> bool {
        false
    }

    /// Why a click on `cell` makes no step, where the step texts' own errors would not say
    /// it well (a click on a piece that cannot start a step); None (the default) to let
    /// them.
    fn explain_cell(&self, cell: usize) -> Option<String> {
        let _ = cell;
        None
    }

    /// The piece a placement puts down now, for the board's hover preview; None (the
    /// default) where the steps do not put pieces on empty cells.
    fn placement_piece(&self) -> Option<PieceView> {
        None
    }

    /// The words on the pass button, when a pass is legal.
    fn pass_label(&self) -> &'static str {
        "Pass"
    }

    /// What `view().highlight` shows once the game is over.
    fn highlight_name(&self) -> &'static str {
        "winning connection"
    }

    /// What the second click of a two-click step of `kind` asks, once its first cell is
    /// picked; None for steps made in one click. `{piece}` stands for the piece picked.
    fn then_prompt(&self, kind: &str) -> Option<&'static str> {
        match kind {
            "place" | "replace" | "pass" | "wall" => None,
            _ => Some("Now click where it goes."),
        }
    }

    /// A uniformly random legal step (None once the game is over). The default is exactly
    /// the step `rng.choose` picks from the list `legal_steps` makes, listed into `buf`
    /// (scratch space). An engine may find the step without listing (random games and
    /// playouts call this at every step), drawing the same numbers for the same step (Unlur,
    /// Unravel, Scattercut) or other numbers for the same distribution (Unity and Merlin's
    /// Chain, by rejection).
    fn random_step(&self, rng: &mut Rng, buf: &mut Vec<Self::Step>) -> Option<Self::Step> {
        buf.clear();
        self.legal_steps(buf);
        rng.choose(buf).copied()
    }

    /// A step for a Monte Carlo playout (None once the game is over, which is how
    /// [`Game::play_out`] knows it ended). The default is [`Game::random_step`], uniform over
    /// the legal steps; an engine may bias it towards strong steps (captures, connections)
    /// where that is measured to play better. `buf` is scratch space.
    fn playout_step(&self, rng: &mut Rng, buf: &mut Vec<Self::Step>) -> Option<Self::Step> {
        self.random_step(rng, buf)
    }

    /// Plays steps picked by `policy` until the game ends or `cap` steps have been played.
    /// With a `trail` (at least `cap` long), records the mover and RAVE key of each step
    /// that has a key ([`Game::rave_key`]); returns how many it recorded.
    ///
    /// One call per random game or playout, so that an engine whose position wraps several
    /// board forms (Unlur) picks its form once a game, not at every step.
    #[inline]
    fn play_out(
        &mut self,
        rng: &mut Rng,
        buf: &mut Vec<Self::Step>,
        cap: u32,
        policy: StepPolicy,
        mut trail: Option<&mut [(Seat, u32)]>,
    ) -> usize {
        let mut recorded = 0;
        for _ in 0..cap {
            let step = match policy {
                StepPolicy::Uniform => self.random_step(rng, buf),
                StepPolicy::Playout => self.playout_step(rng, buf),
            };
            let Some(step) = step else { break };
            if let Some(t) = trail.as_deref_mut() {
                if let Some(k) = self.rave_key(step) {
                    t[recorded] = (self.to_move(), k as u32);
                    recorded += 1;
                }
            }
            self.play(step);
        }
        recorded
    }

    /// For a playout cut short: an estimate in [0, 1] of `seat`'s chance to win from here.
    /// The default knows nothing and says every seat is equally likely.
    fn evaluate(&self, seat: Seat) -> f64 {
        let _ = seat;
        1.0 / self.players() as f64
    }

    /// For RAVE (all-moves-as-first) statistics in the search: how many step keys there are;
    /// 0 (the default) turns RAVE off for the game.
    fn rave_keys(&self) -> usize {
        0
    }

    /// The key of `step` (below `rave_keys`), the same for steps that do the same thing
    /// wherever they are played (a placement on a cell); None for steps without one.
    fn rave_key(&self, step: Self::Step) -> Option<usize> {
        let _ = step;
        None
    }

    /// A key for a transposition table: equal for the same position (same pieces, same
    /// seat to move, same stage of a multi-step turn), and different for different
    /// positions but for a negligible chance (a 128-bit hash).
    ///
    /// The default hashes the `Debug` text, because every engine's `Debug` prints its
    /// whole state (stage of the turn included), whereas the board view does not always
    /// (Unravel's completers, Scattercut's stones still to re-place). A position reached
    /// by two paths may print differently (a cached union–find, a step count): that only
    /// costs the table a hit. An engine whose `Debug` leaves state out must override this.
    fn position_key(&self) -> u128 {
        let mut hasher = KeyHasher::new();
        // Writing into the hasher cannot fail.
        let _ = fmt::Write::write_fmt(&mut hasher, format_args!("{self:?}"));
        hasher.finish()
    }

    /// A key shared by a position and its images under the symmetries of the game's rules
    /// (the board turned or mirrored where nothing in the rules tells the two apart), so
    /// that they share one entry in the solver's table: they have the same result with best
    /// play. The default is `position_key` (no symmetry used).
    fn canonical_key(&self) -> u128 {
        self.position_key()
    }

    /// Steps that are legal now, as a fresh vector.
    fn legal_step_list(&self) -> Vec<Self::Step> {
        let mut out = Vec::new();
        self.legal_steps(&mut out);
        out
    }

    /// Parses and plays one step.
    fn play_text(&mut self, text: &str) -> Result<Self::Step, Error> {
        let step = self.parse_step(text)?;
        self.play(step);
        Ok(step)
    }
}

/// A 128-bit hash of text written into it: two independent 64-bit lanes (FNV-1a, and a
/// multiply–rotate lane), each mixed at the end. Not cryptographic; deterministic on every
/// platform.
pub struct KeyHasher {
    a: u64,
    b: u64,
}

impl KeyHasher {
    pub fn new() -> Self {
        KeyHasher {
            a: 0xcbf2_9ce4_8422_2325,
            b: 0x6a09_e667_f3bc_c909,
        }
    }

    pub fn write_bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.a = (self.a ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3);
            self.b = (self.b ^ byte as u64)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29);
        }
    }

    pub fn finish(&self) -> u128 {
        let mix = |mut z: u64| {
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        (mix(self.a) as u128) << 64 | mix(self.b) as u128
    }
}

impl Default for KeyHasher {
    fn default() -> Self {
        KeyHasher::new()
    }
}

impl KeyHasher {
    /// Writes an optional outcome as one byte.
    pub fn write_outcome(&mut self, outcome: Option<Outcome>) {
        self.write_bytes(&[match outcome {
            None => 0,
            Some(Outcome::Draw) => 1,
            Some(Outcome::Winner(seat)) => 2 + seat as u8,
        }]);
    }
}

impl fmt::Write for KeyHasher {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.write_bytes(s.as_bytes());
        Ok(())
    }
}

/// The number of step sequences of length `depth` from `game` (docs/RULES.md, "perft").
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    // One step list per depth, reused at every node, so perft measures the rules rather
    // than the allocator (a fresh list per node made native perft 1.1-3.3 times slower).
    let mut lists: Vec<Vec<G::Step>> = (0..depth).map(|_| Vec::new()).collect();
    perft_with(game, &mut lists)
}

/// Perft to depth `lists.len()`, listing each depth's steps into its own buffer.
fn perft_with<G: Game>(game: &G, lists: &mut [Vec<G::Step>]) -> u64 {
    let Some((list, deeper)) = lists.split_first_mut() else {
        return 1;
    };
    list.clear();
    game.legal_steps(list);
    if deeper.is_empty() {
        return list.len() as u64;
    }
    let mut leaves = 0;
    for &step in list.iter() {
        let mut next = game.clone();
        next.play(step);
        leaves += perft_with(&next, deeper);
    }
    leaves
}

// ---------------------------------------------------------------------------------------------
// Board view: plain data, serialised to JS as is.
// ---------------------------------------------------------------------------------------------

/// The board's geometry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Shape {
    /// `width` files by `height` ranks; cell index = rank * width + file (a1 = 0).
    Square { width: usize, height: usize },
    /// Hex-of-hex with `side` cells a side; cells indexed in cell order (bottom row first).
    Hex { side: usize },
}

/// One piece on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct PieceView {
    /// "red", "blue", "black", "white", "purple", "orange", "green" or "grey".
    pub color: &'static str,
    /// "checker", "stone", "ring", "asterisk" or "tile".
    pub kind: &'static str,
    /// The number on a Merlin's Chain tile.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub label: Option<String>,
}

/// A board side coloured by whose goal it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct SideView {
    /// Square: "top", "bottom", "left", "right". Hex: "N", "NE", "SE", "S", "SW", "NW".
    pub side: &'static str,
    /// The colour of the player (or colours, for Unlur's two goals) the side matters to.
    pub color: &'static str,
}

/// A seat as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct PlayerView {
    /// "Red", "Purple", "First player" (Unlur before the contract ends), ...
    pub name: String,
    /// The colour the page draws for this seat.
    pub color: &'static str,
}

/// How one step is made on the board. The UI matches clicks against these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
pub struct StepView {
    /// Canonical step text.
    pub text: String,
    /// "place", "pass", "swap", "replace", "flip", "move", "wall", "ring", "asterisk".
    pub kind: &'static str,
    /// Cells involved, in the order a player would click them: place `[cell]`; swap `[a, b]`;
    /// flip `[cell]`; move `[from, to]`; wall `[a, b]` (the edge between); ring `[cell]`;
    /// asterisk `[cell, first cell in the direction (if on the board)]`.
    pub cells: Vec<usize>,
    /// Asterisk direction ("NE", "E", ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub dir: Option<&'static str>,
    /// Merlin's Chain: the number of the piece flipped.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(not(target_arch = "wasm32"), ts(optional))]
    pub piece: Option<u32>,
}

/// Everything needed to draw a position.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct BoardView {
    pub shape: Shape,
    /// Cell names in cell order ("a1", ...).
    pub cells: Vec<String>,
    /// The piece on each cell, in cell order.
    pub pieces: Vec<Option<PieceView>>,
    /// Hex edges holding a wall, as pairs of cell indices (lower first).
    pub walls: Vec<[usize; 2]>,
    /// Sides coloured by goal.
    pub sides: Vec<SideView>,
    pub players: Vec<PlayerView>,
    /// The seat to move; None once the game is over.
    pub to_move: Option<Seat>,
    pub outcome: Option<Outcome>,
    /// What the current step asks of the player, or how the game ended.
    pub prompt: String,
    /// Cells to outline: pending crosscuts.
    pub marked: Vec<usize>,
    /// Cells to highlight: the winning path or group.
    pub highlight: Vec<usize>,
    /// Extra facts to show beside the board, as label/value pairs ("Walls left", "12").
    pub facts: Vec<(String, String)>,
    /// Cells whose piece was lifted earlier in this turn and is to be put back elsewhere
    /// (Scattercut's re-placements): drawn as a ghost ring in the mover's colour.
    pub lifted: Vec<usize>,
}

/// How the page and the widget present the position beyond the board itself: the words
/// and pieces that differ from game to game, so that the JS holds no game knowledge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Presentation {
    /// The piece a click on an empty cell would put down (hover preview), if any.
    pub preview: Option<PieceView>,
    /// The words on the pass button ("Pass", "Pass and take Black").
    pub pass_label: &'static str,
    /// Said below the result once the game is over ("The united group is highlighted.").
    pub highlight_note: Option<String>,
    /// For each kind of two-click step legal now: what its second click asks.
    pub then: std::collections::BTreeMap<&'static str, &'static str>,
}

impl Presentation {
    /// The presentation of `game` with its view and legal steps.
    pub fn of<G: Game>(game: &G, view: &BoardView, legal: &[StepView]) -> Presentation {
        let over = view.outcome.is_some();
        let mut then = std::collections::BTreeMap::new();
        for step in legal {
            if let Some(text) = game.then_prompt(step.kind) {
                then.insert(step.kind, text);
            }
        }
        Presentation {
            preview: if over { None } else { game.placement_piece() },
            pass_label: game.pass_label(),
            highlight_note: (over && !view.highlight.is_empty())
                .then(|| format!("The {} is highlighted.", game.highlight_name())),
            then,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{shorten, sort_short, visible};
    use crate::rng::Rng;

    #[test]
    fn sort_short_sorts_as_the_standard_sort() {
        let mut rng = Rng::new(3);
        for len in 0..40 {
            for _ in 0..20 {
                let items: Vec<(u8, u16)> = (0..len)
                    .map(|_| (rng.below(4) as u8, rng.below(50) as u16))
                    .collect();
                let mut ours = items.clone();
                sort_short(&mut ours);
                let mut theirs = items;
                theirs.sort();
                assert_eq!(ours, theirs);
            }
        }
    }

    #[test]
    fn visible_escapes_only_what_does_not_show() {
        let plain = "Unity, by Néstor Romeral Andrés: “c4” × 2… \\ \" ' 😀 日本";
        assert_eq!(visible(plain), plain);
        assert_eq!(shorten("a\u{202e}b"), "a\\u{202e}b");
        assert_eq!(
            visible("x\u{2067}y\u{2069}\u{200f}\n\t\0"),
            "x\\u{2067}y\\u{2069}\\u{200f}\\n\\t\\0"
        );
        assert_eq!(
            visible("e\u{301} \u{a0} \u{3164}"),
            "e\\u{301} \\u{a0} \\u{3164}"
        );
        // `shorten` cuts between escapes: each `\u{202e}` counts 9 (its backslash twice, as
        // `{:?}` shows it), so two fit in 24.
        assert_eq!(
            shorten(&"\u{202e}".repeat(4)),
            format!("{}…", "\\u{202e}".repeat(2))
        );
        // A line separator is white space: trimmed from the ends of a record's parts, escaped
        // when quoted.
        assert_eq!(visible("a\u{2028}b"), "a\\u{2028}b");
    }
}
