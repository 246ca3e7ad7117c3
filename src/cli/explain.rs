//! `sudoku-cp explain`: a step-by-step logical solution, pass by pass, naming each technique;
//! with pencil marks, JSON, or LaTeX pictures of Crook's four stages.

use super::validity::{Validity, validity};
use super::{Failure, Input, InputArgs, Record, comp10002, json, print, worse};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;
use sudoku_cp::engine::Domain;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, OutputFormat};
use sudoku_cp::logic::{self, Ending, Explanation, Step, latex};
use sudoku_cp::puzzle;
use sudoku_cp::puzzle::{Puzzle, Rules};

/// What `explain` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum ExplainTo {
    /// the steps pass by pass, then the grid
    Text,
    /// one JSON object per puzzle and line (JSON Lines)
    Json,
    /// the steps as text, and a picture a step in `--output DIR` (DIR/step-001.svg …, the
    /// pencil marks before the step, its cells highlighted, its eliminations struck out)
    Svg,
}

/// Whose words `explain` uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(super) enum ExplainStyle {
    /// Melbourne's COMP10002 sudoku assistant: stages 1 and 2, then Strategy One pass by pass
    /// (`row R col C must be D`) and the grid it reaches (`ta daa!!!` when solved)
    Comp10002,
    /// the same, Strategy One alternated with Strategy Two (hidden singles)
    Comp10002Two,
    /// UNSW's COMP9021: the four LaTeX pictures in the assignment's own LaTeX (TikZ cells, pencil
    /// marks in the corners, struck out where preemptive sets removed them), FILE_bare.tex,
    /// _forced.tex, _marked.tex and _worked.tex after the input file's name (or --latex PREFIX);
    /// input other than 9 lines of 9 digits is `Incorrect input`
    Comp9021,
}

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
    /// Print the steps as JSON (the same as `--to json`).
    #[arg(long)]
    json: bool,
    /// Output: the readable steps, or JSON Lines (one object per puzzle, its steps inside).
    #[arg(long, value_enum)]
    to: Option<ExplainTo>,
    /// The words of an assignment (see below).
    #[arg(long, value_enum)]
    style: Option<ExplainStyle>,
    /// With `--to svg`: the directory the pictures go to (made when missing).
    #[arg(long, value_name = "DIR")]
    output: Option<PathBuf>,
    /// Write PREFIX_bare.tex, PREFIX_forced.tex, PREFIX_marked.tex and PREFIX_worked.tex
    /// (PREFIX_<n>_….tex for the n-th puzzle of several), for pdflatex.
    #[arg(long, value_name = "PREFIX")]
    latex: Option<PathBuf>,
    /// Stop after this many steps (within a pass too).
    #[arg(long, value_name = "N", default_value = "100000", value_parser = super::parse_count)]
    max_steps: u64,
    /// Print only the next step (the easiest technique that applies) as a `#` line, and the
    /// pencil marks after it: the output reads back as a puzzle to ask again.
    #[arg(long, conflicts_with_all = ["max_steps", "guess", "latex", "style", "to", "json"])]
    hint: bool,
    /// Stop a puzzle after this many seconds, at most 1000000, or `inf` (exit code 5; a batch
    /// goes on).
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    timeout: Option<Duration>,
    /// Stop a puzzle after this many guesses (with --guess; exit code 5).
    #[arg(long, value_name = "N", value_parser = super::parse_count)]
    node_limit: Option<u64>,
}

/// The next step of `e` (explained with one step at most) as a `#` line and the pencil marks
/// after it; a `#` line says why there is none.
fn hint<D: Domain>(p: &Puzzle, e: &Explanation<D>, out: &mut String) {
    match (e.steps.first(), e.ending) {
        (Some(s), _) => {
            let _ = writeln!(out, "# {}", s.text);
        }
        (None, Ending::Solved) => out.push_str("# solved: no step left\n"),
        (None, _) => {
            let _ = writeln!(
                out,
                "# no technique of the ladder applies: {}",
                e.board
                    .contradiction()
                    .unwrap_or_else(|| "logic alone is stuck here".to_string())
            );
        }
    }
    if e.board.solved() {
        format::write(out, OutputFormat::Grid, p, e.board.values());
    } else {
        out.push_str(&e.board.marks());
    }
}

