//! The Interactive Sudoku Solver's example puzzles (`puzzles/iss-examples.txt`), read from its
//! constraint strings and solved by `cp` with 10 s each: those with a published solution proved
//! unique and equal to it, every solution valid by the independent checker (variant constraints
//! included). A release build decides 153 of the 161 (`bench --unique --timeout 10 --threads 1`);
//! the test build, slower, must decide at least 100.

use std::time::{Duration, Instant};
use sudoku_cp::engine::{Limits, Stop};
use sudoku_cp::format::{self, ReadOptions};
use sudoku_cp::puzzle::{Rules, check_solution};
use sudoku_cp::solvers;

/// What solving one example showed.
#[derive(Debug)]
enum Outcome {
    /// Unique and equal to the published solution (or decided, when none is published).
    Decided,
    /// Not decided within the time limit.
    Undecided(String),
}

fn published(symbols: &str, n: usize) -> Vec<u64> {
    // 16×16 solutions are written with letters A = 1 … P = 16; the others with digits.
    symbols
        .chars()
        .map(|c| match c {
            'A'..='Z' if n > 9 => u64::from(c as u8 - b'A' + 1),
            _ => u64::from(c.to_digit(10).expect("a digit")),
        })
        .collect()
}

#[test]
fn examples_are_decided_within_ten_seconds_and_match_their_solutions() {
    let text = std::fs::read_to_string("puzzles/iss-examples.txt").expect("fixture");
    let sols = std::fs::read_to_string("puzzles/iss-examples.solutions").expect("fixture");
    let expected: Vec<(&str, &str)> = sols
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once('\t').expect("name<TAB>solution"))
        .collect();
    let records = format::read_records(&text, "iss-examples.txt", &ReadOptions::default());
    assert_eq!(records.len(), expected.len());
    let cp = solvers::find("cp").expect("cp");
    let killer = Rules::builtin("killer").expect("built in");
    let sudoku = Rules::sudoku();
    let work: Vec<_> = records.into_iter().zip(&expected).collect();
    let results: Vec<(String, Outcome)> = std::thread::scope(|s| {
        let chunks: Vec<_> = work.chunks(work.len().div_ceil(2)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let (killer, sudoku) = (&killer, &sudoku);
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|(record, (name, solution))| {
                            let outcome = match record {
                                Err(e) => Outcome::Undecided(format!("not read: {e}")),
                                Ok(entry) => {
                                    let p = &entry.puzzle;
                                    let rules = if p.cages().is_empty() { sudoku } else { killer };
                                    let limits = Limits {
                                        solutions: 2,
                                        nodes: None,
                                        deadline: Some(Instant::now() + Duration::from_secs(10)),
                                    };
                                    let o = cp.solve(p, rules, &limits);
                                    if let Some(grid) = &o.solution {
                                        let problems = check_solution(p, rules, grid);
                                        assert!(problems.is_empty(), "{name}: {problems:?}");
                                    }
                                    let got: Option<Vec<u64>> = o.solution.as_ref().map(|g| {
                                        g.iter().map(|&v| p.symbols().symbol(v)).collect()
                                    });
                                    match (o.stop, o.count, *solution) {
                                        (Stop::Exhausted, 1, "-") => Outcome::Decided,
                                        (Stop::Exhausted, 0, "-") => Outcome::Decided,
                                        (Stop::Exhausted, 1, s) => {
                                            assert_eq!(
                                                got,
                                                Some(published(s, p.size())),
                                                "{name}: not the published solution"
                                            );
                                            Outcome::Decided
                                        }
                                        (Stop::Exhausted | Stop::SolutionLimit, c, "-")
                                            if c > 1 =>
                                        {
                                            Outcome::Decided
                                        }
                                        (stop, count, _) => {
                                            Outcome::Undecided(format!("{stop:?} after {count}"))
                                        }
                                    }
                                }
                            };
                            (name.to_string(), outcome)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("no panic"))
            .collect()
    });
    let undecided: Vec<String> = results
        .iter()
        .filter_map(|(name, o)| match o {
            Outcome::Undecided(why) => Some(format!("{name}: {why}")),
            Outcome::Decided => None,
        })
        .collect();
    let decided = results.len() - undecided.len();
    eprintln!(
        "{decided} of {} decided; undecided: {undecided:#?}",
        results.len()
    );
    assert!(
        decided >= 100,
        "{decided} of {} decided; undecided: {undecided:#?}",
        results.len()
    );
}
