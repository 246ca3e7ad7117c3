//! A fast path for networks of all-different constraints on at most 128 variables and 16
//! values: value-major bitboards, copied on each guess, with bit-parallel singles.
//!
//! The general [`Engine`](crate::engine::Engine) keeps one domain per variable and wakes propagators
//! one at a time. Here the state is turned around: for each value, one `u128` board holds the
//! variables that can still take it. A whole propagation round is then a few word operations
//! per value:
//! - **naked singles:** bit-sliced counts over the value boards (`twice |= once & b; once |=
//!   b`) give every variable with one value left (`once & !twice`) and every variable with
//!   none (`!once`, a conflict) at once; a single's value is cleared from all its neighbours with
//!   one mask;
//! - **hidden singles:** in a group with as many variables as values (a permutation), a value
//!   whose board meets the group in one unfixed variable goes there, and one that meets it
//!   nowhere is a conflict. A group is scanned again for a value only when the value lost a
//!   place in it: each removal marks the permutations of the variable that lost the value,
//!   and a fixed value marks those of the variable's neighbours;
//! - **locked candidates,** at the root only: where two permutations share variables and a
//!   value's places in one lie in the shared part, the value leaves the rest of the other;
//! - **sums** ([`Bitboards::sum`]), at every fixpoint: a group of distinct variables keeps the
//!   value sets (such as the combinations of values reaching a sum) that hold its fixed values and
//!   fit its domains, and each variable keeps the values of those sets.
//!
//! A network that is a square of order 9 with 3×3 blocks (lines across, lines down, blocks,
//! variables numbered line by line), with or without sums, is searched on a different state,
//! [`Bands`]: three 27-bit words a value, where table lookups settle a band's locked candidates
//! and hidden singles at every node, and columns' hidden singles at each fixpoint. It is faster
//! than the value boards on every 9×9 set measured, killers included; the value boards stay
//! its test oracle.
//!
//! Search branches on a variable with the fewest values (bit-sliced counts again; the most
//! unfixed neighbours break ties), tries its smallest value on a copy of the state (a few hundred
//! bytes) and removes that value in place for the other branch. Nothing is allocated during
//! search. The search is compiled twice, for the processor the build targets and for x86-64's
//! popcnt, BMI and AVX2, and the second runs when the processor has them; tests compare the
//! two.
//!
//! Below the root and without sums it draws the same conclusions as
//! [`AllDifferent`](crate::engine::AllDifferent) posted on each group (naked singles, hidden singles in
//! permutations, empty domains); its sums see less than [`CageSum`](crate::engine::CageSum). Tests
//! compare it with brute force on random small networks, and the CP solver's tests compare it
//! with the general engine. It has no trace logs: a caller that wants them runs the general
//! engine.

mod bands;
mod model;
mod search;
mod state;
mod sums;

use crate::engine::{Limits, Stats, Stop};
use bands::Bands;
pub(crate) use model::{BitboardModel, bitboard_domains};
#[cfg(target_arch = "x86_64")]
pub(crate) use search::wide_instructions;
use state::State;
use std::ops::Range;

/// Most variables a [`Bitboards`] holds: one bit each in a `u128` board.
pub const MAX_VARS: usize = 128;
/// Most values a variable of a [`Bitboards`] can take.
pub const MAX_VALUES: usize = 16;

