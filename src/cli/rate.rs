//! `sudoku-cp rate`: the difficulty of each puzzle, from the hardest technique it needs.

use super::{Failure, InputArgs, print};
use crate::logic::{self, Level};
use clap::Args;
use std::fmt::Write as _;

#[derive(Debug, Args)]
pub(super) struct RateArgs {
    #[command(flatten)]
    input: InputArgs,
}

/// One line per puzzle, tab-separated: the level (`easy`, `medium`, `hard`, `expert` or
/// `needs guessing`), the score of the hardest technique (10.0 for guessing), and that
/// technique, or how far logic got.
pub(super) fn run(args: RateArgs) -> Result<u8, Failure> {
    let (rules, inputs) = args.input.load()?;
    let mut out = String::new();
    for input in &inputs {
        let p = &input.entry.puzzle;
        let r = crate::with_domain!(p.size(), D => logic::rate::<D>(p, &rules));
        let hardest = r.hardest.map(|t| t.name());
        let detail = match (r.level, hardest) {
            (Level::Guessing, Some(h)) => format!(
                "logic fills {} of {} empty cells (hardest step: {h})",
                r.filled.0, r.filled.1
            ),
            (Level::Guessing, None) => "no technique of the ladder applies".to_string(),
            (_, h) => h.unwrap_or_else(|| "nothing to do: already full".to_string()),
        };
        let _ = writeln!(out, "{}\t{:.1}\t{detail}", r.level.name(), r.score);
    }
    print(&out)?;
    Ok(0)
}
