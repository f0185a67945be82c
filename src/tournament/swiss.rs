//! Swiss pairing by maximum-weight matching.
//!
//! A round pairs the players still in the tournament so that, in this order of importance:
//! 1. everyone plays (a maximum number of games; with an odd number, one player has a bye);
//! 2. nobody meets an opponent twice, and nobody has a second bye, unless no pairing avoids it;
//! 3. no two players who both must have the same side meet (FIDE's absolute colour
//!    preference: a side difference of 2, or the same side twice in a row), unless unavoidable;
//! 4. the bye goes to the lowest score that can take it: FIDE's Dutch system treats it as a
//!    game against a virtual player a point below the lowest score, so it is never traded for
//!    smaller score differences elsewhere;
//! 5. players meet others of their own score: the sum over games of the squared difference of
//!    the two players' points is least (so two half-point floats are preferred to one float
//!    of a whole point);
//! 6. as few games as possible give both players a strong preference for the same side;
//! 7. within a score group, the top half meets the bottom half in order (1 against ½n + 1, as
//!    the Dutch system does); across groups, the lowest of the higher group floats down to the
//!    highest of the lower one; the bye goes to the lowest ranked.
//!
//! Each criterion is a term of one integer weight per possible game, scaled so that it
//! outweighs everything below it summed over a whole round; the pairing is then a
//! maximum-weight matching of the players (plus one "bye" vertex when their number is odd),
//! found exactly by the blossom algorithm (`integer-blossom`). This is the approach of the
//! Burstein and Dutch systems' computer implementations and of Lichess's Swiss: no
//! backtracking over score groups, and the best pairing the criteria define, not the first
//! found.
//!
//! Sides are then given per FIDE's rules (Handbook C.04.1 and the Dutch system's E rules):
//! both preferences if they differ; otherwise the stronger (absolute, then strong, then
//! mild); if they are equal, each player gets the side opposite to the one they had in the
//! latest round where they had different sides; else the higher-ranked player gets their
//! preference. In the first round board 1's higher seed moves first and boards alternate.
//!
//! Players are ranked by points, then rating, then id. Not implemented from the FIDE Dutch
//! rules: limits on floating in consecutive rounds, and the relaxations of the last round for
//! players who lead the tournament.

use super::round::{Colour, Entrant, Pairing, PlayerId, Points, Record, Round};

/// A player's wish for a side in the next game, strongest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    /// Any side is fine (no game played yet).
    None,
    /// Had the other side last time, with as many firsts as seconds.
    Mild,
    /// One more game with the other side.
    Strong,
    /// Two more with the other side, or the other side twice in a row.
    Absolute,
}

/// The side a player wishes for, and how strongly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Preference {
    colour: Colour,
    strength: Strength,
    /// Firsts minus seconds.
    difference: i32,
}

impl Preference {
    fn of(colours: &[Colour]) -> Preference {
        let difference: i32 = colours
            .iter()
            .map(|c| if *c == Colour::First { 1 } else { -1 })
            .sum();
        let wanted = |d: i32| if d > 0 { Colour::Second } else { Colour::First };
        let last_two = match colours {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        };
        let (colour, strength) = match (difference, last_two, colours.last()) {
            (d, _, _) if d.abs() >= 2 => (wanted(d), Strength::Absolute),
            (_, Some(twice), _) => (twice.other(), Strength::Absolute),
            (d, _, _) if d != 0 => (wanted(d), Strength::Strong),
            (_, _, Some(last)) => (last.other(), Strength::Mild),
            _ => (Colour::First, Strength::None),
        };
        Preference {
            colour,
            strength,
            difference,
        }
    }
}

/// A player as the pairing sees them.
struct Player {
    id: PlayerId,
    points: Points,
    record: Record,
    preference: Preference,
    colours: Vec<Colour>,
}

