//! The command line: argument definitions (clap), logging set-up, reading inputs, exit codes.

mod audit;
mod bench;
mod candidates;
mod check;
mod checked;
mod comp10002;
mod comp9021;
mod count;
mod explain;
mod explain_svg;
mod generate;
mod json;
mod live_stdin;
mod output_file;
mod plot;
mod profile_table;
mod progress;
mod puzzle_out;
mod rate;
mod rmit;
mod solve;
mod solver_choice;

use solver_choice::{Global, all_solvers, find_observing, find_solver};
mod stdout;
mod tree_file;
mod validity;

use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use progress::Progress;
use rayon::prelude::*;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use sudoku_cp::engine::Limits;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, Entry, InputFormat, LineSource, OutputFormat, ReadOptions};
use sudoku_cp::puzzle;
use sudoku_cp::puzzle::{MAX_SIZE, Rules, Symbols};
use sudoku_cp::solvers;

/// The text after every command's options: formats, sizes, solvers, exit codes, logging.
fn after_help() -> String {
    let names: Vec<String> = solvers::registry()
        .iter()
        .map(|s| {
            std::iter::once(s.name())
                .chain(s.aliases().iter().copied())
                .collect::<Vec<_>>()
                .join(", ")
        })
        .collect();
    let width = names.iter().map(String::len).max().unwrap_or(0);
    let keyword = puzzle::constraint_keywords()
        .map(|(k, _)| k.len())
        .max()
        .unwrap_or(0);
    let constraints: String = puzzle::constraint_keywords()
        .map(|(k, what)| format!("  {k:<keyword$} {what}\n"))
        .collect();
    let solvers: String = solvers::registry()
        .iter()
        .zip(&names)
        .map(|(s, names)| {
            format!(
                "  {names:<width$}  {}
",
                s.description()
            )
        })
        .collect();
    let exit_codes: String = EXIT_CODES
        .iter()
        .map(|(code, meaning)| format!("  {code}  {meaning}\n"))
        .collect();
    format!(
        "\
Input formats (told from the text, or forced with --format):
  line   one puzzle per line: n×n characters (`.`, `0`, `_`, `*` or `x` blank) or n×n
         integers separated by spaces or commas; rows in groups (`530 070 000 …`); 729
         characters of 9×9 candidates. An id may stand before the puzzle and fields (a
         solution, a rating) after it, separated by tabs, commas or spaces; `#` starts a
         comment; a `quizzes,solutions` header is skipped. Each line is a record of a batch.
  grid   n lines of n cells in any frame: `|` and `+---`, box drawing (`┌───┬`, `│`),
         HoDoKu (`.-------.`, `:---+---:`), SimpleSudoku (`*-----------*`, `|53.|.7.|...|`);
         or n lines of n candidate groups (pencil marks). Title lines ending in `:` and `#`
         comments are skipped; grids one after another are a batch.
  rmit   a size line, a symbols line, then `row,col symbol` lines (0-based):
           4
           1 2 3 4
           0,1 2
  killer one killer puzzle per line: `[id<TAB>]SUM:cell,cell,…;SUM:…[<TAB>solution]`, cells
         numbered row×n + col from 0
  cages  a killer cage map: n lines of n cage ids (`.` for no cage), optionally after a grid of
         givens, then `id=total` pairs, e.g. `a=12 b=17`
  RMIT killer files have a number-of-cages line after the symbols, then `total row,col row,col …`.
  iss    variant puzzles, one per line, as the Interactive Sudoku Solver copies them:
         `.Shape~6x6.Thermo~R1C1~R1C2.~R1C1_5`; also its killer codes and one-line jigsaws
  fpuzzles  f-puzzles exports, one per line: a `https://f-puzzles.com/?load=…` link, the text
         after `load=`, or its JSON
  --puzzle TEXT reads a puzzle from the command line in any of these.

Rule files (--rules FILE): lines of `name`, `description`, `extends`, `all-different`, `cages`,
`variant` (see rules/sudoku.rules), and a puzzle's own constraints, cells written r1c1:
{constraints}
Sizes: n×n with boxes of r×c = n cells (r, c ≥ 2): 4, 6, 8, 9, 10, 12, 16, … up to {MAX_SIZE}.
Symbols: 1..n by default; 16×16 and 25×25 written with letters (1-9A-G, 0-9A-F, A-Y) are told
from the text; RMIT files list their own; --symbols sets any tokens for line and grid input
(cages need integer symbols).

Solvers (--solver):
{solvers}
Exit codes (a batch exits with the most severe it met, in this order):
{exit_codes}
Logs go to stderr: -v shows each decision and backtrack, -vv also every propagator run and
domain reduction (or set RUST_LOG=debug / RUST_LOG=trace)."
    )
}

