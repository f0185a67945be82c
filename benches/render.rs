//! Board rendering speed: draw + PNG encode.
//!
//! - A mid-game Ô ăn quan position. Target: at most 10 ms per board, PNG at most 100 KB.
//! - A 6-player middle-game Chinese checkers board (90 plies of the medium computer player, as
//!   in the picture's own tests). Target (issue 13): at most 10 ms, PNG at most 100 KB.
//!
//! - The same two pictures with names in other scripts (issue 27): Han and Hangul, Arabic with
//!   an emoji and Greek, and on the Chinese checkers legend Cyrillic, Thai, Devanagari and an
//!   emoji sequence too: fallback faces, shaping and colour emoji on top of the Latin path.
//!
//! - Alt text (issue 52): each game's board description (English and Vietnamese) from a
//!   seeded random middle game, against drawing and encoding the same board's picture; the
//!   descriptions' sizes are printed first.
//!
//! Run with `cargo bench --bench render`; the PNG sizes are printed first.

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::app::games::chinese_checkers::CheckersRules;
use oaq_bot::app::games::shogi::ShogiRules;
use oaq_bot::app::games::{GameRules, Scene, Situation, Table};
use oaq_bot::app::text::alt;
use oaq_bot::app::Locale;
use oaq_bot::games::chinese_checkers::ai::{Level, Opponent};
use oaq_bot::games::chinese_checkers::{self as cc, Player};
use oaq_bot::games::oaq::{Move, Position, Rules, Square};
use oaq_bot::ids::{GameId, UserId};
use oaq_bot::render::chinese_checkers;
use oaq_bot::render::oaq::{render, BoardView, LastMove, PlayerPanel};
use oaq_bot::render::Fonts;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn bench_render(c: &mut Criterion) {
    let fonts = Fonts::load().expect("fonts");
    let position = Position::parse("3,8,0,6,12,1,0,9,5,0,4,2 Q- 6,4 n 9", Rules::standard())
        .expect("position");
    let last = LastMove {
        mv: "4+".parse::<Move>().expect("move"),
        captured: vec![Square::EAST],
    };
    let view = BoardView {
        position: &position,
        turn: position.to_move(),
        players: [
            PlayerPanel {
                name: "Nguyễn Thị Ánh",
                detail: "captured 6",
            },
            PlayerPanel {
                name: "Trần Văn Bình",
                detail: "captured 4",
            },
        ],
        title: "Ô ăn quan · standard",
        status: "Trần Văn Bình to move",
        last: Some(&last),
    };
    let size = render(&fonts, &view).expect("render").len();
    println!("PNG size: {size} bytes");
    assert!(size <= 100 * 1024, "PNG is {size} bytes");
    c.bench_function("oaq render + png encode", |b| {
        b.iter(|| render(&fonts, &view).expect("render"))
    });
    let world = BoardView {
        players: [
            PlayerPanel {
                name: "李小龍 김민준",
                detail: "captured 6",
            },
            PlayerPanel {
                name: "محمد 🔥 Ωmega",
                detail: "captured 4",
            },
        ],
        status: "محمد 🔥 Ωmega to move",
        ..view
    };
    c.bench_function("oaq render + png encode, names in other scripts", |b| {
        b.iter(|| render(&fonts, &world).expect("render"))
    });
}

/// Names for six seats in six scripts (issue 27).
const WORLD_NAMES: [&str; 6] = [
    "李小龍",
    "김민준",
    "محمد 🔥",
    "Дмитрий",
    "สมชาย",
    "अर्जुन 👨\u{200D}👩\u{200D}👧",
];

/// Plays 90 plies of the medium computer player on a 6-player board.
fn middle_game() -> (cc::Position, cc::Move) {
    let mut position = cc::Position::start(6, cc::Rules::default()).expect("a start position");
    let mut medium = Opponent::new(Level::Medium, 1);
    let mut last = None;
    for _ in 0..90 {
        let mv = medium.choose(&position).expect("a move");
        position = position.play(&mv).expect("a legal move");
        last = Some(mv);
    }
    (position, last.expect("90 moves"))
}

