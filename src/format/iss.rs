//! Reading the Interactive Sudoku Solver's constraint strings, one puzzle per line:
//! `.Shape~6x6.Thermo~R1C1~R1C2.~R1C1_5~R2C3_1_2…`, each `.`-separated part a kind and its
//! `~`-separated arguments (cells `R<row>C<col>`, one base-36 digit each; givens
//! `R<row>C<col>_<value>[_<value>…]`, several values being pencil marks).

use super::options::ReadOptions;
use super::{Entry, InputFormat, killer_codes};
use crate::constraints::{self, IssGrid, IssPart};
use crate::error::InputError;
use crate::puzzle::{BoxShape, Constraint, GlobalRule, Puzzle, Symbols, box_shape};
use std::collections::{BTreeMap, HashSet};

/// The kinds this reader reads itself: the grid's shape and regions, and whole-grid rules.
/// The constraint kinds' own are in their modules ([`crate::constraints`]).
const GRID_KINDS: &[&str] = &[
    "Shape",
    "NoBoxes",
    "Jigsaw",
    "Diagonal",
    "Windoku",
    "DisjointSets",
    "StrictKropki",
    "StrictXV",
    "AntiKnight",
    "AntiKing",
    "AntiConsecutive",
    "AntiTaxicab",
];

/// Every kind this reader knows, as the Interactive Sudoku Solver names them.
pub fn kinds() -> Vec<&'static str> {
    let own = constraints::iss_kinds().map(|k| k.kind);
    GRID_KINDS.iter().copied().chain(own).collect()
}

/// Whether this reader knows the kind.
fn known(kind: &str) -> bool {
    GRID_KINDS.contains(&kind) || constraints::iss_kinds().any(|k| k.kind == kind)
}

/// Whether a content line is a constraint string: it starts with `.` and holds a `~` (which
/// no line puzzle does), or every part of it is a kind this reader knows (`.AntiKnight.`).
/// The constraint string of an Interactive Sudoku Solver link (`…/Interactive-Sudoku-Solver/?q=
/// .Shape~6x6…`), decoded as the browser's `URLSearchParams` decodes its `q`.
pub(super) fn from_link(text: &str) -> Option<String> {
    if !(text.starts_with("http") && text.contains("Interactive-Sudoku-Solver")) {
        return None;
    }
    let at = text.find("?q=").or_else(|| text.find("&q="))? + 3;
    let value = &text[at..];
    let end = value.find(['&', '#']).unwrap_or(value.len());
    Some(super::url::percent_decoded(&value[..end], true))
}

pub(super) fn is_iss_line(text: &str) -> bool {
    if !text.starts_with('.') {
        return false;
    }
    if text.contains('~') {
        return true;
    }
    let mut parts = text.split('.').map(str::trim).filter(|p| !p.is_empty());
    parts.clone().next().is_some() && parts.all(known)
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
            jigsaw(&mut puzzle, n, &[layout.as_str()]).map_err(err)?;
            Ok(Entry {
                puzzle,
                line,
                format: InputFormat::Iss,
                id: None,
                solution: None,
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
    if let Some(q) = from_link(text) {
        if !is_iss_line(&q) {
            return Err(err(format!(
                "the Interactive Sudoku Solver link holds `{q}`, not a constraint string"
            )));
        }
        return read_line(&q, line, source, opts);
    }
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
            solution: None,
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
        solution: None,
    })
}

/// The puzzle a constraint string's parts describe.
pub(super) fn build(parts: &[Part<'_>]) -> Result<Puzzle, String> {
    for p in parts {
        if !p.kind.is_empty() && !known(p.kind) {
            return Err(format!(
                "unknown constraint kind `{}` (this tool reads {})",
                p.kind,
                kinds().join(", ")
            ));
        }
    }
    let mut puzzle = shape(parts)?;
    let grid = IssGrid { n: puzzle.size() };
    fill(&grid, &mut puzzle, parts)?;
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

/// Fills `puzzle` with the givens and constraints of `parts`: the grid's own kinds here, the
/// constraint kinds' by their readers, a region-sum line's last (once the regions are known).
fn fill(grid: &IssGrid, puzzle: &mut Puzzle, parts: &[Part<'_>]) -> Result<(), String> {
    let n = grid.n;
    let mut cage_cells: HashSet<usize> = HashSet::new();
    let mut late = Vec::new();
    for part in parts {
        let args = &part.args;
        let kind = part.kind;
        match kind {
            "" => {
                for given in args.iter().filter(|a| !a.is_empty()) {
                    self::given(grid, puzzle, given)?;
                }
            }
            "Shape" | "NoBoxes" | "StrictKropki" | "StrictXV" => {}
            "Jigsaw" => jigsaw(puzzle, n, args)?,
            "Diagonal" => {
                // `1` is ╱, the anti-diagonal; `-1` is ╲.
                let anti = args.first().is_some_and(|a| a.trim() == "1");
                puzzle.add_constraint(Constraint::diagonal(n, anti))?;
            }
            "AntiTaxicab" if puzzle.symbols().symbol(0) == 0 => {
                // As the solver's builder refuses it.
                return Err("AntiTaxicab: not read on 0-based values".to_string());
            }
            "Windoku" | "DisjointSets" | "AntiKnight" | "AntiKing" | "AntiConsecutive"
            | "AntiTaxicab" => {
                let rule = match kind {
                    "AntiTaxicab" => GlobalRule::AntiTaxicab,
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
            _ => {
                let reader = constraints::iss_kinds()
                    .find(|k| k.kind == kind)
                    .expect("kinds are checked first");
                if reader.late {
                    late.push((reader, part));
                    continue;
                }
                let mut part = IssPart {
                    grid,
                    puzzle,
                    kind,
                    args,
                    cage_cells: &mut cage_cells,
                };
                (reader.read)(&mut part)?;
            }
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
    for (reader, part) in late {
        let mut part = IssPart {
            grid,
            puzzle,
            kind: part.kind,
            args: &part.args,
            cage_cells: &mut cage_cells,
        };
        (reader.read)(&mut part)?;
    }
    Ok(())
}

/// A `Jigsaw` part's layout: one character a cell, each piece's n cells sharing one.
fn jigsaw(puzzle: &mut Puzzle, n: usize, args: &[&str]) -> Result<(), String> {
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
    Ok(puzzle.set_jigsaw(named)?)
}

/// A given (`R1C1_5`) or pencil marks (`R1C1_1_3_5`).
fn given(grid: &IssGrid, puzzle: &mut Puzzle, text: &str) -> Result<(), String> {
    let mut fields = text.split('_');
    let cell = grid.cell(fields.next().unwrap_or(""))?;
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
            &[Constraint::Thermo(constraints::Thermo {
                cells: vec![0, 1, 7],
                slow: false
            })]
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
            Constraint::Arrow(constraints::Arrow {
                circle: vec![0, 1],
                arrow: vec![9]
            })
        );
        assert_eq!(
            p.constraints()[2],
            Constraint::Sum(constraints::Sum {
                label: "cage 9 at r3c1".to_string(),
                total: 9,
                terms: vec![(18, 1), (19, 2)]
            })
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
