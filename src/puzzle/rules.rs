//! Rule files: which regions of the grid must hold distinct symbols, declared as data.
//!
//! The built-in rule files in `rules/` are compiled into the binary; `--rules FILE` reads a
//! user's own. Format (see `rules/sudoku.rules`): one keyword per line with its arguments,
//! `#` comments, blank lines ignored.

use super::{Constraint, ConstraintLine, GlobalRule, Puzzle};
use crate::error::InputError;
use std::borrow::Cow;
use std::collections::HashSet;

/// The rule files shipped in `rules/`, by name.
const BUILTIN: &[(&str, &str)] = &[
    ("sudoku", include_str!("../../rules/sudoku.rules")),
    ("killer", include_str!("../../rules/killer.rules")),
    ("killer-x", include_str!("../../rules/killer-x.rules")),
    ("anti-knight", include_str!("../../rules/anti-knight.rules")),
    ("windoku", include_str!("../../rules/windoku.rules")),
];

/// The largest rule file read.
const MAX_RULE_FILE_BYTES: u64 = 64 << 10;

/// A family of cells that must hold distinct symbols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionKind {
    /// Each row.
    Row,
    /// Each column.
    Column,
    /// Each k×k box.
    Box,
    /// The main diagonal, top-left to bottom-right.
    Diagonal,
    /// The anti-diagonal, top-right to bottom-left.
    AntiDiagonal,
    /// A region the puzzle itself gives (a jigsaw piece, a windoku box): never read from a
    /// rule file, and holding no cells of its own as a [`Region`](super::Region).
    Extra,
}

impl RegionKind {
    fn parse(word: &str) -> Option<Self> {
        Some(match word {
            "rows" => RegionKind::Row,
            "columns" => RegionKind::Column,
            "boxes" => RegionKind::Box,
            "diagonal" => RegionKind::Diagonal,
            "anti-diagonal" => RegionKind::AntiDiagonal,
            _ => return None,
        })
    }
}

/// A variant's rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    /// The name `--rules` selects it by.
    pub name: String,
    /// One line saying what the rules are.
    pub description: String,
    /// Region families whose cells hold distinct symbols.
    pub all_different: Vec<RegionKind>,
    /// The puzzle's cages hold distinct symbols adding up to their totals.
    pub cages: bool,
    /// Variant rules over the whole grid (anti-knight, windoku …).
    pub variants: Vec<GlobalRule>,
    /// A puzzle's own lines, dots and clues (`thermo r1c1 r1c2`), put on every puzzle read
    /// with these rules.
    pub constraints: Vec<ConstraintLine>,
}

impl Rules {
    /// Standard Sudoku.
    pub fn sudoku() -> Self {
        Rules::builtin("sudoku").expect("the built-in sudoku rules parse")
    }

    /// The rules a puzzle read without any is solved under: killer when it has cages, else
    /// standard Sudoku.
    pub fn default_for(puzzle: &Puzzle) -> Self {
        if puzzle.cages().is_empty() {
            Rules::sudoku()
        } else {
            Rules::builtin("killer").expect("the built-in killer rules parse")
        }
    }

    /// A built-in rule set by name.
    pub fn builtin(name: &str) -> Option<Self> {
        let (file, text) = BUILTIN.iter().find(|(n, _)| *n == name)?;
        Some(Rules::parse(text, &format!("rules/{file}.rules")).expect("built-in rules parse"))
    }

    /// Names of the built-in rule sets.
    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    /// A built-in rule set, or else a rule file at that path.
    pub fn load(name_or_path: &str) -> Result<Self, InputError> {
        if let Some(rules) = Rules::builtin(name_or_path) {
            return Ok(rules);
        }
        let unreadable = |e: std::io::Error| {
            InputError::whole(
                name_or_path,
                format!(
                    "not a built-in rule set ({}) and not a readable rule file: {e}",
                    Rules::builtin_names().join(", ")
                ),
            )
        };
        // A rule file is a few lines: reading stops past MAX_RULE_FILE_BYTES (a device that
        // never ends, say).
        let mut bytes = Vec::new();
        let file = std::fs::File::open(name_or_path).map_err(unreadable)?;
        std::io::Read::read_to_end(
            &mut std::io::Read::take(file, MAX_RULE_FILE_BYTES + 1),
            &mut bytes,
        )
        .map_err(unreadable)?;
        if bytes.len() as u64 > MAX_RULE_FILE_BYTES {
            return Err(InputError::whole(
                name_or_path,
                format!(
                    "larger than {} KiB: not a rule file",
                    MAX_RULE_FILE_BYTES >> 10
                ),
            ));
        }
        let text = String::from_utf8(bytes)
            .map_err(|_| InputError::whole(name_or_path, "not a text file: not a rule file"))?;
        Rules::parse(&text, name_or_path)
    }

    /// Puts the rules' constraint lines and variants on `puzzle` as constraints (what a
    /// solver and the check read), each once: a puzzle that already has them is left as it
    /// is. The lines come first, so that a negative rule (`variant kropki-negative`) leaves
    /// out the pairs that the file's own dots mark.
    pub fn apply(&self, puzzle: &mut Puzzle) -> Result<(), String> {
        let mut held: HashSet<Constraint> = puzzle.constraints().iter().cloned().collect();
        for line in &self.constraints {
            let found = line
                .constraints(puzzle)
                .map_err(|m| format!("{m} (the rule file's line at {})", line.at))?;
            for c in found {
                if held.insert(c.clone()) {
                    puzzle
                        .add_constraint(c)
                        .map_err(|e| format!("{e} (the rule file's line at {})", line.at))?;
                }
            }
        }
        for rule in &self.variants {
            for c in rule.constraints(puzzle)? {
                if held.insert(c.clone()) {
                    puzzle.add_constraint(c)?;
                }
            }
        }
        Ok(())
    }

