//! The setter's questions about a puzzle being built: its solutions one by one, the true
//! candidates of each cell, the givens and constraints it does without, and how many
//! solutions a layout has when no enumeration reaches them all.
//!
//! Each question is one function over a [`Puzzle`] and its [`Rules`], answered on the `cp`
//! model ([`crate::model`]): [`solutions()`], [`true_candidates`], [`audit()`] and
//! [`estimate_count`]. The rules' constraint lines and variants are put on the puzzle first
//! ([`Rules::applied_to`]), and a puzzle the engine cannot post exactly is refused
//! ([`Refused`]), as [`Solver::solve`](crate::Solver::solve) refuses it.

mod audit;
mod candidates;
mod estimate;
mod solutions;

pub use audit::{Audit, audit};
pub use candidates::{CandidateOptions, TrueCandidates, true_candidates};
pub use estimate::{Estimate, estimate_count};
pub use solutions::{Solutions, differences, solutions};

use crate::puzzle::{Puzzle, Rules};
use std::borrow::Cow;

/// Why a question was not answered: the puzzle's constraints cannot be posted exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// `puzzle` with the rules' constraints on it, or why the engine cannot take it.
fn prepared<'p>(puzzle: &'p Puzzle, rules: &Rules) -> Result<Cow<'p, Puzzle>, Refused> {
    let puzzle = rules.applied_to(puzzle).map_err(Refused)?;
    match crate::model::refusal(&puzzle) {
        Some(why) => Err(Refused(why)),
        None => Ok(puzzle),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::format::{ReadOptions, read};
    use crate::puzzle::Puzzle;

    /// The puzzle of a line of text.
    pub(crate) fn puzzle(text: &str) -> Puzzle {
        read(text, "t", &ReadOptions::default()).unwrap()[0]
            .puzzle
            .clone()
    }
}
