//! Rematches: the final board carries a Rematch button. Between two people it posts a
//! challenge to the other player with the first player swapped; against the computer the new
//! game starts at once, colours swapped.

use crate::app::fail::Fail;
use crate::app::state::App;
use crate::app::text::Text;
use crate::app::vocab::{Action, Button, Place, Response, Style, UserRef};
use crate::ids::{ChallengeId, GameId};
use crate::locale::Locale;
use crate::store::{ChallengeRecord, FirstPlayer};

/// The Rematch button of a finished board.
pub(super) fn rematch_button(locale: Locale, game: GameId) -> Button {
    Button {
        action: Action::Rematch { game },
        label: Text::Rematch.render(locale),
        style: Style::Success,
        disabled: false,
    }
}

impl App {
    pub(super) fn rematch(
        &self,
        locale: Locale,
        user: &UserRef,
        id: GameId,
    ) -> Result<Response, Fail> {
        let loaded = self.load_game(id)?;
        if !loaded.finished() {
            return Err(Fail::User(Text::GameNotOver));
        }
        let Some(seat) = loaded.seat_of(user.id) else {
            return Err(Fail::User(Text::NotAPlayer));
        };
        let record = &loaded.stored.record;
        let place = Place {
            guild: record.guild,
            channel: record.channel,
        };
        let edits = self.claim_channel(place)?;
        // A rematch swaps the two seats; games of more seats start again from a lobby.
        let Some(other) = record
            .seats
            .get(1 - seat.min(1))
            .filter(|_| record.seats.len() == 2)
        else {
            return Err(Fail::User(Text::RematchAtNewTable));
        };
        let other = other.clone();
        if other.computer.is_some() {
            let mut seats = record.seats.clone();
            seats[seat] = user.player();
            seats.swap(0, 1);
            return self.start_computer_game(locale, place, seats, loaded.table.rules(), edits);
        }
        // Whoever moved second moves first this time.
        let first = if seat == 1 {
            FirstPlayer::Challenger
        } else {
            FirstPlayer::Opponent
        };
        let now = self.now();
        let challenge = ChallengeRecord {
            id: ChallengeId::new(self.store.new_id()?),
            guild: record.guild,
            channel: record.channel,
            message: None,
            challenger: user.player(),
            opponent: Some(other),
            kind: record.kind,
            rules: record.rules.clone(),
            first,
            created_ms: now,
            expires_ms: now + self.challenge_ttl_ms(record.guild)?,
            accepted: None,
            locale: record.locale,
            lobby: None,
        };
        self.post_challenge(&challenge, edits)
    }
}
