//! Property tests of every reader: random bytes, random puzzle-like text and mutated shipped
//! files never panic and give a puzzle or an error naming a line; whatever parses also builds
//! and searches without panicking; and every format that can be written reads back as the
//! same puzzle, whole or streamed.

use proptest::prelude::*;
use sudoku_cp::engine::Limits;
use sudoku_cp::error::InputError;
use sudoku_cp::format::{self, Entry, InputFormat, OutputFormat, ReadOptions};
use sudoku_cp::generate::{self, CageSizes, Request, Symmetry};
use sudoku_cp::puzzle;
use sudoku_cp::puzzle::{Puzzle, Rules, Symbols};
use sudoku_cp::solvers::{Cp, Solver};

fn opts(format: InputFormat) -> ReadOptions {
    ReadOptions {
        format,
        ..ReadOptions::default()
    }
}

/// An error must name the line, unless it is about the input as a whole being empty.
fn names_a_line(e: &InputError) -> Result<(), TestCaseError> {
    let whole = e.message.contains("empty") || e.message.contains("only comments");
    prop_assert!(e.line.is_some() || whole, "no line: {}", e);
    prop_assert!(!e.message.is_empty());
    Ok(())
}

/// Reads `bytes` in every format, whole and streamed. Whatever parses is built into the model
/// and searched a little (any solution must pass the rule check); both ways agree when both
/// parse.
fn read_everything(bytes: &[u8]) -> Result<(), TestCaseError> {
    let killer = Rules::builtin("killer").expect("built in");
    for format in InputFormat::ALL {
        let mut streamed = Vec::new();
        format::read_each(bytes, "t", &opts(format), |r| {
            streamed.push(r);
            Ok::<bool, InputError>(true)
        })
        .unwrap();
        let whole: Vec<Result<Entry, InputError>> = match format::decode(bytes, "t") {
            Ok(text) => format::read_records(text, "t", &opts(format)),
            Err(e) => {
                // Not text as a whole: streamed, the line that is not is an error record of
                // its own (a one-per-line file goes on past it).
                names_a_line(&e)?;
                prop_assert!(streamed.iter().any(Result::is_err));
                continue;
            }
        };
        prop_assert_eq!(whole.len(), streamed.len());
        for (a, b) in whole.iter().zip(&streamed) {
            match (a, b) {
                (Ok(a), Ok(b)) => prop_assert_eq!(&a.puzzle, &b.puzzle),
                (Err(e), _) | (_, Err(e)) => names_a_line(e)?,
            }
        }
        let whole: Vec<Entry> = whole.into_iter().flatten().collect();
        for entry in whole.iter().take(3) {
            let p = &entry.puzzle;
            if p.size() > 16 {
                continue;
            }
            let limits = Limits {
                solutions: 1,
                nodes: Some(30),
                deadline: None,
            };
            if let Some(grid) = Cp::default().solve(p, &killer, &limits).solution {
                prop_assert!(puzzle::check_solution(p, &killer, &grid).is_empty());
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(bytes)
        && let Err(e) = Rules::parse(text, "t")
    {
        names_a_line(&e)?;
    }
    Ok(())
}

/// Every shipped puzzle file and rule file, as text.
fn shipped() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for dir in ["puzzles", "puzzles/layouts", "puzzles/variants", "rules"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .expect("a shipped directory")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "md"))
            .collect();
        paths.sort();
        for p in paths {
            out.push(std::fs::read_to_string(&p).expect("a text file"));
        }
    }
    out
}

/// A mutation of a text file.
#[derive(Debug, Clone)]
enum Mutation {
    DropLine(usize),
    DuplicateLine(usize),
    /// Replaces the i-th run of digits with a number.
    ChangeNumber(usize, u64),
    Truncate(usize),
    InsertByte(usize, u8),
}

