//! Reading f-puzzles' exported puzzles, one a line: the lz-string base64 text of its `?load=`
//! links (the whole link may be pasted), or the JSON it compresses.

use super::iss::{self, Part};
use super::lz_string::LzError;
use super::options::ReadOptions;
use super::{Entry, InputFormat};
use crate::error::InputError;
use crate::puzzle::{
    BoxShape, Constraint, PairKind, Puzzle, box_shape, orthogonal_neighbours, piece_pairs,
};
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

/// The constraint keys this reader knows.
pub const KEYS: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "negative",
    "extraregion",
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "thermometer",
    "arrow",
    "palindrome",
    "betweenline",
    "difference",
    "ratio",
    "xv",
    "quadruple",
    "odd",
    "even",
    "minimum",
    "maximum",
    "clone",
];

/// Drawing tools whose meaning lives only in the rule text.
const COSMETIC: &[&str] = &["line", "cage", "circle", "rectangle", "text"];

/// Reads one f-puzzles export.
pub(super) fn read_line(
    text: &str,
    line: usize,
    source: &str,
    _opts: &ReadOptions,
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
    let puzzle = Import::new(&data)
        .and_then(|import| import.puzzle())
        .map_err(err)?;
    Ok(Entry {
        puzzle,
        line,
        format: InputFormat::Fpuzzles,
        id,
    })
}

/// The most UTF-16 units a link's text may decompress to (8 MiB): a 64×64 puzzle with every
/// constraint f-puzzles draws takes a few hundred KB.
const MAX_JSON_UNITS: usize = 4 << 20;

