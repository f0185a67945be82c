//! Layering rules that the compiler cannot enforce.

use std::fs;
use std::path::Path;

/// Crates that do I/O, async, storage, Discord or imaging: none may appear under `src/games`.
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
    for entry in fs::read_dir(dir).expect("src/games is readable") {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn engines_do_no_io_and_use_no_discord_storage_or_image_crates() {
    let mut files = Vec::new();
    rust_files(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/games")),
        &mut files,
    );
    assert!(!files.is_empty(), "no engine sources found");
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
