//! Reading SudokuPad's links, offline: the wrapper stripped (`https://sudokupad.app/…`,
//! `?puzzleid=`, `app.crackingthecryptic.com/sudoku/…`, `sudokupad://puzzle/…`, a trailing
//! `?setting-…` query, URL-encoding), then the id read by its prefix: `fpuzzles…` (f-puzzles
//! data), `scf…` (81 givens in SudokuPad's run-length code, then `w` windoku and `x` X-sudoku)
//! and `scl…`/`ctc…` (lz-string base64 of SudokuPad's JSON, keys shortened by its zipper).
//!
//! The formats follow SudokuPad's own codec libraries (SudokuPad/sudokutools:
//! `puzzletools_lib.js`'s `decodeSCF`, `puzzlezipper_lib.js`'s `unzip`). Of the JSON, the givens,
//! the regions, the killer cages, the title, the published solution (compared with the
//! answer by the command line) and the anti-knight and anti-king rules are read; lines,
//! arrows, overlays, underlays and cages without a total are drawings whose meaning lives in the
//! rules text, refused by kind and count unless [`ReadOptions::ignore_cosmetic`] (then left out,
//! each named in a warning).

use super::fpuzzles;
use super::iss::{self, Part};
use super::lz_string::{self, LzError};
use super::options::ReadOptions;
use super::url::percent_decoded;
use super::{Entry, InputFormat};
use crate::constraints::iss_id;
use crate::error::InputError;
use crate::puzzle::{BoxShape, box_shape};
use serde_json::{Map, Value};

/// The Interactive Sudoku Solver's parts a puzzle is built from: a kind and its arguments.
type Parts = Vec<(String, Vec<String>)>;

/// What an id holds: the parts, and the title and solution published with them.
struct Read {
    parts: Parts,
    title: Option<String>,
    solution: Option<Vec<usize>>,
}

/// Reads one SudokuPad link or id.
pub(super) fn read_line(
    text: &str,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    let err = |m: String| InputError::at(source, line, format!("SudokuPad: {m}"));
    let id = puzzle_id(text);
    if let Some(data) = id.strip_prefix("fpuzzles") {
        let mut entry = fpuzzles::read_line(&format!("load={data}"), line, source, opts)?;
        entry.format = InputFormat::Sudokupad;
        return Ok(entry);
    }
    let Read {
        parts,
        title,
        solution,
    } = if let Some(data) = id.strip_prefix("scf") {
        Read {
            parts: scf(data).map_err(err)?,
            title: None,
            solution: None,
        }
    } else if let Some(data) = id.strip_prefix("scl").or_else(|| id.strip_prefix("ctc")) {
        let json = scl_json(data).map_err(err)?;
        let Value::Object(data) = json else {
            return Err(err("expected a JSON object".to_string()));
        };
        scl(&data, opts, source, line).map_err(err)?
    } else {
        return Err(err(format!(
            "`{id}` is a short id: the puzzle lives on SudokuPad's server, which this tool does not \
             ask. Paste the full link (SudokuPad's Share, with the puzzle in it), or the text of \
             https://sudokupad.app/api/puzzle/{id}"
        )));
    };
    let parts: Vec<Part<'_>> = parts
        .iter()
        .map(|(kind, args)| Part {
            kind,
            args: args.iter().map(String::as_str).collect(),
        })
        .collect();
    let puzzle = iss::build(&parts).map_err(err)?;
    Ok(Entry {
        puzzle,
        line,
        format: InputFormat::Sudokupad,
        id: title,
        solution,
    })
}

/// The puzzle id inside any of SudokuPad's wrappers, URL-decoded, without the settings query.
fn puzzle_id(text: &str) -> String {
    let mut t = percent_decoded(text.trim(), false);
    for scheme in ["https://", "http://", "sudokupad://puzzle/"] {
        if let Some(rest) = t.strip_prefix(scheme) {
            t = rest.to_string();
        }
    }
    let hosts = [
        "sudokupad.app/",
        "app.crackingthecryptic.com/",
        "sudokupad.svencodes.com/",
    ];
    if let Some((at, host)) = hosts.iter().find_map(|h| t.find(h).map(|at| (at, h))) {
        t = t[at + host.len()..].to_string();
    }
    for path in ["sudoku.html", "sudoku/", "sudoku"] {
        if let Some(rest) = t.strip_prefix(path) {
            t = rest.to_string();
            break;
        }
    }
    if let Some(at) = t.find("puzzleid=") {
        t = t[at + "puzzleid=".len()..].to_string();
    }
    let t = t.trim_start_matches(['?', '/']);
    let end = t.find(['?', '&', '#']).unwrap_or(t.len());
    t[..end].trim().to_string()
}

