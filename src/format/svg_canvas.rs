//! The drawing surface of `--to svg`: a grid of square cells with a margin for the clues
//! outside it, and the shapes the constraint kinds draw themselves with
//! ([`crate::constraints`]), each in cell terms and on its layer.

use std::fmt::Write as _;

/// A cell's side, in pixels.
pub(crate) const CELL: i32 = 48;
/// The margin around the grid, where outside clues stand.
pub(crate) const MARGIN: i32 = 48;

/// Where a shape goes, from the bottom up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layer {
    /// Shading under everything (extra regions, highlighted cells, odd and even cells).
    Under,
    /// Lines along cells (thermometers, arrows, whispers …), under the grid lines.
    Lines,
    /// Marks over the grid lines: dots, X and V, signs, cage outlines, clues.
    Over,
}

/// How an outside clue is framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Frame {
    /// A bare number (a sandwich).
    Bare,
    /// A number with an arrow along its line (a little killer).
    Arrow,
    /// A number in a circle (an x-sum).
    Circle,
    /// A number in a square (a skyscraper).
    Square,
}

/// The shapes drawn so far, by layer.
#[derive(Debug)]
pub(crate) struct Canvas {
    n: usize,
    layers: [String; 3],
}

impl Canvas {
    /// An empty canvas for an n×n grid.
    pub(crate) fn new(n: usize) -> Self {
        Canvas {
            n,
            layers: Default::default(),
        }
    }

    /// The grid's size.
    pub(crate) fn n(&self) -> usize {
        self.n
    }

    /// The shapes of a layer, as SVG elements.
    pub(crate) fn layer(&self, layer: Layer) -> &str {
        &self.layers[layer as usize]
    }

    fn push(&mut self, layer: Layer, element: std::fmt::Arguments<'_>) {
        let out = &mut self.layers[layer as usize];
        let _ = out.write_fmt(element);
        out.push('\n');
    }

    /// The top-left corner of a cell, (row, column) from 0 (either may stand outside).
    pub(crate) fn corner(&self, r: i64, c: i64) -> (i32, i32) {
        (MARGIN + c as i32 * CELL, MARGIN + r as i32 * CELL)
    }

    /// The centre of a cell.
    pub(crate) fn centre(&self, cell: usize) -> (i32, i32) {
        let (x, y) = self.corner((cell / self.n) as i64, (cell % self.n) as i64);
        (x + CELL / 2, y + CELL / 2)
    }

    /// Row and column of a cell.
    fn rc(&self, cell: usize) -> (i64, i64) {
        ((cell / self.n) as i64, (cell % self.n) as i64)
    }

