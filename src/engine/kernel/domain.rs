//! Bitset domains: the set of value indices `0..d` a variable may still take.
//!
//! Bit `i` set means "value index `i` is still possible". One machine word holds domains of up
//! to 64 values (`u16`, `u32`, `u64`, chosen by the caller to fit `d`); [`Wide`] strings several
//! `u64` words together for larger domains. All types are `Copy`, so saving and restoring state
//! never allocates.

use std::fmt::Debug;

/// A set of value indices, stored as bits. Every operation is a handful of word operations.
pub trait Domain: Copy + Eq + Debug + Send + Sync + 'static {
    /// The largest number of values this representation holds.
    const CAPACITY: usize;
    /// The empty set.
    fn empty() -> Self;
    /// The set `{0, 1, …, d-1}`. `d` must not exceed [`Domain::CAPACITY`].
    fn full(d: usize) -> Self;
    /// The set `{v}`.
    fn singleton(v: usize) -> Self;
    /// Whether `v` is in the set.
    fn contains(&self, v: usize) -> bool;
    /// Adds `v`.
    fn insert(&mut self, v: usize);
    /// Removes `v`.
    fn remove(&mut self, v: usize);
    /// Number of values in the set.
    fn len(&self) -> u32;
    /// Whether the set is empty.
    fn is_empty(&self) -> bool;
    /// The smallest value, if any.
    fn min(&self) -> Option<usize>;
    /// The largest value, if any.
    fn max(&self) -> Option<usize>;
    /// Set intersection.
    fn and(self, other: Self) -> Self;
    /// Set union.
    fn or(self, other: Self) -> Self;
    /// The values of `self` that are not in `other`.
    fn minus(self, other: Self) -> Self;
    /// The set folded into one word, for hashing: the set's own bits up to 64 values.
    fn digest(&self) -> u64;

    /// The only value when the set has exactly one.
    fn single(&self) -> Option<usize> {
        if self.len() == 1 { self.min() } else { None }
    }
    /// Whether the set has exactly one value. Cheaper than `len() == 1` on a word, where
    /// counting bits costs a dozen instructions on a CPU without a popcount instruction.
    fn is_single(&self) -> bool {
        self.len() == 1
    }
    /// Whether the two sets share a value.
    fn intersects(self, other: Self) -> bool {
        !self.and(other).is_empty()
    }
    /// The values in increasing order.
    fn iter(self) -> DomainIter<Self> {
        DomainIter(self)
    }
}

/// Iterator over the values of a domain, smallest first.
#[derive(Debug, Clone)]
pub struct DomainIter<D>(D);

impl<D: Domain> Iterator for DomainIter<D> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        let v = self.0.min()?;
        self.0.remove(v);
        Some(v)
    }
}

macro_rules! word_domain {
    ($t:ty) => {
        impl Domain for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            #[inline]
            fn empty() -> Self {
                0
            }
            #[inline]
            fn full(d: usize) -> Self {
                debug_assert!(d <= Self::CAPACITY, "domain size {d} exceeds capacity");
                if d >= Self::CAPACITY {
                    <$t>::MAX
                } else {
                    (1 << d) - 1
                }
            }
            #[inline]
            fn singleton(v: usize) -> Self {
                1 << v
            }
            #[inline]
            fn contains(&self, v: usize) -> bool {
                (*self >> v) & 1 != 0
            }
            #[inline]
            fn insert(&mut self, v: usize) {
                *self |= 1 << v;
            }
            #[inline]
            fn remove(&mut self, v: usize) {
                *self &= !(1 << v);
            }
            #[inline]
            fn len(&self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn is_empty(&self) -> bool {
                *self == 0
            }
            #[inline]
            fn min(&self) -> Option<usize> {
                if *self == 0 {
                    None
                } else {
                    Some(self.trailing_zeros() as usize)
                }
            }
            #[inline]
            fn max(&self) -> Option<usize> {
                if *self == 0 {
                    None
                } else {
                    Some((<$t>::BITS - 1 - self.leading_zeros()) as usize)
                }
            }
            #[inline]
            fn is_single(&self) -> bool {
                *self != 0 && *self & (*self - 1) == 0
            }
            #[inline]
            fn single(&self) -> Option<usize> {
                if *self != 0 && *self & (*self - 1) == 0 {
                    Some(self.trailing_zeros() as usize)
                } else {
                    None
                }
            }
            #[inline]
            fn and(self, other: Self) -> Self {
                self & other
            }
            #[inline]
            fn or(self, other: Self) -> Self {
                self | other
            }
            #[inline]
            fn minus(self, other: Self) -> Self {
                self & !other
            }
            #[inline]
            fn digest(&self) -> u64 {
                u64::from(*self)
            }
        }
    };
}

