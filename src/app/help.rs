//! `/oaq rules`, `/oaq help` and a board's *Rules* button: the rules of a game, and how to
//! play it with the bot, privately.

use crate::app::fail::Fail;
use crate::app::games::{GameRules, Table};
use crate::app::state::App;
use crate::app::vocab::{Caller, Response};
use crate::ids::GameId;
use crate::locale::Locale;
use crate::store::{ChannelEntry, GameKind};

impl App {
    /// `/oaq rules`: the rules of the channel's game, or the default rules of `kind`.
    pub fn rules(&self, caller: &Caller, kind: GameKind) -> Response {
        let (locale, place) = (caller.locale, caller.place);
        let result = (|| {
            let stored = match self.store.channel(place.channel)? {
                Some(ChannelEntry::Game(id)) => {
                    self.store.game(id)?.map(|g| GameRules::of(&g.record))
                }
                Some(ChannelEntry::Challenge(id)) => {
                    self.store.challenge(id)?.map(|c| GameRules::of(&c.record))
                }
                None => None,
            };
            let text = match stored.transpose()? {
                Some(rules) => rules.text(true),
                None => GameRules::default_of(kind).text(false),
            };
            Ok(Response::private(text.render(locale)))
        })();
        self.finish(locale, "rules", result)
    }

    /// The *Rules* button of game `game`'s board: its rules, privately.
    pub(super) fn rules_click(&self, locale: Locale, game: GameId) -> Result<Response, Fail> {
        let text = self.load_game(game)?.table.rules().text(true);
        Ok(Response::private(text.render(locale)))
    }

    /// `/oaq help`, `/shogi help`: how to play `kind` with the bot.
    pub fn help(&self, locale: Locale, kind: GameKind) -> Response {
        Response::private(Table::help(kind).render(locale))
    }
}
