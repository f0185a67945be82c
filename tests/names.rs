//! Issue 27, "Names vanish from the pictures": display names in every script people write
//! them in are drawn on the Ô ăn quan board, the leaderboard, the rating chart and the Chinese
//! checkers legend with every glyph present. Coverage is checked on the layout the canvas
//! draws (`render::text::lay_out`), not by eye; the pixels check that each name left ink.
//! Samples are written to `target/render-samples/names-*.png` for a human look.

use image::RgbImage;
use oaq_bot::games::chinese_checkers as cc;
use oaq_bot::games::oaq::{Position, Rules};
use oaq_bot::render::text::lay_out;
use oaq_bot::render::{chart, chinese_checkers, leaderboard, oaq, Fonts, Weight};

/// A name per script, with the face that must draw the script's letters.
const NAMES: [(&str, &str, &str); 11] = [
    ("han", "李小龍 Lý Tiểu Long", "Oaq CJK"),
    ("hangul", "김민준", "Oaq CJK"),
    ("kana", "さくら サクラ", "Oaq CJK"),
    ("arabic", "محمد 🔥 Ωmega", "Oaq Arabic"),
    ("cyrillic", "Дмитрий Шостакович", "Oaq Text Extra"),
    ("greek", "Σωκράτης", "Oaq Text Extra"),
    ("thai", "สมชาย ใจดี", "Oaq Thai"),
    ("devanagari", "अर्जुन शर्मा", "Oaq Devanagari"),
    ("emoji", "🔥🎲 👨\u{200D}👩\u{200D}👧 🇻🇳 👍🏽", "Oaq Emoji"),
    ("math", "𝓙𝓸𝓱𝓷 𝕯𝖔𝖊", "Oaq Math"),
    ("symbols", "★ Sakura ✿ ⓐ①", "Oaq Symbols Two"),
];

/// The sizes and weights the four pictures draw names at.
const SIZES: [(f32, Weight); 5] = [
    (26.0, Weight::Bold),
    (22.0, Weight::Bold),
    (17.0, Weight::Regular),
    (15.0, Weight::Bold),
    (22.0, Weight::Bold),
];

fn save(name: &str, image: &RgbImage) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("../render-samples");
    if std::fs::create_dir_all(&dir).is_ok() {
        let _ = image.save(dir.join(format!("names-{name}.png")));
    }
}

/// How many pixels differ between two pictures of one size.
fn changed(a: &RgbImage, b: &RgbImage) -> usize {
    assert_eq!(a.dimensions(), b.dimensions());
    a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count()
}

/// Enough ink for a name: well over what an anti-aliased stray would leave.
const INK: usize = 60;

#[test]
fn every_name_is_laid_out_with_every_glyph_in_the_face_of_its_script() {
    let fonts = Fonts::load().expect("fonts");
    for (script, name, face) in NAMES {
        for (size, weight) in SIZES {
            let line = lay_out(&fonts, name, size, weight, 0.0);
            assert_eq!(line.missing(), 0, "{script} {name:?} at {size} {weight:?}");
            let faces: Vec<_> = line.faces().iter().map(|&f| fonts.face_name(f)).collect();
            assert!(faces.contains(&face), "{script}: {faces:?}");
            assert!(line.width > size, "{script}: {} pixels wide", line.width);
        }
        assert!(fonts.covers(name), "{script}");
    }
}

fn oaq_board(fonts: &Fonts, south: &str, status: &str) -> RgbImage {
    let start = Position::start(Rules::standard());
    oaq::draw(
        fonts,
        &oaq::BoardView {
            position: &start,
            turn: start.to_move(),
            players: [
                // No detail after the name: only the name's own ink differs between boards.
                oaq::PlayerPanel {
                    name: south,
                    detail: "",
                },
                oaq::PlayerPanel {
                    name: "Trần Văn Bình",
                    detail: "captured 0",
                },
            ],
            title: "Ô ăn quan · standard",
            status,
            last: None,
        },
    )
}

#[test]
fn the_oaq_board_draws_each_name_in_its_panel_and_its_status() {
    let fonts = Fonts::load().expect("fonts");
    let blank = oaq_board(&fonts, "", " to move");
    for (script, name, _) in NAMES {
        let status = format!("{name} to move");
        let board = oaq_board(&fonts, name, &status);
        save(&format!("oaq-{script}"), &board);
        let panel = |image: &RgbImage| image.view_rows(330, 400, 0, 420);
        let corner = |image: &RgbImage| image.view_rows(340, 400, 480, 900);
        assert!(
            changed(&panel(&board), &panel(&blank)) > INK,
            "{script}: the panel shows the name"
        );
        assert!(
            changed(&corner(&board), &corner(&blank)) > INK,
            "{script}: the status shows the name"
        );
    }
}

