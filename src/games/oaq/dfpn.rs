//! Proving one claim by depth-first proof-number search (df-pn), with no depth bound.
//!
//! [`super::solve`] deepens one ply at a time, so its cost grows by a constant factor with
//! every ply of the shortest forced end: that reaches 17 plies under `standard` but not the
//! longer games of `folk`. Proof-number search instead expands the position that most cheaply
//! decides the claim, however deep it lies: it follows forcing lines far down while leaving
//! wide, undecided branches alone.
//!
//! # How
//!
//! Nagai's df-pn with the 1+ε trick (ε = 1/4, [`crate::games::proof_numbers`]), on one claim:
//! "the prover can force a win". A position where the prover is to move is an OR node (one
//! proven move proves it), one where the defender is to move an AND node (every move must be
//! proven). A position not searched yet starts with
//! numbers from the computer's evaluation and its mobility (see [`Search::estimate`]): the
//! further the prover leads, the smaller the proof number. Numbers are kept in the exact-key
//! [`Table`] of the depth-bounded solver, with the length of the proof's longest line for
//! proven positions. A parent keeps each child's last result too, so a child the table has
//! dropped is not chosen again for ever from its first estimate.
//!
//! # What a result means
//!
//! - **Proven** means the search built a proof from finished games that meet the claim. It
//!   counts a position already on the current line, and one at or past the 400-ply valve, as
//!   not proven, so it never relies on a repetition or on the valve. The table ignores the
//!   ply and how a position was reached, so in rare cases two lines can combine into a
//!   strategy that repeats a position (the graph-history interaction): [`prove`] therefore
//!   writes the proof out in the format of [`super::proof`], and [`ProofBook::read`]
//!   checks it by plain replay. Only a proof that passes that check is reported as proven.
//! - **Disproven** means the search found that no proof exists *given* the positions it
//!   counted as not proven because of the current line. It is not a proof that the claim
//!   fails; it is reported as [`Verdict::NoProof`].
//!
//! [`ProofBook::read`]: super::proof::ProofBook::read

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::ai::evaluate;
use super::position::{Position, RepetitionKey, MAX_PLIES};
use super::proof::ProofBook;
use super::solve::{Claim, Target};
use super::table::{self, Key, Table};
use super::types::{Move, Seat};
use crate::games::proof_numbers::{Choice, INFINITE};

/// The positions a proof's walk has met, by [`Position::repetition_key`].
type Seen = HashSet<RepetitionKey>;

/// How often (in nodes) the search looks at the clock.
const CLOCK_INTERVAL: u64 = 4096;
/// The prover's lead (by [`evaluate`]: twice the captured points plus the row) beyond which
/// a new position's starting numbers no longer change.
const LEAD_CLAMP: i32 = 100;
/// Points of lead per unit of a new position's starting numbers. Measured on the folk start:
/// see `docs/oaq-solve.md`.
const LEAD_STEP: i32 = 20;

/// How far [`prove`] may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProveLimits {
    /// Nodes (positions expanded) before giving up.
    pub max_nodes: u64,
    /// Wall-clock time before giving up.
    pub time_limit: Duration,
    /// Transposition-table size in MiB (allocated up front).
    pub tt_mb: usize,
}

/// What [`prove`] concluded about its claim.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The claim holds: the proof was written out and passed [`ProofBook::read`]'s check.
    Proven,
    /// The search ended with no proof possible, counting repetitions as failures (see the
    /// module documentation: not a proof that the claim fails).
    NoProof,
    /// The node or time limit ended the search first.
    Unknown,
    /// The search proved the claim but the proof written out failed the check; the message
    /// says why. Never expected; reported rather than trusted.
    Rejected(String),
}

/// The result of [`prove`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProveReport {
    /// What is known about the claim.
    pub verdict: Verdict,
    /// The proof's first move, when proven and the prover is to move.
    pub first: Option<Move>,
    /// The proof's longest line in plies, when proven.
    pub plies: Option<u32>,
    /// Positions of the proof where a move is not forced by the game's end (transpositions
    /// counted once), when proven.
    pub proof_size: Option<u64>,
    /// The proof, in the format [`ProofBook::read`] reads, when proven.
    pub proof: Option<String>,
    /// Positions expanded, the proof's extraction included.
    pub nodes: u64,
    /// Transposition-table entries in use at the end.
    pub tt_entries: u64,
    /// Transposition-table size in bytes.
    pub tt_bytes: usize,
    /// Wall-clock time spent.
    pub elapsed: Duration,
}

