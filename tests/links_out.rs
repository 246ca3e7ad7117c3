//! Links out: every puzzle of every fixture in `puzzles/` written as an f-puzzles, SudokuPad
//! and Interactive Sudoku Solver link and read back as the same puzzle; what a format cannot
//! express is refused by name; a solution put in a link comes back as the one published.

use crate::common::{self, run};
use std::path::{Path, PathBuf};
use sudoku_cp::constraints::{Cage, Pair, Region, Sandwich, Sum};
use sudoku_cp::format::{self, LinkFormat, ReadOptions};
use sudoku_cp::puzzle::{Constraint, PairKind, Puzzle, Rules};

const FORMATS: [LinkFormat; 3] = [LinkFormat::Fpuzzles, LinkFormat::Sudokupad, LinkFormat::Iss];

/// What a puzzle is, as a sorted list of lines: shape, symbols, each cell's allowed values,
/// and every cage and constraint up to what does not change its meaning (a region's label, a
/// symmetric pair's order, a greater-than sign written from its smaller side, the negative
/// kropki rule's pair as its two halves).
fn canonical(p: &Puzzle) -> Vec<String> {
    let n = p.size();
    let mut head = vec![
        format!("{n} {:?} {:?}", p.boxes(), p.symbols().as_slice()),
        format!("jigsaw {}", p.piece_of(0).is_some()),
    ];
    for cell in 0..n * n {
        let allowed: Vec<usize> = (0..n).filter(|&v| p.allows(cell, v)).collect();
        head.push(format!("{cell}: {allowed:?} {:?}", p.given(cell)));
    }
    let sorted = |cells: &[usize]| {
        let mut c = cells.to_vec();
        c.sort_unstable();
        c
    };
    let mut lines: Vec<String> = p
        .cages()
        .iter()
        .map(|c| format!("cage {} {:?}", c.total, sorted(&c.cells)))
        .collect();
    for c in p.constraints() {
        match c {
            Constraint::Cage(Cage { total, cells }) => {
                lines.push(format!("cage {total} {:?}", sorted(cells)));
            }
            Constraint::Region(Region { cells, .. }) => {
                lines.push(format!("region {:?}", sorted(cells)));
            }
            Constraint::Sum(Sum { total, terms, .. }) => {
                let mut t = terms.clone();
                t.sort_unstable();
                lines.push(format!("sum {total} {t:?}"));
            }
            Constraint::Sandwich(Sandwich { cells, total }) => {
                let back: Vec<usize> = cells.iter().rev().copied().collect();
                lines.push(format!("sandwich {total} {:?}", cells.min(&back)));
            }
            Constraint::Pair(Pair { kind, a, b }) => {
                let (a, b) = (*a, *b);
                match kind {
                    PairKind::Different => lines.push(format!("region {:?}", sorted(&[a, b]))),
                    PairKind::Greater => lines.push(format!("greater {a} {b}")),
                    PairKind::Less => lines.push(format!("greater {b} {a}")),
                    PairKind::NoDot => {
                        lines.push(format!(
                            "{:?} {:?}",
                            PairKind::NotConsecutive,
                            sorted(&[a, b])
                        ));
                        lines.push(format!("{:?} {:?}", PairKind::NotDouble, sorted(&[a, b])));
                    }
                    k => lines.push(format!("{k:?} {:?}", sorted(&[a, b]))),
                }
            }
            other => lines.push(format!("{other:?}")),
        }
    }
    lines.sort();
    head.extend(lines);
    head
}

/// Every fixture file of `puzzles/`, with the rules its puzzles are read under: a variant's
/// `.txt` under its `.rules`, Killer-X under `killer-x`.
fn fixtures() -> Vec<(PathBuf, Rules)> {
    let mut files = Vec::new();
    let mut dirs = vec![common::root().join("puzzles")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if !matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("md" | "rules" | "solutions" | "svg")
            ) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let rules_file = path.with_extension("rules");
            let rules = if rules_file.exists() {
                Rules::load(rules_file.to_str().unwrap()).unwrap()
            } else if path.ends_with("killer-x.cages") {
                Rules::builtin("killer-x").unwrap()
            } else {
                Rules::sudoku()
            };
            (path, rules)
        })
        .collect()
}

/// The puzzles of a fixture file that read.
fn puzzles(path: &Path) -> Vec<format::Entry> {
    let text = std::fs::read_to_string(path).unwrap();
    format::read_records(&text, "f", &ReadOptions::default())
        .into_iter()
        .filter_map(Result::ok)
        .collect()
}

/// Reads a link back.
fn read_back(link: &str) -> format::Entry {
    let mut entries = format::read(link, "link", &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}: {link}"));
    assert_eq!(entries.len(), 1);
    entries.remove(0)
}

