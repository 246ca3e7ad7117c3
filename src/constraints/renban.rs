//! A renban line: distinct consecutive values in any order.

use super::{IssKind, Kind, Post, RuleWord, distinct, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::{CageSum, Domain};

/// The line holds distinct consecutive values in any order.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Renban {
    /// The line.
    pub cells: Vec<usize>,
}

impl Kind for Renban {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "renban",
        help: "CELLS: distinct consecutive values in any order",
        read: |a| Ok(vec![Renban { cells: a.all_cells(2)? }.into()]),
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Renban",
        late: false,
        read: |part| {
            let cells = part.line_of_two()?;
            part.add(Renban { cells })
        },
    }];

    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "renban",
        read: |entry| entry.lines_as("Renban"),
    }];

    fn name(&self) -> &'static str {
        "renban line"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let v = values_of(&self.cells, value);
        let (lo, hi) = (v.iter().min(), v.iter().max());
        distinct(&v)
            && lo
                .zip(hi)
                .is_none_or(|(lo, hi)| hi - lo + 1 == v.len() as i64)
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Renban~{}", super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        Some(("renban", super::fpuzzles_line(n, &self.cells)))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#e07cd5", 8, false);
    }

    /// A cage sum over the runs of consecutive values.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let combos = runs::<D>(post.w, self.cells.len()).into();
        let vars = post.vars(&self.cells);
        post.engine
            .post(CageSum::new(post.name.clone(), vars, combos));
    }
}

/// Every set of `len` value indices whose values are consecutive integers (a renban line's
/// possible sets).
pub(crate) fn runs<D: Domain>(w: &[i64], len: usize) -> Vec<D> {
    let mut order: Vec<usize> = (0..w.len()).collect();
    order.sort_by_key(|&v| w[v]);
    order
        .windows(len.max(1))
        .filter(|run| w[run[run.len() - 1]] - w[run[0]] == len as i64 - 1)
        .map(|run| {
            let mut d = D::empty();
            run.iter().for_each(|&v| d.insert(v));
            d
        })
        .collect()
}

