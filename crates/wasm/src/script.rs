//! Scripts for any structure family: plan once, then trace (for the player) or count (for the
//! counters) on any of the family's variants. Conversions only; the families live in core.

use hotpath_core::families::{self, RegistryError};
use hotpath_core::schema_json;
use hotpath_core::script::{Place, PlannedScript, Recorded, ScriptError};
use wasm_bindgen::prelude::*;

/// The family names, in the order the web lists them.
#[wasm_bindgen]
pub fn family_names() -> Vec<String> {
    families::FAMILIES
        .iter()
        .map(|f| f.name.to_string())
        .collect()
}

/// A family's grammar, limits, variants, event kinds, frame fields and codes, as JSON.
#[wasm_bindgen]
pub fn family_schema(family: &str) -> Result<String, ScriptFault> {
    let f = families::family(family)?;
    Ok(schema_json::to_json(&(f.schema)()))
}

/// Why a script cannot be planned, traced or counted, as data: the page points at the command or
/// setting at fault without reading the sentence. Thrown in place of an `Error`.
#[wasm_bindgen]
pub struct ScriptFault {
    inner: ScriptError,
}

impl From<ScriptError> for ScriptFault {
    fn from(inner: ScriptError) -> Self {
        Self { inner }
    }
}

/// An unknown family is the request's fault, not a command's. (Not inlined: each copy of the
/// sentence's formatting costs the wasm.)
impl From<RegistryError> for ScriptFault {
    #[inline(never)]
    fn from(e: RegistryError) -> Self {
        ScriptError::request(e.to_string()).into()
    }
}

#[wasm_bindgen]
impl ScriptFault {
    /// The 0-based command at fault, if a command is.
    #[wasm_bindgen(getter)]
    pub fn command(&self) -> Option<u32> {
        self.inner.command().map(|c| c as u32)
    }

    /// The setting at fault ("schedule"), if a setting is.
    #[wasm_bindgen(getter)]
    pub fn setting(&self) -> Option<String> {
        match self.inner.place {
            Place::Setting(s) => Some(s.to_string()),
            _ => None,
        }
    }

    /// A valid script past a size limit (count it instead of drawing it).
    #[wasm_bindgen(getter, js_name = overLimit)]
    pub fn over_limit(&self) -> bool {
        self.inner.over_limit
    }

    /// The reason alone: "there is no timer 4; cancel names a timer added earlier".
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.inner.message.clone()
    }

    /// The sentence the page shows, saying where: "command 2: there is no timer 4; …".
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.inner.to_string()
    }
}

#[wasm_bindgen]
pub struct Script {
    inner: Box<dyn PlannedScript>,
}

#[wasm_bindgen]
impl Script {
    /// Plans encoded commands (`[opcode, a, b, c, thread]` each) and settings (`name=value`
    /// lines) for drawing (`draw`) or counting. A valid script too big to draw is not an error:
    /// `fits` is then false.
    #[wasm_bindgen(constructor)]
    pub fn new(
        family: &str,
        commands: &[u32],
        settings: &str,
        draw: bool,
    ) -> Result<Script, ScriptFault> {
        let inner = (families::family(family)?.plan)(commands, settings, draw)?;
        Ok(Script { inner })
    }

    #[wasm_bindgen(getter)]
    pub fn fits(&self) -> bool {
        self.inner.fits()
    }

    #[wasm_bindgen(getter)]
    pub fn actions(&self) -> usize {
        self.inner.actions()
    }

    #[wasm_bindgen(getter, js_name = maxSize)]
    pub fn max_size(&self) -> usize {
        self.inner.max_size()
    }

    pub fn trace(&self, variant: &str) -> Result<Trace, ScriptFault> {
        Ok(Trace {
            inner: self.inner.trace(variant)?,
        })
    }

    /// Counts per command, each a run of one count per event kind, then the totals: flattened.
    pub fn count(&self, variant: &str) -> Result<Vec<f64>, ScriptFault> {
        let c = self.inner.count(variant)?;
        Ok(c.per_command
            .iter()
            .chain(std::iter::once(&c.total))
            .flat_map(|k| k.iter().map(|&x| x as f64))
            .collect())
    }
}
/// A recorded script, copied out once: frame, steps, writes, and the sentences as one string.
#[wasm_bindgen]
pub struct Trace {
    inner: Recorded,
}

#[wasm_bindgen]
impl Trace {
    #[wasm_bindgen(js_name = initialFrame)]
    pub fn initial_frame(&self) -> Vec<i32> {
        self.inner.trace.initial.clone()
    }

    /// `[action, line, kind, a, b, first write]` per step.
    pub fn steps(&self) -> Vec<i32> {
        self.inner.trace.steps.clone()
    }

    /// `[offset, value]` pairs, every step's in order.
    pub fn writes(&self) -> Vec<i32> {
        self.inner.trace.writes.clone()
    }

    /// Every step's sentence, one per line: one string crosses the boundary, and the page
    /// slices out a step's sentence only when it shows it.
    pub fn texts(&self) -> String {
        self.inner.trace.texts.join("\n")
    }

    #[wasm_bindgen(getter)]
    pub fn overflowed(&self) -> bool {
        self.inner.trace.overflowed
    }

    /// The command each action came from.
    #[wasm_bindgen(js_name = actionCommands)]
    pub fn action_commands(&self) -> Vec<u32> {
        self.inner
            .actions
            .iter()
            .map(|a| a.command as u32)
            .collect()
    }

    #[wasm_bindgen(js_name = actionLabels)]
    pub fn action_labels(&self) -> Vec<String> {
        self.inner.actions.iter().map(|a| a.label.clone()).collect()
    }

    /// The entity each action is about, or −1.
    #[wasm_bindgen(js_name = actionSubjects)]
    pub fn action_subjects(&self) -> Vec<i32> {
        self.inner.actions.iter().map(|a| a.subject).collect()
    }

    /// The name of every entity the frame refers to by number (a timer's deadline).
    #[wasm_bindgen(js_name = entityLabels)]
    pub fn entity_labels(&self) -> Vec<String> {
        self.inner.entity_labels.clone()
    }
}
