//! Button `custom_id`s: a stateless encoding of [`Action`], so a click can be routed after a
//! restart by loading the named record from the store.
//!
//! Format: `oaq:<kind>:<id>[:<more>]`, for example `oaq:m:42:17:3+` (a move in game 42 on the
//! board drawn after 17 moves; the move is in the notation of the game's kind, which comes
//! from the game's record, so ids of every game share this form), or `oaq:l:<page>:<en|vi>`
//! for a page of the Ô ăn quan leaderboard in the language the message was posted in
//! (`oaq:l:<page>:<en|vi>:<s|c>` for Shogi's and Chinese checkers'), or `oaq:p:42:17` (open the
//! move picker of game 42's board drawn after 17 moves) and `oaq:p:42:17:7g/7f` (a step in
//! it; a segment `~<k>` of the path numbers one of a step's several menus, so that each has
//! an id of its own, see `app::picker`), or `oaq:x:42` (analyse finished game 42), or
//! `oaq:t:42:j` (a button of tournament 42's message: `j`oin, `l`eave, `s`tart, `c`ancel,
//! `n`ext round), or `oaq:g:<page>:<en|vi>:<o|s|c>` (a page of a game's `games` list). The
//! longest is well under Discord's
//! 100-character limit.
//!
//! An id names a view or a record and a version, never an authority: the server, channel and
//! user come from the interaction. Leaderboard buttons posted before this rule carry
//! `oaq:l:<guild>:<page>`; they still decode, the guild is ignored (the leaderboard shown is
//! the one of the server the button is clicked in) and the language, not recorded, is English.

use thiserror::Error;

use crate::app::{Action, Locale, PickerAt, TournamentOp};
use crate::ids::Id;
use crate::store::{GameKind, Hand};

/// Discord's limit on a `custom_id`.
pub const MAX_LEN: usize = 100;

/// A `custom_id` that is not one of ours, or is damaged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("unrecognised button id `{0}`")]
pub struct CustomIdError(pub String);

fn hand_code(hand: Hand) -> &'static str {
    match hand {
        Hand::Rock => "r",
        Hand::Paper => "p",
        Hand::Scissors => "s",
    }
}

/// The code of a game's leaderboard in its page buttons (Ô ăn quan's ids carry none).
fn kind_code(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Oaq => "o",
        GameKind::Shogi => "s",
        GameKind::ChineseCheckers => "c",
    }
}

/// The game named by [`kind_code`]'s code.
fn kind_of(code: &str) -> Option<GameKind> {
    GameKind::ALL
        .into_iter()
        .find(|&kind| kind_code(kind) == code)
}

/// The language named by [`locale_code`]'s code.
fn locale_of(code: &str) -> Option<Locale> {
    Locale::ALL
        .into_iter()
        .find(|&locale| locale_code(locale) == code)
}

fn op_code(op: TournamentOp) -> &'static str {
    match op {
        TournamentOp::Join => "j",
        TournamentOp::Leave => "l",
        TournamentOp::Start => "s",
        TournamentOp::Cancel => "c",
        TournamentOp::Next => "n",
    }
}

fn locale_code(locale: Locale) -> &'static str {
    match locale {
        Locale::English => "en",
        Locale::Vietnamese => "vi",
    }
}

