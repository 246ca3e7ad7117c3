//! Learnt clauses stored one after another in a single vector of words, named by their offset.
//!
//! Each clause is a header of four words (its length, its LBD, its activity as `f32` bits, and
//! where the last search for a literal to watch ended) followed by its literals (numbers the search gives them), so that visiting a clause touches one stretch of memory and no
//! clause has an allocation of its own. Deleting marks a clause; [`ClauseArena::compact`] later
//! moves the live ones down over the gaps and says where each went.

const HEADER: usize = 4;
/// The LBD word of a deleted clause.
const DELETED: u32 = u32::MAX;

/// The clauses, in order of addition.
#[derive(Debug, Default)]
pub(super) struct ClauseArena {
    words: Vec<u32>,
    /// Clauses not deleted.
    live: usize,
}

impl ClauseArena {
    /// Adds a clause of at least two literals; returns its name.
    pub(super) fn add(&mut self, lits: &[u32], lbd: u32, activity: f32) -> u32 {
        debug_assert!(lits.len() >= 2 && lbd != DELETED);
        let at = self.words.len() as u32;
        self.words
            .extend([lits.len() as u32, lbd, activity.to_bits(), 2]);
        self.words.extend_from_slice(lits);
        self.live += 1;
        at
    }

    /// The literals of clause `c`.
    pub(super) fn lits(&self, c: u32) -> &[u32] {
        let c = c as usize;
        &self.words[c + HEADER..c + HEADER + self.words[c] as usize]
    }

    /// The literals of clause `c`, to reorder.
    pub(super) fn lits_mut(&mut self, c: u32) -> &mut [u32] {
        let c = c as usize;
        let len = self.words[c] as usize;
        &mut self.words[c + HEADER..c + HEADER + len]
    }

    /// The literals of clause `c`, to reorder, and the index where the last search for a
    /// literal to watch among `lits[2..]` ended, so that the next one starts there: in a long
    /// clause the literals just before it are likely still false.
    pub(super) fn lits_and_search(&mut self, c: u32) -> (&mut [u32], &mut u32) {
        let c = c as usize;
        let len = self.words[c] as usize;
        let (header, rest) = self.words[c..c + HEADER + len].split_at_mut(HEADER);
        (rest, &mut header[3])
    }

    pub(super) fn lbd(&self, c: u32) -> u32 {
        self.words[c as usize + 1]
    }

    pub(super) fn activity(&self, c: u32) -> f32 {
        f32::from_bits(self.words[c as usize + 2])
    }

    /// Adds `inc` to clause `c`'s activity; true when it passed `limit`.
    pub(super) fn bump(&mut self, c: u32, inc: f32, limit: f32) -> bool {
        let a = self.activity(c) + inc;
        self.words[c as usize + 2] = a.to_bits();
        a > limit
    }

    /// Multiplies every clause's activity by `factor`.
    pub(super) fn scale_activities(&mut self, factor: f32) {
        let mut c = 0;
        while c < self.words.len() {
            let a = f32::from_bits(self.words[c + 2]) * factor;
            self.words[c + 2] = a.to_bits();
            c += HEADER + self.words[c] as usize;
        }
    }

    /// The names of the clauses not deleted, in order.
    pub(super) fn live_clauses(&self) -> impl Iterator<Item = u32> + '_ {
        let mut c = 0;
        std::iter::from_fn(move || {
            while c < self.words.len() {
                let at = c;
                c += HEADER + self.words[c] as usize;
                if self.words[at + 1] != DELETED {
                    return Some(at as u32);
                }
            }
            None
        })
    }

    /// How many clauses are not deleted.
    pub(super) fn live(&self) -> usize {
        self.live
    }

    pub(super) fn is_deleted(&self, c: u32) -> bool {
        self.lbd(c) == DELETED
    }

    /// Marks clause `c` deleted; its words stay until [`ClauseArena::compact`].
    pub(super) fn delete(&mut self, c: u32) {
        if !self.is_deleted(c) {
            self.words[c as usize + 1] = DELETED;
            self.live -= 1;
        }
    }

    /// Moves the live clauses down over the deleted ones, keeping their order; returns each
    /// moved clause's old and new names, by old name ascending.
    pub(super) fn compact(&mut self) -> Vec<(u32, u32)> {
        let mut moved = Vec::with_capacity(self.live);
        let (mut from, mut to) = (0, 0);
        while from < self.words.len() {
            let size = HEADER + self.words[from] as usize;
            if self.words[from + 1] != DELETED {
                self.words.copy_within(from..from + size, to);
                moved.push((from as u32, to as u32));
                to += size;
            }
            from += size;
        }
        self.words.truncate(to);
        moved
    }
}

/// Where clause `c` went, by the map [`ClauseArena::compact`] returned.
pub(super) fn relocated(moved: &[(u32, u32)], c: u32) -> Option<u32> {
    moved
        .binary_search_by_key(&c, |&(old, _)| old)
        .ok()
        .map(|i| moved[i].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compaction_keeps_the_live_clauses_and_says_where_they_went() {
        let mut arena = ClauseArena::default();
        let clauses: Vec<Vec<u32>> = (0..6u32).map(|i| (0..2 + i).collect()).collect();
        let names: Vec<u32> = clauses
            .iter()
            .enumerate()
            .map(|(i, lits)| arena.add(lits, i as u32, i as f32))
            .collect();
        for &c in &[names[0], names[3], names[4]] {
            arena.delete(c);
        }
        arena.delete(names[3]);
        assert_eq!(arena.live(), 3);
        let moved = arena.compact();
        assert_eq!(moved.len(), 3);
        for i in [1, 2, 5] {
            let c = relocated(&moved, names[i]).unwrap();
            assert_eq!(arena.lits(c), &clauses[i][..]);
            assert_eq!((arena.lbd(c), arena.activity(c)), (i as u32, i as f32));
        }
        assert_eq!(relocated(&moved, names[3]), None);
        let live: Vec<u32> = arena.live_clauses().collect();
        assert_eq!(
            live,
            [1, 2, 5].map(|i| relocated(&moved, names[i]).unwrap())
        );
    }

    #[test]
    fn bumping_reports_passing_the_limit_and_scaling_brings_it_back() {
        let mut arena = ClauseArena::default();
        let c = arena.add(&[2, 5], 2, 1.0);
        assert!(!arena.bump(c, 2.0, 10.0));
        assert!(arena.bump(c, 8.0, 10.0));
        arena.scale_activities(0.5);
        assert_eq!(arena.activity(c), 5.5);
        arena.lits_mut(c).swap(0, 1);
        assert_eq!(arena.lits(c), &[5, 2]);
    }
}
