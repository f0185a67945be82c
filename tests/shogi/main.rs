//! Shogi engine tests, grouped by topic in one test binary.

mod ai;
mod cli;
mod differential;
mod frozen_levels;
mod hard;
mod human;
mod import;
mod notation;
mod perft;
mod props;
mod rules;
mod usi;
