//! Reading the Interactive Sudoku Solver's constraint strings, one puzzle per line:
//! `.Shape~6x6.Thermo~R1C1~R1C2.~R1C1_5~R2C3_1_2…`, each `.`-separated part a kind and its
//! `~`-separated arguments (cells `R<row>C<col>`, one base-36 digit each; givens
//! `R<row>C<col>_<value>[_<value>…]`, several values being pencil marks).

use super::options::ReadOptions;
use super::{Entry, InputFormat, killer_codes};
use crate::error::InputError;
use crate::puzzle::{
    BoxShape, Constraint, GlobalRule, PairKind, Puzzle, Symbols, box_shape, orthogonal_neighbours,
};
use std::collections::{BTreeMap, HashSet};

/// The kinds this reader knows, as the Interactive Sudoku Solver names them.
pub const KINDS: &[&str] = &[
    "Shape",
    "NoBoxes",
    "Jigsaw",
    "Diagonal",
    "Windoku",
    "DisjointSets",
    "AllDifferent",
    "Cage",
    "Sum",
    "Thermo",
    "Arrow",
    "PillArrow",
    "WhiteDot",
    "BlackDot",
    "StrictKropki",
    "X",
    "V",
    "StrictXV",
    "GreaterThan",
    "LittleKiller",
    "Sandwich",
    "XSum",
    "Skyscraper",
    "Whisper",
    "Renban",
    "Palindrome",
    "Between",
    "Lockout",
    "RegionSumLine",
    "Zipper",
    "Modular",
    "Entropic",
    "Quad",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
];

/// Whether a content line is a constraint string: it starts with `.` and holds a `~` (which
/// no line puzzle does), or every part of it is a kind this reader knows (`.AntiKnight.`).
pub(super) fn is_iss_line(text: &str) -> bool {
    if !text.starts_with('.') {
        return false;
    }
    if text.contains('~') {
        return true;
    }
    let mut parts = text.split('.').map(str::trim).filter(|p| !p.is_empty());
    parts.clone().next().is_some() && parts.all(|p| KINDS.contains(&p))
}

/// Whether `text` is a jigsaw on one line (see [`jigsaw_line`]).
pub(super) fn is_jigsaw_line(text: &str) -> bool {
    jigsaw_parts(text).is_some()
}

/// The size and characters of a jigsaw on one line: 2·n² characters whose second half names n
/// regions of n cells each.
fn jigsaw_parts(text: &str) -> Option<(usize, Vec<char>)> {
    let chars: Vec<char> = text.chars().collect();
    let half = chars.len() / 2;
    let n = half.isqrt();
    // Region names are letters and digits; a grid this small or with separators is no jigsaw.
    if !chars.len().is_multiple_of(2)
        || n * n != half
        || n < 4
        || !chars[half..].iter().all(char::is_ascii_alphanumeric)
        || chars.iter().any(|c| c.is_whitespace() || *c == ',')
    {
        return None;
    }
    let mut counts: BTreeMap<char, usize> = BTreeMap::new();
    chars[half..]
        .iter()
        .for_each(|&c| *counts.entry(c).or_default() += 1);
    (counts.len() == n && counts.values().all(|&k| k == n)).then_some((n, chars))
}

