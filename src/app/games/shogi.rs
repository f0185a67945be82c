//! Shogi as the shell hosts it: the engine's game replayed from USI moves (and the impasse
//! claim), captions in Western notation, the kanji board picture drawn from sente's side (and
//! privately from gote's), moves typed in USI, Western or Japanese notation, the board's
//! picker, furigoma, the KIF and CSA records of a finished game, and the computer opponent.
//!
//! Decisions where the spec is silent: a stored start position is an SFEN; the standard game has
//! no rule options (its rules are stored as `{}`); an impasse claim is stored among the moves as
//! `impasse` and may be made by either player on either turn, as the engine allows; the picker
//! goes piece (board pieces by square, then pieces in hand), destination, then promotion only
//! when both are legal — a forced promotion is played as the rules force it; the KIF record is
//! UTF-8 (declared in its header line), named `.kif` as lishogi and most GUIs expect.

use std::time::Duration;

use image::RgbImage;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::error::GameError;
use super::hosted::{Hosted, Misread, Presented};
use super::page::PageBoard;
use super::scene::{
    picker_controls, two_seat_places, Controls, Exports, Frame, Scene, Situation, Step,
};
use crate::app::text::{alt, Locale, ShogiText, Text};
use crate::app::vocab::{Attachment, FileKind};
use crate::games::shogi::furigoma::Furigoma;
use crate::games::shogi::{self, ai, export, human, Color, Game, Move, Position, Role};
use crate::ids::UserId;
use crate::render::shogi::{BoardView, Highlights, Words};
use crate::render::Fonts;
use crate::store::{FirstPlayer, GameKind, GuildSettings, Level, Retirement};

/// Shogi's rules: the standard game, which has no options.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShogiRules {}

/// What a command chooses of Shogi's rules: nothing yet (handicaps would go here).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShogiChoice;

/// One entry of a Shogi record: a move, or the impasse claim that ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ShogiMove {
    /// A move on the board or a drop, in USI.
    Play(Move),
    /// Either player claims impasse (stored as `impasse`).
    ClaimImpasse,
}

/// The kinds of piece a description lists, in the order it lists them: the strongest first,
/// each promoted kind after the kind it promotes from.
const DESCRIBED_ROLES: [Role; 14] = [
    Role::King,
    Role::Rook,
    Role::Dragon,
    Role::Bishop,
    Role::Horse,
    Role::Gold,
    Role::Silver,
    Role::ProSilver,
    Role::Knight,
    Role::ProKnight,
    Role::Lance,
    Role::ProLance,
    Role::Pawn,
    Role::ProPawn,
];

/// How an impasse claim is written in records and typed.
const IMPASSE: &str = "impasse";

impl std::fmt::Display for ShogiMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShogiMove::Play(mv) => mv.fmt(f),
            ShogiMove::ClaimImpasse => f.write_str(IMPASSE),
        }
    }
}

impl std::str::FromStr for ShogiMove {
    type Err = shogi::ParseError;

    fn from_str(text: &str) -> Result<ShogiMove, shogi::ParseError> {
        if text == IMPASSE {
            return Ok(ShogiMove::ClaimImpasse);
        }
        text.parse().map(ShogiMove::Play)
    }
}

/// A Shogi game in play: the engine's game, the seat that left if one did, and whether the
/// game ended by an impasse claim.
#[derive(Debug, Clone)]
pub struct ShogiTable {
    game: Game,
    retired: Option<usize>,
    claimed: bool,
}

/// The engine's level for the shell's.
fn level(level: Level) -> ai::Level {
    match level {
        Level::Easy => ai::Level::Easy,
        Level::Medium => ai::Level::Medium,
        Level::Hard => ai::Level::Hard,
    }
}

impl ShogiTable {
    fn new(start: Position) -> ShogiTable {
        ShogiTable {
            game: Game::new(start),
            retired: None,
            claimed: false,
        }
    }

    fn position(&self) -> &Position {
        self.game.position()
    }

