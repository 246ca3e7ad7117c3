//! The words of Melbourne's COMP10002 "sudoku assistant" (2021, assignment 1), for
//! `check --style comp10002` (stages 1 and 2) and `explain --style comp10002` (stages 1 to 3):
//! the grid and its unknown count, every violation by set (`row`, `col`, `sqr`), then
//! Strategy One pass by pass (`row R col C must be D`), optionally alternated with Strategy Two.

use std::fmt::Write as _;
use sudoku_cp::format::{self, OutputFormat};
use sudoku_cp::puzzle;
use sudoku_cp::puzzle::Region;
use sudoku_cp::puzzle::{Puzzle, RegionKind};

/// A set's name as the assignment writes it: `row 7`, `col 4`, `sqr 8`.
fn set_name(region: &Region) -> String {
    let kind = match region.kind {
        RegionKind::Row => "row",
        RegionKind::Column => "col",
        RegionKind::Box => "sqr",
        RegionKind::Diagonal => return "diagonal".to_string(),
        RegionKind::AntiDiagonal => return "anti-diagonal".to_string(),
        RegionKind::Extra => return region.to_string(),
    };
    format!("{kind} {}", region.index + 1)
}

/// Stage 1: the grid, with `.` for unknown cells, and how many are unknown.
pub(super) fn stage_one(out: &mut String, p: &Puzzle, cells: &[Option<usize>]) {
    format::write(out, OutputFormat::Grid, p, cells);
    let unknown = cells.iter().filter(|c| c.is_none()).count();
    let _ = writeln!(out, "\n{unknown} cells are unknown");
}

/// Stage 2: one line per repeated label in each set, sets in order and labels in increasing
/// order, then the two totals. Returns whether anything is violated (the program then stops).
pub(super) fn stage_two(out: &mut String, p: &Puzzle, regions: &[Region]) -> bool {
    let dups = puzzle::duplicates(&p.grid(), regions);
    if dups.is_empty() {
        return false;
    }
    out.push('\n');
    let sets = write_sets(out, p, &dups, |s| set_name(&regions[s]));
    let _ = writeln!(
        out,
        "\n{sets} different sets have violations\n{} violations in total",
        dups.len()
    );
    true
}

/// One `set S (NAME): N instances of D` line per repeated label, each set named by `name`;
/// returns how many different sets have violations.
pub(super) fn write_sets(
    out: &mut String,
    p: &Puzzle,
    dups: &[puzzle::Duplicate],
    name: impl Fn(usize) -> String,
) -> usize {
    let mut sets = Vec::new();
    for d in dups {
        let _ = writeln!(
            out,
            "set {} ({}): {} instances of {}",
            d.region,
            name(d.region),
            d.cells.len(),
            p.symbols().label(d.value)
        );
        if !sets.contains(&d.region) {
            sets.push(d.region);
        }
    }
    sets.len()
}

/// The options of every cell: the values no labelled cell of its sets holds (a bit each).
fn options(cells: &[Option<usize>], regions: &[Region], n: usize) -> Vec<u64> {
    let full = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut opts: Vec<u64> = cells
        .iter()
        .map(|c| if c.is_some() { 0 } else { full })
        .collect();
    for region in regions {
        let held = region
            .cells()
            .filter_map(|c| cells[c])
            .fold(0u64, |m, v| m | 1 << v);
        for c in region.cells() {
            opts[c] &= !held;
        }
    }
    opts
}

/// One pass of Strategy One: every cell with a single option takes it, in row-major order.
fn strategy_one(cells: &mut [Option<usize>], regions: &[Region], n: usize) -> Vec<(usize, usize)> {
    let opts = options(cells, regions, n);
    let mut placed = Vec::new();
    for (c, &o) in opts.iter().enumerate() {
        if cells[c].is_none() && o.count_ones() == 1 {
            let v = o.trailing_zeros() as usize;
            cells[c] = Some(v);
            placed.push((c, v));
        }
    }
    placed
}

/// One pass of Strategy Two: each set in order, and each label it lacks that only one of its
/// unlabelled cells can take, labels that cell.
fn strategy_two(cells: &mut [Option<usize>], regions: &[Region], n: usize) -> Vec<(usize, usize)> {
    let opts = options(cells, regions, n);
    let mut placed = Vec::new();
    for region in regions {
        for v in 0..n {
            if region.cells().any(|c| cells[c] == Some(v)) {
                continue;
            }
            let mut able = region
                .cells()
                .filter(|&c| cells[c].is_none() && opts[c] >> v & 1 == 1);
            if let (Some(c), None) = (able.next(), able.next()) {
                cells[c] = Some(v);
                placed.push((c, v));
            }
        }
    }
    placed
}

/// Stage 3: Strategy One pass by pass (with `two`, alternated with Strategy Two) until a pass
/// changes nothing, then the grid, its unknown count and, when solved, `ta daa!!!`. Returns
/// the final grid.
pub(super) fn stage_three(
    out: &mut String,
    p: &Puzzle,
    regions: &[Region],
    two: bool,
) -> Vec<Option<usize>> {
    let n = p.size();
    let mut cells = p.grid();
    loop {
        let (name, placed) = match strategy_one(&mut cells, regions, n) {
            placed if !placed.is_empty() => ("strategy one", placed),
            _ if two => ("strategy two", strategy_two(&mut cells, regions, n)),
            placed => ("strategy one", placed),
        };
        if placed.is_empty() {
            break;
        }
        let _ = writeln!(out, "\n{name}");
        for (c, v) in placed {
            let _ = writeln!(
                out,
                "row {} col {} must be {}",
                c / n + 1,
                c % n + 1,
                p.symbols().label(v)
            );
        }
    }
    out.push('\n');
    stage_one(out, p, &cells);
    if cells.iter().all(Option::is_some) {
        out.push_str("ta daa!!!\n");
    }
    cells
}