/// A jigsaw on one line, if `text` is one: the n² cells of a line puzzle, then n² characters
/// naming each cell's region (n regions of n cells). The grid then has no boxes.
fn jigsaw_line(
    text: &str,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Option<Result<Entry, InputError>> {
    let (n, chars) = jigsaw_parts(text)?;
    let half = n * n;
    let layout = &chars[half..];
    // Past 9×9 the Interactive Sudoku Solver writes values as letters, A = 1.
    let givens: String = if n > 9 {
        let token = |c: &char| match c {
            'A'..='Z' => (*c as u8 - b'A' + 1).to_string(),
            'a'..='z' => (*c as u8 - b'a' + 1).to_string(),
            _ => c.to_string(),
        };
        chars[..half]
            .iter()
            .map(token)
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        chars[..half].iter().collect()
    };
    let layout: String = layout.iter().collect();
    Some(
        super::line::read_record(&givens, line, source, opts).and_then(|entry| {
            let err = |m: String| InputError::at(source, line, m);
            let mut puzzle = Puzzle::with_boxes(n, entry.puzzle.symbols().clone(), BoxShape::NONE)
                .map_err(|e| err(e.to_string()))?;
            for (cell, given) in entry.puzzle.givens().enumerate() {
                puzzle.set_given(cell, given);
            }
            let reader = Reader {
                n,
                boxes: BoxShape::NONE,
            };
            let part = Part {
                kind: "Jigsaw",
                args: vec![layout.as_str()],
            };
            reader.fill(&mut puzzle, &[part]).map_err(err)?;
            Ok(Entry {
                puzzle,
                line,
                format: InputFormat::Iss,
                id: None,
            })
        }),
    )
}

/// One parsed part: its kind and arguments.
pub(super) struct Part<'a> {
    /// The kind (`Thermo`), empty for the givens.
    pub(super) kind: &'a str,
    /// Its arguments.
    pub(super) args: Vec<&'a str>,
}

/// Whether a content line is one the Interactive Sudoku Solver reads beside its constraint
/// strings: a forum killer code.
pub(super) fn is_killer_code(text: &str) -> bool {
    killer_codes::is_long(text) || killer_codes::is_short(text)
}

/// Reads one line as the Interactive Sudoku Solver does: a constraint string, a killer code,
/// or else a puzzle of the one-per-line layout.
pub(super) fn read_line(
    text: &str,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    let err = |m: String| InputError::at(source, line, m);
    if !is_iss_line(text) {
        if let Some(entry) = jigsaw_line(text, line, source, opts) {
            return entry;
        }
        if !is_killer_code(text) {
            return super::line::read_record(text, line, source, opts);
        }
        return Ok(Entry {
            puzzle: killer_codes::read(text).map_err(err)?,
            line,
            format: InputFormat::Iss,
            id: None,
        });
    }
    let parts: Vec<Part<'_>> = text
        .split('.')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let mut it = p.split('~');
            let kind = it.next().unwrap_or("").trim();
            Part {
                kind,
                args: it.map(str::trim).collect(),
            }
        })
        .collect();
    Ok(Entry {
        puzzle: build(&parts).map_err(err)?,
        line,
        format: InputFormat::Iss,
        id: None,
    })
}

