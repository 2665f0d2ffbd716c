//! The `ludus` command run as a user runs it (tests/cli.rs, games_list.rs, puzzles.rs).

use std::process::Command;

/// `ludus` run with `args`, as it exits.
pub fn run<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .output()
        .expect("ludus runs")
}

/// `ludus` run with `args`: whether it succeeded, and what it printed and said.
pub fn ludus(args: &[&str]) -> (bool, String, String) {
    let out = run(args);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
