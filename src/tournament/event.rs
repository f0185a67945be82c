//! A tournament as an event: how it pairs its rounds, where it is, who entered, the rounds
//! played so far, and what can be read of them. The operations that change it are in
//! `lifecycle.rs`, beside this module.
//!
//! The serde forms here are those of the stored records (the store writes the event's fields
//! inside its tournament record), so their names and attributes never change.

use serde::{Deserialize, Serialize};

use super::round::{Entrant, Pairing, PlayerId, Points, Round};
use super::standings::{self, System};
use crate::ids::GameId;

/// The most rounds a Swiss tournament may be given.
pub const MAX_SWISS_ROUNDS: u32 = 20;

/// How a tournament pairs its rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "system")]
pub enum Format {
    /// Swiss rounds; `rounds`: how many (0: decided from the number of players at the start).
    Swiss {
        /// The number of rounds, or 0.
        rounds: u32,
    },
    /// Everyone plays everyone, once or (`double`) twice with colours reversed.
    RoundRobin {
        /// Twice.
        double: bool,
    },
}

impl Format {
    /// The standings' order of tie-breaks for this format.
    pub fn system(self) -> System {
        match self {
            Format::Swiss { .. } => System::Swiss,
            Format::RoundRobin { .. } => System::RoundRobin,
        }
    }
}

/// Where a tournament is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// Taking entries.
    Open,
    /// Rounds are being played.
    Playing,
    /// Every round is over.
    Finished,
    /// Cancelled by its organiser.
    Cancelled,
}

impl Stage {
    /// Whether the event still runs (takes entries or plays rounds): the sweep looks after it.
    pub fn is_running(self) -> bool {
        matches!(self, Stage::Open | Stage::Playing)
    }
}

/// Someone who takes part in a tournament, as the app knows them (the store keeps a name
/// with the id); the tournament only asks who they are.
pub trait Person {
    /// Who they are.
    fn id(&self) -> PlayerId;
}

impl Person for PlayerId {
    fn id(&self) -> PlayerId {
        *self
    }
}

/// An entrant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry<P> {
    /// Who.
    pub player: P,
    /// Their rating in the game when they entered (the seeding).
    pub rating: f64,
    /// Whether they have withdrawn: they are paired no more, and keep their results.
    #[serde(default)]
    pub withdrawn: bool,
}

/// A round as played: the pairings and results, and the game each pairing plays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Played {
    /// The pairings, byes and results.
    pub round: Round,
    /// The game id of each pairing, in the order of `round.games`.
    pub games: Vec<GameId>,
}

impl Played {
    /// The pairing game `game` plays, if it is one of this round's.
    pub fn pairing(&self, game: GameId) -> Option<&Pairing> {
        let at = self.games.iter().position(|&g| g == game)?;
        self.round.games.get(at)
    }
}

/// What an organiser chooses when they create a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Setup<P> {
    /// Who creates it (and may start, cancel and advance it).
    pub organiser: P,
    /// How rounds are paired.
    pub format: Format,
    /// Whether the organiser starts each round after the first.
    pub manual: bool,
    /// The most players it takes (a limit below 2 is no limit).
    pub limit: Option<u32>,
    /// When it starts by itself (Unix milliseconds).
    pub starts_ms: Option<u64>,
}

/// A tournament's state: everything its rules decide on. It changes only through
/// `Event::apply` (in `lifecycle.rs`); its fields are public to be read and stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Event<P> {
    /// Who created it (and may start, cancel and advance it, as may a server manager).
    pub organiser: P,
    /// How rounds are paired.
    pub format: Format,
    /// Whether the organiser starts each round after the first (`Next round`), instead of the
    /// bot as soon as the previous one is over.
    pub manual: bool,
    /// The most players it takes, if limited.
    pub limit: Option<u32>,
    /// When it starts by itself (Unix milliseconds), if set.
    pub starts_ms: Option<u64>,
    /// The entrants, in order of entry.
    pub entries: Vec<Entry<P>>,
    /// The rounds started so far.
    pub rounds: Vec<Played>,
    /// How many rounds it has (set at the start).
    pub planned: u32,
    /// A round-robin's whole schedule, laid out at the start (empty for a Swiss).
    pub schedule: Vec<Round>,
    /// Where it is.
    pub stage: Stage,
    /// Who cancelled it (`None` for a tournament cancelled because too few players came).
    pub cancelled_by: Option<PlayerId>,
}

