//! Alt text (issue 52): a board's description, read back by a small parser, gives the very
//! position the engine holds — for seeded random positions of each game, in English and in
//! Vietnamese — so it can never disagree with the picture; and a text too long for Discord's
//! 1,024 characters leaves whole sentences out and says how many.

use std::collections::HashMap;

use oaq_bot::app::games::chinese_checkers::CheckersRules;
use oaq_bot::app::games::shogi::ShogiRules;
use oaq_bot::app::games::{GameRules, Scene, Situation, Table};
use oaq_bot::app::text::alt;
use oaq_bot::app::Locale;
use oaq_bot::games::chinese_checkers as cc;
use oaq_bot::games::oaq::{self, Seat, Square};
use oaq_bot::games::shogi::{self, human, Color, Piece, Role};
use oaq_bot::ids::{GameId, UserId};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const LOCALES: [Locale; 2] = [Locale::English, Locale::Vietnamese];
/// Names without digits or full stops, so the parser can find numbers and sentences; the
/// computer's is a seat name as boards show it.
const NAMES: [&str; 6] = ["Lan", "Bình", "oaq (hard)", "Châu", "Dũng", "Eve"];

/// The words the parser looks for, in each language (what a listener hears).
struct Words {
    to_move: &'static str,
    still_there: &'static str,
    last_move: &'static str,
    rightwards: &'static str,
    moved: &'static str,
    passed: &'static str,
}

fn words(locale: Locale) -> Words {
    match locale {
        Locale::English => Words {
            to_move: " to move",
            still_there: "still there",
            last_move: "Last move: ",
            rightwards: "rightwards",
            moved: " moved ",
            passed: " passed",
        },
        Locale::Vietnamese => Words {
            to_move: "Đến lượt ",
            still_there: "vẫn còn",
            last_move: "Nước vừa đi: ",
            rightwards: "sang phải",
            moved: " đi ",
            passed: " bỏ lượt",
        },
    }
}

/// The sentences of a description (each ends with a full stop).
fn sentences(text: &str) -> Vec<&str> {
    text.trim_end_matches('.').split(". ").collect()
}

/// The whole numbers in `text`, in order (a `-` right before digits makes one negative).
fn numbers(text: &str) -> Vec<i64> {
    let mut found = Vec::new();
    let mut current: Option<(bool, i64)> = None;
    let mut previous = ' ';
    for c in text.chars() {
        if let Some(digit) = c.to_digit(10) {
            let (negative, value) = current.unwrap_or((previous == '-', 0));
            current = Some((negative, value * 10 + i64::from(digit)));
        } else if let Some((negative, value)) = current.take() {
            found.push(if negative { -value } else { value });
        }
        previous = c;
    }
    if let Some((negative, value)) = current {
        found.push(if negative { -value } else { value });
    }
    found
}

/// What follows the first `": "` of a sentence.
fn after_colon(sentence: &str) -> &str {
    sentence.split_once(": ").map_or("", |(_, rest)| rest)
}

/// The seat whose name a turn sentence names, if it says someone is to move.
fn to_move(sentence: &str, names: &[&str], words: &Words) -> Option<usize> {
    if !sentence.contains(words.to_move) {
        return None;
    }
    names.iter().position(|name| sentence.contains(name))
}

/// A random game of `seats` on `table`: up to `plies` random legal moves, each also given to
/// `play` (the engine's side of the test).
fn random_game(
    table: &mut Table,
    rng: &mut ChaCha8Rng,
    plies: usize,
    mut play: impl FnMut(&str),
) -> usize {
    let mut played = 0;
    for _ in 0..plies {
        let moves = table.legal_moves();
        if moves.is_empty() || table.to_move().is_none() {
            break;
        }
        let mv = moves[rng.gen_range(0..moves.len())].value.clone();
        let stored = table.play(&mv).expect("a legal move plays");
        play(&stored);
        played += 1;
    }
    played
}

fn situation(table: &Table) -> Situation {
    match table.to_move() {
        Some(seat) => Situation::ToMove { seat, person: true },
        None => Situation::Over {
            places: table.places().unwrap_or_default(),
        },
    }
}

fn ids(seats: usize) -> Vec<UserId> {
    (1..=seats as u64).map(UserId::new).collect()
}

fn names(seats: usize) -> Vec<String> {
    NAMES[..seats].iter().map(|n| n.to_string()).collect()
}