/// Proves or fails to prove that `prover` can force a win from `position` within `limits`;
/// see the module documentation for what each verdict means. Deterministic for a given
/// position, prover and limits, except where the time limit cuts it short.
pub fn prove(position: &Position, prover: Seat, limits: &ProveLimits) -> ProveReport {
    let start = Instant::now();
    let claim = Claim {
        prover,
        target: Target::Win,
    };
    let mut search = Search {
        table: Table::with_mb(limits.tt_mb, Numbers::FRESH),
        claim,
        nodes: 0,
        max_nodes: limits.max_nodes,
        deadline: start + limits.time_limit,
        out: false,
        path: Path::default(),
    };
    let mut report = ProveReport {
        verdict: Verdict::Unknown,
        first: None,
        plies: None,
        proof_size: None,
        proof: None,
        nodes: 0,
        tt_entries: 0,
        tt_bytes: search.table.bytes(),
        elapsed: Duration::ZERO,
    };
    let root = match position.outcome() {
        Some(outcome) if claim.met_by(outcome) => Numbers::PROVEN,
        Some(_) => Numbers::DISPROVEN,
        None => search.mid(position, table::key(position, claim), INFINITE, INFINITE),
    };
    if root.pn == 0 {
        report.verdict = match search.write_proof(position) {
            Ok((text, size)) => match ProofBook::read(position, claim.prover, &text) {
                Ok(book) => {
                    report.first = book.move_for(position);
                    report.plies = Some(book.longest());
                    report.proof_size = Some(size);
                    report.proof = Some(text);
                    Verdict::Proven
                }
                Err(e) => Verdict::Rejected(e.to_string()),
            },
            Err(Gap::Stopped) => Verdict::Unknown,
            Err(Gap::Unproven(at)) => {
                Verdict::Rejected(format!("the proof needs {at}, which was not proven again"))
            }
        };
    } else if root.dn == 0 {
        report.verdict = Verdict::NoProof;
    }
    report.nodes = search.nodes;
    report.tt_entries = search.table.used();
    report.elapsed = start.elapsed();
    report
}

/// Why a proof could not be written out.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Gap {
    /// A limit ended a search that the table's lost entries needed.
    Stopped,
    /// A position of the proof where the prover has no proven move (the position string).
    Unproven(String),
}

/// What the search knows about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Numbers {
    /// Proof number: 0 once proven.
    pn: u32,
    /// Disproof number: 0 once disproven.
    dn: u32,
    /// Once proven: the proof's longest line from here, in plies.
    distance: u16,
}

impl Numbers {
    const FRESH: Numbers = Numbers {
        pn: 1,
        dn: 1,
        distance: 0,
    };
    const PROVEN: Numbers = Numbers {
        pn: 0,
        dn: INFINITE,
        distance: 0,
    };
    const DISPROVEN: Numbers = Numbers {
        pn: INFINITE,
        dn: 0,
        distance: 0,
    };
}

/// A move of an expanded position.
#[derive(Debug, Clone, Copy)]
struct Child {
    /// Its index in the parent's [`Position::legal_moves`].
    index: u8,
    position: Position,
    key: Option<Key>,
    /// The numbers to use when the table knows nothing: final for a finished game (or one
    /// past the valve), otherwise the last search's result or, before one, the mobility
    /// estimate.
    numbers: Numbers,
    /// Whether `numbers` is final.
    settled: bool,
}

/// The keys of the positions on the current line, with a count per hash so that most
/// positions not on the line are told apart without a scan.
struct Path {
    keys: Vec<Key>,
    counts: Vec<u16>,
}

impl Default for Path {
    fn default() -> Path {
        Path {
            keys: Vec::new(),
            counts: vec![0; 1 << 16],
        }
    }
}

