//! Everything `--solver` can select: one trait, one registry. Every solver reads the same
//! [`Puzzle`] and [`Rules`] and answers with the same [`Outcome`].

mod activity_heap;
mod algorithm_x;
mod backtrack;
mod cdcl;
mod clause_arena;
mod cp;
#[cfg(feature = "threads")]
mod cp_threads;
mod dancing_links;
mod exact_cover;
mod learning_race;
#[cfg(test)]
mod random_cover;
#[cfg(test)]
mod test_puzzles;

use crate::engine::{Limits, PropagatorProfile, SearchTree, Stats, Stop};
use crate::puzzle::{Puzzle, Rules};
use std::time::Duration;

pub use algorithm_x::AlgorithmX;
pub use backtrack::Backtrack;
pub use cdcl::Cdcl;
pub use cp::Cp;
pub use dancing_links::DancingLinks;

/// Search statistics, in words every solver can fill.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SolveStats {
    /// Search nodes: assignments tried (backtrack), rows selected (algx, dlx), root and
    /// children (cp).
    pub nodes: u64,
    /// Choices made among two or more options (every assignment, for naive backtracking).
    pub guesses: u64,
    /// Dead ends.
    pub failures: u64,
    /// Propagator runs (cp only; on the bitboards of small grids, rounds of singles).
    pub propagations: u64,
    /// Link updates in cover and uncover (dlx only).
    pub link_updates: u64,
    /// Deepest search level.
    pub max_depth: u64,
    /// Wall time of the solve call, model building included.
    pub time: Duration,
}

impl SolveStats {
    /// Adds `other`'s counts (the deepest level is the maximum).
    pub fn add(&mut self, other: &SolveStats) {
        self.nodes += other.nodes;
        self.guesses += other.guesses;
        self.failures += other.failures;
        self.propagations += other.propagations;
        self.link_updates += other.link_updates;
        self.max_depth = self.max_depth.max(other.max_depth);
        self.time += other.time;
    }
}

impl std::fmt::Display for SolveStats {
    /// `nodes N guesses N failures N [propagations N] [link updates N] max depth N time T µs`;
    /// the solver-specific counts only when non-zero.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "nodes {} guesses {} failures {}",
            self.nodes, self.guesses, self.failures
        )?;
        if self.propagations > 0 {
            write!(f, " propagations {}", self.propagations)?;
        }
        if self.link_updates > 0 {
            write!(f, " link updates {}", self.link_updates)?;
        }
        write!(
            f,
            " max depth {} time {:.1} µs",
            self.max_depth,
            self.time.as_secs_f64() * 1e6
        )
    }
}

impl From<Stats> for SolveStats {
    fn from(s: Stats) -> Self {
        SolveStats {
            nodes: s.nodes,
            guesses: s.guesses,
            failures: s.failures,
            propagations: s.propagations,
            link_updates: 0,
            max_depth: s.max_depth,
            time: s.time,
        }
    }
}

/// What a solver found.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The first solution found: a value index per cell, row-major.
    pub solution: Option<Vec<usize>>,
    /// Solutions found (up to the limit).
    pub count: u64,
    /// Why the search ended.
    pub stop: Stop,
    /// Search statistics.
    pub stats: SolveStats,
    /// What `cp` recorded when asked ([`Cp::observe`]): the profile and the search tree.
    pub observed: Option<Box<Observed>>,
    /// Why the solver did not search, when it did not ([`Verdict::Refused`]).
    pub refused: Option<String>,
}

/// What a search observed of itself when asked ([`Observe`]).
#[derive(Debug, Clone, Default)]
pub struct Observed {
    /// Each propagator's runs, removals, failures and time, in the order they were posted
    /// (empty unless [`Observe::profile`]).
    pub profile: Vec<PropagatorProfile>,
    /// The search tree, up to [`Observe::tree`] nodes.
    pub tree: Option<SearchTree>,
}

/// What a `cp` search records of itself. Either one makes it run on the general engine, alone,
/// with its propagators named, and without handing a hard large grid on to clause learning: what
/// is recorded is then the whole search, and its counts are those of [`Outcome::stats`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Observe {
    /// Keep each propagator's profile.
    pub profile: bool,
    /// Record the search tree, up to this many nodes.
    pub tree: Option<usize>,
}

impl Observe {
    /// Whether anything is recorded.
    pub fn any(&self) -> bool {
        self.profile || self.tree.is_some()
    }
}

