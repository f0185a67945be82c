//! The error type of poise commands and of the work handlers run off the async threads.

/// The error type of poise commands.
pub(super) type Error = Box<dyn std::error::Error + Send + Sync>;
