//! Links: SudokuPad's, in every wrapper and form (`fpuzzles`, `scf`, `scl`, `ctc`), read as the
//! same puzzle as the f-puzzles form, drawings refused by name unless `--ignore-cosmetic`, a
//! short id told where the puzzle lives; the Interactive Sudoku Solver's `?q=` links; and
//! f-puzzles' cosmetic drawings. The SudokuPad fixtures were made by SudokuPad's own encoder
//! (puzzles/README.md).

use crate::common;

use common::{check, killer_line_spec, line_spec, parse_line_solution, run};
use sudoku_cp::format::{self, InputFormat, ReadOptions};
use sudoku_cp::puzzle::Puzzle;

/// Each puzzle of a fixture file with the comment naming it (`name: form`).
fn links(file: &str) -> Vec<(String, Puzzle)> {
    let text = std::fs::read_to_string(common::root().join(file)).unwrap();
    let entries = format::read(&text, file, &ReadOptions::default()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    entries
        .into_iter()
        .map(|e| {
            assert_eq!(e.format, InputFormat::Sudokupad, "line {}", e.line);
            let name = lines[e.line - 2].trim_start_matches("# ").to_string();
            (name, e.puzzle)
        })
        .collect()
}

/// What a puzzle is, compared across forms: givens, cages and constraints.
fn same(a: &Puzzle, b: &Puzzle) -> bool {
    a.size() == b.size()
        && a.grid() == b.grid()
        && a.cages() == b.cages()
        && a.constraints() == b.constraints()
        && a.boxes() == b.boxes()
}

#[test]
fn every_wrapper_and_form_reads_as_the_f_puzzles_form() {
    let all = links("puzzles/sudokupad-links.txt");
    assert_eq!(all.len(), 12);
    for (name, puzzle) in &all {
        let which = name.split(':').next().unwrap();
        let (_, first) = all.iter().find(|(n, _)| n.starts_with(which)).unwrap();
        assert!(
            same(puzzle, first),
            "{name} differs from {which}'s f-puzzles form"
        );
    }
    // The puzzles are the ones they name: the Wikipedia givens, and killer-11's cages.
    let wikipedia = format::read(
        &std::fs::read_to_string(common::root().join("puzzles/wikipedia.txt")).unwrap(),
        "w",
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(all[0].1.grid(), wikipedia[0].puzzle.grid());
    let killer = std::fs::read_to_string(common::root().join("puzzles/killer-batch.txt")).unwrap();
    let killer = killer.lines().next().unwrap();
    let (_, k) = all
        .iter()
        .find(|(n, _)| n.starts_with("killer-11"))
        .unwrap();
    assert_eq!(
        k.cages().len(),
        killer.split(';').filter(|c| !c.is_empty()).count()
    );
    // Solved, each answer passes the independent checker (killer-11 under its own cages).
    let r = run(
        &["solve", "--to", "line", "puzzles/sudokupad-links.txt"],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.transcript());
    let answers: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(answers.len(), 12);
    assert!(!r.stderr.contains("warning"), "{}", r.stderr);
    for (answer, (name, _)) in answers.iter().zip(&all) {
        if name.starts_with("anti-knight") {
            continue; // below: the rule the independent checker does not know
        }
        let spec = if name.starts_with("killer-11") {
            killer_line_spec(killer)
        } else {
            line_spec(
                &std::fs::read_to_string(common::root().join("puzzles/layouts/nine-lines.txt"))
                    .unwrap()
                    .lines()
                    .filter(|l| !l.starts_with('#'))
                    .collect::<String>(),
            )
        };
        let grid = answer.rsplit('\t').next().unwrap(); // after the title, when there is one
        assert!(
            check(&spec, &parse_line_solution(grid)).is_empty(),
            "{name}: {answer}"
        );
    }
}

#[test]
fn the_anti_knight_rule_and_the_published_solution_are_read() {
    let all = links("puzzles/sudokupad-links.txt");
    let (_, ak) = all
        .iter()
        .find(|(n, _)| n.starts_with("anti-knight: scl"))
        .unwrap();
    assert!(
        !ak.constraints().is_empty(),
        "the anti-knight rule is on the puzzle"
    );
    let text = std::fs::read_to_string(common::root().join("puzzles/sudokupad-links.txt")).unwrap();
    let entries = format::read(&text, "links", &ReadOptions::default()).unwrap();
    let scl = entries.last().unwrap();
    assert_eq!(scl.id.as_deref(), Some("Anti-knight, seed 5"));
    let published = scl.solution.clone().expect("the link's solution");
    let r = run(
        &[
            "solve",
            "--to",
            "line",
            "--puzzle",
            text.lines().last().unwrap(),
        ],
        "",
    );
    let answer = r.stdout.trim().rsplit('\t').next().unwrap().to_string();
    let found: Vec<usize> = answer.bytes().map(|b| usize::from(b - b'1')).collect();
    assert_eq!(found, published);
    // no knight's move apart holds the same digit
    for a in 0..81usize {
        for b in 0..81usize {
            let (dr, dc) = ((a / 9).abs_diff(b / 9), (a % 9).abs_diff(b % 9));
            if (dr, dc) == (1, 2) || (dr, dc) == (2, 1) {
                assert_ne!(
                    found[a],
                    found[b],
                    "r{}c{} r{}c{}",
                    a / 9 + 1,
                    a % 9 + 1,
                    b / 9 + 1,
                    b % 9 + 1
                );
            }
        }
    }
    let r = run(&["solve", "puzzles/sudokupad-wrong-solution.txt"], "");
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(
        r.stderr
            .contains("warning: puzzles/sudokupad-wrong-solution.txt:3"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("differs from the one found at r9c9 ("),
        "{}",
        r.stderr
    );
}

#[test]
fn drawings_are_refused_by_name_unless_ignore_cosmetic() {
    let r = run(&["solve", "puzzles/sudokupad-drawings.txt"], "");
    assert_eq!(r.code, 2, "{}", r.transcript());
    assert!(
        r.stderr.contains("sudokupad-drawings.txt:4"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("lines: 1") && r.stderr.contains("underlays: 1"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--ignore-cosmetic"), "{}", r.stderr);
    let r = run(
        &[
            "solve",
            "--ignore-cosmetic",
            "--to",
            "line",
            "puzzles/sudokupad-drawings.txt",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(
        r.stderr.contains("left out") && r.stderr.contains("lines: 1"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_short_id_says_the_puzzle_lives_on_sudokupads_server() {
    let r = run(
        &[
            "solve",
            "--puzzle",
            "https://sudokupad.app/gdc/flat-pack/gw",
        ],
        "",
    );
    assert_eq!(r.code, 2, "{}", r.transcript());
    assert!(r.stderr.contains("short id"), "{}", r.stderr);
    assert!(
        r.stderr
            .contains("https://sudokupad.app/api/puzzle/gdc/flat-pack/gw"),
        "{}",
        r.stderr
    );
    let r = run(&["solve", "--puzzle", "https://sudokupad.app/scl"], "");
    assert_eq!(r.code, 2, "{}", r.transcript());
}

#[test]
fn an_interactive_sudoku_solvers_link_reads_as_its_constraint_string() {
    let q = ".Windoku.~R2C6_5~R2C8_1~R3C5_2~R3C9_6~R4C7_4~R5C3_5~R5C7_6~R6C2_8~R6C6_7~R6C7_3~R7C4_2~R7C5_1~R7C6_4~R8C2_7~R8C9_2~R9C3_6~R9C8_4";
    let plain = run(&["solve", "--puzzle", q], "");
    assert_eq!(plain.code, 0, "{}", plain.transcript());
    let encoded = q.replace('~', "%7E");
    for link in [
        format!("https://sigh.github.io/Interactive-Sudoku-Solver/?q={q}"),
        format!("https://sigh.github.io/Interactive-Sudoku-Solver/?mode=all&q={encoded}#x"),
    ] {
        let r = run(&["solve", "--puzzle", &link], "");
        assert_eq!(r.stdout, plain.stdout, "{link}: {}", r.transcript());
    }
    let r = run(
        &[
            "solve",
            "--puzzle",
            "https://sigh.github.io/Interactive-Sudoku-Solver/?q=hello",
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not a constraint string"), "{}", r.stderr);
}

#[test]
fn f_puzzles_cosmetic_drawings_are_refused_unless_ignore_cosmetic() {
    // Wikipedia's givens with a cosmetic line, compressed by the reference lz-string port.
    let wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let grid: Vec<Vec<serde_json::Value>> = wiki
        .as_bytes()
        .chunks(9)
        .map(|row| {
            row.iter()
                .map(|&b| match b {
                    b'1'..=b'9' => serde_json::json!({"value": b - b'0', "given": true}),
                    _ => serde_json::json!({}),
                })
                .collect()
        })
        .collect();
    let json =
        serde_json::json!({"size": 9, "grid": grid, "line": [{"lines": [["R1C1", "R1C2"]]}]});
    let link = format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(&json.to_string())
    );
    let r = run(&["solve", "--puzzle", &link], "");
    assert_eq!(r.code, 2, "{}", r.transcript());
    assert!(
        r.stderr.contains("`line` is drawn") && r.stderr.contains("--ignore-cosmetic"),
        "{}",
        r.stderr
    );
    let r = run(
        &[
            "solve",
            "--ignore-cosmetic",
            "--to",
            "line",
            "--puzzle",
            &link,
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(
        r.stderr.contains("left out") && r.stderr.contains("line: 1"),
        "{}",
        r.stderr
    );
    assert!(check(&line_spec(wiki), &parse_line_solution(r.stdout.trim())).is_empty());
}
