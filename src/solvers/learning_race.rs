//! Clause-learning searches racing each other: one [`Cdcl`] search per thread, each from its
//! own random start, the first to end answering for all.

use super::{Cdcl, Outcome};
use crate::engine::Limits;
use crate::puzzle::{Puzzle, Rules};

/// Races `threads` clause-learning searches of `puzzle` on the current rayon pool, seeded 0 to
/// `threads - 1` (seed 0 is [`Cdcl`]'s own order): the first to end gives the answer and halts
/// the rest. Every search is complete, so any one's answer is the puzzle's; their run times
/// spread widely on hard puzzles, so the first of several ends well before a typical one.
/// Statistics are summed over the searches; the time is the race's.
pub(super) fn learning_race(
    puzzle: &Puzzle,
    rules: &Rules,
    limits: &Limits,
    threads: usize,
) -> Outcome {
    if threads <= 1 || cfg!(not(feature = "threads")) {
        return Cdcl::solve_racing(puzzle, rules, limits, None, 0);
    }
    #[cfg(feature = "threads")]
    return race(puzzle, rules, limits, threads);
    #[cfg(not(feature = "threads"))]
    unreachable!("one search without the `threads` feature")
}

/// The race of [`learning_race`] on `threads` threads.
#[cfg(feature = "threads")]
fn race(puzzle: &Puzzle, rules: &Rules, limits: &Limits, threads: usize) -> Outcome {
    use super::SolveStats;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Instant;
    let start = Instant::now();
    let halt = AtomicBool::new(false);
    let won: Mutex<Option<Outcome>> = Mutex::new(None);
    let stats = Mutex::new(SolveStats::default());
    let search = |seed: u64| {
        if halt.load(Ordering::Acquire) {
            return;
        }
        let o = Cdcl::solve_racing(puzzle, rules, limits, Some(&halt), seed);
        stats
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .add(&o.stats);
        if !halt.swap(true, Ordering::AcqRel) {
            *won.lock().unwrap_or_else(|e| e.into_inner()) = Some(o);
        }
    };
    rayon::in_place_scope(|scope| {
        for seed in 1..threads as u64 {
            let search = &search;
            scope.spawn(move |_| search(seed));
        }
        search(0);
    });
    let mut o = won
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .expect("the first search to end claims the answer");
    o.stats = stats.into_inner().unwrap_or_else(|e| e.into_inner());
    o.stats.time = start.elapsed();
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Stop;
    use crate::solvers::Solver;
    use crate::solvers::test_puzzles::{INKALA, INKALA_292, read};

    #[test]
    fn racing_searches_count_what_one_search_counts() {
        let p = read(INKALA_292);
        let all = Limits::solutions(u64::MAX);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let raced = pool.install(|| learning_race(&p, &Rules::sudoku(), &all, 3));
        assert_eq!((raced.count, raced.stop), (292, Stop::Exhausted));
        let alone = learning_race(&p, &Rules::sudoku(), &all, 1);
        assert_eq!((alone.count, alone.stop), (292, Stop::Exhausted));
        // the race's statistics hold at least the winner's work
        assert!(raced.stats.failures > 0, "{:?}", raced.stats);
    }

    #[test]
    fn differently_seeded_searches_meet_at_the_one_solution() {
        let p = read(INKALA);
        let two = Limits::solutions(2);
        let want = crate::solvers::DancingLinks.solve(&p, &Rules::sudoku(), &two);
        let mut nodes = Vec::new();
        for seed in 0..4 {
            let o = Cdcl::solve_racing(&p, &Rules::sudoku(), &two, None, seed);
            assert_eq!((o.count, o.stop), (1, Stop::Exhausted), "seed {seed}");
            assert_eq!(o.solution, want.solution, "seed {seed}");
            nodes.push(o.stats.nodes);
        }
        // and they got there by different ways
        nodes.dedup();
        assert!(nodes.len() > 1, "{nodes:?}");
    }
}
