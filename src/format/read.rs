//! Reading puzzles: the entry points. A source's layout is told from its text (see
//! `detect`), then each puzzle is read as a record of its own: a bad record is an error in its
//! place, and the records after it are still read.

#[cfg(feature = "links")]
use super::fpuzzles;
use super::options::ReadOptions;
#[cfg(feature = "links")]
use super::sudokupad;
use super::{Entry, InputFormat, detect, grid, iss, killer, killer_grid, line, rmit};
use crate::error::{InputError, is_invisible};

/// Lines read before a source's layout is decided: enough for any grid up to 256×256 with
/// its frames. A one-per-line file is then streamed, the rest of any other read whole.
const HEAD_LINES: usize = 1024;

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

/// One line as trimmed text, refusing binary data as [`decode`] does, naming line `line`.
fn decode_line<'a>(bytes: &'a [u8], line: usize, source: &str) -> Result<&'a str, InputError> {
    decode(bytes, source).map(clean).map_err(|e| InputError {
        line: Some(line),
        ..e
    })
}

/// A line without the spaces around it and without a byte-order mark at its start: the one
/// rule for every line of every command (files joined with `cat` carry their marks inside).
fn clean(line: &str) -> &str {
    let line = line.trim();
    line.strip_prefix('\u{feff}').map_or(line, str::trim)
}

/// The content lines of a text: cleaned, numbered from 1, without blank and comment lines.
fn content_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, clean(l)))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect()
}

/// The layout to read `content` in: the one asked for, or the one detected.
fn layout(
    content: &[(usize, &str)],
    text: &str,
    source: &str,
    opts: &ReadOptions,
) -> Result<InputFormat, InputError> {
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
        InputFormat::Auto => detect::detect(content, source, opts)?,
        f => f,
    };
    if format == InputFormat::Rmit && opts.symbols.is_some() {
        return Err(InputError::whole(
            source,
            "--symbols does not apply to RMIT files: their second line lists the symbols",
        ));
    }
    Ok(format)
}

/// One record of a one-per-line layout.
fn record(
    format: InputFormat,
    text: &str,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    match format {
        InputFormat::Killer => killer::read_line(text, line, source, opts),
        InputFormat::Iss => iss::read_line(text, line, source, opts),
        #[cfg(feature = "links")]
        InputFormat::Fpuzzles => fpuzzles::read_line(text, line, source, opts),
        #[cfg(not(feature = "links"))]
        InputFormat::Fpuzzles => Err(InputError::at(
            source,
            line,
            "an f-puzzles export: this build reads none (it leaves out the `links` feature)",
        )),
        #[cfg(feature = "links")]
        InputFormat::Sudokupad => sudokupad::read_line(text, line, source, opts),
        #[cfg(not(feature = "links"))]
        InputFormat::Sudokupad => Err(InputError::at(
            source,
            line,
            "a SudokuPad link: this build reads none (it leaves out the `links` feature)",
        )),
        _ => line::read_record(text, line, source, opts),
    }
    .map(|mut entry| {
        entry.id = entry.id.as_deref().and_then(one_line);
        entry
    })
    .map_err(|e| point_at_invisible(e, text))
}

/// An id as one line of printable text: each run of spaces, line ends, control and invisible
/// characters (an f-puzzles title may hold any) becomes one space; `None` if nothing is left.
fn one_line(id: &str) -> Option<String> {
    let mut out = String::with_capacity(id.len());
    for word in id
        .split(|c: char| c.is_whitespace() || is_invisible(c))
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    (!out.is_empty()).then_some(out)
}

/// `e` on a line `text` that holds an invisible character (pasted text carries zero-width
/// spaces and direction marks) says where the first one is, unless the message quotes it.
fn point_at_invisible(mut e: InputError, text: &str) -> InputError {
    let found = text
        .char_indices()
        .find(|&(_, c)| is_invisible(c) && c != '\t');
    if let Some((at, c)) = found
        && !e.message.contains(c)
    {
        // Up to eight characters before it.
        let from = text[..at].char_indices().rev().nth(7).map_or(0, |(i, _)| i);
        let place = if at == 0 {
            "at its start".to_string()
        } else {
            format!("after `{}`", &text[from..at])
        };
        e.message += &format!(
            "; the line holds an invisible character, {}, {place}",
            c.escape_unicode()
        );
    }
    e
}

