//! What every family's script shares: commands as the web's parser encodes them, located errors,
//! the grammar and limits the web's parser is built from, and work counted per command.

use std::fmt;

use crate::probe::{Counter, Event, Kind, Probe};
use crate::trace::{Field, TraceBuffer};

mod counts;
pub use counts::{CommandCounts, PerCommand, RecordOrCount};

/// Integers per encoded command: the opcode, up to three arguments (unused ones are 0), and the
/// thread it runs on (always 0 for families without threads).
pub const COMMAND_WIDTH: usize = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawCommand {
    pub op: u32,
    pub args: [u32; 3],
    /// The thread's number: its place in the `threads` setting (the order names first appear).
    pub thread: u32,
}

/// Decodes `[op, a, b, c, thread]` groups.
///
/// ```
/// use hotpath_core::script::decode;
///
/// let commands = decode(&[1, 42, 0, 0, 0, 2, 0, 0, 0, 1]).unwrap();
/// assert_eq!((commands[1].op, commands[1].thread), (2, 1));
/// let err = decode(&[1, 42, 0]).unwrap_err();
/// assert_eq!(err.to_string(), "commands must come as groups of 5 integers");
/// ```
pub fn decode(flat: &[u32]) -> Result<Vec<RawCommand>, ScriptError> {
    if !flat.len().is_multiple_of(COMMAND_WIDTH) {
        return Err(ScriptError::request(format!(
            "commands must come as groups of {COMMAND_WIDTH} integers"
        )));
    }
    Ok(flat
        .chunks(COMMAND_WIDTH)
        .map(|c| RawCommand {
            op: c[0],
            args: [c[1], c[2], c[3]],
            thread: c[4],
        })
        .collect())
}

/// Where a script went wrong: what the page points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A command, 0-based.
    Command(usize),
    /// A setting ("schedule") rather than a command.
    Setting(&'static str),
    /// The request as a whole (an unknown family or variant, a malformed encoding, a script too
    /// big to draw): nothing the reader typed is at fault.
    Request,
}

/// A script the planner refuses, as data: the web places it from `place` and shows `Display`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub place: Place,
    pub message: String,
    /// The script is valid but exceeds a size limit (so it may still be counted, if not drawn).
    pub over_limit: bool,
}

impl ScriptError {
    pub fn new(command: usize, message: String) -> Self {
        Self {
            place: Place::Command(command),
            message,
            over_limit: false,
        }
    }

    pub fn limit(command: usize, message: String) -> Self {
        Self {
            over_limit: true,
            ..Self::new(command, message)
        }
    }

    /// An error in a setting rather than a command: "schedule: …".
    pub fn in_setting(setting: &'static str, message: String) -> Self {
        Self {
            place: Place::Setting(setting),
            message,
            over_limit: false,
        }
    }

    pub fn request(message: String) -> Self {
        Self {
            place: Place::Request,
            message,
            over_limit: false,
        }
    }

    /// The 0-based command at fault, if a command is.
    pub fn command(&self) -> Option<usize> {
        match self.place {
            Place::Command(c) => Some(c),
            _ => None,
        }
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Place::Command(c) => write!(f, "command {}: {}", c + 1, self.message),
            Place::Setting(s) => write!(f, "{s}: {}", self.message),
            Place::Request => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ScriptError {}

/// Something a reader typed, quoted in a message: whole when short, else its first 40
/// characters and its length, so a 400-digit capacity cannot make a message 4,000 pixels wide.
pub fn quoted(text: &str) -> String {
    const SHOWN: usize = 40;
    let n = text.chars().count();
    if n <= SHOWN {
        format!("\"{text}\"")
    } else {
        let head: String = text.chars().take(SHOWN).collect();
        format!("\"{head}…\" ({n} characters)")
    }
}

/// Settings as the web sends them: `name=value` lines, each named among `known` (by its index
/// there). Unknown or repeated names are errors, so a typo is never silently ignored.
pub fn check_settings(
    text: &str,
    known: &[SettingSpec],
) -> Result<Vec<(usize, String)>, ScriptError> {
    let mut out: Vec<(usize, String)> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (name, value) = line.split_once('=').unwrap_or((line, ""));
        let i = known
            .iter()
            .position(|s| s.name == name.trim())
            .ok_or_else(|| {
                let names: Vec<&str> = known.iter().map(|s| s.name).collect();
                ScriptError::request(if names.is_empty() {
                    format!("this family takes no settings, not {}", quoted(name.trim()))
                } else {
                    format!(
                        "there is no setting {}; expected {}",
                        quoted(name.trim()),
                        names.join(", ")
                    )
                })
            })?;
        if out.iter().any(|(n, _)| *n == i) {
            return Err(ScriptError::in_setting(known[i].name, "given twice".into()));
        }
        out.push((i, value.trim().to_string()));
    }
    Ok(out)
}

/// A family's settings, as `settings!` declares them: each variant beside its spec.
pub trait Setting: Copy + 'static {
    const ALL: &'static [Self];
    const SPECS: &'static [SettingSpec];
}

