//! Work sharing: searches of copies of one model, on several threads, split one search tree.
//!
//! One search starts at the root. When another is idle, a busy search gives away the right branch
//! of its shallowest open guess (everything after `x = v` at that level, `x ≠ v` included) as a
//! list of restrictions from the root, and no longer explores it itself. The receiver replays the
//! restrictions and searches that part, giving work away in turn. The searches pool their dom/wdeg
//! conflict weights: every [`Tuning::merge_every`](super::Tuning::merge_every) failures, and at the
//! start of each part, a search adds what it learnt since the last merge to a shared table and
//! takes the table as its own. The searches stop together when the tree is exhausted, the solution
//! limit is reached, or one of them hits its deadline.
//!
//! Which solution comes first then depends on timing: on a puzzle with several solutions,
//! parallel runs may report different ones. Counts, and the answer on a unique puzzle, do not.

use super::{Domain, Engine, Limits, Stop, VarId};
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Instant;

/// A part of the search tree: the restrictions that lead to it from the root.
#[derive(Debug)]
pub(crate) struct Job<D> {
    pub(crate) steps: Vec<(VarId, D)>,
}

#[derive(Debug)]
struct Pool<D> {
    jobs: Vec<Job<D>>,
    /// Searches holding a job.
    busy: usize,
    /// Searches waiting for one.
    idle: usize,
    /// Every part searched, or the searches told to stop.
    done: bool,
    /// Why the searches stopped early, if they did.
    stop: Option<Stop>,
}

/// The work and the solution count shared by the searches of one problem. Create it, then call
/// [`Engine::search_shared`] on one engine per thread, each holding the same model.
#[derive(Debug)]
pub struct Shared<D> {
    pool: Mutex<Pool<D>>,
    wake: Condvar,
    /// Idle searches less the jobs waiting for them: above zero, a busy search gives work away.
    hungry: AtomicIsize,
    /// Set when every search must stop.
    halt: AtomicBool,
    solutions: AtomicU64,
    /// The conflict weights learnt by all the searches: per propagator, per variable.
    learnt: Mutex<(Vec<u32>, Vec<u64>)>,
}

impl<D: Domain> Default for Shared<D> {
    fn default() -> Self {
        Self::new()
    }
}

impl<D: Domain> Shared<D> {
    /// Work for one search: the whole tree.
    pub fn new() -> Self {
        let root = Job { steps: Vec::new() };
        Shared {
            pool: Mutex::new(Pool {
                jobs: vec![root],
                busy: 0,
                idle: 0,
                done: false,
                stop: None,
            }),
            wake: Condvar::new(),
            hungry: AtomicIsize::new(0),
            halt: AtomicBool::new(false),
            solutions: AtomicU64::new(0),
            learnt: Mutex::new((Vec::new(), Vec::new())),
        }
    }

    /// Whether the searches have finished (a search joining now would find nothing to do).
    pub fn is_done(&self) -> bool {
        self.lock().done
    }

    /// Why the searches ended: [`Stop::Exhausted`] unless one of them stopped them all.
    pub fn stop(&self) -> Stop {
        self.lock().stop.unwrap_or(Stop::Exhausted)
    }

    /// Solutions reported so far, over every search.
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    fn lock(&self) -> MutexGuard<'_, Pool<D>> {
        // A search that panicked leaves nothing half-done in the pool: its data stays usable.
        self.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set_hungry(&self, pool: &Pool<D>) {
        let h = pool.idle as isize - pool.jobs.len() as isize;
        self.hungry.store(h, Ordering::Relaxed);
    }

    /// The next job, waiting for one; `None` when the searches are over.
    fn take(&self) -> Option<Job<D>> {
        let mut pool = self.lock();
        loop {
            if pool.done {
                return None;
            }
            if let Some(job) = pool.jobs.pop() {
                pool.busy += 1;
                self.set_hungry(&pool);
                return Some(job);
            }
            pool.idle += 1;
            self.set_hungry(&pool);
            pool = self.wake.wait(pool).unwrap_or_else(|e| e.into_inner());
            pool.idle -= 1;
            self.set_hungry(&pool);
        }
    }

    /// Whether an idle search waits for work.
    pub(crate) fn wants_work(&self) -> bool {
        self.hungry.load(Ordering::Relaxed) > 0
    }

    pub(crate) fn halted(&self) -> bool {
        self.halt.load(Ordering::Relaxed)
    }

    fn give(&self, job: Job<D>) {
        let mut pool = self.lock();
        pool.jobs.push(job);
        self.set_hungry(&pool);
        self.wake.notify_one();
    }

