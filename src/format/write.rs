//! Writing grids: readable (`grid`; a killer as a killer grid), comma-separated rows (`csv`, RMIT's solution file) and one
//! line per puzzle (`line`, the shape of line input), blank cells as `.`; and killer cages, as
//! the killer line format's cage field or as a cage map.

use super::OutputFormat;
use crate::puzzle::Puzzle;
use std::fmt::Write;

/// Appends `cells` (value indices, row-major; `None` = blank) of `puzzle`'s grid to `out`, in
/// `format`, ending with a newline.
pub fn write(out: &mut String, format: OutputFormat, puzzle: &Puzzle, cells: &[Option<usize>]) {
    match format {
        OutputFormat::Grid if !puzzle.cages().is_empty() => {
            super::killer_grid::write(out, puzzle, cells);
        }
        OutputFormat::Grid => write_grid(out, puzzle, cells),
        OutputFormat::Csv => write_csv(out, puzzle, cells),
        OutputFormat::Line => write_line(out, puzzle, cells),
    }
}

/// Appends the pencil-mark grid of `puzzle`'s cells, each given as its candidates (value
/// indices): a cell of one candidate as its symbol, of several as their symbols run together
/// (`{1,2,10}` when a symbol is wider than one character), of none as `.`; columns aligned,
/// boxes separated. The grid reads back as pencil-mark input.
pub fn write_marks(out: &mut String, puzzle: &Puzzle, candidates: &[Vec<usize>]) {
    let n = puzzle.size();
    let (kr, kc) = puzzle.boxes().sides(n);
    let wide = puzzle.symbols().width() > 1;
    let label = |v: &usize| puzzle.symbols().label(*v).to_string();
    let text: Vec<String> = candidates
        .iter()
        .map(|vs| match &vs[..] {
            [] => ".".to_string(),
            [v] => label(v),
            _ if wide => format!("{{{}}}", vs.iter().map(label).collect::<Vec<_>>().join(",")),
            _ => vs.iter().map(label).collect(),
        })
        .collect();
    let width: Vec<usize> = (0..n)
        .map(|col| (0..n).map(|r| text[r * n + col].len()).max().unwrap_or(1))
        .collect();
    for r in 0..n {
        if r > 0 && r % kr == 0 {
            let parts: Vec<String> = (0..n / kc)
                .map(|b| {
                    let w: usize = (b * kc..(b + 1) * kc).map(|c| width[c]).sum();
                    "-".repeat(w + kc - 1)
                })
                .collect();
            out.push_str(&parts.join("-+-"));
            out.push('\n');
        }
        let mut line = String::new();
        for col in 0..n {
            if col > 0 {
                line.push_str(if col % kc == 0 { " | " } else { " " });
            }
            let _ = write!(line, "{:<w$}", text[r * n + col], w = width[col]);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// Appends the cell's symbol, or `.` when blank, right-aligned to `width`.
fn push_symbol(out: &mut String, puzzle: &Puzzle, cell: Option<usize>, width: usize) {
    let _ = match cell {
        Some(v) => write!(out, "{:>width$}", puzzle.symbols().label(v)),
        None => write!(out, "{:>width$}", "."),
    };
}

/// Rows of right-aligned symbols, boxes separated by `|` and `-+-` lines.
fn write_grid(out: &mut String, puzzle: &Puzzle, cells: &[Option<usize>]) {
    let (n, w) = (puzzle.size(), puzzle.symbols().width());
    let (kr, kc) = puzzle.boxes().sides(n);
    let rule: Vec<String> = (0..n / kc).map(|_| "-".repeat(kc * w + kc - 1)).collect();
    let rule = rule.join("-+-");
    for r in 0..n {
        if r > 0 && r % kr == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for c in 0..n {
            if c > 0 {
                out.push_str(if c % kc == 0 { " | " } else { " " });
            }
            push_symbol(out, puzzle, cells[r * n + c], w);
        }
        out.push('\n');
    }
}

fn write_csv(out: &mut String, puzzle: &Puzzle, cells: &[Option<usize>]) {
    for row in cells.chunks(puzzle.size()) {
        for (i, &c) in row.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            push_symbol(out, puzzle, c, 0);
        }
        out.push('\n');
    }
}

/// One character per cell when every symbol is written with one character (digits, or
/// letters as in `1 … 9 A … G`), else space-separated symbols.
fn write_line(out: &mut String, puzzle: &Puzzle, cells: &[Option<usize>]) {
    let compact = puzzle.symbols().single_chars();
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 && !compact {
            out.push(' ');
        }
        match c {
            Some(v) => out.push_str(puzzle.symbols().label(v)),
            None => out.push('.'),
        }
    }
    out.push('\n');
}

/// Appends the cages as the killer line format's field: `SUM:cell,cell,…;SUM:…`, cells
/// numbered row·n + col.
pub fn write_cages(out: &mut String, puzzle: &Puzzle) {
    for (i, cage) in puzzle.cages().iter().enumerate() {
        if i > 0 {
            out.push(';');
        }
        let _ = write!(out, "{}:", cage.total);
        for (j, c) in cage.cells.iter().enumerate() {
            let _ = write!(out, "{}{c}", if j > 0 { "," } else { "" });
        }
    }
}

/// Appends a cage map: n rows of cage ids (`.` for a cell in no cage), then one line of
/// `id=total` pairs. Ids are letters (`a`–`z`, `A`–`Z`) when there are at most 52 cages, else
/// numbers from 1, space-separated and right-aligned. Givens, if any, come first as a grid.
pub fn write_cage_map(out: &mut String, puzzle: &Puzzle) {
    let n = puzzle.size();
    if puzzle.givens().any(|g| g.is_some()) {
        write_grid(out, puzzle, &puzzle.grid());
    }
    let letters: Vec<char> = ('a'..='z').chain('A'..='Z').collect();
    let cages = puzzle.cages();
    let id = |i: usize| {
        if cages.len() <= letters.len() {
            letters[i].to_string()
        } else {
            (i + 1).to_string()
        }
    };
    let width = id(cages.len().saturating_sub(1)).len();
    let owner: Vec<Option<usize>> = (0..n * n).map(|c| puzzle.cage_at(c)).collect();
    for row in owner.chunks(n) {
        for (c, o) in row.iter().enumerate() {
            if c > 0 && width > 1 {
                out.push(' ');
            }
            let name = o.map_or_else(|| ".".to_string(), id);
            let _ = write!(out, "{name:>width$}");
        }
        out.push('\n');
    }
    for (i, cage) in cages.iter().enumerate() {
        let _ = write!(
            out,
            "{}{}={}",
            if i > 0 { " " } else { "" },
            id(i),
            cage.total
        );
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Symbols;

    fn sample() -> (Puzzle, Vec<Option<usize>>) {
        let p = Puzzle::empty(4, Symbols::new(vec![2, 12, 4, 5]).unwrap()).unwrap();
        let cells = [0, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0]
            .map(Some)
            .to_vec();
        (p, cells)
    }

    #[test]
    fn grid_aligns_wide_symbols_and_separates_boxes() {
        let (p, mut cells) = sample();
        cells[0] = None;
        let mut s = String::new();
        write(&mut s, OutputFormat::Grid, &p, &cells);
        assert_eq!(
            s,
            " . 12 |  4  5\n 4  5 |  2 12\n------+------\n12  2 |  5  4\n 5  4 | 12  2\n"
        );
    }

    #[test]
    fn csv_and_line() {
        let (p, cells) = sample();
        let mut s = String::new();
        write(&mut s, OutputFormat::Csv, &p, &cells);
        assert!(s.starts_with("2,12,4,5\n4,5,2,12\n"));
        let mut s = String::new();
        write(&mut s, OutputFormat::Line, &p, &cells);
        assert!(s.starts_with("2 12 4 5 4 5 2 12 "));
        let q = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        let mut s = String::new();
        write(&mut s, OutputFormat::Line, &q, &cells);
        assert_eq!(s, "1234341221434321\n");
    }

    #[test]
    fn cages_read_back_from_both_killer_outputs() {
        use crate::format::{ReadOptions, read};
        let text = "3:0,1;7:2,3,7;3:4,5;7:6,10,11;5:8,12;5:9,13;7:14,15";
        let p = &read(text, "t", &ReadOptions::default()).unwrap()[0].puzzle;
        let mut line = String::new();
        write_cages(&mut line, p);
        assert_eq!(line, text);
        let mut map = String::new();
        write_cage_map(&mut map, p);
        assert_eq!(map, "aabb\nccdb\nefdd\nefgg\na=3 b=7 c=3 d=7 e=5 f=5 g=7\n");
        let back = &read(&map, "t", &ReadOptions::default()).unwrap()[0].puzzle;
        assert_eq!(back.cages(), p.cages());
    }
}
