//! One live game as the server keeps it, and every change a player can make to it: pure
//! functions of the game, the frame and the time, with no I/O, so that each rule of play
//! online (turns, clocks, draws, rematches) is tested on its own. The server stores the game
//! as JSON (`store/`) and writes a change only if nobody changed the game meanwhile.

use super::protocol::{
    ChallengeView, ClockSpec, EndReason, GameView, LiveResult, SeatChoice, SeatView, Status,
};
use crate::games::{AnyGame, GameKind};
use crate::session::Record;
use serde::{Deserialize, Serialize};

/// A game being played online.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    pub id: String,
    /// Counts every change: a change is written only over the version it was made from.
    pub v: u64,
    /// The record without steps, options in canonical form (`unlur;size=5`).
    pub setup: String,
    /// The steps played, in canonical text.
    pub steps: Vec<String>,
    pub seats: Vec<Holder>,
    pub clock: ClockSpec,
    /// Each seat's time left at `turn_started_ms`.
    pub remaining_ms: Vec<u64>,
    /// When the current turn began (ms since the Unix epoch).
    pub turn_started_ms: u64,
    pub to_move: Option<usize>,
    pub status: Status,
    pub result: Option<LiveResult>,
    pub loser: Option<usize>,
    pub can_draw: bool,
    pub draw_offers: Vec<bool>,
    pub rematch: Vec<bool>,
    pub next: Option<String>,
    pub open: bool,
    pub created_ms: u64,
}

/// Who holds a seat: the hash of the seat's token (the token itself is never stored).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holder {
    pub token_hash: Option<String>,
    pub name: String,
}

/// Why a frame changes nothing: said to its sender as is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl Refusal {
    fn new(text: impl Into<String>) -> Refusal {
        Refusal(text.into())
    }
}

/// What a step did, for the frame that confirms it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub text: String,
    pub by: usize,
}

impl LiveGame {
    /// A new challenge: the setup read and checked by the engine, the challenger seated.
    /// `random` picks the seat when the challenger leaves it to chance (a number below the
    /// seat count is taken modulo it).
    #[allow(clippy::too_many_arguments)]
    pub fn create(
        id: String,
        setup: &str,
        seat: SeatChoice,
        clock: ClockSpec,
        open: bool,
        holder: Holder,
        random: usize,
        now_ms: u64,
    ) -> Result<(LiveGame, AnyGame, usize), Refusal> {
        let record = Record::parse(setup).map_err(|e| Refusal(format!("the setup: {e}")))?;
        if !record.steps.is_empty() || record.tree.is_some() {
            return Err(Refusal::new(
                "the setup is a record without steps (a game starts from its first step)",
            ));
        }
        let (position, options) = AnyGame::new(record.kind, &record.options)
            .map_err(|e| Refusal(format!("the setup: {e}")))?;
        let setup = Record::line(record.kind, options, Vec::new(), None).to_text();
        let players = position.players();
        let seat = match seat {
            SeatChoice::Seat(s) if s < players => s,
            SeatChoice::Seat(s) => {
                return Err(Refusal(format!(
                    "seat {s} does not exist: the game has {players} seats (0 to {})",
                    players - 1
                )))
            }
            SeatChoice::Random(_) => random % players,
        };
        let mut seats = vec![
            Holder {
                token_hash: None,
                name: String::new()
            };
            players
        ];
        seats[seat] = holder;
        let start = clock_start_ms(clock);
        let game = LiveGame {
            id,
            v: 1,
            setup,
            steps: Vec::new(),
            seats,
            clock,
            remaining_ms: vec![start; players],
            turn_started_ms: now_ms,
            to_move: position.to_move(),
            status: Status::Waiting,
            result: None,
            loser: None,
            can_draw: record.kind.draws(),
            draw_offers: vec![false; players],
            rematch: vec![false; players],
            next: None,
            open,
            created_ms: now_ms,
        };
        Ok((game, position, seat))
    }

    pub fn kind(&self) -> GameKind {
        // The setup was written by `create` from a parsed record.
        GameKind::parse(self.setup.split(';').next().unwrap_or_default())
            .expect("a stored game names its game")
    }

    /// The game's record, in today's record format.
    pub fn record(&self) -> String {
        if self.steps.is_empty() {
            self.setup.clone()
        } else {
            format!("{};moves={}", self.setup, self.steps.join(","))
        }
    }

