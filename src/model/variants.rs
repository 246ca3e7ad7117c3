//! The puzzle's variant constraints on the engine, each posted by its kind's module
//! ([`crate::constraints`]): extra regions as all-different, cages as cage sums, sums and sum
//! lines as linear sums, dots, signs and line neighbours as pair tables, renban lines as cage
//! sums over runs of consecutive values, and lines and outside clues whose rule reads the
//! whole line as automata ([`Regular`](crate::engine::Regular)).
//!
//! Every constraint is posted exactly or the puzzle is refused ([`refusal`]): an automaton
//! past [`MAX_EDGES`], or all of them together past [`MAX_MODEL_EDGES`], is never left out.

use crate::constraints::{Houses, MAX_EDGES, Post};
use crate::engine::{Domain, Engine, VarId};
use crate::puzzle::{Constraint, Puzzle, Region};
use std::collections::HashSet;

/// Most edges the automata of one puzzle may have together (about 100 MB): a line of clues
/// repeated ten thousand times is refused, not built until memory runs out.
const MAX_MODEL_EDGES: usize = 1 << 23;

/// Why the engine cannot post `puzzle`'s constraints exactly, if it cannot: an automaton too
/// large to unfold, alone or with the others. Unfolds each automaton once, as posting does.
pub(crate) fn refusal(puzzle: &Puzzle) -> Option<String> {
    if puzzle.constraints().is_empty() {
        return None; // asked before every solve: a plain puzzle allocates nothing here
    }
    let w = values(puzzle);
    let n = puzzle.size();
    let mut left = MAX_MODEL_EDGES;
    for constraint in distinct(puzzle) {
        let Some(unfolded) = constraint.automaton(&w, n, left.min(MAX_EDGES)) else {
            continue;
        };
        let what = constraint.describe(|c| puzzle.cell_name(c));
        match unfolded {
            Some((_, layered)) => left -= layered.edges(),
            None if left < MAX_EDGES => {
                return Some(format!(
                    "the puzzle's lines and clues need more than {MAX_MODEL_EDGES} automaton \
                     edges together (the {what} passes it): too large to solve exactly"
                ));
            }
            None => {
                return Some(format!(
                    "the {what} needs more than {MAX_EDGES} automaton edges: too large to solve \
                     exactly"
                ));
            }
        }
    }
    None
}

/// The symbols' values, as the constraints read them ([`Puzzle::add_constraint`] keeps every
/// sum of them within `i64`).
fn values(puzzle: &Puzzle) -> Vec<i64> {
    puzzle
        .symbols()
        .as_slice()
        .iter()
        .map(|&x| x as i64)
        .collect()
}

/// The puzzle's constraints, each copy of one once: a copy adds nothing to the model.
fn distinct(puzzle: &Puzzle) -> impl Iterator<Item = &Constraint> {
    let mut seen = HashSet::new();
    puzzle.constraints().iter().filter(move |c| seen.insert(*c))
}

/// Posts every variant constraint of `puzzle` on `engine`, whose variable `i` is cell `i`
/// (each copy of a constraint once), each by its kind ([`Constraint::post`]). Names them for
/// traces when `labelled`. An automaton too large to unfold (which [`refusal`] refuses) is
/// posted as a [`Predicate`](crate::engine::Predicate): exact, but it prunes nothing.
pub(super) fn post_variants<D: Domain>(
    engine: &mut Engine<D>,
    vars: &[VarId],
    puzzle: &Puzzle,
    regions: &[Region],
    labelled: bool,
) {
    let houses = Houses::new(puzzle, regions);
    let weights: Vec<u64> = puzzle.symbols().as_slice().to_vec();
    let w = values(puzzle);
    for constraint in distinct(puzzle) {
        let first = engine.num_props();
        let name = if labelled {
            constraint.describe(|c| puzzle.cell_name(c))
        } else {
            String::new()
        };
        constraint.post(&mut Post {
            engine,
            vars,
            puzzle,
            regions,
            houses: &houses,
            constraint,
            name,
            w: &w,
            weights: &weights,
        });
        engine.set_kinds_since(first, constraint.kind());
    }
}
