//! `oaq-bot engine oaq …`: perft, legal moves and playing moves on stdin/stdout.

use std::io::{BufRead, Write};

use clap::{Args, Subcommand, ValueEnum};

use std::time::Duration;

use crate::games::oaq::{
    analyse_line, book, play_match, prove, review, solve, ClaimStatus, Cost, Level, Limits,
    MatchSettings, Move, Outcome, Position, Preset, ProveLimits, Rules, Seat, SolveLimits, Target,
    Value, Verdict, REVIEW_DEPTH,
};

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

/// `oaq-bot engine oaq <command>`
#[derive(Debug, Subcommand)]
pub enum OaqCommand {
    /// Prints `<d> <nodes>` for each depth 1..=DEPTH.
    Perft {
        /// Deepest depth to count.
        depth: u32,
        /// Start from this position string instead of the start position.
        #[arg(long, value_name = "POSITION")]
        position: Option<String>,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Reads a position string per line and prints its legal moves on one line.
    Moves {
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Reads `<position><TAB><move>` lines and prints the position after each move, or
    /// `illegal: <reason>`. With `--from`, plays a whole game instead: each line holds moves
    /// (separated by spaces) played in turn from that position, `#` lines are comments, and
    /// the position after each line is printed (a game record from `/oaq replay` replays so).
    Play {
        #[command(flatten)]
        rules: RulesArgs,
        /// Play the moves of the input lines in turn, starting from this position string.
        #[arg(long, value_name = "POSITION")]
        from: Option<String>,
    },
    /// Reads a game's moves (separated by spaces or lines; `#` lines are comments, so a game
    /// record from `/oaq replay` reads as it is) and prints each player's biggest mistakes as
    /// the review's search finds them, worst first: `<move number> <seat> <played> <better> <cost>`, the cost in
    /// points or `lost-win` / `into-loss`. The time taken goes to stderr.
    Review {
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
    },
    /// Reads a position per stdin line and prints the hard level's analysis: `best <move>
    /// value <value> depth <D> nodes <N> ms <T> pv <moves…>`, where the value is a proven
    /// `win +M in P plies`, `loss -M …` or `draw`, else an estimate in points (`+2.5`).
    Analyse {
        /// Time budget per position, in milliseconds.
        #[arg(long, value_name = "M", default_value_t = 1000)]
        budget_ms: u64,
        /// Deepest iteration, in plies (with a depth and no budget, the result is the same
        /// on every machine).
        #[arg(long, value_name = "D")]
        depth: Option<u32>,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// The hard level's opening book.
    Book {
        #[command(subcommand)]
        command: BookCommand,
    },
    /// Plays paired games between two computer levels and prints A's wins, draws, losses and
    /// score.
    Match {
        /// Player A's level: random, greedy, easy, medium or hard.
        a: Level,
        /// Player B's level.
        b: Level,
        /// Number of games (rounded up to even: each opening is played with both colours).
        #[arg(long, default_value_t = 20)]
        games: u32,
        /// A's time budget per move, in milliseconds (hard and reference; the other levels
        /// do not search by time).
        #[arg(long, value_name = "M", default_value_t = 1000)]
        budget_ms: u64,
        /// B's time budget per move, in milliseconds (default: --budget-ms).
        #[arg(long, value_name = "M")]
        budget_b_ms: Option<u64>,
        /// Seeds the openings and the players' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (timings share the machine's cores).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Plies of each opening imposed on both players (0 to 2).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=2))]
        opening_plies: u32,
        /// Prints one line per finished game on stderr.
        #[arg(long)]
        verbose: bool,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Proves the value of a position (win, draw or loss for the player to move) within the
    /// limits, or says what is known when it runs out: see `docs/oaq-solve.md`.
    Solve {
        /// Solve this position string instead of the start position.
        #[arg(long, value_name = "POSITION")]
        position: Option<String>,
        /// Positions expanded before giving up.
        #[arg(long, value_name = "N", default_value_t = 100_000_000)]
        max_nodes: u64,
        /// Transposition-table size in MiB (1 to 65536), allocated up front.
        #[arg(long, value_name = "M", default_value_t = 1024,
              value_parser = clap::value_parser!(u64).range(1..=65536))]
        tt_mb: u64,
        /// Seconds before giving up.
        #[arg(long, value_name = "S", default_value_t = 600)]
        time_limit_s: u64,
        /// Deepest proof tried, in plies.
        #[arg(long, value_name = "D", default_value_t = u16::MAX)]
        max_depth: u16,
        /// Writes the proof of a win or a loss to this file (the format of `assets/`'s
        /// `oaq-proof-standard.txt`).
        #[arg(long, value_name = "FILE")]
        proof_out: Option<std::path::PathBuf>,
        /// Instead of deepening, proves that this side (south or north) can force a win, by
        /// proof-number search (df-pn) with no depth bound; `--max-depth` does not apply.
        #[arg(long, value_name = "SIDE")]
        prove: Option<SideArg>,
        #[command(flatten)]
        rules: RulesArgs,
    },
}

/// The side whose win `solve --prove` proves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// South, the first player.
    South,
    /// North, the second player.
    North,
}

impl From<SideArg> for Seat {
    fn from(side: SideArg) -> Seat {
        match side {
            SideArg::South => Seat::South,
            SideArg::North => Seat::North,
        }
    }
}

/// `oaq-bot engine oaq book …`
#[derive(Debug, Subcommand)]
pub enum BookCommand {
    /// Searches every position of the book (see `src/games/oaq/book.rs`) and prints the book
    /// file: `oaq-bot engine oaq book build > assets/oaq-book.tsv` rebuilds the shipped one.
    Build {
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
    },
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

impl OaqCommand {
    /// Runs the command; per-line problems go to `err` and the remaining lines are answered.
    pub fn run(
        self,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> anyhow::Result<()> {
        match self {
            OaqCommand::Perft {
                depth,
                position,
                rules,
            } => {
                let rules = rules.rules();
                let start = start_position(position.as_deref(), rules, "--position")?;
                super::print_perft(out, depth, |d| start.perft(d))?;
            }
            OaqCommand::Moves { rules } => {
                let rules = rules.rules();
                super::answer_lines(input, out, err, |line| {
                    let position = Position::parse(line, rules).map_err(|e| e.to_string())?;
                    let moves: Vec<String> =
                        position.legal_moves().iter().map(Move::to_string).collect();
                    Ok(moves.join(" "))
                })?;
            }
            OaqCommand::Play {
                rules,
                from: Some(start),
            } => {
                let rules = rules.rules();
                let mut position = Position::parse(&start, rules)
                    .map_err(|e| anyhow::anyhow!("--from `{start}`: {e}"))?;
                super::answer_lines(input, out, err, |line| {
                    if line.trim_start().starts_with('#') {
                        return Ok(String::from("#"));
                    }
                    for text in line.split_whitespace() {
                        let mv: Move = text
                            .parse()
                            .map_err(|e: crate::games::oaq::ParseError| format!("`{text}`: {e}"))?;
                        position = position
                            .play(mv)
                            .map_err(|illegal| format!("`{text}`: illegal: {illegal}"))?;
                    }
                    Ok(position.to_string())
                })?;
            }
            OaqCommand::Play { rules, from: None } => {
                let rules = rules.rules();
                super::answer_lines(input, out, err, |line| {
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
                })?;
            }
            OaqCommand::Review {
                rules,
                from,
                depth,
                top,
            } => {
                let rules = rules.rules();
                let start = start_position(from.as_deref(), rules, "--from")?;
                let mut moves = Vec::new();
                for line in input.lines() {
                    let line = line?;
                    if line.trim_start().starts_with('#') {
                        continue;
                    }
                    for text in line.split_whitespace() {
                        let mv: Move =
                            text.parse().map_err(|e| anyhow::anyhow!("`{text}`: {e}"))?;
                        moves.push(mv);
                    }
                }
                let started = std::time::Instant::now();
                let mistakes = review(&start, &moves, depth, top).map_err(|(ply, illegal)| {
                    anyhow::anyhow!("move {}: illegal: {illegal}", ply + 1)
                })?;
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
                    "reviewed {} moves at depth {depth} in {} ms",
                    moves.len(),
                    started.elapsed().as_millis()
                )?;
            }
            OaqCommand::Book {
                command:
                    BookCommand::Build {
                        presets,
                        quan_values,
                        plies,
                        depth,
                        threads,
                    },
            } => {
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
                        out.write_all(
                            book::build(rules, &name, plies, limits, threads).as_bytes(),
                        )?;
                        out.flush()?;
                    }
                }
            }
            OaqCommand::Analyse {
                budget_ms,
                depth,
                rules,
            } => {
                let rules = rules.rules();
                let limits = Limits {
                    time: Some(Duration::from_millis(budget_ms)).filter(|_| depth.is_none()),
                    depth,
                };
                super::answer_lines(input, out, err, |line| {
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
                })?;
            }
            OaqCommand::Solve {
                position,
                max_nodes,
                tt_mb,
                time_limit_s,
                max_depth: _,
                proof_out,
                prove: Some(side),
                rules,
            } => {
                let rules = rules.rules();
                let start = start_position(position.as_deref(), rules, "--position")?;
                let prover = Seat::from(side);
                let limits = ProveLimits {
                    max_nodes,
                    time_limit: Duration::from_secs(time_limit_s),
                    tt_mb: usize::try_from(tt_mb)?,
                };
                let report = prove(&start, prover, &limits);
                print_prove_report(out, &start, prover, &report)?;
                if let (Some(path), Some(proof)) = (proof_out, &report.proof) {
                    let plies = report.plies.unwrap_or(0);
                    std::fs::write(&path, proof_text(&start, prover, plies, proof))
                        .map_err(|e| anyhow::anyhow!("--proof-out `{}`: {e}", path.display()))?;
                    writeln!(out, "proof written to {}", path.display())?;
                }
            }
            OaqCommand::Solve {
                position,
                max_nodes,
                tt_mb,
                time_limit_s,
                max_depth,
                proof_out,
                prove: None,
                rules,
            } => {
                let rules = rules.rules();
                let start = start_position(position.as_deref(), rules, "--position")?;
                let limits = SolveLimits {
                    max_nodes,
                    time_limit: Duration::from_secs(time_limit_s),
                    tt_mb: usize::try_from(tt_mb)?,
                    max_depth,
                };
                let report = solve(&start, &limits);
                print_solve_report(out, &start, &report)?;
                if let (Some(path), Some(proof)) = (proof_out, &report.proof) {
                    let winner = match (start.to_move(), report.value) {
                        (Some(mover), Some(Value::Win)) => mover,
                        (Some(mover), _) => mover.other(),
                        (None, _) => Seat::South,
                    };
                    let plies = u32::from(report.plies.unwrap_or(0));
                    std::fs::write(&path, proof_text(&start, winner, plies, proof))
                        .map_err(|e| anyhow::anyhow!("--proof-out `{}`: {e}", path.display()))?;
                    writeln!(out, "proof written to {}", path.display())?;
                }
            }
            OaqCommand::Match {
                a,
                b,
                games,
                budget_ms,
                budget_b_ms,
                seed,
                threads,
                opening_plies,
                verbose,
                rules,
            } => {
                let settings = MatchSettings {
                    rules: rules.rules(),
                    games,
                    budget: Duration::from_millis(budget_ms),
                    budget_b: budget_b_ms.map(Duration::from_millis),
                    seed,
                    threads,
                    opening_plies,
                };
                let report = play_match(a, b, &settings);
                if verbose {
                    for game in &report.games {
                        let result = match game.outcome {
                            Some(Outcome::Winner(seat)) if seat == game.a_seat => "win",
                            Some(Outcome::Winner(_)) => "loss",
                            _ => "draw",
                        };
                        writeln!(
                            err,
                            "game {}: opening {}, A as {}: {result} in {} plies",
                            game.index + 1,
                            game.opening
                                .iter()
                                .map(Move::to_string)
                                .collect::<Vec<_>>()
                                .join(" "),
                            game.a_seat,
                            game.plies
                        )?;
                    }
                }
                writeln!(
                    out,
                    "{a} vs {b}: {} games, wins {} draws {} losses {}, score of {a} {:.3}",
                    report.wins + report.draws + report.losses,
                    report.wins,
                    report.draws,
                    report.losses,
                    report.score()
                )?;
                let pairs = report.pairs();
                writeln!(
                    out,
                    "by pairs of {a}: {} won, {} shared, {} lost",
                    pairs.won, pairs.shared, pairs.lost
                )?;
                let budgets = [budget_ms, budget_b_ms.unwrap_or(budget_ms)];
                for ((level, timing), budget_ms) in [a, b].iter().zip(&report.timings).zip(budgets)
                {
                    if timing.moves.is_empty() {
                        continue;
                    }
                    writeln!(
                        out,
                        "{level}: {} moves, median {} ms ({} ms over the {} searched moves not proven), longest {} ms for a {budget_ms} ms budget, {} over budget by more than 10%",
                        timing.moves.len(),
                        timing.median().as_millis(),
                        timing.median_searched().as_millis(),
                        timing.searched.len(),
                        timing.longest().as_millis(),
                        timing.over(Duration::from_millis(budget_ms))
                    )?;
                }
            }
        }
        Ok(())
    }
}