/// Every record of one source in order: a puzzle, or the error of a record that does not
/// read (or of the whole source, when no layout fits it).
pub fn read_records(
    text: &str,
    source: &str,
    opts: &ReadOptions,
) -> Vec<Result<Entry, InputError>> {
    let content = content_lines(text);
    // An error naming a line of a layout read whole points at that line's invisible characters.
    let pointed = |e: InputError| match content.iter().find(|&&(n, _)| Some(n) == e.line) {
        Some(&(_, line)) => point_at_invisible(e, line),
        None => e,
    };
    let format = match layout(&content, text, source, opts) {
        Ok(f) => f,
        Err(e) => return vec![Err(pointed(e))],
    };
    let whole = match format {
        InputFormat::Rmit => vec![rmit::read_rmit(&content, source)],
        InputFormat::Cages => vec![killer::read_map(&content, source, opts)],
        InputFormat::Grid => grid::read_grids(&content, source, opts),
        InputFormat::KillerGrid => killer_grid::read_all(&content, source, opts),
        InputFormat::Line
        | InputFormat::Killer
        | InputFormat::Iss
        | InputFormat::Fpuzzles
        | InputFormat::Sudokupad
        | InputFormat::Auto => {
            // A record a line: `record` points at its line's invisible characters itself.
            return detect::skip_header(&content)
                .iter()
                .map(|&(line, text)| record(format, text, line, source, opts))
                .collect();
        }
    };
    whole.into_iter().map(|r| r.map_err(pointed)).collect()
}

/// Reads every puzzle of one source; the first record that does not read is the error.
pub fn read(text: &str, source: &str, opts: &ReadOptions) -> Result<Vec<Entry>, InputError> {
    read_records(text, source, opts).into_iter().collect()
}

/// The longest line read: a 256×256 puzzle on one line, its cells as three-digit integers with
/// separators, an id and fields fit with room to spare.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The largest file read whole (grids, RMIT files, cage maps). One-per-line files are
/// streamed and have no limit.
pub const MAX_WHOLE_BYTES: u64 = 64 << 20;

/// How far past an over-long line reading looks for the next line before it gives up.
const MAX_SKIP_BYTES: u64 = 64 << 20;

/// What reading one line found.
enum LineRead {
    Eof,
    Line,
    /// Longer than [`MAX_LINE_BYTES`]: what was read is dropped, the rest not read.
    TooLong,
}

/// Reads one line into `buf` (newline included), reading no more than [`MAX_LINE_BYTES`].
fn read_line(input: &mut impl std::io::BufRead, buf: &mut Vec<u8>) -> std::io::Result<LineRead> {
    buf.clear();
    loop {
        let avail = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok(if buf.is_empty() {
                LineRead::Eof
            } else {
                LineRead::Line
            });
        }
        let (take, done) = match avail.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (avail.len(), false),
        };
        if buf.len() + take > MAX_LINE_BYTES + 1 {
            input.consume(take);
            buf.clear();
            return Ok(LineRead::TooLong);
        }
        buf.extend_from_slice(&avail[..take]);
        input.consume(take);
        if done {
            return Ok(LineRead::Line);
        }
    }
}

/// Skips to the end of the line; `false` when no line end came within [`MAX_SKIP_BYTES`].
fn skip_line(input: &mut impl std::io::BufRead) -> std::io::Result<bool> {
    let mut skipped = 0u64;
    loop {
        let avail = match input.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok(true);
        }
        if let Some(i) = avail.iter().position(|&b| b == b'\n') {
            input.consume(i + 1);
            return Ok(true);
        }
        let n = avail.len();
        input.consume(n);
        skipped += n as u64;
        if skipped > MAX_SKIP_BYTES {
            return Ok(false);
        }
    }
}

fn too_long(source: &str, line: usize) -> InputError {
    InputError::at(
        source,
        line,
        format!(
            "the line is longer than {} MiB, more than any puzzle needs",
            MAX_LINE_BYTES >> 20
        ),
    )
}

