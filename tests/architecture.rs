//! Layering rules that the compiler cannot enforce.

use std::fs;
use std::path::Path;

/// Crates that do I/O, async, storage, Discord or imaging: none may appear under `src/games`
/// or `src/tournament`.
const FORBIDDEN: &[&str] = &[
    "tokio",
    "serenity",
    "poise",
    "sled",
    "image",
    "imageproc",
    "ab_glyph",
    "reqwest",
    "std::fs",
    "std::net",
    "std::io",
];

fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in fs::read_dir(dir).expect("the engine directory is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The games' engines and the tournament engine (pairings, standings) are pure logic.
#[test]
fn engines_do_no_io_and_use_no_discord_storage_or_image_crates() {
    let mut files = Vec::new();
    for engine in ["src/games", "src/tournament"] {
        let before = files.len();
        rust_files(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join(engine),
            &mut files,
        );
        assert!(files.len() > before, "no sources found under {engine}");
    }
    let mut offences = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("engine source is UTF-8");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for krate in FORBIDDEN {
                let used = code.contains(&format!("{krate}::"))
                    || code.contains(&format!("use {krate}"))
                    || code.contains(&format!("extern crate {krate}"));
                if used {
                    offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        offences.is_empty(),
        "engines must stay pure:\n{}",
        offences.join("\n")
    );
}

/// The lines of the sources under `src/{dir}` (except those whose path under `src/`, as a
/// `/`-separated suffix, starts with one of `allowed`) that name one of the crate's modules
/// `modules` directly (`crate::games::…` or `oaq_bot::games::…` for `games`).
fn module_imports(dir: &str, modules: &[&str], allowed: &[&str]) -> Vec<String> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut files = Vec::new();
    rust_files(&root.join(dir), &mut files);
    assert!(!files.is_empty(), "no sources under src/{dir}");
    let mut offences = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(root)
            .expect("under src")
            .to_string_lossy()
            .replace('\\', "/");
        if allowed.iter().any(|a| relative.starts_with(a)) {
            continue;
        }
        let text = fs::read_to_string(file).expect("source is UTF-8");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            let named = modules.iter().any(|module| {
                code.contains(&format!("crate::{module}"))
                    || code.contains(&format!("oaq_bot::{module}"))
            });
            if named {
                offences.push(format!("src/{relative}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    offences
}

/// The lines under `src/{dir}` that name a game's engine module directly (`crate::games::…`).
fn engine_imports(dir: &str, allowed: &[&str]) -> Vec<String> {
    module_imports(dir, &["games"], allowed)
}

/// Issue 11: the shell hosts every game through one seam. Only the adapters under
/// `src/app/games/` and the catalogue's game parts know a game's own types; the rest of the
/// app (challenges, turns, endings, ratings, history, replays, threads, settings, the
/// computer's seats) and the store never name an engine.
#[test]
fn the_shell_and_the_store_reach_the_games_only_through_the_hosted_game_seam() {
    let mut offences = engine_imports("app", &["app/games/", "app/text"]);
    offences.extend(engine_imports("store", &[]));
    assert!(
        offences.is_empty(),
        "name games only through src/app/games:\n{}",
        offences.join("\n")
    );
}

/// Issue 48: the Discord adapter reaches the engines only through the app. It names no
/// game's engine, no tournament engine and no renderer: what it needs of them (a rules
/// preset, a rule option) the app re-exports or wraps.
#[test]
fn the_discord_adapter_reaches_the_engines_only_through_the_app() {
    let offences = module_imports("discord", &["games", "tournament", "render"], &[]);
    assert!(
        offences.is_empty(),
        "name engines in src/discord only through src/app:\n{}",
        offences.join("\n")
    );
}

/// Issue 48: the Discord adapter imports by name what it uses: no `use super::*` and no
/// re-exported glob (`pub use x::*`), so each file says where its names come from.
#[test]
fn the_discord_adapter_imports_no_globs() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/discord"));
    let mut files = Vec::new();
    rust_files(dir, &mut files);
    let mut offences = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).expect("readable");
        for (n, line) in text.lines().enumerate() {
            // Only a glob import puts `::*` in Rust code.
            let code = line.split("//").next().unwrap_or_default();
            if code.contains("::*") {
                offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(
        offences.is_empty(),
        "import by name in src/discord:\n{}",
        offences.join("\n")
    );
}

/// The body of `fn name` in `source`: from its signature to the first line that closes it.
fn body<'a>(source: &'a str, name: &str) -> &'a str {
    let start = source
        .find(&format!("fn {name}("))
        .unwrap_or_else(|| panic!("fn {name} not found"));
    let rest = &source[start..];
    let end = rest.find("\n}\n").unwrap_or(rest.len());
    &rest[..end]
}

/// Issue 31: what an answer owes (a board shown, a posted message's id, owed edits, the
/// computer's move, a thread) is settled by one function, whatever the interaction. Every
/// answer path calls it, and the app calls that carry out effects appear nowhere else.
#[test]
fn every_answer_settles_its_effects_through_one_function() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/discord");
    let read = |file: &str| fs::read_to_string(format!("{dir}/{file}")).expect("readable");
    let (answer, router) = (read("answer.rs"), read("router.rs"));
    for (source, path) in [
        (&answer, "answer_command"),
        (&router, "on_component"),
        (&router, "answer_slow"),
    ] {
        assert!(
            body(source, path).contains(" settle("),
            "{path} must settle its answer's effects with `settle`"
        );
    }
    let mut files = Vec::new();
    rust_files(Path::new(dir), &mut files);
    for file in files {
        let text = fs::read_to_string(&file).expect("readable");
        let own = file.ends_with("answer.rs");
        for call in [
            ".board_shown(",
            ".record_message(",
            ".move_to_thread(",
            "create_thread_from_message(",
            ".effects.",
        ] {
            let found = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .any(|l| l.contains(call));
            assert!(
                !found || own,
                "{} calls {call}: effects are settled in answer.rs only",
                file.display()
            );
        }
    }
}
