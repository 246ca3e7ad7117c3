//! The `sudoku-cp` command-line tool: parse arguments, run, exit with the code `run` gives.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    sudoku_cp::cli::run(sudoku_cp::cli::Cli::parse())
}
