//! The page itself: `web/dist`, built from `web/src` with npm (see `web/build.mjs`) and
//! committed, embedded in the binary so that the bot serves the Activity without npm. CI builds
//! it again from source and fails if the committed bundle differs.

use axum::http::header;
use axum::response::IntoResponse;

/// The page.
pub const INDEX: &str = include_str!("../../web/dist/index.html");
/// Its script.
pub const SCRIPT: &str = include_str!("../../web/dist/app.js");
/// Its style sheet.
pub const STYLE: &str = include_str!("../../web/dist/app.css");

/// One embedded file with its type. The page is small and changes with the binary: it may be
/// cached, but checked again each time (`no-cache`), so a restart with a new build is seen.
pub fn file(content: &'static str, kind: &'static str) -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        content,
    )
}
