//! `/health`: whether every shard of this process is connected (a shard counts as connected
//! while Discord acknowledges its heartbeats: see the liveness watch), and whether its store's
//! database can be reached (a PostgreSQL server that is down or restarting).

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::{Response, StatusCode};

use super::reply;
use crate::discord::workers::Liveness;
use crate::shards::Layout;
use crate::store::Store;

/// `200 ok` when every shard of `layout` is connected and `store`'s database answers, else
/// `503` naming the database, or the shards that are not connected.
pub(super) async fn health(
    shards: &Liveness,
    layout: Layout,
    store: Store,
) -> Response<Full<Bytes>> {
    let reached = tokio::task::spawn_blocking(move || store.reachable()).await;
    match reached {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            let text = format!("not ready: the database is unreachable ({error})\n");
            return reply(StatusCode::SERVICE_UNAVAILABLE, text);
        }
        Err(error) => {
            let text = format!("not ready: the database check failed ({error})\n");
            return reply(StatusCode::SERVICE_UNAVAILABLE, text);
        }
    }
    let (connected, missing) = shards.states().await;
    if missing.is_empty() {
        let text = format!("ok: {layout} connected\n");
        reply(StatusCode::OK, text)
    } else {
        let text = format!(
            "not ready: {connected} of {} shards of {layout} connected; waiting for {}\n",
            layout.range().len(),
            missing
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
        reply(StatusCode::SERVICE_UNAVAILABLE, text)
    }
}
