//! `oaq-bot engine shogi …`: the Shogi engine on stdin/stdout.

use std::io::{BufRead, Cursor, Write};
use std::time::Duration;

use clap::Subcommand;

use super::{answer_lines, print_perft, usi};
use crate::games::shogi::ai::{play_game, points, Player};
use crate::games::shogi::{Color, Move, Outcome, Position};
use crate::render::shogi::{render, BoardView, Highlights, Words};
use crate::render::Fonts;

/// `oaq-bot engine shogi …`
#[derive(Debug, Subcommand)]
pub enum ShogiCommand {
    /// Prints `<d> <nodes>` for every depth 1..=DEPTH (legal-move leaf counts).
    Perft {
        /// Deepest depth to count.
        depth: u32,
        /// The position to start from, as SFEN (default: the start position).
        #[arg(long)]
        position: Option<String>,
    },
    /// Reads an SFEN per line and prints its legal USI moves on one line, separated by spaces.
    Moves,
    /// Reads `<SFEN><TAB><USI move>` per line and prints the SFEN after the move, or
    /// `illegal: <reason>`.
    Play,
    /// Speaks USI on stdin/stdout, so shogi GUIs and engine tournaments can run the hard
    /// computer (its level is the `Level` option).
    Usi,
    /// Writes the PNG picture of a position to stdout.
    Render {
        /// The position, as SFEN (default: the start position).
        #[arg(long)]
        position: Option<String>,
        /// The move that led to it, in USI, to highlight.
        #[arg(long)]
        last_move: Option<Move>,
        /// Draw the board from gote's side.
        #[arg(long)]
        from_gote: bool,
    },
    /// Plays a match between two players (random, greedy, easy, medium or hard) with paired
    /// colours: each pair of games shares a seed and the players swap sides.
    Match {
        /// First player: random, greedy, easy, medium or hard.
        a: Player,
        /// Second player.
        b: Player,
        /// Number of games (rounded up to an even number so colours are paired).
        #[arg(long, default_value_t = 10)]
        games: u32,
        /// Time budget per move for easy/medium/hard, replacing the level's own (hard: 2000).
        #[arg(long)]
        budget_ms: Option<u64>,
        /// Seed of the first pair of games; pair k uses seed + k.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Moves after which a game is drawn.
        #[arg(long, default_value_t = 400)]
        max_moves: usize,
    },
}

impl ShogiCommand {
    /// Runs the command on the given streams.
    pub fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        match self {
            ShogiCommand::Perft { depth, position } => {
                let position: Position = match position {
                    Some(sfen) => sfen.parse()?,
                    None => Position::new(),
                };
                print_perft(out, depth, |d| position.perft(d))?;
            }
            ShogiCommand::Moves => answer_lines(input, out, err, moves)?,
            ShogiCommand::Play => answer_lines(input, out, err, play)?,
            ShogiCommand::Usi => {
                // From the command line this streams (see `EngineCommand::run`); here the whole
                // input is read first.
                let mut text = Vec::new();
                input.read_to_end(&mut text)?;
                usi::serve(Box::new(Cursor::new(text)), out)?;
            }
            ShogiCommand::Render {
                position,
                last_move,
                from_gote,
            } => {
                let position: Position = match position {
                    Some(sfen) => sfen.parse()?,
                    None => Position::new(),
                };
                let highlights = Highlights {
                    last_move,
                    outcome: position.outcome(),
                    from_gote,
                };
                let status = english_status(&position, highlights.outcome);
                let view = BoardView {
                    position: &position,
                    highlights,
                    words: Words {
                        sente: "先手",
                        gote: "後手",
                        empty_hand: "なし",
                        status: &status,
                        check: "王手 Check!",
                    },
                };
                out.write_all(&render(&Fonts::load()?, &view)?)?;
                out.flush()?;
            }
            ShogiCommand::Match {
                a,
                b,
                games,
                budget_ms,
                seed,
                max_moves,
            } => {
                let budget = budget_ms.map(Duration::from_millis);
                let pairs = games.div_ceil(2);
                let (mut score, mut played) = (0.0, 0);
                for pair in 0..u64::from(pairs) {
                    for a_is_sente in [true, false] {
                        let (sente, gote) = if a_is_sente { (a, b) } else { (b, a) };
                        let game = play_game(sente, gote, budget, max_moves, seed + pair);
                        score += points(&game, a_is_sente);
                        played += 1;
                        writeln!(
                            out,
                            "game {played}: {sente} (sente) vs {gote} (gote): {} after {} moves",
                            game.outcome, game.moves
                        )?;
                        out.flush()?;
                    }
                }
                writeln!(
                    out,
                    "{a} scored {score} / {played} ({:.3}) against {b}",
                    score / f64::from(played)
                )?;
            }
        }
        Ok(())
    }
}

/// The line under the board, in English (the command line has no catalogue): the result,
/// capitalised, or whose turn it is.
fn english_status(position: &Position, outcome: Option<Outcome>) -> String {
    match outcome {
        Some(outcome) => {
            let mut text = outcome.to_string();
            if let Some(first) = text.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            text
        }
        None => match position.turn() {
            Color::Sente => "先手番 Sente to move".into(),
            Color::Gote => "後手番 Gote to move".into(),
        },
    }
}

fn moves(line: &str) -> Result<String, String> {
    let position: Position = line.parse().map_err(|e| format!("invalid SFEN: {e}"))?;
    let moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    Ok(moves.join(" "))
}

fn play(line: &str) -> Result<String, String> {
    let (sfen, usi) = line
        .split_once('\t')
        .ok_or("expected <SFEN><TAB><USI move>")?;
    let position: Position = sfen.parse().map_err(|e| format!("invalid SFEN: {e}"))?;
    let mv: Move = usi.trim().parse().map_err(|e| format!("{e}"))?;
    Ok(match position.play(mv) {
        Ok(next) => next.to_string(),
        Err(reason) => format!("illegal: {reason}"),
    })
}
