//! The computer opponent: alpha-beta search with iterative deepening, quiescence on captures, a
//! material + piece-square evaluation that values pieces in hand, and a time budget; plus the
//! `random` and `greedy` baselines and a match runner with paired colours.
//!
//! Every random choice comes from a caller-supplied [`ChaCha8Rng`], so play is reproducible for
//! a given seed when the search is limited by depth. With a time budget the depth reached, and
//! so the move, can depend on the machine's load.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::game::Game;
use super::outcome::Outcome;
use super::position::Position;
use super::types::{Color, Move, Role, Square};

/// Score of a position where the side to move has lost (checkmate or no legal move), before
/// the distance in plies is added.
const LOSS: i32 = -1_000_000;
/// Deepest ply the search goes, counting extensions and quiescence.
const MAX_PLY: usize = 96;

/// Value of a piece on the board, by [`Role::index`].
const BOARD_VALUE: [i32; 14] = [
    90, 315, 405, 495, 540, 855, 990, 0, 540, 540, 540, 540, 945, 1395,
];
/// Value of a piece in hand, by [`Role::index`] (pawn … rook: hand roles only).
const HAND_VALUE: [i32; 7] = [100, 350, 450, 550, 600, 950, 1100];

/// Material value of a piece of `role` on the board.
#[must_use]
pub fn board_value(role: Role) -> i32 {
    BOARD_VALUE[role.index()]
}

/// Strength of the computer opponent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// One ply plus captures, with ±150 centipawns of noise on every move.
    Easy,
    /// Three plies, at most 300 ms per move.
    Medium,
    /// Iterative deepening for 2 s per move.
    Hard,
}

impl Level {
    /// The search limits of this level.
    #[must_use]
    pub fn limits(self) -> Limits {
        match self {
            Level::Easy => Limits {
                depth: 1,
                time: Some(Duration::from_millis(300)),
                noise: 150,
            },
            Level::Medium => Limits {
                depth: 3,
                time: Some(Duration::from_millis(300)),
                noise: 0,
            },
            Level::Hard => Limits {
                depth: 64,
                time: Some(Duration::from_secs(2)),
                noise: 0,
            },
        }
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(text: &str) -> Result<Level, String> {
        match text {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(format!("unknown level `{text}`: use easy, medium or hard")),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        })
    }
}

/// How long the search may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Time budget per move; `None` searches every iteration to `depth` (reproducible).
    pub time: Option<Duration>,
    /// Largest random bonus or malus (centipawns) added to each root move's score.
    pub noise: i32,
}

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen.
    pub best: Move,
    /// Its score in centipawns for the side to move (large negative: it is being mated).
    pub score: i32,
    /// The last completed iteration depth.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
}

/// One completed iteration of the search, as reported to [`Control::report`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iteration {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The best move's score in centipawns for the side to move; beyond ±[`MATE_BOUND`] it is
    /// a mate, see [`mate_distance`].
    pub score: i32,
    /// Positions visited since the search began.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation: the best move, then the replies the search expects.
    pub pv: Vec<Move>,
}

/// Scores beyond this (either sign) are mates.
pub const MATE_BOUND: i32 = -LOSS / 2;

/// For a mate score, the number of plies to the mate: positive when the side to move mates,
/// negative when it is mated; `None` for other scores.
#[must_use]
pub fn mate_distance(score: i32) -> Option<i32> {
    if score > MATE_BOUND {
        Some(-LOSS - score)
    } else if score < -MATE_BOUND {
        Some(-(score - LOSS))
    } else {
        None
    }
}

/// Control of a search from outside, for a protocol such as USI: a flag that stops it, a node
/// limit, and a callback told of every completed iteration. The default controls nothing.
#[derive(Default)]
pub struct Control<'a> {
    /// The search stops soon after this flag is set.
    pub stop: Option<&'a AtomicBool>,
    /// The search stops after about this many positions.
    pub nodes: Option<u64>,
    /// Called after every completed iteration.
    pub report: Option<&'a mut dyn FnMut(&Iteration)>,
}

/// Static evaluation in centipawns from sente's point of view.
#[must_use]
pub fn evaluate(position: &Position) -> i32 {
    let kings = [
        position.king_square(Color::Sente),
        position.king_square(Color::Gote),
    ];
    let mut score = 0;
    for sq in Square::all() {
        let Some(piece) = position.piece_at(sq) else {
            continue;
        };
        let sign = if piece.color == Color::Sente { 1 } else { -1 };
        let relative = i32::from(piece.color.relative_rank(sq.rank()));
        let mut value = BOARD_VALUE[piece.role.index()];
        value += match piece.role {
            // Advanced pawns, silvers and golds press the opponent.
            Role::Pawn | Role::Silver => (9 - relative) * 4,
            // The king is safer at home.
            Role::King => [0, -60, -50, -40, -30, -20, -5, 10, 25, 30][relative as usize],
            _ => 0,
        };
        // Pieces near the enemy king attack it; pieces near their own king defend it.
        let enemy = kings[piece.color.opponent().index()];
        let own = kings[piece.color.index()];
        if piece.role != Role::King {
            if distance(sq, enemy) <= 2 {
                value += 25;
            }
            if distance(sq, own) <= 1 && matches!(piece.role, Role::Gold | Role::Silver) {
                value += 20;
            }
        }
        score += sign * value;
    }
    for color in Color::ALL {
        let sign = if color == Color::Sente { 1 } else { -1 };
        for role in Role::HAND {
            score += sign * HAND_VALUE[role.index()] * i32::from(position.hand_count(color, role));
        }
    }
    score
}

