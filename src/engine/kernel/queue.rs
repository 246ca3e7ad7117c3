//! The propagation queue: two lanes by [`Priority`], each first in, first out; the expensive
//! lane runs only when the cheap one is empty. Each propagator is queued at most once.

use super::{Priority, PropId};
use std::collections::VecDeque;

#[derive(Debug, Default)]
pub(crate) struct Queue {
    cheap: VecDeque<PropId>,
    expensive: VecDeque<PropId>,
    queued: Vec<bool>,
    priority: Vec<Priority>,
}

impl Queue {
    pub(crate) fn add_prop(&mut self, priority: Priority) {
        self.queued.push(false);
        self.priority.push(priority);
    }

    /// Queues `p` unless it is already waiting.
    #[inline]
    pub(crate) fn push(&mut self, p: PropId) {
        let i = p.0 as usize;
        if !self.queued[i] {
            self.queued[i] = true;
            match self.priority[i] {
                Priority::Cheap => self.cheap.push_back(p),
                Priority::Expensive => self.expensive.push_back(p),
            }
        }
    }

    /// Queues each of `props` that is not already waiting (or running).
    #[inline(always)]
    pub(crate) fn push_all(&mut self, props: &[PropId]) {
        for &p in props {
            self.push(p);
        }
    }

    pub(crate) fn pop(&mut self) -> Option<PropId> {
        let p = self.pop_running()?;
        self.finished(p);
        Some(p)
    }

    /// Takes the next propagator to run. It counts as waiting until [`Queue::finished`], so
    /// that the changes it makes do not queue it again.
    pub(crate) fn pop_running(&mut self) -> Option<PropId> {
        self.cheap
            .pop_front()
            .or_else(|| self.expensive.pop_front())
    }

    /// Ends the run of `p` taken by [`Queue::pop_running`]: later changes queue it again.
    pub(crate) fn finished(&mut self, p: PropId) {
        self.queued[p.0 as usize] = false;
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
        (0..3).for_each(|_| q.add_prop(Priority::Cheap));
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
        // a running propagator is not queued by its own changes, until it has finished
        q.push_all(&[PropId(0), PropId(1)]);
        let running = q.pop_running();
        assert_eq!(running, Some(PropId(0)));
        q.push_all(&[PropId(0), PropId(2)]);
        q.finished(PropId(0));
        assert_eq!(q.pop(), Some(PropId(1)));
        assert_eq!(q.pop(), Some(PropId(2)));
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn expensive_propagators_wait_for_the_cheap_ones() {
        let mut q = Queue::default();
        q.add_prop(Priority::Expensive);
        q.add_prop(Priority::Cheap);
        q.add_prop(Priority::Cheap);
        q.push(PropId(0));
        q.push(PropId(1));
        assert_eq!(q.pop(), Some(PropId(1)));
        q.push(PropId(2)); // woken meanwhile: still ahead of the expensive one
        assert_eq!(q.pop(), Some(PropId(2)));
        assert_eq!(q.pop(), Some(PropId(0)));
        assert_eq!(q.pop(), None);
    }
}
