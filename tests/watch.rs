//! Watching the engine work: traces on every grid with every solver, the per-constraint
//! profile of `--stats`/`--profile`, the search tree of `--tree`, and answers on a pipe as
//! each line comes.

use crate::common;

use common::{mask_times, root};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const SOLVERS: [&str; 5] = ["cp", "dlx", "algx", "cdcl", "backtrack"];

/// A 4×4 with one given: every solver searches a little (an empty grid is too easy for
/// naive backtracking to say much).
const FOUR: &str = "...............4";

/// Runs the binary with `RUST_LOG` set to `log` (unset when `None`): (exit code, stdout,
/// stderr).
fn run_logged(args: &[&str], log: Option<&str>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"));
    cmd.args(args).current_dir(root()).env_remove("RUST_LOG");
    if let Some(log) = log {
        cmd.env("RUST_LOG", log);
    }
    let out = cmd.stdin(Stdio::null()).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

/// The log lines of a stderr (the targets' prefix), leaving out notes.
fn log_lines(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with("[sudoku_cp::"))
        .collect()
}

#[test]
fn every_solver_traces_the_wikipedia_puzzle_and_a_4x4_with_the_same_answers() {
    for solver in SOLVERS {
        for input in [&["puzzles/wikipedia.txt"][..], &["--puzzle", FOUR]] {
            let mut args = vec!["solve", "--solver", solver];
            args.extend(input);
            let (code, quiet, _) = run_logged(&args, None);
            assert_eq!(code, 0, "{args:?}");
            for (log, flag) in [
                (Some("trace"), None),
                (Some("sudoku_cp=trace"), None),
                (None, Some("-vv")),
            ] {
                let mut with = args.clone();
                with.extend(flag);
                let (code, out, err) = run_logged(&with, log);
                assert_eq!(code, 0, "{with:?} {log:?}");
                // A unique puzzle's answer is the same; the 4×4 has many solutions, and the
                // engine may find another first than the bitboards does.
                if input[0].ends_with("wikipedia.txt") {
                    assert_eq!(out, quiet, "{with:?} {log:?}");
                } else {
                    let grid = common::parse_line_solution(out.trim());
                    let problems = common::check(&common::line_spec(FOUR), &grid);
                    assert!(problems.is_empty(), "{with:?}: {out} {problems:?}");
                }
                let lines = log_lines(&err);
                assert!(
                    lines.len() >= 50,
                    "{with:?} RUST_LOG={log:?}: {} lines\n{err}",
                    lines.len()
                );
                assert!(
                    lines.iter().any(|l| l.starts_with("[sudoku_cp::search]")),
                    "{with:?}: no decision logged"
                );
            }
        }
    }
}

#[test]
fn decisions_and_backtracks_show_at_v_and_targets_filter_alone() {
    for solver in SOLVERS {
        let (_, _, err) = run_logged(
            &["solve", "-v", "--solver", solver, "puzzles/hard-9x9.txt"],
            None,
        );
        let lines = log_lines(&err);
        assert!(
            lines.iter().all(|l| l.starts_with("[sudoku_cp::search]")),
            "{solver}: -v shows decisions only"
        );
        assert!(lines.len() >= 10, "{solver}: {} lines at -v", lines.len());
    }
    // The propagation trace alone, without the decisions.
    let (_, _, err) = run_logged(
        &["solve", "puzzles/wikipedia.txt"],
        Some("sudoku_cp::propagate=trace"),
    );
    let lines = log_lines(&err);
    assert!(lines.len() >= 50, "{err}");
    assert!(
        lines
            .iter()
            .all(|l| l.starts_with("[sudoku_cp::propagate]"))
    );
    // Logs off: nothing but the answer.
    let (_, _, err) = run_logged(&["solve", "puzzles/wikipedia.txt"], Some("off"));
    assert_eq!(err, "");
}

#[test]
fn the_engine_note_says_once_why_a_small_grid_leaves_the_network() {
    let (_, _, err) = run_logged(&["solve", "-v", "puzzles/hard-9x9.txt"], None);
    assert_eq!(
        err.matches("note: with the search's logs on").count(),
        1,
        "{err}"
    );
    let (_, _, err) = run_logged(
        &["solve", "-v", "--solver", "dlx", "puzzles/hard-9x9.txt"],
        None,
    );
    assert!(!err.contains("note:"), "{err}");
}