/// All-different constraints over variables `0..vars` with values `0..values`.
///
/// ```
/// use sudoku_cp::engine::Limits;
/// use sudoku_cp::model::Bitboards;
///
/// // A Latin square of order 3: each line across and each line down holds 0, 1 and 2 once.
/// let mut net = Bitboards::new(9, 3).unwrap();
/// for i in 0..3 {
///     net.all_different(&[3 * i, 3 * i + 1, 3 * i + 2]);
///     net.all_different(&[i, i + 3, i + 6]);
/// }
/// let mut doms = [0b111u16; 9];
/// doms[0] = 0b001; // the top-left variable holds 0
/// let mut squares = Vec::new();
/// let (_stop, stats) = net.search(&doms, &Limits::solutions(u64::MAX), |values| {
///     squares.push(values.to_vec())
/// });
/// assert_eq!(stats.solutions, 4);
/// assert!(squares.iter().all(|s| s[0] == 0));
/// ```
#[derive(Debug)]
pub struct Bitboards {
    vars: usize,
    values: usize,
    /// Every variable's bit.
    all: u128,
    /// For each variable, the other variables it shares a group with.
    neighbours: Box<[u128; MAX_VARS]>,
    /// The permutations: groups with as many variables as values, so that each value is used
    /// once in each. Only the first [`MAX_PERMUTATIONS`] take part in hidden singles and
    /// locked candidates (any others still separate their variables). Padded with empty
    /// groups, so indexing it needs no bounds check.
    groups: Box<[u128; MAX_PERMUTATIONS]>,
    /// Bit `i` for each permutation `groups[i]` in use: the low bits, one per permutation.
    live: u64,
    /// For each variable, the permutations it belongs to (bit `i`: `groups[i]`).
    member_of: Box<[u64; MAX_VARS]>,
    /// For each variable, the permutations its neighbours belong to: where a value fixed on the
    /// variable, and so cleared from its neighbours, may leave a hidden single.
    neighbour_groups: Box<[u64; MAX_VARS]>,
    /// For each permutation, the others it shares two or more variables with, as (shared
    /// variables, the other's variables outside it): a value confined to the shared part in
    /// the permutation is removed from the rest of the other (locked candidates).
    overlaps: Vec<Vec<(u128, u128)>>,
    /// Sum constraints.
    sums: Vec<Sum>,
    /// The value sets of every sum, one after the other ([`Sum::combos`] ranges over it).
    combos: Vec<u16>,
    /// Whether the network is a square of order 9 with 3×3 blocks, its variables numbered line
    /// by line, and sums whose variables share no permutation otherwise: then [`Bands`]
    /// searches it.
    banded: bool,
    /// The variables whose neighbours changed since the network was copied (a bit each): what
    /// [`Bitboards::reset_to`] copies back.
    touched: u128,
}

impl Clone for Bitboards {
    fn clone(&self) -> Self {
        Bitboards {
            vars: self.vars,
            values: self.values,
            all: self.all,
            neighbours: self.neighbours.clone(),
            groups: self.groups.clone(),
            live: self.live,
            member_of: self.member_of.clone(),
            neighbour_groups: self.neighbour_groups.clone(),
            overlaps: self.overlaps.clone(),
            sums: self.sums.clone(),
            combos: self.combos.clone(),
            banded: self.banded,
            touched: 0,
        }
    }

    /// Copies `source` into the allocations `self` already has: a caller that adds sums to a
    /// copy of one base network for every puzzle of a batch allocates nothing.
    fn clone_from(&mut self, source: &Self) {
        self.vars = source.vars;
        self.values = source.values;
        self.all = source.all;
        self.neighbours.clone_from(&source.neighbours);
        self.groups.clone_from(&source.groups);
        self.live = source.live;
        self.member_of.clone_from(&source.member_of);
        self.neighbour_groups.clone_from(&source.neighbour_groups);
        self.overlaps.clone_from(&source.overlaps);
        self.sums.clone_from(&source.sums);
        self.combos.clone_from(&source.combos);
        self.banded = source.banded;
        self.touched = 0;
    }
}

/// A sum constraint: its variables take distinct values, which together make one of the value
/// sets of `combos`.
#[derive(Debug, Clone)]
struct Sum {
    /// Its variables, a bit each.
    mask: u128,
    /// Its variables, `len` of them.
    vars: [u8; MAX_VALUES],
    len: usize,
    /// Where its value sets (a bit per value) lie in [`Bitboards::combos`].
    combos: Range<usize>,
}

