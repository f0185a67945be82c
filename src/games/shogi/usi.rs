//! The USI protocol (Universal Shogi Interface) as plain data: the commands a GUI sends, parsed
//! from a line; the time budget a `go` grants; and the `info`, `bestmove` and `checkmate` lines the engine
//! answers with. The command loop that runs the search on a thread lives in the CLI.

use std::fmt::Write as _;
use std::time::Duration;

use thiserror::Error;

use super::ai::{mate_distance, Iteration, MateAnswer};
use super::game::Game;
use super::position::Position;
use super::types::{Color, Move};

/// A command from the GUI.
#[derive(Debug, Clone)]
pub enum Command {
    /// `usi`: identify and list the options.
    Usi,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name.
        name: String,
        /// Its new value, if any.
        value: Option<String>,
    },
    /// `usinewgame`.
    NewGame,
    /// `position startpos|sfen <SFEN> [moves <usi>…]`: the game so far.
    Position(Box<Game>),
    /// `go …`: start thinking.
    Go(Go),
    /// `stop`: answer `bestmove` now.
    Stop,
    /// `ponderhit`: the expected move was played; answered like `stop`.
    PonderHit,
    /// `gameover win|lose|draw`.
    GameOver,
    /// `quit`: leave.
    Quit,
}

/// The limits of a `go` command; times in milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Go {
    /// Sente's remaining time.
    pub btime: Option<u64>,
    /// Gote's remaining time.
    pub wtime: Option<u64>,
    /// Sente's increment per move.
    pub binc: Option<u64>,
    /// Gote's increment per move.
    pub winc: Option<u64>,
    /// Time per move once the main time is spent.
    pub byoyomi: Option<u64>,
    /// Exactly this long.
    pub movetime: Option<u64>,
    /// At most this many plies.
    pub depth: Option<u32>,
    /// At most about this many positions.
    pub nodes: Option<u64>,
    /// Until `stop`.
    pub infinite: bool,
    /// Pondering: until `stop` or `ponderhit`.
    pub ponder: bool,
    /// `go mate <ms>|infinite`: a tsume (mate) search by checks only instead of a move search,
    /// answered `checkmate <moves>`, `checkmate nomate` or `checkmate timeout`.
    pub mate: Option<MateLimit>,
}

/// How long `go mate` may search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MateLimit {
    /// At most this many milliseconds.
    Millis(u64),
    /// Until the search concludes or `stop` arrives.
    Infinite,
}

/// Time kept back from every budget for answering and for the GUI's lag.
const MARGIN: Duration = Duration::from_millis(100);
/// The shortest budget handed to the search.
const SHORTEST: Duration = Duration::from_millis(10);

impl Go {
    /// Whether `bestmove` must wait for `stop` (or `ponderhit`).
    #[must_use]
    pub fn waits_for_stop(&self) -> bool {
        self.infinite || self.ponder
    }

    /// How long the side `turn` may think, or `None` when no clock limits it (depth, nodes or
    /// infinite searches, or a bare `go`).
    ///
    /// With a clock: a fortieth of the remaining time plus most of the increment plus the
    /// byoyomi, never more than the remaining time and byoyomi less a 100 ms margin.
    #[must_use]
    pub fn budget(&self, turn: Color) -> Option<Duration> {
        if self.waits_for_stop() {
            return None;
        }
        if let Some(ms) = self.movetime {
            return Some(
                Duration::from_millis(ms)
                    .saturating_sub(MARGIN)
                    .max(SHORTEST),
            );
        }
        let (time, inc) = match turn {
            Color::Sente => (self.btime, self.binc),
            Color::Gote => (self.wtime, self.winc),
        };
        if time.is_none() && self.byoyomi.is_none() {
            return None;
        }
        let remaining = Duration::from_millis(time.unwrap_or(0));
        let byoyomi = Duration::from_millis(self.byoyomi.unwrap_or(0));
        let inc = Duration::from_millis(inc.unwrap_or(0));
        let wanted = remaining / 40 + inc * 3 / 4 + byoyomi;
        let most = (remaining + byoyomi).saturating_sub(MARGIN);
        Some(wanted.min(most).max(SHORTEST))
    }
}

/// Why a line is not a USI command this engine accepts.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum UsiError {
    /// The first word is not a known command.
    #[error("unknown command `{0}`")]
    Unknown(String),
    /// `position` without `startpos` or `sfen`.
    #[error("position needs `startpos` or `sfen <SFEN>`")]
    PositionStart,
    /// A bad SFEN after `position sfen`.
    #[error("invalid SFEN: {0}")]
    Sfen(String),
    /// A word after `moves` that is not a USI move.
    #[error("`{0}` is not a USI move")]
    MoveSyntax(String),
    /// A move that is illegal where it is played.
    #[error("illegal move {0}: {1}")]
    IllegalMove(String, String),
    /// A `go` parameter that is unknown or lacks its number.
    #[error("bad `go` parameter `{0}`")]
    GoParameter(String),
    /// `setoption` without `name`.
    #[error("setoption needs `name <name>`")]
    SetOption,
}

