//! Proving the game-theoretic value of a position: a depth-bounded proof search over
//! win / draw / loss.
//!
//! # What is proven
//!
//! The search proves *claims* of the form "`prover` can force the game to end, within `d`
//! plies, with a result at least `target`" (`target` is a win, or at least a draw), against
//! every defence, under the position's rules. A claim is proven in the game as written in
//! `specs/oaq.md`, safety valves included:
//!
//! - **The 400-ply valve** never acts inside a proof: the depth bound is capped so that
//!   `ply + d <= 399`, so every line of the proof has ended by the game's own end rule first.
//! - **Threefold repetition** never acts on a line that follows the proof either. A proof
//!   "within `d` plies" is a finite strategy; playing it with the *smallest* `d` that proves the
//!   claim from each position (which [`solve`] finds, because it deepens one ply at a time) makes
//!   that smallest `d` fall by at least one with every ply, so no position can occur twice on
//!   the line and the valve never triggers. The search itself ignores repetitions: it solves the
//!   game without the repetition rule, which is sound for the claim by this argument.
//!
//! The value reported for the player to move follows from the claims: a **win** when they can
//! force a win, a **loss** when the opponent can, a **draw** when each side can force the game
//! to end without losing. A position whose value depends on play going on forever (for
//! instance a side that can only avoid losing by repeating positions) is never proven: it stays
//! "unknown", whatever the limits.
//!
//! # How
//!
//! An AND/OR search (the prover picks one move, the defender's every move must be answered),
//! deepened one ply at a time, with a large transposition table keyed on everything but the
//! ply (the board, the mandarins, South's ledger, the player to move and the claim; North's
//! ledger follows from the conservation of points). Each entry keeps the depth of its shortest
//! known proof and the largest depth for which the claim is known to fail, so an iteration
//! reuses the previous ones' work. Moves are ordered by what they capture (a mandarin is worth
//! `quan_value`), the prover preferring replies that leave the defender fewest moves, and the
//! move that decided the previous iteration comes first. Before searching a node's children,
//! the table is probed for a child that settles the node at once (enhanced transposition
//! cutoff).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::events::Outcome;
use super::position::{Position, RepetitionKey, MAX_PLIES};
use super::table::{self, Table};
use super::types::{Move, Seat};

/// How often (in nodes) the search looks at the clock.
const CLOCK_INTERVAL: u64 = 4096;
/// "No proof known" in an entry.
const NO_PROOF: u16 = u16::MAX;

/// The proven value of a position for the player to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The player to move can force a win.
    Win,
    /// Each side can force the game to end without losing.
    Draw,
    /// The opponent can force a win.
    Loss,
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        })
    }
}

/// What a claim asks of the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Target {
    /// The prover wins.
    Win,
    /// The prover wins or draws.
    NotLose,
}

/// A claim: `prover` can force the game to end with a result at least `target`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Claim {
    /// The side that must force the result.
    pub prover: Seat,
    /// The result it must reach at least.
    pub target: Target,
}

impl Claim {
    /// Whether a finished game's outcome meets the claim.
    pub fn met_by(self, outcome: Outcome) -> bool {
        match (outcome, self.target) {
            (Outcome::Winner(seat), _) => seat == self.prover,
            (Outcome::Draw, Target::NotLose) => true,
            (Outcome::Draw, Target::Win) => false,
        }
    }

    /// Two bits for the table key.
    pub(super) fn bits(self) -> u64 {
        (self.prover.index() as u64) | (u64::from(self.target == Target::NotLose) << 1)
    }
}

/// How far [`solve`] may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolveLimits {
    /// Nodes (positions expanded) before giving up.
    pub max_nodes: u64,
    /// Wall-clock time before giving up.
    pub time_limit: Duration,
    /// Transposition-table size in MiB (allocated up front).
    pub tt_mb: usize,
    /// Deepest bound tried, in plies; capped so that the 400-ply valve never acts.
    pub max_depth: u16,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits {
            max_nodes: 10_000_000,
            time_limit: Duration::from_secs(60),
            tt_mb: 64,
            max_depth: u16::MAX,
        }
    }
}

/// What is known about a claim at the end of a solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimStatus {
    /// Proven: the game ends within this many plies with the claimed result, and this move
    /// starts the proof (when the prover is to move).
    Proven {
        /// The shortest proof's length in plies.
        plies: u16,
        /// The first move of the proof, when the prover is to move.
        first: Option<Move>,
    },
    /// Not provable within this many plies (0: nothing learnt yet).
    FailsWithin(u16),
    /// Not provable at any depth (every line ends, or can be made to end, against it).
    Refuted,
}