/// Pairs the next round of a Swiss tournament among `active` (the players still in it: late
/// entries included, withdrawals left out) given the rounds played so far. Every player in
/// `active` is in exactly one game or has the bye. Results of earlier rounds must be in.
pub fn pair(active: &[Entrant], history: &[Round]) -> Round {
    let mut players: Vec<(Player, f64)> = active
        .iter()
        .map(|e| {
            let record = Record::of(e.id, history);
            let colours: Vec<Colour> = record.games.iter().map(|&(_, c, _)| c).collect();
            let player = Player {
                id: e.id,
                points: record.points,
                preference: Preference::of(&colours),
                colours,
                record,
            };
            (player, e.rating)
        })
        .collect();
    players.sort_by(|(a, ra), (b, rb)| {
        b.points
            .cmp(&a.points)
            .then(rb.total_cmp(ra))
            .then(a.id.cmp(&b.id))
    });
    let players: Vec<Player> = players.into_iter().map(|(p, _)| p).collect();
    let mates = matching(&players);

    let first_round = history.is_empty();
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for (i, mate) in mates.iter().enumerate() {
        match *mate {
            Some(j) if j < players.len() => {
                if i < j {
                    let board = games.len();
                    let (first, second) = sides(&players[i], &players[j], first_round, board);
                    games.push(Pairing::new(first, second));
                }
            }
            _ => byes.push(players[i].id),
        }
    }
    Round { games, byes }
}

/// The weights' terms for one possible game (or a bye), most important first.
#[derive(Debug, Clone, Copy, Default)]
struct Cost {
    /// A rematch, or a second bye.
    repeat: i128,
    /// Both must have the same side.
    absolute: i128,
    /// The bye to a player with more points than the lowest who could take it: the
    /// difference, in half-points.
    bye: i128,
    /// Squared difference of points, in half-points.
    score: i128,
    /// Both strongly want the same side (2), or mildly (1).
    preference: i128,
    /// Distance from the Dutch order.
    order: i128,
}

/// The mate of each player (by index) in a maximum-weight matching; an index past the
/// players, or none, means the bye.
fn matching(players: &[Player]) -> Vec<Option<usize>> {
    let n = players.len();
    let odd = n % 2 == 1;
    let vertices = n + usize::from(odd);
    if n < 2 {
        return vec![None; n];
    }
    let groups = score_groups(players);
    let top_score = i128::from(players[0].points.0);
    let lowest_eligible = players
        .iter()
        .filter(|p| p.record.byes == 0)
        .map(|p| p.points.0)
        .min()
        .unwrap_or(0);
    let mut costs = vec![None; vertices * vertices];
    for i in 0..n {
        for j in i + 1..n {
            costs[i * vertices + j] = Some(game_cost(players, &groups, i, j));
        }
        if odd {
            let p = &players[i];
            costs[i * vertices + n] = Some(Cost {
                repeat: i128::from(p.record.byes),
                bye: i128::from(p.points.0.saturating_sub(lowest_eligible)),
                order: (n - 1 - i) as i128,
                ..Cost::default()
            });
        }
    }
    // Each term's largest value on one edge, so that a term outweighs every term below it
    // summed over a round's n/2 edges.
    let edges = (vertices / 2 + 1) as i128;
    let order_unit = 1i128;
    let preference_unit = order_unit * (2 * vertices as i128 + 1) * edges;
    let score_unit = preference_unit * 3 * edges;
    let bye_unit = score_unit * (top_score * top_score + 1) * edges;
    let absolute_unit = bye_unit * (top_score + 1) * edges;
    let repeat_unit = absolute_unit * 2 * edges;
    let base = repeat_unit * 2 * edges;
    let weights: Vec<i128> = costs
        .iter()
        .map(|cost| match cost {
            None => 0,
            Some(c) => {
                base - c.repeat * repeat_unit
                    - c.absolute * absolute_unit
                    - c.bye * bye_unit
                    - c.score * score_unit
                    - c.preference * preference_unit
                    - c.order * order_unit
            }
        })
        .collect();
    integer_blossom::max_weight_matching(&weights, vertices)
}

