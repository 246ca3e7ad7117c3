//! Hostile conditions: a stderr that is full or closed, endless or enormous input, files that
//! are devices, symlinks or private, names near the limit, interruption. No panic, no clobbered
//! file, no temporary file left behind.

use crate::common;

use common::{root, run};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn binary() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"));
    c.current_dir(root()).env_remove("RUST_LOG");
    c
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_full_stderr_never_panics() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full");
        return;
    }
    for args in [
        vec!["solve", "missing.txt"],
        vec!["generate"],
        vec!["solve", "--stats", "puzzles/hard-9x9.txt"],
        vec!["solve", "--timeout", "1e19", "puzzles/4x4.rmit"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = binary()
            .args(&args)
            .stdout(Stdio::null())
            .stderr(full)
            .status()
            .unwrap();
        let code = out.code().unwrap_or(-1);
        assert!(code != 101 && code >= 0, "{args:?}: exit {code}");
    }
}

#[test]
fn endless_and_enormous_lines_are_refused_in_bounded_memory() {
    if Path::new("/dev/zero").exists() {
        let r = binary()
            .args(["solve", "/dev/zero"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(r.status.code(), Some(2));
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(err.contains("longer than 1 MiB"), "{err}");
    }
    // a 3 MB line, then a puzzle: the line is an error record, the puzzle is solved
    let mut text = "1".repeat(3 << 20);
    text.push_str(
        "\n53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    );
    let r = run(&["solve"], &text);
    assert_eq!(r.code, 2);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], "error");
    assert!(lines[1].starts_with("534678912"));
    assert!(
        r.stderr
            .starts_with("error: <stdin>:1: the line is longer than 1 MiB")
    );
}

#[test]
fn output_files_write_through_symlinks_keep_permissions_and_leave_no_temporary_file() {
    let dir = scratch("writer");
    let real = dir.join("real.txt");
    std::fs::write(&real, "old\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).unwrap();
        std::os::unix::fs::symlink("real.txt", dir.join("link.txt")).unwrap();
    }
    #[cfg(unix)]
    {
        let link = dir.join("link.txt");
        let r = run(
            &["solve", "puzzles/4x4.rmit", "-o", link.to_str().unwrap()],
            "",
        );
        assert_eq!(r.code, 0, "{}", r.stderr);
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read_to_string(&real).unwrap(),
            "1,2,3,4\n3,4,1,2\n2,1,4,3\n4,3,2,1\n"
        );
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    // a name of 250 characters: the temporary name is short, whatever the target's
    let long = dir.join("a".repeat(250));
    let r = run(
        &["solve", "puzzles/4x4.rmit", "-o", long.to_str().unwrap()],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    // a directory that does not exist: the message names the file given
    let missing = dir.join("no/such/dir/out.csv");
    let r = run(
        &[
            "bench",
            "puzzles/4x4.rmit",
            "--warmup",
            "0",
            "--csv",
            missing.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .starts_with(&format!("error: {}: cannot write:", missing.display())),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains(".tmp"), "{}", r.stderr);
    let names = entries(&dir);
    assert!(
        names.iter().all(|n| !n.starts_with(".sudoku-cp-")),
        "{names:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn devices_are_written_in_place_not_replaced() {
    for device in ["/dev/null", "/dev/full"] {
        let path = Path::new(device);
        if !path.exists() {
            continue;
        }
        let r = run(&["solve", "puzzles/4x4.rmit", "-o", device], "");
        let meta = std::fs::metadata(path).unwrap();
        assert!(!meta.is_file(), "{device} is still a device");
        if device == "/dev/full" {
            assert_eq!(r.code, 2);
            assert!(r.stderr.contains("/dev/full: cannot write"), "{}", r.stderr);
        } else {
            assert_eq!(r.code, 0, "{}", r.stderr);
        }
    }
}

#[cfg(unix)]
#[test]
fn an_interrupted_run_leaves_no_temporary_file() {
    let dir = scratch("interrupt");
    let puzzles = dir.join("many.txt");
    let line = format!("1{}\n", ".".repeat(80));
    std::fs::write(&puzzles, line.repeat(400_000)).unwrap();
    let out = dir.join("out.txt");
    for signal in ["INT", "TERM"] {
        let mut child = binary()
            .args(["solve", "--threads", "1", "-o"])
            .arg(&out)
            .arg(&puzzles)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // wait until the temporary file is there, then interrupt
        let start = std::time::Instant::now();
        while entries(&dir).iter().all(|n| !n.starts_with(".sudoku-cp-"))
            && start.elapsed().as_secs() < 20
        {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let _ = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status();
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(130), "{signal}");
        let names = entries(&dir);
        assert_eq!(names, ["many.txt"], "{signal}: nothing else is left");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A 36×36 killer whose one cage of 18 cells has billions of combinations: cp solves it with
/// distinct values and a sum; the solvers and logic that list combinations refuse it, naming
/// the cage; nothing tries to make the table.
#[test]
fn a_cage_with_too_many_combinations_is_solved_or_refused_never_listed() {
    let cells: Vec<String> = (0..18).map(|c| c.to_string()).collect();
    let line = format!("333:{};36:1295\n", cells.join(","));
    let r = run(&["solve", "--timeout", "20", "--to", "line"], &line);
    assert!(r.code == 0 || r.code == 5, "{}", r.stderr);
    if r.code == 0 {
        let values: Vec<u64> = r
            .stdout
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(values.len(), 36 * 36);
        assert_eq!(values[..18].iter().sum::<u64>(), 333);
    }
    for args in [
        vec!["solve", "--solver", "dlx"],
        vec!["solve", "--solver", "algx"],
        vec!["solve", "--solver", "cdcl"],
        vec!["explain"],
        vec!["rate"],
    ] {
        let r = run(&args, &line);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr
                .contains("cage 333/18 at r1c1 has more than 65536 combinations"),
            "{args:?}: {}",
            r.stderr
        );
    }
}

/// A 64×64 killer of one-cell cages (each cage a given, in effect): read and built in bounded
/// time and memory, and solved.
#[test]
fn a_large_map_of_one_cell_cages_is_read_and_solved() {
    let (n, k) = (64usize, 8usize);
    let mut text = String::new();
    let mut pairs = Vec::new();
    let mut solution = Vec::new();
    for r in 0..n {
        let row: Vec<String> = (0..n).map(|c| (r * n + c + 1).to_string()).collect();
        text.push_str(&row.join(" "));
        text.push('\n');
        for c in 0..n {
            let v = (k * (r % k) + r / k + c) % n + 1;
            pairs.push(format!("{}={v}", r * n + c + 1));
            solution.push(v.to_string());
        }
    }
    text.push_str(&pairs.join(" "));
    text.push('\n');
    let r = run(&["solve", "--to", "line", "--timeout", "60"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.trim_end(), solution.join(" "));
}

/// explain and rate read their limits inside a pass: an empty 256×256 grid, whose subsets
/// alone would take years, stops at --timeout.
#[test]
fn explain_and_rate_stop_at_their_limits_inside_a_pass() {
    let empty = format!("{}\n", vec!["0"; 256 * 256].join(" "));
    for args in [
        vec!["explain", "--timeout", "1"],
        vec!["rate", "--timeout", "1"],
        vec![
            "explain",
            "--timeout",
            "1",
            "--latex",
            "/nonexistent/prefix",
        ],
    ] {
        let start = std::time::Instant::now();
        let r = run(&args, &empty);
        assert_eq!(r.code, 5, "{args:?}: {}", r.stderr);
        assert!(start.elapsed().as_secs() < 60, "{args:?}");
    }
    let r = run(&["rate", "--timeout", "1"], &empty);
    assert_eq!(r.stdout, "timeout\n");
}

#[test]
fn check_and_solve_name_a_cage_its_givens_break() {
    let map = std::fs::read_to_string(root().join("puzzles/killer-9x9.cages")).unwrap();
    // cage b (13) is r1c2, r1c3, r1c4: givens 9 and 8 leave at least 18
    let mut givens = String::from(". 9 8 | . . . | . . .\n");
    for _ in 0..8 {
        givens.push_str(". . . | . . . | . . .\n");
    }
    let text = format!("{givens}{map}");
    let r = run(&["check"], &text);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert!(
        r.stdout
            .contains("cage 13/3 at r1c2: its givens 9, 8 leave 18..24 for its total 13"),
        "{}",
        r.stdout
    );
    let r = run(&["solve"], &text);
    assert_eq!((r.code, r.stdout.as_str()), (1, "no solution\n"));
    assert!(r.stderr.contains("cage 13/3 at r1c2"), "{}", r.stderr);
}

#[test]
fn explain_keeps_to_the_regions_of_the_rules() {
    // Boxes only: no rows or columns, so no fish; with guessing, explain finds a grid that
    // keeps the boxes, as solve does, never "no solution", and says it is one of many
    // (exit code 4, as count gives).
    let dir = scratch("boxes");
    let rules = dir.join("boxes.rules");
    std::fs::write(&rules, "name boxes-only\nall-different boxes\n").unwrap();
    let rules = rules.to_str().unwrap();
    for puzzle in ["puzzles/wikipedia.txt", "puzzles/ai-escargot.txt"] {
        let r = run(&["explain", "--guess", "--rules", rules, puzzle], "");
        assert_eq!(r.code, 4, "{puzzle}: {}", r.stderr);
        assert!(
            !r.stdout.contains("fish") && !r.stdout.contains("wing"),
            "{puzzle}"
        );
        assert!(
            r.stdout.contains("one of several solutions"),
            "{puzzle}: {}",
            r.stdout
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_byte_order_mark_on_any_line_is_read_the_same_by_every_command() {
    let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let text = format!("{line}\n\u{feff}{line}\n");
    for command in ["solve", "count", "check", "rate", "explain", "bench"] {
        let mut args = vec![command];
        if command == "bench" {
            args.extend(["--warmup", "0"]);
        }
        let r = run(&args, &text);
        assert_eq!(r.code, 0, "{command}: {}", r.stderr);
    }
}

#[test]
fn a_second_pass_over_other_options_refuses_clearly() {
    for (args, says) in [
        (
            vec!["solve", "--rules", "/dev/zero", "puzzles/4x4.rmit"],
            "larger than 64 KiB",
        ),
        (
            vec!["solve", "--symbols", "", "puzzles/4x4.rmit"],
            "no symbols given",
        ),
        (vec!["generate", "--count", "0"], "expected at least 1"),
        (
            vec!["bench", "--first", "0", "puzzles/4x4.rmit"],
            "expected at least 1",
        ),
        (vec!["generate", "--attempts", "+5"], "digits only"),
        (
            vec!["solve", "-o", "/", "puzzles/4x4.rmit"],
            "it is a directory",
        ),
    ] {
        if args.contains(&"/dev/zero") && !Path::new("/dev/zero").exists() {
            continue;
        }
        let start = std::time::Instant::now();
        let r = run(&args, "");
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert!(start.elapsed().as_secs() < 20, "{args:?}");
    }
}

#[test]
fn bench_exits_as_solve_does() {
    let r = run(&["bench", "--warmup", "0", "puzzles/no-solution.txt"], "");
    assert_eq!(r.code, 1, "{}", r.stderr);
    let r = run(
        &[
            "bench",
            "--warmup",
            "0",
            "--timeout",
            "0.000001",
            "puzzles/ai-escargot.txt",
            "--solver",
            "backtrack",
        ],
        "",
    );
    assert_eq!(r.code, 5, "{}", r.stderr);
}

#[test]
fn rate_and_explain_keep_the_cages_of_a_killer_with_givens() {
    let map = std::fs::read_to_string(root().join("puzzles/killer-9x9.cages")).unwrap();
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    // every third cell given
    let givens: String = solution
        .chars()
        .enumerate()
        .map(|(i, c)| if i % 3 == 0 { c } else { '.' })
        .collect();
    let grid: String = givens
        .as_bytes()
        .chunks(9)
        .map(|r| format!("{}\n", String::from_utf8_lossy(r)))
        .collect();
    let text = format!("{grid}{map}");
    let r = run(&["explain", "--guess", "--to", "json"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(
        (v["status"].as_str(), v["solution"].as_str()),
        (Some("solved"), Some(solution))
    );
    let r = run(&["rate"], &text);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = run(&["solve", "--to", "line"], &text);
    assert_eq!(r.stdout.trim(), solution);
}
