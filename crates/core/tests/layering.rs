//! The order a family's files depend on each other: `script` (the grammar, the plan, the driver)
//! knows nothing of `recorder` (the drawing), which reads the plan; `mod.rs` ties the two together
//! in the family's `impl Family`. A circle between script and recorder is what this keeps out.
//! And the lists a family declares by macro stay declared so: pseudocode lines by name
//! (`pseudocode!`), settings as an enum (`settings!`), never a listing or a name list by hand.

use std::fs;
use std::path::{Path, PathBuf};

use hotpath_core::families::FAMILIES as REGISTERED;

fn families() -> impl Iterator<Item = &'static str> {
    REGISTERED.iter().map(|f| f.name)
}

/// Every Rust file under src/.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(sources(&p));
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
    out
}

/// A file's text before its first inline test module (tests may reach anywhere; every family file
/// keeps its tests at the end). A test module in a file of its own (`#[cfg(test)] mod says;`)
/// ends nothing: the code after its declaration is still read.
fn non_test_source(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let inline = |i: usize| text[i..].lines().nth(1).is_some_and(|l| l.ends_with('{'));
    let module = ["#[cfg(test)]\nmod ", "#[cfg(test)]\npub(crate) mod "];
    let first = module
        .iter()
        .flat_map(|m| text.match_indices(m).map(|(i, _)| i))
        .filter(|&i| inline(i))
        .min();
    match first {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// A file a reader takes in at one sitting: over 600 lines of code (its tests aside), a file
/// holds more than one concept, and its parts belong in files of their own, each named for what
/// it holds (as `queue/linked/access.rs` holds the CLQ's shared memory).
#[test]
fn no_source_file_is_longer_than_600_lines_before_its_tests() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let long: Vec<String> = sources(&src)
        .iter()
        .map(|f| (f, non_test_source(f).lines().count()))
        .filter(|&(_, n)| n > 600)
        .map(|(f, n)| format!("{} ({n} lines)", f.strip_prefix(&src).unwrap().display()))
        .collect();
    assert!(long.is_empty(), "split these: {long:?}");
}

#[test]
fn a_family_script_does_not_depend_on_its_recorder() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for family in families() {
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
    for family in families() {
        let m = non_test_source(&src.join(family).join("mod.rs"));
        assert!(
            m.contains("impl Family for "),
            "{family}/mod.rs does not hold the family's `impl Family`"
        );
    }
}

#[test]
fn listings_and_settings_are_declared_by_name() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for file in sources(&src) {
        let text = non_test_source(&file);
        for (n, line) in text.lines().enumerate() {
            let at = || format!("{}:{}", file.strip_prefix(&src).unwrap().display(), n + 1);
            assert!(
                !(line.contains("PSEUDOCODE: &[&str] = &[") || line.trim() == "mod line {"),
                "{}: a listing written by hand; declare it with pseudocode! so each line's index is its name",
                at()
            );
            assert!(
                !line.contains("SETTINGS: &[SettingSpec] = &["),
                "{}: settings listed by hand; declare them with settings! so the planner matches an enum",
                at()
            );
        }
    }
}

/// The check of every step's sentence against its line (`says.rs`) reads each family's tables
/// through the registry: it names no family, so a new family needs no line in it.
#[test]
fn the_narration_check_names_no_family() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let text = fs::read_to_string(src.join("says.rs")).unwrap();
    for family in families() {
        assert!(
            !text.contains(&format!("\"{family}\""))
                && !text.contains(&format!("crate::{family}::")),
            "says.rs names the {family} family; its table belongs in {family}/says.rs"
        );
    }
}