/// A Sudoku solver.
pub trait Solver: Sync {
    /// The name `--solver` selects it by.
    fn name(&self) -> &'static str;
    /// Other accepted names (the RMIT assignment's).
    fn aliases(&self) -> &'static [&'static str];
    /// One line saying how it works.
    fn description(&self) -> &'static str;
    /// Searches `puzzle` under `rules` within `limits`: the rules' constraint lines and
    /// variants are put on the puzzle first ([`Rules::applied_to`]), and a puzzle the solver
    /// refuses ([`Solver::refuses`]) is not searched: its outcome says why
    /// ([`Outcome::refused`]), never a wrong count.
    fn solve(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        let puzzle = match rules.applied_to(puzzle) {
            Ok(p) => p,
            Err(why) => return Outcome::refusal(why),
        };
        match self.refuses(&puzzle, rules) {
            Some(why) => Outcome::refusal(why),
            None => self.search(&puzzle, rules, limits),
        }
    }
    /// [`Solver::solve`]'s search, on a puzzle with the rules applied that the solver takes.
    fn search(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome;
    /// Why this solver cannot take `puzzle` exactly or within its memory budget, if it cannot;
    /// `None` for every puzzle by default.
    fn refuses(&self, puzzle: &Puzzle, rules: &Rules) -> Option<String> {
        let _ = (puzzle, rules);
        None
    }
}

/// What became of a puzzle, in one word a program can match on ([`Outcome::verdict`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution, and the search proved there is no other.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// A solution, and the search was asked for no more (uniqueness not looked at).
    Solved,
    /// No solution: the whole tree was searched.
    NoSolution,
    /// The deadline passed first (a solution may have been found: [`Outcome::solution`]).
    Timeout,
    /// The node limit was reached first.
    NodeLimit,
    /// The solver did not search: [`Outcome::refused`] says why.
    Refused,
}

impl Outcome {
    /// The outcome of a puzzle a solver would not search, and why.
    pub fn refusal(why: String) -> Outcome {
        Outcome {
            solution: None,
            count: 0,
            stop: Stop::Exhausted,
            stats: SolveStats::default(),
            observed: None,
            refused: Some(why),
        }
    }

    /// What became of the puzzle. With a solution limit of two, `Unique`, `Multiple` and
    /// `NoSolution` answer "is it unique?"; with one, `Solved`.
    pub fn verdict(&self) -> Verdict {
        match (&self.refused, self.count, self.stop) {
            (Some(_), _, _) => Verdict::Refused,
            (None, c, _) if c >= 2 => Verdict::Multiple,
            (None, _, Stop::Timeout) => Verdict::Timeout,
            (None, _, Stop::NodeLimit) => Verdict::NodeLimit,
            (None, 0, _) => Verdict::NoSolution,
            (None, _, Stop::Exhausted) => Verdict::Unique,
            (None, _, Stop::SolutionLimit) => Verdict::Solved,
        }
    }
}

/// Every solver, in the order `--help` lists them; `cp` as [`Cp::DEFAULT`].
pub fn registry() -> &'static [&'static dyn Solver] {
    &[&Cp::DEFAULT, &DancingLinks, &AlgorithmX, &Cdcl, &Backtrack]
}

/// The solver with this name or alias.
pub fn find(name: &str) -> Option<&'static dyn Solver> {
    registry()
        .iter()
        .copied()
        .find(|s| s.name() == name || s.aliases().contains(&name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{ReadOptions, read};

    /// A rule file's thermometer holds with every solver, though the caller never puts it on
    /// the puzzle: without it the puzzle has two solutions. A solver that cannot post it
    /// refuses; none counts two.
    #[test]
    fn a_rule_files_constraints_hold_without_being_applied_by_hand() {
        let rules = Rules::parse("name t\nextends sudoku\nthermo r2c4 r3c4\n", "t.rules").unwrap();
        let puzzle = read(".23...1.....4.2.", "p", &ReadOptions::default()).unwrap()[0]
            .puzzle
            .clone();
        assert!(puzzle.constraints().is_empty());
        let two = Limits::solutions(2);
        assert_eq!(Cp::DEFAULT.solve(&puzzle, &Rules::sudoku(), &two).count, 2);
        for solver in registry() {
            let o = solver.solve(&puzzle, &rules, &two);
            match solver.refuses(&rules.applied_to(&puzzle).unwrap(), &rules) {
                Some(why) => {
                    assert_eq!(o.verdict(), Verdict::Refused, "{}", solver.name());
                    assert_eq!(o.refused.as_deref(), Some(why.as_str()));
                }
                None => {
                    assert_eq!(o.verdict(), Verdict::Unique, "{}", solver.name());
                    let grid: Vec<u64> =
                        o.solution.unwrap().iter().map(|&v| v as u64 + 1).collect();
                    assert_eq!(grid, [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
                }
            }
        }
        // A line that does not fit the grid is a refusal too.
        let far = Rules::parse("name f\nextends sudoku\nthermo r5c5 r5c6\n", "f.rules").unwrap();
        let o = Cp::DEFAULT.solve(&puzzle, &far, &two);
        assert_eq!(o.verdict(), Verdict::Refused);
        assert!(o.refused.unwrap().contains("outside the 4×4 grid"));
    }
}
