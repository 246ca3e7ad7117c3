//! Every variant kind's model against brute force: on 4×4 grids with random lines, dots and
//! clues, `cp` and `backtrack` count exactly the grids of the plain puzzle that the independent
//! check (`Constraint::holds`) accepts; `dlx`, `algx` and `cdcl` too where every constraint is a
//! region of n cells, and they refuse the rest.

use sudoku_cp::constraints;
use sudoku_cp::engine::{Limits, Rng, Stop};
use sudoku_cp::puzzle::{Constraint, PairKind, Puzzle, Rules, Symbols, check_solution};
use sudoku_cp::solvers;

/// Every solution grid of the empty n×n puzzle (value indices, row-major), by plain
/// backtracking over rows, columns and boxes.
fn all_grids(n: usize) -> Vec<Vec<usize>> {
    let p = Puzzle::empty(n, Symbols::default_for(n)).expect("size");
    let b = p.boxes();
    let mut grid = vec![usize::MAX; n * n];
    let mut out = Vec::new();
    fn fill(
        cell: usize,
        n: usize,
        b: sudoku_cp::puzzle::BoxShape,
        grid: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if cell == n * n {
            out.push(grid.clone());
            return;
        }
        let (r, c) = (cell / n, cell % n);
        for v in 0..n {
            let clash = (0..n).any(|i| grid[r * n + i] == v || grid[i * n + c] == v)
                || (0..n).any(|i| {
                    let (br, bc) = (r / b.rows * b.rows, c / b.cols * b.cols);
                    grid[(br + i / b.cols) * n + bc + i % b.cols] == v
                });
            if !clash {
                grid[cell] = v;
                fill(cell + 1, n, b, grid, out);
                grid[cell] = usize::MAX;
            }
        }
    }
    fill(0, n, b, &mut grid, &mut out);
    out
}

