//! Tournaments in a server: Swiss and round-robin events of two-player games, each pairing
//! played in a thread of its own, standings as pictures.
//!
//! A tournament is one record (see `store/tournaments.rs`) shown by one message in its
//! channel, edited as it goes: the entrants while it takes entries, then the current round's
//! pairings and the standings after the last round over, then the final standings and the
//! crosstable. Each round's start and the winner are announced as new messages.
//!
//! How it runs:
//! - **Pairing** a round stores its pairings with a fresh game id for each, in one write, so
//!   no pairing's game can be started twice; Swiss rounds come from [`swiss::pair`] (by score
//!   groups, no rematch, colours balanced, one bye at most), a round-robin's from the
//!   schedule laid out at the start by Berger tables ([`round_robin::schedule`]).
//! - **Games** start at once, without an accept: [`App::tournament_work`] lists the pairings
//!   whose game does not exist yet, the adapter opens a public thread for each and calls
//!   [`App::open_pairing`], which creates the game there (it refuses to create one twice) and
//!   returns its board. A game is an ordinary game: rated, timed, resigned, timed out.
//! - **Results** are read back from the history (a finished game is the truth), by the sweep
//!   and by every click, so nothing is lost if the bot stops between a game's end and the
//!   tournament's next write. The round closes when its last game is over; the next one is
//!   paired at once, or when the organiser presses *Next round* if they chose so.
//!
//! Decisions where the issue was silent: a withdrawal takes effect from the next round (a game
//! in progress is played out or resigned as usual); in a round-robin a withdrawn player's
//! later games are not played (the opponent rests that round, scoring nothing, as FIDE's
//! rules for a player who leaves before half of the event); late entries are for Swiss
//! tournaments only (a round-robin's schedule is fixed at its start), and enter with no
//! points; a Swiss tournament without a set number of rounds plays ⌈log₂ n⌉ (at most n − 1),
//! enough for a sole winner of a knock-out. Cancelling a tournament leaves its games in
//! progress to be played out as ordinary rated games.

use std::collections::HashMap;

use super::games::{GameRules, RuleChoice, Table};
use super::table::Loaded;
use super::text::{FormatName, TournamentText};
use super::{
    message_link, retry, Action, App, Attachment, Button, Edit, Fail, Locale, Msg, Place, Response,
    Style, Text, Track, UserRef, MAX_TURN_S, MIN_TURN_S,
};
use crate::render::table::{self, Column, Row, TableView};
use crate::render::Align;
use crate::store::{
    Entry, Format, GameKind, GameRecord, Note, Owed, OwedKey, OwedWrite, Played, Player, Stage,
    Stored, TournamentRecord,
};
use crate::tournament::{round_robin, standings, swiss, Colour, Entrant, Outcome, Points, Round};

/// The most rounds a Swiss tournament may be given.
pub const MAX_SWISS_ROUNDS: u32 = 20;
/// The most entrants the tournament message lists by name.
const LISTED: usize = 30;

/// What a button of a tournament message does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentOp {
    /// Enter.
    Join,
    /// Leave before the start, or withdraw after it.
    Leave,
    /// Start it (the organiser).
    Start,
    /// Cancel it (the organiser).
    Cancel,
    /// Start the next round (the organiser, when rounds wait for them).
    Next,
}

/// The options of `/… tournament new`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRequest {
    /// The game and what was chosen of its rules (the server's defaults fill the rest).
    pub rules: RuleChoice,
    /// How rounds are paired.
    pub format: Format,
    /// Time per move in seconds; `None`: the server's turn timeout.
    pub turn_s: Option<u64>,
    /// Whether the organiser starts each round after the first.
    pub manual: bool,
    /// The most players it takes.
    pub limit: Option<u32>,
    /// When it starts by itself (Unix seconds).
    pub starts_s: Option<u64>,
}

/// A click on a tournament message's button, with what the interaction says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentClick {
    /// The tournament the button names.
    pub tournament: u64,
    /// What it does.
    pub op: TournamentOp,
    /// Whether the member has the Manage Server permission (which makes them an organiser of
    /// every tournament of the server).
    pub manager: bool,
    /// The message clicked: the tournament's, whose id the bot may not have read back yet.
    pub clicked: Option<u64>,
}

/// A pairing whose game is to be started: open a public thread named `name` in `channel`,
/// then call [`App::open_pairing`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingStart {
    /// The game's id.
    pub game: u64,
    /// The tournament's channel.
    pub channel: u64,
    /// The thread's name.
    pub name: String,
}

/// The outcome of a finished game between two seats, from its places.
fn outcome(places: &[u8]) -> Option<Outcome> {
    match (places.first()?, places.get(1)?) {
        (a, b) if a < b => Some(Outcome::FirstWins),
        (a, b) if a > b => Some(Outcome::SecondWins),
        _ => Some(Outcome::Draw),
    }
}

fn format_name(format: Format) -> FormatName {
    match format {
        Format::Swiss { .. } => FormatName::Swiss,
        Format::RoundRobin { double: false } => FormatName::RoundRobin,
        Format::RoundRobin { double: true } => FormatName::DoubleRoundRobin,
    }
}

fn system(format: Format) -> standings::System {
    match format {
        Format::Swiss { .. } => standings::System::Swiss,
        Format::RoundRobin { .. } => standings::System::RoundRobin,
    }
}

/// Every entrant, withdrawn or not, as the engine sees them.
fn entrants(record: &TournamentRecord) -> Vec<Entrant> {
    record
        .entries
        .iter()
        .map(|e| Entrant {
            id: e.player.id,
            rating: e.rating,
        })
        .collect()
}

/// The entrants still playing.
fn active(record: &TournamentRecord) -> Vec<Entrant> {
    record
        .entries
        .iter()
        .filter(|e| !e.withdrawn)
        .map(|e| Entrant {
            id: e.player.id,
            rating: e.rating,
        })
        .collect()
}

