//! Writing a puzzle as f-puzzles' JSON and as the links that open it: f-puzzles' `?load=`
//! and SudokuPad's `sudokupad.app/fpuzzles…`, both the JSON in lz-string base64. The grid's
//! givens, pencil marks and regions, the whole-grid rules f-puzzles has flags for, the killer
//! cages, then each constraint as its kind writes it ([`crate::constraints`]).

use super::grid_rules::{GridRule, GridRules};
use crate::constraints::{Pair, fpuzzles_cells, fpuzzles_name};
use crate::puzzle::{Constraint, GlobalRule, PairKind, Puzzle, box_shape, orthogonal_neighbours};
use serde_json::{Map, Value, json};

/// Where f-puzzles is served.
pub(super) const FPUZZLES_URL: &str = "https://www.f-puzzles.com/?load=";
/// SudokuPad's link to an f-puzzles puzzle.
pub(super) const SUDOKUPAD_URL: &str = "https://sudokupad.app/fpuzzles";

/// The keys SudokuPad's reader of f-puzzles data draws (`parse` in SudokuPad/sudokutools'
/// `fpuzzlesdecoder.js`): it passes over any other without a word, so a link with one would
/// open without that constraint.
const SUDOKUPAD_READS: &[&str] = &[
    "size",
    "title",
    "author",
    "ruleset",
    "solution",
    "grid",
    "antiknight",
    "antiking",
    "littlekillersum",
    "arrow",
    "killercage",
    "diagonal+",
    "diagonal-",
    "ratio",
    "difference",
    "xv",
    "thermometer",
    "palindrome",
    "sandwichsum",
    "even",
    "odd",
    "extraregion",
    "clone",
    "quadruple",
    "betweenline",
    "lockout",
    "minimum",
    "maximum",
];

/// The tool an f-puzzles JSON is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reader {
    Fpuzzles,
    Sudokupad,
}

/// The puzzle as an f-puzzles `?load=` link.
pub fn fpuzzles_link(
    puzzle: &Puzzle,
    title: Option<&str>,
    solution: Option<&[usize]>,
) -> Result<String, String> {
    let json = json_for(Reader::Fpuzzles, puzzle, title, solution)?;
    Ok(format!("{FPUZZLES_URL}{}", packed(&json)))
}

/// The puzzle as a SudokuPad link (its `fpuzzles` form); a constraint SudokuPad's reader of
/// that form does not draw is refused, named. Pencil marks are written as centre marks too,
/// which SudokuPad shows.
pub fn sudokupad_link(
    puzzle: &Puzzle,
    title: Option<&str>,
    solution: Option<&[usize]>,
) -> Result<String, String> {
    let json = json_for(Reader::Sudokupad, puzzle, title, solution)?;
    Ok(format!("{SUDOKUPAD_URL}{}", packed(&json)))
}

/// The JSON in lz-string base64.
fn packed(json: &Value) -> String {
    let units: Vec<u16> = json.to_string().encode_utf16().collect();
    super::lz_string::compress_to_base64(&units)
}

/// The whole-grid rules f-puzzles has a flag or a negative rule for: the flag, or the
/// `negative` list's word.
const RULES: &[(GridRule, &str, bool)] = &[
    (GridRule::Diagonal(true), "diagonal+", true),
    (GridRule::Diagonal(false), "diagonal-", true),
    (GridRule::Global(GlobalRule::AntiKnight), "antiknight", true),
    (GridRule::Global(GlobalRule::AntiKing), "antiking", true),
    (
        GridRule::Global(GlobalRule::DisjointSets),
        "disjointgroups",
        true,
    ),
    (
        GridRule::Undotted(PairKind::NotConsecutive),
        "nonconsecutive",
        true,
    ),
    (
        GridRule::Global(GlobalRule::KropkiNegative),
        "difference",
        false,
    ),
    (GridRule::Undotted(PairKind::NotDouble), "ratio", false),
    (GridRule::Global(GlobalRule::XvNegative), "xv", false),
];

/// The puzzle as f-puzzles' JSON, with its title and solution when given; a constraint
/// f-puzzles has no key for is refused, named.
pub fn fpuzzles_json(
    puzzle: &Puzzle,
    title: Option<&str>,
    solution: Option<&[usize]>,
) -> Result<Value, String> {
    json_for(Reader::Fpuzzles, puzzle, title, solution)
}

