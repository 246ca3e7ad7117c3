//! Cells as people write them: decoration and frames to skip, blanks, and symbols (digits,
//! integers, letters), turned into a puzzle's givens.

use super::options::ReadOptions;
use crate::error::InputError;
use crate::puzzle::{Puzzle, Symbols, box_shape};

/// A whole number written with digits only: no sign, no spaces (`+2` and `-1` are not).
pub(super) fn uint<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A cell as written: a character (compact rows and lines) or a token (separated rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Raw<'a> {
    /// One character, at this 1-based column.
    Char(char, usize),
    /// A whitespace- or comma-separated token, at this 1-based column.
    Token(&'a str, usize),
}

impl Raw<'_> {
    fn column(self) -> usize {
        match self {
            Raw::Char(_, c) | Raw::Token(_, c) => c,
        }
    }
}

/// Characters that separate boxes and cells: `|`, `+`, `-`, spaces, and the box-drawing block
/// (`│ ┌ ─ ┼` …).
pub(super) fn is_decoration(c: char) -> bool {
    matches!(c, '|' | '+' | '-') || c.is_whitespace() || ('\u{2500}'..='\u{257f}').contains(&c)
}

/// A frame line: only frame characters (`- + * . : ' = |`, spaces, box drawing) with at least
/// one horizontal rule (`-`, `=` or a box-drawing character). HoDoKu's `.-------.` and
/// `:---+---:`, SimpleSudoku's `*-----------*`, `┌───┬` and `----+----` are all frames; a row
/// of `.` blanks is not.
pub(super) fn is_frame(text: &str) -> bool {
    let mut rule = false;
    for c in text.chars() {
        match c {
            '-' | '=' => rule = true,
            c if ('\u{2500}'..='\u{257f}').contains(&c) => rule = true,
            '+' | '*' | '.' | ':' | '\'' | '|' => {}
            c if c.is_whitespace() => {}
            _ => return false,
        }
    }
    rule
}

/// The text before a `#` comment (one at the start of the line or after a space or tab).
pub(super) fn strip_comment(text: &str) -> &str {
    let bytes = text.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'#' && (i == 0 || bytes[i - 1] == b' ' || bytes[i - 1] == b'\t') {
            return text[..i].trim_end();
        }
    }
    text
}

/// A title line some tools print above a grid (`pencil marks:`, `puzzle (f:1, 51 gaps):`).
pub(super) fn is_title(text: &str) -> bool {
    text.ends_with(':') && text.chars().any(|c| c.is_ascii_alphabetic()) && !is_frame(text)
}

/// Characters written for a blank cell when they are not symbols: `.`, `_`, `*`, `x`, `0`.
fn is_blank_char(c: char) -> bool {
    matches!(c, '.' | '_' | '*' | 'x' | 'X' | '0')
}

/// The cells of one row or line read character by character, decoration skipped. A `+` or `-`
/// right before a digit is a sign, not a frame: it is kept, so that `-1` is refused as a
/// symbol rather than read as `1`.
pub(super) fn chars(text: &str) -> Vec<Raw<'_>> {
    let mut out = Vec::with_capacity(text.len());
    let mut chars = text.chars().enumerate().peekable();
    while let Some((i, c)) = chars.next() {
        let sign = matches!(c, '+' | '-') && chars.peek().is_some_and(|(_, d)| d.is_ascii_digit());
        if sign || (!is_decoration(c) && c != ',') {
            out.push(Raw::Char(c, i + 1));
        }
    }
    out
}

/// The cells of one row or line read as whitespace- or comma-separated tokens, decoration
/// tokens (`|`, `+`, `--`) skipped.
pub(super) fn tokens(text: &str) -> Vec<Raw<'_>> {
    token_spans(text)
        .filter(|(_, t)| !t.chars().all(is_decoration))
        .map(|(c, t)| Raw::Token(t, c))
        .collect()
}

/// Whitespace- or comma-separated tokens with their 1-based column (counted in characters as
/// the scan goes, so long lines stay linear).
pub(super) fn token_spans(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let sep = |c: char| c.is_whitespace() || c == ',';
    let mut chars = text.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        while chars.next_if(|&(_, (_, c))| sep(c)).is_some() {}
        let &(column, (start, _)) = chars.peek()?;
        let mut end = text.len();
        while let Some(&(_, (i, c))) = chars.peek() {
            if sep(c) {
                end = i;
                break;
            }
            chars.next();
        }
        Some((column + 1, &text[start..end]))
    })
}

