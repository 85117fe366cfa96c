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
        // A family's tests against its originals are test code throughout (`#[cfg(test)] mod
        // conformance;`): the rule is for the code they test.
        .filter(|f| !f.components().any(|c| c.as_os_str() == "conformance"))
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

/// Code without its comments (doc comments and their examples included): what a file names in
/// code, not what its prose mentions. A `//` inside a string literal would cut the line short,
/// which only makes this check miss a name, never invent one.
fn code_only(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("/*") {
        out.push_str(&rest[..i]);
        rest = rest[i..].find("*/").map_or("", |j| &rest[i + j + 2..]);
    }
    out.push_str(rest);
    out.lines()
        .map(|l| l.find("//").map_or(l, |i| &l[..i]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The files outside every family's folder: the crates' shared code, the benches, the wasm
/// facade. (A family's own tests, `tests/heaps.rs` or `tests/originals/kafka_timer.rs`, are
/// the family's and may name it, as its end-to-end tests do on the web side.)
fn generic_sources() -> Vec<PathBuf> {
    let core = Path::new(env!("CARGO_MANIFEST_DIR"));
    let crates = core.parent().unwrap();
    let in_a_family = |p: &Path| {
        let rel = p.strip_prefix(core.join("src")).unwrap();
        rel.components().count() > 1 && families().any(|f| rel.starts_with(f))
    };
    let mut out: Vec<PathBuf> = sources(&core.join("src"))
        .into_iter()
        .filter(|p| !in_a_family(p))
        .collect();
    for dir in ["core/benches", "wasm/src", "threads/benches"] {
        out.extend(sources(&crates.join(dir)));
    }
    out.sort();
    out
}

/// Files that name a family outside its folders, each with the family and why. The threads
/// crate is the queue and Recycler families' other half, their structures on real atomics: its
/// bench that races core's queues behind a lock beside its own (the measurement
/// docs/benchmarks.md quotes for keeping two copies) has to reach core's queues by name. This
/// list only shrinks: a file that stops naming its family fails the test until it is taken off.
const ALLOWED: &[(&str, &str)] = &[("threads/benches/shared_core.rs", "queue")];

/// Outside its two folders (`crates/core/src/<family>/`, `web/src/<family>/`) a family is named
/// by its two registry lines and nothing else: `pub mod <family>;` in lib.rs and its `entry` in
/// families.rs. A new family then touches no shared file but those two lines (the web side holds
/// the same in `web/src/catalog/catalog.test.ts`).
#[test]
fn a_family_is_named_outside_its_folders_only_by_its_registry_lines() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut named: Vec<(String, &str, String)> = Vec::new();
    for file in generic_sources() {
        let rel = file.strip_prefix(crates).unwrap().display().to_string();
        let code = code_only(&non_test_source(&file));
        for family in families() {
            let paths = [
                format!("crate::{family}::"),
                format!("hotpath_core::{family}::"),
                format!("super::{family}::"),
                format!("\"{family}\""),
                format!("mod {family};"),
            ];
            for (n, line) in code.lines().enumerate() {
                let registry_line = (rel == "core/src/lib.rs"
                    && line.trim() == format!("pub mod {family};"))
                    || (rel == "core/src/families.rs"
                        && line
                            .trim()
                            .starts_with(&format!("entry::<crate::{family}::")));
                if !registry_line && paths.iter().any(|p| line.contains(p.as_str())) {
                    named.push((rel.clone(), family, format!("{}: {}", n + 1, line.trim())));
                }
            }
        }
    }
    let offenders: Vec<String> = named
        .iter()
        .filter(|(f, fam, _)| !ALLOWED.contains(&(f.as_str(), *fam)))
        .map(|(f, fam, at)| format!("{f}:{at} (names {fam})"))
        .collect();
    assert!(
        offenders.is_empty(),
        "a family named outside its folders; hand it through the family's registry entry \
         instead: {offenders:#?}"
    );
    for &(file, family) in ALLOWED {
        assert!(
            named.iter().any(|(f, fam, _)| f == file && *fam == family),
            "{file} no longer names the {family} family: take it off ALLOWED"
        );
    }
}

/// A family's folder uses no other family's: what two families share (the heaps the heap family
/// drives and the wheel's delay queues hold) lives in a module of its own, outside every family
/// (`priority/`), so a family can be read, changed or removed alone. Its tests too: a test that
/// reached into another family would break when that family changes.
#[test]
fn no_family_folder_imports_another_family() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut offenders = Vec::new();
    for family in families() {
        for file in sources(&src.join(family)) {
            let code = code_only(&fs::read_to_string(&file).unwrap());
            for other in families().filter(|&o| o != family) {
                for (n, line) in code.lines().enumerate() {
                    if line.contains(&format!("crate::{other}::")) {
                        let rel = file.strip_prefix(&src).unwrap().display();
                        offenders.push(format!("{rel}:{}: {} (uses {other})", n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "a family folder imports another family's; move what they share out of both: {offenders:#?}"
    );
}
