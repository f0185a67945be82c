//! Fitting the evaluation's weights to game results (Texel's method).
//!
//! - [`self_play`] plays a game of the hard search against itself, each move limited to a
//!   number of positions (so a seed always gives the same game), after a few random moves so
//!   that games differ, and labels its quiet positions with the game's result.
//! - [`tune`] then changes one weight at a time, keeping each change that lowers the mean
//!   squared difference between the results and the evaluation turned into an expected score
//!   by a logistic curve, whose scale [`fit_scale`] fits first.
//! - [`fit_tables`] fits the piece-square and king-relative tables, in which the evaluation is
//!   linear, by gradient descent: thousands of entries are too many for one-at-a-time steps.
//!
//! The CLI runs both (`oaq-bot engine shogi selfplay`, `… tune`); `docs/shogi.md` gives the
//! commands that produced [`super::eval::TUNED`].

use std::fmt;
use std::str::FromStr;
use std::thread;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::eval::{evaluate_with, own_view, relative_view, Weights, RELATIVE_SIDE};
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

/// A table of the evaluation that [`fit_tables`] fits: for each role a square grid of
/// entries, each fitted as a term of its own plus one by its column and one by its row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Table {
    /// [`Weights::square`]: 9 × 9 squares seen from the piece's owner (columns are files,
    /// rows ranks).
    Square,
    /// [`Weights::relative`]`[0]`: places relative to the piece's own king.
    OwnKing,
    /// [`Weights::relative`]`[1]`: places relative to the enemy king.
    EnemyKing,
}

impl Table {
    /// The table's name in reports: piece-square, own-king, enemy-king.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Table::Square => "piece-square",
            Table::OwnKing => "own-king",
            Table::EnemyKing => "enemy-king",
        }
    }

    /// Columns (and rows) of the table's grid.
    fn side(self) -> usize {
        match self {
            Table::Square => 9,
            Table::OwnKing | Table::EnemyKing => RELATIVE_SIDE,
        }
    }

    /// Entries of the table, every role's.
    fn cells(self) -> usize {
        14 * self.side() * self.side()
    }

    /// The table's entries in `weights`, role by role.
    fn values(self, weights: &mut Weights) -> &mut [i32] {
        match self {
            Table::Square => weights.square.as_flattened_mut(),
            Table::OwnKing => weights.relative[0].as_flattened_mut(),
            Table::EnemyKing => weights.relative[1].as_flattened_mut(),
        }
    }

    /// The entry of the table a piece of `color` on `sq` reads, with the kings on `kings`
    /// (sente's, gote's), if it reads one (a king reads no king-relative entry).
    fn entry(self, color: Color, role: Role, sq: Square, kings: [Square; 2]) -> Option<usize> {
        let side = self.side() * self.side();
        let own = kings[color.index()];
        let enemy = kings[1 - color.index()];
        let place = match self {
            Table::Square => own_view(color, sq),
            _ if role == Role::King => return None,
            Table::OwnKing => relative_view(color, sq, own),
            Table::EnemyKing => relative_view(color, sq, enemy),
        };
        Some(role.index() * side + place)
    }

    /// Whether a piece can ever read entry `cell`: not a pawn or lance on the far rank of the
    /// board, nor a knight on the far two (the king-relative tables have no such rule).
    fn reachable(self, cell: usize) -> bool {
        if self != Table::Square {
            return true;
        }
        let (role, far_rank) = (cell / 81, cell % 81 / 9);
        match role {
            r if r == Role::Pawn.index() || r == Role::Lance.index() => far_rank >= 1,
            r if r == Role::Knight.index() => far_rank >= 2,
            _ => true,
        }
    }
}

/// Where the fitted tables' parameters lie in one vector: every table's own entries first,
/// then, per table, its column terms and its row terms (each `14 · side`).
struct Layout {
    tables: Vec<Table>,
    /// Per table: the index of its first entry, and of its first column term.
    starts: Vec<(usize, usize)>,
    /// Entries of all tables.
    cells: usize,
    /// All parameters.
    params: usize,
}

