//! What can be wrong with a puzzle as it is put together: its size, symbols, pencil marks and
//! cages.

use std::fmt;

/// Why a puzzle, its symbols, a pencil mark or a cage was refused. Cells are named as `r3c4`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The size is past [`MAX_SIZE`](super::MAX_SIZE).
    SizeTooLarge {
        /// The size asked for.
        size: usize,
    },
    /// The size is no product r × c of two whole numbers ≥ 2, so it has no boxes.
    NoBoxShape {
        /// The size asked for.
        size: usize,
    },
    /// Boxes whose cells do not number the grid's size.
    BoxesDoNotTile {
        /// The grid's size.
        size: usize,
        /// The boxes' rows.
        rows: usize,
        /// The boxes' columns.
        cols: usize,
    },
    /// A symbol is listed twice.
    RepeatedSymbol {
        /// The symbol as written.
        symbol: String,
    },
    /// A token is empty or holds a space.
    NotASymbol {
        /// The token.
        token: String,
    },
    /// The symbol list does not have one symbol per value of the grid.
    SymbolCount {
        /// The grid's size.
        size: usize,
        /// The symbols listed.
        symbols: usize,
    },
    /// Cages need integer symbols.
    CagesNeedNumbers {
        /// The symbols, as written.
        symbols: String,
    },
    /// The symbols are so large that a sum over the grid could pass `i64::MAX`.
    SymbolsTooLarge {
        /// The grid's size.
        size: usize,
        /// The largest symbol.
        largest: u64,
    },
    /// Pencil marks on a grid past 64×64.
    MarksTooLarge {
        /// The grid's size.
        size: usize,
    },
    /// Pencil marks that leave a cell nothing.
    NoCandidate {
        /// The cell.
        cell: String,
    },
    /// A cage without cells.
    EmptyCage,
    /// A cage with more cells than there are symbols.
    CageTooLarge {
        /// The cage's cells.
        cells: usize,
        /// The symbols.
        symbols: usize,
    },
    /// A cell listed twice in one cage.
    CellTwiceInCage {
        /// The cell.
        cell: String,
    },
    /// A cell already in another cage.
    CellInTwoCages {
        /// The cell.
        cell: String,
        /// The other cage's total.
        other_total: u64,
        /// The other cage's first cell.
        other_at: String,
    },
    /// A constraint names a cell outside the grid.
    CellOutsideGrid {
        /// The cell, row-major from 0.
        cell: usize,
        /// The grid's size.
        size: usize,
    },
    /// A constraint whose rule reads each cell once names a cell twice.
    CellTwice {
        /// The cell.
        cell: String,
        /// The constraint (`thermometer at r1c1`).
        what: String,
    },
    /// An entropic line on symbols other than 1 to 9 (its classes are 1–3, 4–6 and 7–9).
    EntropicNeedsOneToNine {
        /// The line.
        what: String,
    },
    /// The values a constraint adds up could pass `i64::MAX`.
    ValuesTooLarge {
        /// The constraint.
        what: String,
        /// The largest symbol.
        largest: u64,
    },
    /// Jigsaw pieces that do not tile the grid.
    JigsawShape {
        /// What is wrong with them.
        why: String,
    },
    /// No set of distinct symbols of the cage's size adds up to its total.
    TotalUnreachable {
        /// The cage's cells.
        cells: usize,
        /// Its total.
        total: u64,
    },
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::MAX_SIZE;
        match self {
            PuzzleError::SizeTooLarge { size } => write!(
                f,
                "size {size} is too large: the largest supported size is {MAX_SIZE} \
                 ({MAX_SIZE}×{MAX_SIZE})"
            ),
            PuzzleError::NoBoxShape { size } => write!(
                f,
                "size {size} has no boxes: boxes need rows × columns = {size}, both at least 2 \
                 (sizes 4, 6, 8, 9, 10, 12, …)"
            ),
            PuzzleError::BoxesDoNotTile { size, rows, cols } => write!(
                f,
                "boxes of {rows}×{cols} cells do not tile a {size}×{size} grid"
            ),
            PuzzleError::RepeatedSymbol { symbol } => {
                write!(f, "symbol {symbol} appears twice in the symbol list")
            }
            PuzzleError::NotASymbol { token } => write!(
                f,
                "`{token}` is not a symbol: symbols are tokens without spaces"
            ),
            PuzzleError::SymbolCount { size, symbols } => write!(
                f,
                "a {size}×{size} puzzle needs {size} symbols, the symbol list has {symbols}"
            ),
            PuzzleError::CagesNeedNumbers { symbols } => {
                write!(f, "cages need integer symbols; these are not ({symbols})")
            }
            PuzzleError::SymbolsTooLarge { size, largest } => write!(
                f,
                "the symbols are too large for cages: {size}×{size} cells of {largest} add up to \
                 more than {}, the largest sum the solvers handle",
                i64::MAX
            ),
            PuzzleError::MarksTooLarge { size } => write!(
                f,
                "pencil marks are read for grids up to 64×64, not {size}×{size}"
            ),
            PuzzleError::NoCandidate { cell } => write!(f, "{cell} has no candidate"),
            PuzzleError::EmptyCage => f.write_str("a cage needs at least one cell"),
            PuzzleError::CageTooLarge { cells, symbols } => write!(
                f,
                "a cage of {cells} cells is larger than the {symbols} symbols"
            ),
            PuzzleError::CellTwiceInCage { cell } => write!(f, "{cell} appears twice in the cage"),
            PuzzleError::CellInTwoCages {
                cell,
                other_total,
                other_at,
            } => write!(
                f,
                "{cell} is already in another cage (total {other_total} at {other_at})"
            ),
            PuzzleError::CellOutsideGrid { cell, size } => write!(
                f,
                "cell {cell} is outside the {size}×{size} grid (cells are 0 to {})",
                size * size - 1
            ),
            PuzzleError::CellTwice { cell, what } => {
                write!(f, "{cell} appears twice in the {what}")
            }
            PuzzleError::EntropicNeedsOneToNine { what } => write!(
                f,
                "the {what} needs the symbols 1 to 9 (its classes are 1–3, 4–6 and 7–9)"
            ),
            PuzzleError::ValuesTooLarge { what, largest } => write!(
                f,
                "the symbols are too large for the {what}: the values it adds up, up to \
                 {largest} each, could pass {}, the largest sum the solvers handle",
                i64::MAX
            ),
            PuzzleError::JigsawShape { why } => {
                write!(f, "the jigsaw pieces do not tile the grid: {why}")
            }
            PuzzleError::TotalUnreachable { cells, total } => {
                write!(f, "no {cells} distinct symbols add up to {total}")
            }
        }
    }
}

impl std::error::Error for PuzzleError {}

/// For callers that report errors as text (a reader's [`InputError`](crate::error::InputError)
/// message).
impl From<PuzzleError> for String {
    fn from(e: PuzzleError) -> String {
        e.to_string()
    }
}
