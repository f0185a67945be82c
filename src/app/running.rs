//! `/oaq games`: the games being played in the server, a page at a time, with links to their
//! boards. The list is read from the server's own index (`store::running_in_guild`), so it
//! costs the same in a bot of ten servers or of a hundred thousand.

use crate::app::authority::guild_of;
use crate::app::fail::Fail;
use crate::app::pages::{page_buttons, pages};
use crate::app::state::App;
use crate::app::table::seat_ids;
use crate::app::text::Text;
use crate::app::vocab::{message_link, Action, Caller, Msg, Place, Reply, Response};
use crate::ids::GuildId;
use crate::locale::Locale;
use crate::store::GameKind;

/// Games listed on a page. Six lines of Chinese checkers' six players, with the longest ids
/// and links, fit in Discord's 2,000 characters with room to spare (a test checks the largest
/// page of every game in both languages).
pub const PER_PAGE: usize = 6;

impl App {
    /// `/oaq games`: the first page of the games of `kind` being played in this server.
    pub fn games(&self, caller: &Caller, kind: GameKind) -> Response {
        let (locale, place) = (caller.locale, caller.place);
        let result = (|| {
            let guild = guild_of(place)?;
            Ok(Response::post(
                self.games_msg(locale, kind, guild, 0)?,
                None,
            ))
        })();
        self.finish(locale, "games", result)
    }

    /// A click on a `games` page button: the message turns to that page, read anew (the last
    /// page if the list has shrunk meanwhile), of the server the click comes from, in `shown`,
    /// the language the message was posted in.
    pub(super) fn games_click(
        &self,
        place: Place,
        kind: GameKind,
        page: u64,
        shown: Locale,
    ) -> Result<Response, Fail> {
        let guild = guild_of(place)?;
        Ok(Response::new(Reply::Update(
            self.games_msg(shown, kind, guild, page)?,
        )))
    }

    /// Page `page` (0-based, or the last one) of the games of `kind` being played in `guild`.
    fn games_msg(
        &self,
        locale: Locale,
        kind: GameKind,
        guild: GuildId,
        page: u64,
    ) -> Result<Msg, Fail> {
        let ids = self.store.running_in_guild(guild, kind)?;
        if ids.is_empty() {
            return Ok(Msg::text(
                Text::NoRunningGames { game: kind }.render(locale),
            ));
        }
        let pages = pages(ids.len() as u64, PER_PAGE);
        let page = page.min(pages - 1);
        let mut text = Text::RunningGames.render(locale);
        for &id in ids.iter().skip(page as usize * PER_PAGE).take(PER_PAGE) {
            // A damaged game is left out here: the list is only for watching.
            let Ok(Some(stored)) = self.store.game(id) else {
                continue;
            };
            let g = stored.record;
            text.push('\n');
            text.push_str(
                &Text::RunningGame {
                    game: g.id,
                    players: seat_ids(&g),
                    plies: g.moves.len(),
                    link: message_link(g.guild, g.channel, g.message),
                }
                .render(locale),
            );
        }
        text.push('\n');
        text.push_str(
            &Text::RunningGamesPage {
                page: page + 1,
                pages,
                games: ids.len() as u64,
            }
            .render(locale),
        );
        Ok(Msg {
            rows: page_buttons(page, pages, locale, |page| Action::Games {
                kind,
                page,
                locale,
            }),
            ..Msg::text(text)
        })
    }
}
