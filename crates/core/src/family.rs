//! What a structure family implements to be scripted, drawn and counted: one [`Family`] trait,
//! and the one [`PlannedScript`] every family's scripts share ([`Planned`]).

use std::fmt::Write;

use crate::probe::Event;
use crate::script::{
    check_settings, decode, quoted, ActionInfo, CodeSet, CommandCounts, Opcode, PerCommand,
    PlannedScript, RawCommand, RecordOrCount, Recorded, Schema, ScriptError, SettingSpec,
    VariantSpec,
};
use crate::trace::{Fields, TraceBuffer};

/// The structures one family's script runs on: the JDK's heap and Netty's, the four queues.
pub trait Variant: Copy + PartialEq + 'static {
    const ALL: &'static [Self];
    /// What one is called in a message: "heap", "queue".
    const NOUN: &'static str;
    /// As the web and its links name it: "jdk".
    fn name(self) -> &'static str;
    /// As a heading names it: "JDK PriorityQueue".
    fn title(self) -> &'static str;
    fn pseudocode(self) -> &'static [&'static str];
    /// The event kinds its counters show, by name, in order.
    fn counters(self) -> &'static [&'static str];

    fn parse(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.name() == name)
    }
}

/// The variant called `name`, or an error listing them: `unknown heap "x"; expected jdk or indexed`.
pub fn variant<V: Variant>(name: &str) -> Result<V, ScriptError> {
    V::parse(name).ok_or_else(|| {
        let names: Vec<&str> = V::ALL.iter().map(|v| v.name()).collect();
        ScriptError::request(format!(
            "unknown {} {}; expected {}",
            V::NOUN,
            quoted(name),
            or_list(&names)
        ))
    })
}

/// "a, b or c".
pub fn or_list(items: &[&str]) -> String {
    let mut out = String::new();
    for (i, item) in items.iter().enumerate() {
        let sep = match i {
            0 => "",
            _ if i + 1 == items.len() => " or ",
            _ => ", ",
        };
        let _ = write!(out, "{sep}{item}");
    }
    out
}

/// A structure family: its grammar, its variants, how a script is planned, and how a plan is
/// recorded (for the player) or counted (for scripts too big to draw).
pub trait Family: 'static {
    /// Its name in the registry, the web's family modules and the embed route (`/embed/heap`).
    const NAME: &'static str;
    /// The name links gave the variant before every family read `variant=` (`heap=jdk`): still
    /// read, so links made then keep opening. None (`""`) for a family made since.
    const OLD_VARIANT_PARAM: &'static str = "";
    /// Whether commands may name the thread they run on (`P1: offer 5`).
    const THREADS: bool = false;
    const SETTINGS: &'static [SettingSpec] = &[];
    /// Its benchmark suites (`kernel::Suite`), each built from a row's parameters by name.
    const BENCHES: &'static [crate::kernel::Suite] = &[];
    /// The simulations its lessons drive tick by tick (`crate::simulation::Spec`), by name.
    const SIMULATIONS: &'static [crate::simulation::Spec] = &[];
    type Command: Opcode + std::fmt::Debug;
    type Variant: Variant;
    type Event: Event;
    /// A script made ready to run on any variant.
    type Plan;
    /// What a script may ask for: how many entities, operations…
    type Limits: Copy;
    /// What a drawn script may ask for (what the views show and a player steps through).
    const DRAW: Self::Limits;
    /// What a counted script may ask for.
    const COUNT: Self::Limits;
    /// The most steps a drawn trace keeps.
    const MAX_STEPS: usize;

    /// Plans a script within `limits`; an error `over_limit` when drawing means "count it
    /// instead".
    fn plan(
        raw: &[RawCommand],
        settings: &str,
        limits: Self::Limits,
    ) -> Result<Self::Plan, ScriptError>;
    fn actions(plan: &Self::Plan) -> usize;
    /// The most entities alive at once.
    fn max_size(plan: &Self::Plan) -> usize;
    /// What draws a run: its frames, step by step.
    type Recorder;
    /// What a run tells besides its probe (the queues: what each action did; else nothing).
    type Ran;
    /// A recorder for one variant, keeping at most `max_steps`.
    fn recorder(variant: Self::Variant, plan: &Self::Plan, max_steps: usize) -> Self::Recorder;
    /// What a step on each line of a variant's listing may say (the family's `says.rs`), for
    /// `crate::says`'s check of every step's sentence against its line.
    #[cfg(test)]
    fn says(variant: &str) -> Option<crate::says::Table>;
    /// Runs the plan on one variant with a recorder or a counter: one driver, compiled once for
    /// both.
    fn run(
        variant: Self::Variant,
        plan: &Self::Plan,
        probe: RecordOrCount<Self::Recorder>,
    ) -> Result<(RecordOrCount<Self::Recorder>, Self::Ran), ScriptError>;
    /// What each action was, once a drawn run is done.
    fn action_infos(plan: &Self::Plan, ran: &Self::Ran) -> Vec<ActionInfo>;
    /// The name of every entity the frame refers to by number (a timer's deadline).
    fn entity_labels(plan: &Self::Plan) -> Vec<String>;
    /// The steps a recorder kept.
    fn trace(recorder: Self::Recorder) -> TraceBuffer;

    /// Runs the plan on one variant with the family's recorder, keeping at most `max_steps`.
    fn record(
        variant: Self::Variant,
        plan: &Self::Plan,
        max_steps: usize,
    ) -> Result<Recorded, ScriptError> {
        let recorder = Self::recorder(variant, plan, max_steps);
        let (probe, ran) = Self::run(variant, plan, RecordOrCount::Record(recorder))?;
        Ok(Recorded {
            trace: Self::trace(probe.into_recorder()),
            actions: Self::action_infos(plan, &ran),
            entity_labels: Self::entity_labels(plan),
        })
    }
    /// Runs the plan on one variant with the counter: work per command, per event kind.
    fn count(
        variant: Self::Variant,
        plan: &Self::Plan,
        commands: usize,
    ) -> Result<CommandCounts, ScriptError> {
        let counter = PerCommand::new::<Self::Event>(commands);
        let (probe, _) = Self::run(variant, plan, RecordOrCount::Count(counter))?;
        Ok(probe.into_counts())
    }

    /// Named numbers the help text quotes and the web checks.
    fn limits() -> Vec<(&'static str, u64)>;
    /// The frame's fields (the counters are added after them).
    fn fields() -> Fields;
    /// The codes the frame stores, by name.
    fn codes() -> Vec<CodeSet> {
        Vec::new()
    }
}