impl Path {
    fn slot(key: Key) -> usize {
        ((key[0] ^ key[1].rotate_left(17)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 48) as usize
    }

    fn contains(&self, key: Key) -> bool {
        self.counts[Path::slot(key)] > 0 && self.keys.contains(&key)
    }

    fn push(&mut self, key: Key) {
        self.counts[Path::slot(key)] += 1;
        self.keys.push(key);
    }

    fn pop(&mut self) {
        if let Some(key) = self.keys.pop() {
            self.counts[Path::slot(key)] -= 1;
        }
    }
}

struct Search {
    table: Table<Numbers>,
    claim: Claim,
    nodes: u64,
    max_nodes: u64,
    deadline: Instant,
    /// The node or time limit has ended the search.
    out: bool,
    /// Keys of the positions on the current line, root first.
    path: Path,
}

impl Search {
    /// Counts an expanded position; sets `out` once a limit is reached.
    fn visit(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.max_nodes
            || (self.nodes.is_multiple_of(CLOCK_INTERVAL) && Instant::now() >= self.deadline)
        {
            self.out = true;
        }
    }

    /// The moves of an unfinished `position`, most captured points first (ties are broken in
    /// that order), each with its starting numbers.
    fn children(&self, position: &Position) -> Vec<Child> {
        let mover = position.to_move();
        let gained = |child: &Position| mover.map_or(0, |seat| child.captured(seat));
        let mut children: Vec<Child> = position
            .legal_moves()
            .iter()
            .enumerate()
            .filter_map(|(index, &mv)| Some((index as u8, position.play(mv).ok()?)))
            .map(|(index, child)| {
                let (numbers, settled) = if child.ply() >= MAX_PLIES {
                    (Numbers::DISPROVEN, true)
                } else if let Some(outcome) = child.outcome() {
                    let met = self.claim.met_by(outcome);
                    (
                        if met {
                            Numbers::PROVEN
                        } else {
                            Numbers::DISPROVEN
                        },
                        true,
                    )
                } else {
                    (self.estimate(&child), false)
                };
                Child {
                    index,
                    position: child,
                    key: table::key(&child, self.claim),
                    numbers,
                    settled,
                }
            })
            .collect();
        children.sort_by_key(|child| std::cmp::Reverse(gained(&child.position)));
        children
    }

    /// The starting numbers of a position not searched yet: the prover's lead by the
    /// computer's evaluation, clamped to ±[`LEAD_CLAMP`] and counted in steps of
    /// [`LEAD_STEP`] (a proof number of 1 at a lead of 80 or more, of 10 at a deficit of 100),
    /// then the side to move's number multiplied by its count of moves, so that positions
    /// that leave the defender few replies are tried first.
    fn estimate(&self, position: &Position) -> Numbers {
        let lead = evaluate(position, self.claim.prover).clamp(-LEAD_CLAMP, LEAD_CLAMP);
        let mut pn = ((LEAD_CLAMP - lead) / LEAD_STEP).max(1) as u32;
        let mut dn = ((LEAD_CLAMP + lead) / LEAD_STEP).max(1) as u32;
        let moves = position.legal_moves().len() as u32;
        if position.to_move() == Some(self.claim.prover) {
            dn *= moves;
        } else {
            pn *= moves;
        }
        Numbers {
            pn,
            dn,
            distance: 0,
        }
    }

    /// A child's numbers: a position already on the current line counts as disproven.
    fn numbers(&self, child: &Child) -> Numbers {
        match child.key {
            _ if child.settled => child.numbers,
            Some(key) if self.path.contains(key) => Numbers::DISPROVEN,
            Some(key) => self.table.get(key).unwrap_or(child.numbers),
            None => child.numbers,
        }
    }

