//! A puzzle as data: grid size, symbols, and the givens, independent of any file format.
//!
//! Cells are numbered row-major from 0; in messages they are written `r<row>c<col>`, 1-based,
//! as puzzle solvers do (`r1c1` is the top-left cell). Symbols are the integers the user writes;
//! inside, each cell holds a value index into the symbol list.
//!
//! ```text
//!  9×9: cell = 9*row + col      box b = 3*(row/3) + col/3
//!        c0 c1 c2 | c3 ...
//!   r0    0  1  2 |  3 ...      box 0 | box 1 | box 2
//!   r1    9 10 11 | 12 ...      ------+-------+------
//!   r2   18 19 20 | 21 ...      box 3 | box 4 | box 5 ...
//! ```

use super::{BoxShape, Constraint, PairKind, PuzzleError};
use crate::constraints;
use std::fmt;
use std::sync::Arc;

/// Whether `text` is a whole number written with digits only (no sign: `+2` and `-1` are not).
fn digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// The largest grid size (n of an n×n grid) the engine is built for.
pub const MAX_SIZE: usize = 256;

/// Checks that `n` is a supported grid size with boxes, and returns its usual box shape: k×k
/// when n = k², else the squarest r×c with r < c (6: 2×3, 8: 2×4, 12: 3×4).
pub fn box_shape(n: usize) -> Result<BoxShape, PuzzleError> {
    if n > MAX_SIZE {
        return Err(PuzzleError::SizeTooLarge { size: n });
    }
    let rows = (2..=n.isqrt()).rev().find(|r| n.is_multiple_of(*r));
    match rows {
        Some(rows) => Ok(BoxShape {
            rows,
            cols: n / rows,
        }),
        None => Err(PuzzleError::NoBoxShape { size: n }),
    }
}

/// Checks that `n` is a supported size for a grid without boxes (a Latin square, a jigsaw):
/// 1 to [`MAX_SIZE`].
pub fn check_size(n: usize) -> Result<(), PuzzleError> {
    if n > MAX_SIZE {
        return Err(PuzzleError::SizeTooLarge { size: n });
    }
    if n == 0 {
        return Err(PuzzleError::NoBoxShape { size: n });
    }
    Ok(())
}

/// The symbols of a puzzle: n distinct labels in the order that defines their value indices.
/// Integer symbols (`1 … 9`, RMIT's own lists) are numeric: their values add up in cages.
/// Letter or word symbols (`1 … 9 A … G`, `A … Y`) are labels only, and refuse cages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbols {
    /// The value of each symbol (for letter symbols, 1 to n: never added up).
    values: Arc<[u64]>,
    /// How each symbol is written.
    labels: Arc<[String]>,
    /// Whether every label is a non-negative integer (its value).
    numeric: bool,
}

