//! A game loaded from the store and replayed through its adapter, and the board message drawn
//! from it: caption, picture and buttons.

use crate::app::fail::Fail;
use crate::app::games::{Controls, Scene, Situation, Table};
use crate::app::rematch::rematch_button;
use crate::app::review::analyse_button;
use crate::app::runs::{caption, run_start};
use crate::app::state::App;
use crate::app::text::{Text, TournamentText};
use crate::app::vocab::{limits, Action, Attachment, Button, Msg, Response, Shown, Style};
use crate::ids::{GameId, UserId};
use crate::locale::Locale;
use crate::store::{GameRecord, Retirement, Stored};

/// A game loaded from the store and replayed.
pub(super) struct Loaded {
    pub(super) stored: Stored<GameRecord>,
    pub(super) table: Table,
    /// The seat that made each move of the record.
    pub(super) movers: Vec<usize>,
}

/// The one seat with the first place, if exactly one has it.
pub(super) fn sole_winner(places: &[u8]) -> Option<usize> {
    let mut first = places.iter().enumerate().filter(|(_, &p)| p == 0);
    match (first.next(), first.next()) {
        (Some((seat, _)), None) => Some(seat),
        _ => None,
    }
}

/// The user ids of a game's seats, in seat order.
pub(super) fn seat_ids(game: &GameRecord) -> Vec<UserId> {
    game.seats.iter().map(|p| p.id).collect()
}

/// The seat `user` plays in a game, if any.
pub(super) fn seat_of(game: &GameRecord, user: UserId) -> Option<usize> {
    game.seats.iter().position(|p| p.id == user)
}

/// How a stored game replayed to `table` stands.
pub(super) fn situation(record: &GameRecord, table: &Table) -> Situation {
    if let Some(places) = table.places() {
        let plies = record.moves.len() as u32;
        return match record.retired.iter().rev().find(|r| r.ply == plies) {
            Some(r) => Situation::Forfeited {
                loser: r.seat,
                why: r.why,
                places,
            },
            None => Situation::Over { places },
        };
    }
    match table.to_move() {
        Some(seat) => Situation::ToMove {
            seat,
            person: record.seats.get(seat).is_some_and(|p| p.computer.is_none()),
        },
        // A game the board has not ended always has a seat to move; describe anything
        // else as a draw rather than fail.
        None => Situation::Over {
            places: vec![0; record.seats.len()],
        },
    }
}

impl Loaded {
    /// How the game stands.
    pub(super) fn situation(&self) -> Situation {
        situation(&self.stored.record, &self.table)
    }

    pub(super) fn finished(&self) -> bool {
        self.table.places().is_some()
    }

    /// The state of the game as drawn now.
    pub(super) fn shown(&self) -> Shown {
        Shown {
            game: self.stored.record.id,
            revision: self.stored.revision,
            plies: self.stored.record.moves.len() as u32,
        }
    }

    /// What a board of the game shows besides the position, in `locale`.
    fn scene<'a>(
        &self,
        locale: Locale,
        names: &'a [String],
        ids: &'a [UserId],
        situation: &'a Situation,
    ) -> Scene<'a> {
        Scene {
            locale,
            game: self.stored.record.id,
            names,
            ids,
            situation,
            since: self.movers.len().saturating_sub(1),
        }
    }

    /// The lines that say how the game stands, in `locale`: whose turn or the result, and
    /// the score while it goes on.
    pub(super) fn standing(&self, locale: Locale) -> Vec<Text> {
        let record = &self.stored.record;
        let (names, ids) = seats(record);
        let situation = self.situation();
        let scene = self.scene(locale, &names, &ids, &situation);
        let mut lines = standing_lines(&self.table, &scene, record);
        if !situation.finished() {
            lines.extend(self.table.score_lines(&scene));
        }
        lines
    }

    /// The seat `user` plays, if any.
    pub(super) fn seat_of(&self, user: UserId) -> Option<usize> {
        self.stored.record.seats.iter().position(|p| p.id == user)
    }

    /// The seat `user` plays in this game, which goes on; else why they may not act in it.
    pub(super) fn seat_in_play(&self, user: UserId) -> Result<usize, Fail> {
        if self.finished() {
            return Err(Fail::User(Text::GameOver));
        }
        self.seat_of(user).ok_or(Fail::User(Text::NotAPlayer))
    }

    /// Refuses a move by `seat` out of turn (unless it is a claim, which either seat may make).
    pub(super) fn check_turn(&self, seat: usize, claim: bool) -> Result<(), Fail> {
        let to_move = self.to_move();
        if to_move == Some(seat) || claim {
            return Ok(());
        }
        let player = to_move.map_or(UserId::new(0), |s| self.stored.record.seats[s].id);
        Err(Fail::User(Text::NotYourTurn { player }))
    }

    /// The seat to move while the game goes on.
    pub(super) fn to_move(&self) -> Option<usize> {
        self.table.to_move().filter(|_| !self.finished())
    }

    /// Adds a move, in notation, to the game and its record; an illegal one changes nothing.
    pub(super) fn play(&mut self, mv: &str) -> Result<(), Text> {
        let mover = self.table.to_move().unwrap_or_default();
        let played = self.table.play(mv)?;
        self.stored.record.moves.push(played);
        self.movers.push(mover);
        Ok(())
    }

    /// Records that `seat` left the game now, and takes it out.
    pub(super) fn retire(&mut self, seat: usize, why: Retirement) {
        let record = &mut self.stored.record;
        record.retired.push(crate::store::Retired {
            seat,
            why,
            ply: record.moves.len() as u32,
        });
        self.table.retire(seat);
    }
}

