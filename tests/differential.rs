//! Differential tests at the edges of the variant surface: random small puzzles, each written
//! as an Interactive Sudoku Solver string (the grid, givens, some clues and whole-grid rules)
//! and a rule file (regions, variants, the other clues), in random order; read the way the
//! command line reads them; then every solver's count and every `explain` step compared
//! against a brute force that works from the case itself, not from what the readers made of
//! it. The cases draw rules without rows, columns or boxes, jigsaws, cells named twice,
//! self-pairs, regions smaller than the grid, shifted and huge symbol ranges, copies of one
//! clue, negative rules beside dots from the other source, and every kind the readers take.
//!
//! `SUDOKU_CP_DIFFERENTIAL=N` runs N cases (CI runs a bounded sample; the closing notes of
//! the issue that built this give the counts run locally).

use sudoku_cp::constraints;
use sudoku_cp::engine::{Limits, Rng, Stop};
use sudoku_cp::format::{self, InputFormat, ReadOptions};
use sudoku_cp::logic;
use sudoku_cp::puzzle::{Constraint, PairKind, Puzzle, Rules, check_solution};
use sudoku_cp::solvers::{self, Cp, Solver};

/// Solutions counted at most: past it, counts are compared capped.
const LIMIT: usize = 300;

mod random;
use random::random_case;