impl Symbols {
    /// The default symbols `1..=n`.
    pub fn default_for(n: usize) -> Self {
        thread_local! {
            /// The default symbols of each size made on this thread: puzzles share them, so a
            /// batch of a million puzzles holds one list, not a million.
            static DEFAULT: std::cell::RefCell<Vec<Option<Symbols>>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        DEFAULT.with_borrow_mut(|made| {
            if made.len() <= n {
                made.resize(n + 1, None);
            }
            made[n]
                .get_or_insert_with(|| Symbols::numbers((1..=n as u64).collect()))
                .clone()
        })
    }

    fn numbers(values: Vec<u64>) -> Self {
        let labels = values.iter().map(u64::to_string).collect();
        Symbols {
            values: values.into(),
            labels,
            numeric: true,
        }
    }

    /// Symbols from a list of integers; fails on a repeated symbol, naming it.
    pub fn new(list: Vec<u64>) -> Result<Self, PuzzleError> {
        for (i, s) in list.iter().enumerate() {
            if list[..i].contains(s) {
                return Err(PuzzleError::RepeatedSymbol {
                    symbol: s.to_string(),
                });
            }
        }
        Ok(Symbols::numbers(list))
    }

    /// Symbols from written tokens: integers when every token is one, else labels (letters or
    /// words, e.g. `1 … 9 A … G`). Fails on a repeated or empty token.
    pub fn from_labels(list: Vec<String>) -> Result<Self, PuzzleError> {
        let ints: Option<Vec<u64>> = list
            .iter()
            .map(|t| digits(t).then(|| t.parse().ok()).flatten())
            .collect();
        if let Some(values) = ints {
            return Symbols::new(values);
        }
        for (i, t) in list.iter().enumerate() {
            if t.is_empty() || t.contains(char::is_whitespace) {
                return Err(PuzzleError::NotASymbol { token: t.clone() });
            }
            if list[..i].iter().any(|u| u.eq_ignore_ascii_case(t)) {
                return Err(PuzzleError::RepeatedSymbol { symbol: t.clone() });
            }
        }
        Ok(Symbols {
            values: (1..=list.len() as u64).collect(),
            labels: list.into(),
            numeric: false,
        })
    }

    /// Single-character symbols, one per character of `chars` (`"123456789ABCDEFG"`).
    pub fn from_chars(chars: &str) -> Result<Self, PuzzleError> {
        Symbols::from_labels(chars.chars().map(String::from).collect())
    }

    /// The usual letter form of an n×n grid where there is one: `1 … 9 A … G` for 16×16
    /// (`0 … 9 A … F` with `zero_based`) and `A … Y` for 25×25.
    pub fn letters_for(n: usize, zero_based: bool) -> Option<Self> {
        let chars = match (n, zero_based) {
            (16, false) => "123456789ABCDEFG",
            (16, true) => "0123456789ABCDEF",
            (25, _) => "ABCDEFGHIJKLMNOPQRSTUVWXY",
            _ => return None,
        };
        Symbols::from_chars(chars).ok()
    }

    /// Checks that cages can use these symbols on an n×n grid: they must be integers, and the
    /// solvers add cage totals and sums over houses and their unions in `i64`, so every sum of
    /// cells must fit, up to the whole grid holding the largest symbol.
    pub fn fit_sums(&self, n: usize) -> Result<(), PuzzleError> {
        if !self.numeric {
            return Err(PuzzleError::CagesNeedNumbers {
                symbols: self.to_string(),
            });
        }
        let largest = self.values.iter().copied().max().unwrap_or(0);
        if (n * n) as u128 * u128::from(largest) > i64::MAX as u128 {
            return Err(PuzzleError::SymbolsTooLarge { size: n, largest });
        }
        Ok(())
    }

    /// The value index of the integer symbol `symbol`, if it is one of the symbols.
    pub fn index_of(&self, symbol: u64) -> Option<usize> {
        if !self.numeric {
            return None;
        }
        self.values.iter().position(|&s| s == symbol)
    }

    /// The value index of the symbol written `label` (letters in either case).
    pub fn index_of_label(&self, label: &str) -> Option<usize> {
        if self.numeric {
            return digits(label)
                .then(|| label.parse().ok())
                .flatten()
                .and_then(|s| self.index_of(s));
        }
        self.labels.iter().position(|l| l == label).or_else(|| {
            self.labels
                .iter()
                .position(|l| l.eq_ignore_ascii_case(label))
        })
    }

    /// The value of the symbol with value index `i` (what cage sums add up).
    pub fn symbol(&self, i: usize) -> u64 {
        self.values[i]
    }

    /// How the symbol with value index `i` is written.
    pub fn label(&self, i: usize) -> &str {
        &self.labels[i]
    }

    /// Whether every symbol is an integer (cages need it).
    pub fn is_numeric(&self) -> bool {
        self.numeric
    }

    /// Whether every symbol is written with one character (a grid's line form then needs no
    /// separators).
    pub fn single_chars(&self) -> bool {
        self.labels.iter().all(|l| l.chars().count() == 1)
    }

    /// Number of symbols.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are no symbols.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The values in value-index order.
    pub fn as_slice(&self) -> &[u64] {
        &self.values
    }

    /// Whether these are `1..=n`.
    pub fn is_default(&self) -> bool {
        self.numeric
            && self
                .values
                .iter()
                .enumerate()
                .all(|(i, &s)| s == i as u64 + 1)
    }

    /// Width in characters of the widest symbol.
    pub fn width(&self) -> usize {
        self.labels
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(1)
    }
}

impl fmt::Display for Symbols {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.labels.join(" "))
    }
}