/// Solve Sudoku and its variants of any size with a constraint-programming engine.
#[derive(Debug, Parser)]
#[command(name = "sudoku-cp", version, after_help = after_help())]
pub(crate) struct Cli {
    /// More logging on stderr: -v decisions and backtracks, -vv every propagation step, with
    /// every solver and on every grid.
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    verbose: u8,
    /// cp: solve 4×4 and 9×9 grids on the general engine instead of the bitboards,
    /// which are faster but log nothing; the answers are the same.
    #[arg(long, global = true)]
    no_bitboards: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve puzzles and print their solutions.
    #[command(after_help = after_help())]
    Solve(solve::SolveArgs),
    /// Count solutions up to a limit: unique, multiple or none.
    #[command(after_help = after_help())]
    Count(count::CountArgs),
    /// Time solvers on puzzle files: a table of speed and guesses, every answer checked.
    #[command(after_help = after_help())]
    Bench(bench::BenchArgs),
    /// Each cell's true candidates (its values over all solutions) as a pencil-mark grid, with
    /// the finishing digits and the cells equal in every solution.
    #[command(after_help = after_help())]
    Candidates(candidates::CandidatesArgs),
    /// A setter's audit: the givens and constraints a unique puzzle does without, or the
    /// digits that would finish one with several solutions.
    #[command(after_help = after_help())]
    Audit(audit::AuditArgs),
    /// Check puzzles against the rules: every repeated symbol in every row, column and box.
    #[command(after_help = after_help())]
    Check(check::CheckArgs),
    /// Explain a solution step by step, naming each technique (singles, locked candidates,
    /// preemptive sets, cages); optionally pencil marks, JSON or LaTeX pictures.
    #[command(after_help = after_help())]
    Explain(explain::ExplainArgs),
    /// Rate each puzzle by the hardest technique its logical solution needs.
    #[command(after_help = after_help())]
    Rate(rate::RateArgs),
    /// Generate puzzles with a unique solution: standard (by symmetry, difficulty, minimality)
    /// or killer, any size, reproducible by seed.
    #[command(after_help = generate::AFTER_HELP)]
    Generate(generate::GenerateArgs),
    /// RMIT's tester line: `rmit FILE sudoku|killer SOLVER y|n [OUTFILE]`, as the
    /// assignment's RmitSudokuTester (y shows the grid before and after; the solution goes to
    /// OUTFILE as comma-separated rows).
    Rmit(rmit::RmitArgs),
    /// Print a shell's completion script: `source <(sudoku-cp completions bash)`, or save it
    /// where the shell looks (zsh: a file `_sudoku-cp` on $fpath; fish:
    /// ~/.config/fish/completions/sudoku-cp.fish).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff): `sudoku-cp man > sudoku-cp.1`, then `man -l sudoku-cp.1`.
    Man,
}

/// Options shared by every command that reads puzzles.
#[derive(Debug, Args)]
struct InputArgs {
    /// Puzzle files; `-` or none (and no --puzzle) reads standard input.
    files: Vec<String>,
    /// A puzzle given on the command line, in any layout a file may have (repeatable).
    #[arg(long = "puzzle", value_name = "TEXT")]
    puzzles: Vec<String>,
    /// Input format.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    format: InputFormat,
    /// Rules: a built-in name (sudoku, killer, killer-x) or a rule file [default: killer for
    /// puzzles with cages, else sudoku].
    #[arg(long)]
    rules: Option<String>,
    /// Symbols for line and grid input: tokens, e.g. "0 1 2 3", or one word of a character
    /// each, e.g. ABCD (default 1..n).
    #[arg(long)]
    symbols: Option<String>,
    /// Read SudokuPad puzzles without their drawings (lines, arrows, overlays, underlays, cages
    /// without a total), whose meaning lives in the rules text: each kind left out is named on
    /// stderr. Without it such a puzzle is refused, naming them.
    #[arg(long)]
    ignore_cosmetic: bool,
}

