//! The same variant puzzles in the other forms the tool reads: f-puzzles exports
//! (`puzzles/fpuzzles-examples.txt`, the links the Interactive Sudoku Solver names as its
//! examples' sources) read as the same puzzles as the examples' constraint strings, and rule
//! files in the tool's own words (`puzzles/variants/`) solve to the published solutions.

use std::collections::HashMap;
use std::time::{Duration, Instant};
use sudoku_cp::engine::{Limits, Stop};
use sudoku_cp::format::{self, InputFormat, ReadOptions};
use sudoku_cp::puzzle::{Puzzle, Rules, check_solution};
use sudoku_cp::solvers;

/// Each puzzle of a fixture under the name in the comment line just before it.
fn named(path: &str) -> HashMap<String, (Puzzle, InputFormat)> {
    let text = std::fs::read_to_string(path).expect("fixture");
    let mut names = Vec::new();
    let mut last = String::new();
    for line in text.lines() {
        match line.strip_prefix("# ") {
            Some(comment) => last = comment.to_string(),
            None if !line.trim().is_empty() => names.push(last.clone()),
            None => {}
        }
    }
    let entries = format::read(&text, path, &ReadOptions::default()).expect("reads");
    assert_eq!(entries.len(), names.len());
    names
        .into_iter()
        .zip(entries)
        .map(|(name, e)| (name, (e.puzzle, e.format)))
        .collect()
}

/// A puzzle's rules in a comparable form: its size, givens and sorted constraints.
fn shape(p: &Puzzle) -> (usize, Vec<Option<usize>>, Vec<String>) {
    let mut constraints: Vec<String> = p.constraints().iter().map(|c| format!("{c:?}")).collect();
    constraints.sort();
    (p.size(), p.grid(), constraints)
}

/// Asserts `cp` proves `puzzle` unique under `rules`, its solution checked and `published`.
fn solves_uniquely_to(name: &str, puzzle: &Puzzle, rules: &Rules, published: &str) {
    let limits = Limits {
        solutions: 2,
        nodes: None,
        deadline: Some(Instant::now() + Duration::from_secs(60)),
    };
    let o = solvers::find("cp")
        .expect("cp")
        .solve(puzzle, rules, &limits);
    assert_eq!((o.stop, o.count), (Stop::Exhausted, 1), "{name}");
    let grid = o.solution.expect("solved");
    assert!(check_solution(puzzle, rules, &grid).is_empty(), "{name}");
    let got: String = grid
        .iter()
        .map(|&v| puzzle.symbols().symbol(v).to_string())
        .collect();
    assert_eq!(got, published, "{name}");
}

#[test]
fn exports_read_as_the_constraint_strings_of_the_same_puzzles() {
    let fpuzzles = named("puzzles/fpuzzles-examples.txt");
    let iss = named("puzzles/iss-examples.txt");
    let solutions = std::fs::read_to_string("puzzles/iss-examples.solutions").expect("fixture");
    let published: HashMap<&str, &str> = solutions
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once('\t'))
        .collect();
    assert_eq!(fpuzzles.len(), 4);
    let sudoku = Rules::sudoku();
    for (name, (puzzle, format)) in &fpuzzles {
        assert_eq!(*format, InputFormat::Fpuzzles, "{name}");
        let (same, _) = iss
            .get(name)
            .unwrap_or_else(|| panic!("{name} in iss-examples"));
        assert!(!puzzle.constraints().is_empty(), "{name}");
        assert_eq!(shape(puzzle), shape(same), "{name}");
        if !["I want to break free", "Bicycle race"].contains(&name.as_str()) {
            continue; // the other two take cp more than a test's while (see iss_examples)
        }
        solves_uniquely_to(name, puzzle, &sudoku, published[name.as_str()]);
    }
}

#[test]
fn rule_files_in_words_solve_to_the_published_solutions() {
    let dir = std::path::Path::new("puzzles/variants");
    let iss = named("puzzles/iss-examples.txt");
    let mut seen = 0;
    for name in ["bicycle-race", "ctc-tribute", "kropki", "xv"] {
        let rules_path = dir.join(format!("{name}.rules"));
        let rules_text = std::fs::read_to_string(&rules_path).expect("fixture");
        let rules = Rules::parse(&rules_text, name).expect("the rule file reads");
        assert!(!rules.constraints.is_empty(), "{name}");
        let text = std::fs::read_to_string(dir.join(format!("{name}.txt"))).expect("fixture");
        let published = text.trim().split('\t').nth(1).expect("puzzle<TAB>solution");
        let mut entry = format::read(&text, name, &ReadOptions::default())
            .expect("reads")
            .remove(0);
        rules
            .apply(&mut entry.puzzle)
            .expect("the rules fit the grid");
        let puzzle = &entry.puzzle;
        if name == "bicycle-race" {
            // Thermometers read the same in words as in the constraint string.
            assert_eq!(shape(puzzle), shape(&iss["Bicycle race"].0));
        }
        solves_uniquely_to(name, puzzle, &rules, published);
        seen += 1;
    }
    assert_eq!(seen, 4);
}