/// Most groups that take part in hidden singles: one bit each in a `u64` set of groups.
const MAX_PERMUTATIONS: usize = 64;

impl Bitboards {
    /// A network without constraints, or `None` past [`MAX_VARS`] variables or outside
    /// 1..=[`MAX_VALUES`] values.
    pub fn new(vars: usize, values: usize) -> Option<Self> {
        if vars > MAX_VARS || !(1..=MAX_VALUES).contains(&values) {
            return None;
        }
        let all = if vars == 128 {
            u128::MAX
        } else {
            (1u128 << vars) - 1
        };
        Some(Bitboards {
            vars,
            values,
            all,
            neighbours: Box::new([0; MAX_VARS]),
            groups: Box::new([0; MAX_PERMUTATIONS]),
            live: 0,
            member_of: Box::new([0; MAX_VARS]),
            neighbour_groups: Box::new([0; MAX_VARS]),
            overlaps: Vec::new(),
            sums: Vec::new(),
            combos: Vec::new(),
            banded: false,
            touched: 0,
        })
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.vars
    }

    /// Requires the variables of `group` (indices below [`Bitboards::num_vars`]) to take
    /// pairwise distinct values.
    pub fn all_different(&mut self, group: &[usize]) {
        self.add_group(group);
        self.banded = self.is_banded_square();
    }

    /// Makes the variables of `group` neighbours, and `group` a permutation when it has as many
    /// variables as values.
    fn add_group(&mut self, group: &[usize]) {
        let mask = group.iter().fold(0u128, |m, &v| m | 1 << v);
        for &v in group {
            self.neighbours[v] |= mask & !(1 << v);
        }
        self.touched |= mask;
        // As many variables as values: every value is used. One variable alone is a single.
        let me = self.live.trailing_ones() as usize;
        if group.len() == self.values
            && group.len() >= 2
            && me < MAX_PERMUTATIONS
            && !self.groups[..me].contains(&mask)
        {
            for &v in group {
                self.member_of[v] |= 1 << me;
            }
            self.overlaps.push(Vec::new());
            for (i, &other) in self.groups[..me].iter().enumerate() {
                if (other & mask).count_ones() >= 2 {
                    self.overlaps[me].push((mask & other, other & !mask));
                    self.overlaps[i].push((other & mask, mask & !other));
                }
            }
            self.groups[me] = mask;
            self.live |= 1 << me;
            // Every variable with a neighbour in the new permutation.
            for (x, neighbours) in self.neighbours[..self.vars].iter().enumerate() {
                if neighbours & mask != 0 {
                    self.neighbour_groups[x] |= 1 << me;
                }
            }
        }
        // The variables of the group are neighbours now: each sees the others' permutations.
        let theirs = group.iter().fold(0, |m, &v| m | self.member_of[v]);
        for &v in group {
            self.neighbour_groups[v] |= theirs;
        }
    }

    /// Whether the permutations are exactly the lines across, the lines down and the 3×3
    /// blocks of a square of order 9 numbered line by line, and each variable's neighbours
    /// exactly its line's, column's and block's.
    fn is_banded_square(&self) -> bool {
        if self.vars != 81 || self.values != 9 || self.live != (1 << 27) - 1 {
            return false;
        }
        let line = |l: usize| 0x1ffu128 << (9 * l);
        let column = |c: usize| (0..9).fold(0u128, |m, l| m | 1 << (9 * l + c));
        let block = |b: usize| {
            let (l, c) = (b / 3 * 3, b % 3 * 3);
            (0..9).fold(0u128, |m, i| m | 1 << (9 * (l + i / 3) + c + i % 3))
        };
        let mut wanted: Vec<u128> = (0..9)
            .flat_map(|i| [line(i), column(i), block(i)])
            .collect();
        let mut have = self.groups[..27].to_vec();
        wanted.sort_unstable();
        have.sort_unstable();
        wanted == have
            && (0..81).all(|v| {
                let (l, c) = (v / 9, v % 9);
                let peers = line(l) | column(c) | block(l / 3 * 3 + c / 3);
                self.neighbours[v] == peers & !(1 << v)
            })
    }

