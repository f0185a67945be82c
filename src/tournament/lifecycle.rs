//! A tournament's lifecycle: an operation at a time ([`Op`]: join, leave, start, cancel, next
//! round, a result, the clock), each either refused ([`Refusal`]) or applied, with what it
//! announces ([`Announcement`]). Every rule of the event is decided here: who may do what and
//! when, how many rounds it has, when a round is complete, when the next one is paired, when
//! the event ends. The app only loads the event, applies what happened, stores it and shows
//! the result.
//!
//! The rules, where the organiser's choice is silent: a withdrawal takes effect from the next
//! round (a game in progress is played out); in a round-robin a withdrawn player's later games
//! are not played (the opponent rests that round, scoring nothing, as FIDE's rules for a
//! player who leaves before half of the event); late entries are for Swiss tournaments only
//! (a round-robin's schedule is fixed at its start), and enter with no points; a Swiss
//! tournament without a set number of rounds plays ⌈log₂ n⌉ (at most n − 1), enough for a sole
//! winner of a knock-out. A tournament whose start time comes with fewer than two players is
//! cancelled.

use thiserror::Error;

use super::event::{Entry, Event, Format, Person, Played, Setup, Stage, MAX_SWISS_ROUNDS};
use super::round::{Outcome, PlayerId, Points, Round};
use super::round_robin;
use super::swiss;
use crate::ids::GameId;

/// Who asks for an operation only an organiser may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Actor {
    /// Who.
    pub id: PlayerId,
    /// Whether they manage the server (which makes them an organiser of every tournament).
    pub manager: bool,
}

/// What happens to a tournament.
#[derive(Debug, Clone, PartialEq)]
pub enum Op<P> {
    /// `player` enters, seeded at `rating`.
    Join {
        /// Who.
        player: P,
        /// Their rating in the game now.
        rating: f64,
    },
    /// `player` leaves before the start, or withdraws after it (from the next round).
    Leave {
        /// Who.
        player: PlayerId,
    },
    /// The organiser starts it: its rounds are planned and the first is paired.
    Start {
        /// Who asks.
        by: Actor,
    },
    /// The organiser cancels it.
    Cancel {
        /// Who asks.
        by: Actor,
    },
    /// The organiser pairs the next round (or ends the event) once the current one is over.
    NextRound {
        /// Who asks.
        by: Actor,
    },
    /// A game of the current round ended. A game that is no pairing of the current round, or
    /// whose result is known already, changes nothing.
    Result {
        /// The game.
        game: GameId,
        /// How it ended.
        outcome: Outcome,
    },
    /// Time passes: a tournament whose start time has come starts (or is cancelled, with
    /// fewer than two players), and a round that is over is followed by the next (unless the
    /// organiser starts rounds, who still need not start the end) or by the end.
    Clock {
        /// Now, in Unix milliseconds.
        now_ms: u64,
    },
}

/// Why an operation is refused (the event is left as it was).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
pub enum Refusal {
    /// The tournament takes no entries, or has started already.
    #[error("the tournament takes no entries now")]
    Closed,
    /// The player has entered already.
    #[error("already entered")]
    AlreadyIn,
    /// The tournament has its most players.
    #[error("the tournament is full ({limit} players)")]
    Full {
        /// Its limit.
        limit: u32,
    },
    /// The player has not entered (or has withdrawn).
    #[error("not entered")]
    NotIn,
    /// The tournament is over or cancelled (or, for the next round, not started).
    #[error("the tournament is not being played")]
    NotPlaying,
    /// Only the organiser (or a server manager) may do this.
    #[error("only the organiser may do this")]
    OrganiserOnly {
        /// The organiser.
        organiser: PlayerId,
    },
    /// A tournament starts with two players at least.
    #[error("at least two players are needed")]
    NeedPlayers,
    /// The current round has games still on.
    #[error("the round is not over")]
    RoundNotOver,
    /// A Swiss tournament plays at most [`MAX_SWISS_ROUNDS`] rounds.
    #[error("at most {max} rounds")]
    RoundsRange {
        /// The most.
        max: u32,
    },
    /// The start time has passed already.
    #[error("the start time is in the past")]
    StartInPast,
}

