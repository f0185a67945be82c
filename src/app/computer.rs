//! Playing the computer opponent: `/oaq play` (or challenging the bot itself) starts a game at
//! once; the computer's moves are computed by [`App::computer_move`], which the adapter runs
//! off the async threads after answering the person's click.

use std::time::Duration;

use crate::app::ending::{computer_levels, people};
use crate::app::fail::{retry, Fail};
use crate::app::games::{GameRules, RuleChoice, Table};
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::Text;
use crate::app::vocab::{Caller, ComputerTurn, Edit, Place, Response, Track, UserRef};
use crate::ids::{GameId, UserId};
use crate::locale::Locale;
use crate::store::{GameRecord, Level, Player, StoreError, Stored};

/// The options of `/oaq play`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayRequest {
    /// The bot's own account, which takes the computer's seat.
    pub computer: UserRef,
    /// How strong the computer plays.
    pub level: Level,
    /// The game and what the person chose of its rules (the server's defaults fill the rest).
    pub rules: RuleChoice,
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
pub(super) fn owed_turn(loaded: &Loaded) -> Option<ComputerTurn> {
    if loaded.finished() {
        return None;
    }
    let record = &loaded.stored.record;
    let seat = loaded.to_move()?;
    record.seats.get(seat)?.computer?;
    Some(ComputerTurn {
        game: record.id,
        ply: record.moves.len() as u32,
    })
}

/// How long a run of computer seats that move one after another may think in all, so the
/// next person is not kept waiting: each of `n` computers in a row gets at most a `n`th of it
/// (and never more than the configured budget per move).
pub const RUN_BUDGET_MS: u64 = 4_000;

/// The computer seats that move in a row from `seat` on (seat order is turn order; seats
/// that left the game are skipped).
fn computers_in_a_row(record: &GameRecord, seat: usize) -> u64 {
    let n = record.seats.len();
    let left = |s: usize| record.retired.iter().any(|r| r.seat == s);
    let mut run = 0;
    for step in 0..n {
        let s = (seat + step) % n;
        if left(s) {
            continue;
        }
        if record.seats[s].computer.is_none() {
            break;
        }
        run += 1;
    }
    run.max(1)
}

/// The seed of the computer's choice at this point of this game, so a game replays the same.
fn seed(turn: ComputerTurn) -> u64 {
    turn.game
        .get()
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(u64::from(turn.ply))
}

impl App {
    /// `/oaq play`: starts a game against the computer right away; the person moves first.
    pub fn play_computer(&self, caller: &Caller, request: PlayRequest) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let result = (|| {
            let (_, edits, rules) = self.open_place(place, &request.rules)?;
            let computer = Player {
                id: request.computer.id,
                name: Text::ComputerName {
                    name: request.computer.name.clone(),
                    level: request.level,
                }
                .render(locale),
                computer: Some(request.level),
            };
            let seats = vec![user.player(), computer];
            self.start_computer_game(locale, place, seats, rules, edits)
        })();
        self.finish(locale, "play", result)
    }

    /// Starts a game under `rules` against the computer (`seats` in turn order) and posts its
    /// board; when the computer moves first, its first move is owed.
    pub(super) fn start_computer_game(
        &self,
        locale: Locale,
        place: Place,
        seats: Vec<Player>,
        rules: GameRules,
        edits: Vec<Edit>,
    ) -> Result<Response, Fail> {
        let table = Table::start(&rules, seats.len())?;
        let record = GameRecord {
            id: GameId::new(self.store.new_id()?),
            guild: place.guild,
            channel: place.channel,
            message: None,
            kind: rules.kind(),
            seats,
            rules: rules.to_json()?,
            start: table.start_text(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: self.now(),
            turn_ms: Some(self.turn_ms(place.guild)?),
            deadline_ms: None,
            locale,
            tournament_round: None,
        };
        let mut loaded = Loaded {
            stored: Stored {
                revision: 0,
                record,
            },
            table,
            movers: Vec::new(),
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
        let seats = &record.seats;
        let person = seats.iter().find(|p| p.computer.is_none());
        let level = seats.iter().find_map(|p| p.computer);
        let intro = Text::ComputerGame {
            player: person.map_or(UserId::new(0), |p| p.id),
            level: level.unwrap_or(Level::Medium),
            player_first: seats.first().is_some_and(|p| p.computer.is_none()),
        };
        let msg = self.board_msg(&loaded, Some(intro))?;
        Ok(Response::post(msg, Some(Track::Game(loaded.shown())))
            .with_edits(edits)
            .with_computer(owed_turn(&loaded)))
    }

    /// Plays the computer's move `turn` if it is still owed (the game goes on, nobody moved
    /// meanwhile), thinking within its level's budget: slow, so call it off the async
    /// threads. The move is stored with compare-and-swap and flushed like a person's.
    /// `None` when there is nothing to do; failures are logged.
    pub fn computer_move(&self, turn: ComputerTurn) -> Option<ComputerMoved> {
        match retry(|| self.try_computer_move(turn)) {
            Ok(moved) => moved,
            Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => None,
            Err(Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason)) => {
                tracing::error!(game = turn.game.get(), %reason, "the computer could not move");
                None
            }
        }
    }

    fn try_computer_move(&self, turn: ComputerTurn) -> Result<Option<ComputerMoved>, Fail> {
        let mut loaded = self.load_game(turn.game)?;
        if owed_turn(&loaded) != Some(turn) {
            return Ok(None);
        }
        let seat = loaded.to_move().unwrap_or_default();
        let record = &loaded.stored.record;
        let level = record
            .seats
            .get(seat)
            .and_then(|p| p.computer)
            .unwrap_or(Level::Medium);
        let share = RUN_BUDGET_MS / computers_in_a_row(record, seat);
        let budget = Duration::from_millis(self.settings.bot_move_ms.min(share));
        let Some(mv) = loaded.table.choose(level, budget, seed(turn)) else {
            return Ok(None);
        };
        loaded.play(&mv).map_err(|e| {
            Fail::Internal(format!("the computer chose an illegal move {mv}: {e:?}"))
        })?;
        self.store_move(&mut loaded)?;
        let board = self.board_msg(&loaded, None)?;
        Ok(Some(ComputerMoved {
            edit: self.board_edit(&loaded, board),
            next: owed_turn(&loaded),
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
                    Ok(loaded) if !self.owns(loaded.stored.record.guild) => None,
                    Ok(loaded) => owed_turn(&loaded),
                    Err(_) => {
                        tracing::error!(game = id.get(), "cannot load a running game");
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

    /// For a finished game with computer seats, each person's record against each level
    /// of the computer at the table, this game counted (it was added when the game ended):
    /// a line per person and level, in seat order.
    pub(super) fn bot_record_lines(&self, record: &GameRecord) -> Result<Vec<Text>, Fail> {
        let levels = computer_levels(record);
        if levels.is_empty() {
            return Ok(Vec::new());
        }
        let mut lines = Vec::new();
        for (_, person) in people(record) {
            let tallies = self.store.bot_record(record.kind, person)?;
            lines.extend(levels.iter().map(|&level| {
                let tally = tallies.tally(level);
                Text::BotRecord {
                    player: person,
                    level,
                    wins: tally.wins,
                    draws: tally.draws,
                    losses: tally.losses,
                }
            }));
        }
        Ok(lines)
    }
}
