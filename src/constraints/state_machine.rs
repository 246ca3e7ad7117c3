//! A state machine line: the values along the cells spell a word an automaton accepts, given
//! as the Interactive Sudoku Solver's serialized `NFA` or as a `Regex` pattern.

use super::nfa::{Nfa, States};
use super::{IssKind, IssPart, Kind, Post, RuleWord, Unfolded, iss_cells, list};
use crate::engine::{Domain, Layered};

/// The cells, in segments, read in order as a word of value indices that `nfa` accepts;
/// between two segments the automaton reads one more symbol, the break (index: the number of
/// values).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StateMachine {
    /// The segments of cells, in order.
    pub segments: Vec<Vec<usize>>,
    /// Where the automaton came from.
    pub source: Source,
    /// Its name, or empty.
    pub name: String,
    /// The automaton over value indices.
    pub nfa: Nfa,
    /// The grid's values, by index: the automaton's symbols.
    pub values: Vec<i64>,
}

/// How a state machine was given.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Source {
    /// The solver's serialized automaton (its `NFA` key).
    Key(String),
    /// A regular expression over the values.
    Regex(String),
}

impl StateMachine {
    /// Checked: cells in each segment but the empty ones between breaks, and an automaton
    /// that reads the break when there is more than one segment, as the solver's
    /// `NFAConstraint` requires.
    fn new(
        segments: Vec<Vec<usize>>,
        source: Source,
        name: String,
        nfa: Nfa,
        values: Vec<i64>,
    ) -> Result<Self, String> {
        if segments.iter().all(Vec::is_empty) {
            return Err("expected cells".to_string());
        }
        if segments.len() > 1 && nfa.symbols() < values.len() + 1 {
            return Err(format!(
                "the automaton reads {} symbols, but segments need {} (the values and a break)",
                nfa.symbols(),
                values.len() + 1
            ));
        }
        Ok(StateMachine {
            segments,
            source,
            name,
            nfa,
            values,
        })
    }

    /// The word the cells spell, breaks included; `None` when a value is not the grid's.
    fn word(&self, value: &dyn Fn(usize) -> i64) -> Option<Vec<u32>> {
        let mut word = Vec::new();
        for (i, segment) in self.segments.iter().enumerate() {
            if i > 0 {
                word.push(self.values.len() as u32);
            }
            for &c in segment {
                let v = value(c);
                word.push(self.values.iter().position(|&x| x == v)? as u32);
            }
        }
        Some(word)
    }
}

/// The states reached from `set` over `breaks` break symbols.
fn over_breaks(nfa: &Nfa, set: States, breaks: usize, symbol: u32) -> Option<States> {
    (0..breaks).try_fold(set, |s, _| nfa.step(&s, symbol))
}

/// The grid's values, by index.
fn values_of(puzzle: &crate::puzzle::Puzzle) -> Vec<i64> {
    puzzle.symbols().as_slice().iter().map(|&v| v as i64).collect()
}

