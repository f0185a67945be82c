//! The bot under test as a child process: its command line, its config folder, and a guard
//! that kills it when dropped.
//!
//! The binary is the one cargo built for the test or bench that runs: cargo builds a package's
//! binaries before its integration tests and benches, into the folder above theirs (`deps`).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::{GOOD_TOKEN, GUILD_ID};

/// The bot as a child process, killed when dropped.
pub struct Bot(pub Child);

impl Drop for Bot {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The bot binary cargo built next to the running test or bench.
pub fn bot_binary() -> PathBuf {
    let test = std::env::current_exe().expect("the running test's path");
    let mut dir = test.parent().expect("the test's folder").to_path_buf();
    if dir.ends_with("deps") {
        dir.pop();
    }
    let bot = dir.join(format!("oaq-bot{}", std::env::consts::EXE_SUFFIX));
    assert!(bot.exists(), "no bot binary at {}", bot.display());
    bot
}

/// A config folder under `root` holding a copy of `config/default.toml`.
pub fn config_dir(root: &Path) -> PathBuf {
    let dir = root.join("config");
    std::fs::create_dir_all(&dir).expect("config dir");
    let defaults = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../config/default.toml"
    ));
    std::fs::copy(defaults, dir.join("default.toml")).expect("copy defaults");
    dir
}

/// The bot binary set up to talk to the fake at `base`, storing under `root`.
pub fn bot_command(root: &Path, base: &str, token: Option<&str>, ttl_seconds: u64) -> Command {
    let mut command = Command::new(bot_binary());
    command
        .arg("--config-dir")
        .arg(config_dir(root))
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        .env("DISCORD_API_BASE", base)
        .env("OAQ_STORE__PATH", root.join("data"))
        .env("OAQ_DISCORD__DEV_GUILD_ID", GUILD_ID.to_string())
        .env("OAQ_GAME__CHALLENGE_TTL_SECONDS", ttl_seconds.to_string())
        .env("OAQ_GAME__EXPIRY_SWEEP_SECONDS", "1")
        .stdin(Stdio::null());
    if let Some(token) = token {
        command.env("DISCORD_TOKEN", token);
    }
    command
}

/// Starts the bot against the fake at `base`; it is killed when the `Bot` is dropped.
pub fn start_bot(root: &Path, base: &str, ttl_seconds: u64) -> Bot {
    start_bot_with(root, base, ttl_seconds, &[])
}

/// Like [`start_bot`], with extra environment variables (configuration overrides such as
/// `OAQ_GAME__TURN_TIMEOUT_SECONDS`).
pub fn start_bot_with(root: &Path, base: &str, ttl_seconds: u64, vars: &[(&str, &str)]) -> Bot {
    let mut command = bot_command(root, base, Some(GOOD_TOKEN), ttl_seconds);
    command.envs(vars.iter().copied());
    spawn(command)
}

/// Starts a bot process serving `shards` (`A-B`, or one shard) of `count` against the fake at
/// `base`, registering its commands globally (no development server), with extra environment
/// variables `vars`.
pub fn start_bot_on_shards(
    root: &Path,
    base: &str,
    count: u32,
    shards: &str,
    vars: &[(&str, &str)],
) -> Bot {
    let mut command = bot_command(root, base, Some(GOOD_TOKEN), 600);
    command
        .env("OAQ_DISCORD__SHARD_COUNT", count.to_string())
        .env("OAQ_DISCORD__SHARDS", shards)
        .env("OAQ_DISCORD__DEV_GUILD_ID", "0")
        .envs(vars.iter().copied());
    spawn(command)
}

/// Spawns `command`, its output dropped and its errors on the test's.
fn spawn(mut command: Command) -> Bot {
    let child = command
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn the bot");
    Bot(child)
}
