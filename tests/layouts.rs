//! Every layout people paste (`puzzles/layouts/`, each the Wikipedia puzzle) reads as the same
//! puzzle as its one-line form in every command and solver; what the tool prints reads back;
//! `--puzzle`, letters, ids and JSON Lines; and the refused layouts' messages.

use crate::common;

use common::{check, line_spec, parse_line_solution, run, run_bytes};
use insta::assert_snapshot;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn layouts() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(common::root().join("puzzles/layouts"))
        .unwrap()
        .map(|e| {
            format!(
                "puzzles/layouts/{}",
                e.unwrap().file_name().to_string_lossy()
            )
        })
        .collect();
    files.sort();
    files
}

/// Whether a layout gives each cell's candidates (a puzzle with more known cells, whose
/// check and rating differ from the one-line form's, but whose solution does not).
fn pencil_marks(file: &str) -> bool {
    file.contains("pencil-marks") || file.contains("candidates")
}

/// The answer of a line output without its id.
fn answer(line: &str) -> &str {
    line.rsplit('\t').next().unwrap()
}

#[test]
fn every_layout_solves_to_the_one_line_answer_in_every_command_and_solver() {
    let files = layouts();
    assert!(files.len() >= 12, "{files:?}");
    let one = |args: &[&str]| run(args, &format!("{WIKIPEDIA}\n"));
    let solution = one(&["solve"]).stdout;
    assert!(check(&line_spec(WIKIPEDIA), &parse_line_solution(solution.trim())).is_empty());
    let checked = one(&["check"]).stdout;
    let rated = one(&["rate"]).stdout;
    let explained = one(&["explain"]).stdout;
    let solved_grid = |out: &str| -> String {
        // the grid explain ends with, above its last line
        let lines: Vec<&str> = out.lines().collect();
        lines[lines.len() - 12..lines.len() - 1].join("\n")
    };
    for file in &files {
        for solver in ["cp", "dlx", "algx", "cdcl", "backtrack"] {
            let r = run(&["solve", file, "--to", "line", "--solver", solver], "");
            assert_eq!(r.code, 0, "{file} {solver}: {}", r.stderr);
            assert_eq!(
                answer(r.stdout.trim_end()),
                solution.trim_end(),
                "{file} {solver}"
            );
        }
        let r = run(&["count", file], "");
        assert_eq!(
            (r.code, answer(r.stdout.trim_end())),
            (0, "unique"),
            "{file}"
        );
        let r = run(&["check", file], "");
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        let r2 = run(&["rate", file], "");
        assert_eq!(r2.code, 0, "{file}: {}", r2.stderr);
        if !pencil_marks(file) {
            assert_eq!(r.stdout, checked, "{file}");
            assert!(r2.stdout.ends_with(&rated), "{file}: {}", r2.stdout);
        }
        let r = run(&["explain", file], "");
        assert_eq!(r.code, 0, "{file}: {}", r.stderr);
        assert!(r.stdout.ends_with("ta daa!!!\n"), "{file}: {}", r.stdout);
        assert_eq!(solved_grid(&r.stdout), solved_grid(&explained), "{file}");
    }
}

