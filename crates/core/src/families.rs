//! The structure families the web can script, by name: the one table a new family is added to.

use crate::family::{schema, Family, Planned};
use crate::heap::Heaps;
use crate::queue::Queues;
use crate::recycler::Recyclers;
use crate::script::{PlannedScript, Schema, ScriptError};
use crate::wheel::Wheels;

/// Plans encoded commands and settings, for drawing (`true`) or counting.
pub type Plan = fn(&[u32], &str, bool) -> Result<Box<dyn PlannedScript>, ScriptError>;

/// One family as the wasm facade reaches it.
pub struct Entry {
    pub name: &'static str,
    pub schema: fn() -> Schema,
    pub plan: Plan,
    pub benches: &'static [crate::kernel::Suite],
    /// The family's opcode check, so the tests loop over this table instead of a list of their own.
    #[cfg(test)]
    check_opcodes: fn(),
}

const fn entry<F: Family>() -> Entry {
    Entry {
        name: F::NAME,
        schema: schema::<F>,
        plan: Planned::<F>::boxed,
        benches: F::BENCHES,
        #[cfg(test)]
        check_opcodes: tests::each_op_is_named_by_its_variant::<F::Op>,
    }
}

/// Every family, in the order the web lists them.
pub const FAMILIES: &[Entry] = &[
    entry::<Heaps>(),
    entry::<Wheels>(),
    entry::<Queues>(),
    entry::<Recyclers>(),
];

/// The family called `name`; any other name is an error, never some family's default.
pub fn family(name: &str) -> Result<&'static Entry, ScriptError> {
    FAMILIES.iter().find(|f| f.name == name).ok_or_else(|| {
        ScriptError::request(format!("there is no structure family called \"{name}\""))
    })
}

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
