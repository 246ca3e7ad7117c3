//! The Sudoku model on the engine: one variable per cell, an all-different per region, cage
//! sums and the sums they imply, and the bitboard network for small grids.
//!
//! # How a puzzle is solved
//!
//! The sizes from which each optional propagator is posted, and the numbers the search runs
//! by, are the fields of [`Tuning`], each with its default and the reason for it.
//!
//! - **Domains** are bitsets over value indices `0..n`: `u16` up to 16×16, `u32` up to 32, `u64` up
//!   to 64, and arrays of words beyond that. Each size is compiled separately.
//! - **Propagators** implement one trait. Each declares the variables it watches, and whether it
//!   wakes on any change or only when a variable becomes fixed. `propagate` returns
//!   `Result<(), Conflict>`.
//! - **The queue** runs woken propagators first in, first out, each queued at most once, until
//!   nothing changes. It has two lanes: a propagator whose run costs more than a pass over its
//!   variables says so (`Priority::Expensive`) and runs only when no cheap one is waiting. A
//!   running propagator counts as queued, so its own changes do not wake it.
//! - **All-different** makes one pass over the domains to count where each value can still go,
//!   once and twice (bit-sliced). From that count it removes the values of fixed cells from the
//!   others (naked singles) and fails when fewer values remain than variables. When every value
//!   must be used, it also places a value that has only one place left (hidden singles) and fails
//!   when a value has no place left.
//! - **Hall sets** (grids from 25×25 up, once the search has guessed): beside each
//!   house's all-different, an expensive propagator runs Régin's matching filter, which finds
//!   naked and hidden pairs, triples and larger sets all at once: a value stays only if some
//!   perfect matching of cells to values gives it to its cell. It skips the run when no Hall set
//!   can exist: no s unfixed cells with at most s values each while the other values have at most
//!   as many places as the other cells (on empty 25×25 grids this halves the filter's runs).
//!   Killers do not post them: beside the cages' own reasoning they cost more than they saved.
//! - **Same values** (locked candidates, grids from 25×25 up, once the search has guessed): where
//!   two regions share two cells or more (a row or column and a box), the cells of each outside
//!   the other take the same symbols, those the shared cells do not take. An expensive
//!   propagator narrows each rest to the symbols the other rest can still take, and fails when
//!   fewer remain than cells.
//! - **Cage sum** (killer) is given every combination of distinct symbols that reaches the cage's
//!   total, computed once per (cage size, total). When woken, a combination survives if it holds
//!   every placed value, meets every cell's domain and the cells can take distinct members of it
//!   (a perfect matching). Each cell keeps the values it takes in some matching of a surviving
//!   combination, which is domain consistency for sum and distinctness together. Both this and
//!   the Hall sets use one `Matcher` (`engine::Matcher`): Kuhn's augmenting paths, then the
//!   strongly connected components of the "can take the value matched to" graph, one at a time
//!   (a search forward in value space, then one backward inside what it reached), which give
//!   every (cell, value) pair on some matching. A value every
//!   surviving combination needs is removed from every cell outside the cage that sees all of
//!   its possible cells in the cage (shares a row, column or box with each), since one of those
//!   takes it (locked cage values; when those cells lie in one house, that is the rest of the
//!   house). A cage of up to 6 cells lists, for each set of its cells, the outside cells that see
//!   all of them, so this reads only the cells that lose the value. The other way round, a
//!   value that a house can place only in the cage's cells (every one of its other cells has lost
//!   it) must be in the cage: combinations without it are dropped, and the cage's cells outside
//!   that house lose it (values forced into the cage). Killers look for these only in houses
//!   holding two of the cage's cells or more: in a house holding one, that is a hidden single,
//!   which the house's all-different places. This runs when the cage wakes; waking it
//!   on the houses' cells too cost more than it saved. The combination pass depends only on the
//!   cage's domains and the values it must hold, so each cage keeps a small table of earlier
//!   passes by that input (skipped while tracing) and answers repeated states from it. A cage
//!   may also have a **choice variable**, whose value `i` stands for its combination `i`: the
//!   pass skips the combinations it no longer allows and takes from it those that no longer
//!   fit, so search can branch on which combination a cage takes (killers give one to each cage
//!   with at least 2 combinations and no more than its domain type has values: 16 up to 16×16,
//!   32 at 25×25).
//! - **Shared values** (killer): two cages can share a value only in a pair of cells, one from
//!   each, that share no house, and two shared values need two such pairs with no cell in
//!   common. So two cages share at most as many values as the largest set of such disjoint pairs
//!   (a matching, computed once when the model is built). Two cages inside one row share none.
//!   On mathemagic-13 (ISS line 55), r1c1–r1c4 r2c1 (27) and r1c5–r1c8 r2c6 (22) share at most
//!   two (r2c1 with one of r1c5–r1c8, r2c6 with one of r1c1–r1c3), which rules out 59 of their
//!   99 pairs of combinations. For each pair of cages
//!   with choice variables where that rules out some pair of combinations, a **pair table** on
//!   the two choice variables keeps each combination that still has a partner. Its failures do
//!   not add to the dom/wdeg weights (`Propagator::weighted`): they come a little before the
//!   cages' own, and with weights the ISS whole trees took 3% longer instead of 3% shorter.
//! - **The rule of 45** adds more cage sums, derived from each region summing to the sum of the
//!   symbols: the cells of a region outside the cages lying wholly inside it (innies); the rest of
//!   a region beside a cage inside it; and the cells that cages covering a region reach outside it
//!   (outies), when those lie in one region. On the krazydad killer set this took the CP solver
//!   from 1,049 to 212 µs per puzzle and from 26 guesses to 0.13 per puzzle. A sum over every
//!   cell of a region but a 1-cell cage is not posted: it only restates the cage, and as a cage
//!   of n − 1 cells it cost more than it pruned.
//! - **Sums over unions of houses** (killer): every run of consecutive rows or columns, and
//!   every box, adds up to a known total. Take away the cages lying wholly inside, and count each
//!   cage crossing the border on its smaller side: by its cells inside, or by its total minus its
//!   cells outside. That leaves one equation, innies minus outies, over few cells: on
//!   mathemagic-01, row 1 gives r1c9 − r2c1 − r2c6 = −4. These cells need not be distinct, so a
//!   **linear sum** propagator keeps them to bounds consistency (its domain-consistent mode, a
//!   reachable-sums table, pruned almost nothing more at several times the cost). Only sums of at
//!   most 6 cells are posted: larger ones cost more than they pruned.
//! - **Search** is depth-first with binary branching: the left child is `x = v` and the right
//!   child is `x ≠ v`. The engine offers MRV (fewest values first) and dom/wdeg: each failure
//!   adds weight to the constraint that failed, and the variable with the fewest values per unit
//!   of weight is chosen, so search goes where the constraints conflict. A variable may weigh
//!   more than others (`Engine::set_weight_factor`): a cage's choice of combination counts 3
//!   times. A third heuristic, dom/wdeg times activity, also counts how often each variable's
//!   domain changes in the propagations after each guess, fading by 0.999 a node
//!   (activity-based search, Michel and Van Hentenryck 2012), and picks the largest
//!   `(activity + 1) · weight / values`; killers up to 9×9 use it. Ties go to the lowest index,
//!   so a search alone is deterministic. The Sudoku model uses dom/wdeg, with Luby restarts from
//!   25×25 up (on the hard killer set restarts lost, 52 against 56 decided in 10 s, so killers
//!   run without). With restarts, every second
//!   run also looks at values (`Strategy::places`): a value with two places left in a region is a
//!   guess with two outcomes, like a cell with two values, and is taken when it scores better
//!   than the chosen cell. The two views alternate because each alone gets stuck on puzzles the
//!   other decides. Restarting searches also reason from the last conflict
//!   (`Strategy::last_conflict`, Lecoutre et al. 2009): the cell of a failed guess is branched on
//!   again first, so backtracking climbs to the guess that caused the failure (25×25 Lloyd: 166
//!   guesses a puzzle instead of 180; killers took 45% more guesses). From 36×36 up they also
//!   save best phases (`Strategy::phases`): the values of the deepest node reached so far are
//!   tried first, so each run returns to the nearest the search came to a solution and looks
//!   around it, until 32 runs in a row get no deeper. On three sets of 36×36 puzzles at 40–60%
//!   holes they decided 45 of 58 in 10 s instead of 39; on 25×25 Lloyd the mean went from 4.2
//!   to 5.2 ms (one puzzle took 2.8 s instead of 0.5 s), so 25×25 runs without them. A trail
//!   restores domains on backtracking. The loop is iterative, so a deep search cannot overflow
//!   the stack. Limits cover solutions, nodes and time.
//! - **Hints** (`Engine::set_hints`). A value per variable that search tries first; when one
//!   solution is asked for, the first node fixes every hinted variable at once and keeps the
//!   result only if it solves the model. A grid whose only rules are rows, columns and boxes
//!   gets the pattern grid (each row of a band shifted by a box width, each band by one) with
//!   its symbols renamed to the givens, when that fits every given: an empty grid of any size
//!   is then solved in one node (256×256 in 0.6 s), where search alone was still undecided
//!   after 30 s from 81×81 up. A puzzle the pattern does not fit gets no hint.
//! - **Shared search** (`engine::share`). Engines holding copies of one model, one per
//!   thread, can split one tree (`Engine::search_shared`). One starts at the root; when another
//!   is idle, a busy one gives it the right branch of its shallowest open guess, as the list of
//!   restrictions that leads there from the root, and backs past that guess when it gets there.
//!   The searches pool their dom/wdeg weights: every 32 failures each adds what it learnt to a
//!   shared table and takes the table as its own. They stop together when the tree is exhausted,
//!   when enough solutions are found over all of them, or at a deadline. The CP solver uses it
//!   when it runs in a rayon pool of several threads (as `solve`, `count` and `bench` do) and a
//!   search on the general engine passes 1,000 nodes: the other threads, once they have no
//!   puzzle of their own, build the model and join. On a puzzle with several solutions, which
//!   one a shared search finds first depends on timing; counts do not. One thread, a node limit
//!   and debug logs search alone.
//! - **Raced search** (`Engine::search_racing`). A model that restarts (25×25 and up) is not
//!   split, since restarts would search again what was given away. Past the same 1,000 nodes,
//!   the idle threads each run a whole search of their own, and the first search to end answers
//!   and halts the others: the first to join is clause learning on the exact-cover matrix (the
//!   `cdcl` solver) when the puzzle is an exact cover, the rest the same model trying values in
//!   a random order. Restarting searches go astray on some puzzles and not on others, and
//!   learning or a second value order often avoids it.
//! - **Reuse.** `Engine::snapshot` and `Engine::reset` bring a built model back to its starting
//!   domains. The Sudoku model without cages depends only on the size and the rules, so each
//!   thread builds it once and, for each puzzle, resets it and applies the givens.
//! - **The bitboard network** (`engine::Network`) is a second, smaller search for networks
//!   of all-different constraints on at most 128 variables and 16 values, which is what a 4×4 or
//!   9×9 grid is. The state is turned around: for each value, one `u128` holds the
//!   cells that can still take it, and the whole state (448 bytes at 9×9) is copied on each
//!   guess instead of trailed. Counting the value boards bit-sliced gives every cell with one
//!   value left, or none, in a few word operations, and four bit planes of the value indices give
//!   each such cell's value; a placed value leaves all its peers with one mask. A value's hidden
//!   singles are looked for only in the groups where it lost a place since its last scan (each
//!   removal marks the groups of its cell, and a placed value those of the cell's peers) and that
//!   do not hold it yet. At the root, locked candidates run too: where
//!   two groups share cells and a value's places in one lie in the shared part, it leaves the
//!   rest of the other. Search takes a cell with the fewest values, the one with the most unfixed
//!   peers among them. Sums (killer cages) keep the digit combinations of the cage that hold its
//!   placed digits and fit its cells' values, and each cell keeps the digits of those
//!   combinations; they run at every fixpoint, so a full grid is checked too. A killer also
//!   gets the rule-of-45 sums of each house there (see **The rule of 45** above), those of at most
//!   4 cells, as sums of their own. They see less than the engine's cage
//!   propagators (no matchings, no sums over several houses), so a killer that needs more than
//!   200 nodes on the network is solved again on the engine: hard killers need what the engine
//!   sees. `cp` uses the network when no debug log is asked for; tests compare it
//!   with brute force on random small networks and with the general engine on every shipped
//!   4×4 and 9×9 puzzle, killers included, and on slices of the public sets.
//!
//! Code layout: `src/engine/` (the generic kernel), `src/puzzle/` (puzzles as data, rule files,
//! regions and the rule check), `src/model/` (this model), `src/format/` (reading and writing),
//! `src/solvers/` (the solver trait and registry), `src/cli/` (the command line).

mod builder;
mod hints;
mod killer_sums;
mod network;
mod shared_values;
mod tuning;
mod variants;

pub(crate) use crate::constraints::runs;
pub use builder::{build, build_named};
pub(crate) use builder::{grid_of, with_model};
pub(crate) use killer_sums::*;
pub(crate) use network::*;
use shared_values::*;
pub use tuning::Tuning;
pub(crate) use variants::refusal;
