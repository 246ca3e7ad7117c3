//! The random cases of the differential tests: paths, pairs, jigsaws, clues of every kind
//! fitted to a grid so that it keeps them, and whole cases.

use super::*;

/// A random path of up to `len` cells, each a king's move from the one before; with `repeat`,
/// a cell may come back (a loop, or a line through one cell twice).
fn path(rng: &mut Rng, n: usize, len: usize, repeat: bool) -> Vec<usize> {
    let mut cells = vec![rng.below(n * n)];
    while cells.len() < len {
        let last = cells[cells.len() - 1];
        let (r, c) = ((last / n) as i64, (last % n) as i64);
        let next: Vec<usize> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
            .filter(|&(r, c)| (0..n as i64).contains(&r) && (0..n as i64).contains(&c))
            .map(|(r, c)| (r * n as i64 + c) as usize)
            .filter(|x| *x != last && (repeat || !cells.contains(x)))
            .collect();
        if next.is_empty() {
            break;
        }
        cells.push(next[rng.below(next.len())]);
    }
    cells
}

/// An orthogonal neighbour pair, or (rarely) one cell twice.
fn pair(rng: &mut Rng, n: usize) -> (usize, usize) {
    let a = rng.below(n * n);
    if rng.below(20) == 0 {
        return (a, a);
    }
    let mut near: Vec<usize> = Vec::new();
    if a % n + 1 < n {
        near.push(a + 1);
    }
    if a + n < n * n {
        near.push(a + n);
    }
    if !a.is_multiple_of(n) {
        near.push(a - 1);
    }
    if a >= n {
        near.push(a - n);
    }
    (a, near[rng.below(near.len())])
}

fn random_clue(rng: &mut Rng, case: &Case) -> Clue {
    let n = case.n;
    let repeat = rng.below(12) == 0;
    let len = 2 + rng.below(3);
    let cells = path(rng, n, len, repeat);
    let lo = i64::try_from(case.lo).unwrap_or(i64::MAX);
    let top = lo.saturating_add(n as i64 - 1);
    let small = |rng: &mut Rng, k: usize| {
        lo.saturating_mul(k as i64)
            .saturating_add(rng.below(k * n) as i64)
    };
    match rng.below(29) {
        0 => Clue::Thermo(cells, rng.below(3) == 0),
        1..=3 => {
            let (a, b) = pair(rng, n);
            let kinds = ["white", "black", "x", "v", "greater"];
            Clue::Dot(kinds[rng.below(kinds.len())], a, b)
        }
        4 => Clue::Region(cells),
        5 => Clue::Cage(small(rng, cells.len()), cells),
        6 => Clue::Sum(small(rng, cells.len()), cells),
        7 if cells.len() >= 2 => {
            let pill = if cells.len() >= 3 && rng.below(3) == 0 {
                2
            } else {
                1
            };
            Clue::Arrow(cells[..pill].to_vec(), cells[pill..].to_vec())
        }
        8 => Clue::Line(
            ["renban", "palindrome", "between", "zipper", "entropic"][rng.below(5)],
            cells,
        ),
        9 => Clue::Numbered("whisper", 1 + rng.below(3) as i64, cells),
        10 => Clue::Numbered("lockout", 1 + rng.below(2) as i64, cells),
        11 => Clue::Numbered("modular", 2 + rng.below(2) as i64, cells),
        12 => Clue::RegionSum(cells),
        13..=15 => {
            let kind = ["sandwich", "x-sum", "skyscraper"][rng.below(3)];
            // A sandwich clue reads from the top or the left, as ISS writes it.
            let sides: &[&str] = if kind == "sandwich" {
                &["top", "left"]
            } else {
                &["top", "bottom", "left", "right"]
            };
            let value = match kind {
                "skyscraper" => 1 + rng.below(n) as i64,
                _ => rng.below(2 * (top.clamp(1, 64) as usize) + 1) as i64,
            };
            Clue::Outside(kind, value, sides[rng.below(sides.len())], rng.below(n))
        }
        16 => Clue::Parity(rng.below(n * n), rng.below(2) == 0),
        17 => {
            let dirs = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
            let start = rng.below(n * n);
            Clue::LittleKiller(small(rng, n), start, dirs[rng.below(4)])
        }
        18 => {
            let top = rng.below(n - 1) * n + rng.below(n - 1);
            Clue::Quad(top, (0..1 + rng.below(4)).map(|_| rng.below(n)).collect())
        }
        19 => Clue::Numbered("sum-line", small(rng, 1).max(1), cells),
        20 => Clue::Numbered("lunchbox", rng.below(2 * n) as i64, cells),
        21 => Clue::Indexing(rng.below(n * n), rng.below(2) == 0),
        22 if cells.len() >= 3 => Clue::Line("double-arrow", cells),
        23 if cells.len() >= 2 => {
            // About half the value pairs, the same both ways when every two cells relate.
            let every = rng.below(2) == 0;
            let mut pairs = Vec::new();
            for i in 0..n {
                for j in 0..n {
                    if (!every || i <= j) && rng.below(2) == 0 {
                        pairs.push((i, j));
                        if every && i != j {
                            pairs.push((j, i));
                        }
                    }
                }
            }
            pairs.sort_unstable();
            Clue::Relation(pairs, every, cells)
        }
        24 => {
            // Up to four states over the values and the break; one segment, or two.
            let states = 1 + rng.below(4);
            let moves: Vec<Vec<(usize, usize)>> = (0..states)
                .map(|_| {
                    let mut m: Vec<(usize, usize)> = (0..=n)
                        .flat_map(|a| (0..states).map(move |t| (a, t)))
                        .filter(|_| rng.below(3) == 0)
                        .collect();
                    m.sort_unstable();
                    m
                })
                .collect();
            let accepting: Vec<bool> = (0..states).map(|_| rng.below(2) == 0).collect();
            let mut segments = vec![cells];
            if segments[0].len() >= 2
                && rng.below(2) == 0
                && moves.iter().flatten().any(|m| m.0 == n)
            {
                let second = segments[0].split_off(1);
                segments.push(second);
            }
            Clue::Automaton(moves, accepting, segments)
        }
        25 if (0..n as u64).all(|v| value_char(case.lo + v).is_some()) => {
            Clue::Regex(random_pattern(rng, case, 2), cells)
        }
        26 => {
            let mut circles = cells;
            circles.sort_unstable();
            circles.dedup();
            Clue::Line("counting-circles", circles)
        }
        _ => {
            let (a, b) = pair(rng, n);
            Clue::Dot(["white", "black"][rng.below(2)], a, b)
        }
    }
}

