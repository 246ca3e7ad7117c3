//! Explaining and rating: climbing the ladder pass by pass (guessing when asked), within a
//! budget of steps, guesses and time, and the rating of the hardest step a puzzle needs.

use super::{Board, Level, Rung, Step, Technique, ladder};
use crate::engine::Domain;
use crate::puzzle::{Puzzle, Rules};

/// How an explanation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every cell is filled.
    Solved,
    /// No rung of the ladder deduces anything more (and guessing was off).
    Stuck,
    /// The puzzle has no solution: logic or every guess met a contradiction.
    Contradiction,
    /// The step limit was reached.
    StepLimit,
    /// The guess limit was reached.
    GuessLimit,
    /// The deadline passed.
    Timeout,
}

/// Bounds on an explanation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Steps at most.
    pub steps: usize,
    /// Guesses at most (with guessing).
    pub guesses: Option<u64>,
    /// Stop after this point in time.
    pub deadline: Option<std::time::Instant>,
}

impl Budget {
    /// At most `steps` steps, no other bound.
    pub fn steps(steps: usize) -> Self {
        Budget {
            steps,
            guesses: None,
            deadline: None,
        }
    }
}

/// The steps taken and the board they lead to.
#[derive(Debug, Clone)]
pub struct Explanation<D> {
    /// Every step in order, guesses and their consequences included.
    pub steps: Vec<Step>,
    /// How it ended.
    pub ending: Ending,
    /// The board at the end (on the solved branch, when guessing found a solution).
    pub board: Board<D>,
}

impl<D: Domain> Explanation<D> {
    /// The hardest technique among the steps taken by logic alone (depth 0, no guess), if any.
    pub fn hardest(&self) -> Option<Technique> {
        self.steps
            .iter()
            .filter(|s| s.depth == 0 && s.technique != Technique::Contradiction)
            .map(|s| s.technique)
            .max_by(|a, b| a.score().total_cmp(&b.score()))
    }
}

/// Climbs `rungs` pass after pass from the puzzle's givens; with `guess`, continues past a
/// stuck point by trial and error. At most `max_steps` steps are taken.
pub fn explain<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    rungs: &[Rung],
    guess: bool,
    max_steps: usize,
) -> Explanation<D> {
    explain_within(puzzle, rules, rungs, guess, &Budget::steps(max_steps))
}

/// [`explain`] within a budget of steps, guesses and time.
pub fn explain_within<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    rungs: &[Rung],
    guess: bool,
    budget: &Budget,
) -> Explanation<D> {
    let mut board = Board::<D>::new(puzzle, rules);
    board.clock.deadline = budget.deadline;
    let mut climb = Climb {
        rungs,
        guess,
        budget,
        pass: 0,
        guesses: 0,
        steps: Vec::new(),
    };
    let ending = climb.run(&mut board, 0);
    Explanation {
        steps: climb.steps,
        ending,
        board,
    }
}

/// The state of one explanation: what it may do and what it did so far.
struct Climb<'a> {
    rungs: &'a [Rung],
    guess: bool,
    budget: &'a Budget,
    pass: usize,
    guesses: u64,
    steps: Vec<Step>,
}

impl Climb<'_> {
    fn run<D: Domain>(&mut self, board: &mut Board<D>, depth: usize) -> Ending {
        let Climb { rungs, guess, .. } = *self;
        'pass: loop {
            if board.contradiction().is_some() {
                return Ending::Contradiction;
            }
            if board.solved() {
                return Ending::Solved;
            }
            if self.steps.len() >= self.budget.steps {
                return Ending::StepLimit;
            }
            if self
                .budget
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                return Ending::Timeout;
            }
            for &rung in rungs {
                // Inside a guess, trial and error goes on by guessing: forcing chains are
                // trials themselves, and on a board with several solutions they search long
                // for a contradiction that is not there.
                if depth > 0 && matches!(rung, Rung::StaticChains | Rung::ForcingChains) {
                    continue;
                }
                // A pass may find more steps than the budget has left: then only its first
                // ones are taken, replayed on the board as it was (kept when the pass could).
                let left = self.budget.steps.saturating_sub(self.steps.len());
                let most = board.cand.len() * board.puzzle.size();
                let before = (left <= most).then(|| board.clone());
                let mut found = board.apply(rung);
                if let Some(before) = before.filter(|_| found.len() > left) {
                    *board = before;
                    found.truncate(left);
                    for s in &found {
                        s.place.iter().for_each(|&(c, v)| board.place(c, v));
                        s.eliminate.iter().for_each(|&(c, v)| {
                            board.remove(c, v);
                        });
                    }
                }
                if board.clock.out() {
                    // Steps found before the time ran out are sound; the pass is not finished.
                    self.pass += 1;
                    for mut s in found {
                        s.pass = self.pass;
                        s.depth = depth;
                        self.steps.push(s);
                    }
                    return Ending::Timeout;
                }
                if !found.is_empty() {
                    self.pass += 1;
                    for mut s in found {
                        s.pass = self.pass;
                        s.depth = depth;
                        self.steps.push(s);
                    }
                    continue 'pass;
                }
            }
            if !guess {
                return Ending::Stuck;
            }
            if self.budget.guesses.is_some_and(|g| self.guesses >= g) {
                return Ending::GuessLimit;
            }
            // The empty cell with the fewest candidates; try each.
            let Some(cell) = (0..board.cand.len())
                .filter(|&c| board.value[c].is_none())
                .min_by_key(|&c| board.cand[c].len())
            else {
                return Ending::Stuck;
            };
            // Guess the smallest candidate; a contradiction removes it and logic resumes
            // (which may then place the other value, or guess again).
            let options = board.cand[cell];
            let Some(v) = options.min() else {
                return Ending::Contradiction;
            };
            let mut child = board.clone();
            self.pass += 1;
            self.guesses += 1;
            let text = format!(
                "guess {} = {} (of {{{}}})",
                board.cell(cell),
                board.sym(v),
                board.syms(options)
            );
            let mut s = board.step(Technique::Guess, None, text);
            (s.pass, s.depth) = (self.pass, depth + 1);
            s.place.push((cell, v));
            self.steps.push(s);
            child.place(cell, v);
            match self.run(&mut child, depth + 1) {
                Ending::Solved => {
                    *board = child;
                    return Ending::Solved;
                }
                limit @ (Ending::StepLimit | Ending::GuessLimit | Ending::Timeout) => {
                    return limit;
                }
                Ending::Stuck | Ending::Contradiction => {
                    let why = child.contradiction().unwrap_or_default();
                    self.pass += 1;
                    let text = format!(
                        "contradiction after guessing {} = {}: {why}; so {} <> {}",
                        board.cell(cell),
                        board.sym(v),
                        board.cell(cell),
                        board.sym(v)
                    );
                    let mut s = board.step(Technique::Contradiction, None, text);
                    (s.pass, s.depth) = (self.pass, depth);
                    s.eliminate.push((cell, v));
                    self.steps.push(s);
                    board.remove(cell, v);
                }
            }
        }
    }
}