#[test]
fn a_puzzle_on_the_command_line_in_any_layout() {
    let grouped = "530 070 000\n600 195 000\n098 000 060\n800 060 003\n400 803 001\n\
                   700 020 006\n060 000 280\n000 419 005\n000 080 079";
    let r = run(
        &[
            "solve", "--to", "line", "--puzzle", WIKIPEDIA, "--puzzle", grouped,
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    let r = run(&["count", "--puzzle", "12.4"], "");
    assert_eq!((r.code, r.stdout.as_str()), (2, "error\n"));
    assert!(
        r.stderr.starts_with("error: --puzzle:1: 4 cells;"),
        "{}",
        r.stderr
    );
}

#[test]
fn generated_puzzles_with_solution_and_rating_read_back() {
    for to in ["line", "grid"] {
        let generated = run(
            &[
                "generate",
                "--count",
                "5",
                "--seed",
                "1",
                "--solution",
                "--rating",
                "--to",
                to,
            ],
            "",
        );
        assert_eq!(generated.code, 0, "{}", generated.stderr);
        let solved = run(&["solve", "-", "--to", "line"], &generated.stdout);
        assert_eq!(solved.code, 0, "{to}: {}", solved.stderr);
        assert_eq!(solved.stdout.lines().count(), 5, "{to}");
        if to == "line" {
            // the solution printed beside each puzzle is the one solve finds
            for (g, s) in generated.stdout.lines().zip(solved.stdout.lines()) {
                assert_eq!(g.split('\t').nth(1), Some(s), "{g}");
            }
        }
    }
}

#[test]
fn printed_grids_and_pencil_marks_read_back() {
    let show = run(
        &["solve", "--show", "--to", "grid", "--puzzle", WIKIPEDIA],
        "",
    );
    // the `puzzle (…):` block of --show is a titled grid
    let puzzle_block: String = show.stdout.split("solution:").next().unwrap().to_string();
    let r = run(&["solve", "--to", "line"], &puzzle_block);
    assert_eq!(r.code, 0, "{}\n{}", r.stderr, puzzle_block);
    let marks = run(&["explain", "--marks", "--puzzle", WIKIPEDIA], "");
    let block: String = marks
        .stdout
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(block.starts_with("pencil marks:\n"));
    let back = run(&["solve", "--to", "line"], &block);
    assert_eq!(back.code, 0, "{}", back.stderr);
    let plain = run(&["solve", "--to", "line", "--puzzle", WIKIPEDIA], "");
    assert_eq!(back.stdout, plain.stdout);
}

#[test]
fn pencil_marks_restrict_the_cells() {
    // r1c3 may only be 4 in the solution; a grid of marks that leaves it {1, 2} has none
    let text = std::fs::read_to_string(common::root().join("puzzles/layouts/pencil-marks.txt"))
        .unwrap()
        .replacen("124", "12 ", 1);
    for solver in ["cp", "dlx", "algx", "cdcl", "backtrack"] {
        let r = run(&["solve", "--solver", solver], &text);
        assert_eq!(
            (r.code, r.stdout.as_str()),
            (1, "no solution\n"),
            "{solver}"
        );
    }
}

#[test]
fn letters_read_and_print_as_letters() {
    // a 16×16 solution written with 1 … 9 A … G, a few cells blanked with `.`
    let base = "123456789ABCDEFG";
    let mut rows = Vec::new();
    for r in 0..16 {
        let shift = (r % 4) * 4 + r / 4;
        let row: String = (0..16)
            .map(|c| base.as_bytes()[(c + shift) % 16] as char)
            .collect();
        rows.push(row);
    }
    let full = rows.concat();
    let mut puzzle = full.clone();
    for cell in [0, 17, 34, 100, 255] {
        puzzle.replace_range(cell..cell + 1, ".");
    }
    let r = run(&["solve", "--puzzle", &puzzle, "--to", "line"], "");
    assert_eq!(
        (r.code, r.stdout.trim_end()),
        (0, full.as_str()),
        "{}",
        r.stderr
    );
    // as a grid of letter rows
    let grid: String = puzzle
        .as_bytes()
        .chunks(16)
        .map(|c| format!("{}\n", String::from_utf8_lossy(c)))
        .collect();
    let r = run(&["solve", "--to", "line"], &grid);
    assert_eq!(
        (r.code, r.stdout.trim_end()),
        (0, full.as_str()),
        "{}",
        r.stderr
    );
    // 0 … F: `0` is a symbol, `.` the blank
    let zero_based: String = full
        .chars()
        .map(|c| match c {
            'G' => '0',
            c => c,
        })
        .collect();
    let mut holes = zero_based.clone();
    holes.replace_range(5..6, ".");
    let r = run(&["solve", "--puzzle", &holes, "--to", "line"], "");
    assert_eq!(
        (r.code, r.stdout.trim_end()),
        (0, zero_based.as_str()),
        "{}",
        r.stderr
    );
    // --symbols with letters, one word of digits a symbol per digit as one word of letters
    // is, and letters refused for cages
    for (symbols, first) in [("A B C D", 'A'), ("4321", '4'), ("DCBA", 'D')] {
        let puzzle = format!("{first}...............\n");
        let r = run(
            &[
                "solve",
                "--symbols",
                symbols,
                "--to",
                "line",
                "--puzzle",
                &puzzle,
            ],
            "",
        );
        assert_eq!(r.code, 0, "{symbols}: {}", r.stderr);
        assert!(r.stdout.starts_with(first), "{symbols}: {}", r.stdout);
    }
    let r = run(
        &["solve", "--symbols", "A B C D", "--puzzle", "3:0,1;7:2,3"],
        "",
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("cages need integer symbols"),
        "{}",
        r.stderr
    );
}

#[test]
fn json_lines_carry_every_field() {
    let input = format!("first\t{WIKIPEDIA}\n12.4\n");
    let r = run(&["solve", "--to", "json"], &input);
    assert_eq!(r.code, 2);
    let records: Vec<serde_json::Value> = r
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    let first = &records[0];
    assert_eq!(first["source"], "<stdin>");
    assert_eq!(first["line"], 1);
    assert_eq!(first["id"], "first");
    assert_eq!(first["puzzle"], WIKIPEDIA);
    assert_eq!(first["status"], "solved");
    assert_eq!(first["solution"].as_str().unwrap().len(), 81);
    assert!(first["stats"]["nodes"].as_u64().unwrap() >= 1);
    assert!(first["stats"]["us"].as_f64().is_some());
    assert_eq!(records[1]["status"], "error");
    assert_eq!(records[1]["line"], 2);
    assert!(records[1]["error"].as_str().unwrap().contains("4 cells"));
    let r = run(&["rate", "--to", "json", "--puzzle", WIKIPEDIA], "");
    let rated: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(rated["status"], "rated");
    assert!(rated["rating"].as_f64().is_some() && rated["technique"].is_string());
    let r = run(&["check", "--to", "json", "puzzles/broken.txt"], "");
    let checked: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(checked["status"], "no solution");
    assert!(!checked["violations"].as_array().unwrap().is_empty());
}

#[test]
fn ids_are_carried_into_every_text_result() {
    let input = format!("wiki {WIKIPEDIA}\n");
    for (command, starts) in [
        ("solve", "wiki\t534678912"),
        ("count", "wiki\tunique"),
        ("rate", "wiki\t"),
    ] {
        let r = run(&[command], &input);
        assert!(r.stdout.starts_with(starts), "{command}: {}", r.stdout);
    }
    let two = format!("a {WIKIPEDIA}\nb {WIKIPEDIA}\n");
    for command in ["check", "explain"] {
        let r = run(&[command], &two);
        assert!(
            r.stdout.starts_with("<stdin>:1 a\n"),
            "{command}: {}",
            r.stdout
        );
        assert!(r.stdout.contains("\n<stdin>:2 b\n"), "{command}");
    }
}

#[test]
fn crlf_and_a_byte_order_mark_change_nothing() {
    let plain = run(&["solve", "--to", "line", "--puzzle", WIKIPEDIA], "");
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    bytes.extend(format!("{WIKIPEDIA}\r\n").as_bytes());
    let r = run_bytes(&["solve", "--to", "line"], &bytes);
    assert_eq!(r.stdout, plain.stdout, "{}", r.stderr);
}

/// Each refused layout gets a message naming the line, the column where it knows it, and the
/// closest layout.
#[test]
fn refused_layouts_say_which_layout_came_closest() {
    let cases: [(&str, &str); 13] = [
        (
            "nine rows, one short",
            "039500000\n000800070\n000010904\n100400003\n00000000\n007000018\n000070000\n400000000\n000000000\n",
        ),
        (
            "a frame with a stray letter",
            ".-------.\n| 1 2 . |\n| 3 q . |\n",
        ),
        (
            "a line with a bad symbol",
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7y\n",
        ),
        (
            "pencil marks with a zero",
            "5 3 120 | 26 7 2468 | 1489 1249 248\n6 247 247 | 1 9 5 | 3478 234 2478\n12 9 8 | 23 34 24 | 13457 6 247\n8 125 1259 | 579 6 147 | 4579 2459 3\n4 25 2569 | 8 5 3 | 579 259 1\n7 15 1359 | 59 2 14 | 4589 459 6\n139 6 134579 | 357 35 7 | 2 8 4\n23 278 237 | 4 1 9 | 36 3 5\n123 1245 12345 | 2356 8 26 | 1346 7 9\n",
        ),
        (
            "a CSV row of the wrong length",
            "quizzes,solutions\n00430020900500900107006004300600208719000740005008300060000010500350869004291030,864371259\n",
        ),
        (
            "an RMIT file with a short symbol line",
            "9\n1 2 3 4 5 6 7 8\n0,0 1\n",
        ),
        ("a killer line with a bad cell", "k1\t10:0,1;5:2,x\n"),
        (
            "rows in groups of three, one group short",
            "530 070 000\n600 195 000\n098 000 060\n800 060 003\n400 803 001\n700 020 006\n060 000 280\n000 419 005\n000 080\n",
        ),
        (
            "box drawing with a bad symbol",
            "┌───────┬───────┬───────┐\n│ 5 3 . │ . 7 . │ . . . │\n│ 6 . . │ 1 9 5 │ . . . │\n│ . 9 8 │ . . . │ . 6 . │\n├───────┼───────┼───────┤\n│ 8 . . │ . 6 . │ . . 3 │\n│ 4 . . │ 8 . 3 │ . . 1 │\n│ 7 . . │ . 2 . │ . . 6 │\n├───────┼───────┼───────┤\n│ . 6 . │ . . . │ 2 8 . │\n│ . . . │ 4 1 9 │ . . 5 │\n│ . . . │ . 8 . │ ? 7 9 │\n└───────┴───────┴───────┘\n",
        ),
        (
            "a SimpleSudoku frame with a row too long",
            "*-----------*\n|53.|.7.|...|\n|6..|195|...|\n|.98|...|.6.|\n|---+---+---|\n|8..|.6.|..3|\n|4..|8.3|..1|\n|7..|.2.|..6|\n|---+---+---|\n|.6.|...|28.|\n|...|419|..5|\n|...|.8.|.799|\n*-----------*\n",
        ),
        (
            "an id and a puzzle one cell short",
            "wiki\t53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7\n",
        ),
        (
            "a candidate line with a digit out of place",
            &format!("....5....{}\n", "123456789".repeat(79) + "213456789"),
        ),
        (
            "letters past G in a 16×16 line",
            &format!("123456789ABCDEFZ{}\n", ".".repeat(240)),
        ),
    ];
    let text: Vec<String> = cases
        .iter()
        .map(|(what, input)| {
            let r = run(&["solve"], input);
            assert_eq!(r.code, 2, "{what}");
            format!("{what}:\n  {}", r.stderr)
        })
        .collect();
    assert_snapshot!(text.join(""));
}

/// The README's JSON example is what the tool prints (but for the time it measured).
#[test]
fn the_readme_json_example_holds() {
    let readme = std::fs::read_to_string(common::root().join("README.md")).unwrap();
    let mut lines = readme
        .lines()
        .skip_while(|l| !l.starts_with("$ sudoku-cp count --to json"));
    let command = lines.next().expect("the README's JSON example");
    let printed = lines.next().unwrap();
    let args: Vec<&str> = command.split_whitespace().skip(2).collect();
    let r = run(&args, "");
    let without_time = |s: &str| -> String {
        let at = s.find("\"us\":").expect("a time");
        let end = s[at..].find('}').unwrap();
        format!("{}{}", &s[..at], &s[at + end..])
    };
    assert_eq!(without_time(r.stdout.trim_end()), without_time(printed));
}

#[test]
fn killers_print_as_killer_grids_that_read_back() {
    // --show draws each killer with its cages; the drawing solves to the same answer
    let batch = std::fs::read_to_string(common::root().join("puzzles/killer-batch.txt")).unwrap();
    let plain = run(&["solve", "--to", "line"], &batch);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    let show = run(&["solve", "--show"], &batch);
    assert_eq!(show.code, 0, "{}", show.stderr);
    let drawn: String = show
        .stdout
        .split("solution:")
        .filter_map(|block| block.split("puzzle (").nth(1))
        .map(|b| b.split_once('\n').map_or("", |(_, rest)| rest).to_string())
        .collect();
    assert_eq!(drawn.matches("puzzle (").count(), 0, "{drawn}");
    // three drawings of 9 rows of 3 lines and a bottom line, each cage's total in it
    assert_eq!(
        drawn.lines().filter(|l| !l.is_empty()).count(),
        3 * 28,
        "{drawn}"
    );
    let back = run(&["solve", "--to", "line"], &drawn);
    assert_eq!(back.code, 0, "{}\n{drawn}", back.stderr);
    // (the ids stay in the `puzzle (…)` titles)
    let solutions: Vec<&str> = plain
        .stdout
        .lines()
        .map(|l| l.rsplit('\t').next().unwrap_or(l))
        .collect();
    assert_eq!(back.stdout.lines().collect::<Vec<_>>(), solutions);
    // a 16×16 killer (dominoes over a known solution) drawn by `check` is drawn again the same
    // from its drawing
    let solution = run(&["solve", "--to", "line", "puzzles/16x16.txt"], "");
    let cells: Vec<u64> = solution
        .stdout
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(cells.len(), 256, "{}", solution.stderr);
    let cages: Vec<String> = (0..128)
        .map(|d| {
            format!(
                "{}:{},{}",
                cells[2 * d] + cells[2 * d + 1],
                2 * d,
                2 * d + 1
            )
        })
        .collect();
    let drawn = run(&["check", "--puzzle", &cages.join(";")], "");
    assert_eq!(drawn.code, 0, "{}", drawn.stderr);
    let picture: String = drawn
        .stdout
        .lines()
        .take(3 * 16 + 1)
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(picture.starts_with("+------+------+"), "{picture}");
    let again = run(&["check", "-"], &picture);
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(again.stdout.contains(&picture), "{}", again.stdout);
}
