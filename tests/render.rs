//! The Ô ăn quan board picture: size, format, and the marks that carry meaning.
//! Samples are written to `target/render-samples/` for a human look.

use oaq_bot::games::oaq::{Move, Position, Rules, Square};
use oaq_bot::render::oaq::{self, BoardView, LastMove, PlayerPanel, HEIGHT, WIDTH};
use oaq_bot::render::Fonts;

fn view<'a>(position: &'a Position, last: Option<&'a LastMove>, status: &'a str) -> BoardView<'a> {
    BoardView {
        position,
        turn: position.to_move(),
        players: [
            PlayerPanel {
                name: "Nguyễn Thị Ánh",
                detail: "captured 11",
            },
            PlayerPanel {
                name: "Trần Văn Bình",
                detail: "captured 0",
            },
        ],
        title: "Ô ăn quan · standard",
        status,
        last,
    }
}

fn save(name: &str, png: &[u8]) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../render-samples");
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = std::fs::write(dir.join(name), png);
    }
}

/// The pixel at the centre of a mandarin stone (see the layout constants in render/oaq.rs).
const WEST_STONE: (u32, u32) = (160 - 48 + 6, 200 + 6);
const STONE: [u8; 3] = [0x8E, 0x3B, 0x2E];

#[test]
fn the_start_position_is_a_small_900_by_400_png() {
    let fonts = Fonts::load().expect("fonts");
    let start = Position::start(Rules::standard());
    let png = oaq::render(&fonts, &view(&start, None, "Nguyễn Thị Ánh to move")).expect("render");
    save("start.png", &png);
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(png.len() <= 100 * 1024, "PNG is {} bytes", png.len());
    let decoded = image::load_from_memory(&png).expect("decodes");
    assert_eq!((decoded.width(), decoded.height()), (WIDTH, HEIGHT));
}

#[test]
fn a_captured_mandarin_disappears_and_the_capture_is_marked() {
    let fonts = Fonts::load().expect("fonts");
    let start = Position::start(Rules::standard());
    let before = oaq::draw(&fonts, &view(&start, None, "to move"));
    assert_eq!(before.get_pixel(WEST_STONE.0, WEST_STONE.1).0, STONE);

    let mv: Move = "1-".parse().expect("move");
    let after = start.play(mv).expect("legal");
    assert!(!after.has_quan(Square::WEST));
    let last = LastMove {
        mv,
        captured: vec![Square::WEST],
    };
    let image = oaq::draw(&fonts, &view(&after, Some(&last), "Trần Văn Bình to move"));
    save(
        "after-capture.png",
        &oaq::render(&fonts, &view(&after, Some(&last), "Trần Văn Bình to move")).expect("png"),
    );
    let pixel = image.get_pixel(WEST_STONE.0, WEST_STONE.1).0;
    assert_ne!(pixel, STONE, "the stone is gone");
    assert_eq!(pixel, [0xEE, 0xA3, 0x8C], "the captured square is tinted");
    // The origin square (South's square 1, bottom-left) is highlighted.
    assert_eq!(image.get_pixel(160 + 100, 200 + 90).0, [0xF7, 0xDE, 0x7A]);
}

#[test]
fn north_moving_plus_is_drawn_travelling_left() {
    let north_plus: Move = "9+".parse().expect("move");
    let south_plus: Move = "3+".parse().expect("move");
    assert!(!oaq::travels_right(north_plus));
    assert!(oaq::travels_right(south_plus));
    assert!(oaq::travels_right("9-".parse().expect("move")));
}

#[test]
fn a_crowded_square_still_fits_and_long_names_are_shortened() {
    let fonts = Fonts::load().expect("fonts");
    let crowded = Position::parse("7,30,0,2,0,1,0,0,3,0,9,0 Q- 5,3 n 31", Rules::standard())
        .expect("position");
    let mut v = view(
        &crowded,
        None,
        "a status line that is far too long to fit in its corner",
    );
    v.players[1].name = "An extraordinarily long display name that cannot possibly fit";
    let png = oaq::render(&fonts, &v).expect("render");
    save("crowded.png", &png);
    assert!(png.len() <= 100 * 1024);
}

