//! The setter's questions end to end: `candidates`, `solve --solutions`, `count
//! --show-difference`, `count --estimate`, `audit`, and `generate` under every rule it is given.
//! Solutions are enumerated through the library and checked by the independent checker.

use crate::common;

use common::{check, line_spec, parse_line_solution, run};
use serde_json::Value;
use sudoku_cp::engine::{Limits, Stop};
use sudoku_cp::format::{ReadOptions, read};
use sudoku_cp::puzzle::Rules;
use sudoku_cp::setter;

/// The one JSON record a command printed.
fn record(args: &[&str], stdin: &str) -> Value {
    let r = run(args, stdin);
    assert!(r.stderr.is_empty() || r.code != 2, "{}", r.transcript());
    serde_json::from_str(r.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", r.transcript()))
}

#[test]
fn candidates_of_a_puzzle_with_190_solutions_are_their_union() {
    let text = std::fs::read_to_string(common::root().join("puzzles/190-solutions.txt")).unwrap();
    let puzzle = read(&text, "190", &ReadOptions::default()).unwrap()[0]
        .puzzle
        .clone();
    let all = setter::solutions(&puzzle, &Rules::sudoku(), &Limits::solutions(1000)).unwrap();
    assert_eq!((all.grids.len(), all.stop), (190, Stop::Exhausted));
    let spec = line_spec(text.trim());
    let mut union = vec![Vec::<String>::new(); 81];
    for grid in &all.grids {
        let symbols: Vec<u64> = grid.iter().map(|&v| v as u64 + 1).collect();
        assert!(check(&spec, &symbols).is_empty());
        for (cell, s) in symbols.iter().enumerate() {
            if !union[cell].contains(&s.to_string()) {
                union[cell].push(s.to_string());
            }
        }
    }
    union.iter_mut().for_each(|c| c.sort());
    let r = record(
        &[
            "candidates",
            "--to",
            "json",
            "--per-candidate",
            "1000",
            "puzzles/190-solutions.txt",
        ],
        "",
    );
    assert_eq!(r["status"], "multiple");
    let found: Vec<Vec<String>> = serde_json::from_value(r["candidates"].clone()).unwrap();
    assert_eq!(found, union);
    let counts: Vec<u64> = serde_json::from_value(r["solutions_per_candidate"].clone()).unwrap();
    assert_eq!(counts.len(), 81 * 9);
    for cell in 0..81 {
        assert_eq!(
            counts[cell * 9..cell * 9 + 9].iter().sum::<u64>(),
            190,
            "cell {cell}"
        );
    }
    // The text form is a pencil-mark grid that reads back as the same candidates.
    let r = run(&["candidates", "puzzles/190-solutions.txt"], "");
    assert_eq!(r.code, 4, "{}", r.transcript());
    let back = read(&r.stdout, "marks", &ReadOptions::default()).unwrap()[0]
        .puzzle
        .clone();
    for (cell, cands) in union.iter().enumerate() {
        let v: Vec<usize> = cands
            .iter()
            .map(|s| s.parse::<usize>().unwrap() - 1)
            .collect();
        match back.given(cell) {
            Some(g) => assert_eq!(v, [g], "cell {cell}"),
            None => assert!(
                (0..9).all(|x| back.allows(cell, x) == v.contains(&x)),
                "cell {cell}"
            ),
        }
    }
}

#[test]
fn candidates_of_a_unique_puzzle_are_its_solution() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let solved = run(&["solve", "--puzzle", line], "");
    let r = record(&["candidates", "--to", "json", "--puzzle", line], "");
    assert_eq!(r["status"], "unique");
    let found: Vec<Vec<String>> = serde_json::from_value(r["candidates"].clone()).unwrap();
    let grid: String = found.iter().map(|c| c.concat()).collect();
    assert!(found.iter().all(|c| c.len() == 1));
    assert_eq!(grid, solved.stdout.trim());
}

#[test]
fn solve_lists_every_solution_asked_for_and_count_shows_where_two_differ() {
    let p = "1.......2.......";
    let r = run(&["solve", "--solutions", "1000", "--puzzle", p], "");
    assert_eq!(r.code, 0, "{}", r.transcript());
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 24);
    for (i, l) in lines.iter().enumerate() {
        assert!(
            check(&line_spec(p), &parse_line_solution(l)).is_empty(),
            "{l}"
        );
        assert!(!lines[..i].contains(l));
    }
    let three = run(&["solve", "--solutions", "3", "--puzzle", p], "");
    assert_eq!(three.stdout.lines().collect::<Vec<_>>(), lines[..3]);
    let json = record(
        &["solve", "--solutions", "2", "--to", "json", "--puzzle", p],
        "",
    );
    assert_eq!(json["solutions"].as_array().unwrap().len(), 2);
    let r = run(
        &["count", "--show-difference", "--puzzle", "..343412..434321"],
        "",
    );
    assert_eq!(r.code, 4);
    assert_eq!(r.stdout, "multiple: >= 2; differ at: r1c1 r1c2 r3c1 r3c2\n");
    let r = run(
        &[
            "solve",
            "--solutions",
            "2",
            "--solver",
            "dlx",
            "--puzzle",
            p,
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("--solutions"), "{}", r.stderr);
}

