//! What a tournament record says, read for the messages and the pairings: its entrants, its
//! rounds, the outcome of a game, the winners, and how figures and results are printed.

use crate::app::text::{mention, FormatName};
use crate::store::{Format, TournamentRecord};
use crate::tournament::{standings, Entrant, Outcome, Round};

/// The most rounds a Swiss tournament may be given.
pub const MAX_SWISS_ROUNDS: u32 = 20;
/// The most entrants the tournament message lists by name.
pub(super) const LISTED: usize = 30;

/// The outcome of a finished game between two seats, from its places.
pub(super) fn outcome(places: &[u8]) -> Option<Outcome> {
    match (places.first()?, places.get(1)?) {
        (a, b) if a < b => Some(Outcome::FirstWins),
        (a, b) if a > b => Some(Outcome::SecondWins),
        _ => Some(Outcome::Draw),
    }
}

pub(super) fn format_name(format: Format) -> FormatName {
    match format {
        Format::Swiss { .. } => FormatName::Swiss,
        Format::RoundRobin { double: false } => FormatName::RoundRobin,
        Format::RoundRobin { double: true } => FormatName::DoubleRoundRobin,
    }
}

pub(super) fn system(format: Format) -> standings::System {
    match format {
        Format::Swiss { .. } => standings::System::Swiss,
        Format::RoundRobin { .. } => standings::System::RoundRobin,
    }
}

/// Every entrant, withdrawn or not, as the engine sees them.
pub(super) fn entrants(record: &TournamentRecord) -> Vec<Entrant> {
    record
        .entries
        .iter()
        .map(|e| Entrant {
            id: e.player.id.get(),
            rating: e.rating,
        })
        .collect()
}

/// The entrants still playing.
pub(super) fn active(record: &TournamentRecord) -> Vec<Entrant> {
    record
        .entries
        .iter()
        .filter(|e| !e.withdrawn)
        .map(|e| Entrant {
            id: e.player.id.get(),
            rating: e.rating,
        })
        .collect()
}

pub(super) fn rounds_of(record: &TournamentRecord) -> Vec<Round> {
    record.rounds.iter().map(|p| p.round.clone()).collect()
}

/// Rounds over.
pub(super) fn rounds_over(record: &TournamentRecord) -> u32 {
    record.rounds.iter().filter(|p| p.round.is_over()).count() as u32
}

/// Who shares first place in the final standings (mentions joined), how many, and their
/// points as printed.
pub(super) fn winners(record: &TournamentRecord) -> (String, u32, String) {
    let table = standings::standings(&entrants(record), &rounds_of(record), system(record.format));
    let best: Vec<&standings::Standing> = table.iter().filter(|s| s.place == 1).collect();
    let mentions: Vec<String> = best
        .iter()
        .map(|s| mention(crate::ids::UserId::new(s.id)))
        .collect();
    let points = best.first().map(|s| s.points).unwrap_or_default();
    (mentions.join(", "), best.len() as u32, points.to_string())
}

/// A Sonneborn–Berger or performance figure as printed: `4`, `4.5`, `4.75`.
pub(super) fn decimal(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

pub(super) fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::FirstWins) => "1–0",
        Some(Outcome::SecondWins) => "0–1",
        Some(Outcome::Draw) => "½–½",
        None => "",
    }
}
