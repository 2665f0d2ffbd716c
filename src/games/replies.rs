//! Reply weights learned from self-play, for the games whose playouts answer the last stone
//! (Unlur, Scattercut): how often a strong player places on each empty cell next to it, by
//! the shape of that cell's own neighbourhood.
//!
//! Connection games are local: a stone is mostly answered next to it (a link cut is mended,
//! a path blocked is turned round), and uniform playouts answer nowhere in particular. So a
//! playout first looks at the empty cells around the last stone, in random order, and
//! places on each with the weight of its shape; only if none is taken does it draw a cell
//! as before. Each game says what a shape is (its neighbours, each empty, the mover's, the
//! opponent's or off the board, one base-4 digit a direction) and which images of a shape
//! share a weight ([`ShapeSet`]); this module holds the weights, reads and writes their
//! file, and keeps the shipped ones for playouts ([`Learned`]). `ludus train GAME --learn
//! replies` (`src/ai/train.rs`) counts the offers and choices the weights come from.

use crate::rng::Rng;
use std::sync::OnceLock;

/// A neighbour's state in a shape: one base-4 digit per direction, direction 0 lowest.
pub const EMPTY: usize = 0;
pub const MINE: usize = 1;
pub const THEIRS: usize = 2;
pub const OFF: usize = 3;

/// The characters a reply shape's digits are written with: [`EMPTY`], [`MINE`],
/// [`THEIRS`], [`OFF`].
pub const SHAPE_CHARS: [char; 4] = ['.', 'm', 't', '-'];

/// What a game's reply shapes are.
pub struct ShapeSet {
    /// Neighbours a shape looks at (4^directions codes).
    pub directions: usize,
    /// The weight tables, by the name the file gives each (Unlur's colours; one table in
    /// Scattercut, whose shapes are seen from the mover's goal).
    pub tables: &'static [&'static str],
    /// The least code among a shape's images, the one every image is stored under.
    pub canonical: fn(usize) -> usize,
    /// A playout's draws for a weight have this many bits.
    pub draw_bits: u32,
    /// How each digit value is written (a neighbour's state: [`SHAPE_CHARS`]).
    pub chars: [char; 4],
}

impl ShapeSet {
    /// How many codes there are.
    pub const fn codes(&self) -> usize {
        1 << (2 * self.directions)
    }

    /// The digit of direction `d` in `code`.
    pub const fn digit(code: usize, d: usize) -> usize {
        code >> (2 * d) & 3
    }

    /// A shape as text: its digits from direction 0 on, each as [`ShapeSet::chars`] writes
    /// it (for reply shapes `.` empty, `m` the mover's stone, `t` the opponent's, `-` off
    /// the board).
    pub fn text(&self, code: usize) -> String {
        (0..self.directions)
            .map(|d| self.chars[Self::digit(code, d)])
            .collect()
    }

    /// A shape read back from [`ShapeSet::text`].
    pub fn parse(&self, text: &str) -> Result<usize, String> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != self.directions {
            return Err(format!(
                "a shape is {} characters of . m t - (got {text:?})",
                self.directions
            ));
        }
        let mut code = 0;
        for (d, ch) in chars.into_iter().enumerate() {
            let Some(state) = self.chars.iter().position(|&c| c == ch) else {
                return Err(format!(
                    "{ch:?} in shape {text:?} is not one of {}",
                    self.char_list()
                ));
            };
            code |= state << (2 * d);
        }
        Ok(code)
    }

    /// The digit characters, for messages: `. m t -`.
    fn char_list(&self) -> String {
        self.chars.map(String::from).join(" ")
    }

    /// The table named `name`.
    fn table(&self, name: &str) -> Option<usize> {
        self.tables.iter().position(|&t| t == name)
    }
}

/// One learned shape, as written in the file.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeWeight {
    pub table: usize,
    /// A canonical code.
    pub code: usize,
    pub weight: f64,
}