    /// The picture's status line.
    fn status(&self, scene: &Scene<'_>) -> ShogiText {
        let name = |seat: usize| scene.names.get(seat).cloned().unwrap_or_default();
        match scene.situation {
            Situation::ToMove { seat, .. } => ShogiText::StatusToMove { name: name(*seat) },
            Situation::Forfeited { loser, why, .. } => ShogiText::StatusForfeit {
                name: name(1 - (*loser).min(1)),
                why: *why,
            },
            Situation::Over { .. } => match self.game.outcome() {
                Some(outcome) => ShogiText::StatusOver {
                    winner: outcome.winner().map(|c| name(c.index())),
                    outcome,
                },
                None => ShogiText::StatusToMove {
                    name: name(self.position().turn().index()),
                },
            },
        }
    }

    /// The picture from sente's side, or from gote's.
    fn draw(&self, fonts: &Fonts, scene: &Scene<'_>, frame: Option<Frame>, gote: bool) -> RgbImage {
        let locale = scene.locale;
        let status = match frame {
            Some(Frame { ply, plies }) => Text::ReplayFrame { ply, plies },
            None => self.status(scene).into(),
        }
        .render(locale);
        let empty_hand = Text::from(ShogiText::EmptyHand).render(locale);
        let check = Text::from(ShogiText::Check).render(locale);
        let name = |seat: usize| scene.names.get(seat).map_or("", String::as_str);
        let view = BoardView {
            position: self.position(),
            highlights: Highlights {
                last_move: self.game.last_move(),
                outcome: self.game.outcome(),
                from_gote: gote,
            },
            words: Words {
                sente: name(0),
                gote: name(1),
                empty_hand: &empty_hand,
                status: &status,
                check: &check,
            },
        };
        crate::render::shogi::draw(fonts, &view)
    }

    /// The game as it ended, with a seat that left marked as the loser, for the records.
    fn final_game(&self, situation: &Situation) -> Game {
        let mut game = self.game.clone();
        if let Situation::Forfeited { loser, why, .. } = situation {
            let loser = if *loser == 0 {
                Color::Sente
            } else {
                Color::Gote
            };
            // The game is unfinished on the board when a seat leaves, so neither can fail.
            let _ = match why {
                Retirement::Resigned => game.resign(loser),
                Retirement::TimedOut => game.time_out(loser),
            };
        }
        game
    }
}

impl Hosted for ShogiTable {
    const KIND: GameKind = GameKind::Shogi;

    const SEATS: &'static [usize] = &[2];

    type Rules = ShogiRules;

    type Move = ShogiMove;

    type Choice = ShogiChoice;

    fn rules_for(_choice: &ShogiChoice, _server: &GuildSettings) -> Result<ShogiRules, GameError> {
        Ok(ShogiRules {})
    }

    fn set_default(_choice: &ShogiChoice, _server: &mut GuildSettings) {}

    fn start(_rules: &ShogiRules, _seats: usize) -> Result<ShogiTable, GameError> {
        Ok(ShogiTable::new(Position::new()))
    }

    fn from_start(
        _rules: &ShogiRules,
        start: &str,
        _seats: usize,
    ) -> Result<ShogiTable, GameError> {
        let position: Position = start
            .parse()
            .map_err(|e: shogi::SfenError| GameError::Start(e.to_string()))?;
        Ok(ShogiTable::new(position))
    }

    /// The standard game: no options.
    fn rules(&self) -> ShogiRules {
        ShogiRules {}
    }

    fn start_text(&self) -> String {
        self.game.start().to_sfen()
    }

    fn to_move(&self) -> Option<usize> {
        if self.retired.is_some() || self.game.outcome().is_some() {
            return None;
        }
        Some(self.position().turn().index())
    }

    fn play(&mut self, mv: ShogiMove) -> Result<(), Text> {
        if self.retired.is_some() {
            return Err(Text::GameOver);
        }
        match mv {
            ShogiMove::Play(mv) => match self.game.play(mv) {
                Ok(_) => Ok(()),
                Err(shogi::GameError::GameOver(_)) => Err(Text::GameOver),
                Err(shogi::GameError::Illegal(why)) => Err(ShogiText::Illegal(why).into()),
            },
            ShogiMove::ClaimImpasse => match self.game.claim_impasse() {
                Ok(_) => {
                    self.claimed = true;
                    Ok(())
                }
                Err(shogi::ImpasseError::GameOver(_)) => Err(Text::GameOver),
                Err(shogi::ImpasseError::KingsNotInZone) => Err(ShogiText::ImpasseNotYet.into()),
            },
        }
    }

