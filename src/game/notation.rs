//! Text helpers: untrusted text made safe to quote in a message, and boards drawn as text.

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
/// stays short. `{}` shows it as it is; `{:?}` in double quotes, with `"` and `\` of the
/// text escaped, and every other character escaped once (never `\\0` for a NUL).
pub fn shorten(text: &str) -> Short {
    const MAX: usize = 24;
    let mut length = 0;
    let mut shown = String::new();
    for (i, c) in text.char_indices() {
        shown.clear();
        visible_char(c, &mut shown);
        // A backslash or a double quote counts twice: most messages quote the result with
        // `{:?}`, which escapes them, and the quote must stay short all the same.
        length += shown
            .chars()
            .map(|ch| if ch == '\\' || ch == '"' { 2 } else { 1 })
            .sum::<usize>();
        if length > MAX {
            return Short {
                text: text[..i].to_string(),
                cut: true,
            };
        }
    }
    Short {
        text: text.to_string(),
        cut: false,
    }
}

/// Untrusted text cut short for a message (see [`shorten`]).
#[derive(Clone, PartialEq, Eq)]
pub struct Short {
    /// The text kept, as given.
    text: String,
    cut: bool,
}

impl Short {
    /// The text as `{}` shows it.
    fn shown(&self) -> String {
        let mut out = visible(&self.text);
        if self.cut {
            out.push('…');
        }
        out
    }
}

impl std::fmt::Display for Short {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.shown())
    }
}

impl std::fmt::Debug for Short {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut out = String::from('"');
        for c in self.text.chars() {
            match c {
                '\\' | '"' => {
                    out.push('\\');
                    out.push(c);
                }
                c => visible_char(c, &mut out),
            }
        }
        if self.cut {
            out.push('…');
        }
        out.push('"');
        f.write_str(&out)
    }
}

impl PartialEq<String> for Short {
    fn eq(&self, other: &String) -> bool {
        self.shown() == *other
    }
}

impl PartialEq<&str> for Short {
    fn eq(&self, other: &&str) -> bool {
        self.shown() == *other
    }
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

#[cfg(test)]
mod tests {
    use super::{shorten, visible};

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