/// Per table and shape: the chance of placing on an offered cell.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplyWeights {
    /// The weight of a shape the games never offered: the mean over all offers.
    pub base: f64,
    /// Every code, not only canonical ones, so a playout reads one entry.
    weights: Vec<Vec<f64>>,
    /// For playouts: each weight as a threshold on a draw of the set's `draw_bits` bits.
    thresholds: Vec<Vec<u16>>,
}

impl ReplyWeights {
    /// Weights for the given canonical shapes, `base` for the others.
    pub fn new(set: &ShapeSet, base: f64, learned: &[ShapeWeight]) -> ReplyWeights {
        let codes = set.codes();
        let mut by_canonical = vec![vec![base; codes]; set.tables.len()];
        for s in learned {
            by_canonical[s.table % set.tables.len()][s.code % codes] = s.weight;
        }
        let weights: Vec<Vec<f64>> = by_canonical
            .iter()
            .map(|w| (0..codes).map(|code| w[(set.canonical)(code)]).collect())
            .collect();
        let scale = f64::from(1u32 << set.draw_bits);
        let thresholds = weights
            .iter()
            .map(|w| w.iter().map(|&p| (p * scale).round() as u16).collect())
            .collect();
        ReplyWeights {
            base,
            weights,
            thresholds,
        }
    }

    /// The chance of placing on an offered cell of shape `code`, by table `table`.
    pub fn weight(&self, table: usize, code: usize) -> f64 {
        self.weights[table % self.weights.len()][code]
    }

    /// [`ReplyWeights::weight`] as a threshold on a draw of the set's `draw_bits` bits
    /// (taken when the draw is below it).
    #[inline]
    pub fn threshold(&self, table: usize, code: usize) -> u16 {
        self.thresholds[table][code]
    }

    /// Reads the file's lines: `base W`, then `TABLE SHAPE W` (a table the set names, a
    /// shape as [`ShapeSet::text`] writes it, canonical); `#` starts a comment.
    pub fn parse(set: &ShapeSet, text: &str) -> Result<ReplyWeights, String> {
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
                [name, s, w] if set.table(name).is_some() => {
                    let code = set.parse(s).map_err(at)?;
                    let least = (set.canonical)(code);
                    if least != code {
                        return Err(at(format!(
                            "shape {s:?} is written as its image {:?}",
                            set.text(least)
                        )));
                    }
                    learned.push(ShapeWeight {
                        table: set.table(name).unwrap_or(0),
                        code,
                        weight: weight(w)?,
                    });
                }
                _ => {
                    return Err(at(format!(
                        "expected `base W` or `{} SHAPE W`, got {line:?}",
                        set.tables.join("|")
                    )))
                }
            }
        }
        let base = base.ok_or("no `base` line")?;
        Ok(ReplyWeights::new(set, base, &learned))
    }
}

/// The file's lines for `learned`, with each shape's counts as a comment: `(shape,
/// chosen, offered)` per entry.
pub fn to_text(set: &ShapeSet, base: f64, learned: &[(ShapeWeight, u64, u64)]) -> String {
    let mut text = format!("base {base:.5}\n");
    for (s, chosen, offered) in learned {
        text.push_str(&format!(
            "{} {} {:.5} # {chosen} of {offered}\n",
            set.tables[s.table],
            set.text(s.code),
            s.weight
        ));
    }
    text
}

/// A game's shipped weights, read at the first playout that asks for them.
pub struct Learned {
    set: &'static ShapeSet,
    text: &'static str,
    weights: OnceLock<Option<ReplyWeights>>,
}

impl Learned {
    pub const fn new(set: &'static ShapeSet, text: &'static str) -> Learned {
        Learned {
            set,
            text,
            weights: OnceLock::new(),
        }
    }

    /// The weights playouts read (None: uniform replies).
    pub fn get(&self) -> Option<&ReplyWeights> {
        // Each game's file is checked by a unit test; a broken one here would only mean
        // uniform playouts.
        self.weights
            .get_or_init(|| ReplyWeights::parse(self.set, self.text).ok())
            .as_ref()
    }