/// Each player's score group as (first index, one past the last index).
fn score_groups(players: &[Player]) -> Vec<(usize, usize)> {
    let mut groups = vec![(0, 0); players.len()];
    let mut start = 0;
    for end in 1..=players.len() {
        if end == players.len() || players[end].points != players[start].points {
            for g in &mut groups[start..end] {
                *g = (start, end);
            }
            start = end;
        }
    }
    groups
}

/// The cost of pairing player `i` with player `j` (ranked below `i`).
fn game_cost(players: &[Player], groups: &[(usize, usize)], i: usize, j: usize) -> Cost {
    let (a, b) = (&players[i], &players[j]);
    let (pa, pb) = (a.preference, b.preference);
    let same_side = pa.colour == pb.colour;
    let both = |s: Strength| pa.strength >= s && pb.strength >= s;
    let order = if groups[i] == groups[j] {
        let (start, end) = groups[i];
        let half = (end - start) / 2;
        ((j - i) as i128 - half as i128).abs()
    } else {
        // The lowest of the higher group against the highest of the lower one.
        ((groups[i].1 - 1 - i) + (j - groups[j].0)) as i128
    };
    Cost {
        repeat: i128::from(a.record.met(b.id)),
        absolute: i128::from(same_side && both(Strength::Absolute)),
        bye: 0,
        score: i128::from(a.points.0.abs_diff(b.points.0)).pow(2),
        preference: match () {
            _ if same_side && both(Strength::Strong) => 2,
            _ if same_side && both(Strength::Mild) => 1,
            _ => 0,
        },
        order,
    }
}

/// Who moves first in the game of `a` (ranked higher) and `b`, on board `board`.
fn sides(a: &Player, b: &Player, first_round: bool, board: usize) -> (PlayerId, PlayerId) {
    let (pa, pb) = (a.preference, b.preference);
    let a_first = if first_round || (pa.strength == Strength::None && pb.strength == Strength::None)
    {
        board.is_multiple_of(2)
    } else if pa.strength == Strength::None {
        pb.colour == Colour::Second
    } else if pb.strength == Strength::None || pa.colour != pb.colour {
        pa.colour == Colour::First
    } else if pa.strength != pb.strength {
        // The stronger wish wins.
        (pa.strength > pb.strength) == (pa.colour == Colour::First)
    } else if pa.strength == Strength::Absolute && pa.difference.abs() != pb.difference.abs() {
        (pa.difference.abs() > pb.difference.abs()) == (pa.colour == Colour::First)
    } else if let Some(latest) = latest_difference(&a.colours, &b.colours) {
        // Alternate from the latest round where they had different sides.
        latest == Colour::Second
    } else {
        pa.colour == Colour::First
    };
    if a_first {
        (a.id, b.id)
    } else {
        (b.id, a.id)
    }
}

