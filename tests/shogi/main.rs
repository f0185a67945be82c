//! Shogi engine tests, grouped by topic in one test binary.

mod perft;
