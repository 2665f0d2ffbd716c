//! Unlur's reply weights, learned from self-play: how often a strong player answers the
//! last stone on each empty cell around it, by the shape of that cell's own neighbourhood.
//!
//! A connection game is local: a stone is mostly answered next to it (a bridge intruded is
//! saved, a path blocked is turned round), and uniform playouts answer nowhere in
//! particular. So after the contract a playout first looks at the empty cells around the
//! last stone, in random order, and places on each with the weight of its shape; only if
//! none is taken does it draw a cell uniformly (`playout_step` in the parent module).
//!
//! A shape is what the six neighbours of a cell hold, seen by the mover: empty, the mover's
//! stone, the opponent's, or off the board. Its images under the twelve symmetries of the
//! hexagon share one weight; Black and White have weights of their own, as their goals
//! differ. `ludus train unlur --learn replies` counts, in games of the computer against
//! itself, how often each shape was offered (an empty cell next to the last stone) and how
//! often it was chosen; the weights it wrote are `replies.txt`, beside this file.

use std::sync::OnceLock;

/// The learned weights as `ludus train unlur --learn replies` wrote them.
const LEARNED: &str = include_str!("replies.txt");

/// Shapes: six neighbours with four states each.
pub const SHAPES: usize = 4096;

/// A neighbour's state in a shape (one base-4 digit per direction, direction 0 lowest).
const MINE: usize = 1;
const THEIRS: usize = 2;
const OFF: usize = 3;

/// The six bits of a direction set spread into base-4 digits: bit d becomes 4^d.
const SPREAD: [u16; 64] = {
    let mut out = [0; 64];
    let mut bits = 0;
    while bits < 64 {
        let mut d = 0;
        while d < 6 {
            if bits & (1 << d) != 0 {
                out[bits] += 1 << (2 * d);
            }
            d += 1;
        }
        bits += 1;
    }
    out
};

/// The shape of a cell whose neighbours in the direction sets `mine`, `theirs` and `off`
/// (six bits each, disjoint) hold the mover's stones, the opponent's and no cell.
#[inline]
pub fn shape(mine: u8, theirs: u8, off: u8) -> usize {
    let spread = |bits: u8| usize::from(SPREAD[usize::from(bits) % 64]);
    spread(mine) * MINE + spread(theirs) * THEIRS + spread(off) * OFF
}

/// The digit of direction `d` in `code`.
const fn digit(code: usize, d: usize) -> usize {
    code >> (2 * d) & 3
}

/// The least code among a shape's twelve images (six turns, each also mirrored): the one
/// every image is stored under.
const CANONICAL: [u16; SHAPES] = {
    let mut out = [0; SHAPES];
    let mut code = 0;
    while code < SHAPES {
        let mut least = code;
        let mut turn = 0;
        while turn < 6 {
            let (mut turned, mut mirrored) = (0, 0);
            let mut d = 0;
            while d < 6 {
                turned |= digit(code, (d + turn) % 6) << (2 * d);
                mirrored |= digit(code, (turn + 6 - d) % 6) << (2 * d);
                d += 1;
            }
            if turned < least {
                least = turned;
            }
            if mirrored < least {
                least = mirrored;
            }
            turn += 1;
        }
        out[code] = least as u16;
        code += 1;
    }
    out
};

/// The code a shape's weight is stored under.
pub fn canonical(code: usize) -> usize {
    usize::from(CANONICAL[code % SHAPES])
}

/// A shape as text: its six digits from direction 0 (NE) round to NW, `.` empty, `m` the
/// mover's stone, `t` the opponent's, `-` off the board.
pub fn shape_text(code: usize) -> String {
    (0..6)
        .map(|d| ['.', 'm', 't', '-'][digit(code, d)])
        .collect()
}

fn parse_shape(text: &str) -> Result<usize, String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 6 {
        return Err(format!(
            "a shape is six characters of . m t # (got {text:?})"
        ));
    }
    let mut code = 0;
    for (d, ch) in chars.into_iter().enumerate() {
        let state = match ch {
            '.' => 0,
            'm' => MINE,
            't' => THEIRS,
            '-' => OFF,
            _ => return Err(format!("{ch:?} in shape {text:?} is not one of . m t -")),
        };
        code |= state << (2 * d);
    }
    Ok(code)
}

/// Per colour (0 Black, 1 White) and shape: the chance of placing on an offered cell.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplyWeights {
    /// The weight of a shape the games never offered: the mean over all offers.
    pub base: f64,
    /// Every code, not only canonical ones, so a playout reads one entry.
    weights: [Vec<f64>; 2],
    /// For playouts: each weight as a threshold on a 10-bit random number (1024: always).
    thresholds: [Vec<u16>; 2],
}

/// One learned shape, as written in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeWeight {
    pub color: usize,
    /// A canonical code.
    pub code: usize,
    pub weight: f64,
}

/// "black" or "white", for colour 0 or 1.
pub fn color_word(color: usize) -> &'static str {
    if color == 0 {
        "black"
    } else {
        "white"
    }
}

impl ReplyWeights {
    /// Weights for the given canonical shapes, `base` for the others.
    pub fn new(base: f64, learned: &[ShapeWeight]) -> ReplyWeights {
        let mut by_canonical = [vec![base; SHAPES], vec![base; SHAPES]];
        for s in learned {
            by_canonical[s.color % 2][s.code % SHAPES] = s.weight;
        }
        let weights = by_canonical.map(|w| (0..SHAPES).map(|code| w[canonical(code)]).collect());
        let thresholds = weights
            .clone()
            .map(|w: Vec<f64>| w.iter().map(|&p| (p * 1024.0).round() as u16).collect());
        ReplyWeights {
            base,
            weights,
            thresholds,
        }
    }