/// Whether a row is written as separated tokens rather than one character per cell: it has
/// two tokens or more and one is longer than one character once decoration is skipped.
/// (`039 500 000` is also tokens of three characters: which reading fits the puzzle is decided
/// by the caller.)
pub(super) fn has_long_token(text: &str) -> bool {
    let tokens = tokens(text);
    tokens.len() > 1
        && tokens
            .iter()
            .any(|r| matches!(r, Raw::Token(t, _) if t.chars().count() > 1))
}

/// How the written cells of one puzzle map to value indices.
#[derive(Debug)]
pub(super) struct Alphabet {
    symbols: Symbols,
    /// ASCII character → value index, [`BLANK`] or [`UNKNOWN`].
    table: [u8; 128],
    /// Whether `0` is a blank (it is not one of the symbols).
    zero_blank: bool,
}

const BLANK: u8 = 254;
const UNKNOWN: u8 = 255;

impl Alphabet {
    /// The symbols of an n×n puzzle: `--symbols` when given; otherwise `1 … n`, or for 16×16
    /// and 25×25 written with letters, their usual letter form, told from the cells.
    pub(super) fn for_puzzle(n: usize, cells: &[Raw<'_>], opts: &ReadOptions) -> Self {
        let symbols = match &opts.symbols {
            Some(s) => s.clone(),
            None => letters_in(n, cells).unwrap_or_else(|| Symbols::default_for(n)),
        };
        Alphabet::new(symbols)
    }

    fn new(symbols: Symbols) -> Self {
        let mut table = [UNKNOWN; 128];
        for c in [b'.', b'_', b'*', b'x', b'X', b'0'] {
            table[usize::from(c)] = BLANK;
        }
        for v in 0..symbols.len() {
            let label = symbols.label(v);
            if label.len() == 1 && label.is_ascii() {
                let b = label.as_bytes()[0];
                table[usize::from(b)] = v as u8;
                if !symbols.is_numeric() {
                    table[usize::from(b.to_ascii_lowercase())] = v as u8;
                }
            }
        }
        let zero_blank = symbols.index_of_label("0").is_none();
        Alphabet {
            symbols,
            table,
            zero_blank,
        }
    }

    /// The value index of one written cell: `Ok(None)` for a blank, `Err` with a message
    /// naming what was expected.
    fn value(&self, raw: Raw<'_>) -> Result<Option<usize>, String> {
        match raw {
            Raw::Char(c, _) if c.is_ascii() && self.symbols.len() <= 250 => {
                match self.table[c as usize] {
                    BLANK => Ok(None),
                    UNKNOWN => Err(self.unknown(&c.to_string())),
                    v => Ok(Some(usize::from(v))),
                }
            }
            Raw::Char(c, column) => {
                let mut buf = [0u8; 4];
                self.value(Raw::Token(c.encode_utf8(&mut buf), column))
            }
            Raw::Token(t, _) => {
                if let Some(v) = self.symbols.index_of_label(t) {
                    return Ok(Some(v));
                }
                let mut chars = t.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if is_blank_char(c) && (c != '0' || self.zero_blank) => {
                        Ok(None)
                    }
                    _ => Err(self.unknown(t)),
                }
            }
        }
    }

    fn unknown(&self, what: &str) -> String {
        let blanks = if self.zero_blank { "`.` or `0`" } else { "`.`" };
        let symbols = if self.symbols.is_default() {
            format!("1 to {}", self.symbols.len())
        } else {
            self.symbols.to_string()
        };
        format!("`{what}` is not one of the puzzle's symbols ({symbols}) nor a blank ({blanks})")
    }
}

