//! `oaq-bot engine shogi …` on good and bad input.

use std::io::Cursor;
use std::process::Command;

use oaq_bot::cli::shogi::ShogiCommand;

fn run(command: ShogiCommand, input: &str) -> (String, String) {
    let mut out = Vec::new();
    let mut err = Vec::new();
    command
        .run(
            &mut Cursor::new(input.as_bytes().to_vec()),
            &mut out,
            &mut err,
        )
        .expect("runs");
    (
        String::from_utf8(out).expect("UTF-8"),
        String::from_utf8(err).expect("UTF-8"),
    )
}

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn perft_prints_one_line_per_depth() {
    let (out, _) = run(
        ShogiCommand::Perft {
            depth: 3,
            position: None,
        },
        "",
    );
    assert_eq!(out, "1 30\n2 900\n3 25470\n");
    let u1 = Some("8k/9/8G/9/9/9/9/9/K6R1 b P 1".to_string());
    let (out, _) = run(
        ShogiCommand::Perft {
            depth: 2,
            position: u1,
        },
        "",
    );
    assert_eq!(out, "1 93\n2 18\n");
}

#[test]
fn moves_answers_every_line_and_reports_bad_ones() {
    let input = format!("{START}\nnot sfen\n\n8k/9/8G/9/9/9/9/9/K8 w P 1\n");
    let (out, err) = run(ShogiCommand::Moves, &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0].split(' ').count(), 30);
    assert!(lines[0].starts_with("9g9f ") || lines[0].contains("7g7f"));
    assert_eq!(lines[1], "");
    assert_eq!(lines[2], "1a2a", "gote's king has one move: {}", lines[2]);
    assert!(err.starts_with("line 2: invalid SFEN:"), "{err}");
}

#[test]
fn play_answers_with_the_next_sfen_or_the_broken_rule() {
    let input = format!(
        "{START}\t7g7f\n{START}\tP*5e\n8k/9/8G/9/9/9/9/9/K6R1 b P 1\tP*1b\n{START}\n{START}\t7g7\n"
    );
    let (out, err) = run(ShogiCommand::Play, &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    );
    assert_eq!(lines[1], "illegal: you have no pawn in hand");
    assert_eq!(
        lines[2],
        "illegal: uchifuzume: a dropped pawn may not give immediate checkmate"
    );
    assert_eq!(lines[3], "");
    assert_eq!(lines[4], "");
    assert!(
        err.contains("line 4: expected <SFEN><TAB><USI move>"),
        "{err}"
    );
    assert!(err.contains("line 5: `7g7` is not a USI move"), "{err}");
}

