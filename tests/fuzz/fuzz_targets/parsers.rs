//! Fuzz target: any bytes into every reader (each input format, whole and streamed) and the
//! rule-file parser must give a puzzle or an error, never a panic; the first small puzzle
//! that parses is also built into the CP model and searched a little, and any solution must
//! pass the rule check.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_cp::engine::Limits;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, InputFormat, ReadOptions};
use sudoku_cp::puzzle::{self, Rules};
use sudoku_cp::solvers::{Cp, Solver};

fuzz_target!(|data: &[u8]| {
    let killer = Rules::builtin("killer").expect("built in");
    for format in InputFormat::ALL {
        let opts = ReadOptions {
            format,
            ..ReadOptions::default()
        };
        let mut searched = 0;
        let _ = format::read_each(data, "fuzz", &opts, |record| {
            let Ok(entry) = record else {
                return Ok::<bool, InputError>(true);
            };
            let p = &entry.puzzle;
            // Search the first puzzle read by detection: the model is the same for every format.
            if format == InputFormat::Auto && searched == 0 && p.size() <= 9 {
                searched += 1;
                let limits = Limits {
                    solutions: 1,
                    nodes: Some(50),
                    deadline: None,
                };
                let o = Cp::default().solve(p, &killer, &limits);
                if let Some(grid) = o.solution {
                    assert!(puzzle::check_solution(p, &killer, &grid).is_empty());
                }
            }
            Ok::<bool, InputError>(true)
        });
        if let Ok(text) = format::decode(data, "fuzz") {
            let _ = format::read(text, "fuzz", &opts);
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = Rules::parse(text, "fuzz");
    }
});
