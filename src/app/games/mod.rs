//! The seam between the shell and the games: the [`Hosted`] (rules) and [`Presented`]
//! (presentation) traits that every game's adapter implements, and [`Table`], the one enum
//! that dispatches to them (in the manner of shakmaty's `VariantPosition`).
//!
//! The shell (challenges, turns, deadlines, resignations, results, ratings, history, replays,
//! threads, settings, computer seats) knows seats, turns and results and works with records
//! whose moves are notation text; it never sees a game's own types. A record's rules are read
//! once into [`GameRules`] (the one place that reads their stored JSON), a replayed [`Table`]
//! knows its rules, and what goes wrong comes back as a [`GameError`]. Everything that needs
//! the rules goes through here.
//!
//! Adding a game means: an engine under `src/games/`, one adapter file here implementing
//! [`Hosted`] and [`Presented`] (plus its variant of [`Table`] and [`GameRules`], and its
//! line in each arm of `each!`, `kind!` and `with_rules!` below), its picture under
//! `src/render/`, and its part of the catalogue.
//!
//! This module only names its parts and hands them on: the adapters import what they share
//! (`hosted`, `scene`, `error`) side by side, from the files that hold it.

pub mod chinese_checkers;
pub mod oaq;
pub mod page;
pub mod shogi;

/// Runs `$body` with `$table` bound to the adapter inside `$value`, whatever the game.
macro_rules! each {
    ($value:expr, $table:ident => $body:expr) => {
        match $value {
            Table::Oaq($table) => $body,
            Table::Shogi($table) => $body,
            Table::ChineseCheckers($table) => $body,
        }
    };
}

/// Runs `$body` with `$t` naming the adapter type of `$kind`.
macro_rules! kind {
    ($kind:expr, $t:ident => $body:expr) => {
        match $kind {
            GameKind::Oaq => {
                type $t = oaq::OaqTable;
                $body
            }
            GameKind::Shogi => {
                type $t = shogi::ShogiTable;
                $body
            }
            GameKind::ChineseCheckers => {
                type $t = chinese_checkers::CheckersTable;
                $body
            }
        }
    };
}

/// Runs `$body` with `$t` naming the adapter type of the game whose rules `$value` holds, and
/// `$rules` bound to those rules.
macro_rules! with_rules {
    ($value:expr, $t:ident, $rules:ident => $body:expr) => {
        match $value {
            GameRules::Oaq($rules) => {
                type $t = oaq::OaqTable;
                $body
            }
            GameRules::Shogi($rules) => {
                type $t = shogi::ShogiTable;
                $body
            }
            GameRules::ChineseCheckers($rules) => {
                type $t = chinese_checkers::CheckersTable;
                $body
            }
        }
    };
}

mod error;
mod hosted;
mod rules;
mod scene;
mod table;

pub use crate::app::vocab::{Cost, Mistake, NotationError, Review};
pub use error::GameError;
pub use hosted::{Hosted, Misread, Presented};
pub use rules::{default_rules, GameRules, RuleChoice};
pub use scene::{Controls, Exports, Frame, Pick, Scene, Situation, Step};
pub use table::Table;
