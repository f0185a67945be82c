//! Chinese checkers' part of the catalogue: move captions, the picture's words, the rules and
//! the refusals. The words are in `assets/locales/<lang>/chinese-checkers.ftl`, every id
//! prefixed `checkers-` (all parts share one bundle per language); the shell carries these
//! messages as [`Text::Checkers`](super::Text::Checkers).

use strum::IntoEnumIterator;

use super::bundle::{self, number, text, Args};
use crate::locale::Locale;

/// One message of Chinese checkers' part, with its arguments. Its [`CheckersTextKey`] is the
/// message's id in `chinese-checkers.ftl`.
#[derive(Debug, Clone, PartialEq, Eq, strum::EnumDiscriminants)]
#[strum_discriminants(
    name(CheckersTextKey),
    derive(Hash, strum::EnumIter, strum::IntoStaticStr)
)]
pub enum CheckersText {
    /// The name of the rules, as in "standard rules", with the options that differ from the
    /// defaults.
    #[strum_discriminants(strum(serialize = "checkers-rules-name"))]
    RulesName {
        /// The options that differ, as the engine writes them (`play_on=true`), or empty.
        options: String,
    },
    /// The rules, privately; `in_play` when they are those of a game in the channel.
    #[strum_discriminants(strum(serialize = "checkers-rules-summary"))]
    RulesSummary {
        /// Whether a game in the channel is played by them.
        in_play: bool,
        /// The options that differ from the defaults, or empty.
        options: String,
    },
    /// A set's colour, by its home triangle (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW), with where it
    /// starts.
    #[strum_discriminants(strum(serialize = "checkers-colour"))]
    Colour {
        /// The home triangle.
        triangle: u8,
    },
    /// Picture: a player who left the game.
    #[strum_discriminants(strum(serialize = "checkers-detail-left"))]
    DetailLeft,
    /// Picture: the place a player finished in.
    #[strum_discriminants(strum(serialize = "checkers-detail-place"))]
    DetailPlace {
        /// 1 for the first.
        place: u8,
    },
    /// Picker: a peg to move.
    #[strum_discriminants(strum(serialize = "checkers-peg"))]
    PegLabel {
        /// Its hole (`D2`).
        hole: String,
    },
    /// Picker: a step to a neighbouring hole.
    #[strum_discriminants(strum(serialize = "checkers-step-to"))]
    StepTo {
        /// The hole.
        to: String,
    },
    /// Picker: a chain of hops.
    #[strum_discriminants(strum(serialize = "checkers-hops-to"))]
    HopsTo {
        /// The last hole.
        to: String,
        /// The path (`D2>F4>H6`).
        path: String,
    },
    /// Picker: the pass, when no move is possible.
    #[strum_discriminants(strum(serialize = "checkers-pass"))]
    PassLabel,
    /// How to play with the bot.
    #[strum_discriminants(strum(serialize = "checkers-help"))]
    Help,
    /// Caption: a move, with its hop path.
    #[strum_discriminants(strum(serialize = "checkers-moved"))]
    Moved {
        /// Who moved (a mention, or a computer seat's name).
        player: String,
        /// The path (`D2>F4>H6`) or the step (`D2-E3`).
        path: String,
    },
    /// Caption: a player could not move.
    #[strum_discriminants(strum(serialize = "checkers-passed"))]
    Passed {
        /// Who passed (a mention, or a computer seat's name).
        player: String,
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

/// The options argument: the text, or `none` (the messages' selector for the defaults).
fn options_arg(options: &str) -> fluent_bundle::FluentValue<'static> {
    if options.is_empty() {
        text("none")
    } else {
        text(options)
    }
}

impl CheckersText {
    /// The message in `locale`.
    pub fn render(&self, locale: Locale) -> String {
        bundle::message(locale, CheckersTextKey::from(self).into(), self.args())
    }

    fn args(&self) -> Args {
        match self {
            CheckersText::Help
            | CheckersText::Title
            | CheckersText::Footer
            | CheckersText::DetailLeft
            | CheckersText::PassLabel => Vec::new(),
            CheckersText::RulesName { options } => vec![("options", options_arg(options))],
            CheckersText::RulesSummary { in_play, options } => vec![
                ("in_play", text(if *in_play { "yes" } else { "no" })),
                ("options", options_arg(options)),
            ],
            CheckersText::Colour { triangle } => vec![("triangle", number(*triangle))],
            CheckersText::DetailPlace { place } => vec![("place", number(*place))],
            CheckersText::PegLabel { hole } => vec![("hole", text(hole))],
            CheckersText::StepTo { to } => vec![("to", text(to))],
            CheckersText::HopsTo { to, path } => vec![("to", text(to)), ("path", text(path))],
            CheckersText::Moved { player, path } => {
                vec![("player", text(player)), ("path", text(path))]
            }
            CheckersText::Passed { player } => vec![("player", text(player))],
            CheckersText::PegsHome { home } => vec![("home", number(*home))],
            CheckersText::StatusToMove { name } => vec![("name", text(name))],
            CheckersText::StatusWon { names } => vec![("names", text(names))],
            CheckersText::Illegal { why } => vec![("why", text(why))],
        }
    }
}