#[test]
fn bad_flags_get_clap_errors() {
    let bin = env!("CARGO_BIN_EXE_oaq-bot");
    let output = Command::new(bin)
        .args(["engine", "shogi", "perft", "deep"])
        .output()
        .expect("runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("invalid value 'deep'"));
    let output = Command::new(bin)
        .args(["engine", "shogi", "match", "hard", "grandmaster"])
        .output()
        .expect("runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown player `grandmaster`"));
    let output = Command::new(bin)
        .args(["engine", "shogi", "perft", "1", "--position", "9/9 b - 1"])
        .output()
        .expect("runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("9 ranks"));
}

#[test]
fn a_short_match_reports_every_game_and_the_score() {
    let command = ShogiCommand::Match {
        a: "easy".parse().expect("player"),
        b: "random".parse().expect("player"),
        games: 2,
        budget_ms: Some(50),
        nodes: None,
        usi_options: Vec::new(),
        usi_go: "movetime 1000".to_string(),
        seed: 3,
        max_moves: 60,
        random_plies: 0,
        threads: 1,
        adjudicate_cp: 1500,
    };
    let (out, _) = run(command, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("game 1: easy (sente) vs random (gote): "));
    assert!(lines[1].starts_with("game 2: random (sente) vs easy (gote): "));
    assert!(
        lines[2].starts_with("easy scored ")
            && lines[2].contains(" / 2 (")
            && lines[2].ends_with(") against random")
    );
}

/// The opening a match's game line names (`from <moves>`), if any.
fn opening_of(line: &str) -> Option<&str> {
    let (_, rest) = line.split_once(" (gote) from ")?;
    rest.split_once(':').map(|(moves, _)| moves)
}

#[test]
fn random_plies_give_each_pair_its_own_opening_with_colours_swapped() {
    let command = ShogiCommand::Match {
        a: "greedy".parse().expect("player"),
        b: "random".parse().expect("player"),
        games: 6,
        budget_ms: None,
        nodes: None,
        usi_options: Vec::new(),
        usi_go: "movetime 1000".to_string(),
        seed: 1,
        max_moves: 40,
        random_plies: 6,
        threads: 1,
        adjudicate_cp: 1500,
    };
    let (out, _) = run(command, "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    let openings: Vec<&str> = lines[..6]
        .iter()
        .map(|line| opening_of(line).expect("an opening"))
        .collect();
    for opening in &openings {
        assert_eq!(opening.split(' ').count(), 6, "{out}");
    }
    // Both games of a pair start alike, the colours swapped; the pairs differ.
    for pair in openings.chunks(2) {
        assert_eq!(pair[0], pair[1], "{out}");
    }
    assert!(lines[0].starts_with("game 1: greedy (sente) vs random (gote) from "));
    assert!(lines[1].starts_with("game 2: random (sente) vs greedy (gote) from "));
    assert_ne!(openings[0], openings[2], "{out}");
    assert_ne!(openings[2], openings[4], "{out}");
    assert_ne!(openings[0], openings[4], "{out}");
    // Without random plies no opening is named.
    let plain = ShogiCommand::Match {
        a: "greedy".parse().expect("player"),
        b: "random".parse().expect("player"),
        games: 2,
        budget_ms: None,
        nodes: None,
        usi_options: Vec::new(),
        usi_go: "movetime 1000".to_string(),
        seed: 1,
        max_moves: 20,
        random_plies: 0,
        threads: 1,
        adjudicate_cp: 1500,
    };
    let (out, _) = run(plain, "");
    assert!(
        out.lines().take(2).all(|line| opening_of(line).is_none()),
        "{out}"
    );
}

#[test]
fn render_writes_a_png() {
    let mut out = Vec::new();
    ShogiCommand::Render {
        position: None,
        last_move: None,
        from_gote: true,
    }
    .run(&mut Cursor::new(Vec::new()), &mut out, &mut Vec::new())
    .expect("runs");
    assert!(out.starts_with(b"\x89PNG\r\n\x1a\n"));
}

/// Runs `oaq-bot engine shogi match …` as a process.
fn shogi_match(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
        .args(["engine", "shogi", "match"])
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn a_match_against_a_usi_engine_drives_our_own_usi_mode() {
    let engine = format!("usi:{} engine shogi usi", env!("CARGO_BIN_EXE_oaq-bot"));
    let output = shogi_match(&[
        "easy",
        &engine,
        "--usi-option",
        "Level=easy",
        "--usi-go",
        "depth 1",
        "--games",
        "2",
        "--max-moves",
        "24",
        "--budget-ms",
        "20",
    ]);
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let name = format!("oaq-bot {}", env!("CARGO_PKG_VERSION"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with(&format!("game 1: easy (sente) vs {name} (gote): ")),
        "{out}"
    );
    assert!(
        lines[1].starts_with(&format!("game 2: {name} (sente) vs easy (gote): ")),
        "{out}"
    );
    assert!(
        lines[2].starts_with("easy scored ") && lines[2].ends_with(&format!(") against {name}")),
        "{out}"
    );
}

/// A USI engine in Python, `python3 <script> <name> <answer>`: it answers `bestmove <answer>`
/// to every `go`, or exits there when the answer is `exit`.
const FAKE_ENGINE: &str = r#"import sys
name, answer = sys.argv[1], sys.argv[2]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "usi":
        print("id name " + name)
        print("usiok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "quit":
        break
    elif words[0] == "go":
        if answer == "exit":
            sys.exit(0)
        print("info depth 1 score cp 12")
        print("bestmove " + answer, flush=True)
"#;

/// The `usi:` player running [`FAKE_ENGINE`] as `name`, answering `answer`, and its script.
fn fake_engine(name: &str, answer: &str) -> (String, std::path::PathBuf) {
    let path = std::env::temp_dir().join(format!("oaq-usi-{name}-{}.py", std::process::id()));
    std::fs::write(&path, FAKE_ENGINE).expect("the script is written");
    (
        format!("usi:python3 {} {name} {answer}", path.display()),
        path,
    )
}

#[test]
fn a_usi_engine_that_answers_an_illegal_move_loses_the_game() {
    let (engine, script) = fake_engine("liar", "5e5d");
    let output = shogi_match(&["random", &engine, "--games", "2", "--max-moves", "10"]);
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with("game 1: random (sente) vs liar (gote): "),
        "{out}"
    );
    for line in &lines[..2] {
        assert!(
            line.contains("(the loser answered the illegal move 5e5d)"),
            "{out}"
        );
    }
    assert!(
        lines[2].starts_with("random scored 2 / 2 (1.000; 2 won"),
        "{out}"
    );
    std::fs::remove_file(script).expect("cleaned up");
}

#[test]
fn a_usi_engine_that_dies_or_cannot_start_stops_the_match_with_its_name() {
    let (engine, script) = fake_engine("quitter", "exit");
    let output = shogi_match(&["random", &engine, "--games", "2"]);
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("the USI engine quitter exited before `bestmove`"),
        "{err}"
    );
    std::fs::remove_file(script).expect("cleaned up");

    let output = shogi_match(&["hard", "usi:/nonexistent/engine", "--games", "2"]);
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("cannot start the USI engine `/nonexistent/engine`"),
        "{err}"
    );
}

/// Runs `oaq-bot engine shogi <args>` as a process with `input` on its stdin.
fn shogi_stdin(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_oaq-bot"))
        .args(["engine", "shogi"])
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("runs")
}

#[test]
fn labels_are_the_engines_scores_from_sentes_side_in_the_inputs_order() {
    let (engine, script) = fake_engine("labeller", "7g7f");
    // The fake engine scores every position +12 for the side to move.
    let gote_to_move = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    let input = format!("{START}\t1\n{gote_to_move}\t0\n{START}\t0.5\n");
    let output = shogi_stdin(
        &["label", &engine, "--threads", "2", "--scale-cp", "1200"],
        &input,
    );
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // 1 / (1 + 10^(∓12/1200)).
    assert_eq!(
        out,
        format!("{START}\t0.5058\n{gote_to_move}\t0.4942\n{START}\t0.5058\n")
    );

    let output = shogi_stdin(&["label", &engine], &format!("{START}\t1\nnot a sample\n"));
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("line 2:"), "{err}");
    std::fs::remove_file(script).expect("cleaned up");

    let output = shogi_stdin(&["label", "hard"], "");
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("is not a USI engine"), "{err}");
}

