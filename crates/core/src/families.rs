//! The structure families the web can script, by name: the one place a new family is added.

use crate::heap::script::{self as heap_script, HeapScript};
use crate::queue::script::{self as queue_script, QueueScript};
use crate::recycler::script::{self as recycler_script, RecyclerScript};
use crate::script::{decode, parse_settings, PlannedScript, Schema, ScriptError};
use crate::wheel::script::{self as wheel_script, WheelScript};

/// Every family's name, in the order the web lists them.
pub const FAMILIES: &[&str] = &["heap", "wheel", "queue", "recycler"];

pub fn schema(family: &str) -> Option<Schema> {
    match family {
        "heap" => Some(heap_script::schema()),
        "wheel" => Some(wheel_script::schema()),
        "queue" => Some(queue_script::schema()),
        "recycler" => Some(recycler_script::schema()),
        _ => None,
    }
}

/// Plans an encoded script and its settings (`name=value` lines) for `family`, for drawing
/// (within the drawing limits, else `fits()` is false) or for counting.
pub fn plan(
    family: &str,
    flat: &[u32],
    settings: &str,
    draw: bool,
) -> Result<Box<dyn PlannedScript>, ScriptError> {
    let spec = schema(family).ok_or_else(|| {
        ScriptError::new(
            0,
            format!("there is no structure family called \"{family}\""),
        )
    })?;
    let commands = decode(flat)?;
    if !spec.threads {
        if let Some(i) = commands.iter().position(|c| c.thread != 0) {
            return Err(ScriptError::new(
                i,
                format!("{family} scripts do not name threads"),
            ));
        }
        parse_settings(settings, spec.settings)?;
    }
    match family {
        "heap" => Ok(Box::new(HeapScript::new(&commands, draw)?)),
        "wheel" => Ok(Box::new(WheelScript::new(&commands, draw)?)),
        "queue" => Ok(Box::new(QueueScript::new(&commands, settings, draw)?)),
        _ => Ok(Box::new(RecyclerScript::new(&commands, settings, draw)?)),
    }
}