    /// The chance of placing on an offered cell of shape `code` for `color` (0 Black, 1
    /// White).
    pub fn weight(&self, color: usize, code: usize) -> f64 {
        self.weights[color % 2][code % SHAPES]
    }

    /// [`ReplyWeights::weight`] scaled to a threshold on a 10-bit draw: 1/1024 is fine
    /// enough for the weights learned (the least is about 0.004).
    #[inline]
    pub fn threshold(&self, color: usize, code: usize) -> u16 {
        self.thresholds[color % 2][code % SHAPES]
    }

    /// Reads the file's lines: `base W`, then `black SHAPE W` or `white SHAPE W` (a shape
    /// as [`shape_text`] writes it); `#` starts a comment.
    pub fn parse(text: &str) -> Result<ReplyWeights, String> {
        let mut base = None;
        let mut learned = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            let words: Vec<&str> = line.split_whitespace().collect();
            let at = |e: String| format!("line {}: {e}", i + 1);
            let weight = |w: &str| match w.parse::<f64>() {
                Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
                _ => Err(at(format!("{w:?} is not a weight from 0 to 1"))),
            };
            match words.as_slice() {
                [] => {}
                ["base", w] => base = Some(weight(w)?),
                [color @ ("black" | "white"), s, w] => {
                    let code = parse_shape(s).map_err(at)?;
                    if canonical(code) != code {
                        return Err(at(format!(
                            "shape {s:?} is written as its image {:?}",
                            shape_text(canonical(code))
                        )));
                    }
                    learned.push(ShapeWeight {
                        color: usize::from(*color == "white"),
                        code,
                        weight: weight(w)?,
                    });
                }
                _ => {
                    return Err(at(format!(
                        "expected `base W` or `black|white SHAPE W`, got {line:?}"
                    )))
                }
            }
        }
        let base = base.ok_or("no `base` line")?;
        Ok(ReplyWeights::new(base, &learned))
    }
}

/// The file's lines for `learned` (with each shape's counts as a comment: `(shape,
/// chosen, offered)` per entry).
pub fn to_text(base: f64, learned: &[(ShapeWeight, u64, u64)]) -> String {
    let mut text = format!("base {base:.5}\n");
    for (s, chosen, offered) in learned {
        text.push_str(&format!(
            "{} {} {:.5} # {chosen} of {offered}\n",
            color_word(s.color),
            shape_text(s.code),
            s.weight
        ));
    }
    text
}

/// The weights playouts read: the shipped ones, unless [`play_without_learned`] came
/// first.
static WEIGHTS: OnceLock<Option<ReplyWeights>> = OnceLock::new();

/// The weights playouts read (None: uniform playouts).
pub fn learned() -> Option<&'static ReplyWeights> {
    // The file is checked by a unit test; a broken one here would only mean uniform
    // playouts.
    WEIGHTS
        .get_or_init(|| ReplyWeights::parse(LEARNED).ok())
        .as_ref()
}

/// Makes this process's playouts ignore the shipped weights, for learning new ones from
/// games that do not depend on the file they replace (so the same command writes the same
/// file again). False if a playout already read the weights, and nothing changed.
pub fn play_without_learned() -> bool {
    WEIGHTS.set(None).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shape_and_its_images_share_one_code() {
        // A bridge-like shape: the mover's stones NE and SE, off the board W.
        let code = shape(0b000101, 0, 0b010000);
        assert_eq!(shape_text(code), "m.m.-.");
        let turned = shape(0b001010, 0, 0b100000);
        let mirrored = shape(0b010100, 0, 0b000001);
        assert_eq!(canonical(code), canonical(turned));
        assert_eq!(canonical(code), canonical(mirrored));
        assert_ne!(canonical(code), canonical(shape(0b000011, 0, 0b010000)));
        let classes: std::collections::BTreeSet<usize> = (0..SHAPES).map(canonical).collect();
        // Necklaces of six beads in four colours, turned and mirrored.
        assert_eq!(classes.len(), 430);
    }

    #[test]
    fn the_shipped_weights_read_back() {
        let w = ReplyWeights::parse(LEARNED).expect("replies.txt");
        assert!(w.base > 0.0 && w.base < 1.0);
        assert!(learned() == Some(&w));
    }

    #[test]
    fn a_bad_file_is_refused_saying_why() {
        assert!(ReplyWeights::parse("black t..... 0.5")
            .unwrap_err()
            .contains("base"));
        let e = ReplyWeights::parse("base 0.1\nblack m.x.-. 0.5").unwrap_err();
        assert!(e.contains("line 2") && e.contains("'x'"), "{e}");
        let e = ReplyWeights::parse("base 0.1\nwhite .m.m-. 0.5").unwrap_err();
        assert!(e.contains("image"), "{e}");
        assert!(ReplyWeights::parse("base 1.5")
            .unwrap_err()
            .contains("from 0 to 1"));
    }

    #[test]
    fn every_image_of_a_learned_shape_reads_its_weight() {
        let code = canonical(shape(0b000101, 0, 0b010000));
        let w = ReplyWeights::new(
            0.1,
            &[ShapeWeight {
                color: 1,
                code,
                weight: 0.7,
            }],
        );
        assert_eq!(w.weight(1, shape(0b001010, 0, 0b100000)), 0.7);
        assert_eq!(w.weight(0, shape(0b001010, 0, 0b100000)), 0.1);
        assert_eq!(w.weight(1, 0), 0.1);
        let text = to_text(
            0.1,
            &[(
                ShapeWeight {
                    color: 1,
                    code,
                    weight: 0.7,
                },
                7,
                10,
            )],
        );
        assert!(ReplyWeights::parse(&text).unwrap() == w);
    }
}