fn bench_chinese_checkers(c: &mut Criterion) {
    let fonts = Fonts::load().expect("fonts");
    let (position, last) = middle_game();
    let names: Vec<String> = (1..=6).map(|p| format!("P{p}")).collect();
    let details: Vec<String> = (0..6)
        .map(|p| format!("{}/10 home", position.pegs_home(Player::new(p))))
        .collect();
    let players: Vec<chinese_checkers::PlayerPanel<'_>> = names
        .iter()
        .zip(&details)
        .map(|(name, detail)| chinese_checkers::PlayerPanel { name, detail })
        .collect();
    let status = format!("P{} to move", position.to_move().index() + 1);
    let view = chinese_checkers::BoardView {
        position: &position,
        last_move: Some(&last),
        turn: Some(position.to_move()),
        title: "Chinese checkers",
        status: &status,
        players: &players,
        footer: "Moves: from-to, e.g. D2-E6",
    };
    let size = chinese_checkers::render(&fonts, &view)
        .expect("render")
        .len();
    println!("Chinese checkers PNG size: {size} bytes");
    c.bench_function(
        "chinese checkers 6-player middle game render + png encode",
        |b| b.iter(|| chinese_checkers::render(&fonts, &view).expect("render")),
    );
    let world: Vec<chinese_checkers::PlayerPanel<'_>> = WORLD_NAMES
        .iter()
        .zip(&details)
        .map(|(name, detail)| chinese_checkers::PlayerPanel { name, detail })
        .collect();
    let world = chinese_checkers::BoardView {
        players: &world,
        ..view
    };
    c.bench_function(
        "chinese checkers 6-player render + png encode, names in other scripts",
        |b| b.iter(|| chinese_checkers::render(&fonts, &world).expect("render")),
    );
}

/// A game of `seats` after `plies` seeded random legal moves (fewer if it ends).
fn random_table(rules: &GameRules, seats: usize, plies: usize) -> Table {
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    let mut table = Table::start(rules, seats).expect("a start");
    for _ in 0..plies {
        let moves = table.legal_moves();
        if moves.is_empty() || table.to_move().is_none() {
            break;
        }
        let mv = moves[rng.gen_range(0..moves.len())].value.clone();
        table.play(&mv).expect("a legal move");
    }
    table
}

fn bench_descriptions(c: &mut Criterion) {
    let fonts = Fonts::load().expect("fonts");
    let names: Vec<String> = [
        "Nguyễn Thị Ánh",
        "Trần Văn Bình",
        "Lê Minh Châu",
        "Phạm Đức Dũng",
        "Hoàng Gia Huy",
        "Võ Thanh Lan",
    ]
    .map(String::from)
    .to_vec();
    let ids: Vec<UserId> = (1..=6).map(UserId::new).collect();
    let games = [
        (
            "oaq",
            GameRules::Oaq(oaq_bot::games::oaq::Rules::standard()),
            2,
            30,
        ),
        ("shogi", GameRules::Shogi(ShogiRules::default()), 2, 60),
        (
            "chinese checkers 6 seats",
            GameRules::ChineseCheckers(CheckersRules::default()),
            6,
            90,
        ),
    ];
    for (game, rules, seats, plies) in games {
        let table = random_table(&rules, seats, plies);
        let situation = match table.to_move() {
            Some(seat) => Situation::ToMove { seat, person: true },
            None => Situation::Over {
                places: table.places().unwrap_or_default(),
            },
        };
        for (language, locale) in [("en", Locale::English), ("vi", Locale::Vietnamese)] {
            let scene = Scene {
                locale,
                game: GameId::new(1),
                names: &names[..seats],
                ids: &ids[..seats],
                situation: &situation,
                // The last few moves, as a board after a run of computer seats shows them.
                since: plies.saturating_sub(seats),
            };
            let text = table.description(&scene);
            println!(
                "{game} description ({language}): {} bytes, {} characters of {}",
                text.len(),
                alt::length(&text),
                alt::LIMIT
            );
            c.bench_function(&format!("{game} board description ({language})"), |b| {
                b.iter(|| table.description(&scene))
            });
            if locale == Locale::English {
                c.bench_function(&format!("{game} board picture + png, same board"), |b| {
                    b.iter(|| {
                        let picture = table.picture(&fonts, &scene, None);
                        oaq_bot::render::encode::png(&picture).expect("png")
                    })
                });
            }
        }
    }
}

criterion_group!(
    benches,
    bench_render,
    bench_chinese_checkers,
    bench_descriptions
);
criterion_main!(benches);
