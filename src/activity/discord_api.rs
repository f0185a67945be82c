//! What the Activity asks Discord, over its REST API: the exchange of a sign-in's code for an
//! access token (with the application's client secret), the user that token belongs to, and
//! the Activity instance a page claims to be in (with the bot's token). The page is never
//! trusted for any of these: identity and place come from Discord, server to server.

use serde::Deserialize;

use crate::ids::{ChannelId, GuildId, UserId};

/// Discord's API version the bot speaks.
const API: &str = "/api/v10";

/// Discord's REST API, as the Activity calls it.
#[derive(Clone)]
pub struct DiscordApi {
    http: reqwest::Client,
    /// `https://discord.com`, or the configured base (a proxy or the tests' fake).
    base: String,
    client_id: u64,
    client_secret: String,
    bot_token: String,
}

impl std::fmt::Debug for DiscordApi {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The secret and the token are never printed.
        f.debug_struct("DiscordApi")
            .field("base", &self.base)
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

/// Why Discord said no, or could not be asked.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Discord refused (a wrong, reused or foreign code; a bad token; an unknown instance).
    #[error("Discord refused: {status} {body}")]
    Refused {
        /// Its status.
        status: u16,
        /// Its answer.
        body: String,
    },
    /// Discord could not be reached, or answered what does not read.
    #[error("Discord could not be asked: {0}")]
    Unreachable(String),
}

/// A user, as `/users/@me` describes them.
#[derive(Debug, Clone, Deserialize)]
pub struct DiscordUser {
    /// Their id.
    #[serde(deserialize_with = "snowflake")]
    pub id: UserId,
    /// Their account name.
    pub username: String,
    /// Their display name, if they chose one.
    #[serde(default)]
    pub global_name: Option<String>,
}

impl DiscordUser {
    /// The name to show.
    pub fn name(&self) -> String {
        self.global_name
            .clone()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| self.username.clone())
    }
}

/// Where an Activity instance runs and who is in it.
#[derive(Debug, Clone, Deserialize)]
pub struct Instance {
    /// Where it was launched.
    pub location: Location,
    /// The users in it.
    #[serde(default)]
    pub users: Vec<String>,
}

/// An instance's place.
#[derive(Debug, Clone, Deserialize)]
pub struct Location {
    /// The channel.
    #[serde(deserialize_with = "snowflake")]
    pub channel_id: ChannelId,
    /// The server, if any.
    #[serde(default, deserialize_with = "optional_snowflake")]
    pub guild_id: Option<GuildId>,
}

#[derive(Deserialize)]
struct Token {
    access_token: String,
}

fn snowflake<'de, D: serde::Deserializer<'de>, K>(d: D) -> Result<crate::ids::Id<K>, D::Error> {
    let text = String::deserialize(d)?;
    text.parse::<u64>()
        .map(crate::ids::Id::new)
        .map_err(serde::de::Error::custom)
}

fn optional_snowflake<'de, D: serde::Deserializer<'de>, K>(
    d: D,
) -> Result<Option<crate::ids::Id<K>>, D::Error> {
    match Option::<String>::deserialize(d)? {
        None => Ok(None),
        Some(text) => text
            .parse::<u64>()
            .map(|id| Some(crate::ids::Id::new(id)))
            .map_err(serde::de::Error::custom),
    }
}

impl DiscordApi {
    /// The API at `base` (`None`: Discord itself) for application `client_id`.
    pub fn new(
        base: Option<&str>,
        client_id: u64,
        client_secret: &str,
        bot_token: &str,
    ) -> DiscordApi {
        DiscordApi {
            http: reqwest::Client::new(),
            base: base
                .unwrap_or("https://discord.com")
                .trim_end_matches('/')
                .to_owned(),
            client_id,
            client_secret: client_secret.to_owned(),
            bot_token: bot_token.to_owned(),
        }
    }

    /// The application's id (the Activity's client id).
    pub fn client_id(&self) -> u64 {
        self.client_id
    }

    /// Exchanges a sign-in's `code` for an access token.
    pub async fn exchange(&self, code: &str) -> Result<String, ApiError> {
        let client_id = self.client_id.to_string();
        let form = [
            ("client_id", client_id.as_str()),
            ("client_secret", self.client_secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let request = self
            .http
            .post(format!("{}{API}/oauth2/token", self.base))
            .form(&form);
        let token: Token = read(request).await?;
        Ok(token.access_token)
    }

    /// The user an access token belongs to.
    pub async fn me(&self, access_token: &str) -> Result<DiscordUser, ApiError> {
        let request = self
            .http
            .get(format!("{}{API}/users/@me", self.base))
            .bearer_auth(access_token);
        read(request).await
    }

    /// The Activity instance `id` of this application.
    pub async fn instance(&self, id: &str) -> Result<Instance, ApiError> {
        let request = self
            .http
            .get(format!(
                "{}{API}/applications/{}/activity-instances/{}",
                self.base,
                self.client_id,
                urlencoding(id)
            ))
            .header("Authorization", format!("Bot {}", self.bot_token));
        read(request).await
    }
}

/// `text` fit for a URL path segment (an instance id is letters, digits and dashes; anything
/// else is escaped rather than trusted).
fn urlencoding(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// Sends `request` and reads its JSON answer.
async fn read<T: serde::de::DeserializeOwned>(
    request: reqwest::RequestBuilder,
) -> Result<T, ApiError> {
    let answer = request
        .timeout(std::time::Duration::from_secs(10))
        .send()
        .await
        .map_err(|e| ApiError::Unreachable(e.without_url().to_string()))?;
    let status = answer.status();
    if !status.is_success() {
        let body = answer.text().await.unwrap_or_default();
        return Err(ApiError::Refused {
            status: status.as_u16(),
            body: body.chars().take(200).collect(),
        });
    }
    answer
        .json()
        .await
        .map_err(|e| ApiError::Unreachable(e.without_url().to_string()))
}
