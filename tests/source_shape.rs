//! The shape of the source, checked as text: the session's readers and writers made of
//! short functions, and the helpers the test files share kept once, in tests/common/.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeMap;
use std::path::Path;

/// The top-level functions of a Rust file: (name, whole text), each ending at the first
/// `}` at its own indentation.
fn functions(text: &str) -> Vec<(String, usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = line.len() - body.len();
        let Some(rest) = ["fn ", "pub fn ", "pub(crate) fn ", "pub(super) fn "]
            .iter()
            .find_map(|p| body.strip_prefix(p))
        else {
            continue;
        };
        if line.ends_with(';') {
            continue;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let end = (i + 1..lines.len()).find(|&j| {
            let l = lines[j];
            l.len() > indent && l[..indent].trim().is_empty() && l[indent..].starts_with('}')
        });
        if let Some(end) = end {
            out.push((name, indent, lines[i..=end].join("\n")));
        }
    }
    out
}

fn rust_files(dir: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p.file_name().unwrap().to_string_lossy().into_owned(), text)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn the_session_readers_are_made_of_short_functions() {
    const LONGEST: usize = 80;
    let mut long = Vec::new();
    for (file, text) in rust_files("src/session") {
        for (name, _, body) in functions(&text) {
            let n = body.lines().count();
            if n > LONGEST {
                long.push(format!("src/session/{file}: {name} has {n} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions over {LONGEST} lines:\n{}",
        long.join("\n")
    );
}

/// Helpers written the same in two test files over the same type belong in tests/common/.
/// The ones left are the same text over each game's own `Position` (another type in each
/// file): listed here by name and the files that hold them.
#[test]
fn no_test_helper_is_copied_between_test_files() {
    const OWN_TYPES: &[(&str, &[&str])] = &[
        ("cell", &["unity.rs", "unravel.rs"]),
        ("opts", &["scattercut.rs", "unlur.rs"]),
    ];
    let mut seen: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
    for (file, text) in rust_files("tests") {
        for (name, indent, body) in functions(&text) {
            if indent == 0 {
                let entry = seen.entry(body).or_insert_with(|| (name, Vec::new()));
                entry.1.push(file.clone());
            }
        }
    }
    let copies: Vec<String> = seen
        .into_values()
        .filter(|(name, files)| {
            files.len() > 1
                && !OWN_TYPES
                    .iter()
                    .any(|(n, f)| n == name && files.iter().eq(f.iter()))
        })
        .map(|(name, files)| format!("{name} in {}", files.join(", ")))
        .collect();
    assert!(
        copies.is_empty(),
        "helpers copied between test files (move them to tests/common/):\n{}",
        copies.join("\n")
    );
}
