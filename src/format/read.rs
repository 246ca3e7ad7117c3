//! Reading puzzles: RMIT files, one-puzzle-per-line files (batches), and grid text, with
//! auto-detection. Every error names the source, the line and what was expected.

use super::{Entry, InputFormat, killer};
use crate::error::InputError;
use crate::models::puzzle::{MAX_SIZE, Puzzle, Symbols, box_size};

/// How to read a source.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    /// The format, or [`InputFormat::Auto`] to detect it.
    pub format: InputFormat,
    /// Symbols for line and grid input (default `1..=n`); RMIT files declare their own.
    pub symbols: Option<Symbols>,
}

/// A cell as written in the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Blank,
    Symbol(u64),
}

/// Decodes raw bytes as text, refusing binary data.
pub fn decode<'a>(bytes: &'a [u8], source: &str) -> Result<&'a str, InputError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let at = e.valid_up_to();
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at
            - bytes[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
        InputError::at(
            source,
            line,
            format!(
                "not a text file (byte {} of the line is not UTF-8); expected a puzzle",
                column + 1
            ),
        )
    })?;
    // A byte-order mark, as some editors write, is not part of the puzzle.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if let Some(pos) = text.find('\0') {
        let line = text[..pos].matches('\n').count() + 1;
        return Err(InputError::at(
            source,
            line,
            "not a text file (it holds a NUL byte)",
        ));
    }
    Ok(text)
}

/// Reads the puzzles of `input` and hands each to `each` as soon as it is read, until the
/// input ends or `each` returns `Ok(false)`. One-per-line files (killer lines, or line puzzles
/// written as characters) are read a line at a time: memory stays bounded, whatever the
/// file's length, and the first answer comes at once. Other formats are read whole, as
/// [`read`] does.
pub fn read_each<E: From<InputError>>(
    mut input: impl std::io::BufRead,
    source: &str,
    opts: &ReadOptions,
    mut each: impl FnMut(Entry) -> Result<bool, E>,
) -> Result<(), E> {
    let cannot = |e: std::io::Error| InputError::whole(source, format!("cannot read: {e}"));
    let mut head = Vec::new();
    let mut buf = Vec::new();
    let mut line = 0;
    // Lines up to the first one with content decide how to read the rest.
    let format = loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf).map_err(cannot)? == 0 {
            break None;
        }
        line += 1;
        head.extend_from_slice(&buf);
        let text = decode_line(&buf, line, source)?;
        if !text.is_empty() && !text.starts_with('#') {
            break one_per_line(text, opts);
        }
    };
    let Some(format) = format else {
        input.read_to_end(&mut head).map_err(cannot)?;
        for entry in read(decode(&head, source)?, source, opts)? {
            if !each(entry)? {
                break;
            }
        }
        return Ok(());
    };
    let mut next = |text: &str, line: usize| -> Result<bool, E> {
        if text.is_empty() || text.starts_with('#') {
            return Ok(true);
        }
        let entry = match format {
            InputFormat::Killer => killer::read_line(text, line, source, opts)?,
            _ => read_line(text, line, source, opts)?,
        };
        each(entry)
    };
    let head_lines = decode(&head, source)?;
    for (i, text) in head_lines.lines().enumerate() {
        if !next(text.trim(), i + 1)? {
            return Ok(());
        }
    }
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf).map_err(cannot)? == 0 {
            return Ok(());
        }
        line += 1;
        let text = decode_line(&buf, line, source)?;
        if !next(text, line)? {
            return Ok(());
        }
    }
}

/// One line as trimmed text, refusing binary data as [`decode`] does, naming line `line`.
fn decode_line<'a>(bytes: &'a [u8], line: usize, source: &str) -> Result<&'a str, InputError> {
    decode(bytes, source)
        .map(str::trim)
        .map_err(|e| InputError {
            line: Some(line),
            ..e
        })
}

