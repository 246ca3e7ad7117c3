//! Grids past 64×64 (wide domains of several words) and the largest supported size, end to
//! end: puzzles made here from a shuffled pattern grid with some cells blanked, solved through
//! the binary, answers checked by the independent checker.

use crate::common;

use common::{check, line_spec, parse_line_solution, run};
use sudoku_cp::engine::Rng;

/// A valid n×n grid from the pattern `(k·(r mod k) + r div k + c) mod n`, with rows shuffled
/// within bands, then a `holes` share of the cells blanked (a fixed pseudo-random sequence).
fn pattern_puzzle(n: usize, holes: f64, seed: u64) -> String {
    let k = (n as f64).sqrt() as usize;
    let mut rng = Rng::new(seed);
    let mut rows: Vec<usize> = (0..n).collect();
    for band in rows.chunks_mut(k) {
        rng.shuffle(band);
    }
    let mut cells: Vec<usize> = rows
        .iter()
        .flat_map(|&r| (0..n).map(move |c| (k * (r % k) + r / k + c) % n + 1))
        .collect();
    for _ in 0..(holes * (n * n) as f64) as usize {
        let i = rng.below(n * n);
        cells[i] = 0;
    }
    cells
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn solve_and_check(n: usize, holes: f64) {
    let puzzle = pattern_puzzle(n, holes, n as u64);
    let r = run(&["solve", "--timeout", "60"], &format!("{puzzle}\n"));
    assert_eq!(r.code, 0, "{n}×{n}: {}", r.stderr);
    let wrong = check(&line_spec(&puzzle), &parse_line_solution(r.stdout.trim()));
    assert!(wrong.is_empty(), "{n}×{n}: {wrong:?}");
}

#[test]
fn solves_36x36_in_one_u64_word() {
    solve_and_check(36, 0.3);
}

#[test]
fn solves_81x81_in_two_words() {
    solve_and_check(81, 0.3);
}

#[test]
fn solves_144x144_in_four_words() {
    solve_and_check(144, 0.2);
}

#[test]
fn solves_256x256_the_largest_size() {
    solve_and_check(256, 0.1);
}

#[test]
fn refuses_289x289_naming_the_largest_size() {
    let puzzle = vec!["0"; 289 * 289].join(" ");
    let r = run(&["solve"], &format!("{puzzle}\n"));
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "error: <stdin>:1: 83521 cells = 289×289: size 289 is too large: the largest supported size is 256 (256×256) (read as one puzzle per line, the closest fit; also tried a grid)\n"
    );
    let r = run(&["solve"], "289\n1 2\n");
    assert_eq!(
        r.stderr,
        "error: <stdin>:1: size 289 is too large: the largest supported size is 256 (256×256) \
         (read as an RMIT file, the closest fit; also tried one puzzle per line, a grid)\n"
    );
}

/// An empty grid of every large size is solved without a guess: the pattern hint fixes every
/// cell in one node (the bar is a second each in release; here the debug build).
#[test]
fn solves_empty_grids_to_256x256_in_one_node() {
    for n in [81, 100, 144, 196, 256] {
        let puzzle = vec!["0"; n * n].join(" ");
        let r = run(
            &["solve", "--stats", "--threads", "1"],
            &format!("{puzzle}\n"),
        );
        assert_eq!(r.code, 0, "{n}×{n}: {}", r.stderr);
        assert!(
            r.stderr.contains("nodes 1 guesses 0 failures 0 "),
            "{n}×{n}: {}",
            r.stderr
        );
        let wrong = check(&line_spec(&puzzle), &parse_line_solution(r.stdout.trim()));
        assert!(wrong.is_empty(), "{n}×{n}: {wrong:?}");
    }
}