#[test]
fn marks_of_one_board_never_leak_into_the_next() {
    // The static part of the board is drawn once and reused: tinting a captured mandarin
    // square must only touch that one picture.
    let fonts = Fonts::load().expect("fonts");
    let start = Position::start(Rules::standard());
    let plain = oaq::draw(&fonts, &view(&start, None, "to move"));
    let mv: Move = "1-".parse().expect("move");
    let after = start.play(mv).expect("legal");
    let last = LastMove {
        mv,
        captured: vec![Square::WEST],
    };
    let marked = oaq::draw(&fonts, &view(&after, Some(&last), "to move"));
    let again = oaq::draw(&fonts, &view(&start, None, "to move"));
    assert_ne!(plain, marked);
    assert_eq!(plain, again, "the same view draws the same pixels");
    // The West square's wood, away from its stones, is untinted on the unmarked board.
    assert_eq!(again.get_pixel(160 - 20, 200 - 80).0, [0xE6, 0xC5, 0x8F]);
}

/// Issue 10: the turn marker (the green dot by the name, the green bar along the row) follows
/// the view's `turn`, not the position: a finished game's picture passes `None` and shows none
/// even though a resigned or timed-out position still names a player to move.
#[test]
fn the_turn_marker_follows_the_views_turn_and_a_finished_board_has_none() {
    const TURN: [u8; 3] = [0x2E, 0x8B, 0x57];
    let fonts = Fonts::load().expect("fonts");
    let start = Position::start(Rules::standard());
    let marked = oaq::draw(&fonts, &view(&start, None, "Nguyễn Thị Ánh to move"));
    // South's dot and bar.
    assert_eq!(marked.get_pixel(48, 367).0, TURN);
    assert_eq!(marked.get_pixel(170, 294).0, TURN);
    let mut north = view(&start, None, "to move");
    north.turn = Some(oaq_bot::games::oaq::Seat::North);
    let north = oaq::draw(&fonts, &north);
    assert_eq!(north.get_pixel(48, 33).0, TURN);
    assert_eq!(north.get_pixel(170, 106).0, TURN);
    assert_ne!(north.get_pixel(48, 367).0, TURN);

    let mut finished = view(&start, None, "Trần Văn Bình wins by resignation");
    finished.turn = None;
    let image = oaq::draw(&fonts, &finished);
    save(
        "resigned.png",
        &oaq::render(&fonts, &finished).expect("png"),
    );
    assert!(
        image.pixels().all(|p| p.0 != TURN),
        "no turn marker anywhere"
    );
}

// The shared toolkit and the other games' pictures.

mod toolkit {
    use oaq_bot::games::chinese_checkers::{self as cc, Player};
    use oaq_bot::games::shogi::{self, Role};
    use oaq_bot::render::{chinese_checkers, shogi as shogi_picture, Fonts};

    /// Draws a Chinese checkers board with `title` and otherwise plain English words.
    fn chinese_checkers_png(position: &cc::Position, title: &str) -> (image::RgbImage, Vec<u8>) {
        let fonts = Fonts::load().expect("fonts");
        let names: Vec<String> = (1..=position.players()).map(|p| format!("P{p}")).collect();
        let details: Vec<String> = (0..position.players())
            .map(|p| format!("{}/10 home", position.pegs_home(Player::new(p))))
            .collect();
        let players: Vec<chinese_checkers::PlayerPanel<'_>> = names
            .iter()
            .zip(&details)
            .map(|(name, detail)| chinese_checkers::PlayerPanel { name, detail })
            .collect();
        let view = chinese_checkers::BoardView {
            position,
            last_move: None,
            turn: Some(position.to_move()),
            title,
            status: "P1 to move",
            players: &players,
            footer: "Moves: from-to, e.g. D2-E6",
        };
        let png = chinese_checkers::render(&fonts, &view).expect("png");
        (chinese_checkers::draw(&fonts, &view), png)
    }

    fn shogi_png(position: &shogi::Position, status: &str) -> (image::RgbImage, Vec<u8>) {
        let fonts = Fonts::load().expect("fonts");
        let view = shogi_picture::BoardView {
            position,
            highlights: shogi_picture::Highlights::default(),
            words: shogi_picture::Words {
                sente: "先手",
                gote: "後手",
                empty_hand: "なし",
                status,
                check: "王手 Check!",
            },
        };
        let png = shogi_picture::render(&fonts, &view).expect("png");
        (shogi_picture::draw(&fonts, &view), png)
    }

    /// Decodes `png` and checks it is the picture drawn, at the documented size.
    fn assert_decodes_to(png: &[u8], image: &image::RgbImage, size: (u32, u32)) {
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
        let decoded = image::load_from_memory(png).expect("decodes").to_rgb8();
        assert_eq!((decoded.width(), decoded.height()), size);
        assert_eq!(&decoded, image, "the PNG holds exactly the picture drawn");
    }

