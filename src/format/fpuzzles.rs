//! Reading f-puzzles' exported puzzles, one a line: the lz-string base64 text of its `?load=`
//! links (the whole link may be pasted), or the JSON it compresses.

use super::iss::{self, Part};
use super::lz_string::LzError;
use super::options::ReadOptions;
use super::{Entry, InputFormat};
use crate::constraints::{self, FpuzzlesEntry, cells_at, iss_id};
use crate::error::InputError;
use crate::puzzle::{BoxShape, Constraint, PairKind, Puzzle, box_shape, piece_pairs};
use serde_json::{Map, Value};
use std::collections::HashSet;

/// The keys that carry no rule: the puzzle's name and text, and f-puzzles' own settings.
const METADATA: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
];

/// The whole-grid rule keys this reader reads itself; the constraint kinds' own keys are in
/// their modules ([`crate::constraints`]).
const RULE_KEYS: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
];

/// Every constraint key this reader knows.
pub fn keys() -> Vec<&'static str> {
    let own = constraints::fpuzzles_keys().map(|k| k.key);
    RULE_KEYS.iter().copied().chain(own).collect()
}

/// Drawing tools whose meaning lives only in the rule text.
const COSMETIC: &[&str] = &["line", "cage", "circle", "rectangle", "text"];

/// Reads one f-puzzles export.
pub(super) fn read_line(
    text: &str,
    line: usize,
    source: &str,
    opts: &ReadOptions,
) -> Result<Entry, InputError> {
    let err = |m: String| InputError::at(source, line, format!("f-puzzles: {m}"));
    let json = decode(text).map_err(err)?;
    let value: Value = serde_json::from_str(&json)
        .map_err(|e| err(format!("the puzzle's JSON does not read: {e}")))?;
    let Value::Object(data) = value else {
        return Err(err("expected a JSON object".to_string()));
    };
    let id = data
        .get("title")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string);
    let (puzzle, left_out) = Import::new(&data)
        .and_then(|import| import.puzzle(opts.ignore_cosmetic))
        .map_err(err)?;
    if !left_out.is_empty() {
        log::warn!(
            "{source}:{line}: f-puzzles: left out, as --ignore-cosmetic asks: {}",
            left_out.join(", ")
        );
    }
    let solution = published(&data, puzzle.size(), source, line);
    Ok(Entry {
        puzzle,
        line,
        format: InputFormat::Fpuzzles,
        id,
        solution,
    })
}

/// The `solution` f-puzzles publishes with a puzzle (n² digits from 1 to n, row by row) as
/// value indices; `None`, with a warning, when it is something else.
fn published(data: &Map<String, Value>, n: usize, source: &str, line: usize) -> Option<Vec<usize>> {
    let list = data.get("solution")?.as_array();
    let values: Option<Vec<usize>> = list.and_then(|l| {
        l.iter()
            .map(|v| {
                let d = v
                    .as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))?;
                (1..=n as u64).contains(&d).then(|| d as usize - 1)
            })
            .collect()
    });
    let full = values.filter(|v| v.len() == n * n);
    if full.is_none() {
        log::warn!(
            "{source}:{line}: f-puzzles: the puzzle's `solution` is not {} digits from 1 to \
             {n}; it is not compared",
            n * n
        );
    }
    full
}

/// The most UTF-16 units a link's text may decompress to (8 MiB): a 64×64 puzzle with every
/// constraint f-puzzles draws takes a few hundred KB.
const MAX_JSON_UNITS: usize = 4 << 20;