/// Prints a solve report: the value line first, then one line per claim and the figures.
fn print_solve_report(
    out: &mut dyn Write,
    position: &Position,
    report: &crate::games::oaq::SolveReport,
) -> anyhow::Result<()> {
    writeln!(out, "position: {position}")?;
    match (report.value, report.plies) {
        (Some(value), Some(plies)) => writeln!(
            out,
            "value: {value} for the player to move, forced within {plies} plies"
        )?,
        _ => writeln!(out, "value: unknown within limits")?,
    }
    if let Some(best) = report.best {
        writeln!(out, "move: {best}")?;
    }
    for (claim, status) in &report.claims {
        let target = match claim.target {
            Target::Win => "wins",
            Target::NotLose => "does not lose",
        };
        let known = match status {
            ClaimStatus::Proven { plies, .. } => format!("proven within {plies} plies"),
            ClaimStatus::FailsWithin(0) => String::from("not tried"),
            ClaimStatus::FailsWithin(plies) => format!("cannot be forced within {plies} plies"),
            ClaimStatus::Refuted => String::from("cannot be forced at any depth"),
        };
        writeln!(out, "claim: {} {target}: {known}", claim.prover)?;
    }
    if let Some(size) = report.proof_size {
        writeln!(out, "proof: {size} positions")?;
    }
    writeln!(
        out,
        "nodes: {}, tt entries: {} ({} MiB table), time: {:.3} s{}",
        report.nodes,
        report.tt_entries,
        report.tt_bytes >> 20,
        report.elapsed.as_secs_f64(),
        if report.stopped {
            ", stopped at a limit"
        } else {
            ""
        }
    )?;
    if let Some(kib) = peak_memory_kib() {
        writeln!(out, "peak memory: {} MiB", kib / 1024)?;
    }
    Ok(())
}