/// The settings in `text`, as the family's enum: its planner matches on every variant, so a
/// setting declared and not handled fails to compile instead of reaching a catch-all.
pub fn parse_settings<S: Setting>(text: &str) -> Result<Vec<(S, String)>, ScriptError> {
    Ok(check_settings(text, S::SPECS)?
        .into_iter()
        .map(|(i, v)| (S::ALL[i], v))
        .collect())
}

fn valid_thread_name(n: &str) -> bool {
    let mut c = n.chars();
    matches!(c.next(), Some(f) if f.is_ascii_alphabetic())
        && n.len() <= 12
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// The `threads` setting of a family with threads: names separated by commas, each a letter then
/// up to 11 letters, digits or `_`, none twice (ignoring case).
pub fn parse_thread_names(value: &str) -> Result<Vec<String>, ScriptError> {
    let names: Vec<String> = value
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    if let Some(bad) = names.iter().find(|n| !valid_thread_name(n)) {
        return Err(ScriptError::in_setting(
            "threads",
            format!(
                "{} is not a thread name: a letter, then up to 11 letters, digits or _",
                quoted(bad)
            ),
        ));
    }
    for (i, n) in names.iter().enumerate() {
        if names[..i].iter().any(|m| m.eq_ignore_ascii_case(n)) {
            return Err(ScriptError::in_setting(
                "threads",
                format!("{} is named twice", quoted(n)),
            ));
        }
    }
    Ok(names)
}

/// The thread a script that names none runs on.
pub const MAIN: &str = "T";

/// A threaded script's threads: the `threads` setting's names, or `MAIN` alone; at most `max`
/// (past it the script is over a drawing limit when `max` is below `counted_max`, else invalid).
pub fn script_threads(
    mut names: Vec<String>,
    max: usize,
    counted_max: usize,
) -> Result<Vec<String>, ScriptError> {
    if names.is_empty() {
        names.push(MAIN.to_string());
    }
    if names.len() > max {
        return Err(ScriptError {
            over_limit: max < counted_max,
            ..ScriptError::in_setting(
                "threads",
                format!(
                    "{} threads are more than the {max} allowed here",
                    names.len()
                ),
            )
        });
    }
    Ok(names)
}

/// The thread command `command` runs on, checked against the script's threads.
pub fn command_thread(command: usize, thread: u32, names: &[String]) -> Result<usize, ScriptError> {
    let thread = thread as usize;
    if thread >= names.len() {
        return Err(ScriptError::new(
            command,
            format!("thread number {thread} is not in the threads setting"),
        ));
    }
    Ok(thread)
}

/// A family's commands, as an enum declared with its grammar (see `opcodes!`): entry `i` of
/// `OPS` is the grammar of `ALL[i]`, and opcode `i` on the wire means `ALL[i]`.
pub trait Opcode: Copy + 'static {
    const ALL: &'static [Self];
    const OPS: &'static [OpSpec];
}

/// A command checked against its family's grammar: a known operation, every argument in range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command<O> {
    pub op: O,
    pub args: [u32; 3],
    pub thread: u32,
}

