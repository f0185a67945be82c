//! Fitting the evaluation's weights to game results (Texel's method).
//!
//! - [`self_play`] plays a game of the hard search against itself, each move limited to a
//!   number of positions (so a seed always gives the same game), after a few random moves so
//!   that games differ, and labels its quiet positions with the game's result.
//! - [`tune`] then changes one weight at a time, keeping each change that lowers the mean
//!   squared difference between the results and the evaluation turned into an expected score
//!   by a logistic curve, whose scale [`fit_scale`] fits first.
//! - [`fit_squares`] fits the piece-square tables, in which the evaluation is linear, by
//!   gradient descent: 1,134 entries are too many for one-at-a-time steps.
//!
//! The CLI runs both (`oaq-bot engine shogi selfplay`, `… tune`); `docs/shogi.md` gives the
//! commands that produced [`super::eval::TUNED`].

use std::fmt;
use std::str::FromStr;
use std::thread;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::eval::{evaluate_with, own_view, Weights};
use super::{random_move, search_with, Control, Limits, MATE_BOUND};
use crate::games::shogi::game::Game;
use crate::games::shogi::position::Position;
use crate::games::shogi::types::{Color, Role, Square};

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

/// The pieces of a sample for the piece-square fit: each piece's table slot
/// (`role · 81 + square seen from its owner`) and sign (+1 sente's, −1 gote's).
fn square_slots(position: &Position) -> Vec<(usize, f64)> {
    Square::all()
        .filter_map(|sq| {
            let piece = position.piece_at(sq)?;
            let sign = if piece.color == Color::Sente {
                1.0
            } else {
                -1.0
            };
            Some((piece.role.index() * 81 + own_view(piece.color, sq), sign))
        })
        .collect()
}

/// A sample as the piece-square fit sees it.
struct SquareRow {
    /// The evaluation without the tables.
    base: f64,
    /// Its pieces' table slots and signs ([`square_slots`]).
    slots: Vec<(usize, f64)>,
    /// Its label.
    result: f64,
}

/// Whether a piece can stand on the square of table slot `slot` (`role · 81 + square seen
/// from its owner`): not a pawn or lance on the far rank, nor a knight on the far two.
fn stands(slot: usize) -> bool {
    let (role, far_rank) = (slot / 81, slot % 81 / 9);
    match role {
        r if r == Role::Pawn.index() || r == Role::Lance.index() => far_rank >= 1,
        r if r == Role::Knight.index() => far_rank >= 2,
        _ => true,
    }
}