/// A jigsaw of n pieces of n cells: rows of an n×n grid with cells swapped between
/// neighbouring rows (pieces need not be connected).
fn jigsaw(rng: &mut Rng, n: usize) -> Vec<usize> {
    let mut pieces: Vec<usize> = (0..n * n).map(|c| c / n).collect();
    for _ in 0..n {
        let (a, b) = (rng.below(n * n), rng.below(n * n));
        pieces.swap(a, b);
    }
    pieces
}

/// `clue` with its numbers (and a thermometer's direction, a dot's kind) taken from `grid`,
/// so that the grid keeps it.
fn fitted(clue: Clue, case: &Case, grid: &[usize]) -> Clue {
    let value = |c: usize| case.value(grid[c]);
    let sum = |cells: &[usize]| {
        cells
            .iter()
            .map(|&c| value(c))
            .fold(0i64, i64::saturating_add)
    };
    match clue {
        Clue::Thermo(mut cells, _) => {
            cells.sort_by_key(|&c| value(c));
            let slow = cells.windows(2).any(|w| value(w[0]) == value(w[1]));
            Clue::Thermo(cells, slow)
        }
        Clue::Dot(_, a, b) if a != b => {
            let (x, y) = (value(a) as i128, value(b) as i128);
            let kind = if (x - y).abs() == 1 {
                "white"
            } else if x == 2 * y || y == 2 * x {
                "black"
            } else if x + y == 10 {
                "x"
            } else if x + y == 5 {
                "v"
            } else {
                "greater"
            };
            if kind == "greater" && x < y {
                Clue::Dot(kind, b, a)
            } else {
                Clue::Dot(kind, a, b)
            }
        }
        Clue::Cage(_, cells) => Clue::Cage(sum(&cells), cells),
        // Each value v of the circles, when it is 1 to n, in v circles: the circles first,
        // then the grid's other cells holding it.
        Clue::Line("counting-circles", cells) => {
            let mut circles: Vec<usize> = Vec::new();
            for &c in &cells {
                let v = value(c);
                if v < 1 || v > case.n as i64 || circles.iter().any(|&d| value(d) == v) {
                    continue;
                }
                let mut same: Vec<usize> =
                    cells.iter().copied().filter(|&d| value(d) == v).collect();
                let others: Vec<usize> = (0..case.n * case.n)
                    .filter(|&d| value(d) == v && !same.contains(&d))
                    .collect();
                same.extend(others);
                circles.extend(same.into_iter().take(v as usize));
            }
            if circles.is_empty() {
                return Clue::Line("counting-circles", cells);
            }
            circles.sort_unstable();
            Clue::Line("counting-circles", circles)
        }
        Clue::LittleKiller(_, start, dir) => {
            Clue::LittleKiller(sum(&case.diagonal(start, dir)), start, dir)
        }
        Clue::Quad(top, values) => {
            let square = [top, top + 1, top + case.n, top + case.n + 1];
            let k = values.len();
            Clue::Quad(top, square[..k].iter().map(|&c| grid[c]).collect())
        }
        Clue::Sum(_, cells) => Clue::Sum(sum(&cells), cells),
        // The whole line as one stretch.
        Clue::Numbered("sum-line", _, cells) => Clue::Numbered("sum-line", sum(&cells), cells),
        Clue::Numbered("lunchbox", _, cells) => {
            let line: Vec<i64> = cells.iter().map(|&c| value(c)).collect();
            let at = |x: Option<&i64>| line.iter().position(|y| Some(y) == x).unwrap_or(0);
            let (lo, hi) = (at(line.iter().min()), at(line.iter().max()));
            let (a, b) = (lo.min(hi), lo.max(hi));
            let between = line[(a + 1).min(b)..b]
                .iter()
                .fold(0i64, |s, &x| s.saturating_add(x));
            Clue::Numbered("lunchbox", between, cells)
        }
        Clue::Outside(kind, _, side, i) => {
            let line: Vec<i64> = case
                .outside_line(side, i)
                .iter()
                .map(|&c| value(c))
                .collect();
            let v = match kind {
                "sandwich" => {
                    let (lo, hi) = (line.iter().min(), line.iter().max());
                    let at = |x: Option<&i64>| line.iter().position(|y| Some(y) == x).unwrap_or(0);
                    let (a, b) = (at(lo).min(at(hi)), at(lo).max(at(hi)));
                    line[(a + 1).min(b)..b]
                        .iter()
                        .fold(0i64, |s, &x| s.saturating_add(x))
                }
                "x-sum" => {
                    let x = usize::try_from(line[0]).unwrap_or(0).min(line.len());
                    line[..x].iter().fold(0i64, |s, &x| s.saturating_add(x))
                }
                _ => {
                    let (mut tallest, mut seen) = (0, 0);
                    for &x in &line {
                        if x > tallest {
                            (tallest, seen) = (x, seen + 1);
                        }
                    }
                    seen
                }
            };
            Clue::Outside(kind, v, side, i)
        }
        other => other,
    }
}