/// Exit code 0 when every puzzle was explained (solved, or logic stuck without --guess; with
/// --hint, its step printed), 1 when one has no solution, 4 when one has several (without
/// --guess it is then not explained), 5 when --max-steps, --timeout or --node-limit was
/// reached.
pub(super) fn run(args: ExplainArgs, global: super::Global) -> Result<u8, Failure> {
    let cp = super::find_solver("cp", global)?;
    if args.style == Some(ExplainStyle::Comp9021) {
        return comp9021_pictures(&args);
    }
    let svg_dir = match (args.to == Some(ExplainTo::Svg), &args.output) {
        (true, Some(_)) if args.guess => {
            return Err(Failure::Input(InputError::whole(
                "--to svg",
                "draws the steps of logic alone: leave --guess out",
            )));
        }
        (true, Some(dir)) => Some(dir.clone()),
        (true, None) => {
            return Err(Failure::Input(InputError::whole(
                "--to svg",
                "writes a picture a step: give the directory they go to with --output DIR",
            )));
        }
        (false, Some(_)) => {
            return Err(Failure::Input(InputError::whole(
                "--output",
                "is the directory of `--to svg`'s pictures: add --to svg",
            )));
        }
        (false, None) => None,
    };
    let records = args.input.collect()?;
    let puzzles = records.len();
    let json = args.json || args.to == Some(ExplainTo::Json);
    let mut code = 0;
    let mut out = String::new();
    for (i, record) in records.into_iter().enumerate() {
        let header = |out: &mut String, source: &str, line: usize, id: Option<&str>| {
            if puzzles > 1 && !json {
                let sep = if i > 0 { "\n" } else { "" };
                let id = id.map_or(String::new(), |id| format!(" {id}"));
                let _ = writeln!(out, "{sep}{source}:{line}{id}");
            }
        };
        if let (Some(style), Record::Puzzle(rules, input, _)) = (args.style, &record) {
            let p = &input.entry.puzzle;
            let regions = puzzle::regions(rules, p.size(), p.boxes());
            comp10002::stage_one(&mut out, p, &p.grid());
            if comp10002::stage_two(&mut out, p, &regions) {
                code = worse(code, 1);
                continue;
            }
            let two = style == ExplainStyle::Comp10002Two;
            let cells = comp10002::stage_three(&mut out, p, &regions, two);
            if cells.iter().all(Option::is_some) {
                let grid: Vec<usize> = cells.iter().flatten().copied().collect();
                let problems = puzzle::check_solution(p, rules, &grid);
                if !problems.is_empty() {
                    return Err(Failure::Check(format!(
                        "strategy one solved a puzzle into a grid that fails the check: {}",
                        problems.join("; ")
                    )));
                }
            }
            continue;
        }
        let (rules, input) = match record {
            Record::Bad(e) => {
                super::report(&e);
                code = worse(code, 2);
                if json {
                    out.push_str(&json::Record::bad(&e).to_line());
                } else {
                    header(&mut out, &e.source, e.line.unwrap_or(0), None);
                    out.push_str("error\n");
                }
                continue;
            }
            Record::Puzzle(_, input, Some(why)) => {
                super::report(&why);
                code = worse(code, 1);
                if json {
                    let mut r = json::Record::of(&input, "no solution");
                    r.error = Some(why.message);
                    out.push_str(&r.to_line());
                } else {
                    header(
                        &mut out,
                        &input.source,
                        input.entry.line,
                        input.entry.id.as_deref(),
                    );
                    let _ = writeln!(out, "no solution: {}", why.message);
                }
                continue;
            }
            Record::Puzzle(rules, input, None) => match logic::refuses(&input.entry.puzzle, &rules)
            {
                Some(why) => {
                    let e = InputError::at(&input.source, input.entry.line, why);
                    super::report(&e);
                    code = worse(code, 2);
                    if json {
                        out.push_str(&json::Record::bad(&e).to_line());
                    } else {
                        header(
                            &mut out,
                            &input.source,
                            input.entry.line,
                            input.entry.id.as_deref(),
                        );
                        out.push_str("error\n");
                    }
                    continue;
                }
                None => (rules, input),
            },
        };
        let p = &input.entry.puzzle;
        if let Some(prefix) = &args.latex {
            let prefix = if puzzles > 1 {
                format!("{}_{}", prefix.display(), i + 1)
            } else {
                prefix.display().to_string()
            };
            let budget = budget(&args);
            let stages = sudoku_cp::with_domain!(p.size(), D => latex::stages_within::<D>(p, &rules, &budget));
            let Some(stages) = stages else {
                let e = InputError::at(
                    &input.source,
                    input.entry.line,
                    "the pictures' solving passed --timeout or --max-steps: no file written",
                );
                super::report(&e);
                code = worse(code, 5);
                continue;
            };
            let mut written = Vec::new();
            for (stage, tex) in stages {
                let path = PathBuf::from(format!("{prefix}_{stage}.tex"));
                args.input.refuse_as_output(&path)?;
                super::output_file::write_file(&path, &tex)?;
                written.push(path.display().to_string());
            }
            super::say(format_args!("wrote {}", written.join(", ")));
            continue;
        }
        header(
            &mut out,
            &input.source,
            input.entry.line,
            input.entry.id.as_deref(),
        );
        // Validity first: without --guess, a puzzle with no solution or several is reported,
        // not explained; with it, an explanation of one of several solutions says so.
        let found = validity(cp, p, &rules, super::deadline(args.timeout));
        if found != Validity::Unique && !args.guess {
            code = worse(code, found.code());
            if json {
                out.push_str(&json::Record::of(&input, found.status()).to_line());
            } else {
                let _ = writeln!(out, "{}", found.status());
            }
            continue;
        }
        if let Some(dir) = &svg_dir {
            let prefix = if puzzles > 1 {
                format!("{}-", i + 1)
            } else {
                String::new()
            };
            let rungs = if found == Validity::Unique {
                logic::ladder_unique(p.size())
            } else {
                logic::ladder(p.size())
            };
            let budget = budget(&args);
            let written = sudoku_cp::with_domain!(p.size(), D => super::explain_svg::write_steps::<D>(p, &rules, &rungs, &budget, dir, &prefix))?;
            super::say(format_args!(
                "{}:{}: wrote {written} pictures, {}/{prefix}step-000.svg on",
                input.source,
                input.entry.line,
                dir.display()
            ));
        }
        let several = found == Validity::Multiple;
        let ending = sudoku_cp::with_domain!(p.size(), D => explain_one::<D>(&input, &rules, &args, found, json, &mut out))?;
        match ending {
            Ending::Contradiction => code = worse(code, 1),
            // A hint stops after its step by design.
            Ending::StepLimit if args.hint => {}
            Ending::StepLimit | Ending::GuessLimit | Ending::Timeout => code = worse(code, 5),
            Ending::Solved if several => code = worse(code, 4),
            Ending::Solved | Ending::Stuck => {}
        }
    }
    print(&out)?;
    Ok(code)
}

