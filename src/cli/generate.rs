//! `sudoku-cp generate`: unique puzzles from a seed, in order, on several threads.

use super::progress::Progress;
use super::{Failure, parse_symbols, print};
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use std::fmt::Write as _;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, OutputFormat};
use sudoku_cp::generate::{self, CageSizes, Generated, Request, Symmetry};
use sudoku_cp::logic::Level;
use sudoku_cp::puzzle;
use sudoku_cp::puzzle::{Puzzle, Rules, Symbols};

/// After `generate --help`: how long sizes take, output, exit codes.
pub(super) const AFTER_HELP: &str = "\
Time per puzzle (one thread, this project's 2-core test machine, release build):
  4×4 and 9×9   about 1 ms; --difficulty retries until the level comes out (hard: about
                60 ms; expert: under 1 in 1000), and so does --minimal with a symmetry
                (rotate180: about 40 ms; rotate90 puzzles are seldom minimal)
  16×16         about 0.2 s: every removal is a uniqueness proof
  25×25         about 2 s; --givens N stops removing sooner
  --killer 9×9  about 40 ms

Every puzzle has exactly one solution (proved by the CP engine). The same --seed gives the
same puzzles on every machine and with any number of threads.

Output: one puzzle per line (`line`, or the killer line format with --killer); `--solution`
and `--rating` add tab-separated fields (grid, csv and cage maps get them as `#` comments).

Exit codes:
  0  every puzzle asked for was generated
  2  bad usage
  3  a generated puzzle failed the independent check (a bug: please report it)
  5  --attempts ran out before a puzzle of the --difficulty (or --minimal) came out";

#[derive(Debug, Args)]
pub(super) struct GenerateArgs {
    /// Grid size n, with boxes of r×c cells: 4, 6, 8, 9, 10, 12, 16, … up to 256.
    #[arg(long, default_value = "9", value_parser = parse_size)]
    size: usize,
    /// How many puzzles.
    #[arg(long, default_value = "1", value_parser = super::parse_positive)]
    count: u64,
    /// Seed: the same seed gives the same puzzles [default: from the clock, printed on stderr].
    #[arg(long, value_parser = super::parse_count)]
    seed: Option<u64>,
    /// Pattern of the givens.
    #[arg(long, value_enum, default_value_t = Symmetry::None)]
    symmetry: Symmetry,
    /// Only puzzles of this rating (as `rate` gives it). Below guessing, a given stays when
    /// removing it would take a harder technique; puzzles that end easier are retried.
    #[arg(long, value_enum)]
    difficulty: Option<Level>,
    /// Only minimal puzzles: no given can be removed without losing uniqueness (always true
    /// without symmetry and --difficulty; otherwise puzzles that are not are retried).
    #[arg(long, conflicts_with = "givens")]
    minimal: bool,
    /// Stop removing givens once this many are left (the puzzle may keep more, never fewer).
    #[arg(long, value_name = "N", value_parser = parse_givens)]
    givens: Option<usize>,
    /// Symbols: tokens, e.g. "0 1 2 3", or one word of a character each, e.g. ABCD [default:
    /// 1..n].
    #[arg(long)]
    symbols: Option<String>,
    /// Rules: a built-in name (sudoku, killer, killer-x) or a rule file [default: sudoku, or
    /// killer with --killer].
    #[arg(long)]
    rules: Option<String>,
    /// Killer puzzles: cages over the whole grid, no givens.
    #[arg(long, conflicts_with_all = ["givens", "symmetry"])]
    killer: bool,
    /// Cage sizes for --killer, `MIN-MAX` (a cell that fits nowhere else may end alone).
    #[arg(
        long,
        default_value = "2-5",
        value_name = "MIN-MAX",
        requires = "killer"
    )]
    cage_size: String,
    /// Output format [default: line; killer with --killer].
    #[arg(long, value_enum)]
    to: Option<GenTo>,
    /// Add each puzzle's solution.
    #[arg(long)]
    solution: bool,
    /// Add each puzzle's rating: level and score.
    #[arg(long)]
    rating: bool,
    /// Fresh grids to try per puzzle for --difficulty or --minimal before giving up.
    #[arg(long, default_value = "1000", value_parser = parse_attempts)]
    attempts: u32,
    /// Worker threads, 1 to 256 [default: all cores]; the output is the same for any number.
    #[arg(long, value_parser = super::parse_threads)]
    threads: Option<u16>,
    /// Write the puzzles to this file instead of standard output (replaced whole when every
    /// puzzle is written, never left half-written).
    #[arg(long, short)]
    output: Option<std::path::PathBuf>,
}

/// A grid size, checked before anything is made for it.
fn parse_size(text: &str) -> Result<usize, String> {
    let n = super::parse_count(text)?;
    let n = usize::try_from(n).map_err(|_| format!("size {n} is too large"))?;
    sudoku_cp::puzzle::box_shape(n)?;
    Ok(n)
}

