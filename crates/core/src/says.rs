//! One step, one operation: over random scripts of every family, on every variant, each step's
//! sentence is one that its highlighted pseudocode line can say (issue 48, item 10).
//!
//! Each family states, in its folder's `says.rs`, what a step shown on each line of each listing
//! may say (`*` stands for any text: a number, a thread, a deadline), and hands the table to the
//! registry through `Family::says`. So a sentence told on the wrong line fails here, whichever
//! way it got there: a remove's "the last timer into the freed slot" on an add's climb, a
//! rejected offer's "returns false" on a line saying "return true", a step stuck on the line of
//! the step before it, a new queue's link before the queue. A new sentence, or a changed line,
//! fails until its table says where it belongs; every family the registry lists must have a
//! table for every variant. This module names no family: it reads them from `FAMILIES`.
//!
//! The tables in the web (the recyclers' "where", the queues' threads) are checked against the
//! frame by `web/src/catalog/agreement.test.ts`, over the same kind of scripts.

use crate::families::{family as family_entry, Entry, FAMILIES};
use crate::script::{ArgSpec, Schema};
use crate::trace::{NO_LINE, STEP_WIDTH};
use proptest::prelude::*;

/// A line of a listing, by the start of its text (trimmed), and what a step on it may say.
pub type Says = (&'static str, &'static [&'static str]);

/// What the steps of one variant may say: its lines (`""` is a step on no line of the listing),
/// and the patterns several lines share, by name. `@NAME` in a line's list stands for every
/// pattern of that name; at the end of a pattern, for its one text.
pub struct Table {
    pub lines: &'static [Says],
    pub shared: &'static [(&'static str, &'static [&'static str])],
}

/// A pattern with its `@NAME`s expanded.
fn expand(table: &Table, p: &'static str) -> Vec<String> {
    if let Some((_, all)) = table.shared.iter().find(|(name, _)| *name == p) {
        return all.iter().map(|s| s.to_string()).collect();
    }
    let mut out = p.to_string();
    for (name, all) in table.shared {
        if let ([text], Some(start)) = (all, out.strip_suffix(name)) {
            out = format!("{start}{text}");
        }
    }
    vec![out]
}

