//! Playing: moves clicked on the board, boards out of date or superseded, resignations and
//! `/oaq board`.

use crate::app::computer::owed_turn;
use crate::app::fail::{retry, Fail};
use crate::app::games::Misread;
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::app::vocab::{
    limits, message_link, Action, Button, Caller, Choice, Edit, Effects, Msg, Notation, Place,
    Reply, Response, Style, Track, UserRef,
};
use crate::ids::{GameId, MessageId, UserId};
use crate::locale::Locale;
use crate::store::{ChannelEntry, GameKind, Retirement};

/// The id of the player facing `seat` in a two-seat game (the one who wins if it resigns);
/// in a game of more seats, the next seat's.
fn other_seat(loaded: &Loaded, seat: usize) -> UserId {
    let seats = &loaded.stored.record.seats;
    let next = (seat + 1) % seats.len().max(1);
    seats.get(next).map_or(UserId::new(0), |p| p.id)
}

/// What a move request came to.
pub(super) enum Moved {
    /// The move is stored (`played`), or the mover's time had run out and the timeout is:
    /// the game and its new board.
    Board {
        /// The game after it.
        loaded: Box<Loaded>,
        /// Its board.
        board: Msg,
        /// Whether the move was played (rather than the game lost on time).
        played: bool,
        /// The note owed to the copy the clicked board superseded, if the click made it the
        /// board ([`App::make_move`]).
        retired: Option<Edit>,
    },
    /// Nothing was played; the answer says why.
    Answer(Response),
}

impl App {
    /// `/oaq board`: posts the channel's board again. `kind` is the game whose command was
    /// used, named in the refusal when the channel has no game.
    pub fn board(&self, caller: &Caller, kind: GameKind) -> Response {
        let (locale, place) = (caller.locale, caller.place);
        let result = self.do_board(place, kind);
        self.finish(locale, "board", result)
    }