/// The seats' names and ids, in seat order.
fn seats(record: &GameRecord) -> (Vec<String>, Vec<UserId>) {
    record.seats.iter().map(|p| (p.name.clone(), p.id)).unzip()
}

/// The standings of a finished game of more than two seats, a line per place.
fn place_lines(scene: &Scene<'_>, places: &[u8]) -> Vec<Text> {
    let mut order: Vec<usize> = (0..places.len()).collect();
    order.sort_by_key(|&seat| (places[seat], seat));
    order
        .into_iter()
        .map(|seat| Text::PlaceLine {
            place: competition_place(places, seat),
            player: scene.who(seat),
        })
        .collect()
}

/// The place of `seat` as standings number it ("1224" competition ranking): one more than
/// the number of seats ranked strictly ahead, so a tie for second is followed by fourth. The
/// engines' places are dense (0, 1, 1, 2), which counts ranks, not players ahead.
fn competition_place(places: &[u8], seat: usize) -> u64 {
    let ahead = places.iter().filter(|&&p| p < places[seat]).count();
    ahead as u64 + 1
}

/// The caption lines that say how the game stands: who left and who won (or, with more than
/// two seats, who left and the standings), how the board ended it, or whose turn it is and
/// until when.
///
/// While a game of more seats goes on, a seat that left is announced for a whole round: until
/// each seat still playing has had its turn since, so that a computer moving at once after a
/// timeout does not wipe the news before the people at the table see it.
fn standing_lines(table: &Table, scene: &Scene<'_>, record: &GameRecord) -> Vec<Text> {
    let id = |seat: usize| scene.ids.get(seat).copied().unwrap_or(UserId::new(0));
    let many = scene.ids.len() > 2;
    let plies = record.moves.len() as u32;
    let playing = record.seats.len().saturating_sub(record.retired.len()) as u32;
    let left_in = |plies_since: u32| -> Vec<Text> {
        record
            .retired
            .iter()
            .filter(|r| plies.saturating_sub(r.ply) < plies_since)
            .map(|r| Text::LeftGame {
                player: scene.who(r.seat),
                timed_out: r.why == Retirement::TimedOut,
            })
            .collect()
    };
    match scene.situation {
        Situation::Forfeited { places, .. } if many => {
            let mut lines = left_in(1);
            lines.extend(place_lines(scene, places));
            lines
        }
        Situation::Over { places } if many => {
            let mut lines = table.end_lines(scene);
            lines.extend(place_lines(scene, places));
            lines
        }
        Situation::Forfeited { loser, why, places } => {
            let loser = id(*loser);
            let winner = sole_winner(places).map_or(loser, id);
            vec![match why {
                Retirement::Resigned => Text::Resigned { loser, winner },
                Retirement::TimedOut => Text::TimedOut { loser, winner },
            }]
        }
        Situation::Over { places } => {
            let mut lines = table.end_lines(scene);
            lines.push(match sole_winner(places) {
                Some(winner) => Text::Wins { winner: id(winner) },
                None => Text::Draw,
            });
            lines
        }
        Situation::ToMove { seat, person: true } => {
            let mut lines = left_in(playing);
            lines.push(Text::ToMove { player: id(*seat) });
            lines.extend(record.deadline_ms.map(|deadline| Text::TurnEnds {
                deadline_s: deadline / 1000,
            }));
            lines
        }
        Situation::ToMove {
            seat,
            person: false,
        } => {
            let mut lines = left_in(playing);
            lines.push(Text::Thinking { player: id(*seat) });
            lines
        }
    }
}

/// The shell's row under a game in play: *Play on the board* when the bot serves the
/// Activity, *Resign*, *Rules*, the view from the other side for a game whose picture has a
/// side, and the claims either player may make now.
fn game_buttons(loaded: &Loaded, locale: Locale, activity: bool) -> Vec<Button> {
    let record = &loaded.stored.record;
    let game = record.id;
    let button = |action, label: &Text, style| Button {
        action,
        label: label.render(locale),
        style,
        disabled: false,
    };
    let mut row = Vec::new();
    if activity {
        row.push(button(
            Action::Launch { game },
            &Text::PlayOnBoard,
            Style::Primary,
        ));
    }
    row.extend([
        button(Action::Resign { game }, &Text::Resign, Style::Danger),
        button(Action::Rules { game }, &Text::RulesButton, Style::Secondary),
    ]);
    if let Some(label) = Table::flip_label(record.kind) {
        row.push(button(Action::View { game }, &label, Style::Secondary));
    }
    let ply = record.moves.len() as u32;
    for (claim, label) in loaded.table.claims() {
        if let Ok(mv) = claim.parse() {
            row.push(button(
                Action::Play { game, ply, mv },
                &label,
                Style::Success,
            ));
        }
    }
    row.truncate(limits::BUTTONS);
    row
}

