//! The validated position: pegs, seats, the player to move, places, and the rules in force.

use std::fmt;
use std::str::FromStr;

use super::board::{holes_of, Hole, Mask, Triangle, HOLES};
use super::movegen;
use super::rules::{AntiSpoil, ForeignStop, Rules};
use super::{IllegalMove, Move, ParseError};

const NO_PLAYER: u8 = u8::MAX;

/// A player, numbered 0, 1, … clockwise from the player whose lowest home triangle comes first
/// from the top (N, NE, SE, S, SW, NW).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Player(u8);

impl Player {
    /// The player with this number.
    pub const fn new(number: usize) -> Player {
        Player(number as u8)
    }

    /// The player's number, 0-based, in turn order.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}

/// Who sits where: the players, their sets (by home triangle) and where each set may stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Seating {
    pub(crate) players: u8,
    /// Per player, a bit per home triangle.
    pub(crate) sets_of: [u8; 6],
    /// Per triangle, the player whose set starts there, or `NO_PLAYER`.
    pub(crate) player_of: [u8; 6],
    /// Per set, holes where its pegs may not come to rest.
    pub(crate) forbidden: [Mask; 6],
}

impl Seating {
    /// Seats the sets whose home triangles are in `present` (a bit per triangle).
    fn new(present: u8, rules: &Rules) -> Result<Seating, ParseError> {
        let count = present.count_ones();
        let closed_under_opposite =
            (0..6).all(|t| present & (1 << t) == 0 || present & (1 << ((t + 3) % 6)) != 0);
        let alternate = present == 0b010101 || present == 0b101010;
        let groups: Vec<u8> = match rules.sets {
            1 if (count == 2 || count == 4 || count == 6) && closed_under_opposite => {
                (0..6).filter(|t| present & (1 << t) != 0).map(|t| 1u8 << t).collect()
            }
            1 if count == 3 && alternate => {
                (0..6).filter(|t| present & (1 << t) != 0).map(|t| 1u8 << t).collect()
            }
            1 => {
                return Err(ParseError::BadSeating(
                    "2 players sit opposite, 3 on alternate triangles, 4 on two opposite pairs, 6 everywhere".into(),
                ))
            }
            2 if present == 0b111111 => vec![0b001001, 0b010010, 0b100100],
            3 if present == 0b111111 => vec![0b010101, 0b101010],
            _ => {
                return Err(ParseError::BadSeating(
                    "with two or three sets each, all six triangles are in play".into(),
                ))
            }
        };
        let mut seating = Seating {
            players: groups.len() as u8,
            sets_of: [0; 6],
            player_of: [NO_PLAYER; 6],
            forbidden: [0; 6],
        };
        for (p, &group) in groups.iter().enumerate() {
            seating.sets_of[p] = group;
            for t in 0..6 {
                if group & (1 << t) != 0 {
                    seating.player_of[t] = p as u8;
                }
            }
        }
        for s in 0..6 {
            if seating.player_of[s] == NO_PLAYER {
                continue;
            }
            let own = Triangle::ALL[s].mask() | Triangle::ALL[s].opposite().mask();
            let mut forbidden = 0;
            for t in Triangle::ALL {
                let mask = t.mask();
                if mask & own != 0 {
                    continue;
                }
                let used_by_other = |u: usize| {
                    let p = seating.player_of[u];
                    p != NO_PLAYER && p != seating.player_of[s]
                };
                let forbid = match rules.foreign_stop {
                    ForeignStop::Allowed => false,
                    ForeignStop::ForbidAll => true,
                    ForeignStop::ForbidPlayers => {
                        used_by_other(t.index()) || used_by_other(t.opposite().index())
                    }
                };
                if forbid {
                    forbidden |= mask;
                }
            }
            seating.forbidden[s] = forbidden;
        }
        Ok(seating)
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// A player's goal is complete (or, with `play_on`, all players but one are home).
    Home,
    /// Safety valve: the move limit per player was reached.
    MoveLimit,
    /// Safety valve: the same position occurred for the third time.
    Repetition,
}

/// The result of a finished game: each player's place (1 = first; tied players share a place).
///
/// Players who got home keep the place they finished in; the others are ranked after them by
/// pegs in their goal, then by total distance still to go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    places: [u8; 6],
    players: u8,
    reason: EndReason,
}

