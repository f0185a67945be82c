//! The languages the bot speaks. Plain data, shared by the catalogue (`app::text`) and the
//! records that remember which language a game is shown in (`store`).

use serde::{Deserialize, Serialize};

/// A language the catalogue is written in. Stored in records as `"en"` / `"vi"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Locale {
    /// English: every Discord locale without a catalogue of its own.
    #[default]
    #[serde(rename = "en")]
    English,
    /// Vietnamese (Discord's `vi`).
    #[serde(rename = "vi")]
    Vietnamese,
}

impl Locale {
    /// Every locale of the catalogue.
    pub const ALL: [Locale; 2] = [Locale::English, Locale::Vietnamese];

    /// The catalogue for a Discord locale code such as `en-US` or `vi`: Vietnamese for `vi`,
    /// English for everything else.
    pub fn from_discord(code: &str) -> Locale {
        if code == "vi" || code.starts_with("vi-") {
            Locale::Vietnamese
        } else {
            Locale::English
        }
    }
}