    /// `puzzle` with the rules' constraint lines and variants on it ([`Rules::apply`]): itself
    /// when it has them all already (or the rules have none), else a copy that has them.
    pub fn applied_to<'p>(&self, puzzle: &'p Puzzle) -> Result<Cow<'p, Puzzle>, String> {
        if self.constraints.is_empty() && self.variants.is_empty() {
            return Ok(Cow::Borrowed(puzzle));
        }
        let mut copy = puzzle.clone();
        self.apply(&mut copy)?;
        Ok(if copy.constraints().len() == puzzle.constraints().len() {
            Cow::Borrowed(puzzle)
        } else {
            Cow::Owned(copy)
        })
    }

    /// Parses a rule file's text; `source` names it in errors.
    pub fn parse(text: &str, source: &str) -> Result<Self, InputError> {
        let mut rules = Rules {
            name: String::new(),
            description: String::new(),
            all_different: vec![],
            cages: false,
            variants: vec![],
            constraints: vec![],
        };
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            let err = |msg: String| InputError::at(source, i + 1, msg);
            let Some((keyword, rest)) = line
                .split_once(char::is_whitespace)
                .or((!line.is_empty()).then_some((line, "")))
            else {
                continue;
            };
            let rest = rest.trim();
            match keyword {
                "name" if !rest.is_empty() => rules.name = rest.to_string(),
                "description" => rules.description = rest.to_string(),
                "extends" => {
                    let base = Rules::builtin(rest).ok_or_else(|| {
                        err(format!(
                            "`extends {rest}`: no built-in rule set of that name ({})",
                            Rules::builtin_names().join(", ")
                        ))
                    })?;
                    rules.all_different.extend(base.all_different);
                    rules.cages |= base.cages;
                    rules.variants.extend(base.variants);
                    rules.constraints.extend(base.constraints);
                }
                "all-different" if !rest.is_empty() => {
                    for word in rest.split_whitespace() {
                        let kind = RegionKind::parse(word).ok_or_else(|| {
                            err(format!(
                                "unknown region `{word}`: expected rows, columns, boxes, \
                                 diagonal or anti-diagonal"
                            ))
                        })?;
                        if !rules.all_different.contains(&kind) {
                            rules.all_different.push(kind);
                        }
                    }
                }
                "cages" if rest.is_empty() => rules.cages = true,
                "variant" if !rest.is_empty() => {
                    for word in rest.split_whitespace() {
                        let rule = GlobalRule::parse(word).ok_or_else(|| {
                            let names: Vec<&str> =
                                GlobalRule::ALL.iter().map(|(n, _)| *n).collect();
                            err(format!(
                                "unknown variant `{word}`: expected {}",
                                names.join(", ")
                            ))
                        })?;
                        if !rules.variants.contains(&rule) {
                            rules.variants.push(rule);
                        }
                    }
                }
                "name" | "all-different" | "variant" => {
                    return Err(err(format!("`{keyword}` needs an argument")));
                }
                _ => {
                    let at = format!("{source}:{}", i + 1);
                    match ConstraintLine::parse(keyword, rest, at) {
                        Some(line) => rules.constraints.push(line.map_err(err)?),
                        None => {
                            let names: Vec<&str> =
                                super::constraint_keywords().map(|(k, _)| k).collect();
                            return Err(err(format!(
                                "unknown keyword `{keyword}`: expected name, description, \
                                 extends, all-different, cages, variant or a constraint ({})",
                                names.join(", ")
                            )));
                        }
                    }
                }
            }
        }
        if rules.name.is_empty() {
            return Err(InputError::at(
                source,
                1,
                "the rule file has no `name` line (expected `name NAME`)",
            ));
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_sudoku_has_rows_columns_boxes() {
        let r = Rules::sudoku();
        assert_eq!(r.name, "sudoku");
        assert_eq!(
            r.all_different,
            vec![RegionKind::Row, RegionKind::Column, RegionKind::Box]
        );
    }

    #[test]
    fn a_user_file_can_extend_and_add_regions() {
        let r = Rules::parse(
            "name x\nextends sudoku # base\n\nall-different diagonal anti-diagonal\n",
            "x.rules",
        )
        .unwrap();
        assert_eq!(r.all_different.len(), 5);
        assert_eq!(r.all_different[3], RegionKind::Diagonal);
    }

    #[test]
    fn errors_name_file_and_line() {
        let e = Rules::parse("name x\nall-different rows squares\n", "my.rules").unwrap_err();
        assert_eq!(
            e.to_string(),
            "my.rules:2: unknown region `squares`: expected rows, columns, boxes, diagonal or anti-diagonal"
        );
        let e = Rules::parse("all-different rows\n", "my.rules").unwrap_err();
        assert_eq!(
            e.to_string(),
            "my.rules:1: the rule file has no `name` line (expected `name NAME`)"
        );
        let e = Rules::parse("name x\nfrobnicate\n", "my.rules").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("my.rules:2: unknown keyword `frobnicate`")
        );
    }
}
