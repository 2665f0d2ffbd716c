//! Unity's setups as text: layouts (one character a cell), starting walls, drawn boards,
//! and the random balanced setup a seed draws.

use super::*;
use crate::games::about::LayoutChar;

/// The characters of a layout, as `parse_layout` reads them, for the setup editor.
pub const LAYOUT_CHARS: [LayoutChar; 7] = {
    const fn piece(
        symbol: char,
        label: &'static str,
        color: &'static str,
        kind: &'static str,
    ) -> LayoutChar {
        LayoutChar {
            symbol,
            label,
            color: Some(color),
            kind: Some(kind),
        }
    }
    [
        piece('P', "Purple ring", "purple", "ring"),
        piece('p', "Purple asterisk", "purple", "asterisk"),
        piece('O', "Orange ring", "orange", "ring"),
        piece('o', "Orange asterisk", "orange", "asterisk"),
        piece('G', "Green ring", "green", "ring"),
        piece('g', "Green asterisk", "green", "asterisk"),
        LayoutChar {
            symbol: '.',
            label: "Eraser",
            color: None,
            kind: None,
        },
    ]
};

/// Reads a layout string into colour bit sets and the asterisk bit set.
pub(super) fn parse_layout(t: &Tables, layout: &str) -> Result<([u128; 3], u128), Error> {
    let count = layout.chars().count();
    if count != t.cells {
        return fail(format!(
            "the layout has {count} characters but a side-{} board has {} cells (one character a cell)",
            t.grid.side(),
            t.cells
        ));
    }
    let mut occ = [0u128; 3];
    let mut asterisks = 0u128;
    for (i, ch) in layout.chars().enumerate() {
        let bit = bit(i);
        let (color, asterisk) = match ch {
            '.' => continue,
            'P' => (0, false),
            'O' => (1, false),
            'G' => (2, false),
            'p' => (0, true),
            'o' => (1, true),
            'g' => (2, true),
            _ => {
                return fail(format!(
                    "layout character {} (cell {}) is {ch:?}: use . for empty, P O G for rings, p o g for asterisks",
                    i + 1,
                    t.grid.name(i)
                ))
            }
        };
        occ[color] |= bit;
        if asterisk {
            asterisks |= bit;
        }
    }
    Ok((occ, asterisks))
}

/// Reads `c3|c4,d3|d4` into sorted cell pairs.
pub(super) fn parse_walls(t: &Tables, text: &str) -> Result<Vec<[usize; 2]>, Error> {
    let mut walls = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let edge = t
            .grid
            .parse_edge(part)
            .map_err(|e| Error::new(format!("walls: {e}")))?;
        let pair = t.grid.edges()[edge];
        if walls.contains(&pair) {
            return fail(format!("walls: {} is listed twice", t.grid.edge_name(edge)));
        }
        walls.push(pair);
    }
    crate::game::sort_short(&mut walls);
    Ok(walls)
}

/// A random balanced setup: in each colour as many rings as asterisks (10 + 10 on side 5,
/// 15 + 15 on side 6), one empty cell, drawn again until no player (every colour but
/// `neutral`; `neutral = None` means three players) is already united. Deterministic in `seed`.
pub fn random_layout(size: usize, neutral: Option<Color>, seed: u64) -> Result<String, Error> {
    let t = tables(size)?;
    let half = (t.cells - 1) / 6;
    let mut chars: Vec<char> = Vec::with_capacity(t.cells);
    for color in Color::ALL {
        let ring = color.letter();
        chars.extend(std::iter::repeat(ring).take(half));
        chars.extend(std::iter::repeat(ring.to_ascii_lowercase()).take(half));
    }
    chars.push('.');
    let mut rng = Rng::new(seed);
    loop {
        rng.shuffle(&mut chars);
        let layout: String = chars.iter().collect();
        let (occ, _) = parse_layout(t, &layout)?;
        let united = Color::ALL
            .into_iter()
            .filter(|&c| Some(c) != neutral)
            .any(|c| connected(t, &Walls::default(), 0, occ[c.index()]));
        if !united {
            return Ok(layout);
        }
    }
}

/// Reads a board drawing (top row first, one line a row, cells separated by any spaces)
/// into a layout string in cell order.
pub fn layout_from_diagram(size: usize, diagram: &str) -> Result<String, Error> {
    let t = tables(size)?;
    let rows = diagram_rows(diagram);
    let n_rows = t.grid.rows();
    if rows.len() != n_rows {
        return fail(format!(
            "the diagram has {} rows but a side-{size} board has {n_rows}",
            rows.len()
        ));
    }
    let mut layout = String::with_capacity(t.cells);
    for row in 0..n_rows {
        let drawn = &rows[n_rows - 1 - row];
        if drawn.len() != t.grid.row_len(row) {
            return fail(format!(
                "row {} of the diagram has {} cells, not {}",
                (b'a' + row as u8) as char,
                drawn.len(),
                t.grid.row_len(row)
            ));
        }
        layout.extend(drawn.iter());
    }
    parse_layout(t, &layout)?;
    Ok(layout)
}
