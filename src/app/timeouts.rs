//! Turn timeouts: each turn of a person has a deadline stored in the game record (absolute
//! milliseconds, so it survives restarts). When it passes, the player to move loses on time:
//! at the next sweep, or as soon as anyone clicks a move on that board.

use crate::app::computer::owed_turn;
use crate::app::fail::{retry, Fail};
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::app::vocab::{ComputerTurn, Edit, Msg};
use crate::ids::GameId;
use crate::store::Retirement;

impl App {
    /// When the turn now starting runs out: `None` for the computer's turn, a finished game,
    /// or a game without a time limit.
    pub(super) fn deadline(&self, loaded: &Loaded) -> Option<u64> {
        let record = &loaded.stored.record;
        let seat = loaded.to_move()?;
        if record.seats.get(seat).is_none_or(|p| p.computer.is_some()) {
            return None;
        }
        record.turn_ms.map(|turn| self.now().saturating_add(turn))
    }

    /// Whether the player to move has run out of time.
    pub(super) fn out_of_time(&self, loaded: &Loaded) -> bool {
        !loaded.finished()
            && loaded
                .stored
                .record
                .deadline_ms
                .is_some_and(|deadline| deadline <= self.now())
    }

    /// The player to move runs out of time and leaves the game: with two seats the other wins,
    /// with more the rest play on. Returns the new board.
    pub(super) fn time_out(&self, loaded: &mut Loaded) -> Result<Msg, Fail> {
        let Some(seat) = loaded.to_move() else {
            return Err(Fail::User(Text::GameOver));
        };
        loaded.retire(seat, Retirement::TimedOut);
        self.store_move(loaded)?;
        self.board_msg(loaded, None)
    }

    /// Settles every running game whose player to move has run out of time, and returns the
    /// edits that show the final boards. Run periodically and at start-up (games that ran
    /// out while the bot was down are settled then).
    pub fn expire_turns(&self) -> Vec<Edit> {
        self.settle_turns().0
    }

    /// [`App::expire_turns`], with the computer's moves now owed in games that go on (a seat
    /// left a game of several and a computer is next).
    pub fn settle_turns(&self) -> (Vec<Edit>, Vec<ComputerTurn>) {
        let mut edits = Vec::new();
        let mut turns = Vec::new();
        for item in self.store.running_games() {
            let id = match item {
                Ok(id) => id,
                Err(error) => {
                    tracing::error!(%error, "damaged channel index entry");
                    continue;
                }
            };
            match retry(|| self.expire_turn(id)) {
                Ok(Some((edit, turn))) => {
                    edits.push(edit);
                    turns.extend(turn);
                }
                // Nothing ran out, or the game changed under every attempt: the next sweep
                // looks again.
                Ok(None) | Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => {}
                Err(Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason)) => {
                    tracing::error!(game = id.get(), %reason, "could not settle a timeout");
                }
            }
        }
        (edits, turns)
    }

    fn expire_turn(&self, id: GameId) -> Result<Option<(Edit, Option<ComputerTurn>)>, Fail> {
        let mut loaded = self.load_game(id)?;
        if !self.owns(loaded.stored.record.guild) || !self.out_of_time(&loaded) {
            return Ok(None);
        }
        let board = self.time_out(&mut loaded)?;
        Ok(Some((self.board_edit(&loaded, board), owed_turn(&loaded))))
    }
}
