//! The variant constraint kinds, one module each, and the registry that lists them once.
//!
//! A kind's module holds everything about it: its data, the check of a finished grid that
//! shares no code with the solvers ([`Constraint::holds`]), its rule-file keywords, its names in
//! the Interactive Sudoku Solver's strings and f-puzzles' JSON with their readers, its line in
//! drawings, and how the model posts it on the engine. One line of the `registry!` call below
//! makes a kind a variant of [`Constraint`] and adds its readers to the lists the rule files,
//! the ISS reader and the f-puzzles reader look their words up in; nothing else matches over
//! the kinds. Values are the symbols' values ([`Symbols::symbol`](crate::puzzle::Symbols::symbol)),
//! so a 0-based grid's thermometers and sums read as its solver writes them. Cells are row-major
//! indices.
//!
//! The crate's Extending chapter ([`crate::extending`]) shows a new kind added.

mod base64url;
mod exclusion_groups;
#[cfg(feature = "links")]
mod fpuzzles_entry;
mod iss_part;
mod link_cells;
mod nfa;
mod post;
mod regex;
mod rule_args;

#[cfg(feature = "links")]
pub(crate) use fpuzzles_entry::{FpuzzlesEntry, FpuzzlesKey, cells_at};
pub(crate) use iss_part::{IssGrid, IssKind, IssPart, iss_id};
pub(crate) use link_cells::*;
pub(crate) use post::{Houses, MAX_EDGES, Post, Unfolded};
pub(crate) use renban::runs;
pub(crate) use rule_args::{RuleArgs, RuleWord, cell_of};

use crate::engine::Domain;
pub(crate) use crate::format::svg_canvas::{Canvas, Frame, Layer};

/// What every constraint kind provides. The readers' tables are associated constants, empty
/// unless the kind is written that way; the methods are what checking, drawing and posting ask.
pub(crate) trait Kind: Clone + Into<Constraint> {
    /// The rule-file keywords that read into this kind.
    const RULE_WORDS: &'static [RuleWord] = &[];
    /// The Interactive Sudoku Solver's kinds that read into this kind.
    const ISS_KINDS: &'static [IssKind] = &[];
    /// The f-puzzles keys that read into this kind.
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[];

    /// The kind as messages name it (`thermometer`).
    fn name(&self) -> &'static str;
    /// Every cell it reads, in its order.
    fn cells(&self) -> Vec<usize>;
    /// Whether a finished grid keeps it; `value(cell)` is the cell's symbol value.
    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool;
    /// How many symbol values the solvers add up at most when they post or check it, each
    /// counted with its coefficient: the symbols' largest value times this must fit in `i64`.
    fn value_terms(&self) -> u128 {
        (self.cells().len() as u128).max(2)
    }
    /// Whether it may name a cell more than once (a line whose rule reads only neighbours).
    fn may_repeat_cells(&self) -> bool {
        false
    }
    /// Its own name in messages, when it has one (`little killer 22 from r1c1`).
    fn label(&self) -> Option<&str> {
        None
    }
    /// Its line in a drawing: what it is, its numbers, its cells.
    fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
        format!("{}: {}", self.name(), list(&self.cells(), name))
    }
    /// The pieces the givens can break on their own (a thermometer's neighbouring pairs).
    fn parts(&self) -> Vec<Constraint> {
        vec![self.clone().into()]
    }
    /// The automaton it is posted as, when it is: its cells in reading order and the unfolded
    /// automaton, or `Some(None)` past `max_edges`. `w` holds the symbols' values.
    fn automaton(&self, _w: &[i64], _n: usize, _max_edges: usize) -> Option<Unfolded> {
        None
    }
    /// It as a part of the Interactive Sudoku Solver's strings on an n×n grid
    /// (`Thermo~R1C1~R1C2`); `None` when that solver has no part for it.
    fn iss(&self, _n: usize) -> Option<String> {
        None
    }
    /// It as an f-puzzles entry on an n×n grid: its key and JSON; `None` when f-puzzles has
    /// no key for it.
    #[cfg(feature = "links")]
    fn fpuzzles(&self, _n: usize) -> Option<(&'static str, serde_json::Value)> {
        None
    }
    /// Draws it on a picture of the puzzle (`--to svg`).
    fn draw(&self, canvas: &mut Canvas);
    /// Posts it on the engine.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>);
}