    /// Makes this process's playouts ignore the shipped weights, for learning new ones from
    /// games that do not depend on the file they replace (so the same command writes the
    /// same file again). False if a playout already read the weights, and nothing changed.
    pub fn set_aside(&self) -> bool {
        self.weights.set(None).is_ok()
    }

    /// The shipped file, parsed now (for the tests that check it).
    pub fn parse_shipped(&self) -> Result<ReplyWeights, String> {
        ReplyWeights::parse(self.set, self.text)
    }
}

/// An order for a search's untried steps from learned class weights (Merlin's Chain's
/// flips, Unity's steps, Unravel's and Unlur's placements by shape): each step has a
/// class (a code of the weights' [`ShapeSet`]), and the classes chosen most often in
/// self-play are expanded first, in random order among classes of equal weight. Under
/// progressive widening a node with n visits tries only its first few steps, so the order
/// decides what is searched at all; without it, it decides which children a node's first
/// visits go to.
pub struct LearnedOrder {
    learned: &'static Learned,
    places: OnceLock<Option<Places>>,
}

/// Per table, each class's place among the weights (0: the least chosen; equal weights,
/// one place), and how many places there are.
struct Places {
    by_class: Vec<Vec<u16>>,
    count: usize,
}

/// Above this many places, [`LearnedOrder::order`] sorts by comparison rather than by
/// counting (whose buckets it would have to clear at every node).
const MOST_BUCKETS: usize = 256;

impl LearnedOrder {
    pub const fn new(learned: &'static Learned) -> LearnedOrder {
        LearnedOrder {
            learned,
            places: OnceLock::new(),
        }
    }

    fn places(&self) -> Option<&Places> {
        self.places
            .get_or_init(|| {
                let weights = self.learned.get()?;
                let set = self.learned.set;
                let mut count = 0;
                let by_class = (0..set.tables.len())
                    .map(|table| {
                        let weight = |class: usize| weights.weight(table, class);
                        let mut classes: Vec<usize> = (0..set.codes()).collect();
                        classes.sort_by(|&a, &b| weight(a).total_cmp(&weight(b)));
                        let mut places = vec![0u16; set.codes()];
                        let mut place = 0u16;
                        for (i, &class) in classes.iter().enumerate() {
                            if i > 0 && weight(class) != weight(classes[i - 1]) {
                                place += 1;
                            }
                            places[class] = place;
                        }
                        count = count.max(usize::from(place) + 1);
                        places
                    })
                    .collect();
                Some(Places { by_class, count })
            })
            .as_ref()
    }

    /// Shuffles `steps`, then orders them by their class's weight in `table`, the most
    /// chosen class last (a search expands from the end), in random order within equal
    /// weights. Without weights (set aside for training) the steps stay shuffled.
    pub fn order<S: Copy>(
        &self,
        table: usize,
        steps: &mut [S],
        rng: &mut Rng,
        class: impl Fn(S) -> usize,
    ) {
        rng.shuffle(steps);
        let Some(places) = self.places() else {
            return;
        };
        let by_class = &places.by_class[table % places.by_class.len()];
        if places.count > MOST_BUCKETS {
            // Stable: equal places keep their shuffled order.
            steps.sort_by_cached_key(|&s| by_class[class(s)]);
            return;
        }
        // A counting sort by place: one pass, as this runs at every node a search grows.
        let place: Vec<u16> = steps.iter().map(|&s| by_class[class(s)]).collect();
        let mut start = [0usize; MOST_BUCKETS + 1];
        for &p in &place {
            start[usize::from(p) + 1] += 1;
        }
        for i in 0..places.count {
            start[i + 1] += start[i];
        }
        let shuffled = steps.to_vec();
        for (&step, &p) in shuffled.iter().zip(&place) {
            steps[start[usize::from(p)]] = step;
            start[usize::from(p)] += 1;
        }
    }
}

