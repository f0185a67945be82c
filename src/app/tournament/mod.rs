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
//!   no pairing's game can be started twice; Swiss rounds come from
//!   [`crate::tournament::swiss::pair`] (by score groups, no rematch, colours balanced, one
//!   bye at most), a round-robin's from the schedule laid out at the start by Berger tables
//!   ([`crate::tournament::round_robin::schedule`]).
//! - **Games** start at once, without an accept: [`App::tournament_work`] lists the pairings
//!   whose game does not exist yet, the adapter opens a public thread for each and calls
//!   [`App::open_pairing`], which creates the game there (it refuses to create one twice) and
//!   returns its board. A game is an ordinary game: rated, timed, resigned, timed out.
//! - **Results** are read back from the history (a finished game is the truth), by the sweep
//!   and by every click, so nothing is lost if the bot stops between a game's end and the
//!   tournament's next write. The round closes when its last game is over; the next one is
//!   paired at once, or when the organiser presses *Next round* if they chose so.
//!
//! The rules of the event (who may do what and when, the number of rounds, a withdrawal, when
//! a round is over and the next paired, the end) are the tournament engine's
//! ([`crate::tournament::lifecycle`]): this module loads a tournament, hands the engine what
//! happened ([`Op`]), stores what it became (compare-and-swap on the record's revision) and
//! shows its announcements and refusals. Cancelling a tournament leaves its games in progress
//! to be played out as ordinary rated games.

mod games;
mod message;
mod pictures;
mod record;
mod requests;

pub use record::MAX_SWISS_ROUNDS;
pub use requests::{PairingStart, TournamentClick, TournamentRequest};

use crate::app::fail::{retry, Fail};
use crate::app::pages::push_lines_that_fit;
use crate::app::settings::{MAX_TURN_S, MIN_TURN_S};
use crate::app::state::App;
use crate::app::text::{Text, TournamentText};
use crate::app::vocab::{
    limits, message_link, Action, Caller, Msg, Place, Response, TournamentOp, Track, UserRef,
};
use crate::ids::{GameId, TournamentId};
use crate::locale::Locale;
use crate::store::{GameKind, Note, Player, Stage, Stored, TournamentRecord};
use crate::tournament::{Actor, Announcement, Event, Op, Refusal, Setup, UserId};
use record::{format_name, outcome, winners_text};