/// Per-puzzle limits and worker threads, shared by `solve` and `count`.
#[derive(Debug, Args)]
struct BatchArgs {
    /// Give up on a puzzle after this many seconds, at most 1000000, or `inf` (it prints
    /// `timeout`; a batch goes on).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,
    /// Give up on a puzzle after this many search nodes (it prints `node limit`).
    #[arg(long, value_name = "N", value_parser = parse_count)]
    node_limit: Option<u64>,
    /// Worker threads, 1 to 256 [default: all cores]; answers are printed in input order. A
    /// thread with no puzzle left helps search a hard one (cp on 16×16 and up, and on hard
    /// killers; from 36×36 as a clause-learning search of its own).
    #[arg(long, value_name = "N", value_parser = parse_threads)]
    threads: Option<u16>,
}

impl BatchArgs {
    /// Checks the options. Gives the worker pool, and the limits of one puzzle searched for
    /// up to `solutions` solutions, its clock starting at the call.
    fn start(
        &self,
        solutions: u64,
    ) -> Result<(rayon::ThreadPool, impl Fn() -> Limits + Sync), InputError> {
        let (timeout, nodes) = (self.timeout, self.node_limit);
        let limits = move || Limits {
            solutions,
            nodes,
            deadline: deadline(timeout),
        };
        Ok((progress::pool(self.threads)?, limits))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ToArg {
    /// readable rows with box separators; a killer drawn with its cage outlines and totals
    Grid,
    /// comma-separated rows (RMIT's solution file)
    Csv,
    /// one line per puzzle, like line input
    Line,
    /// one JSON object per puzzle and line (JSON Lines)
    Json,
    /// the puzzle as an f-puzzles link (`--solution` adds its solution)
    Fpuzzles,
    /// the puzzle as a SudokuPad link (`--solution` adds its solution)
    Sudokupad,
    /// the puzzle as an Interactive Sudoku Solver link
    Iss,
    /// a picture of the puzzle (`--solution` adds its solution, `--marks` its pencil marks)
    Svg,
}

impl ToArg {
    /// What the puzzle is written as, when it is written rather than solved: a link or a
    /// picture (with pencil marks when `marks`).
    fn puzzle_target(self, marks: bool) -> Option<puzzle_out::Target> {
        use puzzle_out::Target;
        Some(match self {
            ToArg::Fpuzzles => Target::Link(format::LinkFormat::Fpuzzles),
            ToArg::Sudokupad => Target::Link(format::LinkFormat::Sudokupad),
            ToArg::Iss => Target::Link(format::LinkFormat::Iss),
            ToArg::Svg => Target::Svg { marks },
            _ => return None,
        })
    }

    /// The grid layout asked for; `None` for JSON.
    fn grid_format(self) -> Option<OutputFormat> {
        match self {
            ToArg::Grid => Some(OutputFormat::Grid),
            ToArg::Csv => Some(OutputFormat::Csv),
            ToArg::Line => Some(OutputFormat::Line),
            _ => None,
        }
    }
}

/// A puzzle ready to solve, with where it came from.
#[derive(Debug)]
struct Input {
    source: String,
    entry: Entry,
}

/// The program's outcome when it stops early.
#[derive(Debug)]
enum Failure {
    /// Bad input or usage: exit code 2.
    Input(InputError),
    /// A solver's answer failed the independent check: exit code 3.
    Check(String),
    /// Standard output was closed by the reader (`| head`): stop quietly, exit code 0.
    Closed,
}

impl From<InputError> for Failure {
    fn from(e: InputError) -> Self {
        Failure::Input(e)
    }
}

/// Runs the command line and returns the exit code.
pub(crate) fn run(cli: Cli) -> ExitCode {
    init_logging(cli.verbose);
    let global = Global {
        bitboards: !cli.no_bitboards,
    };
    let result = match cli.command {
        Command::Solve(args) => solve::run(args, global),
        Command::Count(args) => count::run(args, global),
        Command::Bench(args) => bench::run(args, global),
        Command::Candidates(args) => candidates::run(args),
        Command::Audit(args) => audit::run(args),
        Command::Check(args) => check::run(args),
        Command::Explain(args) => explain::run(args, global),
        Command::Rate(args) => rate::run(args, global),
        Command::Generate(args) => generate::run(args),
        Command::Rmit(args) => rmit::run(args, global),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "sudoku-cp", &mut out);
            print(&String::from_utf8_lossy(&out)).map(|()| 0)
        }
        Command::Man => {
            let mut out = Vec::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut out)
                .map_err(|e| InputError::whole("<stdout>", format!("cannot write: {e}")))
                .map_err(Failure::Input)
                .and_then(|()| print(&String::from_utf8_lossy(&out)).map(|()| 0))
        }
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(Failure::Input(e)) => {
            say(format_args!("error: {e}"));
            ExitCode::from(2)
        }
        Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Check(msg)) => {
            say(format_args!(
                "internal error: {msg}\nThis is a bug in sudoku-cp; please report it."
            ));
            ExitCode::from(3)
        }
    }
}

