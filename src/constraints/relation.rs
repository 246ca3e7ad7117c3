//! A relation given as its table of allowed value pairs, on a line's neighbouring cells or on
//! every two of its cells: the Interactive Sudoku Solver's `Pair`, `PairX`, `Binary`, `BinaryX`.

use super::{IssKind, IssPart, Kind, Post, RuleArgs, RuleWord, iss_cells};
use crate::engine::Domain;

/// Cells related two by two as a table says: each pair of neighbours along the line, or with
/// `every_pair` each two of the cells (whose relation is then symmetric).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Relation {
    /// The cells, in order.
    pub cells: Vec<usize>,
    /// Whether every two cells relate, not only neighbours along the line.
    pub every_pair: bool,
    /// The allowed (first, second) value pairs, sorted.
    pub allowed: Vec<(i64, i64)>,
    /// The value the Interactive Sudoku Solver's key starts at (the grid's first symbol).
    pub first: i64,
    /// Its name, or empty.
    pub name: String,
}

impl Relation {
    /// Whether the first cell's `a` allows the second's `b`.
    pub fn allows(&self, a: i64, b: i64) -> bool {
        self.allowed.binary_search(&(a, b)).is_ok()
    }

    /// The pairs of cells it relates, each in order.
    fn pairs(&self) -> Vec<(usize, usize)> {
        let c = &self.cells;
        if self.every_pair {
            (0..c.len())
                .flat_map(|i| (i + 1..c.len()).map(move |j| (c[i], c[j])))
                .collect()
        } else {
            c.windows(2).map(|w| (w[0], w[1])).collect()
        }
    }

    /// The Interactive Sudoku Solver's key of the table on n values from [`Self::first`]:
    /// bit `i·n + j` for the pair (i, j) of value indices, six bits a base64url character,
    /// trailing zeros trimmed; `None` when a value lies outside them.
    pub fn key(&self, n: usize) -> Option<String> {
        let index = |v: i64| usize::try_from(v - self.first).ok().filter(|&i| i < n);
        let mut bits = vec![0u8; (n * n).div_ceil(6)];
        for &(a, b) in &self.allowed {
            let k = index(a)? * n + index(b)?;
            bits[k / 6] |= 1 << (k % 6);
        }
        while bits.last() == Some(&0) {
            bits.pop();
        }
        Some(bits.iter().map(|&b| BASE64URL[b as usize] as char).collect())
    }
}

use super::base64url::ALPHABET as BASE64URL;

/// The pairs a key allows on `values` (the grid's values in order): bit `i·n + j` of the
/// six-bit characters, read as the solver's `LookupTables.forBinaryKey` reads it.
fn decode_key(key: &str, values: &[i64]) -> Result<Vec<(i64, i64)>, String> {
    let n = values.len();
    let bits: Vec<u8> = key
        .bytes()
        .map(|c| BASE64URL.iter().position(|&b| b == c).map(|i| i as u8))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("key `{key}`: not base64url"))?;
    let bit = |k: usize| bits.get(k / 6).is_some_and(|b| b >> (k % 6) & 1 == 1);
    Ok((0..n * n)
        .filter(|&k| bit(k))
        .map(|k| (values[k / n], values[k % n]))
        .collect())
}

/// `pairwise A-B,… CELLS` and `pairwise-all`: the allowed pairs, then the cells.
fn read_rule(a: &RuleArgs<'_>, every_pair: bool) -> Result<Vec<super::Constraint>, String> {
    let (spec, ids) = a
        .args
        .split_first()
        .ok_or_else(|| a.err("expected the allowed pairs (1-2,2-3) and the cells"))?;
    let mut allowed = Vec::new();
    for pair in spec.split(',') {
        let (x, y) = pair
            .split_once('-')
            .ok_or_else(|| a.err(format!("`{pair}` is not a pair of values (1-2)")))?;
        allowed.push((a.number(x)?, a.number(y)?));
    }
    let symbols = a.puzzle.symbols();
    let first = (!symbols.is_empty()).then(|| symbols.symbol(0) as i64);
    let relation = new(
        a.cells(ids, 2)?,
        every_pair,
        allowed,
        first.unwrap_or(1),
        String::new(),
    )
    .map_err(|e| a.err(e))?;
    Ok(vec![relation.into()])
}

