//! Whether a puzzle has exactly one solution: asked before it is rated or explained, so that a
//! puzzle with none or several is reported as such, never rated or called solved.

use std::time::Instant;
use sudoku_cp::engine::{Limits, Stop};
use sudoku_cp::puzzle::{Puzzle, Rules};

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
}

impl Validity {
    /// How `rate` and `explain` report a puzzle that is not unique, as `count` words it.
    pub(super) fn status(self) -> &'static str {
        match self {
            Validity::Unique => "unique",
            Validity::NoSolution => "no solution",
            Validity::Multiple => "multiple solutions",
            Validity::Timeout => "timeout",
        }
    }

    /// The exit code `count` gives the same finding.
    pub(super) fn code(self) -> u8 {
        match self {
            Validity::Unique => 0,
            Validity::NoSolution => 1,
            Validity::Multiple => 4,
            Validity::Timeout => 5,
        }
    }
}

/// Searches `puzzle` for two solutions with `cp`, as the command line runs it.
pub(super) fn validity(puzzle: &Puzzle, rules: &Rules, deadline: Option<Instant>) -> Validity {
    let limits = Limits {
        solutions: 2,
        nodes: None,
        deadline,
    };
    let outcome = super::as_run(sudoku_cp::solvers::find("cp").expect("cp is registered"))
        .solve(puzzle, rules, &limits);
    match (outcome.count, outcome.stop) {
        (n, _) if n >= 2 => Validity::Multiple,
        (_, Stop::Timeout | Stop::NodeLimit) => Validity::Timeout,
        (0, _) => Validity::NoSolution,
        _ => Validity::Unique,
    }
}
