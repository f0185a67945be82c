//! The Fluent bundles: every part's `.ftl` file, embedded in the binary, loaded once per
//! language, and the one function that formats a message.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast::Entry;

use super::Locale;

/// A message's arguments: Fluent variable names and values. Strings are printed as given;
/// numbers are passed only where a message selects on them (plurals, `[0]`), and printed
/// without digit grouping.
pub(crate) type Args = Vec<(&'static str, FluentValue<'static>)>;

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
    /// The part's file in `locale`.
    pub fn source(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::English => self.sources[0],
            Locale::Vietnamese => self.sources[1],
        }
    }
}

/// The part's `.ftl` file in both languages, embedded at compile time.
macro_rules! part {
    ($file:literal, $ids:expr) => {
        Part {
            file: $file,
            sources: [
                include_str!(concat!("../../../assets/locales/en/", $file)),
                include_str!(concat!("../../../assets/locales/vi/", $file)),
            ],
            ids: $ids,
        }
    };
}

/// Every part of the catalogue. A game adds its part here (see the module docs of
/// [`crate::app::text`]).
pub const PARTS: [Part; 5] = [
    part!("shell.ftl", super::shell_args::ids),
    part!("oaq.ftl", super::oaq::ids),
    part!("shogi.ftl", super::shogi::ids),
    part!("chinese-checkers.ftl", super::checkers::ids),
    part!("tournament.ftl", super::tournament::ids),
];

/// The language tag Fluent's plural rules are chosen by.
fn tag(locale: Locale) -> &'static str {
    match locale {
        Locale::English => "en",
        Locale::Vietnamese => "vi",
    }
}

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

fn bundle(locale: Locale) -> FluentBundle<FluentResource> {
    let language: unic_langid::LanguageIdentifier = tag(locale).parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![language]);
    // Fluent wraps arguments in Unicode isolation marks by default: mentions, links and
    // code spans must reach Discord exactly as written.
    bundle.set_use_isolating(false);
    for part in PARTS {
        // A file that does not parse still loads what it can; the catalogue test names the
        // file and line, so this only happens to a build that skipped the tests.
        let resource = match FluentResource::try_new(part.source(locale).to_owned()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                tracing::error!(
                    file = part.file,
                    lang = tag(locale),
                    ?errors,
                    "catalogue file does not parse"
                );
                resource
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(
                file = part.file,
                lang = tag(locale),
                ?errors,
                "catalogue file clashes with another"
            );
        }
    }
    bundle
}

static BUNDLES: LazyLock<[FluentBundle<FluentResource>; 2]> =
    LazyLock::new(|| [bundle(Locale::English), bundle(Locale::Vietnamese)]);

/// Formats message `id` in `locale`. A message missing from a file comes out as its id, and
/// a formatting error (such as a missing argument) is logged: neither ever panics.
pub(crate) fn message(locale: Locale, id: &str, args: Args) -> String {
    let bundle = match locale {
        Locale::English => &BUNDLES[0],
        Locale::Vietnamese => &BUNDLES[1],
    };
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        tracing::error!(id, lang = tag(locale), "message missing from the catalogue");
        return id.to_owned();
    };
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        fluent_args.set(name, value);
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    if !errors.is_empty() {
        tracing::error!(
            id,
            lang = tag(locale),
            ?errors,
            "catalogue message did not format"
        );
    }
    text.into_owned()
}

/// A string argument.
pub(crate) fn text(value: impl ToString) -> FluentValue<'static> {
    FluentValue::from(value.to_string())
}

/// A number argument, for messages that select on it (plurals, `[0]`).
pub(crate) fn number(value: impl Into<f64>) -> FluentValue<'static> {
    FluentValue::from(value.into())
}

/// `yes` or `no`, for messages that select on a flag.
pub(crate) fn flag(value: bool) -> FluentValue<'static> {
    FluentValue::from(if value { "yes" } else { "no" })
}
