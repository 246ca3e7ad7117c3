//! Telling an f-puzzles export or a SudokuPad link from other lines, which needs no JSON
//! reader: a line is told apart even where the `links` feature that reads it is left out.

/// Whether a content line is an f-puzzles export: a link to one, its lz-string text (JSON
/// starting `{"` compresses to `N4Ig`), or its JSON.
pub(super) fn is_fpuzzles_line(text: &str) -> bool {
    text.contains("f-puzzles.com")
        || text.starts_with("N4Ig")
        || (text.starts_with('{') && text.contains("\"size\""))
}

/// Whether a content line is a SudokuPad link: one of its hosts or its app's scheme, or a
/// bare id with one of its prefixes and nothing a one-line puzzle or an ISS string holds.
pub(super) fn is_sudokupad_line(text: &str) -> bool {
    let hosts = [
        "sudokupad.app",
        "crackingthecryptic.com/sudoku",
        "sudokupad.svencodes.com",
        "sudokupad://",
    ];
    let bare = ["fpuzzles", "scl", "ctc", "scf"].iter().any(|p| {
        text.strip_prefix(p).is_some_and(|rest| {
            rest.len() >= 8
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"+/=-_%".contains(&b))
        })
    });
    hosts.iter().any(|h| text.contains(h)) || bare
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_exports_from_other_lines() {
        assert!(is_fpuzzles_line("N4IgzglgXgpiBcBOANCA5gJwgEw"));
        assert!(is_fpuzzles_line("https://www.f-puzzles.com/?load=N4Ig"));
        assert!(is_fpuzzles_line(r#"{"size":9,"grid":[]}"#));
        assert!(!is_fpuzzles_line(&"1".repeat(81)));
        assert!(!is_fpuzzles_line(".Thermo~R1C1~R1C2"));
    }

    #[test]
    fn tells_sudokupad_links_from_other_lines() {
        assert!(is_sudokupad_line("https://sudokupad.app/scl…"));
        assert!(is_sudokupad_line("sudokupad://puzzle/scfoooooooooooook"));
        assert!(is_sudokupad_line("scfoooooooooooook"));
        assert!(is_sudokupad_line("fpuzzlesN4IgzglgXgpiBcBOANCA5gJwgEw"));
        assert!(!is_sudokupad_line(&"1".repeat(81)));
        assert!(!is_sudokupad_line("scl"));
        assert!(!is_sudokupad_line(".Thermo~R1C1~R1C2"));
    }
}