/// The one-per-line format a file is streamed in, judged by its first content line: the
/// format asked for, or (auto) a killer line, or a whole puzzle written as n² characters
/// without separators (a grid row is never that: rows past 9 cells separate their cells).
/// `None`: read the file whole.
fn one_per_line(first: &str, opts: &ReadOptions) -> Option<InputFormat> {
    match opts.format {
        InputFormat::Line | InputFormat::Killer => Some(opts.format),
        InputFormat::Auto if first.contains(':') && !first.contains('=') => {
            Some(InputFormat::Killer)
        }
        InputFormat::Auto => {
            let compact = !first.contains(|c: char| c.is_whitespace() || c == ',');
            let m = first.chars().count();
            (compact && (m == 16 || m == 81)).then_some(InputFormat::Line)
        }
        _ => None,
    }
}

/// Reads every puzzle of one source.
pub fn read(text: &str, source: &str, opts: &ReadOptions) -> Result<Vec<Entry>, InputError> {
    let content: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if content.is_empty() {
        return Err(InputError::whole(
            source,
            if text.trim().is_empty() {
                "the input is empty: expected a puzzle"
            } else {
                "the input holds only comments: expected a puzzle"
            },
        ));
    }
    let format = match opts.format {
        InputFormat::Auto => detect(&content, opts),
        f => f,
    };
    if format == InputFormat::Rmit && opts.symbols.is_some() {
        return Err(InputError::whole(
            source,
            "--symbols does not apply to RMIT files: their second line lists the symbols",
        ));
    }
    match format {
        InputFormat::Rmit => read_rmit(&content, source).map(|p| vec![p]),
        InputFormat::Grid => grid_batch(&content, source, opts),
        InputFormat::Cages => killer::read_map(&content, source, opts).map(|p| vec![p]),
        InputFormat::Killer => content
            .iter()
            .map(|&(line, text)| killer::read_line(text, line, source, opts))
            .collect(),
        InputFormat::Line | InputFormat::Auto => content
            .iter()
            .map(|&(line, text)| read_line(text, line, source, opts))
            .collect(),
    }
}

/// RMIT if the first line is a lone integer of fewer than 16 digits (a one-line puzzle written
/// with `0` blanks is a lone integer too, but has at least 16 cells; a grid row has spaces or
/// at least 4 cells, and a 1-digit size is never a row);
/// a cage map if a line holds `=` (its `id=total` pairs); killer lines if the first line holds
/// `:` (`SUM:cells`); grid if there are as many rows as cells per row (a valid size); otherwise
/// one puzzle per line.
fn detect(content: &[(usize, &str)], opts: &ReadOptions) -> InputFormat {
    let first = content[0].1;
    if first.len() < 16 && first.bytes().all(|b| b.is_ascii_digit()) {
        return InputFormat::Rmit;
    }
    if content.iter().any(|(_, l)| l.contains('=')) {
        return InputFormat::Cages;
    }
    if first.contains(':') {
        return InputFormat::Killer;
    }
    let zero_blank = zero_is_blank(opts.symbols.as_ref());
    // A row with a bad character still counts as a row, so that the grid reader can name it.
    let mut rows =
        content.iter().filter_map(
            |&(line, text)| match split_cells(text, line, "", zero_blank) {
                Ok(cells) => (!cells.is_empty()).then_some((text, Some(cells.len()))),
                Err(_) => Some((text, None)),
            },
        );
    let Some((first_row, Some(n))) = rows.next() else {
        return InputFormat::Line;
    };
    // Rows of grids past 9×9 separate their cells; an unseparated line is a one-line puzzle.
    let separated = first_row.contains(|c: char| c.is_whitespace() || c == ',');
    if box_size(n).is_err() || (n > 9 && !separated) {
        return InputFormat::Line;
    }
    // Exactly n rows make a grid; a multiple of n, grids one after another (counted only for
    // sizes up to 25, so that a batch of separated one-line puzzles is not scanned twice).
    let count = if n <= 25 {
        1 + rows.count()
    } else {
        1 + rows.take(n).count()
    };
    if count % n == 0 {
        InputFormat::Grid
    } else {
        InputFormat::Line
    }
}