    /// The position after the steps played, replayed by the engine.
    pub fn position(&self) -> Result<AnyGame, Refusal> {
        let record = Record::parse(&self.setup).map_err(|e| Refusal(e.to_string()))?;
        let (mut position, _) =
            AnyGame::new(record.kind, &record.options).map_err(|e| Refusal(e.to_string()))?;
        for step in &self.steps {
            position
                .play_text(step)
                .map_err(|e| Refusal(format!("stored step {step}: {e}")))?;
        }
        Ok(position)
    }

    /// The seat whose holder has this token hash, if any.
    pub fn seat_of(&self, token_hash: &str) -> Option<usize> {
        self.seats
            .iter()
            .position(|h| h.token_hash.as_deref() == Some(token_hash))
    }

    fn seat_for(&self, token_hash: &str) -> Result<usize, Refusal> {
        self.seat_of(token_hash)
            .ok_or_else(|| Refusal::new("that token holds no seat in this game"))
    }

    /// When the player to move runs out of time (ms since the epoch), while the game is on.
    pub fn deadline_ms(&self) -> Option<u64> {
        if self.status != Status::Playing {
            return None;
        }
        let seat = self.to_move?;
        Some(self.turn_started_ms + self.remaining_ms[seat])
    }

    /// Each seat's time left at `now_ms`.
    pub fn clocks_at(&self, now_ms: u64) -> Vec<u64> {
        let mut clocks = self.remaining_ms.clone();
        if let (Status::Playing, Some(seat)) = (self.status, self.to_move) {
            let spent = now_ms.saturating_sub(self.turn_started_ms);
            clocks[seat] = clocks[seat].saturating_sub(spent);
        }
        clocks
    }

    /// Ends the game on time if the player to move has none left: true if it did.
    pub fn flag(&mut self, now_ms: u64) -> bool {
        match self.deadline_ms() {
            Some(deadline) if now_ms >= deadline => {
                let seat = self.to_move.expect("a running clock has a seat");
                self.remaining_ms[seat] = 0;
                self.turn_started_ms = now_ms;
                self.end_against(seat, EndReason::Time);
                self.v += 1;
                true
            }
            _ => false,
        }
    }

    /// Takes a free seat; the game starts once every seat is taken.
    pub fn join(&mut self, holder: Holder, now_ms: u64) -> Result<usize, Refusal> {
        match self.status {
            Status::Waiting => {}
            Status::Playing => return Err(Refusal::new("every seat is taken: the game is on")),
            Status::Ended => return Err(Refusal::new("the game is over")),
        }
        if let Some(hash) = &holder.token_hash {
            if self.seat_of(hash).is_some() {
                return Err(Refusal::new("you already hold a seat in this game"));
            }
        }
        let seat = self
            .seats
            .iter()
            .position(|h| h.token_hash.is_none())
            .ok_or_else(|| Refusal::new("every seat is taken"))?;
        self.seats[seat] = holder;
        if self.seats.iter().all(|h| h.token_hash.is_some()) {
            self.status = Status::Playing;
            self.open = false;
            self.turn_started_ms = now_ms;
        }
        self.v += 1;
        Ok(seat)
    }

    /// Plays the holder's step; `n` is the number of steps the sender had seen. `position`
    /// is this game's position, moved on by the step when it is played.
    pub fn step(
        &mut self,
        position: &mut AnyGame,
        token_hash: &str,
        n: usize,
        text: &str,
        now_ms: u64,
    ) -> Result<Played, Refusal> {
        let seat = self.seat_for(token_hash)?;
        match self.status {
            Status::Waiting => {
                return Err(Refusal::new(
                    "the game has not started: a seat is still free",
                ))
            }
            Status::Ended => return Err(Refusal::new("the game is over")),
            Status::Playing => {}
        }
        if n != self.steps.len() {
            let had = match self.steps.len() {
                1 => "1 step".to_string(),
                k => format!("{k} steps"),
            };
            return Err(Refusal(format!(
                "the game has {had}, not {n}: this step was sent for another position"
            )));
        }
        let mover = self.to_move.expect("a game on has a seat to move");
        if seat != mover {
            return Err(Refusal(format!(
                "it is not your turn: seat {mover} is to move"
            )));
        }
        let view = position.play_text(text).map_err(|e| {
            Refusal(format!(
                "{} cannot be played: {e}",
                crate::game::shorten(text)
            ))
        })?;
        self.steps.push(view.text.clone());
        self.draw_offers.iter_mut().for_each(|o| *o = false);
        if let Some(outcome) = position.outcome() {
            self.spend(mover, now_ms);
            self.to_move = None;
            self.end(
                match outcome {
                    crate::Outcome::Winner(w) => vec![w],
                    crate::Outcome::Draw => Vec::new(),
                },
                EndReason::Rules,
            );
        } else {
            let next = position.to_move();
            if next != Some(mover) {
                self.spend(mover, now_ms);
                self.to_move = next;
                if let (ClockSpec::Move { seconds }, Some(next)) = (self.clock, next) {
                    self.remaining_ms[next] = seconds * 1000;
                }
            }
        }
        self.v += 1;
        Ok(Played {
            text: view.text,
            by: mover,
        })
    }

