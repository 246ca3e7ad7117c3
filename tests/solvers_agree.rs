//! Every registered solver on every shipped puzzle: the same count up to 2, the same solution
//! when it is unique, and every solution valid by the independent checker. Naive backtracking
//! gets a node budget: on the 16×16 and 25×25 puzzles it may stop there, and must say so.
//! Puzzles with cages are solved under the killer rules (killer-x for the Killer-X file).

use crate::common;

use common::{Spec, check, file_spec, killer_line_spec, line_spec};
use sudoku_cp::engine::{Limits, Stop};
use sudoku_cp::format::{self, ReadOptions};
use sudoku_cp::puzzle::Rules;
use sudoku_cp::solvers::{self, Solver};

/// Solver answers for one puzzle: (solver, count up to 2, stop, first solution as symbols).
fn answers(
    puzzle: &sudoku_cp::puzzle::Puzzle,
    rules: &Rules,
) -> Vec<(&'static str, u64, Stop, Option<Vec<u64>>)> {
    solvers::registry()
        .iter()
        .map(|s| {
            // enough for every 9×9 here (Norvig's example takes 143 M), not for 16×16 and up
            let budget = (s.name() == "backtrack").then(|| {
                if puzzle.size() <= 9 {
                    200_000_000
                } else {
                    3_000_000
                }
            });
            let limits = Limits {
                solutions: 2,
                nodes: budget,
                deadline: None,
            };
            let o = s.solve(puzzle, rules, &limits);
            let symbols = o
                .solution
                .map(|g| g.iter().map(|&v| puzzle.symbols().symbol(v)).collect());
            (s.name(), o.count, o.stop, symbols)
        })
        .collect()
}

fn agree(name: &str, puzzle: &sudoku_cp::puzzle::Puzzle, rules: &Rules, spec: &Spec) -> u64 {
    let all = answers(puzzle, rules);
    let decided: Vec<_> = all.iter().filter(|a| a.2 != Stop::NodeLimit).collect();
    assert!(
        decided.len() >= 3,
        "{name}: only {} solvers decided",
        decided.len()
    );
    for a in &all {
        if a.2 == Stop::NodeLimit {
            assert_eq!(
                a.0, "backtrack",
                "{name}: only backtracking has a node budget"
            );
            assert!(
                puzzle.size() > 9,
                "{name}: backtracking must decide 9×9 within its budget"
            );
        }
        if let Some(grid) = &a.3 {
            let wrong = check(spec, grid);
            assert!(
                wrong.is_empty(),
                "{name}: {} printed an invalid grid: {wrong:?}",
                a.0
            );
        }
    }
    let (count, solution) = (decided[0].1, &decided[0].3);
    for a in &decided {
        assert_eq!(
            a.1, count,
            "{name}: {} counts {} where {} counts {count}",
            a.0, a.1, decided[0].0
        );
        if count == 1 {
            assert_eq!(
                &a.3, solution,
                "{name}: {} found another unique solution",
                a.0
            );
        }
    }
    count
}

fn read(file: &str) -> Vec<sudoku_cp::format::Entry> {
    let text = std::fs::read_to_string(common::root().join(file)).unwrap();
    format::read(&text, file, &ReadOptions::default()).unwrap()
}