fn rounds_of(record: &TournamentRecord) -> Vec<Round> {
    record.rounds.iter().map(|p| p.round.clone()).collect()
}

/// Rounds over.
fn rounds_over(record: &TournamentRecord) -> u32 {
    record.rounds.iter().filter(|p| p.round.is_over()).count() as u32
}

/// A Sonneborn–Berger or performance figure as printed: `4`, `4.5`, `4.75`.
fn decimal(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::FirstWins) => "1–0",
        Some(Outcome::SecondWins) => "0–1",
        Some(Outcome::Draw) => "½–½",
        None => "",
    }
}

impl App {
    /// `/… tournament new`: creates a tournament taking entries in this channel and posts its
    /// message.
    pub fn new_tournament(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        request: TournamentRequest,
    ) -> Response {
        let result = self.create_tournament(locale, place, user, request);
        self.finish(locale, "tournament new", result)
    }

    fn create_tournament(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        request: TournamentRequest,
    ) -> Result<Response, Fail> {
        if place.guild.is_none() {
            return Err(Fail::User(TournamentText::ServersOnly.into()));
        }
        let settings = self.guild_settings(place.guild)?;
        if !settings.channels.is_empty() && !settings.channels.contains(&place.channel) {
            return Err(Fail::User(Text::ChannelNotAllowed {
                channels: settings.channels.clone(),
            }));
        }
        let rules = request.rules.rules(&settings)?;
        if !rules.seat_counts().contains(&2) {
            return Err(Fail::User(TournamentText::TwoPlayers.into()));
        }
        let turn_ms = match request.turn_s {
            Some(turn) if !(MIN_TURN_S..=MAX_TURN_S).contains(&turn) => {
                return Err(Fail::User(Text::TurnTimeoutOutOfRange {
                    min_s: MIN_TURN_S,
                    max_s: MAX_TURN_S,
                }))
            }
            Some(turn) => turn * 1000,
            None => self.turn_ms(place.guild)?,
        };
        if let Format::Swiss { rounds } = request.format {
            if rounds > MAX_SWISS_ROUNDS {
                return Err(Fail::User(
                    TournamentText::RoundsRange {
                        max: MAX_SWISS_ROUNDS,
                    }
                    .into(),
                ));
            }
        }
        let now = self.now();
        let starts_ms = request.starts_s.map(|s| s.saturating_mul(1000));
        if starts_ms.is_some_and(|at| at <= now) {
            return Err(Fail::User(TournamentText::StartInPast.into()));
        }
        let record = TournamentRecord {
            id: self.store.new_id()?,
            guild: place.guild,
            channel: place.channel,
            message: None,
            kind: rules.kind(),
            rules: rules.to_json()?,
            organiser: user.player(),
            format: request.format,
            turn_ms,
            manual: request.manual,
            limit: request.limit.filter(|&l| l >= 2),
            starts_ms,
            locale,
            created_ms: now,
            entries: Vec::new(),
            rounds: Vec::new(),
            planned: 0,
            schedule: Vec::new(),
            stage: Stage::Open,
            cancelled_by: None,
        };
        self.store.create_tournament(&record)?;
        let msg = self.tournament_msg(&record)?;
        Ok(Response::post(msg, Some(Track::Tournament(record.id))))
    }

    /// A click on a tournament message's button.
    pub fn tournament_click(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        click: TournamentClick,
    ) -> Response {
        let TournamentClick {
            tournament,
            op,
            manager,
            clicked,
        } = click;
        let result = retry(|| {
            self.check_place(place, Action::Tournament { tournament, op })?;
            if let Some(message) = clicked {
                self.learn_tournament_message(tournament, message)?;
            }
            self.tournament_once(user, manager, tournament, op)
        });
        self.finish(locale, "tournament click", result)
    }

    /// One attempt at a tournament button (see [`retry`]).
    pub(super) fn tournament_once(
        &self,
        user: &UserRef,
        manager: bool,
        tournament: u64,
        op: TournamentOp,
    ) -> Result<Response, Fail> {
        let stored = self.load_tournament(tournament)?;
        let (record, notes) = self.apply(stored.record.clone(), user, manager, op)?;
        let stored = self.save_tournament(&stored, &record, true, notes)?;
        let msg = self.tournament_msg(&stored.record)?;
        let mut response = Response::update(msg);
        response.effects.tournaments = stored.record.stage == Stage::Playing;
        Ok(response)
    }

    /// `/… tournament withdraw`: withdraws the user from the tournament of this game they
    /// play in this server (the one in this channel first, else the latest).
    pub fn tournament_withdraw(
        &self,
        locale: Locale,
        place: Place,
        user: &UserRef,
        kind: GameKind,
    ) -> Response {
        let result = retry(|| {
            let stored = self
                .server_tournaments(place, kind)?
                .into_iter()
                .find(|t| {
                    matches!(t.record.stage, Stage::Open | Stage::Playing)
                        && t.record.entry(user.id).is_some_and(|e| !e.withdrawn)
                })
                .ok_or(Fail::User(TournamentText::NoneHere { game: kind }.into()))?;
            let (record, notes) =
                self.apply(stored.record.clone(), user, false, TournamentOp::Leave)?;
            let playing = record.current().is_some_and(|p| {
                p.round
                    .game_of(user.id)
                    .is_some_and(|g| g.outcome.is_none())
            }) && record.stage == Stage::Playing;
            self.save_tournament(&stored, &record, false, notes)?;
            Ok(Response::private(
                Text::from(TournamentText::Withdrew { playing }).render(locale),
            ))
        });
        self.finish(locale, "tournament withdraw", result)
    }

