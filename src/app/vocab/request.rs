//! Who asks and where: the user ([`UserRef`]) and the place ([`Place`]) every request carries
//! with its [`Locale`](crate::locale::Locale).

use crate::store::Player;

/// A Discord user as the app needs them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRef {
    /// Snowflake.
    pub id: u64,
    /// The name to print on the board.
    pub name: String,
    /// Whether the account is a bot.
    pub bot: bool,
}

impl UserRef {
    /// The name to show for a Discord account: its display name, unless that draws nothing
    /// (only blank or invisible characters, which would leave " to move" on a board), then its
    /// username, which Discord restricts to visible ASCII.
    pub fn shown_name(display_name: Option<&str>, username: &str) -> String {
        display_name
            .filter(|name| crate::render::text::leaves_ink(name))
            .unwrap_or(username)
            .to_owned()
    }

    /// The user as a seat of a record: a person.
    pub(crate) fn player(&self) -> Player {
        Player {
            id: self.id,
            name: self.name.clone(),
            computer: None,
        }
    }
}

/// Where an action happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Place {
    /// The guild, `None` in direct messages.
    pub guild: Option<u64>,
    /// The channel (or thread).
    pub channel: u64,
}
