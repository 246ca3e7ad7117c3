//! `sudoku-cp solve`: solve every puzzle of every input and print the solutions in order.

use super::output_file::OutputFile;
use super::progress::Progress;
use super::stdout::Stdout;
use super::tree_file::{self, TreeFormat};
use super::{BatchArgs, Failure, Input, InputArgs, Item, ToArg, json, profile_table, worse};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;
use sudoku_cp::engine::Limits;
use sudoku_cp::engine::{PropagatorProfile, Stop, by_kind};
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, InputFormat, OutputFormat};
use sudoku_cp::puzzle::Rules;
use sudoku_cp::solvers::{Observe, Outcome, SolveStats};

#[derive(Debug, Args)]
pub(super) struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Solver (listed below).
    #[arg(long, default_value = "cp")]
    solver: String,
    /// Output format [default: line for line input, else grid; csv in --output for RMIT
    /// input]; json: one object per puzzle (JSON Lines).
    #[arg(long, value_enum)]
    to: Option<ToArg>,
    /// Write the solutions to this file instead of standard output (replaced whole when every
    /// answer is written, never left half-written; a device or pipe is written directly).
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Print up to N distinct solutions of each puzzle (cp), one after another; a puzzle
    /// with fewer prints all it has.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = super::parse_positive)]
    solutions: u64,
    /// With `--to fpuzzles`, `sudokupad` or `svg`: solve each puzzle and put its solution in
    /// the link or picture.
    #[arg(long)]
    solution: bool,
    /// With `--to svg`: draw each empty cell's pencil marks (its candidates by the rows,
    /// columns, boxes and cages, as `explain --marks` prints them).
    #[arg(long)]
    marks: bool,
    /// Print each puzzle before its solution.
    #[arg(long)]
    show: bool,
    /// Print search statistics to stderr, with cp a table of what each kind of constraint did
    /// (runs, values removed, failures, time; cp then searches on the general engine, alone,
    /// which it can profile); in `--to json`, `stats.profile`.
    #[arg(long)]
    stats: bool,
    /// With `--stats`' table, a row per constraint (each propagator cp posted) instead of per
    /// kind (cp only).
    #[arg(long)]
    profile: bool,
    /// Write cp's search tree to FILE: Graphviz DOT (.dot, .gv; `dot -Tsvg` draws it), JSON
    /// Lines (.jsonl) or a picture (.svg: failed nodes red, solutions green). A batch's second
    /// puzzle goes to FILE-2.ext, and so on. Its node and failure counts are `--stats`'.
    #[arg(long, value_name = "FILE")]
    tree: Option<PathBuf>,
    /// Most nodes a tree file holds (the first ones the search visits).
    #[arg(long, value_name = "N", default_value_t = 10_000, requires = "tree")]
    tree_limit: usize,
    #[command(flatten)]
    batch: BatchArgs,
}