/// What a family states about itself, for the web.
pub fn schema<F: Family>() -> Schema {
    Schema {
        family: F::NAME,
        old_variant_param: F::OLD_VARIANT_PARAM,
        ops: F::Command::OPS,
        threads: F::THREADS,
        settings: F::SETTINGS,
        limits: F::limits(),
        variants: F::Variant::ALL
            .iter()
            .map(|&v| VariantSpec {
                name: v.name(),
                title: v.title(),
                pseudocode: v.pseudocode(),
                counters: v.counters(),
            })
            .collect(),
        kinds: F::Event::KINDS,
        fields: TraceBuffer::layout::<F::Event>(F::fields()).fields,
        codes: F::codes(),
    }
}

/// A family's script, planned for drawing or for counting.
pub struct Planned<F: Family> {
    /// `None`: valid, but past the drawing limits (the web plans it again for counting).
    plan: Option<F::Plan>,
    commands: usize,
}

impl<F: Family> Planned<F> {
    /// Plans encoded commands and `name=value` settings. Families without threads refuse a
    /// command that names one, and every setting they do not take.
    pub fn new(raw: &[RawCommand], settings: &str, draw: bool) -> Result<Self, ScriptError> {
        if !F::THREADS {
            if let Some(i) = raw.iter().position(|c| c.thread != 0) {
                return Err(ScriptError::new(
                    i,
                    format!("{} scripts do not name threads", F::NAME),
                ));
            }
            check_settings(settings, F::SETTINGS)?;
        }
        let limits = if draw { F::DRAW } else { F::COUNT };
        let plan = match F::plan(raw, settings, limits) {
            Ok(p) => Some(p),
            Err(e) if draw && e.over_limit => None,
            Err(e) => Err(e)?,
        };
        Ok(Self {
            plan,
            commands: raw.len(),
        })
    }

    /// Decodes `[op, a, b, c, thread]` groups, then plans them.
    pub fn boxed(
        flat: &[u32],
        settings: &str,
        draw: bool,
    ) -> Result<Box<dyn PlannedScript>, ScriptError> {
        Ok(Box::new(Self::new(&decode(flat)?, settings, draw)?))
    }

    pub fn plan(&self) -> Result<&F::Plan, ScriptError> {
        self.plan.as_ref().ok_or_else(|| ScriptError {
            over_limit: true,
            ..ScriptError::request("the script is too big to draw".into())
        })
    }
}

impl<F: Family> PlannedScript for Planned<F> {
    fn fits(&self) -> bool {
        self.plan.is_some()
    }
    fn actions(&self) -> usize {
        self.plan.as_ref().map_or(0, F::actions)
    }
    fn max_size(&self) -> usize {
        self.plan.as_ref().map_or(0, F::max_size)
    }
    fn trace(&self, name: &str) -> Result<Recorded, ScriptError> {
        F::record(variant(name)?, self.plan()?, F::MAX_STEPS)
    }
    fn count(&self, name: &str) -> Result<CommandCounts, ScriptError> {
        F::count(variant(name)?, self.plan()?, self.commands)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_english() {
        assert_eq!(or_list(&["jdk", "indexed"]), "jdk or indexed");
        assert_eq!(
            or_list(&["clq", "abq", "spsc", "mpsc"]),
            "clq, abq, spsc or mpsc"
        );
        assert_eq!(or_list(&["one"]), "one");
    }
}
