//! The trail: old domains saved on change, so that backtracking restores them.
//!
//! Each checkpoint gets a fresh id; a variable is saved at most once per checkpoint (its stamp
//! remembers the checkpoint that saved it). Restoring pops entries back to the checkpoint's
//! mark. Buffers grow once and are reused, so search does not allocate after warm-up.

use super::{Domain, VarId};

#[derive(Debug)]
pub(crate) struct Trail<D> {
    entries: Vec<(VarId, D)>,
    /// Checkpoint id that last saved each variable.
    stamps: Vec<u64>,
    /// Id of the innermost open checkpoint (0 = root, never restored).
    current: u64,
    next_id: u64,
    /// For each open checkpoint: trail length at its start and the id it replaced.
    marks: Vec<(usize, u64)>,
}

impl<D: Domain> Trail<D> {
    pub(crate) fn new() -> Self {
        Trail {
            entries: Vec::new(),
            stamps: Vec::new(),
            current: 0,
            next_id: 0,
            marks: Vec::new(),
        }
    }

    pub(crate) fn add_var(&mut self) {
        self.stamps.push(0);
    }

    /// Number of entries: a mark for [`Trail::vars_since`].
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The variables saved since the trail had `from` entries (each changed one, once per
    /// checkpoint), oldest first.
    pub(crate) fn vars_since(&self, from: usize) -> impl Iterator<Item = VarId> + '_ {
        self.entries[from.min(self.entries.len())..]
            .iter()
            .map(|&(v, _)| v)
    }

    /// Number of open checkpoints (the search depth).
    pub(crate) fn depth(&self) -> usize {
        self.marks.len()
    }

    pub(crate) fn checkpoint(&mut self) {
        self.marks.push((self.entries.len(), self.current));
        self.next_id += 1;
        self.current = self.next_id;
    }

    /// Saves `old` as the value of `var` to restore, unless already saved since the checkpoint.
    #[inline]
    pub(crate) fn save(&mut self, var: VarId, old: D) {
        if self.current != 0 && self.stamps[var.index()] != self.current {
            self.stamps[var.index()] = self.current;
            self.entries.push((var, old));
        }
    }

    /// Restores every domain changed since the innermost checkpoint and closes it.
    pub(crate) fn restore(&mut self, doms: &mut [D]) {
        let Some((len, previous)) = self.marks.pop() else {
            return;
        };
        for (var, old) in self.entries.drain(len..).rev() {
            doms[var.index()] = old;
        }
        self.current = previous;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restore_undoes_exactly_the_changes_since_the_checkpoint() {
        let mut doms: Vec<u16> = vec![0b111; 3];
        let mut trail = Trail::<u16>::new();
        (0..3).for_each(|_| trail.add_var());
        // root changes are permanent
        trail.save(VarId(0), doms[0]);
        doms[0] = 0b011;
        trail.checkpoint();
        trail.save(VarId(1), doms[1]);
        doms[1] = 0b110;
        trail.save(VarId(1), doms[1]); // second change in the same checkpoint: not saved again
        doms[1] = 0b100;
        trail.checkpoint();
        trail.save(VarId(2), doms[2]);
        doms[2] = 0b001;
        trail.save(VarId(1), doms[1]);
        doms[1] = 0;
        trail.restore(&mut doms);
        assert_eq!(doms, vec![0b011, 0b100, 0b111]);
        trail.restore(&mut doms);
        assert_eq!(doms, vec![0b011, 0b111, 0b111]);
        assert_eq!(trail.depth(), 0);
        // a sibling checkpoint after backtracking saves again
        trail.checkpoint();
        trail.save(VarId(1), doms[1]);
        doms[1] = 0b001;
        trail.restore(&mut doms);
        assert_eq!(doms[1], 0b111);
    }
}
