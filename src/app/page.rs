//! The Activity's page: what a page shows of its channel's game ([`PageView`], [`PageLobby`])
//! and what it does to it (a move, a resignation). A page is one more way into the same game
//! as the buttons: its move goes through the same checks and the same store write as a click
//! (`App::make_move`), and owes the same board edit, which the caller hands to the outbox
//! ([`PageDone::effects`]).
//!
//! A page acts only on the game of the channel its Activity was opened in (the caller's
//! place): a game of another channel is refused as unknown, whatever its id.

use serde::Serialize;

use crate::app::challenge::ChallengeRequest;
use crate::app::computer::{owed_turn, PlayRequest};
use crate::app::fail::{retry, Fail};
use crate::app::games::page::PageBoard;
use crate::app::games::RuleChoice;
use crate::app::play::Moved;
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::app::vocab::{Action, Caller, Effects, Msg, Notation, Reply, Response, Track, UserRef};
use crate::ids::{ChallengeId, ChannelId, GameId};
use crate::locale::Locale;
use crate::store::{
    ChallengeRecord, ChannelEntry, FirstPlayer, GameKind, GameRecord, Level, Player,
};

/// A game as a page shows it, seen by the page's user.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageView {
    /// The game.
    #[serde(with = "as_text")]
    pub id: GameId,
    /// Which game it is (`oaq`, `shogi`, `chinese-checkers`).
    pub kind: &'static str,
    /// Moves played.
    pub ply: u32,
    /// Whether the game has ended.
    pub finished: bool,
    /// The seats in turn order.
    pub seats: Vec<serde_json::Value>,
    /// The seat to move, while the game goes on.
    pub to_move: Option<usize>,
    /// The page user's seat, if they play.
    pub you: Option<usize>,
    /// How the game stands, in a line or two of the page's language.
    pub status: String,
    /// How the game ended, once it has.
    pub result: Option<String>,
    /// When the seat to move runs out of time (milliseconds since the Unix epoch).
    pub deadline: Option<u64>,
    /// The position as the game's page draws it.
    pub position: serde_json::Value,
    /// The last move, as the game's page animates it.
    pub last: Option<serde_json::Value>,
    /// The legal moves of the seat to move.
    pub moves: Vec<serde_json::Value>,
    /// Moves either player may make whoever is to move (Shogi's impasse), with their labels.
    pub claims: Vec<serde_json::Value>,
}

/// Ids travel as text: a snowflake does not fit a script's number.
mod as_text {
    use serde::Serializer;

    pub fn serialize<S: Serializer>(id: &impl std::fmt::Display, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(id)
    }
}

/// What a page's channel holds: its game, or its open challenge (a channel holds one at most).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageLobby {
    /// The channel's game, if one is played there (running or just finished).
    pub games: Vec<PageSummary>,
    /// The channel's open challenge, if any.
    pub challenges: Vec<PageChallenge>,
}

/// A game in a page's list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageSummary {
    /// The game.
    #[serde(with = "as_text")]
    pub id: GameId,
    /// Which game it is.
    pub kind: &'static str,
    /// The players' names, in seat order.
    pub players: Vec<String>,
    /// The name of the player to move, while it goes on.
    pub to_move: Option<String>,
    /// Moves played.
    pub ply: u32,
    /// Whether it has ended.
    pub finished: bool,
}

/// An open challenge in a page's list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PageChallenge {
    /// The challenge.
    pub id: String,
    /// Which game it is for.
    pub kind: &'static str,
    /// Who made it.
    pub from: PagePerson,
    /// Whom it is for; `None`: anyone.
    pub to: Option<PagePerson>,
}

/// A person as a page names them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PagePerson {
    /// Their id.
    pub id: String,
    /// Their name.
    pub name: String,
}

fn person(player: &Player) -> PagePerson {
    PagePerson {
        id: player.id.to_string(),
        name: player.name.clone(),
    }
}

/// A challenge as the page lists it.
fn page_challenge(record: &ChallengeRecord) -> PageChallenge {
    PageChallenge {
        id: record.id.to_string(),
        kind: kind_name(record.kind),
        from: person(&record.challenger),
        to: record.opponent.as_ref().map(person),
    }
}

/// Why a page's request was refused: the kind (which the web server maps to a status) and
/// the sentence for the player, in the page's language. Nothing was changed.
#[derive(Debug, Clone, PartialEq)]
pub struct PageRefusal {
    /// What kind of refusal.
    pub why: Refused,
    /// What the player is told.
    pub message: String,
    /// The game as it stands now, when the request was made on an old board.
    pub view: Option<Box<PageView>>,
}

