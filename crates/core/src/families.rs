//! The structure families the web can script, by name: the one place a new family is added.

use crate::script::{decode, PlannedScript, Schema, ScriptError};
use crate::timer_script::{self, HeapScript};
use crate::wheel_script::{self, WheelScript};

/// Every family's name, in the order the web lists them.
pub const FAMILIES: &[&str] = &["heap", "wheel"];

pub fn schema(family: &str) -> Option<Schema> {
    match family {
        "heap" => Some(timer_script::schema()),
        "wheel" => Some(wheel_script::schema()),
        _ => None,
    }
}

/// Plans an encoded script for `family`, for drawing (within the drawing limits, else
/// `fits()` is false) or for counting.
pub fn plan(family: &str, flat: &[u32], draw: bool) -> Result<Box<dyn PlannedScript>, ScriptError> {
    let commands = decode(flat)?;
    match family {
        "heap" => Ok(Box::new(HeapScript::new(&commands, draw)?)),
        "wheel" => Ok(Box::new(WheelScript::new(&commands, draw)?)),
        other => Err(ScriptError::new(
            0,
            format!("there is no structure family called \"{other}\""),
        )),
    }
}
