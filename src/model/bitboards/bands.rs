//! The search state of a [`Bitboards`] that is a square of order 9 with 3×3
//! blocks: each value's places kept as three 27-bit bands, with whole-band rules from tables.
//!
//! The variables are numbered line by line (variable `9 * line + column`), and a band is three
//! consecutive lines: variables `27 * band .. 27 * band + 27`, one `u32` word a value. Within a
//! band, a value takes one place in each of its three lines and in each of its three blocks, so
//! the value's *segments* (a line's three places inside one block) must hold a 3×3 permutation:
//! - **segments:** a table keeps the segments that lie on some permutation within those left
//!   (locked candidates both ways, and a conflict when there is none), in one lookup per band;
//! - **columns:** a block whose places for the value lie in one column settles that column for
//!   the value, which leaves the other two bands' words;
//! - **hidden singles:** a line with one place left takes the value there. After the segment
//!   rule, a block with one place is such a line too, so this finds the singles of lines and
//!   blocks at once;
//! - **column singles,** at every fixpoint of the rules above: a column with one open place
//!   left for a value, counted over its three bands, takes the value there;
//! - **naked singles:** bit-sliced counts over the nine words of a band, as in
//!   [`State`](super::state::State);
//! - **sums,** at every fixpoint of the rules above, as the general state runs them; a sum's
//!   variables outside one line or block are kept apart by the sum itself.
//!
//! A band is looked at again only when its word changed since its last pass. This draws at
//! least the conclusions of the general state's hidden singles, and its locked candidates at
//! every node rather than at the root only.

use super::{Bitboards, Kernel, MAX_VARS, Stats, fewest_values, sums};

/// The 27 places of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine places of a line.
const LINE: u32 = 0x1ff;
/// Lines (and values) of the square.
const N: usize = 9;

/// For each line's nine places (a bit each), its segments that hold one (three bits).
const SEGMENTS: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] =
            ((x & 0o7 != 0) as u8) | ((x & 0o70 != 0) as u8) << 1 | ((x & 0o700 != 0) as u8) << 2;
        x += 1;
    }
    t
};

/// For each 3×3 set of segments (bit `3 * line + block`), the places of the segments that lie
/// on a permutation within the set: none when the set holds no permutation.
const ON_A_PERMUTATION: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0u32; 512];
    let mut set = 0;
    while set < 512 {
        let mut kept = 0usize;
        let mut p = 0;
        while p < 6 {
            let segments = 1 << PERMUTATIONS[p][0]
                | 1 << (3 + PERMUTATIONS[p][1])
                | 1 << (6 + PERMUTATIONS[p][2]);
            if set & segments == segments {
                kept |= segments;
            }
            p += 1;
        }
        let mut places = 0u32;
        let mut s = 0;
        while s < 9 {
            if kept >> s & 1 == 1 {
                places |= 0o7 << (9 * (s / 3) + 3 * (s % 3));
            }
            s += 1;
        }
        t[set] = places;
        set += 1;
    }
    t
};

/// For a band's columns that hold the value (nine bits), the places the other two bands keep:
/// all but the columns alone in their block.
const OTHER_BANDS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut settled = 0u32;
        let mut block = 0;
        while block < 3 {
            let three = (columns >> (3 * block)) & 0o7;
            if three != 0 && three & (three - 1) == 0 {
                settled |= (three as u32) << (3 * block);
            }
            block += 1;
        }
        t[columns] = BAND & !(settled | settled << 9 | settled << 18);
        columns += 1;
    }
    t
};

/// For a line's nine places, the place when there is exactly one.
const ALONE: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut x = 0;
    while x < 512 {
        if x != 0 && x & (x - 1) == 0 {
            t[x] = x as u16;
        }
        x += 1;
    }
    t
};

/// For each place of a band, the other places of its line and block.
const PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (line, column) = (i / 9, i % 9);
        let block = column / 3 * 3;
        let mut peers = LINE << (9 * line);
        let mut l = 0;
        while l < 3 {
            peers |= 0o7 << (9 * l + block);
            l += 1;
        }
        t[i] = peers & !(1 << i);
        i += 1;
    }
    t
};

/// For each variable, its band and its bit in the band's words (the last 47 are padding, so
/// that any variable below [`MAX_VARS`] indexes the table).
const PLACES: [(usize, u32); MAX_VARS] = {
    let mut t = [(0, 0); MAX_VARS];
    let mut var = 0;
    while var < 81 {
        t[var] = (var / 27, 1 << (var % 27));
        var += 1;
    }
    t
};

