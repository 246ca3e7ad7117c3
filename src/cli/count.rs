//! `sudoku-cp count`: how many solutions each puzzle has, up to a limit (2 proves uniqueness).

use super::progress::Progress;
use super::solve::with_id;
use super::stdout::Stdout;
use super::{BatchArgs, Failure, Input, InputArgs, Item, json, worse};
use clap::{Args, ValueEnum};
use sudoku_cp::engine::Stop;
use sudoku_cp::format::OutputFormat;
use sudoku_cp::puzzle::Rules;

/// What `count` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum CountTo {
    /// one line per puzzle: `unique`, `none`, `multiple: N` …
    Text,
    /// one JSON object per puzzle and line (JSON Lines)
    Json,
}

#[derive(Debug, Args)]
pub(super) struct CountArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Stop counting at this many solutions (2 is enough to tell unique from multiple).
    #[arg(long, default_value = "2", value_parser = super::parse_positive)]
    limit: u64,
    /// Solver (listed below).
    #[arg(long, default_value = "cp")]
    solver: String,
    /// Output: text lines, or JSON Lines.
    #[arg(long, value_enum)]
    to: Option<CountTo>,
    #[command(flatten)]
    batch: BatchArgs,
}

/// Prints one line per puzzle: `unique`, `none`, `multiple: N` (all N found), `multiple: >= N`
/// (the limit was reached), `timeout` / `node limit` with what was found before, or `error`
/// for a record that does not read (its message on stderr); a puzzle's id goes before it.
/// Exit code 0 when every puzzle is unique, 1 when one has no solution, 4 when one has
/// several, 5 when one hit a limit, 2 when one does not read (the most severe wins).
pub(super) fn run(args: CountArgs, global: super::Global) -> Result<u8, Failure> {
    let solver = super::find_solver(&args.solver, global)?;
    let json = args.to == Some(CountTo::Json);
    let mut code = 0;
    let (pool, limits) = args.batch.start(args.limit)?;
    let progress = Progress::new("counted", None);
    let stdout = Stdout::new();
    let work = |rules: &Rules, input: &Input| super::solve_checked(solver, rules, input, &limits());
    args.input.stream(&pool, &progress, work, |item| {
        let text = match item {
            Item::Bad(e) => {
                super::report(&e);
                code = worse(code, 2);
                if json {
                    json::Record::bad(&e).to_line()
                } else {
                    "error\n".to_string()
                }
            }
            Item::Broken(_, input, why) => {
                super::report(&why);
                code = worse(code, 1);
                if json {
                    let mut r = json::Record::of(&input, "none");
                    r.count = Some(0);
                    r.error = Some(why.message);
                    r.to_line()
                } else {
                    with_id(&input, "none\n".to_string(), OutputFormat::Line)
                }
            }
            Item::Done(_, input, Err(Failure::Input(e))) => {
                super::report(&e);
                code = worse(code, 2);
                if json {
                    json::Record::bad(&e).to_line()
                } else {
                    with_id(&input, "error\n".to_string(), OutputFormat::Line)
                }
            }
            Item::Done(_, input, outcome) => {
                let outcome = outcome?;
                let (line, status, severity) = match (outcome.count, outcome.stop) {
                    (n, Stop::Timeout) => (format!("timeout (found {n})"), "timeout", 5),
                    (n, Stop::NodeLimit) => (format!("node limit (found {n})"), "node limit", 5),
                    (0, _) => ("none".to_string(), "none", 1),
                    (1, Stop::Exhausted) => ("unique".to_string(), "unique", 0),
                    (1, _) => ("at least 1 (limit 1)".to_string(), "solved", 0),
                    (n, Stop::Exhausted) => (format!("multiple: {n}"), "multiple", 4),
                    (n, _) => (format!("multiple: >= {n}"), "multiple", 4),
                };
                code = worse(code, severity);
                if json {
                    let mut r = json::Record::of(&input, status).with_stats(&outcome.stats);
                    r.count = Some(outcome.count);
                    r.solution = outcome.solution.as_ref().map(|grid| {
                        let cells: Vec<Option<usize>> = grid.iter().map(|&v| Some(v)).collect();
                        json::line_form(&input.entry.puzzle, &cells)
                    });
                    r.to_line()
                } else {
                    with_id(&input, format!("{line}\n"), OutputFormat::Line)
                }
            }
        };
        stdout.print(&text)?;
        Ok(true)
    })?;
    stdout.finish()?;
    Ok(code)
}
