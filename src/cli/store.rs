//! The `oaq-bot store …` commands: maintenance of the bot's databases (`reshard` and `copy`
//! with the bot stopped; `backup` while it runs, or of a stopped bot's store).

use std::io::{Read as _, Write as _};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context as _;
use clap::{Args, Subcommand};

use crate::config::Config;
use crate::discord::endpoint::backup::BACKUP_PATH;
use crate::shards::ShardRange;
use crate::store::copy::{copy, Location};
use crate::store::reshard::{reshard, Side};
use crate::store::Store;

/// `oaq-bot store …`
#[derive(Debug, Subcommand)]
pub enum StoreCommand {
    /// Moves every record to the store that owns its server in a new shard layout (run it
    /// with the bot stopped; running it again changes nothing, or finishes an interrupted run).
    Reshard(ReshardArgs),
    /// Makes a consistent copy of the store in a new directory: of a running bot's store while
    /// play goes on (asked of the bot on its `metrics.listen` endpoint, from this machine), or,
    /// when no bot answers there, of the stopped bot's store (`store.path`) directly. The copy
    /// is a store the bot starts on: to restore it, stop the bot and point `store.path` at it
    /// (see docs/backup.md).
    Backup(BackupArgs),
    /// Copies every record of one or more stores into another, between sled and PostgreSQL
    /// (run it with the bot stopped): the sled stores of every process of a sharded bot into
    /// one PostgreSQL database, or a PostgreSQL database back into one sled store. Running it
    /// again writes nothing; records are read back and compared before it reports.
    Copy(CopyArgs),
}

/// The stores to copy from and the store to copy into.
#[derive(Debug, Args)]
pub struct CopyArgs {
    /// A store to copy: `sled:<path>` or `postgres://user@host:port/dbname`; repeat for every
    /// store to merge.
    #[arg(long = "from", value_name = "STORE", required = true)]
    from: Vec<Location>,
    /// The store to copy into: `postgres://…` or `sled:<path>` (empty, or holding an earlier
    /// copy of the same sources).
    #[arg(long, value_name = "STORE")]
    to: Location,
}

/// Where the copy goes, and which bot or store it is of.
#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The new directory for the copy (it must not exist, or be empty).
    dir: PathBuf,
    /// The running bot's endpoint (default: `metrics.listen` of the configuration).
    #[arg(long, value_name = "ADDR")]
    bot: Option<SocketAddr>,
    /// Copy this stopped bot's store instead of asking a running bot (default when no bot
    /// answers: `store.path` of the configuration).
    #[arg(long, value_name = "PATH", conflicts_with = "bot")]
    store: Option<PathBuf>,
}

/// The old and the new layout: shard counts, and each store with its range of shards.
#[derive(Debug, Args)]
pub struct ReshardArgs {
    /// The old shard count.
    #[arg(long)]
    from_count: u32,
    /// An old store and its shards, as PATH=RANGE (`data/a=0-1`, `data/b=2`); repeat for
    /// every process of the old layout.
    #[arg(long = "from", value_name = "PATH=RANGE", required = true, value_parser = store_part)]
    from: Vec<(PathBuf, ShardRange)>,
    /// The new shard count.
    #[arg(long)]
    to_count: u32,
    /// A new store and its shards, as PATH=RANGE; repeat for every process of the new layout
    /// (a path may be both old and new).
    #[arg(long = "to", value_name = "PATH=RANGE", required = true, value_parser = store_part)]
    to: Vec<(PathBuf, ShardRange)>,
}

/// Parses `PATH=RANGE` (the last `=` separates them).
fn store_part(text: &str) -> Result<(PathBuf, ShardRange), String> {
    let (path, range) = text
        .rsplit_once('=')
        .filter(|(path, _)| !path.is_empty())
        .ok_or_else(|| format!("`{text}` is not PATH=RANGE (for example data/a=0-1)"))?;
    let range = range.parse::<ShardRange>().map_err(|e| e.to_string())?;
    Ok((PathBuf::from(path), range))
}

impl StoreCommand {
    /// Runs the command, printing what it did on stdout; `config_dir` holds the bot's
    /// configuration (for `backup`'s defaults).
    pub fn run(self, config_dir: &Path) -> anyhow::Result<()> {
        match self {
            StoreCommand::Backup(args) => {
                let report = backup(&args, config_dir)?;
                println!("{}", report.trim_end());
                Ok(())
            }
            StoreCommand::Copy(args) => {
                let copied = copy(&args.from, &args.to)
                    .context("copy stopped (stop every bot process using these stores first)")?;
                println!("{}", copied.to_string().trim_end());
                Ok(())
            }
            StoreCommand::Reshard(args) => {
                let from = Side::new("old", args.from_count, args.from)?;
                let to = Side::new("new", args.to_count, args.to)?;
                let report = reshard(&from, &to)
                    .context("reshard stopped (stop every bot process using these stores first)")?;
                println!("{report}");
                Ok(())
            }
        }
    }
}

