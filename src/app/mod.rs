//! The product, without Discord: challenges, rock-paper-scissors, moves, resignations, board
//! re-posts, rules and help.
//!
//! Callers hand in typed actions with user ids, a [`Place`] and a [`Locale`]; the [`App`]
//! reads and writes the [`Store`], draws boards, and answers with a [`Response`]. Every
//! outcome is a response: user mistakes become private explanations, internal failures are
//! logged and answered with an apology, and nothing is half-applied.

mod authority;
mod clock;
mod computer;
mod ending;
mod outbox;
mod rematch;
mod reply;
pub mod results;
mod settings;
mod social;
mod stored;
pub mod text;
mod threads;
mod timeouts;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use clock::{Clock, FakeClock, SystemClock};
pub use computer::{ComputerMoved, ComputerTurn, PlayRequest};
pub use outbox::{backoff_ms, Scan, Sent, Shown, GRACE_MS, RETRY_FIRST_MS, RETRY_MAX_MS};
pub use reply::{Action, Button, Edit, Msg, Reply, Response, Style, ThreadRequest, Track};
pub use settings::{SettingsChange, MAX_CHALLENGE_S, MAX_TURN_S, MIN_CHALLENGE_S, MIN_TURN_S};
pub use social::ReplayRequest;
pub use text::{Locale, Text};

use crate::games::oaq::{Direction, Event, Game, Move, Outcome, Position, Preset, Seat, Square};
use crate::render::oaq::{BoardView, LastMove, PlayerPanel};
use crate::render::{Fonts, RenderError};
use crate::store::{
    Acceptance, ChallengeRecord, ChannelEntry, FirstPlayer, GameKind, GameRecord, Hand, Note, Owed,
    OwedKey, OwedWrite, Player, Retirement, Store, StoreError, Stored,
};
use stored::{OaqChallenge, OaqRecord};

/// A Discord user as the app needs them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRef {
    /// Snowflake.
    pub id: u64,
    /// The name to print on the board.
    pub name: String,
    /// Whether the account is a bot.
    pub bot: bool,
}

impl UserRef {
    fn player(&self) -> Player {
        Player {
            id: self.id,
            name: self.name.clone(),
            computer: None,
        }
    }
}

/// Where an action happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The guild, `None` in direct messages.
    pub guild: Option<u64>,
    /// The channel (or thread).
    pub channel: u64,
}

/// The options of `/oaq challenge`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChallengeRequest {
    /// Who is challenged; `None` for an open challenge.
    pub opponent: Option<UserRef>,
    /// The rules preset; `None`: the server's default.
    pub preset: Option<Preset>,
    /// The mandarin's value (10 or 5) if not the preset's; `None`: the server's default.
    pub quan_value: Option<u8>,
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
    /// recorded): the action is tried again from a fresh read.
    Conflict,
}

/// How many times an action is retried after a revision conflict.
const ATTEMPTS: usize = 5;

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

/// A game loaded from the store and replayed.
struct Loaded {
    stored: Stored<GameRecord>,
    /// The record's rules, read.
    rules: crate::games::oaq::Rules,
    game: Game,
    /// The last move and what it did.
    last: Option<(Move, Vec<Event>)>,
}

impl Loaded {
    fn finished(&self) -> bool {
        self.stored.record.forfeited().is_some() || self.game.position().is_over()
    }

    /// The state of the game as drawn now.
    fn shown(&self) -> Shown {
        Shown {
            game: self.stored.record.id,
            revision: self.stored.revision,
        }
    }

    fn seat_of(&self, user: u64) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.stored.record.seats[s.index()].id == user)
    }
}

/// A link to a message, for "the game is over there" answers.
fn message_link(guild: Option<u64>, channel: u64, message: Option<u64>) -> Option<String> {
    let message = message?;
    let guild = guild.map_or_else(|| String::from("@me"), |g| g.to_string());
    Some(format!(
        "https://discord.com/channels/{guild}/{channel}/{message}"
    ))
}