/// A difficulty rating.
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// The level of the hardest technique needed, or [`Level::Guessing`].
    pub level: Level,
    /// The score of the hardest technique (10.0 when guessing is needed): Sudoku Explainer's
    /// ER.
    pub score: f64,
    /// The hardest score up to the first placement (Sudoku Explainer's EP).
    pub pearl: f64,
    /// The score of the first step, the hardest needed for any progress (Sudoku Explainer's
    /// ED).
    pub diamond: f64,
    /// The hardest technique used by logic.
    pub hardest: Option<Technique>,
    /// Cells logic alone filled, and cells that were empty.
    pub filled: (usize, usize),
    /// How logic ended: solved, stuck (guessing needed), a contradiction, or a limit of the
    /// budget (the rating is then no difficulty).
    pub ending: Ending,
}

/// Whether logic solves `puzzle` with the techniques of `level` and below: the same answer as
/// `rate(puzzle, rules).level <= level` (the ladder's levels only grow, and a rung is tried
/// only when every easier one is stuck), without trying the harder rungs.
pub fn solves_within<D: Domain>(puzzle: &Puzzle, rules: &Rules, level: Level) -> bool {
    let rungs: Vec<Rung> = ladder(puzzle.size())
        .into_iter()
        .filter(|r| r.level() <= level)
        .collect();
    explain::<D>(puzzle, rules, &rungs, false, usize::MAX).ending == Ending::Solved
}

/// Rates a puzzle by the full ladder without guessing.
pub fn rate<D: Domain>(puzzle: &Puzzle, rules: &Rules) -> Rating {
    rate_within::<D>(puzzle, rules, &Budget::steps(usize::MAX))
}

/// [`rate`] within a budget of steps and time: when it runs out, the rating says so in
/// [`Rating::ending`] and is not a difficulty.
pub fn rate_within<D: Domain>(puzzle: &Puzzle, rules: &Rules, budget: &Budget) -> Rating {
    rate_by::<D>(puzzle, rules, &ladder(puzzle.size()), budget)
}

/// [`rate_within`] by the rungs given, e.g. [`ladder_unique`](super::ladder_unique) for a
/// puzzle proved unique.
pub fn rate_by<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    rungs: &[Rung],
    budget: &Budget,
) -> Rating {
    let e = explain_within::<D>(puzzle, rules, rungs, false, budget);
    let hardest = e.hardest();
    let logic: Vec<&Step> = e
        .steps
        .iter()
        .filter(|s| s.depth == 0 && s.technique != Technique::Contradiction)
        .collect();
    let first_place = logic.iter().position(|s| !s.place.is_empty());
    // Without such a step: nothing was needed (solved), or guessing is.
    let none = if e.ending == Ending::Solved {
        0.0
    } else {
        Technique::Guess.score()
    };
    let upto = |end: Option<usize>| {
        end.map_or(none, |i| {
            logic[..=i]
                .iter()
                .map(|s| s.technique.score())
                .fold(0.0, f64::max)
        })
    };
    let (pearl, diamond) = (upto(first_place), upto((!logic.is_empty()).then_some(0)));
    let empty = puzzle.gaps();
    let filled = empty - e.board.unknown();
    if e.ending == Ending::Solved {
        // The level of the hardest rung climbed (a direct variant scores below its rung).
        let level = e
            .steps
            .iter()
            .filter(|s| s.depth == 0)
            .map(|s| s.technique.level())
            .max()
            .unwrap_or(Level::Easy);
        Rating {
            level,
            score: hardest.map_or(0.0, Technique::score),
            pearl,
            diamond,
            hardest,
            filled: (filled, empty),
            ending: e.ending,
        }
    } else {
        Rating {
            level: Level::Guessing,
            score: Technique::Guess.score(),
            pearl,
            diamond,
            hardest,
            filled: (filled, empty),
            ending: e.ending,
        }
    }
}
