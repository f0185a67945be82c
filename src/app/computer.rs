//! Playing the computer opponent: `/oaq play` (or challenging the bot itself) starts a game at
//! once; the computer's moves are computed by [`App::computer_move`], which the adapter runs
//! off the async threads after answering the person's click.

use std::time::Duration;

use super::stored::{engine_level, rules_value, OaqRecord};
use super::{
    App, Edit, Fail, Loaded, Locale, Place, Reply, Response, Text, Track, UserRef, ATTEMPTS,
};
use crate::games::oaq::{self, Game, Position, Preset, Rules};
use crate::store::{GameKind, GameRecord, Level, Player, StoreError, Stored};

/// A move the computer opponent owes: in game `game`, on the position after `ply` moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputerTurn {
    /// The game.
    pub game: u64,
    /// Moves played when the computer's turn began.
    pub ply: u32,
}

/// The options of `/oaq play`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayRequest {
    /// The bot's own account, which takes the computer's seat.
    pub computer: UserRef,
    /// How strong the computer plays.
    pub level: Level,
    /// The rules preset; `None`: the server's default.
    pub preset: Option<Preset>,
    /// The mandarin's value (10 or 5) if not the preset's; `None`: the server's default.
    pub quan_value: Option<u8>,
}

/// The computer's move, played and stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComputerMoved {
    /// The board message, edited to show the move.
    pub edit: Edit,
    /// The computer's next move, if it is to move again.
    pub next: Option<ComputerTurn>,
}

/// The computer's move owed in this game, if any.
pub(super) fn owed(loaded: &Loaded) -> Option<ComputerTurn> {
    if loaded.finished() {
        return None;
    }
    let record = &loaded.stored.record;
    let seat = loaded.game.position().to_move()?;
    record.seats[seat.index()].computer?;
    Some(ComputerTurn {
        game: record.id,
        ply: record.moves.len() as u32,
    })
}

/// The seed of the computer's choice at this point of this game, so a game replays the same.
fn seed(turn: ComputerTurn) -> u64 {
    turn.game
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(turn.ply))
}

impl App {
    /// `/oaq play`: starts a game against the computer right away; the person moves first.
    pub fn play_computer(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        request: PlayRequest,
    ) -> Response {
        let result = (|| {
            let (_, edits, rules) = self.open_place(place, request.preset, request.quan_value)?;
            let computer = Player {
                id: request.computer.id,
                name: Text::ComputerName {
                    name: request.computer.name.clone(),
                    level: engine_level(request.level),
                }
                .render(locale),
                computer: Some(request.level),
            };
            let players = vec![user.player(), computer];
            self.start_computer_game(locale, place, players, rules, edits)
        })();
        self.finish(locale, "play", result)
    }

