//! Puts the catalogue's names and descriptions on the slash commands before they are
//! registered: English as the default, Vietnamese as Discord's `vi` localisation.

use std::borrow::Cow;

use crate::app::text::commands::{command_text, CommandText, Label};
use crate::app::text::Locale;

/// The Discord locale code each non-default catalogue language is registered under.
const DISCORD_CODES: [(Locale, &str); 1] = [(Locale::Vietnamese, "vi")];

/// What a catalogue key names; Discord has different rules for each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A command or subcommand.
    Command,
    /// An option of a command.
    Option,
    /// One of the fixed choices of an option.
    Choice,
}

/// The catalogue key (as in [`crate::app::text::commands::COMMANDS`]) of every command, option and
/// choice under `commands`, with what it names.
pub fn keys<U, E>(commands: &[poise::Command<U, E>]) -> Vec<(String, Kind)> {
    let mut keys = Vec::new();
    for command in commands {
        walk(command, "", &mut keys);
    }
    keys
}

fn walk<U, E>(command: &poise::Command<U, E>, parent: &str, keys: &mut Vec<(String, Kind)>) {
    let key = join(parent, &command.name);
    for parameter in command.parameters.iter() {
        let option = join(&key, &parameter.name);
        for choice in parameter.choices.iter() {
            keys.push((choice_key(&parameter.name, &choice.name), Kind::Choice));
        }
        keys.push((option, Kind::Option));
    }
    for sub in command.subcommands.iter() {
        walk(sub, &key, keys);
    }
    keys.push((key, Kind::Command));
}

/// A choice's key: `option=choice`, shared by every command with an option of that name.
fn choice_key(option: &str, choice: &str) -> String {
    format!("{option}={choice}")
}

fn join(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        name.to_owned()
    } else {
        format!("{parent} {name}")
    }
}

/// The catalogue's translations of `entry`, under their Discord locale codes.
fn translations(entry: &CommandText) -> impl Iterator<Item = (Cow<'static, str>, Label)> + '_ {
    DISCORD_CODES
        .iter()
        .map(|&(locale, code)| (Cow::Borrowed(code), entry.label(locale)))
}

/// Applies the catalogue to `command` and everything under it.
pub fn localize<U, E>(command: &mut poise::Command<U, E>) {
    localize_under(command, "");
}

fn localize_under<U, E>(command: &mut poise::Command<U, E>, parent: &str) {
    let key = join(parent, &command.name);
    if let Some(entry) = command_text(&key) {
        command.description = Some(Cow::Borrowed(entry.english.description));
        for (code, label) in translations(entry) {
            let names = command.name_localizations.to_mut();
            names.push((code.clone(), Cow::Borrowed(label.name)));
            let descriptions = command.description_localizations.to_mut();
            descriptions.push((code, Cow::Borrowed(label.description)));
        }
    }
    for parameter in command.parameters.iter_mut() {
        let option = join(&key, &parameter.name);
        if let Some(entry) = command_text(&option) {
            parameter.description = Some(Cow::Borrowed(entry.english.description));
            for (code, label) in translations(entry) {
                let names = parameter.name_localizations.to_mut();
                names.push((code.clone(), Cow::Borrowed(label.name)));
                let descriptions = parameter.description_localizations.to_mut();
                descriptions.push((code, Cow::Borrowed(label.description)));
            }
        }
        for choice in parameter.choices.to_mut().iter_mut() {
            if let Some(entry) = command_text(&choice_key(&parameter.name, &choice.name)) {
                for (code, label) in translations(entry) {
                    choice
                        .localizations
                        .to_mut()
                        .push((code, Cow::Borrowed(label.name)));
                }
            }
        }
    }
    for sub in command.subcommands.iter_mut() {
        localize_under(sub, &key);
    }
}
