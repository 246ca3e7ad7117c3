//! `solve --to fpuzzles|sudokupad|iss|svg`: each puzzle written as a link that opens in that
//! tool, one a line, or drawn as a picture; with its solution (checked) where `--solution` asks
//! and the format has a place for one.

use super::checked::solve_checked;
use super::output_file::{self, OutputFile};
use super::progress::Progress;
use super::stdout::Stdout;
use super::tree_file;
use super::{BatchArgs, Failure, Input, InputArgs, Item, worse};
use std::path::Path;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, LinkFormat};
use sudoku_cp::logic;
use sudoku_cp::puzzle::Rules;
use sudoku_cp::solvers::Solver;

/// What a puzzle is written as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Target {
    /// A link that opens in that tool.
    Link(LinkFormat),
    /// A picture, with the pencil marks when `marks`.
    Svg { marks: bool },
}

/// What `solve` writes each puzzle as, and with what.
pub(super) struct PuzzleOut<'a> {
    /// What it is written as.
    pub(super) target: Target,
    /// Solve each puzzle and put the solution in its link.
    pub(super) solution: bool,
    /// The solver that finds it.
    pub(super) solver: &'a dyn Solver,
    /// Where the links go; standard output without one.
    pub(super) output: Option<&'a Path>,
}

/// What became of one record.
enum Written {
    Done(String),
    /// Written without the solution it has none of.
    Unsolved(String),
}

/// Writes every puzzle of `input` as a link a line, or as a picture: to standard output (one
/// puzzle), or to `--output FILE.svg` and FILE-2.svg … for a batch. Exit code 0 when every
/// one is written, 1 when `--solution` found a puzzle without one (it is written without), 2
/// when a record does not read or its puzzle has no link in the format (an `error` line stands
/// for a link).
pub(super) fn run(out: PuzzleOut<'_>, input: &InputArgs, batch: &BatchArgs) -> Result<u8, Failure> {
    let svg = matches!(out.target, Target::Svg { .. });
    let iss = out.target == Target::Link(LinkFormat::Iss);
    if out.solution && iss {
        super::say(format_args!(
            "note: the Interactive Sudoku Solver's links have no place for a solution; it is \
             left out"
        ));
    }
    let (pool, limits) = batch.start(1)?;
    let progress = Progress::new("written", None);
    let stdout = Stdout::new();
    let mut file = match out.output {
        Some(path) if !svg => Some(OutputFile::create(path)?),
        _ => None,
    };
    let mut code = 0;
    let mut pictures = 0;
    let work = |rules: &Rules, input: &Input| -> Result<Written, Failure> {
        let at = |why: String| Failure::Input(InputError::at(&input.source, input.entry.line, why));
        let wanted = out.solution && !iss;
        let solution = if wanted {
            solve_checked(out.solver, rules, input, &limits())?.solution
        } else {
            None
        };
        let text = write(out.target, input, rules, solution.as_deref()).map_err(at)?;
        Ok(if wanted && solution.is_none() {
            Written::Unsolved(text)
        } else {
            Written::Done(text)
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
                match write(out.target, &input, rules, None) {
                    Ok(text) => text,
                    Err(e) => {
                        super::report(&InputError::at(&input.source, input.entry.line, e));
                        code = worse(code, 2);
                        "error\n".to_string()
                    }
                }
            }
            Item::Done(_, input, written) => match written? {
                Written::Done(text) => text,
                Written::Unsolved(text) => {
                    super::say(format_args!(
                        "{}:{}: no solution found: it is written without one",
                        input.source, input.entry.line
                    ));
                    code = worse(code, 1);
                    text
                }
            },
        };
        // A picture that could not be drawn has its error on stderr, no file.
        if svg && text == "error\n" {
            return Ok(true);
        }
        if svg {
            pictures += 1;
            match out.output {
                Some(path) => {
                    output_file::write_file(&tree_file::path_for(path, pictures - 1), &text)?;
                }
                None if pictures > 1 => {
                    return Err(Failure::Input(InputError::whole(
                        "--to svg",
                        "draws one puzzle on standard output: give --output FILE.svg for a \
                         batch (FILE-2.svg … for the puzzles after the first)",
                    )));
                }
                None => stdout.print(&text)?,
            }
            return Ok(true);
        }
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

/// One record written as `target`: a link and its newline, or an SVG document.
fn write(
    target: Target,
    input: &Input,
    rules: &Rules,
    solution: Option<&[usize]>,
) -> Result<String, String> {
    let entry = &input.entry;
    match target {
        Target::Link(format) => {
            let link =
                format::write_link(format, &entry.puzzle, rules, entry.id.as_deref(), solution)?;
            Ok(format!("{link}\n"))
        }
        Target::Svg { marks } => {
            let p = &entry.puzzle;
            let marks = marks.then(|| {
                sudoku_cp::with_domain!(p.size(), D => logic::Board::<D>::new(p, rules).mark_lists())
            });
            let puzzle = format::under_rules(p, rules)?;
            let opts = format::SvgOptions {
                solution,
                marks: marks.as_deref(),
                ..Default::default()
            };
            Ok(format::svg(&puzzle, &opts))
        }
    }
}