fn zero_is_blank(symbols: Option<&Symbols>) -> bool {
    symbols.is_none_or(|s| s.index_of(0).is_none())
}

fn is_decoration(c: char) -> bool {
    matches!(c, '|' | '+' | '-' | ',') || c.is_whitespace()
}

/// The cells of one line. Whitespace- or comma-separated integers ("token mode") when some
/// token is a multi-digit number; otherwise one cell per character ("character mode").
/// Decoration (`|`, `+`, `-`, `,`, spaces) is skipped in both.
fn split_cells(
    text: &str,
    line: usize,
    source: &str,
    zero_blank: bool,
) -> Result<Vec<Cell>, InputError> {
    // Without a separator there is at most one token: character mode, no token list needed.
    let separated = !text.is_ascii()
        || text
            .bytes()
            .any(|b| b == b',' || char::from(b).is_whitespace());
    let tokens: Vec<(usize, &str)> = if separated {
        tokens(text)
            .filter(|(_, t)| !t.chars().all(is_decoration))
            .collect()
    } else {
        Vec::new()
    };
    let numeric = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let blank = |t: &str| t == "." || t == "_" || (zero_blank && t == "0");
    let token_mode = tokens.len() > 1
        && tokens.iter().any(|(_, t)| t.len() > 1)
        && tokens.iter().all(|(_, t)| numeric(t) || blank(t));
    if token_mode {
        return tokens
            .iter()
            .map(|&(col, t)| {
                if blank(t) {
                    Ok(Cell::Blank)
                } else {
                    t.parse().map(Cell::Symbol).map_err(|_| {
                        InputError::at(source, line, format!("column {col}: `{t}` is too large"))
                    })
                }
            })
            .collect();
    }
    let mut cells = Vec::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        match c {
            c if is_decoration(c) => {}
            '.' | '_' => cells.push(Cell::Blank),
            '0' if zero_blank => cells.push(Cell::Blank),
            '0'..='9' => cells.push(Cell::Symbol(u64::from(c as u8 - b'0'))),
            _ => {
                return Err(InputError::at(
                    source,
                    line,
                    format!(
                        "column {}: unexpected character {c:?}; expected a digit, '.', '0' or '_' \
                         for a blank, or decoration (| + - spaces)",
                        i + 1
                    ),
                ));
            }
        }
    }
    Ok(cells)
}

/// Whitespace- or comma-separated tokens with their 1-based column (counted in characters as
/// the scan goes, so long lines stay linear).
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
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

/// Fills a puzzle from row-major cells, naming the first cell whose symbol is unknown.
fn fill(
    n: usize,
    cells: impl Iterator<Item = (usize, Cell, usize)>,
    symbols: Symbols,
    source: &str,
) -> Result<Puzzle, InputError> {
    let mut cells = cells.peekable();
    let first_line = cells.peek().map_or(1, |c| c.2);
    let mut puzzle =
        Puzzle::empty(n, symbols).map_err(|m| InputError::at(source, first_line, m))?;
    for (cell, value, line) in cells {
        if let Cell::Symbol(s) = value {
            let Some(v) = puzzle.symbols().index_of(s) else {
                return Err(InputError::at(
                    source,
                    line,
                    format!(
                        "{}: {s} is not one of the puzzle's symbols ({})",
                        puzzle.cell_name(cell),
                        symbol_list(puzzle.symbols())
                    ),
                ));
            };
            puzzle.set_given(cell, Some(v));
        }
    }
    Ok(puzzle)
}

fn symbol_list(s: &Symbols) -> String {
    if s.is_default() {
        format!("1 to {}", s.len())
    } else {
        s.to_string()
    }
}

fn symbols_for(
    n: usize,
    opts: &ReadOptions,
    source: &str,
    line: usize,
) -> Result<Symbols, InputError> {
    match &opts.symbols {
        None => Ok(Symbols::default_for(n)),
        Some(s) if s.len() == n => Ok(s.clone()),
        Some(s) => Err(InputError::at(
            source,
            line,
            format!(
                "a {n}×{n} puzzle needs {n} symbols, --symbols gives {}",
                s.len()
            ),
        )),
    }
}

