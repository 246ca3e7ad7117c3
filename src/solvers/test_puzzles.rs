//! Puzzles the solvers' unit tests share, and the reader that makes them.

use crate::puzzle::Puzzle;

/// Arto Inkala's "world's hardest" 9×9: one solution.
pub(super) const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The same without its first given: 292 solutions.
pub(super) const INKALA_292: &str =
    "...........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// The one puzzle of `text`, in any layout a file may have.
pub(super) fn read(text: &str) -> Puzzle {
    crate::format::read(text, "test", &Default::default()).unwrap()[0]
        .puzzle
        .clone()
}