/// The three places of each column in a band.
const fn column(c: usize) -> u32 {
    (1 | 1 << 9 | 1 << 18) << c
}

/// The search state: copied on each guess.
#[derive(Clone, Copy)]
pub(super) struct Bands {
    /// For word `3 * value + band`, the band's places that can still take the value. Five
    /// words of padding let an index be masked (`& 31`) rather than checked.
    words: [u32; 32],
    /// Each word as it was after its last pass.
    seen: [u32; 32],
    /// Each band's places without a value yet.
    open: [u32; 3],
    /// Each word as it was at the last pass over the sums.
    summed: [u32; 32],
    /// The same places turned around: each variable's values at the last pass over the sums,
    /// a bit each. A pass updates only the places that changed since.
    summed_doms: [u16; MAX_VARS],
    /// Whether no pass over the sums has run yet: the first looks at every sum.
    unsummed: bool,
}

/// A line, block or place with no value left.
struct Conflict;

impl Bands {
    /// The state of `net` at domains `doms` (one per variable, 81 of them), before any
    /// propagation.
    pub(super) fn new(net: &Bitboards, doms: &[u16]) -> Self {
        let mut words = [0u32; 32];
        for (band, doms) in doms.chunks_exact(27).enumerate().take(3) {
            // The places whose domains are not full (mostly fixed ones), found without a branch
            // per place; each then puts its values back on the words.
            let mut narrowed = 0u32;
            for (i, &d) in doms.iter().enumerate() {
                narrowed |= u32::from(d & LINE as u16 != LINE as u16) << i;
            }
            for value in 0..N {
                words[3 * value + band] = BAND & !narrowed;
            }
            while narrowed != 0 {
                let i = narrowed.trailing_zeros() as usize;
                narrowed &= narrowed - 1;
                let mut d = doms[i] & LINE as u16;
                while d != 0 {
                    words[(3 * d.trailing_zeros() as usize + band) & 31] |= 1 << i;
                    d &= d - 1;
                }
            }
        }
        let mut summed_doms = [0; MAX_VARS];
        if !net.sums.is_empty() {
            for (s, &d) in summed_doms.iter_mut().zip(doms) {
                *s = d & LINE as u16;
            }
        }
        Bands {
            words,
            seen: [0; 32],
            open: [BAND; 3],
            summed: words,
            summed_doms,
            unsummed: true,
        }
    }

    /// The segment, column and hidden-single rules on word `w` (value `w / 3`, band `w % 3`).
    #[inline(always)]
    fn pass(&mut self, w: usize) -> Result<(), Conflict> {
        let w = w & 31;
        let (band, first) = (w % 3, w - w % 3);
        let mut x = self.words[w];
        let segments = usize::from(SEGMENTS[x as usize & 0x1ff])
            | usize::from(SEGMENTS[(x >> 9) as usize & 0x1ff]) << 3
            | usize::from(SEGMENTS[(x >> 18) as usize & 0x1ff]) << 6;
        x &= ON_A_PERMUTATION[segments];
        if x == 0 {
            return Err(Conflict);
        }
        self.seen[w] = x;
        let keep = OTHER_BANDS[((x | x >> 9 | x >> 18) & LINE) as usize];
        for b in 0..3 {
            self.words[first + b] &= keep;
        }
        // Places alone in their line take the value: the band's other words lose them.
        let alone = u32::from(ALONE[x as usize & 0x1ff])
            | u32::from(ALONE[(x >> 9) as usize & 0x1ff]) << 9
            | u32::from(ALONE[(x >> 18) as usize & 0x1ff]) << 18;
        self.open[band] &= !alone;
        for other in 0..N {
            self.words[3 * other + band] &= !alone;
        }
        self.words[w] = x;
        Ok(())
    }

    /// The words that changed since their last pass, a bit each.
    #[inline(always)]
    fn changed(&self) -> u32 {
        let mut changed = 0;
        for (w, (&x, &seen)) in self.words.iter().zip(&self.seen).enumerate() {
            changed |= u32::from(x != seen) << w;
        }
        changed
    }

    /// Passes over every word that changed since its last pass, until none did.
    #[inline(always)]
    fn passes(&mut self) -> Result<(), Conflict> {
        loop {
            let mut changed = self.changed();
            if changed == 0 {
                return Ok(());
            }
            // Words only lose places, and only a pass sets `seen`: each stays changed.
            while changed != 0 {
                self.pass(changed.trailing_zeros() as usize)?;
                changed &= changed - 1;
            }
        }
    }