/// Checks every command's opcode and arguments (the web's parser checks the same; this is the
/// last word, for any caller).
pub fn commands<O: Opcode>(raw: &[RawCommand]) -> Result<Vec<Command<O>>, ScriptError> {
    raw.iter()
        .enumerate()
        .map(|(command, c)| {
            let i = c.op as usize;
            let (op, spec) = O::ALL
                .get(i)
                .zip(O::OPS.get(i))
                .ok_or_else(|| ScriptError::new(command, format!("unknown opcode {}", c.op)))?;
            for (arg, &a) in spec.args.iter().zip(&c.args) {
                if a < arg.min || a > arg.max {
                    return Err(ScriptError::new(
                        command,
                        format!(
                            "{} takes {} from {} to {}, not {}",
                            spec.name,
                            arg.what,
                            fmt_count(arg.min.into()),
                            fmt_count(arg.max.into()),
                            fmt_count(a.into())
                        ),
                    ));
                }
            }
            Ok(Command {
                op: *op,
                args: c.args,
                thread: c.thread,
            })
        })
        .collect()
}

/// Declares a structure's pseudocode once, each line beside the name the code highlights it by:
/// `line::NAME` is its index in `PSEUDOCODE`, so a name can only ever point at the text written
/// beside it (the constants were numbered by hand before, with nothing tying them to the text).
/// A module with two listings names each: `mod spsc_line, const SPSC_PSEUDOCODE;` first.
macro_rules! pseudocode {
    (mod $module:ident, const $listing:ident; $($name:ident => $text:expr,)+) => {
        /// Pseudocode lines the probe is told about, by name; the listing's entry at a name's index is its text.
        /// Every line has a name, whether or not a probe call highlights it (a family whose
        /// recorder highlights lines from its events names only some: the rest are for its tests).
        #[allow(dead_code)]
        pub mod $module {
            #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
            #[repr(u8)]
            enum Index {
                $($name,)+
            }
            $(pub const $name: u8 = Index::$name as u8;)+
        }

        pub const $listing: &[&str] = &[$($text,)+];
    };
    ($($name:ident => $text:expr,)+) => {
        pseudocode! { mod line, const PSEUDOCODE; $($name => $text,)+ }
    };
}