/// The JSON text of a line: as it is, or decompressed from the link or its lz-string text.
fn decode(text: &str) -> Result<String, String> {
    if text.starts_with('{') {
        return Ok(text.to_string());
    }
    if let (Some(i), None) = (text.find("?id="), text.find("load=")) {
        let id = text[i + "?id=".len()..].trim();
        return Err(format!(
            "`?id={id}` is a short link: the puzzle is kept on f-puzzles' server, which this tool \
             does not ask; open it in f-puzzles and copy the full `?load=` link"
        ));
    }
    let mut payload = text;
    if let Some(i) = text.find("load=") {
        payload = &text[i + "load=".len()..];
    } else if let Some(i) = text.find("/fpuzzles") {
        payload = &text[i + "/fpuzzles".len()..];
    }
    let end = payload
        .find(|c: char| c == '&' || c == '#' || c.is_whitespace())
        .unwrap_or(payload.len());
    let payload = payload[..end]
        .replace("%2B", "+")
        .replace("%2b", "+")
        .replace("%2F", "/")
        .replace("%2f", "/")
        .replace("%3D", "=")
        .replace("%3d", "=");
    if payload.is_empty() {
        return Err("the link holds no puzzle".to_string());
    }
    let words = match super::lz_string::decompress_from_base64(&payload, MAX_JSON_UNITS) {
        Ok(w) if !w.is_empty() => w,
        Err(LzError::TooLarge) => {
            return Err(format!(
                "the text decompresses to more than {} MiB: not a puzzle",
                MAX_JSON_UNITS >> 19
            ));
        }
        _ => {
            return Err(
                "the text does not decompress (lz-string base64); was it cut short?".into(),
            );
        }
    };
    String::from_utf16(&words).map_err(|_| "the text decompresses to no text".to_string())
}

/// One puzzle's JSON, read into the Interactive Sudoku Solver's parts and the constraints
/// those lack.
struct Import<'a> {
    data: &'a Map<String, Value>,
    n: usize,
    /// The Interactive Sudoku Solver's parts: kind and arguments.
    parts: Vec<(String, Vec<String>)>,
    /// Constraints added after the parts are read.
    extra: Vec<Constraint>,
}

impl<'a> Import<'a> {
    fn new(data: &'a Map<String, Value>) -> Result<Self, String> {
        let n = data
            .get("size")
            .and_then(Value::as_u64)
            .ok_or("expected a `size`")? as usize;
        if !(1..=35).contains(&n) {
            return Err(format!("size {n}: this reader takes 1 to 35"));
        }
        Ok(Import {
            data,
            n,
            parts: vec![("Shape".to_string(), vec![format!("{n}x{n}")])],
            extra: Vec::new(),
        })
    }

    /// The puzzle, and the cosmetic drawings left out (`line: 2`) when `ignore_cosmetic`
    /// asks; without it a drawing is refused.
    fn puzzle(mut self, ignore_cosmetic: bool) -> Result<(Puzzle, Vec<String>), String> {
        let mut left_out = Vec::new();
        for key in self.data.keys() {
            let key = key.as_str();
            let drawn = if COSMETIC.contains(&key) {
                self.entries(key)?.len()
            } else {
                0
            };
            if drawn > 0 && ignore_cosmetic {
                left_out.push(format!("{key}: {drawn}"));
            } else if drawn > 0 {
                return Err(format!(
                    "`{key}` is drawn without a rule of its own (its meaning is in the rule \
                     text), so this tool cannot tell what it asks; --ignore-cosmetic reads the \
                     puzzle without it"
                ));
            }
            let known = || keys().contains(&key);
            if !METADATA.contains(&key) && !COSMETIC.contains(&key) && !known() {
                return Err(format!(
                    "unknown constraint `{key}` (this tool reads {})",
                    keys().join(", ")
                ));
            }
        }
        self.grid()?;
        for key in keys() {
            if self.data.contains_key(key) {
                self.constraint(key)?;
            }
        }
        self.negatives()?;
        let parts: Vec<Part<'_>> = self
            .parts
            .iter()
            .map(|(kind, args)| Part {
                kind,
                args: args.iter().map(String::as_str).collect(),
            })
            .collect();
        let mut puzzle = iss::build(&parts)?;
        for c in self.extra {
            puzzle.add_constraint(c)?;
        }
        Ok((puzzle, left_out))
    }