    /// The end of `seat`'s turn at `now_ms`: its time spent, its increment added.
    fn spend(&mut self, seat: usize, now_ms: u64) {
        let spent = now_ms.saturating_sub(self.turn_started_ms);
        let left = self.remaining_ms[seat].saturating_sub(spent);
        self.remaining_ms[seat] = match self.clock {
            ClockSpec::Fischer { increment, .. } => left + increment * 1000,
            ClockSpec::Move { .. } => left,
        };
        self.turn_started_ms = now_ms;
    }

    pub fn resign(&mut self, token_hash: &str, now_ms: u64) -> Result<(), Refusal> {
        let seat = self.seat_for(token_hash)?;
        match self.status {
            Status::Waiting => return self.cancel(token_hash),
            Status::Ended => return Err(Refusal::new("the game is over")),
            Status::Playing => {}
        }
        if let Some(mover) = self.to_move {
            let clocks = self.clocks_at(now_ms);
            self.remaining_ms[mover] = clocks[mover];
        }
        self.turn_started_ms = now_ms;
        self.end_against(seat, EndReason::Resign);
        self.v += 1;
        Ok(())
    }

    /// Offers or accepts a draw (`offer`), or declines or withdraws one.
    pub fn draw(&mut self, token_hash: &str, offer: bool) -> Result<(), Refusal> {
        let seat = self.seat_for(token_hash)?;
        if self.status != Status::Playing {
            return Err(Refusal::new("a draw is offered only while the game is on"));
        }
        if !self.can_draw {
            return Err(Refusal(format!(
                "{} has no draws: its rules always make a winner",
                self.kind().title()
            )));
        }
        if offer {
            self.draw_offers[seat] = true;
            if self.draw_offers.iter().all(|&o| o) {
                self.end(Vec::new(), EndReason::Agreed);
            }
        } else {
            self.draw_offers.iter_mut().for_each(|o| *o = false);
        }
        self.v += 1;
        Ok(())
    }

    /// Asks for a rematch: true once every player has (the caller then makes it with
    /// [`LiveGame::rematch_of`] and sets `next`).
    pub fn ask_rematch(&mut self, token_hash: &str) -> Result<bool, Refusal> {
        let seat = self.seat_for(token_hash)?;
        if self.status != Status::Ended {
            return Err(Refusal::new("a rematch is asked once the game is over"));
        }
        if self.result.as_ref().map(|r| r.reason) == Some(EndReason::Cancelled) {
            return Err(Refusal::new(
                "the challenge was withdrawn: there is no game to replay",
            ));
        }
        if self.next.is_some() {
            return Err(Refusal::new("the rematch is already made"));
        }
        if self.rematch[seat] && !self.rematch.iter().all(|&r| r) {
            return Err(Refusal::new(
                "you asked for a rematch already: it begins once everyone has",
            ));
        }
        // Asked again once everyone has, but with no rematch named (the server stopped
        // between making it and naming it here): it is made again.
        self.rematch[seat] = true;
        self.v += 1;
        Ok(self.rematch.iter().all(|&r| r))
    }

    /// Names the rematch, once it is stored (so that a page told of it finds it).
    pub fn set_next(&mut self, id: &str) -> Result<(), Refusal> {
        if self.next.is_some() {
            return Err(Refusal::new("the rematch is already made"));
        }
        self.next = Some(id.to_string());
        self.v += 1;
        Ok(())
    }