fn init_logging(verbose: u8) {
    let env = env_logger::Env::default().default_filter_or("warn");
    let mut builder = env_logger::Builder::from_env(env);
    match verbose {
        0 => {}
        1 => {
            builder.filter_level(log::LevelFilter::Debug);
        }
        _ => {
            builder.filter_level(log::LevelFilter::Trace);
        }
    }
    builder.format(|buf, record| writeln!(buf, "[{}] {}", record.target(), record.args()));
    let _ = builder.try_init();
}

/// Where puzzles come from: a file, standard input, or `--puzzle` text.
enum Source<'a> {
    File(&'a str),
    Stdin,
    Text(String, &'a str),
}

impl Source<'_> {
    fn name(&self) -> &str {
        match self {
            Source::File(f) => f,
            Source::Stdin => "<stdin>",
            Source::Text(name, _) => name,
        }
    }

    /// The source's lines; for standard input, also what is read but not taken yet.
    #[expect(
        clippy::type_complexity,
        reason = "a reader and its side view, used once"
    )]
    fn open(
        &self,
    ) -> Result<(Box<dyn LineSource + '_>, Option<Arc<live_stdin::Waiting>>), InputError> {
        Ok(match self {
            Source::File(f) => (
                Box::new(std::io::BufReader::new(std::fs::File::open(f).map_err(
                    |e| InputError::whole(f, format!("cannot read: {e}")),
                )?)),
                None,
            ),
            Source::Stdin => {
                let live = live_stdin::LiveStdin::start();
                let waiting = live.waiting();
                (Box::new(live), Some(waiting))
            }
            Source::Text(_, text) => (Box::new(text.as_bytes()), None),
        })
    }
}

/// One record of the input as a command meets it, in input order.
enum Item<'r, R> {
    /// A puzzle, the rules it is solved under, and what the command's work made of it.
    Done(&'r Arc<Rules>, Input, R),
    /// A puzzle whose givens already break the rules: it has no solution (the reason).
    Broken(&'r Arc<Rules>, Input, InputError),
    /// A record that does not read, or that the rules cannot take.
    Bad(InputError),
}

/// A record read and kept: a puzzle with its rules (and why its givens break them, if they
/// do), or the error of a record that does not read.
#[expect(
    clippy::large_enum_variant,
    reason = "one record a puzzle, read once: boxing would add an allocation a puzzle"
)]
enum Record {
    Puzzle(Arc<Rules>, Input, Option<InputError>),
    Bad(InputError),
}

/// A record waiting for its work: read and checked, or its error.
type Pending<'r> = Result<(&'r Arc<Rules>, Input, Result<(), InputError>), InputError>;

impl InputArgs {
    /// Reads every record of every source, in order, without solving anything (for the
    /// commands that need them all before they start, or work puzzle by puzzle).
    fn collect(&self) -> Result<Vec<Record>, Failure> {
        let pool = progress::pool(Some(1))?;
        let mut out = Vec::new();
        self.stream(
            &pool,
            &Progress::new("read", Some(1)),
            |_, _| (),
            |item| {
                out.push(match item {
                    Item::Done(rules, input, ()) => Record::Puzzle(Arc::clone(rules), input, None),
                    Item::Broken(rules, input, why) => {
                        Record::Puzzle(Arc::clone(rules), input, Some(why))
                    }
                    Item::Bad(e) => Record::Bad(e),
                });
                Ok(true)
            },
        )?;
        Ok(out)
    }

