//! How handlers and workers run app work (store writes with flush, rendering) off the async
//! threads.

use super::error::Error;

/// Runs `f` (app work: store writes with flush, rendering) off the async threads.
pub(super) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Error> {
    Ok(tokio::task::spawn_blocking(f).await?)
}
