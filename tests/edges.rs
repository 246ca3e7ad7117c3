//! The edges of the variant surface where answers once went wrong, each kept by a test that
//! failed before its fix: right answers or clear refusals (exit 2 naming the input), never a
//! wrong count, an internal error, a panic or a run past its limits.

use crate::common;
use common::{root, run};
use std::path::PathBuf;

/// A scratch directory of its own for a test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudoku-cp-edges-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("scratch file");
    path.display().to_string()
}

const EMPTY_9: &str =
    ".................................................................................";

/// A refusal: exit 2, and stderr says `what`.
fn refused(args: &[&str], what: &str) {
    let r = run(args, "");
    assert_eq!(r.code, 2, "{args:?}: {}", r.transcript());
    assert!(r.stderr.contains(what), "{args:?}: {}", r.stderr);
    assert!(!r.stderr.contains("panicked") && !r.stderr.contains("internal error"));
}

#[test]
fn a_negative_rule_spares_the_dots_of_its_own_rule_file() {
    let dir = scratch("negative");
    for (variant, mark) in [("kropki-negative", "white"), ("xv-negative", "x")] {
        let rules = write(
            &dir,
            &format!("{variant}.rules"),
            &format!("name n\nextends sudoku\nvariant {variant}\n{mark} r1c1 r1c2\n"),
        );
        let r = run(&["count", "--rules", &rules, "--puzzle", EMPTY_9], "");
        assert_eq!(
            r.stdout,
            "multiple: >= 2\n",
            "{variant}: {}",
            r.transcript()
        );
        // The rules' order does not matter: the dot before the variant reads the same.
        let before = write(
            &dir,
            &format!("{variant}-first.rules"),
            &format!("name n\nextends sudoku\n{mark} r1c1 r1c2\nvariant {variant}\n"),
        );
        let again = run(&["count", "--rules", &before, "--puzzle", EMPTY_9], "");
        assert_eq!(again.stdout, r.stdout);
    }
    // A solution with a consecutive pair at the dot passes `check`.
    let rules = write(
        &dir,
        "k.rules",
        "name n\nextends sudoku\nvariant kropki-negative\nwhite r1c1 r1c2\n",
    );
    let solved = run(&["solve", "--rules", &rules, "--puzzle", EMPTY_9], "");
    assert_eq!(solved.code, 0, "{}", solved.transcript());
    let check = run(&["check", "--rules", &rules, "-"], &solved.stdout);
    assert_eq!(check.code, 0, "{}", check.transcript());
    // The ISS string with the negative rule, and a rule file's dot on top of it: the dot
    // lifts the negative rule's pair, as `.StrictKropki.WhiteDot~R1C1~R1C2` reads (ISS:
    // several solutions; with a second dot at r1c3, none, which ISS says too).
    let dot = write(
        &dir,
        "dot.rules",
        "name n\nextends sudoku\nwhite r1c1 r1c2\n",
    );
    let r = run(
        &["count", "--rules", &dot, "--puzzle", ".StrictKropki."],
        "",
    );
    assert_eq!(r.stdout, "multiple: >= 2\n", "{}", r.transcript());
    let r = run(
        &[
            "count",
            "--rules",
            &dot,
            "--puzzle",
            ".StrictKropki.WhiteDot~R1C3~R1C4",
        ],
        "",
    );
    assert_eq!(r.stdout, "none\n", "{}", r.transcript());
}

