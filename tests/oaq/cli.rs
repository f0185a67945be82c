//! `oaq-bot engine oaq …` run as a process, as another implementation's test harness would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn engine(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
        .args(["engine", "oaq"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepts input");
    child.wait_with_output().expect("the binary finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}

#[test]
fn analyse_prints_the_best_move_its_value_and_line_and_skips_bad_lines() {
    let input =
        "0,0,0,1,0,0,2,3,0,4,0,0 -Q 30,20 s 15\nnonsense\n0,0,0,0,0,0,0,0,0,0,0,0 -- 43,27 - 16\n";
    let output = engine(&["analyse", "--depth", "20"], input);
    assert!(output.status.success());
    let out = stdout(&output);
    let first = out.lines().next().expect("a line per position");
    assert!(
        first.starts_with("best 3+ value win +16 in 1 ply depth 1 nodes "),
        "{first}"
    );
    assert!(first.ends_with(" pv 3+"), "{first}");
    let err = stderr(&output);
    assert!(err.contains("line 2: "), "{err}");
    assert!(err.contains("line 3: the game is over"), "{err}");
}

#[test]
fn analyse_estimates_an_open_position_at_a_fixed_depth() {
    let output = engine(
        &["analyse", "--depth", "6", "--rules", "folk"],
        "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\n",
    );
    assert!(output.status.success());
    let out = stdout(&output);
    let words: Vec<&str> = out.split_whitespace().collect();
    assert_eq!(words[0], "best");
    assert_eq!(words[2], "value");
    assert!(
        words[3].starts_with('+') || words[3].starts_with('-'),
        "{out}"
    );
    assert_eq!(&words[4..6], &["depth", "6"]);
    assert_eq!(words[10], "pv");
    assert_eq!(words[11], words[1], "the line starts with the best move");
}

#[test]
fn book_build_prints_a_book_the_bot_reads() {
    let output = engine(
        &[
            "book", "build", "--preset", "young", "--plies", "1", "--depth", "3",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(out.starts_with("# oaq-bot opening book: `oaq-bot engine oaq book build --preset young --quan-value 10 --plies 1 --depth 3`"), "{out}");
    let book = oaq_bot::games::oaq::book::Book::parse(&out).expect("reads");
    assert_eq!(book.len(), 11);
}

#[test]
fn perft_prints_one_line_per_depth() {
    let output = engine(&["perft", "4", "--rules", "folk"], "");
    assert!(output.status.success());
    assert_eq!(stdout(&output), "1 10\n2 80\n3 664\n4 5128\n");
}

#[test]
fn perft_takes_a_position_and_single_options() {
    let output = engine(
        &[
            "perft",
            "2",
            "--position",
            "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 n 1",
            "--rule",
            "quan_non=5",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output), "1 10\n2 80\n");
}

#[test]
fn moves_lists_legal_moves_and_reports_bad_lines_without_stopping() {
    let input = "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\n\
                 not a position\n\
                 0,0,0,0,0,0,0,0,0,0,0,0 -- 43,27 - 16\n\
                 0,0,5,5,5,5,0,5,5,5,5,5 QQ 5,0 s 2\n";
    let output = engine(&["moves"], input);
    assert!(output.status.success());
    assert_eq!(
        stdout(&output),
        "1+ 1- 2+ 2- 3+ 3- 4+ 4- 5+ 5-\n\n\n2+ 2- 3+ 3- 4+ 4- 5+ 5-\n"
    );
    let errors = stderr(&output);
    assert!(
        errors.starts_with("line 2: a position has 5 fields"),
        "{errors}"
    );
    assert_eq!(
        errors.lines().count(),
        1,
        "the finished game is not an error"
    );
}

#[test]
fn moves_respects_rule_flags() {
    let start = "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\n";
    let output = engine(&["moves", "--rule", "no_first_quan=illegal"], start);
    let moves = stdout(&output);
    assert!(!moves.contains("1-") && !moves.contains("5+"), "{moves}");
    assert!(moves.contains("3+"));
}

#[test]
fn play_answers_each_line() {
    let input = "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\t1-\n\
                 0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0 1-\n\
                 0,0,5,5,5,5,0,5,5,5,5,5 QQ 5,0 s 2\t1+\n\
                 0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\t7+\n\
                 0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\t12+\n\
                 0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\t3+\n";
    let output = engine(&["play"], input);
    assert!(output.status.success());
    let lines: Vec<String> = stdout(&output).lines().map(String::from).collect();
    assert_eq!(
        lines,
        [
            "0,0,6,6,6,6,1,0,6,6,6,6 -Q 11,0 n 1",
            "",
            "illegal: square 1 is empty: pick a square with at least one citizen",
            "illegal: square 7 belongs to North: pick one of your own five squares",
            "",
            "1,6,6,0,0,6,1,6,6,0,6,6 QQ 6,0 n 1",
        ]
    );
    let errors = stderr(&output);
    assert!(
        errors.contains("line 2: expected <position><TAB><move>"),
        "{errors}"
    );
    assert!(
        errors.contains("line 5: a move is a square number 0-11"),
        "{errors}"
    );
}

#[test]
fn play_uses_the_chosen_preset() {
    let output = engine(
        &["play", "--rules", "young"],
        "0,5,5,5,5,5,0,5,5,5,5,5 QQ 0,0 s 0\t1-\n",
    );
    assert_eq!(stdout(&output), "1,0,6,6,6,6,1,0,6,6,6,6 QQ 0,0 n 1\n");
}

#[test]
fn bad_flags_are_refused_clearly() {
    for (args, says) in [
        (
            vec!["moves", "--rule", "quan_value=7"],
            "rule `quan_value` cannot be `7`",
        ),
        (
            vec!["moves", "--rule", "colour=red"],
            "unknown rule `colour`",
        ),
        (
            vec!["moves", "--rule", "quan_value"],
            "expected a rule as key=value",
        ),
        (
            vec!["moves", "--rules", "blitz"],
            "unknown rules preset `blitz`",
        ),
        (
            vec!["perft", "3", "--position", "0,0 QQ"],
            "a position has 5 fields",
        ),
        (vec!["match", "hard", "genius"], "unknown level `genius`"),
    ] {
        let output = engine(&args, "");
        assert!(!output.status.success(), "{args:?} succeeded");
        assert!(
            stderr(&output).contains(says),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn match_prints_the_score_of_a() {
    let output = engine(&["match", "medium", "random", "--games", "4"], "");
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let summary = text.lines().next().expect("a summary line");
    assert!(
        summary.starts_with("medium vs random: 4 games, wins "),
        "{summary}"
    );
    let score: f64 = summary
        .rsplit(' ')
        .next()
        .and_then(|s| s.parse().ok())
        .expect("the score ends the line");
    assert!((0.0..=1.0).contains(&score));
}

#[test]
fn match_counts_pairs_and_gives_each_player_its_own_budget() {
    let output = engine(
        &[
            "match",
            "hard",
            "reference",
            "--games",
            "4",
            "--budget-ms",
            "10",
            "--budget-b-ms",
            "30",
            "--opening-plies",
            "2",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let pairs = text
        .lines()
        .find_map(|l| l.strip_prefix("by pairs of hard: "))
        .expect("a pairs line");
    let counts: Vec<u32> = pairs
        .split(", ")
        .map(|part| part.split(' ').next().and_then(|n| n.parse().ok()))
        .collect::<Option<_>>()
        .expect("three counts");
    assert_eq!(counts.iter().sum::<u32>(), 2, "{pairs}");
    assert!(
        text.lines()
            .any(|l| l.starts_with("hard: ") && l.contains("for a 10 ms budget")),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("reference: ") && l.contains("for a 30 ms budget")),
        "{text}"
    );
}

#[test]
fn solve_proves_a_small_position_and_names_the_move() {
    let output = engine(
        &[
            "solve",
            "--position",
            "0,1,0,0,3,0,4,0,2,0,0,5 QQ 20,15 s 7",
            "--tt-mb",
            "4",
            "--time-limit-s",
            "20",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("value: win for the player to move, forced within 5 plies\nmove: 1+\n"),
        "{text}"
    );
    assert!(
        text.contains("claim: South wins: proven within 5 plies"),
        "{text}"
    );
}

#[test]
fn solve_prove_proves_a_win_by_df_pn_and_writes_a_proof_that_checks() {
    let dir = std::env::temp_dir().join(format!("oaq-prove-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("proof.txt");
    let position = "0,1,0,0,3,0,4,0,2,0,0,5 QQ 20,15 s 7";
    let output = engine(
        &[
            "solve",
            "--position",
            position,
            "--prove",
            "south",
            "--tt-mb",
            "4",
            "--proof-out",
            file.to_str().expect("a UTF-8 path"),
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("claim: South wins: proven, the proof checked by replay; longest line 5 plies\nmove: 1+\n"),
        "{text}"
    );
    let proof = std::fs::read_to_string(&file).expect("the proof file");
    let root =
        oaq_bot::games::oaq::Position::parse(position, oaq_bot::games::oaq::Rules::standard())
            .expect("a position");
    let book =
        oaq_bot::games::oaq::ProofBook::read(&root, oaq_bot::games::oaq::Seat::South, &proof)
            .expect("the written proof checks");
    assert_eq!(book.longest(), 5);
    std::fs::remove_dir_all(&dir).expect("cleaned up");

    // North cannot win there: the search ends with no proof.
    let output = engine(
        &[
            "solve",
            "--position",
            position,
            "--prove",
            "north",
            "--tt-mb",
            "4",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains("claim: North wins: no proof exists"),
        "{}",
        stdout(&output)
    );
}

#[test]
fn solve_says_unknown_when_the_limits_run_out() {
    let output = engine(
        &[
            "solve",
            "--rules",
            "folk",
            "--max-nodes",
            "500",
            "--tt-mb",
            "4",
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("value: unknown within limits"), "{text}");
    assert!(text.contains("stopped at a limit"), "{text}");
}

#[test]
fn solve_rejects_a_bad_position() {
    let output = engine(&["solve", "--position", "nonsense"], "");
    assert!(!output.status.success());
    assert!(stderr(&output).contains("--position `nonsense`"));
}

#[test]
fn solve_by_deepening_writes_a_proof_that_checks() {
    let dir = std::env::temp_dir().join(format!("oaq-solve-proof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let file = dir.join("proof.txt");
    let position = "0,1,0,0,3,0,4,0,2,0,0,5 QQ 20,15 s 7";
    let output = engine(
        &[
            "solve",
            "--position",
            position,
            "--tt-mb",
            "4",
            "--proof-out",
            file.to_str().expect("a UTF-8 path"),
        ],
        "",
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(
        stdout(&output).contains(&format!("proof written to {}", file.display())),
        "{}",
        stdout(&output)
    );
    let proof = std::fs::read_to_string(&file).expect("the proof file");
    assert!(
        proof.starts_with(&format!(
            "# Ô ăn quan: South wins from `{position}` within 5 plies"
        )),
        "{proof}"
    );
    let root =
        oaq_bot::games::oaq::Position::parse(position, oaq_bot::games::oaq::Rules::standard())
            .expect("a position");
    oaq_bot::games::oaq::ProofBook::read(&root, oaq_bot::games::oaq::Seat::South, &proof)
        .expect("the written proof checks");
    std::fs::remove_dir_all(&dir).expect("cleaned up");
}

#[test]
fn play_from_a_position_continues_line_after_line_as_single_moves_do() {
    let start = "0,1,0,0,3,0,4,0,2,0,0,5 QQ 20,15 s 7";
    let single = engine(&["play"], &format!("{start}\t1+\n"));
    assert!(single.status.success(), "{}", stderr(&single));
    let after = stdout(&single).trim().to_owned();
    assert!(
        !after.is_empty() && !after.starts_with("illegal"),
        "{after}"
    );

    let game = engine(&["play", "--from", start], "# a comment\n1+\n");
    assert!(game.status.success(), "{}", stderr(&game));
    assert_eq!(stdout(&game), format!("#\n{after}\n"));

    let bad = engine(&["play", "--from", start], "9x\n");
    assert!(stderr(&bad).contains("line 1: `9x`"), "{}", stderr(&bad));
}
