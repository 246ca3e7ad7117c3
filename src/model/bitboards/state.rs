//! The search state of a [`Bitboards`]: each value's board of the variables
//! that can still take it, and one propagation round over it (naked and hidden singles, locked
//! candidates, sums).

use super::{Bitboards, Kernel, MAX_PERMUTATIONS, MAX_VARS, Stats, each_bit, fewest_values, sums};

/// The search state: copied on each guess.
#[derive(Clone, Copy)]
pub(super) struct State<const V: usize> {
    /// For each value, the variables that can still take it.
    pub(super) boards: [u128; V],
    /// Variables with one value whose neighbours no longer have it.
    pub(super) solved: u128,
    /// For each value, the permutations to scan for its hidden singles: every one where it
    /// lost a place since its last scan, and a few more (fixing a variable marks its
    /// permutations for every value, not only for those it had).
    pub(super) dirty: [u64; V],
    /// For each value, the permutation groups where a solved variable holds it.
    pub(super) done: [u64; V],
    /// Each board as it was at the last pass over the sums.
    pub(super) summed: [u128; V],
}

impl<const V: usize> State<V> {
    /// The state of domains `doms`, before any propagation.
    pub(super) fn new(net: &Bitboards, doms: &[u16]) -> Self {
        let mut state = State {
            boards: [net.all; V],
            solved: 0,
            // The first scan looks at every group.
            dirty: [net.live; V],
            done: [0; V],
            // Nothing seen yet: the first pass looks at every sum.
            summed: [0; V],
        };
        // The variables whose domains are not full (mostly fixed ones), found without a branch
        // per variable; each then puts its own values back on boards it is cleared from.
        // Clearing each missing value instead cost a read-modify-write per missing value.
        let full = u16::MAX >> (16 - V);
        // Sixteen variables at a time, in a form the compiler turns into vector compares.
        let mut narrowed = 0u128;
        for (i, chunk) in doms.chunks(16).enumerate() {
            let mut bits = 0u16;
            for (j, &d) in chunk.iter().enumerate() {
                bits |= u16::from(d & full != full) << j;
            }
            narrowed |= u128::from(bits) << (16 * i % MAX_VARS);
        }
        let mut kept = [0u128; V];
        each_bit(narrowed, |v| {
            let mut d = doms[v] & full;
            while d != 0 {
                kept[d.trailing_zeros() as usize % V] |= 1 << v;
                d &= d - 1;
            }
        });
        for (b, k) in state.boards.iter_mut().zip(kept) {
            *b = *b & !narrowed | k;
        }
        state
    }

    /// Fixes `var` to `value` and clears the value from its neighbours.
    #[inline(always)]
    pub(super) fn place(&mut self, net: &Bitboards, var: usize, value: usize) {
        let var = var % MAX_VARS;
        let bit = 1u128 << var;
        for (b, dirty) in self.boards.iter_mut().zip(&mut self.dirty) {
            *b &= !bit;
            *dirty |= net.member_of[var];
        }
        self.boards[value] |= bit;
        self.boards[value] &= !net.neighbours[var];
        self.dirty[value] |= net.neighbour_groups[var];
        self.solved |= bit;
        self.done[value] |= net.member_of[var];
    }

    /// Removes `value` from `var`.
    #[inline(always)]
    pub(super) fn remove(&mut self, net: &Bitboards, var: usize, value: usize) {
        self.boards[value % V] &= !(1u128 << (var % MAX_VARS));
        self.dirty[value % V] |= net.member_of[var % MAX_VARS];
    }

    /// Runs the singles to fixpoint, and then locked candidates too when `locked` holds the
    /// boards of their last pass; `false` on a conflict.
    #[inline(always)]
    pub(super) fn propagate(
        &mut self,
        net: &Bitboards,
        stats: &mut Stats,
        mut locked: Option<&mut [u128; V]>,
    ) -> bool {
        loop {
            stats.propagations += 1;
            let (mut once, mut twice) = (0u128, 0u128);
            for &b in &self.boards {
                twice |= once & b;
                once |= b;
            }
            if once != net.all {
                return false; // a variable has no value left
            }
            let singles = once & !twice & !self.solved;
            if singles != 0 {
                // Each single's value, read off bit planes of the value indices: four bits hold
                // any value below MAX_VALUES.
                let mut planes = [0u128; 4];
                for (value, &b) in self.boards.iter().enumerate() {
                    for (k, plane) in planes.iter_mut().enumerate() {
                        if value >> k & 1 == 1 {
                            *plane |= b;
                        }
                    }
                }
                each_bit(singles, |var| {
                    let bit = 1u128 << var;
                    let value = planes
                        .iter()
                        .enumerate()
                        .fold(0, |v, (k, &p)| v | usize::from(p & bit != 0) << k);
                    let var = var % MAX_VARS;
                    // Two singles with the same value in one group clear each other: the
                    // next round sees an empty variable.
                    self.boards[value % V] &= !net.neighbours[var];
                    self.done[value % V] |= net.member_of[var];
                    self.dirty[value % V] |= net.neighbour_groups[var];
                });
                self.solved |= singles;
                continue;
            }
            // Hidden singles, in the groups where a value lost a place since its last scan and
            // that do not hold it yet.
            let mut placed = false;
            let all_groups = &*net.groups;
            for value in 0..V {
                let mut groups = self.dirty[value] & !self.done[value];
                self.dirty[value] = 0;
                // The value's board in registers, reloaded only when a single is placed.
                let mut board = self.boards[value];
                while groups != 0 {
                    let group = all_groups[groups.trailing_zeros() as usize % MAX_PERMUTATIONS];
                    groups &= groups - 1;
                    let t = board & group;
                    if t & t.wrapping_sub(1) == 0 {
                        if t == 0 {
                            return false; // the value has no place in the group
                        }
                        let var = t.trailing_zeros() as usize;
                        self.place(net, var, value);
                        board = self.boards[value];
                        // The variable's other groups hold the value now.
                        groups &= !net.member_of[var % MAX_VARS];
                        placed = true;
                    }
                }
            }
            if placed {
                continue;
            }
            // Sums run at every fixpoint, a full assignment included: that is where they
            // check the last values.
            match self.sums(net) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            let more = match locked.as_deref_mut() {
                Some(last) => self.solved != net.all && self.locked_candidates(net, last),
                None => false,
            };
            if !more {
                return true;
            }
        }
    }