    /// The givens, given pencil marks and regions of the `grid` rows.
    fn grid(&mut self) -> Result<(), String> {
        let n = self.n;
        let rows = self
            .data
            .get("grid")
            .and_then(Value::as_array)
            .ok_or("expected a `grid` of rows")?;
        if rows.len() != n {
            return Err(format!("`grid` has {} rows, expected {n}", rows.len()));
        }
        let boxes = box_shape(n).unwrap_or(BoxShape::NONE);
        let default = |cell: usize| (!boxes.is_none()).then(|| boxes.box_of(n, cell / n, cell % n));
        let mut region: Vec<Option<usize>> = (0..n * n).map(default).collect();
        let mut givens = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let cells = row
                .as_array()
                .filter(|c| c.len() == n)
                .ok_or_else(|| format!("`grid` row {}: expected {n} cells", r + 1))?;
            for (c, cell) in cells.iter().enumerate() {
                let id = iss_id(r, c);
                let at = format!("r{}c{}", r + 1, c + 1);
                let Value::Object(cell) = cell else {
                    return Err(format!("{at}: expected an object"));
                };
                let given = cell.get("given").and_then(Value::as_bool) == Some(true);
                match cell.get("value") {
                    Some(Value::Number(v)) if given => givens.push(format!("{id}_{v}")),
                    Some(Value::Null) | None => {}
                    Some(Value::Number(_)) => {} // a solver's entry, not part of the puzzle
                    Some(v) => return Err(format!("{at}: value {v} is not a number")),
                }
                if let Some(marks) = cell.get("givenPencilMarks").and_then(Value::as_array) {
                    let marks: Vec<String> = marks.iter().map(Value::to_string).collect();
                    match marks.len() {
                        0 => {}
                        1 => givens.push(format!("{id}_{}_{}", marks[0], marks[0])),
                        _ => givens.push(format!("{id}_{}", marks.join("_"))),
                    }
                }
                match cell.get("region") {
                    None => {}
                    Some(Value::Null) => region[r * n + c] = None,
                    Some(v) => {
                        let k = v
                            .as_u64()
                            .filter(|&k| (k as usize) < n)
                            .ok_or_else(|| format!("{at}: region {v} is not 0 to {}", n - 1))?;
                        region[r * n + c] = Some(k as usize);
                    }
                }
            }
        }
        self.parts.push((String::new(), givens));
        if (0..n * n).any(|cell| region[cell] != default(cell)) {
            self.regions(&region)?;
        }
        Ok(())
    }

    /// Regions other than the usual boxes ([`region_parts`]).
    fn regions(&mut self, region: &[Option<usize>]) -> Result<(), String> {
        let parts = region_parts(self.n, region)?;
        self.parts.extend(parts);
        Ok(())
    }

    /// The entries of a list-valued key (`thermometer: [ … ]`); a key set to `false` or
    /// `null` has none.
    fn entries(&self, key: &str) -> Result<Vec<&'a Map<String, Value>>, String> {
        match self.data.get(key) {
            None | Some(Value::Null) | Some(Value::Bool(false)) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, item)| {
                    item.as_object()
                        .ok_or_else(|| format!("`{key}` {}: expected an object", i + 1))
                })
                .collect(),
            Some(v) => Err(format!("`{key}`: expected a list, found {v}")),
        }
    }

    /// Whether a rule flag (`antiknight: true`) is on.
    fn flag(&self, key: &str) -> Result<bool, String> {
        match self.data.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(format!("`{key}`: expected true or false, found {v}")),
        }
    }

    /// Reads the constraint under `key`.
    fn constraint(&mut self, key: &str) -> Result<(), String> {
        let rule = |kind: &str| (kind.to_string(), Vec::new());
        match key {
            "diagonal+" | "diagonal-" | "antiknight" | "antiking" | "disjointgroups" => {
                if self.flag(key)? {
                    self.parts.push(match key {
                        "diagonal+" => ("Diagonal".to_string(), vec!["1".to_string()]),
                        "diagonal-" => ("Diagonal".to_string(), vec!["-1".to_string()]),
                        "antiknight" => rule("AntiKnight"),
                        "antiking" => rule("AntiKing"),
                        _ => rule("DisjointSets"),
                    });
                }
            }
            "nonconsecutive" | "negative" => {} // read with the dots, in `negatives`
            _ => {
                for (i, entry) in self.entries(key)?.into_iter().enumerate() {
                    let what = format!("{key} {}", i + 1);
                    self.entry(key, &what, entry)?;
                }
            }
        }
        Ok(())
    }

    /// Reads one entry of a list-valued constraint, by its kind's reader.
    fn entry(&mut self, key: &str, what: &str, entry: &Map<String, Value>) -> Result<(), String> {
        let reader = constraints::fpuzzles_keys()
            .find(|k| k.key == key)
            .expect("constraint keys are listed in keys()");
        let mut entry = FpuzzlesEntry {
            n: self.n,
            key,
            what,
            entry,
            parts: &mut self.parts,
            extra: &mut self.extra,
        };
        (reader.read)(&mut entry)
    }

    /// The negative rules: neighbours without a dot are not consecutive (`nonconsecutive`, or
    /// `difference` in `negative`), not one twice the other (`ratio`), and neighbours without
    /// an X or V do not add up to 10 or 5 (`xv`).
    fn negatives(&mut self) -> Result<(), String> {
        let mut negative: Vec<&str> = Vec::new();
        match self.data.get("negative") {
            None | Some(Value::Null) => {}
            Some(Value::Array(items)) => {
                for item in items {
                    match item.as_str() {
                        Some(k @ ("difference" | "ratio" | "xv")) => negative.push(k),
                        _ => {
                            return Err(format!(
                                "`negative`: {item} is not a rule this tool reads (difference, \
                                 ratio, xv)"
                            ));
                        }
                    }
                }
            }
            Some(v) => return Err(format!("`negative`: expected a list, found {v}")),
        }
        let not_consecutive = self.flag("nonconsecutive")? || negative.contains(&"difference");
        let not_double = negative.contains(&"ratio");
        let no_xv = negative.contains(&"xv");
        let marked = |kinds: &[&str]| -> Result<HashSet<(usize, usize)>, String> {
            let mut out = HashSet::new();
            for key in kinds {
                for (i, entry) in self.entries(key)?.into_iter().enumerate() {
                    let cells = cells_at(self.n, &format!("{key} {}", i + 1), entry.get("cells"))?;
                    if let [a, b] = cells[..] {
                        out.insert((a.min(b), a.max(b)));
                    }
                }
            }
            Ok(out)
        };
        let dots = marked(&["difference", "ratio"])?;
        let xv = marked(&["xv"])?;
        for (a, b) in piece_pairs(self.n, &[(0, 1), (1, 0)]) {
            let mut add = |kind| self.extra.push(Constraint::pair(kind, a, b));
            if !dots.contains(&(a, b)) {
                if not_consecutive {
                    add(PairKind::NotConsecutive);
                }
                if not_double {
                    add(PairKind::NotDouble);
                }
            }
            if no_xv && !xv.contains(&(a, b)) {
                add(PairKind::NoXv);
            }
        }
        Ok(())
    }
}