impl Outcome {
    /// The player's place, 1 for the winner.
    pub fn place(&self, player: Player) -> u8 {
        self.places[player.index()]
    }

    /// The players in first place.
    pub fn winners(&self) -> impl Iterator<Item = Player> + '_ {
        (0..self.players)
            .filter(|&p| self.places[p as usize] == 1)
            .map(Player)
    }

    /// Why the game ended.
    pub fn reason(&self) -> EndReason {
        self.reason
    }
}

/// A Chinese checkers position: which set's peg is in each hole, whose turn it is, who has
/// already finished, and the rules in force.
///
/// Obtained from [`Position::start`] or by parsing a position string (121 characters in hole
/// order, `.` or the home-triangle digit of the peg's set, then a space and the digit of a set
/// of the player to move).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pegs of each set, by home triangle.
    pub(crate) pegs: [Mask; 6],
    pub(crate) occupied: Mask,
    pub(crate) to_move: u8,
    /// Per player: 0 while playing, else the place they finished in.
    pub(crate) places: [u8; 6],
    /// Players who left the game (bit per player): skipped in turn, ranked last.
    pub(crate) retired: u8,
    pub(crate) seating: Seating,
    pub(crate) rules: Rules,
}

impl Position {
    /// The starting position for 2, 3, 4 or 6 players with `rules`; the player at N moves first.
    ///
    /// Seats (goal = opposite): 2 players N, S; 3 players N, SE, SW; 4 players N, NE, S, SW;
    /// 6 players everywhere. With `rules.sets == 2` there must be 3 players (each plays two
    /// opposite sets), with `rules.sets == 3` two players (alternate triangles).
    pub fn start(players: usize, rules: Rules) -> Result<Position, ParseError> {
        let present: u8 = match (rules.sets, players) {
            (1, 2) => 0b001001,
            (1, 3) => 0b010101,
            (1, 4) => 0b011011,
            (1, 6) | (2, 3) | (3, 2) => 0b111111,
            _ => {
                return Err(ParseError::BadSeating(format!(
                    "{players} players with {} set(s) each is not offered: play 2, 3, 4 or 6 players with one set, 3 with two, or 2 with three",
                    rules.sets
                )))
            }
        };
        let seating = Seating::new(present, &rules)?;
        let mut pegs = [0; 6];
        for t in Triangle::ALL {
            if present & (1 << t.index()) != 0 {
                pegs[t.index()] = t.mask();
            }
        }
        Ok(Position::assemble(pegs, 0, seating, rules))
    }

    /// The same start with another first player (the coin toss).
    pub fn with_first_player(&self, player: Player) -> Position {
        let mut p = self.clone();
        p.to_move = player.0 % self.seating.players;
        p
    }

    fn assemble(pegs: [Mask; 6], to_move: u8, seating: Seating, rules: Rules) -> Position {
        let occupied = pegs.iter().fold(0, |a, b| a | b);
        let mut position = Position {
            pegs,
            occupied,
            to_move,
            places: [0; 6],
            retired: 0,
            seating,
            rules,
        };
        for p in 0..seating.players {
            if position.is_home(Player(p)) {
                position.places[p as usize] = 1;
            }
        }
        position
    }