/// The kinds of refusal a page gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The request does not read (a move that is no move).
    Garbled,
    /// Not the user's to do: not seated, not their turn, an illegal move, a game over.
    Forbidden,
    /// No such game in the page's channel.
    Unknown,
    /// The board moved on since the page drew it, or another change won the race.
    Stale,
    /// Our fault: a damaged record or an internal error (logged).
    Broken,
    /// The database cannot be reached: try again in a moment.
    Unavailable,
}

/// A change a page made: the game after it, and what it owes (the board message's edit, the
/// computer's turn, a new message), for the caller to hand on ([`PageOwes`]).
#[derive(Debug)]
pub struct PageDone {
    /// The game after the change.
    pub view: PageView,
    /// What the change owes.
    pub owes: PageOwes,
}

/// What a page's change owes Discord. No interaction answered it, so whatever a click's
/// answer would have shown is written by the bot: a new message (`post`) is posted and its id
/// recorded for its record, as an interaction's answer is; a board the answer would have
/// shown is written by the outbox; the edits and the computer's turn are handed on as usual.
#[derive(Debug)]
pub struct PageOwes {
    /// A message to post in the page's channel, and the record it shows.
    pub post: Option<(ChannelId, Msg, Track)>,
    /// The rest.
    pub effects: Effects,
}

impl PageOwes {
    fn effects(effects: Effects) -> PageOwes {
        PageOwes {
            post: None,
            effects,
        }
    }
}

/// A challenge a page made, and what it owes (its message in the channel).
#[derive(Debug)]
pub struct PageChallenged {
    /// The challenge as the page lists it.
    pub challenge: PageChallenge,
    /// What it owes.
    pub owes: PageOwes,
}

/// A new game a page asks for.
#[derive(Debug, Clone)]
pub struct PageStart {
    /// Which game.
    pub kind: GameKind,
    /// Whom to challenge; `None`: the computer.
    pub opponent: Option<UserRef>,
    /// The computer's level (for a game against it).
    pub level: Level,
    /// The bot's own account, which takes the computer's seat.
    pub computer: UserRef,
}

/// What starting from a page came to: a game against the computer, or a challenge posted.
#[derive(Debug)]
pub enum PageStarted {
    /// The game started.
    Game(PageDone),
    /// The challenge waits for its opponent.
    Challenge(PageChallenged),
}

/// The name a game kind travels under to the page.
pub fn kind_name(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Oaq => "oaq",
        GameKind::Shogi => "shogi",
        GameKind::ChineseCheckers => "chinese-checkers",
    }
}

impl App {
    /// What the channel of `caller` holds, for the page's list.
    pub fn page_lobby(&self, caller: &Caller) -> Result<PageLobby, PageRefusal> {
        let locale = caller.locale;
        let mut lobby = PageLobby {
            games: Vec::new(),
            challenges: Vec::new(),
        };
        match self.store.channel(caller.place.channel) {
            Ok(Some(ChannelEntry::Game(id))) => {
                let loaded = self.load_game(id).map_err(|f| self.refusal(locale, f))?;
                lobby.games.push(summary(&loaded));
            }
            Ok(Some(ChannelEntry::Challenge(id))) => {
                if let Ok(Some(challenge)) = self.store.challenge(id) {
                    lobby.challenges.push(page_challenge(&challenge.record));
                }
            }
            Ok(None) => {}
            Err(error) => return Err(self.refusal(locale, Fail::from(error))),
        }
        Ok(lobby)
    }

    /// Game `id` as `caller`'s page shows it.
    pub fn page_view(&self, caller: &Caller, id: GameId) -> Result<PageView, PageRefusal> {
        let loaded = self
            .page_game(caller, id)
            .map_err(|f| self.refusal(caller.locale, f))?;
        Ok(self.view(caller, &loaded))
    }

    /// A move made on the page, in the game's notation, on the board drawn after `ply` moves.
    /// A move that loses a race is judged again from a fresh read, as a click is.
    pub fn page_move(
        &self,
        caller: &Caller,
        id: GameId,
        ply: u32,
        mv: &str,
    ) -> Result<PageDone, PageRefusal> {
        let locale = caller.locale;
        let refuse = |fail| self.refusal(locale, fail);
        let mv: Notation = mv.parse().map_err(|_| refuse(Fail::User(Text::NotAMove)))?;
        retry(|| {
            self.page_game(caller, id)?;
            match self.make_move(locale, &caller.user, id, ply, mv, None)? {
                Moved::Board {
                    loaded,
                    board,
                    retired,
                    ..
                } => Ok(Ok(PageDone {
                    view: self.view(caller, &loaded),
                    owes: PageOwes::effects(self.away_effects(&loaded, board, retired)),
                })),
                // The only answer instead of a move, for a page: its board is old.
                Moved::Answer(_) => Ok(Err(())),
            }
        })
        .map_err(refuse)?
        .or_else(|()| {
            let view = self.page_view(caller, id)?;
            Err(PageRefusal {
                why: Refused::Stale,
                message: Text::LostRace.render(locale),
                view: Some(Box::new(view)),
            })
        })
    }

