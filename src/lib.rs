//! sudoku-cp: a constraint-programming engine for Sudoku and its variants, with the models,
//! parsers, solvers and command-line front end built on it.

pub mod cli;
pub mod engine;
pub mod error;
pub mod format;
pub mod models;
pub mod solvers;
