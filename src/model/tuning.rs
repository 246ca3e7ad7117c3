//! Which optional propagators the Sudoku model posts, and the numbers it builds by: one struct,
//! each default with the reason it was chosen.

use crate::engine;

/// How the model of a puzzle is built and searched. [`Tuning::DEFAULT`] is what every command
/// runs; the defaults were measured on the public benchmark sets (whole search trees,
/// alternating runs), and the commit history holds the runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// The search's own numbers (activity decay, restarts, shared search).
    pub search: engine::Tuning,
    /// From this size up, Hall sets below the first guess: they pay on 25×25 (1,514 → 332
    /// guesses on lloyd), and made 16×16 five times slower.
    pub hall_sets_from: usize,
    /// From this size up, locked candidates (the same values on two regions' rests) below the
    /// first guess: they pay on 25×25 and slowed 16×16 down.
    pub same_values_from: usize,
    /// From this size up, puzzles without cages search with restarts, alternating variables
    /// and a value's places, with last-conflict reasoning: some runs go far astray there; on
    /// killers restarts and last conflicts lost.
    pub restarts_from: usize,
    /// From this size up, restarting searches save best phases (`Strategy::phases`): they
    /// decide more 36×36 puzzles and slow 25×25 down.
    pub phases_from: usize,
    /// From this size up, a puzzle that clause learning takes and that `cp` has not solved
    /// within as many nodes as it has cells plus [`engine::Tuning::help_after`] goes to clause
    /// learning, one search per thread: on hard 36×36 puzzles two differently seeded `cdcl`
    /// searches beat `cp` alone, one `cdcl` search and `cp` racing `cdcl`.
    pub learning_from: usize,
    /// Killers up to this size weigh dom/wdeg by activity: the hard ISS killers take less time;
    /// 16×16 killers and plain grids took longer.
    pub activity_up_to: usize,
    /// How much more dom/wdeg weighs a cage's choice of combination than a cell watched by the
    /// same propagators: 3 needed the fewest nodes of 1–4.
    pub choice_weight: u64,
    /// The most cells a union-of-houses sum may have to be posted: bigger sums cost more than
    /// they prune (6 was the fastest of 5–9).
    pub union_sum_max_cells: usize,
    /// Nodes a killer gets on the bitboards before it goes to the general engine: the
    /// bitboards' sums see less than the engine's cage propagators, and hard killers need what
    /// they see.
    pub bitboard_killer_nodes: u64,
    /// The largest rule-of-45 house sum a killer's bitboards get: bigger sums have more
    /// combinations, and a pass over them costs more than they prune.
    pub bitboard_house_sum_cells: usize,
}

impl Tuning {
    /// The measured defaults.
    pub const DEFAULT: Tuning = Tuning {
        search: engine::Tuning::DEFAULT,
        hall_sets_from: 25,
        same_values_from: 25,
        restarts_from: 25,
        phases_from: 36,
        learning_from: 36,
        activity_up_to: 9,
        choice_weight: 3,
        union_sum_max_cells: 6,
        bitboard_killer_nodes: 200,
        bitboard_house_sum_cells: 4,
    };
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning::DEFAULT
    }
}
