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

/// A PostgreSQL server of a test's own (started by `.ci/postgres`, as CI's is), for tests that
/// stop and restart it while the bot runs; it is stopped when this goes.
pub struct Server {
    dir: std::path::PathBuf,
    port: u16,
    url: String,
}

impl Server {
    /// Starts a server with its data under `dir` (created by the first start) on a free port.
    pub fn start(dir: &std::path::Path) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let mut server = Server {
            dir: dir.to_path_buf(),
            port,
            url: String::new(),
        };
        server.url = server.up();
        server
    }

    /// The URL of its database.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Starts it again on the same port and data; returns its URL.
    pub fn up(&self) -> String {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../.ci/postgres");
        let out = std::process::Command::new(script)
            .arg(&self.dir)
            .env("OAQ_PG_PORT", self.port.to_string())
            .stderr(std::process::Stdio::null())
            .output()
            .expect("run .ci/postgres");
        assert!(out.status.success(), "the test's PostgreSQL did not start");
        String::from_utf8_lossy(&out.stdout).trim().to_owned()
    }

    /// Stops it at once (PostgreSQL's fast shutdown: sessions are ended, open transactions
    /// rolled back), as an operator's restart does.
    pub fn down(&self) {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("Debian's PostgreSQL")
            .filter_map(|e| e.ok().map(|e| e.path().join("bin/pg_ctl")))
            .filter(|p| p.exists())
            .max()
            .expect("pg_ctl");
        let data = self.dir.join("data");
        let root = std::process::Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        let mut command = if root {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&bin);
            c
        } else {
            std::process::Command::new(&bin)
        };
        let status = command
            .arg("-D")
            .arg(&data)
            .args(["-m", "fast", "-w", "stop"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .expect("run pg_ctl");
        assert!(status.success(), "the test's PostgreSQL did not stop");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if self.dir.join("data/postmaster.pid").exists() {
            self.down();
        }
    }
}
