//! One thread per game, when a server turns it on in `/oaq settings`: an accepted challenge's
//! message becomes the start of a public thread, and the game is played in the thread.

use crate::app::fail::{retry, Fail};
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::app::vocab::{Edit, Msg, Response, ThreadRequest};
use crate::ids::{ChannelId, GameId};

impl App {
    /// For a game that just started from a challenge in a server with threads on: the answer
    /// that turns the challenge message into a pointer to the thread, and the thread to open.
    pub(super) fn thread_start(
        &self,
        loaded: &Loaded,
        intro: &Text,
    ) -> Result<Option<Response>, Fail> {
        let record = &loaded.stored.record;
        let locale = record.locale;
        let (Some(_), Some(message)) = (record.guild, record.message) else {
            return Ok(None);
        };
        if !self.guild_settings(record.guild)?.threads {
            return Ok(None);
        }
        let text = format!(
            "{}\n{}",
            intro.render(locale),
            Text::PlayedInThread.render(locale)
        );
        Ok(Some(
            Response::update(Msg::text(text)).with_thread(ThreadRequest {
                game: record.id,
                channel: record.channel,
                message,
                // Discord's limit on a thread name.
                name: Text::ThreadName {
                    game: record.kind,
                    names: record.seats.iter().map(|p| p.name.clone()).collect(),
                }
                .render(locale)
                .chars()
                .take(100)
                .collect(),
            }),
        ))
    }

    /// Moves game `game` into the thread just opened for it (or, with `None` when the thread
    /// could not be opened, keeps it where it is) and returns its board, to post as a new
    /// message in the channel named by the edit (record the posted message's id with
    /// [`App::record_message`]). The player to move's clock starts now.
    pub fn move_to_thread(&self, game: GameId, thread: Option<ChannelId>) -> Option<Edit> {
        match retry(|| self.try_move_to_thread(game, thread)) {
            Ok(edit) => Some(edit),
            Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => None,
            Err(Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason)) => {
                tracing::error!(game = game.get(), %reason, "could not move a game to its thread");
                None
            }
        }
    }

    fn try_move_to_thread(&self, game: GameId, thread: Option<ChannelId>) -> Result<Edit, Fail> {
        let mut loaded = self.load_game(game)?;
        if loaded.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        let from = loaded.stored.record.channel;
        let record = &mut loaded.stored.record;
        record.channel = thread.unwrap_or(from);
        record.message = None;
        loaded.stored.record.deadline_ms = self.deadline(&loaded);
        loaded.stored =
            self.store
                .move_game(loaded.stored.revision, &loaded.stored.record, from)?;
        let board = self.board_msg(&loaded, None)?;
        Ok(self.board_edit(&loaded, board))
    }
}
