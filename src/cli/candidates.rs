//! `sudoku-cp candidates`: each cell's true candidates (the values it holds in some solution)
//! as a pencil-mark grid, with the finishing digits and the cells equal in every solution.

use super::progress::Progress;
use super::stdout::Stdout;
use super::{Failure, Input, InputArgs, Item, json, worse};
use clap::{Args, ValueEnum};
use std::fmt::Write as _;
use sudoku_cp::error::InputError;
use sudoku_cp::format;
use sudoku_cp::puzzle::{Puzzle, Rules};
use sudoku_cp::setter::{self, CandidateOptions, TrueCandidates};

/// What `candidates` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum CandidatesTo {
    /// the pencil-mark grid and what it tells
    Text,
    /// one JSON object per puzzle and line (JSON Lines)
    Json,
}

#[derive(Debug, Args)]
pub(super) struct CandidatesArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Also count the solutions with each candidate placed, each count stopping at N.
    #[arg(long, value_name = "N", value_parser = super::parse_positive)]
    per_candidate: Option<u64>,
    /// Output: text, or JSON Lines.
    #[arg(long, value_enum)]
    to: Option<CandidatesTo>,
    /// Give up after this many seconds a puzzle, at most 1000000, or `inf`: the cells not
    /// finished by then are listed, with the candidates seen so far.
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    timeout: Option<std::time::Duration>,
    /// Worker threads, 1 to 256 [default: all cores]: puzzles are worked on side by side.
    #[arg(long, value_name = "N", value_parser = super::parse_threads)]
    threads: Option<u16>,
}

/// Prints each puzzle's true candidates as a pencil-mark grid, then `unique`, `none` or
/// `multiple`, the finishing digits and the cells equal in every solution on `#` lines (so
/// the whole reads back as input).
/// Exit code 0 when every puzzle is unique, 1 when one has no solution, 4 when one has several,
/// 5 when the time limit left one unfinished, 2 when a record does not read.
pub(super) fn run(args: CandidatesArgs) -> Result<u8, Failure> {
    let json = args.to == Some(CandidatesTo::Json);
    let pool = super::progress::pool(args.threads)?;
    let progress = Progress::new("worked out", None);
    let stdout = Stdout::new();
    let mut code = 0;
    let mut first = true;
    let work = |rules: &Rules, input: &Input| {
        let options = CandidateOptions {
            per_candidate: args.per_candidate,
            deadline: super::deadline(args.timeout),
        };
        setter::true_candidates(&input.entry.puzzle, rules, &options)
            .map_err(|why| InputError::at(&input.source, input.entry.line, why.0))
    };
    args.input.stream(&pool, &progress, work, |item| {
        let text = match item {
            Item::Bad(e) | Item::Done(_, _, Err(e)) => {
                super::report(&e);
                code = worse(code, 2);
                if json {
                    json::Record::bad(&e).to_line()
                } else {
                    format!("{}:{}\nerror\n", e.source, e.line.unwrap_or(0))
                }
            }
            Item::Broken(_, input, why) => {
                super::report(&why);
                code = worse(code, 1);
                let n = input.entry.puzzle.size();
                let none = TrueCandidates {
                    candidates: vec![Vec::new(); n * n],
                    per_candidate: None,
                    finishing: Vec::new(),
                    equal_cells: Vec::new(),
                    unfinished: Vec::new(),
                };
                report(&input, &none, json)
            }
            Item::Done(_, input, Ok(found)) => {
                code = worse(code, severity(&found));
                report(&input, &found, json)
            }
        };
        let sep = if first || json { "" } else { "\n" };
        first = false;
        stdout.print(&format!("{sep}{text}"))?;
        Ok(true)
    })?;
    stdout.finish()?;
    Ok(code)
}

/// The exit code a puzzle's candidates call for.
fn severity(t: &TrueCandidates) -> u8 {
    if !t.unfinished.is_empty() {
        5
    } else if t.none() {
        1
    } else if t.unique() {
        0
    } else {
        4
    }
}

/// What became of the puzzle, in one word.
fn status(t: &TrueCandidates) -> &'static str {
    match severity(t) {
        5 => "timeout",
        1 => "none",
        0 => "unique",
        _ => "multiple",
    }
}

/// `r1c1=5`: a cell and a symbol.
fn placement(p: &Puzzle, (cell, v): (usize, usize)) -> String {
    format!("{}={}", p.cell_name(cell), p.symbols().label(v))
}

/// One puzzle's report, as text or a JSON line.
fn report(input: &Input, t: &TrueCandidates, json: bool) -> String {
    let p = &input.entry.puzzle;
    if json {
        let mut r = json::Record::of(input, status(t));
        r.candidates = Some(
            t.candidates
                .iter()
                .map(|vs| {
                    vs.iter()
                        .map(|&v| p.symbols().label(v).to_string())
                        .collect()
                })
                .collect(),
        );
        r.solutions_per_candidate = t.per_candidate.clone();
        r.finishing = Some(t.finishing.iter().map(|&f| placement(p, f)).collect());
        r.equal_cells = Some(
            t.equal_cells
                .iter()
                .map(|&(a, b)| [p.cell_name(a), p.cell_name(b)])
                .collect(),
        );
        r.unfinished = Some(t.unfinished.iter().map(|&c| p.cell_name(c)).collect());
        return r.to_line();
    }
    let mut out = String::new();
    let id = input
        .entry
        .id
        .as_deref()
        .map_or(String::new(), |id| format!(" {id}"));
    let _ = writeln!(out, "# {}:{}{id}", input.source, input.entry.line);
    if t.none() {
        out.push_str("# none: no solution\n");
        return out;
    }
    format::write_marks(&mut out, p, &t.candidates);
    match status(t) {
        "unique" => out.push_str("# unique\n"),
        "timeout" => {
            let cells: Vec<String> = t.unfinished.iter().map(|&c| p.cell_name(c)).collect();
            let _ = writeln!(
                out,
                "# timeout: {} cell{} not finished (their candidates may be more): {}",
                cells.len(),
                if cells.len() == 1 { "" } else { "s" },
                cells.join(" ")
            );
        }
        _ => {
            let open = t.candidates.iter().filter(|c| c.len() > 1).count();
            let _ = writeln!(out, "# multiple: {open} cells have more than one candidate");
        }
    }
    if let Some(counts) = &t.per_candidate {
        let n = p.size();
        out.push_str("# solutions per candidate:\n");
        for (cell, vs) in t
            .candidates
            .iter()
            .enumerate()
            .filter(|(_, vs)| vs.len() > 1)
        {
            let each: Vec<String> = vs
                .iter()
                .map(|&v| format!("{}: {}", p.symbols().label(v), counts[cell * n + v]))
                .collect();
            let _ = writeln!(out, "#   {}  {}", p.cell_name(cell), each.join(", "));
        }
    }
    if !t.finishing.is_empty() {
        let list: Vec<String> = t.finishing.iter().map(|&f| placement(p, f)).collect();
        let _ = writeln!(out, "# finishing digits: {}", list.join(" "));
    }
    if !t.equal_cells.is_empty() {
        let list: Vec<String> = t
            .equal_cells
            .iter()
            .map(|&(a, b)| format!("{}={}", p.cell_name(a), p.cell_name(b)))
            .collect();
        let _ = writeln!(out, "# equal in every solution: {}", list.join(" "));
    }
    out
}
