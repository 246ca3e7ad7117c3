//! How a source is read: its format and symbols, shared by every reader.

use super::InputFormat;
use crate::puzzle::Symbols;

/// How to read a source.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    /// The format, or [`InputFormat::Auto`] to detect it.
    pub format: InputFormat,
    /// Symbols for line and grid input (default `1..=n`, or the letter form of 16×16 and
    /// 25×25 puzzles written with letters); RMIT files declare their own.
    pub symbols: Option<Symbols>,
    /// Read a SudokuPad puzzle without its drawings (lines, arrows, overlays, underlays, cages
    /// without a total), whose meaning lives in its rules text: each kind left out is named in a
    /// warning. Without it such a puzzle is refused.
    pub ignore_cosmetic: bool,
}
