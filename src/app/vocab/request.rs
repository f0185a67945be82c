//! Who asks, where, and in which language: the user ([`UserRef`]), the place ([`Place`]) and
//! the [`Locale`] every request carries, together a [`Caller`].

use crate::ids::{ChannelId, GuildId, UserId};
use crate::locale::Locale;
use crate::store::Player;

/// Who asks, where, and in which language: what every request to the app carries beside its
/// own options, built once per interaction by the adapter.
///
/// The rule: every public handler that answers a request made in a place (a command, a click,
/// an autocompletion) takes `&Caller`, whether or not it reads all three parts today. Only the
/// handlers that need nothing but a language (`App::help`, `App::replay`) take a bare
/// [`Locale`]; the background work (expiries, timeouts, the outbox, tournament rounds) has no
/// caller at all.
///
/// (Not named `Request`: the options of a request are the `…Request` types, such as
/// `ChallengeRequest`, which a handler takes beside its caller.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    /// The language of the interaction, which the answer is written in.
    pub locale: Locale,
    /// Where the interaction happened (from Discord, never from a button's id).
    pub place: Place,
    /// Who made it.
    pub user: UserRef,
}

impl Caller {
    /// `user`, asking in `place` in `locale`.
    pub fn new(locale: Locale, place: Place, user: UserRef) -> Caller {
        Caller {
            locale,
            place,
            user,
        }
    }
}

/// A Discord user as the app needs them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRef {
    /// Snowflake.
    pub id: UserId,
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
    pub guild: Option<GuildId>,
    /// The channel (or thread).
    pub channel: ChannelId,
}
