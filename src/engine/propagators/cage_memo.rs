//! A cage-sum propagator's memo: the results of its combination pass by their input, in a
//! direct-mapped table.

use super::Domain;

/// Most variables a cage may have for its results to be remembered: a slot holds `2k + 5`
/// domains, so a large cage would fill caches with slots that rarely repeat.
pub(super) const MEMO_MAX_VARS: usize = 8;
/// Slots in a cage's memo (a power of two): 2,048 was faster than 512, and 8,192 slower, as a
/// slot missed in the processor cache costs more than the pass it saves. Wide domains and
/// large cages get fewer: see [`MEMO_BYTES`].
pub(super) const MEMO_SLOTS: usize = 2048;
/// Most bytes of slots a cage's memo holds (its tags aside): 2,048 slots of a 5-variable cage of
/// `u16` domains fit, and a model of hundreds of cages over wide domains keeps its memos to
/// tens of megabytes.
pub(super) const MEMO_BYTES: usize = 64 * 1024;

/// A direct-mapped table of the combination pass's results. The input is the cage's domains
/// (after the forced values are taken out), the values it must hold and the combinations its
/// choice variable allows; the result is each variable's supported values, the values every
/// combination needs (or that no combination fits) and the combinations that fit. The pass is
/// a function of that input alone, and a search meets the same cage states again and again as
/// it backtracks: on hard instances the memo answers a quarter of the passes or more.
#[derive(Debug, Clone)]
pub(super) struct Memo<D> {
    /// Each slot's hash (odd), or 0 when empty.
    tags: Vec<u64>,
    /// Each slot, `2k + 5` domains: the `k` domains, the must-hold set and the allowed
    /// combinations (the key, checked in full), then the `k` supports, the required set,
    /// whether a combination fits (empty when none does) and the combinations that fit.
    slots: Vec<D>,
}

/// What a combination pass found: each variable's supported values, the values every fitting
/// combination holds (`None` when none fits), and the fitting combinations (by index, when
/// the cage has a choice variable).
pub(super) type Found<'a, D> = (&'a [D], Option<D>, D);

impl<D: Domain> Memo<D> {
    #[cfg(test)]
    pub(super) fn new(k: usize) -> Self {
        Memo::within(k, MEMO_BYTES)
    }

    /// A table of at most `bytes` for a cage of `k` variables (none under one slot's size).
    pub(super) fn within(k: usize, bytes: usize) -> Self {
        let fit = bytes / ((2 * k + 5) * std::mem::size_of::<D>());
        let planned = if k > MEMO_MAX_VARS || fit == 0 {
            0
        } else {
            // The largest power of two that fits, at most MEMO_SLOTS.
            MEMO_SLOTS.min(1 << fit.ilog2())
        };
        Memo {
            tags: vec![0; planned],
            slots: vec![D::empty(); planned * (2 * k + 5)],
        }
    }

    /// The hash of an input (odd, so never the empty tag) and its slot.
    pub(super) fn locate(&self, doms: &[D], must: D, allowed: D) -> (u64, usize) {
        let h = doms
            .iter()
            .fold(must.digest() ^ allowed.digest().rotate_left(7), |h, d| {
                (h.rotate_left(23) ^ d.digest()).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            });
        (h | 1, (h >> 32) as usize & (self.tags.len() - 1))
    }

    /// The result remembered for `doms`, `must` and `allowed`, if any.
    pub(super) fn get(&self, doms: &[D], must: D, allowed: D) -> Option<Found<'_, D>> {
        if self.tags.is_empty() {
            return None;
        }
        let k = doms.len();
        let (tag, slot) = self.locate(doms, must, allowed);
        let entry = &self.slots[slot * (2 * k + 5)..(slot + 1) * (2 * k + 5)];
        let fits = !entry[2 * k + 4].is_empty();
        (self.tags[slot] == tag
            && entry[..k] == *doms
            && entry[k] == must
            && entry[k + 1] == allowed)
            .then(|| {
                (
                    &entry[k + 2..2 * k + 2],
                    fits.then_some(entry[2 * k + 2]),
                    entry[2 * k + 3],
                )
            })
    }

    pub(super) fn put(&mut self, doms: &[D], must: D, allowed: D, found: Found<'_, D>) {
        if self.tags.is_empty() {
            return;
        }
        let k = doms.len();
        let (support, required, alive) = found;
        let (tag, slot) = self.locate(doms, must, allowed);
        self.tags[slot] = tag;
        let entry = &mut self.slots[slot * (2 * k + 5)..(slot + 1) * (2 * k + 5)];
        entry[..k].copy_from_slice(doms);
        entry[k] = must;
        entry[k + 1] = allowed;
        entry[k + 2..2 * k + 2].copy_from_slice(support);
        entry[2 * k + 2] = required.unwrap_or(D::empty());
        entry[2 * k + 3] = alive;
        entry[2 * k + 4] = if required.is_some() {
            D::singleton(0)
        } else {
            D::empty()
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memos_are_sized_to_their_cage_and_domain_width() {
        // A 5-variable cage over `u16` domains gets the full table; wide domains and large cages
        // fewer slots, never over the byte budget; a cage past MEMO_MAX_VARS gets none.
        assert_eq!(Memo::<u16>::new(5).tags.len(), MEMO_SLOTS);
        for (k, memo) in [(8, Memo::<u64>::new(8)), (1, Memo::<u64>::new(1))] {
            let slots = memo.tags.len();
            let bytes = slots * (2 * k + 5) * 8;
            assert!(
                slots.is_power_of_two() && slots < MEMO_SLOTS,
                "{k} variables: {slots}"
            );
            assert!(bytes <= MEMO_BYTES, "{k} variables: {slots} slots");
            assert!(
                2 * bytes > MEMO_BYTES,
                "{k} variables: the largest that fits"
            );
        }
        assert_eq!(Memo::<u16>::new(MEMO_MAX_VARS + 1).tags.len(), 0);
        // A smaller budget gives fewer slots, or none below one slot.
        let small = Memo::<u16>::within(5, 4096);
        assert_eq!(small.tags.len(), 128);
        assert!(small.slots.len() * 2 <= 4096);
        assert!(Memo::<u16>::within(5, 10).tags.is_empty());
        let mut memo = Memo::<u16>::within(1, 1024);
        let doms = [0b11u16];
        memo.put(&doms, 0, 0, (&doms, Some(0), 0));
        assert!(memo.get(&doms, 0, 0).is_some());
    }
}