/// What an applied operation announces.
#[derive(Debug, Clone, PartialEq)]
pub enum Announcement {
    /// Round `number` of `of` has been paired (its games are to be started).
    RoundStarted {
        /// The round's number, from 1.
        number: u32,
        /// How many rounds the event has.
        of: u32,
        /// Its pairings and byes.
        round: Round,
    },
    /// The event is over: who shares first place, with how many points.
    Won {
        /// The winners.
        winners: Vec<PlayerId>,
        /// Their points.
        points: Points,
    },
}

impl<P: Person + Clone> Event<P> {
    /// A new tournament taking entries, as `setup` says, created at `now_ms`.
    pub fn new(setup: Setup<P>, now_ms: u64) -> Result<Event<P>, Refusal> {
        if let Format::Swiss { rounds } = setup.format {
            if rounds > MAX_SWISS_ROUNDS {
                return Err(Refusal::RoundsRange {
                    max: MAX_SWISS_ROUNDS,
                });
            }
        }
        if setup.starts_ms.is_some_and(|at| at <= now_ms) {
            return Err(Refusal::StartInPast);
        }
        Ok(Event {
            organiser: setup.organiser,
            format: setup.format,
            manual: setup.manual,
            limit: setup.limit.filter(|&l| l >= 2),
            starts_ms: setup.starts_ms,
            entries: Vec::new(),
            rounds: Vec::new(),
            planned: 0,
            schedule: Vec::new(),
            stage: Stage::Open,
            cancelled_by: None,
        })
    }

    /// Applies `op`: what it announces, or why it is refused. A round paired takes one game id
    /// per pairing from `new_game`. On an error (a refusal, or one of `new_game`'s) the event
    /// is left as it was.
    pub fn apply<E: From<Refusal>>(
        &mut self,
        op: Op<P>,
        new_game: impl FnMut() -> Result<GameId, E>,
    ) -> Result<Vec<Announcement>, E> {
        match op {
            Op::Join { player, rating } => {
                self.join(player, rating)?;
                Ok(Vec::new())
            }
            Op::Leave { player } => {
                self.leave(player)?;
                Ok(Vec::new())
            }
            Op::Start { by } => {
                self.organiser_only(by)?;
                if self.stage != Stage::Open {
                    return Err(Refusal::Closed.into());
                }
                if self.active().len() < 2 {
                    return Err(Refusal::NeedPlayers.into());
                }
                self.start(new_game)
            }
            Op::Cancel { by } => {
                self.organiser_only(by)?;
                if !self.stage.is_running() {
                    return Err(Refusal::NotPlaying.into());
                }
                self.stage = Stage::Cancelled;
                self.cancelled_by = Some(by.id);
                Ok(Vec::new())
            }
            Op::NextRound { by } => {
                self.organiser_only(by)?;
                if self.stage != Stage::Playing {
                    return Err(Refusal::NotPlaying.into());
                }
                if !self.round_over() {
                    return Err(Refusal::RoundNotOver.into());
                }
                self.advance(new_game)
            }
            Op::Result { game, outcome } => {
                if let Some(played) = self.rounds.last_mut() {
                    let at = played.games.iter().position(|&g| g == game);
                    if let Some(pairing) = at.and_then(|at| played.round.games.get_mut(at)) {
                        pairing.outcome.get_or_insert(outcome);
                    }
                }
                Ok(Vec::new())
            }
            Op::Clock { now_ms } => self.tick(now_ms, new_game),
        }
    }

    fn organiser_only(&self, by: Actor) -> Result<(), Refusal> {
        if by.manager || by.id == self.organiser.id() {
            Ok(())
        } else {
            Err(Refusal::OrganiserOnly {
                organiser: self.organiser.id(),
            })
        }
    }

    fn join(&mut self, player: P, rating: f64) -> Result<(), Refusal> {
        let late_allowed = matches!(self.format, Format::Swiss { .. });
        match self.stage {
            Stage::Open => {}
            Stage::Playing if late_allowed => {}
            _ => return Err(Refusal::Closed),
        }
        if self.entry(player.id()).is_some() {
            return Err(Refusal::AlreadyIn);
        }
        if let Some(limit) = self.limit.filter(|&l| self.playing() >= l) {
            return Err(Refusal::Full { limit });
        }
        self.entries.push(Entry {
            player,
            rating,
            withdrawn: false,
        });
        Ok(())
    }

