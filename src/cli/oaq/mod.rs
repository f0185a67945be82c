//! `oaq-bot engine oaq …`: perft, legal moves and playing moves on stdin/stdout.

use std::io::{BufRead, Write};
use std::time::Duration;

use clap::{Args, Subcommand};

use super::{answer_lines, print_perft};
use crate::games::oaq::{
    analyse_line, book, review, Cost, Limits, Move, Position, Preset, Rules, REVIEW_DEPTH,
};

mod matches;
mod solve;

pub use matches::MatchArgs;
pub use solve::{SideArg, SolveArgs};

/// The rules flags shared by every `oaq` command.
#[derive(Debug, Clone, Args)]
pub struct RulesArgs {
    /// Rules preset: standard, folk or young.
    #[arg(long = "rules", value_name = "PRESET", default_value = "standard")]
    preset: Preset,
    /// Changes one option of the preset (repeatable), e.g. `--rule quan_value=5`.
    #[arg(long = "rule", value_name = "KEY=VALUE", value_parser = parse_rule)]
    rule: Vec<String>,
}

/// Accepts `key=value` only if it names a real option and value.
fn parse_rule(pair: &str) -> Result<String, String> {
    Rules::standard()
        .set_pair(pair)
        .map(|()| pair.to_owned())
        .map_err(|e| e.to_string())
}

impl RulesArgs {
    /// The preset with every `--rule` applied in order.
    pub fn rules(&self) -> Rules {
        let mut rules = self.preset.rules();
        for pair in &self.rule {
            // Each pair was validated by `parse_rule` when the flags were read.
            let _ = rules.set_pair(pair);
        }
        rules
    }
}

/// `oaq-bot engine oaq <command>`: each command's flags are its own struct, which runs it.
#[derive(Debug, Subcommand)]
pub enum OaqCommand {
    /// Prints `<d> <nodes>` for each depth 1..=DEPTH.
    Perft(PerftArgs),
    /// Reads a position string per line and prints its legal moves on one line.
    Moves(MovesArgs),
    /// Reads `<position><TAB><move>` lines and prints the position after each move, or
    /// `illegal: <reason>`. With `--from`, plays a whole game instead: each line holds moves
    /// (separated by spaces) played in turn from that position, `#` lines are comments, and
    /// the position after each line is printed (a game record from `/oaq replay` replays so).
    Play(PlayArgs),
    /// Reads a game's moves (separated by spaces or lines; `#` lines are comments, so a game
    /// record from `/oaq replay` reads as it is) and prints each player's biggest mistakes as
    /// the review's search finds them, worst first: `<move number> <seat> <played> <better> <cost>`, the cost in
    /// points or `lost-win` / `into-loss`. The time taken goes to stderr.
    Review(ReviewArgs),
    /// Reads a position per stdin line and prints the hard level's analysis: `best <move>
    /// value <value> depth <D> nodes <N> ms <T> pv <moves…>`, where the value is a proven
    /// `win +M in P plies`, `loss -M …` or `draw`, else an estimate in points (`+2.5`).
    Analyse(AnalyseArgs),
    /// The hard level's opening book.
    Book {
        #[command(subcommand)]
        command: BookCommand,
    },
    /// Plays paired games between two computer levels and prints A's wins, draws, losses and
    /// score.
    Match(MatchArgs),
    /// Proves the value of a position (win, draw or loss for the player to move) within the
    /// limits, or says what is known when it runs out: see `docs/oaq-solve.md`.
    Solve(SolveArgs),
}

impl OaqCommand {
    /// Runs the command; per-line problems go to `err` and the remaining lines are answered.
    pub fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        match self {
            OaqCommand::Perft(args) => args.run(out),
            OaqCommand::Moves(args) => args.run(input, out, err),
            OaqCommand::Play(args) => args.run(input, out, err),
            OaqCommand::Review(args) => args.run(input, out, err),
            OaqCommand::Analyse(args) => args.run(input, out, err),
            OaqCommand::Book {
                command: BookCommand::Build(args),
            } => args.run(out),
            OaqCommand::Match(args) => args.run(out, err),
            OaqCommand::Solve(args) => args.run(out),
        }
    }
}

