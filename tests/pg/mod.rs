//! A real PostgreSQL server for the tests that run the store on it.
//!
//! The tests use the database named by `OAQ_TEST_POSTGRES` (a libpq URL, for example
//! `postgres://oaq@127.0.0.1:54329/oaq`; `.ci/run` starts a server and sets it, and the README
//! says how to do the same by hand). Each [`Schema`] is a fresh schema of that database, dropped
//! when the test ends, so tests run side by side. Without the variable the PostgreSQL half of a
//! test is skipped, with a line saying so, except on CI (`CI=true`), where it fails.

#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};

/// The test database's URL, if PostgreSQL tests are to run.
pub fn url() -> Option<String> {
    match std::env::var("OAQ_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_owned()),
        _ => {
            assert!(
                std::env::var("CI").map_or(true, |ci| ci != "true"),
                "OAQ_TEST_POSTGRES is not set: on CI, .ci/run starts PostgreSQL and sets it"
            );
            eprintln!("OAQ_TEST_POSTGRES is not set: the PostgreSQL half of this test is skipped");
            None
        }
    }
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
        let mut client = postgres::Client::connect(base, postgres::NoTls)
            .unwrap_or_else(|e| panic!("cannot connect to OAQ_TEST_POSTGRES: {e}"));
        client
            .batch_execute(&format!(
                "DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name}"
            ))
            .expect("create the test schema");
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

    /// Runs `sql` in this schema (for tests that look at, or damage, the rows directly).
    pub fn execute(&self, sql: &str) {
        let mut client = postgres::Client::connect(&self.url(), postgres::NoTls).expect("connect");
        client.batch_execute(sql).expect("sql");
    }
}

impl Drop for Schema {
    fn drop(&mut self) {
        if let Ok(mut client) = postgres::Client::connect(&self.base, postgres::NoTls) {
            let _ = client.batch_execute(&format!("DROP SCHEMA IF EXISTS {} CASCADE", self.name));
        }
    }
}