/// Cells by name, space-separated (`r1c1 r1c2`).
pub(crate) fn list(cells: &[usize], name: &dyn Fn(usize) -> String) -> String {
    cells.iter().map(|&c| name(c)).collect::<Vec<_>>().join(" ")
}

/// A whole line by its ends (`r1c1…r1c9`).
pub(crate) fn ends(cells: &[usize], name: &dyn Fn(usize) -> String) -> String {
    match cells {
        [first, .., last] => format!("{}…{}", name(*first), name(*last)),
        _ => list(cells, name),
    }
}

/// Whether the values are pairwise distinct.
pub(crate) fn distinct(v: &[i64]) -> bool {
    v.iter().enumerate().all(|(i, x)| !v[..i].contains(x))
}

/// The sum of the values lying strictly between the smallest and the largest, when the values
/// are pairwise distinct and at least two: what a sandwich or a lunchbox reads.
pub(crate) fn sum_between_extremes(v: &[i64]) -> Option<i64> {
    if v.len() < 2 || !distinct(v) {
        return None;
    }
    let at = |x: Option<&i64>| v.iter().position(|y| Some(y) == x);
    let (lo, hi) = (at(v.iter().min())?, at(v.iter().max())?);
    Some(v[lo.min(hi) + 1..lo.max(hi)].iter().sum())
}

/// The values of `cells`.
pub(crate) fn values_of(cells: &[usize], value: &dyn Fn(usize) -> i64) -> Vec<i64> {
    cells.iter().map(|&c| value(c)).collect()
}

macro_rules! registry {
    ($($variant:ident => $module:ident :: $ty:ident,)*) => {
        $(mod $module;)*
        pub use self::{$($module::$ty,)*};

        /// Which of a puzzle's lines or clues a constraint is, with its data: one variant per
        /// kind, each kind's data and rules in its own module.
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum Constraint {
            $(#[doc = concat!("A [`", stringify!($ty), "`].")] $variant($ty),)*
        }

        $(impl From<$ty> for Constraint {
            fn from(kind: $ty) -> Self {
                Constraint::$variant(kind)
            }
        })*

        /// Every kind's rule-file keywords, in the registry's order.
        pub(crate) const RULE_WORDS: &[&[RuleWord]] = &[$(<$ty as Kind>::RULE_WORDS,)*];
        /// Every kind's Interactive Sudoku Solver kinds, in the registry's order.
        pub(crate) const ISS_KINDS: &[&[IssKind]] = &[$(<$ty as Kind>::ISS_KINDS,)*];
        /// Every kind's f-puzzles keys, in the registry's order.
        #[cfg(feature = "links")]
        pub(crate) const FPUZZLES_KEYS: &[&[FpuzzlesKey]] = &[$(<$ty as Kind>::FPUZZLES_KEYS,)*];

        impl Constraint {
            /// The constraint's kind, as messages name it (`thermometer`).
            pub fn kind(&self) -> &'static str {
                match self { $(Constraint::$variant(k) => k.name(),)* }
            }

            /// Every cell the constraint reads.
            pub fn cells(&self) -> Vec<usize> {
                match self { $(Constraint::$variant(k) => k.cells(),)* }
            }

            /// Whether a finished grid keeps the constraint; `value(cell)` is the cell's
            /// symbol value.
            pub fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
                match self { $(Constraint::$variant(k) => k.holds(value),)* }
            }

            /// How many symbol values the solvers add up at most when they post or check the
            /// constraint, each counted with its coefficient (a pill's digits by their place):
            /// the symbols' largest value times this must fit in `i64`. 0 when only the
            /// symbols' identities matter (a region, equal and different pairs).
            pub fn value_terms(&self) -> u128 {
                match self { $(Constraint::$variant(k) => k.value_terms(),)* }
            }

            /// Whether the constraint may name a cell more than once: lines whose rule reads
            /// only neighbours along them (a whisper, modular or entropic loop closes on its
            /// first cell). A sum names each cell once, with its coefficient.
            pub fn may_repeat_cells(&self) -> bool {
                match self { $(Constraint::$variant(k) => k.may_repeat_cells(),)* }
            }

            /// The constraint on one line of a drawing: what it is, its numbers, its cells.
            pub fn listing(&self, name: &dyn Fn(usize) -> String) -> String {
                match self { $(Constraint::$variant(k) => k.listing(name),)* }
            }

            /// The pieces of the constraint that givens can break on their own: a
            /// thermometer's or whisper's neighbouring pairs, else the constraint itself.
            pub fn parts(&self) -> Vec<Constraint> {
                match self { $(Constraint::$variant(k) => k.parts(),)* }
            }

            fn label(&self) -> Option<&str> {
                match self { $(Constraint::$variant(k) => k.label(),)* }
            }

            /// The automaton the constraint is posted as ([`Kind::automaton`]).
            pub(crate) fn automaton(&self, w: &[i64], n: usize, max: usize) -> Option<Unfolded> {
                match self { $(Constraint::$variant(k) => k.automaton(w, n, max),)* }
            }

            /// The constraint as a part of the Interactive Sudoku Solver's strings
            /// ([`Kind::iss`]).
            pub(crate) fn iss(&self, n: usize) -> Option<String> {
                match self { $(Constraint::$variant(k) => k.iss(n),)* }
            }

            /// The constraint as an f-puzzles entry ([`Kind::fpuzzles`]).
            #[cfg(feature = "links")]
            pub(crate) fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
                match self { $(Constraint::$variant(k) => k.fpuzzles(n),)* }
            }

            /// Draws the constraint on a picture of the puzzle ([`Kind::draw`]).
            pub(crate) fn draw(&self, canvas: &mut Canvas) {
                match self { $(Constraint::$variant(k) => k.draw(canvas),)* }
            }

            /// Posts the constraint on the engine.
            pub(crate) fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
                match self { $(Constraint::$variant(k) => k.post(post),)* }
            }
        }
    };
}

