//! Every shipped puzzle solved through the binary, each answer checked by the independent
//! checker in `tests/common`.

use crate::common;

use common::{check, file_spec, line_spec, parse_line_solution, run};

fn solve_and_check(file: &str) {
    let r = run(&["solve", file, "--to", "line"], "");
    assert_eq!(r.code, 0, "{file}: {}", r.stderr);
    let spec = file_spec(&common::root().join(file));
    let grid = parse_line_solution(r.stdout.trim());
    let wrong = check(&spec, &grid);
    assert!(wrong.is_empty(), "{file}: {wrong:?}");
}

/// Symbols up to 10¹⁵ and sums past 2⁵⁰, on the general engine too (`-v` takes `cp` off the
/// bitboards): its sums over houses once sized their tables by the totals and asked for
/// 500 GB.
#[test]
fn solves_a_killer_with_huge_symbols_on_the_general_engine() {
    let file = "puzzles/killer-big-symbols.rmit";
    let r = run(&["-v", "solve", file, "--to", "line"], "");
    assert_eq!(r.code, 0, "{file}: {}", r.stderr);
    let grid = parse_line_solution(r.stdout.trim());
    let wrong = check(&file_spec(&common::root().join(file)), &grid);
    assert!(wrong.is_empty(), "{file}: {wrong:?}");
}

#[test]
fn solves_the_4x4_rmit_puzzle() {
    solve_and_check("puzzles/4x4.rmit");
}

#[test]
fn solves_wikipedia_grid() {
    solve_and_check("puzzles/wikipedia.txt");
}

#[test]
fn solves_ai_escargot() {
    solve_and_check("puzzles/ai-escargot.txt");
}

#[test]
fn solves_16x16() {
    solve_and_check("puzzles/16x16.txt");
}

#[test]
fn solves_25x25() {
    solve_and_check("puzzles/25x25.txt");
}

#[test]
fn solves_non_standard_symbols_and_prints_them() {
    solve_and_check("puzzles/symbols.rmit");
    // Wikipedia's first row, 5 3 4 6 7 8 9 1 2, in the symbols 2 12 4 5 6 7 8 9 10

    let r = run(&["solve", "puzzles/symbols.rmit", "--to", "csv"], "");
    assert!(
        r.stdout.starts_with("6,4,5,7,8,9,10,2,12\n"),
        "{}",
        r.stdout
    );
}

#[test]
fn a_puzzle_without_solution_says_so_with_exit_code_1() {
    let r = run(&["solve", "puzzles/no-solution.txt"], "");
    assert_eq!((r.code, r.stdout.as_str()), (1, "no solution\n"));
}

#[test]
fn a_puzzle_with_many_solutions_gets_a_valid_one() {
    solve_and_check("puzzles/190-solutions.txt");
}

#[test]
fn a_batch_prints_one_checked_line_per_puzzle_in_order() {
    let text = std::fs::read_to_string(common::root().join("puzzles/hard-9x9.txt")).unwrap();
    let r = run(&["solve", "puzzles/hard-9x9.txt"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    let puzzles: Vec<&str> = text.lines().collect();
    let answers: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(puzzles.len(), answers.len());
    for (p, a) in puzzles.iter().zip(&answers) {
        let wrong = check(&line_spec(p), &parse_line_solution(a));
        assert!(wrong.is_empty(), "{p}: {wrong:?}");
    }
}

#[test]
fn stdin_and_several_files_keep_input_order() {
    let escargot = std::fs::read_to_string(common::root().join("puzzles/ai-escargot.txt")).unwrap();
    let r = run(
        &[
            "solve",
            "puzzles/no-solution.txt",
            "-",
            "puzzles/ai-escargot.txt",
        ],
        &escargot,
    );
    assert_eq!(r.code, 1);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], "no solution");
    assert_eq!(lines[1], lines[2]);
    assert!(check(&line_spec(escargot.trim()), &parse_line_solution(lines[1])).is_empty());
}

#[test]
fn solves_killer_rmit_cage_map_and_lines() {
    solve_and_check("puzzles/killer-4x4.rmit");
    solve_and_check("puzzles/killer-9x9.cages");
    solve_and_check("puzzles/killer-big-symbols.rmit");
    let text = std::fs::read_to_string(common::root().join("puzzles/killer-batch.txt")).unwrap();
    let r = run(&["solve", "puzzles/killer-batch.txt"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), text.lines().count());
    for (line, answer) in text.lines().zip(r.stdout.lines()) {
        // each answer carries the puzzle's id: `id<TAB>solution`
        let id = line.split('\t').next().unwrap();
        let (answer_id, answer) = answer.split_once('\t').unwrap();
        assert_eq!(answer_id, id);
        let wrong = check(
            &common::killer_line_spec(line),
            &parse_line_solution(answer),
        );
        assert!(wrong.is_empty(), "{line}: {wrong:?}");
    }
}

#[test]
fn killer_x_needs_its_rules() {
    let r = run(
        &[
            "solve",
            "puzzles/killer-x.cages",
            "--rules",
            "killer-x",
            "--to",
            "line",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let spec = file_spec(&common::root().join("puzzles/killer-x.cages"));
    assert!(spec.diagonals);
    assert!(check(&spec, &parse_line_solution(r.stdout.trim())).is_empty());
    // without the diagonals the puzzle has several solutions
    let r = run(&["count", "puzzles/killer-x.cages"], "");
    assert_eq!((r.code, r.stdout.as_str()), (4, "multiple: >= 2\n"));
}