#[test]
fn estimated_counts_of_empty_grids_hold_the_true_counts() {
    for (n, count) in [
        (4, 288.0),
        (6, 28_200_960.0),
        (9, 6_670_903_752_021_072_936_960.0),
    ] {
        let empty = ".".repeat(n * n);
        let r = record(
            &[
                "count",
                "--estimate",
                "10000",
                "--to",
                "json",
                "--puzzle",
                &empty,
            ],
            "",
        );
        let (low, high) = (r["low"].as_f64().unwrap(), r["high"].as_f64().unwrap());
        assert!(low <= count && count <= high, "{n}×{n}: {r}");
        assert!(
            high - low < count,
            "{n}×{n}: an interval that says little: {r}"
        );
    }
}

#[test]
fn audit_names_the_given_a_17_clue_puzzle_does_not_need() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let r = record(&["audit", "--to", "json", "--puzzle", line], "");
    assert_eq!(r["status"], "unique");
    assert_eq!(r["redundant_givens"], serde_json::json!([]));
    let solution = run(&["solve", "--puzzle", line], "").stdout;
    let mut more: Vec<char> = line.chars().collect();
    let added = (36..45).find(|&c| more[c] == '.').unwrap(); // the first blank of row 5
    more[added] = solution.as_bytes()[added] as char;
    let more: String = more.into_iter().collect();
    let r = record(&["audit", "--to", "json", "--puzzle", &more], "");
    let listed: Vec<String> = serde_json::from_value(r["redundant_givens"].clone()).unwrap();
    let name = format!("r5c{}", added - 36 + 1);
    assert!(listed.contains(&name), "{name}: {r}");
    for cell in &listed {
        // each one listed can go: the puzzle stays unique without it
        let (row, col) = (cell.as_bytes()[1] - b'1', cell.as_bytes()[3] - b'1');
        let mut fewer: Vec<char> = more.chars().collect();
        fewer[usize::from(row) * 9 + usize::from(col)] = '.';
        let fewer: String = fewer.into_iter().collect();
        assert_eq!(run(&["count", "--puzzle", &fewer], "").stdout, "unique\n");
    }
}

#[test]
fn audit_names_a_redundant_dot_and_keeps_a_needed_one() {
    let dir = std::env::temp_dir().join(format!("audit-dots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // r1c1 and r1c2 hold 1 and 2 in the only solution: a white dot there adds nothing.
    let redundant = dir.join("redundant.rules");
    std::fs::write(&redundant, "name r\nextends sudoku\nwhite r1c1 r1c2\n").unwrap();
    let r = record(
        &[
            "audit",
            "--to",
            "json",
            "--rules",
            redundant.to_str().unwrap(),
            "--puzzle",
            ".2.4..1.2....3..",
        ],
        "",
    );
    let listed: Vec<String> = serde_json::from_value(r["redundant_constraints"].clone()).unwrap();
    assert_eq!(listed.len(), 1, "{r}");
    assert!(
        listed[0].contains("white dot") && listed[0].contains("r1c1"),
        "{r}"
    );
    // Without its dot the puzzle below has two solutions: the dot is needed.
    let needed = dir.join("needed.rules");
    std::fs::write(&needed, "name n\nextends sudoku\nwhite r1c1 r2c1\n").unwrap();
    let r = record(
        &[
            "audit",
            "--to",
            "json",
            "--rules",
            needed.to_str().unwrap(),
            "--puzzle",
            "..343412..434321",
        ],
        "",
    );
    assert_eq!(r["status"], "unique", "{r}");
    assert_eq!(r["redundant_constraints"], serde_json::json!([]), "{r}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generate_honours_every_rule_it_is_given() {
    let dir = std::env::temp_dir().join(format!("generate-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, body: &str| {
        let path = dir.join(name);
        std::fs::write(&path, format!("name {name}\nextends sudoku\n{body}")).unwrap();
        path.to_str().unwrap().to_string()
    };
    let rule_files = [
        write("ak", "variant anti-knight\n"),
        write("aking", "variant anti-king\n"),
        write("nc", "variant non-consecutive\n"),
        write(
            "tt",
            "thermo r1c1 r1c2 r1c3 r2c3\nthermo r9c9 r8c9 r7c9 r7c8 r7c7\n",
        ),
        common::root()
            .join("puzzles/variants/kropki.rules")
            .to_str()
            .unwrap()
            .to_string(),
    ];
    for (k, rules) in rule_files.iter().enumerate() {
        let mut puzzles = String::new();
        for seed in 1..=20 {
            let seed = seed.to_string();
            let args = [
                "generate",
                "--rules",
                rules,
                "--count",
                "1",
                "--seed",
                &seed,
                "--threads",
                "1",
            ];
            let r = run(&args, "");
            assert_eq!(r.code, 0, "{rules} seed {seed}: {}", r.transcript());
            puzzles.push_str(r.stdout.lines().next().unwrap());
            puzzles.push('\n');
        }
        let file = dir.join(format!("generated-{k}.txt"));
        std::fs::write(&file, &puzzles).unwrap();
        let file = file.to_str().unwrap();
        let checked = run(&["check", "--rules", rules, file], "");
        assert_eq!(checked.code, 0, "{rules}: {}", checked.transcript());
        let counted = run(&["count", "--rules", rules, file], "");
        assert_eq!(
            counted.stdout,
            "unique\n".repeat(20),
            "{rules}: {}",
            counted.transcript()
        );
        // A second solver that shares nothing with cp's search, on the first three seeds
        // (the plain backtracker takes a second a puzzle).
        let first: String = puzzles.lines().take(3).map(|l| format!("{l}\n")).collect();
        let counted = run(
            &["count", "--solver", "backtrack", "--rules", rules, "-"],
            &first,
        );
        assert_eq!(
            counted.stdout,
            "unique\n".repeat(3),
            "{rules}: {}",
            counted.transcript()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
