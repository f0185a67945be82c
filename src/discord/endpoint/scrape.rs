//! `/metrics`: the recorded metrics in Prometheus' text format, with the gauges read at
//! scrape time (`oaq_shards_connected`, `oaq_games_running{kind}`).

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::{Response, StatusCode};

use super::{reply, Endpoint};
use crate::store::GameKind;

/// Reads the gauges, then renders every metric.
pub(super) async fn metrics(endpoint: &Endpoint) -> Response<Full<Bytes>> {
    read_gauges(endpoint).await;
    endpoint.handle.run_upkeep();
    reply(StatusCode::OK, endpoint.handle.render())
}

/// Sets the gauges read at scrape time.
async fn read_gauges(endpoint: &Endpoint) {
    let (connected, _) = endpoint.shards.states().await;
    metrics::gauge!("oaq_shards_connected").set(f64::from(connected));
    let app = endpoint.app.clone();
    match tokio::task::spawn_blocking(move || app.running_per_kind()).await {
        Ok(running) => {
            for (kind, count) in running {
                metrics::gauge!("oaq_games_running", "kind" => label(kind)).set(count as f64);
            }
        }
        Err(error) => tracing::warn!(%error, "counting the running games failed"),
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
