//! The search's tuning values in one place: each default with the reason it was chosen.

/// Numbers the search runs by, held in its [`Strategy`](super::Strategy). The defaults were
/// measured on hard instances (whole search trees, alternating runs); the commit history
/// holds the runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// How much an open variable's activity keeps at each node under
    /// [`Heuristic::DomWdegActivity`](super::Heuristic::DomWdegActivity): 0.999 was the
    /// fastest of 0.99–1; without fading (1) the search took almost twice as long.
    pub activity_decay: f64,
    /// Failures in the first run of a restarting search; run `i` gets `luby(i)` times as many.
    pub restart_unit: u64,
    /// Nodes a shared search explores alone before it calls for help: below it a second thread
    /// has little to win (a chosen figure, some 10 ms of a hard search).
    pub help_after: u64,
    /// Failures between two merges of a shared search's conflict weights with the others':
    /// 8 and 128 measured the same as 32; never merging was a third slower.
    pub merge_every: u64,
    /// Restarts in a row without a deeper node after which [`Strategy::phases`]'s values are
    /// forgotten, so that search cannot stay stuck around one near miss. Kept for ever, or
    /// for 64 restarts, they left 25×25 puzzles undecided that 32 decides.
    ///
    /// [`Strategy::phases`]: super::Strategy::phases
    pub phase_patience: u64,
}

impl Tuning {
    /// The measured defaults.
    pub const DEFAULT: Tuning = Tuning {
        activity_decay: 0.999,
        restart_unit: 50,
        help_after: 1_000,
        merge_every: 32,
        phase_patience: 32,
    };
}

impl Default for Tuning {
    fn default() -> Self {
        Tuning::DEFAULT
    }
}
