//! Telling an f-puzzles export from other lines, which needs no JSON reader: a line is told
//! apart even where the `links` feature that reads it is left out.

/// Whether a content line is an f-puzzles export: a link to one, its lz-string text (JSON
/// starting `{"` compresses to `N4Ig`), or its JSON.
pub(super) fn is_fpuzzles_line(text: &str) -> bool {
    text.contains("f-puzzles.com")
        || text.contains("sudokupad.app/fpuzzles")
        || text.starts_with("N4Ig")
        || (text.starts_with('{') && text.contains("\"size\""))
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
}
