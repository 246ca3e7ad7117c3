//! How search branches and restarts: the variable heuristic, the value order and the restart
//! schedule, gathered in a [`Strategy`].

#[cfg(doc)]
use super::Engine;
use super::tuning::Tuning;

/// How the search picks the variable to branch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Heuristic {
    /// Fewest values first (MRV), lowest index on ties.
    #[default]
    Mrv,
    /// Fewest values per unit of conflict weight first (dom/wdeg, Boussemart et al. 2004):
    /// every failure adds one to the weight of the propagator that failed, and a variable's
    /// weight is the sum over the propagators watching it. Ties go to the lowest index.
    DomWdeg,
    /// dom/wdeg times activity: the largest `(activity + 1) · weight / values` first, ties to
    /// the lowest index. A variable's activity counts the propagations after a guess or a
    /// refutation that changed its domain, and fades by [`Tuning::activity_decay`] at each of them
    /// while the variable is open (activity-based search, Michel and Van Hentenryck 2012).
    /// Conflicts weigh where failures happen; activity adds where the reasoning is lively.
    DomWdegActivity,
}

/// Which value of the chosen variable the left branch tries, after its hint if it has one
/// ([`Engine::set_hints`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ValueOrder {
    /// The smallest value: runs are deterministic and the same on every call.
    #[default]
    Smallest,
    /// A value drawn by a [`Rng`](super::Rng) started from `seed` when the strategy is set: the
    /// same seed gives the same search. For random solutions (puzzle generation).
    Random {
        /// The generator's seed.
        seed: u64,
    },
}

/// The search strategy: variable heuristic, value order and restarts.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Strategy {
    /// The variable heuristic.
    pub heuristic: Heuristic,
    /// The value order.
    pub values: ValueOrder,
    /// Restart after a Luby sequence of failure budgets (unit [`Tuning::restart_unit`]) until the
    /// first solution is found. Decisions refuted at the root are kept, so no solution is lost and
    /// none is reported twice; conflict weights carry over to guide the next run.
    pub restarts: bool,
    /// With restarts, every second run also looks at values: in a group declared with
    /// [`Engine::branch_group`], a value with two places left is a guess with two outcomes,
    /// like a variable with two values. It is taken when it scores better than the chosen
    /// variable: a pair counts as two values weighing the mean of its places' weights.
    /// Alternating the two views spreads the runs over different trees, where either view
    /// alone gets stuck on some puzzles.
    pub places: bool,
    /// Last-conflict reasoning (Lecoutre, Saïs, Tabary and Vidal 2009): after a guess fails,
    /// its variable is branched on first, before the heuristic's choice, until a guess on it
    /// succeeds or propagation fixes it. Backtracking then climbs to the decision that causes
    /// the failure instead of repeating it under each unrelated guess in between.
    pub last_conflict: bool,
    /// Best phases, as SAT solvers save them: the values of the deepest node reached so far
    /// (the most variables fixed) are the values the left branch tries first, before the value
    /// order, on later runs too. Search thus returns to the nearest it came to a solution and
    /// looks around it. After [`Tuning::phase_patience`] restarts without a deeper node they
    /// are forgotten. A hint comes before a phase; [`ValueOrder::Random`] saves none.
    pub phases: bool,
    /// The numbers the search runs by.
    pub tuning: Tuning,
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 …, from `i = 1`.
pub(crate) fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // the smallest k with 2^k - 1 >= i
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
