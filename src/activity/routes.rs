//! The Activity's API (see `docs/activity.md` for each route and its answers). Every answer
//! is JSON; every refusal is `{"error", "message"}` with a 4xx or 5xx status, the message in
//! the page's language, and nothing changed.

use std::time::{SystemTime, UNIX_EPOCH};

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use serde::Deserialize;
use serde_json::json;

use super::assets;
use super::events;
use super::peers;
use super::session::{Session, LIFETIME_MS};
use super::{Activity, Served};
use crate::app::{
    App, Caller, PageDone, PageRefusal, PageStart, PageStarted, Place, Refused, Text, UserRef,
};
use crate::ids::{ChallengeId, GameId, UserId};
use crate::locale::Locale;
use crate::store::{GameKind, Level};

/// The routes.
pub(super) fn router(activity: Served) -> Router {
    // The routes of a session's requests, which the process serving its server answers.
    let served = Router::new()
        .route("/api/games", get(games).post(start))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/move", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/challenges/{id}/accept", post(accept))
        .route("/api/events", get(events::stream))
        .layer(middleware::from_fn_with_state(
            activity.clone(),
            peers::route,
        ));
    Router::new()
        .route(
            "/",
            get(|| async { assets::file(assets::INDEX, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { assets::file(assets::SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/app.css",
            get(|| async { assets::file(assets::STYLE, "text/css; charset=utf-8") }),
        )
        .route("/api/config", get(config))
        .route("/api/token", post(token))
        .route("/api/session", post(session))
        .merge(served)
        .with_state(activity)
}

/// Milliseconds since the Unix epoch.
pub(super) fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A refused request: its status, a code the page can act on, and the sentence for the player.
pub(super) struct Refusal {
    status: StatusCode,
    error: &'static str,
    message: String,
    view: Option<serde_json::Value>,
}

impl Refusal {
    fn new(status: StatusCode, error: &'static str, text: Text, locale: Locale) -> Refusal {
        Refusal {
            status,
            error,
            message: text.render(locale),
            view: None,
        }
    }

    /// The page's session is missing, forged or expired.
    pub(super) fn signed_out(locale: Locale) -> Refusal {
        Refusal::new(
            StatusCode::UNAUTHORIZED,
            "session",
            Text::PageSignedOut,
            locale,
        )
    }

    /// No process this one knows of serves the session's server.
    pub(super) fn unavailable(text: Text, locale: Locale) -> Refusal {
        Refusal::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", text, locale)
    }

    /// A body that does not read.
    fn garbled(locale: Locale) -> Refusal {
        Refusal::new(
            StatusCode::BAD_REQUEST,
            "garbled",
            Text::PageGarbled,
            locale,
        )
    }
}

impl From<PageRefusal> for Refusal {
    fn from(refusal: PageRefusal) -> Refusal {
        let (status, error) = match refusal.why {
            Refused::Garbled => (StatusCode::BAD_REQUEST, "garbled"),
            Refused::Forbidden => (StatusCode::FORBIDDEN, "forbidden"),
            Refused::Unknown => (StatusCode::NOT_FOUND, "unknown"),
            Refused::Stale => (StatusCode::CONFLICT, "stale"),
            Refused::Broken => (StatusCode::INTERNAL_SERVER_ERROR, "broken"),
            Refused::Unavailable => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
        };
        Refusal {
            status,
            error,
            message: refusal.message,
            view: refusal
                .view
                .and_then(|view| serde_json::to_value(*view).ok()),
        }
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let mut body = json!({"error": self.error, "message": self.message});
        if let Some(view) = self.view {
            body["view"] = view;
        }
        (self.status, Json(body)).into_response()
    }
}

/// The session a request carries (`Authorization: Bearer …`, or `?session=…` for the event
/// stream, which cannot set headers).
pub(super) fn signed_in(
    activity: &Activity,
    headers: &HeaderMap,
    uri: &Uri,
) -> Result<Session, Refusal> {
    let header = headers
        .get("authorization")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "));
    let query = uri
        .query()
        .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("session=")));
    let token = header.or(query).unwrap_or_default();
    activity
        .signer
        .check(token.trim(), now_ms())
        .ok_or_else(|| Refusal::signed_out(locale_of(headers)))
}

/// A request's session, as a handler takes it; a request without a valid one is refused (401)
/// before the handler runs.
pub(super) struct Signed(pub(super) Session);

impl FromRequestParts<Served> for Signed {
    type Rejection = Refusal;

    async fn from_request_parts(parts: &mut Parts, activity: &Served) -> Result<Signed, Refusal> {
        signed_in(activity, &parts.headers, &parts.uri).map(Signed)
    }
}

/// Asks the app, off the async threads (the store blocks), for what `f` does as the session's
/// caller.
async fn ask<T: Send + 'static>(
    activity: &Served,
    session: Session,
    f: impl FnOnce(&App, &Caller) -> Result<T, PageRefusal> + Send + 'static,
) -> Result<T, Refusal> {
    let app = activity.app.clone();
    Ok(blocking(move || f(&app, &caller(&session))).await??)
}

/// Hands on what a page's change owes; the game after it, as the answer.
fn done(activity: &Served, done: PageDone) -> Json<serde_json::Value> {
    activity.carrier.carry(done.owes);
    Json(json!(done.view))
}

/// The language to refuse a request without a session in: the page's, as its browser says.
fn locale_of(headers: &HeaderMap) -> Locale {
    headers
        .get("accept-language")
        .and_then(|v| v.to_str().ok())
        .map_or(Locale::English, Locale::from_discord)
}

/// The app's caller for a session.
pub(super) fn caller(session: &Session) -> Caller {
    Caller::new(
        session.locale,
        Place {
            guild: session.guild,
            channel: session.channel,
        },
        UserRef {
            id: session.user,
            name: session.name.clone(),
            bot: false,
        },
    )
}

/// Runs `f` off the async threads (the store blocks).
pub(super) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Refusal> {
    tokio::task::spawn_blocking(f).await.map_err(|error| {
        tracing::error!(%error, "an Activity request failed");
        Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "broken",
            Text::Apology,
            Locale::English,
        )
    })
}