/// A killer cage: its cells hold distinct symbols whose values add up to `total`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cage {
    /// The sum of the symbols in the cage.
    pub total: u64,
    /// The cells, as given.
    pub cells: Vec<usize>,
}

/// An n×n puzzle: its symbols, the value index given in each cell (row-major), if any, and its
/// killer cages, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    size: usize,
    boxes: BoxShape,
    symbols: Symbols,
    /// The given value index of every cell, row-major: a byte or two a cell (value indices
    /// are below 256), so that a batch of puzzles held in memory stays small.
    givens: Vec<Option<u8>>,
    cages: Vec<Cage>,
    /// The cage of each cell (`u32::MAX`: none), made with the first cage.
    cage_of: Vec<u32>,
    /// Pencil marks read with the puzzle: each cell's allowed values, a bit per value index
    /// (grids up to 64×64); `None` when every value is allowed everywhere.
    candidates: Option<Vec<u64>>,
    /// The variant constraints (thermometers, arrows, dots, extra regions …), in order.
    constraints: Vec<Constraint>,
    /// The jigsaw piece of each cell, when the grid is a jigsaw (its pieces are regions among
    /// `constraints` too).
    jigsaw: Option<Arc<[u16]>>,
    /// Whether some constraint is a negative rule's pair, which a mark on its cells lifts.
    negative_pairs: bool,
}

impl Puzzle {
    /// An empty puzzle of size `n` over `symbols` (which must have `n` entries), with the
    /// usual boxes of its size ([`box_shape`]).
    pub fn empty(n: usize, symbols: Symbols) -> Result<Self, PuzzleError> {
        Puzzle::with_boxes(n, symbols, box_shape(n)?)
    }

    /// An empty puzzle of size `n` over `symbols` with boxes of `boxes` (which must tile the
    /// grid, or be [`BoxShape::NONE`]).
    pub fn with_boxes(n: usize, symbols: Symbols, boxes: BoxShape) -> Result<Self, PuzzleError> {
        check_size(n)?;
        if !boxes.is_none() && boxes.rows * boxes.cols != n {
            return Err(PuzzleError::BoxesDoNotTile {
                size: n,
                rows: boxes.rows,
                cols: boxes.cols,
            });
        }
        if symbols.len() != n {
            return Err(PuzzleError::SymbolCount {
                size: n,
                symbols: symbols.len(),
            });
        }
        Ok(Puzzle {
            size: n,
            boxes,
            symbols,
            givens: vec![None; n * n],
            cages: Vec::new(),
            cage_of: Vec::new(),
            candidates: None,
            constraints: Vec::new(),
            jigsaw: None,
            negative_pairs: false,
        })
    }

    /// n, the number of rows, columns, boxes and symbols.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The shape of the boxes ([`BoxShape::NONE`] when the grid has none).
    pub fn boxes(&self) -> BoxShape {
        self.boxes
    }

    /// This puzzle with boxes of `boxes` (which must tile the grid, or be
    /// [`BoxShape::NONE`]) in place of its own.
    pub fn with_box_shape(&self, boxes: BoxShape) -> Result<Puzzle, PuzzleError> {
        Puzzle::with_boxes(self.size, self.symbols.clone(), boxes)?;
        Ok(Puzzle {
            boxes,
            ..self.clone()
        })
    }

