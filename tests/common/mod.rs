//! Test helpers shared by the integration tests: running the binary, and an independent
//! solution checker that shares no code with the library (its own tiny readers, its own rules).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The public benchmark sets' folder, when the build found one in `SUDOKU_CP_DATASETS`.
pub(crate) fn datasets() -> Option<PathBuf> {
    option_env!("SUDOKU_CP_DATASETS_DIR").map(PathBuf::from)
}

/// What a run of the binary gave.
pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

impl Run {
    /// Exit code, stdout and stderr in one text, for snapshots.
    pub(crate) fn transcript(&self) -> String {
        format!(
            "exit code: {}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Runs `sudoku-cp` with `args` in the repository root, feeding `stdin`.
pub(crate) fn run(args: &[&str], stdin: &str) -> Run {
    run_bytes(args, stdin.as_bytes())
}

/// Runs `sudoku-cp` with `args` in the repository root, feeding raw bytes.
pub(crate) fn run_bytes(args: &[&str], stdin: &[u8]) -> Run {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().expect("the binary runs");
    feeder.join().expect("stdin feeder");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: mask_times(&String::from_utf8(out.stderr).expect("stderr is UTF-8")),
    }
}

/// Replaces the number after `time ` and before `µs/puzzle` or `puzzles/s` with `[t]`, and a
/// profile table's time column (a padded number and its unit) with ` [t]`, so snapshots of
/// statistics do not depend on the machine.
pub(crate) fn mask_times(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<&str> = Vec::with_capacity(words.len());
    let mut skip = false;
    for (i, w) in words.iter().enumerate() {
        if std::mem::take(&mut skip) {
            continue;
        }
        let number = w.parse::<f64>().is_ok();
        let timed = (i > 0 && words[i - 1] == "time")
            || words
                .get(i + 1)
                .is_some_and(|n| n.starts_with("µs/puzzle") || n.starts_with("puzzles/s"));
        let column = i > 0
            && words[i - 1].is_empty()
            && words
                .get(i + 1)
                .is_some_and(|u| ["ns", "µs", "ms", "s"].contains(u));
        if number && column {
            while out.last() == Some(&"") {
                out.pop();
            }
            out.push("[t]");
            skip = true;
        } else {
            out.push(if timed && number { "[t]" } else { w });
        }
    }
    out.join(" ")
}

/// A puzzle as the checker sees it: size, symbols, and the given symbol of each cell.
#[derive(Debug, Clone)]
pub(crate) struct Spec {
    pub(crate) n: usize,
    pub(crate) symbols: Vec<u64>,
    pub(crate) givens: Vec<Option<u64>>,
    /// Killer cages: total and cells.
    pub(crate) cages: Vec<(u64, Vec<usize>)>,
    /// Both main diagonals hold each symbol once (Killer-X).
    pub(crate) diagonals: bool,
}

impl Spec {
    /// A plain puzzle: symbols 1..n, no cages.
    pub(crate) fn plain(n: usize, givens: Vec<Option<u64>>) -> Self {
        Spec {
            n,
            symbols: (1..=n as u64).collect(),
            givens,
            cages: vec![],
            diagonals: false,
        }
    }
}

/// A killer line: `[id<TAB>]SUM:c,c;SUM:c,…[<TAB>solution]`, 9×9 (4×4 when every cell < 16).
pub(crate) fn killer_line_spec(line: &str) -> Spec {
    let field = line
        .split('\t')
        .find(|f| f.contains(':'))
        .expect("a cages field");
    let cages: Vec<(u64, Vec<usize>)> = field
        .split(';')
        .map(|c| {
            let (sum, cells) = c.split_once(':').unwrap();
            (
                sum.parse().unwrap(),
                cells.split(',').map(|x| x.parse().unwrap()).collect(),
            )
        })
        .collect();
    let n = if cages.iter().flat_map(|c| &c.1).all(|&c| c < 16) {
        4
    } else {
        9
    };
    Spec {
        cages,
        ..Spec::plain(n, vec![None; n * n])
    }
}

/// A cage map: n lines of one-character cage ids, then `id=total` pairs; `#` lines skipped.
pub(crate) fn cage_map_spec(text: &str) -> Spec {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let (pairs, map): (Vec<&str>, Vec<&str>) = lines.iter().partition(|l| l.contains('='));
    let n = map.len();
    let mut cages = Vec::new();
    for pair in pairs.iter().flat_map(|l| l.split_whitespace()) {
        let (id, total) = pair.split_once('=').unwrap();
        let cells = (0..n * n)
            .filter(|&c| map[c / n][c % n..].starts_with(id))
            .collect();
        cages.push((total.parse().unwrap(), cells));
    }
    Spec {
        cages,
        ..Spec::plain(n, vec![None; n * n])
    }
}

/// Cells of one puzzle line: one character per cell for short lines, else integers.
pub(crate) fn line_spec(line: &str) -> Spec {
    let cells: Vec<Option<u64>> = if line.contains(' ') {
        line.split_whitespace()
            .map(|t| t.parse().ok().filter(|&v| v != 0))
            .collect()
    } else {
        line.chars()
            .map(|c| c.to_digit(10).filter(|&d| d != 0).map(u64::from))
            .collect()
    };
    let n = (cells.len() as f64).sqrt() as usize;
    assert_eq!(n * n, cells.len(), "line is not a square grid: {line}");
    Spec::plain(n, cells)
}

/// An RMIT file: size, symbols, `r,c v` givens.
pub(crate) fn rmit_spec(text: &str) -> Spec {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let symbols: Vec<u64> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut givens = vec![None; n * n];
    let rest: Vec<&str> = lines.collect();
    if rest.first().is_some_and(|l| !l.contains(',')) {
        // killer: a number of cages, then `total r,c r,c …`
        let cages = rest[1..]
            .iter()
            .map(|l| {
                let mut t = l.split_whitespace();
                let total = t.next().unwrap().parse().unwrap();
                let cells = t
                    .map(|rc| {
                        let (r, c) = rc.split_once(',').unwrap();
                        r.parse::<usize>().unwrap() * n + c.parse::<usize>().unwrap()
                    })
                    .collect();
                (total, cells)
            })
            .collect();
        return Spec {
            n,
            symbols,
            givens,
            cages,
            diagonals: false,
        };
    }
    for l in rest {
        let nums: Vec<u64> = l
            .split([',', ' '])
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        givens[nums[0] as usize * n + nums[1] as usize] = Some(nums[2]);
    }
    Spec {
        n,
        symbols,
        givens,
        cages: vec![],
        diagonals: false,
    }
}

/// A decorated grid: digits and `.` count, `|+-` and spaces do not, `#` lines are comments.
pub(crate) fn grid_spec(text: &str) -> Spec {
    let cells: Vec<Option<u64>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.chars())
        .filter(|c| c.is_ascii_digit() || *c == '.')
        .map(|c| c.to_digit(10).filter(|&d| d != 0).map(u64::from))
        .collect();
    let n = (cells.len() as f64).sqrt() as usize;
    Spec::plain(n, cells)
}

/// The spec of a shipped puzzle file (one puzzle), by its extension and shape.
pub(crate) fn file_spec(path: &Path) -> Spec {
    let text = std::fs::read_to_string(path).unwrap();
    if path.extension().is_some_and(|e| e == "rmit") {
        rmit_spec(&text)
    } else if path.extension().is_some_and(|e| e == "cages") {
        let mut spec = cage_map_spec(&text);
        spec.diagonals = path.to_string_lossy().contains("killer-x");
        spec
    } else if text.contains(':') {
        killer_line_spec(text.trim())
    } else if text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .count()
        > 1
    {
        grid_spec(&text)
    } else {
        line_spec(text.trim())
    }
}

/// Reads a solution printed with `--to line`: characters or space-separated integers.
pub(crate) fn parse_line_solution(line: &str) -> Vec<u64> {
    if line.contains(' ') {
        line.split_whitespace()
            .map(|t| t.parse().expect("an integer"))
            .collect()
    } else {
        line.chars()
            .map(|c| u64::from(c.to_digit(10).expect("a digit")))
            .collect()
    }
}

/// Checks a complete grid: n×n cells, every row, column and box holds each symbol exactly
/// once, every given kept. Returns what is wrong, or an empty list.
pub(crate) fn check(spec: &Spec, grid: &[u64]) -> Vec<String> {
    let n = spec.n;
    let k = (n as f64).sqrt() as usize;
    let mut wrong = Vec::new();
    if grid.len() != n * n {
        return vec![format!("{} cells instead of {}", grid.len(), n * n)];
    }
    for (i, g) in spec.givens.iter().enumerate() {
        if let Some(g) = g
            && grid[i] != *g
        {
            wrong.push(format!("cell {i}: given {g} became {}", grid[i]));
        }
    }
    let mut want = spec.symbols.clone();
    want.sort_unstable();
    let mut unit = |name: String, cells: Vec<usize>| {
        let mut got: Vec<u64> = cells.iter().map(|&c| grid[c]).collect();
        got.sort_unstable();
        if got != want {
            wrong.push(format!("{name} is not a permutation of the symbols"));
        }
    };
    if spec.diagonals {
        unit("main diagonal".into(), (0..n).map(|i| i * n + i).collect());
        unit(
            "anti-diagonal".into(),
            (0..n).map(|i| i * n + n - 1 - i).collect(),
        );
    }
    for i in 0..n {
        unit(format!("row {i}"), (0..n).map(|c| i * n + c).collect());
        unit(format!("column {i}"), (0..n).map(|r| r * n + i).collect());
        let (r0, c0) = (i / k * k, i % k * k);
        unit(
            format!("box {i}"),
            (0..n).map(|j| (r0 + j / k) * n + c0 + j % k).collect(),
        );
    }
    for (total, cells) in &spec.cages {
        let values: Vec<u64> = cells.iter().map(|&c| grid[c]).collect();
        let mut distinct = values.clone();
        distinct.sort_unstable();
        distinct.dedup();
        if values.iter().sum::<u64>() != *total || distinct.len() != values.len() {
            wrong.push(format!("cage {total} at {cells:?} holds {values:?}"));
        }
    }
    wrong
}
