//! Move generation: steps, and hop chains as a search over the hop graph, under the options.

use super::board::{holes_of, Hole, Mask, Triangle, ALL_HOLES, HOLES};
use super::position::Position;
use super::rules::{AntiSpoil, GoalLock, LongJumps};
use super::Move;

/// Where one peg can go, split by kind. Hop destinations' chains are in the parents table
/// filled by [`reach`]: `parents[h]` is the hole the last hop to `h` started from.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Reach {
    /// Steps into empty holes.
    pub(crate) steps: Mask,
    /// Steps that swap with an opponent's peg in the goal.
    pub(crate) swap_steps: Mask,
    /// Ends of hop chains on empty holes.
    pub(crate) hops: Mask,
    /// Hop chains whose last hop lands on an opponent's peg in the goal and swaps.
    pub(crate) swap_hops: Mask,
}

impl Reach {
    /// Every destination.
    pub(crate) fn all(&self) -> Mask {
        self.steps | self.swap_steps | self.hops | self.swap_hops
    }

    /// How many moves the peg has.
    pub(crate) fn count(&self) -> u32 {
        self.all().count_ones()
    }
}

/// Calls `land` for the landing hole of every hop from `at` (empty or not), given the occupied
/// holes (the moving peg already lifted).
#[inline]
fn for_each_hop(at: Hole, occupied: Mask, long: bool, mut land: impl FnMut(Hole)) {
    for d in 0..6 {
        if !long {
            if let Some(mid) = at.neighbour_index(d) {
                if occupied & mid.bit() != 0 {
                    if let Some(landing) = mid.neighbour_index(d) {
                        land(landing);
                    }
                }
            }
            continue;
        }
        // Long jumps: find the first peg on the line, then as many empty holes beyond it as
        // before it, then the landing.
        let mut cursor = at;
        let mut gap = 0;
        let mut mid = None;
        while let Some(next) = cursor.neighbour_index(d) {
            cursor = next;
            if occupied & next.bit() != 0 {
                mid = Some(next);
                break;
            }
            gap += 1;
        }
        let Some(mut cursor) = mid else { continue };
        let mut clear = true;
        for _ in 0..gap {
            match cursor.neighbour_index(d) {
                Some(next) if occupied & next.bit() == 0 => cursor = next,
                _ => {
                    clear = false;
                    break;
                }
            }
        }
        if clear {
            if let Some(landing) = cursor.neighbour_index(d) {
                land(landing);
            }
        }
    }
}

/// Where the peg of `set` on `from` may go under the position's rules.
pub(crate) fn reach(
    position: &Position,
    set: usize,
    from: Hole,
    parents: &mut [u8; HOLES],
) -> Reach {
    let rules = position.rules();
    let occupied = position.occupied & !from.bit();
    let goal = Triangle::ALL[set].opposite().mask();
    let in_goal = goal & from.bit() != 0;
    let mut allowed = ALL_HOLES & !position.seating.forbidden[set];
    if in_goal && rules.goal_lock != GoalLock::Off {
        allowed &= goal;
    }
    let landing_ok = if in_goal && rules.goal_lock == GoalLock::Path {
        goal
    } else {
        ALL_HOLES
    };
    let swappable = if rules.anti_spoil == AntiSpoil::Swap {
        let player = position.seating.player_of[set];
        let mut opponents = 0;
        for t in 0..6 {
            if position.seating.player_of[t] != player {
                opponents |= position.pegs[t];
            }
        }
        goal & opponents & allowed
    } else {
        0
    };
    let long = rules.long_jumps == LongJumps::Midpoint;

    let mut reach = Reach::default();
    for d in 0..6 {
        if let Some(n) = from.neighbour_index(d) {
            reach.steps |= n.bit();
        }
    }
    reach.swap_steps = reach.steps & swappable;
    reach.steps &= !occupied & allowed;

    let mut visited: Mask = from.bit();
    let mut queue = [0u8; HOLES];
    let (mut head, mut tail) = (0, 1);
    queue[0] = from.index() as u8;
    while head < tail {
        let at = Hole::new(queue[head] as usize).unwrap_or(from);
        head += 1;
        for_each_hop(at, occupied, long, |landing| {
            let bit = landing.bit();
            if occupied & bit == 0 {
                if visited & bit == 0 && landing_ok & bit != 0 {
                    visited |= bit;
                    parents[landing.index()] = at.index() as u8;
                    queue[tail] = landing.index() as u8;
                    tail += 1;
                }
            } else if swappable & bit != 0 && reach.swap_hops & bit == 0 {
                reach.swap_hops |= bit;
                parents[landing.index()] = at.index() as u8;
            }
        });
    }
    reach.hops = visited & !from.bit() & allowed;
    reach
}

