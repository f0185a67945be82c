//! The validated position, its legal moves, and playing a move.

use std::fmt;
use std::ops::Deref;

use thiserror::Error;

use super::events::{EndReason, Event, Outcome};
use super::notation::{ParseError, Setup};
use super::rules::{EndRule, NextQuanNonempty, NoFirstQuan, RefillShort, Rules};
use super::types::{Direction, Move, Seat, Square};

/// What identifies a position for repetition: citizens, mandarins, ledgers and the player to
/// move (everything but the ply).
pub type RepetitionKey = ([u8; 12], [bool; 2], [i16; 2], Option<Seat>);

/// A game ends after this many plies at the latest, and is then counted (the safety valve).
pub const MAX_PLIES: u32 = 400;

/// Sowing steps after which a move is declared endless. Under the default rules sowing always
/// terminates (every lap feeds both mandarin squares, which are never lifted); only the
/// `take_one` variant lifts from them, and this guard turns a runaway into an error.
const MAX_SOW_STEPS: u32 = 10_000;

/// Most citizens a position may hold on the board, so that no square can overflow.
/// A real game holds 50; the limit is far above it so that test positions need not conserve
/// points (the spec's own vectors A6 and A13 do not).
const MAX_CITIZENS: u32 = 255;

/// Largest captured-points magnitude a position may start with, so that no ledger overflows.
const MAX_CAPTURED: i16 = 10_000;

/// A move that cannot be played in this position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over: no more moves can be played")]
    GameOver,
    /// Mandarin squares are never lifted.
    #[error("square {0} is a mandarin square: you can only pick one of your own five squares")]
    MandarinSquare(Square),
    /// The square belongs to the other player.
    #[error("square {square} belongs to {owner}: pick one of your own five squares")]
    NotYourSquare {
        /// The chosen square.
        square: Square,
        /// Its owner.
        owner: Seat,
    },
    /// There is nothing to lift.
    #[error("square {0} is empty: pick a square with at least one citizen")]
    EmptySquare(Square),
    /// Under `no_first_quan = illegal`, the game's first move (ply 0) may not capture a
    /// mandarin.
    #[error("the first move of the game may not capture a mandarin under these rules: pick another move")]
    FirstMoveMandarinCapture,
    /// The sowing never ends (only possible under the `take_one` variant).
    #[error("this move would go on sowing forever: pick another move")]
    EndlessSowing,
}

/// A position string that parses but breaks the rules.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The text is not a position string.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// More citizens on the board than any square could hold.
    #[error("the board holds {0} citizens; a position may hold at most {MAX_CITIZENS}")]
    TooManyCitizens(u32),
    /// A captured-points ledger is implausibly large.
    #[error("captured points must lie between -{MAX_CAPTURED} and {MAX_CAPTURED}")]
    CapturedOutOfRange,
    /// A player is to move although the game has already ended.
    #[error("the game is already over in this position, so the player to move must be -")]
    AlreadyOver,
    /// The player to move has an empty row: the refill should already have happened.
    #[error(
        "{0} is to move with an empty row; the refill happens as soon as the previous move ends"
    )]
    EmptyRowToMove(Seat),
    /// The ply is at or past the safety valve.
    #[error("a game ends after {MAX_PLIES} plies, so nobody can be to move at ply {0}")]
    PastPlyLimit(u32),
}

/// An Ô ăn quan position under a set of rules.
///
/// The position carries the [`Rules`] it is played under, so a stored game can never be
/// continued under other rules by mistake and [`Position::play`] needs only the move. Obtain one
/// from [`Position::start`] or by checking a parsed [`Setup`] with [`Position::from_setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    citizens: [u8; 12],
    quans: [bool; 2],
    captured: [i16; 2],
    to_move: Option<Seat>,
    ply: u32,
    /// The player who lost because they could not refill (`refill_short = lose`). The position
    /// string cannot express this, so a parsed finished position is judged by its count.
    forfeit: Option<Seat>,
    rules: Rules,
}

/// The legal moves of a position: at most ten, stored inline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    moves: [Move; 10],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::WEST, Direction::Right); 10],
            len: 0,
        }
    }

    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

