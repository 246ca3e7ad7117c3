//! Batches, pipes, threads and limits on the command line: a bad record or a rule broken by the
//! givens named and gone past, answers in input order on any number of threads, a closed pipe
//! ending a batch at once, answers written while a slow puzzle is still searched, and the
//! limits' exit code.

use crate::common;

use common::{run, run_bytes};

#[test]
fn givens_that_break_a_rule_have_no_solution_and_say_why_on_stderr() {
    let r = run(&["solve"], &format!("55{}5\n", ".".repeat(78)));
    assert_eq!((r.code, r.stdout.as_str()), (1, "no solution\n"));
    assert_eq!(
        r.stderr,
        "error: <stdin>:1: the givens break the rules: row 1 holds 5 twice (r1c1, r1c2); \
         box 1 holds 5 twice (r1c1, r1c2)\n"
    );
}

#[test]
fn a_batch_goes_on_past_a_bad_line_and_names_it() {
    let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let r = run(&["solve", "-"], &format!("{good}\n{good}\n12.4\n{good}\n"));
    assert_eq!(r.code, 2);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "one record per line: {}", r.stdout);
    assert_eq!(lines[2], "error");
    assert!(lines[3] == lines[0] && lines[0].len() == 81);
    assert!(
        r.stderr.starts_with("error: <stdin>:3: 4 cells;"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_batch_with_a_bad_middle_record_prints_three_records_for_every_command() {
    let good = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let repeated = format!("44{}", &good[2..]);
    for middle in ["12.4", repeated.as_str()] {
        let input = format!("{good}\n{middle}\n{good}\n");
        let expect_code = if middle == "12.4" { 2 } else { 1 };
        let r = run(&["count", "--to", "json"], &input);
        assert_eq!(r.code, expect_code, "{}", r.stderr);
        let statuses: Vec<String> = r
            .stdout
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["status"].as_str().unwrap().to_string()
            })
            .collect();
        let middle_status = if expect_code == 2 { "error" } else { "none" };
        assert_eq!(statuses, ["unique", middle_status, "unique"]);
        assert!(r.stderr.starts_with("error: <stdin>:2: "), "{}", r.stderr);
        for command in ["solve", "count", "rate", "check", "explain"] {
            let r = run(&[command], &input);
            assert_ne!(r.code, 0, "{command}");
            // check reports broken givens as its answer, on stdout; every other message names
            // the line on stderr
            if command == "check" && expect_code == 1 {
                assert!(r.stdout.contains("2 instances of 4"), "{}", r.stdout);
            } else {
                assert!(r.stderr.contains("<stdin>:2: "), "{command}: {}", r.stderr);
            }
            let records = match command {
                "check" | "explain" => r.stdout.matches("<stdin>:").count(),
                _ => r.stdout.lines().count(),
            };
            assert_eq!(records, 3, "{command}: {}", r.stdout);
        }
    }
}

#[test]
fn threads_answer_in_input_order_and_go_past_a_bad_line_as_one_thread_does() {
    // 270 puzzles: several chunks of work on two threads.
    for command in ["solve", "count"] {
        let one = run(&[command, "puzzles/gaps-9x9.txt", "--threads", "1"], "");
        let two = run(&[command, "puzzles/gaps-9x9.txt", "--threads", "2"], "");
        assert_eq!(one.code, 0, "{}", one.stderr);
        assert_eq!(one.stdout.lines().count(), 270);
        assert_eq!(one.stdout, two.stdout, "{command}");
    }
    let lines = std::fs::read_to_string("puzzles/gaps-9x9.txt").unwrap();
    let mut input: Vec<&str> = lines.lines().collect();
    input.insert(100, "12.4");
    let input = input.join("\n");
    let one = run(&["solve", "--threads", "1"], &input);
    let two = run(&["solve", "--threads", "2"], &input);
    assert_eq!(two.code, 2);
    assert_eq!(two.stdout.lines().count(), 271, "every record answered");
    assert_eq!(two.stdout.lines().nth(100), Some("error"));
    assert!(
        two.stderr.starts_with("error: <stdin>:101: 4 cells;"),
        "{}",
        two.stderr
    );
    assert_eq!((one.stdout, one.stderr), (two.stdout, two.stderr));
    // Givens that break the rules: `no solution` (count: `none`) in their place, exit code 1.
    let mut input: Vec<&str> = lines.lines().collect();
    let bad = format!("11{}", &input[0][2..]);
    input.insert(150, &bad);
    let input = input.join("\n");
    for (command, word) in [("solve", "no solution"), ("count", "none")] {
        let one = run(&[command, "--threads", "1"], &input);
        let two = run(&[command, "--threads", "2"], &input);
        assert_eq!(two.code, 1, "{command}");
        assert_eq!(two.stdout.lines().count(), 271, "{command}");
        assert_eq!(two.stdout.lines().nth(150), Some(word));
        assert!(
            two.stderr
                .starts_with("error: <stdin>:151: the givens break the rules: row 1 holds 1 twice"),
            "{}",
            two.stderr
        );
        assert_eq!((one.stdout, one.stderr), (two.stdout, two.stderr));
    }
}

#[test]
fn binary_garbage_is_refused_not_panicked_on() {
    let r = run_bytes(&["solve"], &[0x89, b'P', b'N', b'G', 0, 0xff, 0xfe]);
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "error\n");
    assert_eq!(
        r.stderr,
        "error: <stdin>:1: not a text file (byte 1 of the line is not UTF-8); expected a puzzle\n"
    );
    let r = run_bytes(&["solve"], b"1...\0....\n");
    assert_eq!(
        r.stderr,
        "error: <stdin>:1: not a text file (it holds a NUL byte)\n"
    );
}