/// An Ô ăn quan description read back: the twelve squares' stones, both mandarins,
/// captured totals, the seat to move and the last move (square label, rightwards).
#[derive(Debug, PartialEq, Eq)]
struct OaqRead {
    citizens: [u8; 12],
    quans: [bool; 2],
    captured: [i16; 2],
    to_move: Option<usize>,
    last: Option<(u8, bool)>,
}

fn read_oaq(text: &str, locale: Locale) -> OaqRead {
    let words = words(locale);
    let s = sentences(text);
    let n = s.len();
    assert!(n == 7 || n == 8, "{n} sentences in {text}");
    let row = |sentence: &str| -> Vec<u8> {
        numbers(after_colon(sentence))
            .into_iter()
            .map(|v| v as u8)
            .collect()
    };
    let mut citizens = [0u8; 12];
    citizens[1..6].copy_from_slice(&row(s[n - 5]));
    citizens[7..12].copy_from_slice(&row(s[n - 3]));
    let mandarin = |sentence: &str| {
        (
            numbers(after_colon(sentence))[0] as u8,
            sentence.contains(words.still_there),
        )
    };
    let (east, east_quan) = mandarin(s[n - 4]);
    let (west, west_quan) = mandarin(s[n - 2]);
    citizens[6] = east;
    citizens[0] = west;
    let captured = numbers(after_colon(s[n - 1]));
    let last = (n == 8).then(|| {
        assert!(s[2].starts_with(words.last_move), "{}", s[2]);
        (
            numbers(after_colon(s[2]))[0] as u8,
            s[2].contains(words.rightwards),
        )
    });
    OaqRead {
        citizens,
        quans: [west_quan, east_quan],
        captured: [captured[0] as i16, captured[1] as i16],
        to_move: to_move(s[1], &NAMES[..2], &words),
        last,
    }
}

#[test]
fn an_oaq_board_description_reads_back_as_its_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    for round in 0..60 {
        let rules = oaq::Rules::standard();
        let mut table = Table::start(&GameRules::Oaq(rules), 2).expect("start");
        let mut position = oaq::Position::parse(&table.start_text(), rules).expect("start");
        let mut last = None;
        let plies = rng.gen_range(0..90);
        random_game(&mut table, &mut rng, plies, |mv| {
            let mv: oaq::Move = mv.parse().expect("notation");
            position = position.play(mv).expect("legal");
            last = Some(mv);
        });
        let (names, ids) = (names(2), ids(2));
        let situation = situation(&table);
        for locale in LOCALES {
            let scene = Scene {
                locale,
                game: GameId::new(round),
                names: &names,
                ids: &ids,
                situation: &situation,
                since: 0,
            };
            let text = table.description(&scene);
            assert!(alt::length(&text) <= alt::LIMIT, "{text}");
            let read = read_oaq(&text, locale);
            let expected = OaqRead {
                citizens: std::array::from_fn(|i| {
                    position.citizens(Square::new(i as u8).expect("square"))
                }),
                quans: [
                    position.has_quan(Square::WEST),
                    position.has_quan(Square::EAST),
                ],
                captured: [
                    position.captured(Seat::South),
                    position.captured(Seat::North),
                ],
                to_move: position.to_move().map(Seat::index),
                last: last.map(|mv: oaq::Move| {
                    (
                        mv.square.label().expect("a citizen square"),
                        oaq_bot::render::oaq::travels_right(mv),
                    )
                }),
            };
            assert_eq!(read, expected, "round {round}, {locale:?}: {text}");
        }
    }
}

/// A Shogi description read back: every square's piece, both hands, the seat to move,
/// check, and the last move in Western notation.
#[derive(Debug, PartialEq, Eq)]
struct ShogiRead {
    board: HashMap<shogi::Square, Piece>,
    hands: [Vec<(Role, u8)>; 2],
    to_move: Option<usize>,
    check: bool,
    last: Option<String>,
}