    /// [`sums::filter`] on the sums whose variables changed since the last pass: `None` on a
    /// conflict, else whether a value was removed.
    #[inline(always)]
    pub(super) fn sums(&mut self, net: &Bitboards) -> Option<bool> {
        if net.sums.is_empty() {
            return Some(false);
        }
        let mut changed = 0u128;
        for (seen, &b) in self.summed.iter_mut().zip(&self.boards) {
            changed |= *seen ^ b;
            *seen = b;
        }
        // The variables of the sums to look at, and their domains (a bit per value), read off
        // the boards once: a u128 shift per variable and value costs more than the pass.
        let needed = sums::needed(net, changed);
        if needed == 0 {
            return Some(false);
        }
        let mut doms = [0u16; MAX_VARS];
        for (value, &b) in self.boards.iter().enumerate() {
            each_bit(b & needed, |var| doms[var % MAX_VARS] |= 1 << value);
        }
        sums::filter(net, changed, &doms, |var, mut out| {
            while out != 0 {
                self.remove(net, var, out.trailing_zeros() as usize);
                out &= out - 1;
            }
        })
    }

    /// Locked candidates: in a permutation where a value's places all lie in the part it
    /// shares with another permutation, the value leaves the rest of the other. Looks only at
    /// the permutations that lost a place for the value since `last` (each board as it was at
    /// the previous pass, updated here). `true` when something was removed.
    #[inline(always)]
    pub(super) fn locked_candidates(&mut self, net: &Bitboards, last: &mut [u128; V]) -> bool {
        let mut removed = false;
        for (value, last) in last.iter_mut().enumerate() {
            let lost = *last & !self.boards[value];
            if lost == 0 {
                continue;
            }
            let mut groups = 0u64;
            if *last == net.all {
                groups = net.live; // the first pass
            } else {
                each_bit(lost, |var| groups |= net.member_of[var % MAX_VARS]);
            }
            // The board in registers; written back if the pass took places from it.
            let mut board = self.boards[value];
            *last = board;
            groups &= !self.done[value];
            while groups != 0 {
                let g = groups.trailing_zeros() as usize;
                groups &= groups - 1;
                let places = board & net.groups[g % MAX_PERMUTATIONS];
                for &(shared, outside) in &net.overlaps[g] {
                    if places & !shared == 0 {
                        board &= !outside;
                    }
                }
            }
            if board != *last {
                self.boards[value] = board;
                self.dirty[value] = net.live;
                removed = true;
            }
        }
        removed
    }

    /// An unfixed variable with the fewest values and its smallest value; `None` when every
    /// variable is fixed. Call at a fixpoint. Among the variables with the fewest values, the one
    /// with the most unfixed neighbours wins (then the lowest index): its guess reaches furthest.
    #[inline(always)]
    pub(super) fn choose(&self, net: &Bitboards) -> Option<(usize, usize)> {
        let unsolved = net.all & !self.solved;
        if unsolved == 0 {
            return None;
        }
        // Bit-sliced counts: variables with at least 1, 2, 3, 4 values.
        let (mut c1, mut c2, mut c3, mut c4) = (0u128, 0u128, 0u128, 0u128);
        for &b in &self.boards {
            c4 |= c3 & b;
            c3 |= c2 & b;
            c2 |= c1 & b;
            c1 |= b;
        }
        let var = fewest_values(net, unsolved, c3, c4, |var| {
            self.boards.iter().filter(|&&b| b >> var & 1 == 1).count() as u32
        });
        let value = (0..V).find(|&value| self.boards[value] >> var & 1 == 1)?;
        Some((var, value))
    }
}

impl<const V: usize> Kernel for State<V> {
    /// The boards at the last locked-candidates pass. Locked candidates pay at the root only: at
    /// every node they cost more than the guesses they saved on royle and forum-hardest.
    type Root = [u128; V];

    fn root(net: &Bitboards) -> [u128; V] {
        [net.all; V]
    }

    #[inline(always)]
    fn propagate(
        &mut self,
        net: &Bitboards,
        stats: &mut Stats,
        root: Option<&mut [u128; V]>,
    ) -> bool {
        State::propagate(self, net, stats, root)
    }

    #[inline(always)]
    fn choose(&self, net: &Bitboards) -> Option<(usize, usize)> {
        State::choose(self, net)
    }

    #[inline(always)]
    fn place(&mut self, net: &Bitboards, var: usize, value: usize) {
        State::place(self, net, var, value);
    }

    #[inline(always)]
    fn remove(&mut self, net: &Bitboards, var: usize, value: usize) {
        State::remove(self, net, var, value);
    }

    fn values(&self, out: &mut [usize; MAX_VARS]) {
        for (value, &b) in self.boards.iter().enumerate() {
            each_bit(b, |var| out[var % MAX_VARS] = value);
        }
    }
}
