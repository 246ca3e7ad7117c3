//! sudoku-cp: a constraint-programming engine for Sudoku and its variants of any size, with the
//! models, parsers, solvers and command-line front end built on it.
//!
//! - [`engine`]: the generic kernel (bitset domains, propagators, queue, trail, MRV and
//!   dom/wdeg search), and a bitboard search for small all-different networks; it knows
//!   nothing about grids.
//! - [`constraints`]: the variant constraint kinds, one module each (data, check, readers,
//!   posting) and the registry listing them; [`extending`] says where additions go.
//! - [`puzzle`]: puzzles as data, rule files, the regions and the rule check.
//! - [`model`]: the Sudoku model on the engine (and the bitboards for small grids).
//! - [`format`](mod@format): reading puzzles in the layouts people paste (lines with ids, grids
//!   in any frame, pencil marks, RMIT, killer lines and cage maps), told apart from the text, and
//!   writing them back.
//! - [`generate`]: unique puzzles (standard and killer) from a seed, by symmetry and rating.
//! - [`logic`]: human-style solving: pencil marks, named techniques in passes, ratings, LaTeX.
//! - [`solvers`]: the [`Solver`] trait and the registry `--solver` uses.
//! - [`setter`]: a setter's questions: the solutions one by one, true candidates, redundant
//!   givens and constraints, estimated counts.
//!
//! What most callers need is re-exported here: [`Puzzle`] and [`Rules`] to describe a puzzle,
//! [`format::read`] and [`format::write`] for text, a [`Solver`] such as [`Cp`] with
//! [`Limits`], and [`check_solution`] to check an answer independently.
//!
//! The `sudoku-cp` command line is built with the default `cli` feature; a library user can
//! leave it out (`default-features = false`) and builds no argument parser or logger.
//!
//! # Example
//!
//! ```
//! use sudoku_cp::{Cp, Limits, OutputFormat, ReadOptions, Rules, Solver, check_solution, format};
//!
//! let text = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
//! let entries = format::read(text, "escargot", &ReadOptions::default()).unwrap();
//! let puzzle = &entries[0].puzzle;
//! let rules = Rules::sudoku();
//!
//! let outcome = Cp::default().solve(puzzle, &rules, &Limits::solutions(2));
//! assert_eq!(outcome.count, 1); // two asked for, one found: the solution is unique
//! let grid = outcome.solution.unwrap();
//! assert!(check_solution(puzzle, &rules, &grid).is_empty());
//!
//! let mut text = String::new();
//! let cells: Vec<Option<usize>> = grid.into_iter().map(Some).collect();
//! format::write(&mut text, OutputFormat::Grid, puzzle, &cells);
//! assert!(text.starts_with("1 6 2 | 8 5 7 | 4 9 3"));
//! ```

pub mod constraints;
pub mod engine;
pub mod error;
pub mod extending;
pub mod format;
pub mod generate;
pub mod logic;
pub mod model;
pub mod puzzle;
pub mod setter;
pub mod solvers;

pub use engine::{Limits, Stop};
pub use error::InputError;
pub use format::{Entry, InputFormat, OutputFormat, ReadOptions};
pub use model::{Tuning, build};
pub use puzzle::{Cage, Puzzle, PuzzleError, RegionKind, Rules, Symbols, check_solution};
pub use solvers::{Cp, Outcome, SolveStats, Solver, Verdict};