/// The result of [`solve`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveReport {
    /// The value for the player to move, or `None` if it was not proven within the limits.
    pub value: Option<Value>,
    /// The move that achieves the value (the first move of the shortest proof), when the
    /// value is a win or a draw.
    pub best: Option<Move>,
    /// Plies within which the value is forced (the length of the longest line of the proof).
    pub plies: Option<u16>,
    /// Each claim tried and what is known about it, the player to move's claims first.
    pub claims: Vec<(Claim, ClaimStatus)>,
    /// Positions expanded.
    pub nodes: u64,
    /// Transposition-table entries in use at the end.
    pub tt_entries: u64,
    /// Transposition-table size in bytes.
    pub tt_bytes: usize,
    /// Wall-clock time spent.
    pub elapsed: Duration,
    /// Unfinished positions of the proof (transpositions counted once), when a win or a
    /// loss was proven and the proof could be written within the node limit.
    pub proof_size: Option<u64>,
    /// The proof of a win or a loss, in the format that [`super::ProofBook::read`] reads
    /// and checks (the winner being the prover).
    pub proof: Option<String>,
    /// Whether the search stopped at a node, time or depth limit.
    pub stopped: bool,
}

/// Proves the value of `position` within `limits`; see the module documentation for exactly
/// what is proven. Deterministic for a given position and limits, except where the time limit
/// cuts it short.
pub fn solve(position: &Position, limits: &SolveLimits) -> SolveReport {
    let start = Instant::now();
    let mut solver = Solver::new(limits, start);
    let mut report = SolveReport {
        value: None,
        best: None,
        plies: None,
        claims: Vec::new(),
        nodes: 0,
        tt_entries: 0,
        tt_bytes: solver.table.bytes(),
        elapsed: Duration::ZERO,
        proof_size: None,
        proof: None,
        stopped: false,
    };
    let Some(mover) = position.to_move() else {
        report.value = position.outcome().map(|o| match o {
            Outcome::Draw => Value::Draw,
            // A finished game has nobody to move; report it from South's side.
            Outcome::Winner(Seat::South) => Value::Win,
            Outcome::Winner(Seat::North) => Value::Loss,
        });
        report.plies = Some(0);
        report.elapsed = start.elapsed();
        return report;
    };
    let claims = [
        Claim {
            prover: mover,
            target: Target::NotLose,
        },
        Claim {
            prover: mover,
            target: Target::Win,
        },
        Claim {
            prover: mover.other(),
            target: Target::NotLose,
        },
        Claim {
            prover: mover.other(),
            target: Target::Win,
        },
    ];
    let mut status = [ClaimStatus::FailsWithin(0); 4];
    // The 400-ply valve never acts: the deepest line ends at ply 399 at the latest.
    let deepest = limits
        .max_depth
        .min((MAX_PLIES - 1).saturating_sub(position.ply()) as u16);
    let mut depth = 0;
    let mut finished = false;
    'deepen: while depth < deepest && !finished {
        depth += 1;
        for (i, &claim) in claims.iter().enumerate() {
            if !matches!(status[i], ClaimStatus::FailsWithin(_)) {
                continue;
            }
            // A win is only worth trying where not losing holds at this depth.
            if claim.target == Target::Win && matches!(status[i - 1], ClaimStatus::FailsWithin(_)) {
                status[i] = status[i - 1];
                continue;
            }
            solver.claim = claim;
            match solver.search(position, depth) {
                Err(Stopped) => {
                    report.stopped = true;
                    break 'deepen;
                }
                Ok(Found::Proven(plies)) => {
                    let first = if mover == claim.prover {
                        match solver.proving_move(position, plies) {
                            Ok(first) => first,
                            Err(Stopped) => {
                                report.stopped = true;
                                break 'deepen;
                            }
                        }
                    } else {
                        None
                    };
                    status[i] = ClaimStatus::Proven { plies, first };
                }
                Ok(Found::Fails(bound)) if bound == NO_PROOF => status[i] = ClaimStatus::Refuted,
                Ok(Found::Fails(_)) => status[i] = ClaimStatus::FailsWithin(depth),
            }
            // A side that can never force a result short of a loss can never force a win.
            if claim.target == Target::NotLose && status[i] == ClaimStatus::Refuted {
                status[i + 1] = ClaimStatus::Refuted;
            }
            if let Some(value) = value_of(&status) {
                report.value = Some(value);
                finished = true;
                continue 'deepen;
            }
        }
    }
    if !finished && depth >= deepest && report.value.is_none() {
        report.stopped = true;
    }
    if let Some(value) = report.value {
        let index = match value {
            Value::Win => 1,
            Value::Draw => 0,
            Value::Loss => 3,
        };
        if let ClaimStatus::Proven { plies, first } = status[index] {
            report.plies = Some(plies);
            report.best = first;
            solver.claim = claims[index];
            if value != Value::Draw {
                if let Ok((proof, size)) = solver.write_proof(position, plies) {
                    report.proof = Some(proof);
                    report.proof_size = Some(size);
                }
            }
            if value == Value::Draw {
                if let ClaimStatus::Proven { plies: other, .. } = status[2] {
                    report.plies = Some(plies.max(other));
                }
            }
        }
    }
    report.claims = claims.iter().copied().zip(status).collect();
    report.nodes = solver.nodes;
    report.tt_entries = solver.table.used();
    report.elapsed = start.elapsed();
    report
}