impl<P: Person> Event<P> {
    /// The entry of `player`, if they entered.
    pub fn entry(&self, player: PlayerId) -> Option<&Entry<P>> {
        self.entries.iter().find(|e| e.player.id() == player)
    }

    /// The round being played (or the last one played), if any.
    pub fn current(&self) -> Option<&Played> {
        self.rounds.last()
    }

    /// Whether the current round has every result (false before the first round).
    pub fn round_over(&self) -> bool {
        self.current().is_some_and(|p| p.round.is_over())
    }

    /// The games of the current round still waiting for their result.
    pub fn pending_games(&self) -> Vec<GameId> {
        self.current().map_or_else(Vec::new, |played| {
            played
                .round
                .games
                .iter()
                .zip(&played.games)
                .filter(|(pairing, _)| pairing.outcome.is_none())
                .map(|(_, &game)| game)
                .collect()
        })
    }

    /// Whether `player` has a game of the current round still on.
    pub fn plays_now(&self, player: PlayerId) -> bool {
        self.stage == Stage::Playing
            && self
                .current()
                .is_some_and(|p| p.round.game_of(player).is_some_and(|g| g.outcome.is_none()))
    }

    /// Every entrant, withdrawn or not, as the pairing and standings engines see them.
    pub fn entrants(&self) -> Vec<Entrant> {
        self.entries.iter().map(entrant).collect()
    }

    /// The entrants still playing.
    pub fn active(&self) -> Vec<Entrant> {
        self.entries
            .iter()
            .filter(|e| !e.withdrawn)
            .map(entrant)
            .collect()
    }

    /// The number of entrants still playing.
    pub fn playing(&self) -> u32 {
        self.entries.iter().filter(|e| !e.withdrawn).count() as u32
    }

    /// The rounds played so far, as the pairing and standings engines see them.
    pub fn history(&self) -> Vec<Round> {
        self.rounds.iter().map(|p| p.round.clone()).collect()
    }

    /// How many rounds are over.
    pub fn rounds_over(&self) -> u32 {
        self.rounds.iter().filter(|p| p.round.is_over()).count() as u32
    }

    /// How many rounds it has: as planned at the start; before it, as many as it would have
    /// if it started with the entrants it has (at least two), or a Swiss's chosen number
    /// (0 when left to the start).
    pub fn rounds_shown(&self) -> u32 {
        match self.format {
            _ if self.planned > 0 => self.planned,
            Format::Swiss { rounds } => rounds,
            Format::RoundRobin { double } => {
                let n = self.entries.len().max(2) as u32;
                let single = if n.is_multiple_of(2) { n - 1 } else { n };
                if double {
                    2 * single
                } else {
                    single
                }
            }
        }
    }

    /// The standings after every result so far.
    pub fn standings(&self) -> Vec<standings::Standing> {
        standings::standings(&self.entrants(), &self.history(), self.format.system())
    }

    /// Who shares first place in the standings, and their points.
    pub fn winners(&self) -> (Vec<PlayerId>, Points) {
        let table = self.standings();
        let best: Vec<&standings::Standing> = table.iter().filter(|s| s.place == 1).collect();
        let points = best.first().map(|s| s.points).unwrap_or_default();
        (best.iter().map(|s| s.id).collect(), points)
    }
}

fn entrant<P: Person>(entry: &Entry<P>) -> Entrant {
    Entrant {
        id: entry.player.id(),
        rating: entry.rating,
    }
}
