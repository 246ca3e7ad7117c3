//! `sudoku-cp audit`: a setter's audit of each puzzle: the givens and constraints a unique
//! puzzle does without, or the finishing digits of one that is not unique yet.

use super::progress::Progress;
use super::stdout::Stdout;
use super::{Failure, Input, InputArgs, Item, json, worse};
use clap::{Args, ValueEnum};
use std::fmt::Write as _;
use sudoku_cp::error::InputError;
use sudoku_cp::puzzle::Rules;
use sudoku_cp::setter::{self, Audit};

/// What `audit` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum AuditTo {
    /// a few lines a puzzle
    Text,
    /// one JSON object per puzzle and line (JSON Lines)
    Json,
}

#[derive(Debug, Args)]
pub(super) struct AuditArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output: text, or JSON Lines.
    #[arg(long, value_enum)]
    to: Option<AuditTo>,
    /// Give up after this many seconds a puzzle, at most 1000000, or `inf` (the lists may then
    /// be short: it says so).
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    timeout: Option<std::time::Duration>,
    /// Worker threads, 1 to 256 [default: all cores]: puzzles are audited side by side.
    #[arg(long, value_name = "N", value_parser = super::parse_threads)]
    threads: Option<u16>,
}

/// For a unique puzzle, every given and every constraint or cage that could be removed alone
/// with the solution staying unique; for one with several solutions, the placements that
/// would finish it. Exit code 0 when every puzzle is unique, 1 when one has no solution, 4
/// when one has several, 5 when the time limit cut one short, 2 when a record does not read.
pub(super) fn run(args: AuditArgs) -> Result<u8, Failure> {
    let json = args.to == Some(AuditTo::Json);
    let pool = super::progress::pool(args.threads)?;
    let progress = Progress::new("audited", None);
    let stdout = Stdout::new();
    let mut code = 0;
    let work = |rules: &Rules, input: &Input| {
        setter::audit(&input.entry.puzzle, rules, super::deadline(args.timeout))
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
                    format!("{}:{}: error\n", e.source, e.line.unwrap_or(0))
                }
            }
            Item::Broken(_, input, why) => {
                super::report(&why);
                code = worse(code, 1);
                if json {
                    json::Record::of(&input, "none").to_line()
                } else {
                    format!("{}: none: no solution\n", place(&input))
                }
            }
            Item::Done(_, input, Ok(a)) => {
                let (status, severity) = match a.solutions {
                    _ if !a.complete => ("timeout", 5),
                    0 => ("none", 1),
                    1 => ("unique", 0),
                    _ => ("multiple", 4),
                };
                code = worse(code, severity);
                report(&input, &a, status, json)
            }
        };
        stdout.print(&text)?;
        Ok(true)
    })?;
    stdout.finish()?;
    Ok(code)
}

/// `file:line` and the id of a puzzle.
fn place(input: &Input) -> String {
    let id = input
        .entry
        .id
        .as_deref()
        .map_or(String::new(), |id| format!(" {id}"));
    format!("{}:{}{id}", input.source, input.entry.line)
}

/// One puzzle's audit, as text or a JSON line.
fn report(input: &Input, a: &Audit, status: &'static str, json: bool) -> String {
    let p = &input.entry.puzzle;
    let givens: Vec<String> = a.redundant_givens.iter().map(|&c| p.cell_name(c)).collect();
    let finishing: Vec<String> = a
        .finishing
        .iter()
        .map(|&(c, v)| format!("{}={}", p.cell_name(c), p.symbols().label(v)))
        .collect();
    if json {
        let mut r = json::Record::of(input, status);
        if a.solutions == 1 {
            r.redundant_givens = Some(givens);
            r.redundant_constraints = Some(a.redundant_constraints.clone());
        } else if a.solutions > 1 {
            r.finishing = Some(finishing);
        }
        return r.to_line();
    }
    let mut out = String::new();
    let _ = writeln!(out, "{}: {status}", place(input));
    let list = |items: &[String]| {
        if items.is_empty() {
            "none".to_string()
        } else {
            items.join(" ")
        }
    };
    if a.solutions == 1 {
        let _ = writeln!(out, "  redundant givens: {}", list(&givens));
        let _ = writeln!(
            out,
            "  redundant constraints: {}",
            list(&a.redundant_constraints)
        );
    } else if a.solutions > 1 {
        let _ = writeln!(out, "  finishing digits: {}", list(&finishing));
    }
    if !a.complete {
        out.push_str("  (the time limit came first: the lists may be short)\n");
    }
    out
}
