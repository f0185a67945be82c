//! Fitting the evaluation's weights to game results (Texel's method).
//!
//! - [`self_play`] plays a game of the hard search against itself, each move limited to a
//!   number of positions (so a seed always gives the same game), after a few random moves so
//!   that games differ, and labels its quiet positions with the game's result.
//! - [`tune`] then changes one weight at a time, keeping each change that lowers the mean
//!   squared difference between the results and the evaluation turned into an expected score
//!   by a logistic curve, whose scale [`fit_scale`] fits first.
//!
//! The CLI runs both (`oaq-bot engine shogi selfplay`, `… tune`); `docs/shogi.md` gives the
//! commands that produced [`super::eval::TUNED`].

use std::fmt;
use std::str::FromStr;
use std::thread;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::eval::{evaluate_with, Weights};
use super::{random_move, search_with, Control, Limits, MATE_BOUND};
use crate::games::shogi::game::Game;
use crate::games::shogi::position::Position;
use crate::games::shogi::types::Color;

/// A position and the result of the game it came from, for sente: 1 won, ½ drawn, 0 lost (or,
/// labelled by another engine, sente's expected score by its evaluation: [`expected_from`]).
#[derive(Debug, Clone)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// Sente's result.
    pub result: f64,
}

impl fmt::Display for Sample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\t{}", self.position.to_sfen(), self.result)
    }
}

impl FromStr for Sample {
    type Err = String;

    /// Reads `<SFEN><TAB><result>`, the result a number from 0 to 1.
    fn from_str(line: &str) -> Result<Sample, String> {
        let (sfen, result) = line
            .split_once('\t')
            .ok_or_else(|| format!("expected `<SFEN><TAB><result>`, got `{line}`"))?;
        let position: Position = sfen.parse().map_err(|e| format!("`{sfen}`: {e}"))?;
        let result = result
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r))
            .ok_or_else(|| {
                format!(
                    "the result must be a number from 0 to 1, not `{}`",
                    result.trim()
                )
            })?;
        Ok(Sample { position, result })
    }
}

/// How self-play games are played.
#[derive(Debug, Clone, Copy)]
pub struct SelfPlay {
    /// Positions each search may visit.
    pub nodes: u64,
    /// Random moves at the start.
    pub random_plies: usize,
    /// Moves after which the game is drawn.
    pub max_moves: usize,
    /// Positions before this ply are not kept (the opening, random moves included).
    pub first_kept: usize,
}

/// Plays the self-play game of `seed` and returns its quiet positions, labelled with its
/// result: positions not in check, from [`SelfPlay::first_kept`] on, where the search chose a
/// move that neither captures nor promotes and saw no mate. A game the random moves end early
/// gives nothing.
#[must_use]
pub fn self_play(seed: u64, settings: SelfPlay) -> Vec<Sample> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::default();
    let limits = Limits {
        depth: 64,
        time: None,
        noise: 0,
    };
    let mut kept = Vec::new();
    while game.outcome().is_none() && game.moves().len() < settings.max_moves {
        let position = game.position().clone();
        let ply = game.moves().len();
        let mv = if ply < settings.random_plies {
            random_move(&position, &mut rng)
        } else {
            let control = Control {
                nodes: Some(settings.nodes),
                ..Control::default()
            };
            let found = search_with(&position, game.positions(), limits, &mut rng, control);
            if let Some(found) = found {
                let quiet = position.captured_by(found.best).is_none()
                    && !found.best.is_promotion()
                    && !position.is_check()
                    && found.score.abs() < MATE_BOUND;
                if quiet && ply >= settings.first_kept {
                    kept.push(position);
                }
            }
            found.map(|f| f.best)
        };
        let Some(mv) = mv else { break };
        if game.play(mv).is_err() {
            break;
        }
    }
    let result = match game.end_by_move_limit().winner() {
        Some(Color::Sente) => 1.0,
        Some(Color::Gote) => 0.0,
        None => 0.5,
    };
    kept.into_iter()
        .map(|position| Sample { position, result })
        .collect()
}

/// Sente's expected score for another engine's score of `cp` centipawns (sente's view), on
/// a logistic curve where every `scale_cp` centipawns multiply the odds tenfold: the label of
/// a position when the evaluation is fitted to that engine's scores rather than to results.
#[must_use]
pub fn expected_from(cp: i32, scale_cp: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-f64::from(cp) / scale_cp))
}

