//! The presentation trait: what a player sees and reads of a position.

use super::{BoardView, Game, PieceView, Seat, StepKind, StepView, Threat};

/// How a position is shown and told to a player: the board view it is drawn from, and every
/// sentence a player reads about it (prompts, step words, why a click makes no step, why
/// the game ended). The rules ([`Game`]) never need it; the page, the widget, the records'
/// text files and the analysis's reports do.
///
/// The general sentences about clicks, the same in every game, are `AnyGame::explain_click`
/// and its kin (`src/games/words.rs`); the methods here add what one game says otherwise.
pub trait Describe: Game {
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
    fn then_prompt(&self, kind: StepKind) -> Option<&'static str> {
        match kind {
            StepKind::Place | StepKind::Replace | StepKind::Pass | StepKind::Wall => None,
            _ => Some("Now click where it goes."),
        }
    }

    /// A step (its canonical text) in words a person reads ("the ring on e9 fires"); by
    /// default the text itself, where it reads well already ("c3").
    fn step_words(&self, text: &str) -> String {
        text.to_string()
    }

    /// Why the game ended as it did, in words a newcomer reads (the rule that decided it and
    /// the pieces that show it), beyond the prompt's bare result; None while the game goes
    /// on, and by default.
    fn outcome_reason(&self) -> Option<String> {
        None
    }

    /// What `seat` threatens while the game goes on: the cells where one step of its own
    /// would win at once, and a sentence saying so; None where it threatens nothing that
    /// simple, and by default.
    fn threat(&self, seat: Seat) -> Option<Threat> {
        let _ = seat;
        None
    }

    /// Why a click on `cell` makes no step, where the step texts' own errors would not say
    /// it well (a click on a piece that cannot start a step); None (the default) to let
    /// them.
    fn explain_cell(&self, cell: usize) -> Option<String> {
        let _ = cell;
        None
    }

    // What a game adds where a click makes no step (`AnyGame::explain_click` has the
    // general words). `legal` is the legal steps now, `view` the board shown.

    /// For a click between cells `a` and `b`: the step text it stands for, or the reason it
    /// stands for none; None for the general reading (a swap, or a wall on that edge).
    fn pair_click(
        &self,
        _view: &BoardView,
        _legal: &[StepView],
        _a: usize,
        _b: usize,
    ) -> Option<Result<String, String>> {
        None
    }

    /// Why a click on `cell` with the piece on `from` picked makes no step (`cell == from`:
    /// the picked piece's own capture), in words about the board; None for the general
    /// reading (the pair read as by `pair_click`).
    fn pick_click(
        &self,
        _view: &BoardView,
        _legal: &[StepView],
        _from: usize,
        _cell: usize,
    ) -> Option<String> {
        None
    }

    /// Why direction key `dir` (0 to 5: NE, E, SE, SW, W, NW) makes no step: with the piece
    /// on `cell` picked, its shot that way; else a wall on that side of the cursor's `cell`.
    /// Empty when it is a step; None where the game gives those keys no meaning.
    fn dir_key(
        &self,
        _view: &BoardView,
        _legal: &[StepView],
        _cell: usize,
        _dir: usize,
        _picked: bool,
    ) -> Option<String> {
        None
    }

    /// What to say when a click on `cell` picks nothing that can step, or when no step
    /// starts with a click on a cell; None for the general words.
    fn pick_hint(&self, _view: &BoardView, _legal: &[StepView], _cell: usize) -> Option<String> {
        None
    }

    /// The other way to play, added to "Pick one of your pieces" (", or ...").
    fn pick_also(&self, _legal: &[StepView]) -> &'static str {
        ""
    }
}