    fn leave(&mut self, player: PlayerId) -> Result<(), Refusal> {
        let Some(at) = self
            .entries
            .iter()
            .position(|e| e.player.id() == player && !e.withdrawn)
        else {
            return Err(Refusal::NotIn);
        };
        match self.stage {
            Stage::Open => {
                self.entries.remove(at);
            }
            Stage::Playing => self.entries[at].withdrawn = true,
            Stage::Finished | Stage::Cancelled => return Err(Refusal::NotPlaying),
        }
        Ok(())
    }

    /// What the clock does (see [`Op::Clock`]).
    fn tick<E: From<Refusal>>(
        &mut self,
        now_ms: u64,
        new_game: impl FnMut() -> Result<GameId, E>,
    ) -> Result<Vec<Announcement>, E> {
        match self.stage {
            Stage::Open if self.starts_ms.is_some_and(|at| at <= now_ms) => {
                if self.active().len() >= 2 {
                    self.start(new_game)
                } else {
                    self.stage = Stage::Cancelled;
                    Ok(Vec::new())
                }
            }
            Stage::Playing
                if (!self.manual || self.rounds.len() as u32 >= self.planned)
                    && self.round_over() =>
            {
                self.advance(new_game)
            }
            _ => Ok(Vec::new()),
        }
    }

    /// Plans the rounds and pairs the first.
    fn start<E>(
        &mut self,
        new_game: impl FnMut() -> Result<GameId, E>,
    ) -> Result<Vec<Announcement>, E> {
        let players = self.active();
        let (planned, schedule) = match self.format {
            Format::Swiss { rounds } => {
                let n = players.len() as u32;
                let auto = (32 - n.saturating_sub(1).leading_zeros()).max(1);
                let wanted = if rounds == 0 { auto } else { rounds };
                (wanted.min(n.saturating_sub(1)).max(1), Vec::new())
            }
            Format::RoundRobin { double } => {
                let schedule = round_robin::schedule(&players, double);
                (schedule.len() as u32, schedule)
            }
        };
        let played = self.pair(&schedule, new_game)?;
        self.stage = Stage::Playing;
        self.planned = planned;
        self.schedule = schedule;
        Ok(vec![self.push(played)])
    }

    /// After a round is over: the next round, or the end.
    fn advance<E>(
        &mut self,
        new_game: impl FnMut() -> Result<GameId, E>,
    ) -> Result<Vec<Announcement>, E> {
        if self.rounds.len() as u32 >= self.planned || self.active().len() < 2 {
            self.stage = Stage::Finished;
            let (winners, points) = self.winners();
            return Ok(vec![Announcement::Won { winners, points }]);
        }
        let played = self.pair(&self.schedule, new_game)?;
        Ok(vec![self.push(played)])
    }

    /// The next round (a round-robin's from `schedule`), with a game id for each pairing.
    fn pair<E>(
        &self,
        schedule: &[Round],
        mut new_game: impl FnMut() -> Result<GameId, E>,
    ) -> Result<Played, E> {
        let mut round = match self.format {
            Format::Swiss { .. } => swiss::pair(&self.active(), &self.history()),
            Format::RoundRobin { .. } => {
                let mut round = schedule.get(self.rounds.len()).cloned().unwrap_or_default();
                let gone: Vec<PlayerId> = self
                    .entries
                    .iter()
                    .filter(|e| e.withdrawn)
                    .map(|e| e.player.id())
                    .collect();
                round
                    .games
                    .retain(|g| !gone.contains(&g.first) && !gone.contains(&g.second));
                round
            }
        };
        round.games.iter_mut().for_each(|g| g.outcome = None);
        let games = round
            .games
            .iter()
            .map(|_| new_game())
            .collect::<Result<Vec<_>, E>>()?;
        Ok(Played { round, games })
    }

    /// Adds a paired round and announces it.
    fn push(&mut self, played: Played) -> Announcement {
        let round = played.round.clone();
        self.rounds.push(played);
        Announcement::RoundStarted {
            number: self.rounds.len() as u32,
            of: self.planned,
            round,
        }
    }
}

#[cfg(test)]
mod tests;
