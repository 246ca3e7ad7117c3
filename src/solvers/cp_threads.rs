//! `cp`'s searches that share a hard puzzle across the threads of a rayon pool: splitting its
//! tree ([`Shared`]), or racing whole searches (the `threads` feature).

use super::cp::{Searched, racing};
use super::{Cdcl, SolveStats, Solver};
use crate::engine::{Conflict, Domain, Engine, Limits, Race, Shared, Strategy, ValueOrder};
use crate::model;
use crate::model::Tuning;
use crate::puzzle::{Puzzle, Rules};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// A search's answer without its statistics: the first solution, the solutions counted and
/// why it ended.
type Answer = (Option<Vec<usize>>, u64, crate::engine::Stop);

/// Searches with the other threads of the current rayon pool joining in once the puzzle proves hard
/// ([`Tuning::help_after`](crate::engine::Tuning::help_after) nodes): each builds its own copy of
/// the model and takes parts of the tree ([`Shared`]). Statistics are summed over the searches; the
/// time is the first search's. A model that restarts is not split, since restarts would search
/// again what was given away: it is raced ([`race`]).
pub(super) fn run_shared<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    tuning: &Tuning,
    limits: &Limits,
    threads: usize,
) -> Result<Searched, Conflict> {
    let shared = Shared::<D>::new();
    let first: Mutex<Option<Vec<usize>>> = Mutex::new(None);
    let helped = Mutex::new(SolveStats::default());
    let keep = |doms: &[D]| {
        let mut first = first.lock().unwrap_or_else(|e| e.into_inner());
        if first.is_none() {
            *first = Some(model::grid_of(puzzle, doms));
        }
    };
    let helper = || {
        if shared.is_done() {
            return;
        }
        // The first search built the same model, so this one builds too.
        let _ = model::with_model::<D, _>(puzzle, rules, tuning, |engine| {
            engine.search_shared(&shared, limits, None, keep);
            let mut stats = SolveStats::from(*engine.stats());
            stats.time = std::time::Duration::ZERO;
            helped.lock().unwrap_or_else(|e| e.into_inner()).add(&stats);
        });
    };
    let (solution, count, stop, mut stats) = rayon::in_place_scope(|scope| {
        let help = || {
            for _ in 1..threads {
                scope.spawn(|_| helper());
            }
        };
        model::with_model::<D, _>(puzzle, rules, tuning, |engine| {
            if engine.strategy().restarts {
                return race(engine, puzzle, rules, tuning, limits, threads);
            }
            let stop = engine.search_shared(&shared, limits, Some(&help), keep);
            let count = shared.solutions().min(limits.solutions);
            (None, count, stop, SolveStats::from(*engine.stats()))
        })
    })?;
    stats.add(&helped.into_inner().unwrap_or_else(|e| e.into_inner()));
    let solution = solution.or_else(|| first.into_inner().unwrap_or_else(|e| e.into_inner()));
    Ok((solution, count, stop, stats))
}

/// Races whole searches on the threads of the current rayon pool once the puzzle proves hard
/// ([`Tuning::help_after`](crate::engine::Tuning::help_after) nodes): the second is clause
/// learning ([`Cdcl`]) when the puzzle is an exact cover it takes, the others build their own
/// copy of `engine`'s model and try values in a random order of their own, and the first
/// search to end gives the answer and stops the rest. Every search is complete, so any one's
/// answer is the puzzle's; a search that restarts goes astray on some puzzles and not on
/// others, which learning or a second value order often avoids. Statistics are summed over
/// the searches; the time is the first search's.
fn race<D: Domain>(
    engine: &mut Engine<D>,
    puzzle: &Puzzle,
    rules: &Rules,
    tuning: &Tuning,
    limits: &Limits,
    threads: usize,
) -> Searched {
    let halt = AtomicBool::new(false);
    let won: Mutex<Option<Answer>> = Mutex::new(None);
    let others = Mutex::new(SolveStats::default());
    // The first search to end claims the answer and halts the others.
    let end = |answer: Answer| {
        if !halt.swap(true, Ordering::AcqRel) {
            *won.lock().unwrap_or_else(|e| e.into_inner()) = Some(answer);
        }
    };
    // Another search ends: its statistics join the sum (its time is not the call's).
    let other_ends = |(solution, count, stop, mut stats): Searched| {
        stats.time = std::time::Duration::ZERO;
        others.lock().unwrap_or_else(|e| e.into_inner()).add(&stats);
        end((solution, count, stop));
    };
    let other = |seed: u64| {
        if halt.load(Ordering::Acquire) {
            return;
        }
        if seed == 1 && Cdcl.refuses(puzzle, rules).is_none() {
            let o = Cdcl::solve_racing(puzzle, rules, limits, Some(&halt), 0);
            other_ends((o.solution, o.count, o.stop, o.stats));
            return;
        }
        // The first search built the same model, so this one builds too.
        let _ = model::with_model::<D, _>(puzzle, rules, tuning, |engine| {
            // with_model resets the strategy for the next puzzle.
            engine.set_strategy(Strategy {
                values: ValueOrder::Random { seed },
                ..engine.strategy()
            });
            let race = Race {
                halt: &halt,
                start_others: None,
            };
            other_ends(racing(engine, puzzle, limits, Some(race)));
        });
    };
    let first_stats = rayon::in_place_scope(|scope| {
        let start_others = || {
            for seed in 1..threads as u64 {
                let other = &other;
                scope.spawn(move |_| other(seed));
            }
        };
        let race = Race {
            halt: &halt,
            start_others: Some(&start_others),
        };
        let (solution, count, stop, stats) = racing(engine, puzzle, limits, Some(race));
        end((solution, count, stop));
        stats
    });
    let (solution, count, stop) = won
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .expect("the first search to end claims the answer");
    let mut stats = first_stats;
    stats.add(&others.into_inner().unwrap_or_else(|e| e.into_inner()));
    (solution, count, stop, stats)
}
