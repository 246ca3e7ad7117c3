//! `sudoku-cp count`: how many solutions each puzzle has, up to a limit (2 proves uniqueness).

use super::progress::Progress;
use super::stdout::Stdout;
use super::{BatchArgs, Failure, Input, InputArgs};
use crate::engine::Stop;
use crate::models::Rules;
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
    #[command(flatten)]
    batch: BatchArgs,
}

/// Prints one line per puzzle: `unique`, `none`, `multiple: N` (all N found), `multiple: >= N`
/// (the limit was reached), or `timeout` / `node limit` with what was found before. Exit code
/// 0 when every puzzle is unique, 1 when one has no solution, 4 when one has several, 5 when
/// one hit a limit (the most severe wins: 5, then 4, then 1).
pub(super) fn run(args: CountArgs) -> Result<u8, Failure> {
    let solver = super::find_solver(&args.solver)?;
    let mut code = 0;
    let (pool, limits) = args.batch.start(args.limit)?;
    let progress = Progress::new("counted", None);
    let stdout = Stdout::new();
    let work = |rules: &Rules, input: &Input| super::solve_checked(solver, rules, input, &limits());
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
        stdout.print(&format!("{line}\n"))?;
        Ok(true)
    })?;
    stdout.finish()?;
    Ok(code)
}
