//! The constraint-programming solver: the Sudoku model on the engine, with the domain word
//! sized to the grid (u16 up to 16×16, u32 up to 32, u64 up to 64, wider words beyond), or on
//! the engine's bitboard [`Bitboards`](crate::model::Bitboards) when the grid is small (killers
//! there for a few nodes).

use super::learning_race::learning_race;
use super::{Cdcl, Observe, Observed, Outcome, SolveStats, Solver};
use crate::engine::{Conflict, Domain, Engine, Limits, Race, Stop};
use crate::model;
use crate::model::{BitboardModel, MAX_VARS, Tuning};
use crate::puzzle::{Puzzle, Rules};
use std::cell::RefCell;

/// The CP engine: all-different with naked and hidden singles (and Hall sets from 25×25),
/// cage sums, dom/wdeg search; the bitboards on 4×4 and 9×9 (killers for
/// their first few nodes); from 36×36, a puzzle the engine finds hard goes to clause
/// learning ([`Cdcl`], [`Tuning::learning_from`]). Both switches are the caller's: neither
/// the log level nor the thread a call runs on changes what runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cp {
    /// Solve grids of at most 128 cells and 16 symbols (4×4, 9×9) on the bitboard
    /// [`Bitboards`](crate::model::Bitboards) (default): several times faster there, but it logs
    /// nothing, so while the search's logs are on ([`logging`](crate::engine::logging)) those
    /// grids go on the engine anyway.
    pub bitboards: bool,
    /// Let the idle threads of the rayon pool the call runs in (the global pool when it runs in
    /// none) join a hard puzzle's search ([`Shared`](crate::engine::Shared), or a race on
    /// models that restart; default off): the answers and counts are the same, but which
    /// solution of a puzzle with several comes first depends on timing, and the logs of several
    /// searches interleave.
    pub share: bool,
    /// Which optional propagators the model posts and the numbers the search runs by.
    pub tuning: Tuning,
    /// What the search records of itself: a profile of its propagators, its tree (default
    /// nothing).
    pub observe: Observe,
}

impl Default for Cp {
    fn default() -> Self {
        Cp::DEFAULT
    }
}

impl Solver for Cp {
    fn name(&self) -> &'static str {
        "cp"
    }
    fn aliases(&self) -> &'static [&'static str] {
        &["advanced"]
    }
    fn description(&self) -> &'static str {
        "propagation and search (bitboards, Hall sets, cage sums; cdcl from 36×36)"
    }
    fn refuses(&self, puzzle: &Puzzle, _rules: &Rules) -> Option<String> {
        model::refusal(puzzle)
    }
    fn search(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        if self.observe.any() {
            return crate::with_domain!(puzzle.size(), D => observed::<D>(puzzle, rules, limits, self));
        }
        // The bitboards log nothing: a run that logs its search goes on the engine.
        let on_bitboards = if self.bitboards && !crate::engine::logging() {
            run_bitboards(puzzle, rules, limits, &self.tuning)
        } else {
            None
        };
        on_bitboards.unwrap_or_else(
            || crate::with_domain!(puzzle.size(), D => run::<D>(puzzle, rules, limits, self)),
        )
    }
}

impl Cp {
    /// The bitboards on, shared search off, the measured tuning.
    pub const DEFAULT: Cp = Cp {
        bitboards: true,
        share: false,
        tuning: Tuning::DEFAULT,
        observe: Observe {
            profile: false,
            tree: None,
        },
    };

    /// Solves on the general engine (propagators and a trail) whatever the grid, alone: the
    /// test oracle for the bitboards.
    pub fn on_engine(puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        let cp = Cp {
            bitboards: false,
            ..Cp::DEFAULT
        };
        cp.solve(puzzle, rules, limits)
    }
}

/// What a search of the model gave: the first solution, the solutions counted, why it ended
/// and its statistics.
pub(super) type Searched = (Option<Vec<usize>>, u64, Stop, SolveStats);