/// A relation, its pairs sorted; one on every pair must be symmetric, as the solver's
/// `BinaryPairwise` requires.
fn new(
    cells: Vec<usize>,
    every_pair: bool,
    mut allowed: Vec<(i64, i64)>,
    first: i64,
    name: String,
) -> Result<Relation, String> {
    allowed.sort_unstable();
    allowed.dedup();
    let relation = Relation {
        cells,
        every_pair,
        allowed,
        first,
        name,
    };
    if every_pair && !relation.allowed.iter().all(|&(a, b)| relation.allows(b, a)) {
        return Err("a relation on every pair of cells must be symmetric".to_string());
    }
    Ok(relation)
}

impl Kind for Relation {
    const RULE_WORDS: &'static [RuleWord] = &[
        RuleWord {
            keyword: "pairwise",
            help: "A-B,… CELLS: each neighbouring pair along the line is one of the pairs",
            read: |a| read_rule(a, false),
        },
        RuleWord {
            keyword: "pairwise-all",
            help: "A-B,… CELLS: every two of the cells are one of the (symmetric) pairs",
            read: |a| read_rule(a, true),
        },
    ];
    const ISS_KINDS: &'static [IssKind] = &[
        IssKind {
            kind: "Pair",
            late: false,
            read: read_iss,
        },
        IssKind {
            kind: "PairX",
            late: false,
            read: read_iss,
        },
        IssKind {
            kind: "Binary",
            late: false,
            read: read_iss,
        },
        IssKind {
            kind: "BinaryX",
            late: false,
            read: read_iss,
        },
    ];

    fn name(&self) -> &'static str {
        if self.every_pair {
            "pairwise relation on every pair"
        } else {
            "pairwise relation"
        }
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        self.pairs()
            .into_iter()
            .all(|(a, b)| self.allows(value(a), value(b)))
    }

    fn value_terms(&self) -> u128 {
        0
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let pairs: Vec<String> = self.allowed.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        format!(
            "{} {}: {}",
            self.name(),
            pairs.join(","),
            super::list(&self.cells, name)
        )
    }

    fn parts(&self) -> Vec<super::Constraint> {
        self.pairs()
            .into_iter()
            .map(|(a, b)| {
                Relation {
                    cells: vec![a, b],
                    ..self.clone()
                }
                .into()
            })
            .collect()
    }

    fn iss(&self, n: usize) -> Option<String> {
        let kind = if self.every_pair { "PairX" } else { "Pair" };
        let name = super::iss_name(&self.name);
        let name = if name.is_empty() { name } else { format!("_{name}~") };
        Some(format!(
            "{kind}~{}~{name}{}",
            self.key(n)?,
            iss_cells(n, &self.cells)
        ))
    }

    /// A thin line through the cells with a small circle on each: hollow for neighbours, full
    /// for every pair, as the solver draws its custom lines.
    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#6a8caf", 2, false);
        let fill = if self.every_pair { "#6a8caf" } else { "#fff" };
        for &c in &self.cells {
            canvas.circle(super::Layer::Lines, c, 6, fill, "#6a8caf");
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        for (a, b) in self.pairs() {
            post.related(a, b, &|x, y| self.allows(x, y));
        }
    }
}

