//! Buttons carry no authority. A button's id names a record (a challenge or a game) or a view
//! (a leaderboard page) and a version; the server, channel and user always come from the
//! interaction.
//!
//! Every button the bot draws for a challenge or a game sits in that record's channel (its
//! message, the private answers to clicks on it, the board posted again by `/oaq board`, the
//! board in the game's thread). A click on one of those ids from anywhere else is an id crafted
//! or copied by hand: it is refused, because answering it would turn the clicked message into
//! a challenge or board of another channel (or server), or act on a game from a place where
//! nobody watching it sees the change. Leaderboard clicks need no check: they always show the
//! leaderboard of the interaction's own server.

use crate::app::fail::Fail;
use crate::app::state::App;
use crate::app::text::Text;
use crate::app::vocab::{Action, Caller, Place, Response, Subject};
use crate::ids::GuildId;

impl App {
    /// Refuses `action` if the challenge or game it names lives outside `place`. A record
    /// that no longer exists passes: the action's own handler says it is gone.
    pub(super) fn check_place(&self, place: Place, action: Action) -> Result<(), Fail> {
        let home = match action.subject() {
            Some(Subject::Challenge(challenge)) => self
                .store
                .challenge(challenge)?
                .map(|c| (c.record.guild, c.record.channel)),
            Some(Subject::Game(game)) => self
                .store
                .game(game)?
                .map(|g| (g.record.guild, g.record.channel)),
            Some(Subject::Tournament(tournament)) => self
                .store
                .tournament(tournament)?
                .map(|t| (t.record.guild, t.record.channel)),
            None => None,
        };
        match home {
            Some(home) if home != (place.guild, place.channel) => {
                Err(Fail::User(Text::ButtonElsewhere))
            }
            _ => Ok(()),
        }
    }
}

impl App {
    /// A click on `action`, an id that is not on the message clicked but names the game whose
    /// buttons that message carries. Nothing is done: a move or picker id of an earlier ply (a
    /// button of an older drawing of the board) is answered privately with the board being out
    /// of date and the game as it stands; any other (an id crafted by hand) with
    /// [`Text::ButtonNotHere`]. A game outside `place` is refused like any button from
    /// elsewhere.
    pub fn stale_click(&self, caller: &Caller, action: Action) -> Response {
        let (locale, place) = (caller.locale, caller.place);
        let result = self.check_place(place, action).and_then(|()| {
            let (Action::Play { game, ply, .. } | Action::Picker { game, ply, .. }) = action else {
                return Err(Fail::User(Text::ButtonNotHere));
            };
            let loaded = self.load_game(game)?;
            if ply as usize >= loaded.stored.record.moves.len() {
                return Err(Fail::User(Text::ButtonNotHere));
            }
            self.current_board_private(locale, &loaded)
        });
        self.finish(locale, "stale click", result)
    }
}

/// The server of `place`, or the refusal for direct messages (leaderboards, stats and
/// histories are per server).
pub(super) fn guild_of(place: Place) -> Result<GuildId, Fail> {
    place.guild.ok_or(Fail::User(Text::OnlyInServers))
}