/// `GET /api/config`: what the page needs before it signs in.
async fn config(State(activity): State<Served>) -> Json<serde_json::Value> {
    Json(json!({"client_id": activity.api.client_id().to_string()}))
}

#[derive(Deserialize)]
struct CodeBody {
    code: String,
}

/// `POST /api/token`: exchanges the sign-in's code for an access token.
async fn token(
    State(activity): State<Served>,
    headers: HeaderMap,
    body: Result<Json<CodeBody>, JsonRejection>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let locale = locale_of(&headers);
    let Json(CodeBody { code }) = body.map_err(|_| Refusal::garbled(locale))?;
    match activity.api.exchange(&code).await {
        Ok(access_token) => Ok(Json(json!({"access_token": access_token}))),
        Err(error) => {
            tracing::info!(%error, "an Activity sign-in was refused");
            Err(Refusal::new(
                StatusCode::BAD_REQUEST,
                "invalid_grant",
                Text::PageSignInFailed,
                locale,
            ))
        }
    }
}

#[derive(Deserialize)]
struct SessionBody {
    access_token: String,
    instance_id: String,
    #[serde(default)]
    locale: Option<String>,
}

/// `POST /api/session`: who the access token belongs to and where their instance runs, both
/// asked of Discord, signed into a session.
async fn session(
    State(activity): State<Served>,
    headers: HeaderMap,
    body: Result<Json<SessionBody>, JsonRejection>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let fallback = locale_of(&headers);
    let Json(body) = body.map_err(|_| Refusal::garbled(fallback))?;
    let locale = body
        .locale
        .as_deref()
        .map_or(fallback, Locale::from_discord);
    let refused = |error: super::ApiError| {
        tracing::info!(%error, "an Activity session was refused");
        Refusal::new(
            StatusCode::UNAUTHORIZED,
            "sign_in",
            Text::PageSignInFailed,
            locale,
        )
    };
    let user = activity.api.me(&body.access_token).await.map_err(refused)?;
    let instance = activity
        .api
        .instance(&body.instance_id)
        .await
        .map_err(refused)?;
    let id = user.id.to_string();
    if !instance.users.is_empty() && !instance.users.contains(&id) {
        return Err(Refusal::new(
            StatusCode::UNAUTHORIZED,
            "sign_in",
            Text::PageSignInFailed,
            locale,
        ));
    }
    let session = Session {
        user: user.id,
        name: user.name(),
        instance: body.instance_id,
        channel: instance.location.channel_id,
        guild: instance.location.guild_id,
        locale,
        expires_ms: now_ms() + LIFETIME_MS,
    };
    Ok(Json(json!({
        "session": activity.signer.sign(&session),
        "user": {"id": id, "name": session.name},
        "channel_id": session.channel.to_string(),
        "guild_id": session.guild.map(|g| g.to_string()),
        "locale": session.locale,
        "expires_at": session.expires_ms,
    })))
}