impl Layout {
    fn new(tables: &[Table]) -> Layout {
        let cells: usize = tables.iter().map(|t| t.cells()).sum();
        let (mut cell, mut line) = (0, cells);
        let starts = tables
            .iter()
            .map(|t| {
                let start = (cell, line);
                cell += t.cells();
                line += 2 * 14 * t.side();
                start
            })
            .collect();
        Layout {
            tables: tables.to_vec(),
            starts,
            cells,
            params: line,
        }
    }

    /// The parameters whose sum is entry `cell` of table number `t`: its own, its column's
    /// and its row's.
    fn parts(&self, t: usize, cell: usize) -> [usize; 3] {
        let side = self.tables[t].side();
        let (first, lines) = self.starts[t];
        let (role, place) = (cell / (side * side), cell % (side * side));
        [
            first + cell,
            lines + role * side + place % side,
            lines + 14 * side + role * side + place / side,
        ]
    }

    /// The entries a position reads (their index among all tables' entries) with their
    /// signs (+1 for sente's pieces, −1 for gote's).
    fn entries(&self, position: &Position) -> Vec<(u32, f32)> {
        let kings = [
            position.king_square(Color::Sente),
            position.king_square(Color::Gote),
        ];
        let mut entries = Vec::new();
        for sq in Square::all() {
            let Some(piece) = position.piece_at(sq) else {
                continue;
            };
            let sign = if piece.color == Color::Sente {
                1.0
            } else {
                -1.0
            };
            for (table, &(first, _)) in self.tables.iter().zip(&self.starts) {
                if let Some(cell) = table.entry(piece.color, piece.role, sq, kings) {
                    entries.push(((first + cell) as u32, sign));
                }
            }
        }
        entries
    }
}

/// A sample as the table fit sees it.
struct TableRow {
    /// The evaluation without the fitted tables.
    base: f64,
    /// The entries it reads and their signs ([`Layout::entries`]).
    entries: Vec<(u32, f32)>,
    /// Its label.
    result: f64,
}

