//! The propagation queue: first in, first out, each propagator queued at most once.

use super::PropId;
use std::collections::VecDeque;

#[derive(Debug, Default)]
pub(crate) struct Queue {
    order: VecDeque<PropId>,
    queued: Vec<bool>,
}

impl Queue {
    pub(crate) fn add_prop(&mut self) {
        self.queued.push(false);
    }

    /// Queues `p` unless it is already waiting.
    #[inline]
    pub(crate) fn push(&mut self, p: PropId) {
        let flag = &mut self.queued[p.0 as usize];
        if !*flag {
            *flag = true;
            self.order.push_back(p);
        }
    }

    pub(crate) fn pop(&mut self) -> Option<PropId> {
        let p = self.order.pop_front()?;
        self.queued[p.0 as usize] = false;
        Some(p)
    }

    pub(crate) fn clear(&mut self) {
        while self.pop().is_some() {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_propagator_waits_at_most_once_in_fifo_order() {
        let mut q = Queue::default();
        (0..3).for_each(|_| q.add_prop());
        q.push(PropId(2));
        q.push(PropId(0));
        q.push(PropId(2));
        assert_eq!(q.pop(), Some(PropId(2)));
        q.push(PropId(2)); // may be queued again once it has left the queue
        assert_eq!(q.pop(), Some(PropId(0)));
        assert_eq!(q.pop(), Some(PropId(2)));
        assert_eq!(q.pop(), None);
        q.push(PropId(1));
        q.clear();
        assert_eq!(q.pop(), None);
        q.push(PropId(1));
        assert_eq!(q.pop(), Some(PropId(1)));
    }
}