    /// Reads the records one by one, runs `work` on each puzzle whose givens keep the rules
    /// (under `--rules`, else killer for a puzzle with cages and sudoku for one without), and
    /// hands every record to `emit` in input order, until the inputs end or `emit` returns
    /// `Ok(false)`. A record that does not read is handed over as [`Item::Bad`], and reading
    /// goes on. One-per-line files are streamed (see [`format::read_each`]).
    ///
    /// With more than one thread in `pool`, `work` runs on chunks of puzzles in parallel; the
    /// chunks keep memory bounded and the order of `emit` is still the input order.
    fn stream<R: Send>(
        &self,
        pool: &rayon::ThreadPool,
        progress: &Progress,
        work: impl Fn(&Rules, &Input) -> R + Sync,
        mut emit: impl FnMut(Item<'_, R>) -> Result<bool, Failure>,
    ) -> Result<(), Failure> {
        let opts = self.read_options()?;
        let explicit = self
            .rules
            .as_deref()
            .map(load_rules)
            .transpose()?
            .map(Arc::new);
        let sudoku = Arc::new(Rules::sudoku());
        let killer = Arc::new(Rules::builtin("killer").expect("built in"));
        let threads = pool.current_num_threads();
        let chunk = if threads > 1 { 32 * threads } else { 1 };
        let mut pending: Vec<Pending<'_>> = Vec::with_capacity(chunk);
        // Runs `work` on the pending puzzles that keep the rules, on the pool; then emits every
        // pending record in order.
        let mut flush = |pending: &mut Vec<Pending<'_>>| -> Result<bool, Failure> {
            let run = |p: &Pending<'_>| {
                let r = match p {
                    Ok((rules, input, Ok(()))) => Some(work(rules, input)),
                    _ => None,
                };
                progress.tick();
                r
            };
            // Always on the pool: a hard puzzle's search shares its work with the pool's idle
            // threads, and with `--threads 1` with none (outside it, with the global pool's).
            let results: Vec<Option<R>> = pool.install(|| {
                if pending.len() > 1 {
                    pending.par_iter().map(run).collect()
                } else {
                    pending.iter().map(run).collect()
                }
            });
            let mut go = true;
            for (p, r) in pending.drain(..).zip(results) {
                if !go {
                    break;
                }
                progress.clear();
                go = emit(match (p, r) {
                    (Ok((rules, input, Ok(()))), Some(r)) => Item::Done(rules, input, r),
                    (Ok((rules, input, Err(why))), _) => Item::Broken(rules, input, why),
                    (Err(e), _) => Item::Bad(e),
                    (Ok((_, input, Ok(()))), None) => {
                        Item::Bad(InputError::at(&input.source, input.entry.line, "not run"))
                    }
                })?;
            }
            Ok(go)
        };
        for source in self.sources() {
            let name = source.name().to_string();
            let (reader, waiting) = match source.open() {
                Ok(r) => r,
                Err(e) => {
                    pending.push(Err(e));
                    if !flush(&mut pending)? {
                        break;
                    }
                    continue;
                }
            };
            let mut go = true;
            format::read_each(reader, &name, &opts, |record| {
                let p = record.and_then(|mut entry| {
                    let rules = match &explicit {
                        Some(r) => r,
                        None if has_cages(&entry) => &killer,
                        None => &sudoku,
                    };
                    rules
                        .apply(&mut entry.puzzle)
                        .map_err(|m| InputError::at(&name, entry.line, m))?;
                    let input = Input {
                        source: name.clone(),
                        entry,
                    };
                    check_cage_rules(&input, rules)?;
                    let givens = check_givens(&input.entry, rules, &input.source);
                    Ok((rules, input, givens))
                });
                pending.push(p);
                // A full chunk goes to the pool; so do the puzzles of a pipe that has
                // nothing more for now, so that each is answered as it comes.
                if pending.len() >= chunk || waiting.as_ref().is_some_and(|w| w.none()) {
                    go = flush(&mut pending)?;
                }
                Ok::<bool, Failure>(go)
            })?;
            if go && !pending.is_empty() {
                go = flush(&mut pending)?;
            }
            pending.clear();
            if !go {
                break;
            }
        }
        progress.clear();
        Ok(())
    }

    fn read_options(&self) -> Result<ReadOptions, InputError> {
        let symbols = self.symbols.as_deref().map(parse_symbols).transpose()?;
        let format = self.format;
        Ok(ReadOptions {
            format,
            symbols,
            ignore_cosmetic: self.ignore_cosmetic,
        })
    }

    /// The files read (puzzle files and a rule file), which no output may replace.
    fn paths(&self) -> Vec<&str> {
        let files = self.files.iter().map(String::as_str);
        files.chain(self.rules.as_deref()).collect()
    }

    /// Refuses an output file that is one of the inputs ([`InputArgs::paths`]).
    fn refuse_as_output(&self, output: &std::path::Path) -> Result<(), InputError> {
        output_file::refuse_inputs(output, &self.paths())
    }

    /// The files named, then the `--puzzle` texts; standard input when there is neither.
    fn sources(&self) -> Vec<Source<'_>> {
        let mut out: Vec<Source<'_>> = self
            .files
            .iter()
            .map(|f| {
                if f == "-" {
                    Source::Stdin
                } else {
                    Source::File(f)
                }
            })
            .collect();
        let many = self.puzzles.len() > 1;
        for (i, text) in self.puzzles.iter().enumerate() {
            let name = if many {
                format!("--puzzle {}", i + 1)
            } else {
                "--puzzle".to_string()
            };
            out.push(Source::Text(name, text));
        }
        if out.is_empty() {
            out.push(Source::Stdin);
        }
        out
    }
}

