//! A puzzle's own lines, dots and clues written in a rule file, one a line in words:
//! `thermo r1c1 r1c2 r1c3`, `arrow r5c5 : r4c4 r3c3`, `sandwich 18 top 3`.

use super::{Constraint, PairKind, Puzzle};

/// The keywords, with what each takes, as help and errors list them.
pub const KEYWORDS: &[(&str, &str)] = &[
    (
        "region",
        "CELLS: distinct symbols (a jigsaw piece, an extra region)",
    ),
    (
        "cage",
        "[TOTAL] CELLS: distinct symbols adding up to TOTAL (cages may overlap)",
    ),
    (
        "sum",
        "TOTAL CELLS: the cells add up to TOTAL; values may repeat",
    ),
    (
        "little-killer",
        "TOTAL CELL up-left|up-right|down-left|down-right: the diagonal adds up",
    ),
    (
        "thermo",
        "CELLS: values increase from the bulb, the first cell",
    ),
    ("slow-thermo", "CELLS: values never decrease from the bulb"),
    (
        "arrow",
        "CIRCLE : CELLS: the circle (1 to 3 cells, one number) is the arrow's sum",
    ),
    ("white", "CELL CELL: consecutive values"),
    ("black", "CELL CELL: one value twice the other"),
    ("x", "CELL CELL: values adding up to 10"),
    ("v", "CELL CELL: values adding up to 5"),
    ("greater", "CELL CELL: the first value is greater"),
    ("odd", "CELLS: odd values"),
    ("even", "CELLS: even values"),
    (
        "whisper",
        "[DIFF] CELLS: neighbours on the line differ by DIFF or more (5)",
    ),
    ("renban", "CELLS: distinct consecutive values in any order"),
    ("palindrome", "CELLS: the line reads the same both ways"),
    ("between", "CELLS: inner values lie between the two ends'"),
    (
        "lockout",
        "[DIFF] CELLS: ends DIFF (4) or more apart, no inner value between them",
    ),
    (
        "zipper",
        "CELLS: cells equally far from the middle add up to the same total",
    ),
    (
        "modular",
        "[M] CELLS: every M cells in a row differ modulo M (3)",
    ),
    (
        "entropic",
        "CELLS: every 3 cells in a row hold a low, a middle and a high value",
    ),
    (
        "region-sum",
        "CELLS: the line's parts in each box add up to the same total",
    ),
    (
        "quad",
        "CELL VALUES: the 2×2 square from CELL down-right holds the values",
    ),
    (
        "sandwich",
        "TOTAL top|bottom|left|right N: the cells between 1 and n add up to TOTAL",
    ),
    (
        "x-sum",
        "TOTAL SIDE N: the first X cells from the side add up, X the first value",
    ),
    (
        "skyscraper",
        "COUNT SIDE N: COUNT values are taller than all before them from the side",
    ),
];

/// One constraint line of a rule file, kept as written and read against each puzzle's grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConstraintLine {
    /// Where it was written (`my.rules:4`), for errors.
    pub at: String,
    /// The keyword (`thermo`).
    pub keyword: String,
    /// Its arguments.
    pub args: Vec<String>,
}

impl ConstraintLine {
    /// Reads a line whose keyword is one of [`KEYWORDS`], checking what does not depend on
    /// the grid; `None` when the keyword is another.
    pub fn parse(keyword: &str, rest: &str, at: String) -> Option<Result<Self, String>> {
        KEYWORDS.iter().find(|(k, _)| *k == keyword)?;
        let line = ConstraintLine {
            at,
            keyword: keyword.to_string(),
            args: rest
                .replace(':', " : ")
                .split_whitespace()
                .map(str::to_string)
                .collect(),
        };
        // Read once against a grid large enough for every cell named, without boxes.
        let n = (line.args.iter())
            .filter_map(|a| cell_of(a))
            .map(|(r, c)| r.max(c) + 1)
            .fold(9, usize::max);
        if n > super::MAX_SIZE {
            return Some(Err(format!(
                "`{keyword}`: a cell beyond the largest grid ({0}×{0})",
                super::MAX_SIZE
            )));
        }
        let check = Puzzle::with_boxes(n, super::Symbols::default_for(n), super::BoxShape::NONE)
            .map_err(|e| e.to_string())
            .and_then(|p| line.constraints(&p));
        Some(check.map(|_| line))
    }