    /// `/oaq resign`: resigns the user's game in this channel (`kind` as for
    /// [`App::board`]).
    pub fn resign(&self, caller: &Caller, kind: GameKind) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let result = self.do_resign_command(locale, place, user, kind);
        self.finish(locale, "resign", result)
    }

    /// `/oaq move <move>`: plays a move typed in the game's notation (or picked from the
    /// suggestions of [`App::move_choices`]) in the user's game in this channel. Like a click,
    /// a move that loses a race is judged again from a fresh read (`kind` as for
    /// [`App::board`]).
    pub fn typed_move(&self, caller: &Caller, mv: &str, kind: GameKind) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let result = retry(|| self.play_typed(locale, place, user, mv, kind));
        self.finish(locale, "move", result)
    }

    /// Suggestions for `/oaq move` while `typed` is being typed: the legal moves of the game
    /// in this channel, when it is `user`'s turn, whose notation or label contains what was
    /// typed (at most Discord's 25). Nothing when there is no such game or turn.
    pub fn move_choices(&self, caller: &Caller, typed: &str) -> Vec<Choice> {
        let (place, user) = (caller.place, &caller.user);
        let result = (|| {
            let Some(ChannelEntry::Game(id)) = self.store.channel(place.channel)? else {
                return Ok(Vec::new());
            };
            let loaded = self.load_game(id)?;
            let mine = loaded
                .to_move()
                .is_some_and(|s| loaded.seat_of(user.id) == Some(s));
            if !mine {
                return Ok(Vec::new());
            }
            // First the moves the text reads as in any notation the game knows (`７六歩`,
            // `G-5h`), then those whose notation or label contains it.
            let read = match loaded.table.read_move(typed) {
                Ok(mv) => vec![mv],
                Err(Misread::Ambiguous(moves)) => moves,
                Err(Misread::Refused(_)) => Vec::new(),
            };
            let typed = typed.trim().to_lowercase();
            let (mut first, rest): (Vec<Choice>, Vec<Choice>) = loaded
                .table
                .legal_moves()
                .into_iter()
                .filter(|c| {
                    read.contains(&c.value)
                        || c.value.to_lowercase().contains(&typed)
                        || c.label.to_lowercase().contains(&typed)
                })
                .partition(|c| read.contains(&c.value));
            first.extend(rest);
            first.truncate(limits::OPTIONS);
            Ok(first)
        })();
        result.unwrap_or_else(|fail: Fail| {
            if let Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason) = fail
            {
                tracing::warn!(%reason, "no move suggestions");
            }
            Vec::new()
        })
    }

    pub(super) fn current_board_private(
        &self,
        locale: Locale,
        loaded: &Loaded,
    ) -> Result<Response, Fail> {
        let record = &loaded.stored.record;
        let to_move = loaded.to_move().map(|s| record.seats[s].id);
        let text = Text::OutOfDate {
            to_move,
            link: message_link(record.guild, record.channel, record.message),
        };
        let board = self.board_msg(loaded, None)?;
        Ok(Response::private_msg(Msg {
            text: format!("{}\n\n{}", text.render(locale), board.text),
            files: board.files,
            selects: Vec::new(),
            rows: Vec::new(),
        }))
    }

    /// A move clicked on a board: the board is updated in place.
    pub(super) fn play(
        &self,
        locale: Locale,
        user: &UserRef,
        id: GameId,
        ply: u32,
        mv: Notation,
        clicked: Option<MessageId>,
    ) -> Result<Response, Fail> {
        Ok(match self.make_move(locale, user, id, ply, mv, clicked)? {
            Moved::Board {
                loaded,
                board,
                retired,
                ..
            } => Response::board(board, loaded.shown())
                .with_edits(retired.into_iter().collect())
                .with_computer(owed_turn(&loaded)),
            Moved::Answer(response) => response,
        })
    }

    /// A move typed with `/oaq move` in the channel of the user's game, in any notation the
    /// game reads: the answer is private and the board is edited like after a click. Text
    /// that fits several moves is asked back with a button for each.
    pub(super) fn play_typed(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        typed: &str,
        kind: GameKind,
    ) -> Result<Response, Fail> {
        let id = match self.store.channel(place.channel)? {
            Some(ChannelEntry::Game(id)) => id,
            _ => return Err(Fail::User(Text::NoGameHere { game: kind })),
        };
        let loaded = self.load_game(id)?;
        let ply = loaded.stored.record.moves.len() as u32;
        let read = loaded.table.read_move(typed);
        if let Ok(mv) = &read {
            let mv: Notation = mv.parse().map_err(|_| Fail::User(Text::NotAMove))?;
            return self.play_elsewhere(locale, user, id, ply, mv, false);
        }
        // Whose turn comes before what the text means.
        let seat = loaded.seat_in_play(user.id)?;
        loaded.check_turn(seat, false)?;
        match read {
            Err(Misread::Ambiguous(candidates)) => {
                self.which_move(locale, &loaded, typed.trim(), &candidates)
            }
            Err(Misread::Refused(why)) => Err(Fail::User(why)),
            Ok(_) => Err(Fail::Internal(String::from("a read move was not played"))),
        }
    }

    /// A move made away from the board (typed, or chosen in the private picker): the board is
    /// edited like after a click and the answer, private, says so. `update`: the answer
    /// replaces the message clicked (the picker) instead of being a new one.
    pub(super) fn play_elsewhere(
        &self,
        locale: Locale,
        user: &UserRef,
        id: GameId,
        ply: u32,
        mv: Notation,
        update: bool,
    ) -> Result<Response, Fail> {
        Ok(match self.make_move(locale, user, id, ply, mv, None)? {
            Moved::Board {
                loaded,
                board,
                played,
                retired,
            } => {
                let answer = Msg::text(if played {
                    let record = &loaded.stored.record;
                    let link = message_link(record.guild, record.channel, record.message);
                    Text::MovePlayed {
                        mv: mv.to_string(),
                        link,
                    }
                    .render(locale)
                } else {
                    board.text.clone()
                });
                let reply = if update {
                    Reply::Update(answer)
                } else {
                    Reply::Private(answer)
                };
                Response {
                    reply,
                    effects: self.away_effects(&loaded, board, retired),
                }
            }
            Moved::Answer(response) => response,
        })
    }

    /// What a change made away from the board owes: the board's edit, the note of the copy it
    /// superseded, the computer's turn.
    pub(super) fn away_effects(
        &self,
        loaded: &Loaded,
        board: Msg,
        retired: Option<Edit>,
    ) -> Effects {
        Effects {
            edits: std::iter::once(self.board_edit(loaded, board))
                .chain(retired)
                .collect(),
            computer: owed_turn(loaded),
            ..Effects::default()
        }
    }

    pub(super) fn make_move(
        &self,
        locale: Locale,
        user: &UserRef,
        id: GameId,
        ply: u32,
        mv: Notation,
        clicked: Option<MessageId>,
    ) -> Result<Moved, Fail> {
        let mut loaded = self.load_game(id)?;
        if loaded.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        let record = &loaded.stored.record;
        let mut superseded = None;
        match (record.message, clicked) {
            (Some(live), Some(copy)) if copy < live => {
                return self.old_copy(locale, &loaded, copy).map(Moved::Answer)
            }
            // A board posted after the recorded one: `/board` posted it and the bot has not
            // read its id back yet (a quick player clicks first), or the bot stopped before
            // it could. Discord's ids grow with time, so it is the newest copy: it becomes the
            // board, and the recorded one an old copy once the click is stored.
            (Some(live), Some(copy)) if copy > live => {
                superseded = Some(live);
                loaded.stored.record.message = Some(copy);
            }
            // The board's id was never learned (the bot stopped before it could read it back):
            // the clicked message is the board.
            (None, Some(copy)) => loaded.stored.record.message = Some(copy),
            _ => {}
        }
        if ply as usize != loaded.stored.record.moves.len() {
            return self
                .current_board_private(locale, &loaded)
                .map(Moved::Answer);
        }
        let Some(seat) = loaded.seat_of(user.id) else {
            return Err(Fail::User(Text::NotAPlayer));
        };
        if self.out_of_time(&loaded) {
            let board = self.time_out(&mut loaded)?;
            return Ok(Moved::Board {
                retired: self.retire(&loaded.stored.record, superseded)?,
                loaded: Box::new(loaded),
                board,
                played: false,
            });
        }
        // A claim (Shogi's impasse) may be made by either player, on either turn.
        let claim = loaded.table.claims().iter().any(|(c, _)| c == mv.as_str());
        loaded.check_turn(seat, claim)?;
        loaded.play(mv.as_str()).map_err(Fail::User)?;
        self.store_move(&mut loaded)?;
        let board = self.board_msg(&loaded, None)?;
        Ok(Moved::Board {
            retired: self.retire(&loaded.stored.record, superseded)?,
            loaded: Box::new(loaded),
            board,
            played: true,
        })
    }

    /// *Play on the board*: the Activity is launched for the clicker, on a game that goes on.
    pub(super) fn launch(&self, id: GameId) -> Result<Response, Fail> {
        if !self.activity {
            return Err(Fail::User(Text::UnknownButton));
        }
        if self.load_game(id)?.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        Ok(Response::new(Reply::Launch))
    }

    /// A move clicked on `copy`, an old copy of the board (the board was posted again): not
    /// played; the player is pointed to the live board and the copy loses its buttons.
    pub(super) fn old_copy(
        &self,
        locale: Locale,
        loaded: &Loaded,
        copy: MessageId,
    ) -> Result<Response, Fail> {
        let record = &loaded.stored.record;
        let retired = self.retire(record, Some(copy))?;
        let link = message_link(record.guild, record.channel, record.message);
        let mut response = Response::private(Text::BoardPostedAgain { link }.render(locale));
        response.effects.edits.extend(retired);
        Ok(response)
    }

    pub(super) fn ask_resign(
        &self,
        locale: Locale,
        user: &UserRef,
        id: GameId,
    ) -> Result<Response, Fail> {
        let loaded = self.load_game(id)?;
        if loaded.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        let Some(seat) = loaded.seat_of(user.id) else {
            return Err(Fail::User(Text::NotAPlayer));
        };
        let text = if loaded.stored.record.seats.len() > 2 {
            Text::ConfirmLeave
        } else {
            Text::ConfirmResign {
                opponent: other_seat(&loaded, seat),
            }
        };
        Ok(Response::private_msg(Msg {
            text: text.render(locale),
            files: Vec::new(),
            selects: Vec::new(),
            rows: vec![vec![Button {
                action: Action::ConfirmResign { game: id },
                label: Text::YesResign.render(locale),
                style: Style::Danger,
                disabled: false,
            }]],
        }))
    }

    /// Resigns `user` from game `id`; returns the loser's seat and the final board.
    pub(super) fn apply_resign(&self, user: &UserRef, id: GameId) -> Result<(Loaded, Msg), Fail> {
        let mut loaded = self.load_game(id)?;
        if loaded.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        let Some(seat) = loaded.seat_of(user.id) else {
            return Err(Fail::User(Text::NotAPlayer));
        };
        loaded.retire(seat, Retirement::Resigned);
        // With two seats this ends the game; with more, the rest play on.
        self.store_move(&mut loaded)?;
        let board = self.board_msg(&loaded, None)?;
        Ok((loaded, board))
    }

    pub(super) fn confirm_resign(
        &self,
        locale: Locale,
        user: &UserRef,
        id: GameId,
    ) -> Result<Response, Fail> {
        let (loaded, board) = self.apply_resign(user, id)?;
        Ok(
            Response::update(Msg::text(Text::YouResigned.render(locale)))
                .with_edits(vec![self.board_edit(&loaded, board)])
                .with_computer(owed_turn(&loaded)),
        )
    }

    pub(super) fn do_resign_command(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        kind: GameKind,
    ) -> Result<Response, Fail> {
        let id = match self.store.channel(place.channel)? {
            Some(ChannelEntry::Game(id)) => id,
            _ => return Err(Fail::User(Text::NoGameHere { game: kind })),
        };
        let (loaded, board) = self.apply_resign(user, id)?;
        let record = &loaded.stored.record;
        Ok(match record.message {
            Some(_) => {
                let loser = user.id;
                let winner = record
                    .seats
                    .iter()
                    .map(|p| p.id)
                    .find(|&p| p != loser)
                    .unwrap_or(loser);
                let text = if record.seats.len() > 2 {
                    Text::LeftGame {
                        player: crate::app::text::mention(loser),
                        timed_out: false,
                    }
                } else {
                    Text::ResignedAnnouncement { loser, winner }
                };
                Response::post(Msg::text(text.render(locale)), None)
                    .with_edits(vec![self.board_edit(&loaded, board)])
                    .with_computer(owed_turn(&loaded))
            }
            None => Response::post(board, Some(Track::Game(loaded.shown()))),
        })
    }

    pub(super) fn do_board(&self, place: Place, kind: GameKind) -> Result<Response, Fail> {
        match self.store.channel(place.channel)? {
            Some(ChannelEntry::Game(id)) => {
                let loaded = self.load_game(id)?;
                let msg = self.board_msg(&loaded, None)?;
                Ok(Response::post(msg, Some(Track::Game(loaded.shown()))))
            }
            Some(ChannelEntry::Challenge(id)) => {
                let link = self
                    .store
                    .challenge(id)?
                    .and_then(|c| message_link(c.record.guild, c.record.channel, c.record.message));
                Err(Fail::User(Text::OnlyChallengeHere { link }))
            }
            None => Err(Fail::User(Text::NoGameHere { game: kind })),
        }
    }
}