impl App {
    /// `/… tournament new`: creates a tournament taking entries in this channel and posts its
    /// message.
    pub fn new_tournament(&self, caller: &Caller, request: TournamentRequest) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
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
        let now = self.now();
        let event = Event::new(
            Setup {
                organiser: user.player(),
                format: request.format,
                manual: request.manual,
                limit: request.limit,
                starts_ms: request.starts_s.map(|s| s.saturating_mul(1000)),
            },
            now,
        )?;
        let record = TournamentRecord {
            id: TournamentId::new(self.store.new_id()?),
            guild: place.guild,
            channel: place.channel,
            message: None,
            kind: rules.kind(),
            rules: rules.to_json()?,
            turn_ms,
            locale,
            created_ms: now,
            event,
        };
        self.store.create_tournament(&record)?;
        let msg = self.tournament_msg(&record)?;
        Ok(Response::post(msg, Some(Track::Tournament(record.id))))
    }

    /// A click on a tournament message's button.
    pub fn tournament_click(&self, caller: &Caller, click: TournamentClick) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
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
    pub(in crate::app) fn tournament_once(
        &self,
        user: &UserRef,
        manager: bool,
        tournament: TournamentId,
        op: TournamentOp,
    ) -> Result<Response, Fail> {
        let stored = self.load_tournament(tournament)?;
        let me = user.id;
        let by = Actor { id: me, manager };
        let op = match op {
            TournamentOp::Join => Op::Join {
                player: user.player(),
                rating: self.seeding(&stored.record, user.id)?,
            },
            TournamentOp::Leave => Op::Leave { player: me },
            TournamentOp::Start => Op::Start { by },
            TournamentOp::Cancel => Op::Cancel { by },
            TournamentOp::Next => Op::NextRound { by },
        };
        let (record, notes) = self.apply(&stored.record, op)?;
        let stored = self.save_tournament(&stored, &record, true, notes)?;
        let msg = self.tournament_msg(&stored.record)?;
        let mut response = Response::update(msg);
        response.effects.tournaments = stored.record.event.stage == Stage::Playing;
        Ok(response)
    }

    /// `/… tournament withdraw`: withdraws the user from the tournament of this game they
    /// play in this server (the one in this channel first, else the latest).
    pub fn tournament_withdraw(&self, caller: &Caller, kind: GameKind) -> Response {
        let (locale, place, user) = (caller.locale, caller.place, &caller.user);
        let me = user.id;
        let result = retry(|| {
            let stored = self
                .server_tournaments(place, kind)?
                .into_iter()
                .find(|t| {
                    t.record.event.stage.is_running()
                        && t.record.event.entry(me).is_some_and(|e| !e.withdrawn)
                })
                .ok_or(Fail::User(TournamentText::NoneHere { game: kind }.into()))?;
            let (record, notes) = self.apply(&stored.record, Op::Leave { player: me })?;
            let playing = record.event.plays_now(me);
            self.save_tournament(&stored, &record, false, notes)?;
            Ok(Response::private(
                Text::from(TournamentText::Withdrew { playing }).render(locale),
            ))
        });
        self.finish(locale, "tournament withdraw", result)
    }

    /// `/… tournament standings`: the standings of the latest tournament of this game in this
    /// server (the one in this channel first), privately.
    pub fn tournament_standings(&self, caller: &Caller, kind: GameKind) -> Response {
        let (locale, place) = (caller.locale, caller.place);
        let result = (|| {
            let stored = self
                .server_tournaments(place, kind)?
                .into_iter()
                .find(|t| !t.record.event.rounds.is_empty())
                .ok_or(Fail::User(TournamentText::NoneHere { game: kind }.into()))?;
            let mut record = stored.record;
            self.collect_results(&mut record)?;
            let done = record.event.rounds_over();
            let last = record.event.stage == Stage::Finished;
            let mut files = vec![self.standings_picture(&record, done, last)?];
            if last {
                files.push(self.crosstable_picture(&record)?);
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

    /// `/… tournament list`: the tournaments of this game in this server, newest first, as
    /// many as fit in a message.
    pub fn tournament_list(&self, caller: &Caller, kind: GameKind) -> Response {
        let (locale, place) = (caller.locale, caller.place);
        let result = (|| {
            let all = self.server_tournaments(place, kind)?;
            if all.is_empty() {
                return Ok(Response::private(
                    Text::from(TournamentText::ListEmpty { game: kind }).render(locale),
                ));
            }
            let lines = all.iter().map(|stored| {
                let t = &stored.record;
                let stage = match t.event.stage {
                    Stage::Open => "open",
                    Stage::Playing => "playing",
                    Stage::Finished => "finished",
                    Stage::Cancelled => "cancelled",
                };
                let link = message_link(t.guild, t.channel, t.message)
                    .map(|l| format!(" — {l}"))
                    .unwrap_or_default();
                Text::from(TournamentText::ListLine {
                    game: kind,
                    format: format_name(t.event.format),
                    stage,
                    players: t.event.entries.len() as u32,
                    round: t.event.rounds.len() as u32,
                    rounds: t.event.planned,
                    link,
                })
                .render(locale)
            });
            // As many as fit, those of this channel and the newest first.
            let mut text = Text::from(TournamentText::ListTitle { game: kind }).render(locale);
            push_lines_that_fit(&mut text, lines);
            Ok(Response::private(text))
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

    fn load_tournament(&self, id: TournamentId) -> Result<Stored<TournamentRecord>, Fail> {
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

    /// The rating that seeds `user` in `record`'s game and server (1500 when unrated).
    fn seeding(&self, record: &TournamentRecord, user: UserId) -> Result<f64, Fail> {
        Ok(match record.guild {
            Some(guild) => self
                .store
                .rating(record.kind, guild, user)?
                .map_or(1500.0, |r| r.record.glicko.rating),
            None => 1500.0,
        })
    }

    /// Applies `op` to `record` once the results of its finished games are in: the new record
    /// and the announcements it makes, or the refusal as the user's error.
    fn apply(
        &self,
        record: &TournamentRecord,
        op: Op<Player>,
    ) -> Result<(TournamentRecord, Vec<Text>), Fail> {
        let mut record = record.clone();
        self.collect_results(&mut record)?;
        let said = record.event.apply(op, || self.new_game())?;
        let notes = self.announce(&record, said);
        Ok((record, notes))
    }

    /// A fresh game id for a pairing.
    pub(super) fn new_game(&self) -> Result<GameId, Fail> {
        Ok(GameId::new(self.store.new_id()?))
    }

    /// What `said` (announcements about `record`) posts, as texts.
    pub(super) fn announce(&self, record: &TournamentRecord, said: Vec<Announcement>) -> Vec<Text> {
        said.into_iter()
            .map(|announcement| match announcement {
                Announcement::RoundStarted { number, of, round } => {
                    let pairings: Vec<String> = round
                        .games
                        .iter()
                        .enumerate()
                        .map(|(i, g)| {
                            Text::from(TournamentText::PairingLine {
                                board: i as u32 + 1,
                                first: g.first.get(),
                                second: g.second.get(),
                            })
                            .render(record.locale)
                        })
                        .collect();
                    let byes = round
                        .byes
                        .iter()
                        .map(|&b| crate::app::text::mention(b))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let started = |shown: usize| -> Text {
                        let mut lines = pairings[..shown].to_vec();
                        if shown < pairings.len() {
                            let count = (pairings.len() - shown) as u32;
                            lines.push(
                                Text::from(TournamentText::MoreBoards { count })
                                    .render(record.locale),
                            );
                        }
                        TournamentText::RoundStarted {
                            round: number,
                            rounds: of,
                            pairings: lines.join("\n"),
                            byes: byes.clone(),
                        }
                        .into()
                    };
                    // As many boards as fit in a message; the picture has them all.
                    let fits = |shown: usize| {
                        started(shown).render(record.locale).chars().count() <= limits::CONTENT
                    };
                    let shown = (0..=pairings.len())
                        .rev()
                        .find(|&shown| fits(shown))
                        .unwrap_or(0);
                    started(shown)
                }
                Announcement::Won { winners, points } => {
                    let (winners, count, points) = winners_text(&winners, points);
                    TournamentText::Won {
                        game: record.kind,
                        winners,
                        count,
                        points,
                        link: message_link(record.guild, record.channel, record.message)
                            .unwrap_or_default(),
                    }
                    .into()
                }
            })
            .collect()
    }

    /// Fills in the results of the current round's games that are over (read back from the
    /// history: a finished game is the truth).
    pub(super) fn collect_results(&self, record: &mut TournamentRecord) -> Result<(), Fail> {
        for game in record.event.pending_games() {
            let Some(finished) = self.store.finished(game)? else {
                continue;
            };
            if let Some(outcome) = outcome(&finished.record.places) {
                let result = Op::Result { game, outcome };
                record.event.apply(result, || self.new_game())?;
            }
        }
        Ok(())
    }
}

impl From<Refusal> for Fail {
    fn from(refusal: Refusal) -> Fail {
        Fail::User(TournamentText::from(refusal).into())
    }
}