    #[test]
    fn every_picture_encodes_to_a_png_of_its_documented_size() {
        for players in [2, 3, 4, 6] {
            let start = cc::Position::start(players, cc::Rules::default()).expect("start");
            let (image, png) = chinese_checkers_png(&start, "Chinese checkers");
            super::save(&format!("chinese-checkers-{players}.png"), &png);
            assert_decodes_to(
                &png,
                &image,
                (chinese_checkers::WIDTH, chinese_checkers::HEIGHT),
            );
            assert!(
                png.len() <= 100 * 1024,
                "{players} players: {} bytes",
                png.len()
            );
        }
        let (image, png) = shogi_png(&shogi::Position::new(), "先手番 Sente to move");
        super::save("shogi.png", &png);
        assert_decodes_to(&png, &image, (shogi_picture::WIDTH, shogi_picture::HEIGHT));
        assert!(png.len() <= 100 * 1024, "{} bytes", png.len());
    }

    /// Plays `plies` moves of the medium computer player from the start of `players` seats.
    fn medium_game(players: usize, sets: u8, plies: usize) -> (cc::Position, Option<cc::Move>) {
        use cc::ai::{Level, Opponent};
        let rules = cc::Rules {
            sets,
            ..cc::Rules::default()
        };
        let mut position = cc::Position::start(players, rules).expect("start");
        let mut medium = Opponent::new(Level::Medium, 1);
        let mut last = None;
        for _ in 0..plies {
            let mv = medium.choose(&position).expect("a move");
            position = position.play(&mv).expect("legal");
            last = Some(mv);
        }
        (position, last)
    }

    /// The Chinese checkers boards a person should look at after a change to the picture:
    /// written to `target/render-samples/`. Each is at most 100 KB, and a name or detail too
    /// long for the panel is cut with an ellipsis rather than run over the edge.
    #[test]
    fn chinese_checkers_boards_in_the_middle_of_a_game() {
        let fonts = Fonts::load().expect("fonts");
        let seatings: [(&str, usize, u8, usize); 5] = [
            ("6-middle", 6, 1, 90),
            ("2-middle", 2, 1, 30),
            ("3-middle", 3, 1, 30),
            ("2x3-middle", 2, 3, 30),
            ("3x2-middle", 3, 2, 30),
        ];
        for (name, players, sets, plies) in seatings {
            let (mut position, last) = medium_game(players, sets, plies);
            let long = name == "3-middle";
            if long {
                position = position.retire(Player::new(1));
            }
            let names: Vec<String> = (1..=players)
                .map(|p| match (long, p) {
                    (true, 1) => "Nguyễn Thị Ánh Tuyết, the longest name in the server".into(),
                    (true, 2) => "Trần Văn Bình".into(),
                    _ => format!("P{p}"),
                })
                .collect();
            let details: Vec<String> = (0..players)
                .map(|p| match (long, p) {
                    (true, 1) => "retired after 10 moves, a long detail".into(),
                    _ => format!("{}/10 home", position.pegs_home(Player::new(p))),
                })
                .collect();
            let players_panel: Vec<chinese_checkers::PlayerPanel<'_>> = names
                .iter()
                .zip(&details)
                .map(|(name, detail)| chinese_checkers::PlayerPanel { name, detail })
                .collect();
            let status = format!("P{} to move", position.to_move().index() + 1);
            let view = chinese_checkers::BoardView {
                position: &position,
                last_move: last.as_ref(),
                turn: Some(position.to_move()),
                title: "Chinese checkers",
                status: &status,
                players: &players_panel,
                footer: "Moves: from-to, e.g. D2-E6",
            };
            let png = chinese_checkers::render(&fonts, &view).expect("png");
            super::save(&format!("chinese-checkers-{name}.png"), &png);
            let image = chinese_checkers::draw(&fonts, &view);
            assert_decodes_to(
                &png,
                &image,
                (chinese_checkers::WIDTH, chinese_checkers::HEIGHT),
            );
            assert!(png.len() <= 100 * 1024, "{name}: {} bytes", png.len());
        }
    }

