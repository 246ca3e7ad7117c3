//! The `sudoku-cp` command-line tool: parse arguments, run, exit with the code `run` gives.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run(cli::Cli::parse())
}
