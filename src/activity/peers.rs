//! A bot split across processes that each keep their own sled store: a page's requests reach
//! the process that serves its server. The Activity has one URL, so whichever process gets a
//! request whose session names a server of another process forwards it there
//! (`activity.peers`: each other process's shards and the address of its Activity), streaming
//! the answer back (the live updates too). A forwarded request is always served where it
//! lands, so a wrong setting cannot loop. On PostgreSQL every process serves every page from
//! the shared store, and nothing is forwarded.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::routes::{signed_in, Refusal};
use super::{Activity, Served};
use crate::app::Text;
use crate::ids::GuildId;
use crate::shards::{shard_of, ShardRange};

/// The header that marks a forwarded request.
const FORWARDED: &str = "x-oaq-forwarded";
/// The largest request body forwarded (a move or a start is a few dozen bytes).
const BODY_LIMIT: usize = 64 * 1024;
/// The request headers a page's call needs on the other side.
const KEPT: [&str; 4] = ["authorization", "content-type", "accept", "accept-language"];

/// The other processes of a split bot, each with its shards and its Activity's address.
#[derive(Debug, Clone, Default)]
pub struct Peers {
    peers: Vec<(ShardRange, String)>,
    http: reqwest::Client,
}

impl Peers {
    /// `text`: `"0-1=http://10.0.0.1:8088,2-3=http://10.0.0.2:8088"` (empty: none).
    pub fn parse(text: &str) -> Result<Peers, String> {
        let mut peers = Vec::new();
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (range, url) = entry.split_once('=').ok_or_else(|| {
                format!("`{entry}` is not shards=url, such as 2-3=http://10.0.0.2:8088")
            })?;
            let range: ShardRange = range
                .trim()
                .parse()
                .map_err(|e| format!("`{entry}`: {e}"))?;
            let url = url.trim().trim_end_matches('/');
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(format!(
                    "`{entry}`: the address must start with http:// or https://"
                ));
            }
            peers.push((range, url.to_owned()));
        }
        Ok(Peers {
            peers,
            http: reqwest::Client::new(),
        })
    }

    /// Whether any peer is set.
    pub fn is_empty(&self) -> bool {
        self.peers.is_empty()
    }

    /// The address of the process that serves shard `shard`, if a peer does.
    fn serving(&self, shard: u32) -> Option<&str> {
        self.peers
            .iter()
            .find(|(range, _)| range.contains(shard))
            .map(|(_, url)| url.as_str())
    }
}

/// Where a request whose session is for `guild` is served.
enum Owner<'a> {
    /// Here.
    Here,
    /// At this peer.
    Peer(&'a str),
    /// Nowhere this process knows of.
    Unknown,
}

fn owner<'a>(activity: &'a Activity, guild: Option<GuildId>) -> Owner<'a> {
    let app = &activity.app;
    if app.store().shared() || app.serves(guild) {
        return Owner::Here;
    }
    let layout = app.store().layout();
    match activity.peers.serving(shard_of(guild, layout.count())) {
        Some(url) => Owner::Peer(url),
        None => Owner::Unknown,
    }
}

/// Serves a session's request here, or forwards it to the process that serves its server.
pub(super) async fn route(
    State(activity): State<Served>,
    request: Request,
    next: Next,
) -> Response {
    if request.headers().contains_key(FORWARDED) {
        return next.run(request).await;
    }
    // A request without a valid session is refused by its handler, here.
    let Ok(session) = signed_in(&activity, request.headers(), request.uri()) else {
        return next.run(request).await;
    };
    match owner(&activity, session.guild) {
        Owner::Here => next.run(request).await,
        Owner::Peer(url) => forward(&activity.peers.http, url, request).await,
        Owner::Unknown => {
            tracing::warn!(guild = ?session.guild, "no process of activity.peers serves this server");
            Refusal::unavailable(Text::PageNoProcess, session.locale).into_response()
        }
    }
}

/// Sends `request` to the peer at `url` and streams its answer back.
async fn forward(http: &reqwest::Client, url: &str, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let path = parts
        .uri
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_owned();
    let failed = |error: String| {
        tracing::warn!(%error, url, "forwarding a page's request failed");
        StatusCode::BAD_GATEWAY.into_response()
    };
    let Ok(body) = axum::body::to_bytes(body, BODY_LIMIT).await else {
        return StatusCode::PAYLOAD_TOO_LARGE.into_response();
    };
    let mut forwarded = http
        .request(parts.method, format!("{url}{path}"))
        .header(FORWARDED, "1")
        .body(body);
    for name in KEPT {
        if let Some(value) = parts.headers.get(name) {
            forwarded = forwarded.header(name, value);
        }
    }
    let answer = match forwarded.send().await {
        Ok(answer) => answer,
        Err(error) => return failed(error.without_url().to_string()),
    };
    let status = answer.status();
    let kind = answer
        .headers()
        .get("content-type")
        .and_then(|kind| HeaderValue::from_bytes(kind.as_bytes()).ok());
    let mut response = Response::new(Body::from_stream(answer.bytes_stream()));
    *response.status_mut() = status;
    if let Some(kind) = kind {
        response.headers_mut().insert("content-type", kind);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_read_as_shards_and_addresses() {
        let peers =
            Peers::parse("0-1=http://10.0.0.1:8088/, 2-3=http://10.0.0.2:8088").expect("peers");
        assert_eq!(peers.serving(1), Some("http://10.0.0.1:8088"));
        assert_eq!(peers.serving(3), Some("http://10.0.0.2:8088"));
        assert_eq!(peers.serving(4), None);
        assert!(Peers::parse("").expect("none").is_empty());
        assert!(Peers::parse("0-1").is_err());
        assert!(Peers::parse("a=http://x").is_err());
        assert!(Peers::parse("0=ftp://x").is_err());
    }
}