    #[test]
    fn the_chinese_checkers_picture_prints_the_words_it_is_given() {
        let start = cc::Position::start(3, cc::Rules::default()).expect("start");
        let (english, _) = chinese_checkers_png(&start, "Chinese checkers");
        let (vietnamese, png) = chinese_checkers_png(&start, "Cờ nhảy Trung Quốc");
        super::save("chinese-checkers-vi.png", &png);
        assert_ne!(english, vietnamese);
        // The title's corner changes; elsewhere at most a few anti-aliased pixels take another
        // shade, as the picture's 256 colours are chosen anew.
        let (width, height) = (chinese_checkers::WIDTH, chinese_checkers::HEIGHT);
        let differs = |x: u32, y: u32| english.get_pixel(x, y) != vietnamese.get_pixel(x, y);
        let title = (560..width)
            .flat_map(|x| (0..50).map(move |y| (x, y)))
            .filter(|&(x, y)| differs(x, y))
            .count();
        let elsewhere = (0..height)
            .flat_map(|y| (0..width).map(move |x| (x, y)))
            .filter(|&(x, y)| (x < 560 || y >= 50) && differs(x, y))
            .count();
        assert!(title > 500, "{title} pixels of the title changed");
        assert!(
            elsewhere < 500,
            "{elsewhere} pixels outside the title changed"
        );
        let (again, _) = chinese_checkers_png(&start, "Cờ nhảy Trung Quốc");
        assert_eq!(again, vietnamese, "the same words draw the same picture");
    }

    #[test]
    fn the_shogi_picture_prints_the_words_it_is_given() {
        let start = shogi::Position::new();
        let (japanese, _) = shogi_png(&start, "先手番 Sente to move");
        let (vietnamese, _) = shogi_png(&start, "Lượt của Tiên thủ");
        assert_ne!(japanese, vietnamese);
    }

    #[test]
    fn the_fonts_hold_every_piece_and_every_word_the_pictures_print() {
        let fonts = Fonts::load().expect("fonts");
        for role in Role::ALL {
            assert!(fonts.has_kanji(role.kanji()), "{role:?}");
        }
        for c in "王一二三四五六七八九123456789".chars() {
            assert!(fonts.has_kanji(c), "{c}");
        }
        for words in [
            "先手 後手 なし 先手番 Sente to move 後手番 Gote to move 王手 Check! ×5",
            "Chinese checkers P1 to move 3/10 home Moves: from-to, e.g. D2-E6",
            "Cờ nhảy Trung Quốc · Lượt của Tiên thủ · Ô ăn quan",
        ] {
            assert!(fonts.covers(words), "{words}");
        }
        // (The snowman ☃ that stood here is an emoji, drawn since issue 27: a private-use
        // character is one no face will ever have.)
        assert!(
            !fonts.covers("\u{E000}"),
            "a character no face has is reported"
        );
    }
}

// Replays (issue 27): GIF frames of only the part that changed, on one palette, decode to the
// pictures drawn.

mod replay {
    use std::collections::HashSet;
    use std::io::Cursor;

    use image::codecs::gif::GifDecoder;
    use image::{AnimationDecoder, RgbImage};
    use oaq_bot::games::chinese_checkers::{self as cc, Player};
    use oaq_bot::render::animation::Animation;
    use oaq_bot::render::{chinese_checkers, Fonts};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    const MOVES: usize = 60;

    /// The pictures of a 6-seat Chinese checkers game of seeded random moves, each drawn
    /// directly with its move's path and a status line of its own.
    fn frames() -> Vec<RgbImage> {
        let fonts = Fonts::load().expect("fonts");
        let mut rng = ChaCha8Rng::seed_from_u64(27);
        let mut position = cc::Position::start(6, cc::Rules::default()).expect("start");
        let names: Vec<String> = (1..=6).map(|p| format!("P{p}")).collect();
        let mut last = None;
        let mut frames = Vec::with_capacity(MOVES + 1);
        for ply in 0..=MOVES {
            let details: Vec<String> = (0..6)
                .map(|p| format!("{}/10 home", position.pegs_home(Player::new(p))))
                .collect();
            let players: Vec<chinese_checkers::PlayerPanel<'_>> = names
                .iter()
                .zip(&details)
                .map(|(name, detail)| chinese_checkers::PlayerPanel { name, detail })
                .collect();
            let status = format!("Move {ply} of {MOVES}");
            let view = chinese_checkers::BoardView {
                position: &position,
                last_move: last.as_ref(),
                turn: Some(position.to_move()),
                title: "Chinese checkers",
                status: &status,
                players: &players,
                footer: "Moves: from-to, e.g. D2-E6",
            };
            frames.push(chinese_checkers::draw(&fonts, &view));
            let mv = *position.legal_moves().choose(&mut rng).expect("a move");
            position = position.play(&mv).expect("legal");
            last = Some(mv);
        }
        frames
    }

