//! Computer matches: who plays a side, one game between two movers with engine-test
//! adjudication, and the points a game is worth. A [`Mover`] is one of our players
//! ([`Local`]) or, in the command line, an engine in another process spoken to over USI.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::eval::{named, NAMED};
use super::{greedy_move, random_move, search, Control, Level, Limits, MATE_BOUND};
use crate::games::shogi::game::Game;
use crate::games::shogi::outcome::Outcome;
use crate::games::shogi::types::{Color, Move};

/// Who plays a side in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random legal moves.
    Random,
    /// The move that leaves the most material now.
    Greedy,
    /// The search at a level.
    Engine(Level),
    /// The hard level's search with another set of the evaluation's weights, by its name in
    /// [`NAMED`]: `hand-set` (set by hand before any tuning), `tuned-v1` (before the
    /// king-distance tables and mobility), `tuned-v2` (fitted to game results, before the
    /// fit to Fairy-Stockfish's scores), `tuned-v3` (that fit, before the piece-square
    /// tables) or `tuned` (hard's own), to measure hard's by.
    Weighted(&'static str),
}

impl FromStr for Player {
    type Err = String;

    fn from_str(text: &str) -> Result<Player, String> {
        match text {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            other => {
                if let Some(&(name, _)) = NAMED.iter().find(|(name, _)| *name == other) {
                    return Ok(Player::Weighted(name));
                }
                other.parse().map(Player::Engine).map_err(|_| {
                    let names: Vec<&str> = NAMED.iter().map(|(name, _)| *name).collect();
                    format!(
                        "unknown player `{other}`: use random, greedy, easy, medium, hard, \
                         reference or {}",
                        names.join(", ")
                    )
                })
            }
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Engine(level) => level.fmt(f),
            Player::Weighted(name) => f.write_str(name),
        }
    }
}

impl Player {
    /// This player's move in `game`, `None` when there is no legal move. `budget` replaces the
    /// level's time budget when given.
    pub fn choose(
        self,
        game: &Game,
        budget: Option<Duration>,
        rng: &mut ChaCha8Rng,
    ) -> Option<Move> {
        self.choose_scored(game, budget, None, rng)
            .map(|(mv, _)| mv)
    }

    /// [`Player::choose`], with the search's score for the side to move (engines only).
    fn choose_scored(
        self,
        game: &Game,
        budget: Option<Duration>,
        nodes: Option<u64>,
        rng: &mut ChaCha8Rng,
    ) -> Option<(Move, Option<i32>)> {
        let position = game.position();
        // `budget` replaces the level's own time; a node limit alone leaves no time limit.
        let limits = |level: Level| Limits {
            time: budget.or(level.limits().time.filter(|_| nodes.is_none())),
            ..level.limits()
        };
        let control = || Control {
            nodes,
            ..Control::default()
        };
        match self {
            Player::Random => random_move(position, rng).map(|mv| (mv, None)),
            Player::Greedy => greedy_move(position, rng).map(|mv| (mv, None)),
            Player::Engine(level) => level
                .search_with(position, game.positions(), limits(level), rng, control())
                .map(|r| (r.best, Some(r.score))),
            Player::Weighted(name) => {
                let weights = named(name)?;
                search::search_weighted(
                    weights,
                    position,
                    game.positions(),
                    limits(Level::Hard),
                    rng,
                    control(),
                )
                .map(|r| (r.best, Some(r.score)))
            }
        }
    }
}

/// When a match game between engines is decided before its end, as engine tests do.
///
/// The game is won by one side once the last `plies` moves (both engines' searches, each from
/// the mover's side, turned to one side's view) all scored at least `threshold` centipawns for
/// it, or once both engines' last searches agree that it mates. Recorded as a resignation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Adjudication {
    /// Centipawns beyond which a score counts as won.
    pub threshold: i32,
    /// Consecutive moves (plies) that must agree.
    pub plies: usize,
}

impl Default for Adjudication {
    /// ±1500 centipawns for 4 plies (two searches of each engine).
    fn default() -> Adjudication {
        Adjudication {
            threshold: 1500,
            plies: 4,
        }
    }
}

