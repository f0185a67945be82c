//! `POST /admin/backup` (body: the absolute path of a new directory) makes a consistent copy of
//! the store there while play goes on (`Store::backup`) and answers with what it copied; it is
//! what `oaq-bot store backup` calls. It answers only connections from this machine (a loopback
//! peer), whatever address the endpoint listens on.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{Request, Response, StatusCode};

use super::reply;
use crate::app::App;

/// The route of `oaq-bot store backup`.
pub const BACKUP_PATH: &str = "/admin/backup";

/// `POST /admin/backup`: backs the store up into the directory the body names.
pub(super) async fn backup(
    app: &App,
    peer: SocketAddr,
    request: Request<Incoming>,
) -> Response<Full<Bytes>> {
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
        Ok(dir) if Path::new(dir).is_absolute() => PathBuf::from(dir),
        _ => {
            return reply(
                StatusCode::BAD_REQUEST,
                String::from("the body must be the backup directory's absolute path\n"),
            )
        }
    };
    let store = app.store().clone();
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
