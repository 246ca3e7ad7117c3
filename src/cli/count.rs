//! `sudoku-cp count`: how many solutions each puzzle has, up to a limit (2 proves uniqueness).

use super::progress::Progress;
use super::solve::with_id;
use super::stdout::Stdout;
use super::{BatchArgs, Failure, Input, InputArgs, Item, json, worse};
use clap::{Args, ValueEnum};
use sudoku_cp::engine::Stop;
use sudoku_cp::error::InputError;
use sudoku_cp::format::OutputFormat;
use sudoku_cp::puzzle::Rules;
use sudoku_cp::setter::{self, Estimate, Refused};
use sudoku_cp::solvers::Outcome;

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
    /// Also list the cells where the first two solutions differ (`differ at: r1c1 …`; in
    /// JSON, `differences`): where the next clue can go. Counts with cp.
    #[arg(long)]
    show_difference: bool,
    /// Estimate the count instead, from SAMPLES random probes (Knuth's estimate of the search
    /// tree): the estimate, its standard error and a 95% interval; for layouts whose solutions
    /// no enumeration reaches.
    #[arg(long, value_name = "SAMPLES", value_parser = super::parse_positive, conflicts_with_all = ["show_difference", "limit"])]
    estimate: Option<u64>,
    /// The seed of `--estimate`'s probes.
    #[arg(long, default_value_t = 1, requires = "estimate")]
    seed: u64,
    #[command(flatten)]
    batch: BatchArgs,
}

/// What `count`'s work made of a puzzle.
enum Counted {
    /// Counted, with the cells where the first two solutions differ when asked.
    Count(Outcome, Option<Vec<usize>>),
    /// Estimated (`--estimate`).
    Estimate(Estimate),
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
    if (args.show_difference || args.estimate.is_some()) && solver.name() != "cp" {
        return Err(Failure::Input(InputError::whole(
            if args.estimate.is_some() {
                "--estimate"
            } else {
                "--show-difference"
            },
            format!("searches with cp, not {}: use --solver cp", solver.name()),
        )));
    }
    let work = |rules: &Rules, input: &Input| -> Result<Counted, Failure> {
        if let Some(samples) = args.estimate {
            let deadline = limits().deadline;
            return setter::estimate_count(
                &input.entry.puzzle,
                rules,
                samples,
                args.seed,
                deadline,
            )
            .map(Counted::Estimate)
            .map_err(|why: Refused| {
                Failure::Input(InputError::at(&input.source, input.entry.line, why.0))
            });
        }
        if !args.show_difference {
            let outcome = super::checked::solve_checked(solver, rules, input, &limits())?;
            return Ok(Counted::Count(outcome, None));
        }
        let (outcome, more) = super::checked::solutions_checked(rules, input, &limits())?;
        let differ = match (&outcome.solution, more.first()) {
            (Some(a), Some(b)) => setter::differences(a, b),
            _ => Vec::new(),
        };
        Ok(Counted::Count(outcome, Some(differ)))
    };
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
            Item::Done(_, input, Ok(Counted::Estimate(e))) => {
                if json {
                    let mut r = json::Record::of(&input, "estimated");
                    (r.estimate, r.std_error) = (Some(e.estimate), Some(e.std_error));
                    (r.low, r.high) = (Some(e.low), Some(e.high));
                    r.to_line()
                } else {
                    let line = format!(
                        "estimate: {} ± {} (95%: {} to {}, {} samples)\n",
                        round(e.estimate),
                        round(e.std_error),
                        round(e.low),
                        round(e.high),
                        e.samples
                    );
                    with_id(&input, line, OutputFormat::Line)
                }
            }
            Item::Done(_, input, outcome) => {
                let Counted::Count(outcome, differ) = outcome? else {
                    unreachable!("estimates are written above")
                };
                let p = &input.entry.puzzle;
                let differ: Option<Vec<String>> =
                    differ.map(|cells| cells.iter().map(|&c| p.cell_name(c)).collect());
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
                    r.differences = differ;
                    r.to_line()
                } else {
                    let line = match differ.filter(|d| !d.is_empty()) {
                        Some(cells) => format!("{line}; differ at: {}", cells.join(" ")),
                        None => line,
                    };
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

/// A count of many digits to four significant ones (`6.671e21`), a small one whole.
fn round(x: f64) -> String {
    if x.abs() < 1e6 {
        format!("{x:.1}")
    } else {
        format!("{x:.3e}")
    }
}
