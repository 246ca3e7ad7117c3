//! A puzzle's own lines, dots and clues written in a rule file, one a line in words:
//! `thermo r1c1 r1c2 r1c3`, `arrow r5c5 : r4c4 r3c3`, `sandwich 18 top 3`.

use super::{Constraint, Puzzle};
use crate::constraints::{self, RuleArgs, cell_of};

/// The keywords, with what each takes, as help and errors list them: every constraint
/// kind's, in the registry's order ([`crate::constraints`]).
pub fn keywords() -> impl Iterator<Item = (&'static str, &'static str)> {
    constraints::rule_words().map(|w| (w.keyword, w.help))
}

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
    /// Reads a line whose keyword is one of [`keywords`], checking what does not depend on
    /// the grid; `None` when the keyword is another.
    pub fn parse(keyword: &str, rest: &str, at: String) -> Option<Result<Self, String>> {
        constraints::rule_words().find(|w| w.keyword == keyword)?;
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
            .and_then(|p| line.read(&p, true));
        Some(check.map(|_| line))
    }

    /// The constraints the line puts on `puzzle`.
    pub fn constraints(&self, puzzle: &Puzzle) -> Result<Vec<Constraint>, String> {
        self.read(puzzle, false)
    }

    /// The constraints the line puts on `puzzle`, or with `early` on a stand-in for a grid
    /// not known yet ([`RuleArgs::early`]).
    fn read(&self, puzzle: &Puzzle, early: bool) -> Result<Vec<Constraint>, String> {
        let key = self.keyword.as_str();
        let word = constraints::rule_words()
            .find(|w| w.keyword == key)
            .ok_or_else(|| format!("`{key}`: not a constraint keyword"))?;
        let args = RuleArgs {
            puzzle,
            key,
            args: self.args.iter().map(String::as_str).collect(),
            early,
        };
        (word.read)(&args)
    }
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
            vec![Constraint::Thermo(constraints::Thermo {
                cells: vec![0, 1, 10],
                slow: true
            })]
        );
        assert_eq!(
            read("arrow r5c5: r4c4 r3c3").unwrap(),
            vec![Constraint::Arrow(constraints::Arrow {
                circle: vec![40],
                arrow: vec![30, 20]
            })]
        );
        assert_eq!(
            read("skyscraper 3 right 2").unwrap(),
            vec![Constraint::Skyscraper(constraints::Skyscraper {
                cells: (9..18).rev().collect(),
                count: 3
            })]
        );
        let lk = read("little-killer 20 r1c7 down-right").unwrap();
        assert_eq!(lk[0].cells(), vec![6, 16, 26]);
        assert_eq!(
            read("whisper 4 r1c1 r1c2").unwrap()[0],
            Constraint::Whisper(constraints::Whisper {
                diff: 4,
                cells: vec![0, 1]
            })
        );
        assert_eq!(read("odd r1c1 r9c9").unwrap().len(), 2);
        // Region-sum segments split at the boxes.
        assert_eq!(
            read("region-sum r1c2 r1c3 r1c4 r1c5").unwrap(),
            vec![Constraint::RegionSum(constraints::RegionSum {
                segments: vec![vec![1, 2], vec![3, 4]]
            })]
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