    /// Parses a position string under `rules` (`FromStr` uses the default rules).
    pub fn parse(text: &str, rules: Rules) -> Result<Position, ParseError> {
        let text = text.trim();
        let (board, side) = text
            .split_once(' ')
            .ok_or(ParseError::PositionLength(text.chars().count()))?;
        let count = board.chars().count();
        if count != HOLES {
            return Err(ParseError::PositionLength(count));
        }
        let mut pegs = [0u128; 6];
        for (hole, character) in Hole::all().zip(board.chars()) {
            match character {
                '.' => {}
                '0'..='5' => pegs[character as usize - '0' as usize] |= hole.bit(),
                _ => return Err(ParseError::BadHoleCharacter { character, hole }),
            }
        }
        let side = side.trim();
        let side_triangle = match side.as_bytes() {
            [d @ b'0'..=b'5'] => Triangle::ALL[(d - b'0') as usize],
            _ => return Err(ParseError::BadSideToMove(side.to_string())),
        };
        let mut present = 0u8;
        for t in Triangle::ALL {
            let count = pegs[t.index()].count_ones() as usize;
            if count > 0 {
                present |= 1 << t.index();
                if count != 10 {
                    return Err(ParseError::WrongPegCount { triangle: t, count });
                }
            }
        }
        if present & (1 << side_triangle.index()) == 0 {
            return Err(ParseError::SideToMoveAbsent(side_triangle));
        }
        let seating = Seating::new(present, &rules)?;
        let to_move = seating.player_of[side_triangle.index()];
        let position = Position::assemble(pegs, to_move, seating, rules);
        if rules.play_on && position.places[to_move as usize] != 0 && position.outcome().is_none() {
            return Err(ParseError::SideToMoveFinished(side_triangle));
        }
        Ok(position)
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How many players are seated.
    pub fn players(&self) -> usize {
        self.seating.players as usize
    }

    /// The player whose turn it is.
    pub fn to_move(&self) -> Player {
        Player(self.to_move)
    }

    /// The home triangles of the player's sets.
    pub fn home_triangles(&self, player: Player) -> impl Iterator<Item = Triangle> + '_ {
        let sets = self
            .seating
            .sets_of
            .get(player.index())
            .copied()
            .unwrap_or(0);
        Triangle::ALL
            .into_iter()
            .filter(move |t| sets & (1 << t.index()) != 0)
    }

    /// The player whose set starts in this triangle, if the triangle is in play.
    pub fn player_of(&self, home: Triangle) -> Option<Player> {
        let p = self.seating.player_of[home.index()];
        (p != NO_PLAYER).then_some(Player(p))
    }

    /// The home triangle of the set of the peg in `hole`, or `None` if the hole is empty.
    pub fn peg_at(&self, hole: Hole) -> Option<Triangle> {
        Triangle::ALL
            .into_iter()
            .find(|t| self.pegs[t.index()] & hole.bit() != 0)
    }

    /// The same position with `player` out of the game (they resigned or ran out of time):
    /// their pegs stay on the board as obstacles, their turns are skipped, and they are ranked
    /// after everyone still playing (several who left share the last place). The rest play on;
    /// the game ends when one player is left, or as the rules say once someone is home. Not part
    /// of the position string: a host replays the retirements with the moves.
    ///
    /// (The spec is silent on leaving; keeping the pegs keeps every goal reachable under the
    /// default `anti_spoil = swap`, and removing them would change the board under the others.)
    pub fn retire(&self, player: Player) -> Position {
        let mut next = self.clone();
        if player.index() < usize::from(self.seating.players) {
            next.retired |= 1 << player.index();
            if next.to_move == player.0 {
                next.advance_turn();
            }
        }
        next
    }

    /// Whether `player` has left the game.
    pub fn is_retired(&self, player: Player) -> bool {
        self.retired & (1 << player.index()) != 0
    }

    /// The place the player finished in, or `None` while they are still playing.
    pub fn place(&self, player: Player) -> Option<u8> {
        let place = self.places[player.index()];
        (place != 0).then_some(place)
    }

    /// How many of the player's pegs stand in their set's goal.
    pub fn pegs_home(&self, player: Player) -> u32 {
        self.home_triangles(player)
            .map(|t| (self.pegs[t.index()] & t.opposite().mask()).count_ones())
            .sum()
    }

    /// The total number of steps the player's pegs still need to reach their goal triangle
    /// (0 for a peg already inside).
    pub fn distance_to_goal(&self, player: Player) -> u32 {
        self.home_triangles(player)
            .map(|t| {
                let tip = t.opposite().tip();
                holes_of(self.pegs[t.index()])
                    .map(|h| h.distance(tip).saturating_sub(3))
                    .sum::<u32>()
            })
            .sum()
    }

    /// Whether every set of the player is home under the `anti_spoil` option.
    pub fn is_home(&self, player: Player) -> bool {
        self.home_triangles(player)
            .all(|t| self.set_is_home(t.index()))
    }