/// The value the claims' status settles, if any. Claims in order: mover not lose, mover win,
/// opponent not lose, opponent win.
fn value_of(status: &[ClaimStatus; 4]) -> Option<Value> {
    let proven = |i: usize| matches!(status[i], ClaimStatus::Proven { .. });
    if proven(1) {
        Some(Value::Win)
    } else if proven(3) {
        Some(Value::Loss)
    } else if proven(0) && proven(2) {
        Some(Value::Draw)
    } else {
        None
    }
}

/// The search hit a node or time limit.
#[derive(Debug, Clone, Copy)]
struct Stopped;

/// A search result for the current claim from one node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Found {
    /// Proven within this many plies.
    Proven(u16),
    /// Not provable within this many plies ([`NO_PROOF`]: at any depth).
    Fails(u16),
}

/// What the table knows about one claim in one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Known {
    /// Length of the shortest known proof, or [`NO_PROOF`].
    proven: u16,
    /// The largest depth within which the claim is known to fail (0: none).
    fails: u16,
    /// Index in the legal moves of the move that proved or refuted the claim.
    best: u8,
}

impl Known {
    const NOTHING: Known = Known {
        proven: NO_PROOF,
        fails: 0,
        best: u8::MAX,
    };
}

struct Solver {
    table: Table<Known>,
    claim: Claim,
    nodes: u64,
    max_nodes: u64,
    deadline: Instant,
}

impl Solver {
    fn new(limits: &SolveLimits, start: Instant) -> Solver {
        Solver {
            table: Table::with_mb(limits.tt_mb, Known::NOTHING),
            claim: Claim {
                prover: Seat::South,
                target: Target::Win,
            },
            nodes: 0,
            max_nodes: limits.max_nodes,
            deadline: start + limits.time_limit,
        }
    }

    fn key(&self, position: &Position) -> Option<table::Key> {
        table::key(position, self.claim)
    }

    fn probe(&self, position: &Position) -> Option<Known> {
        self.key(position).and_then(|key| self.table.get(key))
    }

    fn store(&mut self, key: table::Key, found: Found, best: u8, work: u64) {
        self.table.update(key, work, |known| {
            let mut known = known.unwrap_or(Known::NOTHING);
            match found {
                Found::Proven(plies) => known.proven = known.proven.min(plies),
                Found::Fails(depth) => known.fails = known.fails.max(depth),
            }
            known.best = best;
            known
        });
    }

    /// Whether `outcome` meets the current claim.
    fn met(&self, outcome: Outcome) -> bool {
        self.claim.met_by(outcome)
    }

    /// Searches the current claim from `position` within `budget` plies.
    fn search(&mut self, position: &Position, budget: u16) -> Result<Found, Stopped> {
        if let Some(outcome) = position.outcome() {
            return Ok(if self.met(outcome) {
                Found::Proven(0)
            } else {
                Found::Fails(NO_PROOF)
            });
        }
        if budget == 0 {
            return Ok(Found::Fails(0));
        }
        self.nodes += 1;
        if self.nodes >= self.max_nodes
            || (self.nodes.is_multiple_of(CLOCK_INTERVAL) && Instant::now() >= self.deadline)
        {
            return Err(Stopped);
        }
        let key = self.key(position);
        let mut hint = u8::MAX;
        if let Some(entry) = key.and_then(|k| self.table.get(k)) {
            if entry.proven <= budget {
                return Ok(Found::Proven(entry.proven));
            }
            if entry.fails >= budget {
                return Ok(Found::Fails(entry.fails));
            }
            hint = entry.best;
        }
        let nodes_before = self.nodes;
        let found = self.expand(position, budget, hint)?;
        if let Some(key) = key {
            self.store(key, found.0, found.1, self.nodes - nodes_before);
        }
        Ok(found.0)
    }