/// Runs `store backup`: returns the report to print.
fn backup(args: &BackupArgs, config_dir: &Path) -> anyhow::Result<String> {
    let dir = std::path::absolute(&args.dir)
        .with_context(|| format!("cannot resolve `{}`", args.dir.display()))?;
    if let Some(path) = &args.store {
        return backup_stopped(path, &dir);
    }
    let config = Config::load(config_dir);
    if let Ok(config) = &config {
        Store::can_back_up(&config.store)?;
    }
    let bot = match (args.bot, &config) {
        (Some(bot), _) => Some(bot),
        (None, Ok(config)) => config.metrics.listen()?,
        (None, Err(_)) => None,
    };
    if let Some(bot) = bot {
        match ask_bot(local(bot), &dir) {
            Ok(report) => return Ok(report),
            Err(AskError::NotRunning(error)) if args.bot.is_none() => {
                eprintln!("no bot answers on {bot} ({error}): copying its stopped store");
            }
            Err(AskError::NotRunning(error)) => {
                return Err(anyhow::anyhow!(
                    "no bot answers on {bot} ({error}); with the bot stopped, pass --store <store.path>"
                ))
            }
            Err(AskError::Failed(error)) => return Err(error),
        }
    }
    let config = config.context(
        "no running bot to ask (pass --bot <metrics.listen>) and no configuration to find its store",
    )?;
    backup_stopped(&config.store.path, &dir)
}

/// Copies the store at `path`, which no bot has open.
fn backup_stopped(path: &Path, dir: &Path) -> anyhow::Result<String> {
    if !path.join("db").exists() {
        anyhow::bail!("there is no store at `{}`", path.display());
    }
    let store = Store::open(path).with_context(|| {
        format!(
            "cannot open the store at `{}` (a bot that has it open is asked through its metrics.listen endpoint: pass --bot)",
            path.display()
        )
    })?;
    let backup = store
        .backup(dir)
        .with_context(|| format!("backup of `{}` failed", path.display()))?;
    Ok(format!("{}\n{backup}", dir.display()))
}

/// The endpoint's address as seen from this machine (a wildcard listen address is reached on
/// loopback).
fn local(mut addr: SocketAddr) -> SocketAddr {
    if addr.ip().is_unspecified() {
        addr.set_ip(if addr.is_ipv4() {
            Ipv4Addr::LOCALHOST.into()
        } else {
            std::net::Ipv6Addr::LOCALHOST.into()
        });
    }
    addr
}

/// Why asking the bot gave no report.
enum AskError {
    /// Nothing listens there.
    NotRunning(std::io::Error),
    /// The bot answered with an error, or the exchange broke.
    Failed(anyhow::Error),
}

/// How long a backup may take before the command gives up waiting (the bot finishes it).
const BACKUP_WAIT: Duration = Duration::from_secs(3600);

/// Asks the bot listening on `bot` to back its store up into `dir` (one HTTP/1.1 request).
fn ask_bot(bot: SocketAddr, dir: &Path) -> Result<String, AskError> {
    let failed =
        |e: std::io::Error| AskError::Failed(anyhow::anyhow!("talking to the bot on {bot}: {e}"));
    let mut stream =
        TcpStream::connect_timeout(&bot, Duration::from_secs(5)).map_err(|e| match e.kind() {
            std::io::ErrorKind::ConnectionRefused => AskError::NotRunning(e),
            _ => failed(e),
        })?;
    let body = dir.to_str().ok_or_else(|| {
        AskError::Failed(anyhow::anyhow!("`{}` is not valid UTF-8", dir.display()))
    })?;
    stream.set_read_timeout(Some(BACKUP_WAIT)).map_err(failed)?;
    let request = format!(
        "POST {BACKUP_PATH} HTTP/1.1\r\nHost: {bot}\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).map_err(failed)?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).map_err(failed)?;
    let answer = String::from_utf8_lossy(&answer);
    let (head, text) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.split(' ').nth(1).unwrap_or("");
    if status == "200" {
        Ok(format!("{}\n{text}", dir.display()))
    } else {
        let status_line = head.lines().next().unwrap_or("no answer");
        Err(AskError::Failed(anyhow::anyhow!(
            "the bot on {bot} refused the backup ({status_line}): {}",
            text.trim()
        )))
    }
}