    /// A line through the cells' centres.
    pub(crate) fn path(&mut self, cells: &[usize], colour: &str, width: i32, dashed: bool) {
        let points: Vec<String> = cells
            .iter()
            .map(|&c| {
                let (x, y) = self.centre(c);
                format!("{x},{y}")
            })
            .collect();
        let dash = if dashed {
            format!(" stroke-dasharray=\"{} {}\"", width, width)
        } else {
            String::new()
        };
        self.push(
            Layer::Lines,
            format_args!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{width}\" \
                 stroke-linecap=\"round\" stroke-linejoin=\"round\"{dash}/>",
                points.join(" ")
            ),
        );
    }

    /// A circle on a cell's centre.
    pub(crate) fn circle(
        &mut self,
        layer: Layer,
        cell: usize,
        radius: i32,
        fill: &str,
        stroke: &str,
    ) {
        let (x, y) = self.centre(cell);
        self.push(
            layer,
            format_args!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{radius}\" fill=\"{fill}\" stroke=\"{stroke}\" \
                 stroke-width=\"2\"/>"
            ),
        );
    }

    /// A square on a cell's centre, `half` its half side.
    pub(crate) fn square(
        &mut self,
        layer: Layer,
        cell: usize,
        half: i32,
        fill: &str,
        stroke: &str,
    ) {
        let (x, y) = self.centre(cell);
        let side = 2 * half;
        self.push(
            layer,
            format_args!(
                "<rect x=\"{}\" y=\"{}\" width=\"{side}\" height=\"{side}\" fill=\"{fill}\" \
                 stroke=\"{stroke}\" stroke-width=\"2\"/>",
                x - half,
                y - half
            ),
        );
    }

    /// An arrow's head on `to`'s centre, pointing away from `from`.
    pub(crate) fn arrow_head(&mut self, from: usize, to: usize) {
        let ((x0, y0), (x1, y1)) = (self.centre(from), self.centre(to));
        let (dx, dy) = ((x1 - x0).signum(), (y1 - y0).signum());
        let (ax, ay) = (x1 - 8 * dx - 6 * dy, y1 - 8 * dy + 6 * dx);
        let (bx, by) = (x1 - 8 * dx + 6 * dy, y1 - 8 * dy - 6 * dx);
        self.push(
            Layer::Lines,
            format_args!(
                "<polyline points=\"{ax},{ay} {x1},{y1} {bx},{by}\" fill=\"none\" stroke=\"#888\" \
                 stroke-width=\"2\"/>"
            ),
        );
    }

    /// A diamond on a cell's centre.
    pub(crate) fn diamond(&mut self, cell: usize, half: i32, fill: &str, stroke: &str) {
        let (x, y) = self.centre(cell);
        self.push(
            Layer::Lines,
            format_args!(
                "<polygon points=\"{x},{} {},{y} {x},{} {},{y}\" fill=\"{fill}\" stroke=\"{stroke}\" \
                 stroke-width=\"2\"/>",
                y - half,
                x + half,
                y + half,
                x - half
            ),
        );
    }

    /// Cells shaded whole.
    pub(crate) fn shade(&mut self, cells: &[usize], fill: &str) {
        for &cell in cells {
            let (r, c) = self.rc(cell);
            let (x, y) = self.corner(r, c);
            self.push(
                Layer::Under,
                format_args!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{fill}\"/>"
                ),
            );
        }
    }

    /// The midpoint between two cells.
    fn between(&self, a: usize, b: usize) -> (i32, i32) {
        let ((xa, ya), (xb, yb)) = (self.centre(a), self.centre(b));
        ((xa + xb) / 2, (ya + yb) / 2)
    }

    /// A dot on the border of two cells.
    pub(crate) fn dot(&mut self, a: usize, b: usize, fill: &str) {
        let (x, y) = self.between(a, b);
        self.push(
            Layer::Over,
            format_args!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"{fill}\" stroke=\"#000\" \
                 stroke-width=\"1.5\"/>"
            ),
        );
    }

    /// A short text on the border of two cells, on a white ground (an X or V).
    pub(crate) fn border_text(&mut self, a: usize, b: usize, text: &str) {
        let (x, y) = self.between(a, b);
        self.push(
            Layer::Over,
            format_args!(
                "<rect x=\"{}\" y=\"{}\" width=\"14\" height=\"16\" fill=\"#fff\"/>\n\
                 <text x=\"{x}\" y=\"{y}\" font-size=\"15\" font-weight=\"bold\" {CENTRED}>{text}</text>",
                x - 7,
                y - 8
            ),
        );
    }

    /// A greater-than sign on the border of two cells, its point towards the smaller.
    pub(crate) fn sign(&mut self, greater: usize, smaller: usize) {
        let (x, y) = self.between(greater, smaller);
        let ((xg, yg), (xs, ys)) = (self.centre(greater), self.centre(smaller));
        let (dx, dy) = ((xs - xg).signum() * 5, (ys - yg).signum() * 5);
        // The two arms meet at the point, towards the smaller cell.
        let (px, py) = (x + dx, y + dy);
        let (ax, ay) = (x - dx - dy, y - dy + dx);
        let (bx, by) = (x - dx + dy, y - dy - dx);
        self.push(
            Layer::Over,
            format_args!(
                "<polyline points=\"{ax},{ay} {px},{py} {bx},{by}\" fill=\"none\" stroke=\"#000\" \
                 stroke-width=\"2\"/>"
            ),
        );
    }

    /// A dashed line between two cells' centres (a clone, two cells that differ).
    pub(crate) fn link(&mut self, a: usize, b: usize, colour: &str) {
        let ((xa, ya), (xb, yb)) = (self.centre(a), self.centre(b));
        self.push(
            Layer::Over,
            format_args!(
                "<line x1=\"{xa}\" y1=\"{ya}\" x2=\"{xb}\" y2=\"{yb}\" stroke=\"{colour}\" \
                 stroke-width=\"2\" stroke-dasharray=\"4 4\"/>"
            ),
        );
    }

    /// A cage's outline, inset in its cells and dashed (dotted for a sum that is no cage), with
    /// its label in its first cell's top-left corner.
    pub(crate) fn cage(&mut self, cells: &[usize], label: Option<&str>, dotted: bool) {
        const INSET: i32 = 4;
        let inside = |r: i64, c: i64| {
            (0..self.n as i64).contains(&r)
                && (0..self.n as i64).contains(&c)
                && cells.contains(&((r * self.n as i64 + c) as usize))
        };
        let mut segments = Vec::new();
        for &cell in cells {
            let (r, c) = self.rc(cell);
            let (x, y) = self.corner(r, c);
            let (x0, y0, x1, y1) = (x + INSET, y + INSET, x + CELL - INSET, y + CELL - INSET);
            // Each side without a neighbour in the cage, running on into the cell along it
            // when that one is in the cage too (to its edge; past it, to meet the line that
            // turns there, when the cell beyond the corner is in the cage as well).
            let reach = |along: bool, beyond: bool| match (along, beyond) {
                (false, _) => 0,
                (true, false) => INSET,
                (true, true) => 2 * INSET,
            };
            if !inside(r - 1, c) {
                let a = reach(inside(r, c - 1), inside(r - 1, c - 1));
                let b = reach(inside(r, c + 1), inside(r - 1, c + 1));
                segments.push((x0 - a, y0, x1 + b, y0));
            }
            if !inside(r + 1, c) {
                let a = reach(inside(r, c - 1), inside(r + 1, c - 1));
                let b = reach(inside(r, c + 1), inside(r + 1, c + 1));
                segments.push((x0 - a, y1, x1 + b, y1));
            }
            if !inside(r, c - 1) {
                let a = reach(inside(r - 1, c), inside(r - 1, c - 1));
                let b = reach(inside(r + 1, c), inside(r + 1, c - 1));
                segments.push((x0, y0 - a, x0, y1 + b));
            }
            if !inside(r, c + 1) {
                let a = reach(inside(r - 1, c), inside(r - 1, c + 1));
                let b = reach(inside(r + 1, c), inside(r + 1, c + 1));
                segments.push((x1, y0 - a, x1, y1 + b));
            }
        }
        let dash = if dotted { "2 3" } else { "5 3" };
        for (xa, ya, xb, yb) in segments {
            self.push(
                Layer::Over,
                format_args!(
                    "<line x1=\"{xa}\" y1=\"{ya}\" x2=\"{xb}\" y2=\"{yb}\" stroke=\"#222\" \
                     stroke-width=\"1.2\" stroke-dasharray=\"{dash}\"/>"
                ),
            );
        }
        if let (Some(label), Some(&first)) = (label, cells.iter().min()) {
            let (r, c) = self.rc(first);
            let (x, y) = self.corner(r, c);
            self.push(
                Layer::Over,
                format_args!(
                    "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"12\" fill=\"#fff\"/>\n\
                     <text x=\"{}\" y=\"{}\" font-size=\"11\" {FONT}>{label}</text>",
                    x + 2,
                    y + 2,
                    7 * label.chars().count() as i32,
                    x + 3,
                    y + 12
                ),
            );
        }
    }

    /// A small text in a cell's bottom-right corner (a sum's coefficient).
    pub(crate) fn corner_text(&mut self, cell: usize, text: &str) {
        let (r, c) = self.rc(cell);
        let (x, y) = self.corner(r, c);
        self.push(
            Layer::Over,
            format_args!(
                "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\" {FONT}>{text}</text>",
                x + CELL - 3,
                y + CELL - 3
            ),
        );
    }

    /// A clue outside the grid, in the cell before the line's first cell (the line read from
    /// it): `cells[0]` minus the step from `cells[0]` to `cells[1]`.
    pub(crate) fn outside(&mut self, cells: &[usize], text: &str, frame: Frame) {
        let (Some(&a), Some(&b)) = (cells.first(), cells.get(1)) else {
            return;
        };
        let ((ra, ca), (rb, cb)) = (self.rc(a), self.rc(b));
        let (dr, dc) = (rb - ra, cb - ca);
        let (x, y) = self.corner(ra - dr, ca - dc);
        let (cx, cy) = (x + CELL / 2, y + CELL / 2);
        match frame {
            Frame::Bare => {}
            Frame::Circle => self.push(
                Layer::Over,
                format_args!(
                    "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"14\" fill=\"none\" stroke=\"#000\" \
                     stroke-width=\"1.5\"/>"
                ),
            ),
            Frame::Square => self.push(
                Layer::Over,
                format_args!(
                    "<rect x=\"{}\" y=\"{}\" width=\"28\" height=\"28\" fill=\"none\" \
                     stroke=\"#000\" stroke-width=\"1.5\"/>",
                    cx - 14,
                    cy - 14
                ),
            ),
            Frame::Arrow => {
                let (dx, dy) = (dc as i32, dr as i32);
                let (tx, ty) = (cx + dx * 20, cy + dy * 20);
                self.push(
                    Layer::Over,
                    format_args!(
                        "<line x1=\"{}\" y1=\"{}\" x2=\"{tx}\" y2=\"{ty}\" stroke=\"#000\" \
                         stroke-width=\"1.5\"/>\n<polyline points=\"{},{} {tx},{ty} {},{}\" \
                         fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"/>",
                        cx + dx * 12,
                        cy + dy * 12,
                        tx - dx * 6,
                        ty,
                        tx,
                        ty - dy * 6
                    ),
                );
            }
        }
        let (tx, ty) = if frame == Frame::Arrow {
            (cx - dc as i32 * 6, cy - dr as i32 * 6)
        } else {
            (cx, cy)
        };
        self.push(
            Layer::Over,
            format_args!("<text x=\"{tx}\" y=\"{ty}\" font-size=\"16\" {CENTRED}>{text}</text>"),
        );
    }

    /// A quadruple's circle on the corner its four cells share, with its values.
    pub(crate) fn quad(&mut self, top_left: usize, values: &str) {
        let (r, c) = self.rc(top_left);
        let (x, y) = self.corner(r + 1, c + 1);
        self.push(
            Layer::Over,
            format_args!(
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"13\" fill=\"#fff\" stroke=\"#000\" \
                 stroke-width=\"1.5\"/>\n<text x=\"{x}\" y=\"{y}\" font-size=\"9\" {CENTRED}>{values}</text>"
            ),
        );
    }
}

/// The font of every text.
pub(crate) const FONT: &str = "font-family=\"sans-serif\"";
/// A text centred on its point, in the font.
pub(crate) const CENTRED: &str =
    "font-family=\"sans-serif\" text-anchor=\"middle\" dominant-baseline=\"central\"";
