//! The whole-grid rules among a puzzle's constraints, found again for the link writers: a
//! rule read from a file or a link is on the puzzle as its many pairs and regions (the
//! anti-knight rule's 224 pairs), and a link writes it as the one word its tool has.

use crate::constraints::{Pair, Region};
use crate::puzzle::{Constraint, GlobalRule, PairKind, Puzzle, piece_pairs};
use std::collections::HashMap;

/// A whole-grid rule a link format has one word for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum GridRule {
    /// A rule of rule files ([`GlobalRule`]).
    Global(GlobalRule),
    /// A main diagonal holds each value once; `true` the anti-diagonal (╱).
    Diagonal(bool),
    /// Orthogonal neighbours without a white or black dot are related as `kind` says
    /// (f-puzzles' `nonconsecutive` and negative ratio: the pairs `NotConsecutive` and
    /// `NotDouble`).
    Undotted(PairKind),
}

impl GridRule {
    /// The rule as messages name it (`the anti-knight rule`).
    #[cfg_attr(
        not(feature = "links"),
        expect(dead_code, reason = "f-puzzles' messages only")
    )]
    pub(super) fn name(self) -> String {
        match self {
            GridRule::Global(g) => format!("the {} rule", g.name()),
            GridRule::Diagonal(true) => "anti-diagonal".to_string(),
            GridRule::Diagonal(false) => "main diagonal".to_string(),
            GridRule::Undotted(PairKind::NotDouble) => {
                "the rule that neighbours without a dot are not one twice the other".to_string()
            }
            GridRule::Undotted(_) => {
                "the rule that neighbours without a dot are not consecutive".to_string()
            }
        }
    }
}

/// What a constraint is, up to the order of a pair's cells where it does not matter and a
/// region's label: the key the rules' constraints are matched by.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Pair(PairKind, usize, usize),
    Region(Vec<usize>),
    Other(Constraint),
}

fn key(c: &Constraint) -> Key {
    match c {
        Constraint::Pair(Pair { kind, a, b }) => match kind {
            PairKind::Greater | PairKind::Less => Key::Pair(*kind, *a, *b),
            _ => Key::Pair(*kind, *a.min(b), *a.max(b)),
        },
        Constraint::Region(Region { cells, .. }) => {
            let mut cells = cells.clone();
            cells.sort_unstable();
            Key::Region(cells)
        }
        other => Key::Other(other.clone()),
    }
}

/// A puzzle's constraints, from which the writers take the whole-grid rules they have words
/// for; what is left they write one by one.
pub(super) struct GridRules<'p> {
    puzzle: &'p Puzzle,
    /// The constraints not taken yet, with their keys.
    left: Vec<(Key, &'p Constraint)>,
}

impl<'p> GridRules<'p> {
    /// The puzzle's constraints but its jigsaw pieces (which the writers write as the grid's
    /// regions).
    pub(super) fn new(puzzle: &'p Puzzle) -> Self {
        let mut left: Vec<(Key, &Constraint)> =
            puzzle.constraints().iter().map(|c| (key(c), c)).collect();
        if puzzle.piece_of(0).is_some() {
            let n = puzzle.size();
            let mut pieces: Vec<Vec<usize>> = vec![Vec::new(); n];
            (0..n * n).for_each(|c| pieces[puzzle.piece_of(c).unwrap_or(0)].push(c));
            for piece in pieces {
                if let Some(i) = left
                    .iter()
                    .position(|(k, _)| *k == Key::Region(piece.clone()))
                {
                    left.remove(i);
                }
            }
        }
        GridRules { puzzle, left }
    }

    /// Whether every constraint of `rule` is on the puzzle; if so they are taken out.
    pub(super) fn take(&mut self, rule: GridRule) -> bool {
        let Some(wanted) = self.constraints_of(rule) else {
            return false;
        };
        if wanted.is_empty() {
            return false;
        }
        let mut count: HashMap<&Key, usize> = HashMap::new();
        self.left
            .iter()
            .for_each(|(k, _)| *count.entry(k).or_default() += 1);
        let keys: Vec<Key> = wanted.iter().map(key).collect();
        let mut need: HashMap<&Key, usize> = HashMap::new();
        keys.iter().for_each(|k| *need.entry(k).or_default() += 1);
        if need
            .iter()
            .any(|(k, &m)| count.get(k).copied().unwrap_or(0) < m)
        {
            return false;
        }
        for k in &keys {
            if let Some(i) = self.left.iter().position(|(l, _)| l == k) {
                self.left.remove(i);
            }
        }
        true
    }

    /// The constraints left, in the puzzle's order.
    pub(super) fn left(&self) -> impl Iterator<Item = &'p Constraint> + '_ {
        self.left.iter().map(|(_, c)| *c)
    }

    /// The constraints the rule puts on this puzzle.
    fn constraints_of(&self, rule: GridRule) -> Option<Vec<Constraint>> {
        let (p, n) = (self.puzzle, self.puzzle.size());
        match rule {
            GridRule::Global(g) => g.constraints(p).ok(),
            GridRule::Diagonal(anti) => Some(vec![Constraint::diagonal(n, anti)]),
            GridRule::Undotted(kind) => {
                let dotted = |a: usize, b: usize| {
                    p.constraints().iter().any(|c| {
                        matches!(c, Constraint::Pair(Pair { kind: PairKind::WhiteDot | PairKind::BlackDot, a: x, b: y })
                            if (x.min(y), x.max(y)) == (&a.min(b), &a.max(b)))
                    })
                };
                Some(
                    piece_pairs(n, &[(0, 1), (1, 0)])
                        .into_iter()
                        .filter(|&(a, b)| !dotted(a, b))
                        .map(|(a, b)| Constraint::pair(kind, a, b))
                        .collect(),
                )
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Symbols;

    #[test]
    fn a_rule_is_taken_only_whole() {
        let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
        for c in GlobalRule::AntiKnight.constraints(&p).unwrap() {
            p.add_constraint(c).unwrap();
        }
        p.add_constraint(Constraint::diagonal(9, true)).unwrap();
        let mut found = GridRules::new(&p);
        assert!(!found.take(GridRule::Global(GlobalRule::AntiKing)));
        assert!(!found.take(GridRule::Diagonal(false)));
        assert!(found.take(GridRule::Diagonal(true)));
        assert!(found.take(GridRule::Global(GlobalRule::AntiKnight)));
        assert_eq!(found.left().count(), 0);
        let less = p.without_constraint(0);
        let mut found = GridRules::new(&less);
        assert!(!found.take(GridRule::Global(GlobalRule::AntiKnight)));
        // the 223 pairs left and the diagonal
        assert_eq!(found.left().count(), 224);
    }
}
