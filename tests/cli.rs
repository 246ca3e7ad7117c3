//! Snapshots of what the command line prints: output formats, statistics, counting, and one
//! clear error line (exit code 2, nothing on stdout) for each kind of bad input.

use crate::common;

use common::run;
use insta::assert_snapshot;

#[test]
fn solve_prints_a_readable_grid_by_default() {
    assert_snapshot!(run(&["solve", "puzzles/wikipedia.txt"], "").transcript());
}

#[test]
fn solve_to_csv_and_line() {
    assert_snapshot!(
        "csv",
        run(&["solve", "puzzles/4x4.rmit", "--to", "csv"], "").transcript()
    );
    assert_snapshot!(
        "line",
        run(&["solve", "puzzles/4x4.rmit", "--to", "line"], "").transcript()
    );
}

#[test]
fn solve_wide_symbols_align_in_grids() {
    assert_snapshot!(run(&["solve", "puzzles/16x16.txt", "--to", "grid"], "").transcript());
}

#[test]
fn solve_show_prints_puzzle_then_solution() {
    assert_snapshot!(run(&["solve", "puzzles/symbols.rmit", "--show"], "").transcript());
}

#[test]
fn solve_stats_go_to_stderr_with_a_batch_total() {
    assert_snapshot!(run(&["solve", "puzzles/hard-9x9.txt", "--stats"], "").transcript());
}

#[test]
fn solve_reports_no_solution_on_its_line() {
    let batch = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n\
                 531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n";
    assert_snapshot!(run(&["solve"], batch).transcript());
}

#[test]
fn solve_node_limit_prints_node_limit_and_exit_code_5() {
    let r = run(
        &["solve", "puzzles/ai-escargot.txt", "--node-limit", "3"],
        "",
    );
    assert_eq!((r.code, r.stdout.as_str()), (5, "node limit\n"));
}