fn read_shogi(text: &str, locale: Locale) -> ShogiRead {
    let words = words(locale);
    // The catalogue's own names for the pieces, turned round.
    let kinds: HashMap<String, Role> = Role::ALL
        .iter()
        .map(|&role| {
            let named = alt::shogi_squares(locale, role, &["1a".to_owned()]);
            (named.trim_end_matches(" 1a").to_owned(), role)
        })
        .collect();
    assert_eq!(kinds.len(), Role::ALL.len(), "two kinds read the same");
    let in_hand: HashMap<String, (Role, u8)> = Role::HAND
        .iter()
        .flat_map(|&role| (1..=18u8).map(move |count| (role, count)))
        .map(|(role, count)| (alt::shogi_in_hand(locale, role, count), (role, count)))
        .collect();
    let empty = after_colon(&alt::shogi_hand(locale, true, &[]))
        .trim_end_matches('.')
        .to_owned();
    let check = alt::shogi_check(locale);
    let s = sentences(text);
    let n = s.len();
    let mut board = HashMap::new();
    for (color, sentence) in [(Color::Sente, s[n - 2]), (Color::Gote, s[n - 1])] {
        let listed = after_colon(sentence);
        for kind in listed.split("; ").filter(|k| !k.is_empty()) {
            let digit = kind.find(|c: char| c.is_ascii_digit()).expect("squares");
            let role = kinds[kind[..digit].trim_end()];
            for square in kind[digit..].split(", ") {
                let square: shogi::Square = square.parse().expect("a square");
                assert!(board.insert(square, Piece { color, role }).is_none());
            }
        }
    }
    let hand = |sentence: &str| -> Vec<(Role, u8)> {
        let listed = after_colon(sentence);
        if listed == empty {
            return Vec::new();
        }
        listed.split(", ").map(|entry| in_hand[entry]).collect()
    };
    let middle = &s[2..n - 4];
    ShogiRead {
        board,
        hands: [hand(s[n - 4]), hand(s[n - 3])],
        to_move: to_move(s[1], &NAMES[..2], &words),
        check: middle.iter().any(|m| format!("{m}.") == check),
        last: middle
            .iter()
            .find_map(|m| m.strip_prefix(words.last_move))
            .map(str::to_owned),
    }
}

#[test]
fn a_shogi_board_description_reads_back_as_its_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    for round in 0..40 {
        let mut table = Table::start(&GameRules::Shogi(ShogiRules::default()), 2).expect("start");
        let mut position = shogi::Position::new();
        let mut last = None;
        let plies = rng.gen_range(0..160);
        random_game(&mut table, &mut rng, plies, |mv| {
            let mv: shogi::Move = mv.parse().expect("usi");
            last = Some(human::to_western(&position, mv));
            position = position.play(mv).expect("legal");
        });
        let (names, ids) = (names(2), ids(2));
        let situation = situation(&table);
        let over = table.to_move().is_none();
        for locale in LOCALES {
            let scene = Scene {
                locale,
                game: GameId::new(round),
                names: &names,
                ids: &ids,
                situation: &situation,
                since: 0,
            };
            let text = table.description(&scene);
            assert!(alt::length(&text) <= alt::LIMIT, "{text}");
            let read = read_shogi(&text, locale);
            let expected = ShogiRead {
                board: shogi::Square::all()
                    .filter_map(|sq| Some((sq, position.piece_at(sq)?)))
                    .collect(),
                hands: Color::ALL.map(|color| {
                    Role::HAND
                        .iter()
                        .map(|&role| (role, position.hand_count(color, role)))
                        .filter(|&(_, count)| count > 0)
                        .collect()
                }),
                to_move: (!over).then(|| position.turn().index()),
                check: position.is_check() && !over,
                last: last.clone(),
            };
            assert_eq!(read, expected, "round {round}, {locale:?}: {text}");
        }
    }
}

/// A Chinese checkers description read back: the number of players, each seat's name, pegs
/// home and pegs still to bring home, the seat to move and the run of moves shown.
#[derive(Debug, PartialEq, Eq)]
struct CheckersRead {
    players: usize,
    seats: Vec<(String, u32, u32)>,
    to_move: Option<usize>,
    moves: Vec<(usize, Option<String>)>,
}

fn read_checkers(text: &str, locale: Locale, seat_names: &[&str]) -> CheckersRead {
    let words = words(locale);
    let s = sentences(text);
    let players = numbers(s[0])[0] as usize;
    let seats = s[2..2 + players]
        .iter()
        .map(|seat| {
            let (who, counts) = seat.split_once(": ").expect("a seat");
            let counts = numbers(counts);
            let name = seat_names
                .iter()
                .find(|name| who.starts_with(&format!("{name},")))
                .expect("a seat's name");
            (name.to_string(), counts[0] as u32, counts[1] as u32)
        })
        .collect();
    let moves = s[2 + players..]
        .iter()
        .map(|sentence| {
            let seat = |rest: &str| {
                seat_names
                    .iter()
                    .position(|name| *name == rest)
                    .expect("a mover")
            };
            match sentence.split_once(words.moved) {
                Some((who, path)) => (seat(who), Some(path.to_owned())),
                None => (seat(sentence.trim_end_matches(words.passed)), None),
            }
        })
        .collect();
    CheckersRead {
        players,
        seats,
        to_move: to_move(s[1], seat_names, &words),
        moves,
    }
}

