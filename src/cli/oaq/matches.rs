//! `oaq-bot engine oaq match`: paired games between two computer levels.

use std::io::Write;
use std::time::Duration;

use clap::Args;

use super::RulesArgs;
use crate::games::oaq::{play_match, Level, MatchSettings, Move, Outcome};

/// `oaq-bot engine oaq match`
#[derive(Debug, Args)]
pub struct MatchArgs {
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
}

impl MatchArgs {
    /// Plays the match, then prints the score, the pairs and each searching level's timings
    /// on `out` (and each game on `err` with `--verbose`).
    pub(super) fn run(self, out: &mut dyn Write, err: &mut dyn Write) -> anyhow::Result<()> {
        let (a, b) = (self.a, self.b);
        let settings = MatchSettings {
            rules: self.rules.rules(),
            games: self.games,
            budget: Duration::from_millis(self.budget_ms),
            budget_b: self.budget_b_ms.map(Duration::from_millis),
            seed: self.seed,
            threads: self.threads,
            opening_plies: self.opening_plies,
        };
        let report = play_match(a, b, &settings);
        if self.verbose {
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
        let budgets = [self.budget_ms, self.budget_b_ms.unwrap_or(self.budget_ms)];
        for ((level, timing), budget_ms) in [a, b].iter().zip(&report.timings).zip(budgets) {
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
        Ok(())
    }
}