    /// Gives every open place with one value left that value: `Ok(true)` when one did.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Conflict> {
        let mut placed = false;
        for band in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for value in 0..N {
                let x = self.words[3 * value + band];
                twice |= once & x;
                once |= x;
            }
            if once != BAND {
                return Err(Conflict); // a place with no value left
            }
            let mut singles = once & !twice & self.open[band];
            while singles != 0 {
                let i = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this pass may have taken the last value.
                let value = (0..N)
                    .find(|&v| self.words[3 * v + band] >> i & 1 == 1)
                    .ok_or(Conflict)?;
                self.fix(value, band, i);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Gives each value's place alone in its column that value: `Ok(true)` when one did.
    #[inline(always)]
    fn column_singles(&mut self) -> Result<bool, Conflict> {
        let mut placed = false;
        let [open0, open1, open2] = self.open;
        for value in 0..N {
            let [a, b, c] = [0, 1, 2].map(|band| self.words[3 * value + band]);
            let all = a | b | c;
            if (all | all >> 9 | all >> 18) & LINE != LINE {
                return Err(Conflict); // a column with no place for the value
            }
            // A column where the value is fixed has no open place left for it: open places
            // counted once and twice over the three bands, then over the three lines.
            let (a, b, c) = (a & open0, b & open1, c & open2);
            let (once, twice) = (a | b | c, (a & b) | (a & c) | (b & c));
            let [o0, o1, o2] = [0, 9, 18].map(|s| once >> s & LINE);
            let many =
                (twice | twice >> 9 | twice >> 18) & LINE | (o0 & o1) | (o0 & o2) | (o1 & o2);
            let alone = (o0 | o1 | o2) & !many;
            if alone == 0 {
                continue;
            }
            let alone = alone * (1 | 1 << 9 | 1 << 18);
            for band in 0..3 {
                let mut singles = self.words[3 * value + band] & alone & self.open[band];
                while singles != 0 {
                    let i = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    // An earlier single of the value may have taken this one's line or block.
                    if self.words[3 * value + band] >> i & 1 == 0 {
                        return Err(Conflict);
                    }
                    self.place_at(value, band, i);
                    placed = true;
                }
            }
        }
        Ok(placed)
    }

    /// [`sums::filter`] on the sums whose places changed since the last pass: `Ok(true)` when
    /// a value was removed.
    #[inline(always)]
    fn sums(&mut self, net: &Bitboards) -> Result<bool, Conflict> {
        if net.sums.is_empty() {
            return Ok(false);
        }
        // Words only lose places, so each change since the last pass is a value lost:
        // flipping it brings the domains up to date.
        let mut bands = [0u32; 3];
        for (w, (seen, &x)) in self.summed.iter_mut().zip(&self.words).enumerate() {
            let band = w % 3;
            let mut flipped = *seen ^ x;
            *seen = x;
            bands[band] |= flipped;
            while flipped != 0 {
                self.summed_doms[(27 * band + flipped.trailing_zeros() as usize) % MAX_VARS] ^=
                    1 << (w / 3);
                flipped &= flipped - 1;
            }
        }
        let mut changed =
            u128::from(bands[0]) | u128::from(bands[1]) << 27 | u128::from(bands[2]) << 54;
        if std::mem::take(&mut self.unsummed) {
            changed = net.all;
        }
        if changed == 0 {
            return Ok(false);
        }
        let words = &mut self.words;
        sums::filter(net, changed, &self.summed_doms, |var, mut out| {
            let (band, bit) = PLACES[var % MAX_VARS];
            while out != 0 {
                words[(3 * out.trailing_zeros() as usize + band) & 31] &= !bit;
                out &= out - 1;
            }
        })
        .ok_or(Conflict)
    }

    /// Gives place `i` of `band`, which holds `value`, that value: clears it from the place's
    /// line and block, and from its column in the other bands.
    #[inline(always)]
    fn fix(&mut self, value: usize, band: usize, i: usize) {
        let i = i % 27;
        self.open[band % 3] &= !(1 << i);
        for (b, w) in self.words[3 * value..3 * value + 3].iter_mut().enumerate() {
            *w &= if b == band { !PEERS[i] } else { !column(i % 9) };
        }
    }
}

impl Kernel for Bands {
    type Root = ();

    fn root(_: &Bitboards) {}

