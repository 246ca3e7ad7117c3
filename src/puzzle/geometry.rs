//! The regions of an n×n grid under the rules (rows, columns, boxes of any r×c shape,
//! diagonals), which regions hold each cell, and where two regions overlap.

use crate::puzzle::{RegionKind, Rules};
use std::fmt;

/// The shape of a grid's boxes: `rows` × `cols` cells, n = rows · cols; or none at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoxShape {
    /// Rows of cells in a box (0: the grid has no boxes).
    pub rows: usize,
    /// Columns of cells in a box.
    pub cols: usize,
}

impl BoxShape {
    /// No boxes: a Latin square, or a jigsaw whose regions are given as constraints.
    pub const NONE: BoxShape = BoxShape { rows: 0, cols: 0 };

    /// Square boxes of side k.
    pub fn square(k: usize) -> Self {
        BoxShape { rows: k, cols: k }
    }

    /// Whether the grid has no boxes.
    pub fn is_none(self) -> bool {
        self.rows == 0
    }

    /// Whether the boxes are k×k squares.
    pub fn is_square(self) -> bool {
        !self.is_none() && self.rows == self.cols
    }

    /// The boxes' rows and columns of cells as drawn: a grid without boxes is one box.
    pub fn sides(self, n: usize) -> (usize, usize) {
        if self.is_none() {
            (n, n)
        } else {
            (self.rows, self.cols)
        }
    }

    /// The box holding cell `(row, col)`, numbered row-major from the top-left box.
    pub fn box_of(self, n: usize, row: usize, col: usize) -> usize {
        row / self.rows * (n / self.cols) + col / self.cols
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_none() {
            f.write_str("no boxes")
        } else {
            write!(f, "{}×{}", self.rows, self.cols)
        }
    }
}

/// One region of an n×n grid: cells that must hold distinct symbols. A small value; its cells
/// are computed on demand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Region {
    /// What kind of region.
    pub kind: RegionKind,
    /// 0-based index among regions of its kind (row 0 is the top row, box 0 the top-left box).
    pub index: usize,
    /// n, the grid's size.
    pub n: usize,
    /// The grid's boxes.
    pub boxes: BoxShape,
}

impl Region {
    /// The region's cell indices, in row-major order within the region.
    pub fn cells(self) -> impl Iterator<Item = usize> {
        let (first, run, runs, stride) = self.runs();
        (0..runs).flat_map(move |r| first + r * stride..first + r * stride + run)
    }

    /// Calls `f` with each of the region's cells, in the order of [`Region::cells`]: a plain
    /// loop, for checks that run on every puzzle of a batch.
    pub fn for_each_cell(self, mut f: impl FnMut(usize)) {
        let (first, run, runs, stride) = self.runs();
        for r in 0..runs {
            let start = first + r * stride;
            (start..start + run).for_each(&mut f);
        }
    }

    /// The region as `runs` runs of `run` consecutive cells, `stride` apart, from `first`:
    /// no division per cell.
    fn runs(self) -> (usize, usize, usize, usize) {
        let Region {
            kind,
            index,
            n,
            boxes,
        } = self;
        match kind {
            RegionKind::Row => (index * n, n, 1, 0),
            RegionKind::Column => (index, 1, n, n),
            RegionKind::Box => {
                let (h, w) = (boxes.rows, boxes.cols);
                let across = n / w;
                (index / across * h * n + index % across * w, w, h, n)
            }
            RegionKind::Diagonal => (0, 1, n, n + 1),
            RegionKind::AntiDiagonal => (n.saturating_sub(1), 1, n, n.saturating_sub(1)),
            RegionKind::Extra => (0, 0, 0, 0),
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            RegionKind::Row => write!(f, "row {}", self.index + 1),
            RegionKind::Column => write!(f, "column {}", self.index + 1),
            RegionKind::Box => write!(f, "box {}", self.index + 1),
            RegionKind::Diagonal => f.write_str("main diagonal"),
            RegionKind::AntiDiagonal => f.write_str("anti-diagonal"),
            RegionKind::Extra => write!(f, "region {}", self.index + 1),
        }
    }
}

/// Every region the rules declare on an n×n grid with boxes of `boxes`, in rule order (a grid
/// without boxes has no box regions).
pub fn regions(rules: &Rules, n: usize, boxes: BoxShape) -> Vec<Region> {
    let mut out = Vec::new();
    for &kind in &rules.all_different {
        let count = match kind {
            RegionKind::Box if boxes.is_none() => 0,
            RegionKind::Row | RegionKind::Column | RegionKind::Box => n,
            RegionKind::Diagonal | RegionKind::AntiDiagonal => 1,
            RegionKind::Extra => 0,
        };
        out.extend((0..count).map(|index| Region {
            kind,
            index,
            n,
            boxes,
        }));
    }
    out
}

/// For each cell of an n×n grid, the indices of the regions holding it: `per` slots a cell
/// (`usize::MAX` when unused), `per` being the number of kinds of region, since a cell lies in
/// at most one region of each kind. Returns `(per, slots)`.
pub(crate) fn regions_of_cells(regions: &[Region], n: usize) -> (usize, Vec<usize>) {
    let mut kinds: Vec<RegionKind> = Vec::new();
    for r in regions {
        if !kinds.contains(&r.kind) {
            kinds.push(r.kind);
        }
    }
    let per = kinds.len();
    let mut slots = vec![usize::MAX; n * n * per];
    for (ri, region) in regions.iter().enumerate() {
        for c in region.cells() {
            if let Some(slot) = slots[c * per..(c + 1) * per]
                .iter_mut()
                .find(|s| **s == usize::MAX)
            {
                *slot = ri;
            }
        }
    }
    (per, slots)
}

/// Two regions sharing two cells or more (a row and a box, a diagonal and a box): the cells
/// of each outside the other take the same symbols, those the shared cells do not take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Overlap {
    /// The first region's index in the list of regions.
    pub a: usize,
    /// The second region's index, after `a`.
    pub b: usize,
    /// The cells of `a` outside `b`.
    pub rest_a: Vec<usize>,
    /// The cells of `b` outside `a`.
    pub rest_b: Vec<usize>,
}

/// Every pair of `regions` (of an n×n grid) that share two cells or more.
pub(crate) fn overlaps(regions: &[Region], n: usize) -> Vec<Overlap> {
    let (kinds, house_of) = regions_of_cells(regions, n);
    let houses = |c: usize| &house_of[c * kinds..(c + 1) * kinds];
    let mut out = Vec::new();
    let mut shared = vec![0usize; regions.len()];
    for (a, region) in regions.iter().enumerate() {
        shared.fill(0);
        for c in region.cells() {
            for &h in houses(c) {
                if h != usize::MAX && h > a {
                    shared[h] += 1;
                }
            }
        }
        for (b, _) in shared.iter().enumerate().filter(|&(_, &k)| k >= 2) {
            let outside = |r: &Region, other: usize| -> Vec<usize> {
                r.cells().filter(|&c| !houses(c).contains(&other)).collect()
            };
            out.push(Overlap {
                a,
                b,
                rest_a: outside(region, b),
                rest_b: outside(&regions[b], a),
            });
        }
    }
    out
}