/// Reads the records of `input` and hands each to `each` as soon as it is read, until the
/// input ends or `each` returns `Ok(false)`. The layout is decided on the first 1,024 lines;
/// a one-per-line file is then read a line at a time (memory stays bounded, whatever the
/// file's length, and the first answer comes at once), any other whole, up to
/// [`MAX_WHOLE_BYTES`]. A record that does not read is handed over as its error, and reading
/// goes on; a line longer than [`MAX_LINE_BYTES`] is an error of its own.
pub fn read_each<E>(
    mut input: impl LineSource,
    source: &str,
    opts: &ReadOptions,
    mut each: impl FnMut(Result<Entry, InputError>) -> Result<bool, E>,
) -> Result<(), E> {
    let cannot = |e: std::io::Error| Err(cannot_read(source, &e));
    let mut head = Vec::new();
    let mut buf = Vec::new();
    let mut lines = 0;
    let mut ended = false;
    // Over-long lines of the head: a comment line stands in their place, and their errors
    // join the records in line order.
    let mut long = Vec::new();
    while lines < HEAD_LINES {
        match read_line(&mut input, &mut buf) {
            Ok(LineRead::Eof) => {
                ended = true;
                break;
            }
            Ok(LineRead::Line) => {
                lines += 1;
                head.extend_from_slice(&buf);
                // A pipe that stops for a moment: what came so far decides the layout, so
                // that one-line puzzles are answered as they come.
                if input.stalled() {
                    break;
                }
            }
            Ok(LineRead::TooLong) => {
                lines += 1;
                long.push(too_long(source, lines));
                head.extend_from_slice(b"#\n");
                match skip_line(&mut input) {
                    Ok(true) => {}
                    Ok(false) => return each(Err(long.remove(0))).map(|_| ()),
                    Err(e) => return each(cannot(e)).map(|_| ()),
                }
            }
            Err(e) => return each(cannot(e)).map(|_| ()),
        }
    }
    // Hands over the records read from the head, with the errors of its over-long lines in
    // their places.
    let mut long = long.into_iter().peekable();
    let mut give = |r: Result<Entry, InputError>| -> Result<bool, E> {
        let at = match &r {
            Ok(e) => Some(e.line),
            Err(e) => e.line,
        };
        while let Some(e) = long.next_if(|e| at.is_none_or(|at| e.line < Some(at))) {
            if !each(Err(e))? {
                return Ok(false);
            }
        }
        each(r)
    };
    let streamed = |text: &str| -> Option<InputFormat> {
        if ended {
            return None;
        }
        let content = content_lines(text);
        match layout(&content, text, source, opts) {
            Ok(
                f @ (InputFormat::Line
                | InputFormat::Killer
                | InputFormat::Iss
                | InputFormat::Fpuzzles
                | InputFormat::Sudokupad),
            ) => Some(f),
            _ => None,
        }
    };
    let format = match decode(&head, source) {
        Ok(text) => streamed(text),
        Err(e) => return each(Err(e)).map(|_| ()),
    };
    let Some(format) = format else {
        let room = MAX_WHOLE_BYTES.saturating_sub(head.len() as u64);
        // Read to the end, unless the end was met already (a second read of a terminal
        // would wait for a second Ctrl-D).
        let rest = if ended {
            Ok(0)
        } else {
            std::io::Read::read_to_end(
                &mut std::io::Read::take(input.by_ref(), room + 1),
                &mut head,
            )
        };
        match rest {
            Ok(_) if head.len() as u64 > MAX_WHOLE_BYTES => {
                let message = format!(
                    "larger than {} MiB, the most a file read whole (grids, RMIT files, cage \
                     maps) may be; files of one puzzle per line have no limit",
                    MAX_WHOLE_BYTES >> 20
                );
                return each(Err(InputError::whole(source, message))).map(|_| ());
            }
            Ok(_) => {}
            Err(e) => return each(cannot(e)).map(|_| ()),
        }
        let records = match decode(&head, source) {
            Ok(text) => read_records(text, source, opts),
            Err(e) => vec![Err(e)],
        };
        for r in records {
            if !give(r)? {
                return Ok(());
            }
        }
        for e in long {
            if !each(Err(e))? {
                break;
            }
        }
        return Ok(());
    };
    let text = decode(&head, source).unwrap_or_default();
    let content = content_lines(text);
    for &(line, text) in detect::skip_header(&content) {
        if !give(record(format, text, line, source, opts))? {
            return Ok(());
        }
    }
    for e in long {
        if !each(Err(e))? {
            return Ok(());
        }
    }
    loop {
        let read = read_line(&mut input, &mut buf);
        lines += 1;
        let r = match read {
            Ok(LineRead::Eof) => return Ok(()),
            Ok(LineRead::Line) => match decode_line(&buf, lines, source) {
                Ok(text) if text.is_empty() || text.starts_with('#') => continue,
                Ok(text) => record(format, text, lines, source, opts),
                Err(e) => Err(e),
            },
            Ok(LineRead::TooLong) => {
                if !each(Err(too_long(source, lines)))? {
                    return Ok(());
                }
                match skip_line(&mut input) {
                    Ok(true) => continue,
                    Ok(false) => Err(InputError::at(
                        source,
                        lines,
                        format!(
                            "no line end within {} MiB after it: reading stops",
                            MAX_SKIP_BYTES >> 20
                        ),
                    )),
                    Err(e) => Err(cannot_read(source, &e)),
                }
            }
            Err(e) => {
                let _ = each(cannot(e))?;
                return Ok(());
            }
        };
        let stop = matches!(&r, Err(e) if e.message.starts_with("no line end within"));
        if !each(r)? || stop {
            return Ok(());
        }
    }
}

