//! A between line: its inner cells lie strictly between the values of its two ends.

use super::{IssKind, Kind, Post, RuleWord, Unfolded, values_of};
#[cfg(feature = "links")]
use super::FpuzzlesKey;
use crate::engine::{Domain, Layered};

/// The line's inner cells lie strictly between the values of its two ends.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Between {
    /// The line, ends included.
    pub cells: Vec<usize>,
}

impl Kind for Between {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "between",
        help: "CELLS: inner values lie between the two ends'",
        read: |a| Ok(vec![Between { cells: a.all_cells(2)? }.into()]),
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "Between",
        late: false,
        read: |part| {
            let cells = part.line_of_two()?;
            part.add(Between { cells })
        },
    }];
    #[cfg(feature = "links")]
    const FPUZZLES_KEYS: &'static [FpuzzlesKey] = &[FpuzzlesKey {
        key: "betweenline",
        read: |entry| entry.lines_as("Between"),
    }];

    fn name(&self) -> &'static str {
        "between line"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let (v, lo, hi) = ends_of(&self.cells, value);
        v[1..v.len() - 1].iter().all(|&m| lo < m && m < hi)
    }

    fn automaton(&self, w: &[i64], n: usize, max_edges: usize) -> Option<Unfolded> {
        Some(ends_then_inner(&self.cells, w, n, None, max_edges))
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!("Between~{}", super::iss_cells(n, &self.cells)))
    }

    #[cfg(feature = "links")]
    fn fpuzzles(&self, n: usize) -> Option<(&'static str, serde_json::Value)> {
        Some(("betweenline", super::fpuzzles_line(n, &self.cells)))
    }

    /// A blue line with a circle on each end.
    fn draw(&self, canvas: &mut super::Canvas) {
        canvas.path(&self.cells, "#6aa0e8", 4, false);
        for end in [self.cells.first(), self.cells.last()].into_iter().flatten() {
            canvas.circle(super::Layer::Lines, *end, 17, "#fff", "#6aa0e8");
        }
    }

    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        post.automaton();
    }
}

/// A line's values, with the smaller and the larger of its two ends'.
pub(super) fn ends_of(cells: &[usize], value: &dyn Fn(usize) -> i64) -> (Vec<i64>, i64, i64) {
    let v = values_of(cells, value);
    let (a, b) = (v[0], v[v.len() - 1]);
    (v, a.min(b), a.max(b))
}

/// The automaton of a between line, or with `lockout` of a lockout line whose ends differ by
/// that much: it reads the ends first, then the inner cells.
pub(super) fn ends_then_inner(
    cells: &[usize],
    w: &[i64],
    n: usize,
    lockout: Option<i64>,
    max_edges: usize,
) -> Unfolded {
    let order: Vec<usize> = [cells[0], cells[cells.len() - 1]]
        .into_iter()
        .chain(cells[1..cells.len() - 1].iter().copied())
        .collect();
    let step = |pos: usize, s: &(i64, i64), v: usize| -> Option<(i64, i64)> {
        let x = w[v];
        match pos {
            0 => Some((x, 0)),
            1 => {
                let (lo, hi) = (s.0.min(x), s.0.max(x));
                lockout.is_none_or(|d| hi - lo >= d).then_some((lo, hi))
            }
            _ => {
                let inside = s.0 < x && x < s.1;
                let outside = x < s.0 || x > s.1;
                let ok = if lockout.is_some() { outside } else { inside };
                ok.then_some(*s)
            }
        }
    };
    let layered = Layered::unfold(order.len(), n, (0, 0), step, |_| true, max_edges);
    layered.map(|l| (order, l))
}