/// A number of attempts: 1 to 2³² − 1, digits only.
fn parse_attempts(text: &str) -> Result<u32, String> {
    let n = super::parse_positive(text)?;
    u32::try_from(n).map_err(|_| format!("{n} attempts: at most {}", u32::MAX))
}

/// A number of givens: digits only.
fn parse_givens(text: &str) -> Result<usize, String> {
    let n = super::parse_count(text)?;
    usize::try_from(n).map_err(|_| format!("{n} givens is too many"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GenTo {
    /// one puzzle per line
    Line,
    /// readable rows with box separators; a killer drawn with its cage outlines and totals
    Grid,
    /// comma-separated rows
    Csv,
    /// killer line format: `id<TAB>SUM:cell,cell,…;…`
    Killer,
    /// killer cage map: rows of cage ids, then `id=total` pairs
    Cages,
}

pub(super) fn run(args: GenerateArgs) -> Result<u8, Failure> {
    let request = request(&args)?;
    if let Err(e) = generate::template(&request) {
        let option = if args.rules.is_some() {
            "--rules"
        } else {
            "--size"
        };
        return Err(InputError::whole(option, describe(&e, &request)).into());
    }
    let to = args.to.unwrap_or(if args.killer {
        GenTo::Killer
    } else {
        GenTo::Line
    });
    let killer_form = match to {
        GenTo::Killer | GenTo::Cages => Some(true),
        GenTo::Grid => None,
        GenTo::Line | GenTo::Csv => Some(false),
    };
    if killer_form.is_some_and(|k| k != args.killer) {
        return Err(InputError::whole(
            "--to",
            if args.killer {
                "killer puzzles are written as `killer`, `cages` or `grid`"
            } else {
                "`killer` and `cages` are for --killer puzzles"
            },
        )
        .into());
    }
    let seed = args.seed.unwrap_or_else(|| {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
        let s = now.map_or(0, |d| d.as_nanos() as u64 % 1_000_000_000);
        super::say(format_args!("seed {s} (repeat with --seed {s})"));
        s
    });
    if let Some(path) = &args.output {
        let rules: Vec<&str> = args.rules.iter().map(String::as_str).collect();
        super::output_file::refuse_inputs(path, &rules)?;
    }
    let mut file = args
        .output
        .as_deref()
        .map(super::output_file::OutputFile::create)
        .transpose()?;
    let pool = super::progress::pool(args.threads)?;
    let threads = pool.current_num_threads();
    let progress = Progress::new("generated", Some(args.count));
    // Chunks keep memory bounded and the output flowing in order.
    let chunk = (threads as u64 * 4).max(8);
    let mut start = 0;
    while start < args.count {
        let end = (start + chunk).min(args.count);
        let results: Vec<_> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let r = generate::generate(&request, generate::seed_for(seed, i));
                    progress.tick();
                    r
                })
                .collect()
        });
        for (i, result) in (start..end).zip(results) {
            let g = match result {
                Ok(g) => g,
                Err(e) => {
                    progress.clear();
                    super::say(format_args!(
                        "error: puzzle {}: {}",
                        i + 1,
                        describe(&e, &request)
                    ));
                    // The puzzles made before it are kept.
                    if let Some(f) = file {
                        f.finish()?;
                    }
                    return Ok(5);
                }
            };
            check(&g, &request.rules, i)?;
            let mut out = String::new();
            write(&mut out, &g, to, &args, seed, i);
            progress.clear();
            match &mut file {
                Some(f) => f.write(&out)?,
                None => print(&out)?,
            }
        }
        start = end;
    }
    progress.clear();
    if let Some(f) = file {
        f.finish()?;
    }
    Ok(0)
}

/// The request the options describe, or an error naming the option.
fn request(args: &GenerateArgs) -> Result<Request, InputError> {
    let symbols = match &args.symbols {
        Some(text) => parse_symbols(text)?,
        None => Symbols::default_for(args.size),
    };
    let template = Puzzle::empty(args.size, symbols).map_err(|m| {
        InputError::whole(
            if args.symbols.is_some() {
                "--symbols"
            } else {
                "--size"
            },
            m,
        )
    })?;
    let rules = match &args.rules {
        Some(name) => super::load_rules(name)?,
        None if args.killer => Rules::builtin("killer").expect("built in"),
        None => Rules::sudoku(),
    };
    if args.killer {
        template
            .symbols()
            .fit_sums(args.size)
            .map_err(|m| InputError::whole("--symbols", m))?;
    }
    if args.killer && args.difficulty == Some(Level::Easy) {
        return Err(InputError::whole(
            "--difficulty",
            "no killer puzzle is easy: without givens its first step is always a cage \
             combination, a medium technique; ask for medium or harder",
        ));
    }
    if args.killer && !rules.cages {
        return Err(InputError::whole(
            "--rules",
            format!(
                "the rules `{}` have no cages: use --rules killer or killer-x",
                rules.name
            ),
        ));
    }
    let cages = if args.killer {
        let bad = || {
            InputError::whole(
                "--cage-size",
                "expected `MIN-MAX`, e.g. 2-5, with 1 ≤ MIN ≤ MAX ≤ n",
            )
        };
        let (min, max) = args.cage_size.split_once('-').ok_or_else(bad)?;
        let (min, max): (usize, usize) = (
            min.trim().parse().map_err(|_| bad())?,
            max.trim().parse().map_err(|_| bad())?,
        );
        if !(1 <= min && min <= max && max <= args.size) {
            return Err(bad());
        }
        Some(CageSizes { min, max })
    } else {
        None
    };
    Ok(Request {
        template,
        rules,
        symmetry: args.symmetry,
        givens: args.givens,
        minimal: args.minimal,
        difficulty: args.difficulty,
        cages,
        rate: args.rating,
        attempts: args.attempts,
    })
}

