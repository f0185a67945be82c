//! The operators' HTTP endpoint on `metrics.listen` (off unless configured), one route a
//! module: `/metrics` ([`scrape`]), `/health` ([`health`]) and `/admin/backup` ([`backup`]).

pub mod backup;
mod health;
mod scrape;

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use metrics_exporter_prometheus::PrometheusHandle;

use super::workers::Liveness;
use crate::app::App;
use crate::shards::Layout;
use backup::BACKUP_PATH;

/// What the endpoint reads when asked.
#[derive(Clone)]
pub(super) struct Endpoint {
    /// The installed recorder.
    pub(super) handle: PrometheusHandle,
    /// Which shards of this process are connected.
    pub(super) shards: Arc<Liveness>,
    /// Which shards this process runs.
    pub(super) layout: Layout,
    /// The product, for the games running and the store to back up.
    pub(super) app: Arc<App>,
}

impl Endpoint {
    /// Serves `/metrics`, `/health` and `/admin/backup` on `addr` until the process ends.
    pub(super) async fn serve(self, addr: SocketAddr) -> std::io::Result<()> {
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

    /// Routes a request from `peer` to its route.
    async fn answer(&self, peer: SocketAddr, request: Request<Incoming>) -> Response<Full<Bytes>> {
        match request.uri().path() {
            "/metrics" => scrape::metrics(self).await,
            "/health" => health::health(&self.shards, self.layout, self.app.store().clone()).await,
            BACKUP_PATH => backup::backup(&self.app, peer, request).await,
            _ => reply(
                StatusCode::NOT_FOUND,
                String::from("not found: try /metrics or /health\n"),
            ),
        }
    }
}

/// A plain-text answer with `status`.
fn reply(status: StatusCode, text: String) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(text)));
    *response.status_mut() = status;
    response.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("text/plain; version=0.0.4"),
    );
    response
}