/// For the learned orders' tests: orders `pos`'s legal steps as the search does, checks
/// that no step was lost or added, and that `weight` rises along the order to the step
/// expanded first (the last) and tells some steps apart.
#[cfg(test)]
pub(crate) fn assert_ordered_by_weight<G: crate::game::SearchHints>(
    pos: &G,
    weight: impl Fn(G::Step) -> f64,
) {
    let by_name = |steps: &[G::Step]| {
        let mut names: Vec<String> = steps.iter().map(|s| format!("{s:?}")).collect();
        names.sort();
        names
    };
    let mut steps = pos.legal_step_list();
    let before = by_name(&steps);
    pos.order_untried(&mut steps, &mut Rng::new(3));
    assert_eq!(by_name(&steps), before, "the same steps, reordered");
    let w: Vec<f64> = steps.iter().map(|&s| weight(s)).collect();
    assert!(
        w.windows(2).all(|p| p[0] <= p[1]),
        "by weight, the highest last"
    );
    assert!(w.first() < w.last(), "the weights tell the steps apart");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two directions, a shape and its mirror (the digits swapped) sharing a weight.
    fn least_of_pair(code: usize) -> usize {
        let swapped = ShapeSet::digit(code, 1) | ShapeSet::digit(code, 0) << 2;
        code.min(swapped)
    }

    static PAIR: ShapeSet = ShapeSet {
        directions: 2,
        tables: &["odd", "even"],
        canonical: least_of_pair,
        draw_bits: 10,
        chars: SHAPE_CHARS,
    };

    #[test]
    fn every_image_of_a_learned_shape_reads_its_weight_and_the_text_reads_back() {
        let code = PAIR.parse("-m").unwrap();
        assert_eq!(code, OFF | MINE << 2);
        let image = PAIR.parse("m-").unwrap();
        assert_eq!(least_of_pair(image), code);
        let learned = ShapeWeight {
            table: 1,
            code,
            weight: 0.7,
        };
        let w = ReplyWeights::new(&PAIR, 0.1, std::slice::from_ref(&learned));
        assert_eq!(w.weight(1, image), 0.7);
        assert_eq!(w.weight(1, code), 0.7);
        assert_eq!(w.weight(0, image), 0.1);
        assert_eq!(w.threshold(1, image), 717);
        let text = to_text(&PAIR, 0.1, &[(learned, 7, 10)]);
        assert_eq!(text, "base 0.10000\neven -m 0.70000 # 7 of 10\n");
        assert!(ReplyWeights::parse(&PAIR, &text).unwrap() == w);
    }

    #[test]
    fn a_bad_file_is_refused_saying_why() {
        let e = ReplyWeights::parse(&PAIR, "odd t. 0.5").unwrap_err();
        assert!(e.contains("base"), "{e}");
        let e = ReplyWeights::parse(&PAIR, "base 0.1\nodd mx 0.5").unwrap_err();
        assert!(e.contains("line 2") && e.contains("'x'"), "{e}");
        let e = ReplyWeights::parse(&PAIR, "base 0.1\nodd m.. 0.5").unwrap_err();
        assert!(e.contains("2 characters"), "{e}");
        let e = ReplyWeights::parse(&PAIR, "base 0.1\neven m- 0.5").unwrap_err();
        assert!(e.contains("image \"-m\""), "{e}");
        let e = ReplyWeights::parse(&PAIR, "base 0.1\nthird m- 0.5").unwrap_err();
        assert!(e.contains("odd|even SHAPE W"), "{e}");
        let e = ReplyWeights::parse(&PAIR, "base 1.5").unwrap_err();
        assert!(e.contains("from 0 to 1"), "{e}");
    }

    #[test]
    fn set_aside_weights_are_never_read() {
        static TEXT_SET: ShapeSet = ShapeSet {
            directions: 2,
            tables: &["only"],
            canonical: least_of_pair,
            draw_bits: 8,
            chars: SHAPE_CHARS,
        };
        let learned = Learned::new(&TEXT_SET, "base 0.5\n");
        assert!(learned.parse_shipped().is_ok());
        assert!(learned.set_aside());
        assert!(learned.get().is_none());
        let read = Learned::new(&TEXT_SET, "base 0.5\n");
        assert_eq!(read.get().map(|w| w.base), Some(0.5));
        assert!(!read.set_aside());
    }
}
