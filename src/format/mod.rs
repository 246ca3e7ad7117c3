//! Puzzle file formats: reading (with auto-detection) and writing.

mod cells;
mod detect;
mod draw;
#[cfg(feature = "links")]
mod fpuzzles;
mod fpuzzles_detect;
mod grid;
mod grid_rules;
mod iss;
mod killer;
mod killer_codes;
mod killer_grid;
mod line;
#[cfg(feature = "links")]
mod links;
#[cfg(feature = "links")]
mod lz_string;
mod options;
mod read;
mod rmit;
#[cfg(feature = "links")]
mod sudokupad;
mod svg;
pub(crate) mod svg_canvas;
#[cfg(feature = "links")]
mod to_fpuzzles;
mod to_iss;
mod url;
mod write;

pub use draw::write_constraints;
#[cfg(feature = "links")]
pub use fpuzzles::keys as fpuzzles_keys;
pub use iss::kinds as iss_kinds;
#[cfg(feature = "links")]
pub use links::{LinkFormat, under as under_rules, write_link};
pub use options::ReadOptions;
pub use read::{
    LineSource, MAX_LINE_BYTES, MAX_WHOLE_BYTES, decode, read, read_each, read_records,
};
pub use svg::{SvgOptions, svg};
#[cfg(feature = "links")]
pub use to_fpuzzles::{fpuzzles_json, fpuzzles_link, sudokupad_link};
pub use to_iss::{iss_link, iss_string};
pub(crate) use url::percent_decoded;
pub use write::{write, write_cage_map, write_cages, write_marks};

use crate::puzzle::Puzzle;

/// An input format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum InputFormat {
    /// Detect from the text.
    #[default]
    Auto,
    /// RMIT: a size line, a symbols line, then `row,col symbol` lines (0-based).
    Rmit,
    /// One puzzle per line: n² characters or n² separated tokens (0 or `.` blank), or 729
    /// characters of candidates; an id before the puzzle and fields after it (tab-, comma- or
    /// space-separated) and `#` comments are kept out of it.
    Line,
    /// n lines of n cells in any frame (`|`, `+`, box drawing, HoDoKu, SimpleSudoku), or of
    /// candidate groups (pencil marks); `#` comments and title lines ignored.
    Grid,
    /// Killer, one puzzle per line: `[id<TAB>]SUM:cell,cell,…;SUM:…[<TAB>solution]`.
    Killer,
    /// Killer cage map: n lines of n cage ids (optionally after a grid of givens), then
    /// `id=total` pairs.
    Cages,
    /// Killer grid: cage outlines and totals drawn in text, as `grid` output prints a killer.
    KillerGrid,
    /// Variant constraints, one puzzle per line, as the Interactive Sudoku Solver writes them:
    /// `.Shape~6x6.Thermo~R1C1~R1C2.~R1C1_5`.
    Iss,
    /// f-puzzles exports, one puzzle per line: a `https://f-puzzles.com/?load=…` link, the
    /// lz-string text after `load=`, or the JSON itself.
    Fpuzzles,
    /// SudokuPad links, one a line: `https://sudokupad.app/…` (`?puzzleid=`, the
    /// crackingthecryptic.com and `sudokupad://` forms) or the bare id, `fpuzzles…`, `scf…`,
    /// `scl…` or `ctc…`.
    Sudokupad,
}

impl InputFormat {
    /// Every input format, detection first.
    pub const ALL: [InputFormat; 10] = [
        InputFormat::Auto,
        InputFormat::Rmit,
        InputFormat::Line,
        InputFormat::Grid,
        InputFormat::Killer,
        InputFormat::Cages,
        InputFormat::KillerGrid,
        InputFormat::Iss,
        InputFormat::Fpuzzles,
        InputFormat::Sudokupad,
    ];
}

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// Readable rows with box separators; a killer drawn with its cages and totals.
    Grid,
    /// Comma-separated rows (RMIT's solution file).
    Csv,
    /// The whole grid on one line, like line input.
    Line,
}

/// A puzzle read from a source.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The line it starts on (1-based).
    pub line: usize,
    /// The format it was read in.
    pub format: InputFormat,
    /// The id written before the puzzle on its line, if any.
    pub id: Option<String>,
    /// The solution the record publishes with the puzzle (a SudokuPad `solution:`), a value
    /// index per cell: the command line compares its own answer with it.
    pub solution: Option<Vec<usize>>,
}

#[cfg(test)]
mod tests {
    use super::InputFormat;

    #[test]
    fn all_lists_every_input_format_once() {
        // A new format fails to compile here until it has a place in ALL.
        let place = |f: InputFormat| match f {
            InputFormat::Auto => 0,
            InputFormat::Rmit => 1,
            InputFormat::Line => 2,
            InputFormat::Grid => 3,
            InputFormat::Killer => 4,
            InputFormat::Cages => 5,
            InputFormat::KillerGrid => 6,
            InputFormat::Iss => 7,
            InputFormat::Fpuzzles => 8,
            InputFormat::Sudokupad => 9,
        };
        for (i, &f) in InputFormat::ALL.iter().enumerate() {
            assert_eq!(place(f), i, "{f:?}");
        }
    }
}
