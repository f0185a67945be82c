//! `oaq-bot engine shogi usi`: the Shogi engine as a USI engine, for shogi GUIs and engine
//! tournaments.
//!
//! One thread reads the GUI's lines, the search runs on another, and this loop owns the output:
//! both send it [`Event`]s, so `info` lines appear while the search thinks and `stop` reaches
//! it at once. The protocol's words are parsed and written by [`crate::games::shogi::usi`].

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::games::shogi::ai::{self, Control, Iteration, Level, Limits};
use crate::games::shogi::usi::{self, Command, Go, MateLimit};
use crate::games::shogi::Game;

/// What the loop reacts to.
enum Event {
    /// A line from the GUI.
    Line(String),
    /// The GUI closed its end.
    Closed,
    /// An `info` line from the search.
    Info(String),
    /// The search has finished: its last line (`bestmove …` or `checkmate …`).
    Done(String),
}

/// A search running on its thread.
struct Running {
    stop: Arc<AtomicBool>,
    /// `go infinite` or `go ponder`: `bestmove` waits for `stop`.
    waits: bool,
    /// `stop` (or `ponderhit`) has arrived.
    stopped: bool,
    /// The search ended before `stop` in a waiting search: its last line.
    pending: Option<String>,
    handle: JoinHandle<()>,
}

/// The engine's state between commands.
struct Engine {
    game: Game,
    level: Level,
    running: Option<Running>,
    quitting: bool,
    events: Sender<Event>,
}

/// Speaks USI on `input` and `out` until `quit` or the end of the input; a search still
/// running then is stopped and its `bestmove` written first.
pub fn serve(input: Box<dyn BufRead + Send>, out: &mut dyn Write) -> io::Result<()> {
    let (events, inbox) = mpsc::channel();
    let lines = events.clone();
    thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if lines.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = lines.send(Event::Closed);
    });
    let mut engine = Engine {
        game: Game::default(),
        level: Level::Hard,
        running: None,
        quitting: false,
        events,
    };
    for event in inbox {
        match event {
            Event::Line(line) => engine.command(&line, out)?,
            Event::Closed => engine.quit(out)?,
            Event::Info(line) => writeln!(out, "{line}")?,
            Event::Done(last) => engine.finished(last, out)?,
        }
        out.flush()?;
        if engine.quitting && engine.running.is_none() {
            break;
        }
    }
    Ok(())
}

impl Engine {
    fn command(&mut self, line: &str, out: &mut dyn Write) -> io::Result<()> {
        let command = match usi::parse(line.trim_end_matches('\r')) {
            Ok(Some(command)) => command,
            Ok(None) => return Ok(()),
            Err(e) => return writeln!(out, "info string error: {e}"),
        };
        match command {
            Command::Usi => {
                for line in usi::identify() {
                    writeln!(out, "{line}")?;
                }
            }
            Command::IsReady => writeln!(out, "readyok")?,
            Command::SetOption { name, value } => self.set_option(&name, value, out)?,
            Command::NewGame | Command::GameOver => {}
            Command::Position(game) => {
                if self.running.is_some() {
                    writeln!(out, "info string error: position while searching")?;
                } else {
                    self.game = *game;
                }
            }
            Command::Go(go) => self.go(go, out)?,
            Command::Stop | Command::PonderHit => self.stop(out)?,
            Command::Quit => self.quit(out)?,
        }
        Ok(())
    }

    fn set_option(
        &mut self,
        name: &str,
        value: Option<String>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        match name {
            "Level" => match value.as_deref().unwrap_or("").parse() {
                Ok(level) => self.level = level,
                Err(e) => writeln!(out, "info string error: {e}")?,
            },
            // Sent by every GUI; this engine has no hash table and does not ponder.
            "USI_Hash" | "USI_Ponder" => {}
            other => writeln!(out, "info string error: unknown option `{other}`")?,
        }
        Ok(())
    }

    fn go(&mut self, go: Go, out: &mut dyn Write) -> io::Result<()> {
        if self.running.is_some() {
            return writeln!(out, "info string error: go while searching");
        }
        if let Some(limit) = go.mate {
            self.go_mate(limit);
            return Ok(());
        }
        let position = self.game.position().clone();
        let history = self.game.positions().to_vec();
        let limits = self.limits(&go);
        let level = self.level;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let events = self.events.clone();
        let handle = thread::spawn(move || {
            let mut rng = ChaCha8Rng::seed_from_u64(u64::from(position.move_number()));
            let reports = events.clone();
            let mut report = |iteration: &Iteration| {
                let _ = reports.send(Event::Info(usi::info(iteration)));
            };
            let control = Control {
                stop: Some(&*flag),
                nodes: go.nodes,
                report: Some(&mut report),
            };
            let result = level.search_with(&position, &history, limits, &mut rng, control);
            let _ = events.send(Event::Done(usi::bestmove(result.map(|r| r.best))));
        });
        self.running = Some(Running {
            stop,
            waits: go.waits_for_stop(),
            stopped: false,
            pending: None,
            handle,
        });
        Ok(())
    }

    /// `go mate`: a tsume search on its thread, answered with `checkmate` as soon as it
    /// concludes, at the time limit, or at `stop`.
    fn go_mate(&mut self, limit: MateLimit) {
        let position = self.game.position().clone();
        let deadline = match limit {
            // A limit too far away to represent is no limit.
            MateLimit::Millis(ms) => Instant::now().checked_add(Duration::from_millis(ms)),
            MateLimit::Infinite => None,
        };
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let events = self.events.clone();
        let handle = thread::spawn(move || {
            let (answer, _) = ai::solve_mate(&position, None, deadline, Some(&*flag));
            let _ = events.send(Event::Done(usi::checkmate(&answer)));
        });
        self.running = Some(Running {
            stop,
            waits: false,
            stopped: false,
            pending: None,
            handle,
        });
    }

    /// The search limits for `go` at the engine's level: the clock's budget replaces hard's
    /// (and reference's) own time and caps easy's and medium's (which keep their gentle depths); `depth`
    /// replaces the level's depth; infinite, depth and node searches have no time limit.
    fn limits(&self, go: &Go) -> Limits {
        let mut limits = self.level.limits();
        let budget = go.budget(self.game.position().turn());
        let clockless = go.waits_for_stop() || go.depth.is_some() || go.nodes.is_some();
        limits.time = match (budget, limits.time) {
            (Some(budget), Some(own)) if !self.level.takes_the_clock() => Some(budget.min(own)),
            (Some(budget), _) => Some(budget),
            (None, _) if clockless => None,
            (None, own) => own,
        };
        if let Some(depth) = go.depth {
            limits.depth = depth.max(1);
        }
        limits
    }

    fn stop(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let Some(running) = self.running.as_mut() else {
            return Ok(());
        };
        running.stop.store(true, Ordering::Relaxed);
        running.stopped = true;
        if let Some(last) = running.pending.take() {
            self.finished(last, out)?;
        }
        Ok(())
    }

    fn quit(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.quitting = true;
        self.stop(out)
    }

    fn finished(&mut self, last: String, out: &mut dyn Write) -> io::Result<()> {
        let Some(mut running) = self.running.take() else {
            return Ok(());
        };
        if running.waits && !running.stopped {
            running.pending = Some(last);
            self.running = Some(running);
            return Ok(());
        }
        if running.handle.join().is_err() {
            writeln!(out, "info string error: the search failed")?;
        }
        writeln!(out, "{last}")
    }
}