    /// The symbols.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// The given value index of every cell, row-major.
    pub fn givens(&self) -> impl ExactSizeIterator<Item = Option<usize>> + Clone + '_ {
        self.givens.iter().map(|g| g.map(usize::from))
    }

    /// The given value index of `cell`, if it has one.
    pub fn given(&self, cell: usize) -> Option<usize> {
        self.givens[cell].map(usize::from)
    }

    /// The givens as a grid of value indices, row-major: what the writers and checkers take.
    pub fn grid(&self) -> Vec<Option<usize>> {
        self.givens().collect()
    }

    /// Sets the given of `cell` to value index `value`.
    ///
    /// # Panics
    /// When `value` is not below the size (so below 256): readers only give indices of the
    /// puzzle's own symbols.
    pub fn set_given(&mut self, cell: usize, value: Option<usize>) {
        // A wider index would be stored as another value: refuse it rather than alter it.
        assert!(
            value.is_none_or(|v| v < self.size),
            "value index {value:?} is not below the size {}",
            self.size
        );
        self.givens[cell] = value.map(|v| v as u8);
    }

    /// Allows only the values of `mask` (a bit per value index) in `cell`, as pencil marks
    /// do; a single value makes the cell a given. Grids up to 64×64.
    pub fn restrict(&mut self, cell: usize, mask: u64) -> Result<(), PuzzleError> {
        let n = self.size;
        if n > 64 {
            return Err(PuzzleError::MarksTooLarge { size: n });
        }
        let full = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        if mask & full == 0 {
            return Err(PuzzleError::NoCandidate {
                cell: self.cell_name(cell),
            });
        }
        if (mask & full).count_ones() == 1 {
            self.set_given(cell, Some((mask & full).trailing_zeros() as usize));
            return Ok(());
        }
        let cands = self.candidates.get_or_insert_with(|| vec![full; n * n]);
        cands[cell] &= mask;
        Ok(())
    }

    /// Each cell's allowed values (a bit per value index) when the puzzle came with pencil
    /// marks.
    pub fn candidates(&self) -> Option<&[u64]> {
        self.candidates.as_deref()
    }

    /// Whether `cell` may hold value index `v` (its pencil marks, if any, allow it).
    pub fn allows(&self, cell: usize, v: usize) -> bool {
        self.candidates
            .as_ref()
            .is_none_or(|c| v < 64 && c[cell] >> v & 1 == 1)
    }

    /// Number of cells without a given.
    pub fn gaps(&self) -> usize {
        self.givens.iter().filter(|g| g.is_none()).count()
    }

    /// The killer cages, in the order given.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The index in [`Puzzle::cages`] of the cage holding `cell`, if any.
    pub fn cage_at(&self, cell: usize) -> Option<usize> {
        self.cage_of
            .get(cell)
            .map(|&i| i as usize)
            .filter(|&i| i < self.cages.len())
    }

    /// Removes every cage.
    pub fn clear_cages(&mut self) {
        self.cages.clear();
        self.cage_of.clear();
    }

    /// Adds a cage of cells (indices below n²). Refuses a cell repeated or already in another
    /// cage, more cells than symbols, symbols so large that n² of the largest pass `i64::MAX`,
    /// and a total that no set of distinct symbols reaches.
    pub fn add_cage(&mut self, total: u64, cells: Vec<usize>) -> Result<(), PuzzleError> {
        let n = self.size;
        if cells.is_empty() {
            return Err(PuzzleError::EmptyCage);
        }
        if cells.len() > n {
            return Err(PuzzleError::CageTooLarge {
                cells: cells.len(),
                symbols: n,
            });
        }
        for (i, &cell) in cells.iter().enumerate() {
            debug_assert!(cell < n * n, "cells are checked by the reader");
            if cells[..i].contains(&cell) {
                return Err(PuzzleError::CellTwiceInCage {
                    cell: self.cell_name(cell),
                });
            }
            let owner = self.cage_of.get(cell).copied().unwrap_or(u32::MAX);
            if let Some(other) = self.cages.get(owner as usize) {
                return Err(PuzzleError::CellInTwoCages {
                    cell: self.cell_name(cell),
                    other_total: other.total,
                    other_at: self.cell_name(other.cells[0]),
                });
            }
        }
        let weights = self.symbols.as_slice();
        self.symbols.fit_sums(n)?;
        // Up to 16 symbols, the solver's per-thread table of every combination answers (it has
        // at most C(16, 8) = 12,870 of them per total, and the solver reuses it); past that,
        // listing them all could take very long, so the search stops at the first one.
        let reachable = if weights.len() <= 16 {
            crate::engine::combination_masks(weights, cells.len(), total)
                .is_some_and(|masks| !masks.is_empty())
        } else {
            let mut found = false;
            crate::engine::for_each_combination(weights, cells.len(), total, |_| {
                found = true;
                false
            });
            found
        };
        if !reachable {
            return Err(PuzzleError::TotalUnreachable {
                cells: cells.len(),
                total,
            });
        }
        if self.cage_of.is_empty() {
            self.cage_of = vec![u32::MAX; n * n];
        }
        for &cell in &cells {
            self.cage_of[cell] = self.cages.len() as u32;
        }
        self.cages.push(Cage { total, cells });
        Ok(())
    }

    /// The variant constraints, in the order given.
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// Adds a variant constraint. Refuses a cell outside the grid, a cell named twice where
    /// the constraint's rule reads each cell once ([`Constraint::may_repeat_cells`]), an
    /// entropic line over symbols other than 1 to 9, and symbols so large that the values the
    /// constraint adds up could pass `i64::MAX` ([`Constraint::value_terms`]): every
    /// constraint a puzzle holds is one the solvers and the check read exactly.
    ///
    /// A dot or an X or V put on two cells lifts the negative rule's pair already there (a
    /// rule file's dot on a puzzle read with its negative rule), so the negative rule holds
    /// only between cells without the mark, whichever came first.
    pub fn add_constraint(&mut self, constraint: Constraint) -> Result<(), PuzzleError> {
        let n = self.size;
        let what = || constraint.describe(|c| self.cell_name(c));
        let cells = constraint.cells();
        if let Some(&cell) = cells.iter().find(|&&c| c >= n * n) {
            return Err(PuzzleError::CellOutsideGrid { cell, size: n });
        }
        if !constraint.may_repeat_cells()
            && let Some((i, _)) = cells
                .iter()
                .enumerate()
                .find(|(i, c)| cells[..*i].contains(c))
        {
            return Err(PuzzleError::CellTwice {
                cell: self.cell_name(cells[i]),
                what: what(),
            });
        }
        if matches!(
            constraint,
            Constraint::Entropic(constraints::Entropic { .. })
        ) && !(n == 9 && self.symbols.is_default())
        {
            return Err(PuzzleError::EntropicNeedsOneToNine { what: what() });
        }
        let largest = self.symbols.values.iter().copied().max().unwrap_or(0);
        if constraint.value_terms() * u128::from(largest) > i64::MAX as u128 {
            return Err(PuzzleError::ValuesTooLarge {
                what: what(),
                largest,
            });
        }
        if let Constraint::Pair(constraints::Pair { kind, a, b }) = &constraint
            && self.negative_pairs
        {
            let lifted = lifted_by(*kind);
            let same = |x: &usize, y: &usize| (x.min(y), x.max(y)) == (a.min(b), a.max(b));
            self.constraints.retain(|c| {
                !matches!(c, Constraint::Pair(constraints::Pair { kind, a: x, b: y }) if lifted.contains(kind) && same(x, y))
            });
        }
        self.negative_pairs |= matches!(
            constraint,
            Constraint::Pair(constraints::Pair {
                kind: PairKind::NoDot | PairKind::NotDouble | PairKind::NoXv,
                ..
            })
        );
        self.constraints.push(constraint);
        Ok(())
    }

    /// This puzzle without its `i`th constraint ([`Puzzle::constraints`]): a dot, X or V
    /// taken off two cells under a negative rule leaves that rule's pair on them, as if the
    /// mark had never been drawn.
    pub fn without_constraint(&self, i: usize) -> Puzzle {
        let mut p = self.clone();
        let removed = p.constraints.remove(i);
        if let Constraint::Pair(constraints::Pair { kind, a, b }) = removed
            && self.negative_pairs
        {
            for &negative in lifted_by(kind) {
                let held = self.constraints.iter().any(|c| {
                    matches!(c, Constraint::Pair(constraints::Pair { kind, .. }) if *kind == negative)
                });
                if held {
                    p.constraints.push(Constraint::Pair(constraints::Pair {
                        kind: negative,
                        a,
                        b,
                    }));
                }
            }
        }
        p
    }

    /// This puzzle without the constraints `drop` picks (no negative rule's pair put back).
    pub fn without_constraints(&self, drop: impl Fn(&Constraint) -> bool) -> Puzzle {
        let mut p = self.clone();
        p.constraints.retain(|c| !drop(c));
        p
    }

    /// This puzzle without its `i`th cage ([`Puzzle::cages`]).
    pub fn without_cage(&self, i: usize) -> Puzzle {
        let mut p = self.clone();
        p.cages.remove(i);
        for owner in &mut p.cage_of {
            match (*owner as usize).cmp(&i) {
                std::cmp::Ordering::Equal => *owner = u32::MAX,
                std::cmp::Ordering::Greater if *owner != u32::MAX => *owner -= 1,
                _ => {}
            }
        }
        p
    }

    /// Makes the grid a jigsaw: `pieces` lists each piece with its name (`jigsaw region A`)
    /// and cells; they must be n pieces of n cells that tile the grid. Each becomes a region
    /// constraint, and [`Puzzle::piece_of`] answers which piece holds a cell (the regions a
    /// region-sum line splits at when the grid has no boxes).
    pub fn set_jigsaw(&mut self, pieces: Vec<(String, Vec<usize>)>) -> Result<(), PuzzleError> {
        let n = self.size;
        let mut of = vec![u16::MAX; n * n];
        if pieces.len() != n {
            return Err(PuzzleError::JigsawShape {
                why: format!("{} pieces, expected {n}", pieces.len()),
            });
        }
        for (i, (name, cells)) in pieces.iter().enumerate() {
            if cells.len() != n {
                return Err(PuzzleError::JigsawShape {
                    why: format!("{name} has {} cells, expected {n}", cells.len()),
                });
            }
            for &c in cells {
                match of.get_mut(c) {
                    Some(slot) if *slot == u16::MAX => *slot = i as u16,
                    Some(_) => {
                        return Err(PuzzleError::JigsawShape {
                            why: format!("{} is in two pieces", self.cell_name(c)),
                        });
                    }
                    None => return Err(PuzzleError::CellOutsideGrid { cell: c, size: n }),
                }
            }
        }
        if self.jigsaw.is_some() {
            return Err(PuzzleError::JigsawShape {
                why: "the puzzle has a jigsaw layout already".to_string(),
            });
        }
        for (label, cells) in pieces {
            self.add_constraint(Constraint::Region(constraints::Region { label, cells }))?;
        }
        self.jigsaw = Some(of.into());
        Ok(())
    }

    /// The jigsaw piece (0-based, in the order [`Puzzle::set_jigsaw`] was given them) that
    /// holds `cell`, when the grid is a jigsaw.
    pub fn piece_of(&self, cell: usize) -> Option<usize> {
        self.jigsaw.as_ref().map(|of| usize::from(of[cell]))
    }

    /// The cell's name, `r<row>c<col>`, 1-based.
    pub fn cell_name(&self, cell: usize) -> String {
        format!("r{}c{}", cell / self.size + 1, cell % self.size + 1)
    }
}

