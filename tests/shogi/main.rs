//! Shogi engine tests, grouped by topic in one test binary.

mod ai;
mod differential;
mod notation;
mod perft;
mod props;
mod rules;