    /// Tries the children of a non-terminal `position`; returns the result and the index of
    /// the deciding move.
    fn expand(
        &mut self,
        position: &Position,
        budget: u16,
        hint: u8,
    ) -> Result<(Found, u8), Stopped> {
        let prover_moves = position.to_move() == Some(self.claim.prover);
        let moves = position.legal_moves();
        let mover = position.to_move().unwrap_or(Seat::South);
        let before = position.captured(mover);
        let mut children: [(Position, i32, u8); 10] = [(*position, 0, 0); 10];
        let mut len = 0;
        for (i, &mv) in moves.iter().enumerate() {
            let Ok(child) = position.play(mv) else {
                continue;
            };
            if let Some(outcome) = child.outcome() {
                // A terminal child settles the node or is no use to the side choosing it.
                match (prover_moves, self.met(outcome)) {
                    (true, true) => return Ok((Found::Proven(1), i as u8)),
                    (false, false) => return Ok((Found::Fails(NO_PROOF), i as u8)),
                    _ => {}
                }
            }
            let gain = i32::from(child.captured(mover)) - i32::from(before);
            let mut score = gain * 64;
            if prover_moves {
                score -= child.legal_moves().len() as i32;
            }
            if i as u8 == hint {
                score = i32::MAX;
            }
            children[len] = (child, score, i as u8);
            len += 1;
        }
        let children = &mut children[..len];
        children.sort_by_key(|child| std::cmp::Reverse(child.1));
        // Enhanced transposition cutoff: a child already known to settle this node.
        if budget >= 2 {
            for &(child, _, i) in children.iter() {
                if let Some(e) = self.probe(&child) {
                    if prover_moves && e.proven < budget {
                        return Ok((Found::Proven(e.proven + 1), i));
                    }
                    if !prover_moves && e.fails >= budget - 1 {
                        return Ok((Found::Fails(e.fails.saturating_add(1)), i));
                    }
                }
            }
        }
        if prover_moves {
            // Fails within the smallest bound any child fails within, plus one.
            let mut fails = NO_PROOF;
            for &(child, _, i) in children.iter() {
                match self.search(&child, budget - 1)? {
                    Found::Proven(plies) => return Ok((Found::Proven(plies + 1), i)),
                    Found::Fails(depth) => fails = fails.min(depth.saturating_add(1)),
                }
            }
            Ok((Found::Fails(fails), hint))
        } else {
            let mut longest = 0;
            let mut longest_index = hint;
            for &(child, _, i) in children.iter() {
                match self.search(&child, budget - 1)? {
                    Found::Proven(plies) => {
                        if plies >= longest {
                            longest = plies;
                            longest_index = i;
                        }
                    }
                    Found::Fails(depth) => return Ok((Found::Fails(depth.saturating_add(1)), i)),
                }
            }
            Ok((Found::Proven(longest + 1), longest_index))
        }
    }

    /// The prover's move that keeps a proof of the current claim within `plies` from
    /// `position`, where the prover is to move.
    fn proving_move(&mut self, position: &Position, plies: u16) -> Result<Option<Move>, Stopped> {
        for &mv in &position.legal_moves() {
            let Ok(child) = position.play(mv) else {
                continue;
            };
            if let Found::Proven(_) = self.search(&child, plies.saturating_sub(1))? {
                return Ok(Some(mv));
            }
        }
        Ok(None)
    }

    /// Writes the proof of the current claim within `plies` plies in the format of
    /// [`super::proof`] (re-searching any part the table has lost), and counts its unfinished
    /// positions.
    fn write_proof(&mut self, position: &Position, plies: u16) -> Result<(String, u64), Stopped> {
        let mut seen = HashSet::new();
        let mut digits = String::new();
        self.walk_proof(position, plies, &mut seen, &mut digits)?;
        Ok((digits, seen.len() as u64))
    }

    /// The canonical walk of [`super::proof`]: the prover's one move, the defender's every move.
    fn walk_proof(
        &mut self,
        position: &Position,
        budget: u16,
        seen: &mut HashSet<RepetitionKey>,
        digits: &mut String,
    ) -> Result<(), Stopped> {
        if position.is_over() || !seen.insert(position.repetition_key()) {
            return Ok(());
        }
        let Found::Proven(plies) = self.search(position, budget)? else {
            // Impossible in a proof; the stored proof's check would reject the gap.
            return Ok(());
        };
        let legal = position.legal_moves();
        if position.to_move() == Some(self.claim.prover) {
            if let Some(mv) = self.proving_move(position, plies)? {
                let index = legal.iter().position(|&m| m == mv).unwrap_or(0);
                digits.push(char::from(b'0' + index as u8));
                if let Ok(child) = position.play(mv) {
                    self.walk_proof(&child, plies - 1, seen, digits)?;
                }
            }
        } else {
            for &mv in &legal {
                if let Ok(child) = position.play(mv) {
                    self.walk_proof(&child, plies - 1, seen, digits)?;
                }
            }
        }
        Ok(())
    }
}
