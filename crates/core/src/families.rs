//! The structure families the web can script, by name: the one table a new family is added to.

use crate::family::{schema, Family, Planned};
use std::fmt;

use crate::kernel::{build, Kernel, ParamError, Suite};
use crate::script::{quoted, PlannedScript, Schema, ScriptError};
use crate::simulation::Spec;

/// Plans encoded commands and settings, for drawing (`true`) or counting.
pub type Plan = fn(&[u32], &str, bool) -> Result<Box<dyn PlannedScript>, ScriptError>;

/// One family as the wasm facade reaches it.
pub struct Entry {
    pub name: &'static str,
    pub schema: fn() -> Schema,
    pub plan: Plan,
    pub benches: &'static [Suite],
    pub simulations: &'static [Spec],
    /// The family's opcode check, so the tests loop over this table instead of a list of their own.
    #[cfg(test)]
    check_opcodes: fn(),
    /// What each line of each variant's listing may say (`crate::says`).
    #[cfg(test)]
    pub(crate) says: fn(&str) -> Option<crate::says::Table>,
}

const fn entry<F: Family>() -> Entry {
    Entry {
        name: F::NAME,
        schema: schema::<F>,
        plan: Planned::<F>::boxed,
        // Without the kernels (the site's module), no table entry reaches them and they are not linked.
        benches: if cfg!(feature = "kernels") {
            F::BENCHES
        } else {
            &[]
        },
        simulations: F::SIMULATIONS,
        #[cfg(test)]
        check_opcodes: tests::each_op_is_named_by_its_variant::<F::Command>,
        #[cfg(test)]
        says: F::says,
    }
}

/// Every family, in the order the web lists them.
pub const FAMILIES: &[Entry] = &[
    entry::<crate::heap::Heaps>(),
    entry::<crate::wheel::Wheels>(),
    entry::<crate::queue::Queues>(),
    entry::<crate::recycler::Recyclers>(),
];

/// The family called `name`; any other name is an error, never some family's default.
pub fn family(name: &str) -> Result<&'static Entry, RegistryError> {
    FAMILIES
        .iter()
        .find(|f| f.name == name)
        .ok_or_else(|| RegistryError::NoFamily(name.to_string()))
}

/// Every suite of every family.
pub fn suites() -> impl Iterator<Item = &'static Suite> {
    FAMILIES.iter().flat_map(|f| f.benches)
}

/// The kernel of suite `name` for a row's `params`; an unknown suite or parameter is an error.
pub fn kernel(name: &str, params: &str) -> Result<Box<dyn Kernel>, RegistryError> {
    let suite = suites()
        .find(|s| s.name == name)
        .ok_or_else(|| RegistryError::NoSuite(name.to_string()))?;
    Ok(build(suite, params)?)
}

/// The simulation called `name`.
pub fn simulation(name: &str) -> Result<&'static Spec, RegistryError> {
    for f in FAMILIES {
        if let Some(s) = f.simulations.iter().find(|s| s.name == name) {
            return Ok(s);
        }
    }
    Err(RegistryError::NoSimulation(name.to_string()))
}

/// A name the registry does not know, or a suite's row it cannot build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegistryError {
    /// No structure family is called this.
    NoFamily(String),
    /// No benchmark suite is called this (the message lists the ones there are).
    NoSuite(String),
    /// No simulation is called this.
    NoSimulation(String),
    /// The suite (or simulation) is known; the parameters are not what it takes.
    Params(ParamError),
}

