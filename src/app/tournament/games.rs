//! A tournament's games: the sweep that collects results, closes rounds and pairs the next,
//! the games started in their threads, and the history's mark of a tournament game.

use std::collections::HashMap;

use crate::app::fail::{retry, Fail};
use crate::app::games::{GameRules, Table};
use crate::app::state::App;
use crate::app::table::Loaded;
use crate::app::text::{Text, TournamentText};
use crate::app::vocab::Edit;
use crate::ids::{ChannelId, GameId, GuildId, TournamentId};
use crate::locale::Locale;
use crate::store::{GameRecord, Player, Stage, Stored};
use crate::tournament::{Op, UserId};

use super::record::format_name;
use super::requests::PairingStart;

impl App {
    /// The sweep: starts tournaments whose time has come, collects results, closes rounds and
    /// pairs the next, and returns the pairings whose game is still to be started (their
    /// threads to open). Only the running tournaments (from the store's index) of this
    /// process's servers are read.
    pub fn tournament_work(&self) -> Vec<PairingStart> {
        let running = match self.store.running_tournaments() {
            Ok(running) => running,
            Err(error) => {
                tracing::error!(%error, "could not list the running tournaments");
                return Vec::new();
            }
        };
        let mut starts = Vec::new();
        for (guild, id) in running {
            if !self.owns(guild) {
                continue;
            }
            match retry(|| self.sweep_tournament(id)) {
                Ok(found) => starts.extend(found),
                Err(Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason)) => {
                    tracing::error!(tournament = id.get(), %reason, "could not run a tournament");
                }
                Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => {}
            }
        }
        starts
    }

    pub(super) fn sweep_tournament(&self, id: TournamentId) -> Result<Vec<PairingStart>, Fail> {
        let stored = self.load_tournament(id)?;
        let mut record = stored.record.clone();
        self.collect_results(&mut record)?;
        let said = record
            .event
            .apply(Op::Clock { now_ms: self.now() }, || self.new_game())?;
        let notes = self.announce(&record, said);
        let record = if record != stored.record {
            self.save_tournament(&stored, &record, false, notes)?.record
        } else {
            record
        };
        let mut starts = Vec::new();
        if record.event.stage != Stage::Playing {
            return Ok(starts);
        }
        let Some(played) = record.event.current() else {
            return Ok(starts);
        };
        let round = record.event.rounds.len() as u32;
        for (pairing, &game) in played.round.games.iter().zip(&played.games) {
            if pairing.outcome.is_some() || self.store.game(game)?.is_some() {
                continue;
            }
            let name = |id: UserId| {
                record
                    .event
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
                tournament: record.id,
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
    pub fn open_pairing(&self, start: &PairingStart, thread: ChannelId) -> Option<Edit> {
        let game = start.game;
        match self.try_open_pairing(start.tournament, game, thread) {
            Ok(edit) => edit,
            Err(Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason)) => {
                tracing::error!(game = game.get(), %reason, "could not start a tournament game");
                None
            }
            Err(Fail::User(_) | Fail::Conflict | Fail::Answered(_)) => None,
        }
    }

    pub(super) fn try_open_pairing(
        &self,
        tournament: TournamentId,
        game: GameId,
        thread: ChannelId,
    ) -> Result<Option<Edit>, Fail> {
        if self.store.game(game)?.is_some() {
            return Ok(None);
        }
        let record = self.load_tournament(tournament)?.record;
        if record.event.stage != Stage::Playing {
            return Ok(None);
        }
        let Some(pairing) = record.event.current().and_then(|p| p.pairing(game)) else {
            return Ok(None);
        };
        let seat = |id: UserId| -> Result<Player, Fail> {
            record
                .event
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
            tournament_round: Some(record.event.rounds.len() as u32),
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
        // The board's tournament line comes from the record (`tournament_round`), as on every
        // later drawing of it.
        let msg = self.board_msg(&loaded, None)?;
        Ok(Some(self.board_edit(&loaded, msg)))
    }

    /// For the history: each game of the tournaments of `guild`, with what it was ("Swiss
    /// tournament, round 2") in `locale`.
    pub(in crate::app) fn tournament_rounds(
        &self,
        guild: Option<GuildId>,
        locale: Locale,
    ) -> HashMap<GameId, String> {
        let mut rounds = HashMap::new();
        if guild.is_none() {
            return rounds;
        }
        for stored in self.store.tournaments().into_iter().filter_map(Result::ok) {
            let t = &stored.record;
            if t.guild != guild {
                continue;
            }
            for (i, played) in t.event.rounds.iter().enumerate() {
                let tag = Text::from(TournamentText::HistoryTag {
                    format: format_name(t.event.format),
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
}
