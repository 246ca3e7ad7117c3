//! The integration tests, one binary (as ripgrep does): each file of `tests/` is a module here, so
//! CI links the suite once. `common` holds the helpers they share.

mod assignments;
mod batches;
mod cli;
mod common;
mod datasets;
mod differential;
mod edges;
mod generate;
mod iss_examples;
mod iss_logic;
mod large_grids;
mod layouts;
mod links;
mod links_out;
mod logic;
mod parsers;
mod properties;
mod ratings;
mod readme;
mod reliability;
mod setter;
mod solve_puzzles;
mod solvers_agree;
mod svg;
mod variant_forms;
mod variants_agree;
mod watch;