/// A random path of `len` cells, each orthogonally or diagonally next to the one before, no
/// cell twice; shorter when it runs into itself.
fn path(rng: &mut Rng, n: usize, len: usize) -> Vec<usize> {
    let mut cells = vec![rng.below(n * n)];
    while cells.len() < len {
        let last = cells[cells.len() - 1];
        let (r, c) = ((last / n) as i64, (last % n) as i64);
        let next: Vec<usize> = [
            (-1, -1),
            (-1, 0),
            (-1, 1),
            (0, -1),
            (0, 1),
            (1, -1),
            (1, 0),
            (1, 1),
        ]
        .iter()
        .map(|(dr, dc)| (r + dr, c + dc))
        .filter(|&(r, c)| (0..n as i64).contains(&r) && (0..n as i64).contains(&c))
        .map(|(r, c)| (r * n as i64 + c) as usize)
        .filter(|x| !cells.contains(x))
        .collect();
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

/// A random constraint of kind `k` on an n×n grid.
fn random_constraint(rng: &mut Rng, n: usize, k: usize) -> Constraint {
    let len = 2 + rng.below(3);
    let cells = path(rng, n, len);
    let line: Vec<usize> = {
        let i = rng.below(n);
        let mut l: Vec<usize> = if rng.below(2) == 0 {
            (0..n).map(|c| i * n + c).collect()
        } else {
            (0..n).map(|r| r * n + i).collect()
        };
        if rng.below(2) == 0 {
            l.reverse();
        }
        l
    };
    let value = |rng: &mut Rng| 1 + rng.below(n) as i64;
    match k {
        0 => Constraint::Thermo(constraints::Thermo {
            cells,
            slow: rng.below(2) == 0,
        }),
        1 => Constraint::Whisper(constraints::Whisper {
            diff: 1 + rng.below(3) as i64,
            cells,
        }),
        2 => Constraint::Renban(constraints::Renban { cells }),
        3 => Constraint::Palindrome(constraints::Palindrome { cells }),
        4 => Constraint::Between(constraints::Between { cells }),
        5 => Constraint::Lockout(constraints::Lockout {
            diff: 1 + rng.below(2) as i64,
            cells,
        }),
        6 => Constraint::Zipper(constraints::Zipper { cells }),
        7 => Constraint::Modular(constraints::Modular {
            modulus: 2 + rng.below(2) as i64,
            cells,
        }),
        8 => {
            let split = 1 + rng.below(cells.len() - 1);
            Constraint::RegionSum(constraints::RegionSum {
                segments: vec![cells[..split].to_vec(), cells[split..].to_vec()],
            })
        }
        9 => {
            let r = rng.below(n - 1);
            let c = rng.below(n - 1);
            let top = r * n + c;
            Constraint::Quad(constraints::Quad {
                cells: vec![top, top + 1, top + n, top + n + 1],
                values: (0..1 + rng.below(3)).map(|_| value(rng)).collect(),
            })
        }
        10 => Constraint::Sandwich(constraints::Sandwich {
            cells: line,
            total: rng.below(n * 2) as i64,
        }),
        11 => Constraint::XSum(constraints::XSum {
            cells: line,
            total: (1 + rng.below(n * 2)) as i64,
        }),
        12 => Constraint::Skyscraper(constraints::Skyscraper {
            cells: line,
            count: (1 + rng.below(n)) as i64,
        }),
        13 => {
            // A pill of two cells when the path is long enough.
            let pill = if cells.len() >= 3 {
                1 + rng.below(2)
            } else {
                1
            };
            Constraint::Arrow(constraints::Arrow {
                circle: cells[..pill].to_vec(),
                arrow: cells[pill..].to_vec(),
            })
        }
        14 => Constraint::Sum(constraints::Sum {
            label: "sum".to_string(),
            total: rng.below(3 * n) as i64 - 2,
            terms: cells
                .iter()
                .map(|&c| (c, rng.below(5) as i64 - 2))
                .filter(|&(_, k)| k != 0)
                .collect(),
        }),
        15 => Constraint::Cage(constraints::Cage {
            total: (cells.len() + rng.below(2 * n)) as i64,
            cells,
        }),
        16 => Constraint::Region(constraints::Region {
            label: "region".to_string(),
            cells,
        }),
        17 => Constraint::Entropic(constraints::Entropic { cells }),
        18 => Constraint::Parity(constraints::Parity {
            cell: cells[0],
            even: rng.below(2) == 0,
        }),
        19 => Constraint::SumLine(constraints::SumLine {
            total: 2 + rng.below(6) as i64,
            cells,
            looped: rng.below(2) == 0,
        }),
        20 => Constraint::Lunchbox(constraints::Lunchbox {
            total: rng.below(2 * n) as i64,
            cells: if rng.below(3) == 0 { line } else { cells },
        }),
        21 => Constraint::Indexing(constraints::Indexing::new(n, cells[0], rng.below(2) == 0)),
        22 => {
            // A double arrow: its two ends add up to the cells between them.
            let len = 3 + rng.below(2);
            let cells = path(rng, n, len);
            let last = cells.len() - 1;
            Constraint::Sum(constraints::Sum {
                label: "double arrow".to_string(),
                total: 0,
                terms: (0..=last)
                    .map(|i| (cells[i], if i == 0 || i == last { 1 } else { -1 }))
                    .collect(),
            })
        }
        23 => {
            // A table of allowed value pairs, on neighbours along the line or on every two
            // cells (then the same both ways).
            let every_pair = rng.below(2) == 0;
            let mut allowed = Vec::new();
            for a in 1..=n as i64 {
                for b in 1..=n as i64 {
                    if (!every_pair || a <= b) && rng.below(2) == 0 {
                        allowed.push((a, b));
                        if every_pair && a != b {
                            allowed.push((b, a));
                        }
                    }
                }
            }
            allowed.sort_unstable();
            Constraint::Relation(constraints::Relation {
                cells,
                every_pair,
                allowed,
                first: 1,
                name: String::new(),
            })
        }
        24 => {
            // A random automaton of up to four states over the values and the break (index
            // n), on the line in one segment or split in two, a cell sometimes read twice.
            let states = 1 + rng.below(4) as u32;
            let moves = (0..states)
                .map(|_| {
                    (0..=n as u32)
                        .flat_map(|symbol| (0..states).map(move |t| (symbol, t)))
                        .filter(|_| rng.below(3) == 0)
                        .collect()
                })
                .collect();
            let accepting: Vec<u32> = (0..states).filter(|_| rng.below(2) == 0).collect();
            let nfa = constraints::Nfa::new(moves, vec![0], &accepting).expect("small");
            let mut segments = vec![cells];
            if rng.below(2) == 0 {
                let mut second = segments[0].split_off(1);
                if rng.below(3) == 0 {
                    second.push(segments[0][0]);
                }
                segments.push(second);
            }
            Constraint::StateMachine(constraints::StateMachine {
                segments,
                source: constraints::Source::Key(String::new()),
                name: String::new(),
                nfa,
                values: (1..=n as i64).collect(),
            })
        }
        25 => {
            // Up to six circles anywhere.
            let mut circles: Vec<usize> = (0..1 + rng.below(6)).map(|_| rng.below(n * n)).collect();
            circles.sort_unstable();
            circles.dedup();
            Constraint::CountingCircles(constraints::CountingCircles { cells: circles })
        }
        _ => {
            let kinds = [
                PairKind::WhiteDot,
                PairKind::BlackDot,
                PairKind::V,
                PairKind::Greater,
                PairKind::Different,
                PairKind::NoDot,
                PairKind::NoXv,
                PairKind::NotConsecutive,
                PairKind::NotDouble,
                PairKind::Equal,
            ];
            Constraint::Pair(constraints::Pair {
                kind: kinds[rng.below(kinds.len())],
                a: cells[0],
                b: cells[1],
            })
        }
    }
}

#[test]
fn each_kind_keeps_exactly_the_grids_its_check_accepts() {
    let cp = solvers::find("cp").expect("cp");
    let backtrack = solvers::find("backtrack").expect("backtrack");
    let exact = [
        solvers::find("dlx").expect("dlx"),
        solvers::find("algx").expect("algx"),
        solvers::find("cdcl").expect("cdcl"),
    ];
    let rules = Rules::sudoku();
    let mut exact_trials = 0;
    let mut rng = Rng::new(47);
    let n = 4;
    let grids = all_grids(n);
    assert_eq!(grids.len(), 288);
    for kind in 0..27 {
        let (mut some, mut none) = (0, 0);
        for _ in 0..60 {
            let mut p = Puzzle::empty(n, Symbols::default_for(n)).expect("size");
            for _ in 0..1 + rng.below(2) {
                let c = random_constraint(&mut rng, n, kind);
                if kind == 17 {
                    // An entropic line's classes are 1–3, 4–6, 7–9: a 4×4 refuses it.
                    let e = p.add_constraint(c).expect_err("entropic on 4×4");
                    assert!(e.to_string().contains("1 to 9"), "{e}");
                    continue;
                }
                p.add_constraint(c).expect("a constraint the solvers take");
            }
            let expected = grids
                .iter()
                .filter(|g| {
                    let value = |c: usize| p.symbols().symbol(g[c]) as i64;
                    p.constraints().iter().all(|c| c.holds(&value))
                })
                .count() as u64;
            let o = cp.solve(&p, &rules, &Limits::solutions(u64::MAX));
            assert_eq!(o.stop, Stop::Exhausted);
            assert_eq!(o.count, expected, "kind {kind}: {:?}", p.constraints());
            if let Some(g) = &o.solution {
                assert!(check_solution(&p, &rules, g).is_empty());
            }
            let all = Limits::solutions(u64::MAX);
            assert!(backtrack.refuses(&p, &rules).is_none());
            assert_eq!(
                backtrack.solve(&p, &rules, &all).count,
                expected,
                "backtrack, kind {kind}"
            );
            let regions_only = p
                .constraints()
                .iter()
                .all(|c| matches!(c, Constraint::Region(constraints::Region { cells, .. }) if cells.len() == n));
            for solver in exact {
                match solver.refuses(&p, &rules) {
                    Some(why) => assert!(!regions_only, "{why}"),
                    None => {
                        assert!(
                            regions_only,
                            "{} takes {:?}",
                            solver.name(),
                            p.constraints()
                        );
                        let o = solver.solve(&p, &rules, &all);
                        assert_eq!(o.count, expected, "{}, kind {kind}", solver.name());
                        exact_trials += 1;
                    }
                }
            }
            if expected > 0 && expected < 288 {
                some += 1;
            } else {
                none += 1;
            }
        }
        assert!(
            some > 0 || kind == 17,
            "kind {kind}: no trial cut the grids down ({none} did not)"
        );
    }
    assert!(exact_trials > 0, "no trial had regions of n cells only");
}
