//! SudokuPad links: every wrapper and every form (`fpuzzles`, `scf`, `scl`, `ctc`) of one
//! puzzle reads as the same puzzle as its f-puzzles form, drawings are refused by name unless
//! `--ignore-cosmetic`, and a short id says where the puzzle lives. The fixtures were made by
//! SudokuPad's own encoder (puzzles/README.md).

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
    assert_eq!(all.len(), 10);
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
    assert_eq!(answers.len(), 10);
    for (answer, (name, _)) in answers.iter().zip(&all) {
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