/// Every exit code with its meaning, from least to most severe: a batch exits with the most
/// severe it met. `--help` prints them, and the README's table says the same.
pub(crate) const EXIT_CODES: [(u8, &str); 6] = [
    (
        0,
        "every puzzle solved (`count`, `candidates`, `audit`: every puzzle unique)",
    ),
    (
        1,
        "some puzzle has no solution (`check`: its givens break a rule)",
    ),
    (
        4,
        "`count`, `rate`, `explain`, `candidates`, `audit`: some puzzle has several solutions",
    ),
    (
        5,
        "a puzzle hit `--timeout`, `--node-limit`, `--max-steps` or `--attempts`",
    ),
    (
        2,
        "bad input or usage: stderr names the file, the line and what was expected",
    ),
    (
        3,
        "a solver's grid failed the independent check (a bug: please report it)",
    ),
];

/// Exit codes from least to most severe.
const SEVERITY: [u8; 6] = [
    EXIT_CODES[0].0,
    EXIT_CODES[1].0,
    EXIT_CODES[2].0,
    EXIT_CODES[3].0,
    EXIT_CODES[4].0,
    EXIT_CODES[5].0,
];

/// The more severe of two exit codes.
fn worse(a: u8, b: u8) -> u8 {
    let rank = |c: u8| {
        SEVERITY
            .iter()
            .position(|&s| s == c)
            .unwrap_or(SEVERITY.len())
    };
    if rank(b) > rank(a) { b } else { a }
}

/// The rules `--rules` names, warning on stderr when a rule file declares no region that
/// holds distinct symbols (without `extends sudoku` or an `all-different` line, rows, columns
/// and boxes may repeat symbols).
fn load_rules(name: &str) -> Result<Rules, InputError> {
    let rules = Rules::load(name)?;
    if rules.all_different.is_empty() {
        say(format_args!(
            "warning: {name}: the rules declare no all-different region, so rows, columns and \
             boxes may repeat symbols; add `extends sudoku` or `all-different rows columns boxes` \
             if that is not meant"
        ));
    }
    Ok(rules)
}

/// Says on stderr why a record was not solved: `error: FILE:LINE: message`.
fn report(e: &InputError) {
    say(format_args!("error: {e}"));
}

fn has_cages(entry: &Entry) -> bool {
    !entry.puzzle.cages().is_empty()
}

/// Refuses a puzzle with cages under rules without them.
fn check_cage_rules(input: &Input, rules: &Rules) -> Result<(), InputError> {
    if has_cages(&input.entry) && !rules.cages {
        return Err(InputError::at(
            &input.source,
            input.entry.line,
            format!(
                "the puzzle has cages but the rules `{}` have none: use --rules killer, \
                 or a rule file with a `cages` line",
                rules.name
            ),
        ));
    }
    Ok(())
}