word_domain!(u16);
word_domain!(u32);
word_domain!(u64);

/// A domain of up to `64 * W` values, in `W` words, lowest values in word 0.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Wide<const W: usize>([u64; W]);

impl<const W: usize> Domain for Wide<W> {
    const CAPACITY: usize = 64 * W;
    fn empty() -> Self {
        Wide([0; W])
    }
    fn full(d: usize) -> Self {
        debug_assert!(d <= Self::CAPACITY, "domain size {d} exceeds capacity");
        let mut words = [0u64; W];
        for (i, w) in words.iter_mut().enumerate() {
            let lo = i * 64;
            *w = if d >= lo + 64 {
                u64::MAX
            } else if d > lo {
                (1u64 << (d - lo)) - 1
            } else {
                0
            };
        }
        Wide(words)
    }
    fn singleton(v: usize) -> Self {
        let mut s = Self::empty();
        s.insert(v);
        s
    }
    fn contains(&self, v: usize) -> bool {
        (self.0[v / 64] >> (v % 64)) & 1 != 0
    }
    fn insert(&mut self, v: usize) {
        self.0[v / 64] |= 1 << (v % 64);
    }
    fn remove(&mut self, v: usize) {
        self.0[v / 64] &= !(1 << (v % 64));
    }
    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn min(&self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }
    fn max(&self) -> Option<usize> {
        self.0
            .iter()
            .rposition(|&w| w != 0)
            .map(|i| i * 64 + 63 - self.0[i].leading_zeros() as usize)
    }
    fn and(self, other: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
    fn or(self, other: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
    fn minus(self, other: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }
    fn digest(&self) -> u64 {
        self.0.iter().fold(0, |h, &w| h.rotate_left(29) ^ w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same script of operations must give the same answers in every representation.
    fn exercise<D: Domain>(d: usize) {
        let full = D::full(d);
        assert_eq!(full.len() as usize, d);
        assert_eq!(full.min(), if d == 0 { None } else { Some(0) });
        assert_eq!(full.max(), d.checked_sub(1));
        assert_eq!(D::empty().max(), None);
        assert!(D::empty().is_empty());
        let mut s = full;
        s.remove(0);
        s.remove(d - 1);
        assert_eq!(s.len() as usize, d - 2);
        assert!(!s.contains(0) && s.contains(1) && !s.contains(d - 1));
        assert_eq!((s.min(), s.max()), (Some(1), Some(d - 2)));
        assert_eq!(s.single(), None);
        let one = D::singleton(d - 1);
        assert_eq!(one.single(), Some(d - 1));
        assert!(one.is_single() && !s.is_single() && !D::empty().is_single());
        assert!(!one.intersects(s));
        assert_eq!(s.or(one).len() as usize, d - 1);
        assert_eq!(full.minus(s).iter().collect::<Vec<_>>(), vec![0, d - 1]);
        assert_eq!(full.and(one), one);
        let mut t = D::empty();
        t.insert(2);
        t.insert(d - 2);
        assert_eq!(t.iter().collect::<Vec<_>>(), vec![2, d - 2]);
    }

    #[test]
    fn word_domains_agree_on_the_script() {
        exercise::<u16>(9);
        exercise::<u16>(16);
        exercise::<u32>(25);
        exercise::<u32>(32);
        exercise::<u64>(36);
        exercise::<u64>(64);
    }

    #[test]
    fn wide_domains_cross_word_boundaries() {
        exercise::<Wide<2>>(81);
        exercise::<Wide<2>>(128);
        exercise::<Wide<4>>(200);
        let mut s = Wide::<2>::empty();
        s.insert(63);
        s.insert(64);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![63, 64]);
        assert_eq!((s.min(), s.max()), (Some(63), Some(64)));
        s.remove(64);
        assert_eq!(s.max(), Some(63));
        assert_eq!(Wide::<2>::full(64).len(), 64);
        assert!(!Wide::<2>::full(64).contains(64));
    }
}
