//! Rule options: the variants players differ on, with the spec's defaults.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::ParseError;

/// Where a peg that has reached its goal triangle may still go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GoalLock {
    /// A move that starts in the goal must end in it (hops may pass outside). The default.
    #[default]
    Final,
    /// A move that starts in the goal must land in the goal at every hop.
    Path,
    /// Pegs may leave the goal.
    Off,
}

/// Whether a peg may come to rest in a triangle that is not its own start or goal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForeignStop {
    /// Not in a triangle that is another player's start or goal; unused triangles are open.
    /// The Masters Games suggestion and the default.
    #[default]
    ForbidPlayers,
    /// Anywhere.
    Allowed,
    /// Only in the peg's own start and goal triangles, in the hexagon, or passing through.
    ForbidAll,
}

/// What happens when an opponent's peg sits in your goal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AntiSpoil {
    /// James Masters (2002): moving into a goal hole held by an opponent's peg, by a step or as
    /// a hop's landing, swaps the two pegs (theirs goes to the hole yours just left) and ends the
    /// move. You win when all ten goal holes hold your own pegs. The default.
    #[default]
    Swap,
    /// You win when every goal hole is occupied and at least one of the pegs is yours.
    Full,
    /// Strict: all ten goal holes must hold your own pegs, and nothing helps against a blocker.
    None,
}

/// Super Chinese checkers' long hops.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LongJumps {
    /// Only hops over an adjacent peg. The default.
    #[default]
    Off,
    /// A hop may jump one peg at any distance that stands exactly halfway between origin and
    /// landing, every other hole on the line being empty.
    Midpoint,
}

/// The rule options of a game. `Rules::default()` is the Masters Games rules of the spec.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Rules {
    /// Default `final`.
    pub goal_lock: GoalLock,
    /// Default `forbid_players`.
    pub foreign_stop: ForeignStop,
    /// Default `swap`.
    pub anti_spoil: AntiSpoil,
    /// Default `off`.
    pub long_jumps: LongJumps,
    /// After the first player is home, the others play on for second, third … place.
    /// Default `false`: the game ends with the first player home.
    pub play_on: bool,
    /// Sets of pegs per player: 1, or 2 (three players on opposite pairs of triangles) or 3 (two
    /// players on alternate triangles). Default 1.
    pub sets: u8,
    /// Safety valve: the game ends when the player to move has already had this many turns
    /// (passes included), and players are ranked by progress. Default 300.
    pub move_limit: u16,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            goal_lock: GoalLock::Final,
            foreign_stop: ForeignStop::ForbidPlayers,
            anti_spoil: AntiSpoil::Swap,
            long_jumps: LongJumps::Off,
            play_on: false,
            sets: 1,
            move_limit: 300,
        }
    }
}

impl Rules {
    /// The Masters Games rules (the defaults).
    pub fn masters() -> Rules {
        Rules::default()
    }

    /// Raw movement, used by the spec's perft table: `goal_lock=off foreign_stop=allowed
    /// anti_spoil=full`.
    pub fn raw() -> Rules {
        Rules {
            goal_lock: GoalLock::Off,
            foreign_stop: ForeignStop::Allowed,
            anti_spoil: AntiSpoil::Full,
            ..Rules::default()
        }
    }

    /// Super Chinese checkers: the Masters rules with long jumps.
    pub fn super_chinese_checkers() -> Rules {
        Rules {
            long_jumps: LongJumps::Midpoint,
            ..Rules::default()
        }
    }