    pub(crate) fn set_is_home(&self, set: usize) -> bool {
        let goal = Triangle::ALL[set].opposite().mask();
        match self.rules.anti_spoil {
            AntiSpoil::Swap | AntiSpoil::None => self.pegs[set] & goal == goal,
            AntiSpoil::Full => self.occupied & goal == goal && self.pegs[set] & goal != 0,
        }
    }

    /// The result, once the game is over: the first player home wins (with `play_on`, the
    /// game goes on until one player is left). The safety valve is [`Game`](super::Game)'s.
    pub fn outcome(&self) -> Option<Outcome> {
        let n = self.seating.players as usize;
        let active = (0..n).filter(|&p| self.retired & (1 << p) == 0);
        let playing = active.clone().count();
        let finished = active.filter(|&p| self.places[p] != 0).count();
        let over = if self.rules.play_on {
            finished + 1 >= playing
        } else {
            finished >= 1 || playing <= 1
        };
        over.then(|| self.ranking(EndReason::Home))
    }

    /// Ranks everyone: places already won stand, the rest follow by pegs home, then distance.
    pub(crate) fn ranking(&self, reason: EndReason) -> Outcome {
        let n = self.seating.players as usize;
        let mut places = self.places;
        let base = places[..n].iter().copied().max().unwrap_or(0);
        let key = |p: usize| {
            let player = Player(p as u8);
            (
                std::cmp::Reverse(self.pegs_home(player)),
                self.distance_to_goal(player),
            )
        };
        let out = |p: usize| self.retired & (1 << p) != 0;
        let unplaced: Vec<usize> = (0..n).filter(|&p| self.places[p] == 0 && !out(p)).collect();
        for &p in &unplaced {
            let better = unplaced.iter().filter(|&&q| key(q) < key(p)).count();
            places[p] = base + 1 + better as u8;
        }
        let last = places[..n]
            .iter()
            .enumerate()
            .filter(|&(p, _)| !out(p))
            .map(|(_, &place)| place)
            .max()
            .unwrap_or(0);
        for p in (0..n).filter(|&p| out(p)) {
            places[p] = last + 1;
        }
        Outcome {
            places,
            players: n as u8,
            reason,
        }
    }