fn mutate(text: &str, m: &Mutation) -> Vec<u8> {
    let lines: Vec<&str> = text.lines().collect();
    match *m {
        Mutation::DropLine(i) if !lines.is_empty() => {
            let i = i % lines.len();
            let kept: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, l)| *l)
                .collect();
            kept.join("\n").into_bytes()
        }
        Mutation::DuplicateLine(i) if !lines.is_empty() => {
            let i = i % lines.len();
            let mut out: Vec<&str> = lines.clone();
            out.insert(i, lines[i]);
            out.join("\n").into_bytes()
        }
        Mutation::ChangeNumber(i, v) => {
            let runs: Vec<(usize, usize)> = {
                let b = text.as_bytes();
                let mut runs = Vec::new();
                let mut j = 0;
                while j < b.len() {
                    if b[j].is_ascii_digit() {
                        let start = j;
                        while j < b.len() && b[j].is_ascii_digit() {
                            j += 1;
                        }
                        runs.push((start, j));
                    } else {
                        j += 1;
                    }
                }
                runs
            };
            if runs.is_empty() {
                return text.as_bytes().to_vec();
            }
            let (a, b) = runs[i % runs.len()];
            format!("{}{v}{}", &text[..a], &text[b..]).into_bytes()
        }
        Mutation::Truncate(at) => text.as_bytes()[..at % (text.len() + 1)].to_vec(),
        Mutation::InsertByte(at, byte) => {
            let mut b = text.as_bytes().to_vec();
            b.insert(at % (b.len() + 1), byte);
            b
        }
        _ => text.as_bytes().to_vec(),
    }
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::DropLine),
        any::<usize>().prop_map(Mutation::DuplicateLine),
        (any::<usize>(), prop_oneof![0..20u64, any::<u64>()])
            .prop_map(|(i, v)| Mutation::ChangeNumber(i, v)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::InsertByte(i, b)),
    ]
}

/// Text made of the characters puzzle files are made of.
fn puzzle_like() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            '0', '1', '2', '3', '4', '5', '9', '.', ',', ':', ';', '=', ' ', '\t', '\n', '\n', 'a',
            'b', '#', '|', '-', '_', 'x',
        ]),
        0..300,
    )
    .prop_map(|c| c.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_parse_or_name_a_line(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        read_everything(&bytes)?;
    }

    #[test]
    fn puzzle_like_text_parses_or_names_a_line(text in puzzle_like()) {
        read_everything(text.as_bytes())?;
    }

    #[test]
    fn mutated_shipped_files_parse_or_name_a_line(file in 0usize..64, ms in prop::collection::vec(mutation(), 1..4)) {
        let files = shipped();
        let mut bytes = files[file % files.len()].clone().into_bytes();
        for m in &ms {
            bytes = mutate(&String::from_utf8_lossy(&bytes), m);
        }
        read_everything(&bytes)?;
    }

    #[test]
    fn written_puzzles_read_back_the_same(seed: u64, size in prop::sample::select(vec![4usize, 9, 16]), custom: bool) {
        let symbols = if custom && size == 4 {
            Symbols::new(vec![0, 12, 7, 30]).unwrap()
        } else {
            Symbols::default_for(size)
        };
        let request = Request {
            template: Puzzle::empty(size, symbols.clone()).unwrap(),
            rules: Rules::sudoku(),
            symmetry: Symmetry::None,
            givens: Some(size * size * 2 / 3),
            minimal: false,
            difficulty: None,
            rate: false,
            cages: None,
            attempts: 1,
        };
        let puzzle = generate::generate(&request, seed).unwrap().puzzle;
        let read_opts = ReadOptions {
            format: InputFormat::Auto,
            symbols: Some(symbols),
            ..ReadOptions::default()
        };
        for to in [OutputFormat::Line, OutputFormat::Grid, OutputFormat::Csv] {
            let mut text = String::new();
            format::write(&mut text, to, &puzzle, &puzzle.grid());
            let back = format::read(&text, "t", &read_opts)
                .map_err(|e| TestCaseError::fail(format!("{to:?}: {e}\n{text}")))?;
            prop_assert_eq!(back.len(), 1);
            prop_assert_eq!(&back[0].puzzle, &puzzle, "{:?}\n{}", to, text);
        }
    }

    #[test]
    fn written_killers_read_back_the_same(seed: u64) {
        let request = Request {
            template: Puzzle::empty(4, Symbols::default_for(4)).unwrap(),
            rules: Rules::builtin("killer").unwrap(),
            symmetry: Symmetry::None,
            givens: None,
            minimal: false,
            difficulty: None,
            rate: false,
            cages: Some(CageSizes { min: 1, max: 4 }),
            attempts: 1,
        };
        let puzzle = generate::generate(&request, seed).unwrap().puzzle;
        let mut line = String::new();
        format::write_cages(&mut line, &puzzle);
        let mut map = String::new();
        format::write_cage_map(&mut map, &puzzle);
        for text in [line, map] {
            let back = &format::read(&text, "t", &ReadOptions::default())
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?[0].puzzle;
            let mut a = back.cages().to_vec();
            let mut b = puzzle.cages().to_vec();
            a.sort_by_key(|c| c.cells[0]);
            b.sort_by_key(|c| c.cells[0]);
            prop_assert_eq!(a, b, "{}", text);
        }
    }
}