    /// Naked singles first: at the root they fix the given values before any pass looks at
    /// a band, and after a guess they cost a count. Column singles, then sums, run at every
    /// fixpoint of the bands, a full assignment included: that is where sums check the last
    /// values.
    #[inline(always)]
    fn propagate(&mut self, net: &Bitboards, stats: &mut Stats, _: Option<&mut ()>) -> bool {
        let mut first = true;
        loop {
            stats.propagations += 1;
            match self.naked_singles() {
                Err(Conflict) => return false,
                Ok(false) if !first => match self.column_singles() {
                    Err(Conflict) => return false,
                    Ok(true) => {}
                    Ok(false) => match self.sums(net) {
                        Err(Conflict) => return false,
                        Ok(false) => return true,
                        Ok(true) => {}
                    },
                },
                Ok(_) => {}
            }
            first = false;
            if self.passes().is_err() {
                return false;
            }
        }
    }

    /// An open variable with the fewest values, the one with the most open neighbours among
    /// them, and its smallest value, as [`State::choose`](super::state::State) picks.
    #[inline(always)]
    fn choose(&self, net: &Bitboards) -> Option<(usize, usize)> {
        let open = u128::from(self.open[0])
            | u128::from(self.open[1]) << 27
            | u128::from(self.open[2]) << 54;
        if open == 0 {
            return None;
        }
        // Bit-sliced counts per band, then places with at least 1, 2, 3 and 4 values.
        let mut counts = [0u128; 4];
        for band in 0..3 {
            let mut c = [0u32; 4];
            for value in 0..N {
                let x = self.words[3 * value + band];
                c[3] |= c[2] & x;
                c[2] |= c[1] & x;
                c[1] |= c[0] & x;
                c[0] |= x;
            }
            for (all, part) in counts.iter_mut().zip(c) {
                *all |= u128::from(part) << (27 * band);
            }
        }
        let var = fewest_values(net, open, counts[2], counts[3], |var| {
            self.values_of(var).count_ones()
        });
        let values = self.values_of(var);
        (values != 0).then(|| (var, values.trailing_zeros() as usize))
    }

    #[inline(always)]
    fn place(&mut self, _: &Bitboards, var: usize, value: usize) {
        self.place_at(value % N, var / 27 % 3, var % 27);
    }

    #[inline(always)]
    fn remove(&mut self, _: &Bitboards, var: usize, value: usize) {
        self.words[3 * (value % N) + var / 27 % 3] &= !(1 << (var % 27));
    }

    fn values(&self, out: &mut [usize; MAX_VARS]) {
        for (w, &x) in self.words.iter().enumerate() {
            let mut x = x;
            while x != 0 {
                out[(27 * (w % 3) + x.trailing_zeros() as usize) % MAX_VARS] = w / 3;
                x &= x - 1;
            }
        }
    }
}

impl Bands {
    /// Gives place `i` of `band` `value`: the place loses its other values, then
    /// [`fix`](Self::fix).
    #[inline(always)]
    fn place_at(&mut self, value: usize, band: usize, i: usize) {
        for other in (band..27).step_by(3) {
            self.words[other] &= !(1 << i);
        }
        self.words[3 * value + band] |= 1 << i;
        self.fix(value, band, i);
    }