    /// The rematch of an ended game: the same setup and clock, each holder one seat on
    /// (in a two-player game, the seats swapped), started at once.
    pub fn rematch_of(&self, id: String, now_ms: u64) -> Result<(LiveGame, AnyGame), Refusal> {
        let mut first = self.clone();
        first.steps.clear();
        let position = first.position()?;
        let players = self.seats.len();
        let seats = (0..players)
            .map(|s| self.seats[(s + players - 1) % players].clone())
            .collect();
        let start = clock_start_ms(self.clock);
        let game = LiveGame {
            id,
            v: 1,
            setup: self.setup.clone(),
            steps: Vec::new(),
            seats,
            clock: self.clock,
            remaining_ms: vec![start; players],
            turn_started_ms: now_ms,
            to_move: position.to_move(),
            status: Status::Playing,
            result: None,
            loser: None,
            can_draw: self.can_draw,
            draw_offers: vec![false; players],
            rematch: vec![false; players],
            next: None,
            open: false,
            created_ms: now_ms,
        };
        Ok((game, position))
    }

    /// Withdraws a challenge nobody took.
    pub fn cancel(&mut self, token_hash: &str) -> Result<(), Refusal> {
        self.seat_for(token_hash)?;
        if self.status != Status::Waiting {
            return Err(Refusal::new(
                "only a challenge nobody accepted can be withdrawn (resign instead)",
            ));
        }
        self.end(Vec::new(), EndReason::Cancelled);
        self.v += 1;
        Ok(())
    }

    /// Ends the game against `seat` (resigned, or out of time): the others win.
    fn end_against(&mut self, seat: usize, reason: EndReason) {
        self.loser = Some(seat);
        let winners = (0..self.seats.len()).filter(|&s| s != seat).collect();
        self.end(winners, reason);
    }

    fn end(&mut self, winners: Vec<usize>, reason: EndReason) {
        self.status = Status::Ended;
        self.open = false;
        self.result = Some(LiveResult { winners, reason });
        self.draw_offers.iter_mut().for_each(|o| *o = false);
    }

    /// The game as `you` (a seat, or None for a spectator) is shown it at `now_ms`;
    /// `online` says which seats' holders are connected.
    pub fn view(&self, you: Option<usize>, online: &[bool], now_ms: u64) -> GameView {
        GameView {
            id: self.id.clone(),
            v: self.v,
            record: self.record(),
            game: self.kind().name().to_string(),
            n: self.steps.len(),
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(s, h)| SeatView {
                    name: h.name.clone(),
                    taken: h.token_hash.is_some(),
                    online: online.get(s).copied().unwrap_or(false),
                })
                .collect(),
            you,
            status: self.status,
            to_move: if self.status == Status::Playing {
                self.to_move
            } else {
                None
            },
            clock: self.clock,
            clocks: self.clocks_at(now_ms),
            result: self.result.clone(),
            loser: self.loser,
            can_draw: self.can_draw,
            draw_offers: self.draw_offers.clone(),
            rematch: self.rematch.clone(),
            next: self.next.clone(),
            open: self.open,
        }
    }

    /// The game as the open challenges list it.
    pub fn challenge(&self) -> ChallengeView {
        ChallengeView {
            id: self.id.clone(),
            game: self.kind().name().to_string(),
            setup: self.setup.clone(),
            clock: self.clock,
            free: (0..self.seats.len())
                .filter(|&s| self.seats[s].token_hash.is_none())
                .collect(),
            players: self.seats.len(),
            name: self
                .seats
                .iter()
                .find(|h| h.token_hash.is_some())
                .map(|h| h.name.clone())
                .unwrap_or_default(),
            created_ms: self.created_ms,
        }
    }
}

