//! End to end, issue 28: a move is on stable storage before Discord hears of it. The real bot
//! runs under `strace`, which records every `fsync`, `fdatasync` and `sync_file_range` with
//! its time and the file behind its descriptor; the fake Discord records when each answer
//! arrives.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::*;

const DURABLE_CHANNEL: u64 = 500_000_000_000_000_028;

/// The strace binary, if this machine has one. On CI (`CI=true`) a missing strace fails the
/// test: `.ci/run` installs it.
fn strace() -> Option<&'static str> {
    const STRACE: &str = "/usr/bin/strace";
    if Path::new(STRACE).exists() {
        return Some(STRACE);
    }
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "strace is missing on CI: .ci/run installs it"
    );
    eprintln!("skipped: no {STRACE} on this machine (apt-get install strace)");
    None
}

/// The bot under `strace`; the bot is killed (and strace, which then writes out its trace
/// and exits, waited for) when dropped.
struct Traced(Child);

impl Traced {
    fn start(strace: &str, root: &Path, base: &str, trace: &Path) -> Traced {
        let bot = bot_command(root, base, Some(GOOD_TOKEN), 600);
        let mut command = Command::new(strace);
        command
            .args(["-f", "-ttt", "-T", "-y", "-qq"])
            .args(["-e", "trace=fsync,fdatasync,sync_file_range"])
            .arg("-o")
            .arg(trace)
            .arg("--")
            .arg(bot.get_program())
            .args(bot.get_args())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        for (key, value) in bot.get_envs() {
            match value {
                Some(value) => command.env(key, value),
                None => command.env_remove(key),
            };
        }
        Traced(command.spawn().expect("spawn strace"))
    }

    /// Kills the bot (strace's child), then waits for strace to write its trace and exit.
    fn finish(&mut self) {
        let strace = self.0.id();
        let children = std::fs::read_to_string(format!("/proc/{strace}/task/{strace}/children"))
            .unwrap_or_default();
        for pid in children.split_whitespace() {
            let _ = Command::new("kill").args(["-KILL", pid]).status();
        }
        let _ = self.0.wait();
    }
}

impl Drop for Traced {
    fn drop(&mut self) {
        self.finish();
        let _ = self.0.kill();
    }
}

/// One traced system call on a file: its name, the file, when it started and ended (seconds
/// since the epoch).
#[derive(Debug, Clone)]
struct Call {
    name: String,
    file: String,
    start: f64,
    end: f64,
}

/// The calls of a `strace -f -ttt -T -y` trace, calls that another thread interrupted
/// (`<unfinished ...>` … `<... name resumed>`) joined up.
fn calls(trace: &str) -> Vec<Call> {
    let mut open: std::collections::HashMap<String, Call> = std::collections::HashMap::new();
    let mut done = Vec::new();
    for line in trace.lines() {
        // `PID TIME CALL…`; strace pads the pid with spaces to five columns.
        let Some((pid, rest)) = line.trim_start().split_once(' ') else {
            continue;
        };
        let Some((time, rest)) = rest.trim_start().split_once(' ') else {
            continue;
        };
        let Ok(time) = time.parse::<f64>() else {
            continue;
        };
        let rest = rest.trim_start();
        let took = || {
            let (_, tail) = rest.rsplit_once('<')?;
            tail.strip_suffix('>')?.parse::<f64>().ok()
        };
        if let Some(resumed) = rest.strip_prefix("<... ") {
            if let (Some(mut call), Some(took)) = (open.remove(pid), took()) {
                if resumed.starts_with(&call.name) {
                    call.end = time.max(call.start + took);
                    done.push(call);
                }
            }
            continue;
        }
        let Some((name, args)) = rest.split_once('(') else {
            continue;
        };
        let file = args
            .split_once('<')
            .and_then(|(_, tail)| tail.split_once('>'))
            .map_or(String::new(), |(file, _)| file.to_owned());
        let call = Call {
            name: name.to_owned(),
            file,
            start: time,
            end: time,
        };
        if rest.ends_with("<unfinished ...>") {
            open.insert(pid.to_owned(), call);
        } else if let Some(took) = took() {
            done.push(Call {
                end: time + took,
                ..call
            });
        }
    }
    done
}

