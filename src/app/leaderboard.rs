//! The leaderboard: `/oaq leaderboard` posts a page of the server's players by rating, as a
//! picture, and its page buttons turn the message to another page.

use crate::app::authority::guild_of;
use crate::app::fail::Fail;
use crate::app::pages::{page_buttons, pages};
use crate::app::results::provisional;
use crate::app::state::App;
use crate::app::text::{alt, Text};
use crate::app::vocab::{Action, Attachment, Caller, Msg, Place, Reply, Response};
use crate::ids::GuildId;
use crate::locale::Locale;
use crate::render::leaderboard::{self, LeaderboardRow, LeaderboardView};
use crate::store::GameKind;

/// Players on a leaderboard page.
pub const PER_PAGE: usize = 10;

impl App {
    /// `/oaq leaderboard [page]`: the server's players of `kind` by rating (pages count
    /// from 1).
    pub fn leaderboard(&self, caller: &Caller, kind: GameKind, page: Option<u64>) -> Response {
        let (locale, place) = (caller.locale, caller.place);
        let result = (|| {
            let guild = guild_of(place)?;
            let total = self.store.leaderboard(kind, guild, 0, 0)?.total;
            if total == 0 {
                return Err(Fail::User(Text::LeaderboardEmpty));
            }
            let page = page.unwrap_or(1).max(1);
            if page > pages(total, PER_PAGE) {
                return Err(Fail::User(Text::NoSuchPage {
                    pages: pages(total, PER_PAGE),
                }));
            }
            Ok(Response::post(
                self.leaderboard_msg(locale, kind, guild, page - 1)?,
                None,
            ))
        })();
        self.finish(locale, "leaderboard", result)
    }

    /// A click on a leaderboard page button: the message turns to that page (the last one if
    /// the board has shrunk meanwhile).
    ///
    /// The leaderboard is always the one of the server the click comes from (`place`), never
    /// one named by the button (issue 10: ids carry no authority), and the page is drawn in
    /// `shown`, the language the message was posted in, so one reader's language does not
    /// change a public message for everyone. Refusals are private, in the clicker's language
    /// (see [`App::click`]).
    pub(super) fn leaderboard_click(
        &self,
        place: Place,
        kind: GameKind,
        page: u64,
        shown: Locale,
    ) -> Result<Response, Fail> {
        let guild = guild_of(place)?;
        let total = self.store.leaderboard(kind, guild, 0, 0)?.total;
        if total == 0 {
            // Not a leaderboard of this server (a button from elsewhere), or nobody is rated.
            return Err(Fail::User(Text::LeaderboardEmpty));
        }
        let page = page.min(pages(total, PER_PAGE) - 1);
        Ok(Response::new(Reply::Update(
            self.leaderboard_msg(shown, kind, guild, page)?,
        )))
    }

    /// The leaderboard message for page `page` (0-based): caption, picture, page buttons.
    fn leaderboard_msg(
        &self,
        locale: Locale,
        kind: GameKind,
        guild: GuildId,
        page: u64,
    ) -> Result<Msg, Fail> {
        let board = self.store.leaderboard(kind, guild, page, PER_PAGE)?;
        let pages = pages(board.total, PER_PAGE);
        let texts: Vec<(String, String)> = board
            .rows
            .iter()
            .map(|(_, r)| {
                (
                    Text::RatingValue {
                        rating: r.glicko.rating.round() as i64,
                        provisional: provisional(&r.glicko),
                    }
                    .render(locale),
                    format!("{} / {} / {}", r.wins, r.draws, r.losses),
                )
            })
            .collect();
        let rows: Vec<LeaderboardRow<'_>> = board
            .rows
            .iter()
            .zip(&texts)
            .map(|((rank, r), (rating, record))| LeaderboardRow {
                rank: *rank,
                name: &r.name,
                rating,
                record,
                provisional: provisional(&r.glicko),
            })
            .collect();
        let title = Text::LeaderboardTitle { game: kind }.render(locale);
        let subtitle = Text::LeaderboardSubtitle {
            page: page + 1,
            pages,
            players: board.total,
        }
        .render(locale);
        let mut described = vec![alt::leaderboard(
            locale,
            &title,
            page + 1,
            pages,
            board.total,
        )];
        described.extend(board.rows.iter().map(|(rank, r)| {
            alt::leaderboard_row(
                locale,
                *rank,
                &r.name,
                r.glicko.rating.round() as i64,
                provisional(&r.glicko),
                [r.wins, r.draws, r.losses],
            )
        }));
        let columns = [
            Text::ColumnRank,
            Text::ColumnPlayer,
            Text::ColumnRating,
            Text::ColumnRecord,
        ]
        .map(|t| t.render(locale));
        let legend = Text::ProvisionalLegend.render(locale);
        let png = leaderboard::render(
            &self.fonts,
            &LeaderboardView {
                title: &title,
                subtitle: &subtitle,
                columns: [&columns[0], &columns[1], &columns[2], &columns[3]],
                rows: &rows,
                legend: &legend,
            },
        )?;
        let buttons = page_buttons(page, pages, locale, |page| Action::Leaderboard {
            kind,
            page,
            locale,
        });
        Ok(Msg {
            text: Text::LeaderboardCaption {
                game: kind,
                page: page + 1,
                pages,
            }
            .render(locale),
            files: vec![Attachment::png(
                "leaderboard.png",
                png,
                alt::fit(locale, &described),
            )],
            selects: Vec::new(),
            rows: buttons,
        })
    }
}