    /// A search finished its job, ending with `stop`.
    fn finish(&self, stop: Stop) {
        let mut pool = self.lock();
        pool.busy -= 1;
        if stop != Stop::Exhausted {
            pool.stop.get_or_insert(stop);
            pool.done = true;
            self.halt.store(true, Ordering::Relaxed);
        }
        if pool.busy == 0 && pool.jobs.is_empty() {
            pool.done = true;
        }
        if pool.done {
            self.wake.notify_all();
        }
    }

    /// Counts a solution: whether to report it (within `limit`), and whether the limit is now
    /// reached.
    pub(crate) fn count_solution(&self, limit: u64) -> (bool, bool) {
        let n = self.solutions.fetch_add(1, Ordering::Relaxed) + 1;
        (n <= limit, n >= limit)
    }
}

/// Stops every search if this one panics, so that none waits for its work forever.
struct Release<'a, D: Domain>(&'a Shared<D>);

impl<D: Domain> Drop for Release<'_, D> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let mut pool = self.0.lock();
            pool.done = true;
            self.0.halt.store(true, Ordering::Relaxed);
            self.0.wake.notify_all();
        }
    }
}

/// What a search shares: the pool, the restrictions of its job, and, for the first search, what
/// to call once to ask for help.
pub(crate) struct Sharing<'a, 'h, D> {
    pub(crate) shared: &'a Shared<D>,
    pub(crate) steps: &'a [(VarId, D)],
    pub(crate) help: Option<&'h (dyn Fn() + Sync)>,
    /// This engine's weights when last merged with the shared ones.
    pub(crate) synced: (Vec<u32>, Vec<u64>),
}

impl<D: Domain> Engine<D> {
    /// Searches a part of the tree shared with other engines holding the same model, on other
    /// threads, until all of them are done. When one is idle, a busy search gives away the right
    /// branch of its shallowest open guess; the searches pool their dom/wdeg weights every
    /// [`Tuning::merge_every`](super::Tuning::merge_every) failures. The first engine to call gets
    /// the root. `help`, if given, is called once when this search has explored
    /// [`Tuning::help_after`](super::Tuning::help_after) nodes: it should start the other engines'
    /// calls (they may also be started at once). `on_solution` gets the solutions this engine
    /// finds, up to the limit over all of them. Restarts are ignored. Returns why the searches
    /// ended, as [`Shared::stop`] does; this engine's statistics count its own part only.
    pub fn search_shared(
        &mut self,
        shared: &Shared<D>,
        limits: &Limits,
        help: Option<&(dyn Fn() + Sync)>,
        mut on_solution: impl FnMut(&[D]),
    ) -> Stop {
        let start = Instant::now();
        let _release = Release(shared);
        let restarts = self.strategy.restarts;
        self.strategy.restarts = false;
        let mut help = help;
        let mut synced = (self.weights.clone(), self.var_weights.clone());
        while let Some(job) = shared.take() {
            self.trail.checkpoint();
            let replayed = job
                .steps
                .iter()
                .all(|&(v, mask)| self.restrict(v, mask, "shared").is_ok());
            let stop = if replayed {
                let mut sharing = Sharing {
                    shared,
                    steps: &job.steps,
                    help: help.take(),
                    synced: std::mem::take(&mut synced),
                };
                self.merge_weights(&mut sharing);
                let stop = self.search_inner(limits, &mut on_solution, Some(&mut sharing), None);
                help = sharing.help;
                synced = sharing.synced;
                stop
            } else {
                Stop::Exhausted
            };
            while self.trail.depth() > 0 {
                self.trail.restore(&mut self.doms);
            }
            self.queue.clear();
            shared.finish(stop);
        }
        self.strategy.restarts = restarts;
        self.stats.time += start.elapsed();
        shared.stop()
    }

    /// Adds this engine's weight gains since the last merge to the shared weights, and takes
    /// the sum as its own.
    pub(crate) fn merge_weights(&mut self, sharing: &mut Sharing<'_, '_, D>) {
        let mut learnt = sharing
            .shared
            .learnt
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let (w, vw) = &mut *learnt;
        if w.is_empty() {
            w.clone_from(&sharing.synced.0);
            vw.clone_from(&sharing.synced.1);
        }
        merge(&mut self.weights, &mut sharing.synced.0, w);
        merge(&mut self.var_weights, &mut sharing.synced.1, vw);
    }

