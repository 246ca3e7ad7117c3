//! `sudoku-cp bench`: time every solver on every puzzle of each file, check every answer, and
//! print a table (optionally one CSV row per puzzle and solver).
//!
//! The clock runs around each `solve` call: building the solver's model or matrix and
//! searching; reading and parsing the file are outside it. Each solver first warms up on the
//! file's first puzzles for `--warmup` seconds. Answers are checked after the timed loop.

use super::{Failure, Input, InputArgs, find_solver, print};
use crate::engine::{Limits, Stop};
use crate::models::{Rules, sudoku};
use crate::solvers::{self, Outcome, Solver};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub(super) struct BenchArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solvers to time: a name, a comma-separated list, or `all`.
    #[arg(long, default_value = "cp")]
    solver: String,
    /// Also prove uniqueness: search for a second solution, as tdoku's benchmark does.
    #[arg(long)]
    unique: bool,
    /// Only the first N puzzles of each file.
    #[arg(long, value_name = "N")]
    first: Option<usize>,
    /// Give up on a puzzle after this many seconds (counted as undecided).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Seconds of untimed solving before each solver's timed pass.
    #[arg(long, default_value_t = 0.5, value_name = "SECONDS")]
    warmup: f64,
    /// Write one row per puzzle and solver to this CSV file.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
}

/// One solver's timed pass over one file.
struct Pass {
    file: String,
    solver: &'static str,
    times: Vec<Duration>,
    outcomes: Vec<Outcome>,
}

pub(super) fn run(args: BenchArgs) -> Result<u8, Failure> {
    let solvers: Vec<&'static dyn Solver> = if args.solver == "all" {
        solvers::registry().to_vec()
    } else {
        args.solver
            .split(',')
            .map(|name| find_solver(name.trim()))
            .collect::<Result<_, _>>()?
    };
    let timeout = super::seconds("--timeout", args.timeout)?;
    let warmup = super::seconds("--warmup", Some(args.warmup).filter(|&w| w != 0.0))?;
    let limits = |start: Instant| Limits {
        solutions: if args.unique { 2 } else { 1 },
        nodes: None,
        deadline: timeout.map(|t| start + t),
    };
    let (rules, inputs) = args.input.load()?;
    // Group the puzzles by file, keeping the order of the command line.
    let mut files: Vec<(String, Vec<&Input>)> = Vec::new();
    for input in &inputs {
        match files.last_mut() {
            Some((name, list)) if *name == input.source => list.push(input),
            _ => files.push((input.source.clone(), vec![input])),
        }
    }
    let mut passes = Vec::new();
    for (file, mut list) in files {
        if let Some(n) = args.first {
            list.truncate(n);
        }
        for &solver in &solvers {
            if let Some(w) = warmup {
                let until = Instant::now() + w;
                for input in list.iter().cycle().take_while(|_| Instant::now() < until) {
                    solver.solve(&input.entry.puzzle, &rules, &limits(Instant::now()));
                }
            }
            let mut pass = Pass {
                file: file.clone(),
                solver: solver.name(),
                times: vec![],
                outcomes: vec![],
            };
            for input in &list {
                let start = Instant::now();
                let outcome = solver.solve(&input.entry.puzzle, &rules, &limits(start));
                pass.times.push(start.elapsed());
                pass.outcomes.push(outcome);
            }
            check(&pass, &list, &rules)?;
            passes.push((pass, list.clone()));
        }
    }
    print(&table(&passes.iter().map(|(p, _)| p).collect::<Vec<_>>()))?;
    if let Some(path) = &args.csv {
        super::write_atomically(path, &csv(&passes))?;
    }
    Ok(0)
}

/// Every answer of a pass, checked against its puzzle after the clock stopped.
fn check(pass: &Pass, list: &[&Input], rules: &Rules) -> Result<(), Failure> {
    for (input, outcome) in list.iter().zip(&pass.outcomes) {
        if let Some(grid) = &outcome.solution {
            let problems = sudoku::check_solution(&input.entry.puzzle, rules, grid);
            if !problems.is_empty() {
                return Err(Failure::Check(format!(
                    "solver {} answered {}:{} with a grid that fails the check: {}",
                    pass.solver,
                    input.source,
                    input.entry.line,
                    problems.join("; ")
                )));
            }
        }
    }
    Ok(())
}

fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The summary table: one row per file and solver.
fn table(passes: &[&Pass]) -> String {
    let head = [
        "file",
        "solver",
        "puzzles",
        "solved",
        "none",
        "multiple",
        "undecided",
        "puzzles/s",
        "µs mean",
        "µs median",
        "µs max",
        "guesses/puzzle",
        "no guess",
    ];
    let mut rows: Vec<Vec<String>> = vec![head.iter().map(|s| s.to_string()).collect()];
    for p in passes {
        let n = p.times.len().max(1) as f64;
        let mut us: Vec<f64> = p.times.iter().map(|t| t.as_secs_f64() * 1e6).collect();
        us.sort_by(f64::total_cmp);
        let total: f64 = us.iter().sum();
        let median = if us.is_empty() { 0.0 } else { us[us.len() / 2] };
        let count = |f: &dyn Fn(&Outcome) -> bool| p.outcomes.iter().filter(|o| f(o)).count();
        let undecided = count(&|o| matches!(o.stop, Stop::Timeout | Stop::NodeLimit));
        let guesses: u64 = p.outcomes.iter().map(|o| o.stats.guesses).sum();
        rows.push(vec![
            file_name(&p.file).to_string(),
            p.solver.to_string(),
            p.times.len().to_string(),
            count(&|o| o.count >= 1).to_string(),
            count(&|o| o.count == 0 && o.stop == Stop::Exhausted).to_string(),
            count(&|o| o.count >= 2).to_string(),
            undecided.to_string(),
            format!("{:.0}", if total > 0.0 { n * 1e6 / total } else { 0.0 }),
            format!("{:.1}", total / n),
            format!("{median:.1}"),
            format!("{:.1}", us.last().copied().unwrap_or(0.0)),
            format!("{:.1}", guesses as f64 / n),
            format!(
                "{:.1}%",
                100.0 * count(&|o| o.stats.guesses == 0) as f64 / n
            ),
        ]);
    }
    let widths: Vec<usize> = (0..head.len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in &rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, cell)| {
                let pad = widths[i] - cell.chars().count();
                if i < 2 {
                    format!("{cell}{}", " ".repeat(pad))
                } else {
                    format!("{}{cell}", " ".repeat(pad))
                }
            })
            .collect();
        let _ = writeln!(out, "{}", cells.join("  ").trim_end());
    }
    out
}

/// One row per puzzle and solver: the raw data for a time-against-gaps study.
fn csv(passes: &[(Pass, Vec<&Input>)]) -> String {
    let mut out = String::from("file,line,solver,givens,gaps,us,nodes,guesses,solutions,status\n");
    for (p, list) in passes {
        for ((input, t), o) in list.iter().zip(&p.times).zip(&p.outcomes) {
            let gaps = input.entry.puzzle.gaps();
            let givens = input.entry.puzzle.givens().len() - gaps;
            let status = match o.stop {
                Stop::Timeout => "timeout",
                Stop::NodeLimit => "node limit",
                _ if o.count == 0 => "none",
                _ => "solved",
            };
            let _ = writeln!(
                out,
                "{},{},{},{givens},{gaps},{:.3},{},{},{},{status}",
                file_name(&p.file),
                input.entry.line,
                p.solver,
                t.as_secs_f64() * 1e6,
                o.stats.nodes,
                o.stats.guesses,
                o.count
            );
        }
    }
    out
}
