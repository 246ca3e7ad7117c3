//! Every console example of the README and the guide, run: each `$ sudoku-cp …` line of a
//! ```console block runs in a scratch folder holding copies of `puzzles/` and `rules/`, and its
//! stdout then stderr must match the lines after it, where a line `...` stands for any lines and
//! `[..]` for any text within a line. Every ```rules block is a rule file that reads, every
//! ```puzzles block puzzles that read; `--help`'s exit codes are the README's table.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};

/// One example: the command line, its line in the README, and the output it shows.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The examples of every ```console block of `text`.
fn examples(text: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in text.lines().enumerate() {
        if !in_console {
            in_console = line.trim_end() == "```console";
            continue;
        }
        if line.starts_with("```") {
            in_console = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                line: i + 1,
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(example) = out.last_mut() {
            example.expected.push(line.to_string());
        }
    }
    out
}

/// Splits a command line as a shell would for these examples: spaces, single and double quotes.
fn words(command: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, ' ') => {
                if any || !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (None, c) => word.push(c),
        }
    }
    if any || !word.is_empty() {
        out.push(word);
    }
    out
}

/// Whether `line` matches `pattern`, where `[..]` stands for any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == line;
    }
    let Some(mut rest) = line.strip_prefix(parts[0]) else {
        return false;
    };
    for (i, part) in parts.iter().enumerate().skip(1) {
        if i == parts.len() - 1 {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `lines` match `patterns`, where a pattern `...` stands for any lines.
fn lines_match(patterns: &[String], lines: &[&str]) -> bool {
    match patterns.split_first() {
        None => lines.is_empty(),
        Some((p, rest)) if p == "..." => {
            (0..=lines.len()).any(|skip| lines_match(rest, &lines[skip..]))
        }
        Some((p, rest)) => {
            lines.first().is_some_and(|l| line_matches(p, l)) && lines_match(rest, &lines[1..])
        }
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The user's documents whose examples are run: the README and the guide.
const DOCUMENTS: [&str; 2] = ["README.md", "GUIDE.md"];

#[test]
fn every_console_example_prints_what_the_readme_shows() {
    let root = common::root();
    let mut all = 0;
    for document in DOCUMENTS {
        let text = std::fs::read_to_string(root.join(document)).unwrap();
        let examples = examples(&text);
        all += examples.len();
        run_examples(document, &examples);
    }
    assert!(all >= 15, "found {all} examples");
}

/// Runs `examples` of `document`, failing with every one that does not print what it shows.
fn run_examples(document: &str, examples: &[Example]) {
    let root = common::root();
    let scratch = std::env::temp_dir().join(format!("sudoku-cp-readme-{}", std::process::id()));
    copy_dir(&root.join("puzzles"), &scratch.join("puzzles"));
    copy_dir(&root.join("rules"), &scratch.join("rules"));
    let mut failures = Vec::new();
    for example in examples {
        let mut args = words(&example.command);
        assert_eq!(
            args.first().map(String::as_str),
            Some("sudoku-cp"),
            "{document}:{}: an example runs sudoku-cp",
            example.line
        );
        let stdin = match args.iter().position(|a| a == "<") {
            Some(at) => {
                let file = args.get(at + 1).cloned().unwrap_or_default();
                args.truncate(at);
                Stdio::from(std::fs::File::open(scratch.join(file)).unwrap())
            }
            None => Stdio::null(),
        };
        let out = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"))
            .args(&args[1..])
            .current_dir(&scratch)
            .env_remove("RUST_LOG")
            .stdin(stdin)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<&str> = text.lines().collect();
        let crashed = !matches!(out.status.code(), Some(0 | 1 | 2 | 4 | 5));
        if crashed || !lines_match(&example.expected, &lines) {
            failures.push(format!(
                "{document}:{}: $ {}\n--- it shows\n{}\n--- it printed (exit {:?})\n{text}",
                example.line,
                example.command,
                example.expected.join("\n"),
                out.status.code()
            ));
        }
    }
    std::fs::remove_dir_all(&scratch).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_matcher_skips_lines_and_text_and_nothing_else() {
    let p = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&p(&["a", "...", "d"]), &["a", "b", "c", "d"]));
    assert!(lines_match(&p(&["a", "...", "d"]), &["a", "d"]));
    assert!(!lines_match(&p(&["a", "...", "d"]), &["a", "b"]));
    assert!(!lines_match(&p(&["a"]), &["a", "b"]));
    assert!(lines_match(&p(&["x [..] z"]), &["x 1.5 z"]));
    assert!(!lines_match(&p(&["x [..] z"]), &["x 1.5 y"]));
    assert_eq!(words("a 'b c' \"\" d"), ["a", "b c", "", "d"]);
}

#[test]
fn the_readme_stays_short_and_names_no_sibling_path() {
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    assert!(
        readme.lines().count() <= 500,
        "{} lines",
        readme.lines().count()
    );
    assert!(!readme.contains("../shared"), "the README names ../shared");
    assert!(readme.contains("cargo install --locked --path ."));
}

/// The example step of each row of the guide's ladder table (the last column, without its
/// backticks; a trailing `…` shortens it).
fn ladder_examples(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with("| technique | level | ER | example step |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cell = l.trim_end_matches('|').rsplit(" | ").next().unwrap_or("");
            cell.trim().trim_matches('`').to_string()
        })
        .collect()
}

#[test]
fn every_example_step_of_the_ladder_table_is_one_explain_prints() {
    let root = common::root();
    let guide = std::fs::read_to_string(root.join("GUIDE.md")).unwrap();
    let examples = ladder_examples(&guide);
    assert!(examples.len() >= 20, "found {} rows", examples.len());
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"))
        .args([
            "explain",
            "puzzles/ladder-9x9.txt",
            "puzzles/killer-batch.txt",
            "puzzles/variant-ladder.txt",
        ])
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    // Puzzles whose examples come early in long explanations: their first 45 steps.
    let lines = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"))
        .args([
            "explain",
            "--max-steps",
            "45",
            "puzzles/variant-ladder-lines.txt",
        ])
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(lines.status.code(), Some(5), "the step limit is reached");
    // And the first step of a hard puzzle of region-sum lines.
    let examples_file = std::fs::read_to_string(root.join("puzzles/iss-examples.txt")).unwrap();
    let region_sum = examples_file
        .lines()
        .skip_while(|l| *l != "# Region sum lines, hard")
        .nth(1)
        .expect("the region-sum example is in iss-examples.txt");
    let first = Command::new(env!("CARGO_BIN_EXE_sudoku-cp"))
        .args(["explain", "--max-steps", "1", "--puzzle", region_sum])
        .current_dir(&root)
        .output()
        .unwrap();
    assert_eq!(first.status.code(), Some(5), "the step limit is reached");
    let text = String::from_utf8_lossy(&out.stdout).into_owned()
        + &String::from_utf8_lossy(&lines.stdout)
        + &String::from_utf8_lossy(&first.stdout);
    let steps: Vec<&str> = text.lines().map(str::trim).collect();
    for example in &examples {
        let found = match example.strip_suffix('…') {
            Some(start) => steps.iter().any(|s| s.starts_with(start)),
            None => steps.contains(&example.as_str()),
        };
        assert!(found, "the guide's example step is not printed: {example}");
    }
}

/// The text of every fenced block of `text` whose info string is `info`, with its first line.
fn blocks(text: &str, info: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut open: Option<(usize, String)> = None;
    for (i, line) in text.lines().enumerate() {
        match &mut open {
            None if line.trim_end() == format!("```{info}") => open = Some((i + 2, String::new())),
            Some(_) if line.starts_with("```") => out.extend(open.take()),
            Some((_, block)) => {
                block.push_str(line);
                block.push('\n');
            }
            None => {}
        }
    }
    out
}

#[test]
fn every_file_snippet_is_a_file_that_reads() {
    use sudoku_cp::format::{ReadOptions, read};
    use sudoku_cp::puzzle::{Puzzle, Rules, Symbols};
    let root = common::root();
    let (mut rule_files, mut puzzle_files) = (0, 0);
    for document in DOCUMENTS {
        let text = std::fs::read_to_string(root.join(document)).unwrap();
        for (line, block) in blocks(&text, "rules") {
            let at = format!("{document}:{line}");
            let rules = Rules::parse(&block, &at).unwrap_or_else(|e| panic!("{e}"));
            assert!(!rules.all_different.is_empty(), "{at}: declares no region");
            let mut p = Puzzle::empty(9, Symbols::default_for(9)).unwrap();
            rules.apply(&mut p).unwrap_or_else(|e| panic!("{at}: {e}"));
            rule_files += 1;
        }
        for (line, block) in blocks(&text, "puzzles") {
            let at = format!("{document}:{line}");
            let read = read(&block, &at, &ReadOptions::default());
            assert!(read.is_ok_and(|p| !p.is_empty()), "{at}: does not read");
            puzzle_files += 1;
        }
    }
    assert!(
        rule_files >= 2 && puzzle_files >= 1,
        "{rule_files} {puzzle_files}"
    );
}

#[test]
fn help_lists_the_exit_codes_of_the_readme() {
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    let table: Vec<String> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| code | meaning |"))
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            format!("{}  {}", cells[0], cells[1])
        })
        .collect();
    assert_eq!(table.len(), 6, "{table:?}");
    let help = common::run(&["--help"], "");
    let listed: Vec<String> = help
        .stdout
        .lines()
        .skip_while(|l| !l.starts_with("Exit codes"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect();
    assert_eq!(listed, table);
}

#[test]
fn the_readme_lists_every_rule_file_keyword_in_the_registrys_order() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let start = readme
        .find("`solve --help` says what each keyword takes:")
        .expect("the keyword list");
    let list = &readme[start
        ..readme[start..]
            .find("\n\n")
            .map_or(readme.len(), |e| start + e)];
    let listed: Vec<&str> = list.split('`').skip(3).step_by(2).collect();
    let keywords: Vec<&str> = sudoku_cp::puzzle::constraint_keywords()
        .map(|(k, _)| k)
        .collect();
    assert_eq!(listed, keywords);
}
