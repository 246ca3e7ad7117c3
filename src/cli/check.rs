//! `sudoku-cp check`: print each puzzle readably and report every rule its givens break.

use super::{Failure, InputArgs, print};
use crate::format::{self, OutputFormat};
use crate::models::sudoku;
use clap::Args;
use std::fmt::Write as _;

#[derive(Debug, Args)]
pub(super) struct CheckArgs {
    #[command(flatten)]
    input: InputArgs,
}

/// For each puzzle: its grid (`.` for empty cells), how many cells are unknown, then every
/// repeated symbol as `set S (row R): C instances of V` (sets numbered from 0: rows, then
/// columns, then boxes, then any extra regions of the rules) and a summary. Exit code 0 when
/// every puzzle is valid, 1 when one breaks a rule, 2 for unreadable input.
pub(super) fn run(args: CheckArgs) -> Result<u8, Failure> {
    let (rules, inputs) = args.input.load_unchecked()?;
    let mut code = 0;
    let mut out = String::new();
    for (i, input) in inputs.iter().enumerate() {
        let p = &input.entry.puzzle;
        if inputs.len() > 1 {
            let _ = writeln!(
                out,
                "{}{}:{}",
                if i > 0 { "\n" } else { "" },
                input.source,
                input.entry.line
            );
        }
        format::write(&mut out, OutputFormat::Grid, p, p.givens());
        let _ = writeln!(out, "\n{} cells are unknown", p.gaps());
        let regions = sudoku::regions(&rules, p.size(), p.box_size());
        let dups = sudoku::duplicates(p.givens(), &regions);
        if dups.is_empty() {
            out.push_str("no rule is broken: there might be a solution\n");
            continue;
        }
        code = 1;
        out.push('\n');
        let mut sets = Vec::new();
        for d in &dups {
            let _ = writeln!(
                out,
                "set {} ({}): {} instances of {}",
                d.region,
                regions[d.region],
                d.cells.len(),
                p.symbols().symbol(d.value)
            );
            if !sets.contains(&d.region) {
                sets.push(d.region);
            }
        }
        let _ = writeln!(
            out,
            "\n{} different set{} {} violations\n{} violation{} in total",
            sets.len(),
            if sets.len() == 1 { "" } else { "s" },
            if sets.len() == 1 { "has" } else { "have" },
            dups.len(),
            if dups.len() == 1 { "" } else { "s" },
        );
    }
    print(&out)?;
    Ok(code)
}