    /// `/… tournament standings`: the standings of the latest tournament of this game in this
    /// server (the one in this channel first), privately.
    pub fn tournament_standings(&self, locale: Locale, place: Place, kind: GameKind) -> Response {
        let result = (|| {
            let stored = self
                .server_tournaments(place, kind)?
                .into_iter()
                .find(|t| !t.record.rounds.is_empty())
                .ok_or(Fail::User(TournamentText::NoneHere { game: kind }.into()))?;
            let mut record = stored.record;
            self.collect_results(&mut record)?;
            let done = rounds_over(&record);
            let last = record.stage == Stage::Finished;
            let mut files = vec![Attachment::png(
                "standings.png",
                self.standings_png(&record, done, last)?,
            )];
            if last {
                files.push(Attachment::png(
                    "crosstable.png",
                    self.crosstable_png(&record)?,
                ));
            }
            let text = self.tournament_title(&record)?.render(record.locale);
            Ok(Response::private_msg(Msg {
                text,
                files,
                ..Msg::default()
            }))
        })();
        self.finish(locale, "tournament standings", result)
    }

    /// `/… tournament list`: the tournaments of this game in this server, newest first.
    pub fn tournament_list(&self, locale: Locale, place: Place, kind: GameKind) -> Response {
        let result = (|| {
            let all = self.server_tournaments(place, kind)?;
            if all.is_empty() {
                return Ok(Response::private(
                    Text::from(TournamentText::ListEmpty { game: kind }).render(locale),
                ));
            }
            let mut lines =
                vec![Text::from(TournamentText::ListTitle { game: kind }).render(locale)];
            for stored in all.iter().take(15) {
                let t = &stored.record;
                let stage = match t.stage {
                    Stage::Open => "open",
                    Stage::Playing => "playing",
                    Stage::Finished => "finished",
                    Stage::Cancelled => "cancelled",
                };
                let link = message_link(t.guild, t.channel, t.message)
                    .map(|l| format!(" — {l}"))
                    .unwrap_or_default();
                lines.push(
                    Text::from(TournamentText::ListLine {
                        game: kind,
                        format: format_name(t.format),
                        stage,
                        players: t.entries.len() as u32,
                        round: t.rounds.len() as u32,
                        rounds: t.planned,
                        link,
                    })
                    .render(locale),
                );
            }
            Ok(Response::private(lines.join("\n")))
        })();
        self.finish(locale, "tournament list", result)
    }

    /// The tournaments of `kind` in `place`'s server, those of `place`'s channel first, then
    /// newest first.
    fn server_tournaments(
        &self,
        place: Place,
        kind: GameKind,
    ) -> Result<Vec<Stored<TournamentRecord>>, Fail> {
        if place.guild.is_none() {
            return Err(Fail::User(TournamentText::ServersOnly.into()));
        }
        let mut found = Vec::new();
        for item in self.store.tournaments() {
            match item {
                Ok(t) if t.record.guild == place.guild && t.record.kind == kind => found.push(t),
                Ok(_) => {}
                Err(error) => tracing::error!(%error, "damaged tournament record"),
            }
        }
        found.sort_by_key(|t| {
            (
                t.record.channel != place.channel,
                std::cmp::Reverse(t.record.id),
            )
        });
        Ok(found)
    }

    fn load_tournament(&self, id: u64) -> Result<Stored<TournamentRecord>, Fail> {
        self.store
            .tournament(id)?
            .ok_or(Fail::User(TournamentText::NotPlaying.into()))
    }

    /// Writes `record` over `stored`, with `notes` (announcements, posted as new messages)
    /// owed; the message is owed too unless `quiet` (the caller's answer shows it).
    fn save_tournament(
        &self,
        stored: &Stored<TournamentRecord>,
        record: &TournamentRecord,
        quiet: bool,
        notes: Vec<Text>,
    ) -> Result<Stored<TournamentRecord>, Fail> {
        let mut owed = Vec::with_capacity(notes.len());
        for text in notes {
            let note = Note {
                guild: record.guild,
                channel: record.channel,
                message: None,
                text: text.render(record.locale),
            };
            owed.push((self.store.new_id()?, note));
        }
        Ok(self
            .store
            .update_tournament(stored.revision, record, quiet, &owed)?)
    }

    /// Applies a button (or the withdraw command) to `record`: the new record and the
    /// announcements it makes.
    fn apply(
        &self,
        mut record: TournamentRecord,
        user: &UserRef,
        manager: bool,
        op: TournamentOp,
    ) -> Result<(TournamentRecord, Vec<Text>), Fail> {
        let organiser = manager || user.id == record.organiser.id;
        let refuse = |text: TournamentText| Err(Fail::User(text.into()));
        let mut notes = Vec::new();
        self.collect_results(&mut record)?;
        match op {
            TournamentOp::Join => {
                let late_allowed = matches!(record.format, Format::Swiss { .. });
                match record.stage {
                    Stage::Open => {}
                    Stage::Playing if late_allowed => {}
                    _ => return refuse(TournamentText::Closed),
                }
                if record.entry(user.id).is_some() {
                    return refuse(TournamentText::AlreadyIn);
                }
                let playing = record.entries.iter().filter(|e| !e.withdrawn).count() as u32;
                if let Some(limit) = record.limit.filter(|&l| playing >= l) {
                    return refuse(TournamentText::Full { limit });
                }
                let rating = match record.guild {
                    Some(guild) => self
                        .store
                        .rating(record.kind, guild, user.id)?
                        .map_or(1500.0, |r| r.record.glicko.rating),
                    None => 1500.0,
                };
                record.entries.push(Entry {
                    player: user.player(),
                    rating,
                    withdrawn: false,
                });
            }
            TournamentOp::Leave => {
                let Some(at) = record
                    .entries
                    .iter()
                    .position(|e| e.player.id == user.id && !e.withdrawn)
                else {
                    return refuse(TournamentText::NotIn);
                };
                match record.stage {
                    Stage::Open => {
                        record.entries.remove(at);
                    }
                    Stage::Playing => record.entries[at].withdrawn = true,
                    Stage::Finished | Stage::Cancelled => {
                        return refuse(TournamentText::NotPlaying)
                    }
                }
            }
            TournamentOp::Start | TournamentOp::Cancel | TournamentOp::Next if !organiser => {
                return refuse(TournamentText::OrganiserOnly {
                    organiser: record.organiser.id,
                });
            }
            TournamentOp::Start => {
                if record.stage != Stage::Open {
                    return refuse(TournamentText::Closed);
                }
                if active(&record).len() < 2 {
                    return refuse(TournamentText::NeedPlayers);
                }
                notes.extend(self.start(&mut record)?);
            }
            TournamentOp::Cancel => {
                if !matches!(record.stage, Stage::Open | Stage::Playing) {
                    return refuse(TournamentText::NotPlaying);
                }
                record.stage = Stage::Cancelled;
                record.cancelled_by = Some(user.id);
            }
            TournamentOp::Next => {
                if record.stage != Stage::Playing {
                    return refuse(TournamentText::NotPlaying);
                }
                if !record.current().is_some_and(|p| p.round.is_over()) {
                    return refuse(TournamentText::RoundNotOver);
                }
                notes.extend(self.advance(&mut record)?);
            }
        }
        Ok((record, notes))
    }