    /// The GIF's global palette.
    fn palette(gif: &[u8]) -> HashSet<[u8; 3]> {
        let decoder = gif::DecodeOptions::new()
            .read_info(Cursor::new(gif))
            .expect("a GIF");
        let palette = decoder.global_palette().expect("a global palette");
        palette
            .chunks_exact(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect()
    }

    /// The eye-weighted distance the encoder folds rare colours by (green counts most).
    fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
        let d = |i: usize| u32::from(a[i].abs_diff(b[i]));
        2 * d(0) * d(0) + 4 * d(1) * d(1) + 3 * d(2) * d(2)
    }

    /// Decoded whole (the image crate composites each frame's rectangle over the ones
    /// before), every frame of the animation is the picture drawn: each pixel exactly, but for
    /// the rare anti-aliasing shades that did not make the 255 colours of the palette, which
    /// are the nearest colour it has.
    #[test]
    fn every_frame_of_a_replay_decodes_to_the_picture_drawn() {
        let frames = frames();
        let mut animation = Animation::new(frames[0].clone(), 1500);
        for frame in &frames[1..] {
            animation.push(frame.clone(), 1200).expect("same size");
        }
        let encoded = animation
            .encode_within(usize::MAX)
            .expect("encodes")
            .expect("fits");
        assert_eq!(encoded.frames, MOVES + 1);
        let palette = palette(&encoded.bytes);
        let decoded = GifDecoder::new(Cursor::new(&encoded.bytes))
            .expect("a GIF")
            .into_frames()
            .collect_frames()
            .expect("frames");
        assert_eq!(decoded.len(), MOVES + 1);
        let (mut folded, mut pixels) = (0, 0);
        for (i, (frame, drawn)) in decoded.iter().zip(&frames).enumerate() {
            let shown = image::DynamicImage::ImageRgba8(frame.buffer().clone()).into_rgb8();
            assert_eq!(shown.dimensions(), drawn.dimensions());
            for (x, y, pixel) in drawn.enumerate_pixels() {
                let (want, got) = (pixel.0, shown.get_pixel(x, y).0);
                pixels += 1;
                if palette.contains(&want) {
                    assert_eq!(got, want, "frame {i}, pixel ({x}, {y})");
                } else {
                    folded += 1;
                    let best = palette.iter().map(|&c| distance(c, want)).min();
                    assert_eq!(Some(distance(got, want)), best, "frame {i} ({x}, {y})");
                }
            }
        }
        // About 0.6%: the shades of anti-aliasing, which vary from frame to frame.
        assert!(
            folded * 100 < pixels,
            "{folded} of {pixels} pixels in colours the palette lacks"
        );
        // Sixty moves cost less than ten whole frames (a whole frame was 60-75 KB).
        let first = Animation::new(frames[0].clone(), 1500)
            .encode_within(usize::MAX)
            .expect("encodes")
            .expect("fits");
        assert!(
            encoded.bytes.len() < 10 * first.bytes.len(),
            "{} bytes, one frame {}",
            encoded.bytes.len(),
            first.bytes.len()
        );
    }
}

/// Issue 29: the tournament pictures are tables.
mod tables {
    use super::save;
    use oaq_bot::render::table::{self, Column, Row, TableView};
    use oaq_bot::render::{Align, Fonts};

    fn row(cells: &[&str], soft: bool, highlight: bool) -> Row {
        Row {
            cells: cells.iter().map(|c| (*c).to_owned()).collect(),
            soft,
            highlight,
        }
    }

