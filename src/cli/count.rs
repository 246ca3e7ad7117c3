//! `sudoku-cp count`: how many solutions each puzzle has, up to a limit (2 proves uniqueness).

use super::{Failure, InputArgs, print};
use crate::engine::{Limits, Stop};
use clap::Args;

#[derive(Debug, Args)]
pub(super) struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop counting at this many solutions (2 is enough to tell unique from multiple).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    limit: u64,
    /// Solver (listed below).
    #[arg(long, default_value = "cp")]
    solver: String,
}

/// Prints one line per puzzle: `unique`, `none`, `multiple: N` (all N found) or
/// `multiple: >= N` (the limit was reached). Exit code 0 when every puzzle is unique, 1 when
/// one has no solution, 4 when one has several.
pub(super) fn run(args: CountArgs) -> Result<u8, Failure> {
    let solver = super::find_solver(&args.solver)?;
    let (rules, inputs) = args.input.load()?;
    let mut code = 0;
    for input in &inputs {
        let outcome = solver.solve(&input.entry.puzzle, &rules, &Limits::solutions(args.limit));
        let line = match (outcome.count, outcome.stop) {
            (0, _) => {
                code = code.max(1);
                "none".to_string()
            }
            (1, Stop::Exhausted) => "unique".to_string(),
            (1, _) => "at least 1 (limit 1)".to_string(),
            (n, Stop::Exhausted) => {
                code = 4;
                format!("multiple: {n}")
            }
            (n, _) => {
                code = 4;
                format!("multiple: >= {n}")
            }
        };
        print(&format!("{line}\n"));
    }
    Ok(code)
}