/// Sente's expected score for an evaluation of `eval` centipawns, on a logistic curve of
/// scale `k`.
fn expected(eval: i32, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * f64::from(eval) / 400.0))
}

/// Mean squared difference between the samples' results and their expected scores under
/// `weights`, computed on `threads` threads.
#[must_use]
pub fn error(samples: &[Sample], weights: &Weights, k: f64, threads: usize) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let chunk = samples.len().div_ceil(threads.max(1));
    let total: f64 = thread::scope(|scope| {
        let parts: Vec<_> = samples
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|s| {
                            let e = expected(evaluate_with(&s.position, weights), k);
                            (s.result - e) * (s.result - e)
                        })
                        .sum::<f64>()
                })
            })
            .collect();
        parts
            .into_iter()
            .map(|p| p.join().unwrap_or(f64::NAN))
            .sum()
    });
    total / samples.len() as f64
}

/// The logistic scale that best fits `weights` to the samples (golden-section search over
/// 0.05–3).
#[must_use]
pub fn fit_scale(samples: &[Sample], weights: &Weights, threads: usize) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.05, 3.0);
    for _ in 0..30 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(samples, weights, a, threads) < error(samples, weights, b, threads) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// One pass of the tuning done.
#[derive(Debug, Clone, Copy)]
pub struct Pass {
    /// Passes done so far (from 1).
    pub number: usize,
    /// The error after it.
    pub error: f64,
    /// Weights it changed.
    pub changed: usize,
}

/// How the tuning searches.
#[derive(Debug, Clone, Copy)]
pub struct Tuning {
    /// Scale of the logistic curve (see [`fit_scale`]).
    pub scale: f64,
    /// Most passes over the weights.
    pub passes: usize,
    /// Weight of the penalty on moving away from the start: `prior` times the sum of the
    /// squared changes, each counted in its steps. It keeps weights that few positions
    /// exercise (a king in the enemy camp, a promoted lance) near their start.
    pub prior: f64,
    /// Threads computing the error.
    pub threads: usize,
    /// Whether the material values may change; without, only the positional weights are fitted
    /// (the first [`Weights::MATERIAL_VALUES`] of [`Weights::values_mut`] stay).
    pub material: bool,
}