impl Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Receives the events of a move; `()` ignores them so that search pays nothing.
trait Recorder {
    fn record(&mut self, event: Event);
}

impl Recorder for () {
    #[inline(always)]
    fn record(&mut self, _: Event) {}
}

impl Recorder for Vec<Event> {
    fn record(&mut self, event: Event) {
        self.push(event);
    }
}

impl Position {
    /// The start position: five citizens in each citizen square, a mandarin in each mandarin
    /// square, South to move.
    pub fn start(rules: Rules) -> Position {
        Position {
            citizens: [0, 5, 5, 5, 5, 5, 0, 5, 5, 5, 5, 5],
            quans: [true, true],
            captured: [0, 0],
            to_move: Some(Seat::South),
            ply: 0,
            forfeit: None,
            rules,
        }
    }

    /// Checks a parsed setup against the rules.
    ///
    /// Conservation (50 citizens and two mandarins in all) is not required: the spec's own
    /// vectors A6 and A13 break it, and other implementations' test positions may too. What is
    /// required is what play relies on: a game that is not over has a player to move with
    /// citizens on their row, has not met its end condition, and is below the ply limit.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        if setup.captured.iter().any(|c| c.abs() > MAX_CAPTURED) {
            return Err(PositionError::CapturedOutOfRange);
        }
        let position = Position {
            citizens: setup.citizens,
            quans: setup.quans,
            captured: setup.captured,
            to_move: setup.to_move,
            ply: setup.ply,
            forfeit: None,
            rules,
        };
        let citizens: u32 = setup.citizens.iter().map(|&c| u32::from(c)).sum();
        if citizens > MAX_CITIZENS {
            return Err(PositionError::TooManyCitizens(citizens));
        }
        if let Some(mover) = position.to_move {
            if position.end_condition().is_some() {
                return Err(PositionError::AlreadyOver);
            }
            if position.row_total(mover) == 0 {
                return Err(PositionError::EmptyRowToMove(mover));
            }
            if position.ply >= MAX_PLIES {
                return Err(PositionError::PastPlyLimit(position.ply));
            }
        }
        Ok(position)
    }

    /// Parses a position string and checks it against the rules.
    pub fn parse(text: &str, rules: Rules) -> Result<Position, PositionError> {
        Position::from_setup(text.parse()?, rules)
    }

    /// The position as a plain [`Setup`].
    pub fn setup(&self) -> Setup {
        Setup {
            citizens: self.citizens,
            quans: self.quans,
            captured: self.captured,
            to_move: self.to_move,
            ply: self.ply,
        }
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Citizens in a square.
    pub fn citizens(&self, square: Square) -> u8 {
        self.citizens[square.index()]
    }

    /// Whether a mandarin square still holds its mandarin piece (always false for citizen
    /// squares).
    pub fn has_quan(&self, square: Square) -> bool {
        square.mandarin_index().is_some_and(|m| self.quans[m])
    }

    /// Points a player has captured (negative after borrowing).
    pub fn captured(&self, seat: Seat) -> i16 {
        self.captured[seat.index()]
    }

    /// The player to move, or `None` once the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    /// Moves played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.to_move.is_none()
    }

    /// Citizens on a player's five squares.
    pub fn row_total(&self, seat: Seat) -> u8 {
        seat.squares().map(|s| self.citizens(s)).sum()
    }

    /// Everything in the game counted in points: captured ledgers, citizens on the board and
    /// mandarins still on the board. Constant from move to move (the conservation invariant).
    pub fn total_points(&self) -> i32 {
        let board: i32 = self.citizens.iter().map(|&c| i32::from(c)).sum();
        let quans = self.quans.iter().filter(|&&q| q).count() as i32;
        let captured: i32 = self.captured.iter().map(|&c| i32::from(c)).sum();
        board + quans * i32::from(self.rules.quan_value) + captured
    }

    /// The result, once the game is over: more points wins, equal points is a draw, and a
    /// player who could not refill under `refill_short = lose` loses.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.to_move.is_some() {
            return None;
        }
        if let Some(loser) = self.forfeit {
            return Some(Outcome::Winner(loser.other()));
        }
        let [south, north] = self.captured;
        Some(match south.cmp(&north) {
            std::cmp::Ordering::Greater => Outcome::Winner(Seat::South),
            std::cmp::Ordering::Less => Outcome::Winner(Seat::North),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// The legal moves: each non-empty square of the player to move, in both directions
    /// (`+` first), minus any that the rules forbid.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        let Some(mover) = self.to_move else {
            return moves;
        };
        // Only these options can reject a move on a non-empty own square, and finding out
        // needs the move to be played.
        let must_try = self.rules.next_quan_nonempty == NextQuanNonempty::TakeOne
            || (self.rules.no_first_quan == NoFirstQuan::Illegal && self.is_first_move());
        for square in mover.squares() {
            if self.citizens(square) == 0 {
                continue;
            }
            for direction in Direction::BOTH {
                let mv = Move::new(square, direction);
                if !must_try || self.apply(mv, &mut ()).is_ok() {
                    moves.push(mv);
                }
            }
        }
        moves
    }

    /// Whether `mv` can be played here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.apply(mv, &mut ()).is_ok()
    }

    /// Plays a move, returning the position after it.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.apply(mv, &mut ())
    }

    /// Plays a move and also returns what happened, step by step, for describing and
    /// animating it.
    pub fn play_with_events(&self, mv: Move) -> Result<(Position, Vec<Event>), IllegalMove> {
        let mut events = Vec::with_capacity(32);
        let after = self.apply(mv, &mut events)?;
        Ok((after, events))
    }

    /// Counts the move sequences of exactly `depth` moves (a game that ends earlier is not
    /// extended).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.legal_moves().len() as u64,
            _ => self
                .legal_moves()
                .iter()
                .filter_map(|&mv| self.play(mv).ok())
                .map(|next| next.perft(depth - 1))
                .sum(),
        }
    }

    /// Ends the game here with the final count (used by the repetition safety valve).
    pub fn adjudicated(&self, reason: EndReason) -> (Position, Event) {
        let mut position = *self;
        let event = position.finish(reason);
        (position, event)
    }

    /// The key that identifies a position for repetition: everything but the ply.
    pub fn repetition_key(&self) -> RepetitionKey {
        (self.citizens, self.quans, self.captured, self.to_move)
    }

    /// Whether this is the game's first move, the one `no_first_quan` restricts: ply 0 only,
    /// whoever is to move (see [`NoFirstQuan`]).
    fn is_first_move(&self) -> bool {
        self.ply == 0
    }

    fn is_empty(&self, square: Square) -> bool {
        self.citizens(square) == 0 && !self.has_quan(square)
    }

    fn is_gap(&self, square: Square) -> bool {
        self.is_empty(square) && (!square.is_mandarin() || self.rules.empty_mandarin_is_gap)
    }

    fn end_condition(&self) -> Option<EndReason> {
        let over = match self.rules.end {
            EndRule::MandarinsCaptured => !self.quans[0] && !self.quans[1],
            EndRule::SquaresEmpty => self.is_empty(Square::WEST) && self.is_empty(Square::EAST),
        };
        over.then_some(match self.rules.end {
            EndRule::MandarinsCaptured => EndReason::MandarinsCaptured,
            EndRule::SquaresEmpty => EndReason::SquaresEmpty,
        })
    }

    fn apply<R: Recorder>(&self, mv: Move, rec: &mut R) -> Result<Position, IllegalMove> {
        let mover = self.to_move.ok_or(IllegalMove::GameOver)?;
        let origin = mv.square;
        match origin.owner() {
            None => return Err(IllegalMove::MandarinSquare(origin)),
            Some(owner) if owner != mover => {
                return Err(IllegalMove::NotYourSquare {
                    square: origin,
                    owner,
                })
            }
            Some(_) => {}
        }
        if self.citizens(origin) == 0 {
            return Err(IllegalMove::EmptySquare(origin));
        }

        let mut p = *self;
        let dir = mv.direction;
        let mut hand = p.take_all(origin);
        rec.record(Event::Lift {
            square: origin,
            citizens: hand,
        });
        let mut cur = origin;
        let mut steps = 0u32;
        loop {
            while hand > 0 {
                cur = cur.step(dir);
                p.citizens[cur.index()] += 1;
                hand -= 1;
                rec.record(Event::Sow { square: cur });
                steps += 1;
                if steps > MAX_SOW_STEPS {
                    return Err(IllegalMove::EndlessSowing);
                }
            }
            let next = cur.step(dir);
            if !next.is_mandarin() && p.citizens(next) > 0 {
                hand = p.take_all(next);
                rec.record(Event::Relay {
                    square: next,
                    citizens: hand,
                });
                cur = next;
                continue;
            }
            if next.is_mandarin() && !p.is_empty(next) {
                if p.rules.next_quan_nonempty == NextQuanNonempty::TakeOne && p.citizens(next) > 0 {
                    p.citizens[next.index()] -= 1;
                    hand = 1;
                    rec.record(Event::TakeOne { square: next });
                    cur = next;
                    continue;
                }
                break;
            }
            if p.is_gap(next) {
                p.capture_chain(mover, next, dir, self.is_first_move(), rec)?;
            }
            break;
        }

        p.ply += 1;
        p.to_move = Some(mover.other());
        if let Some(reason) = p.end_condition() {
            rec.record(p.finish(reason));
        } else if p.ply >= MAX_PLIES {
            rec.record(p.finish(EndReason::PlyLimit));
        } else {
            p.refill_if_needed(mover.other(), rec);
        }
        Ok(p)
    }

    fn take_all(&mut self, square: Square) -> u8 {
        std::mem::take(&mut self.citizens[square.index()])
    }

    /// Captures from the square after `gap`, and on through every further gap.
    fn capture_chain<R: Recorder>(
        &mut self,
        mover: Seat,
        mut gap: Square,
        dir: Direction,
        first_move: bool,
        rec: &mut R,
    ) -> Result<(), IllegalMove> {
        loop {
            let target = gap.step(dir);
            if self.is_empty(target) {
                return Ok(());
            }
            let quan = self.has_quan(target);
            if quan {
                if self.citizens(target) < self.rules.quan_non {
                    return Ok(());
                }
                if first_move {
                    match self.rules.no_first_quan {
                        NoFirstQuan::Off => {}
                        NoFirstQuan::Stop => return Ok(()),
                        NoFirstQuan::Illegal => return Err(IllegalMove::FirstMoveMandarinCapture),
                    }
                }
            }
            let citizens = self.take_all(target);
            let points = citizens + if quan { self.rules.quan_value } else { 0 };
            if let Some(m) = target.mandarin_index() {
                self.quans[m] = false;
            }
            self.captured[mover.index()] += i16::from(points);
            rec.record(Event::Capture {
                square: target,
                citizens,
                quan,
                points,
            });
            gap = target.step(dir);
            if !self.is_gap(gap) {
                return Ok(());
            }
        }
    }

    fn refill_if_needed<R: Recorder>(&mut self, seat: Seat, rec: &mut R) {
        if self.row_total(seat) > 0 {
            return;
        }
        let ledger = self.captured[seat.index()];
        if ledger < 5 {
            match self.rules.refill_short {
                RefillShort::Borrow => {}
                RefillShort::Lose => {
                    self.forfeit = Some(seat);
                    rec.record(self.finish(EndReason::CannotRefill));
                    return;
                }
                RefillShort::End => {
                    rec.record(self.finish(EndReason::CannotRefill));
                    return;
                }
            }
        }
        for square in seat.squares() {
            self.citizens[square.index()] = 1;
        }
        self.captured[seat.index()] -= 5;
        rec.record(Event::Refill { seat });
        if ledger < 5 {
            rec.record(Event::Borrow {
                seat,
                points: (5 - ledger.max(0)) as u8,
            });
        }
    }

    /// The final count: each player adds the citizens on their own row; citizens left in a
    /// mandarin square count for nobody and stay where they are.
    fn finish(&mut self, reason: EndReason) -> Event {
        let mut collected = [0u8; 2];
        for seat in Seat::BOTH {
            for square in seat.squares() {
                collected[seat.index()] += self.take_all(square);
            }
            self.captured[seat.index()] += i16::from(collected[seat.index()]);
        }
        self.to_move = None;
        Event::GameEnd {
            reason,
            outcome: self.outcome().unwrap_or(Outcome::Draw),
            collected,
        }
    }
}

impl fmt::Display for Position {
    /// The spec's position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}