/// `*` matches any text, everything else itself.
pub(crate) fn glob(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < t.len() {
        if i < p.len() && p[i] != '*' && p[i] == t[j] {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(s) = star {
            i = s + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// Each line of `family`'s listing for `variant` with what it may say; `None` for steps on no line.
pub(crate) fn says_by_line(
    family: &str,
    variant: &str,
    code: &[&str],
) -> (Vec<Vec<String>>, Vec<String>) {
    lines_of(
        family_entry(family).expect("a registered family"),
        variant,
        code,
    )
}

/// Each line of a listing with what it may say, from `e`'s table for `variant`.
fn lines_of(e: &Entry, variant: &str, code: &[&str]) -> (Vec<Vec<String>>, Vec<String>) {
    let family = e.name;
    let t = (e.says)(variant)
        .unwrap_or_else(|| panic!("{family}/{variant} has no table of what its lines say"));
    let mut by_line: Vec<Option<Vec<String>>> = vec![None; code.len()];
    let mut none = Vec::new();
    for &(start, says) in t.lines {
        let says: Vec<String> = says.iter().flat_map(|s| expand(&t, s)).collect();
        if start.is_empty() {
            none = says;
            continue;
        }
        let line = (0..code.len())
            .find(|&l| by_line[l].is_none() && code[l].trim_start().starts_with(start))
            .unwrap_or_else(|| {
                panic!("{family}/{variant}: no line (left to assign) starts with {start:?}")
            });
        by_line[line] = Some(says);
    }
    let lines = by_line
        .into_iter()
        .enumerate()
        .map(|(l, s)| {
            s.unwrap_or_else(|| {
                panic!(
                    "{family}/{variant}: the table says nothing of line {l}, {:?}",
                    code[l]
                )
            })
        })
        .collect();
    (lines, none)
}

/// A value for an argument: small, so scripts stay drawable and meet each other (equal
/// deadlines, a cancel of a timer that exists, a recycle of a get made).
fn arg(spec: &ArgSpec, r: u64) -> u32 {
    let span: u64 = match spec.what {
        w if w.contains("ms") || w.contains("delay") => [40, 1_000, 200_000][(r % 3) as usize],
        w if w.contains("seed") => 1_000,
        w if w.contains("count") => 12,
        w if w.contains("ID") => 8,
        w if w.contains("get") => 6,
        _ => 60,
    };
    let hi = u64::from(spec.max).min(u64::from(spec.min) + span);
    (u64::from(spec.min) + (r / 3) % (hi - u64::from(spec.min) + 1)) as u32
}

/// A random script of `schema`'s commands, encoded as the web encodes it, and its settings.
fn script(
    schema: &Schema,
    picks: &[(u64, u64, u64, u64)],
    setting: (u64, u64, u64),
) -> (Vec<u32>, String) {
    let threads = if schema.threads { 1 + setting.0 % 3 } else { 1 };
    let mut flat = Vec::new();
    for &(op, a, b, t) in picks {
        let op = (op % schema.ops.len() as u64) as usize;
        let spec = &schema.ops[op];
        let mut args = [0u32; 3];
        for (i, s) in spec.args.iter().enumerate() {
            args[i] = arg(
                s,
                if i == 0 {
                    a
                } else {
                    b.rotate_left(17 * i as u32)
                },
            );
        }
        let thread = if schema.threads {
            (t % threads) as u32
        } else {
            0
        };
        flat.extend_from_slice(&[op as u32, args[0], args[1], args[2], thread]);
    }
    let mut settings = Vec::new();
    if schema.threads {
        let names: Vec<&str> = ["A", "B", "C"][..threads as usize].to_vec();
        settings.push(format!("threads={}", names.join(",")));
    }
    for s in schema.settings {
        match s.name {
            "capacity" => settings.push(format!("capacity={}", 1 + setting.1 % 4)),
            "schedule" if setting.2 % 2 == 1 => {
                settings.push(format!("schedule=random {}", setting.2))
            }
            "assertions" if setting.1 % 2 == 1 => settings.push("assertions=on".into()),
            "max-capacity" if setting.2.is_multiple_of(3) => {
                settings.push(format!("max-capacity={}", 1 + setting.1 % 4))
            }
            _ => {}
        }
    }
    (flat, settings.join("\n"))
}

/// Every step of every variant says what its line may say. Returns how many steps were checked.
fn check_family(entry: &Entry, flat: &[u32], settings: &str) -> Result<usize, TestCaseError> {
    let family = entry.name;
    let schema = (entry.schema)();
    let Ok(plan) = (entry.plan)(flat, settings, true) else {
        return Ok(0); // a script the planner refuses (a recycle of a get never made) says nothing
    };
    if !plan.fits() {
        return Ok(0);
    }
    let mut checked = 0;
    for v in &schema.variants {
        let (lines, none) = lines_of(entry, v.name, v.pseudocode);
        let Ok(rec) = plan.trace(v.name) else {
            continue; // a script this variant's contract forbids (two producers on an SPSC ring)
        };
        let t = &rec.trace;
        for k in 0..t.len() {
            let line = t.steps[k * STEP_WIDTH + 1];
            let text = &t.texts[k];
            let says = if line == i32::from(NO_LINE) {
                &none
            } else {
                prop_assert!(
                    (0..lines.len() as i32).contains(&line),
                    "{family}/{}: step {k} is on line {line}, which the listing does not have",
                    v.name
                );
                &lines[line as usize]
            };
            if says.iter().any(|p| glob(p, text)) {
                checked += 1;
                continue;
            }
            let shown = if line == i32::from(NO_LINE) {
                "no line".to_string()
            } else {
                format!("line {line}, {:?}", v.pseudocode[line as usize])
            };
            let belongs: Vec<String> = (0..lines.len())
                .filter(|&l| lines[l].iter().any(|p| glob(p, text)))
                .map(|l| format!("{l}"))
                .collect();
            prop_assert!(
                false,
                "{family}/{}: step {k} says {text:?} on {shown}; that sentence belongs on line(s) [{}]\nscript {flat:?}, settings {settings:?}",
                v.name,
                belongs.join(", ")
            );
        }
    }
    Ok(checked)
}

fn picks() -> impl Strategy<Value = Vec<(u64, u64, u64, u64)>> {
    prop::collection::vec(
        (any::<u64>(), any::<u64>(), any::<u64>(), any::<u64>()),
        1..14,
    )
}

fn settings() -> impl Strategy<Value = (u64, u64, u64)> {
    (any::<u64>(), any::<u64>(), any::<u64>())
}

fn run(
    entry: &Entry,
    picks: &[(u64, u64, u64, u64)],
    setting: (u64, u64, u64),
) -> Result<(), TestCaseError> {
    let (flat, settings) = script(&(entry.schema)(), picks, setting);
    check_family(entry, &flat, &settings).map(|_| ())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    /// Each script is drawn on every family the registry lists, on every variant.
    #[test]
    fn every_step_says_what_its_line_does(p in picks(), s in settings()) {
        for f in FAMILIES {
            run(f, &p, s)?;
        }
    }
}

/// `e` has a table for every variant, and the steps of 60 seeded random scripts say what their
/// lines may say: how many steps were checked (the scripts drawn are not all refused: a test
/// over nothing would pass).
pub(crate) fn steps_checked(e: &Entry) -> usize {
    let schema = (e.schema)();
    for v in &schema.variants {
        lines_of(e, v.name, v.pseudocode);
    }
    let mut checked = 0;
    let mut r = crate::rng::SplitMix::new(48);
    for _ in 0..60 {
        let picks: Vec<_> = (0..10)
            .map(|_| (r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64()))
            .collect();
        let (flat, settings) = script(&schema, &picks, (r.next_u64(), r.next_u64(), r.next_u64()));
        checked += check_family(e, &flat, &settings).expect("the property holds");
    }
    checked
}

/// Every family the registry lists has a table for every variant, and its steps are checked.
#[test]
fn every_family_and_variant_is_covered() {
    for f in FAMILIES {
        let checked = steps_checked(f);
        assert!(checked > 500, "{}: only {checked} steps checked", f.name);
    }
}
