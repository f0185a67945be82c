//! The catalogue's parts, for its checks: each part's file with every message id its Rust
//! side uses, and the readers the catalogue test holds them against (parse errors, the ids
//! a file defines).

use fluent_bundle::FluentResource;
use fluent_syntax::ast::Entry;

use super::files::{self, File};
use super::{alt, checkers, oaq, shell_args, shogi, tournament};
use crate::locale::Locale;

/// One part of the catalogue: the shell, or one game.
#[derive(Debug, Clone, Copy)]
pub struct Part {
    /// The file name under `assets/locales/<lang>/`, such as `shell.ftl`.
    pub file: &'static str,
    /// The file's text in English and in Vietnamese.
    pub sources: [&'static str; 2],
    /// Every message id the Rust code uses from this part: its enum's keys and the
    /// fragments its helpers and other messages refer to.
    pub ids: fn() -> Vec<&'static str>,
}

impl Part {
    /// The part of `file`, whose Rust side uses the messages `ids`.
    const fn new(file: File, ids: fn() -> Vec<&'static str>) -> Part {
        Part {
            file: file.name,
            sources: file.sources,
            ids,
        }
    }

    /// The part's file in `locale`.
    pub fn source(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::English => self.sources[0],
            Locale::Vietnamese => self.sources[1],
        }
    }
}

/// Every part of the catalogue, one for each of [`files::FILES`]. A game adds its part here
/// (see the module docs of [`crate::app::text`]).
pub const PARTS: [Part; 6] = [
    Part::new(files::SHELL, shell_args::ids),
    Part::new(files::OAQ, oaq::ids),
    Part::new(files::SHOGI, shogi::ids),
    Part::new(files::CHECKERS, checkers::ids),
    Part::new(files::TOURNAMENT, tournament::ids),
    Part::new(files::ALT, alt::ids),
];

/// The parse errors of one `.ftl` file, each as `path:line: error`.
pub fn parse_errors(path: &str, source: &str) -> Vec<String> {
    match FluentResource::try_new(source.to_owned()) {
        Ok(_) => Vec::new(),
        Err((_, errors)) => errors
            .iter()
            .map(|e| {
                let line = source[..e.pos.start.min(source.len())]
                    .lines()
                    .count()
                    .max(1);
                format!("{path}:{line}: {}", e.kind)
            })
            .collect(),
    }
}

/// The ids of the messages defined in one `.ftl` file (terms and comments left out).
pub fn message_ids(source: &str) -> Vec<String> {
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(resource) | Err((resource, _)) => resource,
    };
    resource
        .entries()
        .filter_map(|entry| match entry {
            Entry::Message(message) => Some(message.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{files, PARTS};

    /// Every file the bundles load has its part, in the same order, so the catalogue test
    /// checks each of them.
    #[test]
    fn every_file_has_its_part() {
        let parts: Vec<&str> = PARTS.iter().map(|part| part.file).collect();
        let files: Vec<&str> = files::FILES.iter().map(|file| file.name).collect();
        assert_eq!(parts, files);
    }
}
