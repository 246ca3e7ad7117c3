//! The pass over a [`Bitboards`]'s sums that both search states run: each sum
//! whose variables changed keeps the value sets its domains still allow.

use super::{Bitboards, MAX_VALUES, MAX_VARS, Sum};

/// The variables of every sum with a variable in `changed`, a bit each.
#[inline(always)]
pub(super) fn needed(net: &Bitboards, changed: u128) -> u128 {
    net.sums
        .iter()
        .filter(|sum| sum.mask & changed != 0)
        .fold(0u128, |n, sum| n | sum.mask)
}

/// The sums with a variable in `changed` keep only the value sets that hold every fixed value,
/// fit in the union of the domains and meet every domain; each variable keeps the values of
/// those sets, and one that is not fixed loses the fixed values of its sum. `doms` holds the
/// domains (a bit per value) of at least the variables of those sums; `remove(var, values)`
/// takes values from a variable. `None` when a sum has no set left or two of its variables
/// hold the same fixed value, else whether a value was removed.
///
/// The fixed values are kept apart here because a search state may fix a variable without
/// clearing its value from every variable of its sums (the band state clears lines, blocks
/// and columns only). The sets alone would find a clash only once the sum is full.
#[inline(always)]
pub(super) fn filter(
    net: &Bitboards,
    changed: u128,
    doms: &[u16; MAX_VARS],
    mut remove: impl FnMut(usize, u16),
) -> Option<bool> {
    let mut removed = false;
    for sum in &net.sums {
        if sum.mask & changed == 0 {
            continue;
        }
        // Most sums have at most eight variables: half the lanes for each set's check.
        removed |= if sum.len <= 8 {
            filter_one::<8>(net, sum, doms, &mut remove)?
        } else {
            filter_one::<MAX_VALUES>(net, sum, doms, &mut remove)?
        };
    }
    Some(removed)
}

/// [`filter`] on one sum of at most `L` variables.
#[inline(always)]
fn filter_one<const L: usize>(
    net: &Bitboards,
    sum: &Sum,
    doms: &[u16; MAX_VARS],
    remove: &mut impl FnMut(usize, u16),
) -> Option<bool> {
    let vars = &sum.vars[..sum.len.min(L)];
    // Padded with domains that meet every set, so that the check of a set runs over all `L`
    // lanes without a branch.
    let mut variables = [u16::MAX; L];
    let (mut fixed, mut twice, mut union) = (0u16, 0u16, 0u16);
    for (d, &var) in variables.iter_mut().zip(vars) {
        *d = doms[var as usize % MAX_VARS];
        // All ones when the variable is fixed, without a branch: which ones are is not
        // predictable.
        let single = u16::from(*d & d.wrapping_sub(1) != 0).wrapping_sub(1);
        twice |= fixed & *d & single;
        fixed |= *d & single;
        union |= *d;
    }
    if twice != 0 {
        return None;
    }
    // A set adding no value to those allowed is not checked against the domains, and the pass
    // stops once every value of the union is allowed.
    let mut allowed = 0u16;
    for &m in &net.combos[sum.combos.clone()] {
        // One test for "holds every fixed value" and "fits in the union".
        if (fixed & !m | m & !union) == 0
            && m & !allowed != 0
            && variables.iter().fold(true, |all, &d| all & (d & m != 0))
        {
            allowed |= m;
            if allowed == union {
                break;
            }
        }
    }
    if allowed == 0 {
        return None;
    }
    let open_holds_fixed = || {
        variables[..vars.len()]
            .iter()
            .any(|&d| d & d.wrapping_sub(1) != 0 && d & fixed != 0)
    };
    if union & !allowed == 0 && (fixed == 0 || !open_holds_fixed()) {
        return Some(false);
    }
    let mut removed = false;
    for (&d, &var) in variables.iter().zip(vars) {
        let single = d & d.wrapping_sub(1) == 0;
        let out = d & !allowed | if single { 0 } else { d & fixed };
        if out != 0 {
            remove(var as usize, out);
            removed = true;
        }
    }
    Some(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network of `vars` variables and 9 values with one sum over `group`, its value sets
    /// those of `total` (values 0..9 weigh 1..=9), and the values `filter` removes from `doms`.
    fn filtered(vars: usize, group: &[usize], total: u64, doms: &[u16]) -> Option<Vec<u16>> {
        let mut net = Bitboards::new(vars, 9).unwrap();
        let weights: Vec<u64> = (1..=9).collect();
        net.sum(
            group,
            &crate::engine::combinations_cached::<u16>(&weights, group.len(), total),
        );
        let mut all = [0u16; MAX_VARS];
        all[..doms.len()].copy_from_slice(doms);
        let mut out = doms.to_vec();
        filter(&net, net.all, &all, |var, values| out[var] &= !values)?;
        Some(out)
    }

    #[test]
    fn a_sum_keeps_the_values_of_the_sets_its_domains_allow() {
        // Three variables making 7 (1+2+4): the 1 is fixed, so the others hold 2 and 4.
        let doms = [0b1, 0b1_1111_1111, 0b1_1111_1111];
        assert_eq!(
            filtered(3, &[0, 1, 2], 7, &doms),
            Some(vec![0b1, 0b1010, 0b1010])
        );
        // Two variables making 17 (8+9) with 9 struck out of both: nothing left.
        assert_eq!(filtered(2, &[0, 1], 17, &[0xff, 0xff]), None);
    }

    #[test]
    fn fixed_values_of_a_sum_are_kept_apart_without_neighbours() {
        // Variables 0 and 2 both fixed to weight 3, in a sum of 10: every domain meets the set
        // {1, 3, 6}, but the two fixed variables clash.
        assert_eq!(
            filtered(3, &[0, 1, 2], 10, &[0b100, 0b1_1111_1111, 0b100]),
            None
        );
        // One fixed value leaves the open variables of the sum, whatever the sets allow.
        let doms = [0b100, 0b1_1111_1111, 0b1_1111_1111];
        let out = filtered(3, &[0, 1, 2], 15, &doms).unwrap();
        assert_eq!(out[0], 0b100);
        assert_eq!(out[1] & 0b100, 0);
        assert_eq!(out[2] & 0b100, 0);
    }
}