/// Every hole a step or a hop chain reaches from `from`, ignoring goal lock and foreign
/// triangles (used to explain why a move is illegal).
pub(crate) fn reach_unrestricted(position: &Position, from: Hole) -> Mask {
    let occupied = position.occupied & !from.bit();
    let long = position.rules().long_jumps == LongJumps::Midpoint;
    let mut found = 0;
    for d in 0..6 {
        if let Some(n) = from.neighbour_index(d) {
            found |= n.bit() & !occupied;
        }
    }
    let mut visited = from.bit();
    let mut frontier = from.bit();
    while frontier != 0 {
        let mut next = 0;
        for at in holes_of(frontier) {
            for_each_hop(at, occupied, long, |landing| {
                if (occupied | visited) & landing.bit() == 0 {
                    next |= landing.bit();
                }
            });
        }
        visited |= next;
        frontier = next;
    }
    found | (visited & !from.bit())
}

/// Whether `to` is one hop from `at` over a peg (`occupied` without the moving peg); the landing
/// itself may be occupied (the caller decides).
pub(crate) fn is_hop(position: &Position, occupied: Mask, at: Hole, to: Hole) -> bool {
    let long = position.rules().long_jumps == LongJumps::Midpoint;
    let mut found = false;
    for_each_hop(at, occupied & !to.bit(), long, |landing| {
        found |= landing == to
    });
    found
}

/// Rebuilds the chain to `to` from the parents table of [`reach`].
pub(crate) fn path_move(from: Hole, to: Hole, parents: &[u8; HOLES]) -> Move {
    let mut chain = vec![to];
    let mut at = to;
    while at != from && chain.len() <= HOLES {
        at = Hole::new(parents[at.index()] as usize).unwrap_or(from);
        chain.push(at);
    }
    chain.reverse();
    Move::along(&chain).unwrap_or_else(|| Move::new(from, to))
}

/// Leaf count `depth` plies deep, counting moves at the last ply without playing them.
pub(crate) fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.outcome().is_some() {
        return 0;
    }
    let mut parents = [0u8; HOLES];
    let mut total = 0;
    let mut any = false;
    for set in position.mover_sets() {
        for from in holes_of(position.pegs[set]) {
            let r = reach(position, set, from, &mut parents);
            if r.all() != 0 {
                any = true;
            }
            if depth == 1 {
                total += r.count() as u64;
                continue;
            }
            for to in holes_of(r.steps | r.hops) {
                let mut next = position.clone();
                next.apply(set, from, to, None);
                total += perft(&next, depth - 1);
            }
            for to in holes_of(r.swap_steps) {
                let mut next = position.clone();
                next.apply(set, from, to, Some(from));
                total += perft(&next, depth - 1);
            }
            for to in holes_of(r.swap_hops) {
                let back = Hole::new(parents[to.index()] as usize).unwrap_or(from);
                let mut next = position.clone();
                next.apply(set, from, to, Some(back));
                total += perft(&next, depth - 1);
            }
        }
    }
    if !any {
        // A forced pass is the only move.
        return match position.pass() {
            Ok(next) => perft(&next, depth - 1),
            Err(_) => 0,
        };
    }
    total
}

/// A legal move in the form search needs: the set, the ends, and where a swapped peg goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Quick {
    pub(crate) set: usize,
    pub(crate) from: Hole,
    pub(crate) to: Hole,
    pub(crate) back: Option<Hole>,
}

/// Appends the legal moves of the player to move (none when the game is over).
pub(crate) fn quick_moves(position: &Position, out: &mut Vec<Quick>) {
    if position.outcome().is_some() {
        return;
    }
    let mut parents = [0u8; HOLES];
    for set in position.mover_sets() {
        for from in holes_of(position.pegs[set]) {
            let r = reach(position, set, from, &mut parents);
            for to in holes_of(r.steps | r.hops) {
                out.push(Quick {
                    set,
                    from,
                    to,
                    back: None,
                });
            }
            for to in holes_of(r.swap_steps) {
                out.push(Quick {
                    set,
                    from,
                    to,
                    back: Some(from),
                });
            }
            for to in holes_of(r.swap_hops) {
                let back = Hole::new(parents[to.index()] as usize).unwrap_or(from);
                out.push(Quick {
                    set,
                    from,
                    to,
                    back: Some(back),
                });
            }
        }
    }
}
