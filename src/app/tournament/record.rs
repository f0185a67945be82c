//! How a tournament is read for its messages: the outcome of a finished game, the winners,
//! and how figures and results are printed. What the event is and how it changes is the
//! tournament engine's (`crate::tournament`).

use crate::app::text::{mention, FormatName};
use crate::store::Format;
use crate::tournament::{Outcome, PlayerId, Points};

pub use crate::tournament::MAX_SWISS_ROUNDS;

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

/// The winners as printed: their mentions joined, how many, and their points.
pub(super) fn winners_text(winners: &[PlayerId], points: Points) -> (String, u32, String) {
    let mentions: Vec<String> = winners.iter().map(|&w| mention(w)).collect();
    (
        mentions.join(", "),
        winners.len() as u32,
        points.to_string(),
    )
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
