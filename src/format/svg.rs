//! `--to svg`: a picture of a puzzle. The grid with its boxes or jigsaw pieces, shading for
//! extra regions, the killer cages with their totals, every constraint as its kind draws
//! itself ([`crate::constraints`]), the clues outside the grid, the whole-grid rules named
//! under it, the givens; and on request the solution, pencil marks, and a step's cells,
//! placements and eliminations highlighted.

use super::grid_rules::{GridRule, GridRules};
use super::svg_canvas::{CELL, CENTRED, Canvas, Layer, MARGIN};
use crate::puzzle::{GlobalRule, PairKind, Puzzle};
use std::fmt::Write as _;

/// What a picture shows beside the puzzle.
#[derive(Debug, Clone, Copy, Default)]
pub struct SvgOptions<'a> {
    /// The solution (a value index per cell), drawn in blue where no given stands.
    pub solution: Option<&'a [usize]>,
    /// The digits found so far (a value index or none per cell), drawn in blue where no given
    /// stands.
    pub filled: Option<&'a [Option<usize>]>,
    /// Pencil marks (each cell's candidates, value indices), drawn small in the cells that
    /// hold no digit.
    pub marks: Option<&'a [Vec<usize>]>,
    /// Cells highlighted (a step's cells).
    pub highlight: &'a [usize],
    /// Digits placed (cell, value index), drawn in green.
    pub placed: &'a [(usize, usize)],
    /// Candidates removed (cell, value index), drawn red and struck out among the marks.
    pub eliminated: &'a [(usize, usize)],
    /// A line of text under the grid (a step's sentence).
    pub caption: Option<&'a str>,
}

/// The whole-grid rules drawn as words under the grid, not as their many pairs.
const WORDS: &[(GridRule, &str)] = &[
    (GridRule::Global(GlobalRule::AntiKnight), "anti-knight"),
    (GridRule::Global(GlobalRule::AntiKing), "anti-king"),
    (
        GridRule::Global(GlobalRule::NonConsecutive),
        "non-consecutive",
    ),
    (GridRule::Global(GlobalRule::DisjointSets), "disjoint sets"),
    (
        GridRule::Global(GlobalRule::KropkiNegative),
        "no dot: neither consecutive nor double",
    ),
    (
        GridRule::Global(GlobalRule::XvNegative),
        "no X or V: no sum of 10 or 5",
    ),
    (
        GridRule::Global(GlobalRule::AntiTaxicab),
        "anti-taxicab: no two d's d steps apart",
    ),
    (
        GridRule::Undotted(PairKind::NotConsecutive),
        "no white dot: not consecutive",
    ),
    (
        GridRule::Undotted(PairKind::NotDouble),
        "no black dot: not double",
    ),
];

