//! An odd or even cell (a circle or a square in print).

use super::{Kind, Post, RuleArgs, RuleWord, Unfolded};
#[cfg(feature = "links")]
use super::{FpuzzlesEntry, FpuzzlesKey};
use crate::engine::{Domain, Layered};

/// An odd or even cell (a circle or square in print).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parity {
    /// The cell.
    pub cell: usize,
    /// Whether its value is even (else odd).
    pub even: bool,
}

/// `odd CELLS` or `even CELLS`: each cell.
fn read_rule(a: &RuleArgs<'_>, even: bool) -> Result<Vec<super::Constraint>, String> {
    Ok((a.all_cells(1)?.into_iter())
        .map(|cell| Parity { cell, even }.into())
        .collect())
}

impl Kind for Parity {
    const RULE_WORDS: &'static [RuleWord] = &[
        RuleWord {
            keyword: "odd",
            help: "CELLS: odd values",
            read: |a| read_rule(a, false),
        },
        RuleWord {
            keyword: "even",
            help: "CELLS: even values",
            read: |a| read_rule(a, true),
        },
    ];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[
        FpuzzlesKey {
            key: "odd",
            read: read_fpuzzles,
        },
        FpuzzlesKey {
            key: "even",
            read: read_fpuzzles,
        },
    ];

    fn name(&self) -> &'static str {
        if self.even { "even cell" } else { "odd cell" }
    }

    fn cells(&self) -> Vec<usize> {
        vec![self.cell]
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        (value(self.cell).rem_euclid(2) == 0) == self.even
    }

    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        let step = |_: usize, _: &(), v: usize| ((w[v].rem_euclid(2) == 0) == self.even).then_some(());
        let layered = Layered::unfold(1, n, (), step, |_| true, max_edges);
        Some(layered.map(|l| (vec![self.cell], l)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        let key = if self.even { "even" } else { "odd" };
        let cell = super::fpuzzles_name((self.cell / n) as i64, (self.cell % n) as i64);
        Some((key, serde_json::json!({ "cell": cell })))
    }

    /// A grey circle on an odd cell, a grey square on an even one.
    fn draw(&self, canvas: &mut super::Canvas) {
        if self.even {
            canvas.square(super::Layer::Under, self.cell, 16, "#d6d6d6", "#d6d6d6");
        } else {
            canvas.circle(super::Layer::Under, self.cell, 17, "#d6d6d6", "#d6d6d6");
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// `odd: [{"cell": "R1C1"}]` and `even`.
#[cfg(feature = "links")]
fn read_fpuzzles(entry: &mut FpuzzlesEntry<'_>) -> Result<(), String> {
    let cell = entry.field_cell("cell")?;
    let even = entry.key == "even";
    entry.add(Parity { cell, even });
    Ok(())
}