    #[test]
    fn a_table_is_as_wide_as_its_columns_as_tall_as_its_rows_and_fits_long_cells() {
        let fonts = Fonts::load().expect("fonts");
        let columns = [
            Column {
                heading: "#",
                width: 40.0,
                align: Align::Right,
            },
            Column {
                heading: "Player",
                width: 200.0,
                align: Align::Left,
            },
            Column {
                heading: "Pts",
                width: 56.0,
                align: Align::Right,
            },
        ];
        let long = "Nguyễn Thị Minh Khai của đội cờ tướng phường Bến Thành";
        let rows = [
            row(&["1", "Bình", "3"], false, true),
            row(&["2", long, "2½"], false, false),
            row(&["3", "Chi (withdrawn)", "½"], true, false),
        ];
        let view = TableView {
            title: "Final standings",
            subtitle: "Ô ăn quan · Swiss · 3 players",
            columns: &columns,
            rows: &rows,
            legend: "BH: Buchholz",
        };
        let (width, height) = table::size(&view);
        assert_eq!(width, 640, "a narrow table keeps room for its title");
        let image = table::draw(&fonts, &view);
        assert_eq!((image.width(), image.height()), (width, height));
        let png = table::render(&fonts, &view).expect("png");
        let decoded = image::load_from_memory(&png).expect("decodes").to_rgb8();
        assert_eq!(decoded, image);
        save("tournament-table.png", &png);
        // One more row makes the picture one row taller; more columns make it wider.
        let more = [
            rows[0].clone(),
            rows[1].clone(),
            rows[2].clone(),
            rows[0].clone(),
        ];
        let taller = table::size(&TableView {
            rows: &more,
            ..view
        });
        assert_eq!(taller.1 - height, 38);
        let wide: Vec<Column> = (0..12).map(|_| columns[1]).collect();
        assert!(
            table::size(&TableView {
                columns: &wide,
                ..view
            })
            .0 > 2000
        );
        // The winner's band is drawn behind the first row, not the second.
        let band = image.get_pixel(width - 30, 118 + 19).0;
        let plain = image.get_pixel(width - 30, 118 + 38 + 19).0;
        assert_ne!(band, plain);
    }

    /// The first and last columns of each row, from the picture's edges, where anything but
    /// the background, a stripe or a band is drawn (`rows`: the rows' vertical ranges).
    fn drawn_span(image: &image::RgbImage, rows: std::ops::Range<u32>) -> (u32, u32) {
        let plain = [[0xF4, 0xE7, 0xCF], [0xEC, 0xDA, 0xBA], [0xE3, 0xC2, 0x78]];
        let drawn = |x: u32, y: u32| {
            let p = image.get_pixel(x, y).0;
            plain.iter().all(|q| {
                p.iter()
                    .zip(q)
                    .map(|(a, b)| u32::from(a.abs_diff(*b)))
                    .sum::<u32>()
                    > 60
            })
        };
        let columns: Vec<u32> = (0..image.width())
            .filter(|&x| rows.clone().any(|y| drawn(x, y)))
            .collect();
        let (first, last) = (columns[0], columns[columns.len() - 1]);
        (first, image.width() - 1 - last)
    }

    /// Issue 47: the rows of a table picture keep the same room on the right as on the left.
    #[test]
    fn a_table_has_the_same_margin_on_both_sides() {
        let fonts = Fonts::load().expect("fonts");
        let columns = [
            Column {
                heading: "Player",
                width: 320.0,
                align: Align::Left,
            },
            Column {
                heading: "Perf",
                width: 320.0,
                align: Align::Right,
            },
        ];
        let rows = [
            row(&["MMMM", "2300"], false, true),
            row(&["MMMM", "1380"], false, false),
        ];
        let view = TableView {
            title: "Final standings",
            subtitle: "",
            columns: &columns,
            rows: &rows,
            legend: "",
        };
        let image = table::draw(&fonts, &view);
        assert!(image.width() > 640, "wider than the narrowest picture");
        // The text of the rows (below the headings' rule, above the legend's).
        let (left, right) = drawn_span(&image, 126..190);
        assert!(left > 28 + 10, "room inside the band on the left: {left}");
        assert!(
            left.abs_diff(right) <= 4,
            "left {left} px, right {right} px"
        );
    }

    /// Issue 47: the leaderboard's rows keep the same room on the right as on the left.
    #[test]
    fn a_leaderboard_has_the_same_margin_on_both_sides() {
        use oaq_bot::render::leaderboard::{self, LeaderboardRow, LeaderboardView};
        let fonts = Fonts::load().expect("fonts");
        let rows = [LeaderboardRow {
            rank: 1,
            name: "An",
            rating: "1612",
            record: "12–3–1",
            provisional: false,
        }];
        let view = LeaderboardView {
            title: "Leaderboard",
            subtitle: "",
            columns: ["#", "Player", "Rating", "W–D–L"],
            rows: &rows,
            legend: "",
        };
        let image = leaderboard::draw(&fonts, &view);
        // The first row, where the gold medal stands behind the rank.
        let (left, right) = drawn_span(&image, 120..160);
        assert!(
            left > 28 + 10,
            "room inside the stripes on the left: {left}"
        );
        assert!(
            left.abs_diff(right) <= 4,
            "left {left} px, right {right} px"
        );
    }
}
