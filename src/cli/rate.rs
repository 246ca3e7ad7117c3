//! `sudoku-cp rate`: the difficulty of each puzzle, from the hardest technique it needs.

use super::solve::with_id;
use super::validity::{Validity, validity};
use super::{Failure, InputArgs, Record, json, print, worse};
use clap::{Args, ValueEnum};
use rayon::prelude::*;
use std::fmt::Write as _;
use sudoku_cp::error::InputError;
use sudoku_cp::format::OutputFormat;
use sudoku_cp::logic::{self, Ending, Level};
use sudoku_cp::solvers::Solver;

#[derive(Debug, Args)]
pub(super) struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Give up on a puzzle after this many seconds, at most 1000000, or `inf` (it prints
    /// `timeout`, exit code 5; a batch goes on).
    #[arg(long, value_name = "SECONDS", value_parser = super::parse_seconds)]
    timeout: Option<std::time::Duration>,
    /// Give up on a puzzle after this many logical steps (rating never guesses; it prints
    /// `node limit`, exit code 5).
    #[arg(long, value_name = "N", value_parser = super::parse_count)]
    node_limit: Option<u64>,
    /// Output: tab-separated lines, or JSON Lines.
    #[arg(long, value_enum)]
    to: Option<RateTo>,
    /// Worker threads, 1 to 256 [default: all cores]; lines are printed in input order.
    #[arg(long, value_name = "N", value_parser = super::parse_threads)]
    threads: Option<u16>,
}

/// What `rate` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum RateTo {
    /// level, score and technique, tab-separated
    Text,
    /// one JSON object per puzzle and line (JSON Lines)
    Json,
}

/// One line per puzzle, tab-separated (after the puzzle's id, when it has one): the level
/// (`easy` … `diabolical`, or `needs guessing`), Sudoku Explainer's three scores (ER, the
/// hardest technique, 10.0 for guessing; EP, the hardest up to the first placement; ED, the
/// first step's), and the hardest technique, or how far logic got. Only a puzzle with
/// exactly one solution is rated: one with none prints `no solution` (exit code 1), one with
/// several `multiple solutions` (exit code 4), as `count` reports them; a record that does not
/// read prints `error`.
pub(super) fn run(args: RateArgs, global: super::Global) -> Result<u8, Failure> {
    let cp = super::find_solver("cp", global)?;
    let json = args.to == Some(RateTo::Json);
    let records = args.input.collect()?;
    let pool = super::progress::pool(args.threads)?;
    let rated: Vec<(String, u8)> = pool.install(|| {
        records
            .into_par_iter()
            .map(|record| rate_one(cp, record, &args, json))
            .collect()
    });
    let mut out = String::new();
    let mut code = 0;
    for (text, c) in rated {
        out.push_str(&text);
        code = worse(code, c);
    }
    print(&out)?;
    Ok(code)
}

/// One record's line (or JSON record) and exit code.
fn rate_one(cp: &dyn Solver, record: Record, args: &RateArgs, json: bool) -> (String, u8) {
    let mut out = String::new();
    let mut code = 0;
    let (rules, input) = match record {
        Record::Bad(e) => {
            super::report(&e);
            code = worse(code, 2);
            out.push_str(&if json {
                json::Record::bad(&e).to_line()
            } else {
                "error\n".to_string()
            });
            return (out, code);
        }
        Record::Puzzle(_, input, Some(why)) => {
            super::report(&why);
            code = worse(code, 1);
            out.push_str(&if json {
                let mut r = json::Record::of(&input, "no solution");
                r.error = Some(why.message);
                r.to_line()
            } else {
                with_id(&input, "no solution\n".to_string(), OutputFormat::Line)
            });
            return (out, code);
        }
        Record::Puzzle(rules, input, None) => match logic::refuses(&input.entry.puzzle, &rules) {
            Some(why) => {
                let e = InputError::at(&input.source, input.entry.line, why);
                super::report(&e);
                code = worse(code, 2);
                out.push_str(&if json {
                    json::Record::bad(&e).to_line()
                } else {
                    with_id(&input, "error\n".to_string(), OutputFormat::Line)
                });
                return (out, code);
            }
            None => (rules, input),
        },
    };
    let p = &input.entry.puzzle;
    let deadline = super::deadline(args.timeout);
    let found = validity(cp, p, &rules, deadline);
    if found != Validity::Unique {
        code = worse(code, found.code());
        out.push_str(&if json {
            json::Record::of(&input, found.status()).to_line()
        } else {
            with_id(&input, format!("{}\n", found.status()), OutputFormat::Line)
        });
        return (out, code);
    }
    let budget = logic::Budget {
        steps: args
            .node_limit
            .map_or(usize::MAX, |n| usize::try_from(n).unwrap_or(usize::MAX)),
        guesses: None,
        deadline,
    };
    // Proved unique above: the ladder may reason from uniqueness.
    let rungs = logic::ladder_unique(p.size());
    let r = sudoku_cp::with_domain!(p.size(), D => logic::rate_by::<D>(p, &rules, &rungs, &budget));
    let stopped = match r.ending {
        Ending::Timeout => Some("timeout"),
        Ending::StepLimit => Some("node limit"),
        _ => None,
    };
    if let Some(status) = stopped {
        code = worse(code, 5);
        out.push_str(&if json {
            json::Record::of(&input, status).to_line()
        } else {
            with_id(&input, format!("{status}\n"), OutputFormat::Line)
        });
        return (out, code);
    }
    let hardest = r.hardest.map(|t| t.name());
    let detail = match (r.level, &hardest) {
        (Level::Guessing, Some(h)) => format!(
            "logic fills {} of {} empty cells (hardest step: {h})",
            r.filled.0, r.filled.1
        ),
        (Level::Guessing, None) => "no technique of the ladder applies".to_string(),
        (_, h) => h
            .clone()
            .unwrap_or_else(|| "nothing to do: already full".to_string()),
    };
    if json {
        let mut j = json::Record::of(&input, "rated");
        j.rating = Some(r.score);
        j.pearl = Some(r.pearl);
        j.diamond = Some(r.diamond);
        j.level = Some(r.level.name());
        j.technique = Some(detail);
        out.push_str(&j.to_line());
    } else {
        let line = format!(
            "{}\t{:.1}\t{:.1}\t{:.1}\t{detail}\n",
            r.level.name(),
            r.score,
            r.pearl,
            r.diamond
        );
        let _ = write!(out, "{}", with_id(&input, line, OutputFormat::Line));
    }
    (out, code)
}
