//! The product, without Discord: challenges, rock-paper-scissors, moves, resignations, board
//! re-posts, rules and help.
//!
//! Callers hand in typed actions with user ids, a [`Place`] and a [`Locale`]; the [`App`]
//! reads and writes the [`Store`], draws boards, and answers with a [`Response`]. Every
//! outcome is a response: user mistakes become private explanations, internal failures are
//! logged and answered with an apology, and nothing is half-applied.

mod authority;
mod challenge;
mod clock;
mod computer;
mod ending;
pub mod games;
mod lobby;
mod outbox;
mod picker;
mod play;
mod rematch;
pub mod results;
mod review;
mod runs;
mod settings;
mod social;
mod table;
pub mod text;
mod threads;
mod timeouts;
mod tournament;
mod vocab;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub use clock::{Clock, FakeClock, SystemClock};
pub use computer::{ComputerMoved, PlayRequest};
pub use lobby::LobbyRequest;
pub use outbox::{backoff_ms, Scan, Sent, GRACE_MS, RETRY_FIRST_MS, RETRY_MAX_MS};
pub use settings::{SettingsChange, MAX_CHALLENGE_S, MAX_TURN_S, MIN_CHALLENGE_S, MIN_TURN_S};
pub use social::{ReplayRequest, DEFAULT_UPLOAD_LIMIT};
pub use text::{Locale, Text};
pub use tournament::{PairingStart, TournamentClick, TournamentRequest, MAX_SWISS_ROUNDS};
use vocab::message_link;
pub use vocab::{
    limits, Action, Attachment, Button, Choice, ComputerTurn, Edit, Effects, FileKind, Msg,
    Notation, PathError, PickerAt, PickerPath, Place, Reply, Response, Select, Shown, Style,
    Subject, ThreadRequest, TournamentOp, Track, UserRef,
};

use crate::shards::Layout;
use crate::store::GameKind;
use games::{GameError, GameRules, RuleChoice, Table};

use crate::render::{Fonts, RenderError};
use crate::store::{ChannelEntry, FirstPlayer, Owed, OwedKey, Store, StoreError};

/// The options of `/oaq challenge`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRequest {
    /// Who is challenged; `None` for an open challenge.
    pub opponent: Option<UserRef>,
    /// The game and what the challenger chose of its rules (the server's defaults fill the
    /// rest).
    pub rules: RuleChoice,
    /// How the first player is chosen; `None`: the server's default.
    pub first: Option<FirstPlayer>,
}

/// App settings (from the configuration file).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// How long a challenge waits before it expires, in milliseconds.
    pub challenge_ttl_ms: u64,
    /// Seed of the coin tosses (any value; the bot seeds it from the clock).
    pub seed: u64,
    /// How long a player has for each move, in milliseconds.
    pub turn_ms: u64,
    /// The hard computer opponent's thinking budget per move, in milliseconds.
    pub bot_move_ms: u64,
}

/// Something that could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The fonts could not be loaded.
    #[error(transparent)]
    Render(#[from] RenderError),
}

/// Why an action was not carried out.
enum Fail {
    /// The user did something that cannot be done: explain privately.
    User(Text),
    /// A stored record cannot be read.
    Damaged(String),
    /// Something broke on our side.
    Internal(String),
    /// A record changed between reading and writing it (another click, or a message id being
    /// recorded): the action is tried again from a fresh read (see [`retry`]).
    Conflict,
    /// The action is already answered, and goes no further: a click on a challenge that has
    /// just expired is answered with its expired message.
    Answered(Box<Response>),
}

/// How many times an action is retried after a revision conflict.
const ATTEMPTS: usize = 5;