    /// The page user resigns game `id` (in a game of more seats, leaves it).
    pub fn page_resign(&self, caller: &Caller, id: GameId) -> Result<PageDone, PageRefusal> {
        retry(|| {
            self.page_game(caller, id)?;
            let (loaded, board) = self.apply_resign(&caller.user, id)?;
            Ok(PageDone {
                view: self.view(caller, &loaded),
                owes: PageOwes::effects(Effects {
                    edits: vec![self.board_edit(&loaded, board)],
                    computer: owed_turn(&loaded),
                    ..Effects::default()
                }),
            })
        })
        .map_err(|f| self.refusal(caller.locale, f))
    }

    /// A new game from the page, in its channel: against the computer it starts at once (its
    /// board is posted); against a person, a challenge is posted (the first player by a coin
    /// toss, which needs no private picks), which they accept on their page or under it.
    pub fn page_start(
        &self,
        caller: &Caller,
        start: PageStart,
    ) -> Result<PageStarted, PageRefusal> {
        let locale = caller.locale;
        let rules = match start.kind {
            GameKind::Oaq => RuleChoice::Oaq(Default::default()),
            GameKind::Shogi => RuleChoice::Shogi(Default::default()),
            GameKind::ChineseCheckers => RuleChoice::ChineseCheckers(Default::default()),
        };
        let response = match start.opponent {
            None => self.play_computer(
                caller,
                PlayRequest {
                    computer: start.computer,
                    level: start.level,
                    rules,
                },
            ),
            Some(opponent) => self.challenge(
                caller,
                ChallengeRequest {
                    opponent: Some(opponent),
                    rules,
                    first: Some(FirstPlayer::Coin),
                },
            ),
        };
        let Response { reply, effects } = response;
        match reply {
            Reply::Post {
                msg,
                track: Some(track),
            } => {
                let owes = PageOwes {
                    post: Some((caller.place.channel, msg, track)),
                    effects,
                };
                match track {
                    Track::Game(shown) => Ok(PageStarted::Game(PageDone {
                        view: self.page_view(caller, shown.game)?,
                        owes,
                    })),
                    Track::Challenge(id) => {
                        let challenge = self
                            .store
                            .challenge(id)
                            .map_err(|e| self.refusal(locale, Fail::from(e)))?
                            .map(|c| page_challenge(&c.record))
                            .ok_or_else(|| self.refusal(locale, Fail::User(Text::ChallengeGone)))?;
                        Ok(PageStarted::Challenge(PageChallenged { challenge, owes }))
                    }
                    Track::Tournament(_) => Err(self.refusal(
                        locale,
                        Fail::Internal(String::from("a new game posted a tournament")),
                    )),
                }
            }
            // A refusal (the channel is busy, …) comes back as a private answer.
            other => Err(PageRefusal {
                why: Refused::Forbidden,
                message: other.msg().map(|m| m.text.clone()).unwrap_or_default(),
                view: None,
            }),
        }
    }

    /// The page's user accepts challenge `id` of the channel; the game starts and its board
    /// replaces the challenge's message. A challenge whose first player is chosen by
    /// rock-paper-scissors is accepted under its message, where the picks are made.
    pub fn page_accept(&self, caller: &Caller, id: ChallengeId) -> Result<PageDone, PageRefusal> {
        let locale = caller.locale;
        let refuse = |fail| self.refusal(locale, fail);
        let challenge = self
            .store
            .challenge(id)
            .map_err(|e| refuse(Fail::from(e)))?
            .filter(|c| c.record.channel == caller.place.channel)
            .ok_or_else(|| refuse(Fail::User(Text::ChallengeGone)))?;
        if challenge.record.first == FirstPlayer::Rps {
            return Err(refuse(Fail::User(Text::PageAcceptInChannel)));
        }
        let Response { reply, effects } = self.click(caller, Action::Accept { challenge: id });
        match effects.shows {
            Some(shown) => Ok(PageDone {
                view: self.page_view(caller, shown.game)?,
                owes: PageOwes::effects(effects),
            }),
            None => Err(PageRefusal {
                why: Refused::Forbidden,
                message: reply.msg().map(|m| m.text.clone()).unwrap_or_default(),
                view: None,
            }),
        }
    }

