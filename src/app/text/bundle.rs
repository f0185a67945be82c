//! The Fluent bundles: every file of the catalogue, loaded once per language, and the one
//! function that formats a message, with the helpers that make its arguments.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

use super::files::FILES;
use crate::locale::Locale;

/// A message's arguments: Fluent variable names and values. Strings are printed as given;
/// numbers are passed only where a message selects on them (plurals, `[0]`), and printed
/// without digit grouping.
pub(crate) type Args = Vec<(&'static str, FluentValue<'static>)>;

/// The language tag Fluent's plural rules are chosen by.
fn tag(locale: Locale) -> &'static str {
    match locale {
        Locale::English => "en",
        Locale::Vietnamese => "vi",
    }
}

fn bundle(locale: Locale) -> FluentBundle<FluentResource> {
    let language: unic_langid::LanguageIdentifier = tag(locale).parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![language]);
    // Fluent wraps arguments in Unicode isolation marks by default: mentions, links and
    // code spans must reach Discord exactly as written.
    bundle.set_use_isolating(false);
    for file in FILES {
        // A file that does not parse still loads what it can; the catalogue test names the
        // file and line, so this only happens to a build that skipped the tests.
        let resource = match FluentResource::try_new(file.source(locale).to_owned()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                tracing::error!(
                    file = file.name,
                    lang = tag(locale),
                    ?errors,
                    "catalogue file does not parse"
                );
                resource
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(
                file = file.name,
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
