//! The analysis of a finished game: the final board's *Analyse* button answers privately, to
//! anyone who clicks, with each player's biggest mistakes and the better moves, found by the
//! game's own search ([`Hosted::review`](super::games::Hosted::review)). A game still being
//! played gets no analysis: no hints during a game.
//!
//! A finished game's analysis never changes, so the last few are kept in memory and a second
//! click is answered at once. Not in the store: a new release's search may judge differently.

use crate::app::fail::Fail;
use crate::app::state::App;
use crate::app::text::Text;
use crate::app::vocab::Review;
use crate::app::vocab::{Action, Button, Response, Style};
use crate::ids::GameId;
use crate::locale::Locale;
use crate::store::{GameKind, GameRecord};

/// The most mistakes shown per player.
pub(super) const PER_SEAT: usize = 3;

/// The *Analyse* button of a finished board.
pub(super) fn analyse_button(locale: Locale, game: GameId) -> Button {
    Button {
        action: Action::Analyse { game },
        label: Text::Analyse.render(locale),
        style: Style::Secondary,
        disabled: false,
    }
}

/// The analysis as lines: a heading, then per seat its mistakes or a line saying there are
/// none the search could find.
fn lines(record: &GameRecord, review: &Review) -> Vec<Text> {
    let mut lines = vec![Text::AnalysisTitle {
        game: record.id,
        depth: review.depth,
    }];
    for (seat, player) in record.seats.iter().enumerate() {
        let name = player.name.clone();
        let mut mistakes = review
            .mistakes
            .iter()
            .filter(|m| m.seat == seat)
            .take(PER_SEAT)
            .peekable();
        if mistakes.peek().is_none() {
            lines.push(Text::AnalysisClean { name });
            continue;
        }
        lines.push(Text::AnalysisPlayer { name });
        lines.extend(mistakes.map(|m| Text::AnalysisMistake {
            number: m.number,
            played: m.played.clone(),
            better: m.better.clone(),
            cost: m.cost,
        }));
    }
    lines
}

impl App {
    /// The analysis of finished game `id`, privately. Searching takes seconds: the caller runs
    /// this off the async threads, after acknowledging the click.
    pub(super) fn analyse(&self, locale: Locale, id: GameId) -> Result<Response, Fail> {
        if self.store.game(id)?.is_none() {
            // Only Ô ăn quan boards carry the *Analyse* button.
            return Err(Fail::User(Text::NoSuchGame {
                game: id,
                kind: GameKind::Oaq,
            }));
        }
        let loaded = self.load_game(id)?;
        if !loaded.finished() {
            return Err(Fail::User(Text::AnalysisNotOver));
        }
        let review = match self.reviews.get(id) {
            Some(review) => review,
            None => {
                let review = loaded
                    .table
                    .review(PER_SEAT)
                    .ok_or(Fail::User(Text::AnalysisUnavailable))?;
                self.reviews.keep(id, &review);
                review
            }
        };
        let text = lines(&loaded.stored.record, &review)
            .iter()
            .map(|t| t.render(locale))
            .collect::<Vec<_>>()
            .join("\n");
        Ok(Response::private(text))
    }
}