impl Adjudication {
    /// The winner, if the scores so far (sente's view, one per ply, `None` where a player
    /// gave none) decide the game.
    #[must_use]
    pub fn winner(&self, scores: &[Option<i32>]) -> Option<Color> {
        let last = |n: usize| -> Option<Vec<i32>> {
            if scores.len() < n {
                return None;
            }
            scores[scores.len() - n..].iter().copied().collect()
        };
        if let Some(two) = last(2) {
            if two.iter().all(|&s| s > MATE_BOUND) {
                return Some(Color::Sente);
            }
            if two.iter().all(|&s| s < -MATE_BOUND) {
                return Some(Color::Gote);
            }
        }
        let recent = last(self.plies.max(1))?;
        if recent.iter().all(|&s| s >= self.threshold) {
            Some(Color::Sente)
        } else if recent.iter().all(|&s| s <= -self.threshold) {
            Some(Color::Gote)
        } else {
            None
        }
    }
}

/// How one match game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchGame {
    /// Who had sente.
    pub sente: String,
    /// Who had gote.
    pub gote: String,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played.
    pub moves: usize,
    /// Whether adjudication decided it (its outcome is then a resignation).
    pub adjudicated: bool,
    /// The move that was not legal, when the loser lost by answering one.
    pub illegal: Option<Move>,
    /// The opening's moves, played before either mover chose one.
    pub opening: Vec<Move>,
}

/// Chooses the moves of one side in a match game.
pub trait Mover {
    /// The name the match reports.
    fn name(&self) -> String;
    /// A new game begins.
    fn new_game(&mut self) {}
    /// The move for the side to move in `game`, with its score in centipawns from the
    /// mover's side when known; `None` resigns.
    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Option<(Move, Option<i32>)>;
}

/// One of our players, with the limits of its searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Local {
    /// Who plays.
    pub player: Player,
    /// Replaces the level's time budget per move.
    pub budget: Option<Duration>,
    /// Stops each search after about this many positions (with no budget, the search has
    /// no time limit).
    pub nodes: Option<u64>,
}

impl Mover for Local {
    fn name(&self) -> String {
        self.player.to_string()
    }

    fn choose(&mut self, game: &Game, rng: &mut ChaCha8Rng) -> Option<(Move, Option<i32>)> {
        self.player
            .choose_scored(game, self.budget, self.nodes, rng)
    }
}

/// Largest score, in centipawns for either side, that a random opening may leave.
const BALANCED: i32 = 150;
/// Random openings drawn for a pair of games before the most balanced of them is taken.
const OPENING_DRAWS: usize = 64;
/// The search that judges an opening's balance: the frozen `reference` search (so openings do
/// not change as hard does), so many plies deep …
const BALANCE_DEPTH: u32 = 3;
/// … or so many positions, whichever comes first.
const BALANCE_NODES: u64 = 50_000;

/// How the frozen `reference` search, limited to [`BALANCE_DEPTH`] and [`BALANCE_NODES`],
/// scores `game`'s position for the side to move (none when it has no move).
fn balance(game: &Game, rng: &mut ChaCha8Rng) -> Option<i32> {
    let limits = Limits {
        depth: BALANCE_DEPTH,
        time: None,
        noise: 0,
    };
    let control = Control {
        nodes: Some(BALANCE_NODES),
        ..Control::default()
    };
    Level::Reference
        .search_with(game.position(), game.positions(), limits, rng, control)
        .map(|found| found.score)
}

/// The opening of the pair of games of `seed`: `plies` random legal moves from the start
/// position, drawn again (up to 64 times, then the most balanced draw is kept) until the frozen
/// `reference` search, limited by depth and positions so the opening depends on `seed` alone, scores the
/// position within ±150 centipawns. No plies: the start position.
#[must_use]
pub fn opening(seed: u64, plies: usize) -> Game {
    if plies == 0 {
        return Game::default();
    }
    // A stream of its own: the games' own random choices stay those of `seed`.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream(1);
    let mut best: Option<(i32, Game)> = None;
    for _ in 0..OPENING_DRAWS {
        let mut game = Game::default();
        while game.moves().len() < plies && game.outcome().is_none() {
            let Some(mv) = random_move(game.position(), &mut rng) else {
                break;
            };
            if game.play(mv).is_err() {
                break;
            }
        }
        if game.outcome().is_some() {
            continue;
        }
        let Some(score) = balance(&game, &mut rng) else {
            continue;
        };
        let imbalance = score.abs();
        if imbalance <= BALANCED {
            return game;
        }
        if best.as_ref().is_none_or(|(worst, _)| imbalance < *worst) {
            best = Some((imbalance, game));
        }
    }
    best.map_or_else(Game::default, |(_, game)| game)
}

