//! `sudoku-cp solve`: solve every puzzle of every input and print the solutions in order.

use super::progress::Progress;
use super::stdout::Stdout;
use super::{BatchArgs, Failure, Input, InputArgs, ToArg, print, write_atomically};
use crate::engine::Stop;
use crate::format::{self, InputFormat, OutputFormat};
use crate::models::Rules;
use crate::solvers::SolveStats;
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solver (listed below).
    #[arg(long, default_value = "cp")]
    solver: String,
    /// Output format [default: line for line input, else grid; csv in --output for RMIT input].
    #[arg(long, value_enum)]
    to: Option<ToArg>,
    /// Write the solutions to this file instead of standard output (replaced whole, never
    /// left half-written).
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Print each puzzle before its solution.
    #[arg(long)]
    show: bool,
    /// Print search statistics to stderr.
    #[arg(long)]
    stats: bool,
    #[command(flatten)]
    batch: BatchArgs,
}

pub(super) fn run(args: SolveArgs) -> Result<u8, Failure> {
    let solver = super::find_solver(&args.solver)?;
    let mut out = String::new();
    let mut shown = String::new();
    let (mut puzzles, mut unsolved, mut gave_up) = (0, 0, 0);
    let mut total = SolveStats::default();
    let (pool, limits) = args.batch.start(1)?;
    let progress = Progress::new("solved", None);
    let stdout = Stdout::new();
    let work = |rules: &Rules, input: &Input| super::solve_checked(solver, rules, input, &limits());
    args.input
        .stream(&pool, &progress, work, |_, input, outcome| {
            let outcome = outcome?;
            let (puzzle, entry) = (&input.entry.puzzle, &input.entry);
            let to = args
                .to
                .map(OutputFormat::from)
                .unwrap_or(match entry.format {
                    InputFormat::Line | InputFormat::Killer => OutputFormat::Line,
                    InputFormat::Rmit if args.output.is_some() => OutputFormat::Csv,
                    _ => OutputFormat::Grid,
                });
            let where_ = format!("{}:{}", input.source, entry.line);
            if args.stats {
                eprintln!("{where_}: {}", outcome.stats);
            }
            total.add(&outcome.stats);
            if args.show {
                let _ = writeln!(shown, "puzzle ({where_}, {} gaps):", puzzle.gaps());
                format::write(&mut shown, to, puzzle, puzzle.givens());
            }
            let text = match &outcome.solution {
                Some(grid) => {
                    let cells: Vec<Option<usize>> = grid.iter().map(|&v| Some(v)).collect();
                    let mut s = String::new();
                    format::write(&mut s, to, puzzle, &cells);
                    s
                }
                None => match outcome.stop {
                    Stop::Timeout | Stop::NodeLimit => {
                        gave_up += 1;
                        let what = if outcome.stop == Stop::Timeout {
                            "timeout"
                        } else {
                            "node limit"
                        };
                        format!("{what}\n")
                    }
                    Stop::Exhausted | Stop::SolutionLimit => {
                        unsolved += 1;
                        "no solution\n".to_string()
                    }
                },
            };
            if args.show {
                shown.push_str("solution:\n");
                shown.push_str(&text);
                shown.push('\n');
            }
            if puzzles > 0 && to != OutputFormat::Line {
                out.push('\n'); // a blank line between the grids of a batch
            }
            puzzles += 1;
            out.push_str(&text);
            // Stream to stdout puzzle by puzzle.
            if args.output.is_none() {
                stdout.print(if args.show { &shown } else { &out })?;
                out.clear();
                shown.clear();
            }
            Ok(true)
        })?;
    // Every answer written before the totals.
    stdout.finish()?;
    if args.stats && puzzles > 1 {
        let n = f64::from(puzzles);
        let secs = total.time.as_secs_f64();
        eprintln!(
            "total: {puzzles} puzzles, {unsolved} without solution, {gave_up} undecided, \
             {:.1} µs/puzzle, {:.0} puzzles/s; {total}",
            secs * 1e6 / n,
            if secs > 0.0 { n / secs } else { f64::INFINITY },
        );
    }
    if let Some(path) = &args.output {
        write_atomically(path, &out)?;
        print(&shown)?;
    }
    Ok(if gave_up > 0 {
        5
    } else if unsolved > 0 {
        1
    } else {
        0
    })
}