    /// Starts a game against the computer (South moves first) and posts its board; when the
    /// computer is South, its first move is owed.
    pub(super) fn start_computer_game(
        &self,
        locale: Locale,
        place: Place,
        players: Vec<Player>,
        rules: Rules,
        edits: Vec<Edit>,
    ) -> Result<Response, Fail> {
        let start = Position::start(rules);
        let record = GameRecord {
            id: self.store.new_id()?,
            guild: place.guild,
            channel: place.channel,
            message: None,
            kind: GameKind::Oaq,
            seats: players,
            rules: rules_value(&rules),
            start: start.to_string(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: self.now(),
            turn_ms: Some(self.turn_ms(place.guild)?),
            deadline_ms: None,
            locale,
        };
        let mut loaded = Loaded {
            stored: Stored {
                revision: 0,
                record,
            },
            game: Game::new(start),
            rules,
            last: None,
        };
        loaded.stored.record.deadline_ms = self.deadline(&loaded);
        loaded.stored = match self.store.create_game(&loaded.stored.record) {
            Ok(stored) => stored,
            Err(StoreError::ChannelBusy { .. }) => {
                return Err(Fail::User(Text::ChannelHasGame { link: None }))
            }
            Err(other) => return Err(other.into()),
        };
        let record = &loaded.stored.record;
        let person_first = record.seats[0].computer.is_none();
        let (person, computer) = if person_first {
            (&record.seats[0], &record.seats[1])
        } else {
            (&record.seats[1], &record.seats[0])
        };
        let intro = Text::ComputerGame {
            player: person.id,
            level: engine_level(computer.computer.unwrap_or(Level::Medium)),
            player_first: person_first,
        };
        Ok(Response {
            reply: Reply::Post {
                msg: self.board_msg(&loaded, Some(intro))?,
                track: Some(Track::Game(loaded.shown())),
            },
            shows: None,
            edits,
            computer: owed(&loaded),
            thread: None,
        })
    }

    /// Plays the computer's move `turn` if it is still owed (the game goes on, nobody moved
    /// meanwhile), thinking within its level's budget: slow, so call it off the async
    /// threads. The move is stored with compare-and-swap and flushed like a person's.
    /// `None` when there is nothing to do; failures are logged.
    pub fn computer_move(&self, turn: ComputerTurn) -> Option<ComputerMoved> {
        for _ in 0..ATTEMPTS {
            match self.try_computer_move(turn) {
                Ok(moved) => return moved,
                Err(Fail::Conflict) => continue,
                Err(Fail::User(_)) => return None,
                Err(Fail::Damaged(reason) | Fail::Internal(reason)) => {
                    tracing::error!(game = turn.game, %reason, "the computer could not move");
                    return None;
                }
            }
        }
        None
    }

    fn try_computer_move(&self, turn: ComputerTurn) -> Result<Option<ComputerMoved>, Fail> {
        let mut loaded = self.load_game(turn.game)?;
        if owed(&loaded) != Some(turn) {
            return Ok(None);
        }
        let level = loaded
            .game
            .position()
            .to_move()
            .and_then(|seat| loaded.stored.record.seats[seat.index()].computer)
            .map_or(oaq::Level::Medium, engine_level);
        let mut player = oaq::Player::new(level, seed(turn))
            .with_budget(Duration::from_millis(self.settings.bot_move_ms));
        let Some(mv) = player.choose(loaded.game.position()) else {
            return Ok(None);
        };
        let events = loaded
            .game
            .play(mv)
            .map_err(|e| Fail::Internal(format!("the computer chose an illegal move: {e}")))?;
        loaded.stored.record.push_move(mv);
        loaded.last = Some((mv, events));
        self.store_move(&mut loaded)?;
        let board = self.board_msg(&loaded, None)?;
        Ok(Some(ComputerMoved {
            edit: self.board_edit(&loaded, board),
            next: owed(&loaded),
        }))
    }

    /// The computer's moves owed in running games, to make at start-up (a restart may have
    /// interrupted its thinking).
    pub fn computer_turns(&self) -> Vec<ComputerTurn> {
        self.store
            .running_games()
            .into_iter()
            .filter_map(|item| match item {
                Ok(id) => match self.load_game(id) {
                    Ok(loaded) => owed(&loaded),
                    Err(_) => {
                        tracing::error!(game = id, "cannot load a running game");
                        None
                    }
                },
                Err(error) => {
                    tracing::error!(%error, "damaged channel index entry");
                    None
                }
            })
            .collect()
    }

    /// For a finished game against the computer, the person's record against its level.
    pub(super) fn bot_record_line(&self, record: &GameRecord) -> Result<Option<Text>, Fail> {
        let Some(level) = record.seats.iter().find_map(|p| p.computer) else {
            return Ok(None);
        };
        let Some(person) = record.seats.iter().find(|p| p.computer.is_none()) else {
            return Ok(None);
        };
        let tally = self.store.bot_record(record.kind, person.id)?.tally(level);
        Ok(Some(Text::BotRecord {
            player: person.id,
            level: engine_level(level),
            wins: tally.wins,
            draws: tally.draws,
            losses: tally.losses,
        }))
    }
}