/// Where [`read_each`] reads lines from: any [`BufRead`](std::io::BufRead), and a pipe or
/// terminal that can say it has nothing more for now, so that the puzzles read so far are
/// answered before the next ones come.
pub trait LineSource: std::io::BufRead {
    /// Whether nothing more has come within a moment (about 100 ms); never, for a file.
    fn stalled(&mut self) -> bool {
        false
    }
}

impl LineSource for &[u8] {}
impl<R: std::io::Read> LineSource for std::io::BufReader<R> {}
impl LineSource for std::io::StdinLock<'_> {}
impl<T: LineSource + ?Sized> LineSource for Box<T> {
    fn stalled(&mut self) -> bool {
        (**self).stalled()
    }
}

fn cannot_read(source: &str, e: &std::io::Error) -> InputError {
    InputError::whole(source, format!("cannot read: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Symbols;

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
    fn an_error_on_a_line_with_an_invisible_character_says_where_it_is() {
        let line = "1...........2..4";
        let text = format!("{line}\n{line}\u{200b}\n4\n1 2 3 4\n");
        let hint = "the line holds an invisible character, \\u{200b}, after `....2..4`";
        let mut streamed = Vec::new();
        read_each(text.as_bytes(), "t", &ReadOptions::default(), |r| {
            streamed.push(r);
            Ok::<bool, InputError>(true)
        })
        .unwrap();
        for records in [read_records(&text, "t", &ReadOptions::default()), streamed] {
            assert!(records[0].is_ok());
            let e = records[1].as_ref().unwrap_err();
            assert_eq!(e.line, Some(2));
            assert!(e.message.ends_with(hint), "{e}");
            assert!(
                !records[2]
                    .as_ref()
                    .unwrap_err()
                    .message
                    .contains("invisible")
            );
        }
        // An error of detection, on the line it names.
        let e = auto(&format!("# one\n\u{2060}{line}\n")).unwrap_err();
        assert_eq!(e.line, Some(2));
        assert!(e.to_string().ends_with("\\u{2060}, at its start"), "{e}");
        // A message that quotes the character already shows it: no second mention.
        let e = auto("1...........\u{200b}...").unwrap_err();
        assert!(
            e.to_string().contains("`\\u{200b}`") && !e.message.contains("invisible"),
            "{e}"
        );
    }

    #[test]
    fn a_bad_grid_in_a_batch_is_an_error_record_and_the_next_grid_is_read() {
        let good = "1 . | . .\n. . | . .\n----+----\n. . | . .\n. . | . 4\n";
        let bad = "1 . | . .\n. . | .\n----+----\n. . | . .\n. . | . 4\n";
        let records = read_records(
            &format!("{good}\n{bad}\n# next\n{good}"),
            "t",
            &ReadOptions::default(),
        );
        assert_eq!(records.len(), 3);
        assert!(records[0].is_ok() && records[2].is_ok());
        assert_eq!(records[2].as_ref().unwrap().line, 14);
        let e = records[1].as_ref().unwrap_err();
        assert_eq!(
            (e.line, e.message.as_str()),
            (
                Some(8),
                "row 2 has 3 cells, expected 4 (as in the first row)"
            )
        );
        // without a blank line after the bad grid, where the next starts is unknown: it stops
        let records = read_records(&format!("{bad}{good}"), "t", &ReadOptions::default());
        assert_eq!(records.len(), 1);
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
        assert_eq!(e.puzzle.given(3), Some(15));
    }

    #[test]
    fn errors_name_line_and_what_was_expected() {
        assert_eq!(
            auto("").unwrap_err().to_string(),
            "t: the input is empty: expected a puzzle"
        );
        // 0-blank one-line puzzles are lone integers, but no RMIT size line
        assert_eq!(
            auto("1000000000000000\n").unwrap()[0].format,
            InputFormat::Line
        );
        let closest = |layout: &str, others: &str| {
            format!(" (read as {layout}, the closest fit; also tried {others})")
        };
        let line = closest("one puzzle per line", "a grid");
        let grid = closest("a grid", "one puzzle per line");
        let rmit = closest("an RMIT file", "one puzzle per line, a grid");
        for (text, message) in [
            (
                "1...y...........\n",
                format!(
                    "t:1: column 5: r2c1: `y` is not one of the puzzle's symbols (1 to 4) nor a \
                     blank (`.` or `0`){line}"
                ),
            ),
            (
                "12345\n6\n",
                format!(
                    "t:1: the first row has 5 cells: size 5 has no boxes: boxes need rows × columns \
                     = 5, both at least 2 (sizes 4, 6, 8, 9, 10, 12, …){grid}"
                ),
            ),
            (
                "12.45\n",
                format!(
                    "t:1: 5 cells; a one-line puzzle has n×n cells for a size n with boxes: 16 \
                     (4×4), 36 (6×6), 64 (8×8), 81 (9×9), 144 (12×12), 256 (16×16), …; or 729 \
                     characters of 9×9 candidates{line}"
                ),
            ),
            (
                ".\n",
                format!(
                    "t:1: 1 cell; a one-line puzzle has n×n cells for a size n with boxes: 16 \
                     (4×4), 36 (6×6), 64 (8×8), 81 (9×9), 144 (12×12), 256 (16×16), …; or 729 \
                     characters of 9×9 candidates{line}"
                ),
            ),
            (
                "1..5............\n",
                format!(
                    "t:1: column 4: r1c4: `5` is not one of the puzzle's symbols (1 to 4) nor a \
                     blank (`.` or `0`){line}"
                ),
            ),
            (
                "4\n1 2 3\n",
                format!("t:2: a 4×4 puzzle needs 4 symbols, this line has 3{rmit}"),
            ),
            (
                "4\n1 2 3 1\n",
                "t:2: symbol 1 appears twice in the symbol list".to_string(),
            ),
            (
                "4\n1 2 3 4\n0,4 1\n",
                "t:3: cell 0,4 is outside the 4×4 grid (rows and columns are 0 to 3)".to_string(),
            ),
            (
                "4\n1 2 3 4\n0,1 1\n\n0,1 2\n",
                "t:5: cell 0,1 is already given on line 3".to_string(),
            ),
            (
                "4\n1 2 3 4\n0,1 7\n",
                "t:3: cell 0,1: 7 is not one of the symbols on line 2 (1 2 3 4)".to_string(),
            ),
            (
                "4\n1 2 3 4\n0;1 x\n",
                format!("t:3: `0;1 x`: expected `row,col symbol` (0-based row and column){rmit}"),
            ),
            (
                "1 . . .\n. . . .\n. . .\n. . . .\n",
                format!("t:3: row 3 has 3 cells, expected 4 (as in the first row){grid}"),
            ),
        ] {
            assert_eq!(auto(text).unwrap_err().to_string(), message, "{text:?}");
        }
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
    fn custom_symbols_with_zero_need_dot_blanks() {
        let opts = ReadOptions {
            format: InputFormat::Auto,
            symbols: Some(Symbols::new(vec![0, 1, 2, 3]).unwrap()),
            ..ReadOptions::default()
        };
        let e = &read("0...............\n", "t", &opts).unwrap()[0];
        assert_eq!(e.puzzle.given(0), Some(0));
        assert_eq!(e.puzzle.gaps(), 15);
    }
}
