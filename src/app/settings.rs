//! `/oaq settings`: per-server defaults for new games (rules, first player, turn and challenge
//! timeouts) and the channels where games may start. Only members with Manage Server may
//! change or see them.

use crate::app::fail::Fail;
use crate::app::games::{self, GameRules, RuleChoice};
use crate::app::state::App;
use crate::app::text::Text;
use crate::app::vocab::{Caller, Edit, Place, Response};
use crate::ids::{ChannelId, GuildId};
use crate::locale::Locale;
use crate::store::{FirstPlayer, GameKind, GuildSettings};

/// The shortest turn timeout a server may choose, in seconds.
pub const MIN_TURN_S: u64 = 60;
/// The longest turn timeout a server may choose, in seconds (7 days).
pub const MAX_TURN_S: u64 = 7 * 24 * 3600;
/// The shortest challenge timeout a server may choose, in seconds.
pub const MIN_CHALLENGE_S: u64 = 60;
/// The longest challenge timeout a server may choose, in seconds (1 day).
pub const MAX_CHALLENGE_S: u64 = 24 * 3600;

/// The options of `/oaq settings`; all `None` (and no channel change) shows the settings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// New default rules of a game.
    pub rules: Option<RuleChoice>,
    /// New default first-player method.
    pub first: Option<FirstPlayer>,
    /// New turn timeout, in seconds.
    pub turn_timeout_s: Option<u64>,
    /// New challenge timeout, in seconds.
    pub challenge_timeout_s: Option<u64>,
    /// Whether each accepted challenge opens a thread for its game.
    pub threads: Option<bool>,
    /// A channel to add to the allowed channels.
    pub allow_channel: Option<ChannelId>,
    /// A channel to remove from the allowed channels.
    pub remove_channel: Option<ChannelId>,
    /// Allow games in every channel again.
    pub any_channel: bool,
}

impl SettingsChange {
    fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

impl App {
    /// `/oaq settings`: shows the server's settings, or changes them and shows the result.
    /// `manage_guild` says whether the member has the Manage Server permission; `kind` is the
    /// game whose `settings` command was used.
    pub fn server_settings(
        &self,
        caller: &Caller,
        manage_guild: bool,
        change: SettingsChange,
        kind: GameKind,
    ) -> Response {
        let (locale, place) = (caller.locale, caller.place);
        let result = (|| {
            let Some(guild) = place.guild else {
                return Err(Fail::User(Text::SettingsOnlyInServers { game: kind }));
            };
            if !manage_guild {
                return Err(Fail::User(Text::NeedsManageServer));
            }
            let mut stored = self.store.guild_settings(guild)?;
            let changed = !change.is_empty();
            if changed {
                apply(&mut stored.record, &change)?;
                stored =
                    self.store
                        .update_guild_settings(guild, stored.revision, &stored.record)?;
            }
            Ok(Response::private(
                self.settings_text(&stored.record, changed, locale)
                    .render(locale),
            ))
        })();
        self.finish(locale, "settings", result)
    }

    fn settings_text(&self, s: &GuildSettings, changed: bool, locale: Locale) -> Text {
        let rules = games::default_rules(GameKind::Oaq, s);
        Text::SettingsSummary {
            changed,
            rules: rules.render(locale),
            first: s.first.unwrap_or(FirstPlayer::Rps),
            turn_s: s.turn_timeout_s.unwrap_or(self.settings.turn_ms / 1000),
            challenge_s: s
                .challenge_timeout_s
                .unwrap_or(self.settings.challenge_ttl_ms / 1000),
            threads: s.threads,
            channels: s.channels.clone(),
        }
    }

    /// The settings of the server `guild` (defaults in direct messages).
    pub(super) fn guild_settings(&self, guild: Option<GuildId>) -> Result<GuildSettings, Fail> {
        match guild {
            Some(guild) => Ok(self.store.guild_settings(guild)?.record),
            None => Ok(GuildSettings::default()),
        }
    }

    /// Milliseconds per turn in `guild`.
    pub(super) fn turn_ms(&self, guild: Option<GuildId>) -> Result<u64, Fail> {
        Ok(self
            .guild_settings(guild)?
            .turn_timeout_s
            .map_or(self.settings.turn_ms, |s| s.saturating_mul(1000)))
    }

    /// Milliseconds a challenge waits in `guild`.
    pub(super) fn challenge_ttl_ms(&self, guild: Option<GuildId>) -> Result<u64, Fail> {
        Ok(self.challenge_ttl_in(&self.guild_settings(guild)?))
    }

    /// Milliseconds a challenge waits under a server's `settings`.
    pub(super) fn challenge_ttl_in(&self, settings: &GuildSettings) -> u64 {
        settings
            .challenge_timeout_s
            .map_or(self.settings.challenge_ttl_ms, |s| s.saturating_mul(1000))
    }

    /// Opens `place` for a new challenge or game, reading the server's settings once: refuses
    /// a channel where games are not allowed or that is busy, and returns the settings, the
    /// edits for an expired challenge cleared on the way, and the rules — what was chosen,
    /// else the server's defaults, else the game's own.
    pub(super) fn open_place(
        &self,
        place: Place,
        choice: &RuleChoice,
    ) -> Result<(GuildSettings, Vec<Edit>, GameRules), Fail> {
        let settings = self.guild_settings(place.guild)?;
        let channels = &settings.channels;
        if !channels.is_empty() && !channels.contains(&place.channel) {
            return Err(Fail::User(Text::ChannelNotAllowed {
                channels: channels.clone(),
            }));
        }
        let edits = self.claim_channel(place)?;
        let rules = choice.rules(&settings)?;
        Ok((settings, edits, rules))
    }
}

fn apply(s: &mut GuildSettings, change: &SettingsChange) -> Result<(), Fail> {
    if let Some(turn) = change.turn_timeout_s {
        if !(MIN_TURN_S..=MAX_TURN_S).contains(&turn) {
            return Err(Fail::User(Text::TurnTimeoutOutOfRange {
                min_s: MIN_TURN_S,
                max_s: MAX_TURN_S,
            }));
        }
        s.turn_timeout_s = Some(turn);
    }
    if let Some(ttl) = change.challenge_timeout_s {
        if !(MIN_CHALLENGE_S..=MAX_CHALLENGE_S).contains(&ttl) {
            return Err(Fail::User(Text::ChallengeTimeoutOutOfRange {
                min_s: MIN_CHALLENGE_S,
                max_s: MAX_CHALLENGE_S,
            }));
        }
        s.challenge_timeout_s = Some(ttl);
    }
    if let Some(rules) = &change.rules {
        rules.set_default(s);
    }
    if change.first.is_some() {
        s.first = change.first;
    }
    if let Some(threads) = change.threads {
        s.threads = threads;
    }
    if change.any_channel {
        s.channels.clear();
    }
    if let Some(channel) = change.allow_channel {
        if !s.channels.contains(&channel) {
            if s.channels.len() >= GuildSettings::MAX_CHANNELS {
                return Err(Fail::User(Text::TooManyChannels {
                    max: GuildSettings::MAX_CHANNELS,
                }));
            }
            s.channels.push(channel);
        }
    }
    if let Some(channel) = change.remove_channel {
        s.channels.retain(|&c| c != channel);
    }
    Ok(())
}