/// Plays one game between `sente` and `gote` on from `start` (the start position, or an
/// [`opening`]), a draw by move limit once `max_moves` moves stand in the game (the opening's
/// included), adjudicated by `adjudication` when given. A mover that resigns, or answers a
/// move that is not legal, loses.
pub fn play_game(
    sente: &mut dyn Mover,
    gote: &mut dyn Mover,
    start: Game,
    max_moves: usize,
    seed: u64,
    adjudication: Option<Adjudication>,
) -> MatchGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let opening = start.moves().to_vec();
    let mut game = start;
    let mut scores = Vec::new();
    let mut adjudicated = false;
    let mut illegal = None;
    sente.new_game();
    gote.new_game();
    while game.outcome().is_none() {
        if game.moves().len() >= max_moves {
            game.end_by_move_limit();
            break;
        }
        let turn = game.position().turn();
        let mover: &mut dyn Mover = if turn == Color::Sente {
            &mut *sente
        } else {
            &mut *gote
        };
        let Some((mv, score)) = mover.choose(&game, &mut rng) else {
            let _ = game.resign(turn);
            break;
        };
        if game.play(mv).is_err() {
            illegal = Some(mv);
            let _ = game.resign(turn);
            break;
        }
        scores.push(score.map(|s| if turn == Color::Sente { s } else { -s }));
        if game.outcome().is_some() {
            break;
        }
        if let Some(winner) = adjudication.and_then(|a| a.winner(&scores)) {
            if game.resign(!winner).is_ok() {
                adjudicated = true;
            }
        }
    }
    let outcome = game.end_by_move_limit();
    MatchGame {
        sente: sente.name(),
        gote: gote.name(),
        outcome,
        moves: game.moves().len(),
        adjudicated,
        illegal,
        opening,
    }
}

/// Score of `player` in a finished match game: 1 for a win, ½ for a draw.
#[must_use]
pub fn points(game: &MatchGame, player_is_sente: bool) -> f64 {
    match game.outcome.winner() {
        None => 0.5,
        Some(Color::Sente) if player_is_sente => 1.0,
        Some(Color::Gote) if !player_is_sente => 1.0,
        Some(_) => 0.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_are_the_seeds_and_balanced() {
        assert!(opening(5, 0).moves().is_empty());
        let first = opening(5, 8);
        assert_eq!(first.moves().len(), 8);
        assert_eq!(first.moves(), opening(5, 8).moves(), "the seed's opening");
        assert_ne!(first.moves(), opening(6, 8).moves());
        // The reference search, as the drawing judged it, sees no side ahead by much.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let score = balance(&first, &mut rng).expect("a move");
        assert!(score.abs() <= BALANCED, "{score}");
    }

    #[test]
    fn adjudication_needs_agreement_over_the_last_plies() {
        let rule = Adjudication::default();
        assert_eq!(rule.winner(&[Some(1600), Some(1700), Some(1500)]), None);
        assert_eq!(
            rule.winner(&[Some(0), Some(1600), Some(1700), Some(1500), Some(2000)]),
            Some(Color::Sente)
        );
        assert_eq!(
            rule.winner(&[Some(-1600), Some(-1700), Some(-1400), Some(-2000)]),
            None
        );
        assert_eq!(
            rule.winner(&[Some(-1600), Some(-1700), Some(-1500), Some(-2000)]),
            Some(Color::Gote)
        );
        assert_eq!(
            rule.winner(&[None, Some(1600), Some(1700), Some(1800)]),
            None
        );
        // Both engines see the mate.
        assert_eq!(
            rule.winner(&[Some(0), Some(999_995), Some(999_994)]),
            Some(Color::Sente)
        );
        assert_eq!(rule.winner(&[Some(0), Some(999_995)]), None);
    }
}