    /// Starts `record`: plans its rounds and pairs the first.
    fn start(&self, record: &mut TournamentRecord) -> Result<Vec<Text>, Fail> {
        let players = active(record);
        record.stage = Stage::Playing;
        match record.format {
            Format::Swiss { rounds } => {
                let n = players.len() as u32;
                let auto = (32 - (n - 1).leading_zeros()).max(1);
                let wanted = if rounds == 0 { auto } else { rounds };
                record.planned = wanted.min(n.saturating_sub(1)).max(1);
            }
            Format::RoundRobin { double } => {
                record.schedule = round_robin::schedule(&players, double);
                record.planned = record.schedule.len() as u32;
            }
        }
        self.pair_next(record)
    }

    /// After a round is over: the next round, or the end.
    fn advance(&self, record: &mut TournamentRecord) -> Result<Vec<Text>, Fail> {
        if record.rounds.len() as u32 >= record.planned || active(record).len() < 2 {
            record.stage = Stage::Finished;
            return Ok(vec![self.winner_note(record)]);
        }
        self.pair_next(record)
    }

    /// Pairs the next round and announces it.
    fn pair_next(&self, record: &mut TournamentRecord) -> Result<Vec<Text>, Fail> {
        let history = rounds_of(record);
        let mut round = match record.format {
            Format::Swiss { .. } => swiss::pair(&active(record), &history),
            Format::RoundRobin { .. } => {
                let mut round = record
                    .schedule
                    .get(history.len())
                    .cloned()
                    .unwrap_or_default();
                let gone: Vec<u64> = record
                    .entries
                    .iter()
                    .filter(|e| e.withdrawn)
                    .map(|e| e.player.id)
                    .collect();
                round
                    .games
                    .retain(|g| !gone.contains(&g.first) && !gone.contains(&g.second));
                round
            }
        };
        round.games.iter_mut().for_each(|g| g.outcome = None);
        let mut games = Vec::with_capacity(round.games.len());
        for _ in &round.games {
            games.push(self.store.new_id()?);
        }
        let number = record.rounds.len() as u32 + 1;
        let pairings = round
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| {
                Text::from(TournamentText::PairingLine {
                    board: i as u32 + 1,
                    first: g.first,
                    second: g.second,
                })
                .render(record.locale)
            })
            .collect::<Vec<_>>()
            .join("\n");
        let byes = round
            .byes
            .iter()
            .map(|&b| super::text::mention(b))
            .collect::<Vec<_>>()
            .join(", ");
        record.rounds.push(Played { round, games });
        Ok(vec![TournamentText::RoundStarted {
            round: number,
            rounds: record.planned,
            pairings,
            byes,
        }
        .into()])
    }

    fn winner_note(&self, record: &TournamentRecord) -> Text {
        let table =
            standings::standings(&entrants(record), &rounds_of(record), system(record.format));
        let best: Vec<&standings::Standing> = table.iter().filter(|s| s.place == 1).collect();
        TournamentText::Won {
            game: record.kind,
            winners: best
                .iter()
                .map(|s| super::text::mention(s.id))
                .collect::<Vec<_>>()
                .join(", "),
            count: best.len() as u32,
            points: best
                .first()
                .map(|s| s.points)
                .unwrap_or_default()
                .to_string(),
            link: message_link(record.guild, record.channel, record.message).unwrap_or_default(),
        }
        .into()
    }

    /// Fills in the results of the current round's games that are over. Returns whether any
    /// was new.
    fn collect_results(&self, record: &mut TournamentRecord) -> Result<bool, Fail> {
        let Some(played) = record.rounds.last_mut() else {
            return Ok(false);
        };
        let mut changed = false;
        for (pairing, &game) in played.round.games.iter_mut().zip(&played.games) {
            if pairing.outcome.is_some() {
                continue;
            }
            if let Some(finished) = self.store.finished(game)? {
                pairing.outcome = outcome(&finished.record.places);
                changed |= pairing.outcome.is_some();
            }
        }
        Ok(changed)
    }

    /// The sweep: starts tournaments whose time has come, collects results, closes rounds and
    /// pairs the next, and returns the pairings whose game is still to be started (their
    /// threads to open). Only this process's servers are swept.
    pub fn tournament_work(&self) -> Vec<PairingStart> {
        let mut starts = Vec::new();
        for item in self.store.tournaments() {
            let stored = match item {
                Ok(stored) => stored,
                Err(error) => {
                    tracing::error!(%error, "damaged tournament record");
                    continue;
                }
            };
            if !self.owns(stored.record.guild)
                || !matches!(stored.record.stage, Stage::Open | Stage::Playing)
            {
                continue;
            }
            let id = stored.record.id;
            match retry(|| self.sweep_tournament(id)) {
                Ok(found) => starts.extend(found),
                Err(Fail::Damaged(reason) | Fail::Internal(reason)) => {
                    tracing::error!(tournament = id, %reason, "could not run a tournament");
                }
                Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => {}
            }
        }
        starts
    }

    fn sweep_tournament(&self, id: u64) -> Result<Vec<PairingStart>, Fail> {
        let stored = self.load_tournament(id)?;
        let mut record = stored.record.clone();
        let mut notes = Vec::new();
        let mut changed = self.collect_results(&mut record)?;
        match record.stage {
            Stage::Open if record.starts_ms.is_some_and(|at| at <= self.now()) => {
                changed = true;
                if active(&record).len() >= 2 {
                    notes.extend(self.start(&mut record)?);
                } else {
                    record.stage = Stage::Cancelled;
                }
            }
            Stage::Playing
                if (!record.manual || (record.rounds.len() as u32) >= record.planned)
                    && record.current().is_some_and(|p| p.round.is_over()) =>
            {
                changed = true;
                notes.extend(self.advance(&mut record)?);
            }
            _ => {}
        }
        let record = if changed {
            self.save_tournament(&stored, &record, false, notes)?.record
        } else {
            record
        };
        let mut starts = Vec::new();
        if record.stage != Stage::Playing {
            return Ok(starts);
        }
        let Some(played) = record.current() else {
            return Ok(starts);
        };
        let round = record.rounds.len() as u32;
        for (pairing, &game) in played.round.games.iter().zip(&played.games) {
            if pairing.outcome.is_some() || self.store.game(game)?.is_some() {
                continue;
            }
            let name = |id: u64| {
                record
                    .entry(id)
                    .map_or_else(|| id.to_string(), |e| e.player.name.clone())
            };
            let name = Text::from(TournamentText::ThreadName {
                round,
                first: name(pairing.first),
                second: name(pairing.second),
            })
            .render(record.locale)
            .chars()
            .take(100)
            .collect();
            starts.push(PairingStart {
                game,
                channel: record.channel,
                name,
            });
        }
        Ok(starts)
    }

    /// Starts the game `game` of a tournament pairing in `thread`, just opened for it, and
    /// returns its board to post there. `None` when the game exists already (started by an
    /// earlier call) or is no pairing's.
    pub fn open_pairing(&self, game: u64, thread: u64) -> Option<Edit> {
        match self.try_open_pairing(game, thread) {
            Ok(edit) => edit,
            Err(Fail::Damaged(reason) | Fail::Internal(reason)) => {
                tracing::error!(game, %reason, "could not start a tournament game");
                None
            }
            Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => None,
        }
    }

    fn try_open_pairing(&self, game: u64, thread: u64) -> Result<Option<Edit>, Fail> {
        if self.store.game(game)?.is_some() {
            return Ok(None);
        }
        let Some(record) = self
            .store
            .tournaments()
            .into_iter()
            .filter_map(Result::ok)
            .map(|s| s.record)
            .find(|t| t.current().is_some_and(|p| p.games.contains(&game)))
        else {
            return Ok(None);
        };
        if record.stage != Stage::Playing {
            return Ok(None);
        }
        let Some(played) = record.current() else {
            return Ok(None);
        };
        let Some(pairing) = played
            .games
            .iter()
            .position(|&g| g == game)
            .and_then(|i| played.round.games.get(i))
        else {
            return Ok(None);
        };
        let seat = |id: u64| -> Result<Player, Fail> {
            record
                .entry(id)
                .map(|e| e.player.clone())
                .ok_or_else(|| Fail::Internal(format!("player {id} is paired but not entered")))
        };
        let seats = vec![seat(pairing.first)?, seat(pairing.second)?];
        let rules = GameRules::of(&record)?;
        let table = Table::start(&rules, seats.len())?;
        let game_record = GameRecord {
            id: game,
            guild: record.guild,
            channel: thread,
            message: None,
            kind: record.kind,
            seats,
            rules: record.rules.clone(),
            start: table.start_text(),
            moves: Vec::new(),
            retired: Vec::new(),
            created_ms: self.now(),
            turn_ms: Some(record.turn_ms),
            deadline_ms: None,
            locale: record.locale,
        };
        let mut loaded = Loaded {
            stored: Stored {
                revision: 0,
                record: game_record,
            },
            table,
            movers: Vec::new(),
        };
        loaded.stored.record.deadline_ms = self.deadline(&loaded);
        loaded.stored = match self.store.create_game(&loaded.stored.record) {
            Ok(stored) => stored,
            // Created meanwhile by another call: its board is on its way.
            Err(crate::store::StoreError::Conflict { .. }) => return Ok(None),
            Err(other) => return Err(other.into()),
        };
        let intro = TournamentText::GameIntro {
            round: record.rounds.len() as u32,
            first: pairing.first,
            second: pairing.second,
        };
        let msg = self.board_msg(&loaded, Some(intro.into()))?;
        Ok(Some(self.board_edit(&loaded, msg)))
    }

    /// The heading of a tournament's messages.
    fn tournament_title(&self, record: &TournamentRecord) -> Result<Text, Fail> {
        let rules = GameRules::of(record)?.name().render(record.locale);
        Ok(TournamentText::Title {
            game: record.kind,
            format: format_name(record.format),
            rules,
            rounds: match record.format {
                _ if record.planned > 0 => record.planned,
                Format::Swiss { rounds } => rounds,
                Format::RoundRobin { double } => {
                    let n = record.entries.len().max(2) as u32;
                    let single = if n.is_multiple_of(2) { n - 1 } else { n };
                    if double {
                        2 * single
                    } else {
                        single
                    }
                }
            },
            turn_s: record.turn_ms / 1000,
            organiser: record.organiser.id,
        }
        .into())
    }

    /// The tournament message as it stands.
    pub(super) fn tournament_msg(&self, record: &TournamentRecord) -> Result<Msg, Fail> {
        let locale = record.locale;
        let say = |text: TournamentText| Text::from(text).render(locale);
        let mut lines = vec![self.tournament_title(record)?.render(locale)];
        let mut files = Vec::new();
        let button =
            |op: TournamentOp, text: TournamentText, style: Style, disabled: bool| Button {
                action: Action::Tournament {
                    tournament: record.id,
                    op,
                },
                label: say(text),
                style,
                disabled,
            };
        let mut row = Vec::new();
        let playing = record.entries.iter().filter(|e| !e.withdrawn).count() as u32;
        match record.stage {
            Stage::Open => {
                if let Some(at) = record.starts_ms {
                    lines.push(say(TournamentText::StartsAt { at_s: at / 1000 }));
                }
                lines.push(say(TournamentText::Entrants {
                    count: playing,
                    limit: record.limit.unwrap_or(0),
                }));
                for entry in record.entries.iter().take(LISTED) {
                    lines.push(format!(
                        "• {} ({})",
                        super::text::mention(entry.player.id),
                        entry.rating.round()
                    ));
                }
                if record.entries.len() > LISTED {
                    lines.push(say(TournamentText::MoreEntrants {
                        count: (record.entries.len() - LISTED) as u32,
                    }));
                }
                lines.push(say(TournamentText::OpenHelp {
                    manual: record.manual,
                }));
                row.push(button(
                    TournamentOp::Join,
                    TournamentText::Join,
                    Style::Success,
                    false,
                ));
                row.push(button(
                    TournamentOp::Leave,
                    TournamentText::Leave,
                    Style::Secondary,
                    false,
                ));
                row.push(button(
                    TournamentOp::Start,
                    TournamentText::Start,
                    Style::Primary,
                    false,
                ));
                row.push(button(
                    TournamentOp::Cancel,
                    TournamentText::Cancel,
                    Style::Danger,
                    false,
                ));
            }
            Stage::Playing => {
                let round = record.rounds.len() as u32;
                let over = record.current().is_some_and(|p| p.round.is_over());
                let left = record.current().map_or(0, |p| {
                    p.round.games.iter().filter(|g| g.outcome.is_none()).count() as u32
                });
                lines.push(if over {
                    say(TournamentText::RoundWaiting {
                        round,
                        rounds: record.planned,
                    })
                } else {
                    say(TournamentText::RoundPlaying {
                        round,
                        rounds: record.planned,
                        playing: left,
                    })
                });
                files.push(Attachment::png("pairings.png", self.pairings_png(record)?));
                let done = rounds_over(record);
                if done > 0 {
                    files.push(Attachment::png(
                        "standings.png",
                        self.standings_png(record, done, false)?,
                    ));
                }
                if matches!(record.format, Format::Swiss { .. }) {
                    row.push(button(
                        TournamentOp::Join,
                        TournamentText::Join,
                        Style::Success,
                        false,
                    ));
                }
                row.push(button(
                    TournamentOp::Leave,
                    TournamentText::Leave,
                    Style::Secondary,
                    false,
                ));
                if record.manual {
                    row.push(button(
                        TournamentOp::Next,
                        TournamentText::NextRound,
                        Style::Primary,
                        !over,
                    ));
                }
                row.push(button(
                    TournamentOp::Cancel,
                    TournamentText::Cancel,
                    Style::Danger,
                    false,
                ));
            }
            Stage::Finished => {
                let table = standings::standings(
                    &entrants(record),
                    &rounds_of(record),
                    system(record.format),
                );
                let best: Vec<&standings::Standing> =
                    table.iter().filter(|s| s.place == 1).collect();
                lines.push(say(TournamentText::Finished {
                    winners: best
                        .iter()
                        .map(|s| super::text::mention(s.id))
                        .collect::<Vec<_>>()
                        .join(", "),
                    count: best.len() as u32,
                    points: best
                        .first()
                        .map(|s| s.points)
                        .unwrap_or_default()
                        .to_string(),
                }));
                files.push(Attachment::png(
                    "standings.png",
                    self.standings_png(record, rounds_over(record), true)?,
                ));
                files.push(Attachment::png(
                    "crosstable.png",
                    self.crosstable_png(record)?,
                ));
            }
            Stage::Cancelled => lines.push(match record.cancelled_by {
                Some(by) => say(TournamentText::Cancelled { by }),
                None => say(TournamentText::TooFew),
            }),
        }
        let mut text = lines.join("\n");
        if text.chars().count() > super::limits::CONTENT {
            text = text
                .chars()
                .take(super::limits::CONTENT - 1)
                .collect::<String>()
                + "…";
        }
        Ok(Msg {
            text,
            files,
            selects: Vec::new(),
            rows: if row.is_empty() {
                Vec::new()
            } else {
                vec![row]
            },
        })
    }

    fn names(record: &TournamentRecord) -> HashMap<u64, &str> {
        record
            .entries
            .iter()
            .map(|e| (e.player.id, e.player.name.as_str()))
            .collect()
    }

    /// The picture of the current round's pairings, with the results so far.
    fn pairings_png(&self, record: &TournamentRecord) -> Result<Vec<u8>, Fail> {
        let locale = record.locale;
        let say = |text: TournamentText| Text::from(text).render(locale);
        let names = App::names(record);
        let name = |id: u64| names.get(&id).copied().unwrap_or("?").to_owned();
        let round = record.rounds.len() as u32;
        let before = record.rounds.len().saturating_sub(1);
        let history = rounds_of(record);
        let points = |id: u64| -> Points {
            history[..before]
                .iter()
                .map(|r| {
                    if r.byes.contains(&id) {
                        Points::WIN
                    } else {
                        r.game_of(id)
                            .and_then(|g| g.points_of(id))
                            .unwrap_or_default()
                    }
                })
                .sum()
        };
        let mut rows = Vec::new();
        if let Some(played) = record.current() {
            for (i, g) in played.round.games.iter().enumerate() {
                rows.push(Row {
                    cells: vec![
                        (i + 1).to_string(),
                        format!("{} ({})", name(g.first), points(g.first)),
                        result_text(g.outcome).to_owned(),
                        format!("{} ({})", name(g.second), points(g.second)),
                    ],
                    soft: g.outcome.is_some(),
                    highlight: false,
                });
            }
            for &bye in &played.round.byes {
                rows.push(Row {
                    cells: vec![
                        String::new(),
                        format!("{} ({})", name(bye), points(bye)),
                        say(TournamentText::Bye),
                        String::new(),
                    ],
                    soft: true,
                    highlight: false,
                });
            }
        }
        let heading = |column: &'static str| {
            say(TournamentText::Column {
                column,
                game: record.kind,
            })
        };
        let headings = [
            heading("board"),
            heading("first"),
            heading("result"),
            heading("second"),
        ];
        let columns = [
            Column {
                heading: &headings[0],
                width: 60.0,
                align: Align::Right,
            },
            Column {
                heading: &headings[1],
                width: 280.0,
                align: Align::Left,
            },
            Column {
                heading: &headings[2],
                width: 90.0,
                align: Align::Center,
            },
            Column {
                heading: &headings[3],
                width: 280.0,
                align: Align::Left,
            },
        ];
        let title = say(TournamentText::PairingsTitle {
            round,
            rounds: record.planned,
        });
        let subtitle = self.subtitle(record);
        Ok(table::render(
            &self.fonts,
            &TableView {
                title: &title,
                subtitle: &subtitle,
                columns: &columns,
                rows: &rows,
                legend: "",
            },
        )?)
    }

    fn subtitle(&self, record: &TournamentRecord) -> String {
        Text::from(TournamentText::Subtitle {
            game: record.kind,
            format: format_name(record.format),
            players: record.entries.len() as u32,
        })
        .render(record.locale)
    }

    /// The standings after the first `done` rounds.
    fn standings_png(
        &self,
        record: &TournamentRecord,
        done: u32,
        last: bool,
    ) -> Result<Vec<u8>, Fail> {
        let locale = record.locale;
        let say = |text: TournamentText| Text::from(text).render(locale);
        let names = App::names(record);
        let rounds: Vec<Round> = rounds_of(record).into_iter().take(done as usize).collect();
        let swiss = matches!(record.format, Format::Swiss { .. });
        let table = standings::standings(&entrants(record), &rounds, system(record.format));
        let withdrawn = say(TournamentText::WithdrawnMark);
        let rows: Vec<Row> = table
            .iter()
            .map(|s| {
                let gone = record.entry(s.id).is_some_and(|e| e.withdrawn);
                let mut name = names.get(&s.id).copied().unwrap_or("?").to_owned();
                if gone {
                    name = format!("{name} {withdrawn}");
                }
                let mut cells = vec![s.place.to_string(), name, s.points.to_string()];
                if swiss {
                    cells.push(s.buchholz_cut1.to_string());
                    cells.push(s.buchholz.to_string());
                }
                cells.push(decimal(s.sonneborn_berger));
                cells.push(s.direct_encounter.to_string());
                cells.push(s.wins.to_string());
                cells.push(s.rating.round().to_string());
                cells.push(
                    s.performance
                        .map_or_else(String::new, |p| p.round().to_string()),
                );
                Row {
                    cells,
                    soft: gone,
                    highlight: last && s.place == 1,
                }
            })
            .collect();
        let mut keys = vec![
            ("place", 40.0, Align::Right),
            ("player", 250.0, Align::Left),
            ("points", 56.0, Align::Right),
        ];
        if swiss {
            keys.push(("bh1", 56.0, Align::Right));
            keys.push(("bh", 56.0, Align::Right));
        }
        keys.extend([
            ("sb", 64.0, Align::Right),
            ("de", 44.0, Align::Right),
            ("wins", 56.0, Align::Right),
            ("rating", 70.0, Align::Right),
            ("perf", 70.0, Align::Right),
        ]);
        let headings: Vec<String> = keys
            .iter()
            .map(|(column, _, _)| {
                say(TournamentText::Column {
                    column,
                    game: record.kind,
                })
            })
            .collect();
        let columns: Vec<Column<'_>> = keys
            .iter()
            .zip(&headings)
            .map(|(&(_, width, align), heading)| Column {
                heading,
                width,
                align,
            })
            .collect();
        let title = say(TournamentText::StandingsTitle { round: done, last });
        let subtitle = self.subtitle(record);
        let legend = say(TournamentText::Legend);
        Ok(table::render(
            &self.fonts,
            &TableView {
                title: &title,
                subtitle: &subtitle,
                columns: &columns,
                rows: &rows,
                legend: &legend,
            },
        )?)
    }

    /// The crosstable: each player's rounds (opponent's place, colour, result), in final order.
    fn crosstable_png(&self, record: &TournamentRecord) -> Result<Vec<u8>, Fail> {
        let locale = record.locale;
        let say = |text: TournamentText| Text::from(text).render(locale);
        let names = App::names(record);
        let rounds = rounds_of(record);
        let table = standings::standings(&entrants(record), &rounds, system(record.format));
        let place: HashMap<u64, usize> = table
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id, i + 1))
            .collect();
        let rows: Vec<Row> = table
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut cells = vec![
                    (i + 1).to_string(),
                    names.get(&s.id).copied().unwrap_or("?").to_owned(),
                ];
                for round in &rounds {
                    cells.push(if round.byes.contains(&s.id) {
                        String::from("+")
                    } else if let Some(game) = round.game_of(s.id) {
                        let (opponent, colour) =
                            game.side_of(s.id).unwrap_or((s.id, Colour::First));
                        let result = match game.points_of(s.id) {
                            Some(Points::WIN) => "1",
                            Some(Points::DRAW) => "½",
                            Some(_) => "0",
                            None => "*",
                        };
                        let side = if colour == Colour::First { "w" } else { "b" };
                        format!(
                            "{}{side}{result}",
                            place.get(&opponent).copied().unwrap_or(0)
                        )
                    } else {
                        String::from("-")
                    });
                }
                cells.push(s.points.to_string());
                Row {
                    cells,
                    soft: record.entry(s.id).is_some_and(|e| e.withdrawn),
                    highlight: s.place == 1,
                }
            })
            .collect();
        let heading = |column: &'static str| {
            say(TournamentText::Column {
                column,
                game: record.kind,
            })
        };
        let mut headings = vec![heading("place"), heading("player")];
        let round_word = heading("round");
        headings.extend((1..=rounds.len()).map(|r| format!("{round_word}{r}")));
        headings.push(heading("points"));
        let last = headings.len() - 1;
        let columns: Vec<Column<'_>> = headings
            .iter()
            .enumerate()
            .map(|(i, heading)| match i {
                0 => Column {
                    heading,
                    width: 40.0,
                    align: Align::Right,
                },
                1 => Column {
                    heading,
                    width: 220.0,
                    align: Align::Left,
                },
                i if i == last => Column {
                    heading,
                    width: 56.0,
                    align: Align::Right,
                },
                _ => Column {
                    heading,
                    width: 62.0,
                    align: Align::Center,
                },
            })
            .collect();
        let title = say(TournamentText::CrosstableTitle);
        let subtitle = self.subtitle(record);
        let legend = say(TournamentText::CrosstableLegend);
        Ok(table::render(
            &self.fonts,
            &TableView {
                title: &title,
                subtitle: &subtitle,
                columns: &columns,
                rows: &rows,
                legend: &legend,
            },
        )?)
    }

    /// For the history: each game of the tournaments of `guild`, with what it was ("Swiss
    /// tournament, round 2") in `locale`.
    pub(super) fn tournament_rounds(
        &self,
        guild: Option<u64>,
        locale: Locale,
    ) -> HashMap<u64, String> {
        let mut rounds = HashMap::new();
        if guild.is_none() {
            return rounds;
        }
        for stored in self.store.tournaments().into_iter().filter_map(Result::ok) {
            let t = &stored.record;
            if t.guild != guild {
                continue;
            }
            for (i, played) in t.rounds.iter().enumerate() {
                let tag = Text::from(TournamentText::HistoryTag {
                    format: format_name(t.format),
                    round: i as u32 + 1,
                })
                .render(locale);
                for &game in &played.games {
                    rounds.insert(game, tag.clone());
                }
            }
        }
        rounds
    }

    /// The owed write of a tournament's message, drawn.
    pub(super) fn tournament_edit(&self, id: u64, owed: &Owed) -> Result<Option<Edit>, Fail> {
        let Some(stored) = self.store.tournament(id)? else {
            self.store.settle(OwedKey::Tournament(id), owed)?;
            return Ok(None);
        };
        if !self.owns(stored.record.guild) {
            return Ok(None);
        }
        let msg = self.tournament_msg(&stored.record)?;
        Ok(Some(Edit {
            channel: stored.record.channel,
            message: stored.record.message,
            msg,
            key: OwedKey::Tournament(id),
            seen: owed.clone(),
            shows: None,
        }))
    }

    /// After a write of a tournament's message: a posted message becomes its message; the
    /// entry is settled unless a newer state is owed.
    pub(super) fn tournament_written(&self, edit: &Edit, posted: Option<u64>) -> Result<(), Fail> {
        let OwedKey::Tournament(id) = edit.key else {
            return Ok(());
        };
        let OwedWrite::Tournament { revision, .. } = edit.seen.write else {
            return Ok(());
        };
        if let Some(posted) = posted {
            retry(|| self.learn_tournament_message(id, posted))?;
        }
        self.store.settle_tournament(id, revision)?;
        Ok(())
    }

    /// Remembers the message that shows tournament `id` (a post by the outbox, or the answer
    /// to `tournament new`).
    pub(super) fn learn_tournament_message(&self, id: u64, message: u64) -> Result<(), Fail> {
        let Some(stored) = self.store.tournament(id)? else {
            return Ok(());
        };
        if stored.record.message.is_some() {
            return Ok(());
        }
        let mut record = stored.record.clone();
        record.message = Some(message);
        self.store
            .update_tournament(stored.revision, &record, true, &[])?;
        Ok(())
    }

    /// The answer that was to post tournament `id`'s message failed: the outbox is to post it.
    /// Returns the entry to write now.
    pub fn tournament_unposted(&self, id: u64) -> Vec<OwedKey> {
        let result = retry(|| {
            let stored = self.load_tournament(id)?;
            if stored.record.message.is_some() {
                return Ok(Vec::new());
            }
            self.store
                .update_tournament(stored.revision, &stored.record, false, &[])?;
            Ok(vec![OwedKey::Tournament(id)])
        });
        result.unwrap_or_else(|fail: Fail| {
            if let Fail::Damaged(reason) | Fail::Internal(reason) = fail {
                tracing::error!(tournament = id, %reason, "could not owe a tournament message");
            }
            Vec::new()
        })
    }

    /// A tournament message Discord refused for good (deleted, say): it is posted afresh.
    pub(super) fn tournament_refused(&self, id: u64) -> Result<Vec<OwedKey>, Fail> {
        let stored = self.load_tournament(id)?;
        if stored.record.message.is_none() {
            return Ok(Vec::new());
        }
        let mut record = stored.record.clone();
        record.message = None;
        self.store
            .update_tournament(stored.revision, &record, false, &[])?;
        Ok(vec![OwedKey::Tournament(id)])
    }
}
