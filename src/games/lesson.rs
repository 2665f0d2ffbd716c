//! How Ludus teaches a game: a path of short lessons, each a position, one sentence of goal
//! and the steps that reach it. Each game declares its lessons beside its engine
//! (`src/games/<game>/lessons.rs`) together with the points of its rules, and every lesson
//! names the points it teaches, so a test can check that the path covers the whole game.

use serde::Serialize;

/// One point of a game's rules, as the rule sheet and the rules notes make it.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct RulePoint {
    /// A short stable name ("crosscut", "swap-chain").
    pub id: &'static str,
    /// The point in one sentence, in our own words.
    pub text: &'static str,
}

/// One lesson: the learner plays the seat to move in `record`'s position.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Lesson {
    /// A short stable name, used in links to the lesson.
    pub id: &'static str,
    pub title: &'static str,
    /// What to do, in one sentence, shown above the board.
    pub goal: &'static str,
    /// The starting position as a Ludus record (reached by play, or a Unity setup).
    pub record: &'static str,
    /// The expected steps in order: the learner's, and the other seats' steps, which the
    /// page plays as scripted replies.
    pub line: &'static [&'static str],
    /// Whether the line ends with the learner winning (checked by the tests); otherwise the
    /// lesson is done when its line has been played, whether the game goes on or ends
    /// another way (a draw, a loss the lesson warns against).
    pub wins: bool,
    /// Said when the learner makes a legal step that is not the lesson's.
    pub hint: &'static str,
    /// A step a learner might try that the engine refuses; its explanation is the lesson.
    pub wrong: &'static str,
    /// Said when the lesson is done.
    pub done: &'static str,
    /// The ids of the rule points the lesson teaches.
    pub covers: &'static [&'static str],
}

/// A lesson as `ludus lessons` prints it and the page reads it (`www/learn/<game>-lessons.json`):
/// the lesson with its game and its place on the game's path (from 1).
#[derive(Debug, Serialize)]
pub struct LessonEntry {
    pub game: &'static str,
    pub n: usize,
    #[serde(flatten)]
    pub lesson: Lesson,
}

/// A game's lessons in order, as they are printed and shipped to the page.
pub fn entries(kind: super::GameKind) -> Vec<LessonEntry> {
    kind.lessons()
        .iter()
        .enumerate()
        .map(|(i, lesson)| LessonEntry {
            game: kind.name(),
            n: i + 1,
            lesson: *lesson,
        })
        .collect()
}
