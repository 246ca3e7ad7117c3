//! Which solver a command runs and how: `--solver`'s names, and `cp` as the command line runs
//! it (`--no-bitboards`, threads joining a hard search, what `--stats` and `--tree` record).

use super::say;
use sudoku_cp::engine::Limits;
use sudoku_cp::error::InputError;
use sudoku_cp::puzzle::{Puzzle, Rules};
use sudoku_cp::solvers::{self, Cp, Observe, Outcome, Solver};

/// The options of the command line as a whole that the commands run by.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Global {
    /// `cp` solves 4×4 and 9×9 grids on the bitboards (not `--no-bitboards`).
    pub(crate) bitboards: bool,
}

/// `cp` as the command line runs it: the idle threads of the pool a puzzle runs in (`--threads`
/// above one) join a hard puzzle's search; the bitboards runs unless `--no-bitboards`
/// says otherwise; and it records what `--stats`, `--profile` and `--tree` ask for.
#[derive(Debug)]
struct CpAsRun {
    bitboards: bool,
    observe: Observe,
}

impl Solver for CpAsRun {
    fn name(&self) -> &'static str {
        Cp::DEFAULT.name()
    }
    fn aliases(&self) -> &'static [&'static str] {
        Cp::DEFAULT.aliases()
    }
    fn description(&self) -> &'static str {
        Cp::DEFAULT.description()
    }
    fn search(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> Outcome {
        if self.bitboards {
            note_engine_for_logs(puzzle);
        }
        let cp = Cp {
            bitboards: self.bitboards,
            // the pool a call runs in decides: one thread shares with none
            share: true,
            observe: self.observe,
            ..Cp::DEFAULT
        };
        cp.search(puzzle, rules, limits)
    }
    fn refuses(&self, puzzle: &Puzzle, rules: &Rules) -> Option<String> {
        Cp::DEFAULT.refuses(puzzle, rules)
    }
}

/// The command line's form of `solver`, made once per command: [`CpAsRun`] for `cp`.
fn as_run(solver: &'static dyn Solver, global: Global, observe: Observe) -> &'static dyn Solver {
    match solver.name() {
        "cp" => Box::leak(Box::new(CpAsRun {
            bitboards: global.bitboards,
            observe,
        })),
        _ => solver,
    }
}

/// Every solver as the command line runs it.
pub(super) fn all_solvers(global: Global) -> Vec<&'static dyn Solver> {
    solvers::registry()
        .iter()
        .map(|&s| as_run(s, global, Observe::default()))
        .collect()
}

/// The solver named by `--solver` as the command line runs it, or an error listing the known
/// names.
pub(super) fn find_solver(name: &str, global: Global) -> Result<&'static dyn Solver, InputError> {
    find_observing(name, global, Observe::default())
}

/// [`find_solver`], with `cp` recording what `observe` asks for.
pub(super) fn find_observing(
    name: &str,
    global: Global,
    observe: Observe,
) -> Result<&'static dyn Solver, InputError> {
    solvers::find(name)
        .map(|s| as_run(s, global, observe))
        .ok_or_else(|| {
            let names: Vec<String> = solvers::registry()
                .iter()
                .map(|s| match s.aliases() {
                    [] => s.name().to_string(),
                    aliases => format!("{} ({})", s.name(), aliases.join(", ")),
                })
                .collect();
            InputError::whole(
                "--solver",
                format!("unknown solver `{name}`; known: {}", names.join(", ")),
            )
        })
}

/// Says once, when the search's logs are on and `cp` meets a grid small enough for the
/// bitboards, that it searches on the general engine instead.
fn note_engine_for_logs(puzzle: &Puzzle) {
    static SAID: std::sync::Once = std::sync::Once::new();
    let n = puzzle.size();
    let on_bitboards = n * n <= sudoku_cp::model::MAX_VARS && puzzle.constraints().is_empty();
    if sudoku_cp::engine::logging() && on_bitboards {
        SAID.call_once(|| {
            say(format_args!(
                "note: with the search's logs on, cp solves 4×4 and 9×9 grids on the general \
                 engine, which logs its work (the faster bitboards log nothing); the \
                 answers are the same"
            ));
        });
    }
}
