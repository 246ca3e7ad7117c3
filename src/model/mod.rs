//! The Sudoku model on the engine: one variable per cell, an all-different per region, cage
//! sums and the sums they imply, the variant constraints, and the bitboards for small grids.
//!
//! # What the model adds to the engine
//!
//! The engine's propagators and search are described where they live (`engine::propagators`,
//! `engine::search`); this is what the model posts, from which size, and why. The thresholds
//! are the fields of [`Tuning`], each with its default and the reason for it.
//!
//! - **Cells and regions.** A variable per cell over the value indices `0..n`, domains `u16` up
//!   to 16×16, `u32`, `u64` and arrays of words beyond; an `AllDifferent` per region of the rules
//!   (rows, columns, boxes, jigsaw pieces, diagonals, extra regions). From 25×25 up, once the
//!   search has guessed, each house also gets Régin's matching filter (`HallSets`) and each pair
//!   of regions sharing two cells or more a `SameValues` (locked candidates); killers post
//!   neither, since beside the cages' reasoning they cost more than they saved.
//! - **Cages.** A `CageSum` over every combination of distinct symbols reaching the total
//!   (computed once per cage size and total), with a choice variable for which combination the
//!   cage takes when it has at least two and no more than the domain type has values. A pair of
//!   cages gets a pair table on their choice variables where the cells they could share a value
//!   in (pairs of cells, one from each, sharing no house) rule out some pair of combinations
//!   (`shared_values`).
//! - **The rule of 45.** Each region sums to the sum of the symbols, so the model adds cage sums
//!   for the innies of a region (its cells outside the cages lying wholly inside it), the rest of
//!   a region beside a cage inside it, and the outies of the cages covering a region when they
//!   lie in one region; a sum that only restates a 1-cell cage is not posted. Runs of
//!   consecutive rows or columns and boxes give one more equation each, innies minus outies,
//!   posted as a `LinearSum` (bounds consistency; these cells need not be distinct) when it has
//!   at most 6 cells (`killer_sums`).
//! - **Variant constraints.** Each kind of `crate::constraints` posts itself (`Kind::post`): an
//!   automaton on `Regular`, a predicate, a pair table, or sums.
//! - **Search.** dom/wdeg, with a cage's choice variable weighing 3 times a cell; killers up to
//!   9×9 add activity. From 25×25 up the search restarts (Luby), every second run also branching
//!   on a value's two places in a region, reasoning from the last conflict, and from 36×36 up
//!   saving best phases. Killers run without restarts.
//! - **Hints.** A grid whose only rules are rows, columns and boxes gets the pattern grid (each
//!   row of a band shifted by a box width, each band by one) with its symbols renamed to the
//!   givens, when that fits every given, as the values the search tries first: an empty grid of
//!   any size is then solved in one node.
//! - **Threads.** Under a rayon pool of several threads, a search on the general engine that
//!   passes 1,000 nodes is shared (`Engine::search_shared`) with the threads that have no puzzle
//!   of their own; a model that restarts is raced instead (`Engine::search_racing`), against
//!   `cdcl` on the exact cover and the same model with random value orders.
//! - **Reuse.** The model without cages depends only on the size and the rules, so each thread
//!   builds it once and, for each puzzle, resets it (`Engine::reset`) and applies the givens.
//! - **The bitboards** ([`Bitboards`]): a 4×4 or 9×9 grid, killers included, is first searched on
//!   value-major bitboards copied on each guess, with the cages and the rule-of-45 house sums of
//!   at most 4 cells as sums over their combinations. Those sums see less than the engine's cage
//!   propagators, so a killer that needs more than 200 nodes there is solved again on the
//!   engine. `cp` uses them when no search log is asked for; tests compare them with brute
//!   force on random small networks and with the general engine on every shipped 4×4 and 9×9
//!   puzzle and on slices of the public sets.

mod bitboards;
mod builder;
mod hints;
mod killer_sums;
mod shared_values;
mod tuning;
mod variants;

pub(crate) use crate::constraints::runs;
pub(crate) use bitboards::{BitboardModel, bitboard_domains};
pub use bitboards::{Bitboards, MAX_VALUES, MAX_VARS};
pub use builder::{build, build_named};
pub(crate) use builder::{grid_of, with_model};
pub(crate) use killer_sums::*;
use shared_values::*;
pub use tuning::Tuning;
pub(crate) use variants::refusal;