/// Encodes an action.
pub fn encode(action: &Action) -> String {
    match *action {
        Action::Accept { challenge } => format!("oaq:a:{challenge}"),
        Action::Decline { challenge } => format!("oaq:d:{challenge}"),
        Action::Cancel { challenge } => format!("oaq:c:{challenge}"),
        Action::Pick { challenge, hand } => format!("oaq:k:{challenge}:{}", hand_code(hand)),
        Action::Join { lobby } => format!("oaq:j:{lobby}"),
        Action::Leave { lobby } => format!("oaq:e:{lobby}"),
        Action::Start { lobby } => format!("oaq:s:{lobby}"),
        Action::Computer { lobby, add: None } => format!("oaq:b:{lobby}"),
        Action::Computer {
            lobby,
            add: Some(level),
        } => format!("oaq:b:{lobby}:{}", level.name()),
        Action::Play { game, ply, mv } => format!("oaq:m:{game}:{ply}:{mv}"),
        Action::Picker {
            game,
            ply,
            at: PickerAt::Board,
        } => format!("oaq:p:{game}:{ply}"),
        Action::Picker {
            game,
            ply,
            at: PickerAt::Path(at),
        } => format!("oaq:p:{game}:{ply}:{at}"),
        Action::View { game } => format!("oaq:v:{game}"),
        Action::Resign { game } => format!("oaq:r:{game}"),
        Action::ConfirmResign { game } => format!("oaq:y:{game}"),
        Action::Rules { game } => format!("oaq:h:{game}"),
        Action::Launch { game } => format!("oaq:o:{game}"),
        Action::Rematch { game } => format!("oaq:n:{game}"),
        Action::Analyse { game } => format!("oaq:x:{game}"),
        Action::Tournament { tournament, op } => format!("oaq:t:{tournament}:{}", op_code(op)),
        Action::Leaderboard {
            kind: GameKind::Oaq,
            page,
            locale,
        } => format!("oaq:l:{page}:{}", locale_code(locale)),
        Action::Leaderboard { kind, page, locale } => {
            format!("oaq:l:{page}:{}:{}", locale_code(locale), kind_code(kind))
        }
        Action::Games { kind, page, locale } => {
            format!("oaq:g:{page}:{}:{}", locale_code(locale), kind_code(kind))
        }
    }
}

