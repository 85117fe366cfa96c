//! What every family's script shares: commands as the web's parser encodes them, located errors,
//! the grammar and limits the web's parser is built from, and work counted per command.

use std::fmt;

use crate::probe::{Counter, Event, Kind};
use crate::trace::{Field, TraceBuffer};

/// Integers per encoded command: the opcode, then up to three arguments (unused ones are 0).
pub const COMMAND_WIDTH: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawCommand {
    pub op: u32,
    pub args: [u32; 3],
}

/// Decodes `[op, a, b, c]` quadruples.
pub fn decode(flat: &[u32]) -> Result<Vec<RawCommand>, ScriptError> {
    if !flat.len().is_multiple_of(COMMAND_WIDTH) {
        return Err(ScriptError::new(
            0,
            format!("commands must come as groups of {COMMAND_WIDTH} integers"),
        ));
    }
    Ok(flat
        .chunks(COMMAND_WIDTH)
        .map(|c| RawCommand {
            op: c[0],
            args: [c[1], c[2], c[3]],
        })
        .collect())
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    /// The 0-based command at fault.
    pub command: usize,
    pub message: String,
    /// The script is valid but exceeds a size limit (so it may still be counted, if not drawn).
    pub over_limit: bool,
}

impl ScriptError {
    pub fn new(command: usize, message: String) -> Self {
        Self {
            command,
            message,
            over_limit: false,
        }
    }

    pub fn limit(command: usize, message: String) -> Self {
        Self {
            command,
            message,
            over_limit: true,
        }
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "command {}: {}", self.command + 1, self.message)
    }
}

impl std::error::Error for ScriptError {}

/// 1234567 → "1,234,567".
pub fn fmt_count(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// One argument of a command, as the grammar states it.
#[derive(Clone, Copy, Debug)]
pub struct ArgSpec {
    /// What it is, for messages: "a deadline".
    pub what: &'static str,
    pub min: u32,
    pub max: u32,
}

/// One command of the grammar; its opcode is its position in the family's list.
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    pub name: &'static str,
    pub args: &'static [ArgSpec],
    /// An example, for messages: "add 40".
    pub example: &'static str,
}

/// What a family states about itself, for the web: grammar, limits, variants, events, frame.
pub struct Schema {
    pub family: &'static str,
    pub ops: &'static [OpSpec],
    /// Named numbers the help text quotes and the web checks (drawn entities, actions, steps…).
    pub limits: Vec<(&'static str, u64)>,
    /// The structures a script can run on, with their titles and pseudocode listings.
    pub variants: Vec<Variant>,
    pub kinds: &'static [Kind],
    pub fields: Vec<Field>,
}

pub struct Variant {
    pub name: &'static str,
    pub title: &'static str,
    pub pseudocode: &'static [&'static str],
}

/// One action of a planned script (after macros expand), as the player labels it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionInfo {
    /// Which command produced it (0-based).
    pub command: usize,
    /// "add 40", "remove 30 (not queued)".
    pub label: String,
    /// The entity it is about (a timer's sequence number), or −1.
    pub subject: i32,
}

/// A recorded script: the steps, what each action was, and the name of each entity the frame
/// refers to by number.
pub struct Recorded {
    pub trace: TraceBuffer,
    pub actions: Vec<ActionInfo>,
    pub entity_labels: Vec<String>,
}

/// Work per script command (not per action: a macro may expand to a million actions), per kind.
#[derive(Clone, Debug, Default)]
pub struct CommandCounts {
    pub per_command: Vec<Vec<u64>>,
    pub total: Vec<u64>,
}

/// Splits a counter's totals by command: `before(i)` is called ahead of each action, with the
/// command that action came from.
pub struct PerCommand {
    counts: CommandCounts,
    current: usize,
    at_start: Vec<u64>,
}

impl PerCommand {
    pub fn new<E: Event>(commands: usize) -> Self {
        Self {
            counts: CommandCounts {
                per_command: vec![vec![0; E::KINDS.len()]; commands],
                total: vec![0; E::KINDS.len()],
            },
            current: 0,
            at_start: vec![0; E::KINDS.len()],
        }
    }

    pub fn before(&mut self, command: usize, counter: &Counter) {
        if command != self.current {
            self.close(counter);
            self.current = command;
        }
    }

    fn close(&mut self, counter: &Counter) {
        let now: Vec<u64> = (0..self.at_start.len())
            .map(|k| counter.total_of(k))
            .collect();
        if self.current < self.counts.per_command.len() {
            self.counts.per_command[self.current] = crate::probe::minus(&now, &self.at_start);
        }
        self.at_start = now;
    }

    pub fn finish(mut self, counter: &Counter) -> CommandCounts {
        self.close(counter);
        self.counts.total = self.at_start.clone();
        self.counts
    }
}

/// A script planned for one family, ready to be traced or counted on any of its variants.
pub trait PlannedScript {
    /// Whether it fits the drawing limits (a script planned for counting always does).
    fn fits(&self) -> bool;
    fn actions(&self) -> usize;
    /// The most entities alive at once.
    fn max_size(&self) -> usize;
    fn trace(&self, variant: &str) -> Result<Recorded, String>;
    fn count(&self, variant: &str) -> Result<CommandCounts, String>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_round_to_groups_of_three() {
        assert_eq!(fmt_count(5_000_050_000), "5,000,050,000");
        assert_eq!(fmt_count(999), "999");
    }

    #[test]
    fn commands_decode_in_fours_and_errors_name_the_command() {
        let c = decode(&[3, 15, 0, 0, 5, 0, 0, 0]).unwrap();
        assert_eq!(
            c[0],
            RawCommand {
                op: 3,
                args: [15, 0, 0]
            }
        );
        assert!(decode(&[1, 2, 3]).is_err());
        assert_eq!(
            ScriptError::new(3, "boom".into()).to_string(),
            "command 4: boom"
        );
    }
}