/// `GET /api/games`: the channel's game or challenge.
async fn games(
    State(activity): State<Served>,
    Signed(session): Signed,
) -> Result<Json<serde_json::Value>, Refusal> {
    let lobby = ask(&activity, session, |app, caller| app.page_lobby(caller)).await?;
    Ok(Json(json!(lobby)))
}

/// A game's id from the path; one that does not read is an unknown game.
fn game_id(text: &str, locale: Locale) -> Result<GameId, Refusal> {
    text.parse::<u64>()
        .map(GameId::new)
        .map_err(|_| Refusal::new(StatusCode::NOT_FOUND, "unknown", Text::PageNotHere, locale))
}

/// `GET /api/games/{id}`: a game of the channel.
async fn game(
    State(activity): State<Served>,
    Signed(session): Signed,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let id = game_id(&id, session.locale)?;
    let view = ask(&activity, session, move |app, caller| {
        app.page_view(caller, id)
    })
    .await?;
    Ok(Json(json!(view)))
}

#[derive(Deserialize)]
struct MoveBody {
    ply: u32,
    #[serde(rename = "move")]
    mv: String,
}

/// `POST /api/games/{id}/move`: a move, on the board drawn after `ply` moves.
async fn play(
    State(activity): State<Served>,
    Signed(session): Signed,
    Path(id): Path<String>,
    body: Result<Json<MoveBody>, JsonRejection>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let id = game_id(&id, session.locale)?;
    let Json(body) = body.map_err(|_| Refusal::garbled(session.locale))?;
    let moved = ask(&activity, session, move |app, caller| {
        app.page_move(caller, id, body.ply, &body.mv)
    });
    Ok(done(&activity, moved.await?))
}

/// `POST /api/games/{id}/resign`: the user resigns (or leaves a game of more seats).
async fn resign(
    State(activity): State<Served>,
    Signed(session): Signed,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let id = game_id(&id, session.locale)?;
    let resigned = ask(&activity, session, move |app, caller| {
        app.page_resign(caller, id)
    });
    Ok(done(&activity, resigned.await?))
}

#[derive(Deserialize)]
struct StartBody {
    kind: String,
    #[serde(default)]
    opponent: Option<String>,
    #[serde(default)]
    level: Option<String>,
}

/// `POST /api/games`: a game against the computer, or a challenge to a participant.
async fn start(
    State(activity): State<Served>,
    Signed(session): Signed,
    body: Result<Json<StartBody>, JsonRejection>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let garbled = || Refusal::garbled(session.locale);
    let Json(body) = body.map_err(|_| garbled())?;
    let kind = match body.kind.as_str() {
        "oaq" => GameKind::Oaq,
        "shogi" => GameKind::Shogi,
        "chinese-checkers" => GameKind::ChineseCheckers,
        _ => return Err(garbled()),
    };
    let level = match body.level.as_deref() {
        None => Level::Medium,
        Some(level) => level.parse().map_err(|_| garbled())?,
    };
    // A participant, named by id: the name they are shown by is Discord's, learned when they
    // sign in; until then the challenge names them by mention.
    let opponent = match body.opponent.as_deref() {
        None => None,
        Some(id) => Some(UserRef {
            id: UserId::new(id.parse().map_err(|_| garbled())?),
            name: String::new(),
            bot: false,
        }),
    };
    let request = PageStart {
        kind,
        opponent,
        level,
        computer: activity.computer.clone(),
    };
    let started = ask(&activity, session, move |app, caller| {
        app.page_start(caller, request)
    });
    Ok(match started.await? {
        PageStarted::Game(game) => done(&activity, game),
        PageStarted::Challenge(challenged) => {
            activity.carrier.carry(challenged.owes);
            Json(json!({ "challenge": challenged.challenge }))
        }
    })
}

/// `POST /api/challenges/{id}/accept`: the page's user accepts the channel's challenge.
async fn accept(
    State(activity): State<Served>,
    Signed(session): Signed,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, Refusal> {
    let id = id
        .parse::<u64>()
        .map(ChallengeId::new)
        .map_err(|_| Refusal::garbled(session.locale))?;
    let accepted = ask(&activity, session, move |app, caller| {
        app.page_accept(caller, id)
    });
    Ok(done(&activity, accepted.await?))
}
