//! oaq-bot: a Discord bot that hosts board games — Ô ăn quan first, then Shogi and Chinese
//! checkers.
//!
//! The crate is layered (see `README.md` and `docs/adding-a-game.md`):
//! - [`ids`]: typed ids, one type per kind (user, channel, game, tournament, …);
//! - [`games`]: pure rules engines and computer opponents, with no I/O;
//! - [`store`]: versioned records (games, challenges, the channel index) with compare-and-swap,
//!   on sled or PostgreSQL;
//! - [`render`]: board pictures (PNG);
//! - [`app`]: the Discord-agnostic product: challenges, moves, replies;
//! - [`discord`]: the thin serenity/poise adapter;
//! - [`activity`]: the Activity: the games on a web page inside Discord, served by the bot;
//! - [`locale`]: the languages of the catalogue;
//! - [`config`]: layered configuration;
//! - [`shards`]: which shard serves which server, and which servers a process owns;
//! - [`tournament`]: the pure tournament engine (Swiss pairing, Berger tables, standings);
//! - [`cli`]: the `oaq-bot engine …` commands that expose the engines on stdin/stdout.

pub mod activity;
pub mod app;
pub mod cli;
pub mod config;
pub mod discord;
pub mod games;
pub mod ids;
pub mod locale;
pub mod render;
pub mod shards;
pub mod store;
pub mod tournament;