    /// Every legal move of the player to move, each with its (shortest) hop path. Empty when
    /// the game is over or when the player has to pass.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        if self.outcome().is_some() {
            return moves;
        }
        let mut parents = [0u8; HOLES];
        for set in self.mover_sets() {
            for from in holes_of(self.pegs[set]) {
                let reach = movegen::reach(self, set, from, &mut parents);
                for to in holes_of(reach.steps | reach.swap_steps) {
                    moves.push(Move::new(from, to));
                }
                for to in holes_of(reach.hops | reach.swap_hops) {
                    moves.push(movegen::path_move(from, to, &parents));
                }
            }
        }
        moves
    }

    /// Whether the player to move must pass (no legal move, game not over).
    pub fn must_pass(&self) -> bool {
        self.outcome().is_none() && self.count_moves() == 0
    }

    /// Checks a move and returns it with its path filled in (the shortest chain unless the move
    /// already carries one, which is then checked hop by hop).
    pub fn validate(&self, mv: &Move) -> Result<Move, IllegalMove> {
        self.resolve(mv).map(|r| r.mv)
    }

    /// Plays a move, or says which rule it breaks.
    pub fn play(&self, mv: &Move) -> Result<Position, IllegalMove> {
        let resolved = self.resolve(mv)?;
        let mut next = self.clone();
        next.apply(resolved.set, mv.from(), mv.to(), resolved.swap_back);
        Ok(next)
    }

    /// Passes the turn; only allowed when no move is possible.
    pub fn pass(&self) -> Result<Position, IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        if self.count_moves() != 0 {
            return Err(IllegalMove::CannotPass);
        }
        let mut next = self.clone();
        next.advance_turn();
        Ok(next)
    }

    /// Counts the leaf nodes of the game tree `depth` plies deep (a forced pass counts as one
    /// move; a finished game has none).
    pub fn perft(&self, depth: u32) -> u64 {
        movegen::perft(self, depth)
    }

    /// The same position with the whole board turned 60° clockwise: every peg, and every set's
    /// identity, moves to the next triangle.
    pub fn rotated(&self) -> Position {
        let mut pegs = [0u128; 6];
        for t in 0..6 {
            for h in holes_of(self.pegs[t]) {
                pegs[(t + 1) % 6] |= h.rotated().bit();
            }
        }
        let mut present = 0u8;
        for (t, p) in pegs.iter().enumerate() {
            if *p != 0 {
                present |= 1 << t;
            }
        }
        let seating = Seating::new(present, &self.rules)
            .unwrap_or_else(|_| unreachable!("a rotated seating is a seating"));
        let mover_set = self.mover_sets().next().unwrap_or(0);
        let to_move = seating.player_of[(mover_set + 1) % 6];
        let mut rotated = Position::assemble(pegs, to_move, seating, self.rules);
        // Keep finishing places: player numbers may shift when the lowest triangle changes.
        for p in 0..self.seating.players as usize {
            let set = self.seating.sets_of[p].trailing_zeros() as usize;
            let turned = seating.player_of[(set + 1) % 6] as usize;
            rotated.places[turned] = self.places[p];
            if self.retired & (1 << p) != 0 {
                rotated.retired |= 1 << turned;
            }
        }
        rotated
    }

    /// Hands the turn to `player` (search: Best-Reply Search lets any opponent reply).
    pub(crate) fn set_to_move(&mut self, player: usize) {
        self.to_move = player as u8;
    }

    pub(crate) fn mover_sets(&self) -> impl Iterator<Item = usize> {
        let sets = self.seating.sets_of[self.to_move as usize];
        (0..6).filter(move |t| sets & (1 << t) != 0)
    }

    /// The number of legal moves (0 when the player must pass or the game is over).
    pub(crate) fn count_moves(&self) -> u64 {
        let mut parents = [0u8; HOLES];
        let mut n = 0;
        for set in self.mover_sets() {
            for from in holes_of(self.pegs[set]) {
                n += movegen::reach(self, set, from, &mut parents).count() as u64;
            }
        }
        n
    }

    /// Moves a peg (legality already checked) and passes the turn.
    pub(crate) fn apply(&mut self, set: usize, from: Hole, to: Hole, swap_back: Option<Hole>) {
        if let Some(back) = swap_back {
            let other = (0..6)
                .find(|&t| self.pegs[t] & to.bit() != 0)
                .unwrap_or_else(|| unreachable!("a swap needs a peg on the landing"));
            self.pegs[other] ^= to.bit() | back.bit();
        }
        self.pegs[set] ^= from.bit() | to.bit();
        let back = swap_back.map_or(0, |b| b.bit());
        self.occupied = (self.occupied & !from.bit()) | to.bit() | back;
        let n = self.seating.players;
        let already = self.places[..n as usize]
            .iter()
            .filter(|&&p| p != 0)
            .count() as u8;
        let mut next_place = already + 1;
        for k in 0..n {
            let p = (self.to_move + k) % n;
            if self.places[p as usize] == 0 && self.is_home(Player(p)) {
                self.places[p as usize] = next_place;
                next_place += 1;
            }
        }
        self.advance_turn();
    }

    fn advance_turn(&mut self) {
        let n = self.seating.players;
        for k in 1..=n {
            let p = (self.to_move + k) % n;
            let out = self.retired & (1 << p) != 0;
            if !out && (self.places[p as usize] == 0 || !self.rules.play_on) {
                self.to_move = p;
                return;
            }
        }
    }

    fn resolve(&self, mv: &Move) -> Result<Resolved, IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let (from, to) = (mv.from(), mv.to());
        let set = self
            .peg_at(from)
            .ok_or(IllegalMove::EmptyHole(from))?
            .index();
        if self.seating.player_of[set] != self.to_move {
            return Err(IllegalMove::NotYourPeg(from));
        }
        if from == to {
            return Err(IllegalMove::NoMovement(from));
        }
        let mut parents = [0u8; HOLES];
        let reach = movegen::reach(self, set, from, &mut parents);
        let bit = to.bit();
        if reach.all() & bit == 0 {
            return Err(self.diagnose(set, from, to));
        }
        if reach.steps & bit != 0 {
            return Ok(Resolved {
                set,
                mv: Move::new(from, to),
                swap_back: None,
            });
        }
        if reach.swap_steps & bit != 0 {
            return Ok(Resolved {
                set,
                mv: Move::new(from, to),
                swap_back: Some(from),
            });
        }
        let swap = reach.swap_hops & bit != 0;
        let full = if mv.has_path() {
            self.check_path(set, mv, swap)?;
            *mv
        } else {
            movegen::path_move(from, to, &parents)
        };
        let swap_back = swap.then(|| {
            let mut before = from;
            for h in full.path() {
                if h == to {
                    break;
                }
                before = h;
            }
            before
        });
        Ok(Resolved {
            set,
            mv: full,
            swap_back,
        })
    }

    /// Explains why `to` is not among the legal destinations of the peg on `from`.
    fn diagnose(&self, set: usize, from: Hole, to: Hole) -> IllegalMove {
        let goal = Triangle::ALL[set].opposite().mask();
        let locked = self.rules.goal_lock != super::GoalLock::Off && goal & from.bit() != 0;
        let occupied_by_other = self.occupied & to.bit() != 0;
        if occupied_by_other {
            return IllegalMove::HoleOccupied(to);
        }
        let unrestricted = movegen::reach_unrestricted(self, from);
        if unrestricted & to.bit() == 0 {
            return IllegalMove::NotReachable { from, to };
        }
        if locked && goal & to.bit() == 0 {
            return IllegalMove::CannotLeaveGoal { from, to };
        }
        if self.seating.forbidden[set] & to.bit() != 0 {
            let triangle = to.triangle().unwrap_or(Triangle::ALL[0]);
            return IllegalMove::CannotStopInTriangle { hole: to, triangle };
        }
        if locked {
            // goal_lock=path: the only chains to `to` leave the goal on the way.
            return IllegalMove::CannotLeaveGoal { from, to };
        }
        IllegalMove::NotReachable { from, to }
    }

    /// Checks a path given with the move, hop by hop.
    fn check_path(&self, set: usize, mv: &Move, swap: bool) -> Result<(), IllegalMove> {
        let occupied = self.occupied & !mv.from().bit();
        let goal = Triangle::ALL[set].opposite().mask();
        let path_lock =
            self.rules.goal_lock == super::GoalLock::Path && goal & mv.from().bit() != 0;
        let mut seen: Mask = mv.from().bit();
        let mut at = mv.from();
        for landing in mv.path().skip(1) {
            let last = landing == mv.to();
            if seen & landing.bit() != 0 {
                return Err(IllegalMove::PathRevisits(landing));
            }
            let free = occupied & landing.bit() == 0 || (last && swap);
            if !free || !movegen::is_hop(self, occupied, at, landing) {
                return Err(IllegalMove::NotAHop {
                    from: at,
                    to: landing,
                });
            }
            if path_lock && goal & landing.bit() == 0 {
                return Err(IllegalMove::CannotLeaveGoal {
                    from: mv.from(),
                    to: landing,
                });
            }
            seen |= landing.bit();
            at = landing;
        }
        Ok(())
    }
}

struct Resolved {
    set: usize,
    mv: Move,
    swap_back: Option<Hole>,
}

impl FromStr for Position {
    type Err = ParseError;

    /// Parses a position string under the default rules; see [`Position::parse`].
    fn from_str(s: &str) -> Result<Position, ParseError> {
        Position::parse(s, Rules::default())
    }
}

impl fmt::Display for Position {
    /// The position string: 121 hole characters, a space, and the digit of the lowest home
    /// triangle of the player to move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(HOLES + 2);
        for hole in Hole::all() {
            text.push(match self.peg_at(hole) {
                Some(t) => (b'0' + t.index() as u8) as char,
                None => '.',
            });
        }
        let side = self.mover_sets().next().unwrap_or(0);
        write!(f, "{text} {side}")
    }
}
