//! The hard level's opening book: the best move of every position the hard level can meet in
//! the first plies of a game, found offline by deeper searches than a move's budget allows.
//!
//! The book is built by `oaq-bot engine oaq book build` (see [`build`]) and shipped as
//! `assets/oaq-book.tsv`, one position a line:
//!
//! ```text
//! <rules>\t<position>\t<move>\t<score>\t<depth>\t<proven|estimate>
//! folk\t0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\t2-\t45\t16\testimate
//! ```
//!
//! `<rules>` is a preset name followed by any changed options (`standard quan_value=5`), the
//! score is in half-points for the player to move (see [`super::ai`]). Lines starting with `#`
//! are comments. The book holds, for each side, every position reachable in the first plies
//! when that side follows the book and the other side plays anything: an opponent's surprise
//! move is covered, and the book side never needs a position it cannot reach.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::sync::Mutex;

use thiserror::Error;

use super::ai::{analyse, Limits, SearchReport, WIN};
use super::position::Position;
use super::rules::{Preset, Rules};
use super::types::{Move, Seat};

/// The book shipped with the bot.
const SHIPPED: &str = include_str!("../../../assets/oaq-book.tsv");

/// A book move and what the search that chose it found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookMove {
    /// The move to play.
    pub best: Move,
    /// Its score in half-points for the player to move; beyond [`WIN`] a proven result.
    pub score: i32,
    /// The depth of the search that chose it.
    pub depth: u32,
    /// Whether the result is proven (a forced win or loss, or every line searched).
    pub proven: bool,
}

/// A line of a book file that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("book line {line}: {reason}")]
pub struct BookError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// Book moves by rules and position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Book {
    moves: HashMap<(Rules, String), BookMove>,
}

impl Book {
    /// The book shipped in `assets/` (empty if it could not be read, which a test rules out).
    pub fn shipped() -> &'static Book {
        static BOOK: std::sync::OnceLock<Book> = std::sync::OnceLock::new();
        BOOK.get_or_init(|| Book::parse(SHIPPED).unwrap_or_default())
    }

    /// Reads a book file (see the module docs).
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |reason: String| BookError {
                line: index + 1,
                reason,
            };
            let fields: Vec<&str> = line.split('\t').collect();
            let [rules, position, best, score, depth, proven] = fields[..] else {
                return Err(error(format!(
                    "expected 6 tab-separated fields, found {}",
                    fields.len()
                )));
            };
            let rules = parse_rules(rules).map_err(error)?;
            let position = Position::parse(position, rules).map_err(|e| error(e.to_string()))?;
            let best: Move = best.parse().map_err(|e| error(format!("move: {e}")))?;
            if !position.is_legal(best) {
                return Err(error(format!("{best} is not legal in {position}")));
            }
            let entry = BookMove {
                best,
                score: score.parse().map_err(|e| error(format!("score: {e}")))?,
                depth: depth.parse().map_err(|e| error(format!("depth: {e}")))?,
                proven: match proven {
                    "proven" => true,
                    "estimate" => false,
                    other => {
                        return Err(error(format!(
                            "expected proven or estimate, found `{other}`"
                        )))
                    }
                },
            };
            book.moves.insert((rules, position.to_string()), entry);
        }
        Ok(book)
    }

    /// The book move for `position`, if the book holds it.
    pub fn get(&self, position: &Position) -> Option<BookMove> {
        self.moves
            .get(&(*position.rules(), position.to_string()))
            .copied()
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the book is empty.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

/// Reads `<preset>[ <option>=<value>]…`.
fn parse_rules(text: &str) -> Result<Rules, String> {
    let mut words = text.split(' ');
    let preset = words.next().unwrap_or_default();
    let mut rules = Preset::ALL
        .into_iter()
        .find(|p| p.name() == preset)
        .ok_or_else(|| format!("unknown preset `{preset}`"))?
        .rules();
    for pair in words {
        rules.set_pair(pair).map_err(|e| e.to_string())?;
    }
    Ok(rules)
}

/// Writes `rules` as a preset name and the options changed from it.
pub fn rules_name(preset: Preset, quan_value: u8) -> String {
    if preset.rules().quan_value == quan_value {
        preset.name().to_owned()
    } else {
        format!("{} quan_value={quan_value}", preset.name())
    }
}

/// The positions a book for `rules` covers up to `plies` plies (see the module docs), found by
/// searching each within `limits`; `threads` searches run at once. The result is the book file's
/// lines for these rules (named `name`), sorted; with a depth limit and no time limit it is the
/// same on every machine.
pub fn build(rules: Rules, name: &str, plies: u32, limits: Limits, threads: usize) -> String {
    let mut found: BTreeMap<String, SearchReport> = BTreeMap::new();
    for book_side in Seat::BOTH {
        let mut frontier = vec![Position::start(rules)];
        for _ in 0..=plies {
            let (ours, theirs): (Vec<Position>, Vec<Position>) = frontier
                .into_iter()
                .filter(|p| !p.is_over())
                .partition(|p| p.to_move() == Some(book_side));
            let todo: Vec<Position> = ours
                .iter()
                .filter(|p| !found.contains_key(&p.to_string()))
                .copied()
                .collect();
            found.extend(search_all(&todo, limits, threads));
            let mut next: Vec<Position> = ours
                .iter()
                .filter_map(|p| {
                    let best = found.get(&p.to_string())?.best;
                    p.play(best).ok()
                })
                .collect();
            for position in theirs {
                next.extend(
                    position
                        .legal_moves()
                        .iter()
                        .filter_map(|&mv| position.play(mv).ok()),
                );
            }
            next.sort_by_key(Position::to_string);
            next.dedup_by_key(|p| p.to_string());
            frontier = next;
        }
    }
    let mut out = String::new();
    for (position, report) in &found {
        let proven = if report.solved || report.score.abs() > WIN {
            "proven"
        } else {
            "estimate"
        };
        let _ = writeln!(
            out,
            "{name}\t{position}\t{}\t{}\t{}\t{proven}",
            report.best, report.score, report.depth
        );
    }
    out
}

/// Searches every position, `threads` at a time.
fn search_all(
    positions: &[Position],
    limits: Limits,
    threads: usize,
) -> Vec<(String, SearchReport)> {
    let next = Mutex::new(positions.iter());
    let results = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                while let Some(position) = next.lock().ok().and_then(|mut it| it.next().copied()) {
                    if let Some(report) = analyse(&position, limits) {
                        if let Ok(mut results) = results.lock() {
                            results.push((position.to_string(), report));
                        }
                    }
                }
            });
        }
    });
    results.into_inner().unwrap_or_default()
}