/// Whether an ISS string can carry the clue (it has no odd or even cells, no slow
/// thermometers, and little killers only where it lays them out).
fn iss_writes(clue: &Clue, n: usize) -> bool {
    match clue {
        Clue::Parity(..) | Clue::Thermo(_, true) => false,
        // ISS lays out its little killers itself: one from the left side goes down-right.
        Clue::LittleKiller(_, start, dir) => start % n == 0 && start / n + 1 < n && *dir == (1, 1),
        _ => true,
    }
}

pub(super) fn random_case(rng: &mut Rng) -> Case {
    let n = if rng.below(3) == 0 { 3 } else { 4 };
    let boxes = n == 4 && rng.below(3) > 0;
    let jigsaw = (!boxes && rng.below(2) == 0).then(|| jigsaw(rng, n));
    let lo = match rng.below(12) {
        0 => 0,
        1 => 5,
        2 => 1 << 40,
        3 => i64::MAX as u64 / 8,
        4 => (1u64 << 63) - 2,
        _ => 1,
    };
    let mut regions = [false; 5];
    regions[0] = rng.below(5) > 0;
    regions[1] = rng.below(5) > 0;
    regions[2] = rng.below(4) > 0;
    regions[3] = rng.below(6) == 0;
    regions[4] = rng.below(6) == 0;
    if n == 4 && !regions[0] && !regions[1] {
        // Four symbols on 16 cells with no rows or columns: too many grids to walk.
        regions[rng.below(2)] = true;
    }
    let mut case = Case {
        n,
        boxes,
        jigsaw,
        lo,
        regions,
        globals: Vec::new(),
        givens: Vec::new(),
        clues: Vec::new(),
    };
    for name in [
        "anti-king",
        "anti-knight",
        "non-consecutive",
        "kropki-negative",
        "xv-negative",
        "anti-taxicab",
    ] {
        if rng.below(8) == 0 {
            // The solver refuses an anti-taxicab rule on 0-based values.
            let in_iss = rng.below(2) == 0 && (name != "anti-taxicab" || case.lo != 0);
            case.globals.push((name, in_iss));
        }
    }
    // Half the cases take their clues and givens from a grid of the bare rules, so that they
    // have solutions and often few.
    // (Not with symbols so large that a sum of them overflows: those clues are refused.)
    let grid = (rng.below(2) == 0 && case.lo <= 1 << 40)
        .then(|| {
            let grids = brute_force(&case);
            (!grids.is_empty()).then(|| grids[rng.below(grids.len())].clone())
        })
        .flatten();
    for _ in 0..rng.below(6) + usize::from(grid.is_some()) * 3 {
        for _ in 0..20 {
            let mut clue = random_clue(rng, &case);
            if let Some(g) = &grid {
                clue = fitted(clue, &case, g);
            }
            let in_iss = iss_writes(&clue, n) && rng.below(2) == 0;
            if let Some(g) = &grid {
                let value = |c: usize| case.value(g[c]);
                if !case.meaning(&clue, in_iss).iter().all(|m| m.holds(&value)) {
                    continue;
                }
            }
            case.clues.push((clue, in_iss));
            break;
        }
    }
    // A copy of a clue, written where the other is or in the other source.
    if rng.below(6) == 0
        && let Some((clue, in_iss)) = case.clues.first().cloned()
    {
        let other = iss_writes(&clue, n) && rng.below(2) == 0;
        case.clues.push((clue, in_iss != other));
    }
    for _ in 0..rng.below(7) {
        let c = rng.below(n * n);
        if !case.givens.iter().any(|&(g, _)| g == c) {
            let v = grid.as_ref().map_or_else(|| rng.below(n), |g| g[c]);
            case.givens.push((c, v));
        }
    }
    // Shuffle the clues and rules: the order they are written in must not matter.
    rng.shuffle(&mut case.clues);
    rng.shuffle(&mut case.globals);
    case
}

