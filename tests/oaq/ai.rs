//! The computer opponent: determinism, tactics, level behaviour and paired matches.

use oaq_bot::games::oaq::{
    analyse, analyse_line, play_match, Level, Limits, MatchSettings, Move, Outcome, Player,
    Position, Rules, Seat, Value, WIN,
};

fn limits(depth: u32) -> Limits {
    Limits {
        time: None,
        depth: Some(depth),
    }
}

fn moves_of(level: Level, seed: u64, plies: usize) -> Vec<Move> {
    let mut player = Player::new(level, seed);
    let mut position = Position::start(Rules::standard());
    let mut moves = Vec::new();
    while moves.len() < plies {
        let Some(mv) = player.choose(&position) else {
            break;
        };
        moves.push(mv);
        position = position.play(mv).expect("players choose legal moves");
    }
    moves
}

#[test]
fn the_same_seed_replays_the_same_game() {
    for level in [Level::Random, Level::Greedy, Level::Easy, Level::Medium] {
        assert_eq!(moves_of(level, 7, 12), moves_of(level, 7, 12), "{level}");
    }
    let different =
        (1..6).any(|seed| moves_of(Level::Random, seed, 12) != moves_of(Level::Random, 0, 12));
    assert!(different, "the seed matters");
}

#[test]
fn a_depth_limited_search_is_deterministic() {
    let start = Position::start(Rules::standard());
    let a = analyse(&start, limits(8)).expect("a move");
    let b = analyse(&start, limits(8)).expect("a move");
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    assert_eq!(a.depth, 8);
}

/// South can end the game with a win by capturing the last mandarin (vector A12); every
/// other move lets North play on.
const WINNING_CAPTURE: &str = "0,0,0,1,0,0,2,3,0,4,0,0 -Q 30,20 s 15";

#[test]
fn hard_takes_a_winning_capture_and_knows_it_is_exact() {
    let position = Position::parse(WINNING_CAPTURE, Rules::standard()).expect("valid");
    let report = analyse(&position, limits(20)).expect("a move");
    assert_eq!(report.best.to_string(), "3+");
    assert!(
        report.score > WIN,
        "a won game scores above WIN: {}",
        report.score
    );
    assert!(report.solved, "so little material is searched to the end");
}

#[test]
fn the_analysis_names_a_proven_win_with_its_distance_and_line() {
    let position = Position::parse(WINNING_CAPTURE, Rules::standard()).expect("valid");
    let analysis = analyse_line(&position, limits(20)).expect("a move");
    assert_eq!(
        analysis.value(&position),
        Value::Win {
            margin: 16,
            plies: Some(1)
        }
    );
    assert_eq!(analysis.value(&position).to_string(), "win +16 in 1 ply");
    assert_eq!(analysis.line, vec![analysis.report.best]);
}

#[test]
fn the_analysis_line_is_legal_and_starts_with_the_best_move() {
    let start = Position::start(Rules::folk());
    let analysis = analyse_line(&start, limits(9)).expect("a move");
    assert_eq!(analysis.line.first(), Some(&analysis.report.best));
    assert!(analysis.line.len() > 1, "{:?}", analysis.line);
    let end = analysis
        .line
        .iter()
        .try_fold(start, |p, &mv| p.play(mv).ok());
    assert!(end.is_some(), "every move of the line is legal in turn");
    assert!(matches!(analysis.value(&start), Value::Estimate(_)));
}

#[test]
fn the_previous_hard_level_is_kept_as_the_reference() {
    assert_eq!("reference".parse::<Level>(), Ok(Level::Reference));
    assert_eq!("hard-v1".parse::<Level>(), Ok(Level::Reference));
    assert_eq!(Level::Reference.to_string(), "reference");
    let settings = MatchSettings {
        games: 2,
        budget: std::time::Duration::from_millis(20),
        ..MatchSettings::default()
    };
    let report = play_match(Level::Reference, Level::Random, &settings);
    assert_eq!(report.wins, 2, "{report:?}");
    assert!(
        report.timings[0].moves.len() > 2,
        "the reference's moves are timed"
    );
    assert!(report.timings[1].moves.is_empty(), "random is not timed");
}