/// The rules of `preset`, with the mandarin's value changed if asked.
fn rules_of(preset: Preset, quan_value: Option<u8>) -> Result<crate::games::oaq::Rules, Fail> {
    let mut rules = preset.rules();
    if let Some(value) = quan_value {
        rules
            .set("quan_value", &value.to_string())
            .map_err(|e| Fail::Internal(e.to_string()))?;
    }
    Ok(rules)
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
        })
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

    /// `/oaq board`: posts the channel's board again.
    pub fn board(&self, locale: Locale, place: Place) -> Response {
        let result = self.do_board(place);
        self.finish(locale, "board", result)
    }

    /// `/oaq resign`: resigns the user's game in this channel.
    pub fn resign(&self, locale: Locale, place: Place, user: &UserRef) -> Response {
        let result = self.do_resign_command(locale, place, user);
        self.finish(locale, "resign", result)
    }

    /// `/oaq rules`: the rules of the channel's game, or the default rules.
    pub fn rules(&self, locale: Locale, place: Place) -> Response {
        let result = (|| {
            let rules = match self.store.channel(place.channel)? {
                Some(ChannelEntry::Game(id)) => Some(self.load_game(id)?.rules),
                Some(ChannelEntry::Challenge(id)) => match self.store.challenge(id)? {
                    Some(c) => Some(c.record.oaq_rules()?),
                    None => None,
                },
                None => None,
            };
            let text = Text::RulesSummary {
                rules: rules.unwrap_or_default(),
                in_play: rules.is_some(),
            };
            Ok(Response::private(text.render(locale)))
        })();
        self.finish(locale, "rules", result)
    }

    /// `/oaq help`.
    pub fn help(&self, locale: Locale) -> Response {
        Response::private(Text::Help.render(locale))
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
        let mut result = Err(Fail::Conflict);
        for _ in 0..ATTEMPTS {
            result = self.click_once(locale, place, user, action, clicked);
            if !matches!(result, Err(Fail::Conflict)) {
                break;
            }
        }
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
        match action {
            Action::Accept { challenge } => self.accept(user, challenge),
            Action::Decline { challenge } => self.decline(user, challenge),
            Action::Cancel { challenge } => self.cancel(user, challenge),
            Action::Pick { challenge, hand } => self.pick(locale, user, challenge, hand),
            Action::Play { game, ply, mv } => self.play(locale, user, game, ply, mv, clicked),
            Action::Resign { game } => self.ask_resign(locale, user, game),
            Action::ConfirmResign { game } => self.confirm_resign(locale, user, game),
            Action::Rematch { game } => self.rematch(locale, user, game),
            Action::Leaderboard {
                page,
                locale: shown,
            } => self.leaderboard_click(place, page, shown),
            Action::Rules { game } => self.load_game(game).map(|l| {
                Response::private(
                    Text::RulesSummary {
                        rules: l.rules,
                        in_play: true,
                    }
                    .render(locale),
                )
            }),
        }
    }

    /// Remembers which message shows a challenge or game, so later edits can reach it.
    ///
    /// A board posted again becomes the game's board at once: the copy it replaces is owed a
    /// note that points to it (so only one board has live buttons), and if the game moved on
    /// while it was being posted, the new board is owed the latest state. Returns the outbox
    /// entries to write now.
    pub fn record_message(&self, track: Track, message: u64) -> Vec<OwedKey> {
        let mut result = Err(Fail::Conflict);
        for _ in 0..ATTEMPTS {
            result = self.try_record_message(track, message);
            if !matches!(result, Err(Fail::Conflict)) {
                break;
            }
        }
        match result {
            Ok(owed) => owed,
            Err(Fail::Damaged(reason) | Fail::Internal(reason)) => {
                tracing::warn!(?track, message, %reason, "could not record the message id");
                Vec::new()
            }
            Err(Fail::User(_) | Fail::Conflict) => Vec::new(),
        }
    }

    fn try_record_message(&self, track: Track, message: u64) -> Result<Vec<OwedKey>, Fail> {
        match track {
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
                        let finished = stored.record.forfeited().is_some();
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
                let stale = stored.revision != shown.revision;
                stored.record.message = Some(message);
                let finished = stored.record.forfeited().is_some();
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

    /// Removes every challenge whose time is up and returns the edits that say so on their
    /// messages.
    pub fn expire_challenges(&self) -> Vec<Edit> {
        let now = self.now();
        let mut edits = Vec::new();
        for item in self.store.challenges() {
            match item {
                Ok(stored) if stored.record.expires_ms <= now => match self.expire(&stored) {
                    Ok(edit) => edits.push(edit),
                    Err(StoreError::Conflict { .. }) => {}
                    Err(error) => tracing::error!(%error, "could not expire a challenge"),
                },
                Ok(_) => {}
                Err(error) => tracing::error!(%error, "damaged challenge record"),
            }
        }
        edits
    }

    /// Removes an expired challenge; the note saying so on its message is owed in the same
    /// transaction, and returned drawn.
    fn expire(&self, stored: &Stored<ChallengeRecord>) -> Result<Edit, StoreError> {
        let c = &stored.record;
        let note = Note {
            channel: c.channel,
            message: c.message,
            text: Text::ChallengeExpired {
                challenger: c.challenger.id,
            }
            .render(c.locale),
        };
        self.store.expire_challenge(c.id, stored.revision, &note)?;
        let key = note.key(c.id);
        Ok(Edit {
            channel: c.channel,
            message: c.message,
            msg: Msg::text(note.text.clone()),
            key,
            seen: Owed::new(OwedWrite::Note(note)),
            shows: None,
        })
    }

    fn do_challenge(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        request: ChallengeRequest,
    ) -> Result<Response, Fail> {
        if let Some(opponent) = &request.opponent {
            if opponent.id == user.id {
                return Err(Fail::User(Text::CannotChallengeSelf));
            }
            if opponent.bot {
                return Err(Fail::User(Text::CannotChallengeBot));
            }
        }
        let (settings, edits, rules) =
            self.open_place(place, request.preset, request.quan_value)?;
        let first = request.first.or(settings.first).unwrap_or(FirstPlayer::Rps);
        let now = self.now();
        let expires_ms = now + self.challenge_ttl_in(&settings);
        let record = ChallengeRecord {
            id: self.store.new_id()?,
            guild: place.guild,
            channel: place.channel,
            message: None,
            challenger: user.player(),
            opponent: request.opponent.as_ref().map(UserRef::player),
            rules: stored::rules_value(&rules),
            first,
            created_ms: now,
            expires_ms,
            accepted: None,
            locale,
            kind: GameKind::Oaq,
        };
        self.post_challenge(&record, edits)
    }

    /// Stores a new challenge and posts it (with `edits` for what was cleared on the way).
    fn post_challenge(&self, record: &ChallengeRecord, edits: Vec<Edit>) -> Result<Response, Fail> {
        match self.store.create_challenge(record) {
            Ok(_) => {}
            Err(StoreError::ChannelBusy { .. }) => {
                return Err(Fail::User(Text::ChannelHasChallenge { link: None }))
            }
            Err(other) => return Err(other.into()),
        }
        Ok(Response {
            reply: Reply::Post {
                msg: self.challenge_msg(record)?,
                track: Some(Track::Challenge(record.id)),
            },
            shows: None,
            edits,
            computer: None,
            thread: None,
        })
    }

    /// Checks that a new challenge or game may start in `place`: nothing else is going on
    /// there. An expired challenge is removed on the way; the returned edits say so.
    fn claim_channel(&self, place: Place) -> Result<Vec<Edit>, Fail> {
        let mut edits = Vec::new();
        match self.store.channel(place.channel)? {
            Some(ChannelEntry::Game(id)) => {
                let link = self
                    .store
                    .game(id)?
                    .and_then(|g| message_link(g.record.guild, g.record.channel, g.record.message));
                return Err(Fail::User(Text::ChannelHasGame { link }));
            }
            Some(ChannelEntry::Challenge(id)) => match self.store.challenge(id)? {
                Some(stored) if stored.record.expires_ms <= self.now() => {
                    edits.push(self.expire(&stored)?);
                }
                Some(stored) => {
                    let c = &stored.record;
                    let link = message_link(c.guild, c.channel, c.message);
                    return Err(Fail::User(Text::ChannelHasChallenge { link }));
                }
                None => {}
            },
            None => {}
        }
        Ok(edits)
    }

    fn challenge_msg(&self, c: &ChallengeRecord) -> Result<Msg, Fail> {
        let locale = c.locale;
        let rules = c.oaq_rules()?;
        let expires_s = c.expires_ms / 1000;
        let text = match &c.opponent {
            Some(o) => Text::ChallengeDirect {
                challenger: c.challenger.id,
                opponent: o.id,
                rules,
                first: c.first,
                expires_s,
            },
            None => Text::ChallengeOpen {
                challenger: c.challenger.id,
                rules,
                first: c.first,
                expires_s,
            },
        };
        let button = |action, text: Text, style| Button {
            action,
            label: text.render(locale),
            style,
            disabled: false,
        };
        let mut row = vec![button(
            Action::Accept { challenge: c.id },
            Text::Accept,
            Style::Success,
        )];
        if c.opponent.is_some() {
            row.push(button(
                Action::Decline { challenge: c.id },
                Text::Decline,
                Style::Danger,
            ));
        }
        row.push(button(
            Action::Cancel { challenge: c.id },
            Text::Cancel,
            Style::Secondary,
        ));
        Ok(Msg {
            text: text.render(locale),
            png: None,
            rows: vec![row],
        })
    }

    fn rps_msg(&self, c: &ChallengeRecord, opponent: u64, tie: Option<Hand>) -> Msg {
        let locale = c.locale;
        let mut row: Vec<Button> = Hand::ALL
            .into_iter()
            .map(|hand| Button {
                action: Action::Pick {
                    challenge: c.id,
                    hand,
                },
                label: Text::Hand(hand).render(locale),
                style: Style::Primary,
                disabled: false,
            })
            .collect();
        row.push(Button {
            action: Action::Cancel { challenge: c.id },
            label: Text::Cancel.render(locale),
            style: Style::Secondary,
            disabled: false,
        });
        Msg {
            text: Text::RpsPrompt {
                challenger: c.challenger.id,
                opponent,
                tie,
            }
            .render(locale),
            png: None,
            rows: vec![row],
        }
    }

    /// Loads a challenge; an expired one is removed and answered with its expired message.
    fn load_challenge(&self, id: u64) -> Result<Result<Stored<ChallengeRecord>, Response>, Fail> {
        let stored = self
            .store
            .challenge(id)?
            .ok_or(Fail::User(Text::ChallengeGone))?;
        if stored.record.expires_ms <= self.now() {
            let edit = self.expire(&stored)?;
            return Ok(Err(Response {
                reply: Reply::Update(edit.msg),
                shows: None,
                edits: Vec::new(),
                computer: None,
                thread: None,
            }));
        }
        Ok(Ok(stored))
    }

    fn accept(&self, user: &UserRef, id: u64) -> Result<Response, Fail> {
        let mut stored = match self.load_challenge(id)? {
            Ok(stored) => stored,
            Err(expired) => return Ok(expired),
        };
        let c = &mut stored.record;
        if c.accepted.is_some() {
            return Err(Fail::User(Text::ChallengeGone));
        }
        if user.id == c.challenger.id {
            return Err(Fail::User(Text::CannotAcceptOwnChallenge));
        }
        if let Some(o) = &c.opponent {
            if o.id != user.id {
                return Err(Fail::User(Text::ChallengeIsForSomeoneElse {
                    opponent: o.id,
                }));
            }
        }
        if user.bot {
            return Err(Fail::User(Text::CannotChallengeBot));
        }
        let opponent = user.player();
        let challenger = c.challenger.clone();
        match c.first {
            FirstPlayer::Rps => {
                c.accepted = Some(Acceptance {
                    opponent,
                    picks: [None, None],
                    ties: 0,
                });
                c.expires_ms = self.now() + self.challenge_ttl_ms(c.guild)?;
                self.store
                    .update_challenge(stored.revision, &stored.record)?;
                Ok(Response {
                    reply: Reply::Update(self.rps_msg(&stored.record, user.id, None)),
                    shows: None,
                    edits: Vec::new(),
                    computer: None,
                    thread: None,
                })
            }
            FirstPlayer::Coin => {
                let challenger_first = self
                    .rng
                    .lock()
                    .map_err(|_| Fail::Internal(String::from("coin lock poisoned")))?
                    .gen_bool(0.5);
                let (south, north) = if challenger_first {
                    (challenger, opponent)
                } else {
                    (opponent, challenger)
                };
                let intro = Text::FirstByCoin { winner: south.id };
                self.start_game(&stored, south, north, intro)
            }
            FirstPlayer::Challenger => {
                let intro = Text::FirstFixed {
                    first: challenger.id,
                };
                self.start_game(&stored, challenger, opponent, intro)
            }
            FirstPlayer::Opponent => {
                let intro = Text::FirstFixed { first: opponent.id };
                self.start_game(&stored, opponent, challenger, intro)
            }
        }
    }

    fn start_game(
        &self,
        challenge: &Stored<ChallengeRecord>,
        south: Player,
        north: Player,
        intro: Text,
    ) -> Result<Response, Fail> {
        let c = &challenge.record;
        let rules = c.oaq_rules()?;
        let turn_ms = self.turn_ms(c.guild)?;
        let record = GameRecord {
            id: c.id,
            guild: c.guild,
            channel: c.channel,
            message: c.message,
            kind: GameKind::Oaq,
            seats: vec![south, north],
            rules: c.rules.clone(),
            start: Position::start(rules).to_string(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: self.now(),
            locale: c.locale,
            turn_ms: Some(turn_ms),
            deadline_ms: Some(self.now() + turn_ms),
        };
        let stored = self.store.start_game(c.id, challenge.revision, &record)?;
        let loaded = Loaded {
            game: Game::new(Position::start(rules)),
            rules,
            stored,
            last: None,
        };
        if let Some(response) = self.thread_start(&loaded, &intro)? {
            return Ok(response);
        }
        Ok(Response {
            reply: Reply::Update(self.board_msg(&loaded, Some(intro))?),
            shows: Some(loaded.shown()),
            edits: Vec::new(),
            computer: None,
            thread: None,
        })
    }

    fn pick(&self, locale: Locale, user: &UserRef, id: u64, hand: Hand) -> Result<Response, Fail> {
        let mut stored = match self.load_challenge(id)? {
            Ok(stored) => stored,
            Err(expired) => return Ok(expired),
        };
        let challenger = stored.record.challenger.clone();
        let Some(acceptance) = stored.record.accepted.as_mut() else {
            return Err(Fail::User(Text::ChallengeGone));
        };
        let slot = if user.id == challenger.id {
            0
        } else if user.id == acceptance.opponent.id {
            1
        } else {
            return Err(Fail::User(Text::RpsNotYours));
        };
        if let Some(already) = acceptance.picks[slot] {
            return Err(Fail::User(Text::RpsAlreadyPicked { hand: already }));
        }
        acceptance.picks[slot] = Some(hand);
        let opponent = acceptance.opponent.clone();
        match acceptance.picks {
            [Some(a), Some(b)] if a == b => {
                acceptance.picks = [None, None];
                acceptance.ties += 1;
                self.store
                    .update_challenge(stored.revision, &stored.record)?;
                Ok(Response {
                    reply: Reply::Update(self.rps_msg(&stored.record, opponent.id, Some(a))),
                    shows: None,
                    edits: Vec::new(),
                    computer: None,
                    thread: None,
                })
            }
            [Some(a), Some(b)] => {
                let (south, north, winning, losing) = if a.beats(b) {
                    (challenger, opponent, a, b)
                } else {
                    (opponent, challenger, b, a)
                };
                let intro = Text::FirstByRps {
                    winner: south.id,
                    winning,
                    losing,
                };
                self.start_game(&stored, south, north, intro)
            }
            _ => {
                self.store
                    .update_challenge(stored.revision, &stored.record)?;
                let waiting_for = if slot == 0 {
                    opponent.id
                } else {
                    challenger.id
                };
                Ok(Response::private(
                    Text::RpsPicked { hand, waiting_for }.render(locale),
                ))
            }
        }
    }

    /// The challenge message is public: it keeps the challenge's language, whoever clicks.
    fn decline(&self, user: &UserRef, id: u64) -> Result<Response, Fail> {
        let stored = match self.load_challenge(id)? {
            Ok(stored) => stored,
            Err(expired) => return Ok(expired),
        };
        let c = &stored.record;
        let opponent = c
            .opponent
            .as_ref()
            .or(c.accepted.as_ref().map(|a| &a.opponent));
        if opponent.map(|o| o.id) != Some(user.id) {
            return Err(Fail::User(Text::OnlyOpponentDeclines));
        }
        self.store.remove_challenge(c.id, stored.revision)?;
        let text = Text::ChallengeDeclined {
            challenger: c.challenger.id,
            opponent: user.id,
        };
        Ok(Response {
            reply: Reply::Update(Msg::text(text.render(c.locale))),
            shows: None,
            edits: Vec::new(),
            computer: None,
            thread: None,
        })
    }

    /// The challenge message is public: it keeps the challenge's language, whoever clicks.
    fn cancel(&self, user: &UserRef, id: u64) -> Result<Response, Fail> {
        let stored = match self.load_challenge(id)? {
            Ok(stored) => stored,
            Err(expired) => return Ok(expired),
        };
        let c = &stored.record;
        if user.id != c.challenger.id {
            return Err(Fail::User(Text::OnlyChallengerCancels {
                challenger: c.challenger.id,
            }));
        }
        self.store.remove_challenge(c.id, stored.revision)?;
        let text = Text::ChallengeCancelled {
            challenger: c.challenger.id,
        };
        Ok(Response {
            reply: Reply::Update(Msg::text(text.render(c.locale))),
            shows: None,
            edits: Vec::new(),
            computer: None,
            thread: None,
        })
    }

    fn load_game(&self, id: u64) -> Result<Loaded, Fail> {
        let stored = self.store.game(id)?.ok_or(Fail::User(Text::GameOver))?;
        let record = &stored.record;
        let damaged = |reason: String| {
            Fail::Damaged(
                StoreError::Corrupt {
                    kind: "game",
                    key: id,
                    reason,
                }
                .to_string(),
            )
        };
        record.check_oaq()?;
        let rules = record.oaq_rules()?;
        let moves = record.oaq_moves()?;
        let start = Position::parse(&record.start, rules)
            .map_err(|e| damaged(format!("start position: {e}")))?;
        let (earlier, last) = match moves.split_last() {
            Some((&last, earlier)) => (earlier, Some(last)),
            None => (&moves[..], None),
        };
        let mut game = Game::replay(start, earlier)
            .map_err(|(index, e)| damaged(format!("move {index} does not replay: {e}")))?;
        let last = match last {
            Some(mv) => {
                let events = game
                    .play(mv)
                    .map_err(|e| damaged(format!("the last move does not replay: {e}")))?;
                Some((mv, events))
            }
            None => None,
        };
        Ok(Loaded {
            stored,
            rules,
            game,
            last,
        })
    }

    fn current_board_private(&self, locale: Locale, loaded: &Loaded) -> Result<Response, Fail> {
        let record = &loaded.stored.record;
        let to_move = loaded
            .game
            .position()
            .to_move()
            .filter(|_| !loaded.finished())
            .map(|s| record.seats[s.index()].id);
        let text = Text::OutOfDate {
            to_move,
            link: message_link(record.guild, record.channel, record.message),
        };
        let board = self.board_msg(loaded, None)?;
        Ok(Response {
            reply: Reply::Private(Msg {
                text: format!("{}\n\n{}", text.render(locale), board.text),
                png: board.png,
                rows: Vec::new(),
            }),
            shows: None,
            edits: Vec::new(),
            computer: None,
            thread: None,
        })
    }

    fn play(
        &self,
        locale: Locale,
        user: &UserRef,
        id: u64,
        ply: u32,
        mv: Move,
        clicked: Option<u64>,
    ) -> Result<Response, Fail> {
        let mut loaded = self.load_game(id)?;
        if loaded.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        let record = &loaded.stored.record;
        match (record.message, clicked) {
            (Some(live), Some(copy)) if live != copy => {
                return self.old_copy(locale, &loaded, copy)
            }
            // The board's id was never learned (the bot stopped before it could read it back):
            // the clicked message is the board.
            (None, Some(copy)) => loaded.stored.record.message = Some(copy),
            _ => {}
        }
        if ply as usize != loaded.stored.record.moves.len() {
            return self.current_board_private(locale, &loaded);
        }
        let Some(seat) = loaded.seat_of(user.id) else {
            return Err(Fail::User(Text::NotAPlayer));
        };
        if self.out_of_time(&loaded) {
            let board = self.time_out(&mut loaded)?;
            return Ok(Response {
                reply: Reply::Update(board),
                shows: Some(loaded.shown()),
                edits: Vec::new(),
                computer: None,
                thread: None,
            });
        }
        let to_move = loaded.game.position().to_move();
        if to_move != Some(seat) {
            let player = to_move
                .map(|s| loaded.stored.record.seats[s.index()].id)
                .unwrap_or(user.id);
            return Err(Fail::User(Text::NotYourTurn { player }));
        }
        let events = loaded
            .game
            .play(mv)
            .map_err(|e| Fail::User(Text::Illegal(e)))?;
        loaded.stored.record.push_move(mv);
        loaded.last = Some((mv, events));
        self.store_move(&mut loaded)?;
        Ok(Response {
            reply: Reply::Update(self.board_msg(&loaded, None)?),
            shows: Some(loaded.shown()),
            edits: Vec::new(),
            computer: computer::owed(&loaded),
            thread: None,
        })
    }

    /// A move clicked on `copy`, an old copy of the board (the board was posted again): not
    /// played; the player is pointed to the live board and the copy loses its buttons.
    fn old_copy(&self, locale: Locale, loaded: &Loaded, copy: u64) -> Result<Response, Fail> {
        let record = &loaded.stored.record;
        let retired = self.retire(record, Some(copy))?;
        let link = message_link(record.guild, record.channel, record.message);
        let mut response = Response::private(Text::BoardPostedAgain { link }.render(locale));
        response.edits.extend(retired);
        Ok(response)
    }

    fn ask_resign(&self, locale: Locale, user: &UserRef, id: u64) -> Result<Response, Fail> {
        let loaded = self.load_game(id)?;
        if loaded.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        let Some(seat) = loaded.seat_of(user.id) else {
            return Err(Fail::User(Text::NotAPlayer));
        };
        let opponent = loaded.stored.record.seats[seat.other().index()].id;
        Ok(Response {
            reply: Reply::Private(Msg {
                text: Text::ConfirmResign { opponent }.render(locale),
                png: None,
                rows: vec![vec![Button {
                    action: Action::ConfirmResign { game: id },
                    label: Text::YesResign.render(locale),
                    style: Style::Danger,
                    disabled: false,
                }]],
            }),
            shows: None,
            edits: Vec::new(),
            computer: None,
            thread: None,
        })
    }

    /// Resigns `user` from game `id`; returns the loser's seat and the final board.
    fn apply_resign(&self, user: &UserRef, id: u64) -> Result<(Loaded, Msg), Fail> {
        let mut loaded = self.load_game(id)?;
        if loaded.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        let Some(seat) = loaded.seat_of(user.id) else {
            return Err(Fail::User(Text::NotAPlayer));
        };
        loaded.stored.record.retire(seat, Retirement::Resigned);
        self.end_game(&mut loaded)?;
        let board = self.board_msg(&loaded, None)?;
        Ok((loaded, board))
    }

    fn confirm_resign(&self, locale: Locale, user: &UserRef, id: u64) -> Result<Response, Fail> {
        let (loaded, board) = self.apply_resign(user, id)?;
        Ok(Response {
            reply: Reply::Update(Msg::text(Text::YouResigned.render(locale))),
            shows: None,
            edits: vec![self.board_edit(&loaded, board)],
            computer: None,
            thread: None,
        })
    }

    fn do_resign_command(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
    ) -> Result<Response, Fail> {
        let id = match self.store.channel(place.channel)? {
            Some(ChannelEntry::Game(id)) => id,
            _ => return Err(Fail::User(Text::NoGameHere)),
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
                Response {
                    reply: Reply::Post {
                        msg: Msg::text(Text::ResignedAnnouncement { loser, winner }.render(locale)),
                        track: None,
                    },
                    shows: None,
                    edits: vec![self.board_edit(&loaded, board)],
                    computer: None,
                    thread: None,
                }
            }
            None => Response {
                reply: Reply::Post {
                    msg: board,
                    track: Some(Track::Game(loaded.shown())),
                },
                shows: None,
                edits: Vec::new(),
                computer: None,
                thread: None,
            },
        })
    }

    fn do_board(&self, place: Place) -> Result<Response, Fail> {
        match self.store.channel(place.channel)? {
            Some(ChannelEntry::Game(id)) => {
                let loaded = self.load_game(id)?;
                Ok(Response {
                    reply: Reply::Post {
                        msg: self.board_msg(&loaded, None)?,
                        track: Some(Track::Game(loaded.shown())),
                    },
                    shows: None,
                    edits: Vec::new(),
                    computer: None,
                    thread: None,
                })
            }
            Some(ChannelEntry::Challenge(id)) => {
                let link = self
                    .store
                    .challenge(id)?
                    .and_then(|c| message_link(c.record.guild, c.record.channel, c.record.message));
                Err(Fail::User(Text::OnlyChallengeHere { link }))
            }
            None => Err(Fail::User(Text::NoGameHere)),
        }
    }

    /// The board message: caption, picture and (while the game goes on) the move buttons.
    fn board_msg(&self, loaded: &Loaded, intro: Option<Text>) -> Result<Msg, Fail> {
        let locale = loaded.stored.record.locale;
        let record = &loaded.stored.record;
        let position = loaded.game.position();
        let players = &record.seats;
        let id_of = |seat: Seat| players[seat.index()].id;
        let mut lines: Vec<Text> = intro.into_iter().collect();
        let mut last_move = None;
        let mut end = None;
        if let Some((mv, events)) = &loaded.last {
            let mut relays = 0;
            let mut citizens = 0u32;
            let mut mandarins = (false, false);
            let mut captured = Vec::new();
            let mut refills = Vec::new();
            for event in events {
                match *event {
                    Event::Relay { .. } | Event::TakeOne { .. } => relays += 1,
                    Event::Capture {
                        square,
                        citizens: c,
                        quan,
                        ..
                    } => {
                        captured.push(square);
                        citizens += u32::from(c);
                        if quan && square == Square::WEST {
                            mandarins.0 = true;
                        }
                        if quan && square == Square::EAST {
                            mandarins.1 = true;
                        }
                    }
                    Event::Refill { seat } => refills.push((seat, 0)),
                    Event::Borrow { seat, points } => {
                        if let Some(entry) = refills.iter_mut().find(|(s, _)| *s == seat) {
                            entry.1 = points;
                        } else {
                            refills.push((seat, points));
                        }
                    }
                    Event::GameEnd {
                        reason,
                        outcome,
                        collected,
                    } => end = Some((reason, outcome, collected)),
                    Event::Lift { .. } | Event::Sow { .. } => {}
                }
            }
            let mover = mv.square.owner().unwrap_or(Seat::South);
            lines.push(Text::MoveSummary {
                mover: id_of(mover),
                label: mv.square.label().unwrap_or(0),
                right: crate::render::oaq::travels_right(*mv),
                relays,
                citizens,
                mandarins,
            });
            for (seat, borrowed) in refills {
                lines.push(Text::Refilled {
                    player: id_of(seat),
                    borrowed,
                });
            }
            last_move = Some(LastMove { mv: *mv, captured });
        }
        let points = |seat: Seat| position.captured(seat);
        let name = |seat: Seat| players[seat.index()].name.clone();
        let status;
        if let Some(loser) = record.resigned() {
            let winner = loser.other();
            lines.push(Text::Resigned {
                loser: id_of(loser),
                winner: id_of(winner),
            });
            status = Text::StatusResigned { name: name(winner) };
        } else if let Some(loser) = record.timed_out() {
            let winner = loser.other();
            lines.push(Text::TimedOut {
                loser: id_of(loser),
                winner: id_of(winner),
            });
            status = Text::StatusTimedOut { name: name(winner) };
        } else if let Some((reason, outcome, collected)) = end {
            lines.push(Text::GameEnded { reason });
            for seat in Seat::BOTH {
                let gathered = collected[seat.index()];
                lines.push(Text::FinalCount {
                    name: name(seat),
                    captured: points(seat) - i16::from(gathered),
                    collected: gathered,
                });
            }
            match outcome {
                Outcome::Winner(seat) => {
                    lines.push(Text::Wins {
                        winner: id_of(seat),
                    });
                    status = Text::StatusWins {
                        name: name(seat),
                        high: points(seat),
                        low: points(seat.other()),
                    };
                }
                Outcome::Draw => {
                    lines.push(Text::Draw);
                    status = Text::StatusDraw {
                        points: points(Seat::South),
                    };
                }
            }
        } else if let Some(seat) = position.to_move() {
            if players[seat.index()].computer.is_some() {
                lines.push(Text::Thinking {
                    player: id_of(seat),
                });
            } else {
                lines.push(Text::ToMove {
                    player: id_of(seat),
                });
                if let Some(deadline) = record.deadline_ms {
                    lines.push(Text::TurnEnds {
                        deadline_s: deadline / 1000,
                    });
                }
            }
            status = Text::StatusToMove { name: name(seat) };
        } else {
            // Over without a GameEnd event in the last move cannot happen; describe the result.
            let outcome = position.outcome().unwrap_or(Outcome::Draw);
            status = match outcome {
                Outcome::Winner(seat) => Text::StatusWins {
                    name: name(seat),
                    high: points(seat),
                    low: points(seat.other()),
                },
                Outcome::Draw => Text::StatusDraw {
                    points: points(Seat::South),
                },
            };
        }
        if loaded.finished() {
            lines.extend(self.rating_lines(record.id)?);
            lines.extend(self.bot_record_line(record)?);
        } else {
            lines.push(Text::Totals {
                south: name(Seat::South),
                south_points: points(Seat::South),
                north: name(Seat::North),
                north_points: points(Seat::North),
            });
        }

        let details = Seat::BOTH.map(|s| Text::PanelCaptured { points: points(s) }.render(locale));
        let title = Text::BoardTitle {
            rules: loaded.rules,
        }
        .render(locale);
        let status = status.render(locale);
        let view = BoardView {
            position,
            // A finished game (also one resigned or timed out, whose position still has a
            // player to move) shows no turn marker.
            turn: position.to_move().filter(|_| !loaded.finished()),
            players: [
                PlayerPanel {
                    name: &players[0].name,
                    detail: &details[0],
                },
                PlayerPanel {
                    name: &players[1].name,
                    detail: &details[1],
                },
            ],
            title: &title,
            status: &status,
            last: last_move.as_ref(),
        };
        let png = crate::render::oaq::render(&self.fonts, &view)?;
        let rows = if loaded.finished() {
            rematch::rows(locale, record.id)
        } else {
            let human = position
                .to_move()
                .is_some_and(|s| players[s.index()].computer.is_none());
            self.move_buttons(
                locale,
                record.id,
                record.moves.len() as u32,
                position,
                human,
            )
        };
        Ok(Msg {
            text: lines
                .iter()
                .map(|t| t.render(locale))
                .collect::<Vec<_>>()
                .join("\n"),
            png: Some(png),
            rows,
        })
    }

    /// Two rows of five move buttons for the player to move (stones travelling left on the
    /// picture, then right), in the order the squares appear on the picture, then Resign and
    /// Rules. While the computer is to move (`human` false), only Resign and Rules.
    fn move_buttons(
        &self,
        locale: Locale,
        game: u64,
        ply: u32,
        position: &Position,
        human: bool,
    ) -> Vec<Vec<Button>> {
        let Some(seat) = position.to_move() else {
            return Vec::new();
        };
        let mut squares: Vec<Square> = seat.squares().collect();
        if seat == Seat::North {
            // North's squares 7..11 appear right to left on the picture.
            squares.reverse();
        }
        let mut rows = Vec::new();
        let sides: &[bool] = if human { &[false, true] } else { &[] };
        for &screen_right in sides {
            let row = squares
                .iter()
                .map(|&square| {
                    let direction = if (seat == Seat::South) == screen_right {
                        Direction::Right
                    } else {
                        Direction::Left
                    };
                    let mv = Move::new(square, direction);
                    let label = square.label().unwrap_or(0);
                    Button {
                        action: Action::Play { game, ply, mv },
                        label: if screen_right {
                            format!("{label} →")
                        } else {
                            format!("← {label}")
                        },
                        style: Style::Primary,
                        disabled: !position.is_legal(mv),
                    }
                })
                .collect();
            rows.push(row);
        }
        rows.push(vec![
            Button {
                action: Action::Resign { game },
                label: Text::Resign.render(locale),
                style: Style::Danger,
                disabled: false,
            },
            Button {
                action: Action::Rules { game },
                label: Text::RulesButton.render(locale),
                style: Style::Secondary,
                disabled: false,
            },
        ]);
        rows
    }
}