    /// Requires the variables of `group` (at most 16) to take distinct values that together
    /// make one of the value sets `combos` (a bit per value), such as the sets of values that
    /// reach a cage's total. An empty `combos` has no solution. A group whose variables are
    /// pairwise neighbours already (inside one group, say) adds no all-different of its own.
    #[inline(always)]
    pub fn sum(&mut self, group: &[usize], combos: &[u16]) {
        assert!(group.len() <= MAX_VALUES, "a sum has at most 16 variables");
        let mask = group.iter().fold(0u128, |m, &v| m | 1 << v);
        let mut vars = [0u8; MAX_VALUES];
        for (slot, &v) in vars.iter_mut().zip(group) {
            *slot = v as u8;
        }
        let start = self.combos.len();
        self.combos.extend_from_slice(combos);
        self.sums.push(Sum {
            mask,
            vars,
            len: group.len(),
            combos: start..self.combos.len(),
        });
        // A group already pairwise distinct (part of a group) adds no constraint of its own.
        // The band state checks the variables of a sum apart itself; it cannot search a new
        // permutation.
        // Variables sharing a permutation are neighbours: most groups end there, with one word
        // per variable rather than two.
        let shared = group.iter().fold(self.live, |g, &v| g & self.member_of[v]);
        if shared == 0
            && group
                .iter()
                .any(|&v| self.neighbours[v] | 1 << v != self.neighbours[v] | mask)
        {
            let live = self.live;
            self.add_group(group);
            self.banded &= self.live == live;
        }
    }

    /// Makes this network `base` again, when it is a copy of `base` (a clone, or
    /// [`Clone::clone_from`]) that has only gained groups and sums since: a caller that adds
    /// sums to a copy of one base network for every puzzle of a batch copies back only the
    /// variables those changed, unless a new permutation changed more.
    pub fn reset_to(&mut self, base: &Bitboards) {
        debug_assert_eq!((self.vars, self.values), (base.vars, base.values));
        if self.live != base.live {
            self.clone_from(base);
            return;
        }
        each_bit(self.touched, |v| {
            self.neighbours[v] = base.neighbours[v];
            self.neighbour_groups[v] = base.neighbour_groups[v];
        });
        self.touched = 0;
        // The base's own sums come first; those added since follow them.
        self.sums.truncate(base.sums.len());
        self.combos.truncate(base.combos.len());
        self.banded = base.banded;
    }

    /// Searches for assignments within the initial domains `doms` (a bit per value below
    /// `values`, one domain per variable), calling `on_solution` with each variable's value.
    /// Stops as `limits` say.
    pub fn search(
        &self,
        doms: &[u16],
        limits: &Limits,
        mut on_solution: impl FnMut(&[usize]),
    ) -> (Stop, Stats) {
        assert_eq!(doms.len(), self.vars, "one domain per variable");
        debug_assert!(
            doms.iter().all(|&d| u32::from(d) >> self.values == 0),
            "domains hold values below {}",
            self.values
        );
        macro_rules! run {
            ($($v:literal)*) => {
                match self.values {
                    9 if self.banded => {
                        self.run(Bands::new(self, doms), limits, true, &mut on_solution)
                    }
                    $($v => self.run(State::<$v>::new(self, doms), limits, true, &mut on_solution),)*
                    _ => unreachable!("checked in Bitboards::new"),
                }
            };
        }
        run!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
    }
}

