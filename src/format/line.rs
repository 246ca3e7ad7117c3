//! One puzzle per line: `[id] puzzle [fields…] [# comment]`, the puzzle as n² characters, n²
//! separated tokens, or 729 characters of candidates; an id before it and fields after it
//! separated by tabs, commas or spaces.

use super::cells::{self, Raw};
use super::options::ReadOptions;
use super::{Entry, InputFormat};
use crate::error::InputError;
use crate::puzzle::{MAX_SIZE, Puzzle, Symbols, box_shape};

/// Reads one content line as a record: the first field that is a whole puzzle is the puzzle;
/// what stands before it is the id, what stands after it (a solution, a rating) is kept out of
/// the puzzle.
pub(super) fn read_record(
    text: &str,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    let body = cells::strip_comment(text);
    let whole = match read_puzzle(body, 0, line, source, opts) {
        Ok(puzzle) => return Ok(entry(puzzle, line, None)),
        Err(e) => e,
    };
    let fields = split_fields(body);
    if fields.len() < 2 || whole.sized {
        return Err(whole.error);
    }
    // The error of the longest field with a puzzle's number of cells says most; without one,
    // the error of the longest field.
    let mut best: Option<(bool, usize, InputError)> = None;
    for (i, &(start, field)) in fields.iter().enumerate() {
        let column = body[..start].chars().count();
        match read_puzzle(field, column, line, source, opts) {
            Ok(puzzle) => {
                let id = fields[..i]
                    .iter()
                    .map(|(_, f)| *f)
                    .collect::<Vec<_>>()
                    .join(" ");
                let id = (!id.is_empty()).then_some(id);
                return Ok(entry(puzzle, line, id));
            }
            Err(e) => {
                let rank = (e.sized, field.chars().count());
                if best.as_ref().is_none_or(|(s, l, _)| rank > (*s, *l)) {
                    best = Some((rank.0, rank.1, e.error));
                }
            }
        }
    }
    Err(best.map_or(whole.error, |(_, _, e)| e))
}

/// Why a text is not a puzzle, and whether it has a puzzle's number of cells (its error is
/// then about what the cells hold).
struct NotAPuzzle {
    error: InputError,
    sized: bool,
}

fn entry(puzzle: Puzzle, line: usize, id: Option<String>) -> Entry {
    Entry {
        puzzle,
        line,
        format: InputFormat::Line,
        id,
        solution: None,
    }
}

/// The fields of a line, with their byte offsets: tab-separated when it has tabs, else
/// comma-separated when it has commas, else space-separated. Empty fields are dropped.
fn split_fields(body: &str) -> Vec<(usize, &str)> {
    let sep: &dyn Fn(char) -> bool = if body.contains('\t') {
        &|c| c == '\t'
    } else if body.contains(',') {
        &|c| c == ','
    } else {
        &char::is_whitespace
    };
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in body
        .char_indices()
        .chain(std::iter::once((body.len(), '\n')))
    {
        if c == '\n' || sep(c) {
            let field = &body[start..i];
            let trimmed = field.trim_start();
            let offset = start + field.len() - trimmed.len();
            if !trimmed.trim_end().is_empty() {
                out.push((offset, trimmed.trim_end()));
            }
            start = i + c.len_utf8();
        }
    }
    out
}

/// A header line (`quizzes,solutions`, `id<TAB>puzzle`): words only, with at least three
/// letters that are not `x` (a blank some puzzles are written with).
pub(super) fn is_header(text: &str) -> bool {
    let words_only = text
        .chars()
        .all(|c| c.is_alphanumeric() || " _-\t,".contains(c));
    let letters = text
        .chars()
        .filter(|c| c.is_ascii_alphabetic() && !c.eq_ignore_ascii_case(&'x'))
        .count();
    words_only && letters >= 3
}

