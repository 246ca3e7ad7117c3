//! LaTeX pictures of a grid (Crook's four stages: bare, forced, marked, worked), drawn with
//! the core `picture` environment so that plain `pdflatex` compiles them with no package.

use super::{Board, Budget, Ending, Rung, explain_within};
use crate::engine::Domain;
use crate::puzzle::{Puzzle, Rules};
use std::fmt::Write;

/// The four stages, as (file suffix, LaTeX source).
pub fn stages<D: Domain>(puzzle: &Puzzle, rules: &Rules) -> Vec<(&'static str, String)> {
    stages_within::<D>(puzzle, rules, &Budget::steps(usize::MAX)).unwrap_or_default()
}

/// The boards of Crook's stages: as given, after every forced digit, and after preemptive
/// sets (forced digits still placed as they appear) until they change nothing.
#[derive(Debug, Clone)]
pub struct Stages<D> {
    /// The puzzle as given.
    pub bare: Board<D>,
    /// After every forced digit.
    pub forced: Board<D>,
    /// After preemptive sets too.
    pub worked: Board<D>,
    /// How the preemptive sets ended.
    pub worked_ending: Ending,
}

/// The stages' boards within a budget of steps and time; `None` when it runs out.
pub fn stage_boards_within<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    budget: &Budget,
) -> Option<Stages<D>> {
    let n = puzzle.size();
    let limited = |e: &Ending| matches!(e, Ending::StepLimit | Ending::Timeout);
    let forced = explain_within::<D>(puzzle, rules, &[Rung::Forced], false, budget);
    if limited(&forced.ending) {
        return None;
    }
    // Preemptive sets: naked sets of every size, singles included, and their hidden
    // counterparts.
    let mut rungs = vec![Rung::Forced, Rung::NakedSingles, Rung::HiddenSingles];
    for m in 2..n {
        rungs.push(Rung::Naked(m));
        rungs.push(Rung::Hidden(m));
    }
    let worked = explain_within::<D>(puzzle, rules, &rungs, false, budget);
    if limited(&worked.ending) {
        return None;
    }
    Some(Stages {
        bare: Board::<D>::new(puzzle, rules),
        forced: forced.board,
        worked: worked.board,
        worked_ending: worked.ending,
    })
}

/// The names of the four pictures, in the order [`stages`] draws them: the files
/// `PREFIX_bare.tex` and so on.
pub const STAGES: [&str; 4] = ["bare", "forced", "marked", "worked"];

/// [`stages`] within a budget of steps and time; `None` when it runs out (no picture is
/// drawn half-worked).
pub fn stages_within<D: Domain>(
    puzzle: &Puzzle,
    rules: &Rules,
    budget: &Budget,
) -> Option<Vec<(&'static str, String)>> {
    let s = stage_boards_within::<D>(puzzle, rules, budget)?;
    let worked_note = match s.worked_ending {
        Ending::Solved => "solved by forced digits and preemptive sets",
        Ending::Contradiction => "the preemptive sets found a contradiction",
        _ => "forced digits and preemptive sets can do no more",
    };
    Some(vec![
        ("bare", picture(&s.bare, false, "the puzzle as given")),
        (
            "forced",
            picture(&s.forced, false, "after every forced digit"),
        ),
        (
            "marked",
            picture(&s.forced, true, "forced digits and pencil marks"),
        ),
        ("worked", picture(&s.worked, true, worked_note)),
    ])
}

/// A standalone LaTeX document drawing the board: placed symbols large, and with `marks` each
/// empty cell's candidates small, in a k×k layout inside the cell.
pub fn picture<D: Domain>(board: &Board<D>, marks: bool, caption: &str) -> String {
    let p = board.puzzle();
    let n = p.size();
    let (kr, kc) = p.boxes().sides(n);
    // Candidates sit in a small grid of `cand_rows` rows inside the cell.
    let cand_cols = n.isqrt().max(1);
    let cand_rows = n.div_ceil(cand_cols);
    // The grid is 15 cm wide whatever its size.
    let unit = 15.0 / n as f64;
    let (big, small) = match n {
        0..=9 => ("\\Huge", "\\scriptsize"),
        10..=16 => ("\\Large", "\\tiny"),
        _ => ("\\normalsize", "\\tiny"),
    };
    let mut t = String::new();
    let _ = writeln!(t, "% sudoku-cp: {caption}");
    t.push_str("\\documentclass{article}\n");
    t.push_str("\\pagestyle{empty}\n");
    t.push_str("\\setlength{\\textwidth}{16cm}\n\\setlength{\\oddsidemargin}{-0.5cm}\n");
    t.push_str("\\begin{document}\n\\begin{center}\n");
    let _ = writeln!(t, "\\setlength{{\\unitlength}}{{{unit:.4}cm}}");
    let _ = writeln!(t, "\\begin{{picture}}({n},{n})");
    // Thin lines between cells, thick lines around boxes.
    let _ = writeln!(t, "\\linethickness{{0.3pt}}");
    let _ = writeln!(t, "\\multiput(0,0)(1,0){{{}}}{{\\line(0,1){{{n}}}}}", n + 1);
    let _ = writeln!(t, "\\multiput(0,0)(0,1){{{}}}{{\\line(1,0){{{n}}}}}", n + 1);
    let _ = writeln!(t, "\\linethickness{{1.5pt}}");
    let _ = writeln!(
        t,
        "\\multiput(0,0)({kc},0){{{}}}{{\\line(0,1){{{n}}}}}",
        n / kc + 1
    );
    let _ = writeln!(
        t,
        "\\multiput(0,0)(0,{kr}){{{}}}{{\\line(1,0){{{n}}}}}",
        n / kr + 1
    );
    for (cell, value) in board.values().iter().enumerate() {
        let (r, c) = (cell / n, cell % n);
        // picture coordinates grow upwards: row 0 is the top
        let (x, y) = (c as f64, (n - 1 - r) as f64);
        match value {
            Some(v) => {
                let _ = writeln!(
                    t,
                    "\\put({:.3},{:.3}){{\\makebox(0,0){{{big} {}}}}}",
                    x + 0.5,
                    y + 0.5,
                    p.symbols().label(*v)
                );
            }
            None if marks => {
                for v in board.candidates()[cell].iter() {
                    let (i, j) = (v / cand_cols, v % cand_cols);
                    let (across, down) = (1.0 / cand_cols as f64, 1.0 / cand_rows as f64);
                    let _ = writeln!(
                        t,
                        "\\put({:.3},{:.3}){{\\makebox(0,0){{{small} {}}}}}",
                        x + across * (j as f64 + 0.5),
                        y + 1.0 - down * (i as f64 + 0.5),
                        p.symbols().label(v)
                    );
                }
            }
            None => {}
        }
    }
    t.push_str("\\end{picture}\n\\end{center}\n\\end{document}\n");
    t
}