/// The JSON text of a line: as it is, or decompressed from the link or its lz-string text.
fn decode(text: &str) -> Result<String, String> {
    if text.starts_with('{') {
        return Ok(text.to_string());
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

    fn puzzle(mut self) -> Result<Puzzle, String> {
        for key in self.data.keys() {
            let key = key.as_str();
            if COSMETIC.contains(&key) && !self.entries(key)?.is_empty() {
                return Err(format!(
                    "`{key}` is drawn without a rule of its own (its meaning is in the rule \
                     text), so this tool cannot tell what it asks"
                ));
            }
            if !METADATA.contains(&key) && !KEYS.contains(&key) && !COSMETIC.contains(&key) {
                return Err(format!(
                    "unknown constraint `{key}` (this tool reads {})",
                    KEYS.join(", ")
                ));
            }
        }
        self.grid()?;
        for key in KEYS {
            if self.data.contains_key(*key) {
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
        Ok(puzzle)
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

    /// Regions other than the usual boxes: a jigsaw layout, or each region on its own.
    fn regions(&mut self, region: &[Option<usize>]) -> Result<(), String> {
        let n = self.n;
        self.parts.push(("NoBoxes".to_string(), Vec::new()));
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
            self.parts.push(("Jigsaw".to_string(), vec![layout]));
            return Ok(());
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
                self.parts.push(("AllDifferent".to_string(), ids));
            }
        }
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

    /// A cell named `R<row>C<col>` (1-based), as (row, column) from 0; `outside` lets the
    /// clue cells around the grid through (row or column 0 or n + 1).
    fn cell(&self, what: &str, value: Option<&Value>, outside: bool) -> Result<(i64, i64), String> {
        let n = self.n as i64;
        let name = value.and_then(Value::as_str).unwrap_or("");
        let parsed = name
            .strip_prefix(['R', 'r'])
            .and_then(|rest| rest.split_once(['C', 'c']))
            .and_then(|(r, c)| Some((r.parse::<i64>().ok()? - 1, c.parse::<i64>().ok()? - 1)));
        let inside = |x: i64| (0..n).contains(&x);
        let around = |x: i64| (-1..=n).contains(&x);
        match parsed {
            Some((r, c)) if inside(r) && inside(c) => Ok((r, c)),
            Some((r, c)) if outside && around(r) && around(c) => Ok((r, c)),
            _ => Err(format!(
                "{what}: `{}` is not a cell of the {n}×{n} grid (R1C1 … R{n}C{n})",
                value.map_or("nothing".to_string(), |v| v
                    .as_str()
                    .map_or(v.to_string(), str::to_string))
            )),
        }
    }

    /// The cells of a list (`cells: ["R1C1", …]`), as row-major indices.
    fn cell_list(&self, what: &str, list: Option<&Value>) -> Result<Vec<usize>, String> {
        let items = list
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{what}: expected a list of cells"))?;
        items
            .iter()
            .map(|v| {
                let (r, c) = self.cell(what, Some(v), false)?;
                Ok(r as usize * self.n + c as usize)
            })
            .collect()
    }

    /// The lines of an entry (`lines: [["R1C1", …], …]`).
    fn lines(&self, what: &str, entry: &Map<String, Value>) -> Result<Vec<Vec<usize>>, String> {
        entry
            .get("lines")
            .and_then(Value::as_array)
            .ok_or_else(|| format!("{what}: expected `lines`"))?
            .iter()
            .map(|l| self.cell_list(what, Some(l)))
            .collect()
    }

    /// The ids of cells, as the Interactive Sudoku Solver's parts name them.
    fn ids(&self, cells: &[usize]) -> Vec<String> {
        cells
            .iter()
            .map(|&c| iss_id(c / self.n, c % self.n))
            .collect()
    }

    fn part(&mut self, kind: &str, args: Vec<String>) {
        self.parts.push((kind.to_string(), args));
    }

    /// A clue's number (`value: "12"` or `12`); `None` when the clue has none.
    fn number(what: &str, entry: &Map<String, Value>) -> Result<Option<i64>, String> {
        match entry.get("value") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => s
                .trim()
                .parse()
                .map(Some)
                .map_err(|_| format!("{what}: `{s}` is not a whole number")),
            Some(v) => v
                .as_i64()
                .map(Some)
                .ok_or_else(|| format!("{what}: {v} is not a whole number")),
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

    /// Reads one entry of a list-valued constraint.
    fn entry(&mut self, key: &str, what: &str, entry: &Map<String, Value>) -> Result<(), String> {
        let n = self.n;
        match key {
            "extraregion" => {
                let cells = self.cell_list(what, entry.get("cells"))?;
                self.part("AllDifferent", self.ids(&cells));
            }
            "killercage" => {
                let cells = self.cell_list(what, entry.get("cells"))?;
                let total = Self::number(what, entry)?.map_or(String::new(), |t| t.to_string());
                let mut args = vec![total];
                args.extend(self.ids(&cells));
                self.part("Cage", args);
            }
            "littlekillersum" => {
                let cells = self.cell_list(what, entry.get("cells"))?;
                if let Some(total) = Self::number(what, entry)? {
                    let (r, c) = self.cell(what, entry.get("cell"), true)?;
                    self.extra.push(Constraint::Sum {
                        label: format!("little killer {total} from r{}c{}", r + 1, c + 1),
                        total,
                        terms: cells.into_iter().map(|c| (c, 1)).collect(),
                    });
                }
            }
            "sandwichsum" => {
                let Some(total) = Self::number(what, entry)? else {
                    return Ok(());
                };
                let (r, c) = self.cell(what, entry.get("cell"), true)?;
                let line = if (r < 0 || r == n as i64) && (0..n as i64).contains(&c) {
                    format!("C{}", c + 1)
                } else if (c < 0 || c == n as i64) && (0..n as i64).contains(&r) {
                    format!("R{}", r + 1)
                } else {
                    return Err(format!(
                        "{what}: a sandwich clue stands outside the grid, beside a row or column"
                    ));
                };
                self.part("Sandwich", vec![total.to_string(), line]);
            }
            "thermometer" | "palindrome" | "betweenline" => {
                let kind = match key {
                    "thermometer" => "Thermo",
                    "palindrome" => "Palindrome",
                    _ => "Between",
                };
                for line in self.lines(what, entry)? {
                    if line.len() >= 2 {
                        self.part(kind, self.ids(&line));
                    }
                }
            }
            "arrow" => {
                let circle = self.cell_list(what, entry.get("cells"))?;
                if circle.is_empty() || circle.len() > 3 {
                    return Err(format!("{what}: expected a circle of 1 to 3 cells"));
                }
                for line in self.lines(what, entry)? {
                    let shaft: Vec<usize> = line
                        .iter()
                        .copied()
                        .skip_while(|c| circle.contains(c))
                        .collect();
                    if shaft.is_empty() {
                        continue;
                    }
                    let mut args = Vec::new();
                    let kind = if circle.len() == 1 {
                        "Arrow"
                    } else {
                        args.push(circle.len().to_string());
                        "PillArrow"
                    };
                    args.extend(self.ids(&circle));
                    args.extend(self.ids(&shaft));
                    self.part(kind, args);
                }
            }
            "difference" | "ratio" => {
                let cells = self.cell_list(what, entry.get("cells"))?;
                let (usual, kind) = if key == "difference" {
                    (1, "WhiteDot")
                } else {
                    (2, "BlackDot")
                };
                if let Some(v) = Self::number(what, entry)?.filter(|&v| v != usual) {
                    return Err(format!(
                        "{what}: a {key} of {v} (this tool reads the usual dots, {key} {usual})"
                    ));
                }
                self.part(kind, self.ids(&cells));
            }
            "xv" => {
                let cells = self.cell_list(what, entry.get("cells"))?;
                let kind = match entry.get("value").and_then(Value::as_str) {
                    Some("X" | "x") => "X",
                    Some("V" | "v") => "V",
                    _ => return Err(format!("{what}: expected a value of X or V")),
                };
                self.part(kind, self.ids(&cells));
            }
            "quadruple" => {
                let cells = self.cell_list(what, entry.get("cells"))?;
                let top = cells.iter().copied().min().unwrap_or(0);
                let mut square = vec![top, top + 1, top + n, top + n + 1];
                let mut sorted = cells.clone();
                sorted.sort_unstable();
                square.sort_unstable();
                if top % n + 1 >= n || sorted != square {
                    return Err(format!("{what}: expected the four cells of a 2×2 square"));
                }
                let values = entry
                    .get("values")
                    .and_then(Value::as_array)
                    .ok_or_else(|| format!("{what}: expected `values`"))?;
                let mut args = vec![iss_id(top / n, top % n)];
                for v in values {
                    args.push(match v {
                        Value::String(s) => s.trim().to_string(),
                        v => v.to_string(),
                    });
                }
                self.part("Quad", args);
            }
            "odd" | "even" => {
                let (r, c) = self.cell(what, entry.get("cell"), false)?;
                self.extra.push(Constraint::Parity {
                    cell: r as usize * n + c as usize,
                    even: key == "even",
                });
            }
            "minimum" | "maximum" => {
                let (r, c) = self.cell(what, entry.get("cell"), false)?;
                let cell = r as usize * n + c as usize;
                let kind = if key == "minimum" {
                    PairKind::Less
                } else {
                    PairKind::Greater
                };
                for b in orthogonal_neighbours(self.n, cell) {
                    self.extra.push(Constraint::Pair { kind, a: cell, b });
                }
            }
            "clone" => {
                let cells = self.cell_list(what, entry.get("cells"))?;
                let clones = self.cell_list(what, entry.get("cloneCells"))?;
                if cells.len() != clones.len() {
                    return Err(format!("{what}: the clone has another shape"));
                }
                for (a, b) in cells.into_iter().zip(clones) {
                    if a != b {
                        self.extra.push(Constraint::Pair {
                            kind: PairKind::Equal,
                            a,
                            b,
                        });
                    }
                }
            }
            _ => unreachable!("constraint keys are listed in KEYS"),
        }
        Ok(())
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
                    let cells = self.cell_list(&format!("{key} {}", i + 1), entry.get("cells"))?;
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
            let mut add = |kind| self.extra.push(Constraint::Pair { kind, a, b });
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

/// A cell as the Interactive Sudoku Solver names it: `R<row>C<col>`, one base-36 digit each.
fn iss_id(row: usize, col: usize) -> String {
    let digit = |i: usize| std::char::from_digit(i as u32 + 1, 36).unwrap_or('?');
    format!("R{}C{}", digit(row), digit(col))
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
            &Constraint::Arrow {
                circle: vec![12],
                arrow: vec![8, 9]
            }
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
