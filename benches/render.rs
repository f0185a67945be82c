//! Board rendering speed: draw + PNG encode of a mid-game Ô ăn quan position.
//! Target: at most 10 ms per board, PNG at most 100 KB.

use criterion::{criterion_group, criterion_main, Criterion};
use oaq_bot::games::oaq::{Move, Position, Rules, Square};
use oaq_bot::render::oaq::{render, BoardView, LastMove, PlayerPanel};
use oaq_bot::render::Fonts;

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
}

criterion_group!(benches, bench_render);
criterion_main!(benches);