/// The line every drawing of a tournament game's board starts with: "Tournament, round 3:
/// @An moves first against @Giang."
fn tournament_line(record: &GameRecord) -> Option<Text> {
    let round = record.tournament_round?;
    let [first, second] = &record.seats[..] else {
        return None;
    };
    Some(
        TournamentText::GameIntro {
            round,
            first: first.id.get(),
            second: second.id.get(),
        }
        .into(),
    )
}

impl App {
    pub(super) fn load_game(&self, id: GameId) -> Result<Loaded, Fail> {
        let stored = self.store.game(id)?.ok_or(Fail::User(Text::GameOver))?;
        let (table, movers) = Table::replay_turns(&stored.record)?;
        Ok(Loaded {
            stored,
            table,
            movers,
        })
    }

    /// The board message: caption, picture and (while the game goes on) the move buttons.
    /// The caption and the picture describe the run of moves the board must show (see
    /// `runs.rs`), within Discord's limit on a message's length.
    pub(super) fn board_msg(&self, loaded: &Loaded, intro: Option<Text>) -> Result<Msg, Fail> {
        let record = &loaded.stored.record;
        let locale = record.locale;
        let intro = intro.or_else(|| tournament_line(record));
        let (names, ids) = seats(record);
        let situation = loaded.situation();
        let mut scene = loaded.scene(locale, &names, &ids, &situation);
        let table = &loaded.table;
        let mut lines: Vec<Text> = standing_lines(table, &scene, record);
        let mut files = Vec::new();
        let controls = if situation.finished() {
            lines.extend(self.rating_lines(record.id)?);
            lines.extend(self.bot_record_lines(record)?);
            let exports = table.exports(&scene);
            lines.extend(exports.lines);
            files.extend(exports.files);
            let mut row = Vec::new();
            // A game of more seats starts again from a new lobby, not a rematch.
            if record.seats.len() == 2 {
                row.push(rematch_button(locale, record.id));
            }
            if Table::analysable(record.kind) {
                row.push(analyse_button(locale, record.id));
            }
            let rows = if row.is_empty() {
                Vec::new()
            } else {
                vec![row]
            };
            Controls {
                selects: Vec::new(),
                rows,
            }
        } else {
            lines.extend(table.score_lines(&scene));
            let mut controls = table.controls(&scene, record.moves.len() as u32);
            controls
                .rows
                .push(game_buttons(loaded, locale, self.activity));
            controls
        };
        let render = |lines: &[Text]| lines.iter().map(|t| t.render(locale)).collect::<Vec<_>>();
        let since = run_start(record, &loaded.movers, self.received(record.id));
        let last = record.moves.len().saturating_sub(1);
        let (text, since) = caption(
            locale,
            &render(&intro.into_iter().collect::<Vec<_>>()),
            &render(&lines),
            (since, last),
            |since| render(&table.move_lines(&Scene { since, ..scene })),
        );
        scene.since = since;
        let picture = table.picture(&self.fonts, &scene, None);
        files.insert(
            0,
            Attachment::board(
                crate::render::encode::png(&picture)?,
                table.description(&scene),
            ),
        );
        Ok(Msg {
            text,
            files,
            selects: controls.selects,
            rows: controls.rows,
        })
    }

    /// The board of game `id` from the other side, privately (for a game whose picture has a
    /// side: Shogi's gote).
    pub(super) fn flipped_view(&self, locale: Locale, id: GameId) -> Result<Response, Fail> {
        let loaded = self.load_game(id)?;
        let record = &loaded.stored.record;
        let (names, ids) = seats(record);
        let situation = loaded.situation();
        let scene = loaded.scene(locale, &names, &ids, &situation);
        let picture = loaded
            .table
            .flipped_picture(&self.fonts, &scene)
            .ok_or(Fail::User(Text::NotAMove))?;
        let label = Table::flip_label(record.kind).map_or_else(String::new, |l| l.render(locale));
        Ok(Response::private_msg(Msg {
            text: format!("**{label}**"),
            files: vec![Attachment::board(
                crate::render::encode::png(&picture)?,
                loaded.table.description(&scene),
            )],
            selects: Vec::new(),
            rows: Vec::new(),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::competition_place;

    #[test]
    fn tied_places_skip_the_places_they_share() {
        // Dense places as the engine gives them: a tie for second, then the last seat.
        let places = [0, 1, 1, 2];
        let numbered: Vec<u64> = (0..places.len())
            .map(|seat| competition_place(&places, seat))
            .collect();
        assert_eq!(numbered, [1, 2, 2, 4]);
        // A tie for first among three, in seat order that is not the ranking.
        let places = [1, 0, 0, 0, 2];
        let numbered: Vec<u64> = (0..places.len())
            .map(|seat| competition_place(&places, seat))
            .collect();
        assert_eq!(numbered, [4, 1, 1, 1, 5]);
    }
}