#[test]
fn the_leaderboard_draws_each_name_on_its_row() {
    let fonts = Fonts::load().expect("fonts");
    let page = |names: &[&str]| {
        let rows: Vec<leaderboard::LeaderboardRow<'_>> = names
            .iter()
            .enumerate()
            .map(|(i, name)| leaderboard::LeaderboardRow {
                rank: i as u64 + 1,
                name,
                rating: "1500",
                record: "1–0–0",
                provisional: false,
            })
            .collect();
        leaderboard::draw(
            &fonts,
            &leaderboard::LeaderboardView {
                title: "Leaderboard",
                subtitle: "page 1",
                columns: ["#", "Player", "Rating", "W–D–L"],
                rows: &rows,
                legend: "? provisional",
            },
        )
    };
    let names: Vec<&str> = NAMES.iter().map(|(_, name, _)| *name).collect();
    let full = page(&names);
    let blank = page(&vec![""; names.len()]);
    save("leaderboard", &full);
    // Row i spans 118 + 44 i to 118 + 44 (i + 1); the name column runs from 104 to 480.
    for (i, (script, _, _)) in NAMES.iter().enumerate() {
        let top = 118 + 44 * i as u32;
        let row = |image: &RgbImage| image.view_rows(top, top + 44, 100, 480);
        assert!(
            changed(&row(&full), &row(&blank)) > INK,
            "{script}: row {} shows the name",
            i + 1
        );
    }
}

#[test]
fn the_rating_chart_draws_the_name_in_its_title() {
    let fonts = Fonts::load().expect("fonts");
    let ratings = [1500.0, 1512.0, 1498.0, 1530.0];
    let chart_of = |title: &str| {
        chart::draw(
            &fonts,
            &chart::ChartView {
                title,
                axis: "games",
                ratings: &ratings,
            },
        )
    };
    let blank = chart_of("Rating of ");
    for (script, name, _) in NAMES {
        let picture = chart_of(&format!("Rating of {name}"));
        save(&format!("chart-{script}"), &picture);
        let title = |image: &RgbImage| image.view_rows(0, 50, 0, chart::WIDTH);
        assert!(
            changed(&title(&picture), &title(&blank)) > INK,
            "{script}: the title shows the name"
        );
    }
}

#[test]
fn the_chinese_checkers_legend_draws_every_name() {
    let fonts = Fonts::load().expect("fonts");
    let position = cc::Position::start(6, cc::Rules::default()).expect("start");
    let legend = |names: &[&str]| {
        let players: Vec<chinese_checkers::PlayerPanel<'_>> = names
            .iter()
            .map(|name| chinese_checkers::PlayerPanel {
                name,
                detail: "0/10 home",
            })
            .collect();
        chinese_checkers::draw(
            &fonts,
            &chinese_checkers::BoardView {
                position: &position,
                last_move: None,
                turn: Some(position.to_move()),
                title: "Chinese checkers",
                status: "to move",
                players: &players,
                footer: "Moves: from-to, e.g. D2-E6",
            },
        )
    };
    let blank = legend(&[""; 6]);
    for group in NAMES.chunks(6) {
        let names: Vec<&str> = group.iter().map(|(_, name, _)| *name).collect();
        let mut seated = names.clone();
        seated.resize(6, "");
        let picture = legend(&seated);
        save(&format!("chinese-checkers-{}", group[0].0), &picture);
        // Each seat's entry changes on its own: draw one name at a time and compare.
        for (seat, (script, name, _)) in group.iter().enumerate() {
            let mut one = vec![""; 6];
            one[seat] = name;
            assert!(
                changed(&legend(&one), &blank) > INK,
                "{script}: seat {} shows the name",
                seat + 1
            );
        }
    }
}

/// A part of a picture: rows `top..bottom`, columns `left..right`, as its own picture.
trait ViewRows {
    fn view_rows(&self, top: u32, bottom: u32, left: u32, right: u32) -> RgbImage;
}

impl ViewRows for RgbImage {
    fn view_rows(&self, top: u32, bottom: u32, left: u32, right: u32) -> RgbImage {
        let (right, bottom) = (right.min(self.width()), bottom.min(self.height()));
        image::imageops::crop_imm(self, left, top, right - left, bottom - top).to_image()
    }
}

/// A display name that draws nothing (Hangul fillers, zero-width or blank characters) would
/// leave " to move" on a board: the account's username is shown instead. A name in any
/// script that leaves ink is kept as it is.
#[test]
fn a_name_that_draws_nothing_gives_way_to_the_username() {
    use oaq_bot::app::UserRef;
    for blank in [
        "\u{3164}",
        "\u{115F}\u{1160}",
        "\u{200B} \u{200B}",
        "  ",
        "",
    ] {
        assert_eq!(
            UserRef::shown_name(Some(blank), "minjun"),
            "minjun",
            "{blank:?}"
        );
    }
    for name in ["김민준", "李小龍 Lý Tiểu Long", "محمد 🔥 Ωmega", "🔥"] {
        assert_eq!(UserRef::shown_name(Some(name), "minjun"), name);
    }
    assert_eq!(UserRef::shown_name(None, "minjun"), "minjun");
}
