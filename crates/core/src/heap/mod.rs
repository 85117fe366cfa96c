//! The heap family: the JDK's `PriorityQueue` and Netty's `DefaultPriorityQueue` (both in
//! [`crate::priority`], which the wheel family's delay queues share) driven by timers: the timer
//! itself, the scripts that drive the heaps, the recorder that draws them and the benchmark kernel.

pub(crate) mod bench;
pub(crate) mod recorder;
#[cfg(test)]
mod says;
pub(crate) mod script;
pub(crate) mod timer;

pub use timer::Timer;

use crate::family::{Family, Variant};
use crate::priority::{indexed, jdk, HeapEvent, HeapKind, JdkHeap};
use crate::script::{ActionInfo, CodeSet, PerCommand, RawCommand, RecordOrCount, ScriptError};
use crate::trace::{Fields, TraceBuffer};
use recorder::HeapRecorder;
use script::{
    action_label, commands, plan, run, subject, HeapCommand, IndexedTimers, Limits, Plan,
    TimerQueue, COUNT, DRAW, MAX_STEPS,
};

impl Variant for HeapKind {
    const ALL: &'static [HeapKind] = &[HeapKind::Jdk, HeapKind::Indexed];
    const NOUN: &'static str = "heap";

    fn name(self) -> &'static str {
        match self {
            HeapKind::Jdk => "jdk",
            HeapKind::Indexed => "indexed",
        }
    }

    fn title(self) -> &'static str {
        match self {
            HeapKind::Jdk => "JDK PriorityQueue",
            HeapKind::Indexed => "Netty DefaultPriorityQueue",
        }
    }

    fn pseudocode(self) -> &'static [&'static str] {
        match self {
            HeapKind::Jdk => jdk::PSEUDOCODE,
            HeapKind::Indexed => indexed::PSEUDOCODE,
        }
    }

    fn counters(self) -> &'static [&'static str] {
        match self {
            HeapKind::Jdk => &["compare", "equals", "move", "grow"],
            HeapKind::Indexed => &["compare", "equals", "move", "index", "grow"],
        }
    }
}

/// The heap family: the JDK's `PriorityQueue` and Netty's `DefaultPriorityQueue`, driven by
/// timers.
pub struct Heaps;

impl Family for Heaps {
    #[cfg(test)]
    fn says(variant: &str) -> Option<crate::says::Table> {
        says::table(variant)
    }
    const NAME: &'static str = "heap";
    const BENCHES: &'static [crate::kernel::Suite] = crate::heap::bench::SUITES;
    const OLD_VARIANT_PARAM: &'static str = "heap";
    type Command = HeapCommand;
    type Variant = HeapKind;
    type Event = HeapEvent;
    type Plan = Plan;
    type Limits = Limits;
    const DRAW: Limits = DRAW;
    const COUNT: Limits = COUNT;
    const MAX_STEPS: usize = MAX_STEPS;

    fn plan(raw: &[RawCommand], _: &str, limits: Limits) -> Result<Plan, ScriptError> {
        plan(&commands(raw)?, limits)
    }
    fn actions(plan: &Plan) -> usize {
        plan.actions.len()
    }
    fn max_size(plan: &Plan) -> usize {
        plan.max_size
    }
    type Recorder = HeapRecorder;
    type Ran = ();
    fn recorder(kind: HeapKind, _: &Plan, max_steps: usize) -> HeapRecorder {
        HeapRecorder::new(kind, max_steps)
    }
    /// Records with the recorder itself and counts on an instantiation of its own, not through
    /// one shared probe as the other families do: a counted heap script may make five billion
    /// comparisons, and a recorder one branch away keeps LLVM from counting the JDK's scan in
    /// registers (counting ran 2.0× slower that way; the heap's code is 2 KB of the module).
    fn run(
        kind: HeapKind,
        plan: &Plan,
        probe: RecordOrCount<HeapRecorder>,
    ) -> Result<(RecordOrCount<HeapRecorder>, ()), ScriptError> {
        fn recorded<Q: TimerQueue<P = HeapRecorder>>(mut q: Q, plan: &Plan) -> HeapRecorder {
            run(&mut q, plan, |q, i| {
                let layout = q.layout();
                let action = &plan.actions[i].action;
                q.probe().prepare(i, &layout, subject(action));
            });
            q.into_probe()
        }
        // A function of its own: inlined into `run`, beside the recording path, it counted 1.5×
        // slower (`npm run measure:count`, once, on a busy machine).
        #[inline(never)]
        fn counted<Q: TimerQueue<P = PerCommand>>(mut q: Q, plan: &Plan) -> PerCommand {
            run(&mut q, plan, |q, i| {
                q.probe().before(plan.actions[i].command)
            });
            q.into_probe()
        }
        let probe = match (probe, kind) {
            (RecordOrCount::Record(r), HeapKind::Jdk) => {
                RecordOrCount::Record(recorded(JdkHeap::with_probe(r), plan))
            }
            (RecordOrCount::Record(r), HeapKind::Indexed) => {
                RecordOrCount::Record(recorded(IndexedTimers::new(r), plan))
            }
            (RecordOrCount::Count(c), HeapKind::Jdk) => {
                RecordOrCount::Count(counted(JdkHeap::with_probe(c), plan))
            }
            (RecordOrCount::Count(c), HeapKind::Indexed) => {
                RecordOrCount::Count(counted(IndexedTimers::new(c), plan))
            }
        };
        Ok((probe, ()))
    }
    fn action_infos(plan: &Plan, _: &()) -> Vec<ActionInfo> {
        plan.actions
            .iter()
            .map(|a| ActionInfo {
                command: a.command,
                label: action_label(&a.action),
                subject: subject(&a.action).map_or(-1, |t| i32::try_from(t.seq).unwrap_or(-1)),
            })
            .collect()
    }
    fn entity_labels(plan: &Plan) -> Vec<String> {
        plan.timers.iter().map(|t| t.deadline.to_string()).collect()
    }
    fn trace(recorder: HeapRecorder) -> TraceBuffer {
        recorder.trace
    }
    fn limits() -> Vec<(&'static str, u64)> {
        vec![
            ("drawnTimers", DRAW.max_size as u64),
            ("drawnOperations", DRAW.max_actions as u64),
            ("drawnSteps", MAX_STEPS as u64),
            ("countedTimers", COUNT.max_size as u64),
            ("countedOperations", COUNT.max_actions as u64),
            ("countedEquals", COUNT.max_equals),
        ]
    }
    fn fields() -> Fields {
        recorder::fields()
    }
    fn codes() -> Vec<CodeSet> {
        vec![recorder::flag::set()]
    }
}
