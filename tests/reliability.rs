//! Hostile conditions: a stderr that is full or closed, endless or enormous input, files that
//! are devices, symlinks or private, names near the limit, interruption. No panic, no clobbered
//! file, no temporary file left behind.

mod common;

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