/// The negative rules' pairs a mark of `kind` lifts from its two cells.
fn lifted_by(kind: PairKind) -> &'static [PairKind] {
    match kind {
        PairKind::WhiteDot => &[PairKind::NoDot],
        PairKind::BlackDot => &[PairKind::NoDot, PairKind::NotDouble],
        PairKind::X | PairKind::V => &[PairKind::NoXv],
        _ => &[],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_keep_every_value_index_of_the_largest_grid() {
        let mut p = Puzzle::empty(256, Symbols::default_for(256)).unwrap();
        p.set_given(0, Some(255));
        p.set_given(1, Some(0));
        assert_eq!(p.given(0), Some(255));
        assert_eq!(p.given(1), Some(0));
        assert_eq!(p.given(2), None);
        assert_eq!(p.givens().len(), 256 * 256);
        assert_eq!(p.grid()[..3], [Some(255), Some(0), None]);
    }

    #[test]
    #[should_panic(expected = "not below the size")]
    fn a_value_index_past_the_size_is_refused_not_stored_as_another() {
        let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        p.set_given(0, Some(265)); // as a byte it would read as 9
    }

    #[test]
    fn box_shapes_are_the_squarest_that_tile_the_grid() {
        let shape = |n| box_shape(n).map(|b| (b.rows, b.cols));
        assert_eq!(shape(4), Ok((2, 2)));
        assert_eq!(shape(6), Ok((2, 3)));
        assert_eq!(shape(8), Ok((2, 4)));
        assert_eq!(shape(9), Ok((3, 3)));
        assert_eq!(shape(12), Ok((3, 4)));
        assert_eq!(shape(256), Ok((16, 16)));
        assert!(box_shape(1).is_err());
        assert_eq!(box_shape(7), Err(PuzzleError::NoBoxShape { size: 7 }));
        assert!(box_shape(7).unwrap_err().to_string().contains("no boxes"));
        let too_large = box_shape(289).unwrap_err();
        assert_eq!(too_large, PuzzleError::SizeTooLarge { size: 289 });
        assert!(
            too_large
                .to_string()
                .contains("largest supported size is 256")
        );
        assert!(Puzzle::with_boxes(7, Symbols::default_for(7), BoxShape::NONE).is_ok());
        assert_eq!(
            Puzzle::with_boxes(6, Symbols::default_for(6), BoxShape { rows: 2, cols: 2 })
                .unwrap_err()
                .to_string(),
            "boxes of 2×2 cells do not tile a 6×6 grid"
        );
    }

    #[test]
    fn symbols_map_both_ways_and_refuse_repeats() {
        let s = Symbols::new(vec![2, 12, 4, 5]).unwrap();
        assert_eq!(s.index_of(12), Some(1));
        assert_eq!(s.symbol(2), 4);
        assert_eq!(s.index_of(3), None);
        assert!(!s.is_default());
        assert!(Symbols::default_for(4).is_default());
        assert_eq!(
            Symbols::new(vec![1, 2, 1]).unwrap_err().to_string(),
            "symbol 1 appears twice in the symbol list"
        );
    }

    #[test]
    fn cages_are_checked_as_they_are_added() {
        let mut p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        p.add_cage(7, vec![0, 1]).unwrap();
        let err = |p: &mut Puzzle, total, cells| p.add_cage(total, cells).unwrap_err().to_string();
        assert_eq!(
            err(&mut p, 3, vec![1, 2]),
            "r1c2 is already in another cage (total 7 at r1c1)"
        );
        assert_eq!(err(&mut p, 3, vec![2, 2]), "r1c3 appears twice in the cage");
        assert_eq!(
            err(&mut p, 8, vec![2, 3]),
            "no 2 distinct symbols add up to 8"
        );
        assert_eq!(
            err(&mut p, 10, vec![2, 3, 4, 5, 6]),
            "a cage of 5 cells is larger than the 4 symbols"
        );
        assert_eq!(err(&mut p, 1, vec![]), "a cage needs at least one cell");
        p.add_cage(10, vec![4, 5, 6, 7]).unwrap();
        assert_eq!(p.cages().len(), 2);
    }

    #[test]
    fn cages_refuse_symbols_whose_sums_pass_i64() {
        let largest = i64::MAX as u64 / 16;
        let mut p = Puzzle::empty(4, Symbols::new(vec![1, 2, 3, largest]).unwrap()).unwrap();
        p.add_cage(largest + 1, vec![0, 1]).unwrap();
        let mut p = Puzzle::empty(4, Symbols::new(vec![1, 2, 3, largest + 1]).unwrap()).unwrap();
        assert_eq!(
            p.add_cage(largest + 2, vec![0, 1]).unwrap_err().to_string(),
            format!(
                "the symbols are too large for cages: 4×4 cells of {} add up to more than {}, \
                 the largest sum the solvers handle",
                largest + 1,
                i64::MAX
            )
        );
    }
}
