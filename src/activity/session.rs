//! A page's session: who signed in (as Discord told the bot, never as the page says), in which
//! Activity instance and channel, in which language, until when. It travels as a token the bot
//! signs with HMAC-SHA-256 under a key derived from the application's client secret, so any
//! process of the bot can check a token another process issued, and a restart forgets nothing.
//! A token that is missing, altered, signed with another key or expired is refused.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::ids::{ChannelId, GuildId, UserId};
use crate::locale::Locale;

/// How long a session lasts (milliseconds): a page open longer signs in again.
pub const LIFETIME_MS: u64 = 12 * 60 * 60 * 1000;

/// What the key is derived for, so that the client secret's HMAC is never reused elsewhere.
const PURPOSE: &[u8] = b"oaq-bot activity session v1";

/// A signed-in page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// The user.
    #[serde(rename = "u")]
    pub user: UserId,
    /// Their name, as Discord gave it.
    #[serde(rename = "n")]
    pub name: String,
    /// The Activity instance the page belongs to.
    #[serde(rename = "i")]
    pub instance: String,
    /// The channel the instance was launched in.
    #[serde(rename = "c")]
    pub channel: ChannelId,
    /// Its server, if any.
    #[serde(rename = "g")]
    pub guild: Option<GuildId>,
    /// The page's language.
    #[serde(rename = "l")]
    pub locale: Locale,
    /// When the session ends (milliseconds since the Unix epoch).
    #[serde(rename = "e")]
    pub expires_ms: u64,
}

/// Signs and checks session tokens.
#[derive(Clone)]
pub struct Signer {
    key: [u8; 32],
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The key is as secret as the client secret it comes from.
        f.debug_struct("Signer").finish_non_exhaustive()
    }
}

impl Signer {
    /// The signer of the bot whose client secret is `secret`.
    pub fn new(secret: &str) -> Signer {
        let mut mac = hmac(secret.as_bytes());
        mac.update(PURPOSE);
        Signer {
            key: mac.finalize().into_bytes().into(),
        }
    }

    /// The token of `session`.
    pub fn sign(&self, session: &Session) -> String {
        // A session always serializes: its fields are plain numbers and strings.
        let payload = serde_json::to_vec(session).unwrap_or_default();
        let payload = URL_SAFE_NO_PAD.encode(payload);
        let mut mac = hmac(&self.key);
        mac.update(payload.as_bytes());
        let tag = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
        format!("{payload}.{tag}")
    }

    /// The session `token` carries, if this signer signed it and it has not expired at
    /// `now_ms`.
    pub fn check(&self, token: &str, now_ms: u64) -> Option<Session> {
        let (payload, tag) = token.split_once('.')?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        let mut mac = hmac(&self.key);
        mac.update(payload.as_bytes());
        // Constant time: a forger learns nothing from how long the refusal takes.
        mac.verify_slice(&tag).ok()?;
        let session: Session =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
        (session.expires_ms > now_ms).then_some(session)
    }
}

fn hmac(key: &[u8]) -> Hmac<Sha256> {
    // HMAC takes a key of any length.
    <Hmac<Sha256> as KeyInit>::new_from_slice(key).unwrap_or_else(|_| unreachable!())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(expires_ms: u64) -> Session {
        Session {
            user: UserId::new(7),
            name: String::from("Lan"),
            instance: String::from("i-1-gc-2-3"),
            channel: ChannelId::new(3),
            guild: Some(GuildId::new(2)),
            locale: Locale::Vietnamese,
            expires_ms,
        }
    }

    #[test]
    fn a_signed_session_reads_back_until_it_expires() {
        let signer = Signer::new("secret");
        let token = signer.sign(&session(1_000));
        assert_eq!(signer.check(&token, 999), Some(session(1_000)));
        assert_eq!(signer.check(&token, 1_000), None, "expired");
    }

    #[test]
    fn a_forged_altered_or_foreign_token_is_refused() {
        let signer = Signer::new("secret");
        let token = signer.sign(&session(1_000));
        assert_eq!(Signer::new("other").check(&token, 0), None, "another key");
        let (payload, tag) = token.split_once('.').expect("two parts");
        let mut forged = session(1_000);
        forged.user = UserId::new(8);
        let forged_payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).expect("json"));
        assert_eq!(signer.check(&format!("{forged_payload}.{tag}"), 0), None);
        assert_eq!(signer.check(payload, 0), None, "no tag");
        assert_eq!(signer.check("garbage", 0), None);
        assert_eq!(signer.check("", 0), None);
    }
}