#[test]
fn all_solvers_agree_on_every_shipped_puzzle() {
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(common::root().join("puzzles")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        // The variants of iss-examples.txt (and of the variant-ladder files, taken from it) and
        // fpuzzles-examples.txt have their own tests
        // (tests/iss_examples.rs, tests/variant_forms.rs, tests/variants_agree.rs), and so
        // have the SudokuPad links (tests/links.rs).
        if path.is_dir()
            || name.ends_with(".md")
            || name.ends_with(".svg")
            || name.starts_with("iss-examples")
            || name.starts_with("variant-ladder")
            || name.starts_with("fpuzzles-examples")
            || name.starts_with("sudokupad-")
        {
            continue;
        }
        let file = format!("puzzles/{name}");
        let entries = read(&file);
        let text = std::fs::read_to_string(&path).unwrap();
        for (i, e) in entries.iter().enumerate() {
            let spec = match text.lines().nth(i) {
                Some(line) if entries.len() > 1 && line.contains(':') => killer_line_spec(line),
                Some(line) if entries.len() > 1 => line_spec(line),
                _ => file_spec(&path),
            };
            let rules = match (e.puzzle.cages().is_empty(), name.contains("killer-x")) {
                (true, _) => Rules::sudoku(),
                (false, false) => Rules::builtin("killer").unwrap(),
                (false, true) => Rules::builtin("killer-x").unwrap(),
            };
            let count = agree(&format!("{file} #{}", i + 1), &e.puzzle, &rules, &spec);
            seen.push((name.clone(), count));
        }
    }
    seen.sort();
    // the counts are known (puzzles/README.md): two without solution (no-solution.txt, and
    // broken.txt whose givens repeat), one with many; gaps-9x9.txt has 270 unique puzzles and
    // ladder-9x9.txt 33
    let counts: Vec<u64> = seen.iter().map(|s| s.1).collect();
    assert_eq!(seen.len(), 21 + 270 + 33);
    assert_eq!(counts.iter().filter(|&&c| c == 0).count(), 2);
    assert_eq!(counts.iter().filter(|&&c| c == 2).count(), 1);
}

/// `cp` on the bitboards and `cp` on the general engine (its oracle): the same stop and
/// count (up to 20) and the same first solution, under standard, killer and killer-X rules
/// (the last two are Sudoku and Sudoku-X on puzzles without cages).
fn network_agrees_with_engine(name: &str, puzzle: &sudoku_cp::puzzle::Puzzle) {
    let limits = Limits::solutions(20);
    for rules in ["sudoku", "killer", "killer-x"].map(|r| Rules::builtin(r).unwrap()) {
        let fast = solvers::Cp::default().solve(puzzle, &rules, &limits);
        let oracle = solvers::Cp::on_engine(puzzle, &rules, &limits);
        let rules = &rules.name;
        assert_eq!(
            (fast.stop, fast.count),
            (oracle.stop, oracle.count),
            "{name} ({rules})"
        );
        if fast.count == 1 {
            assert_eq!(fast.solution, oracle.solution, "{name} ({rules})");
        }
    }
}

#[test]
fn cp_network_agrees_with_cp_engine_on_shipped_puzzles() {
    let mut compared = 0;
    for file in [
        "puzzles/4x4.rmit",
        "puzzles/wikipedia.txt",
        "puzzles/ai-escargot.txt",
        "puzzles/hard-9x9.txt",
        "puzzles/190-solutions.txt",
        "puzzles/no-solution.txt",
        "puzzles/broken.txt",
        "puzzles/symbols.rmit",
        "puzzles/gaps-9x9.txt",
        "puzzles/killer-4x4.rmit",
        "puzzles/killer-big-symbols.rmit",
        "puzzles/killer-9x9.cages",
        "puzzles/killer-x.cages",
        "puzzles/killer-batch.txt",
    ] {
        for (i, e) in read(file).iter().enumerate() {
            network_agrees_with_engine(&format!("{file} #{}", i + 1), &e.puzzle);
            compared += 1;
        }
    }
    assert_eq!(compared, 11 + 270 + 6);
}

#[test]
#[cfg_attr(
    not(datasets),
    ignore = "needs the public benchmark sets: set SUDOKU_CP_DATASETS to their folder"
)]
fn cp_network_agrees_with_cp_engine_on_dataset_slices() {
    let dir = common::datasets().expect("the build found SUDOKU_CP_DATASETS");
    for (file, take) in [
        ("9x9/9x9-magictour-top1465.txt", 300),
        ("9x9/9x9-serg-benchmark-multisolution.txt", 100),
        ("9x9/9x9-forum-hardest-1106.txt", 100),
        ("killer/killer-krazydad-intermediate-8000.txt", 200),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let entries = format::read(&text, file, &ReadOptions::default()).unwrap();
        for (i, e) in entries.iter().take(take).enumerate() {
            network_agrees_with_engine(&format!("{file} #{}", i + 1), &e.puzzle);
        }
    }
}