impl From<ParamError> for RegistryError {
    fn from(e: ParamError) -> Self {
        Self::Params(e)
    }
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoFamily(name) => {
                write!(f, "there is no structure family called {}", quoted(name))
            }
            Self::NoSuite(name) => {
                let names: Vec<&str> = suites().map(|s| s.name).collect();
                write!(
                    f,
                    "there is no benchmark suite {}; expected {}",
                    quoted(name),
                    names.join(", ")
                )
            }
            // A simulation's name is the page's code, never a reader's: no list to choose from.
            Self::NoSimulation(name) => write!(f, "there is no simulation {}", quoted(name)),
            Self::Params(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RegistryError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::script::Opcode;

    /// Each command's enum variant sits beside its own grammar entry: `CancelInOrder` is
    /// "cancel-in-order", so a mislabelled entry cannot make a command mean another.
    pub(super) fn each_op_is_named_by_its_variant<O: Opcode + std::fmt::Debug>() {
        assert_eq!(O::ALL.len(), O::OPS.len());
        for (op, spec) in O::ALL.iter().zip(O::OPS) {
            let mut kebab = String::new();
            for c in format!("{op:?}").chars() {
                if c.is_uppercase() && !kebab.is_empty() {
                    kebab.push('-');
                }
                kebab.push(c.to_ascii_lowercase());
            }
            assert_eq!(kebab, spec.name);
        }
    }

    #[test]
    fn opcodes_mean_the_command_written_beside_them() {
        for f in FAMILIES {
            (f.check_opcodes)();
        }
    }

    #[test]
    fn every_suite_builds_and_runs_its_example_row() {
        for s in suites() {
            let mut k = kernel(s.name, s.example).unwrap_or_else(|e| panic!("{}: {e}", s.name));
            k.prepare(2);
            assert_eq!(k.run().0, 2, "{}", s.name);
        }
    }

    #[test]
    fn every_simulation_is_found_by_its_name_and_starts_from_its_parameters() {
        for f in FAMILIES {
            for spec in f.simulations {
                assert_eq!(simulation(spec.name).unwrap().params, spec.params);
                let e = spec.start("").err().expect("every parameter is required");
                assert!(e.to_string().contains("needs the parameter"), "{e}");
            }
        }
        assert_eq!(
            simulation("nope").err().unwrap(),
            RegistryError::NoSimulation("nope".into())
        );
    }

    #[test]
    fn an_unknown_family_is_an_error_not_a_default() {
        let e = family("recyclr").err().unwrap();
        assert_eq!(
            e.to_string(),
            "there is no structure family called \"recyclr\""
        );
        for f in FAMILIES {
            assert_eq!((f.schema)().family, f.name);
            assert!(
                (f.plan)(&[], "", true).is_ok(),
                "{}: an empty script plans",
                f.name
            );
        }
    }
}

/// The template a new family starts from (templates/family/), compiled as it stands: a family
/// written from it plans, records, counts and benchmarks through the registry's own entry.
#[cfg(test)]
#[path = "../../../templates/family/crates/core/src/sample/mod.rs"]
mod sample;

#[cfg(test)]
mod template_tests {
    use super::*;
    use crate::schema_json::to_json;

    #[test]
    fn a_family_from_the_template_is_served_by_the_registry() {
        let e = entry::<sample::Samples>();
        assert_eq!(e.name, "sample");
        tests::each_op_is_named_by_its_variant::<sample::SampleCommand>();
        let json = to_json(&(e.schema)());
        // The web half of the template is checked against this schema (catalog/template.test.ts).
        let file = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../templates/family/schema.json"
        );
        if std::env::var_os("HOTPATH_WRITE_TEMPLATE_SCHEMA").is_some() {
            std::fs::write(file, format!("{json}\n")).unwrap();
        }
        assert_eq!(
            std::fs::read_to_string(file).unwrap_or_default().trim_end(),
            json,
            "templates/family/schema.json is stale: run HOTPATH_WRITE_TEMPLATE_SCHEMA=1 cargo test --manifest-path crates/Cargo.toml -p hotpath-core template"
        );
        for part in [
            "\"family\":\"sample\"",
            "\"name\":\"doubling\"",
            "\"drawnSlots\":64",
            "\"name\":\"slot\"",
        ] {
            assert!(json.contains(part), "{part} in {json}");
        }
        // push 5, fill 3, pop: drawn step by step, counted per command.
        let raw = [0, 5, 0, 0, 0, 2, 3, 0, 0, 0, 1, 0, 0, 0, 0];
        let script = (e.plan)(&raw, "", true).unwrap();
        assert!(script.fits());
        let drawn = script.trace("by-one").unwrap();
        assert_eq!(drawn.actions.len(), 5);
        assert!(drawn.trace.len() > 5);
        let counted = script.count("by-one").unwrap();
        let doubling = script.count("doubling").unwrap();
        const COPY: usize = 2; // SampleEvent::KINDS
        assert!(
            counted.total[COPY] > doubling.total[COPY],
            "growing by one copies more"
        );
        assert!(
            (e.plan)(&raw, "growth=fast", true).is_err(),
            "a family without settings refuses one"
        );
        // Each step's sentence is one its line may say (the template's table, `Family::says`).
        assert!(crate::says::steps_checked(&e) > 500);
        let suite = &e.benches[0];
        let mut k = build(suite, "variant=doubling,n=100").unwrap();
        k.prepare(3);
        assert_eq!(k.run(), (3, 300));
    }
}
