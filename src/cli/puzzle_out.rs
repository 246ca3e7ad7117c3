//! `solve --to fpuzzles|sudokupad|iss`: each puzzle written as a link that opens in that tool,
//! one a line, with its solution (checked) where `--solution` asks and the format has a place
//! for one.

use super::checked::solve_checked;
use super::output_file::OutputFile;
use super::progress::Progress;
use super::stdout::Stdout;
use super::{BatchArgs, Failure, Input, InputArgs, Item, worse};
use std::path::Path;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, LinkFormat};
use sudoku_cp::puzzle::Rules;
use sudoku_cp::solvers::Solver;

/// What `solve` writes each puzzle as, and with what.
pub(super) struct PuzzleOut<'a> {
    /// The link's tool.
    pub(super) format: LinkFormat,
    /// Solve each puzzle and put the solution in its link.
    pub(super) solution: bool,
    /// The solver that finds it.
    pub(super) solver: &'a dyn Solver,
    /// Where the links go; standard output without one.
    pub(super) output: Option<&'a Path>,
}

/// What became of one record.
enum Written {
    Link(String),
    /// The link, written without the solution it has none of.
    Unsolved(String),
}

/// Writes every puzzle of `input` as a link. Exit code 0 when every one is written, 1 when
/// `--solution` found a puzzle without one (its link is written without), 2 when a record
/// does not read or its puzzle has no link in the format (an `error` line stands for it).
pub(super) fn run(out: PuzzleOut<'_>, input: &InputArgs, batch: &BatchArgs) -> Result<u8, Failure> {
    if out.solution && out.format == LinkFormat::Iss {
        super::say(format_args!(
            "note: the Interactive Sudoku Solver's links have no place for a solution; it is \
             left out"
        ));
    }
    let (pool, limits) = batch.start(1)?;
    let progress = Progress::new("written", None);
    let stdout = Stdout::new();
    let mut file = out.output.map(OutputFile::create).transpose()?;
    let mut code = 0;
    let work = |rules: &Rules, input: &Input| -> Result<Written, Failure> {
        let at = |why: String| Failure::Input(InputError::at(&input.source, input.entry.line, why));
        let solution = if out.solution && out.format != LinkFormat::Iss {
            solve_checked(out.solver, rules, input, &limits())?.solution
        } else {
            None
        };
        let entry = &input.entry;
        let link = format::write_link(
            out.format,
            &entry.puzzle,
            rules,
            entry.id.as_deref(),
            solution.as_deref(),
        )
        .map_err(at)?;
        let wanted = out.solution && out.format != LinkFormat::Iss;
        Ok(if wanted && solution.is_none() {
            Written::Unsolved(link)
        } else {
            Written::Link(link)
        })
    };
    input.stream(&pool, &progress, work, |item| {
        let text = match item {
            Item::Bad(e) | Item::Done(_, _, Err(Failure::Input(e))) => {
                super::report(&e);
                code = worse(code, 2);
                "error\n".to_string()
            }
            Item::Broken(rules, input, why) => {
                super::report(&why);
                code = worse(code, 1);
                let entry = &input.entry;
                match format::write_link(
                    out.format,
                    &entry.puzzle,
                    rules,
                    entry.id.as_deref(),
                    None,
                ) {
                    Ok(link) => format!("{link}\n"),
                    Err(e) => {
                        super::report(&InputError::at(&input.source, entry.line, e));
                        code = worse(code, 2);
                        "error\n".to_string()
                    }
                }
            }
            Item::Done(_, input, written) => match written? {
                Written::Link(link) => format!("{link}\n"),
                Written::Unsolved(link) => {
                    super::say(format_args!(
                        "{}:{}: no solution found: the link has none",
                        input.source, input.entry.line
                    ));
                    code = worse(code, 1);
                    format!("{link}\n")
                }
            },
        };
        match &mut file {
            Some(file) => file.write(&text)?,
            None => stdout.print(&text)?,
        }
        Ok(true)
    })?;
    stdout.finish()?;
    if let Some(file) = file {
        file.finish()?;
    }
    Ok(code)
}
