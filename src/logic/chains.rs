//! Static chains (alternating inference chains): implications that each follow from one
//! premise on the board as it stands. A candidate that is true makes its cell's other
//! candidates and its peers' same value false (a weak link, `-`); a false candidate makes the
//! other one true when its cell has two candidates or its value two places in a unit (a strong
//! link, `=`). Followed breadth-first from a candidate assumed true or false, they give
//! Sudoku Explainer's static forcing chains: a contradiction, or a conclusion both
//! assumptions reach, or one every value of a cell (place of a value in a unit) reaches. A
//! chain on one value alone is an x-chain (skyscraper, 2-string kite, …).

use super::technique::Turbot;
use super::variants::WeakLinks;
use super::{Board, Forcing, Step, Technique};
use crate::engine::Domain;
use crate::puzzle::RegionKind;
use std::fmt::Write;

/// The most open candidates a board may have for static chains to be looked for: a walk
/// from each of them (both ways) is kept for the pass.
const MAX_CANDIDATES: usize = 800;

/// A candidate assumed true (`on`) or false: node `2 · (cell · n + value) + on`.
type Node = usize;

/// A group node of an x-chain: the cells of a box's meeting with a line that can hold a value
/// (two or more). True: one of them holds it; false: none does. Group `g` is node
/// `base + 2g + on`, after the candidates' nodes.
struct Group {
    value: usize,
    cells: Vec<usize>,
    /// The box and the line it lies in.
    units: [usize; 2],
}

/// What a breadth-first walk from one node reached: each node's predecessor (`usize::MAX`
/// unreached, the start its own).
struct Walk {
    start: Node,
    parent: Vec<u32>,
    /// The first node whose complement was reached too, if any.
    clash: Option<Node>,
}

impl Walk {
    fn reached(&self, x: Node) -> bool {
        self.parent[x] != u32::MAX
    }

    /// The nodes from the start to `x`, in order.
    fn path(&self, x: Node) -> Vec<Node> {
        let mut out = vec![x];
        let mut at = x;
        while at != self.start {
            at = self.parent[at] as usize;
            out.push(at);
        }
        out.reverse();
        out
    }
}

/// A conclusion with the chains that prove it: the technique, the placements and
/// eliminations, and the text.
struct Found {
    technique: Technique,
    place: Vec<(usize, usize)>,
    eliminate: Vec<(usize, usize)>,
    text: String,
}

