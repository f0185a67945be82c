//! A game's rules as the shell carries them: [`GameRules`], read once from a record, and
//! [`RuleChoice`], what a command chooses of a new game's rules.
//!
//! Records keep the rules as JSON in the game's own serde form (opaque to the store, so old
//! databases still open); [`GameRules::of`] and [`GameRules::to_json`] are the one place
//! where that form is read and written.

use serde::de::DeserializeOwned;

use super::error::GameError;
use super::hosted::{Hosted, Presented};
use super::{chinese_checkers, oaq, shogi};
use crate::app::text::Text;
use crate::locale::Locale;
use crate::store::{ChallengeRecord, GameKind, GameRecord, GuildSettings};

/// A game's rules, typed: the game, and its own rules type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameRules {
    /// Ô ăn quan.
    Oaq(crate::games::oaq::Rules),
    /// Shogi.
    Shogi(shogi::ShogiRules),
    /// Chinese checkers.
    ChineseCheckers(chinese_checkers::CheckersRules),
}

/// Reads one game's rules from their stored JSON.
fn read<R: DeserializeOwned>(json: &serde_json::Value) -> Result<R, GameError> {
    // Read in place, without cloning the value.
    R::deserialize(json).map_err(GameError::Rules)
}

/// A record that keeps a game's rules: which game they are for, and the rules in that game's
/// own serde form (opaque to the store).
pub trait StoredRules {
    /// The game.
    fn game_kind(&self) -> GameKind;
    /// The rules as stored.
    fn stored_rules(&self) -> &serde_json::Value;
}

impl StoredRules for GameRecord {
    fn game_kind(&self) -> GameKind {
        self.kind
    }
    fn stored_rules(&self) -> &serde_json::Value {
        &self.rules
    }
}

impl StoredRules for crate::store::TournamentRecord {
    fn game_kind(&self) -> GameKind {
        self.kind
    }
    fn stored_rules(&self) -> &serde_json::Value {
        &self.rules
    }
}

impl StoredRules for ChallengeRecord {
    fn game_kind(&self) -> GameKind {
        self.kind
    }
    fn stored_rules(&self) -> &serde_json::Value {
        &self.rules
    }
}

impl GameRules {
    /// The rules a record keeps. Stored rules that do not read are a damaged record.
    pub fn of(record: &impl StoredRules) -> Result<GameRules, GameError> {
        let json = record.stored_rules();
        Ok(match record.game_kind() {
            GameKind::Oaq => GameRules::Oaq(read(json)?),
            GameKind::Shogi => GameRules::Shogi(read(json)?),
            GameKind::ChineseCheckers => GameRules::ChineseCheckers(read(json)?),
        })
    }

    /// The game's own default rules.
    pub fn default_of(kind: GameKind) -> GameRules {
        match kind {
            GameKind::Oaq => GameRules::Oaq(Default::default()),
            GameKind::Shogi => GameRules::Shogi(Default::default()),
            GameKind::ChineseCheckers => GameRules::ChineseCheckers(Default::default()),
        }
    }

    /// The rules as a record stores them.
    pub fn to_json(&self) -> Result<serde_json::Value, GameError> {
        with_rules!(self, T, rules => serde_json::to_value::<&<T as Hosted>::Rules>(rules))
            .map_err(GameError::Encode)
    }

    /// The game they are the rules of.
    pub fn kind(&self) -> GameKind {
        with_rules!(self, T, _rules => T::KIND)
    }

    /// The numbers of seats a game with these rules can be played with.
    pub fn seat_counts(&self) -> Vec<usize> {
        with_rules!(self, T, rules => T::seat_counts(rules))
    }

    /// What each seat of a game of `seats` seats plays as (empty when seats have no names).
    pub fn seat_names(&self, seats: usize, locale: Locale) -> Vec<String> {
        with_rules!(self, T, rules => T::seat_names(rules, seats, locale))
    }

    /// The rules in a few words, for challenges and titles.
    pub fn name(&self) -> Text {
        with_rules!(self, T, rules => T::rules_name(rules))
    }

    /// The rules as a private message; `in_play` when they are those of a game in the
    /// channel.
    pub fn text(&self, in_play: bool) -> Text {
        with_rules!(self, T, rules => T::rules_text(rules, in_play))
    }

    /// The engine command line that replays a game under these rules from `start` (the
    /// exported record's header).
    pub fn engine_command(&self, start: &str) -> String {
        with_rules!(self, T, rules => T::engine_command(rules, start))
    }
}

impl From<crate::games::oaq::Rules> for GameRules {
    fn from(rules: crate::games::oaq::Rules) -> GameRules {
        GameRules::Oaq(rules)
    }
}

impl From<shogi::ShogiRules> for GameRules {
    fn from(rules: shogi::ShogiRules) -> GameRules {
        GameRules::Shogi(rules)
    }
}