/// An enum declared beside its specs, one list: `$name::ALL[i]` is the variant of `$specs[i]`.
/// What `opcodes!` and `settings!` expand to.
macro_rules! declared_enum {
    ($trait:ident, $specs:ident: $spec_ty:ident; $(#[$m:meta])* $vis:vis enum $name:ident {
        $($(#[$vm:meta])* $variant:ident = $spec:expr,)+
    }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name {
            $($(#[$vm])* $variant,)+
        }

        impl $crate::script::$trait for $name {
            const ALL: &'static [Self] = &[$($name::$variant,)+];
            const $specs: &'static [$crate::script::$spec_ty] = &[$($spec,)+];
        }
    };
}

/// Declares a family's commands once: the enum the planner matches on, and the grammar the web's
/// parser is built from, in one list, so an opcode can only mean the entry written beside it.
macro_rules! opcodes {
    ($($t:tt)*) => { declared_enum! { Opcode, OPS: OpSpec; $($t)* } };
}

/// Declares a family's settings once, as `opcodes!` does its commands: the enum its planner
/// matches on (no catch-all) and the specs the schema and the parser read, in one list.
macro_rules! settings {
    ($($t:tt)*) => { declared_enum! { Setting, SPECS: SettingSpec; $($t)* } };
}

/// The setting every threaded family takes: its threads' names, in order of first appearance.
pub const THREAD_NAMES: SettingSpec = SettingSpec {
    name: "threads",
    what: "the threads' names, in order of first appearance",
    default: "",
};

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

/// One command of the grammar; its opcode is its position in the family's list (`opcodes!`).
#[derive(Clone, Copy, Debug)]
pub struct OpSpec {
    pub name: &'static str,
    pub args: &'static [ArgSpec],
    /// An example, for messages: "add 40".
    pub example: &'static str,
}

/// A setting a family's scripts take besides the commands (a queue's capacity, a schedule).
#[derive(Clone, Copy, Debug)]
pub struct SettingSpec {
    pub name: &'static str,
    /// What it is, for help and messages: "the bounded queues' capacity".
    pub what: &'static str,
    pub default: &'static str,
}

/// What a family states about itself, for the web: grammar, limits, variants, events, frame, and
/// the codes its frame stores.
pub struct Schema {
    pub family: &'static str,
    /// The family's older name for the `variant=` link parameter (`heap=jdk`), still read.
    pub old_variant_param: &'static str,
    pub ops: &'static [OpSpec],
    /// Whether commands may name the thread they run on (`P1: offer 5`).
    pub threads: bool,
    pub settings: &'static [SettingSpec],
    /// Named numbers the help text quotes and the web checks (drawn entities, actions, steps…).
    pub limits: Vec<(&'static str, u64)>,
    /// The structures a script can run on, with their titles, pseudocode and counters.
    pub variants: Vec<VariantSpec>,
    pub kinds: &'static [Kind],
    pub fields: Vec<Field>,
    pub codes: Vec<CodeSet>,
}

pub struct VariantSpec {
    pub name: &'static str,
    pub title: &'static str,
    pub pseudocode: &'static [&'static str],
    /// The event kinds its counters show, by name, in order.
    pub counters: &'static [&'static str],
}

/// Named integers a frame stores (a thread's state, the field a step touched, a fault), so the
/// web reads them by name instead of copying the numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeSet {
    pub name: &'static str,
    pub codes: Vec<Code>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    pub name: String,
    pub value: i64,
    /// What the page shows for it, where that is not its name (an exception's Java text).
    pub text: Option<&'static str>,
}

/// Declares codes a frame stores once: constants for Rust, and the set the schema exports.
macro_rules! codes {
    ($(#[$m:meta])* $vis:vis mod $name:ident {
        $($(#[$cm:meta])* $code:ident = $value:expr,)+
    }) => {
        $(#[$m])*
        $vis mod $name {
            $($(#[$cm])* pub const $code: i32 = $value;)+

            /// Every code, for the schema.
            pub fn set() -> $crate::script::CodeSet {
                $crate::script::CodeSet {
                    name: stringify!($name),
                    codes: vec![$($crate::script::Code {
                        name: stringify!($code).to_string(),
                        value: i64::from($code),
                        text: None,
                    },)+],
                }
            }
        }
    };
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

/// A script planned for one family, ready to be traced or counted on any of its variants (what
/// the wasm facade holds; every family's is `crate::family::Planned`).
pub trait PlannedScript {
    /// Whether it fits the drawing limits (a script planned for counting always does).
    fn fits(&self) -> bool;
    fn actions(&self) -> usize;
    /// The most entities alive at once.
    fn max_size(&self) -> usize;
    fn trace(&self, variant: &str) -> Result<Recorded, ScriptError>;
    fn count(&self, variant: &str) -> Result<CommandCounts, ScriptError>;
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
    fn commands_decode_in_fives_and_errors_name_their_place() {
        let c = decode(&[3, 15, 0, 0, 0, 5, 0, 0, 0, 2]).unwrap();
        assert_eq!(
            c[0],
            RawCommand {
                op: 3,
                args: [15, 0, 0],
                thread: 0
            }
        );
        assert_eq!(c[1].thread, 2);
        assert!(decode(&[1, 2, 3]).is_err());
        assert_eq!(
            ScriptError::new(3, "boom".into()).to_string(),
            "command 4: boom"
        );
        assert_eq!(
            ScriptError::in_setting("schedule", "no thread X".into()).to_string(),
            "schedule: no thread X"
        );
        assert_eq!(
            ScriptError::request("no such family".into()).to_string(),
            "no such family"
        );
    }

    #[test]
    fn settings_reject_unknown_and_repeated_names() {
        settings! {
            enum Only {
                Capacity = SettingSpec {
                    name: "capacity",
                    what: "a capacity",
                    default: "8",
                },
            }
        }
        assert_eq!(
            parse_settings::<Only>("capacity=4\n").unwrap(),
            vec![(Only::Capacity, "4".to_string())]
        );
        assert!(parse_settings::<Only>("capcity=4")
            .unwrap_err()
            .message
            .contains("expected capacity"));
        assert!(parse_settings::<Only>("capacity=4\ncapacity=5").is_err());
        assert!(check_settings("x=1", &[])
            .unwrap_err()
            .message
            .contains("no settings"));
    }
}
