//! `sudoku-cp count`: how many solutions each puzzle has, up to a limit (2 proves uniqueness).

use super::progress::Progress;
use super::{Failure, Input, InputArgs, print};
use crate::engine::{Limits, Stop};
use crate::models::Rules;
use clap::Args;
use std::time::Instant;

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
    /// Give up on a puzzle after this many seconds (it prints `timeout`; a batch goes on).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Give up on a puzzle after this many search nodes (it prints `node limit`).
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
    /// Worker threads [default: all cores]; answers are printed in input order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// Prints one line per puzzle: `unique`, `none`, `multiple: N` (all N found), `multiple: >= N`
/// (the limit was reached), or `timeout` / `node limit` with what was found before. Exit code
/// 0 when every puzzle is unique, 1 when one has no solution, 4 when one has several, 5 when
/// one hit a limit (the most severe wins: 5, then 4, then 1).
pub(super) fn run(args: CountArgs) -> Result<u8, Failure> {
    let solver = super::find_solver(&args.solver)?;
    let timeout = super::seconds("--timeout", args.timeout)?;
    let mut code = 0;
    let pool = super::progress::pool(args.threads)?;
    let progress = Progress::new("counted", None);
    let work = |rules: &Rules, input: &Input| {
        let limits = Limits {
            solutions: args.limit,
            nodes: args.node_limit,
            deadline: timeout.map(|t| Instant::now() + t),
        };
        super::solve_checked(solver, rules, input, &limits)
    };
    args.input.stream(&pool, &progress, work, |_, _, outcome| {
        let outcome = outcome?;
        let (line, severity) = match (outcome.count, outcome.stop) {
            (n, Stop::Timeout | Stop::NodeLimit) => {
                let what = if outcome.stop == Stop::Timeout {
                    "timeout"
                } else {
                    "node limit"
                };
                (format!("{what} (found {n})"), 5)
            }
            (0, _) => ("none".to_string(), 1),
            (1, Stop::Exhausted) => ("unique".to_string(), 0),
            (1, _) => ("at least 1 (limit 1)".to_string(), 0),
            (n, Stop::Exhausted) => (format!("multiple: {n}"), 4),
            (n, _) => (format!("multiple: >= {n}"), 4),
        };
        code = code.max(severity);
        print(&format!("{line}\n"))?;
        Ok(true)
    })?;
    Ok(code)
}
