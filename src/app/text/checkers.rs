//! Chinese checkers' part of the catalogue: move captions, the picture's words, the rules and
//! the refusals. The words are in `assets/locales/<lang>/chinese-checkers.ftl`, every id
//! prefixed `checkers-` (all parts share one bundle per language); the shell carries these
//! messages as [`Text::Checkers`](super::Text::Checkers).

use strum::IntoEnumIterator;

use super::fluent::{self, number, text, Args};
use super::{mention, Locale};

/// One message of Chinese checkers' part, with its arguments. Its [`CheckersTextKey`] is the
/// message's id in `chinese-checkers.ftl`.
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(CheckersTextKey),
    derive(Hash, strum::EnumIter, strum::IntoStaticStr)
)]
pub enum CheckersText {
    /// The name of the rules, as in "standard rules".
    #[strum_discriminants(strum(serialize = "checkers-rules-name"))]
    RulesName,
    /// The rules, privately; `in_play` when they are those of a game in the channel.
    #[strum_discriminants(strum(serialize = "checkers-rules-summary"))]
    RulesSummary {
        /// Whether a game in the channel is played by them.
        in_play: bool,
    },
    /// How to play with the bot.
    #[strum_discriminants(strum(serialize = "checkers-help"))]
    Help,
    /// Caption: a move, with its hop path.
    #[strum_discriminants(strum(serialize = "checkers-moved"))]
    Moved {
        /// Who moved.
        player: u64,
        /// The path (`D2>F4>H6`) or the step (`D2-E3`).
        path: String,
    },
    /// Caption: a player could not move.
    #[strum_discriminants(strum(serialize = "checkers-passed"))]
    Passed {
        /// Who passed.
        player: u64,
    },
    /// Picture: the panel's heading.
    #[strum_discriminants(strum(serialize = "checkers-title"))]
    Title,
    /// Picture: how many pegs a player has home.
    #[strum_discriminants(strum(serialize = "checkers-pegs-home"))]
    PegsHome {
        /// Pegs in the goal.
        home: u32,
    },
    /// Picture: whose turn.
    #[strum_discriminants(strum(serialize = "checkers-status-to-move"))]
    StatusToMove {
        /// Their name.
        name: String,
    },
    /// Picture: who won.
    #[strum_discriminants(strum(serialize = "checkers-status-won"))]
    StatusWon {
        /// The winners' names.
        names: String,
    },
    /// Picture: how moves are written.
    #[strum_discriminants(strum(serialize = "checkers-footer"))]
    Footer,
    /// The placeholder of the move menus.
    #[strum_discriminants(strum(serialize = "checkers-pick-move"))]
    PickMove,
    /// Refusal: an illegal move, with the engine's reason.
    #[strum_discriminants(strum(serialize = "checkers-illegal"))]
    Illegal {
        /// Why (the holes named in the board's notation).
        why: String,
    },
}

/// Every message id the Rust code uses from `chinese-checkers.ftl`.
pub fn ids() -> Vec<&'static str> {
    CheckersTextKey::iter().map(<&'static str>::from).collect()
}

impl CheckersText {
    /// The message in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        fluent::message(locale, CheckersTextKey::from(self).into(), self.args())
    }

    fn args(&self) -> Args {
        match self {
            CheckersText::RulesName
            | CheckersText::Help
            | CheckersText::Title
            | CheckersText::Footer
            | CheckersText::PickMove => Vec::new(),
            CheckersText::RulesSummary { in_play } => {
                vec![("in_play", text(if *in_play { "yes" } else { "no" }))]
            }
            CheckersText::Moved { player, path } => {
                vec![("player", text(mention(*player))), ("path", text(path))]
            }
            CheckersText::Passed { player } => vec![("player", text(mention(*player)))],
            CheckersText::PegsHome { home } => vec![("home", number(*home))],
            CheckersText::StatusToMove { name } => vec![("name", text(name))],
            CheckersText::StatusWon { names } => vec![("names", text(names))],
            CheckersText::Illegal { why } => vec![("why", text(why))],
        }
    }
}