/// A search state of a [`Bitboards`]: what the search propagates, branches on and copies on
/// each guess.
trait Kernel: Copy {
    /// What the root's propagation keeps from one round to the next.
    type Root;
    /// The root's memory before its first round.
    fn root(net: &Bitboards) -> Self::Root;
    /// Propagates to fixpoint, with the root's extra rules when `root` is given; `false` on a
    /// conflict.
    fn propagate(
        &mut self,
        net: &Bitboards,
        stats: &mut Stats,
        root: Option<&mut Self::Root>,
    ) -> bool;
    /// The variable and value to branch on at a fixpoint; `None` when every variable is fixed.
    fn choose(&self, net: &Bitboards) -> Option<(usize, usize)>;
    /// Fixes `var` to `value`.
    fn place(&mut self, net: &Bitboards, var: usize, value: usize);
    /// Removes `value` from `var`.
    fn remove(&mut self, net: &Bitboards, var: usize, value: usize);
    /// Writes each variable's value, once every variable is fixed.
    fn values(&self, out: &mut [usize; MAX_VARS]);
}

/// The variable to branch on among `open` (not empty): one with the fewest values, the one with
/// the most open neighbours among those (its guess reaches furthest), then the lowest. `three`
/// and `four` hold the variables with at least three and four values; `count` gives the values of
/// one variable when every open one has four or more.
#[inline(always)]
fn fewest_values(
    net: &Bitboards,
    open: u128,
    three: u128,
    four: u128,
    count: impl Fn(usize) -> u32,
) -> usize {
    // At a fixpoint every open variable has at least two values.
    let fewest = if open & !three != 0 {
        open & !three
    } else if open & !four != 0 {
        open & !four
    } else {
        let mut best = (u32::MAX, 0u128);
        each_bit(open, |var| {
            let n = count(var);
            if n < best.0 {
                best = (n, 0);
            }
            if n == best.0 {
                best.1 |= 1 << var;
            }
        });
        best.1
    };
    let mut best = (0, 0);
    each_bit(fewest, |var| {
        let degree = (net.neighbours[var % MAX_VARS] & open).count_ones() + 1;
        if degree > best.0 {
            best = (degree, var);
        }
    });
    best.1
}

