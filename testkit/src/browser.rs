//! The browser harness as the Rust tests and benches drive it: `tests/browser/driver.mjs`
//! (headless Chromium through puppeteer-core, hosting the Activity in a fake Discord client
//! page), one JSON command per line each way (see `tests/browser/README.md`).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// How long a command may take before the driver counts as stuck.
const ANSWER_WITHIN: Duration = Duration::from_secs(120);

/// The harness's folder.
fn harness() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/browser")
}

/// Why the driver cannot start here: no Chromium (`/usr/bin/chromium`, or `$CHROMIUM`), or
/// no `npm ci` in `tests/browser`.
pub fn missing() -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| String::from("/usr/bin/chromium"));
    if !Path::new(&chromium).exists() {
        return Some(format!("no Chromium at {chromium}"));
    }
    if !harness().join("node_modules").exists() {
        return Some(String::from("no `npm ci` in tests/browser"));
    }
    None
}

/// The running driver.
pub struct Driver {
    child: Child,
    stdin: ChildStdin,
    lines: Lines<BufReader<ChildStdout>>,
}

impl Driver {
    /// Starts the driver; [`missing`] says first whether it can.
    pub fn start() -> Driver {
        let mut child = Command::new("node")
            .arg(harness().join("driver.mjs"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .expect("node runs the driver");
        let stdin = child.stdin.take().expect("stdin");
        let lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
        Driver {
            child,
            stdin,
            lines,
        }
    }

    /// Sends `command`; its reply, whether it succeeded or not.
    pub async fn try_send(&mut self, command: Value) -> Value {
        let line = format!("{command}\n");
        self.stdin
            .write_all(line.as_bytes())
            .await
            .expect("the driver reads");
        let reply = tokio::time::timeout(ANSWER_WITHIN, self.lines.next_line())
            .await
            .unwrap_or_else(|_| panic!("the driver did not answer {command}"))
            .expect("the driver's output reads")
            .unwrap_or_else(|| panic!("the driver stopped at {command}"));
        serde_json::from_str(&reply).unwrap_or_else(|_| panic!("the driver said {reply}"))
    }

    /// Sends `command`, which must succeed; its reply.
    pub async fn send(&mut self, command: Value) -> Value {
        let reply = self.try_send(command.clone()).await;
        assert_eq!(reply["ok"], true, "{command} → {reply}");
        reply
    }

    /// Closes Chromium and waits for the driver to exit.
    pub async fn quit(mut self) {
        let _ = self.try_send(json!({ "cmd": "quit" })).await;
        let _ = self.child.wait().await;
    }
}