#[test]
fn greedy_takes_the_biggest_capture() {
    // 1- captures the West mandarin and a citizen (11 points, vector A1), and 5+ is its
    // mirror image; 3+ captures only 6.
    let start = Position::start(Rules::standard());
    let choices: std::collections::HashSet<String> = (0..20)
        .filter_map(|seed| Player::new(Level::Greedy, seed).choose(&start))
        .map(|mv| mv.to_string())
        .collect();
    let expected: std::collections::HashSet<String> =
        ["1-", "5+"].into_iter().map(String::from).collect();
    assert_eq!(choices, expected, "both 11-point moves, and only they");
}

#[test]
fn hard_avoids_the_first_move_that_loses() {
    // 1- grabs 11 points at once but hands North a forced win: hard must not be tempted.
    let start = Position::start(Rules::standard());
    let report = analyse(&start, limits(10)).expect("a move");
    assert_ne!(report.best.to_string(), "1-");
    let after = start.play("1-".parse().expect("move")).expect("legal");
    let reply = analyse(&after, limits(12)).expect("a move");
    assert!(reply.score > WIN, "North wins after 1-: {}", reply.score);
}

#[test]
fn easy_never_picks_a_move_the_reply_punishes() {
    // From the start, 1- and 5+ let North take both mandarins at once and win (two plies).
    let start = Position::start(Rules::standard());
    for seed in 0..40 {
        let mv = Player::new(Level::Easy, seed)
            .choose(&start)
            .expect("a move");
        let after = start.play(mv).expect("legal");
        let punished = after.legal_moves().iter().any(|&reply| {
            after
                .play(reply)
                .is_ok_and(|p| p.outcome() == Some(Outcome::Winner(Seat::North)))
        });
        assert!(!punished, "seed {seed}: easy played {mv}");
    }
}

#[test]
fn easy_varies_its_play_like_a_person() {
    let start = Position::start(Rules::standard());
    let firsts: std::collections::HashSet<Move> = (0..40)
        .filter_map(|seed| Player::new(Level::Easy, seed).choose(&start))
        .collect();
    assert!(firsts.len() >= 2, "easy always opens with the same move");
}

#[test]
fn a_match_pairs_every_game_with_swapped_colours() {
    let settings = MatchSettings {
        games: 6,
        threads: 2,
        ..MatchSettings::default()
    };
    let report = play_match(Level::Greedy, Level::Random, &settings);
    assert_eq!(report.games.len(), 6);
    assert_eq!(report.wins + report.draws + report.losses, 6);
    for pair in report.games.chunks(2) {
        assert_eq!(pair[0].a_seat, Seat::South);
        assert_eq!(pair[1].a_seat, Seat::North);
        assert_eq!(pair[0].opening, pair[1].opening);
    }
    let again = play_match(
        Level::Greedy,
        Level::Random,
        &MatchSettings {
            threads: 1,
            ..settings
        },
    );
    assert_eq!(
        report.games, again.games,
        "results do not depend on threads"
    );
}

#[test]
fn imposed_openings_are_played_by_both_colours() {
    let settings = MatchSettings {
        games: 4,
        opening_plies: 2,
        ..MatchSettings::default()
    };
    let report = play_match(Level::Medium, Level::Easy, &settings);
    for pair in report.games.chunks(2) {
        assert_eq!(pair[0].opening.len(), 2);
        assert_eq!(pair[0].opening, pair[1].opening);
    }
    assert_ne!(report.games[0].opening, report.games[2].opening);
}

#[test]
fn hard_beats_random() {
    let settings = MatchSettings {
        games: 4,
        budget: std::time::Duration::from_millis(20),
        ..MatchSettings::default()
    };
    let report = play_match(Level::Hard, Level::Random, &settings);
    assert_eq!(report.wins, 4, "{report:?}");
    assert!(!report.timings[0].moves.is_empty());
}
