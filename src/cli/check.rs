//! `sudoku-cp check`: print each puzzle readably and report every rule its givens break.

use super::{Failure, InputArgs, Record, comp9021, comp10002, json, print, worse};
use clap::{Args, ValueEnum};
use std::fmt::Write as _;
use sudoku_cp::format::{self, OutputFormat};
use sudoku_cp::puzzle;

#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Output: the readable report, or JSON Lines.
    #[arg(long, value_enum)]
    to: Option<CheckTo>,
    /// The words of an assignment: comp10002 prints Melbourne's stages 1 and 2 (the grid, the
    /// unknown count, and `set S (row|col|sqr K): N instances of D` lines and totals).
    #[arg(long, value_enum)]
    style: Option<CheckStyle>,
}

/// Whose words `check` uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum CheckStyle {
    /// Melbourne's COMP10002 sudoku assistant, stages 1 and 2
    Comp10002,
    /// UNSW's COMP9021 preassess: `There is clearly no solution.` or `There might be a
    /// solution.`; input other than 9 lines of 9 digits is `Incorrect input`
    Comp9021,
}

/// What `check` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum CheckTo {
    /// the grid, the unknown count and every violation
    Text,
    /// one JSON object per puzzle and line (JSON Lines)
    Json,
}

/// For each puzzle: its grid (`.` for empty cells), how many cells are unknown, then every
/// repeated symbol as `set S (row R): C instances of V` (sets numbered from 0: rows, then
/// columns, then boxes, then any extra regions of the rules), every cage its givens break,
/// and a summary. Exit code 0 when
/// every puzzle is valid, 1 when one breaks a rule, 2 when a record does not read (the others
/// are still checked).
pub(super) fn run(args: CheckArgs) -> Result<u8, Failure> {
    if args.style == Some(CheckStyle::Comp9021) {
        let mut code = 0;
        let mut out = String::new();
        for (_, puzzle) in comp9021::inputs(&args.input) {
            match puzzle {
                None => {
                    super::say(format_args!("{}", comp9021::INCORRECT));
                    code = worse(code, 2);
                }
                Some(p) => {
                    let verdict = comp9021::preassess(&p);
                    if verdict.contains("no solution") {
                        code = worse(code, 1);
                    }
                    out.push_str(verdict);
                    out.push('\n');
                }
            }
        }
        print(&out)?;
        return Ok(code);
    }
    let records = args.input.collect()?;
    let json = args.to == Some(CheckTo::Json);
    let mut code = 0;
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        let (rules, input) = match record {
            Record::Bad(e) => {
                super::report(e);
                code = worse(code, 2);
                if json {
                    out.push_str(&json::Record::bad(e).to_line());
                } else {
                    let sep = if i > 0 { "\n" } else { "" };
                    let _ = writeln!(out, "{sep}{}:{}\nerror", e.source, e.line.unwrap_or(0));
                }
                continue;
            }
            Record::Puzzle(rules, input, _) => (rules, input),
        };
        let p = &input.entry.puzzle;
        let regions = puzzle::regions(rules, p.size(), p.boxes());
        if args.style == Some(CheckStyle::Comp10002) {
            comp10002::stage_one(&mut out, p, &p.grid());
            if comp10002::stage_two(&mut out, p, &regions) {
                code = worse(code, 1);
            }
            continue;
        }
        let dups = puzzle::duplicates(&p.grid(), &regions);
        let mut cages = puzzle::broken_cages(p, rules);
        cages.extend(puzzle::broken_constraints(p));
        if !dups.is_empty() || !cages.is_empty() {
            code = worse(code, 1);
        }
        if json {
            let status = if dups.is_empty() && cages.is_empty() {
                "valid"
            } else {
                "no solution"
            };
            let mut r = json::Record::of(input, status);
            r.violations = Some(
                dups.iter()
                    .map(|d| puzzle::describe_duplicate(d, &regions, p))
                    .chain(cages)
                    .collect(),
            );
            out.push_str(&r.to_line());
            continue;
        }
        if records.len() > 1 {
            let sep = if i > 0 { "\n" } else { "" };
            let id = input
                .entry
                .id
                .as_deref()
                .map_or(String::new(), |id| format!(" {id}"));
            let _ = writeln!(out, "{sep}{}:{}{id}", input.source, input.entry.line);
        }
        format::write(&mut out, OutputFormat::Grid, p, &p.grid());
        let _ = writeln!(out, "\n{} cells are unknown", p.gaps());
        if dups.is_empty() && cages.is_empty() {
            out.push_str("no rule is broken: there might be a solution\n");
            continue;
        }
        out.push('\n');
        let sets = comp10002::write_sets(&mut out, p, &dups, |s| regions[s].to_string());
        // A broken cage is a set with one violation of its own.
        for cage in &cages {
            let _ = writeln!(out, "{cage}");
        }
        let (sets, violations) = (sets + cages.len(), dups.len() + cages.len());
        let _ = writeln!(
            out,
            "\n{} different set{} {} violations\n{} violation{} in total",
            sets,
            if sets == 1 { "" } else { "s" },
            if sets == 1 { "has" } else { "have" },
            violations,
            if violations == 1 { "" } else { "s" },
        );
    }
    print(&out)?;
    Ok(code)
}
