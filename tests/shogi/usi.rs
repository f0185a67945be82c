//! `oaq-bot engine shogi usi` driven as a shogi GUI drives an engine: the real binary on pipes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use oaq_bot::games::shogi::usi::{self, Command as UsiCommand, Go, MateLimit};
use oaq_bot::games::shogi::{Color, Move, Position};

/// Generous: the machine running the tests may be busy.
const PATIENCE: Duration = Duration::from_secs(20);

struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
            .args(["engine", "shogi", "usi"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("stdin");
        let stdout = child.stdout.take().expect("stdout");
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").expect("the engine reads");
        self.stdin.flush().expect("flush");
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no `{prefix}` line; got {seen:?}"));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The lines that arrive within `wait`.
    fn quiet_for(&self, wait: Duration) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut seen = Vec::new();
        while let Ok(line) = self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            seen.push(line);
        }
        seen
    }

    fn handshake(&mut self) {
        self.send("usi");
        let lines = self.until("usiok");
        assert!(
            lines.iter().any(|l| l.starts_with("id name oaq-bot")),
            "{lines:?}"
        );
        assert!(
            lines.iter().any(|l| l.starts_with("id author ")),
            "{lines:?}"
        );
        self.send("isready");
        self.until("readyok");
    }

    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "exit status {status}");
                return;
            }
            assert!(Instant::now() < deadline, "the engine did not quit");
            thread::sleep(Duration::from_millis(20));
        }
    }
}

fn bestmove(lines: &[String]) -> &str {
    lines
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .expect("ends with bestmove")
}

fn legal_in(position: &Position, usi: &str) -> bool {
    usi.parse::<Move>()
        .is_ok_and(|mv| position.legal_moves().contains(&mv))
}

#[test]
fn a_gui_plays_a_timed_move() {
    let mut engine = Engine::start();
    engine.handshake();
    engine.send("setoption name USI_Hash value 16");
    engine.send("setoption name Level value hard");
    engine.send("usinewgame");
    engine.send("position startpos moves 7g7f 3c3d");
    let started = Instant::now();
    engine.send("go btime 0 wtime 0 byoyomi 1000");
    let lines = engine.until("bestmove");
    let elapsed = started.elapsed();
    assert!(
        elapsed < Duration::from_millis(1000 + 1000),
        "took {elapsed:?} on a 1 s byoyomi"
    );
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .collect();
    assert!(!infos.is_empty(), "{lines:?}");
    for info in &infos {
        for word in [" score cp ", " nodes ", " nps ", " pv "] {
            assert!(info.contains(word), "{info} lacks {word}");
        }
    }
    let position = Position::new()
        .play("7g7f".parse().expect("USI"))
        .and_then(|p| p.play("3c3d".parse().expect("USI")))
        .expect("legal");
    let best = bestmove(&lines);
    assert!(legal_in(&position, best), "{best} is not legal");
    engine.quit();
}

#[test]
fn go_infinite_waits_for_stop() {
    let mut engine = Engine::start();
    engine.handshake();
    engine.send("position startpos");
    engine.send("go infinite");
    let early = engine.quiet_for(Duration::from_millis(500));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "answered before stop: {early:?}"
    );
    engine.send("stop");
    let lines = engine.until("bestmove");
    assert!(legal_in(&Position::new(), bestmove(&lines)));
    engine.send("isready");
    engine.until("readyok");
    engine.quit();
}

#[test]
fn go_depth_1_stops_after_one_iteration() {
    let mut engine = Engine::start();
    engine.handshake();
    engine.send(
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 2g2f",
    );
    engine.send("go depth 1");
    let lines = engine.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 1 ")),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth 2 ")),
        "{lines:?}"
    );
    engine.send("go nodes 500");
    engine.until("bestmove");
    engine.quit();
}

#[test]
fn a_mate_in_one_is_announced_and_played() {
    let mut engine = Engine::start();
    engine.handshake();
    engine.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    engine.send("go btime 10000 wtime 10000 binc 1000 winc 1000");
    let lines = engine.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(bestmove(&lines), "G*5b");
    // The mated side has no move: it resigns.
    engine.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b");
    engine.send("go byoyomi 100");
    assert_eq!(bestmove(&engine.until("bestmove")), "resign");
    engine.quit();
}

/// The moves of a `checkmate` line, or `None` for `checkmate nomate` / `timeout`.
fn checkmate(lines: &[String]) -> Vec<&str> {
    lines
        .last()
        .and_then(|l| l.strip_prefix("checkmate "))
        .expect("ends with checkmate")
        .split_whitespace()
        .collect()
}