impl Kind for StateMachine {
    const RULE_WORDS: &'static [RuleWord] = &[
        RuleWord {
            keyword: "regex",
            help: "PATTERN CELLS: the values along the line match the regular expression",
            read: |a| {
                let (pattern, ids) = a
                    .args
                    .split_first()
                    .ok_or_else(|| a.err("expected a pattern, then cells"))?;
                let values = values_of(a.puzzle);
                // Before the grid is known, every character stands for a value.
                let any: Vec<i64> = (0..36).collect();
                let nfa = super::regex::compile(pattern, if a.early { &any } else { &values })
                    .map_err(|e| a.err(e))?;
                let source = Source::Regex(pattern.to_string());
                let cells = a.cells(ids, 1)?;
                let machine = StateMachine::new(vec![cells], source, String::new(), nfa, values);
                Ok(vec![machine.map_err(|e| a.err(e))?.into()])
            },
        },
        RuleWord {
            keyword: "nfa",
            help: "KEY CELLS [: CELLS…]: the values spell a word the ISS automaton KEY accepts",
            read: |a| {
                let (key, ids) = a
                    .args
                    .split_first()
                    .ok_or_else(|| a.err("expected a key, then cells"))?;
                let nfa = Nfa::from_iss(key).map_err(|e| a.err(format!("key `{key}`: {e}")))?;
                let segments = ids
                    .split(|&id| id == ":")
                    .map(|ids| a.cells(ids, 0))
                    .collect::<Result<Vec<_>, _>>()?;
                let source = Source::Key(key.to_string());
                let values = values_of(a.puzzle);
                let machine = if a.early {
                    Ok(StateMachine { segments, source, name: String::new(), nfa, values })
                } else {
                    StateMachine::new(segments, source, String::new(), nfa, values)
                };
                Ok(vec![machine.map_err(|e| a.err(e))?.into()])
            },
        },
    ];
    const ISS_KINDS: &'static [IssKind] = &[
        IssKind {
            kind: "NFA",
            late: false,
            read: read_nfa,
        },
        IssKind {
            kind: "Regex",
            late: false,
            read: read_regex,
        },
    ];

    fn name(&self) -> &'static str {
        match self.source {
            Source::Key(_) => "state machine",
            Source::Regex(_) => "regex line",
        }
    }

    fn cells(&self) -> Vec<usize> {
        self.segments.concat()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        self.word(value)
            .is_some_and(|word| self.nfa.accepts_word(&word))
    }

    fn value_terms(&self) -> u128 {
        0
    }

    fn may_repeat_cells(&self) -> bool {
        true
    }

    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        let what = match &self.source {
            Source::Key(_) if self.name.is_empty() => "state machine".to_string(),
            Source::Key(_) => format!("state machine {}", self.name),
            Source::Regex(pattern) => format!("regex {pattern}"),
        };
        let segments: Vec<String> = self.segments.iter().map(|s| list(s, name)).collect();
        format!("{what}: {}", segments.join(" : "))
    }

    /// The sets of states the values so far reach (the subset construction, unfolded over
    /// the cells); past a segment's last cell the break is read too.
    fn automaton(&self, _w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let symbol = self.values.len() as u32;
        // breaks[i]: the breaks read before the i-th cell (the last entry: after them all).
        let mut breaks = vec![0usize];
        for (i, segment) in self.segments.iter().enumerate() {
            if i > 0 {
                *breaks.last_mut().expect("one entry") += 1;
            }
            breaks.extend(segment.iter().map(|_| 0));
        }
        let cells = self.cells();
        let nfa = &self.nfa;
        let start = over_breaks(nfa, nfa.start(), breaks[0], symbol)
            .unwrap_or_else(|| vec![0u64; nfa.len().div_ceil(64)].into_boxed_slice());
        let step = |pos: usize, s: &States, v: usize| -> Option<States> {
            over_breaks(nfa, nfa.step(s, v as u32)?, breaks[pos + 1], symbol)
        };
        let accept = |s: &States| nfa.accepting(s);
        let layered = Layered::unfold(cells.len(), n, start, step, accept, max_edges);
        Some(layered.map(|l| (cells, l)))
    }

    fn iss(&self, n: usize) -> Option<String> {
        let segments: Vec<String> = self.segments.iter().map(|s| iss_cells(n, s)).collect();
        let cells = segments.join("~-~");
        Some(match &self.source {
            Source::Key(key) if self.name.is_empty() => format!("NFA~{key}~{cells}"),
            Source::Key(key) => {
                let name = super::iss_name(&self.name);
                format!("NFA~{key}~_{name}~{cells}")
            }
            Source::Regex(pattern) => format!("Regex~{}~{cells}", super::base64url::encode(pattern.as_bytes())),
        })
    }

    /// A thin dashed line along each segment with a small empty circle on each cell, as the
    /// solver draws its custom lines.
    fn draw(&self, canvas: &mut super::Canvas) {
        for segment in &self.segments {
            canvas.path(segment, "#8a6aaf", 2, true);
            for &c in segment {
                canvas.circle(super::Layer::Lines, c, 5, "#fff", "#8a6aaf");
            }
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// The groups of cells after the key: split by an empty argument or a `_NAME` (the solver's
/// `parseNamedCellGroups`), each group's segments by `-`.
fn named_groups<'a>(items: &[&'a str]) -> Vec<(String, Vec<Vec<&'a str>>)> {
    let mut groups: Vec<(String, Vec<Vec<&str>>)> = Vec::new();
    let mut name = String::new();
    let mut ids: Vec<&str> = Vec::new();
    let mut flush = |name: &str, ids: &mut Vec<&'a str>| {
        if !ids.is_empty() {
            let segments = ids.split(|&id| id == "-").map(<[&str]>::to_vec).collect();
            groups.push((name.to_string(), segments));
            ids.clear();
        }
    };
    for &item in items {
        if item.is_empty() || item.starts_with('_') {
            flush(&name, &mut ids);
            if let Some(n) = item.strip_prefix('_') {
                name = crate::format::percent_decoded(n, false);
            }
        } else {
            ids.push(item);
        }
    }
    flush(&name, &mut ids);
    groups
}

