//! The tournament message: what it says and shows at each stage, and how the outbox writes it.

use crate::app::fail::{retry, Fail};
use crate::app::games::GameRules;
use crate::app::state::App;
use crate::app::text::{Text, TournamentText};
use crate::app::vocab::{Action, Button, Edit, Msg, Style, TournamentOp};
use crate::ids::{MessageId, TournamentId};
use crate::store::{Format, Owed, OwedKey, OwedWrite, Stage, TournamentRecord};

use super::record::{format_name, winners_text, LISTED};

impl App {
    /// The heading of a tournament's messages.
    pub(super) fn tournament_title(&self, record: &TournamentRecord) -> Result<Text, Fail> {
        let rules = GameRules::of(record)?.name().render(record.locale);
        Ok(TournamentText::Title {
            game: record.kind,
            format: format_name(record.event.format),
            rules,
            rounds: record.event.rounds_shown(),
            turn_s: record.turn_ms / 1000,
            organiser: record.event.organiser.id.get(),
        }
        .into())
    }

    /// The tournament message as it stands.
    pub(in crate::app) fn tournament_msg(&self, record: &TournamentRecord) -> Result<Msg, Fail> {
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
        let playing = record.event.playing();
        match record.event.stage {
            Stage::Open => {
                if let Some(at) = record.event.starts_ms {
                    lines.push(say(TournamentText::StartsAt { at_s: at / 1000 }));
                }
                lines.push(say(TournamentText::Entrants {
                    count: playing,
                    limit: record.event.limit.unwrap_or(0),
                }));
                for entry in record.event.entries.iter().take(LISTED) {
                    lines.push(format!(
                        "• {} ({})",
                        crate::app::text::mention(entry.player.id),
                        entry.rating.round()
                    ));
                }
                if record.event.entries.len() > LISTED {
                    lines.push(say(TournamentText::MoreEntrants {
                        count: (record.event.entries.len() - LISTED) as u32,
                    }));
                }
                lines.push(say(TournamentText::OpenHelp {
                    manual: record.event.manual,
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
                let round = record.event.rounds.len() as u32;
                let over = record.event.round_over();
                let left = record.event.current().map_or(0, |p| {
                    p.round.games.iter().filter(|g| g.outcome.is_none()).count() as u32
                });
                lines.push(if over {
                    say(TournamentText::RoundWaiting {
                        round,
                        rounds: record.event.planned,
                    })
                } else {
                    say(TournamentText::RoundPlaying {
                        round,
                        rounds: record.event.planned,
                        playing: left,
                    })
                });
                files.push(self.pairings_picture(record)?);
                let done = record.event.rounds_over();
                if done > 0 {
                    files.push(self.standings_picture(record, done, false)?);
                }
                if matches!(record.event.format, Format::Swiss { .. }) {
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
                if record.event.manual {
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
                let (winners, points) = record.event.winners();
                let (winners, count, points) = winners_text(&winners, points);
                lines.push(say(TournamentText::Finished {
                    winners,
                    count,
                    points,
                }));
                files.push(self.standings_picture(record, record.event.rounds_over(), true)?);
                files.push(self.crosstable_picture(record)?);
            }
            Stage::Cancelled => lines.push(match record.event.cancelled_by {
                Some(by) => say(TournamentText::Cancelled { by: by.get() }),
                None => say(TournamentText::TooFew),
            }),
        }
        let mut text = lines.join("\n");
        if text.chars().count() > crate::app::vocab::limits::CONTENT {
            text = text
                .chars()
                .take(crate::app::vocab::limits::CONTENT - 1)
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

    /// The owed write of a tournament's message, drawn.
    pub(in crate::app) fn tournament_edit(
        &self,
        id: TournamentId,
        owed: &Owed,
    ) -> Result<Option<Edit>, Fail> {
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
    pub(in crate::app) fn tournament_written(
        &self,
        edit: &Edit,
        posted: Option<MessageId>,
    ) -> Result<(), Fail> {
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
    pub(in crate::app) fn learn_tournament_message(
        &self,
        id: TournamentId,
        message: MessageId,
    ) -> Result<(), Fail> {
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
    pub fn tournament_unposted(&self, id: TournamentId) -> Vec<OwedKey> {
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
            if let Fail::Damaged(reason) | Fail::Internal(reason) | Fail::Unavailable(reason) = fail {
                tracing::error!(tournament = id.get(), %reason, "could not owe a tournament message");
            }
            Vec::new()
        })
    }

    /// A tournament message Discord refused for good (deleted, say): it is posted afresh.
    pub(in crate::app) fn tournament_refused(
        &self,
        id: TournamentId,
    ) -> Result<Vec<OwedKey>, Fail> {
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
