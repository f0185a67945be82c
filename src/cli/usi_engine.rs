//! Another USI engine as a match opponent: `oaq-bot engine shogi match hard usi:<command>`.
//!
//! The engine runs as a child process spoken to over its stdin and stdout: `usi` (its `id
//! name` names it in the report), one `setoption` per `--usi-option`, `isready`; then for each
//! game `usinewgame`, and for each of its moves the `position … moves …` of the game so far
//! and `go <limits>` (the `--usi-go` text, `movetime 1000` by default). The last `info … score
//! cp|mate` before `bestmove` is its score, which adjudication reads as it reads ours.
//! `bestmove resign` resigns; an engine that exits, stops answering or answers something that
//! is not a move ends the match with an error naming it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{anyhow, bail, Context as _};
use rand_chacha::ChaCha8Rng;

use crate::games::shogi::ai::{Mover, MATE_BOUND};
use crate::games::shogi::export;
use crate::games::shogi::{Color, Game, Move, Position};

/// How long the engine may take to answer `usi` or `isready`.
const HANDSHAKE: Duration = Duration::from_secs(30);
/// How long one move may take beyond what its `go` limits say (they are not read here).
const MOVE: Duration = Duration::from_secs(120);

/// How to start and drive an engine: its command line, options and search limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsiSpec {
    /// The program and its arguments, split on whitespace.
    pub command: Vec<String>,
    /// `setoption name <name> value <value>` pairs, in order.
    pub options: Vec<(String, String)>,
    /// What follows `go`.
    pub go: String,
}

/// A running USI engine.
pub struct UsiEngine {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// What follows `go`.
    go: String,
    /// Why the engine failed, once it has: the match stops with this error.
    failure: Option<anyhow::Error>,
}

impl UsiEngine {
    /// Starts the engine and waits until it is ready.
    pub fn start(spec: &UsiSpec) -> anyhow::Result<UsiEngine> {
        let (program, args) = spec
            .command
            .split_first()
            .ok_or_else(|| anyhow!("usi: needs a command, as in usi:fairy-stockfish"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .with_context(|| format!("cannot start the USI engine `{program}`"))?;
        let stdin = child.stdin.take().context("the engine's stdin")?;
        let stdout = child.stdout.take().context("the engine's stdout")?;
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UsiEngine {
            name: program.clone(),
            child,
            stdin,
            lines,
            go: spec.go.clone(),
            failure: None,
        };
        engine.send("usi")?;
        for line in engine.until("usiok", HANDSHAKE)? {
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.trim().to_string();
            }
        }
        for (name, value) in &spec.options {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// The error that stopped the engine during a game, if it failed (taken once).
    pub fn take_failure(&mut self) -> Option<anyhow::Error> {
        self.failure.take()
    }

    fn send(&mut self, line: &str) -> anyhow::Result<()> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .with_context(|| format!("the USI engine {} stopped reading", self.name))
    }

    /// `isready`, then waits for `readyok`.
    fn ready(&mut self) -> anyhow::Result<()> {
        self.send("isready")?;
        self.until("readyok", HANDSHAKE).map(drop)
    }

    /// The lines up to the first that is `last` or starts with `last` and a space (returned
    /// last), within `limit`.
    fn until(&mut self, last: &str, limit: Duration) -> anyhow::Result<Vec<String>> {
        let deadline = Instant::now() + limit;
        let mut lines = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(line) => {
                    let line = line.trim_end().to_string();
                    let done = line == last || line.starts_with(&format!("{last} "));
                    lines.push(line);
                    if done {
                        return Ok(lines);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    bail!(
                        "the USI engine {} did not answer `{last}` within {limit:?}",
                        self.name
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    bail!("the USI engine {} exited before `{last}`", self.name)
                }
            }
        }
    }

    /// The engine's score of `position` in centipawns from sente's side, searched afresh
    /// (`usinewgame` first, so that no earlier search colours it): `None` when the engine
    /// sees a mate or gives no score.
    pub fn evaluate(&mut self, position: &Position) -> anyhow::Result<Option<i32>> {
        self.send("usinewgame")?;
        self.ready()?;
        self.send(&format!("position sfen {}", position.to_sfen()))?;
        let go = format!("go {}", self.go);
        self.send(&go)?;
        let lines = self.until("bestmove", MOVE)?;
        let score = lines
            .iter()
            .rev()
            .find_map(|line| score(line))
            .filter(|s| s.abs() < MATE_BOUND);
        Ok(score.map(|s| {
            if position.turn() == Color::Sente {
                s
            } else {
                -s
            }
        }))
    }

    /// The engine's move and score for `game`, or why it has none.
    fn search(&mut self, game: &Game) -> anyhow::Result<Option<(Move, Option<i32>)>> {
        self.send(&export::usi(game))?;
        let go = format!("go {}", self.go);
        self.send(&go)?;
        let lines = self.until("bestmove", MOVE)?;
        let score = lines.iter().rev().find_map(|line| score(line));
        let answer = lines.last().map(String::as_str).unwrap_or_default();
        match answer.split_whitespace().nth(1) {
            Some("resign") => Ok(None),
            Some(text) => text
                .parse::<Move>()
                .map(|mv| Some((mv, score)))
                .map_err(|_| anyhow!("the USI engine {} answered `{answer}`", self.name)),
            None => bail!("the USI engine {} answered `{answer}`", self.name),
        }
    }
}

/// The score of an `info` line, in centipawns from the mover's side: `cp N`, or `mate N` as
/// our searches score a mate in N plies.
fn score(line: &str) -> Option<i32> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info") {
        return None;
    }
    let at = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(at + 2)?.parse().ok()?;
    match *words.get(at + 1)? {
        "cp" => Some(value),
        "mate" if value >= 0 => Some(2 * MATE_BOUND - value),
        "mate" => Some(-(2 * MATE_BOUND + value)),
        _ => None,
    }
}

impl Mover for UsiEngine {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        let started = self.send("usinewgame").and_then(|()| self.ready());
        if let Err(error) = started {
            self.failure.get_or_insert(error);
        }
    }

    /// The engine's move; when it fails, it resigns and the failure is kept for the match.
    fn choose(&mut self, game: &Game, _rng: &mut ChaCha8Rng) -> Option<(Move, Option<i32>)> {
        if self.failure.is_some() {
            return None;
        }
        match self.search(game) {
            Ok(answer) => answer,
            Err(error) => {
                self.failure = Some(error);
                None
            }
        }
    }
}

impl Drop for UsiEngine {
    /// `quit`, a moment to obey, then the process is killed if it has not exited.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shogi::ai::mate_distance;

    #[test]
    fn scores_read_as_ours() {
        assert_eq!(
            score("info depth 8 score cp -35 nodes 1000 pv 7g7f"),
            Some(-35)
        );
        let mates = score("info depth 3 score mate 3 pv G*5b").expect("a mate");
        assert_eq!(mate_distance(mates), Some(3));
        let mated = score("info depth 3 score mate -2").expect("a mate");
        assert_eq!(mate_distance(mated), Some(-2));
        assert_eq!(score("info string hello"), None);
        assert_eq!(score("bestmove 7g7f"), None);
    }
}