#[test]
fn a_chinese_checkers_board_description_reads_back_as_its_position() {
    let mut rng = ChaCha8Rng::seed_from_u64(52);
    for round in 0..24 {
        let seats = [2, 3, 4, 6][round % 4];
        let rules = CheckersRules::default();
        let mut table = Table::start(&GameRules::ChineseCheckers(rules), seats).expect("start");
        let mut position = cc::Position::parse(&table.start_text(), rules.0).expect("start");
        let mut played: Vec<(usize, Option<String>)> = Vec::new();
        let plies = rng.gen_range(0..240);
        random_game(&mut table, &mut rng, plies, |mv| {
            let seat = position.to_move().index();
            if mv == "pass" {
                position = position.pass().expect("a pass");
                played.push((seat, None));
            } else {
                let mv: cc::Move = mv.parse().expect("notation");
                let mv = position.validate(&mv).expect("legal");
                position = position.play(&mv).expect("legal");
                played.push((seat, Some(format!("{mv:#}"))));
            }
        });
        let (names, ids) = (names(seats), ids(seats));
        let seat_names: Vec<&str> = names.iter().map(String::as_str).collect();
        let situation = situation(&table);
        // A board shows the run of the last few moves (computer seats moving in turn).
        let since = played.len().saturating_sub(rng.gen_range(1..=seats));
        for locale in LOCALES {
            let scene = Scene {
                locale,
                game: GameId::new(round as u64),
                names: &names,
                ids: &ids,
                situation: &situation,
                since,
            };
            let text = table.description(&scene);
            assert!(alt::length(&text) <= alt::LIMIT, "{text}");
            let read = read_checkers(&text, locale, &seat_names);
            let expected = CheckersRead {
                players: seats,
                seats: (0..seats)
                    .map(|seat| {
                        let player = cc::Player::new(seat);
                        let pegs = 10 * position.home_triangles(player).count() as u32;
                        let home = position.pegs_home(player);
                        (names[seat].clone(), home, pegs - home)
                    })
                    .collect(),
                to_move: table.to_move().map(|_| position.to_move().index()),
                moves: played[since..].to_vec(),
            };
            assert_eq!(read, expected, "round {round}, {locale:?}: {text}");
        }
    }
}

#[test]
fn a_text_too_long_leaves_whole_sentences_out_and_says_how_many() {
    for locale in LOCALES {
        let rows: Vec<String> = (1..=60)
            .map(|i| format!("Place {i}: Nguyễn Thị Ánh {i}, 3 points; Buchholz 12."))
            .collect();
        let text = alt::fit(locale, &rows);
        assert!(alt::length(&text) <= alt::LIMIT, "{}", alt::length(&text));
        let kept = rows
            .iter()
            .take_while(|row| text.contains(row.as_str()))
            .count();
        assert!(kept > 10 && kept < rows.len(), "{kept} rows kept");
        // Every kept row is whole, and the last sentence counts the rest.
        assert!(text.starts_with(&rows[..kept].join(" ")));
        let more = alt::fit(locale, &rows[kept..kept + 1]);
        let tail = &text[rows[..kept].join(" ").len()..];
        assert!(
            tail.contains(&(rows.len() - kept).to_string()),
            "{tail} does not say {} were left out ({more})",
            rows.len() - kept
        );
        // A text that fits is left as it is.
        assert_eq!(alt::fit(locale, &rows[..3]), rows[..3].join(" "));
    }
}

#[test]
fn a_single_sentence_too_long_is_cut_after_a_whole_word() {
    let long = "Lan ".repeat(400) + "end.";
    let text = alt::fit(Locale::English, &[long]);
    assert!(alt::length(&text) <= alt::LIMIT);
    assert!(text.starts_with("Lan Lan"));
    assert!(!text.contains("La…"), "{text}");
    assert!(text.contains("Lan…"), "{text}");
}