/// The position given by `flag`, or the start.
fn start_position(text: Option<&str>, rules: Rules, flag: &str) -> anyhow::Result<Position> {
    match text {
        Some(text) => {
            Position::parse(text, rules).map_err(|e| anyhow::anyhow!("{flag} `{text}`: {e}"))
        }
        None => Ok(Position::start(rules)),
    }
}

/// A move typed in an input line, or the message saying why it is not one.
fn parse_move(text: &str) -> Result<Move, String> {
    text.parse()
        .map_err(|e: crate::games::oaq::ParseError| format!("`{text}`: {e}"))
}

/// `oaq-bot engine oaq perft`
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Deepest depth to count.
    depth: u32,
    /// Start from this position string instead of the start position.
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    #[command(flatten)]
    rules: RulesArgs,
}

impl PerftArgs {
    fn run(self, out: &mut dyn Write) -> anyhow::Result<()> {
        let start = start_position(self.position.as_deref(), self.rules.rules(), "--position")?;
        Ok(print_perft(out, self.depth, |d| start.perft(d))?)
    }
}

/// `oaq-bot engine oaq moves`
#[derive(Debug, Args)]
pub struct MovesArgs {
    #[command(flatten)]
    rules: RulesArgs,
}

impl MovesArgs {
    fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let rules = self.rules.rules();
        Ok(answer_lines(input, out, err, |line| {
            let position = Position::parse(line, rules).map_err(|e| e.to_string())?;
            let moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
            Ok(moves.join(" "))
        })?)
    }
}

/// `oaq-bot engine oaq play`
#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Play the moves of the input lines in turn, starting from this position string.
    #[arg(long, value_name = "POSITION")]
    from: Option<String>,
}

impl PlayArgs {
    fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let rules = self.rules.rules();
        let Some(start) = self.from else {
            // One `<position><TAB><move>` request per line.
            return Ok(answer_lines(input, out, err, |line| {
                let (position, mv) = line
                    .split_once('\t')
                    .ok_or_else(|| "expected <position><TAB><move>, found no tab".to_owned())?;
                let position = Position::parse(position, rules).map_err(|e| e.to_string())?;
                let mv: Move = mv
                    .trim()
                    .parse()
                    .map_err(|e: crate::games::oaq::ParseError| e.to_string())?;
                Ok(match position.play(mv) {
                    Ok(after) => after.to_string(),
                    Err(illegal) => format!("illegal: {illegal}"),
                })
            })?);
        };
        // A whole game: each line's moves continue from the position the last line left.
        let mut position = start_position(Some(&start), rules, "--from")?;
        Ok(answer_lines(input, out, err, |line| {
            if line.trim_start().starts_with('#') {
                return Ok(String::from("#"));
            }
            for text in line.split_whitespace() {
                position = position
                    .play(parse_move(text)?)
                    .map_err(|illegal| format!("`{text}`: illegal: {illegal}"))?;
            }
            Ok(position.to_string())
        })?)
    }
}

/// `oaq-bot engine oaq review`
#[derive(Debug, Args)]
pub struct ReviewArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// The game's start position string, if not the start.
    #[arg(long, value_name = "POSITION")]
    from: Option<String>,
    /// How deep each position is searched, in plies.
    #[arg(long, default_value_t = REVIEW_DEPTH)]
    depth: u32,
    /// How many mistakes to show per player (the bot shows 3).
    #[arg(long, default_value_t = 3)]
    top: usize,
}

impl ReviewArgs {
    fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let start = start_position(self.from.as_deref(), self.rules.rules(), "--from")?;
        let mut moves = Vec::new();
        for line in input.lines() {
            let line = line?;
            if line.trim_start().starts_with('#') {
                continue;
            }
            for text in line.split_whitespace() {
                moves.push(parse_move(text).map_err(anyhow::Error::msg)?);
            }
        }
        let started = std::time::Instant::now();
        let mistakes = review(&start, &moves, self.depth, self.top)
            .map_err(|(ply, illegal)| anyhow::anyhow!("move {}: illegal: {illegal}", ply + 1))?;
        for m in &mistakes {
            let cost = match m.cost {
                Cost::Points(halves) => format!("{}", f64::from(halves) / 2.0),
                Cost::LostWin => String::from("lost-win"),
                Cost::IntoLoss => String::from("into-loss"),
            };
            writeln!(
                out,
                "{} {} {} {} {cost}",
                m.ply + 1,
                m.seat,
                m.played,
                m.better
            )?;
        }
        writeln!(
            err,
            "reviewed {} moves at depth {} in {} ms",
            moves.len(),
            self.depth,
            started.elapsed().as_millis()
        )?;
        Ok(())
    }
}

