//! The catalogue's Fluent files, one per part and language, embedded in the binary at
//! compile time.

use crate::locale::Locale;

/// One part's file: the shell's, or one game's.
#[derive(Debug, Clone, Copy)]
pub struct File {
    /// The file name under `assets/locales/<lang>/`, such as `shell.ftl`.
    pub name: &'static str,
    /// The file's text in English and in Vietnamese.
    pub sources: [&'static str; 2],
}

impl File {
    /// The file's text in `locale`.
    pub fn source(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::English => self.sources[0],
            Locale::Vietnamese => self.sources[1],
        }
    }
}

/// The part's `.ftl` file in both languages, embedded at compile time.
macro_rules! file {
    ($file:literal) => {
        File {
            name: $file,
            sources: [
                include_str!(concat!("../../../assets/locales/en/", $file)),
                include_str!(concat!("../../../assets/locales/vi/", $file)),
            ],
        }
    };
}

/// The shell's messages (challenges, turns, ratings, history, settings).
pub const SHELL: File = file!("shell.ftl");
/// Ô ăn quan's messages.
pub const OAQ: File = file!("oaq.ftl");
/// Shogi's messages.
pub const SHOGI: File = file!("shogi.ftl");
/// Chinese checkers' messages.
pub const CHECKERS: File = file!("chinese-checkers.ftl");
/// The tournaments' messages.
pub const TOURNAMENT: File = file!("tournament.ftl");
/// The pictures' alt text.
pub const ALT: File = file!("alt.ftl");

/// Every file of the catalogue, loaded into one bundle per language. A game adds its file
/// here (see the module docs of [`crate::app::text`]).
pub const FILES: [File; 6] = [SHELL, OAQ, SHOGI, CHECKERS, TOURNAMENT, ALT];