/// The ISS parts of regions other than the usual boxes (`region[cell]`, `None` outside
/// any): a jigsaw layout when they are n regions of n cells, else each region on its own.
pub(super) fn region_parts(
    n: usize,
    region: &[Option<usize>],
) -> Result<Vec<(String, Vec<String>)>, String> {
    let mut parts = vec![("NoBoxes".to_string(), Vec::new())];
    let mut members = vec![Vec::new(); n];
    for (cell, r) in region.iter().enumerate() {
        if let Some(r) = r {
            members[*r].push(cell);
        }
    }
    let full = members.iter().all(|m| m.len() == n);
    const LETTERS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    if full {
        let layout: String = region
            .iter()
            .map(|r| LETTERS[r.unwrap_or(0)] as char)
            .collect();
        parts.push(("Jigsaw".to_string(), vec![layout]));
        return Ok(parts);
    }
    for (k, cells) in members.iter().enumerate() {
        if cells.len() > n {
            return Err(format!(
                "region {k} has {} cells; a region holds at most {n}",
                cells.len()
            ));
        }
        if cells.len() > 1 {
            let ids = cells.iter().map(|&c| iss_id(c / n, c % n)).collect();
            parts.push(("AllDifferent".to_string(), ids));
        }
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Puzzle, String> {
        read_line(json, 1, "t", &ReadOptions::default())
            .map(|e| e.puzzle)
            .map_err(|e| e.to_string())
    }

    fn empty_grid(n: usize) -> String {
        let row = format!("[{}]", vec!["{}"; n].join(","));
        format!("[{}]", vec![row; n].join(","))
    }

    #[test]
    fn a_short_link_says_where_the_puzzle_is() {
        let e = decode("https://f-puzzles.com/?id=y7b2x3kq").unwrap_err();
        assert!(e.contains("short link") && e.contains("?load="), "{e}");
    }

    #[test]
    fn reads_givens_marks_regions_and_constraints() {
        let mut rows: Vec<Vec<String>> = vec![vec!["{}".to_string(); 4]; 4];
        rows[0][0] = r#"{"value":1,"given":true}"#.to_string();
        rows[0][1] = r#"{"value":2}"#.to_string(); // a solver's entry: not a given
        rows[3][3] = r#"{"givenPencilMarks":[3,4]}"#.to_string();
        let grid = format!(
            "[{}]",
            rows.iter()
                .map(|r| format!("[{}]", r.join(",")))
                .collect::<Vec<_>>()
                .join(",")
        );
        let json = format!(
            r#"{{"size":4,"title":"T","grid":{grid},"thermometer":[{{"lines":[["R2C1","R2C2","R2C3"]]}}],
            "arrow":[{{"cells":["R4C1"],"lines":[["R4C1","R3C1","R3C2"]]}}],
            "odd":[{{"cell":"R1C4"}}],"difference":[{{"cells":["R1C1","R1C2"]}}],
            "nonconsecutive":true,"diagonal+":true}}"#
        )
        .replace('\n', "");
        let entry = read_line(&json, 3, "t", &ReadOptions::default()).unwrap();
        assert_eq!(entry.id.as_deref(), Some("T"));
        let p = entry.puzzle;
        assert_eq!(p.given(0), Some(0));
        assert_eq!(p.given(1), None);
        let kinds: Vec<&str> = p.constraints().iter().map(Constraint::kind).collect();
        assert!(kinds.contains(&"thermometer"));
        assert!(kinds.contains(&"arrow"));
        assert!(kinds.contains(&"odd cell"));
        assert!(kinds.contains(&"white dot"));
        assert!(kinds.contains(&"region"));
        // 24 orthogonal pairs, one of them dotted.
        let negative = kinds
            .iter()
            .filter(|k| **k == "non-consecutive pair")
            .count();
        assert_eq!(negative, 23);
        let arrow = p
            .constraints()
            .iter()
            .find(|c| c.kind() == "arrow")
            .unwrap();
        assert_eq!(
            arrow,
            &Constraint::Arrow(constraints::Arrow {
                circle: vec![12],
                arrow: vec![8, 9]
            })
        );
    }

    #[test]
    fn sandwich_clues_name_their_line_from_either_side() {
        let json = format!(
            r#"{{"size":4,"grid":{},"sandwichsum":[{{"cell":"R0C2","value":"3"}},{{"cell":"R3C5","value":0}}]}}"#,
            empty_grid(4)
        );
        let p = read(&json).unwrap();
        let lines: Vec<Vec<usize>> = p.constraints().iter().map(Constraint::cells).collect();
        assert_eq!(lines, vec![vec![1, 5, 9, 13], vec![8, 9, 10, 11]]);
    }

    #[test]
    fn custom_regions_make_a_jigsaw() {
        let n = 4;
        let mut rows = Vec::new();
        for r in 0..n {
            let cells: Vec<String> = (0..n).map(|_| format!(r#"{{"region":{r}}}"#)).collect();
            rows.push(format!("[{}]", cells.join(",")));
        }
        let json = format!(r#"{{"size":4,"grid":[{}]}}"#, rows.join(","));
        let p = read(&json).unwrap();
        assert!(p.boxes().is_none());
        assert_eq!(
            p.constraints()
                .iter()
                .filter(|c| c.kind() == "region")
                .count(),
            4
        );
    }

    #[test]
    fn the_solver_userscript_keys_read_as_their_kinds() {
        use crate::constraints::*;
        let g = empty_grid(9);
        let line = |cells: &str| format!(r#"{{"lines":[[{cells}]]}}"#);
        let json = format!(
            r#"{{"size":9,"grid":{g},"whispers":[{},{{"lines":[["R2C1","R2C2"]],"value":"4"}}],
            "renban":[{}],"regionsumline":[{}],"entropicline":[{}],"modularline":[{}],
            "zipperline":[{}],"slowthermometer":[{}],
            "xsum":[{{"cell":"R0C2","value":"12"}},{{"cell":"R3C10","value":"7"}}],
            "skyscraper":[{{"cell":"R10C1","value":"3"}},{{"cell":"R4C5","value":"2"}}]}}"#,
            line(r#""R1C1","R1C2""#),
            line(r#""R3C1","R3C2","R3C3""#),
            line(r#""R4C3","R4C4""#),
            line(r#""R5C1","R5C2","R5C3""#),
            line(r#""R6C1","R6C2","R6C3""#),
            line(r#""R7C1","R7C2","R7C3""#),
            line(r#""R8C1","R8C2""#),
        );
        let err = read(&json).unwrap_err();
        assert!(err.contains("R4C5"), "{err}");
        let p = read(&json.replace(r#",{"cell":"R4C5","value":"2"}"#, "")).unwrap();
        let row = |r: usize| (0..9).map(move |c| r * 9 + c);
        let col = |c: usize| (0..9).map(move |r| r * 9 + c);
        let want: Vec<Constraint> = vec![
            Whisper {
                diff: 5,
                cells: vec![0, 1],
            }
            .into(),
            Whisper {
                diff: 4,
                cells: vec![9, 10],
            }
            .into(),
            Renban {
                cells: vec![18, 19, 20],
            }
            .into(),
            Entropic {
                cells: vec![36, 37, 38],
            }
            .into(),
            Modular {
                modulus: 3,
                cells: vec![45, 46, 47],
            }
            .into(),
            Zipper {
                cells: vec![54, 55, 56],
            }
            .into(),
            XSum {
                cells: col(1).collect(),
                total: 12,
            }
            .into(),
            XSum {
                cells: row(2).rev().collect(),
                total: 7,
            }
            .into(),
            Skyscraper {
                cells: col(0).rev().collect(),
                count: 3,
            }
            .into(),
            RegionSum {
                segments: vec![vec![29], vec![30]],
            }
            .into(),
            Thermo {
                cells: vec![63, 64],
                slow: true,
            }
            .into(),
        ];
        for c in &want {
            assert!(
                p.constraints().contains(c),
                "{c:?} not in {:?}",
                p.constraints()
            );
        }
        assert_eq!(p.constraints().len(), want.len());
    }

    #[test]
    fn errors_name_the_key_the_entry_and_the_cell() {
        let g = empty_grid(4);
        let e = read(&format!(r#"{{"size":4,"grid":{g},"chess":true}}"#)).unwrap_err();
        assert!(e.contains("unknown constraint `chess`"), "{e}");
        let e = read(&format!(
            r#"{{"size":4,"grid":{g},"line":[{{"lines":[["R1C1","R1C2"]]}}]}}"#
        ))
        .unwrap_err();
        assert!(e.contains("`line` is drawn without a rule"), "{e}");
        let e = read(&format!(
            r#"{{"size":4,"grid":{g},"thermometer":[{{"lines":[["R1C1","R9C2"]]}}]}}"#
        ))
        .unwrap_err();
        assert!(e.contains("thermometer 1: `R9C2` is not a cell"), "{e}");
        let e = read(&format!(
            r#"{{"size":4,"grid":{g},"ratio":[{{"cells":["R1C1","R1C2"],"value":"3"}}]}}"#
        ))
        .unwrap_err();
        assert!(e.contains("ratio 1: a ratio of 3"), "{e}");
        let e = read("N4IgzglgXgpiBcBOANCA5gJwgEwQbT2AF9l").unwrap_err();
        assert!(
            e.contains("t:1: f-puzzles: the text does not decompress"),
            "{e}"
        );
        let e = read(r#"{"size":4,"grid":[[]]"#).unwrap_err();
        assert!(e.contains("JSON does not read"), "{e}");
    }
}
