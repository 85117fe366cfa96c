//! The order a family's files depend on each other: `script` (the grammar, the plan, the driver)
//! knows nothing of `recorder` (the drawing), which reads the plan; `mod.rs` ties the two together
//! in the family's `impl Family`. A circle between script and recorder is what this keeps out.

use std::fs;
use std::path::Path;

const FAMILIES: [&str; 4] = ["heap", "wheel", "queue", "recycler"];

/// A file's text before its first test module (tests may reach anywhere; every family file keeps
/// its tests at the end).
fn non_test_source(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match text.find("#[cfg(test)]\nmod ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

#[test]
fn a_family_script_does_not_depend_on_its_recorder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for family in FAMILIES {
        let script = non_test_source(&src.join(family).join("script.rs"));
        for (n, line) in script.lines().enumerate() {
            assert!(
                !line.contains("recorder::") && !line.contains("Recorder"),
                "{family}/script.rs:{}: the script names its recorder (`{}`); the recorder reads \
                 the script, and {family}/mod.rs joins them",
                n + 1,
                line.trim()
            );
        }
    }
}

#[test]
fn each_family_is_declared_in_its_mod_rs() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for family in FAMILIES {
        let m = non_test_source(&src.join(family).join("mod.rs"));
        assert!(
            m.contains("impl Family for "),
            "{family}/mod.rs does not hold the family's `impl Family`"
        );
    }
}
