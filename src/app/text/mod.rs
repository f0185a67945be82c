//! Every string a player reads, in one catalogue: a [`Text`] key with its arguments, rendered
//! for a [`Locale`]. Code elsewhere never builds user-facing sentences itself.
//!
//! The words live in Fluent files a translator can edit, one per part and language, embedded
//! in the binary: `assets/locales/<lang>/shell.ftl` for the shell (challenges, turns,
//! ratings, history, settings) and `assets/locales/<lang>/<game>.ftl` for each game's own
//! messages (`oaq.ftl`: move captions, the picture's words, the rules). The slash commands'
//! names and descriptions are in [`commands`].
//!
//! - [`shell`]: the [`Text`] enum; [`shell_args`] maps each variant to its arguments. A
//!   variant's message id is its name in kebab-case (`ChallengeDirect` → `challenge-direct`).
//! - [`oaq`]: [`OaqText`], Ô ăn quan's messages, carried as [`Text::Oaq`].
//! - [`alt`]: the pictures' alt text, a sentence a function, put together by each picture's
//!   owner within Discord's limit.
//!
//! Adding a game's part (Shogi, Chinese checkers): write `src/app/text/<game>.rs` with a
//! `<Game>Text` enum and its `render` and `ids` in the manner of [`oaq`], add a
//! `Text::<Game>(<Game>Text)` variant with its `From`, list `<game>.ftl` in `files::FILES` and its part in [`fluent::PARTS`],
//! and write `assets/locales/en/<game>.ftl` and `assets/locales/vi/<game>.ftl`. The catalogue
//! test then checks that both files define exactly the messages the enum uses.
//!
//! Adding a language means adding a [`Locale`] variant, mapping Discord's locale code to it in
//! [`Locale::from_discord`], and a directory of `.ftl` files.

pub mod alt;
mod analysis_args;
mod bundle;
pub mod checkers;
pub mod commands;
mod files;
pub mod fluent;
pub mod oaq;
pub mod shell;
pub mod shell_args;
pub mod shogi;
pub mod tournament;
mod words;

pub use crate::locale::Locale;
pub use checkers::{CheckersText, CheckersTextKey};
pub use commands::{command_text, CommandText, Label, COMMANDS};
pub use oaq::{OaqText, OaqTextKey};
pub use shell::{Text, TextKey};
pub use shogi::{ShogiText, ShogiTextKey};
pub use tournament::{FormatName, TournamentText, TournamentTextKey};
pub(crate) use words::mention;