    fn retire(&mut self, seat: usize) {
        self.retired.get_or_insert(seat);
    }

    fn places(&self) -> Option<Vec<u8>> {
        let winner = match self.retired {
            Some(_) => None,
            None => self.game.outcome()?.winner().map(|c| c.index()),
        };
        Some(two_seat_places(self.retired, winner))
    }

    fn choose(&self, level: Level, budget: Duration, seed: u64) -> Option<ShogiMove> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        ai::Player::Engine(self::level(level))
            .choose(&self.game, Some(budget), &mut rng)
            .map(ShogiMove::Play)
    }

    fn legal_moves(&self) -> Vec<(ShogiMove, String)> {
        if self.to_move().is_none() {
            return Vec::new();
        }
        let position = self.position();
        let mut moves = position.legal_moves();
        // Board moves by the square they start from, then drops; a promotion before the same
        // move unpromoted (the picker offers *Promote* first).
        moves.sort_by_key(|mv| match *mv {
            Move::Normal { from, to, promote } => (0, from.index(), to.index(), !promote),
            Move::Drop { role, to } => (1, role.index(), to.index(), false),
        });
        moves
            .into_iter()
            .map(|mv| (ShogiMove::Play(mv), human::to_western(position, mv)))
            .collect()
    }

    /// USI, Western or Japanese notation (see [`human::parse_move`]), or `impasse`.
    fn read_move(&self, text: &str) -> Result<ShogiMove, Misread<ShogiMove>> {
        let text = text.trim();
        if text.eq_ignore_ascii_case(IMPASSE) {
            return Ok(ShogiMove::ClaimImpasse);
        }
        let refused = |why: ShogiText| Misread::Refused(why.into());
        match human::parse_move(self.position(), self.game.last_move(), text) {
            Ok(mv) => Ok(ShogiMove::Play(mv)),
            Err(human::HumanError::Ambiguous { candidates, .. }) => Err(Misread::Ambiguous(
                candidates.into_iter().map(ShogiMove::Play).collect(),
            )),
            Err(human::HumanError::Illegal(why)) => Err(refused(ShogiText::Illegal(why))),
            Err(human::HumanError::NoPreviousMove) => Err(refused(ShogiText::NoPreviousMove)),
            Err(human::HumanError::NoMatch(_)) => Err(refused(ShogiText::NoMatch {
                text: text.to_owned(),
            })),
            Err(human::HumanError::Unreadable(_)) => Err(refused(ShogiText::Unreadable {
                text: text.to_owned(),
            })),
        }
    }

    fn claims(&self) -> Vec<(ShogiMove, Text)> {
        if self.retired.is_none() && self.game.impasse_claimable() {
            vec![(ShogiMove::ClaimImpasse, ShogiText::ClaimImpasse.into())]
        } else {
            Vec::new()
        }
    }

    /// Furigoma unless the challenge named the first player (rock-paper-scissors, a server
    /// default meant for Ô ăn quan, is not Shogi's custom).
    fn first_player(asked: Option<FirstPlayer>, _server: Option<FirstPlayer>) -> FirstPlayer {
        match asked {
            Some(who @ (FirstPlayer::Challenger | FirstPlayer::Opponent)) => who,
            _ => FirstPlayer::Coin,
        }
    }

    /// Furigoma: the challenger tosses five pawns; more 歩 than と up and they are sente.
    fn toss(mut rng: &mut dyn RngCore, tosser: UserId, other: UserId) -> (bool, Text) {
        let toss = Furigoma::toss(&mut rng);
        let first = toss.tosser_moves_first();
        let text = ShogiText::Furigoma {
            tosser,
            faces: toss.kanji(),
            pawns: toss.pawns(),
            first: if first { tosser } else { other },
        };
        (first, text.into())
    }
}

impl Presented for ShogiTable {
    fn default_rules(_server: &GuildSettings) -> Text {
        ShogiText::RulesName.into()
    }