    /// The channel game `id` is played in, if it is stored and reads (one read, no replay).
    pub fn page_channel(&self, id: GameId) -> Option<ChannelId> {
        match self.store.game(id) {
            Ok(stored) => stored.map(|s| s.record.channel),
            Err(error) => {
                tracing::warn!(%error, game = id.get(), "a changed game could not be read");
                None
            }
        }
    }

    /// Game `id`, if it is played in the caller's channel.
    fn page_game(&self, caller: &Caller, id: GameId) -> Result<Loaded, Fail> {
        let here = |record: &GameRecord| record.channel == caller.place.channel;
        match self.store.game(id)? {
            Some(stored) if here(&stored.record) => self.load_game(id),
            _ => Err(Fail::User(Text::PageNotHere)),
        }
    }

    /// The view of a loaded game for `caller`.
    fn view(&self, caller: &Caller, loaded: &Loaded) -> PageView {
        let locale = caller.locale;
        let record = &loaded.stored.record;
        let board: PageBoard = loaded.table.page_board();
        let finished = loaded.finished();
        let plain = |text: String| unmention(text, record);
        let status = plain(
            loaded
                .standing(locale)
                .iter()
                .filter(|t| !matches!(t, Text::TurnEnds { .. }))
                .map(|t| t.render(locale))
                .collect::<Vec<_>>()
                .join("\n"),
        );
        let seat_labels = loaded.table.rules().seat_names(record.seats.len(), locale);
        let seats = record
            .seats
            .iter()
            .enumerate()
            .map(|(i, player)| {
                let mut seat = serde_json::json!({
                    "id": player.id.to_string(),
                    "name": player.name,
                    "computer": player.computer.is_some(),
                    "label": seat_labels.get(i).cloned().unwrap_or_default(),
                });
                if let (Some(extra), Some(seat)) = (
                    board.seats.get(i).and_then(|v| v.as_object()),
                    seat.as_object_mut(),
                ) {
                    seat.extend(extra.clone());
                }
                seat
            })
            .collect();
        let ply = record.moves.len() as u32;
        PageView {
            id: record.id,
            kind: kind_name(record.kind),
            ply,
            finished,
            seats,
            to_move: loaded.to_move(),
            you: loaded.seat_of(caller.user.id),
            result: finished.then(|| status.clone()),
            status,
            deadline: record.deadline_ms.filter(|_| !finished),
            position: board.position,
            last: board.last,
            moves: board.moves,
            claims: loaded
                .table
                .claims()
                .into_iter()
                .map(|(mv, label)| serde_json::json!({"move": mv, "label": label.render(locale)}))
                .collect(),
        }
    }

    /// A failure as the page is told it; a damaged record or an internal error is logged.
    fn refusal(&self, locale: Locale, fail: Fail) -> PageRefusal {
        let why = match &fail {
            Fail::User(Text::NotAMove) => Refused::Garbled,
            Fail::User(Text::PageNotHere) => Refused::Unknown,
            Fail::User(_) | Fail::Answered(_) => Refused::Forbidden,
            Fail::Conflict => Refused::Stale,
            Fail::Damaged(_) | Fail::Internal(_) => Refused::Broken,
            Fail::Unavailable(_) => Refused::Unavailable,
        };
        let answer = self.finish(locale, "page", Err(fail));
        let message = answer
            .reply
            .msg()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        PageRefusal {
            why,
            message,
            view: None,
        }
    }
}

/// A game in the page's list.
fn summary(loaded: &Loaded) -> PageSummary {
    let record = &loaded.stored.record;
    PageSummary {
        id: record.id,
        kind: kind_name(record.kind),
        players: record.seats.iter().map(|p| p.name.clone()).collect(),
        to_move: loaded
            .to_move()
            .and_then(|s| record.seats.get(s))
            .map(|p| p.name.clone()),
        ply: record.moves.len() as u32,
        finished: loaded.finished(),
    }
}

/// `text` with the seats' mentions (`<@id>`) written as their names: a page is no Discord
/// message, and shows no mentions.
fn unmention(mut text: String, record: &GameRecord) -> String {
    for player in &record.seats {
        text = text.replace(&format!("<@{}>", player.id), &player.name);
    }
    text
}