    /// Gives away the right branch of the shallowest guess on `path` not yet given: the job's
    /// own steps, then each level's refutations (`refuted`, by level) and guess, then the
    /// guess refuted.
    pub(crate) fn give_away(
        &self,
        path: &mut [(VarId, usize, bool)],
        refuted: &[(usize, VarId, usize)],
        sharing: &Sharing<'_, '_, D>,
    ) {
        let Some(level) = path.iter().position(|p| !p.2) else {
            return;
        };
        let mut steps = sharing.steps.to_vec();
        let not = |value| D::full(D::CAPACITY).minus(D::singleton(value));
        let mut r = refuted.iter().peekable();
        for (l, &(var, value, _)) in path.iter().enumerate().take(level + 1) {
            while let Some(&&(_, v, x)) = r.peek().filter(|e| e.0 == l) {
                steps.push((v, not(x)));
                r.next();
            }
            steps.push((
                var,
                if l < level {
                    D::singleton(value)
                } else {
                    not(value)
                },
            ));
        }
        path[level].2 = true;
        sharing.shared.give(Job { steps });
    }
}

/// Adds each weight's gain since the last merge (`own − last`) to the shared one (`all`), and
/// sets `own` and `last` to the sum.
fn merge<T>(own: &mut [T], last: &mut [T], all: &mut [T])
where
    T: Copy + std::ops::AddAssign + std::ops::Sub<Output = T>,
{
    for ((own, last), all) in own.iter_mut().zip(last).zip(all) {
        *all += *own - *last;
        *own = *all;
        *last = *all;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Heuristic, Strategy};
    use std::collections::HashSet;

    /// An n×n Latin square (the search tests' model) under dom/wdeg.
    fn latin(n: usize) -> Engine<u16> {
        let mut e = crate::engine::search::depth_first::tests::latin(n);
        e.set_strategy(Strategy {
            heuristic: Heuristic::DomWdeg,
            ..Strategy::default()
        });
        e
    }

    /// Runs `threads` engines made by `model` on one shared tree, all started at once: why
    /// they stopped, every solution reported (with repeats), and each engine's node count.
    fn shared_run(
        threads: usize,
        model: impl Fn() -> Engine<u16> + Sync,
        limits: Limits,
    ) -> (Stop, Vec<Vec<usize>>, Vec<u64>) {
        let shared = Shared::new();
        let found = Mutex::new(Vec::new());
        let nodes = Mutex::new(Vec::new());
        let stops: Vec<Stop> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        let mut e = model();
                        let stop = e.search_shared(&shared, &limits, None, |d| {
                            found.lock().unwrap().push(Engine::values_of(d));
                        });
                        nodes.lock().unwrap().push(e.stats().nodes);
                        assert_eq!(e.trail.depth(), 0, "the engine is back at the root");
                        stop
                    })
                })
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert!(stops.iter().all(|&s| s == shared.stop()), "{stops:?}");
        (
            shared.stop(),
            found.into_inner().unwrap(),
            nodes.into_inner().unwrap(),
        )
    }

    #[test]
    fn shared_searches_find_every_solution_once() {
        for threads in [1, 2, 3, 4] {
            for _ in 0..5 {
                let (stop, found, _) =
                    shared_run(threads, || latin(4), Limits::solutions(u64::MAX));
                assert_eq!(stop, Stop::Exhausted);
                let distinct: HashSet<_> = found.iter().collect();
                assert_eq!(found.len(), 576, "{threads} threads");
                assert_eq!(distinct.len(), 576, "{threads} threads: a solution twice");
            }
        }
    }

    #[test]
    fn shared_searches_stop_at_the_solution_limit() {
        // Latin squares of order 5: 161,280, far more than the limit.
        for _ in 0..5 {
            let (stop, found, _) = shared_run(2, || latin(5), Limits::solutions(3_000));
            assert_eq!(stop, Stop::SolutionLimit);
            assert_eq!(found.len(), 3_000, "exactly the limit, over both searches");
            assert_eq!(found.iter().collect::<HashSet<_>>().len(), 3_000);
        }
    }

    #[test]
    fn a_helper_called_in_gets_a_share_of_the_tree() {
        // Every Latin square of order 5 (161,280). The first search asks for help after
        // `help_after` nodes and goes on once the helper waits for work, so it gives the helper a
        // branch that only the helper will search, whatever the load on the machine.
        let shared = Shared::new();
        let limits = Limits::solutions(u64::MAX);
        let found = Mutex::new(HashSet::new());
        let keep = |d: &[u16]| {
            let code = d
                .iter()
                .fold(0u128, |c, v| c << 3 | v.trailing_zeros() as u128);
            assert!(found.lock().unwrap().insert(code), "a solution twice");
        };
        let helper_nodes = Mutex::new(0);
        let stop = std::thread::scope(|s| {
            let help = || {
                s.spawn(|| {
                    let mut e = latin(5);
                    e.search_shared(&shared, &limits, None, keep);
                    *helper_nodes.lock().unwrap() = e.stats().nodes;
                });
                while !shared.wants_work() {
                    std::thread::yield_now();
                }
            };
            latin(5).search_shared(&shared, &limits, Some(&help), keep)
        });
        assert_eq!(stop, Stop::Exhausted);
        assert_eq!(found.lock().unwrap().len(), 161_280);
        assert!(*helper_nodes.lock().unwrap() > 0, "the helper got no work");
    }

    #[test]
    fn shared_searches_prove_unsatisfiability() {
        // Seven variables over six values, pairwise different: hundreds of failures.
        let pigeons = crate::engine::search::depth_first::tests::pigeons;
        let mut alone = pigeons();
        let mut none = 0;
        alone.search(&Limits::solutions(1), |_| none += 1);
        for threads in [2, 3] {
            let (stop, found, nodes) = shared_run(threads, pigeons, Limits::solutions(1));
            assert_eq!((stop, found.len()), (Stop::Exhausted, 0));
            assert!(nodes.iter().sum::<u64>() >= alone.stats().nodes / 2);
        }
        assert_eq!(none, 0);
    }

    #[test]
    fn a_given_branch_replays_the_path_to_it() {
        let e = latin(3);
        let shared = Shared::<u16>::new();
        let prefix = [(VarId(8), 0b100)];
        let sharing = Sharing {
            shared: &shared,
            steps: &prefix,
            help: None,
            synced: (Vec::new(), Vec::new()),
        };
        // Level 0: x1 ≠ 0 was refuted, then x2 = 1 guessed; level 1: x3 ≠ 2, then x4 = 0.
        let mut path = vec![(VarId(2), 1, false), (VarId(4), 0, false)];
        let refuted = [(0, VarId(1), 0), (1, VarId(3), 2)];
        e.give_away(&mut path, &refuted, &sharing);
        e.give_away(&mut path, &refuted, &sharing);
        e.give_away(&mut path, &refuted, &sharing); // nothing left to give
        assert!(path.iter().all(|p| p.2));
        let mut pool = shared.lock();
        assert_eq!(pool.jobs.len(), 3, "the root and two given branches");
        let full = u16::full(16);
        let second = pool.jobs.pop().unwrap();
        let first = pool.jobs.pop().unwrap();
        assert_eq!(
            first.steps,
            [
                (VarId(8), 0b100),
                (VarId(1), full & !0b1),
                (VarId(2), full & !0b10)
            ]
        );
        assert_eq!(
            second.steps,
            [
                (VarId(8), 0b100),
                (VarId(1), full & !0b1),
                (VarId(2), 0b10),
                (VarId(3), full & !0b100),
                (VarId(4), full & !0b1)
            ]
        );
    }

    /// Watches every variable of a Latin square of order 5 and panics on its 300th run.
    #[derive(Debug)]
    struct Faulty(u32);

    impl crate::engine::Propagator<u16> for Faulty {
        fn name(&self) -> &str {
            "faulty"
        }
        fn watches(&self) -> Vec<(VarId, crate::engine::WakeOn)> {
            (0..25)
                .map(|v| (VarId(v), crate::engine::WakeOn::Change))
                .collect()
        }
        fn propagate(
            &mut self,
            _: &mut crate::engine::Ctx<'_, u16>,
        ) -> Result<(), super::super::Conflict> {
            self.0 += 1;
            assert!(self.0 < 300, "a propagator bug");
            Ok(())
        }
    }

    #[test]
    fn a_search_that_panics_stops_the_others() {
        let (tell, told) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let shared = Shared::new();
            let limits = Limits::solutions(u64::MAX);
            let outcome = std::thread::scope(|s| {
                let faulty = s.spawn(|| {
                    let mut e = latin(5);
                    e.post(Faulty(0));
                    e.search_shared(&shared, &limits, None, |_| {})
                });
                let sound = s.spawn(|| latin(5).search_shared(&shared, &limits, None, |_| {}));
                (faulty.join().is_err(), sound.join().is_ok())
            });
            let _ = tell.send(outcome);
        });
        let outcome = told.recv_timeout(std::time::Duration::from_secs(20));
        assert_eq!(outcome, Ok((true, true)), "the sound search waited forever");
    }
}
