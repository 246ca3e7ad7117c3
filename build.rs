//! Tells the tests where the public benchmark sets are: the folder `SUDOKU_CP_DATASETS` names
//! (laid out as `9x9/`, `large/`, `killer/` and `ratings/`, see the README's Speed section).
//! The tests that need them are reported as ignored, naming the variable, when it is unset or
//! names no folder.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(datasets)");
    println!("cargo::rerun-if-env-changed=SUDOKU_CP_DATASETS");
    println!("cargo::rerun-if-changed=build.rs");
    let Some(dir) = std::env::var_os("SUDOKU_CP_DATASETS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    if let Ok(dir) = dir.canonicalize()
        && dir.is_dir()
    {
        println!("cargo::rustc-cfg=datasets");
        println!("cargo::rustc-env=SUDOKU_CP_DATASETS_DIR={}", dir.display());
        println!("cargo::rerun-if-changed={}", dir.display());
    }
}