registry! {
    Region => region::Region,
    Cage => cage::Cage,
    Sum => sum::Sum,
    Thermo => thermo::Thermo,
    Arrow => arrow::Arrow,
    Pair => pair::Pair,
    Parity => parity::Parity,
    Whisper => whisper::Whisper,
    Renban => renban::Renban,
    Palindrome => palindrome::Palindrome,
    Between => between::Between,
    Lockout => lockout::Lockout,
    Zipper => zipper::Zipper,
    Modular => modular::Modular,
    Entropic => entropic::Entropic,
    RegionSum => region_sum::RegionSum,
    Quad => quad::Quad,
    Sandwich => sandwich::Sandwich,
    XSum => x_sum::XSum,
    Skyscraper => skyscraper::Skyscraper,
    SumLine => sum_line::SumLine,
    Lunchbox => lunchbox::Lunchbox,
    Indexing => indexing::Indexing,
    Relation => relation::Relation,
    StateMachine => state_machine::StateMachine,
    CountingCircles => counting_circles::CountingCircles,
}

pub use entropic::entropy_class;
pub use nfa::Nfa;
pub use pair::PairKind;
pub use state_machine::Source;

impl Constraint {
    /// A main diagonal of an n×n grid as an extra region: top-left to bottom-right, or with
    /// `anti` bottom-left to top-right.
    pub fn diagonal(n: usize, anti: bool) -> Self {
        Region {
            label: if anti {
                "anti-diagonal"
            } else {
                "main diagonal"
            }
            .to_string(),
            cells: (0..n)
                .map(|i| if anti { (n - 1 - i) * n + i } else { i * n + i })
                .collect(),
        }
        .into()
    }

    /// A pair of cells whose values relate.
    pub fn pair(kind: PairKind, a: usize, b: usize) -> Self {
        Pair { kind, a, b }.into()
    }

    /// The constraint for a message: its label, or its kind and first cell (`thermometer at
    /// r1c1`), cells named by `cell_name`.
    pub fn describe(&self, cell_name: impl Fn(usize) -> String) -> String {
        if let Some(label) = self.label() {
            return label.to_string();
        }
        match self.cells().first() {
            Some(&c) => format!("{} at {}", self.kind(), cell_name(c)),
            None => self.kind().to_string(),
        }
    }
}

/// Every rule-file keyword, in the registry's order.
pub(crate) fn rule_words() -> impl Iterator<Item = &'static RuleWord> {
    RULE_WORDS.iter().flat_map(|words| words.iter())
}

/// Every Interactive Sudoku Solver kind the constraint kinds read, in the registry's order.
pub(crate) fn iss_kinds() -> impl Iterator<Item = &'static IssKind> {
    ISS_KINDS.iter().flat_map(|kinds| kinds.iter())
}

