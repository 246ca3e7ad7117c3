//! Counting circles: a value in a circle counts the circles that hold it.

use super::exclusion_groups::exclusion_groups;
use super::{IssKind, Kind, Post, RuleWord, values_of};
use crate::engine::{CountedValues, Domain};
use crate::puzzle::RegionKind;

/// Each value v in the circles is in exactly v of them (so no circle holds 0 or less).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CountingCircles {
    /// The circled cells.
    pub cells: Vec<usize>,
}

impl Kind for CountingCircles {
    const RULE_WORDS: &'static [RuleWord] = &[RuleWord {
        keyword: "counting-circles",
        help: "CELLS: a value v in these circles is in exactly v of them",
        read: |a| Ok(vec![CountingCircles { cells: a.all_cells(1)? }.into()]),
    }];
    const ISS_KINDS: &'static [IssKind] = &[IssKind {
        kind: "CountingCircles",
        late: false,
        read: |part| {
            let cells = part.cells()?;
            if cells.is_empty() {
                return Err("CountingCircles: expected a cell or more".to_string());
            }
            part.add(CountingCircles { cells })
        },
    }];

    fn name(&self) -> &'static str {
        "counting circles"
    }

    fn cells(&self) -> Vec<usize> {
        self.cells.clone()
    }

    fn holds(&self, value: &dyn Fn(usize) -> i64) -> bool {
        let v = values_of(&self.cells, value);
        v.iter()
            .all(|&x| v.iter().filter(|&&y| y == x).count() as i64 == x)
    }

    fn iss(&self, n: usize) -> Option<String> {
        Some(format!(
            "CountingCircles~{}",
            super::iss_cells(n, &self.cells)
        ))
    }

    fn draw(&self, canvas: &mut super::Canvas) {
        for &c in &self.cells {
            canvas.circle(super::Layer::Lines, c, 17, "none", "#d0a020");
        }
    }

    /// Each symbol counts as often as its value. The circles split into groups that must
    /// differ: the tightest exclusion groups, and the circles of each row, column and box; a
    /// value a group must hold leaves the cells that share a region with the whole group.
    fn post<D: Domain>(&self, post: &mut Post<'_, D>) {
        let k = self.cells.len();
        let counts = post
            .w
            .iter()
            .map(|&x| usize::try_from(x).ok().filter(|&c| c <= k).unwrap_or(0))
            .collect();
        let mut splits = vec![exclusion_groups(&self.cells, &|a, b| post.differ(a, b))];
        for kind in [RegionKind::Row, RegionKind::Column, RegionKind::Box] {
            let mut split: Vec<Vec<usize>> = Vec::new();
            let mut placed = vec![false; k];
            for region in post.regions.iter().filter(|r| r.kind == kind) {
                let cells: Vec<usize> = region.cells().collect();
                let inside: Vec<usize> = (0..k).filter(|&i| cells.contains(&self.cells[i])).collect();
                inside.iter().for_each(|&i| placed[i] = true);
                split.push(inside.iter().map(|&i| self.cells[i]).collect());
            }
            if split.iter().any(|g| g.len() > 1) {
                split.extend((0..k).filter(|&i| !placed[i]).map(|i| vec![self.cells[i]]));
                split.retain(|g| !g.is_empty());
                splits.push(split);
            }
        }
        let n = post.n();
        let vars = post.vars(&self.cells);
        let mut counted = CountedValues::new(post.name.clone(), vars, counts);
        for split in splits {
            let outside = split
                .iter()
                .map(|g| {
                    let cells = (0..n * n).filter(|&c| {
                        g.len() > 1 && !g.contains(&c) && g.iter().all(|&x| post.differ(c, x))
                    });
                    cells.map(|c| post.vars[c]).collect()
                })
                .collect();
            let at = split
                .iter()
                .map(|g| {
                    g.iter()
                        .map(|c| self.cells.iter().position(|x| x == c).unwrap_or(0))
                        .collect()
                })
                .collect();
            counted = counted.grouped(at, outside);
        }
        post.engine.post(counted);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_value_is_in_as_many_circles_as_it_says() {
        let circles = CountingCircles {
            cells: vec![0, 1, 2, 3],
        };
        let holds = |v: [i64; 4]| circles.holds(&|c| v[c]);
        assert!(holds([1, 3, 3, 3]));
        assert!(!holds([2, 2, 2, 2]));
        assert!(!holds([2, 1, 2, 1]));
        assert!(!holds([2, 2, 1, 1]));
        assert!(CountingCircles { cells: vec![0] }.holds(&|_| 1));
        assert!(!CountingCircles { cells: vec![0] }.holds(&|_| 0));
    }
}