fn run<D: Domain>(puzzle: &Puzzle, rules: &Rules, limits: &Limits, cp: &Cp) -> Outcome {
    // The helpers come from the rayon pool the call runs in (the global pool outside any); a
    // node limit counts one search's nodes, so a limited search goes alone.
    let threads = pool_threads();
    let share = cp.share && threads > 1 && limits.nodes.is_none();
    let n = puzzle.size();
    if n >= cp.tuning.learning_from
        && limits.nodes.is_none()
        && Cdcl.refuses(puzzle, rules).is_none()
    {
        // A search that never fails needs a node per cell at most: past that and a little
        // more, the puzzle is hard, and clause learning takes it.
        let first = Limits {
            nodes: Some((n * n) as u64 + cp.tuning.search.help_after),
            ..*limits
        };
        let searched = model::with_model::<D, _>(puzzle, rules, &cp.tuning, |engine| {
            alone(engine, puzzle, &first)
        });
        match searched {
            Ok((None, 0, Stop::NodeLimit, stats)) => {
                let mut o = learning_race(puzzle, rules, limits, if share { threads } else { 1 });
                o.stats.add(&stats);
                return o;
            }
            // solutions found, and more wanted: searched again below, whole
            Ok((_, _, Stop::NodeLimit, _)) => {}
            searched => return outcome(searched),
        }
    }
    #[cfg(feature = "threads")]
    let searched = if share {
        super::cp_threads::run_shared::<D>(puzzle, rules, &cp.tuning, limits, threads)
    } else {
        model::with_model::<D, _>(puzzle, rules, &cp.tuning, |engine| {
            alone(engine, puzzle, limits)
        })
    };
    #[cfg(not(feature = "threads"))]
    let searched = {
        model::with_model::<D, _>(puzzle, rules, &cp.tuning, |engine| {
            alone(engine, puzzle, limits)
        })
    };
    outcome(searched)
}

/// The outcome of a search of the model, or of givens that contradict each other.
fn outcome(searched: Result<Searched, Conflict>) -> Outcome {
    match searched {
        Ok((solution, count, stop, stats)) => Outcome {
            solution,
            count,
            stop,
            stats,
            observed: None,
            refused: None,
        },
        // The givens contradict each other.
        Err(_) => Outcome {
            solution: None,
            count: 0,
            stop: Stop::Exhausted,
            stats: SolveStats {
                failures: 1,
                ..SolveStats::default()
            },
            observed: None,
            refused: None,
        },
    }
}

/// One search alone on a named model that records what [`Cp::observe`] asks for.
fn observed<D: Domain>(puzzle: &Puzzle, rules: &Rules, limits: &Limits, cp: &Cp) -> Outcome {
    let start = std::time::Instant::now();
    let mut engine = match model::build_named::<D>(puzzle, rules, &cp.tuning) {
        Ok(engine) => engine,
        Err(conflict) => return outcome(Err(conflict)),
    };
    if cp.observe.profile {
        engine.keep_profile();
    }
    if let Some(limit) = cp.observe.tree {
        engine.record_tree(limit);
    }
    let mut o = outcome(Ok(alone(&mut engine, puzzle, limits)));
    o.stats.time = start.elapsed();
    o.observed = Some(Box::new(Observed {
        profile: engine.profile(),
        tree: engine.take_tree(),
    }));
    o
}

/// One search of `engine`, holding `puzzle`'s model.
fn alone<D: Domain>(engine: &mut Engine<D>, puzzle: &Puzzle, limits: &Limits) -> Searched {
    racing(engine, puzzle, limits, None)
}

/// One search of `engine`, holding `puzzle`'s model, racing others when `race` is given.
pub(super) fn racing<D: Domain>(
    engine: &mut Engine<D>,
    puzzle: &Puzzle,
    limits: &Limits,
    race: Option<Race<'_>>,
) -> Searched {
    let mut solution = None;
    let keep = |doms: &[D]| {
        if solution.is_none() {
            solution = Some(model::grid_of(puzzle, doms));
        }
    };
    let stop = match race {
        Some(race) => engine.search_racing(limits, race, keep),
        None => engine.search(limits, keep),
    };
    let stats = engine.stats();
    (solution, stats.solutions, stop, SolveStats::from(*stats))
}

/// The threads of the rayon pool the call runs in (the global pool outside any); 1 without the
/// `threads` feature.
fn pool_threads() -> usize {
    #[cfg(feature = "threads")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "threads"))]
    1
}