/// `nodes N` and `failures N` of a `--stats` line.
fn stats_counts(stderr: &str) -> (usize, usize) {
    let line = stderr
        .lines()
        .find(|l| l.contains(": nodes "))
        .expect("a stats line");
    let count = |word: &str| -> usize {
        let w: Vec<&str> = line.split(' ').collect();
        let i = w
            .iter()
            .position(|x| *x == word)
            .expect("the count is there");
        w[i + 1].parse().expect("a number")
    };
    (count("nodes"), count("failures"))
}

#[test]
fn the_tree_of_ai_escargot_renders_and_its_counts_are_the_stats() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dot = dir.join("escargot.dot");
    let (code, _, err) = run_logged(
        &[
            "solve",
            "--stats",
            "--tree",
            dot.to_str().unwrap(),
            "puzzles/ai-escargot.txt",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let (nodes, failures) = stats_counts(&err);
    let text = std::fs::read_to_string(&dot).unwrap();
    assert!(text.starts_with("digraph search {"));
    let drawn = text.lines().filter(|l| l.contains("fillcolor")).count();
    let red = text.matches("#d62728").count();
    let green = text.matches("#2ca02c").count();
    assert_eq!((drawn, red, green), (nodes, failures, 1), "{text}");
    assert!(
        err.contains(&format!("({nodes} nodes, {failures} failed, 1 solved)")),
        "{err}"
    );
    // Graphviz draws it (CI installs it; elsewhere the check says it skipped).
    match Command::new("dot").arg("-Tsvg").arg(&dot).output() {
        Ok(out) => {
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(String::from_utf8_lossy(&out.stdout).contains("<svg"));
        }
        Err(_) => eprintln!("graphviz's dot is not installed: the DOT file was not drawn"),
    }
    // The same tree as JSON Lines and as our own picture.
    let jsonl = dir.join("escargot.jsonl");
    let svg = dir.join("escargot.svg");
    for file in [&jsonl, &svg] {
        let (code, _, err) = run_logged(
            &[
                "solve",
                "--tree",
                file.to_str().unwrap(),
                "puzzles/ai-escargot.txt",
            ],
            None,
        );
        assert_eq!(code, 0, "{err}");
    }
    let lines = std::fs::read_to_string(&jsonl).unwrap();
    assert_eq!(lines.lines().count(), nodes);
    assert_eq!(lines.matches("\"end\":\"failed\"").count(), failures);
    assert!(
        lines
            .lines()
            .next()
            .unwrap()
            .starts_with("{\"id\":0,\"parent\":null,")
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.ends_with("</svg>\n"));
    assert_eq!(picture.matches("<circle").count(), nodes);
    assert_eq!(picture.matches("fill=\"#d62728\"").count(), failures);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_tree_limit_bounds_the_file_and_later_puzzles_get_their_own() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-trees-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let jsonl = dir.join("t.jsonl");
    let (code, _, err) = run_logged(
        &[
            "solve",
            "--tree",
            jsonl.to_str().unwrap(),
            "--tree-limit",
            "25",
            "puzzles/hard-9x9.txt",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    for (file, puzzle) in [("t.jsonl", 1), ("t-2.jsonl", 2), ("t-3.jsonl", 3)] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(text.lines().count() <= 25, "{file}");
        assert!(err.contains(&format!("hard-9x9.txt:{puzzle}: wrote the search tree to")));
    }
    assert!(
        err.contains("the first 25 of a larger tree (--tree-limit)"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn tree_and_profile_refuse_what_they_cannot_do() {
    let (code, _, err) = run_logged(
        &[
            "solve",
            "--solver",
            "dlx",
            "--tree",
            "t.dot",
            "puzzles/wikipedia.txt",
        ],
        None,
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--tree: records the search of cp, not of dlx"),
        "{err}"
    );
    let (code, _, err) = run_logged(&["solve", "--tree", "t.png", "puzzles/wikipedia.txt"], None);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot tell the tree's format from `t.png`"),
        "{err}"
    );
    let (code, _, err) = run_logged(
        &[
            "solve",
            "--tree",
            "puzzles/wikipedia.txt",
            "puzzles/wikipedia.txt",
        ],
        None,
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        std::fs::read_to_string(root().join("puzzles/wikipedia.txt"))
            .unwrap()
            .len()
            > 80
    );
}

#[test]
fn the_profile_of_a_killer_names_each_kind_with_its_runs() {
    let (code, _, err) = run_logged(&["solve", "--stats", "puzzles/killer-9x9.cages"], None);
    assert_eq!(code, 0, "{err}");
    let runs = |kind: &str| -> u64 {
        let row = err
            .lines()
            .find(|l| l.ends_with(&format!("  {kind}")))
            .unwrap_or_else(|| panic!("no row for {kind}:\n{err}"));
        row.split_whitespace().next().unwrap().parse().unwrap()
    };
    for kind in [
        "all-different",
        "killer cage",
        "values two cages share",
        "rule of 45",
        "rule of 45 over rows and columns",
    ] {
        assert!(runs(kind) > 0, "{kind}");
    }
    // Per propagator: each cage by its name.
    let (_, _, err) = run_logged(&["solve", "--profile", "puzzles/killer-9x9.cages"], None);
    assert!(err.contains("  cage 18/3 at r1c1\n"), "{err}");
    assert!(err.contains("  alldiff(box 9)\n"), "{err}");
}

#[test]
fn the_profile_adds_up_to_the_stats_in_json_and_names_variant_kinds() {
    let (code, out, _) = run_logged(
        &[
            "solve",
            "--stats",
            "--to",
            "json",
            "--rules",
            "puzzles/variants/ctc-tribute.rules",
            "puzzles/variants/ctc-tribute.txt",
        ],
        None,
    );
    assert_eq!(code, 0);
    let record: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    let stats = &record["stats"];
    let rows = stats["profile"].as_array().expect("a profile");
    let sum = |field: &str| rows.iter().map(|r| r[field].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("failures"), stats["failures"].as_u64().unwrap());
    let kinds: Vec<&str> = rows.iter().map(|r| r["kind"].as_str().unwrap()).collect();
    for kind in ["all-different", "cage", "thermometer", "arrow"] {
        assert!(kinds.contains(&kind), "{kinds:?}");
    }
    assert!(rows.iter().all(|r| r.get("name").is_none()));
}

#[test]
fn a_batch_profile_totals_the_kinds() {
    let (_, _, err) = run_logged(&["solve", "--stats", "puzzles/hard-9x9.txt"], None);
    let masked = mask_times(&err);
    assert!(masked.contains("total: 3 puzzles"), "{masked}");
    // the total's table comes last
    let tail: Vec<&str> = masked.lines().rev().take(2).collect();
    assert!(tail[0].ends_with("  all-different"), "{masked}");
    assert!(tail[1].ends_with("constraint kind"), "{masked}");
}

#[test]
fn a_pipe_held_open_is_answered_line_by_line() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"))
        .args(["solve", "-"])
        .current_dir(root())
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let wikipedia =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    stdin.write_all(wikipedia.as_bytes()).unwrap();
    stdin.flush().unwrap();
    // The input stays open: the answer must come anyway.
    let first = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("answered before the input ended");
    assert_eq!(
        first,
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    );
    stdin.write_all(format!("{FOUR}\n").as_bytes()).unwrap();
    stdin.flush().unwrap();
    let second = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("the second line answered too");
    assert_eq!(second.len(), 16);
    drop(stdin);
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

#[test]
fn the_readme_tree_picture_is_what_solve_draws() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("escargot.svg");
    let (code, _, err) = run_logged(
        &[
            "solve",
            "--tree",
            svg.to_str().unwrap(),
            "puzzles/ai-escargot.txt",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let drawn = std::fs::read_to_string(&svg).unwrap();
    let kept = std::fs::read_to_string(root().join("docs/ai-escargot-tree.svg")).unwrap();
    assert_eq!(
        drawn, kept,
        "redraw docs/ai-escargot-tree.svg with the README's command"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