/// The puzzle a constraint string's parts describe.
pub(super) fn build(parts: &[Part<'_>]) -> Result<Puzzle, String> {
    for p in parts {
        if !p.kind.is_empty() && !KINDS.contains(&p.kind) {
            return Err(format!(
                "unknown constraint kind `{}` (this tool reads {})",
                p.kind,
                KINDS.join(", ")
            ));
        }
    }
    let mut puzzle = shape(parts)?;
    let reader = Reader {
        n: puzzle.size(),
        boxes: puzzle.boxes(),
    };
    reader.fill(&mut puzzle, parts)?;
    Ok(puzzle)
}

/// The empty puzzle the `Shape` and `NoBoxes` parts describe (9×9, values 1–9 without them).
fn shape(parts: &[Part<'_>]) -> Result<Puzzle, String> {
    let mut n = 9;
    let mut range: Option<(u64, u64)> = None;
    if let Some(p) = parts.iter().find(|p| p.kind == "Shape") {
        let dims = p.args.first().copied().unwrap_or("9x9");
        let (r, c) = dims
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            .ok_or_else(|| format!("Shape `{dims}`: expected ROWSxCOLUMNS, e.g. 6x6"))?;
        if r != c {
            return Err(format!("Shape `{dims}`: only square grids are read"));
        }
        n = r;
        if let Some(values) = p.args.get(1).filter(|v| !v.is_empty()) {
            range = Some(match values.split_once('-') {
                Some((lo, hi)) => (
                    lo.parse().map_err(|_| format!("Shape values `{values}`"))?,
                    hi.parse().map_err(|_| format!("Shape values `{values}`"))?,
                ),
                None => (
                    1,
                    values
                        .parse()
                        .map_err(|_| format!("Shape values `{values}`"))?,
                ),
            });
        }
        if let Some(kind) = p.args.get(2).filter(|v| !v.is_empty()) {
            return Err(format!("Shape grid type `{kind}` is not read"));
        }
    }
    let (lo, hi) = range.unwrap_or((1, n as u64));
    if hi < lo || hi - lo + 1 != n as u64 {
        return Err(format!(
            "values {lo}-{hi} on a {n}×{n} grid: each row must hold each value once, so a grid of \
             {n} needs {n} values"
        ));
    }
    let symbols = Symbols::new((lo..=hi).collect()).map_err(|e| e.to_string())?;
    let boxes = if parts.iter().any(|p| p.kind == "NoBoxes") {
        BoxShape::NONE
    } else {
        box_shape(n).unwrap_or(BoxShape::NONE)
    };
    Puzzle::with_boxes(n, symbols, boxes).map_err(|e| e.to_string())
}

/// What reading the parts needs of the grid.
struct Reader {
    n: usize,
    boxes: BoxShape,
}

impl Reader {
    /// The cell an `R<row>C<col>` id names.
    fn cell(&self, id: &str) -> Result<usize, String> {
        let b = id.as_bytes();
        let digit = |c: u8| (c as char).to_digit(36).map(|d| d as usize);
        if b.len() == 4
            && b[0].eq_ignore_ascii_case(&b'R')
            && b[2].eq_ignore_ascii_case(&b'C')
            && let (Some(r), Some(c)) = (digit(b[1]), digit(b[3]))
            && (1..=self.n).contains(&r)
            && (1..=self.n).contains(&c)
        {
            return Ok((r - 1) * self.n + c - 1);
        }
        Err(format!(
            "`{id}` is not a cell of the {0}×{0} grid (R1C1 … R{1}C{1})",
            self.n,
            std::char::from_digit(self.n as u32, 36).unwrap_or('?')
        ))
    }

    fn cells(&self, ids: &[&str]) -> Result<Vec<usize>, String> {
        ids.iter().map(|id| self.cell(id)).collect()
    }

    /// [`cells`](Self::cells) of a constraint `kind` that needs one cell or more.
    fn some_cells(&self, kind: &str, ids: &[&str]) -> Result<Vec<usize>, String> {
        let cells = self.cells(ids)?;
        if cells.is_empty() {
            return Err(format!("{kind}: expected one cell or more"));
        }
        Ok(cells)
    }

    fn number(kind: &str, text: &str) -> Result<i64, String> {
        text.parse()
            .map_err(|_| format!("{kind}: `{text}` is not a whole number"))
    }

    /// The pairs of orthogonally adjacent cells among `cells`, each first-listed cell first.
    fn adjacent_pairs(&self, cells: &[usize]) -> Vec<(usize, usize)> {
        let mut left: HashSet<usize> = cells.iter().copied().collect();
        let mut out = Vec::new();
        for &c in cells {
            left.remove(&c);
            for adj in orthogonal_neighbours(self.n, c) {
                if left.contains(&adj) {
                    out.push((c, adj));
                }
            }
        }
        out
    }

    /// The row or column an outside clue's id names (`R3`, `C7`), read from its start.
    fn line(&self, id: &str, forward: bool) -> Result<Vec<usize>, String> {
        let n = self.n;
        let bad = || format!("`{id}` is not a row or column of the grid (R1 … C{n})");
        let mut chars = id.chars();
        let kind = chars.next();
        let i: usize = chars.as_str().parse().map_err(|_| bad())?;
        if !(1..=n).contains(&i) {
            return Err(bad());
        }
        let mut cells: Vec<usize> = match kind {
            Some('R' | 'r') => (0..n).map(|c| (i - 1) * n + c).collect(),
            Some('C' | 'c') => (0..n).map(|r| r * n + i - 1).collect(),
            _ => return Err(bad()),
        };
        if !forward {
            cells.reverse();
        }
        Ok(cells)
    }

    /// The diagonal a little killer clue at `cell` sums, as the Interactive Sudoku Solver
    /// lays them out: down-right from the left side, up-left from the right, down-left from
    /// the top, up-right from the bottom.
    fn little_killer(&self, cell: usize) -> Option<Vec<usize>> {
        let n = self.n as i64;
        let mut seen: HashSet<Vec<usize>> = HashSet::new();
        let mut found = None;
        let mut add = |r: i64, c: i64, dr: i64, dc: i64| {
            let mut cells = Vec::new();
            let (mut r, mut c) = (r, c);
            while (0..n).contains(&r) && (0..n).contains(&c) {
                cells.push((r * n + c) as usize);
                r += dr;
                c += dc;
            }
            if cells.len() <= 1 {
                return;
            }
            let mut sorted = cells.clone();
            sorted.sort_unstable();
            if seen.insert(sorted) && cells[0] == cell && found.is_none() {
                found = Some(cells);
            }
        };
        (0..n - 1).for_each(|r| add(r, 0, 1, 1));
        (1..n - 1).for_each(|r| add(r, n - 1, -1, -1));
        (1..n).for_each(|c| add(0, c, 1, -1));
        (1..n - 1).for_each(|c| add(n - 1, c, -1, 1));
        found
    }

    /// Fills `puzzle` with the givens and constraints of `parts`.
    fn fill(&self, puzzle: &mut Puzzle, parts: &[Part<'_>]) -> Result<(), String> {
        let n = self.n;
        let mut cage_cells: HashSet<usize> = HashSet::new();
        for part in parts {
            let args = &part.args;
            let kind = part.kind;
            match kind {
                "" => {
                    for given in args.iter().filter(|a| !a.is_empty()) {
                        self.given(puzzle, given)?;
                    }
                }
                "Shape" | "NoBoxes" | "StrictKropki" | "StrictXV" => {}
                "Jigsaw" => {
                    let layout = args.last().copied().unwrap_or("");
                    if layout.chars().count() != n * n {
                        return Err(format!(
                            "Jigsaw layout has {} cells, expected {}",
                            layout.chars().count(),
                            n * n
                        ));
                    }
                    let mut pieces: BTreeMap<char, Vec<usize>> = BTreeMap::new();
                    for (cell, ch) in layout.chars().enumerate() {
                        pieces.entry(ch).or_default().push(cell);
                    }
                    let mut named = Vec::new();
                    for (ch, cells) in pieces {
                        if cells.len() != n {
                            return Err(format!(
                                "Jigsaw region `{ch}` has {} cells, expected {n}",
                                cells.len()
                            ));
                        }
                        named.push((format!("jigsaw region {ch}"), cells));
                    }
                    puzzle.set_jigsaw(named)?;
                }
                "Diagonal" => {
                    // `1` is ╱, the anti-diagonal; `-1` is ╲.
                    let anti = args.first().is_some_and(|a| a.trim() == "1");
                    puzzle.add_constraint(Constraint::diagonal(n, anti))?;
                }
                "Windoku" | "DisjointSets" | "AntiKnight" | "AntiKing" | "AntiConsecutive" => {
                    let rule = match kind {
                        "Windoku" => GlobalRule::Windoku,
                        "DisjointSets" => GlobalRule::DisjointSets,
                        "AntiKnight" => GlobalRule::AntiKnight,
                        "AntiKing" => GlobalRule::AntiKing,
                        _ => GlobalRule::NonConsecutive,
                    };
                    for c in rule.constraints(puzzle)? {
                        puzzle.add_constraint(c)?;
                    }
                }
                "AllDifferent" => {
                    let cells = self.some_cells(kind, args)?;
                    puzzle.add_constraint(Constraint::Region {
                        label: format!("all-different at {}", puzzle.cell_name(cells[0])),
                        cells,
                    })?;
                }
                "Cage" => {
                    let (total, ids) = args.split_first().ok_or("Cage: expected a sum")?;
                    let listed = self.some_cells(kind, ids)?;
                    // A cell listed twice counts twice in the sum and once among the distinct
                    // cells, as the Interactive Sudoku Solver reads it.
                    let mut seen = HashSet::new();
                    let cells: Vec<usize> =
                        listed.iter().copied().filter(|c| seen.insert(*c)).collect();
                    let total = if total.is_empty() {
                        0
                    } else {
                        Self::number(kind, total)?
                    };
                    let overlaps = cells.iter().any(|c| cage_cells.contains(c));
                    if listed.len() > cells.len() {
                        let terms = cells
                            .iter()
                            .map(|&c| (c, listed.iter().filter(|&&d| d == c).count() as i64))
                            .collect();
                        let at = puzzle.cell_name(cells[0]);
                        puzzle.add_constraint(Constraint::Region {
                            label: format!("cage at {at}"),
                            cells,
                        })?;
                        if total != 0 {
                            puzzle.add_constraint(Constraint::Sum {
                                label: format!("cage {total} at {at}"),
                                total,
                                terms,
                            })?;
                        }
                    } else if total == 0 {
                        puzzle.add_constraint(Constraint::Region {
                            label: format!("cage at {}", puzzle.cell_name(cells[0])),
                            cells,
                        })?;
                    } else if overlaps || total < 0 {
                        puzzle.add_constraint(Constraint::Cage { total, cells })?;
                    } else {
                        cage_cells.extend(cells.iter().copied());
                        puzzle
                            .add_cage(total as u64, cells)
                            .map_err(|e| format!("Cage {total}: {e}"))?;
                    }
                }
                "Sum" => {
                    let (spec, ids) = args.split_first().ok_or("Sum: expected a sum")?;
                    let cells = self.some_cells(kind, ids)?;
                    let mut fields = spec.split('_');
                    let total = Self::number(kind, fields.next().unwrap_or(""))?;
                    let coeffs: Vec<i64> = if fields.next() == Some("=") {
                        fields
                            .map(|k| Self::number(kind, k))
                            .collect::<Result<_, _>>()?
                    } else {
                        vec![1; cells.len()]
                    };
                    if coeffs.len() != cells.len() || coeffs.iter().any(|k| k.abs() > 100) {
                        return Err(format!(
                            "Sum `{spec}`: expected one coefficient from -100 to 100 per cell"
                        ));
                    }
                    // A cell listed twice adds its coefficients, and a coefficient of 0
                    // drops its cell, as the Interactive Sudoku Solver's sum reads them.
                    let mut terms: Vec<(usize, i64)> = Vec::new();
                    for (c, k) in cells.iter().copied().zip(coeffs) {
                        match terms.iter_mut().find(|(d, _)| *d == c) {
                            Some((_, sum)) => *sum += k,
                            None => terms.push((c, k)),
                        }
                    }
                    terms.retain(|&(_, k)| k != 0);
                    puzzle.add_constraint(Constraint::Sum {
                        label: format!("sum {total} at {}", puzzle.cell_name(cells[0])),
                        total,
                        terms,
                    })?;
                }
                "Thermo" => puzzle.add_constraint(Constraint::Thermo {
                    cells: self.cells(args)?,
                    slow: false,
                })?,
                "Arrow" | "PillArrow" => {
                    let (size, ids) = if kind == "PillArrow" {
                        let (k, rest) = args.split_first().ok_or("PillArrow: expected a size")?;
                        (Self::number(kind, k)? as usize, rest)
                    } else {
                        (1, &args[..])
                    };
                    let cells = self.cells(ids)?;
                    if size == 0 || size > 3 || cells.len() <= size {
                        return Err(format!(
                            "{kind}: expected a circle of 1 to 3 cells and an arrow after it"
                        ));
                    }
                    // A pill's digits read in grid order, whatever order it lists them in;
                    // that order is a reading only when each cell is right of, below or
                    // down-right of the one before, as the Interactive Sudoku Solver requires.
                    let mut circle = cells[..size].to_vec();
                    circle.sort_unstable();
                    let readable = circle.windows(2).all(|w| {
                        let (r, c) = (w[0] / n, w[0] % n);
                        let (r2, c2) = (w[1] / n, w[1] % n);
                        (r2, c2) == (r, c + 1)
                            || (r2, c2) == (r + 1, c)
                            || (r2, c2) == (r + 1, c + 1)
                    });
                    if !readable {
                        return Err(format!(
                            "{kind}: its pill's cells do not read as a number (each right of, \
                             below or down-right of the one before)"
                        ));
                    }
                    puzzle.add_constraint(Constraint::Arrow {
                        circle,
                        arrow: cells[size..].to_vec(),
                    })?;
                }
                "WhiteDot" | "BlackDot" | "X" | "V" | "GreaterThan" => {
                    let cells = self.cells(args)?;
                    let pk = match kind {
                        "WhiteDot" => PairKind::WhiteDot,
                        "BlackDot" => PairKind::BlackDot,
                        "X" => PairKind::X,
                        "V" => PairKind::V,
                        _ => PairKind::Greater,
                    };
                    let pairs = self.adjacent_pairs(&cells);
                    if pairs.is_empty() {
                        return Err(format!("{kind}: its cells are not adjacent"));
                    }
                    for (a, b) in pairs {
                        puzzle.add_constraint(Constraint::Pair { kind: pk, a, b })?;
                    }
                }
                "LittleKiller" => {
                    let (total, id) = match args[..] {
                        [t, id] => (Self::number(kind, t)?, id),
                        _ => return Err("LittleKiller: expected a sum and a cell".to_string()),
                    };
                    let start = self.cell(id.split(',').next().unwrap_or(id))?;
                    let cells = self
                        .little_killer(start)
                        .ok_or_else(|| format!("LittleKiller: no diagonal starts at {id}"))?;
                    puzzle.add_constraint(Constraint::Sum {
                        label: format!("little killer {total} from {}", puzzle.cell_name(start)),
                        total,
                        terms: cells.into_iter().map(|c| (c, 1)).collect(),
                    })?;
                }
                "Sandwich" => {
                    let (total, id) = match args[..] {
                        [t, id] => (Self::number(kind, t)?, id),
                        _ => return Err("Sandwich: expected a sum and a row or column".to_string()),
                    };
                    puzzle.add_constraint(Constraint::Sandwich {
                        cells: self.line(id.split(',').next().unwrap_or(id), true)?,
                        total,
                    })?;
                }
                "XSum" | "Skyscraper" => {
                    let id = args
                        .first()
                        .ok_or_else(|| format!("{kind}: expected a line"))?;
                    for (forward, clue) in [(true, args.get(1)), (false, args.get(2))] {
                        let Some(clue) = clue.filter(|c| !c.is_empty()) else {
                            continue;
                        };
                        let value = Self::number(kind, clue)?;
                        let cells = self.line(id, forward)?;
                        puzzle.add_constraint(if kind == "XSum" {
                            Constraint::XSum {
                                cells,
                                total: value,
                            }
                        } else {
                            Constraint::Skyscraper {
                                cells,
                                count: value,
                            }
                        })?;
                    }
                }
                "Whisper" | "Lockout" | "Modular" => {
                    let default = match kind {
                        "Whisper" => 5,
                        "Lockout" => 4,
                        _ => 3,
                    };
                    let (arg, ids) = match args.split_first() {
                        Some((first, rest)) if self.cell(first).is_err() => {
                            let v = if first.is_empty() {
                                default
                            } else {
                                Self::number(kind, first)?
                            };
                            (v, rest)
                        }
                        _ => (default, &args[..]),
                    };
                    let cells = self.cells(ids)?;
                    if cells.len() < 2 || arg < 1 {
                        return Err(format!("{kind}: expected a line of 2 cells or more"));
                    }
                    puzzle.add_constraint(match kind {
                        "Whisper" => Constraint::Whisper { diff: arg, cells },
                        "Lockout" => Constraint::Lockout { diff: arg, cells },
                        _ => Constraint::Modular {
                            modulus: arg,
                            cells,
                        },
                    })?;
                }
                "Renban" | "Palindrome" | "Between" | "Zipper" | "Entropic" => {
                    let cells = self.cells(args)?;
                    if cells.len() < 2 {
                        return Err(format!("{kind}: expected a line of 2 cells or more"));
                    }
                    puzzle.add_constraint(match kind {
                        "Renban" => Constraint::Renban { cells },
                        "Palindrome" => Constraint::Palindrome { cells },
                        "Between" => Constraint::Between { cells },
                        "Zipper" => Constraint::Zipper { cells },
                        _ => Constraint::Entropic { cells },
                    })?;
                }
                "RegionSumLine" => {} // read once the regions are known, below
                "Quad" => {
                    let (id, values) = args.split_first().ok_or("Quad: expected a cell")?;
                    let top = self.cell(id)?;
                    if top % n + 1 >= n || top / n + 1 >= n {
                        return Err(format!("Quad at {id}: the 2×2 square leaves the grid"));
                    }
                    let values = values
                        .iter()
                        .map(|v| Self::number(kind, v))
                        .collect::<Result<Vec<_>, _>>()?;
                    if values.len() > 4 {
                        return Err("Quad: at most 4 values".to_string());
                    }
                    puzzle.add_constraint(Constraint::Quad {
                        cells: vec![top, top + 1, top + n, top + n + 1],
                        values,
                    })?;
                }
                _ => unreachable!("kinds are checked first"),
            }
        }
        for (flag, rule) in [
            ("StrictKropki", GlobalRule::KropkiNegative),
            ("StrictXV", GlobalRule::XvNegative),
        ] {
            if parts.iter().any(|p| p.kind == flag) {
                for c in rule.constraints(puzzle)? {
                    puzzle.add_constraint(c)?;
                }
            }
        }
        for part in parts.iter().filter(|p| p.kind == "RegionSumLine") {
            let cells = self.cells(&part.args)?;
            // Boxes, else the jigsaw's pieces, else one region: the line is one segment.
            let region = |c: usize| match (self.boxes.is_none(), puzzle.piece_of(c)) {
                (false, _) => self.boxes.box_of(n, c / n, c % n),
                (true, piece) => piece.unwrap_or(0),
            };
            let mut segments: Vec<Vec<usize>> = Vec::new();
            for &c in &cells {
                match segments.last_mut() {
                    Some(seg) if region(seg[0]) == region(c) => seg.push(c),
                    _ => segments.push(vec![c]),
                }
            }
            puzzle.add_constraint(Constraint::RegionSum { segments })?;
        }
        Ok(())
    }

    /// A given (`R1C1_5`) or pencil marks (`R1C1_1_3_5`).
    fn given(&self, puzzle: &mut Puzzle, text: &str) -> Result<(), String> {
        let mut fields = text.split('_');
        let cell = self.cell(fields.next().unwrap_or(""))?;
        let mut mask = 0u64;
        let mut count = 0;
        for v in fields {
            let value: u64 = v
                .parse()
                .map_err(|_| format!("given `{text}`: `{v}` is not a value"))?;
            let index = puzzle
                .symbols()
                .index_of(value)
                .ok_or_else(|| format!("given `{text}`: {value} is not a value of the grid"))?;
            if index >= 64 {
                return Err(format!("given `{text}`: pencil marks go up to 64 values"));
            }
            mask |= 1 << index;
            count += 1;
        }
        if count == 0 {
            return Err(format!("given `{text}`: expected `R1C1_5`"));
        }
        if count == 1 {
            if let Some(old) = puzzle.given(cell).filter(|&o| 1 << o != mask) {
                let _ = old;
                return Err(format!("{} is given twice", puzzle.cell_name(cell)));
            }
            puzzle.set_given(cell, Some(mask.trailing_zeros() as usize));
            Ok(())
        } else {
            puzzle.restrict(cell, mask).map_err(|e| e.to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Puzzle, String> {
        read_line(text, 1, "t", &ReadOptions::default())
            .map(|e| e.puzzle)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn tells_constraint_strings_from_line_puzzles() {
        assert!(is_iss_line(".Thermo~R1C1~R1C2"));
        assert!(is_iss_line("..Cage~3~R1C1~R1C2"));
        assert!(is_iss_line(".AntiKnight.Windoku."));
        assert!(is_iss_line(".~R1C1_5"));
        assert!(!is_iss_line("..3.1.........2"));
        assert!(!is_iss_line("..E..K..MI"));
        assert!(!is_iss_line("Thermo~R1C1"));
    }

    #[test]
    fn reads_shape_givens_marks_and_lines() {
        let p = read(".Shape~6x6.Thermo~R1C1~R1C2~R2C2.~R6C6_4~R1C3_1_2").unwrap();
        assert_eq!(p.size(), 6);
        assert_eq!((p.boxes().rows, p.boxes().cols), (2, 3));
        assert_eq!(p.given(35), Some(3));
        assert!(p.allows(2, 0) && p.allows(2, 1) && !p.allows(2, 2));
        assert_eq!(
            p.constraints(),
            &[Constraint::Thermo {
                cells: vec![0, 1, 7],
                slow: false
            }]
        );
        let zero = read(".Shape~9x9~0-8.~R1C1_0").unwrap();
        assert_eq!(zero.symbols().symbol(0), 0);
        assert_eq!(zero.given(0), Some(0));
        assert!(read(".NoBoxes").unwrap().boxes().is_none());
    }

    #[test]
    fn outside_clues_take_their_lines_from_the_right_side() {
        let p = read(".Shape~6x6.LittleKiller~8~R1C4.XSum~C2~~11.Skyscraper~R3~4").unwrap();
        let c = p.constraints();
        assert_eq!(c[0].cells(), vec![3, 8, 13, 18]);
        assert_eq!(c[1].cells(), vec![31, 25, 19, 13, 7, 1]);
        assert_eq!(c[2].cells(), vec![12, 13, 14, 15, 16, 17]);
    }

    #[test]
    fn pills_read_in_grid_order_and_repeated_cage_cells_count_twice() {
        let p = read(".PillArrow~2~R1C2~R1C1~R2C1.Cage~9~R3C1~R3C2~R3C2").unwrap();
        assert_eq!(
            p.constraints()[0],
            Constraint::Arrow {
                circle: vec![0, 1],
                arrow: vec![9]
            }
        );
        assert_eq!(
            p.constraints()[2],
            Constraint::Sum {
                label: "cage 9 at r3c1".to_string(),
                total: 9,
                terms: vec![(18, 1), (19, 2)]
            }
        );
    }

    #[test]
    fn errors_name_the_kind_the_cell_or_the_values() {
        let e = read(".Thermo~R1C1~R1C2.Nope~R1C1").unwrap_err();
        assert!(e.starts_with("t:1: unknown constraint kind `Nope`"), "{e}");
        let e = read(".Thermo~R1C1~R1CX").unwrap_err();
        assert!(e.contains("`R1CX` is not a cell of the 9×9 grid"), "{e}");
        let e = read(".Shape~6x6~1-9").unwrap_err();
        assert!(e.contains("a grid of 6 needs 6 values"), "{e}");
        let e = read(".Shape~6x6.~R1C1_7").unwrap_err();
        assert!(e.contains("7 is not a value of the grid"), "{e}");
        let e = read(".WhiteDot~R1C1~R3C3").unwrap_err();
        assert!(e.contains("not adjacent"), "{e}");
    }

    #[test]
    fn a_region_cage_or_sum_without_cells_is_refused() {
        for (text, kind) in [
            (".AllDifferent", "AllDifferent"),
            (".Cage~0", "Cage"),
            (".Cage~", "Cage"),
            (".Cage~7", "Cage"),
            (".Sum~5", "Sum"),
        ] {
            let e = read(text).unwrap_err();
            assert!(
                e.contains(&format!("{kind}: expected one cell or more")),
                "{text}: {e}"
            );
        }
    }

    #[test]
    fn a_line_named_with_a_wide_character_is_refused() {
        for text in [".Sandwich~5~\u{80}R1", ".XSum~\u{e9}1~5", ".Skyscraper~~3"] {
            let e = read(text).unwrap_err();
            assert!(e.contains("is not a row or column"), "{text}: {e}");
        }
    }

    #[test]
    fn a_jigsaw_on_one_line_has_no_boxes() {
        let layout = "0001".to_string() + "0211" + "2231" + "2333";
        assert!(!is_jigsaw_line("12,.,.,."));
        let p = read(&format!("1...........2..4{layout}")).unwrap();
        assert!(p.boxes().is_none());
        assert_eq!(p.constraints().len(), 4);
        assert_eq!(p.constraints()[0].cells(), vec![0, 1, 2, 4]);
    }
}
