//! `/health`: whether every shard of this process is connected (a shard counts as connected
//! while Discord acknowledges its heartbeats: see the liveness watch).

use http_body_util::Full;
use hyper::body::Bytes;
use hyper::{Response, StatusCode};

use super::reply;
use crate::discord::workers::Liveness;
use crate::shards::Layout;

/// `200 ok` when every shard of `layout` is connected, else `503` naming those that are not.
pub(super) async fn health(shards: &Liveness, layout: Layout) -> Response<Full<Bytes>> {
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