#[test]
fn every_fixture_round_trips_through_each_link_its_constraints_fit() {
    let mut written = [0usize; 3];
    let mut refused: Vec<String> = Vec::new();
    let mut total = 0;
    for (path, rules) in fixtures() {
        let name = path
            .strip_prefix(common::root())
            .unwrap()
            .display()
            .to_string();
        for entry in puzzles(&path) {
            total += 1;
            let rules = if entry.puzzle.cages().is_empty() || rules.cages {
                rules.clone()
            } else {
                Rules::default_for(&entry.puzzle)
            };
            let want = canonical(&format::under_rules(&entry.puzzle, &rules).unwrap());
            for (i, f) in FORMATS.into_iter().enumerate() {
                match format::write_link(f, &entry.puzzle, &rules, None, None) {
                    Ok(link) => {
                        let got = canonical(&read_back(&link).puzzle);
                        let only = |a: &[String], b: &[String]| -> Vec<String> {
                            a.iter().filter(|l| !b.contains(l)).cloned().collect()
                        };
                        assert!(
                            got == want,
                            "{name}:{} through {f:?}: read back {:?}, written {:?}: {link}",
                            entry.line,
                            only(&got, &want),
                            only(&want, &got)
                        );
                        written[i] += 1;
                    }
                    Err(why) => {
                        let named = [
                            "has no part for the",
                            "has no key for",
                            "symbols",
                            "grids of",
                        ]
                        .iter()
                        .any(|w| why.contains(w));
                        assert!(named, "{name}:{} through {f:?}: {why}", entry.line);
                        refused.push(format!("{name}:{} {f:?}: {why}", entry.line));
                    }
                }
            }
        }
    }
    // Every puzzle up to 16×16 whose values run from one number up goes into an ISS link (all
    // but the 25×25 and the two RMIT files of other symbols); f-puzzles takes all but 68 (other
    // symbols, sums with coefficients (double arrows too), lockout and sum lines, lunchboxes,
    // indexing cells, pair tables, state machines, counting circles, the anti-taxicab rule, a jigsaw that keeps its boxes), and SudokuPad's reader of f-puzzles data 35 fewer (the keys
    // it does not draw).
    assert!(total > 450, "{total}");
    assert_eq!(written[2], total - 3, "{refused:#?}");
    assert_eq!(written[0], total - 68, "{refused:#?}");
    assert_eq!(written[1], total - 103, "{refused:#?}");
}

#[test]
fn a_solution_put_in_a_link_comes_back_published() {
    for f in [LinkFormat::Fpuzzles, LinkFormat::Sudokupad] {
        let path = common::root().join("puzzles/wikipedia.txt");
        let entry = puzzles(&path).remove(0);
        let solution: Vec<usize> = (0..81).map(|c| (c * 3 + c / 9 + c / 27) % 9).collect();
        let link = format::write_link(
            f,
            &entry.puzzle,
            &Rules::sudoku(),
            Some("Wiki"),
            Some(&solution),
        )
        .unwrap();
        let back = read_back(&link);
        assert_eq!(back.solution.as_deref(), Some(&solution[..]), "{f:?}");
        assert_eq!(back.id.as_deref(), Some("Wiki"), "{f:?}");
    }
}

#[test]
fn solve_writes_links_with_the_solution_checked() {
    let r = run(
        &[
            "solve",
            "--to",
            "sudokupad",
            "--solution",
            "puzzles/wikipedia.txt",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(
        r.stdout.starts_with("https://sudokupad.app/fpuzzles"),
        "{}",
        r.stdout
    );
    let back = read_back(r.stdout.trim());
    let solved = run(&["solve", "--to", "line", "puzzles/wikipedia.txt"], "");
    let digits: Vec<usize> = solved
        .stdout
        .trim()
        .bytes()
        .map(|b| (b - b'1') as usize)
        .collect();
    assert_eq!(back.solution, Some(digits));
    let r = run(
        &[
            "solve",
            "--to",
            "iss",
            "--rules",
            "puzzles/variants/ctc-tribute.rules",
            "puzzles/variants/ctc-tribute.txt",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(
        r.stdout
            .starts_with("https://sigh.github.io/Interactive-Sudoku-Solver/?q=.Cage~35~"),
        "{}",
        r.stdout
    );
    // A constraint the format has no word for is refused by name, the batch going on.
    let dir = std::env::temp_dir().join(format!("sudoku-cp-links-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = dir.join("odd.rules");
    std::fs::write(&rules, "name odd\nextends sudoku\nodd r1c3\n").unwrap();
    let r = run(
        &[
            "solve",
            "--to",
            "iss",
            "--rules",
            rules.to_str().unwrap(),
            "puzzles/wikipedia.txt",
            "puzzles/wikipedia.txt",
        ],
        "",
    );
    assert_eq!(r.code, 2, "{}", r.transcript());
    assert_eq!(r.stdout, "error\nerror\n");
    assert!(r.stderr.contains("puzzles/wikipedia.txt:2: the Interactive Sudoku Solver has no part for the odd cell at r1c3"), "{}", r.stderr);
    let r = run(
        &[
            "solve",
            "--to",
            "fpuzzles",
            "--rules",
            rules.to_str().unwrap(),
            "puzzles/wikipedia.txt",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.transcript());
    let back = read_back(r.stdout.trim());
    assert_eq!(back.puzzle.constraints().len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}