#[test]
fn go_mate_answers_the_mate_nomate_or_timeout() {
    let mut engine = Engine::start();
    engine.handshake();
    // Gote mates in three with drops: the line is replayed to a position without a legal move.
    let sfen = "l3k2nl/4g1gb1/1+S1pspp+P1/p1p6/3n4p/2PPR1P2/P2bPP2P/5GS2/LN1K4L w R2Pgsn2p 50";
    engine.send(&format!("position sfen {sfen}"));
    engine.send("go mate 10000");
    let lines = engine.until("checkmate");
    let moves = checkmate(&lines);
    assert_eq!(moves, ["G*7h", "6i5i", "S*6h"], "{lines:?}");
    let mut position: Position = sfen.parse().expect("valid SFEN");
    for (ply, usi) in moves.iter().enumerate() {
        let mv: Move = usi.parse().expect("a USI move");
        position = position.play(mv).expect("legal");
        assert_eq!(position.is_check(), ply % 2 == 0, "{usi}");
    }
    assert!(position.legal_moves().is_empty());
    // A lone gold checks but cannot mate.
    engine.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1");
    engine.send("go mate infinite");
    assert_eq!(checkmate(&engine.until("checkmate")), ["nomate"]);
    // A rook and a bishop give endless checks: disproving that takes far longer than allowed.
    engine.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b RB 1");
    engine.send("go mate 200");
    assert_eq!(checkmate(&engine.until("checkmate")), ["timeout"]);
    engine.send("go mate infinite");
    assert!(engine.quiet_for(Duration::from_millis(200)).is_empty());
    engine.send("stop");
    assert_eq!(checkmate(&engine.until("checkmate")), ["timeout"]);
    engine.quit();
}

#[test]
fn malformed_input_gets_an_info_string_and_never_a_crash() {
    let mut engine = Engine::start();
    engine.handshake();
    for bad in [
        "position sfen not/a/board b - 1",
        "position startpos moves 7g7g",
        "position startpos moves 7g7f 7g7f",
        "position",
        "go wtime soon",
        "go sideways",
        "setoption name Level value grandmaster",
        "setoption value 3",
        "setoption name Colour value blue",
        "teleport 5e",
    ] {
        engine.send(bad);
        let lines = engine.until("info string error");
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
    }
    engine.send("");
    engine.send("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);
    // The position before the bad commands still stands: the start.
    engine.send("go depth 1");
    assert!(legal_in(
        &Position::new(),
        bestmove(&engine.until("bestmove"))
    ));
    engine.quit();
}

#[test]
fn the_end_of_input_ends_the_engine() {
    let mut engine = Engine::start();
    engine.handshake();
    engine.send("go infinite");
    let Engine {
        mut child, stdin, ..
    } = engine;
    drop(stdin);
    let status = child.wait().expect("exits");
    assert!(status.success());
}

#[test]
fn commands_parse_and_clocks_give_budgets() {
    assert!(matches!(usi::parse("  "), Ok(None)));
    assert!(matches!(
        usi::parse("isready"),
        Ok(Some(UsiCommand::IsReady))
    ));
    assert!(matches!(
        usi::parse("position startpos moves 7g7f 8c8d"),
        Ok(Some(UsiCommand::Position(game))) if game.moves().len() == 2
    ));
    let Ok(Some(UsiCommand::Go(go))) =
        usi::parse("go btime 60000 wtime 30000 binc 2000 winc 0 byoyomi 0")
    else {
        panic!("go parses");
    };
    assert_eq!(
        go.budget(Color::Sente),
        Some(Duration::from_millis(1500 + 1500))
    );
    assert_eq!(go.budget(Color::Gote), Some(Duration::from_millis(750)));
    let byoyomi = Go {
        btime: Some(0),
        byoyomi: Some(1000),
        ..Go::default()
    };
    assert_eq!(
        byoyomi.budget(Color::Sente),
        Some(Duration::from_millis(900))
    );
    let infinite = Go {
        infinite: true,
        btime: Some(1000),
        ..Go::default()
    };
    assert_eq!(infinite.budget(Color::Sente), None);
    assert_eq!(Go::default().budget(Color::Sente), None);
    let Ok(Some(UsiCommand::SetOption { name, value })) =
        usi::parse("setoption name USI_Hash value 256")
    else {
        panic!("setoption parses");
    };
    assert_eq!((name.as_str(), value.as_deref()), ("USI_Hash", Some("256")));
}

#[test]
fn go_mate_parses_its_limit() {
    let mate = |line: &str| match usi::parse(line) {
        Ok(Some(UsiCommand::Go(go))) => Ok(go.mate),
        Ok(other) => panic!("not a go: {other:?}"),
        Err(e) => Err(e),
    };
    assert_eq!(mate("go mate 3000"), Ok(Some(MateLimit::Millis(3000))));
    assert_eq!(mate("go mate infinite"), Ok(Some(MateLimit::Infinite)));
    assert_eq!(mate("go btime 1000"), Ok(None));
    assert!(mate("go mate").is_err());
    assert!(mate("go mate soon").is_err());
}