/// One puzzle written on one line (or field), starting at character `column` (0-based) of
/// the line.
fn read_puzzle(
    text: &str,
    column: usize,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Puzzle, NotAPuzzle> {
    let sized = |error| NotAPuzzle { error, sized: true };
    if opts.symbols.is_none()
        && let Some(p) = compact_digits(text)
    {
        return Ok(p);
    }
    let chars = cells::chars(text);
    let separated = cells::has_long_token(text);
    let tokens = if separated {
        cells::tokens(text)
    } else {
        Vec::new()
    };
    let fits = |m: usize| {
        let n = m.isqrt();
        n * n == m && box_shape(n).is_ok()
    };
    if !separated && chars.len() == 729 {
        return candidates_line(&chars, column, line, source, opts).map_err(sized);
    }
    let raws = if separated && (fits(tokens.len()) || !fits(chars.len())) {
        tokens
    } else {
        chars
    };
    let m = raws.len();
    let n = m.isqrt();
    if n * n == m && n > MAX_SIZE {
        let why = box_shape(n)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        return Err(sized(InputError::at(
            source,
            line,
            format!("{m} cells = {n}×{n}: {why}"),
        )));
    }
    if n * n != m || box_shape(n).is_err() {
        let error = InputError::at(
            source,
            line,
            format!(
                "{m} {}; a one-line puzzle has n×n cells for a size n with boxes: 16 (4×4), \
                 36 (6×6), 64 (8×8), 81 (9×9), 144 (12×12), 256 (16×16), …; or 729 characters of \
                 9×9 candidates",
                if m == 1 { "cell" } else { "cells" }
            ),
        );
        return Err(NotAPuzzle {
            error,
            sized: false,
        });
    }
    let shifted = raws.into_iter().map(|r| (shift(r, column), line));
    cells::fill(n, shifted, opts, source, line).map_err(sized)
}

fn shift(raw: Raw<'_>, by: usize) -> Raw<'_> {
    match raw {
        Raw::Char(c, col) => Raw::Char(c, col + by),
        Raw::Token(t, col) => Raw::Token(t, col + by),
    }
}

/// The common case without allocation beyond the puzzle: 16 or 81 digits and blanks, nothing
/// else. `None` sends anything unusual to the general reader (and its messages).
fn compact_digits(text: &str) -> Option<Puzzle> {
    let bytes = text.as_bytes();
    let n = match bytes.len() {
        81 => 9,
        16 => 4,
        _ => return None,
    };
    let mut puzzle = Puzzle::empty(n, Symbols::default_for(n)).ok()?;
    for (cell, &b) in bytes.iter().enumerate() {
        match b {
            b'1'..=b'9' if usize::from(b - b'0') <= n => {
                puzzle.set_given(cell, Some(usize::from(b - b'1')));
            }
            b'.' | b'0' | b'_' | b'*' | b'x' | b'X' => {}
            _ => return None,
        }
    }
    Some(puzzle)
}

/// 81 groups of 9 characters: position i of a group is the digit i + 1 when it is a
/// candidate, a blank (`.` or `0`) when not.
fn candidates_line(
    raws: &[Raw<'_>],
    column: usize,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Puzzle, InputError> {
    let symbols = opts
        .symbols
        .clone()
        .unwrap_or_else(|| Symbols::default_for(9));
    let mut puzzle = Puzzle::empty(9, symbols).map_err(|m| InputError::at(source, line, m))?;
    for (cell, group) in raws.chunks(9).enumerate() {
        let mut mask = 0u64;
        for (i, raw) in group.iter().enumerate() {
            let Raw::Char(c, col) = *raw else { continue };
            match c {
                '.' | '0' => {}
                c if c.to_digit(10) == Some(i as u32 + 1) => mask |= 1 << i,
                _ => {
                    return Err(InputError::at(
                        source,
                        line,
                        format!(
                            "column {}: {}: a candidate line has the digit {} or `.` at place \
                             {} of each cell's nine, not {c:?}",
                            col + column,
                            puzzle.cell_name(cell),
                            i + 1,
                            i + 1
                        ),
                    ));
                }
            }
        }
        puzzle
            .restrict(cell, mask)
            .map_err(|m| InputError::at(source, line, m))?;
    }
    Ok(puzzle)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str) -> Result<Entry, InputError> {
        read_record(text, 1, "t", &ReadOptions::default())
    }

    const P: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn ids_and_fields_around_the_puzzle() {
        let plain = record(P).unwrap();
        for line in [
            format!("wiki\t{P}"),
            format!("wiki {P} 2.3"),
            format!(
                "wiki,{P},534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            ),
            format!("{P} # the example"),
            format!("{P}\t{P}\teasy\t1.2"),
        ] {
            let e = record(&line).unwrap();
            assert_eq!(e.puzzle, plain.puzzle, "{line}");
            let id = e.id.as_deref();
            assert!(id.is_none() || id == Some("wiki"), "{line}: {id:?}");
        }
        assert!(is_header("quizzes,solutions"));
        assert!(is_header("id\tpuzzle\trating"));
        assert!(!is_header(P));
    }

    #[test]
    fn groups_of_three_and_candidates() {
        let grouped: Vec<String> = P
            .as_bytes()
            .chunks(3)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect();
        assert_eq!(
            record(&grouped.join(" ")).unwrap().puzzle,
            record(P).unwrap().puzzle
        );
        // every candidate everywhere but r1c1 = 5
        let mut line = "....5....".to_string();
        line.push_str(&"123456789".repeat(80));
        let p = record(&line).unwrap().puzzle;
        assert_eq!(p.given(0), Some(4));
        assert_eq!(p.gaps(), 80);
        line.replace_range(9..10, "2");
        assert!(record(&line).unwrap_err().message.contains("r1c2"));
    }
}