/// The ISS parts of an `scf` id, as `PuzzleTools.decodeSCF` reads it: `dedoku` decodes the
/// characters (each a digit and the run of blanks after it), the first 81 are the givens, and
/// the characters after the givens' own code are rule letters: `w` windoku, `x` X-sudoku
/// (other letters mean nothing to SudokuPad either).
fn scf(data: &str) -> Result<Parts, String> {
    let mut grid = String::new();
    for ch in data.chars() {
        let code = match ch {
            '0'..='9' => ch as u32 - 48,
            'A'..='Z' => ch as u32 - 55,
            'a'..='z' => ch as u32 - 61,
            _ => return Err(format!("scf: `{ch}` is not in its code")),
        };
        grid.push(char::from_digit(code % 10, 10).unwrap_or('0'));
        grid.extend(std::iter::repeat_n('0', (code / 10) as usize));
    }
    if grid.len() < 81 {
        return Err(format!(
            "scf: the code holds {} cells, expected 81 (was it cut short?)",
            grid.len()
        ));
    }
    grid.truncate(81);
    let rules = data.strip_prefix(codoku(&grid).as_str()).unwrap_or(data);
    let givens = grid
        .chars()
        .enumerate()
        .filter(|&(_, d)| d != '0')
        .map(|(cell, d)| format!("{}_{d}", iss_id(cell / 9, cell % 9)))
        .collect();
    let mut parts = vec![
        ("Shape".to_string(), vec!["9x9".to_string()]),
        (String::new(), givens),
    ];
    if rules.contains('w') {
        parts.push(("Windoku".to_string(), Vec::new()));
    }
    if rules.contains('x') {
        parts.push(("Diagonal".to_string(), vec!["1".to_string()]));
        parts.push(("Diagonal".to_string(), vec!["-1".to_string()]));
    }
    Ok(parts)
}

/// SudokuPad's `codoku` of a grid of digits (`0` blank): a character for each digit and the
/// up to five blanks after it.
fn codoku(grid: &str) -> String {
    let digits = grid.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < digits.len() {
        let mut len = 1;
        while len < 6 && digits.get(i + len) == Some(&b'0') {
            len += 1;
        }
        let code = u32::from(digits[i] - b'0') + 10 * len as u32;
        let shift = if code < 20 {
            38
        } else if code < 46 {
            45
        } else {
            51
        };
        out.push(char::from_u32(code + shift).unwrap_or('?'));
        i += len;
    }
    out
}

/// The most UTF-16 units an `scl` id may decompress to (8 MiB), as for f-puzzles.
const MAX_JSON_UNITS: usize = 4 << 20;

/// The JSON of an `scl`/`ctc` id: lz-string base64, then plain JSON or SudokuPad's zipped
/// form.
fn scl_json(data: &str) -> Result<Value, String> {
    let words = match lz_string::decompress_from_base64(data, MAX_JSON_UNITS) {
        Ok(w) if !w.is_empty() => w,
        Err(LzError::TooLarge) => {
            return Err("the id decompresses to more than 8 MiB: not a puzzle".to_string());
        }
        _ => return Err("the id does not decompress (lz-string base64); was it cut short?".into()),
    };
    let text = String::from_utf16(&words).map_err(|_| "the id decompresses to no text")?;
    if let Ok(v) = serde_json::from_str(&text) {
        return Ok(v);
    }
    let json = unzipped(&text);
    let mut value: Value =
        serde_json::from_str(&json).map_err(|e| format!("the puzzle's JSON does not read: {e}"))?;
    long_keys(&mut value);
    Ok(value)
}

/// SudokuPad's zipped JSON made JSON again, as `PuzzleZipper.unzip` does it: quotes back,
/// keys quoted, empty objects filled in, `t`/`f` and colour shorthands expanded.
fn unzipped(text: &str) -> String {
    let mut s = if text.contains('"') {
        text.to_string()
    } else {
        text.replace("\\'", "\u{2019}")
            .replace('\'', "\"")
            .replace('\u{2019}', "'")
    };
    s = quote_keys(&s);
    s = fill_empty(&s);
    for (short, long) in [
        ("f", "false"),
        ("t", "true"),
        ("#0", "\"#000000\""),
        ("#F", "\"#FFFFFF\""),
    ] {
        s = expand_value(&s, short, long);
    }
    expand_hex(&s)
}