#[test]
fn a_closed_pipe_ends_a_batch_quietly_at_once() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"))
        .args(["solve", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Far more puzzles than it could solve before the test's deadline: if a closed stdout
    // did not stop it, this test would not end.
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let feeder = std::thread::spawn(move || {
        let line =
            b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
        for _ in 0..10_000_000 {
            if stdin.write_all(line).is_err() {
                break; // the solver stopped reading
            }
        }
    });
    let mut out = BufReader::new(child.stdout.take().expect("stdout is piped"));
    for _ in 0..3 {
        let mut line = String::new();
        out.read_line(&mut line).expect("an answer");
        assert_eq!(line.trim().len(), 81);
    }
    drop(out); // like `| head -3`
    let result = child.wait_with_output().expect("it ends");
    feeder.join().expect("the feeder ends");
    assert_eq!(result.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&result.stderr), "", "quietly");
}

/// Answers are gathered before they are written to a pipe, but not held back by a slow puzzle:
/// the first file's answer comes while the second (16×16 with the naive baseline, which runs
/// to its timeout) is still being searched.
#[test]
fn an_answer_is_written_while_a_slow_puzzle_is_still_searched() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"))
        .args([
            "solve",
            "--solver",
            "backtrack",
            "--timeout",
            "20",
            "--threads",
            "1",
            "puzzles/wikipedia.txt",
            "puzzles/16x16.txt",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut out = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut line = String::new();
    out.read_line(&mut line).expect("an answer");
    assert_eq!(
        line.trim(),
        "5 3 4 | 6 7 8 | 9 1 2",
        "the first row of the answer"
    );
    assert!(
        child.try_wait().expect("a status").is_none(),
        "the answer came only when the run ended"
    );
    child.kill().expect("it stops");
    child.wait().expect("it ends");
}

#[test]
fn count_and_explain_obey_limits_with_exit_code_5() {
    let r = run(
        &["count", "puzzles/ai-escargot.txt", "--node-limit", "2"],
        "",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (5, "node limit (found 0)\n"),
        "{}",
        r.stderr
    );
    let r = run(&["count", "puzzles/ai-escargot.txt", "--timeout", "0"], "");
    assert_eq!(r.code, 2, "a zero timeout is refused: {}", r.stderr);
    let r = run(
        &[
            "explain",
            "puzzles/190-solutions.txt",
            "--guess",
            "--node-limit",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 5, "{}", r.stderr);
    assert!(
        r.stdout.ends_with("stopped at --node-limit 1 (guesses)\n"),
        "{}",
        r.stdout
    );
    let r = run(
        &[
            "explain",
            "puzzles/ai-escargot.txt",
            "--guess",
            "--json",
            "--timeout",
            "0.000001",
        ],
        "",
    );
    assert_eq!(r.code, 5, "{}", r.stderr);
    assert!(r.stdout.contains("\"status\":\"timeout\""), "{}", r.stdout);
}

/// A shipped puzzle without its first `fewer` givens.
fn with_givens_dropped(file: &str, fewer: usize) -> String {
    let text = std::fs::read_to_string(common::root().join(file)).unwrap();
    let mut dropped = 0;
    let cells: Vec<&str> = text
        .split_whitespace()
        .map(|c| {
            if c != "0" && dropped < fewer {
                dropped += 1;
                "0"
            } else {
                c
            }
        })
        .collect();
    cells.join(" ") + "\n"
}

/// Counts (all, and up to a limit) and one checked solution, on one thread and on two.
fn two_threads_count_and_solve_as_one_does(puzzle: &str, all: &str, limit: &str, at_limit: &str) {
    for threads in ["1", "2"] {
        let counted = run(
            &["count", "--limit", "1000000", "--threads", threads],
            puzzle,
        );
        assert_eq!(counted.stdout, all, "{threads} threads");
        let some = run(&["count", "--limit", limit, "--threads", threads], puzzle);
        assert_eq!(some.stdout, at_limit, "{threads} threads");
        let solved = run(&["solve", "--threads", threads, "--to", "line"], puzzle);
        assert_eq!(solved.code, 0, "{}", solved.stderr);
        let grid = common::parse_line_solution(solved.stdout.trim());
        let spec = common::line_spec(puzzle.trim());
        assert_eq!(common::check(&spec, &grid), Vec::<String>::new());
    }
}

/// The shipped 16×16 puzzle without its first four givens: 6,602 solutions, a tree of
/// thousands of nodes on the general engine, so a second thread joins the search.
#[test]
fn a_search_shared_by_two_threads_counts_and_solves_as_one_thread_does() {
    let puzzle = with_givens_dropped("puzzles/16x16.txt", 4);
    two_threads_count_and_solve_as_one_does(
        &puzzle,
        "multiple: 6602\n",
        "3000",
        "multiple: >= 3000\n",
    );
}

/// The shipped 25×25 puzzle without its first 17 givens: 28,924 solutions. A 25×25 search
/// restarts, so it is not split: a second thread races a search of its own, and the first to
/// end answers.
#[test]
fn a_search_raced_by_two_threads_counts_and_solves_as_one_thread_does() {
    let puzzle = with_givens_dropped("puzzles/25x25.txt", 17);
    two_threads_count_and_solve_as_one_does(
        &puzzle,
        "multiple: 28924\n",
        "3000",
        "multiple: >= 3000\n",
    );
}