    /// Searches an unfinished `position` until its proof number reaches `pn_limit`, its
    /// disproof number `dn_limit`, or a limit ends the search; stores and returns its numbers.
    fn mid(
        &mut self,
        position: &Position,
        key: Option<Key>,
        pn_limit: u32,
        dn_limit: u32,
    ) -> Numbers {
        let before = self.nodes;
        self.visit();
        let or = position.to_move() == Some(self.claim.prover);
        let mut children = self.children(position);
        if let Some(key) = key {
            self.path.push(key);
        }
        let numbers = loop {
            if children.is_empty() {
                // Never in a legal position, whose player to move always has a move.
                break Numbers::DISPROVEN;
            }
            let known: Vec<Numbers> = children.iter().map(|c| self.numbers(c)).collect();
            let choice = Choice::of(or, known.iter().map(|n| (n.pn, n.dn)));
            if choice.reached(or, pn_limit, dn_limit) || self.out {
                let (pn, dn) = choice.numbers(or);
                // The proof's longest line: through the shortest proven move at an OR node,
                // the longest at an AND node (where every move is proven once pn is 0).
                let through = known
                    .iter()
                    .filter(|n| n.pn == 0)
                    .map(|n| n.distance.saturating_add(1));
                let distance = match (pn, or) {
                    (0, true) => through.min().unwrap_or(0),
                    (0, false) => through.max().unwrap_or(0),
                    _ => 0,
                };
                break Numbers { pn, dn, distance };
            }
            let (child_pn_limit, child_dn_limit) = choice.child_limits(or, pn_limit, dn_limit);
            let child = children[choice.best];
            // Kept in case the table drops the child: a parent that read the starting estimate
            // again would choose the same child for ever.
            children[choice.best].numbers =
                self.mid(&child.position, child.key, child_pn_limit, child_dn_limit);
        };
        if let Some(key) = key {
            self.path.pop();
            self.table.update(key, self.nodes - before, |_| numbers);
        }
        numbers
    }

    /// The numbers of a proven position's child, searched again to a verdict if the table has
    /// lost it.
    fn settle(&mut self, child: &Child) -> Result<Numbers, Gap> {
        let known = self.numbers(child);
        if known.pn == 0 || known.dn == 0 {
            return Ok(known);
        }
        let found = self.mid(&child.position, child.key, INFINITE, INFINITE);
        if self.out {
            Err(Gap::Stopped)
        } else {
            Ok(found)
        }
    }

    /// Writes the proof from a proven `position` in the format of [`super::proof`], and
    /// counts its unfinished positions.
    fn write_proof(&mut self, position: &Position) -> Result<(String, u64), Gap> {
        let mut seen = Seen::new();
        let mut digits = String::new();
        self.path = Path::default();
        self.walk(position, &mut seen, &mut digits)?;
        Ok((digits, seen.len() as u64))
    }

    /// The canonical walk of [`super::proof`]: at the prover's positions the proven move with
    /// the shortest proof, at the defender's every move.
    fn walk(
        &mut self,
        position: &Position,
        seen: &mut Seen,
        digits: &mut String,
    ) -> Result<(), Gap> {
        if position.is_over() || !seen.insert(position.repetition_key()) {
            return Ok(());
        }
        // The walk's line is the search's path: a move back to a position on it is not
        // chosen, and a search run again here counts such a move as not proven.
        let key = table::key(position, self.claim);
        if let Some(key) = key {
            self.path.push(key);
        }
        let walked = self.walk_on(position, seen, digits);
        if key.is_some() {
            self.path.pop();
        }
        walked
    }

    /// The rest of [`Search::walk`] from an unfinished `position` on the line.
    fn walk_on(
        &mut self,
        position: &Position,
        seen: &mut Seen,
        digits: &mut String,
    ) -> Result<(), Gap> {
        let mut children = self.children(position);
        // The canonical order: the legal moves' own.
        children.sort_by_key(|child| child.index);
        if position.to_move() == Some(self.claim.prover) {
            // The proven move with the shortest proof; if the table has lost them all, the
            // first move that proves again.
            let mut chosen: Option<(usize, u16)> = None;
            for (i, child) in children.iter().enumerate() {
                let n = self.numbers(child);
                if n.pn == 0 && chosen.is_none_or(|(_, d)| n.distance < d) {
                    chosen = Some((i, n.distance));
                }
            }
            for (i, child) in children.iter().enumerate() {
                if chosen.is_some() {
                    break;
                }
                if self.settle(child)?.pn == 0 {
                    chosen = Some((i, 0));
                }
            }
            let Some((i, _)) = chosen else {
                return Err(Gap::Unproven(position.to_string()));
            };
            let child = children[i];
            digits.push(char::from(b'0' + child.index));
            self.walk(&child.position, seen, digits)
        } else {
            for child in &children {
                self.walk(&child.position, seen, digits)?;
            }
            Ok(())
        }
    }
}