    /// The constraints the line puts on `puzzle`.
    pub fn constraints(&self, puzzle: &Puzzle) -> Result<Vec<Constraint>, String> {
        let n = puzzle.size();
        let key = self.keyword.as_str();
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        let err = |m: String| format!("`{key}`: {m}");
        let cell = |a: &str| -> Result<usize, String> {
            match cell_of(a) {
                Some((r, c)) if r < n && c < n => Ok(r * n + c),
                Some(_) => Err(err(format!("{a} is outside the {n}×{n} grid"))),
                None => Err(err(format!("`{a}` is not a cell (r1c1 … r{n}c{n})"))),
            }
        };
        let cells = |list: &[&str], least: usize| -> Result<Vec<usize>, String> {
            let cells = list
                .iter()
                .map(|a| cell(a))
                .collect::<Result<Vec<_>, _>>()?;
            if cells.len() < least {
                return Err(err(format!("expected {least} cells or more")));
            }
            Ok(cells)
        };
        let number = |a: &str| -> Result<i64, String> {
            a.parse()
                .map_err(|_| err(format!("`{a}` is not a whole number")))
        };
        // A leading number when the first argument is not a cell (`whisper 4 r1c1 …`).
        let leading = |default: Option<i64>| -> Result<(Option<i64>, &[&str]), String> {
            match args.split_first() {
                Some((first, rest)) if cell_of(first).is_none() => Ok((Some(number(first)?), rest)),
                _ => Ok((default, &args[..])),
            }
        };
        let one = |c: Constraint| Ok(vec![c]);
        match key {
            "region" => one(Constraint::Region {
                label: format!("region at {}", args.first().copied().unwrap_or("")),
                cells: cells(&args, 2)?,
            }),
            "cage" => match leading(None)? {
                (Some(total), rest) => one(Constraint::Cage {
                    total,
                    cells: cells(rest, 1)?,
                }),
                (None, rest) => one(Constraint::Region {
                    label: format!("cage at {}", rest.first().copied().unwrap_or("")),
                    cells: cells(rest, 2)?,
                }),
            },
            "sum" => {
                let (total, rest) = leading(None)?;
                let total = total.ok_or_else(|| err("expected a total first".to_string()))?;
                let cells = cells(rest, 1)?;
                one(Constraint::Sum {
                    label: format!("sum {total} at {}", puzzle.cell_name(cells[0])),
                    total,
                    terms: cells.into_iter().map(|c| (c, 1)).collect(),
                })
            }
            "little-killer" => {
                let [total, start, direction] = args[..] else {
                    return Err(err("expected TOTAL CELL DIRECTION".to_string()));
                };
                let total = number(total)?;
                let start = cell(start)?;
                let (dr, dc): (i64, i64) = match direction {
                    "up-left" => (-1, -1),
                    "up-right" => (-1, 1),
                    "down-left" => (1, -1),
                    "down-right" => (1, 1),
                    _ => {
                        return Err(err(format!(
                            "`{direction}` is not up-left, up-right, down-left or down-right"
                        )));
                    }
                };
                let (mut r, mut c) = ((start / n) as i64, (start % n) as i64);
                let mut terms = Vec::new();
                while (0..n as i64).contains(&r) && (0..n as i64).contains(&c) {
                    terms.push(((r * n as i64 + c) as usize, 1));
                    r += dr;
                    c += dc;
                }
                one(Constraint::Sum {
                    label: format!("little killer {total} from {}", puzzle.cell_name(start)),
                    total,
                    terms,
                })
            }
            "thermo" | "slow-thermo" => one(Constraint::Thermo {
                cells: cells(&args, 2)?,
                slow: key == "slow-thermo",
            }),
            "arrow" => {
                let colon = args
                    .iter()
                    .position(|&a| a == ":")
                    .ok_or_else(|| err("expected CIRCLE : CELLS".to_string()))?;
                let circle = cells(&args[..colon], 1)?;
                if circle.len() > 3 {
                    return Err(err("a circle holds 1 to 3 cells".to_string()));
                }
                one(Constraint::Arrow {
                    circle,
                    arrow: cells(&args[colon + 1..], 1)?,
                })
            }
            "white" | "black" | "x" | "v" | "greater" => {
                let [a, b] = cells(&args, 2)?[..] else {
                    return Err(err("expected two cells".to_string()));
                };
                let kind = match key {
                    "white" => PairKind::WhiteDot,
                    "black" => PairKind::BlackDot,
                    "x" => PairKind::X,
                    "v" => PairKind::V,
                    _ => PairKind::Greater,
                };
                one(Constraint::Pair { kind, a, b })
            }
            "odd" | "even" => Ok(cells(&args, 1)?
                .into_iter()
                .map(|cell| Constraint::Parity {
                    cell,
                    even: key == "even",
                })
                .collect()),
            "whisper" | "lockout" | "modular" => {
                let default = match key {
                    "whisper" => 5,
                    "lockout" => 4,
                    _ => 3,
                };
                let (arg, rest) = leading(Some(default))?;
                let arg = arg.unwrap_or(default);
                if arg < 1 {
                    return Err(err(format!("{arg} is not 1 or more")));
                }
                let cells = cells(rest, 2)?;
                one(match key {
                    "whisper" => Constraint::Whisper { diff: arg, cells },
                    "lockout" => Constraint::Lockout { diff: arg, cells },
                    _ => Constraint::Modular {
                        modulus: arg,
                        cells,
                    },
                })
            }
            "renban" => one(Constraint::Renban {
                cells: cells(&args, 2)?,
            }),
            "palindrome" => one(Constraint::Palindrome {
                cells: cells(&args, 2)?,
            }),
            "between" => one(Constraint::Between {
                cells: cells(&args, 2)?,
            }),
            "zipper" => one(Constraint::Zipper {
                cells: cells(&args, 2)?,
            }),
            "entropic" => one(Constraint::Entropic {
                cells: cells(&args, 2)?,
            }),
            "region-sum" => {
                let cells = cells(&args, 2)?;
                let region = |c: usize| region_of(puzzle, c);
                let mut segments: Vec<Vec<usize>> = Vec::new();
                for c in cells {
                    match segments.last_mut() {
                        Some(seg) if region(seg[0]) == region(c) => seg.push(c),
                        _ => segments.push(vec![c]),
                    }
                }
                one(Constraint::RegionSum { segments })
            }
            "quad" => {
                let (first, values) = args
                    .split_first()
                    .ok_or_else(|| err("expected CELL VALUES".to_string()))?;
                let top = cell(first)?;
                if top % n + 1 >= n || top / n + 1 >= n {
                    return Err(err(format!("the 2×2 square from {first} leaves the grid")));
                }
                let values = values
                    .iter()
                    .map(|v| number(v))
                    .collect::<Result<Vec<_>, _>>()?;
                if values.is_empty() || values.len() > 4 {
                    return Err(err("expected 1 to 4 values".to_string()));
                }
                one(Constraint::Quad {
                    cells: vec![top, top + 1, top + n, top + n + 1],
                    values,
                })
            }
            "sandwich" | "x-sum" | "skyscraper" => {
                let [value, side, index] = args[..] else {
                    return Err(err("expected NUMBER SIDE N (e.g. `18 top 3`)".to_string()));
                };
                let value = number(value)?;
                let i: usize = index
                    .parse()
                    .ok()
                    .filter(|i| (1..=n).contains(i))
                    .ok_or_else(|| err(format!("`{index}` is not a row or column 1 to {n}")))?;
                let i = i - 1;
                let cells: Vec<usize> = match side {
                    "top" => (0..n).map(|r| r * n + i).collect(),
                    "bottom" => (0..n).rev().map(|r| r * n + i).collect(),
                    "left" => (0..n).map(|c| i * n + c).collect(),
                    "right" => (0..n).rev().map(|c| i * n + c).collect(),
                    _ => {
                        return Err(err(format!(
                            "`{side}` is not a side: top, bottom, left or right"
                        )));
                    }
                };
                one(match key {
                    "sandwich" => Constraint::Sandwich {
                        cells,
                        total: value,
                    },
                    "x-sum" => Constraint::XSum {
                        cells,
                        total: value,
                    },
                    _ => Constraint::Skyscraper {
                        cells,
                        count: value,
                    },
                })
            }
            _ => Err(err("not a constraint keyword".to_string())),
        }
    }
}