fn seconds(time: SystemTime) -> f64 {
    time.duration_since(UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_secs_f64()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn issue_28_a_move_reaches_stable_storage_before_discord_hears_of_it() {
    let Some(strace) = strace() else { return };
    let fake = FakeDiscord::start().await;
    let root = tempfile::tempdir().expect("tempdir");
    let trace = root.path().join("strace.txt");
    let mut bot = Traced::start(strace, root.path(), &fake.base, &trace);
    fake.wait_ready(1).await;
    let board_id = start_game(&fake, &an(), &binh(), DURABLE_CHANNEL).await;

    // Six moves, one at a time: (when the click was sent, when its answer arrived).
    let mut windows = Vec::new();
    for _ in 0..6 {
        let board = fake.message(board_id);
        let moves = enabled_moves(&board);
        let mover = match to_move(&board.content) {
            Some(id) if id == an().id => an(),
            Some(_) => binh(),
            None => panic!("a player to move: {}", board.content),
        };
        let clicked = seconds(SystemTime::now());
        let token = fake.click(&mover, board_id, &moves[0]);
        let answer = fake.callback(&token).await;
        assert_eq!(answer.kind, 7, "{}", answer.content());
        windows.push((clicked, seconds(answer.received)));
    }
    bot.finish();

    let trace = std::fs::read_to_string(&trace).expect("the trace");
    let calls = calls(&trace);
    let on_db = |call: &&Call| call.file.ends_with("/data/db");
    assert!(
        calls
            .iter()
            .filter(on_db)
            .any(|c| c.name == "sync_file_range"),
        "sled writes its log with sync_file_range:\n{trace}"
    );
    for (n, (clicked, answered)) in windows.into_iter().enumerate() {
        // The move's store write: sled's flush of its log, after the click.
        let written = calls
            .iter()
            .filter(on_db)
            .filter(|c| c.name == "sync_file_range" && c.start > clicked && c.end < answered)
            .map(|c| c.end)
            .reduce(f64::min)
            .unwrap_or_else(|| panic!("move {n}: no write of the database file before its answer ({clicked:.6} → {answered:.6}):\n{trace}"));
        // Then the store's fdatasync of that file, finished before the answer reached
        // Discord. (sled's own background flusher calls fsync now and then; it never calls
        // fdatasync, so this one is the store's.)
        assert!(
            calls.iter().filter(on_db).any(|c| c.name == "fdatasync"
                && c.start >= written
                && c.end <= answered),
            "move {n}: no fdatasync of the database file between its write ({written:.6}) and its answer ({answered:.6}):\n{trace}"
        );
    }
}

#[test]
fn the_trace_parser_reads_padded_pids_and_joins_interrupted_calls() {
    let trace = "\
 812  1.500000 fsync(11</d/data/db>) = 0 <0.000500>
12345 2.000000 sync_file_range(9</d/data/db>, 0, 24, SYNC_FILE_RANGE_WRITE <unfinished ...>
  77  2.100000 fdatasync(11</d/data/db>) = 0 <0.000200>
12345 2.300000 <... sync_file_range resumed>) = 0 <0.300000>
";
    let calls = calls(trace);
    let summary: Vec<(&str, &str, f64, f64)> = calls
        .iter()
        .map(|c| (c.name.as_str(), c.file.as_str(), c.start, c.end))
        .collect();
    assert_eq!(
        summary,
        [
            ("fsync", "/d/data/db", 1.5, 1.5005),
            ("fdatasync", "/d/data/db", 2.1, 2.1002),
            ("sync_file_range", "/d/data/db", 2.0, 2.3),
        ]
    );
}
