//! `oaq-bot engine oaq solve`: proving a position's value, and writing the proof.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::{start_position, RulesArgs};
use crate::games::oaq::{
    prove, solve, ClaimStatus, Position, ProveLimits, Seat, SolveLimits, Target, Value, Verdict,
};

/// `oaq-bot engine oaq solve`
#[derive(Debug, Args)]
pub struct SolveArgs {
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
    proof_out: Option<PathBuf>,
    /// Instead of deepening, proves that this side (south or north) can force a win, by
    /// proof-number search (df-pn) with no depth bound; `--max-depth` does not apply.
    #[arg(long, value_name = "SIDE")]
    prove: Option<SideArg>,
    #[command(flatten)]
    rules: RulesArgs,
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

impl SolveArgs {
    /// Solves (or, with `--prove`, proves one side's win), prints the report and writes the
    /// proof if one was found and `--proof-out` names a file.
    pub(super) fn run(self, out: &mut dyn Write) -> anyhow::Result<()> {
        let start = start_position(self.position.as_deref(), self.rules.rules(), "--position")?;
        let tt_mb = usize::try_from(self.tt_mb)?;
        let time_limit = Duration::from_secs(self.time_limit_s);
        let (winner, plies, proof) = match self.prove {
            Some(side) => {
                let prover = Seat::from(side);
                let limits = ProveLimits {
                    max_nodes: self.max_nodes,
                    time_limit,
                    tt_mb,
                };
                let report = prove(&start, prover, &limits);
                print_prove_report(out, &start, prover, &report)?;
                (prover, report.plies.unwrap_or(0), report.proof)
            }
            None => {
                let limits = SolveLimits {
                    max_nodes: self.max_nodes,
                    time_limit,
                    tt_mb,
                    max_depth: self.max_depth,
                };
                let report = solve(&start, &limits);
                print_solve_report(out, &start, &report)?;
                let winner = match (start.to_move(), report.value) {
                    (Some(mover), Some(Value::Win)) => mover,
                    (Some(mover), _) => mover.other(),
                    (None, _) => Seat::South,
                };
                (winner, u32::from(report.plies.unwrap_or(0)), report.proof)
            }
        };
        if let (Some(path), Some(proof)) = (self.proof_out, proof) {
            std::fs::write(&path, proof_text(&start, winner, plies, &proof))
                .map_err(|e| anyhow::anyhow!("--proof-out `{}`: {e}", path.display()))?;
            writeln!(out, "proof written to {}", path.display())?;
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
