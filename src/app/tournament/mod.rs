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

mod games;
mod message;
mod pictures;
mod record;
mod requests;

pub use record::MAX_SWISS_ROUNDS;
pub use requests::{PairingStart, TournamentClick, TournamentRequest};

use crate::app::fail::{retry, Fail};
use crate::app::settings::{MAX_TURN_S, MIN_TURN_S};
use crate::app::state::App;
use crate::app::text::{Text, TournamentText};
use crate::app::vocab::{
    message_link, Action, Attachment, Msg, Place, Response, TournamentOp, Track, UserRef,
};
use crate::locale::Locale;
use crate::store::{Entry, Format, GameKind, Note, Played, Stage, Stored, TournamentRecord};
use crate::tournament::{round_robin, swiss};
use record::{active, format_name, outcome, rounds_of, rounds_over, winners};

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
            guild: place.guild.map(crate::ids::GuildId::get),
            channel: place.channel.get(),
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
        Ok(Response::post(
            msg,
            Some(Track::Tournament(crate::ids::TournamentId::new(record.id))),
        ))
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
            self.check_place(
                place,
                Action::Tournament {
                    tournament: crate::ids::TournamentId::new(tournament),
                    op,
                },
            )?;
            if let Some(message) = clicked {
                self.learn_tournament_message(tournament, message)?;
            }
            self.tournament_once(user, manager, tournament, op)
        });
        self.finish(locale, "tournament click", result)
    }

    /// One attempt at a tournament button (see [`retry`]).
    pub(in crate::app) fn tournament_once(
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
                        && t.record.entry(user.id.get()).is_some_and(|e| !e.withdrawn)
                })
                .ok_or(Fail::User(TournamentText::NoneHere { game: kind }.into()))?;
            let (record, notes) =
                self.apply(stored.record.clone(), user, false, TournamentOp::Leave)?;
            let playing = record.current().is_some_and(|p| {
                p.round
                    .game_of(user.id.get())
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
                let link = message_link(
                    t.guild.map(crate::ids::GuildId::new),
                    crate::ids::ChannelId::new(t.channel),
                    t.message.map(crate::ids::MessageId::new),
                )
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
                Ok(t)
                    if t.record.guild == place.guild.map(crate::ids::GuildId::get)
                        && t.record.kind == kind =>
                {
                    found.push(t)
                }
                Ok(_) => {}
                Err(error) => tracing::error!(%error, "damaged tournament record"),
            }
        }
        found.sort_by_key(|t| {
            (
                t.record.channel != place.channel.get(),
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
                guild: record.guild.map(crate::ids::GuildId::new),
                channel: crate::ids::ChannelId::new(record.channel),
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
                if record.entry(user.id.get()).is_some() {
                    return refuse(TournamentText::AlreadyIn);
                }
                let playing = record.entries.iter().filter(|e| !e.withdrawn).count() as u32;
                if let Some(limit) = record.limit.filter(|&l| playing >= l) {
                    return refuse(TournamentText::Full { limit });
                }
                let rating = match record.guild {
                    Some(guild) => self
                        .store
                        .rating(record.kind, crate::ids::GuildId::new(guild), user.id)?
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
                    organiser: record.organiser.id.get(),
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
                record.cancelled_by = Some(user.id.get());
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
                    .map(|e| e.player.id.get())
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
            .map(|&b| crate::app::text::mention(crate::ids::UserId::new(b)))
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
        let (winners, count, points) = winners(record);
        TournamentText::Won {
            game: record.kind,
            winners,
            count,
            points,
            link: message_link(
                record.guild.map(crate::ids::GuildId::new),
                crate::ids::ChannelId::new(record.channel),
                record.message.map(crate::ids::MessageId::new),
            )
            .unwrap_or_default(),
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
            if let Some(finished) = self.store.finished(crate::ids::GameId::new(game))? {
                pairing.outcome = outcome(&finished.record.places);
                changed |= pairing.outcome.is_some();
            }
        }
        Ok(changed)
    }
}
