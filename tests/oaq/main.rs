//! Ô ăn quan engine: the spec's vectors and perft tables, invariants and the engine CLI.

mod ai;
mod book;
mod cli;
mod properties;
mod vectors;