/// Whether `c` opens or separates JSON items (`[,{`) or closes them (`,}]`).
fn opens(c: char) -> bool {
    matches!(c, ',' | '{' | '[')
}
fn closes(c: char) -> bool {
    matches!(c, ',' | '}' | ']')
}

/// `{key:` and `,key:` (key alphanumeric) with the key quoted.
fn quote_keys(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + s.len() / 4);
    let mut i = 0;
    while i < chars.len() {
        out.push(chars[i]);
        if opens(chars[i]) {
            let start = i + 1;
            let mut end = start;
            while end < chars.len() && chars[end].is_ascii_alphanumeric() {
                end += 1;
            }
            if end > start && chars.get(end) == Some(&':') {
                out.push('"');
                out.extend(&chars[start..end]);
                out.push_str("\":");
                i = end + 1;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// An item left out between separators (`[,`, `,,`, `,]`) as the empty object it stood for.
fn fill_empty(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        out.push(c);
        if opens(c) && chars.get(i + 1).is_some_and(|&d| closes(d)) && c != '{' {
            out.push_str("{}");
        }
    }
    out
}

/// `:short` before `,`, `}` or `]` replaced by `:long`.
fn expand_value(s: &str, short: &str, long: &str) -> String {
    let pattern = format!(":{short}");
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find(&pattern) {
        let after = &rest[at + pattern.len()..];
        out.push_str(&rest[..at]);
        if after.chars().next().is_some_and(closes) {
            out.push(':');
            out.push_str(long);
        } else {
            out.push_str(&pattern);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// `:` and six hex digits before `,`, `}` or `]` as the colour string `"#xxxxxx"`.
fn expand_hex(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while i < chars.len() {
        out.push(chars[i]);
        if chars[i] == ':'
            && i + 7 < chars.len()
            && chars[i + 1..i + 7].iter().all(char::is_ascii_hexdigit)
            && closes(chars[i + 7])
        {
            out.push_str("\"#");
            out.extend(&chars[i + 1..i + 7]);
            out.push('"');
            i += 7;
            continue;
        }
        i += 1;
    }
    out
}

/// SudokuPad's short keys, long (`puzzlezipper_lib.js`'s `propMap`, reversed).
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
];

/// Every short key of `value`, at any depth, made long.
fn long_keys(value: &mut Value) {
    match value {
        Value::Array(items) => items.iter_mut().for_each(long_keys),
        Value::Object(map) => {
            let old = std::mem::take(map);
            for (key, mut v) in old {
                long_keys(&mut v);
                let long = KEYS
                    .iter()
                    .find(|(s, _)| *s == key)
                    .map_or(key, |(_, l)| (*l).to_string());
                map.insert(long, v);
            }
        }
        _ => {}
    }
}

/// The kinds of drawing a SudokuPad puzzle may carry, whose meaning is in its rules text.
const DRAWINGS: &[&str] = &["lines", "arrows", "overlays", "underlays"];

/// The ISS parts and the title of a SudokuPad JSON puzzle.
fn scl(
    data: &Map<String, Value>,
    opts: &ReadOptions,
    source: &str,
    line: usize,
) -> Result<Read, String> {
    let rows = data
        .get("cells")
        .and_then(Value::as_array)
        .ok_or("expected `cells`, a list of rows")?;
    let n = rows.len();
    if !(1..=35).contains(&n) {
        return Err(format!("{n} rows: this reader takes 1 to 35"));
    }
    let mut givens = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_array()
            .filter(|c| c.len() == n)
            .ok_or_else(|| format!("row {}: expected {n} cells", r + 1))?;
        for (c, cell) in cells.iter().enumerate() {
            let value = match cell.get("value") {
                None | Some(Value::Null) => continue,
                Some(Value::Number(v)) => v.to_string(),
                Some(Value::String(v)) if v.is_empty() => continue,
                Some(Value::String(v)) => v.clone(),
                Some(v) => return Err(format!("r{}c{}: value {v} is not a digit", r + 1, c + 1)),
            };
            givens.push(format!("{}_{value}", iss_id(r, c)));
        }
    }
    let mut parts = vec![
        ("Shape".to_string(), vec![format!("{n}x{n}")]),
        (String::new(), givens),
    ];
    parts.extend(regions(data, n)?);
    let mut drawings: Vec<String> = Vec::new();
    // SudokuPad keeps the title, author, rules and solution as cages without cells
    // (`title: …`) or in `metaData`.
    let mut meta: Vec<(String, Value)> = Vec::new();
    let cell_of = |v: &Value| -> Result<String, String> {
        let rc = v.as_array().filter(|a| a.len() == 2);
        let at = |i: usize| rc.and_then(|a| a[i].as_u64()).filter(|&x| (x as usize) < n);
        match (at(0), at(1)) {
            (Some(r), Some(c)) => Ok(iss_id(r as usize, c as usize)),
            _ => Err(format!("cell {v}: expected [row, column] within the grid")),
        }
    };
    let cages = list(data, "cages")?;
    let mut bare_cages = 0;
    for cage in &cages {
        let cells = match cage.get("cells") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(cells)) => cells.iter().map(cell_of).collect::<Result<_, _>>()?,
            Some(v) => return Err(format!("cage cells {v}: expected a list")),
        };
        let value = match cage.get("value").or_else(|| cage.get("sum")) {
            Some(Value::Number(v)) => Some(v.to_string()),
            Some(Value::String(v)) => Some(v.trim().to_string()),
            _ => None,
        };
        match value {
            Some(v) if v.parse::<u64>().is_ok() && !cells.is_empty() => {
                let mut args = vec![v];
                args.extend(cells);
                parts.push(("Cage".to_string(), args));
            }
            Some(v) if cells.is_empty() || v.contains(':') => {
                if let Some((key, value)) = v.split_once(':') {
                    meta.push((
                        key.trim().to_string(),
                        Value::String(value.trim().to_string()),
                    ));
                }
            }
            _ if cells.is_empty() => {}
            _ => bare_cages += 1,
        }
    }
    for key in ["metaData", "metadata"] {
        if let Some(Value::Object(m)) = data.get(key) {
            meta.extend(m.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
    }
    let text = |key: &str| {
        meta.iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.as_str())
            .map(str::trim)
            .filter(|t| !t.is_empty())
    };
    let title = text("title").map(str::to_string);
    let solution = text("solution").and_then(|s| published(s, n, source, line));
    for (key, kind) in [("antiknight", "AntiKnight"), ("antiking", "AntiKing")] {
        let on = meta
            .iter()
            .any(|(k, v)| k == key && (v.as_bool() == Some(true) || v.as_str() == Some("true")));
        if on {
            parts.push((kind.to_string(), Vec::new()));
        }
    }
    for kind in DRAWINGS {
        let k = list(data, kind)?.len();
        if k > 0 {
            drawings.push(format!("{kind}: {k}"));
        }
    }
    if bare_cages > 0 {
        drawings.push(format!("cages without a total: {bare_cages}"));
    }
    if !drawings.is_empty() {
        let list = drawings.join(", ");
        if !opts.ignore_cosmetic {
            return Err(format!(
                "the puzzle has drawings whose meaning lives in its rules text ({list}); this \
                 tool cannot tell what they ask. --ignore-cosmetic reads it without them"
            ));
        }
        log::warn!("{source}:{line}: SudokuPad: left out, as --ignore-cosmetic asks: {list}");
    }
    Ok(Read {
        parts,
        title,
        solution,
    })
}

/// A `solution:` of n² digits as value indices; `None` (with a warning) when it is not one.
fn published(text: &str, n: usize, source: &str, line: usize) -> Option<Vec<usize>> {
    let values: Option<Vec<usize>> = text
        .chars()
        .map(|c| {
            c.to_digit(10)
                .map(|d| d as usize)
                .filter(|&d| (1..=n).contains(&d))
        })
        .map(|d| d.map(|d| d - 1))
        .collect();
    let full = values.filter(|v| v.len() == n * n && n <= 9);
    if full.is_none() {
        log::warn!(
            "{source}:{line}: SudokuPad: the puzzle's `solution:` is not {} digits from 1 to {n}; \
             it is not compared",
            n * n
        );
    }
    full
}

/// The items of a list-valued key; none when it is absent.
fn list<'a>(
    data: &'a Map<String, Value>,
    key: &str,
) -> Result<Vec<&'a Map<String, Value>>, String> {
    match data.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| {
                i.as_object()
                    .ok_or_else(|| format!("`{key}`: expected objects"))
            })
            .collect(),
        Some(v) => Err(format!("`{key}`: expected a list, found {v}")),
    }
}