/// `Pair~KEY~[_NAME~]CELLS[~~CELLS…]` and `PairX` (every pair), each group of cells after an
/// empty argument or a `_NAME` its own relation; `Binary` and `BinaryX` are the same with the
/// key's `-` and `_` swapped (the solver's legacy encoding).
fn read_iss(part: &mut IssPart<'_>) -> Result<(), String> {
    let kind = part.kind;
    let (key, items) = part
        .args
        .split_first()
        .ok_or_else(|| format!("{kind}: expected a key, then cells"))?;
    let key: String = if kind.starts_with("Binary") {
        key.chars()
            .map(|c| match c {
                '-' => '_',
                '_' => '-',
                c => c,
            })
            .collect()
    } else {
        key.to_string()
    };
    let symbols = part.puzzle.symbols();
    let values: Vec<i64> = (0..symbols.len())
        .map(|i| symbols.symbol(i) as i64)
        .collect();
    let allowed = decode_key(&key, &values).map_err(|e| format!("{kind}: {e}"))?;
    let every_pair = kind.ends_with('X');
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    let mut name = String::new();
    let mut ids: Vec<&str> = Vec::new();
    for &item in items {
        if item.is_empty() || item.starts_with('_') {
            if !ids.is_empty() {
                groups.push((name.clone(), std::mem::take(&mut ids)));
            }
            if let Some(n) = item.strip_prefix('_') {
                name = crate::format::percent_decoded(n, false);
            }
        } else {
            ids.push(item);
        }
    }
    if !ids.is_empty() {
        groups.push((name, ids));
    }
    if groups.is_empty() {
        return Err(format!("{kind}: expected a key, then cells"));
    }
    for (name, ids) in groups {
        let cells = part.grid.cells(&ids)?;
        let first = values.first().copied().unwrap_or(1);
        let relation = new(cells, every_pair, allowed.clone(), first, name)
            .map_err(|e| format!("{kind} `{key}`: {e}"))?;
        part.add(relation)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{ReadOptions, read};

    fn puzzle(text: &str) -> crate::puzzle::Puzzle {
        read(text, "t", &ReadOptions::default()).unwrap()[0]
            .puzzle
            .clone()
    }

    #[test]
    fn a_key_reads_as_the_solvers_lookup_table_reads_it() {
        // `fnToBinaryKey((a, b) => a < b, 4)`: bit i·4 + j for each i < j.
        let values = [1, 2, 3, 4];
        let mut key_bits = [0u8; 3];
        for i in 0..4 {
            for j in i + 1..4 {
                key_bits[(i * 4 + j) / 6] |= 1 << ((i * 4 + j) % 6);
            }
        }
        let key: String = key_bits.iter().map(|&b| BASE64URL[b as usize] as char).collect();
        let allowed = decode_key(&key, &values).unwrap();
        let want: Vec<(i64, i64)> = (1..=4)
            .flat_map(|a| (a + 1..=4).map(move |b| (a, b)))
            .collect();
        assert_eq!(allowed, want);
        let r = new(vec![0, 1], false, allowed, 1, String::new()).unwrap();
        assert_eq!(r.key(4).as_deref(), Some(key.trim_end_matches('A')));
        assert!(decode_key("a*", &values).is_err());
    }

    #[test]
    fn the_iss_parts_read_groups_names_and_the_legacy_key() {
        // Event horizon's legacy renban key, and the same table as `Pair` with its name.
        let p = puzzle(".Binary~fwD-oH-ZP-7e-H~_Renban%20-%20mixed~R6C2~R4C6~~R6C2~R5C6");
        let c = p.constraints();
        assert_eq!(c.len(), 2);
        let super::super::Constraint::Relation(r) = &c[0] else {
            panic!("{c:?}")
        };
        assert_eq!(r.name, "Renban - mixed");
        assert_eq!(r.cells, [46, 32]);
        assert!(!r.every_pair);
        let again = puzzle(&format!(".{}", r.iss(9).unwrap()));
        assert_eq!(again.constraints()[0], c[0]);
        // Odd/even thermo: `UFVQFUAFQAE`, rising by two or more within one parity.
        let p = puzzle(".Pair~UFVQFUAFQAE~_T~r1c2~r1c3~r1c4");
        let super::super::Constraint::Relation(r) = &p.constraints()[0] else {
            panic!()
        };
        assert!(r.allows(1, 3) && r.allows(3, 9) && !r.allows(1, 2) && !r.allows(3, 1));
        assert!(r.holds(&|c| [0, 1, 3, 7][c]));
        assert!(!r.holds(&|c| [0, 1, 4, 7][c]));
    }

    #[test]
    fn every_pair_needs_a_symmetric_table_and_checks_each_two_cells() {
        let e = read(".PairX~C~R1C1~R1C2", "t", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("must be symmetric"), "{e}");
        let p = puzzle(".PairX~8H_xf8H_xf8H_B~_Nabner~R4C1~R5C1~R6C1");
        let super::super::Constraint::Relation(r) = &p.constraints()[0] else {
            panic!()
        };
        // Nabner: no two values consecutive, and (every pair) distinct.
        assert!(r.every_pair && !r.allows(3, 4) && !r.allows(5, 5) && r.allows(1, 3));
        let column = |a, b, c| move |cell: usize| [a, b, c][cell / 9 - 3];
        assert!(r.holds(&column(1, 5, 9)));
        assert!(!r.holds(&column(1, 5, 6)));
        assert_eq!(r.parts().len(), 3);
    }

    #[test]
    fn the_rule_words_read_value_pairs() {
        let p = puzzle(".~R9C9_1");
        let args = RuleArgs {
            puzzle: &p,
            key: "pairwise",
            args: vec!["1-2,2-1", "r1c1", "r1c2", "r1c3"],
            early: false,
        };
        let c = read_rule(&args, false).unwrap();
        let super::super::Constraint::Relation(r) = &c[0] else {
            panic!()
        };
        assert_eq!(r.allowed, [(1, 2), (2, 1)]);
        assert!(r.holds(&|c| [1, 2, 1][c]) && !r.holds(&|c| [1, 2, 2][c]));
        let bad = RuleArgs {
            args: vec!["1:2", "r1c1", "r1c2"],
            ..args
        };
        assert!(read_rule(&bad, false).unwrap_err().contains("not a pair"));
    }
}