#[test]
fn symbols_past_what_sums_hold_are_refused_not_wrapped() {
    for puzzle in [
        ".Shape~4x4~9223372036854775806-9223372036854775809.Thermo~R1C1~R1C2~R1C3~R1C4",
        ".Shape~4x4~4611686018427387904-4611686018427387907.Sum~10~R1C1~R1C2",
        ".Shape~4x4~4611686018427387904-4611686018427387907.Arrow~R1C1~R1C2",
        ".Shape~4x4~4611686018427387904-4611686018427387907.LittleKiller~9~R1C1",
        ".Shape~4x4~4611686018427387904-4611686018427387907.Zipper~R1C1~R1C2~R1C3",
        ".Shape~4x4~4611686018427387904-4611686018427387907.RegionSumLine~R1C1~R1C2~R1C3",
    ] {
        refused(&["solve", "--puzzle", puzzle], "too large");
    }
    // A batch goes on past the refused one.
    let r = run(
        &[
            "count",
            "--puzzle",
            ".Shape~4x4~4611686018427387904-4611686018427387907.Sum~10~R1C1~R1C2",
            "--puzzle",
            ".Shape~4x4~4611686018427387904-4611686018427387907.~R1C1_4611686018427387904",
        ],
        "",
    );
    assert_eq!(r.stdout, "error\nmultiple: >= 2\n", "{}", r.transcript());
    // Huge symbols in regions alone are exact: nothing adds them up.
    let r = run(
        &[
            "solve",
            "--puzzle",
            ".Shape~4x4~9223372036854775806-9223372036854775809",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.transcript());
}

#[test]
fn a_sandwich_reads_one_way_on_every_solver() {
    let dir = scratch("sandwich");
    let rules = write(
        &dir,
        "s.rules",
        "name s\nall-different columns boxes\nsandwich 3 left 1\n",
    );
    // Brute force: 256 grids (columns and boxes hold each symbol once, row 1 holds distinct
    // symbols with 3 between its 1 and its 4).
    for solver in ["cp", "backtrack"] {
        let r = run(
            &[
                "count",
                "--limit",
                "100000",
                "--solver",
                solver,
                "--rules",
                &rules,
                "--puzzle",
                "................",
            ],
            "",
        );
        assert_eq!(r.stdout, "multiple: 256\n", "{solver}: {}", r.transcript());
    }
}

#[test]
fn a_region_sum_line_splits_at_the_jigsaw_pieces_whatever_comes_first() {
    let dir = scratch("region-sum");
    let rules = write(
        &dir,
        "rs.rules",
        "name rs\nextends sudoku\nregion-sum r1c1 r1c2 r1c3 r1c4\n",
    );
    // Brute force: 16 grids either way.
    for puzzle in [
        ".Shape~4x4.NoBoxes.Diagonal~-1.Jigsaw~0011001122332233",
        ".Shape~4x4.NoBoxes.Jigsaw~0011001122332233.Diagonal~-1",
    ] {
        let r = run(
            &[
                "count", "--limit", "100", "--rules", &rules, "--puzzle", puzzle,
            ],
            "",
        );
        assert_eq!(r.stdout, "multiple: 16\n", "{puzzle}: {}", r.transcript());
    }
}

#[test]
fn generated_killers_of_every_size_read_back_as_their_size() {
    for size in ["6", "8", "12"] {
        for extra in [&[][..], &["--solution"][..]] {
            let mut args = vec![
                "generate",
                "--killer",
                "--size",
                size,
                "--count",
                "1",
                "--seed",
                "1",
                "--threads",
                "1",
            ];
            args.extend_from_slice(extra);
            let made = run(&args, "");
            assert_eq!(made.code, 0, "{}", made.transcript());
            let count = run(&["count", "-"], &made.stdout);
            assert!(
                count.stdout.ends_with("\tunique\n"),
                "size {size} {extra:?}: {}",
                count.transcript()
            );
        }
    }
}

#[test]
fn logic_keeps_regions_smaller_than_the_grid_as_groups_not_houses() {
    let r = run(
        &[
            "explain",
            "--puzzle",
            ".Shape~4x4.AllDifferent~R1C3~R4C2.~R1C1_4~R2C3_1~R3C1_1~R4C3_2",
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert!(r.stdout.contains("solved by logic alone"), "{}", r.stdout);
    let dir = scratch("small-region");
    let rules = write(
        &dir,
        "w.rules",
        "name w\nextends sudoku\nregion r1c1 r9c9\n",
    );
    let rated = run(&["rate", "--rules", &rules, "puzzles/wikipedia.txt"], "");
    assert_eq!(
        rated.stdout,
        "easy\t1.2\t1.2\t1.2\tforced digit\n",
        "{}",
        rated.transcript()
    );
    // The shipped ISS example with a cage of total 0.
    let examples = std::fs::read_to_string(root().join("puzzles/iss-examples.txt")).unwrap();
    let lines: Vec<&str> = examples.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.trim() == "# Killer sudoku [0 cage]")
        .expect("the example is shipped");
    let e = run(&["explain", "--guess", "--puzzle", lines[at + 1]], "");
    assert_eq!(e.code, 0, "{}", e.transcript());
    assert!(!e.stdout.contains("no solution"), "{}", e.stdout);
}

#[test]
fn explain_guess_on_generated_killers_solves_into_their_solution() {
    let made = run(
        &[
            "generate",
            "--killer",
            "--seed",
            "21",
            "--count",
            "30",
            "--threads",
            "1",
            "--solution",
        ],
        "",
    );
    let lines: Vec<&str> = made.stdout.lines().collect();
    // Lines 14 and 30 (line 5 too, but it takes 881 guesses: a minute in a test build).
    for at in [13, 29] {
        let line = lines[at];
        let solution = line.split('\t').nth(2).expect("a solution field");
        let e = run(&["explain", "--guess", "--to", "json", "-"], line);
        assert_eq!(e.code, 0, "line {}: {}", at + 1, e.transcript());
        assert!(e.stdout.contains(solution), "line {}: {}", at + 1, e.stdout);
    }
}

#[test]
fn the_published_puzzles_count_as_their_setters_and_iss_count_them() {
    let examples = std::fs::read_to_string(root().join("puzzles/iss-examples.txt")).unwrap();
    let lines: Vec<&str> = examples.lines().collect();
    let example = |name: &str| {
        let at = lines
            .iter()
            .position(|l| l.trim() == format!("# {name}"))
            .expect("the example is shipped");
        lines[at + 1]
    };
    // 0-based skyscrapers: a 0 is no building, as ISS reads it.
    let r = run(
        &[
            "count",
            "--to",
            "json",
            "--puzzle",
            example("0-indexed: Skyscraper"),
        ],
        "",
    );
    assert!(r.stdout.contains("\"status\":\"unique\""), "{}", r.stdout);
    assert!(
        r.stdout.contains(
            "327085146104763852865142037246831570031257468758604213483570621672418305510326784"
        ),
        "{}",
        r.stdout
    );
    // Sandwich snipe 18 is a snipe: it has no givens, and swapping 1 and 9 keeps every
    // sandwich, so its published solution and that solution with 1 and 9 swapped both keep
    // every clue (ISS counts 2 solutions as well); `count` finds exactly those two.
    let published =
        "584137269239684157167592843396751428845923671721846935952478316673219584418365792";
    let swapped: String = published
        .chars()
        .map(|c| match c {
            '1' => '9',
            '9' => '1',
            c => c,
        })
        .collect();
    // (`tests/variant_forms.rs` reads its f-puzzles form as this same puzzle.)
    let snipe = example("Sandwich snipe 18");
    assert!(snipe.ends_with('.'));
    for grid in [published, swapped.as_str()] {
        // The grid as the puzzle's givens: it keeps every clue when it counts as unique.
        let givens: String = grid
            .chars()
            .enumerate()
            .map(|(i, d)| format!("~R{}C{}_{d}", i / 9 + 1, i % 9 + 1))
            .collect();
        let r = run(&["count", "--puzzle", &format!("{snipe}{givens}")], "");
        assert_eq!(r.stdout, "unique\n", "{grid}: {}", r.transcript());
    }
}

#[test]
fn an_id_is_one_line_of_printable_text() {
    let json = r#"{"size":4,"title":"Two\nlines\u0000 and\ttabs","grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}"#;
    let r = run(&["solve", "-"], json);
    assert_eq!(r.code, 0, "{}", r.transcript());
    assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
    assert!(r.stdout.starts_with("Two lines and tabs\t"), "{}", r.stdout);
    assert!(!r.stdout.contains('\0'));
}

#[test]
fn cells_named_twice_are_refused_or_read_as_their_rule_says() {
    refused(
        &[
            "count",
            "--solver",
            "backtrack",
            "--puzzle",
            ".Shape~4x4.AllDifferent~R1C1~R1C1",
        ],
        "r1c1 appears twice",
    );
    refused(
        &["count", "--puzzle", ".Thermo~R1C1~R1C1"],
        "r1c1 appears twice",
    );
    let dir = scratch("twice");
    let rules = write(
        &dir,
        "g.rules",
        "name g\nextends sudoku\ngreater r1c1 r1c1\n",
    );
    refused(
        &["count", "--rules", &rules, "--puzzle", EMPTY_9],
        "g.rules:3",
    );
    // A whisper line back to a cell it visited reads its neighbours pair by pair, and one
    // cell next to itself cannot differ from itself (ISS counts these the same).
    let r = run(
        &[
            "count",
            "--puzzle",
            ".Shape~4x4.Whisper~2~R1C1~R1C2~R1C1.~R1C1_1",
        ],
        "",
    );
    assert_eq!(r.stdout, "multiple: >= 2\n", "{}", r.transcript());
    let r = run(&["count", "--puzzle", ".Shape~4x4.Whisper~2~R1C1~R1C1"], "");
    assert_eq!(r.stdout, "none\n", "{}", r.transcript());
    // An ISS sum naming a cell twice counts it twice, as ISS's own sum does.
    let r = run(
        &["count", "--puzzle", ".Shape~4x4.Sum~8~R1C1~R1C1.~R1C1_4"],
        "",
    );
    assert_eq!(r.stdout, "multiple: >= 2\n", "{}", r.transcript());
    let r = run(
        &["count", "--puzzle", ".Shape~4x4.Sum~8~R1C1~R1C1.~R1C1_3"],
        "",
    );
    assert_eq!(r.stdout, "none\n", "{}", r.transcript());
}

#[test]
fn a_clue_too_large_to_post_exactly_is_refused_and_an_impossible_one_too() {
    refused(
        &["count", "--puzzle", ".Shape~64x64.XSum~R1~1500"],
        "automaton edges",
    );
    refused(
        &["count", "--puzzle", ".Shape~64x64.XSum~R1~2081"],
        "automaton edges",
    );
}

#[test]
fn bombs_and_endless_inputs_end_within_their_limits() {
    // An f-puzzles link that unpacks to more than any puzzle: refused, not unpacked.
    let body = format!(r#"{{"size":9,"title":"{}"}}"#, "a".repeat(10_000_000));
    let packed = lz_str::compress_to_base64(&body);
    assert!(packed.len() < 100_000, "{}", packed.len());
    let link = format!("https://f-puzzles.com/?load={packed}");
    let dir = scratch("bomb");
    let file = write(&dir, "bomb.txt", &link);
    refused(&["count", &file], "decompresses to more than");
    // rmit reads through the bounded reader, and quotes a long bad line shortened.
    refused(
        &["rmit", "/dev/zero", "sudoku", "dancing", "n"],
        "longer than 1 MiB",
    );
    let big = write(
        &dir,
        "big.rmit",
        &format!("4\n1 2 3 4\n0,0 {}\n", "x".repeat(1_000_000)),
    );
    let r = run(&["rmit", &big, "sudoku", "dancing", "n"], "");
    assert_eq!(r.code, 2);
    assert!(r.stderr.len() < 1000, "{}", r.stderr.len());
    assert!(r.stderr.contains("characters)…"), "{}", r.stderr);
    // A line of ten thousand copies of one clue builds one model of it.
    let clues = ".Sandwich~18~R1".repeat(10_000);
    let line = write(&dir, "copies.txt", &format!("{clues}.\n"));
    let started = std::time::Instant::now();
    let r = run(&["count", "--timeout", "20", &line], "");
    assert!(r.code == 4 || r.code == 5, "{}", r.transcript());
    assert!(started.elapsed().as_secs() < 60);
    // rmit takes limits.
    let r = run(
        &[
            "rmit",
            "puzzles/wikipedia.rmit",
            "sudoku",
            "backtracking",
            "n",
            "--node-limit",
            "3",
        ],
        "",
    );
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (5, "node limit\n"),
        "{}",
        r.transcript()
    );
}

#[test]
fn no_output_replaces_an_input() {
    let dir = scratch("clobber");
    let rmit = std::fs::read_to_string(root().join("puzzles/4x4.rmit")).unwrap();
    let w = write(&dir, "w.rmit", &rmit);
    refused(
        &["rmit", &w, "sudoku", "dancing", "n", &w],
        "is also an input",
    );
    let h = write(
        &dir,
        "h.txt",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n",
    );
    refused(
        &["bench", &h, "--csv", &h, "--warmup", "0"],
        "is also an input",
    );
    refused(&["solve", "-o", &h, &h], "is also an input");
    // Through a hard link too.
    let link = dir.join("link.txt");
    std::fs::hard_link(&h, &link).unwrap();
    refused(
        &["solve", "-o", &link.display().to_string(), &h],
        "is also an input",
    );
    assert_eq!(std::fs::read_to_string(&w).unwrap(), rmit);
    assert!(std::fs::read_to_string(&h).unwrap().starts_with("53..7"));
    // Two inputs for one set of pictures: refused, nothing written.
    let a = write(
        &dir,
        "a.txt",
        &std::fs::read_to_string(root().join("puzzles/comp9021/sudoku_1.txt")).unwrap(),
    );
    let b = write(
        &dir,
        "b.txt",
        &std::fs::read_to_string(root().join("puzzles/comp9021/sudoku_2.txt")).unwrap(),
    );
    let prefix = dir.join("p").display().to_string();
    refused(
        &["explain", "--style", "comp9021", "--latex", &prefix, &a, &b],
        "would all write",
    );
    assert!(!dir.join("p_bare.tex").exists());
}

#[test]
fn signed_cells_are_refused_not_read_unsigned() {
    let r = run(&["solve", "-"], "-1 . . .\n. . . .\n. . . .\n. . . +2\n");
    assert_eq!(r.code, 2, "{}", r.transcript());
    assert!(
        r.stderr.contains("`-1`") || r.stderr.contains("`-`"),
        "{}",
        r.stderr
    );
}

#[test]
fn generate_honours_every_rule_it_is_given() {
    let dir = scratch("generate-rules");
    let kropki = root()
        .join("puzzles/variants/kropki.rules")
        .display()
        .to_string();
    let anti_knight = write(
        &dir,
        "ak.rules",
        "name ak\nextends sudoku\nvariant anti-knight\n",
    );
    let anti_king = write(
        &dir,
        "ak2.rules",
        "name ak\nextends sudoku\nvariant anti-king\n",
    );
    let non_consecutive = write(
        &dir,
        "nc.rules",
        "name nc\nextends sudoku\nvariant non-consecutive\n",
    );
    let thermos = write(
        &dir,
        "th.rules",
        "name th\nextends sudoku\nthermo r1c1 r2c2 r3c3 r4c4\nthermo r9c1 r8c2 r7c3\n",
    );
    let seeds = if std::env::var("CI").is_ok() { 5 } else { 20 };
    for rules in [
        &anti_knight,
        &anti_king,
        &non_consecutive,
        &kropki,
        &thermos,
    ] {
        for seed in 1..=seeds {
            let seed = seed.to_string();
            let made = run(
                &[
                    "generate",
                    "--rules",
                    rules,
                    "--count",
                    "1",
                    "--seed",
                    &seed,
                    "--threads",
                    "1",
                ],
                "",
            );
            assert_eq!(made.code, 0, "{rules} seed {seed}: {}", made.transcript());
            let check = run(&["check", "--rules", rules, "-"], &made.stdout);
            assert_eq!(check.code, 0, "{rules} seed {seed}: {}", check.transcript());
            let count = run(&["count", "--rules", rules, "-"], &made.stdout);
            assert_eq!(
                count.stdout,
                "unique\n",
                "{rules} seed {seed}: {}",
                count.transcript()
            );
        }
    }
    // A rating is the one `rate` gives under the same rules, variant constraints included.
    let made = run(
        &[
            "generate",
            "--rules",
            &anti_knight,
            "--rating",
            "--seed",
            "1",
            "--threads",
            "1",
        ],
        "",
    );
    assert_eq!(made.code, 0, "{}", made.transcript());
    let (grid, rating) = made.stdout.trim_end().split_once('\t').unwrap();
    let rate = run(&["rate", "--rules", &anti_knight, "--puzzle", grid], "");
    assert_eq!(rate.code, 0, "{}", rate.transcript());
    assert!(
        rate.stdout.starts_with(rating),
        "{rating} against {}",
        rate.stdout
    );
}