/// Fits the evaluation's `tables` to the samples by gradient descent (Adam, `steps`
/// full-batch steps of about a centipawn each), every other weight of `start` held. The
/// evaluation is linear in the tables, so their gradient is exact and all their entries (1,134
/// for [`Table::Square`], 1,134 for each king-relative table) move at once, where [`tune`]'s
/// single steps would each barely change the error. Each entry is fitted as a term of its own,
/// one by its column (a square's file) and one by its row (its rank): `l2` pulls the own
/// terms towards zero (per centipawn squared, against the mean squared error) and the column
/// and row terms a tenth as hard, so an entry few positions show takes its value mostly from
/// its column and row. Entries no piece can read ([`Table::reachable`]) keep zero.
#[must_use]
pub fn fit_tables(
    samples: &[Sample],
    start: &Weights,
    tables: &[Table],
    k: f64,
    steps: usize,
    l2: f64,
) -> Weights {
    let layout = Layout::new(tables);
    let mut bare = start.clone();
    let mut params = vec![0.0; layout.params];
    for (t, &table) in tables.iter().enumerate() {
        let first = layout.starts[t].0;
        for (cell, value) in table.values(&mut bare).iter_mut().enumerate() {
            params[first + cell] = f64::from(*value);
            *value = 0;
        }
    }
    let rows: Vec<TableRow> = samples
        .iter()
        .map(|s| TableRow {
            base: f64::from(evaluate_with(&s.position, &bare)),
            entries: layout.entries(&s.position),
            result: s.result,
        })
        .collect();
    // Each entry's index among all entries and the parameters it sums.
    let parts: Vec<(usize, [usize; 3])> = tables
        .iter()
        .enumerate()
        .flat_map(|(t, table)| {
            let layout = &layout;
            (0..table.cells()).map(move |cell| (layout.starts[t].0 + cell, layout.parts(t, cell)))
        })
        .collect();
    let slope = k * std::f64::consts::LN_10 / 400.0;
    let (mut m, mut v) = (vec![0.0; layout.params], vec![0.0; layout.params]);
    let (rate, beta1, beta2): (f64, f64, f64) = (1.0, 0.9, 0.999);
    let n = rows.len().max(1) as f64;
    let mut entry = vec![0.0; layout.cells];
    for step in 1..=steps {
        for &(index, sum) in &parts {
            entry[index] = sum.iter().map(|&p| params[p]).sum();
        }
        let mut by_entry = vec![0.0; layout.cells];
        for row in &rows {
            let tables: f64 = row
                .entries
                .iter()
                .map(|&(i, sign)| f64::from(sign) * entry[i as usize])
                .sum();
            let expected = 1.0 / (1.0 + (-slope * (row.base + tables)).exp());
            let d = 2.0 * (expected - row.result) * expected * (1.0 - expected) * slope / n;
            for &(i, sign) in &row.entries {
                by_entry[i as usize] += d * f64::from(sign);
            }
        }
        let mut gradient = vec![0.0; layout.params];
        for &(index, sum) in &parts {
            for p in sum {
                gradient[p] += by_entry[index];
            }
            gradient[index] += 2.0 * l2 * params[index];
        }
        for (g, &p) in gradient.iter_mut().zip(&params).skip(layout.cells) {
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
    for (t, &table) in tables.iter().enumerate() {
        for (cell, value) in table.values(&mut fitted).iter_mut().enumerate() {
            *value = if table.reachable(cell) {
                let parts = layout.parts(t, cell);
                parts.iter().map(|&p| params[p]).sum::<f64>().round() as i32
            } else {
                0
            };
        }
    }
    fitted
}

#[cfg(test)]
mod tests {
    use super::super::eval::{relative_view, HAND_SET};
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

    /// `copies` copies of each position (an SFEN) with its label.
    fn repeated(labelled: &[(&str, f64)], copies: usize) -> Vec<Sample> {
        (0..copies)
            .flat_map(|_| labelled.iter())
            .map(|&(sfen, result)| Sample {
                position: sfen.parse().expect("valid"),
                result,
            })
            .collect()
    }

    #[test]
    fn the_square_fit_learns_where_a_piece_stands_well_for_either_side() {
        // A silver before its king is worth more than one in the corner, for sente (5h
        // against 9h) and, seen from its own side, for gote (5b against 1b): one table entry
        // serves both.
        let samples = repeated(
            &[
                ("4k4/9/9/9/9/9/9/4S4/4K4 b - 1", 0.8),
                ("4k4/9/9/9/9/9/9/S8/4K4 b - 1", 0.5),
                ("4k4/4s4/9/9/9/9/9/9/4K4 b - 1", 0.2),
                ("4k4/8s/9/9/9/9/9/9/4K4 b - 1", 0.5),
            ],
            20,
        );
        let k = 1.0;
        let fitted = fit_tables(&samples, &HAND_SET, &[Table::Square], k, 300, 0.0);
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
    fn the_king_relative_fit_learns_a_guard_in_front_of_the_king_wherever_it_stands() {
        // A silver just in front of its king is worth more than one three files away, for
        // sente and for gote, with the king on file 5 and on file 8: one entry of the
        // own-king table serves all four, where the piece-square table would need one each.
        let samples = repeated(
            &[
                ("4k4/9/9/9/9/9/9/4S4/4K4 b - 1", 0.8),
                ("4k4/9/9/9/9/9/9/1S7/4K4 b - 1", 0.5),
                ("4k4/9/9/9/9/9/9/1S7/1K7 b - 1", 0.8),
                ("4k4/9/9/9/9/9/9/4S4/1K7 b - 1", 0.5),
                ("7k1/7s1/9/9/9/9/9/9/4K4 b - 1", 0.2),
                ("7k1/4s4/9/9/9/9/9/9/4K4 b - 1", 0.5),
            ],
            20,
        );
        let k = 1.0;
        let fitted = fit_tables(&samples, &HAND_SET, &[Table::OwnKing], k, 300, 0.0);
        assert!(error(&samples, &fitted, k, 1) < error(&samples, &HAND_SET, k, 1) / 2.0);
        let silver = &fitted.relative[0][Role::Silver.index()];
        let king = Square::new(5, 9).expect("5i");
        let front = relative_view(Color::Sente, Square::new(5, 8).expect("5h"), king);
        let aside = relative_view(Color::Sente, Square::new(8, 8).expect("8h"), king);
        assert!(silver[front] > silver[aside] + 50, "{silver:?}");
        // Only the own-king table moved; the piece-square and enemy-king tables are the
        // start's.
        assert_eq!(
            Weights {
                relative: [HAND_SET.relative[0], fitted.relative[1]],
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