/// Fits [`Weights::square`] to the samples by gradient descent (Adam, `steps` full-batch
/// steps of about a centipawn each), every other weight of `start` held. The evaluation is
/// linear in the tables, so their gradient is exact and all 1,134 entries move at once, where
/// [`tune`]'s single steps would each barely change the error. Each entry is fitted as a term
/// by the piece's file, one by its rank and one of its own: `l2` pulls the square's own terms
/// towards zero (per centipawn squared, against the mean squared error) and the file and rank
/// terms a tenth as hard, so a square few positions show a piece on takes its value mostly
/// from its file and rank. Squares the piece can never stand on keep zero.
#[must_use]
pub fn fit_squares(samples: &[Sample], start: &Weights, k: f64, steps: usize, l2: f64) -> Weights {
    const CELLS: usize = 14 * 81;
    // Parameters: the cells, then 9 files and 9 ranks a role.
    const PARAMS: usize = CELLS + 2 * 14 * 9;
    let parts = |slot: usize| {
        let (role, view) = (slot / 81, slot % 81);
        [
            slot,
            CELLS + role * 9 + view % 9,
            CELLS + 14 * 9 + role * 9 + view / 9,
        ]
    };
    let bare = Weights {
        square: [[0; 81]; 14],
        ..start.clone()
    };
    let rows: Vec<SquareRow> = samples
        .iter()
        .map(|s| SquareRow {
            base: f64::from(evaluate_with(&s.position, &bare)),
            slots: square_slots(&s.position),
            result: s.result,
        })
        .collect();
    let slope = k * std::f64::consts::LN_10 / 400.0;
    let mut params = vec![0.0; PARAMS];
    for (slot, &value) in start.square.iter().flatten().enumerate() {
        params[slot] = f64::from(value);
    }
    let (mut m, mut v) = (vec![0.0; PARAMS], vec![0.0; PARAMS]);
    let (rate, beta1, beta2): (f64, f64, f64) = (1.0, 0.9, 0.999);
    let n = rows.len().max(1) as f64;
    for step in 1..=steps {
        let entry: Vec<f64> = (0..CELLS)
            .map(|slot| parts(slot).iter().map(|&p| params[p]).sum())
            .collect();
        let mut by_entry = vec![0.0; CELLS];
        for row in &rows {
            let tables: f64 = row.slots.iter().map(|&(i, sign)| sign * entry[i]).sum();
            let expected = 1.0 / (1.0 + (-slope * (row.base + tables)).exp());
            let d = 2.0 * (expected - row.result) * expected * (1.0 - expected) * slope / n;
            for &(i, sign) in &row.slots {
                by_entry[i] += d * sign;
            }
        }
        let mut gradient = vec![0.0; PARAMS];
        for (slot, &g) in by_entry.iter().enumerate() {
            for p in parts(slot) {
                gradient[p] += g;
            }
            gradient[slot] += 2.0 * l2 * params[slot];
        }
        for (g, &p) in gradient.iter_mut().zip(&params).skip(CELLS) {
            *g += 2.0 * l2 / 10.0 * p;
        }
        let (c1, c2) = (1.0 - beta1.powi(step as i32), 1.0 - beta2.powi(step as i32));
        let moments = m.iter_mut().zip(v.iter_mut());
        for ((param, (m, v)), g) in params.iter_mut().zip(moments).zip(&gradient) {
            *m = beta1 * *m + (1.0 - beta1) * g;
            *v = beta2 * *v + (1.0 - beta2) * g * g;
            *param -= rate * (*m / c1) / ((*v / c2).sqrt() + 1e-12);
        }
    }
    let mut fitted = start.clone();
    for (slot, value) in fitted.square.iter_mut().flatten().enumerate() {
        *value = if stands(slot) {
            parts(slot).iter().map(|&p| params[p]).sum::<f64>().round() as i32
        } else {
            0
        };
    }
    fitted
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
    fn the_square_fit_learns_where_a_piece_stands_well_for_either_side() {
        // A silver before its king is worth more than one in the corner, for sente (5h
        // against 9h) and, seen from its own side, for gote (5b against 1b): one table entry
        // serves both.
        let sample = |sfen: &str, result: f64| Sample {
            position: sfen.parse().expect("valid"),
            result,
        };
        let samples: Vec<Sample> = (0..20)
            .flat_map(|_| {
                [
                    sample("4k4/9/9/9/9/9/9/4S4/4K4 b - 1", 0.8),
                    sample("4k4/9/9/9/9/9/9/S8/4K4 b - 1", 0.5),
                    sample("4k4/4s4/9/9/9/9/9/9/4K4 b - 1", 0.2),
                    sample("4k4/8s/9/9/9/9/9/9/4K4 b - 1", 0.5),
                ]
            })
            .collect();
        let k = 1.0;
        let fitted = fit_squares(&samples, &HAND_SET, k, 300, 0.0);
        assert!(error(&samples, &fitted, k, 1) < error(&samples, &HAND_SET, k, 1) / 2.0);
        let silver = &fitted.square[Role::Silver.index()];
        let before_king = Square::new(5, 8).expect("5h").index();
        let corner = Square::new(9, 8).expect("9h").index();
        assert!(silver[before_king] > silver[corner] + 50, "{silver:?}");
        // Only the silver's entries moved (the kings stand alike in every sample, so theirs
        // cancel); the rest of the weights are the start's.
        let others: i32 = fitted
            .square
            .iter()
            .enumerate()
            .filter(|&(role, _)| role != Role::Silver.index())
            .flat_map(|(_, table)| table.iter())
            .map(|v| v.abs())
            .sum();
        assert_eq!(others, 0);
        assert_eq!(
            Weights {
                square: HAND_SET.square,
                ..fitted.clone()
            },
            HAND_SET
        );
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
