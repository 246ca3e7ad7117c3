//! Whether a puzzle has exactly one solution: asked before it is rated or explained, so that a
//! puzzle with none or several is reported as such, never rated or called solved.

use std::time::Instant;
use sudoku_cp::engine::Limits;
use sudoku_cp::puzzle::{Puzzle, Rules};
use sudoku_cp::solvers::{Solver, Verdict};

/// What a search for two solutions found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Validity {
    /// Exactly one solution.
    Unique,
    /// None.
    NoSolution,
    /// Two or more.
    Multiple,
    /// The deadline came first.
    Timeout,
    /// The solver would not search it (a constraint too large to post exactly).
    Refused,
}

impl Validity {
    /// How `rate` and `explain` report a puzzle that is not unique, as `count` words it.
    pub(super) fn status(self) -> &'static str {
        match self {
            Validity::Unique => "unique",
            Validity::NoSolution => "no solution",
            Validity::Multiple => "multiple solutions",
            Validity::Timeout => "timeout",
            Validity::Refused => "error",
        }
    }

    /// The exit code `count` gives the same finding.
    pub(super) fn code(self) -> u8 {
        match self {
            Validity::Unique => 0,
            Validity::NoSolution => 1,
            Validity::Multiple => 4,
            Validity::Timeout => 5,
            Validity::Refused => 2,
        }
    }
}

/// Searches `puzzle` for two solutions with `cp` (as the command line runs it).
pub(super) fn validity(
    cp: &dyn Solver,
    puzzle: &Puzzle,
    rules: &Rules,
    deadline: Option<Instant>,
) -> Validity {
    let limits = Limits {
        solutions: 2,
        nodes: None,
        deadline,
    };
    let outcome = cp.solve(puzzle, rules, &limits);
    match outcome.verdict() {
        Verdict::Multiple => Validity::Multiple,
        Verdict::Timeout | Verdict::NodeLimit => Validity::Timeout,
        Verdict::NoSolution => Validity::NoSolution,
        Verdict::Unique | Verdict::Solved => Validity::Unique,
        Verdict::Refused => Validity::Refused,
    }
}