fn read_line(
    text: &str,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    let cells = split_cells(text, line, source, zero_is_blank(opts.symbols.as_ref()))?;
    let m = cells.len();
    let n = m.isqrt();
    if n * n == m && n > MAX_SIZE {
        let err = box_size(n).expect_err("n is above the maximum");
        return Err(InputError::at(
            source,
            line,
            format!("{m} cells = {n}×{n}: {err}"),
        ));
    }
    if n * n != m || box_size(n).is_err() {
        return Err(InputError::at(
            source,
            line,
            format!(
                "{m} cells; a one-line puzzle has n×n cells with n = k×k: 16 (4×4), 81 (9×9), \
                 256 (16×16), 625 (25×25), …"
            ),
        ));
    }
    let symbols = symbols_for(n, opts, source, line)?;
    let puzzle = fill(
        n,
        cells.into_iter().enumerate().map(|(i, c)| (i, c, line)),
        symbols,
        source,
    )
    .map_err(|e| InputError {
        line: Some(line),
        ..e
    })?;
    Ok(Entry {
        puzzle,
        line,
        format: InputFormat::Line,
    })
}

/// Grids one after another (blank lines between them optional): every n rows, n from the
/// first row, make a puzzle.
fn grid_batch(
    content: &[(usize, &str)],
    source: &str,
    opts: &ReadOptions,
) -> Result<Vec<Entry>, InputError> {
    let zero_blank = zero_is_blank(opts.symbols.as_ref());
    let mut out = Vec::new();
    let (mut start, mut rows, mut n) = (0, 0, None);
    for (i, &(line, text)) in content.iter().enumerate() {
        let cells = split_cells(text, line, source, zero_blank)?;
        if cells.is_empty() {
            continue;
        }
        rows += 1;
        if rows == *n.get_or_insert(cells.len()) {
            out.push(grid_rows(&content[start..=i], source, opts)?);
            (start, rows) = (i + 1, 0);
        }
    }
    if rows > 0 || out.is_empty() {
        // an unfinished grid: grid_rows names what is missing
        out.push(grid_rows(&content[start..], source, opts)?);
    }
    Ok(out)
}

/// A grid of n rows of n cells (decoration skipped), as a puzzle with givens.
pub(super) fn grid_rows(
    content: &[(usize, &str)],
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    let zero_blank = zero_is_blank(opts.symbols.as_ref());
    let mut rows = Vec::new();
    for &(line, text) in content {
        let cells = split_cells(text, line, source, zero_blank)?;
        if !cells.is_empty() {
            rows.push((line, cells));
        }
    }
    let Some((first_line, n)) = rows.first().map(|(line, cells)| (*line, cells.len())) else {
        return Err(InputError::at(
            source,
            content.first().map_or(1, |c| c.0),
            "expected grid rows of cells, found only decoration",
        ));
    };
    if let Err(m) = box_size(n) {
        return Err(InputError::at(
            source,
            first_line,
            format!("the first row has {n} cells: {m}"),
        ));
    }
    for (i, (line, cells)) in rows.iter().enumerate() {
        if i >= n {
            return Err(InputError::at(
                source,
                *line,
                format!("a {n}×{n} grid has {n} rows; this is row {}", i + 1),
            ));
        }
        if cells.len() != n {
            return Err(InputError::at(
                source,
                *line,
                format!(
                    "row {} has {} cells, expected {n} (as in the first row)",
                    i + 1,
                    cells.len()
                ),
            ));
        }
    }
    if rows.len() < n {
        return Err(InputError::at(
            source,
            first_line,
            format!(
                "the grid starting here has {} rows, expected {n} rows of {n} cells",
                rows.len()
            ),
        ));
    }
    let symbols = symbols_for(n, opts, source, first_line)?;
    let cells = rows.iter().enumerate().flat_map(|(r, (line, cells))| {
        cells
            .iter()
            .enumerate()
            .map(move |(c, &v)| (r * n + c, v, *line))
    });
    let puzzle = fill(n, cells, symbols, source)?;
    Ok(Entry {
        puzzle,
        line: first_line,
        format: InputFormat::Grid,
    })
}

