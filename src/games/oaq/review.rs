//! Reviewing a game after it ends: every position a player faced is searched to the same
//! fixed depth, and a move whose outcome the search scores below the best move's is a
//! mistake, costing the difference.
//!
//! The searches are depth-limited, never timed, so a review is reproducible: the same game
//! always gets the same verdicts. Both the move played and the best move are judged the same
//! way (the position each leads to, searched one ply less deep), so their scores compare.
//! The positions are independent of each other: they are searched on two threads.

use super::ai::{analyse, final_score, Limits, SearchReport, WIN};
use super::position::{IllegalMove, Position, MAX_PLIES};
use super::types::{Move, Seat};

/// How deep a review searches each position, in plies: deep enough to see captures set up
/// several moves ahead. At this depth a search costs little more than setting up its table,
/// so a long game still reviews in a few seconds.
pub const REVIEW_DEPTH: u32 = 8;

/// How many threads a review searches on.
const THREADS: usize = 2;

/// The smallest loss, in half-points, that counts as a mistake (2 points): below it the
/// difference is within what a fixed-depth search cannot tell apart.
pub const MIN_COST: i32 = 4;

/// A move the search judges worse than the best one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mistake {
    /// The move's index in the game (0 for the first move).
    pub ply: usize,
    /// Who played it.
    pub seat: Seat,
    /// The move played.
    pub played: Move,
    /// The move the search prefers.
    pub better: Move,
    /// What the move cost, in half-points, and whether it changed a proven result.
    pub cost: Cost,
}

/// What a mistake cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// This many half-points (always at least [`MIN_COST`]), the result still open or
    /// unchanged.
    Points(u32),
    /// The better move won by force; after the move played the search finds no forced win.
    LostWin,
    /// After the move played the opponent wins by force, which the better move avoided.
    IntoLoss,
}

impl Cost {
    /// The cost as one number to rank mistakes by: a changed result above any points.
    fn weight(self) -> u64 {
        match self {
            Cost::LostWin | Cost::IntoLoss => u64::MAX,
            Cost::Points(halves) => u64::from(halves),
        }
    }
}

/// The search's report on `position`, `depth` plies deep and untimed (so reproducible).
fn search(position: &Position, depth: u32) -> Option<SearchReport> {
    analyse(
        position,
        Limits {
            time: None,
            depth: Some(depth),
        },
    )
}

/// The value of `position` for `side`, searched `depth` plies deep. A move forced on the
/// player to move (the only legal one) is played rather than searched: the search does not
/// score a position with a single move.
fn value(position: &Position, side: Seat, depth: u32) -> i32 {
    let mut position = *position;
    for _ in 0..MAX_PLIES {
        let Some(mover) = position.to_move() else {
            return final_score(&position, side);
        };
        let moves = position.legal_moves();
        if let [only] = moves[..] {
            match position.play(only) {
                Ok(next) => {
                    position = next;
                    continue;
                }
                Err(_) => return 0,
            }
        }
        let score = search(&position, depth).map_or(0, |report| report.score);
        return if mover == side { score } else { -score };
    }
    0
}

/// What playing `played` instead of `best` cost the mover of `position`, if it counts as a
/// mistake: both moves judged alike, by the position each leads to searched one ply less
/// deep than the position itself.
fn judge(position: &Position, played: Move, best: Move, depth: u32) -> Option<Cost> {
    let mover = position.to_move()?;
    let after = |mv: Move| position.play(mv).ok().map(|p| value(&p, mover, depth - 1));
    let (played_value, best_value) = (after(played)?, after(best)?);
    let halves = best_value.saturating_sub(played_value);
    if halves < MIN_COST {
        return None;
    }
    Some(if best_value >= WIN && played_value < WIN {
        Cost::LostWin
    } else if played_value <= -WIN && best_value > -WIN {
        Cost::IntoLoss
    } else {
        Cost::Points(halves.unsigned_abs())
    })
}

/// Runs `f` on every item, on [`THREADS`] threads: the results in the items' order (`None`
/// for an item whose thread failed).
fn on_threads<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<Option<R>> {
    let f = &f;
    let share = |worker: usize| -> Vec<(usize, R)> {
        let mine = items.iter().enumerate().skip(worker).step_by(THREADS);
        mine.map(|(index, item)| (index, f(item))).collect()
    };
    let done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..THREADS)
            .map(|worker| scope.spawn(move || share(worker)))
            .collect();
        let mut done = share(0);
        for helper in helpers {
            // A search does not panic; if one did, its share is left out.
            done.extend(helper.join().unwrap_or_default());
        }
        done
    });
    let mut results: Vec<Option<R>> = items.iter().map(|_| None).collect();
    for (index, result) in done {
        if let Some(slot) = results.get_mut(index) {
            *slot = Some(result);
        }
    }
    results
}

/// How many more moves per player than asked for are judged in full, in case a move that
/// looked costly at first turns out not to be.
const SPARE: usize = 2;