/// The (row, column) from 0 a cell name `r<row>c<col>` (from 1) names.
fn cell_of(name: &str) -> Option<(usize, usize)> {
    let rest = name.strip_prefix(['r', 'R'])?;
    let (r, c) = rest.split_once(['c', 'C'])?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (r >= 1 && c >= 1).then(|| (r - 1, c - 1))
}

/// The region a region-sum line splits at that holds `cell`, as the Interactive Sudoku Solver
/// reads one: its box, else (a grid without boxes) its jigsaw piece, else the whole grid, so
/// that the line is one segment.
fn region_of(puzzle: &Puzzle, cell: usize) -> usize {
    let n = puzzle.size();
    let boxes = puzzle.boxes();
    if !boxes.is_none() {
        return boxes.box_of(n, cell / n, cell % n);
    }
    puzzle.piece_of(cell).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Symbols;

    fn read(line: &str) -> Result<Vec<Constraint>, String> {
        let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
        let parsed = ConstraintLine::parse(keyword, rest, "t:1".to_string()).expect("a keyword")?;
        let p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        parsed.constraints(&p)
    }

    #[test]
    fn lines_read_as_their_constraints() {
        assert_eq!(
            read("slow-thermo r1c1 r1c2 r2c2").unwrap(),
            vec![Constraint::Thermo {
                cells: vec![0, 1, 10],
                slow: true
            }]
        );
        assert_eq!(
            read("arrow r5c5: r4c4 r3c3").unwrap(),
            vec![Constraint::Arrow {
                circle: vec![40],
                arrow: vec![30, 20]
            }]
        );
        assert_eq!(
            read("skyscraper 3 right 2").unwrap(),
            vec![Constraint::Skyscraper {
                cells: (9..18).rev().collect(),
                count: 3
            }]
        );
        let lk = read("little-killer 20 r1c7 down-right").unwrap();
        assert_eq!(lk[0].cells(), vec![6, 16, 26]);
        assert_eq!(
            read("whisper 4 r1c1 r1c2").unwrap()[0],
            Constraint::Whisper {
                diff: 4,
                cells: vec![0, 1]
            }
        );
        assert_eq!(read("odd r1c1 r9c9").unwrap().len(), 2);
        // Region-sum segments split at the boxes.
        assert_eq!(
            read("region-sum r1c2 r1c3 r1c4 r1c5").unwrap(),
            vec![Constraint::RegionSum {
                segments: vec![vec![1, 2], vec![3, 4]]
            }]
        );
    }

    #[test]
    fn errors_name_the_keyword_and_the_argument() {
        assert!(ConstraintLine::parse("name", "x", String::new()).is_none());
        let e = read("thermo r1c1 q2").unwrap_err();
        assert_eq!(e, "`thermo`: `q2` is not a cell (r1c1 … r9c9)");
        let e = read("sandwich 18 middle 3").unwrap_err();
        assert!(e.contains("`middle` is not a side"), "{e}");
        let e = read("thermo r1c1 r99999999999c1").unwrap_err();
        assert!(e.contains("beyond the largest grid"), "{e}");
        let e = read("arrow r1c1 r1c2").unwrap_err();
        assert!(e.contains("CIRCLE : CELLS"), "{e}");
        let p = Puzzle::empty(4, Symbols::default_for(4)).unwrap();
        let line = ConstraintLine::parse("thermo", "r1c1 r5c5", String::new())
            .unwrap()
            .unwrap();
        assert_eq!(
            line.constraints(&p).unwrap_err(),
            "`thermo`: r5c5 is outside the 4×4 grid"
        );
    }
}