/// Local search from `start`: each pass tries every weight a step up and, failing that, a
/// step down (the steps of [`Weights::values_mut`]), keeping each change that lowers
/// [`error`] plus the [`Tuning::prior`] penalty, and goes on in a direction while it helps,
/// doubling the change up to eight steps (a later pass refines it by single steps again).
/// Stops after [`Tuning::passes`] passes or a pass that changes nothing. `report` is told of
/// every pass, with the error alone.
pub fn tune(
    samples: &[Sample],
    start: &Weights,
    tuning: Tuning,
    report: &mut dyn FnMut(Pass),
) -> Weights {
    let Tuning {
        scale: k,
        passes,
        prior,
        threads,
        material,
    } = tuning;
    let first = if material {
        0
    } else {
        Weights::MATERIAL_VALUES
    };
    let origin: Vec<i32> = start
        .clone()
        .values_mut()
        .iter()
        .map(|(v, _)| **v)
        .collect();
    let steps: Vec<i32> = start.clone().values_mut().iter().map(|&(_, s)| s).collect();
    let objective = |weights: &Weights| {
        let penalty: f64 = weights
            .clone()
            .values_mut()
            .iter()
            .zip(origin.iter().zip(&steps))
            .map(|((v, _), (&o, &s))| (f64::from(**v - o) / f64::from(s)).powi(2))
            .sum();
        error(samples, weights, k, threads) + prior * penalty
    };
    let mut best = start.clone();
    let mut best_error = objective(&best);
    for number in 1..=passes {
        let mut changed = 0;
        for (i, &step) in steps.iter().enumerate().skip(first) {
            for direction in [step, -step] {
                let mut improved = false;
                let mut delta = direction;
                loop {
                    let mut trial = best.clone();
                    *trial.values_mut()[i].0 += delta;
                    let trial_error = objective(&trial);
                    if trial_error >= best_error {
                        break;
                    }
                    best = trial;
                    best_error = trial_error;
                    improved = true;
                    if delta.abs() < 8 * step {
                        delta *= 2;
                    }
                }
                if improved {
                    changed += 1;
                    break;
                }
            }
        }
        report(Pass {
            number,
            error: error(samples, &best, k, threads),
            changed,
        });
        if changed == 0 {
            break;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::eval::HAND_SET;
    use super::*;

    #[test]
    fn a_sample_reads_back_as_written_and_bad_lines_are_refused() {
        let sample = Sample {
            position: Position::new(),
            result: 0.5,
        };
        let back: Sample = sample.to_string().parse().expect("reads back");
        assert_eq!(back.position, sample.position);
        assert!((back.result - 0.5).abs() < f64::EPSILON);
        assert!("nonsense".parse::<Sample>().is_err());
        assert!(format!("{}\t2", Position::new().to_sfen())
            .parse::<Sample>()
            .is_err());
        // Another engine's labels are expected scores between 0 and 1.
        let labelled: Sample = format!("{}\t0.6298", Position::new().to_sfen())
            .parse()
            .expect("a fractional label reads");
        assert!((labelled.result - 0.6298).abs() < 1e-12);
        assert!(format!("{}\t-0.1", Position::new().to_sfen())
            .parse::<Sample>()
            .is_err());
    }

    #[test]
    fn self_play_is_reproducible_and_keeps_quiet_labelled_positions() {
        let settings = SelfPlay {
            nodes: 300,
            random_plies: 4,
            max_moves: 60,
            first_kept: 8,
        };
        let a = self_play(3, settings);
        let b = self_play(3, settings);
        assert!(!a.is_empty());
        assert_eq!(
            a.iter().map(ToString::to_string).collect::<Vec<_>>(),
            b.iter().map(ToString::to_string).collect::<Vec<_>>()
        );
        assert!(a.iter().all(|s| !s.position.is_check()));
        // All from one game: one result.
        assert!(a.iter().all(|s| s.result == a[0].result));
    }

    #[test]
    fn tuning_moves_the_weights_towards_the_results() {
        // Sente won every game where it had an extra pawn in hand and drew every other: the
        // tuning must value the pawn in hand more than the hand-set weights do.
        let base: Position = Position::new();
        let pawn: Position = "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1"
            .parse()
            .expect("valid");
        let mut samples = Vec::new();
        for _ in 0..50 {
            samples.push(Sample {
                position: pawn.clone(),
                result: 1.0,
            });
            samples.push(Sample {
                position: base.clone(),
                result: 0.5,
            });
        }
        let k = 1.0;
        let before = error(&samples, &HAND_SET, k, 2);
        let mut passes = Vec::new();
        let tuning = Tuning {
            scale: k,
            passes: 3,
            prior: 0.0,
            threads: 2,
            material: true,
        };
        let tuned = tune(&samples, &HAND_SET, tuning, &mut |p| passes.push(p));
        let after = error(&samples, &tuned, k, 2);
        assert!(after < before / 2.0, "error {before} → {after}");
        assert!(!passes.is_empty() && passes[0].changed > 0);
        assert!(evaluate_with(&pawn, &tuned) > evaluate_with(&pawn, &HAND_SET) + 100);
        // Told to keep the material, the same fit leaves every board and hand value alone.
        let kept = tune(
            &samples,
            &HAND_SET,
            Tuning {
                material: false,
                ..tuning
            },
            &mut |_| {},
        );
        assert_eq!((kept.board, kept.hand), (HAND_SET.board, HAND_SET.hand));
        assert_ne!(kept, HAND_SET, "the positional weights still move");
    }

    #[test]
    fn the_scale_fit_finds_the_best_curve() {
        // An extra pawn in hand wins three games in four; the best scale puts the expected
        // score of its evaluation at 0.75.
        let pawn: Position = "lnsgkgsnl/1r5b1/pppp1pppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1"
            .parse()
            .expect("valid");
        let samples: Vec<Sample> = [1.0, 1.0, 1.0, 0.0]
            .into_iter()
            .map(|result| Sample {
                position: pawn.clone(),
                result,
            })
            .collect();
        let k = fit_scale(&samples, &HAND_SET, 1);
        let e = expected(evaluate_with(&pawn, &HAND_SET), k);
        assert!((e - 0.75).abs() < 0.01, "expected {e} at scale {k}");
    }
}
