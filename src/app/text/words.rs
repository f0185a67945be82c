//! Words the catalogue's parts share: a mention, a game's key in messages that select on the
//! game, and a duration.

use fluent_bundle::FluentValue;

use super::bundle::{self, text};
use crate::ids::UserId;
use crate::locale::Locale;
use crate::store::GameKind;

/// A user mention, rendered as `<@id>` (Discord shows the name).
pub(crate) fn mention(id: UserId) -> String {
    format!("<@{id}>")
}

pub(crate) fn game_key(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Oaq => "oaq",
        GameKind::Shogi => "shogi",
        GameKind::ChineseCheckers => "chinese_checkers",
    }
}

/// A whole number of seconds as days, hours, minutes and seconds ("1 h 30 min").
pub(crate) fn duration(seconds: u64, locale: Locale) -> FluentValue<'static> {
    let amounts = [
        (seconds / 86_400, "day"),
        (seconds / 3600 % 24, "hour"),
        (seconds / 60 % 60, "minute"),
        (seconds % 60, "second"),
    ];
    let part = |n: u64, unit: &str| {
        bundle::message(
            locale,
            "duration-part",
            vec![("n", text(n)), ("unit", text(unit))],
        )
    };
    let parts: Vec<String> = amounts
        .iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, unit)| part(*n, unit))
        .collect();
    text(if parts.is_empty() {
        part(0, "second")
    } else {
        parts.join(" ")
    })
}