/// Prints a `solve --prove` report: the claim's verdict, the proof's size and the figures.
fn print_prove_report(
    out: &mut dyn Write,
    position: &Position,
    prover: Seat,
    report: &crate::games::oaq::ProveReport,
) -> anyhow::Result<()> {
    writeln!(out, "position: {position}")?;
    let verdict = match &report.verdict {
        Verdict::Proven => format!(
            "proven, the proof checked by replay; longest line {} plies",
            report.plies.unwrap_or(0)
        ),
        Verdict::NoProof => {
            String::from("no proof exists that avoids repeating a position on its own line")
        }
        Verdict::Unknown => String::from("unknown within limits"),
        Verdict::Rejected(why) => format!("proof rejected by the check: {why}"),
    };
    writeln!(out, "claim: {prover} wins: {verdict}")?;
    if let Some(first) = report.first {
        writeln!(out, "move: {first}")?;
    }
    if let Some(size) = report.proof_size {
        writeln!(out, "proof: {size} positions")?;
    }
    writeln!(
        out,
        "nodes: {}, tt entries: {} ({} MiB table), time: {:.3} s",
        report.nodes,
        report.tt_entries,
        report.tt_bytes >> 20,
        report.elapsed.as_secs_f64(),
    )?;
    if let Some(kib) = peak_memory_kib() {
        writeln!(out, "peak memory: {} MiB", kib / 1024)?;
    }
    Ok(())
}

/// The proof file: comment lines saying what it proves, then the digits, 100 to a line.
fn proof_text(position: &Position, winner: Seat, plies: u32, proof: &str) -> String {
    let mut text = format!(
        "# Ô ăn quan: {winner} wins from `{position}` within {plies} plies against any defence.\n\
         # Rules: {:?}\n\
         # The moves of {winner}'s strategy as indices into the legal moves, in the canonical\n\
         # walk of src/games/oaq/proof.rs. Written by `oaq-bot engine oaq solve --proof-out`.\n",
        position.rules(),
    );
    for chunk in proof.as_bytes().chunks(100) {
        text.push_str(&String::from_utf8_lossy(chunk));
        text.push('\n');
    }
    text
}

/// The process's peak resident memory (Linux `VmHWM`), when the system reports it.
fn peak_memory_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kib| kib.parse().ok())
}