fn read_rmit(content: &[(usize, &str)], source: &str) -> Result<Entry, InputError> {
    let (size_line, size_text) = content[0];
    let n: usize = size_text.parse().map_err(|_| {
        InputError::at(
            source,
            size_line,
            format!("`{size_text}` is not a grid size"),
        )
    })?;
    box_size(n).map_err(|m| InputError::at(source, size_line, m))?;
    let Some(&(sym_line, sym_text)) = content.get(1) else {
        return Err(InputError::at(
            source,
            size_line,
            format!("expected a line of {n} symbols after the size"),
        ));
    };
    let list: Vec<u64> = sym_text
        .split_whitespace()
        .map(|t| {
            t.parse().map_err(|_| {
                InputError::at(
                    source,
                    sym_line,
                    format!("`{t}` is not a non-negative integer symbol"),
                )
            })
        })
        .collect::<Result<_, _>>()?;
    if list.len() != n {
        return Err(InputError::at(
            source,
            sym_line,
            format!(
                "a {n}×{n} puzzle needs {n} symbols, this line has {}",
                list.len()
            ),
        ));
    }
    let symbols = Symbols::new(list).map_err(|m| InputError::at(source, sym_line, m))?;
    let mut puzzle = Puzzle::empty(n, symbols).map_err(|m| InputError::at(source, sym_line, m))?;
    // Killer: a number-of-cages line, then `total row,col row,col …` lines.
    if let Some(&(count_line, count_text)) = content.get(2)
        && count_text.bytes().all(|b| b.is_ascii_digit())
    {
        let count: usize = count_text.parse().map_err(|_| {
            InputError::at(
                source,
                count_line,
                format!("`{count_text}` is not a number of cages"),
            )
        })?;
        let cages = &content[3..];
        if cages.len() != count {
            return Err(InputError::at(
                source,
                count_line,
                format!(
                    "the line says {count} cages, but {} cage line{} follow{}",
                    cages.len(),
                    if cages.len() == 1 { "" } else { "s" },
                    if cages.len() == 1 { "s" } else { "" }
                ),
            ));
        }
        for &(line, text) in cages {
            let err = |m: String| InputError::at(source, line, m);
            let bad = || {
                err(format!(
                    "`{text}`: expected `total row,col row,col …` (0-based)"
                ))
            };
            let mut tokens = text.split_whitespace();
            let total: u64 = tokens.next().and_then(|t| t.parse().ok()).ok_or_else(bad)?;
            let mut cells = Vec::new();
            for t in tokens {
                let (r, c) = t.split_once(',').ok_or_else(bad)?;
                let (r, c): (usize, usize) =
                    (r.parse().map_err(|_| bad())?, c.parse().map_err(|_| bad())?);
                if r >= n || c >= n {
                    return Err(err(format!(
                        "cell {r},{c} is outside the {n}×{n} grid (rows and columns are 0 to {})",
                        n - 1
                    )));
                }
                cells.push(r * n + c);
            }
            puzzle
                .add_cage(total, cells)
                .map_err(|m| err(format!("cage `{text}`: {m}")))?;
        }
        return Ok(Entry {
            puzzle,
            line: size_line,
            format: InputFormat::Rmit,
        });
    }
    let mut given_on = vec![0usize; n * n];
    for &(line, text) in &content[2..] {
        let err = |m: String| InputError::at(source, line, m);
        let fields: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|t| !t.is_empty())
            .collect();
        let nums: Option<Vec<u64>> = fields.iter().map(|t| t.parse().ok()).collect();
        let Some([r, c, s]) = nums.as_deref().and_then(|v| <[u64; 3]>::try_from(v).ok()) else {
            return Err(err(format!(
                "`{text}`: expected `row,col symbol` (0-based row and column)"
            )));
        };
        if r >= n as u64 || c >= n as u64 {
            return Err(err(format!(
                "cell {r},{c} is outside the {n}×{n} grid (rows and columns are 0 to {})",
                n - 1
            )));
        }
        let cell = r as usize * n + c as usize;
        let Some(v) = puzzle.symbols().index_of(s) else {
            return Err(err(format!(
                "cell {r},{c}: {s} is not one of the symbols on line {sym_line} ({})",
                puzzle.symbols()
            )));
        };
        if given_on[cell] != 0 {
            return Err(err(format!(
                "cell {r},{c} is already given on line {}",
                given_on[cell]
            )));
        }
        given_on[cell] = line;
        puzzle.set_given(cell, Some(v));
    }
    Ok(Entry {
        puzzle,
        line: size_line,
        format: InputFormat::Rmit,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn auto(text: &str) -> Result<Vec<Entry>, InputError> {
        read(text, "t", &ReadOptions::default())
    }

    #[test]
    fn grids_one_after_another_are_a_batch() {
        let one = "12|34\n34|12\n21|43\n43|21\n";
        let read = auto(&format!("{one}\n# the next\n{}", one.replace('1', "."))).unwrap();
        assert_eq!(read.len(), 2);
        assert_eq!((read[0].line, read[1].line), (1, 7));
        assert!(read.iter().all(|e| e.format == InputFormat::Grid));
        assert_eq!(read[1].puzzle.gaps(), 4);
        let err = read_grid(&format!("{one}12|34\n")).unwrap_err();
        assert_eq!(err.line, Some(5), "{err}");
        assert!(err.message.contains("has 1 rows"), "{err}");
        assert!(
            read_grid("--+--\n")
                .unwrap_err()
                .message
                .contains("only decoration")
        );
    }

    fn read_grid(text: &str) -> Result<Vec<Entry>, InputError> {
        let opts = ReadOptions {
            format: InputFormat::Grid,
            ..ReadOptions::default()
        };
        read(text, "t", &opts)
    }

    #[test]
    fn detects_each_format() {
        let line = "1...\n".repeat(0) + "1..2..3..4......";
        assert_eq!(auto(&line).unwrap()[0].format, InputFormat::Line);
        assert_eq!(
            auto("4\n1 2 3 4\n0,0 1\n").unwrap()[0].format,
            InputFormat::Rmit
        );
        assert_eq!(
            auto("1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 4\n").unwrap()[0].format,
            InputFormat::Grid
        );
        let batch = auto("1...............\n.2..............\n").unwrap();
        assert_eq!(batch.len(), 2);
        assert_eq!(batch[1].line, 2);
        // 81 compact lines of 81 cells: a batch of 9×9 puzzles, not an 81×81 grid
        let batch81 = format!("{}\n", "1".to_string() + &".".repeat(80)).repeat(81);
        let read = auto(&batch81).unwrap();
        assert_eq!((read.len(), read[0].format), (81, InputFormat::Line));
        // a 4×4 grid with a byte-order mark
        let bom = decode(
            "\u{feff}1 . . .\n. . . .\n. . . .\n. . . .\n".as_bytes(),
            "t",
        )
        .unwrap();
        assert_eq!(auto(bom).unwrap()[0].format, InputFormat::Grid);
    }

    #[test]
    fn token_mode_reads_multi_digit_symbols() {
        let row: Vec<String> = (0..16)
            .map(|i| if i == 3 { "16".into() } else { "0".into() })
            .collect();
        let text = format!("{}\n", vec![row.join(" "); 16].join("\n"));
        // 16 rows of 16 tokens: a 16×16 grid (repeated 16s in a column are a rule matter, not a
        // reading matter)
        let e = &auto(&text).unwrap()[0];
        assert_eq!(e.format, InputFormat::Grid);
        assert_eq!(e.puzzle.size(), 16);
        assert_eq!(e.puzzle.givens()[3], Some(15));
    }

    #[test]
    fn errors_name_line_and_what_was_expected() {
        assert_eq!(
            auto("").unwrap_err().to_string(),
            "t: the input is empty: expected a puzzle"
        );
        assert_eq!(
            auto("1...x...........\n").unwrap_err().to_string(),
            "t:1: column 5: unexpected character 'x'; expected a digit, '.', '0' or '_' for a blank, or decoration (| + - spaces)"
        );
        assert!(
            auto("12345\n6\n")
                .unwrap_err()
                .to_string()
                .starts_with("t:1: size 12345 is too large")
        );
        assert!(
            auto("12.45\n")
                .unwrap_err()
                .to_string()
                .starts_with("t:1: 5 cells; a one-line puzzle")
        );
        // 0-blank one-line puzzles are lone integers too, but long ones
        assert_eq!(
            auto("1000000000000000\n").unwrap()[0].format,
            InputFormat::Line
        );
        assert_eq!(
            auto("1..5............\n").unwrap_err().to_string(),
            "t:1: r1c4: 5 is not one of the puzzle's symbols (1 to 4)"
        );
        assert_eq!(
            auto("8\n").unwrap_err().to_string(),
            "t:1: size 8 is not a square of a whole number ≥ 2 (sizes are 4, 9, 16, 25, 36, …)"
        );
        assert_eq!(
            auto("4\n1 2 3\n").unwrap_err().to_string(),
            "t:2: a 4×4 puzzle needs 4 symbols, this line has 3"
        );
        assert_eq!(
            auto("4\n1 2 3 1\n").unwrap_err().to_string(),
            "t:2: symbol 1 appears twice in the symbol list"
        );
        assert_eq!(
            auto("4\n1 2 3 4\n0,4 1\n").unwrap_err().to_string(),
            "t:3: cell 0,4 is outside the 4×4 grid (rows and columns are 0 to 3)"
        );
        assert_eq!(
            auto("4\n1 2 3 4\n0,1 1\n\n0,1 2\n")
                .unwrap_err()
                .to_string(),
            "t:5: cell 0,1 is already given on line 3"
        );
        assert_eq!(
            auto("4\n1 2 3 4\n0,1 7\n").unwrap_err().to_string(),
            "t:3: cell 0,1: 7 is not one of the symbols on line 2 (1 2 3 4)"
        );
        assert_eq!(
            auto("4\n1 2 3 4\n0;1 x\n").unwrap_err().to_string(),
            "t:3: `0;1 x`: expected `row,col symbol` (0-based row and column)"
        );
        assert_eq!(
            auto("999999999999\n").unwrap_err().to_string(),
            "t:1: size 999999999999 is too large: the largest supported size is 256 (256×256)"
        );
        assert_eq!(
            auto("1 . . .\n. . . .\n. . .\n. . . .\n")
                .unwrap_err()
                .to_string(),
            "t:3: row 3 has 3 cells, expected 4 (as in the first row)"
        );
        assert!(
            decode(b"\xff\xfe", "t")
                .unwrap_err()
                .to_string()
                .contains("not a text file")
        );
        assert!(
            decode(b"1.\0", "t")
                .unwrap_err()
                .to_string()
                .contains("NUL")
        );
    }

    #[test]
    fn token_columns_count_characters_not_bytes() {
        let got: Vec<(usize, &str)> = tokens("  12, é3  4").collect();
        assert_eq!(got, vec![(3, "12"), (7, "é3"), (11, "4")]);
        assert_eq!(tokens(" ,, ").count(), 0);
    }

    #[test]
    fn custom_symbols_with_zero_need_dot_blanks() {
        let opts = ReadOptions {
            format: InputFormat::Auto,
            symbols: Some(Symbols::new(vec![0, 1, 2, 3]).unwrap()),
        };
        let e = &read("0...............\n", "t", &opts).unwrap()[0];
        assert_eq!(e.puzzle.givens()[0], Some(0));
        assert_eq!(e.puzzle.gaps(), 15);
    }
}
