//! What operators see of a running bot: Prometheus metrics on `/metrics` and the shards' health
//! on `/health`, served on `metrics.listen` (off unless configured).
//!
//! Metrics, all prefixed `oaq_`:
//! - `interactions_total{kind, outcome}`: interactions by kind (`command`, `button`,
//!   `autocomplete`) and what became of them (`served`, `restarting`, `elsewhere`);
//! - `interaction_seconds{kind}`: time to handle an interaction, answer and follow-up writes
//!   included;
//! - `click_answer_seconds`: from receiving a button click to Discord accepting its answer;
//! - `store_flush_seconds`: time of a database flush (recorded by the store);
//! - `discord_errors_total{status}`: failed Discord writes by HTTP status (`network` when no
//!   answer came);
//! - `games_running{kind}` and `shards_connected`: read when scraped (a shard counts as
//!   connected while Discord acknowledges its heartbeats: see `liveness`).
//!
//! - `store_backup_pause_seconds`: how long a backup stopped writers (recorded by the store).
//!
//! Without an endpoint no recorder is installed and recording costs nothing.
//!
//! `POST /admin/backup` (body: the absolute path of a new directory) makes a consistent copy of
//! the store there while play goes on (`Store::backup`) and answers with what it copied; it is
//! what `oaq-bot store backup` calls. It answers only connections from this machine (a loopback
//! peer), whatever address the endpoint listens on.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use poise::serenity_prelude as serenity;

use super::liveness::Liveness;
use crate::app::App;
use crate::shards::Layout;
use crate::store::GameKind;

/// The route of `oaq-bot store backup`.
pub const BACKUP_PATH: &str = "/admin/backup";

/// Histogram buckets in seconds: from 1 ms to 10 s.
const BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

/// Counts an interaction of `kind` with its `outcome`.
pub fn interaction(kind: &'static str, outcome: &'static str) {
    metrics::counter!("oaq_interactions_total", "kind" => kind, "outcome" => outcome).increment(1);
}

/// Records how long an interaction of `kind` took to handle.
pub fn handled(kind: &'static str, took: Duration) {
    metrics::histogram!("oaq_interaction_seconds", "kind" => kind).record(took.as_secs_f64());
}

/// Records how long a button click took to be answered.
pub fn click_answered(took: Duration) {
    metrics::histogram!("oaq_click_answer_seconds").record(took.as_secs_f64());
}

/// Counts a Discord write that failed.
pub fn discord_error(error: &serenity::Error) {
    let status = match error {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(answer)) => {
            answer.status_code.as_u16().to_string()
        }
        _ => String::from("network"),
    };
    metrics::counter!("oaq_discord_errors_total", "status" => status).increment(1);
}

/// Counts a Discord write that took longer than the write timeout.
pub fn discord_timeout() {
    metrics::counter!("oaq_discord_errors_total", "status" => "timeout").increment(1);
}

/// Installs the Prometheus recorder: metrics recorded from now on are kept.
pub fn install() -> anyhow::Result<PrometheusHandle> {
    Ok(PrometheusBuilder::new()
        .set_buckets(&BUCKETS)?
        .install_recorder()?)
}

/// What the endpoint reads when asked.
#[derive(Clone)]
pub struct Endpoint {
    /// The installed recorder.
    pub handle: PrometheusHandle,
    /// Which shards of this process are connected.
    pub shards: Arc<Liveness>,
    /// Which shards this process runs.
    pub layout: Layout,
    /// The product, for the games running.
    pub app: Arc<App>,
}