    /// The values `var` can still take, a bit each.
    #[inline(always)]
    fn values_of(&self, var: usize) -> u16 {
        let (band, i) = (var / 27 % 3, var % 27);
        (0..N).fold(0, |d, v| {
            d | ((self.words[3 * v + band] >> i & 1) as u16) << v
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::State;
    use super::*;
    use crate::engine::{Limits, Rng, Stop};

    /// The square of order 9 with 3×3 blocks, numbered line by line.
    fn square() -> Bitboards {
        let mut net = Bitboards::new(81, 9).unwrap();
        for i in 0..9 {
            net.all_different(&(0..9).map(|j| 9 * i + j).collect::<Vec<_>>());
            net.all_different(&(0..9).map(|j| 9 * j + i).collect::<Vec<_>>());
            let (l, c) = (i / 3 * 3, i % 3 * 3);
            net.all_different(
                &(0..9)
                    .map(|j| 9 * (l + j / 3) + c + j % 3)
                    .collect::<Vec<_>>(),
            );
        }
        net
    }

    /// Every solution `state` leads to (up to `cap`), sorted, and how the search stopped.
    fn solutions<K: Kernel>(
        net: &Bitboards,
        state: K,
        cap: u64,
        wide: bool,
    ) -> (Stop, Vec<Vec<usize>>) {
        let mut found = Vec::new();
        let limits = Limits::solutions(cap);
        let (stop, stats) = net.run(state, &limits, wide, &mut |v: &[usize]| {
            found.push(v.to_vec())
        });
        assert_eq!(stats.solutions, found.len() as u64);
        found.sort();
        (stop, found)
    }

    /// A solution of the square: a fixed pattern with its values shuffled.
    fn shuffled_solution(rng: &mut Rng) -> Vec<usize> {
        let mut symbols: Vec<usize> = (0..9).collect();
        rng.shuffle(&mut symbols);
        (0..81)
            .map(|x| symbols[(x / 9 * 3 + x / 27 + x % 9) % 9])
            .collect()
    }

    /// Domains with about `fewest` to `fewest + 29` values of `solution` fixed, and a random
    /// value struck out of a tenth of the others: some have no solution, some one, some many.
    fn random_domains(rng: &mut Rng, solution: &[usize], fewest: usize) -> Vec<u16> {
        let keep = fewest + rng.below(30);
        let mut doms = vec![0x1ffu16; 81];
        for (x, d) in doms.iter_mut().enumerate() {
            if rng.below(81) < keep {
                *d = 1 << solution[x];
            } else if rng.below(100) < 10 {
                *d &= !(1 << rng.below(9));
            }
        }
        doms
    }

    /// The solutions the band state finds from `doms` (up to `cap`), asserted to be the
    /// general state's: the same set when the search ends, the same stop otherwise.
    fn same_solutions(net: &Bitboards, doms: &[u16], cap: u64, case: &str) -> Vec<Vec<usize>> {
        // The general state on the instructions every processor has is the oracle; each
        // state runs on both builds of the search.
        let general = solutions(net, State::<9>::new(net, doms), cap, false);
        let others = [
            solutions(net, State::<9>::new(net, doms), cap, true),
            solutions(net, Bands::new(net, doms), cap, false),
            solutions(net, Bands::new(net, doms), cap, true),
        ];
        for other in &others {
            match general.0 {
                Stop::Exhausted => assert_eq!(other, &general, "{case}"),
                _ => assert_eq!(other.0, general.0, "{case}"),
            }
        }
        let [.., (_, bands)] = others;
        bands
    }

    /// Asserts that more than ten cases each had no solution, one, and several.
    fn assert_mixed(counts: &[usize]) {
        let none = counts.iter().filter(|&&c| c == 0).count();
        let one = counts.iter().filter(|&&c| c == 1).count();
        let many = counts.len() - none - one;
        assert!(none > 10 && one > 10 && many > 10, "{none} {one} {many}");
    }

    #[test]
    fn only_the_square_with_blocks_is_searched_by_bands() {
        assert!(square().banded);
        let mut diagonal = square();
        diagonal.all_different(&(0..9).map(|i| 10 * i).collect::<Vec<_>>());
        assert!(!diagonal.banded, "a tenth permutation");
        let mut pair = square();
        pair.all_different(&[0, 10]);
        assert!(
            pair.banded,
            "two variables of one block kept apart again add nothing"
        );
        pair.all_different(&[0, 40]);
        assert!(!pair.banded, "two variables of no common group");
        let mut summed = square();
        summed.sum(&[0, 1], &[0b11]);
        assert!(summed.banded, "a sum inside a line");
        summed.sum(&[0, 40, 80], &[0b111]);
        assert!(summed.banded, "a sum across lines and blocks");
        summed.sum(&[0, 1, 2, 9, 10, 11, 18, 19, 27], &[0x1ff]);
        assert!(!summed.banded, "a sum that is a tenth permutation");
        let mut paired = square();
        paired.sum(&[0, 40], &[0b11]);
        paired.all_different(&[1, 41]);
        assert!(!paired.banded, "two variables apart outside any sum");
        let mut latin = Bitboards::new(81, 9).unwrap();
        for i in 0..9 {
            latin.all_different(&(0..9).map(|j| 9 * i + j).collect::<Vec<_>>());
            latin.all_different(&(0..9).map(|j| 9 * j + i).collect::<Vec<_>>());
        }
        assert!(!latin.banded, "no blocks");
    }

    #[test]
    fn bands_find_the_solutions_the_general_state_finds() {
        // Random fixed values from a shuffled solution, and random values struck out elsewhere:
        // some cases have no solution, some one, some many.
        let net = square();
        let mut rng = Rng::new(3);
        let mut counts = Vec::new();
        for case in 0..300 {
            let solution = shuffled_solution(&mut rng);
            let doms = random_domains(&mut rng, &solution, 15);
            let found = same_solutions(&net, &doms, 200, &format!("case {case}: doms {doms:?}"));
            counts.push(found.len());
        }
        assert_mixed(&counts);
    }

    #[test]
    fn bands_with_sums_find_the_solutions_the_general_state_finds() {
        // Sums on random cells of a shuffled solution, some in one block and some across lines
        // and blocks (where the band state must keep their variables apart itself), with the
        // value sets of their solution's total; random fixed values and struck-out values
        // elsewhere.
        let mut rng = Rng::new(11);
        let weights: Vec<u64> = (1..=9).collect();
        let mut counts = Vec::new();
        for case in 0..300 {
            let solution = shuffled_solution(&mut rng);
            let mut net = square();
            let mut sums = Vec::new();
            for _ in 0..4 + rng.below(8) {
                let mut cells: Vec<usize> = if rng.below(2) == 0 {
                    let b = rng.below(9);
                    (0..9)
                        .map(|j| 9 * (b / 3 * 3 + j / 3) + b % 3 * 3 + j % 3)
                        .collect()
                } else {
                    (0..81).collect()
                };
                rng.shuffle(&mut cells);
                // Cells of distinct values in the solution, so that it meets every sum.
                let mut values = 0u16;
                cells.retain(|&c| {
                    let fresh = values >> solution[c] & 1 == 0;
                    values |= 1 << solution[c];
                    fresh
                });
                cells.truncate(2 + rng.below(3));
                cells.sort_unstable();
                let total: u64 = cells.iter().map(|&c| solution[c] as u64 + 1).sum();
                let combos =
                    crate::engine::combinations_cached::<u16>(&weights, cells.len(), total);
                net.sum(&cells, &combos);
                sums.push((cells, total));
            }
            assert!(net.banded, "case {case}");
            let doms = random_domains(&mut rng, &solution, 10);
            let found = same_solutions(&net, &doms, 100, &format!("case {case}: sums {sums:?}"));
            // Each solution checked apart from both states.
            for s in &found {
                for (cells, total) in &sums {
                    let mut seen = 0u16;
                    for &c in cells {
                        assert_eq!(
                            seen >> s[c] & 1,
                            0,
                            "case {case}: {cells:?} repeats a value"
                        );
                        seen |= 1 << s[c];
                    }
                    let sum: u64 = cells.iter().map(|&c| s[c] as u64 + 1).sum();
                    assert_eq!(sum, *total, "case {case}: {cells:?}");
                }
            }
            counts.push(found.len());
        }
        assert_mixed(&counts);
    }

    #[test]
    fn a_value_alone_in_its_column_is_placed_and_a_column_without_it_fails() {
        let net = square();
        // Value 0 struck out of column 0 but for its fifth place: no line, block or place has
        // a single, the column has.
        let mut doms = vec![0x1ffu16; 81];
        for line in (0..9).filter(|&l| l != 4) {
            doms[9 * line] &= !1;
        }
        let mut state = Bands::new(&net, &doms);
        assert!(state.propagate(&net, &mut Stats::default(), None));
        assert_eq!(state.values_of(36), 1);
        assert_eq!(
            state.values_of(37) & 1,
            0,
            "the place's line loses the value"
        );
        // Struck out of the fifth place too, the value has no place in the column.
        doms[36] &= !1;
        let mut state = Bands::new(&net, &doms);
        assert!(!state.propagate(&net, &mut Stats::default(), None));
    }

    #[test]
    fn tables_keep_the_segments_of_some_permutation() {
        // Two segments of the first line in the first two blocks, and the second and third
        // lines only in the first block: no permutation.
        assert_eq!(ON_A_PERMUTATION[0b001_001_011], 0);
        // Every segment: all places.
        assert_eq!(ON_A_PERMUTATION[0x1ff], BAND);
        // The first line only in its first block: that block leaves the other lines.
        let kept = ON_A_PERMUTATION[0b111_111_001];
        assert_eq!(kept, 0o7 | 0o770 << 9 | 0o770 << 18);
        // A block whose places lie in one column settles it for the other bands.
        assert_eq!(OTHER_BANDS[0b000_000_010] & column(1), 0);
        assert_eq!(OTHER_BANDS[0b000_000_011], BAND);
        assert_eq!(PEERS[0].count_ones(), 8 + 6);
    }
}