impl From<chinese_checkers::CheckersRules> for GameRules {
    fn from(rules: chinese_checkers::CheckersRules) -> GameRules {
        GameRules::ChineseCheckers(rules)
    }
}

/// What a command chooses of a new game's rules, for any game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleChoice {
    /// Ô ăn quan: a preset and the mandarin's value.
    Oaq(oaq::OaqChoice),
    /// Shogi: the standard game.
    Shogi(shogi::ShogiChoice),
    /// Chinese checkers: the spec's defaults.
    ChineseCheckers(chinese_checkers::CheckersChoice),
}

impl RuleChoice {
    /// The game the choice is for.
    pub fn kind(&self) -> GameKind {
        match self {
            RuleChoice::Oaq(_) => GameKind::Oaq,
            RuleChoice::Shogi(_) => GameKind::Shogi,
            RuleChoice::ChineseCheckers(_) => GameKind::ChineseCheckers,
        }
    }

    /// The rules of a new game: this choice, else the server's defaults.
    pub fn rules(&self, server: &GuildSettings) -> Result<GameRules, GameError> {
        Ok(match self {
            RuleChoice::Oaq(choice) => oaq::OaqTable::rules_for(choice, server)?.into(),
            RuleChoice::Shogi(choice) => shogi::ShogiTable::rules_for(choice, server)?.into(),
            RuleChoice::ChineseCheckers(choice) => {
                chinese_checkers::CheckersTable::rules_for(choice, server)?.into()
            }
        })
    }

    /// Makes this choice the server's default.
    pub fn set_default(&self, server: &mut GuildSettings) {
        match self {
            RuleChoice::Oaq(choice) => oaq::OaqTable::set_default(choice, server),
            RuleChoice::Shogi(choice) => shogi::ShogiTable::set_default(choice, server),
            RuleChoice::ChineseCheckers(choice) => {
                chinese_checkers::CheckersTable::set_default(choice, server)
            }
        }
    }

    /// Whether the choice leaves everything to the defaults.
    pub fn is_empty(&self) -> bool {
        match self {
            RuleChoice::Oaq(choice) => *choice == oaq::OaqChoice::default(),
            RuleChoice::Shogi(choice) => *choice == shogi::ShogiChoice,
            RuleChoice::ChineseCheckers(choice) => {
                *choice == chinese_checkers::CheckersChoice::default()
            }
        }
    }
}

/// The server's default rules of `kind`, for the settings summary.
pub fn default_rules(kind: GameKind, server: &GuildSettings) -> Text {
    match kind {
        GameKind::Oaq => oaq::OaqTable::default_rules(server),
        GameKind::Shogi => shogi::ShogiTable::default_rules(server),
        GameKind::ChineseCheckers => chinese_checkers::CheckersTable::default_rules(server),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rules as some record keeps them.
    struct Kept(GameKind, serde_json::Value);

    impl StoredRules for Kept {
        fn game_kind(&self) -> GameKind {
            self.0
        }
        fn stored_rules(&self) -> &serde_json::Value {
            &self.1
        }
    }

    /// The stored form is the games' own serde form: every game's rules read back as they
    /// were written, and a record's rules of another shape are refused, not defaulted.
    #[test]
    fn rules_round_trip_through_their_stored_form() {
        let choices = [
            RuleChoice::Oaq(oaq::OaqChoice {
                preset: Some(crate::games::oaq::Preset::Folk),
                quan_value: Some(5),
            }),
            RuleChoice::Shogi(shogi::ShogiChoice),
            RuleChoice::ChineseCheckers(chinese_checkers::CheckersChoice {
                sets: Some(2),
                ..Default::default()
            }),
        ];
        for choice in choices {
            let rules = choice.rules(&GuildSettings::default()).expect("rules");
            assert_eq!(rules.kind(), choice.kind());
            let json = rules.to_json().expect("json");
            let kept = Kept(choice.kind(), json);
            assert_eq!(GameRules::of(&kept).expect("reads"), rules);
        }
        let shogi = GameRules::default_of(GameKind::Shogi)
            .to_json()
            .expect("json");
        assert_eq!(shogi, serde_json::json!({}));
        let bad = serde_json::json!({ "quan_value": "many" });
        assert!(matches!(
            GameRules::of(&Kept(GameKind::Oaq, bad)),
            Err(GameError::Rules(_))
        ));
    }

    #[test]
    fn the_seat_counts_follow_the_rules() {
        let sets = |sets| {
            RuleChoice::ChineseCheckers(chinese_checkers::CheckersChoice {
                sets: Some(sets),
                ..Default::default()
            })
            .rules(&GuildSettings::default())
            .expect("rules")
            .seat_counts()
        };
        assert_eq!(sets(1), [2, 3, 4, 6]);
        assert_eq!(sets(2), [3]);
        assert_eq!(sets(3), [2]);
        assert_eq!(GameRules::default_of(GameKind::Shogi).seat_counts(), [2]);
    }
}
