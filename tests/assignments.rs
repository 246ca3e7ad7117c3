//! The assignments' own words: Melbourne's COMP10002 (Figures 2, 3 and 5 of its handout, on
//! its data1 and data2), UNSW's COMP9021 and RMIT's tester line on its Figures 1 and 2, as
//! snapshots and line-by-line checks.

use crate::common;

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

#[test]
fn comp9021_preassess_and_incorrect_input() {
    // the verdicts the handout gives for its five examples
    for (i, verdict) in [
        (1, "There is clearly no solution.\n"),
        (2, "There is clearly no solution.\n"),
        (3, "There might be a solution.\n"),
        (4, "There might be a solution.\n"),
        (5, "There might be a solution.\n"),
    ] {
        let file = format!("puzzles/comp9021/sudoku_{i}.txt");
        let r = run(&["check", "--style", "comp9021", &file], "");
        assert_eq!(r.stdout, verdict, "{file}");
        assert_eq!(r.code, if i <= 2 { 1 } else { 0 }, "{file}");
    }
    // anything but 9 lines of 9 digits (spaces anywhere, lines of spaces ignored)
    let good = data_9021(3);
    for bad in [
        good.replacen('8', "x", 1),
        good.replacen("0 0 1 9 0 0 0 0 8\n", "0 0 1 9 0 0 0 0\n", 1),
        format!("{good}0 0 0 0 0 0 0 0 0\n"),
        good.replacen("6 0 0", "6,0 0", 1),
    ] {
        for command in ["check", "explain"] {
            let r = run(&[command, "--style", "comp9021"], &bad);
            assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{command} {bad}");
            assert_eq!(r.stderr, "Incorrect input\n");
        }
    }
    let spaced = format!("   \n{}", good.replace("0 0 1 9", "0 01 9"));
    let r = run(&["check", "--style", "comp9021"], &spaced);
    assert_eq!(r.stdout, "There might be a solution.\n", "{}", r.stderr);
}

fn data_9021(i: usize) -> String {
    std::fs::read_to_string(common::root().join(format!("puzzles/comp9021/sudoku_{i}.txt")))
        .unwrap()
}

#[test]
fn comp9021_pictures_are_named_after_the_input_file() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-9021-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sudoku_3.txt");
    std::fs::write(&file, data_9021(3)).unwrap();
    let r = run(
        &["explain", "--style", "comp9021", file.to_str().unwrap()],
        "",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, ""), "{}", r.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "sudoku_3.txt",
            "sudoku_3_bare.tex",
            "sudoku_3_forced.tex",
            "sudoku_3_marked.tex",
            "sudoku_3_worked.tex"
        ]
    );
    let tex = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    let bare = tex("sudoku_3_bare.tex");
    assert!(bare.contains("\\begin{document}") && bare.trim_end().ends_with("\\end{document}"));
    // "Lines that start with % are comments; there are 9 such lines."
    assert_eq!(bare.lines().filter(|l| l.starts_with('%')).count(), 9);
    // the handout: sudoku_3_worked.pdf "views identically to sudoku_3_marked.pdf"
    assert_eq!(tex("sudoku_3_worked.tex"), tex("sudoku_3_marked.tex"));
    // its first marked row as the handout draws it: 2 | 3 4 | 5 in the corners of r1c1
    let marked = tex("sudoku_3_marked.tex");
    assert!(
        marked.contains("% Line 1\n\\N{2}{3 4}{5}{}{} & \\N{2}{4}{5}{}{} & \\N{}{}{}{}{1} &\n"),
        "{marked}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn comp9021_example_4_marked_and_worked() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-9021-4-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sudoku_4.txt");
    std::fs::write(&file, data_9021(4)).unwrap();
    let r = run(
        &["explain", "--style", "comp9021", file.to_str().unwrap()],
        "",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, ""), "{}", r.stderr);
    let tex = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap();
    assert_snapshot!("comp9021_sudoku_4_marked", tex("sudoku_4_marked.tex"));
    // the worked grid keeps every mark beside the digit found, the others struck out
    let worked = tex("sudoku_4_worked.tex");
    assert!(
        worked.contains("\\N{\\cancel{2}}{\\cancel{4}}{6}{\\cancel{7} \\cancel{8}}{6} & "),
        "{worked}"
    );
    assert_snapshot!("comp9021_sudoku_4_worked", worked);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs RMIT's tester line on `file` with each solver, writing the solution file; gives the
/// shown grids (the same for every solver) and checks each solution file independently.
fn rmit_figure(file: &str, game: &str, solvers: &[&str]) -> String {
    let dir =
        std::env::temp_dir().join(format!("sudoku-cp-rmit-fig-{game}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("solved.csv");
    let spec = common::rmit_spec(&std::fs::read_to_string(common::root().join(file)).unwrap());
    let mut shown: Option<String> = None;
    for solver in solvers {
        let r = run(
            &["rmit", file, game, solver, "y", out.to_str().unwrap()],
            "",
        );
        assert_eq!(r.code, 0, "{solver}: {}", r.stderr);
        let csv = std::fs::read_to_string(&out).unwrap();
        let grid: Vec<u64> = csv
            .split([',', '\n'])
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(
            common::check(&spec, &grid),
            Vec::<String>::new(),
            "{solver}"
        );
        match &shown {
            Some(s) => assert_eq!(&r.stdout, s, "{solver} shows the same grids"),
            None => shown = Some(r.stdout),
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    shown.unwrap()
}

#[test]
fn rmit_figure_1_with_every_solver() {
    let shown = rmit_figure(
        "puzzles/wikipedia.rmit",
        "sudoku",
        &["backtracking", "algorx", "dancing"],
    );
    assert_snapshot!("rmit_figure_1", shown);
}

#[test]
fn rmit_figure_2_killer_drawn_with_its_cages() {
    let shown = rmit_figure(
        "puzzles/killer-wikipedia.rmit",
        "killer",
        &["backtracking", "advanced"],
    );
    assert_snapshot!("rmit_figure_2", shown);
    // the grids shown read back as the killer: its 29 cages, then its solution as givens
    let r = run(&["solve", "--to", "line"], &shown);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    let r = run(&["count", "-"], shown.split("\n\n").next().unwrap());
    assert_eq!(r.stdout, "unique\n", "{}", r.stderr);
}

#[test]
fn rmit_tester_line_shows_solves_and_writes_the_csv() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-rmit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("solved.csv");
    let r = run(
        &[
            "rmit",
            "puzzles/4x4.rmit",
            "sudoku",
            "dancing",
            "y",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        ". 2 | . .\n. . | 1 .\n----+----\n. . | . 3\n4 . | . .\n\n\
         1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,1\n"
    );
    for solver in ["backtracking", "advanced"] {
        let r = run(
            &[
                "rmit",
                "puzzles/killer-4x4.rmit",
                "killer",
                solver,
                "n",
                out.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (0, ""),
            "{solver}: {}",
            r.stderr
        );
    }
    let r = run(
        &["rmit", "puzzles/killer-4x4.rmit", "killer", "dancing", "n"],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("one of backtracking, advanced"),
        "{}",
        r.stderr
    );
    let r = run(
        &["rmit", "puzzles/killer-4x4.rmit", "sudoku", "dancing", "n"],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("its game type is killer"), "{}", r.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}