/// The JSON for `reader`: for SudokuPad, only keys it draws.
fn json_for(
    reader: Reader,
    puzzle: &Puzzle,
    title: Option<&str>,
    solution: Option<&[usize]>,
) -> Result<Value, String> {
    let drawn = |key: &str, what: &dyn Fn() -> String| {
        if reader == Reader::Fpuzzles || SUDOKUPAD_READS.contains(&key) {
            Ok(())
        } else {
            Err(format!(
                "SudokuPad's reader of f-puzzles data has no key for {} (`{key}`): the link \
                 would open without it",
                what()
            ))
        }
    };
    let n = puzzle.size();
    if !(3..=16).contains(&n) {
        return Err(format!(
            "f-puzzles draws grids of 3×3 to 16×16, not {n}×{n}"
        ));
    }
    if !puzzle.symbols().is_default() {
        return Err(format!(
            "f-puzzles writes the digits 1 to {n}, not these symbols"
        ));
    }
    if puzzle.piece_of(0).is_some() && !puzzle.boxes().is_none() {
        return Err(
            "f-puzzles has no key for the boxes of a jigsaw that keeps them (its regions are \
             the jigsaw's)"
                .to_string(),
        );
    }
    let mut out = Map::new();
    out.insert("size".into(), json!(n));
    if let Some(t) = title {
        out.insert("title".into(), json!(t));
    }
    out.insert("grid".into(), grid(puzzle, reader == Reader::Sudokupad));
    if let Some(s) = solution {
        out.insert(
            "solution".into(),
            json!(s.iter().map(|v| v + 1).collect::<Vec<_>>()),
        );
    }
    let mut found = GridRules::new(puzzle);
    let mut negative = Vec::new();
    for &(rule, word, flag) in RULES {
        if found.take(rule) {
            let key = if flag { word } else { "negative" };
            drawn(key, &|| rule.name())?;
            if flag {
                out.insert(word.into(), json!(true));
            } else if word == "difference" {
                negative.extend(["difference", "ratio"]);
            } else if !negative.contains(&word) {
                negative.push(word);
            }
        }
    }
    if !negative.is_empty() {
        out.insert("negative".into(), json!(negative));
    }
    let mut add = |key: &str, entry: Value| {
        let list = out.entry(key).or_insert_with(|| json!([]));
        if let Value::Array(items) = list {
            items.push(entry);
        }
    };
    for cage in puzzle.cages() {
        let cells = fpuzzles_cells(n, &cage.cells);
        add(
            "killercage",
            json!({ "cells": cells, "value": cage.total.to_string() }),
        );
    }
    let left: Vec<&Constraint> = found.left().collect();
    let (extremes, used) = extremes(puzzle, &left);
    for (key, cell) in extremes {
        add(key, json!({ "cell": cell }));
    }
    for (i, c) in left.iter().enumerate() {
        if used.contains(&i) {
            continue;
        }
        let what = || c.describe(|cell| puzzle.cell_name(cell));
        let (key, entry) = c
            .fpuzzles(n)
            .ok_or_else(|| format!("f-puzzles has no key for the {}", what()))?;
        drawn(key, &|| format!("the {}", what()))?;
        add(key, entry);
    }
    Ok(Value::Object(out))
}

/// The grid's rows: each cell's given or pencil marks (with `centre` as centre marks too),
/// and its region where the regions are not the usual boxes (a jigsaw piece; none on a grid
/// without boxes).
fn grid(puzzle: &Puzzle, centre: bool) -> Value {
    let n = puzzle.size();
    let usual = box_shape(n).ok() == Some(puzzle.boxes());
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            let cells: Vec<Value> = (0..n)
                .map(|c| {
                    let cell = r * n + c;
                    let mut o = Map::new();
                    if let Some(v) = puzzle.given(cell) {
                        o.insert("value".into(), json!(v + 1));
                        o.insert("given".into(), json!(true));
                    } else if let Some(marks) = puzzle.candidates() {
                        let values: Vec<usize> = (0..n)
                            .filter(|v| marks[cell] >> v & 1 == 1)
                            .map(|v| v + 1)
                            .collect();
                        if values.len() < n {
                            if centre {
                                o.insert("centerPencilMarks".into(), json!(values));
                            }
                            o.insert("givenPencilMarks".into(), json!(values));
                        }
                    }
                    if let Some(piece) = puzzle.piece_of(cell) {
                        o.insert("region".into(), json!(piece));
                    } else if !usual {
                        o.insert("region".into(), Value::Null);
                    }
                    Value::Object(o)
                })
                .collect();
            Value::Array(cells)
        })
        .collect();
    Value::Array(rows)
}

/// The minimum and maximum cells among the greater-than pairs: a cell smaller (greater) than
/// each of its orthogonal neighbours, as f-puzzles' `minimum` (`maximum`) key; and the
/// indices in `left` of the pairs they take.
fn extremes(puzzle: &Puzzle, left: &[&Constraint]) -> (Vec<(&'static str, Value)>, Vec<usize>) {
    let n = puzzle.size();
    let mut out = Vec::new();
    let mut used = Vec::new();
    // (smaller, greater) for each sign.
    let signs: Vec<(usize, usize, usize)> = left
        .iter()
        .enumerate()
        .filter_map(|(i, c)| match c {
            Constraint::Pair(Pair {
                kind: PairKind::Greater,
                a,
                b,
            }) => Some((i, *b, *a)),
            Constraint::Pair(Pair {
                kind: PairKind::Less,
                a,
                b,
            }) => Some((i, *a, *b)),
            _ => None,
        })
        .collect();
    for cell in 0..n * n {
        for (key, smaller) in [("minimum", true), ("maximum", false)] {
            let around = orthogonal_neighbours(n, cell);
            let taken: Vec<usize> = around
                .iter()
                .filter_map(|&nb| {
                    signs
                        .iter()
                        .find(|&&(i, s, g)| {
                            !used.contains(&i)
                                && if smaller {
                                    (s, g) == (cell, nb)
                                } else {
                                    (s, g) == (nb, cell)
                                }
                        })
                        .map(|s| s.0)
                })
                .collect();
            if !around.is_empty() && taken.len() == around.len() {
                used.extend(taken);
                out.push((key, fpuzzles_name((cell / n) as i64, (cell % n) as i64)));
            }
        }
    }
    (out, used)
}
