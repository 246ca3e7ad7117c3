//! `sudoku-cp rmit`: RMIT's tester line, `RmitSudokuTester file gametype solver y|n [outfile]`,
//! with the words of its assignment: the game type picks the rules and the solvers allowed, `y`
//! shows the grid before and after solving, and the solution goes to the output file as rows
//! of comma-separated symbols.

use super::output_file::write_file;
use super::{Failure, Input, find_solver, print};
use clap::{Args, ValueEnum};
use sudoku_cp::engine::{Limits, Stop};
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, InputFormat, OutputFormat, ReadOptions};
use sudoku_cp::puzzle::Rules;

#[derive(Debug, Args)]
pub(super) struct RmitArgs {
    /// The puzzle file, in RMIT's format.
    file: String,
    /// The game: `sudoku` or `killer`.
    #[arg(value_enum)]
    game: Game,
    /// The solver: backtracking, algorx or dancing for sudoku; backtracking or advanced for
    /// killer.
    solver: String,
    /// `y` shows the grid before and after solving; `n` does not.
    #[arg(value_enum)]
    show: YesNo,
    /// Where the solved grid goes, as comma-separated rows.
    outfile: Option<std::path::PathBuf>,
    /// Give up after this many seconds, at most 1000000, or `inf` (it prints `timeout`, exit
    /// code 5).
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    timeout: Option<std::time::Duration>,
    /// Give up after this many search nodes (it prints `node limit`, exit code 5).
    #[arg(long, value_name = "N", value_parser = super::parse_count)]
    node_limit: Option<u64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Game {
    /// standard Sudoku
    Sudoku,
    /// Killer Sudoku
    Killer,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum YesNo {
    /// show the grid before and after
    Y,
    /// do not
    N,
}

/// The solvers each game allows, in the assignment's words.
fn allowed(game: Game) -> &'static [&'static str] {
    match game {
        Game::Sudoku => &["backtracking", "algorx", "dancing", "advanced"],
        Game::Killer => &["backtracking", "advanced"],
    }
}

/// Exit codes as `solve`'s: 0 solved, 1 no solution, 5 a limit reached, 2 bad input or usage.
pub(super) fn run(args: RmitArgs, global: super::Global) -> Result<u8, Failure> {
    let names = allowed(args.game);
    if !names.contains(&args.solver.as_str()) {
        return Err(InputError::whole(
            "solver",
            format!(
                "`{}` is not a solver for {}: one of {}",
                args.solver,
                match args.game {
                    Game::Sudoku => "sudoku",
                    Game::Killer => "killer",
                },
                names.join(", ")
            ),
        )
        .into());
    }
    let solver = find_solver(&args.solver, global)?;
    if let Some(path) = &args.outfile {
        super::output_file::refuse_inputs(path, &[&args.file])?;
    }
    let file = std::fs::File::open(&args.file)
        .map_err(|e| InputError::whole(&args.file, format!("cannot read: {e}")))?;
    let opts = ReadOptions {
        format: InputFormat::Rmit,
        ..ReadOptions::default()
    };
    // Read as every command reads: bounded, the first record kept.
    let mut first = None;
    format::read_each(std::io::BufReader::new(file), &args.file, &opts, |record| {
        first = Some(record);
        Ok::<bool, InputError>(false)
    })?;
    let entry = first.ok_or_else(|| InputError::whole(&args.file, "expected a puzzle"))??;
    let rules = match args.game {
        Game::Sudoku if !entry.puzzle.cages().is_empty() => {
            return Err(InputError::whole(
                &args.file,
                "the file has cages: its game type is killer",
            )
            .into());
        }
        Game::Sudoku => Rules::sudoku(),
        Game::Killer => Rules::builtin("killer").expect("built in"),
    };
    let input = Input {
        source: args.file.clone(),
        entry,
    };
    super::check_givens(&input.entry, &rules, &input.source)?;
    let puzzle = &input.entry.puzzle;
    let mut out = String::new();
    if args.show == YesNo::Y {
        format::write(&mut out, OutputFormat::Grid, puzzle, &puzzle.grid());
        out.push('\n');
    }
    let limits = Limits {
        nodes: args.node_limit,
        deadline: super::deadline(args.timeout),
        ..Limits::solutions(1)
    };
    let outcome = super::checked::solve_checked(solver, &rules, &input, &limits)?;
    let code = match &outcome.solution {
        Some(grid) => {
            let cells: Vec<Option<usize>> = grid.iter().map(|&v| Some(v)).collect();
            if args.show == YesNo::Y {
                format::write(&mut out, OutputFormat::Grid, puzzle, &cells);
            }
            if let Some(path) = &args.outfile {
                let mut csv = String::new();
                format::write(&mut csv, OutputFormat::Csv, puzzle, &cells);
                write_file(path, &csv)?;
            }
            0
        }
        None => match outcome.stop {
            Stop::Timeout => {
                out.push_str("timeout\n");
                5
            }
            Stop::NodeLimit => {
                out.push_str("node limit\n");
                5
            }
            Stop::Exhausted | Stop::SolutionLimit => {
                out.push_str("no solution\n");
                1
            }
        },
    };
    print(&out)?;
    Ok(code)
}