/// The symbols of `--symbols`: tokens separated by spaces or commas (`1 2 … 9 A … G`), or
/// one word of single characters (`123456789ABCDEFG`, `1234`: one symbol is never a set).
fn parse_symbols(text: &str) -> Result<Symbols, InputError> {
    let list: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    let symbols = match list.as_slice() {
        [] => Err("no symbols given".to_string()),
        [word] if word.chars().count() > 1 => Symbols::from_chars(word).map_err(String::from),
        _ => Symbols::from_labels(list).map_err(String::from),
    };
    symbols.map_err(|m| InputError::whole("--symbols", m))
}

/// Refuses givens that already break a rule, naming every broken region and symbol.
fn check_givens(entry: &Entry, rules: &Rules, source: &str) -> Result<(), InputError> {
    let broken = puzzle::broken_givens(&entry.puzzle, rules);
    if broken.is_empty() {
        return Ok(());
    }
    Err(InputError::at(
        source,
        entry.line,
        format!("the givens break the rules: {}", broken.join("; ")),
    ))
}

/// Writes to stdout. A closed pipe (`| head`) is [`Failure::Closed`]: the run stops quietly.
fn print(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .map_err(|e| write_failure(&e))
}

/// What a failed write to stdout means for the run.
fn write_failure(e: &std::io::Error) -> Failure {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Failure::Closed
    } else {
        Failure::Input(InputError::whole("<stdout>", format!("cannot write: {e}")))
    }
}

/// The longest time an option takes: a million seconds (about 11.6 days). `inf` means no limit.
const MAX_SECONDS: f64 = 1e6;

/// A time limit: a positive number of seconds up to [`MAX_SECONDS`], or `inf` (none).
fn parse_seconds(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    if matches!(t, "inf" | "infinity" | "none") {
        return Ok(Duration::MAX);
    }
    let value: f64 = t
        .parse()
        .map_err(|_| format!("`{t}` is not a number of seconds (or `inf` for no limit)"))?;
    if !(value.is_finite() && value > 0.0 && value <= MAX_SECONDS) {
        return Err(format!(
            "{t} seconds: expected more than 0 and at most {MAX_SECONDS:.0} (or `inf` for no limit)"
        ));
    }
    Ok(Duration::from_secs_f64(value))
}

/// A time to spend (such as a warm-up): 0 up to [`MAX_SECONDS`].
fn parse_span(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let value: f64 = t
        .parse()
        .map_err(|_| format!("`{t}` is not a number of seconds"))?;
    if !(value.is_finite() && (0.0..=MAX_SECONDS).contains(&value)) {
        return Err(format!("{t} seconds: expected 0 to {MAX_SECONDS:.0}"));
    }
    Ok(Duration::from_secs_f64(value))
}

/// A count written with digits only: no sign, no spaces.
fn parse_count(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "`{text}` is not a whole number (digits only, no sign)"
        ));
    }
    text.parse()
        .map_err(|_| format!("{text} is too large (at most {})", u64::MAX))
}

/// A count of at least 1.
fn parse_positive(text: &str) -> Result<u64, String> {
    match parse_count(text)? {
        0 => Err("0: expected at least 1".to_string()),
        n => Ok(n),
    }
}

/// The most worker threads `--threads` takes.
const MAX_THREADS: u16 = 256;

/// A thread count from 1 to [`MAX_THREADS`].
fn parse_threads(text: &str) -> Result<u16, String> {
    match parse_count(text)? {
        0 => Err("0 threads: expected at least 1".to_string()),
        n if n > u64::from(MAX_THREADS) => Err(format!(
            "{n} threads: at most {MAX_THREADS} (more only wait on each other)"
        )),
        n => Ok(n as u16),
    }
}

/// The moment `limit` after now, or none when that is past what the clock can hold (`inf`).
fn deadline(limit: Option<Duration>) -> Option<std::time::Instant> {
    limit.and_then(|t| std::time::Instant::now().checked_add(t))
}

/// Writes a line to stderr. A stderr that is closed or full loses the line; it never stops
/// the run.
fn say(args: std::fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = err.write_fmt(args).and_then(|()| err.write_all(b"\n"));
}