    /// Sets one option from its `key=value` text, e.g. `goal_lock=path`.
    ///
    /// Keys: `goal_lock` (final/path/off), `foreign_stop` (forbid_players/allowed/forbid_all),
    /// `anti_spoil` (swap/full/none), `long_jumps` (off/midpoint), `play_on` (true/false),
    /// `sets` (1/2/3), `move_limit` (a positive number).
    pub fn set(&mut self, assignment: &str) -> Result<(), ParseError> {
        let bad = || ParseError::BadRule(assignment.to_string());
        let (key, value) = assignment.split_once('=').ok_or_else(bad)?;
        let (key, value) = (key.trim(), value.trim());
        match key {
            "goal_lock" => {
                self.goal_lock = match value {
                    "final" => GoalLock::Final,
                    "path" => GoalLock::Path,
                    "off" => GoalLock::Off,
                    _ => return Err(bad()),
                }
            }
            "foreign_stop" => {
                self.foreign_stop = match value {
                    "forbid_players" => ForeignStop::ForbidPlayers,
                    "allowed" => ForeignStop::Allowed,
                    "forbid_all" => ForeignStop::ForbidAll,
                    _ => return Err(bad()),
                }
            }
            "anti_spoil" => {
                self.anti_spoil = match value {
                    "swap" => AntiSpoil::Swap,
                    "full" => AntiSpoil::Full,
                    "none" => AntiSpoil::None,
                    _ => return Err(bad()),
                }
            }
            "long_jumps" => {
                self.long_jumps = match value {
                    "off" => LongJumps::Off,
                    "midpoint" => LongJumps::Midpoint,
                    _ => return Err(bad()),
                }
            }
            "play_on" => self.play_on = value.parse().map_err(|_| bad())?,
            "sets" => {
                self.sets = match value {
                    "1" => 1,
                    "2" => 2,
                    "3" => 3,
                    _ => return Err(bad()),
                }
            }
            "move_limit" => {
                self.move_limit = value
                    .parse()
                    .ok()
                    .filter(|&n: &u16| n > 0)
                    .ok_or_else(bad)?
            }
            _ => return Err(ParseError::UnknownRule(key.to_string())),
        }
        Ok(())
    }
}

impl FromStr for Rules {
    type Err = ParseError;

    /// Parses space-separated `key=value` options on top of the defaults.
    fn from_str(s: &str) -> Result<Rules, ParseError> {
        let mut rules = Rules::default();
        for assignment in s.split_whitespace() {
            rules.set(assignment)?;
        }
        Ok(rules)
    }
}

impl fmt::Display for Rules {
    /// Prints every option as `key=value`, space-separated, in a form `FromStr` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let goal_lock = match self.goal_lock {
            GoalLock::Final => "final",
            GoalLock::Path => "path",
            GoalLock::Off => "off",
        };
        let foreign_stop = match self.foreign_stop {
            ForeignStop::ForbidPlayers => "forbid_players",
            ForeignStop::Allowed => "allowed",
            ForeignStop::ForbidAll => "forbid_all",
        };
        let anti_spoil = match self.anti_spoil {
            AntiSpoil::Swap => "swap",
            AntiSpoil::Full => "full",
            AntiSpoil::None => "none",
        };
        let long_jumps = match self.long_jumps {
            LongJumps::Off => "off",
            LongJumps::Midpoint => "midpoint",
        };
        write!(
            f,
            "goal_lock={goal_lock} foreign_stop={foreign_stop} anti_spoil={anti_spoil} \
             long_jumps={long_jumps} play_on={} sets={} move_limit={}",
            self.play_on, self.sets, self.move_limit
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_print_and_reject_nonsense() {
        let rules: Rules =
            "goal_lock=path foreign_stop=forbid_all anti_spoil=none long_jumps=midpoint \
                            play_on=true sets=2 move_limit=50"
                .parse()
                .unwrap();
        assert_eq!(rules.goal_lock, GoalLock::Path);
        assert_eq!(rules.foreign_stop, ForeignStop::ForbidAll);
        assert_eq!(rules.anti_spoil, AntiSpoil::None);
        assert_eq!(rules.long_jumps, LongJumps::Midpoint);
        assert!(rules.play_on);
        assert_eq!(rules.sets, 2);
        assert_eq!(rules.move_limit, 50);
        assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
        assert_eq!(
            Rules::default().to_string().parse::<Rules>().unwrap(),
            Rules::masters()
        );
        assert!(matches!(
            "goal_lock=sometimes".parse::<Rules>(),
            Err(ParseError::BadRule(_))
        ));
        assert!(matches!(
            "colour=red".parse::<Rules>(),
            Err(ParseError::UnknownRule(_))
        ));
        assert!(matches!(
            "sets=4".parse::<Rules>(),
            Err(ParseError::BadRule(_))
        ));
        assert!(matches!(
            "move_limit=0".parse::<Rules>(),
            Err(ParseError::BadRule(_))
        ));
        assert!(matches!(
            "goal_lock".parse::<Rules>(),
            Err(ParseError::BadRule(_))
        ));
    }

    #[test]
    fn presets_differ_where_documented() {
        let raw = Rules::raw();
        assert_eq!(
            (raw.goal_lock, raw.foreign_stop, raw.anti_spoil),
            (GoalLock::Off, ForeignStop::Allowed, AntiSpoil::Full)
        );
        assert_eq!(
            Rules::super_chinese_checkers().long_jumps,
            LongJumps::Midpoint
        );
        assert_eq!(Rules::masters().anti_spoil, AntiSpoil::Swap);
    }
}