#[test]
fn solve_output_file_gets_the_solution_and_stdout_stays_empty() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("solution.csv");
    let r = run(
        &[
            "solve",
            "puzzles/4x4.rmit",
            "--output",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!((r.code, r.stdout.as_str(), r.stderr.as_str()), (0, "", ""));
    // RMIT input writes RMIT's comma-separated solution file by default
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,1\n"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left behind");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn count_says_unique_multiple_or_none() {
    let batch = [
        "puzzles/ai-escargot.txt",
        "puzzles/190-solutions.txt",
        "puzzles/no-solution.txt",
    ];
    let mut args = vec!["count"];
    args.extend(batch);
    assert_snapshot!("count_default", run(&args, "").transcript());
    args.extend(["--limit", "500"]);
    assert_snapshot!("count_limit_500", run(&args, "").transcript());
}

#[test]
fn trace_logs_follow_propagation_on_stderr() {
    // the bitboards logs nothing, so with logs on a 4×4 goes on the general engine
    // (one note says so), as it does with --no-bitboards; same answer
    let noted = run(&["-vv", "solve", "puzzles/4x4.rmit", "--to", "line"], "");
    assert_eq!(noted.stdout, "1234341221434321\n");
    assert!(
        noted
            .stderr
            .starts_with("note: with the search's logs on, cp solves 4×4")
    );
    let r = run(
        &[
            "-vv",
            "--no-bitboards",
            "solve",
            "puzzles/4x4.rmit",
            "--to",
            "line",
        ],
        "",
    );
    assert_eq!(r.stdout, "1234341221434321\n");
    assert!(!r.stderr.contains("note:"), "{}", r.stderr);
    assert!(noted.stderr.ends_with(&r.stderr), "{}", noted.stderr);
    assert!(
        r.stderr
            .contains("[sudoku_cp::propagate] run alldiff(row 1)"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("[sudoku_cp::propagate]   r1c1 loses {2} -> {1,3,4} (alldiff(row 1))"),
        "{}",
        r.stderr
    );
}

/// Each bad input: one line on stderr naming the source and line, exit code 2, and on stdout
/// the record's `error` in its place (nothing when an option is wrong).
fn bad(args: &[&str], stdin: &str) -> String {
    let r = run(args, stdin);
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert!(r.stdout == "error\n" || r.stdout.is_empty(), "{}", r.stdout);
    // one line, or for a bad option clap's line and its pointer to --help
    let lines: Vec<&str> = r.stderr.lines().filter(|l| !l.is_empty()).collect();
    let clap = lines.len() == 2 && lines[1] == "For more information, try '--help'.";
    assert!(lines.len() == 1 || clap, "one line: {}", r.stderr);
    format!("{}\n", lines[0])
}

#[test]
fn bad_input_gets_one_clear_line() {
    let cases: Vec<(&str, String)> = vec![
        ("empty input", bad(&["solve"], "")),
        ("only comments", bad(&["solve"], "# nothing here\n")),
        (
            "wrong number of cells",
            bad(
                &["solve"],
                "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.\n",
            ),
        ),
        (
            "bad character",
            bad(
                &["solve"],
                "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7..y3..\n",
            ),
        ),
        ("size without boxes", bad(&["solve"], "7\n1 2 3 4 5 6 7\n")),
        ("absurd size", bad(&["solve"], "1000000\n1 2\n")),
        (
            "symbol not in the list",
            bad(&["solve"], "4\n1 2 3 4\n0,0 5\n"),
        ),
        ("duplicate symbols", bad(&["solve"], "4\n1 2 3 3\n")),
        (
            "coordinates out of range",
            bad(&["solve"], "4\n1 2 3 4\n4,0 1\n"),
        ),
        (
            "two givens for one cell",
            bad(&["solve"], "4\n1 2 3 4\n0,0 1\n0,0 2\n"),
        ),
        ("malformed given", bad(&["solve"], "4\n1 2 3 4\n0,0\n")),
        (
            "grid row too short",
            bad(
                &["solve", "--format", "grid"],
                "1 2 3 4\n. . .\n. . . .\n. . . .\n",
            ),
        ),
        (
            "symbol not in the default set",
            bad(&["solve"], "1 2 3 7 0 0 0 0 0 0 0 0 0 0 0 0\n"),
        ),
        (
            "symbol not in 1..16",
            bad(
                &["solve"],
                &format!(
                    "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 17{}\n",
                    " 0".repeat(240)
                ),
            ),
        ),
        (
            "--symbols of the wrong length",
            bad(&["solve", "--symbols", "1 2 3"], "1...............\n"),
        ),
        (
            "--symbols with a repeat",
            bad(&["solve", "--symbols", "1 2 3 3"], "1...............\n"),
        ),
        (
            "--symbols for RMIT",
            bad(&["solve", "--symbols", "1 2 3 4"], "4\n1 2 3 4\n"),
        ),
        (
            "missing file",
            bad(&["solve", "puzzles/no-such-file.txt"], ""),
        ),
        (
            "unknown solver",
            bad(&["solve", "--solver", "magic", "puzzles/4x4.rmit"], ""),
        ),
        (
            "unknown rules",
            bad(
                &["solve", "--rules", "no-such-rules", "puzzles/4x4.rmit"],
                "",
            ),
        ),
        (
            "bad timeout",
            bad(&["solve", "--timeout", "0", "puzzles/4x4.rmit"], ""),
        ),
        (
            "a timeout past the maximum",
            bad(&["solve", "--timeout", "1e19", "puzzles/4x4.rmit"], ""),
        ),
        (
            "a warm-up past the maximum",
            bad(&["bench", "--warmup", "1e20", "puzzles/4x4.rmit"], ""),
        ),
        (
            "a signed count",
            bad(&["solve", "--node-limit", "+2", "puzzles/4x4.rmit"], ""),
        ),
        (
            "too many threads",
            bad(&["solve", "--threads", "10000", "puzzles/4x4.rmit"], ""),
        ),
        (
            "a size past the largest",
            bad(&["generate", "--size", "18446744073709551615"], ""),
        ),
        (
            "a signed RMIT symbol",
            bad(&["solve"], "4\n1 2 3 4\n0,0 +2\n"),
        ),
        (
            "killer: a cell in two cages",
            bad(
                &["solve"],
                &format!("x\t10:0,1;5:1,2\t{}\n", "1".repeat(81)),
            ),
        ),
        (
            "killer: a cell outside the grid",
            bad(
                &["solve"],
                &format!("x\t10:0,1;5:81,2\t{}\n", "1".repeat(81)),
            ),
        ),
        (
            "killer: a total no combination reaches",
            bad(&["solve"], "18:0,1;10:80\n"),
        ),
        (
            "killer: more cells than symbols",
            bad(&["solve"], "4\n1 2 3 4\n1\n15 0,0 0,1 0,2 0,3 1,0\n"),
        ),
        ("killer: a malformed cage", bad(&["solve"], "10:0,x;5:80\n")),
        (
            "killer: a malformed RMIT cage line",
            bad(&["solve"], "4\n1 2 3 4\n1\n7 0,0 1\n"),
        ),
        (
            "killer: wrong number of cage lines",
            bad(&["solve"], "4\n1 2 3 4\n2\n7 0,0 0,1\n"),
        ),
        (
            "killer: a map id without total",
            bad(
                &["solve"],
                "aabb\nccdd\neeff\ngghh\na=3 b=7 c=7 d=3 e=3 f=7 g=7\n",
            ),
        ),
        (
            "killer: cages under rules without cages",
            bad(&["solve", "--rules", "sudoku"], "10:0,1;5:80\n"),
        ),
    ];
    let text: Vec<String> = cases
        .iter()
        .map(|(what, err)| format!("{what}:\n  {err}"))
        .collect();
    assert_snapshot!(text.join(""));
}

#[test]
fn help_explains_formats_sizes_and_solvers() {
    assert_snapshot!(run(&["solve", "--help"], "").stdout);
}

#[test]
fn a_user_rule_file_adds_the_diagonals() {
    // the X-Sudoku rule file shown in the README
    let dir = std::env::temp_dir().join(format!("sudoku-cp-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("x-sudoku.rules");
    std::fs::write(
        &rules,
        "# X-Sudoku: standard rules plus both main diagonals\nname x-sudoku\n\
         description Standard Sudoku, and each main diagonal holds every symbol once.\n\
         extends sudoku\nall-different diagonal anti-diagonal\n",
    )
    .unwrap();
    let empty = ".".repeat(81) + "\n";
    let r = run(&["solve", "--rules", rules.to_str().unwrap()], &empty);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(r.code, 0, "{}", r.stderr);
    let grid = common::parse_line_solution(r.stdout.trim());
    assert!(common::check(&common::line_spec(empty.trim()), &grid).is_empty());
    let mut main: Vec<u64> = (0..9).map(|i| grid[i * 9 + i]).collect();
    let mut anti: Vec<u64> = (0..9).map(|i| grid[i * 9 + 8 - i]).collect();
    main.sort_unstable();
    anti.sort_unstable();
    assert_eq!((main.clone(), anti), ((1..=9).collect(), (1..=9).collect()));
    // and plain sudoku rules alone give a grid whose diagonal repeats (the model really changed)
    let plain = common::parse_line_solution(run(&["solve"], &empty).stdout.trim());
    let mut d: Vec<u64> = (0..9).map(|i| plain[i * 9 + i]).collect();
    d.sort_unstable();
    d.dedup();
    assert!(
        d.len() < 9,
        "the first plain solution happens to have a repeated diagonal"
    );
}

#[test]
fn bench_table_has_one_row_per_file_and_solver() {
    let r = run(
        &[
            "bench",
            "puzzles/ai-escargot.txt",
            "puzzles/hard-9x9.txt",
            "--solver",
            "cp,dlx,algx",
            "--warmup",
            "0.01",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    // the time columns (puzzles/s, µs mean, median, max) vary from run to run
    let masked: Vec<String> = r
        .stdout
        .lines()
        .map(|line| {
            let mut fields: Vec<&str> = line.split_whitespace().collect();
            if !line.starts_with("file") {
                fields[7..11].iter_mut().for_each(|f| *f = "[t]");
            }
            fields.join(" ")
        })
        .collect();
    assert_snapshot!(masked.join("\n"));
}

#[test]
fn bench_plot_draws_every_puzzle_of_every_solver() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("plot.svg");
    let r = run(
        &[
            "bench",
            "puzzles/hard-9x9.txt",
            "puzzles/wikipedia.txt",
            "--solver",
            "cp,dlx",
            "--warmup",
            "0",
            "--threads",
            "2",
            "--plot",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(text.starts_with("<svg") && text.ends_with("</svg>\n"));
    // 4 puzzles (two files) for each of the two solvers, one series each
    assert!(text.contains(">cp (4)</text>") && text.contains(">dlx (4)</text>"));
    assert_eq!(text.matches(r#"r="2"/>"#).count(), 8);
    assert!(
        r.stdout.lines().skip(1).all(|l| l.ends_with(" 2")),
        "{}",
        r.stdout
    );
}

#[test]
fn bench_csv_has_one_row_per_puzzle_and_solver() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("bench.csv");
    let r = run(
        &[
            "bench",
            "puzzles/hard-9x9.txt",
            "--solver",
            "all",
            "--first",
            "2",
            "--warmup",
            "0.01",
            "--csv",
            csv.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&csv).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "file,line,id,solver,givens,gaps,us,nodes,guesses,solutions,status"
    );
    assert_eq!(lines.len(), 1 + 2 * 5);
    // hard-9x9.txt line 1 is Easter Monster: 21 givens, 60 gaps
    assert!(
        lines[1].starts_with("hard-9x9.txt,1,,cp,21,60,"),
        "{}",
        lines[1]
    );
    assert!(
        lines.iter().skip(1).all(|l| l.ends_with(",1,solved")),
        "{text}"
    );
}

#[test]
fn count_is_the_same_whatever_the_solver() {
    let files = [
        "puzzles/wikipedia.txt",
        "puzzles/190-solutions.txt",
        "puzzles/no-solution.txt",
        "puzzles/4x4.rmit",
    ];
    let outputs: Vec<String> = ["cp", "dlx", "algorx", "backtracking"]
        .iter()
        .map(|s| {
            let mut args = vec!["count", "--limit", "200", "--solver", s];
            args.extend(files);
            run(&args, "").transcript()
        })
        .collect();
    assert!(outputs.iter().all(|o| *o == outputs[0]), "{outputs:?}");
    assert_snapshot!(outputs[0]);
}

#[test]
fn killer_trace_names_the_cage_and_what_it_drops() {
    let r = run(
        &[
            "-vv",
            "solve",
            "--no-bitboards",
            "puzzles/killer-4x4.rmit",
            "--to",
            "line",
        ],
        "",
    );
    assert_eq!(r.stdout, "1234341221434321\n");
    assert!(
        r.stderr
            .contains("[sudoku_cp::propagate] run cage 5/2 at r1c2"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("cage 5/2 at r1c2 drops {1,4}: a value the cage must hold is not in it"),
        "{}",
        r.stderr
    );
}

/// The README's library example is the crate documentation's, which `cargo test` runs as a
/// doctest: the same lines, so the README's copy cannot drift from tested code.
#[test]
fn the_readme_library_example_is_the_tested_doc_example() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let lib = std::fs::read_to_string(format!("{root}/src/lib.rs")).unwrap();
    let block = |text: &str, open: &str, close: &str| -> Vec<String> {
        let start = text.find(open).expect("the example's opening fence") + open.len();
        let len = text[start..]
            .find(close)
            .expect("the example's closing fence");
        text[start..start + len]
            .lines()
            .map(str::to_string)
            .collect()
    };
    let in_readme = block(&readme, "```rust\n", "```\n");
    let in_docs: Vec<String> = block(&lib, "//! ```\n", "//! ```\n")
        .iter()
        .map(|l| {
            l.strip_prefix("//! ")
                .unwrap_or(l.trim_start_matches("//!"))
                .to_string()
        })
        .collect();
    assert!(in_readme.len() > 10, "the README shows the example");
    assert_eq!(in_readme, in_docs);
}

#[test]
fn bench_csv_quotes_a_file_name_with_a_comma_and_carries_ids() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-csv-comma-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let puzzles = dir.join("hard, famous.txt");
    std::fs::write(
        &puzzles,
        "escargot\t1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..\n",
    )
    .unwrap();
    let csv = dir.join("out.csv");
    let r = run(
        &[
            "bench",
            puzzles.to_str().unwrap(),
            "--warmup",
            "0",
            "--csv",
            csv.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&csv).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let row = text.lines().nth(1).unwrap();
    assert!(
        row.starts_with("\"hard, famous.txt\",1,escargot,cp,23,58,"),
        "{row}"
    );
}

#[test]
fn completions_load_in_bash_and_the_manual_page_renders() {
    let bash = run(&["completions", "bash"], "");
    assert_eq!(bash.code, 0, "{}", bash.stderr);
    let dir = std::env::temp_dir().join(format!("sudoku-cp-completions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("sudoku-cp.bash");
    std::fs::write(&script, &bash.stdout).unwrap();
    let loaded = std::process::Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source '{}' && complete -p sudoku-cp",
            script.display()
        ))
        .output()
        .expect("bash runs");
    let shown = String::from_utf8_lossy(&loaded.stdout);
    assert!(
        loaded.status.success() && shown.contains("sudoku-cp"),
        "{shown}"
    );
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        let r = run(&["completions", shell], "");
        assert!(
            r.code == 0 && r.stdout.contains("solve"),
            "{shell}: {}",
            r.stderr
        );
    }
    let man = run(&["man"], "");
    assert_eq!(man.code, 0, "{}", man.stderr);
    assert!(
        man.stdout.starts_with(".ie \\n(.g .ds Aq"),
        "{}",
        &man.stdout[..60]
    );
    let page = dir.join("sudoku-cp.1");
    std::fs::write(&page, &man.stdout).unwrap();
    // `man -l` renders it where man is installed (CI installs it), groff otherwise.
    let rendered = std::process::Command::new("man")
        .args(["-l", "-P", "cat"])
        .arg(&page)
        .env("MANWIDTH", "100")
        .output()
        .or_else(|_| {
            std::process::Command::new("groff")
                .args(["-man", "-Tutf8"])
                .arg(&page)
                .output()
        })
        .expect("man or groff renders the page");
    let text = String::from_utf8_lossy(&rendered.stdout);
    assert!(
        rendered.status.success(),
        "{}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    assert!(
        text.contains("sudoku-cp") && text.contains("solve"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_rule_file_without_regions_warns_and_still_runs() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-no-regions-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("bare.rules");
    std::fs::write(&rules, "name bare\nthermo r1c1 r1c2\n").unwrap();
    let r = run(
        &[
            "solve",
            "--rules",
            rules.to_str().unwrap(),
            "--puzzle",
            &".".repeat(16),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("declare no all-different region") && r.stderr.contains("extends sudoku"),
        "{}",
        r.stderr
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explain_prints_its_marks_once_and_names_the_pictures_it_writes() {
    let r = run(
        &[
            "explain",
            "--marks",
            "--max-steps",
            "0",
            "puzzles/wikipedia.txt",
        ],
        "",
    );
    assert_eq!(r.code, 5, "{}", r.stderr);
    assert_eq!(r.stdout.matches("5   3    124").count(), 1, "{}", r.stdout);
    let dir = std::env::temp_dir().join(format!("sudoku-cp-latex-named-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let prefix = dir.join("p");
    let r = run(
        &[
            "explain",
            "--latex",
            prefix.to_str().unwrap(),
            "puzzles/wikipedia.txt",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    for stage in ["bare", "forced", "marked", "worked"] {
        let file = format!("{}_{stage}.tex", prefix.display());
        assert!(r.stderr.contains(&file), "{}", r.stderr);
        assert!(std::path::Path::new(&file).is_file());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_writes_to_a_file_and_rmit_takes_advanced() {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-generate-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("made.txt");
    let r = run(
        &[
            "generate",
            "--count",
            "2",
            "--seed",
            "4",
            "-o",
            out.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!((r.code, r.stdout.as_str()), (0, ""), "{}", r.stderr);
    let direct = run(&["generate", "--count", "2", "--seed", "4"], "");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), direct.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
    let r = run(&["rmit", "puzzles/4x4.rmit", "sudoku", "advanced", "y"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
}
