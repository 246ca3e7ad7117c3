//! The assignments' own words: Melbourne's COMP10002 (Figures 2, 3 and 5 of its handout, on
//! its data1 and data2) and RMIT's tester line, as snapshots and line-by-line checks.

mod common;

use common::run;
use insta::assert_snapshot;

fn data(name: &str) -> String {
    std::fs::read_to_string(common::root().join("puzzles/comp10002").join(name)).unwrap()
}

#[test]
fn comp10002_stage_one_and_two() {
    // read from standard input, as the assignment's program does
    let r = run(&["check", "--style", "comp10002"], &data("data1.txt"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_snapshot!("comp10002_data1_check", r.stdout);
    let r = run(&["check", "--style", "comp10002"], &data("data2.txt"));
    assert_eq!(r.code, 1, "{}", r.stderr);
    // Figure 3, line by line
    let tail: Vec<&str> = r.stdout.lines().skip(14).collect();
    assert_eq!(
        tail,
        [
            "set 6 (row 7): 2 instances of 2",
            "set 8 (row 9): 2 instances of 2",
            "set 8 (row 9): 3 instances of 9",
            "set 12 (col 4): 2 instances of 9",
            "set 14 (col 6): 2 instances of 2",
            "set 17 (col 9): 2 instances of 9",
            "set 25 (sqr 8): 3 instances of 2",
            "set 26 (sqr 9): 2 instances of 9",
            "",
            "7 different sets have violations",
            "8 violations in total",
        ]
    );
    // stage 3 stops after stage 2's violations
    let r = run(&["explain", "--style", "comp10002"], &data("data2.txt"));
    assert_eq!(r.code, 1);
    assert!(!r.stdout.contains("strategy one"));
}

#[test]
fn comp10002_strategy_one() {
    let r = run(&["explain", "--style", "comp10002"], &data("data1.txt"));
    assert_eq!(r.code, 0, "{}", r.stderr);
    // Figure 5: the first two passes, and the end
    let passes: Vec<&str> = r.stdout.lines().skip(14).take(13).collect();
    assert_eq!(
        passes,
        [
            "strategy one",
            "row 2 col 2 must be 7",
            "row 2 col 5 must be 3",
            "row 4 col 6 must be 6",
            "row 5 col 2 must be 4",
            "row 6 col 5 must be 4",
            "row 7 col 6 must be 9",
            "",
            "strategy one",
            "row 1 col 6 must be 8",
            "row 2 col 1 must be 8",
            "row 4 col 4 must be 2",
            "row 5 col 3 must be 2",
        ]
    );
    assert!(r.stdout.ends_with(
        "7 6 4 | 3 2 5 | 8 9 1\n9 3 8 | 7 6 1 | 2 5 4\n\n0 cells are unknown\nta daa!!!\n"
    ));
    assert_snapshot!("comp10002_data1_explain", r.stdout);
}

#[test]
fn comp10002_strategy_two_goes_further_than_strategy_one() {
    // line 50 of gaps-9x9.txt: Strategy One stops with 40 cells unknown, both solve it
    let text = std::fs::read_to_string(common::root().join("puzzles/gaps-9x9.txt")).unwrap();
    let line = text.lines().nth(49).unwrap();
    let one = run(&["explain", "--style", "comp10002", "--puzzle", line], "");
    let two = run(
        &["explain", "--style", "comp10002-two", "--puzzle", line],
        "",
    );
    assert_eq!((one.code, two.code), (0, 0));
    assert!(!one.stdout.contains("ta daa"));
    assert!(two.stdout.contains("strategy two\n"));
    assert!(two.stdout.ends_with("ta daa!!!\n"), "{}", two.stdout);
    let unknown = |s: &str| {
        s.lines()
            .rev()
            .find(|l| l.ends_with("cells are unknown"))
            .and_then(|l| l.split(' ').next())
            .and_then(|n| n.parse::<usize>().ok())
            .unwrap()
    };
    assert_eq!((unknown(&one.stdout), unknown(&two.stdout)), (40, 0));
}