/// A clue, with the cells and numbers a person would write.
#[derive(Debug, Clone)]
enum Clue {
    Thermo(Vec<usize>, bool),
    Dot(&'static str, usize, usize),
    Region(Vec<usize>),
    Cage(i64, Vec<usize>),
    Sum(i64, Vec<usize>),
    Arrow(Vec<usize>, Vec<usize>),
    Line(&'static str, Vec<usize>),
    Numbered(&'static str, i64, Vec<usize>),
    RegionSum(Vec<usize>),
    Outside(&'static str, i64, &'static str, usize),
    Parity(usize, bool),
    /// A total, a start cell and a direction (row and column steps).
    LittleKiller(i64, usize, (i64, i64)),
    /// A 2×2 square's top-left cell and the values (as value indices) it holds.
    Quad(usize, Vec<usize>),
    /// An indexing cell, and whether it indexes its column (else its row).
    Indexing(usize, bool),
    /// A table of allowed (first, second) value-index pairs, whether it holds on every two
    /// cells (else on neighbours along the line), and the cells.
    Relation(Vec<(usize, usize)>, bool, Vec<usize>),
    /// An automaton: each state's moves (symbol, target) over the value indices and the
    /// break (index n), start 0, which states accept; and the segments of cells it reads.
    Automaton(Vec<Vec<(usize, usize)>>, Vec<bool>, Vec<Vec<usize>>),
    /// A regular expression over the values' characters, and its cells.
    Regex(String, Vec<usize>),
}

/// The solver's serialized automaton, written as its `NFASerializer` writes the plain format
/// (start 0, then the accepting states, then the rest), for the reader to read back.
fn nfa_key(moves: &[Vec<(usize, usize)>], accepting: &[bool]) -> String {
    let states = moves.len();
    // The solver's normal order: the start, the other accepting states, the rest.
    let mut order: Vec<usize> = vec![0];
    order.extend((1..states).filter(|&s| accepting[s]));
    order.extend((1..states).filter(|&s| !accepting[s]));
    let new_id = |s: usize| order.iter().position(|&x| x == s).unwrap_or(0);
    let bits_for = |x: usize| (usize::BITS - x.leading_zeros()) as usize;
    let state_bits = bits_for(states - 1).max(1);
    let symbols = moves.iter().flatten().map(|m| m.0 + 1).max().unwrap_or(1);
    let symbol_bits = bits_for(symbols - 1);
    let count_bits = bits_for(moves.iter().map(Vec::len).max().unwrap_or(0));
    let mut bits: Vec<bool> = Vec::new();
    let mut put = |v: usize, k: usize| (0..k).rev().for_each(|i| bits.push(v >> i & 1 == 1));
    put(0, 2);
    put(state_bits - 1, 4);
    put(symbols - 1, 4);
    put(1, state_bits);
    put((1..states).filter(|&s| accepting[s]).count(), state_bits);
    put(usize::from(accepting[0]), 1);
    put(count_bits, 4);
    for &s in &order {
        put(moves[s].len(), count_bits);
        for &(symbol, target) in &moves[s] {
            put(symbol, symbol_bits);
            put(new_id(target), state_bits);
        }
    }
    let bytes: Vec<u8> = bits
        .chunks(8)
        .map(|c| (0..8).fold(0u8, |b, i| b << 1 | u8::from(c.get(i) == Some(&true))))
        .collect();
    base64url(&bytes)
}

/// Unpadded base64url, as the solver's `Base64Codec.encodeString` writes bytes.
fn base64url(bytes: &[u8]) -> String {
    let abc = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let v = chunk
            .iter()
            .enumerate()
            .fold(0u32, |v, (i, &b)| v | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(abc[(v >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// One case: the grid, its symbols, givens, the rules, and the clues with where each is written.
#[derive(Debug, Clone)]
struct Case {
    n: usize,
    /// 2×2 boxes (4×4 only).
    boxes: bool,
    /// A jigsaw's piece per cell (a grid without boxes).
    jigsaw: Option<Vec<usize>>,
    /// The smallest symbol: the symbols are `lo .. lo + n`.
    lo: u64,
    /// Region families of the rule file: rows, columns, boxes, diagonal, anti-diagonal.
    regions: [bool; 5],
    /// Whole-grid rules, each with whether the ISS string carries it (else the rule file).
    globals: Vec<(&'static str, bool)>,
    givens: Vec<(usize, usize)>,
    /// Clues, each with whether the ISS string carries it.
    clues: Vec<(Clue, bool)>,
}

impl Case {
    fn cell_iss(&self, c: usize) -> String {
        let d = |i: usize| std::char::from_digit(i as u32 + 1, 36).unwrap_or('?');
        format!("R{}C{}", d(c / self.n), d(c % self.n))
    }

    fn cell_rule(&self, c: usize) -> String {
        format!("r{}c{}", c / self.n + 1, c % self.n + 1)
    }

    fn value(&self, v: usize) -> i64 {
        (self.lo + v as u64) as i64
    }

    /// The ISS string: shape and symbols, boxes or a jigsaw, givens, its clues and rules.
    fn iss(&self) -> String {
        let n = self.n;
        let mut s = format!(".Shape~{n}x{n}~{}-{}", self.lo, self.lo + n as u64 - 1);
        if !self.boxes {
            s += ".NoBoxes";
        }
        if let Some(pieces) = &self.jigsaw {
            let layout: String = pieces.iter().map(|&p| (b'A' + p as u8) as char).collect();
            s += &format!(".Jigsaw~{layout}");
        }
        for &(name, in_iss) in &self.globals {
            if in_iss {
                s += match name {
                    "anti-king" => ".AntiKing",
                    "anti-knight" => ".AntiKnight",
                    "non-consecutive" => ".AntiConsecutive",
                    "kropki-negative" => ".StrictKropki",
                    "anti-taxicab" => ".AntiTaxicab",
                    _ => ".StrictXV",
                };
            }
        }
        for (clue, in_iss) in &self.clues {
            if *in_iss {
                s += &self.iss_part(clue);
            }
        }
        s += ".";
        for &(c, v) in &self.givens {
            s += &format!("~{}_{}", self.cell_iss(c), self.lo + v as u64);
        }
        s
    }

    fn iss_part(&self, clue: &Clue) -> String {
        let ids = |cells: &[usize]| -> String {
            cells
                .iter()
                .map(|&c| format!("~{}", self.cell_iss(c)))
                .collect()
        };
        match clue {
            Clue::Thermo(cells, _) => format!(".Thermo{}", ids(cells)),
            Clue::Dot(kind, a, b) => {
                let kind = match *kind {
                    "white" => "WhiteDot",
                    "black" => "BlackDot",
                    "x" => "X",
                    "v" => "V",
                    _ => "GreaterThan",
                };
                format!(".{kind}{}", ids(&[*a, *b]))
            }
            Clue::Region(cells) => format!(".AllDifferent{}", ids(cells)),
            Clue::Cage(t, cells) => format!(".Cage~{t}{}", ids(cells)),
            Clue::Sum(t, cells) => format!(".Sum~{t}{}", ids(cells)),
            Clue::Arrow(circle, arrow) if circle.len() == 1 => {
                format!(".Arrow{}{}", ids(circle), ids(arrow))
            }
            Clue::Arrow(circle, arrow) => {
                format!(".PillArrow~{}{}{}", circle.len(), ids(circle), ids(arrow))
            }
            Clue::Line(kind, cells) => {
                let kind = match *kind {
                    "renban" => "Renban",
                    "palindrome" => "Palindrome",
                    "between" => "Between",
                    "zipper" => "Zipper",
                    "double-arrow" => "DoubleArrow",
                    "counting-circles" => "CountingCircles",
                    _ => "Entropic",
                };
                format!(".{kind}{}", ids(cells))
            }
            Clue::Numbered(kind, k, cells) => {
                let kind = match *kind {
                    "whisper" => "Whisper",
                    "lockout" => "Lockout",
                    "sum-line" => "SumLine",
                    "lunchbox" => "Lunchbox",
                    _ => "Modular",
                };
                format!(".{kind}~{k}{}", ids(cells))
            }
            Clue::RegionSum(cells) => format!(".RegionSumLine{}", ids(cells)),
            Clue::Outside(kind, value, side, i) => {
                let id = match *side {
                    "top" | "bottom" => format!("C{}", i + 1),
                    _ => format!("R{}", i + 1),
                };
                let forward = matches!(*side, "top" | "left");
                match *kind {
                    "sandwich" => format!(".Sandwich~{value}~{id}"),
                    "x-sum" if forward => format!(".XSum~{id}~{value}~"),
                    "x-sum" => format!(".XSum~{id}~~{value}"),
                    _ if forward => format!(".Skyscraper~{id}~{value}~"),
                    _ => format!(".Skyscraper~{id}~~{value}"),
                }
            }
            Clue::LittleKiller(total, start, _) => {
                format!(".LittleKiller~{total}~{}", self.cell_iss(*start))
            }
            Clue::Quad(top, values) => {
                let values: String = values
                    .iter()
                    .map(|&v| format!("~{}", self.lo + v as u64))
                    .collect();
                format!(".Quad~{}{values}", self.cell_iss(*top))
            }
            Clue::Indexing(cell, rows) => {
                let axis = if *rows { "R" } else { "C" };
                format!(".Indexing~{axis}~{}", self.cell_iss(*cell))
            }
            Clue::Relation(pairs, every, cells) => {
                // ISS's fnToBinaryKey: bit i·n + j, six bits a base64url character.
                let abc = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
                let mut bits = vec![0usize; (self.n * self.n).div_ceil(6)];
                for &(i, j) in pairs {
                    let k = i * self.n + j;
                    bits[k / 6] |= 1 << (k % 6);
                }
                let key: String = bits.iter().map(|&b| abc[b] as char).collect();
                let kind = if *every { "PairX" } else { "Pair" };
                format!(".{kind}~{key}{}", ids(cells))
            }
            Clue::Automaton(moves, accepting, segments) => {
                let segments: Vec<String> = segments.iter().map(|s| ids(s)).collect();
                format!(".NFA~{}{}", nfa_key(moves, accepting), segments.join("~-"))
            }
            Clue::Regex(pattern, cells) => {
                format!(".Regex~{}{}", base64url(pattern.as_bytes()), ids(cells))
            }
            Clue::Parity(..) => unreachable!("`iss_writes` keeps it in the rule file"),
        }
    }

    /// The rule file: its regions, variants and clues.
    fn rules(&self) -> String {
        let mut s = "name t\n".to_string();
        let names = ["rows", "columns", "boxes", "diagonal", "anti-diagonal"];
        let regions: Vec<&str> = (0..5)
            .filter(|&i| self.regions[i])
            .map(|i| names[i])
            .collect();
        if !regions.is_empty() {
            s += &format!("all-different {}\n", regions.join(" "));
        }
        if self
            .clues
            .iter()
            .any(|(c, iss)| *iss && matches!(c, Clue::Cage(..)))
        {
            s += "cages\n";
        }
        for &(name, in_iss) in &self.globals {
            if !in_iss {
                s += &format!("variant {name}\n");
            }
        }
        for (clue, in_iss) in &self.clues {
            if !*in_iss {
                s += &self.rule_line(clue);
                s.push('\n');
            }
        }
        s
    }

    fn rule_line(&self, clue: &Clue) -> String {
        let list = |cells: &[usize]| -> String {
            cells
                .iter()
                .map(|&c| self.cell_rule(c))
                .collect::<Vec<_>>()
                .join(" ")
        };
        match clue {
            Clue::Thermo(cells, slow) => {
                format!(
                    "{} {}",
                    if *slow { "slow-thermo" } else { "thermo" },
                    list(cells)
                )
            }
            Clue::Dot(kind, a, b) => format!("{kind} {}", list(&[*a, *b])),
            Clue::Region(cells) => format!("region {}", list(cells)),
            Clue::Cage(t, cells) => format!("cage {t} {}", list(cells)),
            Clue::Sum(t, cells) => format!("sum {t} {}", list(cells)),
            Clue::Arrow(circle, arrow) => format!("arrow {} : {}", list(circle), list(arrow)),
            Clue::Line(kind, cells) => format!("{kind} {}", list(cells)),
            Clue::Numbered(kind, k, cells) => format!("{kind} {k} {}", list(cells)),
            Clue::RegionSum(cells) => format!("region-sum {}", list(cells)),
            Clue::Outside(kind, value, side, i) => format!("{kind} {value} {side} {}", i + 1),
            Clue::Parity(cell, even) => {
                format!(
                    "{} {}",
                    if *even { "even" } else { "odd" },
                    self.cell_rule(*cell)
                )
            }
            Clue::LittleKiller(total, start, dir) => {
                let dir = match dir {
                    (-1, -1) => "up-left",
                    (-1, 1) => "up-right",
                    (1, -1) => "down-left",
                    _ => "down-right",
                };
                format!("little-killer {total} {} {dir}", self.cell_rule(*start))
            }
            Clue::Quad(top, values) => {
                let values: Vec<String> = values
                    .iter()
                    .map(|&v| (self.lo + v as u64).to_string())
                    .collect();
                format!("quad {} {}", self.cell_rule(*top), values.join(" "))
            }
            Clue::Indexing(cell, rows) => {
                let axis = if *rows { "row" } else { "column" };
                format!("{axis}-indexing {}", self.cell_rule(*cell))
            }
            Clue::Relation(pairs, every, cells) => {
                let pairs: Vec<String> = pairs
                    .iter()
                    .map(|&(i, j)| format!("{}-{}", self.value(i), self.value(j)))
                    .collect();
                let word = if *every { "pairwise-all" } else { "pairwise" };
                let cells: Vec<String> = cells.iter().map(|&c| self.cell_rule(c)).collect();
                format!("{word} {} {}", pairs.join(","), cells.join(" "))
            }
            Clue::Automaton(moves, accepting, segments) => {
                let segments: Vec<String> = segments
                    .iter()
                    .map(|s| {
                        s.iter()
                            .map(|&c| self.cell_rule(c))
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                format!("nfa {} {}", nfa_key(moves, accepting), segments.join(" : "))
            }
            Clue::Regex(pattern, cells) => {
                let cells: Vec<String> = cells.iter().map(|&c| self.cell_rule(c)).collect();
                format!("regex {pattern} {}", cells.join(" "))
            }
        }
    }

    /// The diagonal a little killer sums: from its start, step by step, to the edge.
    fn diagonal(&self, start: usize, (dr, dc): (i64, i64)) -> Vec<usize> {
        let n = self.n as i64;
        let (mut r, mut c) = (start as i64 / n, start as i64 % n);
        let mut cells = Vec::new();
        while (0..n).contains(&r) && (0..n).contains(&c) {
            cells.push((r * n + c) as usize);
            r += dr;
            c += dc;
        }
        cells
    }

    /// The line an outside clue reads, from its side.
    fn outside_line(&self, side: &str, i: usize) -> Vec<usize> {
        let n = self.n;
        match side {
            "top" => (0..n).map(|r| r * n + i).collect(),
            "bottom" => (0..n).rev().map(|r| r * n + i).collect(),
            "left" => (0..n).map(|c| i * n + c).collect(),
            _ => (0..n).rev().map(|c| i * n + c).collect(),
        }
    }

    /// The box or jigsaw piece of a cell, as a region-sum line splits; one region without.
    fn area(&self, c: usize) -> usize {
        let n = self.n;
        if self.boxes {
            (c / n / 2) * 2 + c % n / 2
        } else {
            self.jigsaw.as_ref().map_or(0, |p| p[c])
        }
    }

    /// What the clue means, as the independent check reads it: the test builds its cells. An
    /// ISS cage of total 0 has no total, and one naming a cell twice counts it twice in its
    /// sum (and once among its distinct cells), as ISS reads them.
    fn meaning(&self, clue: &Clue, in_iss: bool) -> Vec<Constraint> {
        if let (Clue::Cage(total, cells), true) = (clue, in_iss) {
            let mut distinct = cells.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let region = Constraint::Region(constraints::Region {
                label: String::new(),
                cells: distinct.clone(),
            });
            if *total == 0 {
                return vec![region];
            }
            let terms = distinct
                .iter()
                .map(|&c| (c, cells.iter().filter(|&&d| d == c).count() as i64))
                .collect();
            return vec![
                region,
                Constraint::Sum(constraints::Sum {
                    label: String::new(),
                    total: *total,
                    terms,
                }),
            ];
        }
        if let (Clue::Arrow(circle, arrow), true) = (clue, in_iss) {
            // ISS reads a pill's digits in grid order.
            let mut circle = circle.clone();
            circle.sort_unstable();
            return vec![Constraint::Arrow(constraints::Arrow {
                circle,
                arrow: arrow.clone(),
            })];
        }
        if let (Clue::Sum(total, cells), true) = (clue, in_iss) {
            let mut distinct = cells.clone();
            distinct.sort_unstable();
            distinct.dedup();
            let terms = distinct
                .iter()
                .map(|&c| (c, cells.iter().filter(|&&d| d == c).count() as i64))
                .collect();
            return vec![Constraint::Sum(constraints::Sum {
                label: String::new(),
                total: *total,
                terms,
            })];
        }
        vec![match clue {
            Clue::Thermo(cells, slow) => Constraint::Thermo(constraints::Thermo {
                cells: cells.clone(),
                slow: *slow,
            }),
            Clue::Dot(kind, a, b) => Constraint::Pair(constraints::Pair {
                kind: match *kind {
                    "white" => PairKind::WhiteDot,
                    "black" => PairKind::BlackDot,
                    "x" => PairKind::X,
                    "v" => PairKind::V,
                    _ => PairKind::Greater,
                },
                a: *a,
                b: *b,
            }),
            Clue::Region(cells) => Constraint::Region(constraints::Region {
                label: String::new(),
                cells: cells.clone(),
            }),
            Clue::Cage(total, cells) => Constraint::Cage(constraints::Cage {
                total: *total,
                cells: cells.clone(),
            }),
            Clue::Sum(total, cells) => Constraint::Sum(constraints::Sum {
                label: String::new(),
                total: *total,
                terms: cells.iter().map(|&c| (c, 1)).collect(),
            }),
            Clue::Arrow(circle, arrow) => Constraint::Arrow(constraints::Arrow {
                circle: circle.clone(),
                arrow: arrow.clone(),
            }),
            Clue::Line(kind, cells) => {
                let cells = cells.clone();
                match *kind {
                    "renban" => Constraint::Renban(constraints::Renban { cells }),
                    "palindrome" => Constraint::Palindrome(constraints::Palindrome { cells }),
                    "between" => Constraint::Between(constraints::Between { cells }),
                    "zipper" => Constraint::Zipper(constraints::Zipper { cells }),
                    "counting-circles" => {
                        Constraint::CountingCircles(constraints::CountingCircles { cells })
                    }
                    "double-arrow" => {
                        // The ends +1, the middle −1; a cell listed twice adds them up.
                        let last = cells.len() - 1;
                        let mut terms: Vec<(usize, i64)> = Vec::new();
                        for (i, &c) in cells.iter().enumerate() {
                            let k = if i == 0 || i == last { 1 } else { -1 };
                            match terms.iter_mut().find(|t| t.0 == c) {
                                Some(t) => t.1 += k,
                                None => terms.push((c, k)),
                            }
                        }
                        terms.retain(|t| t.1 != 0);
                        Constraint::Sum(constraints::Sum {
                            label: String::new(),
                            total: 0,
                            terms,
                        })
                    }
                    _ => Constraint::Entropic(constraints::Entropic { cells }),
                }
            }
            Clue::Numbered(kind, k, cells) => {
                let cells = cells.clone();
                match *kind {
                    "whisper" => Constraint::Whisper(constraints::Whisper { diff: *k, cells }),
                    "lockout" => Constraint::Lockout(constraints::Lockout { diff: *k, cells }),
                    "sum-line" => Constraint::SumLine(constraints::SumLine {
                        total: *k,
                        cells,
                        looped: false,
                    }),
                    "lunchbox" => Constraint::Lunchbox(constraints::Lunchbox { total: *k, cells }),
                    _ => Constraint::Modular(constraints::Modular { modulus: *k, cells }),
                }
            }
            Clue::RegionSum(cells) => {
                let mut segments: Vec<Vec<usize>> = Vec::new();
                for &c in cells {
                    match segments.last_mut() {
                        Some(seg) if self.area(seg[0]) == self.area(c) => seg.push(c),
                        _ => segments.push(vec![c]),
                    }
                }
                Constraint::RegionSum(constraints::RegionSum { segments })
            }
            Clue::Outside(kind, value, side, i) => {
                let cells = self.outside_line(side, *i);
                match *kind {
                    "sandwich" => Constraint::Sandwich(constraints::Sandwich {
                        cells,
                        total: *value,
                    }),
                    "x-sum" => Constraint::XSum(constraints::XSum {
                        cells,
                        total: *value,
                    }),
                    _ => Constraint::Skyscraper(constraints::Skyscraper {
                        cells,
                        count: *value,
                    }),
                }
            }
            Clue::Parity(cell, even) => Constraint::Parity(constraints::Parity {
                cell: *cell,
                even: *even,
            }),
            Clue::LittleKiller(total, start, dir) => Constraint::Sum(constraints::Sum {
                label: String::new(),
                total: *total,
                terms: self
                    .diagonal(*start, *dir)
                    .into_iter()
                    .map(|c| (c, 1))
                    .collect(),
            }),
            Clue::Quad(top, values) => Constraint::Quad(constraints::Quad {
                cells: vec![*top, top + 1, top + self.n, top + self.n + 1],
                values: values.iter().map(|&v| self.value(v)).collect(),
            }),
            Clue::Indexing(cell, rows) => {
                // (R, C) of value V: (R, V) holds C, or with rows (V, C) holds R.
                let (n, r, c) = (self.n, cell / self.n, cell % self.n);
                let (line, value) = if *rows {
                    ((0..n).map(|i| i * n + c).collect(), r as i64 + 1)
                } else {
                    ((0..n).map(|i| r * n + i).collect(), c as i64 + 1)
                };
                Constraint::Indexing(constraints::Indexing {
                    cell: *cell,
                    rows: *rows,
                    line,
                    value,
                })
            }
            Clue::Relation(pairs, every, cells) => {
                let mut allowed: Vec<(i64, i64)> = pairs
                    .iter()
                    .map(|&(i, j)| (self.value(i), self.value(j)))
                    .collect();
                allowed.sort_unstable();
                Constraint::Relation(constraints::Relation {
                    cells: cells.clone(),
                    every_pair: *every,
                    allowed,
                    first: self.value(0),
                    name: String::new(),
                })
            }
            Clue::Automaton(moves, accepting, segments) => {
                let moves = moves
                    .iter()
                    .map(|m| m.iter().map(|&(a, t)| (a as u32, t as u32)).collect())
                    .collect();
                let accepting: Vec<u32> = (0..accepting.len() as u32)
                    .filter(|&s| accepting[s as usize])
                    .collect();
                Constraint::StateMachine(constraints::StateMachine {
                    segments: segments.clone(),
                    source: constraints::Source::Key(String::new()),
                    name: String::new(),
                    nfa: constraints::Nfa::new(moves, vec![0], &accepting).expect("small"),
                    values: (0..self.n).map(|v| self.value(v)).collect(),
                })
            }
            Clue::Regex(..) => return Vec::new(),
        }]
    }
}

/// The character a regular expression names a value by: its digit, or from 10 on a capital.
fn value_char(v: u64) -> Option<char> {
    std::char::from_digit(u32::try_from(v).ok()?, 36).map(|c| c.to_ascii_uppercase())
}

/// What a [`Test`] asks of the grid (value indices, row-major).
type Holds = Box<dyn Fn(&[usize]) -> bool>;

/// A test a full grid must pass, checked by the brute force once its last cell is filled.
struct Test {
    last: usize,
    holds: Holds,
}

/// Every solution of the case, up to [`LIMIT`], by depth-first search over the cells in
/// row-major order: from the case alone, sharing with the library only `Constraint::holds`,
/// the definition of each clue.
fn brute_force(case: &Case) -> Vec<Vec<usize>> {
    let n = case.n;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    if case.regions[0] {
        groups.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
    }
    if case.regions[1] {
        groups.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    }
    if case.regions[2] && case.boxes {
        groups.extend((0..n).map(|b| (0..n * n).filter(|&c| case.area(c) == b).collect()));
    }
    if case.regions[3] {
        groups.push((0..n).map(|i| i * n + i).collect());
    }
    if case.regions[4] {
        groups.push((0..n).map(|i| (n - 1 - i) * n + i).collect());
    }
    if let Some(pieces) = &case.jigsaw {
        groups.extend((0..n).map(|p| (0..n * n).filter(|&c| pieces[c] == p).collect()));
    }
    let value = |v: usize| case.value(v);
    let mut tests: Vec<Test> = Vec::new();
    for (clue, in_iss) in &case.clues {
        for meaning in case.meaning(clue, *in_iss) {
            let cells = meaning.cells();
            let last = cells.iter().copied().max().unwrap_or(0);
            let lo = case.lo;
            tests.push(Test {
                last,
                holds: Box::new(move |g: &[usize]| meaning.holds(&|c| (lo + g[c] as u64) as i64)),
            });
        }
    }
    // Regular expressions, matched by the `regex` crate on the values' characters.
    for (clue, _) in &case.clues {
        if let Clue::Regex(pattern, cells) = clue {
            let re = regex::Regex::new(&format!("^(?:{pattern})$")).expect("a pattern");
            let (cells, lo) = (cells.clone(), case.lo);
            tests.push(Test {
                last: cells.iter().copied().max().unwrap_or(0),
                holds: Box::new(move |g: &[usize]| {
                    let word: String = cells
                        .iter()
                        .map(|&c| value_char(lo + g[c] as u64).unwrap_or('?'))
                        .collect();
                    re.is_match(&word)
                }),
            });
        }
    }
    // Whole-grid rules, pair by pair.
    let neighbours = |moves: &[(i64, i64)]| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for a in 0..n * n {
            let (r, c) = ((a / n) as i64, (a % n) as i64);
            for &(dr, dc) in moves {
                let (r2, c2) = (r + dr, c + dc);
                if (0..n as i64).contains(&r2) && (0..n as i64).contains(&c2) {
                    let b = (r2 * n as i64 + c2) as usize;
                    if b > a {
                        out.push((a, b));
                    }
                }
            }
        }
        out
    };
    let orthogonal = neighbours(&[(0, 1), (1, 0)]);
    let marked = |kinds: &[&str], a: usize, b: usize| {
        case.clues.iter().any(|(clue, _)| {
            matches!(clue, Clue::Dot(k, x, y) if kinds.contains(k) && (x.min(y), x.max(y)) == (&a.min(b), &a.max(b)))
        })
    };
    for &(name, _) in &case.globals {
        if name == "anti-taxicab" {
            // Two cells d steps apart do not both hold the value d.
            for a in 0..n * n {
                for b in a + 1..n * n {
                    let d = ((a / n).abs_diff(b / n) + (a % n).abs_diff(b % n)) as i128;
                    let lo = i128::from(case.lo);
                    tests.push(Test {
                        last: b,
                        holds: Box::new(move |g: &[usize]| {
                            lo + g[a] as i128 != d || lo + g[b] as i128 != d
                        }),
                    });
                }
            }
            continue;
        }
        let pairs: Vec<(usize, usize)> = match name {
            "anti-king" => neighbours(&[(0, 1), (1, 0), (1, 1), (1, -1)]),
            "anti-knight" => neighbours(&[(1, 2), (2, 1), (1, -2), (2, -1)]),
            "kropki-negative" => orthogonal
                .iter()
                .copied()
                .filter(|&(a, b)| !marked(&["white", "black"], a, b))
                .collect(),
            "xv-negative" => orthogonal
                .iter()
                .copied()
                .filter(|&(a, b)| !marked(&["x", "v"], a, b))
                .collect(),
            _ => orthogonal.clone(),
        };
        for (a, b) in pairs {
            let rel: fn(i128, i128) -> bool = match name {
                "anti-king" | "anti-knight" => |x, y| x != y,
                "non-consecutive" => |x, y| (x - y).abs() != 1,
                "kropki-negative" => |x, y| (x - y).abs() != 1 && x != 2 * y && y != 2 * x,
                _ => |x, y| x + y != 5 && x + y != 10,
            };
            let lo = case.lo;
            let val = move |v: usize| i128::from(lo) + v as i128;
            tests.push(Test {
                last: b,
                holds: Box::new(move |g: &[usize]| rel(val(g[a]), val(g[b]))),
            });
        }
    }
    let _ = value;
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (i, t) in tests.iter().enumerate() {
        at[t.last].push(i);
    }
    let mut cell_groups: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (g, cells) in groups.iter().enumerate() {
        for &c in cells {
            cell_groups[c].push(g);
        }
    }
    let mut given = vec![None; n * n];
    for &(c, v) in &case.givens {
        given[c] = Some(v);
    }
    let mut grid = vec![usize::MAX; n * n];
    let mut out = Vec::new();
    #[allow(clippy::too_many_arguments, reason = "the search's state, passed down")]
    fn walk(
        cell: usize,
        n: usize,
        grid: &mut Vec<usize>,
        given: &[Option<usize>],
        groups: &[Vec<usize>],
        cell_groups: &[Vec<usize>],
        tests: &[Test],
        at: &[Vec<usize>],
        out: &mut Vec<Vec<usize>>,
    ) {
        if out.len() >= LIMIT {
            return;
        }
        if cell == n * n {
            out.push(grid.clone());
            return;
        }
        for v in 0..n {
            if given[cell].is_some_and(|g| g != v) {
                continue;
            }
            let clash = cell_groups[cell]
                .iter()
                .any(|&g| groups[g].iter().any(|&c| c != cell && grid[c] == v));
            if clash {
                continue;
            }
            grid[cell] = v;
            if at[cell].iter().all(|&t| (tests[t].holds)(grid)) {
                walk(
                    cell + 1,
                    n,
                    grid,
                    given,
                    groups,
                    cell_groups,
                    tests,
                    at,
                    out,
                );
            }
            grid[cell] = usize::MAX;
        }
    }
    walk(
        0,
        n,
        &mut grid,
        &given,
        &groups,
        &cell_groups,
        &tests,
        &at,
        &mut out,
    );
    out
}

/// The case read as the command line reads it: the ISS string, then the rule file's rules
/// put on it. `Err` is a refusal, with its message.
fn read(case: &Case) -> Result<(Puzzle, Rules), String> {
    let opts = ReadOptions {
        format: InputFormat::Iss,
        ..ReadOptions::default()
    };
    let text = case.iss();
    let mut puzzle = format::read(&text, "case", &opts)
        .map_err(|e| e.to_string())?
        .remove(0)
        .puzzle;
    let rules = Rules::parse(&case.rules(), "case.rules").map_err(|e| e.to_string())?;
    rules.apply(&mut puzzle)?;
    Ok((puzzle, rules))
}

/// What one case showed.
#[derive(Debug, Default)]
struct Tally {
    cases: usize,
    refused: usize,
    compared: usize,
    none: usize,
    unique: usize,
    few: usize,
    explained: usize,
}

/// Runs one case: each solver that takes it counts what brute force counts, each solution it
/// prints passes the check and is one of brute force's; `explain` steps hold in every
/// solution.
fn run(case: &Case, tally: &mut Tally) {
    tally.cases += 1;
    let (puzzle, rules) = match read(case) {
        Ok(read) => read,
        Err(why) => {
            tally.refused += 1;
            if std::env::var("SUDOKU_CP_DIFFERENTIAL_SHOW").is_ok() {
                eprintln!("refused: {why}");
            }
            // A refusal says what, never panics; an ISS string whose values overflow
            // is one of them.
            assert!(!why.is_empty());
            return;
        }
    };
    let expected = brute_force(case);
    let capped = expected.len().min(LIMIT) as u64;
    let engine_cp: &dyn Solver = &EngineCp;
    let all: Vec<&dyn Solver> = solvers::registry()
        .iter()
        .copied()
        .chain([engine_cp])
        .collect();
    for solver in all {
        if solver.refuses(&puzzle, &rules).is_some() {
            continue;
        }
        let o = solver.solve(&puzzle, &rules, &Limits::solutions(LIMIT as u64));
        assert!(
            matches!(o.stop, Stop::Exhausted | Stop::SolutionLimit),
            "{}: {:?}",
            solver.name(),
            o.stop
        );
        assert_eq!(
            o.count,
            capped,
            "{} counts {} where brute force counts {}:\n{}\n{}\n{case:?}",
            solver.name(),
            o.count,
            capped,
            case.iss(),
            case.rules()
        );
        if let Some(g) = &o.solution {
            let problems = check_solution(&puzzle, &rules, g);
            assert!(problems.is_empty(), "{}: {problems:?}", solver.name());
            if expected.len() < LIMIT {
                assert!(
                    expected.contains(g),
                    "{}: a solution brute force lacks",
                    solver.name()
                );
            }
        }
        tally.compared += 1;
    }
    match expected.len() {
        0 => tally.none += 1,
        1 => tally.unique += 1,
        k if k < LIMIT => tally.few += 1,
        _ => {}
    }
    if expected.is_empty() || expected.len() >= LIMIT || logic::refuses(&puzzle, &rules).is_some() {
        return;
    }
    let n = case.n;
    for guess in [false, true] {
        if guess && expected.len() != 1 {
            continue;
        }
        let e = logic::explain::<u16>(&puzzle, &rules, &logic::ladder(n), guess, 10_000);
        for s in e.steps.iter().filter(|s| s.depth == 0) {
            for &(c, v) in &s.place {
                assert!(
                    expected.iter().all(|g| g[c] == v),
                    "`{}` places a value some solution lacks:\n{}\n{}",
                    s.text,
                    case.iss(),
                    case.rules()
                );
            }
            for &(c, v) in &s.eliminate {
                assert!(
                    expected.iter().all(|g| g[c] != v),
                    "`{}` removes a value of a solution:\n{}\n{}",
                    s.text,
                    case.iss(),
                    case.rules()
                );
            }
        }
        if e.ending == logic::Ending::Solved {
            let grid: Vec<usize> = e.board.values().iter().map(|v| v.unwrap_or(n)).collect();
            assert!(
                expected.contains(&grid),
                "explain solves into a grid brute force lacks"
            );
        }
        tally.explained += 1;
    }
}

/// `cp` on the general engine, never the bitboards.
#[derive(Debug)]
struct EngineCp;

impl Solver for EngineCp {
    fn name(&self) -> &'static str {
        "cp on the engine"
    }
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }
    fn description(&self) -> &'static str {
        ""
    }
    fn search(&self, puzzle: &Puzzle, rules: &Rules, limits: &Limits) -> sudoku_cp::Outcome {
        Cp::on_engine(puzzle, rules, limits)
    }
    fn refuses(&self, puzzle: &Puzzle, rules: &Rules) -> Option<String> {
        Cp::DEFAULT.refuses(puzzle, rules)
    }
}

#[test]
fn every_solver_and_every_explain_step_agree_with_brute_force() {
    let cases: usize = std::env::var("SUDOKU_CP_DIFFERENTIAL")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(5000);
    let mut rng = Rng::new(85);
    let mut tally = Tally::default();
    for _ in 0..cases {
        let case = random_case(&mut rng);
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&case, &mut tally)));
        if let Err(e) = ran {
            eprintln!(
                "the case that failed:\n{}\n{}\n{case:?}",
                case.iss(),
                case.rules()
            );
            std::panic::resume_unwind(e);
        }
    }
    eprintln!("{tally:?}");
    // The sample bites: most cases are read and compared, some are unique, some explained.
    assert!(tally.refused * 3 < tally.cases, "{tally:?}");
    assert!(tally.compared > tally.cases * 2, "{tally:?}");
    assert!(tally.unique * 20 > tally.cases, "{tally:?}");
    assert!(tally.explained * 10 > tally.cases, "{tally:?}");
}
