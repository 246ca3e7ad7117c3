//! Tells the tests whether the public benchmark sets sit beside the repository
//! (`../shared/datasets`): the tests that need them are reported as ignored when they do not.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(datasets)");
    if std::path::Path::new("../shared/datasets").is_dir() {
        println!("cargo::rustc-cfg=datasets");
        println!("cargo::rerun-if-changed=../shared/datasets");
    } else {
        println!("cargo::rerun-if-changed=build.rs");
    }
}
