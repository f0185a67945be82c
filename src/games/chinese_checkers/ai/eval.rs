//! The searching player's evaluation, and the tables it and the search share (distances to the
//! goals, forward directions, Zobrist keys).
//!
//! A player's score sums, over their sets:
//! - **distance**: each peg's distance to its goal's tip (tenfold);
//! - **stragglers**: the rearmost peg's distance, and pegs still in the start triangle;
//! - **blocking**: pegs sitting in a triangle that is another player's goal (the start of a
//!   two-, four- or six-player game is the opposite player's goal): they block that player's
//!   last moves but must still travel, and under `anti_spoil = swap` they get swapped back;
//! - **ladders**: forward hops available now (an adjacent peg with an empty hole beyond it,
//!   towards the goal), the raw material of long hop chains;
//! - **race**: a rough count of the moves still needed (one per peg outside the goal, plus one
//!   per [`RACE_STRIDE`] holes still to travel): near the end, pegs left outside cost a move
//!   each however close they stand.
//!
//! The position's value for the searching player is its score minus that of its strongest
//! opponent still playing (with a little of the others' mean when there are several).

use std::sync::OnceLock;

use crate::games::chinese_checkers::board::{holes_of, Mask, Triangle, HOLES};
use crate::games::chinese_checkers::{Hole, Player, Position};

/// Weight of a hole of distance to the goal's tip.
const W_DISTANCE: i32 = 10;
/// Weight of the rearmost peg's distance.
const W_REARMOST: i32 = 4;
/// Weight of a peg still in its start triangle.
const W_START: i32 = 6;
/// Weight of a peg resting in another player's goal.
const W_BLOCKING: i32 = 4;
/// Weight of a forward hop available now (at most [`LADDER_CAP`] counted).
const W_LADDER: i32 = 2;
/// Forward hops counted per set.
const LADDER_CAP: i32 = 8;
/// Weight of a move still needed in the race term.
const W_RACE: i32 = 6;
/// Holes a peg travels per move in the race estimate (a fair hop chain).
const RACE_STRIDE: i32 = 6;

/// Tables computed once.
pub(super) struct Tables {
    /// `distance[set][hole]`: steps from the hole to the tip of the set's goal.
    pub(super) distance: [[u8; HOLES]; 6],
    /// `forward[set][hole]`: a bit per direction whose neighbour is nearer the set's goal tip.
    forward: [[u8; HOLES]; 6],
    /// `zobrist[set][hole]`: a random key per peg of a set in a hole.
    pub(super) zobrist: [[u64; HOLES]; 6],
}

/// The shared tables.
pub(super) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

fn build() -> Tables {
    let mut t = Tables {
        distance: [[0; HOLES]; 6],
        forward: [[0; HOLES]; 6],
        zobrist: [[0; HOLES]; 6],
    };
    let mut seed = 0x0c0f_fee0_dd5e_ed00_u64;
    for set in 0..6 {
        let tip = Triangle::ALL[set].opposite().tip();
        for hole in Hole::all() {
            let d = hole.distance(tip);
            t.distance[set][hole.index()] = d as u8;
            for direction in 0..6 {
                if let Some(n) = hole.neighbour_index(direction) {
                    if n.distance(tip) < d {
                        t.forward[set][hole.index()] |= 1 << direction;
                    }
                }
            }
            t.zobrist[set][hole.index()] = splitmix(&mut seed);
        }
    }
    t
}

/// The next number of the SplitMix64 sequence (fixed keys, the same in every run).
pub(super) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Whether the player still plays (not home, not retired).
pub(super) fn active(position: &Position, player: usize) -> bool {
    let p = Player::new(player);
    position.place(p).is_none() && !position.is_retired(p)
}

/// The value of `position` for `root`: its score against its opponents still playing.
pub(super) fn evaluate(position: &Position, root: usize) -> i32 {
    let tables = tables();
    let own = score(position, root, tables);
    let (mut rival, mut sum, mut count) = (i32::MIN, 0, 0);
    for q in (0..position.players()).filter(|&q| q != root && active(position, q)) {
        let s = score(position, q, tables);
        rival = rival.max(s);
        sum += s;
        count += 1;
    }
    if count == 0 {
        return own;
    }
    // Mostly the leader among the opponents; the rest a little, so that slowing any of them
    // is worth something.
    own - (3 * rival + sum / count) / 4
}

/// A player's score (higher is better), summed over their sets.
fn score(position: &Position, player: usize, tables: &Tables) -> i32 {
    let sets = position.seating.sets_of[player];
    let mut total = 0;
    for set in (0..6).filter(|s| sets & (1 << s) != 0) {
        total += set_score(position, set, tables);
    }
    total
}

/// Holes where pegs of `set` block another player: goals of the other players' sets.
fn blocking_holes(position: &Position, set: usize) -> Mask {
    let player = position.seating.player_of[set];
    let mut mask = 0;
    for t in 0..6 {
        let owner = position.seating.player_of[t];
        if t != set && owner != u8::MAX && owner != player {
            mask |= Triangle::ALL[t].opposite().mask();
        }
    }
    mask & !Triangle::ALL[set].opposite().mask()
}

/// One set's score.
fn set_score(position: &Position, set: usize, tables: &Tables) -> i32 {
    let pegs = position.pegs[set];
    let distance = &tables.distance[set];
    let (mut sum, mut rearmost, mut outside, mut travel) = (0, 0, 0, 0);
    let mut ladders = 0;
    for h in holes_of(pegs) {
        let d = i32::from(distance[h.index()]);
        sum += d;
        rearmost = rearmost.max(d);
        if d > 3 {
            outside += 1;
            travel += d - 3;
        }
        ladders += forward_hops(position.occupied, h, tables.forward[set][h.index()]);
    }
    let in_start = (pegs & Triangle::ALL[set].mask()).count_ones() as i32;
    let blocking = (pegs & blocking_holes(position, set)).count_ones() as i32;
    let race = outside + (travel + RACE_STRIDE - 1) / RACE_STRIDE;
    -(W_DISTANCE * sum
        + W_REARMOST * rearmost
        + W_START * in_start
        + W_BLOCKING * blocking
        + W_RACE * race)
        + W_LADDER * ladders.min(LADDER_CAP)
}

/// Forward hops from `h`: directions in `forward` with a peg next door and an empty hole beyond.
fn forward_hops(occupied: Mask, h: Hole, forward: u8) -> i32 {
    let mut count = 0;
    for direction in (0..6).filter(|d| forward & (1 << d) != 0) {
        let Some(mid) = h.neighbour_index(direction) else {
            continue;
        };
        if occupied & mid.bit() == 0 {
            continue;
        }
        if let Some(landing) = mid.neighbour_index(direction) {
            if occupied & landing.bit() == 0 {
                count += 1;
            }
        }
    }
    count
}