    fn move_lines(&self, scene: &Scene<'_>) -> Vec<Text> {
        if self.claimed {
            let position = self.position();
            return vec![ShogiText::ImpasseClaimed {
                sente: position.impasse_points(Color::Sente),
                gote: position.impasse_points(Color::Gote),
            }
            .into()];
        }
        let (Some(mv), Some(before)) = (
            self.game.last_move(),
            self.game.positions().iter().rev().nth(1),
        ) else {
            return Vec::new();
        };
        let mover = before.turn().index();
        let mut lines = vec![ShogiText::Moved {
            player: scene.ids.get(mover).copied().unwrap_or(UserId::new(0)),
            western: human::to_western(before, mv),
        }
        .into()];
        if self.position().is_check() && self.game.outcome().is_none() {
            lines.push(ShogiText::Check.into());
        }
        lines
    }

    fn end_lines(&self, _scene: &Scene<'_>) -> Vec<Text> {
        self.game
            .outcome()
            .map(|outcome| ShogiText::Ended { outcome }.into())
            .into_iter()
            .collect()
    }

    fn score_lines(&self, _scene: &Scene<'_>) -> Vec<Text> {
        Vec::new()
    }

    fn picture(&self, fonts: &Fonts, scene: &Scene<'_>, frame: Option<Frame>) -> RgbImage {
        self.draw(fonts, scene, frame, false)
    }

    /// The seat to move gets the *Pick a move* button, which opens the private picker.
    /// Title, whose turn (or how it ended), check, the last move in the captions' Western
    /// notation, each side's hand, then each side's pieces on the board kind by kind, each
    /// kind's squares in reading order (rank a to i, file 9 to 1), as lishogi's and lichess's
    /// accessible boards list them.
    fn description(&self, scene: &Scene<'_>) -> String {
        let locale = scene.locale;
        let position = self.position();
        let name = |seat: usize| scene.names.get(seat).map_or("", String::as_str);
        let mut sentences = vec![alt::shogi_title(locale)];
        sentences.push(match scene.situation {
            Situation::ToMove { seat, .. } => alt::shogi_to_move(locale, name(*seat), *seat == 0),
            _ => alt::status(locale, &Text::from(self.status(scene)).render(locale)),
        });
        if position.is_check() && self.game.outcome().is_none() {
            sentences.push(alt::shogi_check(locale));
        }
        if self.claimed {
            sentences.push(alt::shogi_impasse(locale));
        } else if let (Some(mv), Some(before)) = (
            self.game.last_move(),
            self.game.positions().iter().rev().nth(1),
        ) {
            sentences.push(alt::shogi_last(locale, &human::to_western(before, mv)));
        }
        for color in Color::ALL {
            let hand: Vec<String> = Role::HAND
                .iter()
                .filter_map(|&role| {
                    let count = position.hand_count(color, role);
                    (count > 0).then(|| alt::shogi_in_hand(locale, role, count))
                })
                .collect();
            sentences.push(alt::shogi_hand(locale, color == Color::Sente, &hand));
        }
        for color in Color::ALL {
            let kinds: Vec<String> = DESCRIBED_ROLES
                .iter()
                .filter_map(|&role| {
                    let squares: Vec<String> = (1..=9u8)
                        .flat_map(|rank| (1..=9u8).rev().map(move |file| (file, rank)))
                        .filter_map(|(file, rank)| shogi::Square::new(file, rank))
                        .filter(|&square| {
                            position.piece_at(square) == Some(shogi::Piece { color, role })
                        })
                        .map(|square| square.to_string())
                        .collect();
                    (!squares.is_empty()).then(|| alt::shogi_squares(locale, role, &squares))
                })
                .collect();
            sentences.push(alt::shogi_pieces(
                locale,
                color == Color::Sente,
                name(color.index()),
                &kinds,
            ));
        }
        alt::fit(locale, &sentences)
    }

    fn controls(&self, scene: &Scene<'_>, ply: u32) -> Controls {
        picker_controls(scene, ply)
    }

    fn rules_text(_rules: &ShogiRules, in_play: bool) -> Text {
        ShogiText::RulesSummary { in_play }.into()
    }