/// `NFA~KEY~[_NAME~]CELLS[~-~CELLS…][~~CELLS…]`: each group its own line.
fn read_nfa(part: &mut IssPart<'_>) -> Result<(), String> {
    let (key, items) = part
        .args
        .split_first()
        .ok_or("NFA: expected a key, then cells")?;
    let nfa = Nfa::from_iss(key).map_err(|e| format!("NFA `{key}`: {e}"))?;
    let values = values_of(part.puzzle);
    let groups = named_groups(items);
    if groups.is_empty() {
        return Err("NFA: expected a key, then cells".to_string());
    }
    for (name, segments) in groups {
        let segments = segments
            .iter()
            .map(|ids| part.grid.cells(ids))
            .collect::<Result<Vec<_>, _>>()?;
        let source = Source::Key(key.to_string());
        let machine = StateMachine::new(segments, source, name, nfa.clone(), values.clone())
            .map_err(|e| format!("NFA: {e}"))?;
        part.add(machine)?;
    }
    Ok(())
}

/// `Regex~PATTERN~CELLS[~~CELLS…]`: the pattern base64url (or, as older strings write it,
/// URI-encoded when it holds `%` or `.`), each group of cells its own line.
fn read_regex(part: &mut IssPart<'_>) -> Result<(), String> {
    let (encoded, items) = part
        .args
        .split_first()
        .ok_or("Regex: expected a pattern, then cells")?;
    let pattern = if encoded.contains('%') || encoded.contains('.') {
        crate::format::percent_decoded(encoded, false)
    } else {
        let bytes = super::base64url::decode(encoded).map_err(|e| format!("Regex: {e}"))?;
        String::from_utf8(bytes).map_err(|_| format!("Regex `{encoded}`: not text"))?
    };
    let pattern: String = pattern.chars().filter(|c| !c.is_whitespace()).collect();
    let values = values_of(part.puzzle);
    let nfa = super::regex::compile(&pattern, &values)
        .map_err(|e| format!("Regex `{pattern}`: {e}"))?;
    let groups: Vec<&[&str]> = items.split(|id| id.is_empty()).filter(|g| !g.is_empty()).collect();
    if groups.is_empty() {
        return Err("Regex: expected a pattern, then cells".to_string());
    }
    for ids in groups {
        let cells = part.grid.cells(ids)?;
        let source = Source::Regex(pattern.clone());
        let machine =
            StateMachine::new(vec![cells], source, String::new(), nfa.clone(), values.clone())?;
        part.add(machine)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{ReadOptions, read};

    fn machines(text: &str) -> Vec<StateMachine> {
        let p = &read(text, "t", &ReadOptions::default()).unwrap()[0].puzzle;
        p.constraints()
            .iter()
            .map(|c| match c {
                super::super::Constraint::StateMachine(m) => m.clone(),
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn a_regex_part_reads_base64_and_the_older_uri_form() {
        // Successor Arrows' `.*(12|24).*`, base64url: a 1 then 2, or a 2 then 4, somewhere.
        let m = machines(".Regex~LiooMTJ8MjQpLio~R1C1~R1C2~R1C3~~R2C1~R2C2");
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].source, Source::Regex(".*(12|24).*".to_string()));
        let row = |v: [i64; 3]| move |c: usize| v[c % 9];
        assert!(m[0].holds(&row([5, 1, 2])) && !m[0].holds(&row([2, 1, 5])));
        assert_eq!(m[0].iss(9).as_deref(), Some("Regex~LiooMTJ8MjQpLio~R1C1~R1C2~R1C3"));
        let old = machines(".Regex~%2E*(12%7C24)%2E*~R1C1~R1C2~R1C3");
        assert_eq!(old[0].nfa, m[0].nfa);
        let e = read(".Regex~MA~R1C1", "t", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("outside the values"), "{e}");
    }

    #[test]
    fn an_nfa_part_reads_groups_names_and_segments() {
        // Diagonal Skyscrapers' key: the line sees nine skyscrapers, so it rises 1 to 9.
        let key = "TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg";
        let diagonal: Vec<String> = (1..=9).map(|i| format!("R{i}C{i}")).collect();
        let text = format!(".NFA~{key}~_Skyscraper-9~{}~~R1C2~R1C3", diagonal.join("~"));
        let m = machines(&text);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].name, "Skyscraper-9");
        assert!(m[0].holds(&|c| (c / 9) as i64 + 1));
        assert!(!m[0].holds(&|c| if c == 0 { 2 } else { (c / 9) as i64 + 1 }));
        let again = machines(&format!(".{}", m[0].iss(9).unwrap()));
        assert_eq!(again[0], m[0]);
        // Segments need a break symbol, which this key (nine values only) does not read.
        let e = read(&format!(".NFA~{key}~R1C1~-~R1C2"), "t", &ReadOptions::default()).unwrap_err();
        assert!(e.to_string().contains("a break"), "{e}");
    }

    #[test]
    fn a_rule_line_checks_its_values_once_the_grid_is_known() {
        let rules = crate::puzzle::Rules::parse("name t\nregex 0[0-8]* r1c1 r1c2 r1c3\n", "t").unwrap();
        let mut zero_based = read(".Shape~9x9~0-8", "t", &ReadOptions::default()).unwrap()[0]
            .puzzle
            .clone();
        rules.apply(&mut zero_based).unwrap();
        let m = &zero_based.constraints()[0];
        assert!(m.holds(&|c| [0, 8, 8][c]) && !m.holds(&|c| [1, 8, 8][c]));
        let mut one_based = read(".~R9C9_1", "t", &ReadOptions::default()).unwrap()[0]
            .puzzle
            .clone();
        let e = rules.apply(&mut one_based).unwrap_err();
        assert!(e.contains("outside the values (1-9)") && e.contains("t:2"), "{e}");
        assert!(crate::puzzle::Rules::parse("name t\nregex (12 r1c1\n", "t").is_err());
    }

    #[test]
    fn segments_read_the_break_between_them() {
        use super::super::nfa::Nfa;
        // Over values 1 and 2 (indices 0, 1) and the break (2): any values, one break.
        let nfa = Nfa::new(vec![vec![(0, 0), (1, 0), (2, 1)], vec![(0, 1), (1, 1)]], vec![0], &[1])
            .unwrap();
        let m = StateMachine::new(
            vec![vec![0], vec![1, 2]],
            Source::Key(String::new()),
            String::new(),
            nfa.clone(),
            vec![1, 2],
        )
        .unwrap();
        assert!(m.holds(&|_| 1));
        let one_segment = StateMachine { segments: vec![vec![0, 1, 2]], ..m.clone() };
        assert!(!one_segment.holds(&|_| 1));
        let (cells, layered) = m.automaton(&[1, 2], 2, 1000).unwrap().unwrap();
        assert_eq!(cells, [0, 1, 2]);
        assert!(!layered.is_empty());
        let (_, none) = one_segment.automaton(&[1, 2], 2, 1000).unwrap().unwrap();
        assert!(none.is_empty());
    }
}
