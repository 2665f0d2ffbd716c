//! Counts of the engine's costliest work on the calling thread: the legal step views built
//! and Merlin's Chain's searches for the grey tiles' arrangement (with the feasibility
//! checks they spend). What a thread of the page runs is measured by these counts, not by
//! the clock, so a test of it holds on a machine of any speed and load
//! (`tests/e2e/computer.test.mjs`; the wasm export `workCounts`).

use serde::Serialize;
use std::cell::Cell;

/// The work counted so far on this thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct WorkCounts {
    /// Legal steps turned into step views (`AnyGame::legal_step_views`).
    pub step_views: u64,
    /// Searches for the arrangement nearest the one shown (Merlin's Chain's views after a flip).
    pub arrangement_searches: u64,
    /// Feasibility checks those searches spent (each up to a full arrangement and Hall's test).
    pub arrangement_checks: u64,
}

thread_local! {
    static COUNTS: Cell<WorkCounts> = const { Cell::new(WorkCounts { step_views: 0, arrangement_searches: 0, arrangement_checks: 0 }) };
}

/// The counts so far on this thread.
pub fn counts() -> WorkCounts {
    COUNTS.with(Cell::get)
}

fn add(f: impl FnOnce(&mut WorkCounts)) {
    COUNTS.with(|c| {
        let mut w = c.get();
        f(&mut w);
        c.set(w);
    });
}

pub(crate) fn step_views(n: usize) {
    add(|w| w.step_views = w.step_views.saturating_add(n as u64));
}

pub(crate) fn arrangement_search(checks: usize) {
    add(|w| {
        w.arrangement_searches = w.arrangement_searches.saturating_add(1);
        w.arrangement_checks = w.arrangement_checks.saturating_add(checks as u64);
    });
}
