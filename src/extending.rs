//! Extending sudoku-cp: where each kind of addition goes, which line registers it and which
//! test to copy.
//!
//! # A constraint kind
//!
//! One new file in `src/constraints/` and one line in the `registry!` call of
//! `src/constraints/mod.rs`. The file holds the kind's data (a `pub struct` with `Debug,
//! Clone, PartialEq, Eq, Hash`) and its `impl Kind`: `name`, `cells`, `holds` (the check of a
//! finished grid, sharing no code with the solvers) and `post` (the propagators it becomes,
//! through the `Post` helpers: `pair`, `related`, `all_different`, `automaton`, `group_sum`).
//! Its readers are associated constants, empty unless given: `RULE_WORDS` (rule-file
//! keywords and their help), `ISS_KINDS` (the Interactive Sudoku Solver's names) and
//! `FPUZZLES_KEYS` (f-puzzles' JSON keys). A kind whose rule reads a whole line returns an
//! automaton from `automaton` and posts it with `post.automaton()`. For example, a line whose
//! values all share a parity:
//!
//! ```text
//! // src/constraints/parity_line.rs
//! //! A parity line: its values are all odd or all even.
//! #[derive(Debug, Clone, PartialEq, Eq, Hash)]
//! pub struct ParityLine { pub cells: Vec<usize> }
//! impl Kind for ParityLine {
//!     const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
//!         keyword: "parity-line",
//!         help: "CELLS: the values are all odd or all even",
//!         read: |a| Ok(vec![ParityLine { cells: a.all_cells(2)? }.into()]),
//!     }];
//!     fn name(&self) -> &'static str { "parity line" }
//!     fn cells(&self) -> Vec<usize> { self.cells.clone() }
//!     fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
//!         let v = values_of(&self.cells, value);
//!         v.iter().all(|x| (x - v[0]).rem_euclid(2) == 0)
//!     }
//!     fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
//!         for w in self.cells.windows(2) {
//!             post.related(w[0], w[1], &|x, y| (x - y).rem_euclid(2) == 0);
//!         }
//!     }
//! }
//!
//! // src/constraints/mod.rs, in registry! { … }
//!     ParityLine => parity_line::ParityLine,
//! ```
//!
//! The keyword then reads in rule files and is listed by `solve --help`; add it to the
//! README's keyword list (a test compares the two). Join the kind to the brute-force
//! differential tests: add a generator arm in `tests/differential.rs` and
//! `tests/variants_agree.rs`, which check every solver against brute force on small grids.
//!
//! # A propagator
//!
//! A file in `src/engine/propagators/` implementing [`engine::Propagator`](crate::engine::Propagator)
//! (`propagate` returns `Result<(), Conflict>`, every removal through the trail), re-exported
//! from `engine/propagators/mod.rs`. Its unit tests sit beside it, as `linear_sum.rs`'s do;
//! the propagator harness (`engine::testing`; from outside the crate, build with the `testing`
//! feature) checks it on random small domains against supports found by enumeration:
//!
//! ```text
//! use sudoku_cp::engine::testing::{Seen, Strength, check, random_assignment};
//! let holds = |values: &[usize]| values[0] < values[1];
//! let post = |e: &mut Engine<u16>, vars: &[VarId]| { e.post(MyLess::new(vars[0], vars[1])); };
//! let fixed = random_assignment(&mut rng, &doms);
//! let seen: Seen = check(&doms, &fixed, &holds, &post, Strength::Exact); // as in linear_sum.rs
//! ```
//!
//! # An input format
//!
//! A file in `src/format/` with a `read_line` for one record, told apart by `format/detect.rs`
//! and named in [`InputFormat`](crate::InputFormat). Copy the tests of `format/iss.rs`: a
//! reading, and an error naming the line and the cell.
//!
//! # A technique
//!
//! A file in `src/logic/` whose step is named in `logic/technique.rs` and placed on the
//! ladder in `logic/mod.rs`; copy a test from `tests/logic.rs` that finds the step on a grid.
//!
//! # A solver
//!
//! A file in `src/solvers/` implementing [`Solver`](crate::Solver) (`search`; `solve` applies
//! the rules and the refusal), one line in `solvers::registry`, and a row in
//! `tests/solvers_agree.rs`, which checks every solver's count against the others.