fn distance(a: Square, b: Square) -> u8 {
    a.file().abs_diff(b.file()).max(a.rank().abs_diff(b.rank()))
}

/// Evaluation from the side to move's point of view.
fn relative_eval(position: &Position) -> i32 {
    let score = evaluate(position);
    if position.turn() == Color::Sente {
        score
    } else {
        -score
    }
}

/// Material only (board and hand), from `color`'s point of view: what `greedy` maximises.
#[must_use]
pub fn material(position: &Position, color: Color) -> i32 {
    let mut score = 0;
    for sq in Square::all() {
        if let Some(piece) = position.piece_at(sq) {
            let value = BOARD_VALUE[piece.role.index()];
            score += if piece.color == color { value } else { -value };
        }
    }
    for c in Color::ALL {
        for role in Role::HAND {
            let value = HAND_VALUE[role.index()] * i32::from(position.hand_count(c, role));
            score += if c == color { value } else { -value };
        }
    }
    score
}

/// A move chosen uniformly among the legal moves (`None` without a legal move).
pub fn random_move(position: &Position, rng: &mut ChaCha8Rng) -> Option<Move> {
    position.legal_moves().choose(rng).copied()
}

/// A move that leaves the most material for the mover right now, ties broken at random.
pub fn greedy_move(position: &Position, rng: &mut ChaCha8Rng) -> Option<Move> {
    let us = position.turn();
    let mut moves = position.legal_moves();
    moves.shuffle(rng);
    moves
        .into_iter()
        .max_by_key(|&mv| material(&position.play_unchecked(mv), us))
}

struct Search<'a> {
    deadline: Option<Instant>,
    stop: Option<&'a AtomicBool>,
    node_limit: u64,
    nodes: u64,
    aborted: bool,
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// `pv[ply]`: the best line found from the node at `ply` (a triangular table).
    pv: Vec<Vec<Move>>,
    history: &'a [Position],
}

impl Search<'_> {
    fn out_of_time(&mut self) -> bool {
        if !self.aborted {
            if self.nodes >= self.node_limit {
                self.aborted = true;
            } else if self.nodes.is_multiple_of(1024) {
                let late = self.deadline.is_some_and(|d| Instant::now() >= d);
                let stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
                self.aborted = late || stopped;
            }
        }
        self.aborted
    }

    /// Records `mv` followed by the child's line as the best line at `ply`.
    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    /// Sort key: captures of valuable pieces by cheap ones first, then promotions, killers.
    fn order(&self, position: &Position, moves: &mut [Move], ply: usize) {
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        moves.sort_by_cached_key(|&mv| {
            let mut key = 0;
            if let Some(victim) = position.captured_by(mv) {
                let attacker = mv
                    .from()
                    .and_then(|f| position.piece_at(f))
                    .map_or(0, |p| BOARD_VALUE[p.role.index()]);
                key += 10_000 + BOARD_VALUE[victim.role.index()] * 8 - attacker / 8;
            }
            if mv.is_promotion() {
                key += 2_000;
            }
            if killers.contains(&Some(mv)) {
                key += 1_000;
            }
            -key
        });
    }

    fn quiesce(&mut self, position: &Position, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let stand = relative_eval(position);
        if stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut captures = position.legal_captures();
        self.order(position, &mut captures, MAX_PLY - 1);
        for mv in captures {
            let score = -self.quiesce(&position.play_unchecked(mv), -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let in_check = position.is_check();
        let depth = if in_check && ply < MAX_PLY / 2 {
            depth + 1
        } else {
            depth
        };
        if depth == 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(position, alpha, beta, ply);
        }
        self.pv[ply].clear();
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let mut moves = position.legal_moves();
        if moves.is_empty() {
            return LOSS + ply as i32;
        }
        self.order(position, &mut moves, ply);
        let mut best = i32::MIN + 1;
        for mv in moves {
            let score = -self.negamax(
                &position.play_unchecked(mv),
                depth - 1,
                -beta,
                -alpha,
                ply + 1,
            );
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                self.update_pv(ply, mv);
            }
            if alpha >= beta {
                if position.captured_by(mv).is_none() {
                    let slot = &mut self.killers[ply];
                    if slot[0] != Some(mv) {
                        slot[1] = slot[0];
                        slot[0] = Some(mv);
                    }
                }
                break;
            }
        }
        best
    }
}

/// Searches `position` and returns the best move found, or `None` without a legal move.
///
/// `history` holds the positions of the game so far: a root move that returns to one of them
/// is scored as a draw (0), so a winning side avoids repetition and a losing side seeks it.
pub fn search(
    position: &Position,
    history: &[Position],
    limits: Limits,
    rng: &mut ChaCha8Rng,
) -> Option<SearchResult> {
    search_with(position, history, limits, rng, Control::default())
}

