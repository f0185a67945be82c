//! Rule variants: every option of the spec's table, and the named presets.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// When the game ends (option `end`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndRule {
    /// As soon as both mandarin pieces have been captured (the seed documents).
    MandarinsCaptured,
    /// When both mandarin squares are completely empty, quan and citizens (folk practice).
    SquaresEmpty,
}

/// What the game's first move does if it would capture a mandarin piece (option
/// `no_first_quan`).
///
/// "First move" means the first move of the game only (ply 0); the second player's first
/// move (ply 1) is free. This follows the seed app's rule, "no mandarin capture on the first
/// turn", and the one open engine with this option, which applies it to ply 0 only. The rule
/// blunts the first player's opening advantage (on the start position South can take a
/// mandarin at once with `1-` or `5+`); restricting the second player too would hand some of
/// that advantage back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NoFirstQuan {
    /// The first move may capture a mandarin.
    Off,
    /// A first move that would capture a mandarin may not be played.
    Illegal,
    /// The first move's capture chain stops in front of the mandarin.
    Stop,
}

/// What happens when the square after the last sown one is an occupied mandarin square
/// (option `next_quan_nonempty`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextQuanNonempty {
    /// The turn ends.
    End,
    /// If it holds a citizen, lift one and keep sowing (a regional variant).
    TakeOne,
}

/// What a player who must refill with fewer than 5 captured points does (option `refill_short`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefillShort {
    /// Borrow the shortfall from the opponent: captured points go negative (the seed rule).
    Borrow,
    /// The player who cannot pay 5 loses.
    Lose,
    /// The game ends and is counted.
    End,
}

/// A complete rule set. Presets: [`Rules::standard`] (the default), [`Rules::folk`] and
/// [`Rules::young`]; any option can then be changed with [`Rules::set`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Points a mandarin piece is worth: 10 or 5.
    pub quan_value: u8,
    /// Whether an empty mandarin square counts as a gap (so the mover captures beyond it).
    pub empty_mandarin_is_gap: bool,
    /// When the game ends.
    pub end: EndRule,
    /// Young mandarin: a mandarin square still holding its quan with fewer than this many
    /// citizens cannot be captured (0 = off).
    pub quan_non: u8,
    /// Mandarin captures on the game's first move (ply 0 only).
    pub no_first_quan: NoFirstQuan,
    /// An occupied mandarin square after the last sown square.
    pub next_quan_nonempty: NextQuanNonempty,
    /// Refilling with fewer than 5 captured points.
    pub refill_short: RefillShort,
}

impl Default for Rules {
    fn default() -> Self {
        Rules::standard()
    }
}

/// The named rule presets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// Follows the seed documents.
    Standard,
    /// Follows Vietnamese folk practice (vi.wikipedia, *Luật chơi*).
    Folk,
    /// Standard with the young-mandarin rule (`quan_non = 5`).
    Young,
}

impl Preset {
    /// All presets, in the order they are offered to players.
    pub const ALL: [Preset; 3] = [Preset::Standard, Preset::Folk, Preset::Young];

    /// The rules of this preset.
    pub fn rules(self) -> Rules {
        match self {
            Preset::Standard => Rules::standard(),
            Preset::Folk => Rules::folk(),
            Preset::Young => Rules::young(),
        }
    }

    /// The preset's name as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Standard => "standard",
            Preset::Folk => "folk",
            Preset::Young => "young",
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = RuleError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Preset::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| RuleError::UnknownPreset(s.to_owned()))
    }
}

/// A rule option that could not be set.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    /// No preset has this name.
    #[error("unknown rules preset `{0}` (expected standard, folk or young)")]
    UnknownPreset(String),
    /// No option has this name.
    #[error("unknown rule `{0}` (expected quan_value, empty_mandarin_is_gap, end, quan_non, no_first_quan, next_quan_nonempty or refill_short)")]
    UnknownOption(String),
    /// The option exists but does not take this value.
    #[error("rule `{option}` cannot be `{value}` (expected {expected})")]
    BadValue {
        /// The option's name.
        option: &'static str,
        /// The rejected value.
        value: String,
        /// The values it accepts.
        expected: &'static str,
    },
    /// The text is not of the form `key=value`.
    #[error("expected a rule as key=value, got `{0}`")]
    NotKeyValue(String),
}