/// Each seat's time at the start.
fn clock_start_ms(clock: ClockSpec) -> u64 {
    match clock {
        ClockSpec::Fischer { initial, .. } => initial * 1000,
        ClockSpec::Move { seconds } => seconds * 1000,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::protocol::RandomSeat;

    const BLITZ: ClockSpec = ClockSpec::Fischer {
        initial: 180,
        increment: 2,
    };

    fn holder(token: &str) -> Holder {
        Holder {
            token_hash: Some(token.to_string()),
            name: token.to_uppercase(),
        }
    }

    /// A game of `setup` with seats "a" (seat 0) and "b" started at time 0.
    fn started(setup: &str, clock: ClockSpec) -> (LiveGame, AnyGame) {
        let (mut game, position, seat) = LiveGame::create(
            "g".into(),
            setup,
            SeatChoice::Seat(0),
            clock,
            true,
            holder("a"),
            0,
            0,
        )
        .unwrap();
        assert_eq!(seat, 0);
        assert_eq!(game.status, Status::Waiting);
        for t in ["b", "c"].iter().take(game.seats.len() - 1) {
            game.join(holder(t), 0).unwrap();
        }
        assert_eq!(game.status, Status::Playing);
        assert!(!game.open, "a game on is no longer an open challenge");
        (game, position)
    }

    #[test]
    fn create_checks_the_setup_and_the_seat() {
        let make = |setup: &str, seat| {
            LiveGame::create("g".into(), setup, seat, BLITZ, false, holder("a"), 7, 0)
        };
        assert!(make("chess", SeatChoice::Seat(0))
            .unwrap_err()
            .0
            .contains("the setup"));
        assert!(make("unlur;size=99", SeatChoice::Seat(0)).is_err());
        assert!(make("unlur;moves=d4", SeatChoice::Seat(0))
            .unwrap_err()
            .0
            .contains("without steps"));
        assert!(make("unlur", SeatChoice::Seat(2))
            .unwrap_err()
            .0
            .contains("2 seats"));
        let (game, _, seat) =
            make("unity;players=3", SeatChoice::Random(RandomSeat::Random)).unwrap();
        assert_eq!((game.seats.len(), seat), (3, 7 % 3));
        assert!(game.can_draw);
        let (game, _, _) = make("unlur;size=5", SeatChoice::Seat(1)).unwrap();
        assert_eq!(game.setup, "unlur;size=5");
        assert!(!game.can_draw);
    }

    #[test]
    fn join_fills_the_free_seats_then_starts() {
        let (mut game, _, _) = LiveGame::create(
            "g".into(),
            "unlur",
            SeatChoice::Seat(1),
            BLITZ,
            true,
            holder("a"),
            0,
            0,
        )
        .unwrap();
        assert!(game
            .join(holder("a"), 5)
            .unwrap_err()
            .0
            .contains("already hold"));
        assert_eq!(game.join(holder("b"), 5).unwrap(), 0);
        assert_eq!((game.status, game.turn_started_ms), (Status::Playing, 5));
        assert!(game
            .join(holder("c"), 6)
            .unwrap_err()
            .0
            .contains("every seat"));
    }

    #[test]
    fn a_step_is_checked_then_played() {
        let (mut game, mut pos) = started("unlur;size=4", BLITZ);
        let bad = |g: &mut LiveGame, p: &mut AnyGame, t: &str, n, s: &str| {
            let before = g.clone();
            let e = g.step(p, t, n, s, 1000).unwrap_err().0;
            assert_eq!(*g, before, "a refused step changes nothing");
            e
        };
        assert!(bad(&mut game, &mut pos, "b", 0, "b2").contains("not your turn"));
        assert!(bad(&mut game, &mut pos, "x", 0, "b2").contains("no seat"));
        assert!(bad(&mut game, &mut pos, "a", 3, "b2").contains("has 0 steps"));
        assert!(bad(&mut game, &mut pos, "a", 0, "z9").contains("cannot be played"));
        let played = game.step(&mut pos, "a", 0, "b2", 1000).unwrap();
        assert_eq!((played.text.as_str(), played.by), ("b2", 0));
        assert_eq!(game.record(), "unlur;size=4;moves=b2");
        // Sent again, the same step is refused: it was for the position before.
        assert!(bad(&mut game, &mut pos, "a", 0, "b2").contains("has 1 step,"));
    }

    #[test]
    fn the_clock_counts_turns_not_steps() {
        // A three-player Unity turn is two wall steps: the clock runs on between them.
        let (mut game, mut pos) = started("unity;players=3;seed=3", BLITZ);
        let mover = game.to_move.unwrap();
        let token = ["a", "b", "c"][mover];
        let walls: Vec<String> = pos
            .legal_step_texts()
            .into_iter()
            .filter(|s| s.contains('|'))
            .collect();
        game.step(&mut pos, token, 0, &walls[0], 10_000).unwrap();
        assert_eq!(game.to_move, Some(mover), "the turn goes on");
        assert_eq!(game.remaining_ms[mover], 180_000, "no time taken yet");
        let second = pos
            .legal_step_texts()
            .into_iter()
            .find(|s| s.contains('|'))
            .unwrap();
        game.step(&mut pos, token, 1, &second, 25_000).unwrap();
        assert_ne!(game.to_move, Some(mover));
        assert_eq!(game.remaining_ms[mover], 180_000 - 25_000 + 2_000);
        assert_eq!(game.turn_started_ms, 25_000);
    }

    #[test]
    fn time_runs_out() {
        let (mut game, mut pos) = started("unlur;size=4", BLITZ);
        assert!(!game.flag(179_999));
        assert_eq!(game.clocks_at(100_000), vec![80_000, 180_000]);
        assert!(game.flag(180_000));
        assert_eq!(game.status, Status::Ended);
        assert_eq!(game.loser, Some(0));
        assert_eq!(
            game.result,
            Some(LiveResult {
                winners: vec![1],
                reason: EndReason::Time
            })
        );
        assert!(game
            .step(&mut pos, "a", 0, "b2", 1)
            .unwrap_err()
            .0
            .contains("over"));
    }

    #[test]
    fn a_per_move_clock_starts_afresh_each_turn() {
        let day = ClockSpec::Move { seconds: 86_400 };
        let (mut game, mut pos) = started("unlur;size=4", day);
        game.step(&mut pos, "a", 0, "b2", 80_000_000).unwrap();
        assert_eq!(game.remaining_ms[1], 86_400_000);
        assert_eq!(game.deadline_ms(), Some(80_000_000 + 86_400_000));
    }

    #[test]
    fn resign_draw_and_rematch() {
        let (mut game, _) = started("unlur;size=4", BLITZ);
        assert!(game.draw("a", true).unwrap_err().0.contains("no draws"));
        game.resign("b", 500).unwrap();
        assert_eq!(game.result.as_ref().unwrap().winners, vec![0]);
        assert!(!game.ask_rematch("a").unwrap());
        assert!(game.ask_rematch("a").unwrap_err().0.contains("already"));
        assert!(game.ask_rematch("b").unwrap());
        let (next, _) = game.rematch_of("h".into(), 900).unwrap();
        game.set_next("h").unwrap();
        assert!(game
            .ask_rematch("a")
            .unwrap_err()
            .0
            .contains("already made"));
        assert_eq!(next.seat_of("a"), Some(1), "seats swapped");
        assert_eq!(next.seat_of("b"), Some(0));
        assert_eq!(next.status, Status::Playing);

        let (mut game, mut pos) = started("merlins-chain", BLITZ);
        game.draw("a", true).unwrap();
        assert_eq!(game.status, Status::Playing);
        let step = pos.legal_step_texts()[0].clone();
        game.step(&mut pos, "a", 0, &step, 10).unwrap();
        assert_eq!(
            game.draw_offers,
            vec![false, false],
            "a step withdraws the offer"
        );
        game.draw("b", true).unwrap();
        game.draw("a", true).unwrap();
        assert_eq!(game.result.as_ref().unwrap().reason, EndReason::Agreed);
        assert!(game.result.as_ref().unwrap().winners.is_empty());
    }

    #[test]
    fn three_players_one_resigns() {
        let (mut game, _) = started("unity;players=3;seed=1", BLITZ);
        game.resign("b", 1).unwrap();
        assert_eq!(game.result.as_ref().unwrap().winners, vec![0, 2]);
        assert_eq!(game.loser, Some(1));
    }

    #[test]
    fn the_rules_end_the_game() {
        let (mut game, mut pos) = started("unlur;size=4", BLITZ);
        let tokens = ["a", "b"];
        let mut rng = crate::rng::Rng::new(5);
        let mut t = 0;
        while game.status == Status::Playing {
            let mut probe = pos.clone();
            let step = probe.play_random(&mut rng).unwrap();
            let token = tokens[game.to_move.unwrap()];
            t += 1000;
            game.step(&mut pos, token, game.steps.len(), &step, t)
                .unwrap();
        }
        assert_eq!(game.result.as_ref().unwrap().reason, EndReason::Rules);
        assert!(game.position().unwrap().outcome().is_some());
        assert_eq!(game.deadline_ms(), None);
    }
}
