//! `sudoku-cp explain`: a step-by-step logical solution, pass by pass, naming each technique;
//! with pencil marks, JSON, or LaTeX pictures of Crook's four stages.

use super::{Failure, InputArgs, print, write_atomically};
use crate::engine::Domain;
use crate::format::{self, OutputFormat};
use crate::logic::{self, Ending, Explanation, Step, latex};
use crate::models::{Puzzle, Rules, sudoku};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub(super) struct ExplainArgs {
    #[command(flatten)]
    input: InputArgs,
    /// When logic is stuck, go on by trial and error: every guess is labelled, and a guess
    /// that leads to a contradiction is undone and its value removed.
    #[arg(long)]
    guess: bool,
    /// Print the pencil-marked grid (every empty cell's candidates) before the steps.
    #[arg(long)]
    marks: bool,
    /// Print the steps as JSON (one object per puzzle, one per line).
    #[arg(long)]
    json: bool,
    /// Write PREFIX_bare.tex, PREFIX_forced.tex, PREFIX_marked.tex and PREFIX_worked.tex
    /// (PREFIX_<n>_….tex for the n-th puzzle of several), for pdflatex.
    #[arg(long, value_name = "PREFIX")]
    latex: Option<PathBuf>,
    /// Stop after this many steps.
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    max_steps: usize,
    /// Stop a puzzle after this many seconds (exit code 5; a batch goes on).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Stop a puzzle after this many guesses (with --guess; exit code 5).
    #[arg(long, value_name = "N")]
    node_limit: Option<u64>,
}

/// Exit code 0 when every puzzle was explained (solved, or logic stuck without --guess), 1
/// when one has no solution, 5 when --max-steps, --timeout or --node-limit was reached.
pub(super) fn run(args: ExplainArgs) -> Result<u8, Failure> {
    super::seconds("--timeout", args.timeout)?;
    let (rules, inputs) = args.input.load()?;
    let mut code = 0;
    let mut out = String::new();
    for (i, input) in inputs.iter().enumerate() {
        let p = &input.entry.puzzle;
        if let Some(prefix) = &args.latex {
            let prefix = if inputs.len() > 1 {
                format!("{}_{}", prefix.display(), i + 1)
            } else {
                prefix.display().to_string()
            };
            let stages = crate::with_domain!(p.size(), D => latex::stages::<D>(p, &rules));
            for (stage, tex) in stages {
                write_atomically(&PathBuf::from(format!("{prefix}_{stage}.tex")), &tex)?;
            }
            continue;
        }
        if inputs.len() > 1 && !args.json {
            let sep = if i > 0 { "\n" } else { "" };
            let _ = writeln!(out, "{sep}{}:{}", input.source, input.entry.line);
        }
        let ending =
            crate::with_domain!(p.size(), D => explain_one::<D>(p, &rules, &args, &mut out))?;
        match ending {
            Ending::Contradiction => code = code.max(1),
            Ending::StepLimit | Ending::GuessLimit | Ending::Timeout => code = code.max(5),
            Ending::Solved | Ending::Stuck => {}
        }
    }
    print(&out)?;
    Ok(code)
}

