//! `sudoku-cp bench`: time every solver on every puzzle of each file, check every answer, and
//! print a table (optionally one CSV row per puzzle and solver, and an SVG picture).
//!
//! The clock runs around each `solve` call: building the solver's model or matrix and
//! searching; reading and parsing the file are outside it. Each solver first warms up on the
//! file's first puzzles for `--warmup` seconds. Answers are checked after the timed loop.
//! With `--threads N` the puzzles of a pass are shared among N threads: each is still timed
//! alone, and puzzles/s is the pass's throughput (puzzles over wall time).

use super::progress::Progress;
use super::{Failure, Input, InputArgs, Record, find_solver, plot, print, worse};
use clap::Args;
use rayon::prelude::*;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudoku_cp::engine::{Limits, Stop};
use sudoku_cp::error::InputError;
use sudoku_cp::puzzle;
use sudoku_cp::puzzle::Rules;
use sudoku_cp::solvers::{Outcome, Solver};

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
    #[arg(long, value_name = "N", value_parser = super::parse_positive)]
    first: Option<u64>,
    /// Give up on a puzzle after this many seconds, at most 1000000, or `inf` (counted as
    /// undecided).
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    timeout: Option<Duration>,
    /// Seconds of untimed solving before each solver's timed pass (0 to 1000000).
    #[arg(long, default_value = "0.5", value_name = "SECONDS", value_parser = super::parse_span)]
    warmup: Duration,
    /// Write one row per puzzle and solver to this CSV file.
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
    /// Draw time per puzzle against its number of gaps, one series per solver, to this SVG file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Worker threads [default: all cores]. Each puzzle is still timed on its own; puzzles/s
    /// is then the throughput of all threads together, and a thread with no puzzle left helps
    /// search a hard one. Use 1 to compare with one-thread peers.
    #[arg(long, value_name = "N", value_parser = super::parse_threads)]
    threads: Option<u16>,
}

/// A puzzle to time, with the rules it is solved under.
type Timed = (Arc<Rules>, Input);

/// One solver's timed pass over one file.
struct Pass {
    file: String,
    solver: &'static str,
    /// Worker threads of the pass.
    threads: usize,
    /// Wall time of the whole pass.
    wall: Duration,
    times: Vec<Duration>,
    outcomes: Vec<Outcome>,
}

pub(super) fn run(args: BenchArgs, global: super::Global) -> Result<u8, Failure> {
    for path in args.csv.iter().chain(&args.plot) {
        args.input.refuse_as_output(path)?;
    }
    let solvers: Vec<&'static dyn Solver> = if args.solver == "all" {
        super::all_solvers(global)
    } else {
        args.solver
            .split(',')
            .map(|name| find_solver(name.trim(), global))
            .collect::<Result<_, _>>()?
    };
    let timeout = args.timeout;
    let warmup = Some(args.warmup).filter(|w| !w.is_zero());
    let limits = |start: Instant| Limits {
        solutions: if args.unique { 2 } else { 1 },
        nodes: None,
        deadline: timeout.and_then(|t| start.checked_add(t)),
    };
    let mut code = 0;
    let mut inputs: Vec<Timed> = Vec::new();
    for record in args.input.collect()? {
        match record {
            Record::Puzzle(rules, input, None) => {
                let refused = solvers
                    .iter()
                    .find_map(|s| s.refuses(&input.entry.puzzle, &rules));
                match refused {
                    Some(why) => {
                        super::report(&InputError::at(&input.source, input.entry.line, why));
                        code = worse(code, 2);
                    }
                    None => inputs.push((rules, input)),
                }
            }
            Record::Puzzle(_, _, Some(why)) => {
                super::report(&why);
                code = worse(code, 1);
            }
            Record::Bad(e) => {
                super::report(&e);
                code = worse(code, 2);
            }
        }
    }
    let pool = super::progress::pool(args.threads)?;
    let threads = pool.current_num_threads();
    // Group the puzzles by file, keeping the order of the command line.
    let mut files: Vec<(String, Vec<&Timed>)> = Vec::new();
    for pair in &inputs {
        match files.last_mut() {
            Some((name, list)) if *name == pair.1.source => list.push(pair),
            _ => files.push((pair.1.source.clone(), vec![pair])),
        }
    }
    if let Some(n) = args.first {
        files
            .iter_mut()
            .for_each(|(_, list)| list.truncate(usize::try_from(n).unwrap_or(usize::MAX)));
    }
    let total: usize = files.iter().map(|(_, list)| list.len()).sum();
    let progress = Progress::new("timed", Some((total * solvers.len()) as u64));
    let mut passes = Vec::new();
    for (file, list) in files {
        for &solver in &solvers {
            if let Some(w) = warmup {
                let until = super::deadline(Some(w)).unwrap_or_else(Instant::now);
                pool.install(|| {
                    for (rules, input) in list.iter().cycle().take_while(|_| Instant::now() < until)
                    {
                        solver.solve(&input.entry.puzzle, rules, &limits(Instant::now()));
                    }
                });
            }
            let timed = |(rules, input): &&Timed| {
                let start = Instant::now();
                let mut outcome = solver.solve(&input.entry.puzzle, rules, &limits(start));
                let time = start.elapsed();
                // The answer is kept for the check in a copy made after the clock stopped, and
                // the solver's own allocation is freed for the next puzzle to reuse, as when
                // `solve` writes each answer out. Kept as it came, every answer took fresh
                // heap, a page fault every few puzzles inside the clock: 0.3 µs a puzzle on
                // royle's 17-clue file (3.9 µs against 3.6).
                outcome.solution = outcome.solution.as_deref().map(<[usize]>::to_vec);
                progress.tick();
                (time, outcome)
            };
            let start = Instant::now();
            // On the pool even with one thread: a search shares its work with the idle threads
            // of the pool it runs in, and outside it with the global pool's (all cores).
            let results: Vec<(Duration, Outcome)> = pool.install(|| {
                if threads > 1 {
                    list.par_iter().map(timed).collect()
                } else {
                    list.iter().map(timed).collect()
                }
            });
            let wall = start.elapsed();
            let (times, outcomes) = results.into_iter().unzip();
            let pass = Pass {
                file: file.clone(),
                solver: solver.name(),
                threads,
                wall,
                times,
                outcomes,
            };
            check(&pass, &list)?;
            passes.push((pass, list.clone()));
        }
    }
    progress.clear();
    print(&table(&passes.iter().map(|(p, _)| p).collect::<Vec<_>>()))?;
    if let Some(path) = &args.csv {
        let text = csv(&passes).map_err(|e| InputError::whole(&path.display().to_string(), e))?;
        super::output_file::write_file(path, &text)?;
    }
    if let Some(path) = &args.plot {
        super::output_file::write_file(path, &plot::svg(&series(&passes)))?;
    }
    let undecided = passes
        .iter()
        .flat_map(|(p, _)| &p.outcomes)
        .any(|o| matches!(o.stop, Stop::Timeout | Stop::NodeLimit));
    let none = passes
        .iter()
        .flat_map(|(p, _)| &p.outcomes)
        .any(|o| o.count == 0 && o.stop == Stop::Exhausted);
    if none {
        code = worse(code, 1);
    }
    if undecided {
        code = worse(code, 5);
    }
    Ok(code)
}