/// Explains one puzzle into `out`, `found` being how many solutions it has: with several, a
/// grid reached is one of them, not the solution; only a unique one takes unique rectangles.
fn explain_one<D: Domain>(
    input: &Input,
    rules: &Rules,
    args: &ExplainArgs,
    found: Validity,
    json: bool,
    out: &mut String,
) -> Result<Ending, Failure> {
    let p = &input.entry.puzzle;
    let several = found == Validity::Multiple;
    let rungs = if found == Validity::Unique {
        logic::ladder_unique(p.size())
    } else {
        logic::ladder(p.size())
    };
    let budget = budget(args);
    let e = logic::explain_within::<D>(p, rules, &rungs, args.guess, &budget);
    if json {
        check_solved(p, rules, &e)?;
        let mut record = to_json(input, &e);
        if several && e.ending == Ending::Solved {
            record.status = "multiple solutions";
        }
        out.push_str(&record.to_line());
        return Ok(e.ending);
    }
    if args.hint {
        hint(p, &e, out);
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
    check_solved(p, rules, &e)?;
    out.push('\n');
    // The pencil marks where the explanation stops, unless --marks printed them just above.
    let marks_left = |out: &mut String| {
        if !(args.marks && e.steps.is_empty()) {
            out.push_str(&e.board.marks());
        }
    };
    match e.ending {
        Ending::Solved => {
            format::write(out, OutputFormat::Grid, p, e.board.values());
            if several {
                let _ = writeln!(
                    out,
                    "one of several solutions, reached in {passes} passes with {guesses} \
                     guesses: the puzzle is not unique"
                );
            } else if guesses == 0 {
                let _ = writeln!(out, "solved by logic alone in {passes} passes: ta daa!!!");
            } else {
                let _ = writeln!(out, "solved in {passes} passes with {guesses} guesses");
            }
        }
        Ending::Stuck => {
            marks_left(out);
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
            marks_left(out);
            let _ = writeln!(out, "stopped at --max-steps {}", args.max_steps);
        }
        Ending::GuessLimit => {
            marks_left(out);
            let limit = args.node_limit.unwrap_or_default();
            let _ = writeln!(out, "stopped at --node-limit {limit} (guesses)");
        }
        Ending::Timeout => {
            marks_left(out);
            let _ = writeln!(out, "stopped at --timeout");
        }
    }
    Ok(e.ending)
}

/// `--style comp9021`: each input's four pictures, named after it.
fn comp9021_pictures(args: &ExplainArgs) -> Result<u8, Failure> {
    let mut code = 0;
    let inputs = super::comp9021::inputs(&args.input);
    if let Some(prefix) = args.latex.as_ref().filter(|_| inputs.len() > 1) {
        return Err(InputError::whole(
            "--latex",
            format!(
                "{} inputs would all write {}_bare.tex …: give one input, or leave --latex out \
                 to name each input's pictures after it",
                inputs.len(),
                prefix.display()
            ),
        )
        .into());
    }
    for (name, puzzle) in inputs {
        let Some(p) = puzzle else {
            super::say(format_args!("{}", super::comp9021::INCORRECT));
            code = worse(code, 2);
            continue;
        };
        let prefix = match &args.latex {
            Some(prefix) => prefix.display().to_string(),
            None => super::comp9021::prefix(&name),
        };
        for stage in latex::STAGES {
            args.input
                .refuse_as_output(&PathBuf::from(format!("{prefix}_{stage}.tex")))?;
        }
        let budget = budget(args);
        let Some(stages) = super::comp9021::pictures(&p, &budget) else {
            super::say(format_args!(
                "error: {name}: the pictures' solving passed --timeout or --max-steps"
            ));
            code = worse(code, 5);
            continue;
        };
        // The assignment's methods write their files and print nothing.
        for (stage, tex) in stages {
            super::output_file::write_file(&PathBuf::from(format!("{prefix}_{stage}.tex")), &tex)?;
        }
    }
    Ok(code)
}

/// The limits of one puzzle's explanation, its clock starting now.
fn budget(args: &ExplainArgs) -> logic::Budget {
    let steps = if args.hint { 1 } else { args.max_steps };
    logic::Budget {
        steps: usize::try_from(steps).unwrap_or(usize::MAX),
        guesses: args.node_limit,
        deadline: super::deadline(args.timeout),
    }
}

/// The independent check of a grid logic calls solved, as for every solver's grid.
fn check_solved<D: Domain>(p: &Puzzle, rules: &Rules, e: &Explanation<D>) -> Result<(), Failure> {
    if e.ending != Ending::Solved {
        return Ok(());
    }
    let grid: Vec<usize> = e
        .board
        .values()
        .iter()
        .map(|v| v.unwrap_or(usize::MAX))
        .collect();
    let problems = puzzle::check_solution(p, rules, &grid);
    if problems.is_empty() {
        return Ok(());
    }
    Err(Failure::Check(format!(
        "explain solved a puzzle into a grid that fails the check: {}",
        problems.join("; ")
    )))
}

/// The explanation as one JSON record: its ending as the status, the grid reached as the
/// solution, and the steps.
fn to_json<D: Domain>(input: &Input, e: &Explanation<D>) -> json::Record {
    let p = &input.entry.puzzle;
    let pairs = |list: &[(usize, usize)]| {
        list.iter()
            .map(|&(c, v)| (p.cell_name(c), p.symbols().label(v).to_string()))
            .collect()
    };
    let steps = e
        .steps
        .iter()
        .map(|s: &Step| json::Step {
            pass: s.pass,
            depth: s.depth,
            technique: s.technique.name(),
            unit: s.unit.clone(),
            text: s.text.clone(),
            place: pairs(&s.place),
            eliminate: pairs(&s.eliminate),
        })
        .collect();
    let status = match e.ending {
        Ending::Solved => "solved",
        Ending::Stuck => "stuck",
        Ending::Contradiction => "no solution",
        Ending::StepLimit => "step limit",
        Ending::GuessLimit => "node limit",
        Ending::Timeout => "timeout",
    };
    let mut r = json::Record::of(input, status);
    r.solution = Some(json::line_form(p, e.board.values()));
    r.steps = Some(steps);
    r
}
