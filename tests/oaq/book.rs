//! The hard level's opening book: the shipped file, building one, and the hard level using it.

use oaq_bot::games::oaq::book::{self, Book};
use oaq_bot::games::oaq::{
    analyse, proof_move, Level, Limits, Outcome, Player, Position, Preset, Rules, Seat,
};

const SHIPPED: &str = include_str!("../../assets/oaq-book.tsv");

fn limits(depth: u32) -> Limits {
    Limits {
        time: None,
        depth: Some(depth),
    }
}

#[test]
fn the_shipped_book_reads_and_covers_every_preset_from_both_sides() {
    let book = Book::parse(SHIPPED).expect("the shipped book reads");
    assert_eq!(book.len(), Book::shipped().len());
    for preset in Preset::ALL {
        let start = Position::start(preset.rules());
        let opening = book.get(&start).expect("the start is in the book");
        // North's book answers every first move South may choose.
        for &mv in start.legal_moves().iter() {
            let after = start.play(mv).expect("legal");
            if !after.is_over() {
                assert!(book.get(&after).is_some(), "{preset}: no answer to {mv}");
            }
        }
        // South's book goes on after its own move and any reply.
        let after = start.play(opening.best).expect("the book move is legal");
        for &reply in after.legal_moves().iter() {
            let next = after.play(reply).expect("legal");
            if !next.is_over() {
                assert!(
                    book.get(&next).is_some(),
                    "{preset}: {} {reply}",
                    opening.best
                );
            }
        }
    }
}

#[test]
fn a_built_book_is_the_search_at_its_depth_and_the_same_on_any_thread_count() {
    let rules = Rules::folk();
    let one = book::build(rules, "folk", 1, limits(4), 1);
    let two = book::build(rules, "folk", 1, limits(4), 2);
    assert_eq!(one, two);
    // South's start and North's answer to each of the ten first moves.
    assert_eq!(one.lines().count(), 11, "{one}");
    let book = Book::parse(&one).expect("a built book reads");
    let start = Position::start(rules);
    let entry = book.get(&start).expect("the start");
    let searched = analyse(&start, limits(4)).expect("a move");
    assert_eq!(
        (entry.best, entry.score, entry.depth),
        (searched.best, searched.score, 4)
    );
    // Another preset's positions are not this book's.
    assert_eq!(book.get(&Position::start(Rules::young())), None);
}

#[test]
fn a_book_for_another_mandarin_value_is_named_by_its_option() {
    assert_eq!(book::rules_name(Preset::Standard, 10), "standard");
    assert_eq!(book::rules_name(Preset::Folk, 5), "folk quan_value=5");
    let mut rules = Rules::folk();
    rules.quan_value = 5;
    let text = book::build(rules, &book::rules_name(Preset::Folk, 5), 0, limits(2), 1);
    let book = Book::parse(&text).expect("reads");
    assert!(book.get(&Position::start(rules)).is_some());
    assert_eq!(book.get(&Position::start(Rules::folk())), None);
}

#[test]
fn a_bad_book_line_is_named() {
    let start = "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0";
    let cases = [
        (
            format!("standard\t{start}\t2-\t4\t9"),
            "expected 6 tab-separated fields",
        ),
        (
            format!("classic\t{start}\t2-\t4\t9\tproven"),
            "unknown preset",
        ),
        (format!("standard\t{start}\t0+\t4\t9\tproven"), "not legal"),
        (format!("standard\t{start}\t2-\tfour\t9\tproven"), "score"),
        (
            format!("standard\t{start}\t2-\t4\t9\tmaybe"),
            "expected proven or estimate",
        ),
    ];
    for (line, reason) in cases {
        let text = format!("# a comment\n\n{line}\n");
        let error = Book::parse(&text).expect_err("a bad line");
        assert_eq!(error.line, 3, "{line}");
        assert!(error.reason.contains(reason), "{line}: {}", error.reason);
    }
}

#[test]
fn hard_as_south_keeps_to_the_proofs_of_every_preset_s_start_whatever_north_plays() {
    for rules in [Rules::standard(), Rules::folk(), Rules::young()] {
        for seed in 0..4 {
            let mut position = Position::start(rules);
            let mut hard = Player::new(Level::Hard, 1);
            let mut north = Player::new(Level::Easy, 3 + seed);
            while let Some(mover) = position.to_move() {
                let mv = if mover == Seat::South {
                    let expected = proof_move(&position).expect("South never leaves the proof");
                    let report = hard.think(&position).expect("a move");
                    assert_eq!((report.best, report.nodes), (expected, 0), "{position}");
                    report.best
                } else {
                    north.choose(&position).expect("a move")
                };
                position = position.play(mv).expect("legal");
            }
            assert_eq!(position.outcome(), Some(Outcome::Winner(Seat::South)));
        }
    }
}

#[test]
fn hard_plays_the_book_move_without_searching_and_the_reference_searches() {
    // Every preset's start is proven for South, so the book answers once South leaves the
    // proof: a first move other than the proof's, after which the book covers both sides.
    let start = Position::start(Rules::folk());
    let proof = proof_move(&start).expect("the folk start is proven");
    let book = Book::shipped();
    let (north, entry, south) = start
        .legal_moves()
        .iter()
        .filter(|&&mv| mv != proof)
        .find_map(|&mv| {
            let north = start.play(mv).ok()?;
            let entry = book.get(&north)?;
            let south = north.play(entry.best).ok()?;
            book.get(&south).map(|_| (north, entry, south))
        })
        .expect("a first move off the proof after which the book covers both sides");
    let hard = Player::new(Level::Hard, 1).think(&north).expect("a move");
    assert_eq!((hard.best, hard.nodes), (entry.best, 0));
    assert_eq!(south.to_move(), Some(Seat::South));
    assert_eq!(proof_move(&south), None, "South has left the proof");
    let reply = Player::new(Level::Hard, 1).think(&south).expect("a move");
    assert_eq!(
        (Some(reply.best), reply.nodes),
        (book.get(&south).map(|e| e.best), 0)
    );
    let reference = Player::new(Level::Reference, 1)
        .with_budget(std::time::Duration::from_millis(20))
        .think(&start)
        .expect("a move");
    assert!(reference.nodes > 0, "the previous hard level has no book");
}