/// The points of the plot: (gaps, µs) of every puzzle, one series per solver in order.
fn series(passes: &[(Pass, Vec<&Timed>)]) -> Vec<plot::Series> {
    let mut out: Vec<plot::Series> = Vec::new();
    for (pass, list) in passes {
        let points = list
            .iter()
            .zip(&pass.times)
            .map(|((_, input), t)| (input.entry.puzzle.gaps() as f64, t.as_secs_f64() * 1e6));
        match out.iter_mut().find(|s| s.name == pass.solver) {
            Some(s) => s.points.extend(points),
            None => out.push(plot::Series {
                name: pass.solver.to_string(),
                points: points.collect(),
            }),
        }
    }
    out
}

/// Every answer of a pass, checked against its puzzle after the clock stopped.
fn check(pass: &Pass, list: &[&Timed]) -> Result<(), Failure> {
    for ((rules, input), outcome) in list.iter().copied().zip(&pass.outcomes) {
        if let Some(grid) = &outcome.solution {
            let problems = puzzle::check_solution(&input.entry.puzzle, rules, grid);
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
        "threads",
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
            format!(
                "{:.0}",
                p.times.len() as f64 / p.wall.as_secs_f64().max(1e-9)
            ),
            format!("{:.1}", total / n),
            format!("{median:.1}"),
            format!("{:.1}", us.last().copied().unwrap_or(0.0)),
            format!("{:.1}", guesses as f64 / n),
            format!(
                "{:.1}%",
                100.0 * count(&|o| o.stats.guesses == 0) as f64 / n
            ),
            p.threads.to_string(),
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

/// One row per puzzle and solver: the raw data for a time-against-gaps study, written by the
/// `csv` crate (fields with commas or quotes are quoted).
fn csv(passes: &[(Pass, Vec<&Timed>)]) -> Result<String, String> {
    let mut w = ::csv::Writer::from_writer(Vec::new());
    let head = [
        "file",
        "line",
        "id",
        "solver",
        "givens",
        "gaps",
        "us",
        "nodes",
        "guesses",
        "solutions",
        "status",
    ];
    let cannot = |e: ::csv::Error| format!("cannot write the CSV: {e}");
    w.write_record(head).map_err(cannot)?;
    for (p, list) in passes {
        for (((_, input), t), o) in list.iter().copied().zip(&p.times).zip(&p.outcomes) {
            let gaps = input.entry.puzzle.gaps();
            let givens = input.entry.puzzle.givens().len() - gaps;
            let status = match o.stop {
                Stop::Timeout => "timeout",
                Stop::NodeLimit => "node limit",
                _ if o.count == 0 => "none",
                _ => "solved",
            };
            w.write_record([
                file_name(&p.file).to_string(),
                input.entry.line.to_string(),
                input.entry.id.clone().unwrap_or_default(),
                p.solver.to_string(),
                givens.to_string(),
                gaps.to_string(),
                format!("{:.3}", t.as_secs_f64() * 1e6),
                o.stats.nodes.to_string(),
                o.stats.guesses.to_string(),
                o.count.to_string(),
                status.to_string(),
            ])
            .map_err(cannot)?;
        }
    }
    let bytes = w
        .into_inner()
        .map_err(|e| format!("cannot write the CSV: {e}"))?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}
