//! The bookkeeping of depth-first proof-number search (df-pn), shared by the engines' proof
//! searches (Shogi's tsume search, Ô ăn quan's `solve --prove`): how a node's numbers follow
//! from its children's, and which child to search next within which thresholds (Nagai's
//! df-pn with the 1+ε trick, ε = 1/4).
//!
//! Numbers are seen from the side to move: at an OR node (the prover to move) `phi` is the
//! proof number and `delta` the disproof number, at an AND node the other way round.

/// A proof or disproof number that cannot be reached: the node is decided.
pub const INFINITE: u32 = u32::MAX;

/// `(pn, dn)` as `(phi, delta)` at an OR node (`or`) or an AND node; the same call turns
/// `(phi, delta)` back into `(pn, dn)`.
pub fn oriented(or: bool, pn: u32, dn: u32) -> (u32, u32) {
    if or {
        (pn, dn)
    } else {
        (dn, pn)
    }
}

/// A node's numbers from its children's, and the child to search next.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choice {
    /// The node's phi: the least delta of a child.
    pub phi: u32,
    /// The node's delta: the sum of the children's phi (saturating below [`INFINITE`]).
    pub delta: u32,
    /// The index of the child with the least delta (the first of equals).
    pub best: usize,
    best_phi: u32,
    second: u32,
}

impl Choice {
    /// Combines the children's `(pn, dn)` at an OR node (`or`) or an AND node. With no
    /// children, phi is [`INFINITE`] and delta 0: the side to move has lost.
    pub fn of(or: bool, children: impl IntoIterator<Item = (u32, u32)>) -> Choice {
        let mut choice = Choice {
            phi: INFINITE,
            delta: 0,
            best: 0,
            best_phi: 0,
            second: INFINITE,
        };
        for (i, (pn, dn)) in children.into_iter().enumerate() {
            // A child is the other side's node: its phi is our delta and the other way round.
            let (child_phi, child_delta) = oriented(!or, pn, dn);
            if child_delta < choice.phi {
                choice.second = choice.phi;
                choice.phi = child_delta;
                choice.best = i;
                choice.best_phi = child_phi;
            } else if child_delta < choice.second {
                choice.second = child_delta;
            }
            choice.delta = if child_phi == INFINITE || choice.delta == INFINITE {
                INFINITE
            } else {
                choice.delta.saturating_add(child_phi).min(INFINITE - 1)
            };
        }
        choice
    }

    /// The node's `(pn, dn)`.
    pub fn numbers(&self, or: bool) -> (u32, u32) {
        oriented(or, self.phi, self.delta)
    }

    /// Whether the node has reached its thresholds, given as `(pn, dn)` limits.
    pub fn reached(&self, or: bool, pn_limit: u32, dn_limit: u32) -> bool {
        let (phi_limit, delta_limit) = oriented(or, pn_limit, dn_limit);
        self.phi >= phi_limit || self.delta >= delta_limit
    }

    /// The `(pn, dn)` limits for searching the best child, from the node's own.
    pub fn child_limits(&self, or: bool, pn_limit: u32, dn_limit: u32) -> (u32, u32) {
        let (phi_limit, delta_limit) = oriented(or, pn_limit, dn_limit);
        let child_delta_limit = phi_limit.min(self.second.saturating_add(self.second / 4 + 1));
        let child_phi_limit = if delta_limit == INFINITE {
            INFINITE
        } else {
            delta_limit - self.delta + self.best_phi
        };
        // Back to the child's (pn, dn): the child is the other side's node.
        oriented(!or, child_phi_limit, child_delta_limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_or_node_takes_its_easiest_child_and_sums_the_disproofs() {
        let choice = Choice::of(true, [(3, 2), (1, 4), (2, 1)]);
        assert_eq!(choice.numbers(true), (1, 7));
        assert_eq!(choice.best, 1);
        // The best child may grow to the second-best's 2 plus a quarter, plus one.
        assert_eq!(choice.child_limits(true, 10, 10), (3, 10 - 7 + 4));
        assert!(!choice.reached(true, 10, 10));
        assert!(choice.reached(true, 1, 10));
    }

    #[test]
    fn an_and_node_is_the_mirror_and_a_proven_child_decides_an_or_node() {
        let choice = Choice::of(false, [(3, 2), (1, 4), (2, 1)]);
        assert_eq!(choice.numbers(false), (6, 1));
        assert_eq!(choice.best, 2);
        let proven = Choice::of(true, [(5, 5), (0, INFINITE)]);
        assert_eq!(proven.numbers(true), (0, INFINITE));
        assert!(Choice::of(true, []).reached(true, INFINITE, INFINITE));
        assert_eq!(Choice::of(true, []).numbers(true), (INFINITE, 0));
    }
}
