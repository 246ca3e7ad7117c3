//! `solve --tree FILE`: the search tree written as Graphviz DOT, JSON Lines or SVG, chosen by
//! the file's extension; the second puzzle's tree goes to `FILE-2.ext`, and so on.

use super::output_file::write_file;
use std::path::{Path, PathBuf};
use sudoku_cp::engine::SearchTree;
use sudoku_cp::error::InputError;

/// What a tree file holds, by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TreeFormat {
    Dot,
    JsonLines,
    Svg,
}

impl TreeFormat {
    /// The format `path`'s extension names: `.dot`/`.gv`, `.jsonl`/`.json`, `.svg`.
    pub(super) fn of(path: &Path) -> Result<TreeFormat, InputError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("dot" | "gv") => Ok(TreeFormat::Dot),
            Some("jsonl" | "json") => Ok(TreeFormat::JsonLines),
            Some("svg") => Ok(TreeFormat::Svg),
            _ => Err(InputError::whole(
                "--tree",
                format!(
                    "cannot tell the tree's format from `{}`: name a .dot (or .gv) file for \
                     Graphviz, .jsonl for JSON Lines or .svg for a picture",
                    path.display()
                ),
            )),
        }
    }
}

/// The file of the `index`-th puzzle's tree (from 0): `path` itself, then `stem-2.ext`, ….
pub(super) fn path_for(path: &Path, index: usize) -> PathBuf {
    if index == 0 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{}.{}", index + 1, ext.to_string_lossy()),
        None => format!("{stem}-{}", index + 1),
    };
    path.with_file_name(name)
}

/// Writes `tree` to `path` as `format` says.
pub(super) fn write(path: &Path, format: TreeFormat, tree: &SearchTree) -> Result<(), InputError> {
    let text = match format {
        TreeFormat::Dot => tree.to_dot(),
        TreeFormat::JsonLines => tree.to_json_lines(),
        TreeFormat::Svg => tree.to_svg(),
    };
    write_file(path, &text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_puzzles_number_their_files() {
        let p = Path::new("out/tree.svg");
        assert_eq!(path_for(p, 0), PathBuf::from("out/tree.svg"));
        assert_eq!(path_for(p, 2), PathBuf::from("out/tree-3.svg"));
        assert_eq!(
            TreeFormat::of(Path::new("t.GV")).ok(),
            Some(TreeFormat::Dot)
        );
        assert!(TreeFormat::of(Path::new("t.png")).is_err());
    }
}