/// `oaq-bot engine oaq analyse`
#[derive(Debug, Args)]
pub struct AnalyseArgs {
    /// Time budget per position, in milliseconds.
    #[arg(long, value_name = "M", default_value_t = 1000)]
    budget_ms: u64,
    /// Deepest iteration, in plies (with a depth and no budget, the result is the same
    /// on every machine).
    #[arg(long, value_name = "D")]
    depth: Option<u32>,
    #[command(flatten)]
    rules: RulesArgs,
}

impl AnalyseArgs {
    fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        let rules = self.rules.rules();
        let limits = Limits {
            time: Some(Duration::from_millis(self.budget_ms)).filter(|_| self.depth.is_none()),
            depth: self.depth,
        };
        Ok(answer_lines(input, out, err, |line| {
            let position = Position::parse(line, rules).map_err(|e| e.to_string())?;
            let analysis = analyse_line(&position, limits)
                .ok_or_else(|| "the game is over: nothing to analyse".to_owned())?;
            let report = &analysis.report;
            let line: Vec<String> = analysis.line.iter().map(Move::to_string).collect();
            Ok(format!(
                "best {} value {} depth {} nodes {} ms {} pv {}",
                report.best,
                analysis.value(&position),
                report.depth,
                report.nodes,
                report.elapsed.as_millis(),
                line.join(" ")
            ))
        })?)
    }
}

/// `oaq-bot engine oaq book …`
#[derive(Debug, Subcommand)]
pub enum BookCommand {
    /// Searches every position of the book (see `src/games/oaq/book.rs`) and prints the book
    /// file: `oaq-bot engine oaq book build > assets/oaq-book.tsv` rebuilds the shipped one.
    Build(BookBuildArgs),
}

/// `oaq-bot engine oaq book build`
#[derive(Debug, Args)]
pub struct BookBuildArgs {
    /// Presets to cover.
    #[arg(long = "preset", value_name = "PRESET", default_values_t = [Preset::Standard, Preset::Folk, Preset::Young])]
    presets: Vec<Preset>,
    /// Mandarin values to cover (10, 5).
    #[arg(long = "quan-value", value_name = "V", default_values_t = [10])]
    quan_values: Vec<u8>,
    /// Plies of the game the book covers.
    #[arg(long, default_value_t = 3)]
    plies: u32,
    /// Depth of each position's search (the same book on every machine).
    #[arg(long, default_value_t = 16)]
    depth: u32,
    /// Searches run at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

impl BookBuildArgs {
    fn run(self, out: &mut dyn Write) -> anyhow::Result<()> {
        let Self {
            presets,
            quan_values,
            plies,
            depth,
            threads,
        } = self;
        writeln!(
            out,
            "# oaq-bot opening book: `oaq-bot engine oaq book build{}{} --plies {plies} --depth {depth}`",
            presets.iter().map(|p| format!(" --preset {p}")).collect::<String>(),
            quan_values.iter().map(|v| format!(" --quan-value {v}")).collect::<String>(),
        )?;
        writeln!(
            out,
            "# rules\tposition\tmove\tscore (half-points)\tdepth\tproven|estimate"
        )?;
        for preset in presets {
            for &quan_value in &quan_values {
                let mut rules = preset.rules();
                rules.quan_value = quan_value;
                let name = book::rules_name(preset, quan_value);
                let limits = Limits {
                    time: None,
                    depth: Some(depth),
                };
                out.write_all(book::build(rules, &name, plies, limits, threads).as_bytes())?;
                out.flush()?;
            }
        }
        Ok(())
    }
}