/// Solves on the bitboard [`Bitboards`](crate::model::Bitboards) when it applies: at most 128
/// cells and 16 symbols (4×4 and 9×9). A killer that needs more than
/// [`Tuning::bitboard_killer_nodes`] nodes there goes to the engine (`None`).
fn run_bitboards(
    puzzle: &Puzzle,
    rules: &Rules,
    limits: &Limits,
    tuning: &Tuning,
) -> Option<Outcome> {
    thread_local! {
        /// This thread's bitboard model, kept from puzzle to puzzle.
        static MODEL: RefCell<Option<BitboardModel>> = const { RefCell::new(None) };
    }
    let n = puzzle.size();
    // The bitboards hold all-different regions and cages only.
    if n * n > MAX_VARS || !puzzle.constraints().is_empty() || puzzle.candidates().is_some() {
        return None;
    }
    let killer = rules.cages && !puzzle.cages().is_empty();
    let doms = model::bitboard_domains(puzzle);
    let mut solution = None;
    let (stop, stats) = MODEL.with(|cell| {
        let mut slot = cell.borrow_mut();
        if !slot.as_ref().is_some_and(|m| m.fits(puzzle, rules)) {
            *slot = Some(BitboardModel::new(puzzle, rules)?);
        }
        let net = slot
            .as_mut()?
            .bitboards(puzzle, rules, tuning.bitboard_house_sum_cells)?;
        // Killers get the bitboards for a few nodes only: its sums see less than the engine's
        // cage propagators, and hard killers need what they see.
        let most = tuning.bitboard_killer_nodes;
        let here = if killer {
            Limits {
                nodes: Some(limits.nodes.map_or(most, |n| n.min(most))),
                ..*limits
            }
        } else {
            *limits
        };
        let searched = net.search(&doms[..n * n], &here, |values| {
            if solution.is_none() {
                solution = Some(values.to_vec());
            }
        });
        if killer && searched.0 == Stop::NodeLimit && limits.nodes.is_none_or(|n| n > most) {
            return None;
        }
        Some(searched)
    })?;
    Some(Outcome {
        solution,
        count: stats.solutions,
        stop,
        stats: stats.into(),
        observed: None,
        refused: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::test_puzzles::{INKALA, INKALA_292, read};

    /// `cp` on the engine, handing puzzles to clause learning from 9×9 after 81 nodes (or
    /// never, and only searching).
    fn learning_from_9x9(hand_off: bool) -> Cp {
        let mut tuning = Tuning::DEFAULT;
        tuning.learning_from = if hand_off { 9 } else { usize::MAX };
        tuning.search.help_after = 0;
        Cp {
            bitboards: false,
            share: false,
            tuning,
            observe: Observe::default(),
        }
    }

    #[test]
    fn a_puzzle_the_engine_finds_hard_goes_on_to_clause_learning() {
        let (p, rules, two) = (read(INKALA), Rules::sudoku(), Limits::solutions(2));
        let o = learning_from_9x9(true).solve(&p, &rules, &two);
        // what the engine does in its 81 nodes, then what clause learning does alone
        let first = Limits {
            nodes: Some(81),
            ..two
        };
        let engine = learning_from_9x9(false).solve(&p, &rules, &first);
        assert_eq!((engine.count, engine.stop), (0, Stop::NodeLimit));
        let cdcl = Cdcl.solve(&p, &rules, &two);
        assert_eq!((o.count, o.stop), (1, Stop::Exhausted));
        assert_eq!(o.solution, cdcl.solution);
        assert_eq!(o.stats.nodes, engine.stats.nodes + cdcl.stats.nodes);
        assert_eq!(
            o.stats.failures,
            engine.stats.failures + cdcl.stats.failures
        );
    }

    #[test]
    fn a_count_the_engine_has_begun_is_counted_again_whole() {
        let (p, rules, all) = (
            read(INKALA_292),
            Rules::sudoku(),
            Limits::solutions(u64::MAX),
        );
        let first = Limits {
            nodes: Some(81),
            ..all
        };
        let engine = learning_from_9x9(false).solve(&p, &rules, &first);
        assert!(engine.count > 0, "{:?}", engine.stats);
        assert_eq!(engine.stop, Stop::NodeLimit);
        let o = learning_from_9x9(true).solve(&p, &rules, &all);
        assert_eq!((o.count, o.stop), (292, Stop::Exhausted));
    }
}
