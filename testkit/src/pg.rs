//! A real PostgreSQL server for the tests that run the store on it.
//!
//! The tests use the database named by `TEST_POSTGRES_URL` (a libpq URL, for example
//! `postgres://oaq@127.0.0.1:54329/oaq`; `.ci/run` starts a server and sets it, and the README
//! says how to do the same by hand). Each [`Schema`] is a fresh schema of that database, dropped
//! when the test ends, so tests run side by side. Without the variable the PostgreSQL half of a
//! test is skipped, with a line saying so, except on CI (`CI=true`), where it fails.

use std::sync::atomic::{AtomicU32, Ordering};

/// The test database's URL, if PostgreSQL tests are to run.
pub fn url() -> Option<String> {
    match std::env::var("TEST_POSTGRES_URL") {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_owned()),
        _ => {
            assert!(
                std::env::var("CI").map_or(true, |ci| ci != "true"),
                "TEST_POSTGRES_URL is not set: on CI, .ci/run starts PostgreSQL and sets it"
            );
            eprintln!("TEST_POSTGRES_URL is not set: the PostgreSQL half of this test is skipped");
            None
        }
    }
}

/// Runs `f`, a call of the blocking client, off the async worker threads of an end-to-end
/// test's runtime, as the store does.
fn off_runtime<R>(f: impl FnOnce() -> R) -> R {
    match tokio::runtime::Handle::try_current() {
        Ok(_) => tokio::task::block_in_place(f),
        Err(_) => f(),
    }
}

/// Runs `sql` on the database at `url`.
fn execute(url: &str, sql: &str) -> Result<(), postgres::Error> {
    off_runtime(|| postgres::Client::connect(url, postgres::NoTls)?.batch_execute(sql))
}

/// A schema of its own in the test database, dropped with everything in it when this goes.
pub struct Schema {
    base: String,
    name: String,
}

impl Schema {
    /// Creates a fresh schema in the database at `base`.
    pub fn new(base: &str) -> Schema {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "t{}_{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        execute(
            base,
            &format!("DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"),
        )
        .unwrap_or_else(|e| panic!("cannot create a schema in TEST_POSTGRES_URL: {e}"));
        Schema {
            base: base.to_owned(),
            name,
        }
    }

    /// A URL whose connections work in this schema alone.
    pub fn url(&self) -> String {
        let separator = if self.base.contains('?') { '&' } else { '?' };
        format!(
            "{}{separator}options=-c%20search_path%3D{}",
            self.base, self.name
        )
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        let _ = execute(
            &self.base,
            &format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name),
        );
    }
}