fn explain_one<D: Domain>(
    p: &Puzzle,
    rules: &Rules,
    args: &ExplainArgs,
    out: &mut String,
) -> Result<Ending, Failure> {
    let rungs = logic::ladder(p.size());
    let budget = logic::Budget {
        steps: args.max_steps,
        guesses: args.node_limit,
        deadline: args
            .timeout
            .map(|t| Instant::now() + Duration::from_secs_f64(t)),
    };
    let e = logic::explain_within::<D>(p, rules, &rungs, args.guess, &budget);
    if args.json {
        out.push_str(&json(p, &e));
        out.push('\n');
        return Ok(e.ending);
    }
    if args.marks {
        let start = logic::Board::<D>::new(p, rules);
        out.push_str("pencil marks:\n");
        out.push_str(&start.marks());
        out.push('\n');
    }
    let mut pass = 0;
    for s in &e.steps {
        let indent = "  ".repeat(s.depth + 1);
        if s.pass != pass {
            pass = s.pass;
            let _ = writeln!(
                out,
                "{}pass {}: {}",
                &indent[2..],
                s.pass,
                s.technique.name()
            );
        }
        let _ = writeln!(out, "{indent}{}", s.text);
    }
    let guesses = e
        .steps
        .iter()
        .filter(|s| s.technique == logic::Technique::Guess)
        .count();
    let passes = e.steps.last().map_or(0, |s| s.pass);
    if e.ending == Ending::Solved {
        // The independent check, as for every solver's grid.
        let grid: Vec<usize> = e
            .board
            .values()
            .iter()
            .map(|v| v.unwrap_or(usize::MAX))
            .collect();
        let problems = sudoku::check_solution(p, rules, &grid);
        if !problems.is_empty() {
            return Err(Failure::Check(format!(
                "explain solved a puzzle into a grid that fails the check: {}",
                problems.join("; ")
            )));
        }
    }
    out.push('\n');
    match e.ending {
        Ending::Solved => {
            format::write(out, OutputFormat::Grid, p, e.board.values());
            if guesses == 0 {
                let _ = writeln!(out, "solved by logic alone in {passes} passes: ta daa!!!");
            } else {
                let _ = writeln!(out, "solved in {passes} passes with {guesses} guesses");
            }
        }
        Ending::Stuck => {
            out.push_str(&e.board.marks());
            let _ = writeln!(
                out,
                "logic alone is stuck after {passes} passes with {} cells unknown (pencil marks \
                 above); --guess goes on by trial and error",
                e.board.unknown()
            );
        }
        Ending::Contradiction => {
            let why = e
                .board
                .contradiction()
                .unwrap_or_else(|| "every guess fails".into());
            let _ = writeln!(out, "no solution: {why}");
        }
        Ending::StepLimit => {
            out.push_str(&e.board.marks());
            let _ = writeln!(out, "stopped at --max-steps {}", args.max_steps);
        }
        Ending::GuessLimit => {
            out.push_str(&e.board.marks());
            let limit = args.node_limit.unwrap_or_default();
            let _ = writeln!(out, "stopped at --node-limit {limit} (guesses)");
        }
        Ending::Timeout => {
            out.push_str(&e.board.marks());
            let _ = writeln!(out, "stopped at --timeout");
        }
    }
    Ok(e.ending)
}

/// The explanation as one JSON object.
fn json<D: Domain>(p: &Puzzle, e: &Explanation<D>) -> String {
    let cell = |c: usize| format!("\"{}\"", p.cell_name(c));
    let pairs = |list: &[(usize, usize)]| {
        let items: Vec<String> = list
            .iter()
            .map(|&(c, v)| format!("[{},{}]", cell(c), p.symbols().symbol(v)))
            .collect();
        format!("[{}]", items.join(","))
    };
    let step = |s: &Step| {
        format!(
            "{{\"pass\":{},\"depth\":{},\"technique\":{},\"unit\":{},\"text\":{},\"place\":{},\"eliminate\":{}}}",
            s.pass,
            s.depth,
            quote(&s.technique.name()),
            s.unit.as_deref().map_or("null".to_string(), quote),
            quote(&s.text),
            pairs(&s.place),
            pairs(&s.eliminate)
        )
    };
    let steps: Vec<String> = e.steps.iter().map(step).collect();
    let mut grid = String::new();
    format::write(&mut grid, OutputFormat::Line, p, e.board.values());
    let ending = match e.ending {
        Ending::Solved => "solved",
        Ending::Stuck => "stuck",
        Ending::Contradiction => "no solution",
        Ending::StepLimit => "step limit",
        Ending::GuessLimit => "node limit",
        Ending::Timeout => "timeout",
    };
    format!(
        "{{\"ending\":{},\"grid\":{},\"steps\":[{}]}}",
        quote(ending),
        quote(grid.trim_end()),
        steps.join(",")
    )
}

/// A JSON string literal.
fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for ch in s.chars() {
        match ch {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(q, "\\u{:04x}", c as u32);
            }
            c => q.push(c),
        }
    }
    q.push('"');
    q
}