impl Rules {
    /// The seed documents' rules: the default.
    pub const fn standard() -> Rules {
        Rules {
            quan_value: 10,
            empty_mandarin_is_gap: false,
            end: EndRule::MandarinsCaptured,
            quan_non: 0,
            no_first_quan: NoFirstQuan::Off,
            next_quan_nonempty: NextQuanNonempty::End,
            refill_short: RefillShort::Borrow,
        }
    }

    /// Vietnamese folk rules: an empty mandarin square is a gap, and the game ends when both
    /// mandarin squares are empty.
    pub const fn folk() -> Rules {
        Rules {
            empty_mandarin_is_gap: true,
            end: EndRule::SquaresEmpty,
            ..Rules::standard()
        }
    }

    /// Standard rules with the young-mandarin protection (`quan_non = 5`).
    pub const fn young() -> Rules {
        Rules {
            quan_non: 5,
            ..Rules::standard()
        }
    }

    /// Sets one option by its name in the spec's table, e.g. `set("quan_value", "5")`.
    pub fn set(&mut self, option: &str, value: &str) -> Result<(), RuleError> {
        fn bad(option: &'static str, value: &str, expected: &'static str) -> RuleError {
            RuleError::BadValue {
                option,
                value: value.to_owned(),
                expected,
            }
        }
        match option {
            "quan_value" => {
                self.quan_value = match value {
                    "10" => 10,
                    "5" => 5,
                    _ => return Err(bad("quan_value", value, "10 or 5")),
                }
            }
            "empty_mandarin_is_gap" => {
                self.empty_mandarin_is_gap = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(bad("empty_mandarin_is_gap", value, "true or false")),
                }
            }
            "end" => {
                self.end = match value {
                    "mandarins_captured" => EndRule::MandarinsCaptured,
                    "squares_empty" => EndRule::SquaresEmpty,
                    _ => return Err(bad("end", value, "mandarins_captured or squares_empty")),
                }
            }
            "quan_non" => {
                self.quan_non = value
                    .parse()
                    .ok()
                    .filter(|n| *n <= 50)
                    .ok_or_else(|| bad("quan_non", value, "a number from 0 (off) to 50"))?
            }
            "no_first_quan" => {
                self.no_first_quan = match value {
                    "off" => NoFirstQuan::Off,
                    "illegal" => NoFirstQuan::Illegal,
                    "stop" => NoFirstQuan::Stop,
                    _ => return Err(bad("no_first_quan", value, "off, illegal or stop")),
                }
            }
            "next_quan_nonempty" => {
                self.next_quan_nonempty = match value {
                    "end" => NextQuanNonempty::End,
                    "take_one" => NextQuanNonempty::TakeOne,
                    _ => return Err(bad("next_quan_nonempty", value, "end or take_one")),
                }
            }
            "refill_short" => {
                self.refill_short = match value {
                    "borrow" => RefillShort::Borrow,
                    "lose" => RefillShort::Lose,
                    "end" => RefillShort::End,
                    _ => return Err(bad("refill_short", value, "borrow, lose or end")),
                }
            }
            _ => return Err(RuleError::UnknownOption(option.to_owned())),
        }
        Ok(())
    }

    /// Sets one option from `key=value` text.
    pub fn set_pair(&mut self, pair: &str) -> Result<(), RuleError> {
        let (key, value) = pair
            .split_once('=')
            .ok_or_else(|| RuleError::NotKeyValue(pair.to_owned()))?;
        self.set(key.trim(), value.trim())
    }
}
