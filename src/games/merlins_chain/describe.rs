//! What a Merlin's Chain player sees and reads: the board view, the prompts and step words, why the game
//! ended, and why a click makes no step (the engine's [`Describe`]).

use super::*;

impl Describe for Position {
    fn step_view(&self, step: Step) -> StepView {
        StepView {
            text: self.step_text(step),
            kind: StepKind::Flip,
            cells: vec![step.cell as usize],
            dir: None,
            piece: Some(step.piece as u32),
        }
    }

    fn highlight_name(&self) -> &'static str {
        "deciding chain"
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    fn outcome_reason(&self) -> Option<String> {
        let Some(Outcome::Winner(seat)) = self.outcome else {
            return None;
        };
        let chain = self.lowest_chain(seat)?;
        let other = match self.lowest_chain(1 - seat) {
            Some(c) => format!(
                "{}'s lowest chain, {}, ranks {}",
                SEAT_NAMES[1 - seat],
                span(&chain_cells(&c)),
                c.rank
            ),
            None => format!("{} has no chain", SEAT_NAMES[1 - seat]),
        };
        Some(format!(
            "The side whose lowest chain has the lower rank wins (a chain is four tiles of one \
             colour in a line; its rank is its highest tile). {}'s chain {} ranks {}; {other}.",
            SEAT_NAMES[seat],
            span(&chain_cells(&chain)),
            chain.rank
        ))
    }

    fn step_words(&self, text: &str) -> String {
        match text.split_once('@') {
            Some((n, cell)) if parse_piece(n).is_some() => format!("tile {n} on {cell}"),
            _ => text.to_string(),
        }
    }

    #[cfg(any(feature = "study", not(target_arch = "wasm32")))]
    /// The lowest chain `seat` has made, or will make whatever the order of the flips: its
    /// tiles that can go on one cell only complete it (with its tiles played and its other
    /// such tiles).
    fn threat(&self, seat: Seat) -> Option<crate::game::Threat> {
        if self.outcome.is_some() {
            return None;
        }
        let mine = pieces_of(seat);
        let mut places: Vec<Vec<usize>> = vec![Vec::new(); MAXN + 1];
        for_each_legal(
            SIDE,
            SIDE,
            &self.cells,
            mine & !self.played,
            |bottom, flips| {
                for &(piece, offset) in flips {
                    places[piece as usize].push(bottom + offset as usize);
                }
            },
        );
        let mut cells = self.cells;
        let mut forced = Vec::new();
        for (n, at) in places.iter().enumerate() {
            if let [cell] = at[..] {
                cells[cell] = n as u8;
                forced.push((n as u8, cell));
            }
        }
        // The lowest chain of `seat` made, or as good as made by its forced tiles.
        let mut made: Option<(u8, [usize; 4])> = None;
        for line in lines() {
            let values = line.map(|c| cells[c]);
            if values.contains(&0) || values.iter().any(|&v| owner(v) != seat) {
                continue;
            }
            let rank = *values.iter().max().unwrap();
            if made.map_or(true, |(r, _)| rank < r) {
                made = Some((rank, line));
            }
        }
        let (rank, line) = made?;
        let names = span(&line.map(|c| GRID.name(c)));
        let other = SEAT_NAMES[1 - seat];
        let tiles: Vec<String> = forced
            .iter()
            .filter(|(_, c)| line.contains(c))
            .map(|(n, c)| format!("{n} can only go on {}", GRID.name(*c)))
            .collect();
        let text = if tiles.is_empty() {
            format!(
                "{}'s chain {names} is made, of rank {rank}: {other} needs a chain of lower rank \
                 to win, as the side whose lowest chain ranks lower wins.",
                SEAT_NAMES[seat]
            )
        } else {
            format!(
                "{}'s {} (the columns must still rise): there {} the chain {names} of rank \
                 {rank}, and {other} needs a chain of lower rank to win.",
                SEAT_NAMES[seat],
                tiles.join(" and "),
                if tiles.len() == 1 {
                    "it completes"
                } else {
                    "they complete"
                },
            )
        };
        Some(crate::game::Threat {
            text,
            cells: line.to_vec(),
        })
    }

    fn then_prompt(&self, kind: StepKind) -> Option<&'static str> {
        (kind == StepKind::Flip).then_some("Now click where tile {piece} goes.")
    }

    fn view(&self) -> BoardView {
        self.view_of(&self.arrangement())
    }

    fn view_follows_previous(&self) -> bool {
        true
    }

    /// The view with the grey tiles where the previous view showed them, as far as the
    /// rules allow (see [`Position::arrangement_near`]).
    fn view_after(&self, previous: &BoardView) -> BoardView {
        self.view_of(&self.arrangement_near(&layout_of(previous)))
    }

    // A flip takes two clicks, the tile (or a number from the tray) and then the cell.

    fn pair_click(
        &self,
        view: &BoardView,
        legal: &[StepView],
        a: usize,
        b: usize,
    ) -> Option<Result<String, String>> {
        if !has_flips(legal) {
            return None;
        }
        let (from, to) = (&view.cells[a], &view.cells[b]);
        Some(
            match view.pieces[a].as_ref().and_then(|p| p.label.as_deref()) {
                Some(tile) => Ok(format!("{tile}@{to}")),
                None => Err(format!("{from} holds no tile to play on {to}.")),
            },
        )
    }

    fn pick_hint(&self, view: &BoardView, legal: &[StepView], cell: usize) -> Option<String> {
        if !has_flips(legal) {
            return None;
        }
        let mover = view.to_move.and_then(|seat| view.players.get(seat));
        let mover_name = mover.map_or("the player to move", |p| p.name.as_str());
        Some(match view.pieces[cell].as_ref() {
            Some(p) if p.color != Color::Grey => format!(
                "Tile {} is already played. Pick one of your grey tiles, or a number from the tray.",
                p.label.as_deref().unwrap_or("")
            ),
            _ => format!(
                "Pick one of {mover_name}'s grey tiles (or a number from the tray), then the cell to play it on."
            ),
        })
    }
}