/// The picture of `puzzle` (with its rules on it, [`super::under_rules`]) as an SVG document.
pub fn svg(puzzle: &Puzzle, opts: &SvgOptions<'_>) -> String {
    let n = puzzle.size();
    let mut canvas = Canvas::new(n);
    let mut found = GridRules::new(puzzle);
    let words: Vec<&str> = WORDS
        .iter()
        .filter(|(rule, _)| found.take(*rule))
        .map(|&(_, word)| word)
        .collect();
    canvas.shade(opts.highlight, "#ffe97a");
    for cage in puzzle.cages() {
        canvas.cage(&cage.cells, Some(&cage.total.to_string()), false);
    }
    for c in found.left() {
        c.draw(&mut canvas);
    }
    let side = n as i32 * CELL + 2 * MARGIN;
    let mut captions: Vec<String> = Vec::new();
    if !words.is_empty() {
        captions.push(words.join(" · "));
    }
    if let Some(c) = opts.caption {
        captions.push(c.to_string());
    }
    let height = side + 20 * captions.len() as i32;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{height}\" \
         viewBox=\"0 0 {side} {height}\">"
    );
    let _ = writeln!(
        out,
        "<rect width=\"{side}\" height=\"{height}\" fill=\"#fff\"/>"
    );
    out.push_str(canvas.layer(Layer::Under));
    out.push_str(canvas.layer(Layer::Lines));
    grid_lines(&mut out, puzzle);
    out.push_str(canvas.layer(Layer::Over));
    digits(&mut out, puzzle, &canvas, opts);
    for (i, text) in captions.iter().enumerate() {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"14\" {CENTRED}>{}</text>",
            side / 2,
            side - MARGIN / 2 + 20 * i as i32,
            escaped(text)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// `text` with `&`, `<` and `>` escaped for SVG.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The cells' thin lines, and thick lines where two cells lie in different boxes or pieces
/// and round the grid.
fn grid_lines(out: &mut String, puzzle: &Puzzle) {
    let n = puzzle.size();
    let boxes = puzzle.boxes();
    let region = |cell: usize| -> Option<usize> {
        puzzle
            .piece_of(cell)
            .or_else(|| (!boxes.is_none()).then(|| boxes.box_of(n, cell / n, cell % n)))
    };
    let (mut thin, mut thick) = (String::new(), String::new());
    for r in 0..n {
        for c in 0..n {
            let cell = r * n + c;
            let (x, y) = (MARGIN + c as i32 * CELL, MARGIN + r as i32 * CELL);
            // The line right of the cell and the one below it.
            for (next, line) in [
                (c + 1 < n).then(|| (cell + 1, (x + CELL, y, x + CELL, y + CELL))),
                (r + 1 < n).then(|| (cell + n, (x, y + CELL, x + CELL, y + CELL))),
            ]
            .into_iter()
            .flatten()
            {
                let apart = region(cell).is_some() && region(cell) != region(next);
                let (x1, y1, x2, y2) = line;
                let target = if apart { &mut thick } else { &mut thin };
                let _ = write!(target, "M{x1} {y1}L{x2} {y2}");
            }
        }
    }
    let side = n as i32 * CELL;
    let _ = writeln!(
        out,
        "<path d=\"{thin}\" stroke=\"#999\" stroke-width=\"1\"/>"
    );
    if !thick.is_empty() {
        let _ = writeln!(
            out,
            "<path d=\"{thick}\" stroke=\"#000\" stroke-width=\"3\"/>"
        );
    }
    let _ = writeln!(
        out,
        "<rect x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{side}\" height=\"{side}\" fill=\"none\" \
         stroke=\"#000\" stroke-width=\"3\"/>"
    );
}

/// Givens in black, the solution in blue, placements in green, and pencil marks small in
/// the cells without a digit (eliminated ones red and struck out).
fn digits(out: &mut String, puzzle: &Puzzle, canvas: &Canvas, opts: &SvgOptions<'_>) {
    let n = puzzle.size();
    let symbols = puzzle.symbols();
    let big = if symbols.width() > 1 {
        CELL * 2 / 5
    } else {
        CELL * 3 / 5
    };
    let k = (1..=n).find(|k| k * k >= n).unwrap_or(n);
    for cell in 0..n * n {
        let (x, y) = canvas.centre(cell);
        let placed = opts.placed.iter().find(|p| p.0 == cell).map(|p| p.1);
        let found = opts.filled.and_then(|f| f[cell]);
        let solved = opts.solution.map(|s| s[cell]);
        let digit = match (puzzle.given(cell), placed, found.or(solved)) {
            (Some(v), _, _) => Some((v, "#000")),
            (None, Some(v), _) => Some((v, "#1a8f3a")),
            (None, None, Some(v)) => Some((v, "#2a62c9")),
            _ => None,
        };
        if let Some((v, colour)) = digit {
            let _ = writeln!(
                out,
                "<text x=\"{x}\" y=\"{y}\" font-size=\"{big}\" fill=\"{colour}\" {CENTRED}>{}</text>",
                escaped(symbols.label(v))
            );
            continue;
        }
        let Some(marks) = opts.marks else { continue };
        let step = CELL / (k as i32 + 1);
        for &v in &marks[cell] {
            let (i, j) = ((v / k) as i32, (v % k) as i32);
            let (mx, my) = (x - CELL / 2 + step * (j + 1), y - CELL / 2 + step * (i + 1));
            let gone = opts.eliminated.contains(&(cell, v));
            let colour = if gone { "#d40000" } else { "#555" };
            let _ = writeln!(
                out,
                "<text x=\"{mx}\" y=\"{my}\" font-size=\"{}\" fill=\"{colour}\" {CENTRED}>{}</text>",
                (step * 4 / 5).max(6),
                escaped(symbols.label(v))
            );
            if gone {
                let _ = writeln!(
                    out,
                    "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#d40000\" stroke-width=\"1.5\"/>",
                    mx - step / 3,
                    my + step / 3,
                    mx + step / 3,
                    my - step / 3
                );
            }
        }
    }
}