impl Endpoint {
    /// Serves `/metrics` and `/health` on `addr` until the process ends.
    pub async fn serve(self, addr: SocketAddr) -> std::io::Result<()> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        tracing::info!(%addr, "metrics on /metrics, health on /health");
        tokio::spawn(async move {
            loop {
                let (socket, peer) = match listener.accept().await {
                    Ok(accepted) => accepted,
                    Err(error) => {
                        tracing::warn!(%error, "metrics endpoint: accept failed");
                        continue;
                    }
                };
                let endpoint = self.clone();
                tokio::spawn(async move {
                    let service = hyper::service::service_fn(move |request| {
                        let endpoint = endpoint.clone();
                        async move { Ok::<_, Infallible>(endpoint.answer(peer, request).await) }
                    });
                    let connection = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(socket), service);
                    if let Err(error) = connection.await {
                        tracing::debug!(%error, "metrics endpoint: connection ended");
                    }
                });
            }
        });
        Ok(())
    }

    async fn answer(&self, peer: SocketAddr, request: Request<Incoming>) -> Response<Full<Bytes>> {
        match request.uri().path() {
            "/metrics" => {
                self.read_gauges().await;
                self.handle.run_upkeep();
                reply(StatusCode::OK, self.handle.render())
            }
            "/health" => {
                let (connected, missing) = self.shards.states().await;
                if missing.is_empty() {
                    let text = format!("ok: {} connected\n", self.layout);
                    reply(StatusCode::OK, text)
                } else {
                    let text = format!(
                        "not ready: {connected} of {} shards of {} connected; waiting for {}\n",
                        self.layout.range().len(),
                        self.layout,
                        missing
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                    reply(StatusCode::SERVICE_UNAVAILABLE, text)
                }
            }
            BACKUP_PATH => self.backup(peer, request).await,
            _ => reply(
                StatusCode::NOT_FOUND,
                String::from("not found: try /metrics or /health\n"),
            ),
        }
    }

    /// `POST /admin/backup`: backs the store up into the directory the body names.
    async fn backup(&self, peer: SocketAddr, request: Request<Incoming>) -> Response<Full<Bytes>> {
        if !peer.ip().is_loopback() {
            return reply(
                StatusCode::FORBIDDEN,
                String::from("forbidden: backups are asked for from this machine only\n"),
            );
        }
        if request.method() != hyper::Method::POST {
            return reply(
                StatusCode::METHOD_NOT_ALLOWED,
                String::from("use POST with the backup directory as the body\n"),
            );
        }
        let body = match Limited::new(request.into_body(), 4096).collect().await {
            Ok(body) => body.to_bytes(),
            Err(error) => {
                return reply(
                    StatusCode::BAD_REQUEST,
                    format!("cannot read the request: {error}\n"),
                )
            }
        };
        let dir = match std::str::from_utf8(&body).map(str::trim) {
            Ok(dir) if std::path::Path::new(dir).is_absolute() => std::path::PathBuf::from(dir),
            _ => {
                return reply(
                    StatusCode::BAD_REQUEST,
                    String::from("the body must be the backup directory's absolute path\n"),
                )
            }
        };
        let store = self.app.store().clone();
        match tokio::task::spawn_blocking(move || store.backup(&dir)).await {
            Ok(Ok(backup)) => {
                tracing::info!(
                    pause_ms = backup.longest_pause().as_secs_f64() * 1e3,
                    "backup made"
                );
                reply(StatusCode::OK, format!("{backup}\n"))
            }
            Ok(Err(error)) => {
                tracing::warn!(%error, "backup failed");
                reply(StatusCode::CONFLICT, format!("{error}\n"))
            }
            Err(error) => reply(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the backup stopped: {error}\n"),
            ),
        }
    }

    /// Sets the gauges read at scrape time.
    async fn read_gauges(&self) {
        let (connected, _) = self.shards.states().await;
        metrics::gauge!("oaq_shards_connected").set(f64::from(connected));
        let app = self.app.clone();
        match tokio::task::spawn_blocking(move || app.running_per_kind()).await {
            Ok(running) => {
                for (kind, count) in running {
                    metrics::gauge!("oaq_games_running", "kind" => label(kind)).set(count as f64);
                }
            }
            Err(error) => tracing::warn!(%error, "counting the running games failed"),
        }
    }
}

/// A game kind as the metrics name it (its stored name).
fn label(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Oaq => "oaq",
        GameKind::Shogi => "shogi",
        GameKind::ChineseCheckers => "chinese_checkers",
    }
}

fn reply(status: StatusCode, text: String) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(text)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("text/plain; version=0.0.4"),
    );
    response
}