#[test]
fn labelling_with_our_own_usi_mode_favours_the_side_ahead_and_leaves_out_mates() {
    let engine = format!("usi:{} engine shogi usi", env!("CARGO_BIN_EXE_oaq-bot"));
    // Sente holds gote's rook; then the same with gote to move; then sente mates
    // in one (G*5b).
    let rook_up = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1";
    let rook_up_gote = "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w R 2";
    let mate = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
    let input = format!("{rook_up}\t0\n{mate}\t1\n{rook_up_gote}\t0\n");
    let output = shogi_stdin(&["label", &engine, "--usi-go", "depth 2"], &input);
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let labels: Vec<(&str, f64)> = out
        .lines()
        .map(|line| {
            let (sfen, label) = line.split_once('\t').expect("a tab");
            (sfen, label.parse().expect("a number"))
        })
        .collect();
    assert_eq!(labels.len(), 2, "{out}");
    assert_eq!(labels[0].0, rook_up);
    assert_eq!(labels[1].0, rook_up_gote);
    for (_, label) in labels {
        assert!(label > 0.75 && label < 1.0, "{out}");
    }
}

#[test]
fn tune_holds_out_the_last_tenth_and_fits_the_piece_square_tables() {
    // A silver before its king wins, one in the corner draws: 20 positions, of which the last
    // two (a whole game's worth at the end of the input) are held out.
    let guarded = "4k4/9/9/9/9/9/9/4S4/4K4 b - 1";
    let cornered = "4k4/9/9/9/9/9/9/S8/4K4 b - 1";
    let input: String = (0..10)
        .map(|_| format!("{guarded}\t0.8\n{cornered}\t0.5\n"))
        .collect();
    let output = shogi_stdin(
        &[
            "tune",
            "--from",
            "tuned",
            "--passes",
            "1",
            "--square-steps",
            "100",
        ],
        &input,
    );
    let (out, err) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(output.status.success(), "{err}");
    assert!(err.contains("18 samples fitted, 2 held out"), "{err}");
    let fitted = err
        .lines()
        .find_map(|line| line.strip_prefix("piece-square tables fitted: error "))
        .expect("the square fit reports its error");
    let tuned = err
        .lines()
        .find_map(|line| line.strip_prefix("tuned: error "))
        .expect("the passes report their error");
    let number = |text: &str| -> f64 {
        text.split(',')
            .next()
            .expect("a number")
            .parse()
            .expect("a number")
    };
    assert!(number(fitted) < number(tuned), "{err}");
    assert!(
        out.starts_with("Weights {") && out.contains("square: [["),
        "{out}"
    );
    // A bad line is named, not skipped.
    let output = shogi_stdin(&["tune", "--square-steps", "10"], "nonsense\n");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("nonsense"));
}