/// [`search`] under outside control: it also stops when `control.stop` is set or after
/// `control.nodes` positions, and tells `control.report` of every completed iteration.
pub fn search_with(
    position: &Position,
    history: &[Position],
    limits: Limits,
    rng: &mut ChaCha8Rng,
    mut control: Control<'_>,
) -> Option<SearchResult> {
    let start = Instant::now();
    let mut root: Vec<(Move, i32)> = position.legal_moves().into_iter().map(|m| (m, 0)).collect();
    root.shuffle(rng);
    let noise: Vec<i32> = root
        .iter()
        .map(|_| {
            if limits.noise > 0 {
                rng.gen_range(-limits.noise..=limits.noise)
            } else {
                0
            }
        })
        .collect();
    let mut root: Vec<(Move, i32, i32)> = root
        .into_iter()
        .zip(noise)
        .map(|((m, s), n)| (m, s, n))
        .collect();
    if root.is_empty() {
        return None;
    }
    let mut search = Search {
        deadline: limits.time.map(|t| start + t),
        stop: control.stop,
        node_limit: control.nodes.unwrap_or(u64::MAX),
        nodes: 0,
        aborted: false,
        killers: [[None; 2]; MAX_PLY],
        pv: vec![Vec::new(); MAX_PLY + 1],
        history,
    };
    let mut result = SearchResult {
        best: root[0].0,
        score: 0,
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=limits.depth.max(1) {
        let mut alpha = i32::MIN + 1;
        let mut scores = Vec::with_capacity(root.len());
        let mut line = Vec::new();
        for &(mv, _, noise) in &root {
            search.pv[1].clear();
            let child = position.play_unchecked(mv);
            let repeats = search.history.iter().any(|p| p.same_position(&child));
            let score = if repeats {
                0
            } else {
                // Only moves that may beat the best so far need an exact score.
                let bound = alpha.saturating_sub(limits.noise.max(0));
                -search.negamax(&child, depth - 1, i32::MIN + 1, bound.saturating_neg(), 1)
            };
            if search.aborted {
                break;
            }
            let score = score.saturating_add(noise);
            if score > alpha || line.is_empty() {
                line.clear();
                line.push(mv);
                line.extend_from_slice(&search.pv[1]);
            }
            alpha = alpha.max(score);
            scores.push(score);
        }
        if search.aborted {
            break;
        }
        for (entry, score) in root.iter_mut().zip(scores) {
            entry.1 = score;
        }
        // Stable sort: equal scores keep the seeded shuffle order.
        root.sort_by_key(|&(_, score, _)| -score);
        result = SearchResult {
            best: root[0].0,
            score: root[0].1,
            depth,
            nodes: search.nodes,
        };
        if let Some(report) = control.report.as_mut() {
            report(&Iteration {
                depth,
                score: result.score,
                nodes: search.nodes,
                elapsed: start.elapsed(),
                pv: line,
            });
        }
        let decided = root[0].1.abs() > -LOSS / 2;
        let half_gone = limits.time.is_some_and(|t| start.elapsed() * 2 > t);
        if decided || half_gone {
            break;
        }
    }
    result.nodes = search.nodes;
    Some(result)
}

/// Who plays a side in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random legal moves.
    Random,
    /// The move that leaves the most material now.
    Greedy,
    /// The search at a level.
    Engine(Level),
}

impl FromStr for Player {
    type Err = String;

    fn from_str(text: &str) -> Result<Player, String> {
        match text {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            other => other.parse().map(Player::Engine).map_err(|_| {
                format!("unknown player `{other}`: use random, greedy, easy, medium or hard")
            }),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Engine(level) => level.fmt(f),
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
        let position = game.position();
        match self {
            Player::Random => random_move(position, rng),
            Player::Greedy => greedy_move(position, rng),
            Player::Engine(level) => {
                let mut limits = level.limits();
                if budget.is_some() {
                    limits.time = budget;
                }
                search(position, game.positions(), limits, rng).map(|r| r.best)
            }
        }
    }
}

/// How one match game went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchGame {
    /// Who had sente.
    pub sente: Player,
    /// Who had gote.
    pub gote: Player,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played.
    pub moves: usize,
}

/// Plays one game between `sente` and `gote` from the start position, a draw by move limit
/// after `max_moves` moves.
pub fn play_game(
    sente: Player,
    gote: Player,
    budget: Option<Duration>,
    max_moves: usize,
    seed: u64,
) -> MatchGame {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::default();
    while game.outcome().is_none() {
        if game.moves().len() >= max_moves {
            game.end_by_move_limit();
            break;
        }
        let player = if game.position().turn() == Color::Sente {
            sente
        } else {
            gote
        };
        let Some(mv) = player.choose(&game, budget, &mut rng) else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
    }
    let outcome = game.end_by_move_limit();
    MatchGame {
        sente,
        gote,
        outcome,
        moves: game.moves().len(),
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