    fn rules_name(_rules: &ShogiRules) -> Text {
        ShogiText::RulesName.into()
    }

    fn help() -> Text {
        ShogiText::Help.into()
    }

    /// A USI `position` command: with the moves that follow it, it sets up the game in any
    /// USI engine or shogi GUI.
    fn engine_command(_rules: &ShogiRules, start: &str) -> String {
        format!("position sfen {start} moves")
    }

    /// The piece (by square, or from hand), where it goes, then promotion when the move may
    /// be played either way.
    fn pick_steps(&self, locale: Locale, mv: &ShogiMove) -> Vec<Step> {
        let ShogiMove::Play(mv) = *mv else {
            return Vec::new();
        };
        let position = self.position();
        let step = |key: String, text: ShogiText| Step {
            key,
            label: Text::from(text).render(locale),
        };
        let to = mv.to();
        let mut steps = Vec::with_capacity(3);
        match mv {
            Move::Normal { from, promote, .. } => {
                let Some(piece) = position.piece_at(from) else {
                    return Vec::new();
                };
                steps.push(step(
                    from.to_string(),
                    ShogiText::PickPiece {
                        role: piece.role,
                        square: from.to_string(),
                    },
                ));
                steps.push(step(
                    to.to_string(),
                    ShogiText::PickTarget {
                        square: to.to_string(),
                        takes: position.piece_at(to).map(|p| p.role),
                    },
                ));
                let other = Move::Normal {
                    from,
                    to,
                    promote: !promote,
                };
                if position.is_legal(other) {
                    let (key, text) = if promote {
                        ("+", ShogiText::Promote)
                    } else {
                        ("=", ShogiText::DontPromote)
                    };
                    steps.push(step(key.to_owned(), text));
                }
            }
            Move::Drop { role, .. } => {
                steps.push(step(
                    format!("{}*", role.letter()),
                    ShogiText::PickInHand {
                        role,
                        count: position.hand_count(position.turn(), role),
                    },
                ));
                steps.push(step(
                    to.to_string(),
                    ShogiText::PickTarget {
                        square: to.to_string(),
                        takes: None,
                    },
                ));
            }
        }
        steps
    }

    fn flip_label() -> Option<Text> {
        Some(ShogiText::ViewFromGote.into())
    }

    fn flipped_picture(&self, fonts: &Fonts, scene: &Scene<'_>) -> Option<RgbImage> {
        Some(self.draw(fonts, scene, None, true))
    }

    /// The KIF, CSA and USI records as files, and a link to lishogi's analysis board.
    fn exports(&self, scene: &Scene<'_>) -> Exports {
        let game = self.final_game(scene.situation);
        let name = |seat: usize| scene.names.get(seat).map_or("", String::as_str);
        let file = |extension: &str, text: String| Attachment {
            name: format!("shogi-{}.{extension}", scene.game),
            kind: FileKind::Text,
            bytes: text.into_bytes(),
            description: alt::record(scene.locale, scene.game, &extension.to_uppercase()),
        };
        Exports {
            lines: vec![ShogiText::Analyse {
                link: export::lishogi_url(game.position()),
            }
            .into()],
            files: vec![
                file("kif", export::kif(&game, name(0), name(1))),
                file("csa", export::csa(&game, name(0), name(1))),
                file("usi", export::usi(&game)),
            ],
        }
    }

    /// The position as SFEN (seat 0 plays Sente), the moves in USI with their Western labels.
    fn page_board(&self) -> PageBoard {
        let position = self.position();
        let moves = self
            .legal_moves()
            .into_iter()
            .filter_map(|(mv, label)| match mv {
                ShogiMove::Play(mv) => Some(json!({"move": mv.to_string(), "label": label})),
                ShogiMove::ClaimImpasse => None,
            })
            .collect();
        PageBoard {
            position: json!({
                "sfen": position.to_sfen(),
                "sente": 0,
                "check": position.is_check(),
            }),
            last: self
                .game
                .last_move()
                .map(|mv| json!({"move": mv.to_string()})),
            moves,
            seats: Vec::new(),
        }
    }
}
