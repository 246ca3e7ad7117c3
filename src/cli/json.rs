//! JSON Lines: one object per puzzle, with the same fields for every command (`--to json`).

use super::Input;
use serde::Serialize;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, OutputFormat};
use sudoku_cp::solvers::SolveStats;

/// One puzzle's result. Fields that do not apply are left out.
#[derive(Debug, Default, Serialize)]
pub(super) struct Record {
    /// The file (`<stdin>`, `--puzzle`) the puzzle came from.
    pub(super) source: String,
    /// The line it starts on, from 1.
    pub(super) line: usize,
    /// The id written before the puzzle, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) id: Option<String>,
    /// The puzzle in line form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) puzzle: Option<String>,
    /// What became of it: `solved`, `no solution`, `unique`, `multiple`, `none`, `timeout`,
    /// `node limit`, `valid`, `rated`, `stuck`, `step limit`, `error`.
    pub(super) status: &'static str,
    /// The solution (or the grid logic reached) in line form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) solution: Option<String>,
    /// Solutions found (`count`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) count: Option<u64>,
    /// The score of the hardest step (`rate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) rating: Option<f64>,
    /// Sudoku Explainer's EP: the hardest step up to the first placement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) pearl: Option<f64>,
    /// Sudoku Explainer's ED: the first step's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) diamond: Option<f64>,
    /// The level name (`rate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) level: Option<&'static str>,
    /// The hardest technique used (`rate`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) technique: Option<String>,
    /// Search statistics (`solve`, `count`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) stats: Option<Stats>,
    /// Every rule the givens break (`check`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) violations: Option<Vec<String>>,
    /// The steps of the explanation (`explain`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) steps: Option<Vec<Step>>,
    /// Up to N solutions in line form (`solve --solutions N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) solutions: Option<Vec<String>>,
    /// The cells where the first two solutions differ (`count --show-difference`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) differences: Option<Vec<String>>,
    /// Each cell's true candidates, as symbols (`candidates`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) candidates: Option<Vec<Vec<String>>>,
    /// Solutions with each candidate placed, at index `cell·n + value_index`, each capped at
    /// `--per-candidate` (`candidates`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) solutions_per_candidate: Option<Vec<u64>>,
    /// Placements that leave exactly one solution, as `r1c1=5` (`candidates`, `audit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) finishing: Option<Vec<String>>,
    /// Pairs of open cells equal in every solution (`candidates`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) equal_cells: Option<Vec<[String; 2]>>,
    /// Cells the time limit left unfinished (`candidates`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) unfinished: Option<Vec<String>>,
    /// Givens whose removal keeps the solution unique (`audit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) redundant_givens: Option<Vec<String>>,
    /// Constraints and cages whose removal keeps the solution unique (`audit`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) redundant_constraints: Option<Vec<String>>,
    /// The estimated number of solutions (`count --estimate`), with its standard error and
    /// 95% interval.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) estimate: Option<f64>,
    /// See `estimate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) std_error: Option<f64>,
    /// See `estimate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) low: Option<f64>,
    /// See `estimate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) high: Option<f64>,
    /// Why the puzzle was not read or has no solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) error: Option<String>,
}

/// Search statistics.
#[derive(Debug, Serialize)]
pub(super) struct Stats {
    nodes: u64,
    guesses: u64,
    failures: u64,
    /// Microseconds of the solve call.
    us: f64,
    /// What each kind of constraint (or each propagator) did: `solve --stats`/`--profile`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) profile: Option<Vec<super::profile_table::Row>>,
}

impl From<&SolveStats> for Stats {
    fn from(s: &SolveStats) -> Self {
        Stats {
            nodes: s.nodes,
            guesses: s.guesses,
            failures: s.failures,
            us: (s.time.as_secs_f64() * 1e7).round() / 10.0,
            profile: None,
        }
    }
}

/// One step of an explanation.
#[derive(Debug, Serialize)]
pub(super) struct Step {
    pub(super) pass: usize,
    pub(super) depth: usize,
    pub(super) technique: String,
    pub(super) unit: Option<String>,
    pub(super) text: String,
    /// `[cell, symbol]` pairs placed.
    pub(super) place: Vec<(String, String)>,
    /// `[cell, symbol]` pairs eliminated.
    pub(super) eliminate: Vec<(String, String)>,
}

impl Record {
    /// A record of `input` with `status`: where it came from and the puzzle.
    pub(super) fn of(input: &Input, status: &'static str) -> Self {
        let p = &input.entry.puzzle;
        Record {
            source: input.source.clone(),
            line: input.entry.line,
            id: input.entry.id.clone(),
            puzzle: Some(line_form(p, &p.grid())),
            status,
            ..Record::default()
        }
    }

    /// The record of a puzzle that could not be read.
    pub(super) fn bad(e: &InputError) -> Self {
        Record {
            source: e.source.clone(),
            line: e.line.unwrap_or(0),
            status: "error",
            error: Some(e.message.clone()),
            ..Record::default()
        }
    }

    /// With the search statistics of `stats`.
    pub(super) fn with_stats(mut self, stats: &SolveStats) -> Self {
        self.stats = Some(stats.into());
        self
    }

    /// The object on one line, with its newline.
    pub(super) fn to_line(&self) -> String {
        let mut s = serde_json::to_string(self).unwrap_or_else(|e| {
            format!("{{\"status\":\"error\",\"error\":\"cannot write JSON: {e}\"}}")
        });
        s.push('\n');
        s
    }
}

/// A grid in line form, without its newline.
pub(super) fn line_form(p: &sudoku_cp::puzzle::Puzzle, cells: &[Option<usize>]) -> String {
    let mut s = String::new();
    format::write(&mut s, OutputFormat::Line, p, cells);
    s.truncate(s.trim_end().len());
    s
}