/// Every f-puzzles key the constraint kinds read, in the registry's order.
#[cfg(feature = "links")]
pub(crate) fn fpuzzles_keys() -> impl Iterator<Item = &'static FpuzzlesKey> {
    FPUZZLES_KEYS.iter().flat_map(|keys| keys.iter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn holds(c: &Constraint, v: &[i64]) -> bool {
        c.holds(&|cell| v[cell])
    }

    #[test]
    fn lines_hold_exactly_when_their_rule_does() {
        let thermo = Constraint::Thermo(Thermo {
            cells: vec![0, 1, 2],
            slow: false,
        });
        assert!(holds(&thermo, &[1, 4, 5]));
        assert!(!holds(&thermo, &[1, 4, 4]));
        let slow = Constraint::Thermo(Thermo {
            cells: vec![0, 1, 2],
            slow: true,
        });
        assert!(holds(&slow, &[1, 4, 4]));
        let pill = Constraint::Arrow(Arrow {
            circle: vec![0, 1],
            arrow: vec![2, 3, 4],
        });
        assert!(holds(&pill, &[1, 5, 6, 5, 4]));
        assert!(!holds(&pill, &[1, 6, 6, 5, 4]));
        let renban = Constraint::Renban(Renban {
            cells: vec![0, 1, 2],
        });
        assert!(holds(&renban, &[4, 2, 3]));
        assert!(!holds(&renban, &[4, 2, 5]));
        let between = Constraint::Between(Between {
            cells: vec![0, 1, 2, 3],
        });
        assert!(holds(&between, &[8, 3, 5, 2]));
        assert!(!holds(&between, &[8, 2, 5, 2]));
        let lockout = Constraint::Lockout(Lockout {
            diff: 4,
            cells: vec![0, 1, 2],
        });
        assert!(holds(&lockout, &[3, 9, 7]));
        assert!(!holds(&lockout, &[3, 5, 7]));
        let zipper = Constraint::Zipper(Zipper {
            cells: vec![0, 1, 2, 3, 4],
        });
        assert!(holds(&zipper, &[2, 5, 9, 4, 7]));
        assert!(!holds(&zipper, &[2, 5, 9, 3, 7]));
        let entropic = Constraint::Entropic(Entropic {
            cells: vec![0, 1, 2, 3],
        });
        assert!(holds(&entropic, &[1, 5, 9, 2]));
        assert!(!holds(&entropic, &[1, 5, 9, 4]));
        let quad = Constraint::Quad(Quad {
            cells: vec![0, 1, 2, 3],
            values: vec![3, 3],
        });
        assert!(holds(&quad, &[3, 1, 3, 2]));
        assert!(!holds(&quad, &[3, 1, 4, 2]));
    }

    #[test]
    fn outside_clues_read_the_line_from_their_side() {
        let line: Vec<usize> = (0..9).collect();
        let row = [3, 9, 2, 5, 1, 4, 6, 7, 8];
        let sandwich = |total| {
            Constraint::Sandwich(Sandwich {
                cells: line.clone(),
                total,
            })
        };
        assert!(holds(&sandwich(7), &row));
        assert!(!holds(&sandwich(8), &row));
        let xsum = Constraint::XSum(XSum {
            cells: line.clone(),
            total: 14,
        });
        assert!(holds(&xsum, &row));
        let sky = |count| {
            Constraint::Skyscraper(Skyscraper {
                cells: line.clone(),
                count,
            })
        };
        assert!(holds(&sky(2), &row));
        assert!(!holds(&sky(3), &row));
    }

    #[test]
    fn each_reader_word_is_listed_once() {
        let words: Vec<&str> = rule_words().map(|w| w.keyword).collect();
        assert_eq!(words.len(), words.iter().collect::<HashSet<_>>().len());
        let kinds: Vec<&str> = iss_kinds().map(|k| k.kind).collect();
        assert_eq!(kinds.len(), kinds.iter().collect::<HashSet<_>>().len());
        #[cfg(feature = "links")]
        {
            let keys: Vec<&str> = fpuzzles_keys().map(|k| k.key).collect();
            assert_eq!(keys.len(), keys.iter().collect::<HashSet<_>>().len());
        }
    }
}