/// Runs `attempt` until it ends otherwise than in a revision conflict, [`ATTEMPTS`] times at
/// most, and returns how the last run ended: `Err(Fail::Conflict)` when every run lost the
/// race, which the caller turns into its own answer (a "try again" to the user, or quietly
/// nothing for work that is retried later anyway).
///
/// Invariant: a write that conflicts changes nothing (compare-and-swap on the revision read),
/// and each attempt reads afresh every record it writes, so running it again whole is safe.
fn retry<T>(mut attempt: impl FnMut() -> Result<T, Fail>) -> Result<T, Fail> {
    let mut result = attempt();
    for _ in 1..ATTEMPTS {
        if !matches!(result, Err(Fail::Conflict)) {
            break;
        }
        result = attempt();
    }
    result
}

impl From<StoreError> for Fail {
    fn from(error: StoreError) -> Fail {
        match error {
            StoreError::Corrupt { .. } | StoreError::NewerSchema { .. } => {
                Fail::Damaged(error.to_string())
            }
            StoreError::Conflict { .. } => Fail::Conflict,
            other => Fail::Internal(other.to_string()),
        }
    }
}

impl From<RenderError> for Fail {
    fn from(error: RenderError) -> Fail {
        Fail::Internal(error.to_string())
    }
}

/// The one place that decides what a game's failure is: data read from the store that is
/// wrong is `Damaged` (the user is told the record is damaged; it is never overwritten),
/// anything else is our own inconsistency, `Internal`.
///
/// So stored rules that do not read are damage wherever they are read — a challenge's while
/// its message is drawn, or when the game it starts is set up (which was `Internal` before
/// the rules were typed); rules that do not fit the seats, a refused first seat or a choice
/// of rules that cannot be made are ours, as they always were. A stored game that does not
/// replay is reported as the store reports a corrupt record, naming the game.
impl From<GameError> for Fail {
    fn from(error: GameError) -> Fail {
        match error {
            GameError::Replay { game, fault } => Fail::from(StoreError::Corrupt {
                kind: "game",
                key: game,
                reason: fault.to_string(),
            }),
            GameError::Rules(_)
            | GameError::Start(_)
            | GameError::MissingMove(_)
            | GameError::Unreadable(_)
            | GameError::Unplayable { .. } => Fail::Damaged(error.to_string()),
            GameError::Encode(_)
            | GameError::Choice(_)
            | GameError::Setup(_)
            | GameError::FirstSeat(_)
            | GameError::Notation(_) => Fail::Internal(error.to_string()),
        }
    }
}

/// A picker path the app builds from a game's keys that does not make a path is our own
/// inconsistency (paths read from component ids are checked when the id is decoded).
impl From<PathError> for Fail {
    fn from(error: PathError) -> Fail {
        Fail::Internal(error.to_string())
    }
}

/// The Discord-agnostic bot.
pub struct App {
    store: Store,
    clock: Arc<dyn Clock>,
    fonts: Fonts,
    settings: Settings,
    rng: Mutex<ChaCha8Rng>,
    /// When each outbox entry was first seen as it is (see [`App::due_edits`]).
    first_seen: Mutex<HashMap<OwedKey, (Owed, u64)>>,
    /// The analyses of finished games made since the start.
    reviews: review::Reviews,
    /// How many moves the boards Discord received showed (see `runs.rs`).
    received: runs::Received,
    /// The shards this process runs: the sweeps leave other servers' records alone.
    layout: Layout,
    /// Raised when a tournament game ends, so that the tournament worker closes the round and
    /// pairs the next at once rather than at its next periodic sweep.
    tournament_due: Arc<tokio::sync::Notify>,
}

impl App {
    /// An app over `store`, reading the time from `clock`.
    pub fn new(store: Store, clock: Arc<dyn Clock>, settings: Settings) -> Result<App, AppError> {
        Ok(App {
            store,
            clock,
            fonts: Fonts::load()?,
            rng: Mutex::new(ChaCha8Rng::seed_from_u64(settings.seed)),
            settings,
            first_seen: Mutex::new(HashMap::new()),
            reviews: review::Reviews::default(),
            received: runs::Received::default(),
            layout: Layout::single(),
            tournament_due: Arc::new(tokio::sync::Notify::new()),
        })
    }