/// Decodes a `custom_id` produced by [`encode`].
pub fn decode(custom_id: &str) -> Result<Action, CustomIdError> {
    let bad = || CustomIdError(custom_id.chars().take(MAX_LEN).collect());
    let parts: Vec<&str> = custom_id.split(':').collect();
    let id = |i: usize| -> Result<u64, CustomIdError> {
        parts.get(i).and_then(|s| s.parse().ok()).ok_or_else(bad)
    };
    let action = match parts.as_slice() {
        ["oaq", "a", _] => Action::Accept {
            challenge: Id::new(id(2)?),
        },
        ["oaq", "d", _] => Action::Decline {
            challenge: Id::new(id(2)?),
        },
        ["oaq", "c", _] => Action::Cancel {
            challenge: Id::new(id(2)?),
        },
        ["oaq", "k", _, hand] => Action::Pick {
            challenge: Id::new(id(2)?),
            hand: match *hand {
                "r" => Hand::Rock,
                "p" => Hand::Paper,
                "s" => Hand::Scissors,
                _ => return Err(bad()),
            },
        },
        ["oaq", "j", _] => Action::Join {
            lobby: Id::new(id(2)?),
        },
        ["oaq", "e", _] => Action::Leave {
            lobby: Id::new(id(2)?),
        },
        ["oaq", "s", _] => Action::Start {
            lobby: Id::new(id(2)?),
        },
        ["oaq", "b", _] => Action::Computer {
            lobby: Id::new(id(2)?),
            add: None,
        },
        ["oaq", "b", _, level] => Action::Computer {
            lobby: Id::new(id(2)?),
            add: Some(level.parse().map_err(|_| bad())?),
        },
        ["oaq", "m", _, ply, mv] => Action::Play {
            game: Id::new(id(2)?),
            ply: ply.parse().map_err(|_| bad())?,
            mv: mv.parse().map_err(|_| bad())?,
        },
        ["oaq", "p", _, _] => Action::Picker {
            game: Id::new(id(2)?),
            ply: id(3)?.try_into().map_err(|_| bad())?,
            at: PickerAt::Board,
        },
        ["oaq", "p", _, _, at] => Action::Picker {
            game: Id::new(id(2)?),
            ply: id(3)?.try_into().map_err(|_| bad())?,
            at: PickerAt::Path(at.parse().map_err(|_| bad())?),
        },
        ["oaq", "v", _] => Action::View {
            game: Id::new(id(2)?),
        },
        ["oaq", "r", _] => Action::Resign {
            game: Id::new(id(2)?),
        },
        ["oaq", "y", _] => Action::ConfirmResign {
            game: Id::new(id(2)?),
        },
        ["oaq", "h", _] => Action::Rules {
            game: Id::new(id(2)?),
        },
        ["oaq", "o", _] => Action::Launch {
            game: Id::new(id(2)?),
        },
        ["oaq", "n", _] => Action::Rematch {
            game: Id::new(id(2)?),
        },
        ["oaq", "x", _] => Action::Analyse {
            game: Id::new(id(2)?),
        },
        ["oaq", "t", _, op] => Action::Tournament {
            tournament: Id::new(id(2)?),
            op: match *op {
                "j" => TournamentOp::Join,
                "l" => TournamentOp::Leave,
                "s" => TournamentOp::Start,
                "c" => TournamentOp::Cancel,
                "n" => TournamentOp::Next,
                _ => return Err(bad()),
            },
        },
        ["oaq", "l", _, "en"] => Action::Leaderboard {
            kind: GameKind::Oaq,
            page: id(2)?,
            locale: Locale::English,
        },
        ["oaq", "l", _, "vi"] => Action::Leaderboard {
            kind: GameKind::Oaq,
            page: id(2)?,
            locale: Locale::Vietnamese,
        },
        ["oaq", "l", _, locale, kind] => Action::Leaderboard {
            kind: kind_of(kind).ok_or_else(bad)?,
            page: id(2)?,
            locale: locale_of(locale).ok_or_else(bad)?,
        },
        ["oaq", "g", _, locale, kind] => Action::Games {
            kind: kind_of(kind).ok_or_else(bad)?,
            page: id(2)?,
            locale: locale_of(locale).ok_or_else(bad)?,
        },
        // The old form, `oaq:l:<guild>:<page>`: the guild is checked for damage, then ignored.
        ["oaq", "l", _, _] => {
            id(2)?;
            Action::Leaderboard {
                kind: GameKind::Oaq,
                page: id(3)?,
                locale: Locale::English,
            }
        }
        _ => return Err(bad()),
    };
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::{decode, encode, MAX_LEN};
    use crate::app::{Action, Locale, Notation, PickerAt, TournamentOp};
    use crate::ids::{ChallengeId, GameId, LobbyId, TournamentId};
    use crate::store::{GameKind, Hand, Level};

    fn all_actions(id: u64, ply: u32) -> Vec<Action> {
        let mv: Notation = "11-".parse().expect("move");
        let mut actions = vec![
            Action::Accept {
                challenge: ChallengeId::new(id),
            },
            Action::Decline {
                challenge: ChallengeId::new(id),
            },
            Action::Cancel {
                challenge: ChallengeId::new(id),
            },
            Action::Play {
                game: GameId::new(id),
                ply,
                mv,
            },
            Action::Resign {
                game: GameId::new(id),
            },
            Action::ConfirmResign {
                game: GameId::new(id),
            },
            Action::Rules {
                game: GameId::new(id),
            },
            Action::Launch {
                game: GameId::new(id),
            },
            Action::Rematch {
                game: GameId::new(id),
            },
            Action::Analyse {
                game: GameId::new(id),
            },
            Action::View {
                game: GameId::new(id),
            },
            Action::Tournament {
                tournament: TournamentId::new(id),
                op: TournamentOp::Join,
            },
            Action::Tournament {
                tournament: TournamentId::new(id),
                op: TournamentOp::Leave,
            },
            Action::Tournament {
                tournament: TournamentId::new(id),
                op: TournamentOp::Start,
            },
            Action::Tournament {
                tournament: TournamentId::new(id),
                op: TournamentOp::Cancel,
            },
            Action::Tournament {
                tournament: TournamentId::new(id),
                op: TournamentOp::Next,
            },
            Action::Join {
                lobby: LobbyId::new(id),
            },
            Action::Leave {
                lobby: LobbyId::new(id),
            },
            Action::Start {
                lobby: LobbyId::new(id),
            },
            Action::Computer {
                lobby: LobbyId::new(id),
                add: None,
            },
            Action::Computer {
                lobby: LobbyId::new(id),
                add: Some(Level::Hard),
            },
            Action::Picker {
                game: GameId::new(id),
                ply,
                at: PickerAt::Board,
            },
            Action::Picker {
                game: GameId::new(id),
                ply,
                at: PickerAt::Path(".".parse().expect("root")),
            },
            Action::Picker {
                game: GameId::new(id),
                ply,
                at: PickerAt::Path("7g/7f/+".parse().expect("path")),
            },
        ];
        for kind in GameKind::ALL {
            actions.extend(Locale::ALL.map(|locale| Action::Leaderboard {
                kind,
                page: u64::from(ply),
                locale,
            }));
            actions.extend(Locale::ALL.map(|locale| Action::Games {
                kind,
                page: id,
                locale,
            }));
        }
        actions.push(Action::Leaderboard {
            kind: GameKind::Oaq,
            page: id,
            locale: Locale::Vietnamese,
        });
        actions.extend(Hand::ALL.map(|hand| Action::Pick {
            challenge: ChallengeId::new(id),
            hand,
        }));
        actions
    }

    #[test]
    fn every_action_round_trips_within_discords_limit() {
        for action in all_actions(u64::MAX, u32::MAX)
            .into_iter()
            .chain(all_actions(1, 0))
        {
            let id = encode(&action);
            assert!(id.len() <= MAX_LEN, "{id}");
            assert_eq!(decode(&id), Ok(action));
        }
    }

    #[test]
    fn damaged_or_foreign_ids_are_rejected() {
        for bad in [
            "",
            "oaq",
            "oaq:m:1:2",
            "oaq:m:x:2:3+",
            "oaq:m:1:2:3:+",
            "oaq:m:1:2:1234567890123456789012345",
            "oaq:m:1:-1:3+",
            "oaq:k:1:q",
            "oaq:a:1:extra",
            "other:a:1",
            "oaq:z:1",
            "oaq:l:1",
            "oaq:l:1:-2",
            "oaq:l:x:2",
            "oaq:l:-1:en",
            "oaq:l:1:fr",
            "oaq:l:1:en:2",
            "oaq:g:1:en",
            "oaq:g:1:fr:o",
            "oaq:g:-1:vi:s",
            "oaq:g:1:en:x",
            "oaq:p:1",
            "oaq:p:1:x",
            "oaq:p:1:2:7g:7f",
            "oaq:p:1:99999999999:7g",
            "oaq:p:1:2:",
            "oaq:p:1:2:7g//7f",
            "oaq:p:1:2:7g/~x",
            "oaq:p:1:2:./7g",
            "oaq:v:1:2",
            "oaq:x",
            "oaq:x:",
            "oaq:x:1:2",
            "oaq:x:-1",
            "oaq:x:99999999999999999999999",
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }

    /// Issue 10: leaderboard buttons already posted name a guild and no language. They still
    /// turn the page, in English, and the guild they name is not carried into the action.
    #[test]
    fn old_leaderboard_ids_still_decode_without_their_guild() {
        assert_eq!(
            decode("oaq:l:123456789012345678:3"),
            Ok(Action::Leaderboard {
                kind: GameKind::Oaq,
                page: 3,
                locale: Locale::English,
            })
        );
        assert_eq!(
            encode(&Action::Leaderboard {
                kind: GameKind::Oaq,
                page: 3,
                locale: Locale::Vietnamese,
            }),
            "oaq:l:3:vi"
        );
    }
}