/// The side `a` had in the latest of their games (counted from the last) where `a` and `b`
/// had different sides.
fn latest_difference(a: &[Colour], b: &[Colour]) -> Option<Colour> {
    a.iter()
        .rev()
        .zip(b.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(x, _)| *x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Outcome;

    fn entrants(n: u64) -> Vec<Entrant> {
        (1..=n)
            .map(|id| Entrant {
                id: PlayerId::new(id),
                rating: 2000.0 - id as f64,
            })
            .collect()
    }

    #[test]
    fn preferences_follow_fides_definitions() {
        use Colour::{First as F, Second as S};
        let p = Preference::of(&[]);
        assert_eq!(p.strength, Strength::None);
        let p = Preference::of(&[F, S]);
        assert_eq!((p.colour, p.strength), (F, Strength::Mild));
        let p = Preference::of(&[F]);
        assert_eq!((p.colour, p.strength), (S, Strength::Strong));
        let p = Preference::of(&[S, F, F]);
        assert_eq!((p.colour, p.strength), (S, Strength::Absolute));
        let p = Preference::of(&[F, S, F, F, S, F]);
        assert_eq!((p.colour, p.strength), (S, Strength::Absolute));
    }

    #[test]
    fn the_first_round_pairs_top_half_against_bottom_half_with_alternating_sides() {
        let round = pair(&entrants(8), &[]);
        let games: Vec<(u64, u64)> = round
            .games
            .iter()
            .map(|g| (g.first.get(), g.second.get()))
            .collect();
        assert_eq!(games, vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
        assert!(round.byes.is_empty());
    }

    #[test]
    fn an_odd_field_gives_the_bye_to_the_lowest_ranked() {
        let round = pair(&entrants(7), &[]);
        assert_eq!(round.byes, vec![PlayerId::new(7)]);
        assert_eq!(round.games.len(), 3);
    }

    #[test]
    fn winners_meet_winners_without_rematches_and_sides_alternate() {
        let field = entrants(8);
        let mut first = pair(&field, &[]);
        for g in &mut first.games {
            // The higher seed (lower id) wins every game.
            g.outcome = Some(if g.first < g.second {
                Outcome::FirstWins
            } else {
                Outcome::SecondWins
            });
        }
        let history = vec![first];
        let second = pair(&field, &history);
        let winners = [1, 2, 3, 4].map(PlayerId::new);
        for g in &second.games {
            assert_eq!(
                winners.contains(&g.first),
                winners.contains(&g.second),
                "{g:?} crosses score groups"
            );
            assert!(history[0]
                .game_of(g.first)
                .and_then(|h| h.side_of(g.second))
                .is_none());
            // Every side wish is compatible here: each player has the other side now.
            for p in [g.first, g.second] {
                let before = history[0].game_of(p).and_then(|h| h.side_of(p));
                let now = g.side_of(p);
                assert_ne!(before.map(|s| s.1), now.map(|s| s.1), "player {p}");
            }
        }
        assert_eq!(second.games.len(), 4);
    }

    #[test]
    fn a_player_with_a_bye_does_not_get_another_while_others_can_take_it() {
        let field = entrants(5);
        let mut history = Vec::new();
        let mut byes = Vec::new();
        for _ in 0..5 {
            let mut round = pair(&field, &history);
            for g in &mut round.games {
                g.outcome = Some(Outcome::Draw);
            }
            byes.extend(round.byes.iter().map(|b| b.get()));
            history.push(round);
        }
        byes.sort_unstable();
        assert_eq!(byes, vec![1, 2, 3, 4, 5]);
    }

    /// Issue 47's round 2: An ½ and Dũng ½ (they drew each other), Giang 1, Hoa 1 (round 1's
    /// bye), Chi, Em and Khoa 0 (Bình beat Em and withdrew; Khoa entered late). The bye goes
    /// to a player on 0, not to An on ½ for a smaller score difference elsewhere.
    #[test]
    fn issue_47_the_bye_goes_to_the_lowest_score_that_can_take_it() {
        let [an, binh, chi, dung, em, giang, hoa, khoa] =
            [1, 2, 3, 4, 5, 6, 7, 8].map(PlayerId::new);
        let game = |first, second, outcome| Pairing {
            outcome: Some(outcome),
            ..Pairing::new(first, second)
        };
        let history = vec![Round {
            games: vec![
                game(an, dung, Outcome::Draw),
                game(giang, chi, Outcome::FirstWins),
                game(binh, em, Outcome::FirstWins),
            ],
            byes: vec![hoa],
        }];
        let active: Vec<Entrant> = [an, chi, dung, em, giang, hoa, khoa]
            .into_iter()
            .map(|id| Entrant {
                id,
                rating: 2000.0 - id.get() as f64,
            })
            .collect();
        let round = pair(&active, &history);
        assert_eq!(round.byes.len(), 1);
        assert!(
            [chi, em, khoa].contains(&round.byes[0]),
            "the bye went to {}",
            round.byes[0]
        );
        assert!(round
            .games
            .iter()
            .all(|g| g.side_of(an) != Some((dung, Colour::First))
                && g.side_of(an) != Some((dung, Colour::Second))));
    }
}