/// Parses one line from the GUI; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, UsiError> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let command = match first {
        "usi" => Command::Usi,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(&rest)?,
        "usinewgame" => Command::NewGame,
        "position" => Command::Position(Box::new(parse_position(&rest)?)),
        "go" => Command::Go(parse_go(&rest)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "gameover" => Command::GameOver,
        "quit" => Command::Quit,
        other => return Err(UsiError::Unknown(other.to_string())),
    };
    Ok(Some(command))
}

fn parse_setoption(words: &[&str]) -> Result<Command, UsiError> {
    let ["name", rest @ ..] = words else {
        return Err(UsiError::SetOption);
    };
    let split = rest.iter().position(|&w| w == "value");
    let (name, value) = match split {
        Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(UsiError::SetOption);
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(words: &[&str]) -> Result<Game, UsiError> {
    let split = words.iter().position(|&w| w == "moves");
    let (setup, moves) = match split {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let start = match setup {
        ["startpos"] => Position::new(),
        ["sfen", sfen @ ..] => sfen
            .join(" ")
            .parse()
            .map_err(|e| UsiError::Sfen(format!("{e}")))?,
        _ => return Err(UsiError::PositionStart),
    };
    let mut game = Game::new(start);
    for &text in moves {
        let mv: Move = text
            .parse()
            .map_err(|_| UsiError::MoveSyntax(text.to_string()))?;
        game.play(mv)
            .map_err(|e| UsiError::IllegalMove(text.to_string(), format!("{e}")))?;
    }
    Ok(game)
}

fn parse_go(words: &[&str]) -> Result<Go, UsiError> {
    let mut go = Go::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        let bad = || UsiError::GoParameter(word.to_string());
        let mut number = || -> Result<u64, UsiError> {
            words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)
        };
        match word {
            "btime" => go.btime = Some(number()?),
            "wtime" => go.wtime = Some(number()?),
            "binc" => go.binc = Some(number()?),
            "winc" => go.winc = Some(number()?),
            "byoyomi" => go.byoyomi = Some(number()?),
            "movetime" => go.movetime = Some(number()?),
            "depth" => go.depth = Some(u32::try_from(number()?).map_err(|_| bad())?),
            "nodes" => go.nodes = Some(number()?),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "mate" => {
                go.mate = Some(match words.next() {
                    Some(&"infinite") => MateLimit::Infinite,
                    Some(ms) => MateLimit::Millis(ms.parse().map_err(|_| bad())?),
                    None => return Err(bad()),
                });
            }
            _ => return Err(bad()),
        }
    }
    Ok(go)
}

/// The `id` and `option` lines answering `usi`, ending with `usiok`.
#[must_use]
pub fn identify() -> Vec<String> {
    vec![
        format!("id name oaq-bot {}", env!("CARGO_PKG_VERSION")),
        "id author the oaq-bot authors".to_string(),
        "option name Level type combo default hard var easy var medium var hard var reference"
            .to_string(),
        "usiok".to_string(),
    ]
}

/// The `info` line of a completed iteration.
#[must_use]
pub fn info(iteration: &Iteration) -> String {
    let score = match mate_distance(iteration.score) {
        Some(plies) => format!("mate {plies}"),
        None => format!("cp {}", iteration.score),
    };
    let ms = iteration.elapsed.as_millis();
    let nps = u128::from(iteration.nodes) * 1000 / ms.max(1);
    let mut line = format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms}",
        iteration.depth, iteration.nodes
    );
    if !iteration.pv.is_empty() {
        line.push_str(" pv");
        for mv in &iteration.pv {
            let _ = write!(line, " {mv}");
        }
    }
    line
}

/// The `bestmove` line: the move, or `resign` without one.
#[must_use]
pub fn bestmove(best: Option<Move>) -> String {
    match best {
        Some(mv) => format!("bestmove {mv}"),
        None => "bestmove resign".to_string(),
    }
}

/// The `checkmate` line answering `go mate`: the mate's moves, `nomate` when there is none, or
/// `timeout` when the search ended first.
#[must_use]
pub fn checkmate(answer: &MateAnswer) -> String {
    match answer {
        MateAnswer::Mate(line) => {
            let moves: Vec<String> = line.iter().map(ToString::to_string).collect();
            format!("checkmate {}", moves.join(" "))
        }
        MateAnswer::NoMate => "checkmate nomate".to_string(),
        MateAnswer::Unknown => "checkmate timeout".to_string(),
    }
}