/// A random pattern over the case's values: characters, `.`, classes, groups, alternatives
/// and every quantifier, nested up to `depth`.
fn random_pattern(rng: &mut Rng, case: &Case, depth: usize) -> String {
    let n = case.n as u64;
    let ch = |v: u64| value_char(case.lo + v).unwrap_or('?');
    let pick = rng.below(if depth == 0 { 3 } else { 8 });
    match pick {
        0 => ch(rng.below(case.n) as u64).to_string(),
        1 => ".".to_string(),
        2 => {
            // A range within digits or within letters (a range across them names others).
            let a = rng.below(case.n) as u64;
            let b = (a + rng.below(3) as u64).min(n - 1);
            let same_kind = (case.lo + a < 10) == (case.lo + b < 10);
            let neg = if rng.below(3) == 0 { "^" } else { "" };
            if same_kind && a != b {
                format!("[{neg}{}-{}]", ch(a), ch(b))
            } else {
                format!("[{neg}{}]", ch(a))
            }
        }
        3 | 4 => {
            let a = random_pattern(rng, case, depth - 1);
            let b = random_pattern(rng, case, depth - 1);
            format!("{a}{b}")
        }
        5 => {
            let a = random_pattern(rng, case, depth - 1);
            let b = random_pattern(rng, case, depth - 1);
            format!("({a}|{b})")
        }
        _ => {
            let a = random_pattern(rng, case, depth - 1);
            let q = ["*", "+", "?", "{2}", "{1,}", "{0,2}"][rng.below(6)];
            format!("({a}){q}")
        }
    }
}