/// The letter form of a 16×16 or 25×25 puzzle written with letters, if its cells use one.
fn letters_in(n: usize, cells: &[Raw<'_>]) -> Option<Symbols> {
    let mut letters = false;
    let (mut zero, mut g, mut dot, mut digit) = (false, false, false, false);
    let mut high = false; // a letter past P: only A … Y has it
    for raw in cells {
        let text = match *raw {
            Raw::Char(c, _) => c,
            Raw::Token(t, _) => {
                let mut it = t.chars();
                match (it.next(), it.next()) {
                    (Some(c), None) => c,
                    _ => return None, // a long token: integers
                }
            }
        };
        let c = text.to_ascii_uppercase();
        match c {
            'A'..='Z' if c != 'X' || n == 25 => {
                letters = true;
                g |= c == 'G';
                high |= c > 'P';
            }
            '0' => zero = true,
            '1'..='9' => digit = true,
            '.' | '_' => dot = true,
            _ => {}
        }
    }
    if !letters {
        return None;
    }
    match n {
        16 => Symbols::letters_for(16, !g && zero && (dot || !digit)),
        25 if digit && !high => Symbols::from_chars("123456789ABCDEFGHIJKLMNOP").ok(),
        25 => Symbols::letters_for(25, false),
        _ => None,
    }
}

/// Fills an n×n puzzle from its cells in row-major order, each with the line it is on. An
/// error names the line, the column and the cell.
pub(super) fn fill<'a>(
    n: usize,
    cells: impl IntoIterator<Item = (Raw<'a>, usize)> + Clone,
    opts: &ReadOptions,
    source: &str,
    first_line: usize,
) -> Result<Puzzle, InputError> {
    box_shape(n).map_err(|m| InputError::at(source, first_line, m))?;
    let raws: Vec<Raw<'a>> = cells.clone().into_iter().map(|(r, _)| r).collect();
    let alphabet = Alphabet::for_puzzle(n, &raws, opts);
    if alphabet.symbols.len() != n {
        return Err(InputError::at(
            source,
            first_line,
            format!(
                "a {n}×{n} puzzle needs {n} symbols, --symbols gives {}",
                alphabet.symbols.len()
            ),
        ));
    }
    let mut puzzle = Puzzle::empty(n, alphabet.symbols.clone())
        .map_err(|m| InputError::at(source, first_line, m))?;
    for (cell, (raw, line)) in cells.into_iter().enumerate() {
        let value = alphabet.value(raw).map_err(|m| {
            InputError::at(
                source,
                line,
                format!("column {}: {}: {m}", raw.column(), puzzle.cell_name(cell)),
            )
        })?;
        if value.is_some() {
            puzzle.set_given(cell, value);
        }
    }
    Ok(puzzle)
}

/// Fills an n×n puzzle from pencil marks: each cell's group of candidate symbols (a single
/// one is a given).
pub(super) fn fill_marks<'a>(
    n: usize,
    cells: impl IntoIterator<Item = (Raw<'a>, usize)>,
    opts: &ReadOptions,
    source: &str,
    first_line: usize,
) -> Result<Puzzle, InputError> {
    box_shape(n).map_err(|m| InputError::at(source, first_line, m))?;
    let alphabet = Alphabet::for_puzzle(n, &[], opts);
    let mut puzzle = Puzzle::empty(n, alphabet.symbols.clone())
        .map_err(|m| InputError::at(source, first_line, m))?;
    for (cell, (raw, line)) in cells.into_iter().enumerate() {
        let Raw::Token(group, column) = raw else {
            continue;
        };
        let mut mask = 0u64;
        for c in group.chars() {
            let v = alphabet
                .value(Raw::Char(c, column))
                .ok()
                .flatten()
                .ok_or_else(|| {
                    InputError::at(
                        source,
                        line,
                        format!(
                            "column {column}: {}: `{group}` is not a group of candidates \
                             (each one of {})",
                            puzzle.cell_name(cell),
                            alphabet.symbols
                        ),
                    )
                })?;
            mask |= 1 << v;
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

    #[test]
    fn frames_and_titles_are_told_from_rows() {
        for frame in [
            ".-------.-------.-------.",
            ":-------+-------+-------:",
            "'-------'-------'-------'",
            "*-----------*",
            "┌───────┬───────┬───────┐",
            "------+-------+------",
            "|---+---+---|",
        ] {
            assert!(is_frame(frame), "{frame}");
        }
        for row in [". . . | . . .", "53..7....", "|53.|.7.|...|", "│ 5 3 . │"] {
            assert!(!is_frame(row), "{row}");
        }
        assert!(is_title("pencil marks:"));
        assert!(!is_title(":-------+-------:"));
        assert_eq!(strip_comment("53..7 # a note"), "53..7");
        assert_eq!(strip_comment("# all"), "");
        assert_eq!(strip_comment("a#b"), "a#b");
    }

    #[test]
    fn token_columns_count_characters_not_bytes() {
        let got: Vec<(usize, &str)> = token_spans("  12, é3  4").collect();
        assert_eq!(got, vec![(3, "12"), (7, "é3"), (11, "4")]);
        assert_eq!(token_spans(" ,, ").count(), 0);
    }

    #[test]
    fn letter_forms_are_told_from_the_cells() {
        let form = |text: &str| letters_in(16, &chars(text)).map(|s| s.to_string());
        assert_eq!(
            form("1G.0").as_deref(),
            Some("1 2 3 4 5 6 7 8 9 A B C D E F G")
        );
        assert_eq!(
            form("0F..").as_deref(),
            Some("0 1 2 3 4 5 6 7 8 9 A B C D E F")
        );
        assert_eq!(form("1290"), None);
        let y = letters_in(25, &chars("AY..")).unwrap();
        assert_eq!(y.label(24), "Y");
    }
}