pub(super) fn run(args: SolveArgs, global: super::Global) -> Result<u8, Failure> {
    let solver = super::find_solver(&args.solver, global)?;
    if (args.profile || args.tree.is_some()) && solver.name() != "cp" {
        return Err(Failure::Input(InputError::whole(
            if args.tree.is_some() {
                "--tree"
            } else {
                "--profile"
            },
            format!(
                "records the search of cp, not of {}: use --solver cp",
                solver.name()
            ),
        )));
    }
    let tree_format = args.tree.as_deref().map(TreeFormat::of).transpose()?;
    if let Some(path) = &args.tree {
        args.input.refuse_as_output(path)?;
    }
    let observe = Observe {
        profile: args.stats || args.profile,
        tree: args.tree.as_ref().map(|_| args.tree_limit),
    };
    let solver = super::find_observing(&args.solver, global, observe)?;
    if let Some(target) = args.to.and_then(|t| t.puzzle_target(args.marks)) {
        if let Some(path) = &args.output {
            args.input.refuse_as_output(path)?;
        }
        let out = super::puzzle_out::PuzzleOut {
            target,
            solution: args.solution,
            solver,
            output: args.output.as_deref(),
        };
        return super::puzzle_out::run(out, &args.input, &args.batch);
    }
    let mut kinds: Vec<PropagatorProfile> = Vec::new();
    let json = args.to == Some(ToArg::Json);
    let mut out = String::new();
    let mut shown = String::new();
    let (mut puzzles, mut unsolved, mut gave_up) = (0u32, 0, 0);
    let mut code = 0;
    let mut total = SolveStats::default();
    let (pool, limits) = args.batch.start(1)?;
    let progress = Progress::new("solved", None);
    let stdout = Stdout::new();
    if let Some(path) = &args.output {
        args.input.refuse_as_output(path)?;
    }
    let mut file = args.output.as_deref().map(OutputFile::create).transpose()?;
    if args.solutions > 1 && solver.name() != "cp" {
        return Err(Failure::Input(InputError::whole(
            "--solutions",
            format!(
                "lists the solutions cp finds, not {}: use --solver cp",
                solver.name()
            ),
        )));
    }
    let work = |rules: &Rules, input: &Input| {
        if args.solutions > 1 {
            several(
                rules,
                input,
                &Limits {
                    solutions: args.solutions,
                    ..limits()
                },
            )
        } else {
            super::checked::solve_checked(solver, rules, input, &limits()).map(|o| (o, Vec::new()))
        }
    };
    // The grid layout of a record's output, and the text for one that is not solved.
    let layout = |format: Option<InputFormat>| {
        args.to
            .and_then(ToArg::grid_format)
            .unwrap_or(match format {
                Some(
                    InputFormat::Line
                    | InputFormat::Killer
                    | InputFormat::Iss
                    | InputFormat::Fpuzzles
                    | InputFormat::Sudokupad,
                )
                | None => OutputFormat::Line,
                Some(InputFormat::Rmit) if args.output.is_some() => OutputFormat::Csv,
                _ => OutputFormat::Grid,
            })
    };
    args.input.stream(&pool, &progress, work, |item| {
        let (text, to) = match item {
            Item::Bad(e) => {
                super::report(&e);
                code = worse(code, 2);
                let text = if json {
                    json::Record::bad(&e).to_line()
                } else {
                    "error\n".to_string()
                };
                (text, layout(None))
            }
            Item::Broken(_, input, why) => {
                super::report(&why);
                unsolved += 1;
                code = worse(code, 1);
                let text = if json {
                    let mut r = json::Record::of(&input, "no solution");
                    r.error = Some(why.message);
                    r.to_line()
                } else {
                    with_id(
                        &input,
                        "no solution\n".to_string(),
                        layout(Some(input.entry.format)),
                    )
                };
                (text, layout(Some(input.entry.format)))
            }
            Item::Done(_, input, Err(Failure::Input(e))) => {
                super::report(&e);
                code = worse(code, 2);
                let text = if json {
                    json::Record::bad(&e).to_line()
                } else {
                    with_id(
                        &input,
                        "error\n".to_string(),
                        layout(Some(input.entry.format)),
                    )
                };
                (text, layout(Some(input.entry.format)))
            }
            Item::Done(_, input, outcome) => {
                let (outcome, more) = outcome?;
                let (puzzle, entry) = (&input.entry.puzzle, &input.entry);
                let to = layout(Some(entry.format));
                let where_ = format!("{}:{}", input.source, entry.line);
                let observed = outcome.observed.as_deref();
                let profile = observed.map_or(&[][..], |o| &o.profile[..]);
                if args.stats || args.profile {
                    super::say(format_args!("{where_}: {}", outcome.stats));
                    if !profile.is_empty() {
                        super::say(format_args!(
                            "{}",
                            profile_table::table(profile, args.profile).trim_end()
                        ));
                    }
                }
                for row in by_kind(profile) {
                    match kinds.iter_mut().find(|k| k.kind == row.kind) {
                        Some(k) => k.add(&row),
                        None => kinds.push(row),
                    }
                }
                if let (Some(path), Some(format), Some(tree)) = (
                    &args.tree,
                    tree_format,
                    observed.and_then(|o| o.tree.as_ref()),
                ) {
                    let file = tree_file::path_for(path, puzzles as usize);
                    tree_file::write(&file, format, tree)?;
                    let (failed, solved) = tree.counts();
                    let cut = if tree.truncated {
                        format!(", the first {} of a larger tree (--tree-limit)", tree.limit)
                    } else {
                        String::new()
                    };
                    super::say(format_args!(
                        "{where_}: wrote the search tree to {} ({} node{}, {failed} failed, \
                         {solved} solved{cut})",
                        file.display(),
                        tree.nodes.len(),
                        if tree.nodes.len() == 1 { "" } else { "s" }
                    ));
                }
                total.add(&outcome.stats);
                if args.show && !json {
                    let id = entry
                        .id
                        .as_deref()
                        .map_or(String::new(), |id| format!("{id}, "));
                    let _ = writeln!(shown, "puzzle ({id}{where_}, {} gaps):", puzzle.gaps());
                    // A killer is drawn with its cages and a variant with its constraints,
                    // whatever the solutions' layout.
                    let as_ = if puzzle.cages().is_empty() || to == OutputFormat::Csv {
                        to
                    } else {
                        OutputFormat::Grid
                    };
                    if puzzle.constraints().is_empty() {
                        format::write(&mut shown, as_, puzzle, &puzzle.grid());
                    } else {
                        if !puzzle.cages().is_empty() {
                            format::write(&mut shown, as_, puzzle, &puzzle.grid());
                        }
                        format::write_constraints(&mut shown, puzzle, &puzzle.grid());
                    }
                }
                let status = match (&outcome.solution, outcome.stop) {
                    (Some(_), _) => "solved",
                    (None, Stop::Timeout) => "timeout",
                    (None, Stop::NodeLimit) => "node limit",
                    (None, _) => "no solution",
                };
                match status {
                    "solved" => {}
                    "no solution" => {
                        unsolved += 1;
                        code = worse(code, 1);
                    }
                    _ => {
                        gave_up += 1;
                        code = worse(code, 5);
                    }
                }
                let cells: Option<Vec<Option<usize>>> = outcome
                    .solution
                    .as_ref()
                    .map(|grid| grid.iter().map(|&v| Some(v)).collect());
                let text = if json {
                    let mut r = json::Record::of(&input, status).with_stats(&outcome.stats);
                    if let Some(stats) = r.stats.as_mut().filter(|_| !profile.is_empty()) {
                        stats.profile = Some(profile_table::rows(profile, args.profile));
                    }
                    r.solution = cells.as_deref().map(|c| json::line_form(puzzle, c));
                    if args.solutions > 1 {
                        let all = cells
                            .iter()
                            .map(Vec::as_slice)
                            .chain(more.iter().map(Vec::as_slice));
                        r.solutions = Some(all.map(|c| json::line_form(puzzle, c)).collect());
                    }
                    r.to_line()
                } else {
                    let body = match &cells {
                        Some(cells) => {
                            let mut s = String::new();
                            for grid in std::iter::once(cells).chain(&more) {
                                if !s.is_empty() && to != OutputFormat::Line {
                                    s.push('\n');
                                }
                                format::write(&mut s, to, puzzle, grid);
                            }
                            s
                        }
                        None => format!("{status}\n"),
                    };
                    match (&input.entry.id, to) {
                        // each solution's line carries the id
                        (Some(_), OutputFormat::Line) => body
                            .lines()
                            .map(|l| with_id(&input, format!("{l}\n"), to))
                            .collect(),
                        _ => with_id(&input, body, to),
                    }
                };
                (text, to)
            }
        };
        if args.show && !json {
            shown.push_str("solution:\n");
            shown.push_str(&text);
            shown.push('\n');
        }
        if puzzles > 0 && to != OutputFormat::Line && !json {
            out.push('\n'); // a blank line between the grids of a batch
        }
        puzzles += 1;
        out.push_str(&text);
        // Stream puzzle by puzzle: to the output file, or to stdout.
        match &mut file {
            Some(file) => {
                file.write(&out)?;
                stdout.print(&shown)?;
            }
            None => stdout.print(if args.show && !json { &shown } else { &out })?,
        }
        out.clear();
        shown.clear();
        Ok(true)
    })?;
    // Every answer written before the totals.
    stdout.finish()?;
    if args.stats && puzzles > 1 {
        let n = f64::from(puzzles);
        let secs = total.time.as_secs_f64();
        super::say(format_args!(
            "total: {puzzles} puzzles, {unsolved} without solution, {gave_up} undecided, \
             {:.1} µs/puzzle, {:.0} puzzles/s; {total}",
            secs * 1e6 / n,
            if secs > 0.0 { n / secs } else { f64::INFINITY },
        ));
        if !kinds.is_empty() {
            super::say(format_args!(
                "{}",
                profile_table::table(&kinds, false).trim_end()
            ));
        }
    }
    if let Some(file) = file {
        file.finish()?;
    }
    Ok(code)
}

/// A solution as `format::write` takes it.
type Grid = Vec<Option<usize>>;

/// Up to `limits.solutions` solutions of `input` with cp, each checked: the first as the
/// outcome's, the others after it.
fn several(rules: &Rules, input: &Input, limits: &Limits) -> Result<(Outcome, Vec<Grid>), Failure> {
    let (outcome, more) = super::checked::solutions_checked(rules, input, limits)?;
    let more = more
        .into_iter()
        .map(|g| g.into_iter().map(Some).collect())
        .collect();
    Ok((outcome, more))
}

/// A record's output with its id: `id<TAB>` before a line, a `# id` line before a grid.
pub(super) fn with_id(input: &Input, body: String, to: OutputFormat) -> String {
    match (&input.entry.id, to) {
        (None, _) => body,
        (Some(id), OutputFormat::Line) => format!("{id}\t{body}"),
        (Some(id), _) => format!("# {id}\n{body}"),
    }
}
