//! The words a view is made of, as types: colours, kinds of piece and of step, board sides.
//! Each serialises as the string it always was ("red", "checker", "swap", "top", "NE"), so
//! records, links and views do not change, and the generated TypeScript gets unions.

use serde::Serialize;
use std::fmt;

/// Defines a unit-variant enum with the name each variant serialises as, `name()` giving
/// it, and `Display` writing it. Ordered by name, so that maps keyed by one (the
/// presentation's prompts by step kind) keep the key order they had as strings.
macro_rules! vocabulary {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
        #[cfg_attr(not(target_arch = "wasm32"), derive(ts_rs::TS))]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant,)*
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The word, as it is serialised.
            pub fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        /// A word compares equal to its name, so that code and tests may still say "red".
        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.name() == *other
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.name()
            }
        }

        impl PartialOrd for $name {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }

        impl Ord for $name {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.name().cmp(other.name())
            }
        }
    };
}

vocabulary! {
    /// A colour the page draws: of a piece, a player or a board side.
    Color {
        Red = "red",
        Blue = "blue",
        Black = "black",
        White = "white",
        Purple = "purple",
        Orange = "orange",
        Green = "green",
        /// Merlin's Chain's tiles not yet flipped.
        Grey = "grey",
    }
}

vocabulary! {
    /// The kind of a piece on a cell.
    PieceKind {
        Checker = "checker",
        Stone = "stone",
        Ring = "ring",
        Asterisk = "asterisk",
        /// A numbered tile (Merlin's Chain).
        Tile = "tile",
    }
}

vocabulary! {
    /// How a step is made on the board (see `StepView::cells` for the cells of each).
    StepKind {
        Place = "place",
        Pass = "pass",
        Swap = "swap",
        /// Scattercut: a stone lifted from a crosscut put back on another cell.
        Replace = "replace",
        /// Merlin's Chain: a tile flipped onto a cell.
        Flip = "flip",
        Move = "move",
        Wall = "wall",
        /// Unity: a ring's capture all around.
        Ring = "ring",
        /// Unity: an asterisk's capture in a direction.
        Asterisk = "asterisk",
    }
}

vocabulary! {
    /// A side of the board: of a square board, or of a hex-of-hex board (clockwise from
    /// the north).
    Side {
        Top = "top",
        Bottom = "bottom",
        Left = "left",
        Right = "right",
        N = "N",
        NE = "NE",
        SE = "SE",
        S = "S",
        SW = "SW",
        NW = "NW",
    }
}

impl From<crate::geometry::hex::HexSide> for Side {
    fn from(side: crate::geometry::hex::HexSide) -> Side {
        use crate::geometry::hex::HexSide;
        match side {
            HexSide::N => Side::N,
            HexSide::NE => Side::NE,
            HexSide::SE => Side::SE,
            HexSide::S => Side::S,
            HexSide::SW => Side::SW,
            HexSide::NW => Side::NW,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::hex::HexSide;

    #[test]
    fn each_word_serialises_as_its_name() {
        fn check<T: Serialize + Copy>(all: &[T], name: fn(T) -> &'static str) {
            for &value in all {
                let json = serde_json::to_string(&value).unwrap();
                assert_eq!(json, format!("\"{}\"", name(value)));
            }
        }
        check(Color::ALL, Color::name);
        check(PieceKind::ALL, PieceKind::name);
        check(StepKind::ALL, StepKind::name);
        check(Side::ALL, Side::name);
        for side in HexSide::ALL {
            assert_eq!(Side::from(side).name(), side.name());
        }
    }

    #[test]
    fn words_order_as_their_names() {
        let mut kinds = StepKind::ALL.to_vec();
        kinds.sort();
        let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted);
    }
}