/// Reviews the game played from `start` with `moves`, searching each position `depth`
/// plies deep (at least 2): each player's `per_seat` biggest mistakes, worst first (then in
/// the order played). A move that does not replay is returned with its index and why.
///
/// Setting up a search costs more than the search itself at these depths, so the review
/// searches every position once, estimates each move's cost from the searches of the
/// position before and after it, and judges in full (two more searches each) only the moves
/// that look most costly.
pub fn review(
    start: &Position,
    moves: &[Move],
    depth: u32,
    per_seat: usize,
) -> Result<Vec<Mistake>, (usize, IllegalMove)> {
    let depth = depth.max(2);
    let mut faced = Vec::with_capacity(moves.len());
    let mut position = *start;
    for (ply, &played) in moves.iter().enumerate() {
        faced.push((position, played));
        position = position.play(played).map_err(|illegal| (ply, illegal))?;
    }
    let end = position;
    // The search gives no score for a position with a single move: those are not searched.
    let looks: Vec<Option<SearchReport>> = on_threads(&faced, |(position, _)| {
        (position.legal_moves().len() > 1)
            .then(|| search(position, depth))
            .flatten()
    })
    .into_iter()
    .map(Option::flatten)
    .collect();
    let look = |ply: usize| looks.get(ply).copied().flatten();
    // The value for `mover` of the position after move `ply`, from its own search.
    let after = |ply: usize, mover: Seat| {
        let next = faced.get(ply + 1).map_or(end, |f| f.0);
        match look(ply + 1) {
            Some(report) if next.to_move() == Some(mover) => report.score,
            Some(report) => -report.score,
            None => value(&next, mover, depth),
        }
    };
    let mut suspects: Vec<(i32, usize, Seat, Move)> = faced
        .iter()
        .enumerate()
        .filter_map(|(ply, (position, played))| {
            let report = look(ply)?;
            let mover = position.to_move()?;
            let estimate = report.score.saturating_sub(after(ply, mover));
            (report.best != *played && estimate >= MIN_COST).then_some((
                estimate,
                ply,
                mover,
                report.best,
            ))
        })
        .collect();
    suspects.sort_by_key(|&(estimate, ply, ..)| (std::cmp::Reverse(estimate), ply));
    let mut kept = [0; 2];
    suspects.retain(|&(_, _, mover, _)| {
        kept[mover.index()] += 1;
        kept[mover.index()] <= per_seat.saturating_add(SPARE)
    });
    let judged = on_threads(&suspects, |&(_, ply, seat, better)| {
        let (position, played) = faced.get(ply)?;
        let cost = judge(position, *played, better, depth)?;
        Some(Mistake {
            ply,
            seat,
            played: *played,
            better,
            cost,
        })
    });
    let mut mistakes: Vec<Mistake> = judged.into_iter().flatten().flatten().collect();
    mistakes.sort_by_key(|m| (std::cmp::Reverse(m.cost.weight()), m.ply));
    let mut shown = [0; 2];
    mistakes.retain(|m| {
        shown[m.seat.index()] += 1;
        shown[m.seat.index()] <= per_seat
    });
    Ok(mistakes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::oaq::{Rules, Square};

    fn mv(text: &str) -> Move {
        text.parse().expect("a move")
    }

    /// The line the search itself plays from `start` at `depth`, to the end.
    fn engine_line(start: &Position, depth: u32) -> Vec<Move> {
        let mut position = *start;
        let mut moves = Vec::new();
        while let Some(report) = search(&position, depth) {
            moves.push(report.best);
            position = position
                .play(report.best)
                .expect("the search's move is legal");
        }
        moves
    }

    #[test]
    fn a_missed_mandarin_is_the_biggest_mistake_and_the_capture_the_better_move() {
        let start = Position::parse("0,1,0,3,0,5,0,2,2,2,1,3 QQ 10,10 s 20", Rules::standard())
            .expect("a position");
        // `5+` takes the West mandarin at once; `1+` takes nothing.
        let capture = start.play(mv("5+")).expect("legal");
        assert!(!capture.has_quan(Square::WEST), "{capture}");
        let quiet = start.play(mv("1+")).expect("legal");
        assert_eq!(quiet.captured(Seat::South), 10, "{quiet}");
        let mut moves = vec![mv("1+")];
        moves.extend(engine_line(&quiet, REVIEW_DEPTH));
        let mistakes = review(&start, &moves, REVIEW_DEPTH, 3).expect("the game replays");
        let worst = mistakes
            .iter()
            .find(|m| m.seat == Seat::South)
            .expect("South's blunder is found");
        assert_eq!(worst.ply, 0, "{mistakes:?}");
        assert_eq!(worst.played, mv("1+"));
        assert_eq!(worst.better, mv("5+"), "the capture");
        assert!(
            matches!(worst.cost, Cost::Points(h) if h >= 20) || worst.cost == Cost::LostWin,
            "a mandarin is worth 10 points: {:?}",
            worst.cost
        );
    }

    #[test]
    fn the_searchs_own_line_has_no_mistake() {
        let start = Position::start(Rules::standard());
        let moves = engine_line(&start, REVIEW_DEPTH);
        assert!(moves.len() > 10, "a whole game: {moves:?}");
        let mistakes = review(&start, &moves, REVIEW_DEPTH, 3).expect("the game replays");
        assert_eq!(mistakes, Vec::new());
    }

    #[test]
    fn a_review_is_reproducible_and_ranks_worst_first() {
        let start = Position::start(Rules::standard());
        let mut moves = vec![mv("3+")];
        let quiet = start.play(mv("3+")).expect("legal");
        moves.extend(engine_line(&quiet, 2));
        let first = review(&start, &moves, 4, usize::MAX).expect("the game replays");
        assert_eq!(first, review(&start, &moves, 4, usize::MAX).expect("again"));
        let weights: Vec<u64> = first.iter().map(|m| m.cost.weight()).collect();
        assert!(weights.windows(2).all(|w| w[0] >= w[1]), "{first:?}");
        assert!(first.iter().all(|m| m.cost.weight() >= MIN_COST as u64));
        let top = review(&start, &moves, 4, 1).expect("the game replays");
        for seat in Seat::BOTH {
            assert!(
                top.iter().filter(|m| m.seat == seat).count() <= 1,
                "{top:?}"
            );
        }
    }

    #[test]
    fn a_move_that_does_not_replay_is_named() {
        let start = Position::start(Rules::standard());
        let moves = [mv("1-"), mv("2+")];
        assert!(matches!(review(&start, &moves, 2, 3), Err((1, _))));
    }
}