/// Why a puzzle could not be made, with what came out instead.
fn describe(e: &generate::Failure, request: &Request) -> String {
    match e {
        generate::Failure::Refused(why) => why.clone(),
        generate::Failure::NoGrid => format!(
            "no {0}×{0} grid satisfies the rules `{1}`",
            request.template.size(),
            request.rules.name
        ),
        generate::Failure::Attempts {
            attempts,
            levels,
            not_minimal,
        } => {
            let names = [
                "easy",
                "medium",
                "hard",
                "expert",
                "diabolical",
                "needs guessing",
            ];
            let got: Vec<String> = levels
                .iter()
                .zip(names)
                .filter(|(k, _)| **k > 0)
                .map(|(k, name)| format!("{k} {name}"))
                .collect();
            let wanted = request
                .difficulty
                .map_or(String::new(), |l| format!("{} ", l.name()));
            let mut s = format!(
                "no {wanted}puzzle in {attempts} attempts (made {})",
                got.join(", ")
            );
            if *not_minimal > 0 {
                let _ = write!(
                    s,
                    "; {not_minimal} {wanted}puzzles were not minimal, as symmetric puzzles \
                     often are not (rotate90 least often minimal); raise --attempts or choose \
                     another --symmetry"
                );
            } else {
                s.push_str("; raise --attempts or ask for another --difficulty");
            }
            s
        }
    }
}

/// The independent check: the solution satisfies the rules and the cages and agrees with the
/// givens.
fn check(g: &Generated, rules: &Rules, index: u64) -> Result<(), Failure> {
    let problems = puzzle::check_solution(&g.puzzle, rules, &g.solution);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Check(format!(
            "generated puzzle {} fails the check: {}",
            index + 1,
            problems.join("; ")
        )))
    }
}

/// Appends puzzle `index` in the format asked, with its solution and rating if asked.
fn write(out: &mut String, g: &Generated, to: GenTo, args: &GenerateArgs, seed: u64, index: u64) {
    let p = &g.puzzle;
    let full: Vec<Option<usize>> = g.solution.iter().map(|&v| Some(v)).collect();
    let rating = g
        .rating
        .as_ref()
        .map(|r| format!("{}\t{:.1}", r.level.name(), r.score))
        .unwrap_or_default();
    let line_fields = |out: &mut String, first: &dyn Fn(&mut String)| {
        first(out);
        if args.solution {
            out.push('\t');
            format::write(out, OutputFormat::Line, p, &full);
            out.pop(); // the newline
        } else if args.rating && to == GenTo::Killer {
            out.push('\t'); // an empty solution field keeps the rating in place
        }
        if args.rating {
            out.push('\t');
            out.push_str(&rating);
        }
        out.push('\n');
    };
    match to {
        GenTo::Line => line_fields(out, &|o| {
            format::write(o, OutputFormat::Line, p, &p.grid());
            o.pop();
        }),
        GenTo::Killer => line_fields(out, &|o| {
            let _ = write!(o, "gen-{seed}-{}\t", index + 1);
            format::write_cages(o, p);
        }),
        GenTo::Grid | GenTo::Csv | GenTo::Cages => {
            if index > 0 {
                out.push('\n');
            }
            let as_ = match to {
                GenTo::Csv => OutputFormat::Csv,
                _ => OutputFormat::Grid,
            };
            if to == GenTo::Cages {
                format::write_cage_map(out, p);
            } else {
                format::write(out, as_, p, &p.grid());
            }
            if args.rating {
                let _ = writeln!(out, "# rating: {}", rating.replace('\t', " "));
            }
            if args.solution {
                let mut s = String::new();
                format::write(&mut s, as_, p, &full);
                out.push_str("# solution:\n");
                for l in s.lines() {
                    let _ = writeln!(out, "# {l}");
                }
            }
        }
    }
}