/// The ISS parts of the puzzle's `regions` where they are not the grid's usual boxes.
fn regions(data: &Map<String, Value>, n: usize) -> Result<Parts, String> {
    let boxes = box_shape(n).unwrap_or(BoxShape::NONE);
    let default = |cell: usize| (!boxes.is_none()).then(|| boxes.box_of(n, cell / n, cell % n));
    let Some(list) = data.get("regions").and_then(Value::as_array) else {
        return Ok(Vec::new());
    };
    if list.len() > n {
        return Err(format!(
            "{} regions on a {n}×{n} grid: at most {n}",
            list.len()
        ));
    }
    let mut region: Vec<Option<usize>> = vec![None; n * n];
    for (k, cells) in list.iter().enumerate() {
        let cells = cells
            .as_array()
            .ok_or("`regions`: expected lists of cells")?;
        for rc in cells {
            let at = |i: usize| {
                rc.as_array()
                    .and_then(|a| a.get(i))
                    .and_then(Value::as_u64)
                    .filter(|&x| (x as usize) < n)
            };
            let (Some(r), Some(c)) = (at(0), at(1)) else {
                return Err(format!(
                    "region cell {rc}: expected [row, column] within the grid"
                ));
            };
            region[r as usize * n + c as usize] = Some(k);
        }
    }
    // the usual boxes, in whatever order they are listed
    let same = (0..n * n)
        .all(|a| (0..n * n).all(|b| (region[a] == region[b]) == (default(a) == default(b))));
    if same && region.iter().all(Option::is_some) && !boxes.is_none() {
        return Ok(Vec::new());
    }
    fpuzzles::region_parts(n, &region)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wrapper_gives_the_same_id() {
        for link in [
            "https://sudokupad.app/scfABC",
            "https://sudokupad.app/sudoku/scfABC",
            "https://sudokupad.app/?puzzleid=scfABC",
            "https://sudokupad.app/sudoku/?puzzleid=scfABC?setting-nogrid=1",
            "https://app.crackingthecryptic.com/sudoku/?puzzleid=scfABC",
            "https://app.crackingthecryptic.com/sudoku/scfABC",
            "sudokupad://puzzle/scfABC",
            "https://beta.sudokupad.app/scfABC&setting-x=1",
            "scfABC",
        ] {
            assert_eq!(puzzle_id(link), "scfABC", "{link}");
        }
        assert_eq!(
            puzzle_id("https://sudokupad.app/fpuzzlesN4Ig%2Bab%3D"),
            "fpuzzlesN4Ig+ab="
        );
    }

    #[test]
    fn scf_reads_givens_and_rules_as_sudokupad_does() {
        // "A blank grid" in SudokuPad's own comment decodes, by its own dedoku, to 78 blanks
        // and then `60000`: its first 81 cells hold a 6 at r9c7, and no rule.
        let parts = scf("oooooooooooook").unwrap();
        assert_eq!(parts[1].1, vec!["R9C7_6".to_string()]);
        assert_eq!(parts.len(), 2);
        // codoku and dedoku undo each other; the letters after the code are rules
        let grid = format!("5{}3{}", "0".repeat(40), "0".repeat(39));
        let code = codoku(&grid);
        let parts = scf(&format!("{code}xw")).unwrap();
        assert_eq!(parts[1].1, vec!["R1C1_5".to_string(), "R5C6_3".to_string()]);
        assert!(parts.iter().any(|p| p.0 == "Windoku"));
        assert_eq!(parts.iter().filter(|p| p.0 == "Diagonal").count(), 2);
        assert!(scf("1o").unwrap_err().contains("cut short"));
    }

    #[test]
    fn the_zipped_json_is_json_again() {
        let zipped = "{ce:[[{v:5},,{}]],ca:[{ce:[[0,0]],v:15,c:#0,r:t},{v:'title: X'}],l:[]}";
        let mut v: Value = serde_json::from_str(&unzipped(zipped)).unwrap();
        long_keys(&mut v);
        assert_eq!(v["cells"][0][0]["value"], 5);
        assert_eq!(v["cells"][0][1], serde_json::json!({}));
        assert_eq!(v["cages"][0]["value"], 15);
        assert_eq!(v["cages"][0]["color"], "#000000");
        assert_eq!(v["cages"][0]["rounded"], true);
        assert_eq!(v["cages"][1]["value"], "title: X");
    }
}
