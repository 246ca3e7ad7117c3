//! `sudoku-cp solve`: solve every puzzle of every input and print the solutions in order.

use super::{Failure, InputArgs, ToArg, print};
use crate::engine::{Limits, Stats, Stop};
use crate::error::InputError;
use crate::format::{self, InputFormat, OutputFormat};
use crate::models::sudoku;
use clap::Args;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
    /// Give up on a puzzle after this many seconds (it prints `timeout`; a batch goes on).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Give up on a puzzle after this many search nodes (it prints `node limit`).
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
}

pub(super) fn run(args: SolveArgs) -> Result<u8, Failure> {
    let solver = super::find_solver(&args.solver)?;
    let timeout = match args.timeout {
        Some(t) if !(t.is_finite() && t > 0.0) => {
            return Err(
                InputError::whole("--timeout", "expected a positive number of seconds").into(),
            );
        }
        t => t.map(Duration::from_secs_f64),
    };
    let (rules, inputs) = args.input.load()?;
    let mut out = String::new();
    let mut shown = String::new();
    let (mut unsolved, mut gave_up) = (0, 0);
    let mut total = Stats::default();
    for (i, input) in inputs.iter().enumerate() {
        let (puzzle, entry) = (&input.entry.puzzle, &input.entry);
        let to = args
            .to
            .map(OutputFormat::from)
            .unwrap_or(match entry.format {
                InputFormat::Line => OutputFormat::Line,
                InputFormat::Rmit if args.output.is_some() => OutputFormat::Csv,
                _ => OutputFormat::Grid,
            });
        let limits = Limits {
            solutions: 1,
            nodes: args.node_limit,
            deadline: timeout.map(|t| Instant::now() + t),
        };
        let outcome = solver.solve(puzzle, &rules, &limits);
        let where_ = format!("{}:{}", input.source, entry.line);
        if args.stats {
            eprintln!("{where_}: {}", stats_line(&outcome.stats));
        }
        add(&mut total, &outcome.stats);
        if args.show {
            let _ = writeln!(shown, "puzzle ({where_}, {} gaps):", puzzle.gaps());
            format::write(&mut shown, to, puzzle, puzzle.givens());
        }
        let text = match &outcome.solution {
            Some(grid) => {
                let problems = sudoku::check_solution(puzzle, &rules, grid);
                if !problems.is_empty() {
                    return Err(Failure::Check(format!(
                        "solver {} answered {where_} with a grid that fails the check: {}",
                        solver.name(),
                        problems.join("; ")
                    )));
                }
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
        if i > 0 && to != OutputFormat::Line {
            out.push('\n'); // a blank line between the grids of a batch
        }
        out.push_str(&text);
        // Stream to stdout puzzle by puzzle: input was fully checked before solving began.
        if args.output.is_none() {
            print(if args.show { &shown } else { &out });
            out.clear();
            shown.clear();
        }
    }
    if args.stats && inputs.len() > 1 {
        let n = inputs.len() as f64;
        let secs = total.time.as_secs_f64();
        eprintln!(
            "total: {} puzzles, {} without solution, {} undecided, {:.1} µs/puzzle, {:.0} puzzles/s; {}",
            inputs.len(),
            unsolved,
            gave_up,
            secs * 1e6 / n,
            if secs > 0.0 { n / secs } else { f64::INFINITY },
            stats_line(&total)
        );
    }
    if let Some(path) = &args.output {
        write_atomically(path, &out)?;
        print(&shown);
    }
    Ok(if gave_up > 0 {
        5
    } else if unsolved > 0 {
        1
    } else {
        0
    })
}

fn add(total: &mut Stats, s: &Stats) {
    total.nodes += s.nodes;
    total.guesses += s.guesses;
    total.failures += s.failures;
    total.propagations += s.propagations;
    total.solutions += s.solutions;
    total.max_depth = total.max_depth.max(s.max_depth);
    total.time += s.time;
}

fn stats_line(s: &Stats) -> String {
    format!(
        "nodes {} guesses {} failures {} propagations {} max depth {} time {:.1} µs",
        s.nodes,
        s.guesses,
        s.failures,
        s.propagations,
        s.max_depth,
        s.time.as_secs_f64() * 1e6
    )
}

/// Writes `text` to a temporary file beside `path`, then renames it over `path`.
fn write_atomically(path: &Path, text: &str) -> Result<(), InputError> {
    let name = path.display().to_string();
    let file_name = path
        .file_name()
        .ok_or_else(|| InputError::whole(&name, "not a file name"))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = std::fs::write(&tmp, text).and_then(|_| std::fs::rename(&tmp, path));
    result.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        InputError::whole(&name, format!("cannot write the solutions: {e}"))
    })
}
