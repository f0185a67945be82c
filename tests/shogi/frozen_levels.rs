//! Easy, medium and the reference (the hard level before issue 15) play exactly the moves they
//! played before the stronger hard level was written. The expected moves were recorded from
//! main's build (b7c541c) through USI: `setoption name Level value <level>`, the position, then
//! `go depth <d>` (no clock; the search's random generator seeded with the move number).

use oaq_bot::games::shogi::ai::{Control, Level, Limits};
use oaq_bot::games::shogi::{Game, Move};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const OPENING: [&str; 30] = [
    "7g7f", "8c8d", "2g2f", "8d8e", "8h7g", "3c3d", "7i8h", "4a3b", "6i7h", "2b7g+", "8h7g",
    "3a2b", "3i3h", "7a7b", "4g4f", "6c6d", "3h4g", "7b6c", "5i6h", "5a4b", "4i5h", "6a5b", "3g3f",
    "6c5d", "1g1f", "1c1d", "2h2g", "9c9d", "9g9f", "7c7d",
];
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
const CROWDED: &str =
    "ln1g1k1+Rl/1r5+P1/p1pp+Bp1p1/4p4/2P3+s2/P3P2P1/1P1P2+n2/2+l1G4/L1S1K2N1 w BGSN3Pgs2p 1";

/// The start, the opening after 10, 20 and 30 moves (with their history), MATSURI, CROWDED.
fn games() -> Vec<Game> {
    let mut games = Vec::new();
    for n in [0, 10, 20, 30] {
        let mut game = Game::default();
        for usi in &OPENING[..n] {
            let mv: Move = usi.parse().expect("USI");
            game.play(mv).expect("legal");
        }
        games.push(game);
    }
    games.push(Game::new(MATSURI.parse().expect("valid SFEN")));
    games.push(Game::new(CROWDED.parse().expect("valid SFEN")));
    games
}

fn moves(level: Level, depth: u32) -> Vec<String> {
    games()
        .iter()
        .map(|game| {
            let position = game.position();
            let mut rng = ChaCha8Rng::seed_from_u64(u64::from(position.move_number()));
            let limits = Limits {
                depth,
                time: None,
                ..level.limits()
            };
            level
                .search_with(
                    position,
                    game.positions(),
                    limits,
                    &mut rng,
                    Control::default(),
                )
                .expect("a legal move")
                .best
                .to_string()
        })
        .collect()
}

#[test]
fn easy_plays_as_before() {
    assert_eq!(
        moves(Level::Easy, 1),
        ["7g7f", "8i7g", "1g1f", "4g5f", "6f4h+", "P*3a"]
    );
}

#[test]
fn medium_plays_as_before() {
    assert_eq!(
        moves(Level::Medium, 3),
        ["3i4h", "8h7g", "B*4e", "5h5i", "S*2h", "P*3a"]
    );
}

#[test]
fn the_reference_plays_as_the_old_hard_level() {
    assert_eq!(
        moves(Level::Reference, 4),
        ["3i4h", "8h7g", "B*4e", "B*5f", "S*2h", "P*3a"]
    );
    assert_eq!("hard-v1".parse::<Level>(), Ok(Level::Reference));
}