/// Calls `f` with the index of each set bit of `x`, lowest first. Goes word by word: a
/// `u128`'s `trailing_zeros` and `x & (x - 1)` cost a branch and two words each.
#[inline(always)]
pub(super) fn each_bit(x: u128, mut f: impl FnMut(usize)) {
    let mut lo = x as u64;
    while lo != 0 {
        f(lo.trailing_zeros() as usize);
        lo &= lo - 1;
    }
    let mut hi = (x >> 64) as u64;
    while hi != 0 {
        f(64 + hi.trailing_zeros() as usize);
        hi &= hi - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rng;
    use std::time::Instant;

    fn count(net: &Bitboards, doms: &[u16]) -> (u64, Vec<Vec<usize>>) {
        let mut seen = Vec::new();
        let (stop, stats) = net.search(doms, &Limits::solutions(u64::MAX), |v| {
            seen.push(v.to_vec())
        });
        assert_eq!(stop, Stop::Exhausted);
        assert_eq!(stats.solutions, seen.len() as u64);
        (stats.solutions, seen)
    }

    /// A square of order n: its lines across and down, and its k×k blocks when `blocks`.
    fn square(n: usize, k: usize, blocks: bool) -> Bitboards {
        let mut net = Bitboards::new(n * n, n).unwrap();
        for i in 0..n {
            net.all_different(&(0..n).map(|j| i * n + j).collect::<Vec<_>>());
            net.all_different(&(0..n).map(|j| j * n + i).collect::<Vec<_>>());
            if blocks {
                let (r, c) = (i / k * k, i % k * k);
                net.all_different(
                    &(0..n)
                        .map(|j| (r + j / k) * n + c + j % k)
                        .collect::<Vec<_>>(),
                );
            }
        }
        net
    }

    #[test]
    fn counts_latin_squares_with_and_without_blocks() {
        let (latin, squares) = count(&square(4, 2, false), &[0b1111; 16]);
        assert_eq!(latin, 576);
        squares
            .iter()
            .for_each(|s| assert!(s.iter().all(|&v| v < 4)));
        let distinct: std::collections::HashSet<_> = squares.into_iter().collect();
        assert_eq!(distinct.len(), 576, "each solution once");
        assert_eq!(count(&square(4, 2, true), &[0b1111; 16]).0, 288);
    }

    #[test]
    fn clone_from_forgets_the_sums_and_groups_it_overwrites() {
        let latin = square(4, 2, false);
        let blocked = square(4, 2, true);
        let mut net = blocked.clone();
        // The top-left pair takes {0, 1} and the variables (0, 5) differ: fewer squares.
        net.sum(&[0, 1], &[0b0011]);
        net.all_different(&[0, 5]);
        let with_sums = count(&net, &[0b1111; 16]).0;
        assert!(with_sums < 288, "{with_sums}");
        net.clone_from(&latin);
        assert_eq!(count(&net, &[0b1111; 16]).0, 576);
        net.clone_from(&blocked);
        assert_eq!(count(&net, &[0b1111; 16]).0, 288);
    }

    #[test]
    fn reset_to_undoes_the_groups_and_sums_added_since_the_copy() {
        let blocked = square(4, 2, true);
        let (_, plain) = count(&blocked, &[0b1111; 16]);
        let same = |net: &Bitboards| {
            assert_eq!(net.neighbours, blocked.neighbours);
            assert_eq!(net.neighbour_groups, blocked.neighbour_groups);
            assert_eq!((net.live, net.banded), (blocked.live, blocked.banded));
            assert!(net.sums.is_empty() && net.combos.is_empty() && net.touched == 0);
            assert_eq!(count(net, &[0b1111; 16]).1, plain);
        };
        let mut net = blocked.clone();
        for _ in 0..2 {
            // A sum across two blocks and a pair: new neighbours, no new permutation.
            net.sum(&[1, 2], &[0b0011]);
            net.all_different(&[0, 15]);
            assert!(count(&net, &[0b1111; 16]).0 < 288);
            net.reset_to(&blocked);
            same(&net);
        }
        // The main diagonal as a permutation: more than neighbours changed.
        net.all_different(&[0, 5, 10, 15]);
        assert_ne!(net.live, blocked.live);
        net.reset_to(&blocked);
        same(&net);
        // A base with a sum of its own keeps it.
        let mut summed = blocked.clone();
        summed.sum(&[0, 1], &[0b0011]);
        let (kept, _) = count(&summed, &[0b1111; 16]);
        let mut net = summed.clone();
        net.sum(&[2, 3], &[0b0011]);
        assert_eq!(
            count(&net, &[0b1111; 16]).0,
            0,
            "both pairs take {{0, 1}} in one line"
        );
        net.reset_to(&summed);
        assert_eq!((net.sums.len(), net.combos.len()), (1, 1));
        assert_eq!(count(&net, &[0b1111; 16]).0, kept);
    }

    #[test]
    fn clashing_fixed_values_have_no_solution() {
        let mut doms = [0b1111u16; 16];
        doms[0] = 0b0001;
        doms[1] = 0b0001; // same line, same value
        let (stop, stats) = square(4, 2, true).search(&doms, &Limits::solutions(1), |_| {});
        assert_eq!((stop, stats.solutions), (Stop::Exhausted, 0));
    }

    #[test]
    fn limits_stop_the_search() {
        let net = square(9, 3, true);
        let doms = [0x1ff; 81];
        let (stop, stats) = net.search(&doms, &Limits::solutions(3), |_| {});
        assert_eq!((stop, stats.solutions), (Stop::SolutionLimit, 3));
        let nodes = Limits {
            solutions: u64::MAX,
            nodes: Some(100),
            deadline: None,
        };
        let (stop, stats) = net.search(&doms, &nodes, |_| {});
        assert_eq!(stop, Stop::NodeLimit);
        assert_eq!(stats.nodes, 100, "{stats:?}");
        let now = Limits {
            solutions: u64::MAX,
            nodes: None,
            deadline: Some(Instant::now()),
        };
        assert_eq!(net.search(&doms, &now, |_| {}).0, Stop::Timeout);
    }

    #[test]
    fn groups_past_the_hidden_single_limit_still_separate_their_variables() {
        // Cycles of two-variable groups over two values: more groups than MAX_PERMUTATIONS.
        // An even cycle alternates its values (two ways), an odd one cannot.
        for (len, solutions) in [(100, 2), (99, 0)] {
            let mut net = Bitboards::new(len, 2).unwrap();
            for i in 0..len {
                net.all_different(&[i, (i + 1) % len]);
            }
            let (n, found) = count(&net, &vec![0b11; len]);
            assert_eq!(n, solutions, "cycle of {len}");
            for s in found {
                assert!((0..len).all(|i| s[i] != s[(i + 1) % len]));
            }
        }
    }

    #[test]
    fn sums_find_exactly_the_solutions_of_random_small_networks() {
        let mut rng = Rng::new(11);
        for case in 0..300 {
            let vars = 3 + rng.below(4); // 3..=6
            let values = 2 + rng.below(3); // 2..=4
            let mut net = Bitboards::new(vars, values).unwrap();
            let mut groups = Vec::new();
            let mut sums: Vec<(Vec<usize>, Vec<u16>)> = Vec::new();
            for i in 0..1 + rng.below(4) {
                let size = (1 + rng.below(values)).min(vars);
                let mut g: Vec<usize> = (0..vars).collect();
                rng.shuffle(&mut g);
                g.truncate(size);
                if i % 2 == 0 {
                    net.all_different(&g);
                } else {
                    // a few value sets of the group's size, as a sum's combinations would be
                    let combos: Vec<u16> = (0..1u16 << values)
                        .filter(|m| m.count_ones() as usize == size && rng.below(2) == 0)
                        .collect();
                    net.sum(&g, &combos);
                    sums.push((g.clone(), combos));
                }
                groups.push(g);
            }
            let doms = random_domains(&mut rng, vars, values);
            let mut expected: Vec<Vec<usize>> = brute_force(vars, values, &groups, &doms)
                .into_iter()
                .filter(|a| {
                    sums.iter().all(|(g, combos)| {
                        combos.contains(&g.iter().fold(0u16, |m, &v| m | 1 << a[v]))
                    })
                })
                .collect();
            let (_, mut found) = count(&net, &doms);
            expected.sort();
            found.sort();
            assert_eq!(
                found, expected,
                "case {case}: groups {groups:?} sums {sums:?} doms {doms:?}"
            );
        }
    }

    /// A domain per variable: a quarter of them random subsets (empty ones included), the rest
    /// every value.
    fn random_domains(rng: &mut Rng, vars: usize, values: usize) -> Vec<u16> {
        let full = (1u16 << values) - 1;
        (0..vars)
            .map(|_| match rng.below(4) {
                0 => full & rng.below(1 << values) as u16,
                _ => full,
            })
            .collect()
    }

    /// Every assignment of `values` values to the variables that keeps `doms` and the groups.
    fn brute_force(
        vars: usize,
        values: usize,
        groups: &[Vec<usize>],
        doms: &[u16],
    ) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut a = vec![0; vars];
        'all: for code in 0..values.pow(vars as u32) {
            let mut c = code;
            for x in a.iter_mut() {
                *x = c % values;
                c /= values;
            }
            for (x, d) in a.iter().zip(doms) {
                if d >> x & 1 == 0 {
                    continue 'all;
                }
            }
            for g in groups {
                for (i, &p) in g.iter().enumerate() {
                    if g[i + 1..].iter().any(|&q| a[p] == a[q]) {
                        continue 'all;
                    }
                }
            }
            out.push(a.clone());
        }
        out
    }

    #[test]
    fn finds_exactly_the_solutions_of_random_small_networks() {
        let mut rng = Rng::new(7);
        for case in 0..300 {
            let vars = 3 + rng.below(5); // 3..=7
            let values = 2 + rng.below(3); // 2..=4
            let mut net = Bitboards::new(vars, values).unwrap();
            let mut groups = Vec::new();
            for _ in 0..1 + rng.below(5) {
                // groups of 2..=values variables: some are permutations, some not
                let size = (2 + rng.below(values - 1)).min(vars);
                let mut g: Vec<usize> = (0..vars).collect();
                for i in 0..size {
                    let j = i + rng.below(vars - i);
                    g.swap(i, j);
                }
                g.truncate(size);
                net.all_different(&g);
                groups.push(g);
            }
            let doms = random_domains(&mut rng, vars, values);
            let mut expected = brute_force(vars, values, &groups, &doms);
            let (_, mut found) = count(&net, &doms);
            expected.sort();
            found.sort();
            assert_eq!(
                found, expected,
                "case {case}: groups {groups:?} doms {doms:?}"
            );
        }
    }

    /// The domains after naked and hidden singles to fixpoint, by the rules written out one
    /// variable and one group at a time; `None` on a conflict.
    fn singles_fixpoint(net: &Bitboards, doms: &[u16]) -> Option<Vec<u16>> {
        let mut doms = doms.to_vec();
        let groups: Vec<u128> = net.groups[..net.live.count_ones() as usize].to_vec();
        loop {
            let before = doms.clone();
            for x in 0..doms.len() {
                if doms[x].count_ones() == 1 {
                    (0..doms.len())
                        .filter(|&y| net.neighbours[x] >> y & 1 == 1)
                        .for_each(|y| doms[y] &= !doms[x]);
                }
            }
            for &g in &groups {
                for value in 0..net.values {
                    let places: Vec<usize> = (0..doms.len())
                        .filter(|&x| g >> x & 1 == 1 && doms[x] >> value & 1 == 1)
                        .collect();
                    match places[..] {
                        [] => return None,
                        [x] => doms[x] &= 1 << value,
                        _ => {}
                    }
                }
            }
            if doms.contains(&0) {
                return None;
            }
            if doms == before {
                return Some(doms);
            }
        }
    }

    #[test]
    fn propagation_reaches_the_singles_fixpoint() {
        // Order 9 with 3×3 blocks: random fixed values from a solution, and random values
        // struck out elsewhere, so that some cases end in a conflict.
        let net = square(9, 3, true);
        let mut rng = Rng::new(11);
        let (mut conflicts, mut fixed_before, mut fixed) = (0, 0, 0);
        for case in 0..400 {
            let mut doms = vec![0x1ffu16; 81];
            for (x, d) in doms.iter_mut().enumerate() {
                let (r, c) = (x / 9, x % 9);
                let value = (r * 3 + r / 3 + c) % 9;
                if rng.below(100) < 35 {
                    *d = 1 << value;
                } else if rng.below(100) < 5 {
                    *d &= !(1 << rng.below(9));
                }
            }
            let mut state = State::<9>::new(&net, &doms);
            let found = state.propagate(&net, &mut Stats::default(), None).then(|| {
                (0..81)
                    .map(|x| (0..9).fold(0u16, |d, v| d | ((state.boards[v] >> x & 1) as u16) << v))
                    .collect::<Vec<_>>()
            });
            let expected = singles_fixpoint(&net, &doms);
            assert_eq!(found, expected, "case {case}: doms {doms:?}");
            match expected {
                None => conflicts += 1,
                Some(d) => {
                    fixed_before += doms.iter().filter(|d| d.count_ones() == 1).count();
                    fixed += d.iter().filter(|d| d.count_ones() == 1).count();
                }
            }
        }
        // Both outcomes occur (40 conflicts), and singles fix far more than were fixed
        // (16,361 variables fixed from 10,310).
        assert!((20..380).contains(&conflicts), "{conflicts} conflicts");
        assert!(
            fixed > fixed_before * 3 / 2,
            "{fixed} fixed from {fixed_before}"
        );
    }
}