impl<D: Domain> Board<D> {
    /// The places of `v` in unit `u`.
    pub(super) fn places(&self, u: usize, v: usize) -> impl Iterator<Item = usize> + '_ {
        self.units[u]
            .cells
            .iter()
            .copied()
            .filter(move |&p| self.value[p].is_none() && self.cand[p].contains(v))
    }

    /// Every group of the board: for each value, each box's meeting with a row or column
    /// where it has two places or more.
    fn groups(&self) -> Vec<Group> {
        let n = self.puzzle.size();
        let mut out = Vec::new();
        for (b, bx) in self.units.iter().enumerate() {
            if bx.kind != RegionKind::Box {
                continue;
            }
            for (l, line) in self.units.iter().enumerate() {
                if !matches!(line.kind, RegionKind::Row | RegionKind::Column) {
                    continue;
                }
                for v in 0..n {
                    let cells: Vec<usize> = self
                        .places(b, v)
                        .filter(|c| line.cells.contains(c))
                        .collect();
                    if cells.len() >= 2 {
                        out.push(Group {
                            value: v,
                            cells,
                            units: [b, l],
                        });
                    }
                }
            }
        }
        out
    }

    /// Every node reached from `start` by single-premise implications on the current board;
    /// with `one_value`, only by links between candidates of the start's value and through
    /// `groups`.
    fn walk(&self, start: Node, one_value: bool, groups: &[Group], weak: &WeakLinks) -> Walk {
        let n = self.puzzle.size();
        let cells = self.cand.len();
        let base = cells * n * 2;
        let sees_all =
            |x: usize, g: &Group| !g.cells.contains(&x) && g.cells.iter().all(|&c| self.sees(x, c));
        // The group whose cells are exactly `places`, if any.
        let group_of = |v: usize, places: &[usize]| {
            groups
                .iter()
                .position(|g| g.value == v && g.cells.as_slice() == places)
        };
        let mut parent = vec![u32::MAX; base + 2 * groups.len()];
        parent[start] = start as u32;
        let mut queue = std::collections::VecDeque::from([start]);
        let mut clash = None;
        while let Some(x) = queue.pop_front() {
            let mut reach = |y: Node, parent: &mut Vec<u32>| {
                if parent[y] == u32::MAX {
                    parent[y] = x as u32;
                    queue.push_back(y);
                    if clash.is_none() && parent[y ^ 1] != u32::MAX {
                        clash = Some(y);
                    }
                }
            };
            if x >= base {
                let (g, on) = ((x - base) / 2, x % 2 == 1);
                let group = &groups[g];
                let v = group.value;
                if on {
                    for y in (0..cells).filter(|&y| {
                        self.value[y].is_none() && self.cand[y].contains(v) && sees_all(y, group)
                    }) {
                        reach(2 * (y * n + v), &mut parent);
                    }
                    for (h, other) in groups.iter().enumerate() {
                        if h != g
                            && other.value == v
                            && other.cells.iter().all(|&c| sees_all(c, group))
                        {
                            reach(base + 2 * h, &mut parent);
                        }
                    }
                } else {
                    for u in group.units {
                        let rest: Vec<usize> = self
                            .places(u, v)
                            .filter(|c| !group.cells.contains(c))
                            .collect();
                        if let [y] = rest[..] {
                            reach(2 * (y * n + v) + 1, &mut parent);
                        } else if let Some(h) = group_of(v, &rest) {
                            reach(base + 2 * h + 1, &mut parent);
                        }
                    }
                }
                if clash.is_some() {
                    break;
                }
                continue;
            }
            let (cell, v, on) = (x / 2 / n, x / 2 % n, x % 2 == 1);
            if on {
                for w in self.cand[cell].iter().filter(|&w| w != v && !one_value) {
                    reach(2 * (cell * n + w), &mut parent);
                }
                for &u in self.cell_units[cell].iter() {
                    for &p in &self.units[u].cells {
                        if p != cell && self.value[p].is_none() && self.cand[p].contains(v) {
                            reach(2 * (p * n + v), &mut parent);
                        }
                    }
                }
                for (g, group) in groups.iter().enumerate() {
                    if group.value == v && sees_all(cell, group) {
                        reach(base + 2 * g, &mut parent);
                    }
                }
                for &(y, w, _) in weak.of(cell * n + v) {
                    if (!one_value || w == v) && self.value[y].is_none() && self.cand[y].contains(w)
                    {
                        reach(2 * (y * n + w), &mut parent);
                    }
                }
            } else {
                let left = self.cand[cell].minus(D::singleton(v));
                if let Some(w) = left.single().filter(|_| !one_value) {
                    reach(2 * (cell * n + w) + 1, &mut parent);
                }
                for &u in self.cell_units[cell].iter() {
                    let mut places = self.units[u]
                        .cells
                        .iter()
                        .filter(|&&p| self.value[p].is_none() && self.cand[p].contains(v));
                    if let (Some(&a), Some(&b), None) =
                        (places.next(), places.next(), places.next())
                    {
                        let other = if a == cell { b } else { a };
                        reach(2 * (other * n + v) + 1, &mut parent);
                    }
                    if !groups.is_empty() {
                        let rest: Vec<usize> = self.places(u, v).filter(|&p| p != cell).collect();
                        if let Some(h) = group_of(v, &rest) {
                            reach(base + 2 * h + 1, &mut parent);
                        }
                    }
                }
            }
            if clash.is_some() {
                break;
            }
        }
        Walk {
            start,
            parent,
            clash,
        }
    }

    /// `r1c2=5 - r1c8=5 = r3c8=5`: a path as an alternating inference chain (a group as
    /// `r1c78=5`; a weak link a variant constraint makes followed by it in brackets,
    /// `r1c2=5 - r1c3=4 (thermometer at r1c1)`).
    fn path_text(&self, path: &[Node], groups: &[Group], weak: &WeakLinks) -> String {
        let n = self.puzzle.size();
        let base = self.cand.len() * n * 2;
        let mut text = String::new();
        for (i, &x) in path.iter().enumerate() {
            if i > 0 {
                text.push_str(if x % 2 == 1 { " = " } else { " - " });
            }
            // A walk that starts from a candidate assumed false says so.
            let is = if i == 0 && x % 2 == 0 { "<>" } else { "=" };
            if x >= base {
                let g = &groups[(x - base) / 2];
                let (r, c): (Vec<usize>, Vec<usize>) =
                    g.cells.iter().map(|&c| (c / n + 1, c % n + 1)).unzip();
                let list = |v: &[usize]| {
                    let mut v = v.to_vec();
                    v.dedup();
                    v.iter().map(ToString::to_string).collect::<String>()
                };
                let _ = write!(text, "r{}c{}{is}{}", list(&r), list(&c), self.sym(g.value));
            } else {
                let (cell, v) = (x / 2 / n, x / 2 % n);
                let _ = write!(text, "{}{is}{}", self.cell(cell), self.sym(v));
                let from = path
                    .get(i.wrapping_sub(1))
                    .filter(|&&p| p < base && p % 2 == 1);
                if let Some(&p) = from.filter(|_| x % 2 == 0) {
                    let (pc, pv) = (p / 2 / n, p / 2 % n);
                    let by_unit = pc == cell || (pv == v && self.sees(pc, cell));
                    let by = weak.by(p / 2, (cell, v)).filter(|_| !by_unit);
                    if let (Some(k), Some(variants)) = (by, &self.variants) {
                        let _ = write!(text, " ({})", variants.list[k].name);
                    }
                }
            }
        }
        text
    }

    /// The technique of a conclusion proved by `paths`: an x-chain when every node is on one
    /// value (scored by its strong links), else a static forcing chain of `kind`.
    fn chain_technique(&self, paths: &[&[Node]], kind: Forcing, groups: &[Group]) -> Technique {
        let n = self.puzzle.size();
        let base = self.cand.len() * n * 2;
        let value = |x: Node| {
            if x >= base {
                groups[(x - base) / 2].value
            } else {
                x / 2 % n
            }
        };
        let grouped = paths.iter().any(|p| p.iter().any(|&x| x >= base));
        let first = paths.iter().find_map(|p| p.first()).map(|&x| value(x));
        let one_value = paths
            .iter()
            .all(|p| p.iter().all(|&x| Some(value(x)) == first));
        // Sudoku Explainer's length: the nodes its chains pass through, less two. It proves a
        // contradiction or double implication by one chain, from a candidate to its negation,
        // through the node where our two paths meet: one node fewer.
        let nodes: usize = paths.iter().map(|p| p.len()).sum();
        let length = nodes.saturating_sub(if kind == Forcing::Chain { 3 } else { 2 });
        if kind == Forcing::Chain && one_value {
            let strong = paths
                .iter()
                .map(|p| p.iter().skip(1).filter(|&&x| x % 2 == 1).count())
                .sum();
            if strong == 2 && !grouped {
                return Technique::TurbotFish(self.turbot(paths));
            }
            return Technique::XChain { strong, grouped };
        }
        Technique::ForcingChain { kind, length }
    }

    /// The turbot fish an x-chain of two strong links (no groups) is, by the units that hold
    /// its strong links: where a link lies in both a line and a box, the line.
    fn turbot(&self, paths: &[&[Node]]) -> Turbot {
        let n = self.puzzle.size();
        // per strong link: whether a row holds it, and whether a column does
        let lines = |a: usize, b: usize, v: usize| {
            let holds = |kind| {
                self.cell_units[a].iter().any(|&u| {
                    self.units[u].kind == kind
                        && self.units[u].cells.contains(&b)
                        && self.places(u, v).count() == 2
                })
            };
            (holds(RegionKind::Row), holds(RegionKind::Column))
        };
        let mut links = paths
            .iter()
            .flat_map(|p| p.windows(2))
            .filter(|w| w[1] % 2 == 1)
            .map(|w| lines(w[0] / 2 / n, w[1] / 2 / n, w[1] / 2 % n));
        match (links.next(), links.next(), links.next()) {
            (Some((r1, c1)), Some((r2, c2)), None) if (r1 && r2) || (c1 && c2) => {
                Turbot::Skyscraper
            }
            (Some((r1, c1)), Some((r2, c2)), None) if (r1 && c2) || (c1 && r2) => Turbot::Kite,
            _ => Turbot::Crane,
        }
    }

    /// The static chain conclusion with the lowest score, if any: contradictions and double
    /// implications from each candidate, then with `sets` cell and region forcing chains; with
    /// `one_value`, x-chains only (contradictions and double implications on one value) of at
    /// most `most` strong links.
    pub(super) fn static_chains(&mut self, one_value: bool, most: usize, sets: bool) -> Vec<Step> {
        let n = self.puzzle.size();
        let cells = self.cand.len();
        let open: Vec<(usize, usize)> = (0..cells)
            .filter(|&c| self.value[c].is_none())
            .flat_map(|c| self.cand[c].iter().map(move |v| (c, v)))
            .collect();
        if open.len() > MAX_CANDIDATES {
            return Vec::new();
        }
        // X-chains also go through groups (a box's cells on a line).
        let groups = if one_value { self.groups() } else { Vec::new() };
        let weak = self.weak_links();
        let mut walks: Vec<Option<Walk>> = (0..cells * n * 2).map(|_| None).collect();
        let mut best: Option<Found> = None;
        let consider = |found: Found, best: &mut Option<Found>| {
            if best
                .as_ref()
                .is_none_or(|b| found.technique.score() < b.technique.score())
            {
                *best = Some(found);
            }
        };
        for &(c, v) in &open {
            if self.clock.out() {
                return Vec::new();
            }
            for on in [true, false] {
                let start = 2 * (c * n + v) + usize::from(on);
                let walk = self.walk(start, one_value, &groups, &weak);
                if let Some(x) = walk.clash {
                    let (a, b) = (walk.path(x), walk.path(x ^ 1));
                    let t = self.chain_technique(&[&a, &b], Forcing::Chain, &groups);
                    let (place, eliminate, so) = if on {
                        (vec![], vec![(c, v)], "<>")
                    } else {
                        (vec![(c, v)], vec![], "=")
                    };
                    let text = format!(
                        "{}: {} and {}; so {} {so} {}",
                        t.name(),
                        self.path_text(&a, &groups, &weak),
                        self.path_text(&b, &groups, &weak),
                        self.cell(c),
                        self.sym(v)
                    );
                    consider(
                        Found {
                            technique: t,
                            place,
                            eliminate,
                            text,
                        },
                        &mut best,
                    );
                }
                walks[start] = Some(walk);
            }
            // Both assumptions reach the same node: it holds.
            let (on, off) = (
                walks[2 * (c * n + v) + 1].as_ref().expect("walked"),
                walks[2 * (c * n + v)].as_ref().expect("walked"),
            );
            if on.clash.is_some() || off.clash.is_some() {
                continue;
            }
            let name = format!("{}={}", self.cell(c), self.sym(v));
            let net = (groups.as_slice(), &weak);
            if let Some(found) = self.common(&[on, off], Forcing::Chain, &name, net) {
                consider(found, &mut best);
            }
        }
        // Cell and region forcing chains: every option of a set reaches the same node.
        let sets = sets && !one_value;
        for c in (0..if sets { cells } else { 0 })
            .filter(|&c| self.value[c].is_none() && self.cand[c].len() > 2)
        {
            let branch: Vec<&Walk> = self.cand[c]
                .iter()
                .filter_map(|v| walks[2 * (c * n + v) + 1].as_ref())
                .collect();
            if branch.iter().all(|w| w.clash.is_none())
                && let Some(found) = self.common(
                    &branch,
                    Forcing::StaticCell,
                    &self.cell(c),
                    (&groups, &weak),
                )
            {
                consider(found, &mut best);
            }
        }
        for u in (0..self.units.len()).filter(|_| sets) {
            for v in D::full(n).minus(self.held[u]).iter() {
                let branch: Vec<&Walk> = self.units[u]
                    .cells
                    .iter()
                    .filter(|&&p| self.value[p].is_none() && self.cand[p].contains(v))
                    .filter_map(|&p| walks[2 * (p * n + v) + 1].as_ref())
                    .collect();
                // Sudoku Explainer walks a unit's places from the first, and only from a cell
                // of three candidates or more.
                let first = self.places(u, v).next();
                if branch.len() > 2
                    && first.is_some_and(|p| self.cand[p].len() > 2)
                    && branch.iter().all(|w| w.clash.is_none())
                {
                    let name = format!("{} in {}", self.sym(v), self.units[u].name);
                    let net = (groups.as_slice(), &weak);
                    if let Some(found) = self.common(&branch, Forcing::StaticRegion, &name, net) {
                        consider(found, &mut best);
                    }
                }
            }
        }
        let Some(found) = best else {
            return Vec::new();
        };
        if let Technique::XChain { strong, .. } = found.technique
            && strong > most
        {
            return Vec::new();
        }
        let mut s = self.step(found.technique, None, found.text);
        for &(c, v) in &found.eliminate {
            self.remove(c, v);
        }
        for &(c, v) in &found.place {
            self.place(c, v);
        }
        s.place = found.place;
        s.eliminate = found.eliminate;
        vec![s]
    }

    /// The conclusion every walk of `branch` (one of whose starts holds) reaches by the
    /// shortest paths in all, if any: a candidate made false (eliminated) or true (placed).
    fn common(
        &self,
        branch: &[&Walk],
        kind: Forcing,
        on: &str,
        (groups, weak): (&[Group], &WeakLinks),
    ) -> Option<Found> {
        let n = self.puzzle.size();
        let starts: Vec<Node> = branch.iter().map(|w| w.start).collect();
        let mut best: Option<(usize, Node)> = None;
        // Only candidates conclude anything (groups are the nodes after them).
        for x in 0..self.cand.len() * n * 2 {
            let (cell, v) = (x / 2 / n, x / 2 % n);
            if self.value[cell].is_some()
                || !self.cand[cell].contains(v)
                || starts.iter().any(|&s| s / 2 == x / 2)
                || !branch.iter().all(|w| w.reached(x))
            {
                continue;
            }
            let length: usize = branch.iter().map(|w| w.path(x).len()).sum();
            if best.is_none_or(|(l, _)| length < l) {
                best = Some((length, x));
            }
        }
        let (_, x) = best?;
        let paths: Vec<Vec<Node>> = branch.iter().map(|w| w.path(x)).collect();
        let refs: Vec<&[Node]> = paths.iter().map(Vec::as_slice).collect();
        let technique = self.chain_technique(&refs, kind, groups);
        let (cell, v) = (x / 2 / n, x / 2 % n);
        let (place, eliminate, so) = if x % 2 == 1 {
            (vec![(cell, v)], vec![], "=")
        } else {
            (vec![], vec![(cell, v)], "<>")
        };
        let mut text = format!("{} on {on}:", technique.name());
        for p in &paths {
            let _ = write!(text, " [{}]", self.path_text(p, groups, weak));
        }
        let _ = write!(text, "; so {} {so} {}", self.cell(cell), self.sym(v));
        Some(Found {
            technique,
            place,
            eliminate,
            text,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::crafted::{board, eliminated};
    use super::*;

    /// A skyscraper: rows 1 and 5 hold 1 only in columns {1, 7} and {2, 7}. One of the tops
    /// r1c1 and r5c2 is 1, so the cells seeing both (r2c2, r3c2, r4c1, r6c1) lose it, one
    /// x-chain of two strong links at a time, and nothing else does.
    #[test]
    fn a_skyscraper_is_an_x_chain_of_two_strong_links() {
        let mut b = board(0, &[(0, &[0, 6]), (4, &[1, 6])], &[]);
        let steps = x_chains(&mut b);
        let skyscraper = Technique::TurbotFish(Turbot::Skyscraper);
        assert!(steps.iter().all(|s| s.technique == skyscraper), "{steps:?}");
        assert_eq!(eliminated(&steps), vec![(10, 0), (19, 0), (27, 0), (45, 0)]);
    }

    /// Every step `static_chains` finds on `b`, x-chains only, one at a time.
    fn x_chains(b: &mut Board<u16>) -> Vec<Step> {
        let mut steps = Vec::new();
        loop {
            let found = b.static_chains(true, usize::MAX, false);
            if found.is_empty() {
                return steps;
            }
            steps.extend(found);
        }
    }

    /// A 2-string kite: row 1 holds 1 only at r1c2 and r1c8, column 1 only at r3c1 and r7c1,
    /// and r1c2 and r3c1 share box 1. So r1c8 or r7c1 is 1, and r7c8 loses it.
    #[test]
    fn a_two_string_kite_has_one_strong_link_in_a_row_and_one_in_a_column() {
        let column: Vec<(usize, u64)> = [0, 1, 3, 4, 5, 7, 8]
            .iter()
            .map(|r| (r * 9, 0x1fe))
            .collect();
        let mut b = board(0, &[(0, &[1, 7])], &column);
        let steps = x_chains(&mut b);
        let kite = Technique::TurbotFish(Turbot::Kite);
        assert!(steps.iter().all(|s| s.technique == kite), "{steps:?}");
        assert_eq!(eliminated(&steps), vec![(61, 0)]);
        assert!(
            steps[0].text.starts_with("2-string kite "),
            "{}",
            steps[0].text
        );
    }

    /// A turbot crane: box 1 holds 1 only at r1c1 and r2c3, row 5 only at r5c1 and r5c7, and
    /// r1c1 and r5c1 share column 1. So r2c3 or r5c7 is 1, and r2c7 loses it.
    #[test]
    fn a_turbot_crane_has_a_strong_link_in_a_box() {
        let bx: Vec<(usize, u64)> = [1, 2, 9, 10, 18, 19, 20]
            .iter()
            .map(|&c| (c, 0x1fe))
            .collect();
        let mut b = board(0, &[(4, &[0, 6])], &bx);
        let steps = x_chains(&mut b);
        let crane = Technique::TurbotFish(Turbot::Crane);
        assert!(steps.iter().all(|s| s.technique == crane), "{steps:?}");
        assert_eq!(eliminated(&steps), vec![(15, 0)]);
    }

    /// A static forcing chain keeps to one premise a link: with r1c1 {1,2} and r1c2 {1,2}, 1
    /// and 2 leave the rest of row 1 by chains through the pair, and the first such step
    /// prints as an alternating inference chain.
    #[test]
    fn a_naked_pair_read_as_chains_clears_its_row() {
        let mut b = board(0, &[], &[(0, 0b011), (1, 0b011)]);
        let steps = b.static_chains(false, usize::MAX, true);
        assert_eq!(steps.len(), 1);
        let (cell, v) = steps[0].eliminate[0];
        assert!(cell / 9 == 0 && cell > 1 && v < 2, "{steps:?}");
        assert!(
            steps[0].text.contains(" - ") && steps[0].text.contains(" = "),
            "{}",
            steps[0].text
        );
    }
}