    /// What wakes the tournament worker: notified when a tournament game ends (and by anyone
    /// who owes the tournaments work, such as an answer that paired a round).
    pub fn tournament_due(&self) -> Arc<tokio::sync::Notify> {
        self.tournament_due.clone()
    }

    /// The same app, serving only the servers of `layout`'s shards: the sweeps (expired
    /// challenges, turns out of time, the computer's owed moves) leave the records of other
    /// servers alone, should the store hold any.
    pub fn serving(mut self, layout: Layout) -> App {
        self.layout = layout;
        self
    }

    /// Whether this process serves `guild`.
    fn owns(&self, guild: Option<u64>) -> bool {
        self.layout.owns(guild)
    }

    /// How many running games and open challenges the store holds for servers this process
    /// does not serve: 0 unless the layout changed without `oaq-bot store reshard`.
    pub fn foreign_records(&self) -> usize {
        let games = self
            .store
            .running_games()
            .into_iter()
            .filter_map(|id| self.store.game(id.ok()?).ok().flatten())
            .filter(|game| !self.owns(game.record.guild))
            .count();
        let challenges = self
            .store
            .challenges()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|challenge| !self.owns(challenge.record.guild))
            .count();
        games + challenges
    }

    /// The games being played, per kind (a damaged record is not counted).
    pub fn running_per_kind(&self) -> Vec<(GameKind, usize)> {
        let mut counts: Vec<(GameKind, usize)> = GameKind::ALL.iter().map(|&k| (k, 0)).collect();
        for id in self.store.running_games() {
            if let Ok(Some(game)) = id.and_then(|id| self.store.game(id)) {
                if let Some(count) = counts.iter_mut().find(|(k, _)| *k == game.record.kind) {
                    count.1 += 1;
                }
            }
        }
        counts
    }

    /// The store (for tests and maintenance).
    pub fn store(&self) -> &Store {
        &self.store
    }

    fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    fn finish(&self, locale: Locale, what: &str, result: Result<Response, Fail>) -> Response {
        match result {
            Ok(response) => response,
            Err(Fail::Answered(response)) => *response,
            Err(Fail::User(text)) => Response::private(text.render(locale)),
            Err(Fail::Conflict) => Response::private(Text::LostRace.render(locale)),
            Err(Fail::Damaged(reason)) => {
                tracing::error!(action = what, %reason, "damaged record");
                Response::private(Text::Damaged.render(locale))
            }
            Err(Fail::Internal(reason)) => {
                tracing::error!(action = what, %reason, "internal error");
                Response::private(Text::Apology.render(locale))
            }
        }
    }

    /// `/oaq challenge`.
    pub fn challenge(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        request: ChallengeRequest,
    ) -> Response {
        let result = self.do_challenge(locale, place, user, request);
        self.finish(locale, "challenge", result)
    }

    /// `/oaq board`: posts the channel's board again. `kind` is the game whose command was
    /// used, named in the refusal when the channel has no game.
    pub fn board(&self, locale: Locale, place: Place, kind: GameKind) -> Response {
        let result = self.do_board(place, kind);
        self.finish(locale, "board", result)
    }

    /// `/oaq resign`: resigns the user's game in this channel (`kind` as for
    /// [`App::board`]).
    pub fn resign(&self, locale: Locale, place: Place, user: &UserRef, kind: GameKind) -> Response {
        let result = self.do_resign_command(locale, place, user, kind);
        self.finish(locale, "resign", result)
    }

    /// `/oaq rules`: the rules of the channel's game, or the default rules of `kind`.
    pub fn rules(&self, locale: Locale, place: Place, kind: GameKind) -> Response {
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

    /// `/oaq move <move>`: plays a move typed in the game's notation (or picked from the
    /// suggestions of [`App::move_choices`]) in the user's game in this channel. Like a click,
    /// a move that loses a race is judged again from a fresh read (`kind` as for
    /// [`App::board`]).
    pub fn typed_move(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        mv: &str,
        kind: GameKind,
    ) -> Response {
        let result = retry(|| self.play_typed(locale, place, user, mv, kind));
        self.finish(locale, "move", result)
    }

    /// Suggestions for `/oaq move` while `typed` is being typed: the legal moves of the game
    /// in this channel, when it is `user`'s turn, whose notation or label contains what was
    /// typed (at most Discord's 25). Nothing when there is no such game or turn.
    pub fn move_choices(&self, place: Place, user: &UserRef, typed: &str) -> Vec<Choice> {
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
                Err(games::Misread::Ambiguous(moves)) => moves,
                Err(games::Misread::Refused(_)) => Vec::new(),
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
            if let Fail::Damaged(reason) | Fail::Internal(reason) = fail {
                tracing::warn!(%reason, "no move suggestions");
            }
            Vec::new()
        })
    }

    /// `/oaq help`, `/shogi help`: how to play `kind` with the bot.
    pub fn help(&self, locale: Locale, kind: GameKind) -> Response {
        Response::private(Table::help(kind).render(locale))
    }

    /// A button click by `user` in `place` (the interaction's server and channel, never
    /// anything read from the button's id), on a message the app need not know (see
    /// [`App::click_on`]).
    pub fn click(&self, locale: Locale, place: Place, user: &UserRef, action: Action) -> Response {
        self.click_on(locale, place, user, action, None)
    }

    /// A button click by `user` in `place` on message `clicked` (both from the interaction): a
    /// move on a copy of the board that is no longer the live one is refused.
    ///
    /// An action that loses a compare-and-swap race is re-run from a fresh read, so it is
    /// judged against the state that won: a move on a board that has just moved on is then
    /// answered as out of date, never applied twice.
    pub fn click_on(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        action: Action,
        clicked: Option<u64>,
    ) -> Response {
        let result = retry(|| self.click_once(locale, place, user, action, clicked));
        self.finish(locale, "click", result)
    }

    fn click_once(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        action: Action,
        clicked: Option<u64>,
    ) -> Result<Response, Fail> {
        self.check_place(place, action)?;
        if let Some(message) = clicked {
            self.learn_challenge_message(action, message)?;
        }
        match action {
            Action::Accept { challenge } => self.accept(user, challenge),
            Action::Decline { challenge } => self.decline(user, challenge),
            Action::Cancel { challenge } => self.cancel(user, challenge),
            Action::Pick { challenge, hand } => self.pick(locale, user, challenge, hand),
            Action::Join { lobby } => self.join(user, lobby),
            Action::Leave { lobby } => self.leave(user, lobby),
            Action::Computer { lobby, add } => self.seat_computer(user, lobby, add),
            Action::Start { lobby } => self.start_lobby(user, lobby),
            Action::Play { game, ply, mv } => self.play(locale, user, game, ply, mv, clicked),
            Action::Picker { game, ply, at } => self.picker(locale, user, game, ply, at, clicked),
            Action::View { game } => self.flipped_view(locale, game),
            Action::Resign { game } => self.ask_resign(locale, user, game),
            Action::ConfirmResign { game } => self.confirm_resign(locale, user, game),
            Action::Rematch { game } => self.rematch(locale, user, game),
            Action::Analyse { game } => self.analyse(locale, game),
            Action::Leaderboard {
                kind,
                page,
                locale: shown,
            } => self.leaderboard_click(place, kind, page, shown),
            Action::Tournament { tournament, op } => {
                self.tournament_once(user, false, tournament, op)
            }
            Action::Rules { game } => {
                let text = self.load_game(game)?.table.rules().text(true);
                Ok(Response::private(text.render(locale)))
            }
        }
    }

    /// A click on a challenge or lobby whose message the bot has not read back yet (a quick
    /// opponent can click before it does): the clicked message is that message, and the game
    /// started from it (its thread, its board) needs to know it.
    fn learn_challenge_message(&self, action: Action, message: u64) -> Result<(), Fail> {
        let Some(Subject::Challenge(id)) = action.subject() else {
            return Ok(());
        };
        if let Some(mut stored) = self.store.challenge(id)? {
            if stored.record.message.is_none() {
                stored.record.message = Some(message);
                self.store
                    .update_challenge(stored.revision, &stored.record)?;
            }
        }
        Ok(())
    }

    /// Remembers which message shows a challenge or game, so later edits can reach it.
    ///
    /// A board posted again becomes the game's board at once: the copy it replaces is owed a
    /// note that points to it (so only one board has live buttons), and if the game moved on
    /// while it was being posted, the new board is owed the latest state. The newest copy is
    /// the board: one posted before the recorded board is owed the note instead. Returns the
    /// outbox entries to write now.
    pub fn record_message(&self, track: Track, message: u64) -> Vec<OwedKey> {
        match retry(|| self.try_record_message(track, message)) {
            Ok(owed) => owed,
            Err(Fail::Damaged(reason) | Fail::Internal(reason)) => {
                tracing::warn!(?track, message, %reason, "could not record the message id");
                Vec::new()
            }
            Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => Vec::new(),
        }
    }

    fn try_record_message(&self, track: Track, message: u64) -> Result<Vec<OwedKey>, Fail> {
        match track {
            Track::Tournament(id) => self.learn_tournament_message(id, message)?,
            Track::Challenge(id) => match self.store.challenge(id)? {
                Some(mut stored) => {
                    stored.record.message = Some(message);
                    self.store
                        .update_challenge(stored.revision, &stored.record)?;
                }
                // Already turned into a game (or gone): the game carries the id forward.
                None => match self.store.game(id)? {
                    Some(mut stored) if stored.record.message.is_none() => {
                        stored.record.message = Some(message);
                        let finished = self.store.finished(id)?.is_some();
                        self.store
                            .update_game(stored.revision, &stored.record, finished)?;
                    }
                    _ => {}
                },
            },
            Track::Game(shown) => {
                let Some(mut stored) = self.store.game(shown.game)? else {
                    return Ok(Vec::new());
                };
                let old = stored.record.message;
                if old == Some(message) {
                    return Ok(Vec::new());
                }
                if old.is_some_and(|old| message < old) {
                    // A newer copy is already the board (a click on it came first, or two
                    // posts were read back out of order): Discord's ids grow with time, so
                    // this one is an old copy.
                    return Ok(self
                        .retire(&stored.record, Some(message))?
                        .map(|edit| edit.key)
                        .into_iter()
                        .collect());
                }
                let stale = stored.revision != shown.revision;
                let finished = self.store.finished(shown.game)?.is_some();
                self.board_received(shown, finished);
                stored.record.message = Some(message);
                let stored = self
                    .store
                    .update_game(stored.revision, &stored.record, finished)?;
                let mut owed = Vec::new();
                if stale {
                    owed.push(OwedKey::Board(shown.game));
                } else {
                    self.store.settle_board(shown.game, stored.revision)?;
                }
                owed.extend(self.retire(&stored.record, old)?.map(|edit| edit.key));
                return Ok(owed);
            }
        }
        Ok(Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::{retry, Fail, ATTEMPTS};

    #[test]
    fn retry_runs_again_only_after_a_conflict_and_at_most_attempts_times() {
        let mut runs = 0;
        let result = retry(|| {
            runs += 1;
            if runs < 3 {
                Err(Fail::Conflict)
            } else {
                Ok(runs)
            }
        });
        assert!(matches!(result, Ok(3)));

        let mut runs = 0;
        let result: Result<(), Fail> = retry(|| {
            runs += 1;
            Err(Fail::Conflict)
        });
        assert!(matches!(result, Err(Fail::Conflict)));
        assert_eq!(runs, ATTEMPTS);

        let mut runs = 0;
        let result: Result<(), Fail> = retry(|| {
            runs += 1;
            Err(Fail::Internal(String::from("broken")))
        });
        assert!(matches!(result, Err(Fail::Internal(_))));
        assert_eq!(runs, 1, "only a conflict is retried");
    }
}
