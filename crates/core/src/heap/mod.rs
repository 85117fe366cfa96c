//! The timer heaps: the JDK's `PriorityQueue` (`jdk`) and Netty's `DefaultPriorityQueue`
//! (`indexed`), what they share (their events, where an element can be, their kind), the
//! recorder that draws them, the scripts that drive them and the benchmark kernel.

pub(crate) mod bench;
#[cfg(test)]
mod conformance;
pub(crate) mod indexed;
pub(crate) mod jdk;
pub(crate) mod recorder;
#[cfg(test)]
mod says;
pub(crate) mod script;
pub(crate) mod timer;

pub use indexed::{Handle, IndexedHeap};
pub use jdk::JdkHeap;
pub use timer::Timer;

use std::cmp::Ordering;

use crate::family::{Family, Variant};
use crate::probe::{Event, Kind};
use crate::script::{ActionInfo, CodeSet, PerCommand, RawCommand, RecordOrCount, ScriptError};
use crate::trace::{Fields, TraceBuffer};
use recorder::HeapRecorder;
use script::{
    action_label, commands, plan, run, subject, HeapCommand, IndexedTimers, Limits, Plan,
    TimerQueue, COUNT, DRAW, MAX_STEPS,
};

/// Which heap: `java.util.PriorityQueue` or Netty's `DefaultPriorityQueue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapVariant {
    Jdk,
    Indexed,
}

impl Variant for HeapVariant {
    const ALL: &'static [HeapVariant] = &[HeapVariant::Jdk, HeapVariant::Indexed];
    const NOUN: &'static str = "heap";

    fn name(self) -> &'static str {
        match self {
            HeapVariant::Jdk => "jdk",
            HeapVariant::Indexed => "indexed",
        }
    }

    fn title(self) -> &'static str {
        match self {
            HeapVariant::Jdk => "JDK PriorityQueue",
            HeapVariant::Indexed => "Netty DefaultPriorityQueue",
        }
    }

    fn pseudocode(self) -> &'static [&'static str] {
        match self {
            HeapVariant::Jdk => jdk::PSEUDOCODE,
            HeapVariant::Indexed => indexed::PSEUDOCODE,
        }
    }

    fn counters(self) -> &'static [&'static str] {
        match self {
            HeapVariant::Jdk => &["compare", "equals", "move", "grow"],
            HeapVariant::Indexed => &["compare", "equals", "move", "index", "grow"],
        }
    }
}

/// Where an element is while an operation runs: in an array slot, or held outside the array
/// (the element being sifted, which both heaps keep in a local until they find its slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Slot(usize),
    Held,
    /// The element being removed, already taken out of the array (Netty compares against it).
    Removed,
}

/// The public operations, announced at their start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapOp {
    Offer,
    Poll,
    Remove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapEvent {
    Begin(HeapOp),
    /// The backing array was reallocated from `old` to `new` slots.
    Grow {
        old: usize,
        new: usize,
    },
    /// An ordering comparison: `a.compareTo(b)` gave `ord`.
    Compare {
        a: Loc,
        b: Loc,
        ord: Ordering,
    },
    /// An `equals()` call against the element in `slot`: one per slot of the JDK's linear
    /// search, and Netty's `contains(node, i)` check of the one slot the stored index names.
    Equals {
        slot: usize,
        matched: bool,
    },
    /// An element was written into array slot `to` (from another slot, or from the hand).
    Move {
        from: Loc,
        to: usize,
    },
    /// The element in `slot` was picked up into the hand (a read, not a write of the array).
    Lift {
        slot: usize,
    },
    /// The element in `slot` leaves the structure (returned by poll, or cancelled).
    Take {
        slot: usize,
    },
    /// The last slot was nulled without moving anything into the hand.
    Clear {
        slot: usize,
    },
    /// The element in `slot` stored `index` in itself: its slot, or −1 as it leaves (Netty).
    IndexWrite {
        slot: usize,
        index: i32,
    },
}

pub mod kind {
    pub const BEGIN: usize = 0;
    pub const GROW: usize = 1;
    pub const COMPARE: usize = 2;
    pub const EQUALS: usize = 3;
    pub const MOVE: usize = 4;
    pub const LIFT: usize = 5;
    pub const TAKE: usize = 6;
    pub const CLEAR: usize = 7;
    pub const INDEX: usize = 8;
}

impl Event for HeapEvent {
    const KINDS: &'static [Kind] = &[
        Kind {
            name: "begin",
            counter: None,
        },
        Kind {
            name: "grow",
            counter: Some("array grows"),
        },
        Kind {
            name: "compare",
            counter: Some("comparisons"),
        },
        Kind {
            name: "equals",
            counter: Some("equals() calls"),
        },
        Kind {
            name: "move",
            counter: Some("element moves"),
        },
        Kind {
            name: "lift",
            counter: None,
        },
        Kind {
            name: "take",
            counter: None,
        },
        Kind {
            name: "clear",
            counter: None,
        },
        Kind {
            name: "index",
            counter: Some("index writes"),
        },
    ];

    fn kind(&self) -> usize {
        match self {
            HeapEvent::Begin(_) => kind::BEGIN,
            HeapEvent::Grow { .. } => kind::GROW,
            HeapEvent::Compare { .. } => kind::COMPARE,
            HeapEvent::Equals { .. } => kind::EQUALS,
            HeapEvent::Move { .. } => kind::MOVE,
            HeapEvent::Lift { .. } => kind::LIFT,
            HeapEvent::Take { .. } => kind::TAKE,
            HeapEvent::Clear { .. } => kind::CLEAR,
            HeapEvent::IndexWrite { .. } => kind::INDEX,
        }
    }
}

/// The JDK's default initial capacity (Netty's heap starts the same here).
pub const INITIAL_CAPACITY: usize = 11;

/// The JDK's growth rule: double (plus two) while small, then grow by half.
pub fn grown_capacity(old: usize) -> usize {
    old + if old < 64 { old + 2 } else { old >> 1 }
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
    type Variant = HeapVariant;
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
    fn recorder(kind: HeapVariant, _: &Plan, max_steps: usize) -> HeapRecorder {
        HeapRecorder::new(kind, max_steps)
    }
    /// Records with the recorder itself and counts on an instantiation of its own, not through
    /// one shared probe as the other families do: a counted heap script may make five billion
    /// comparisons, and a recorder one branch away keeps LLVM from counting the JDK's scan in
    /// registers (counting ran 2.0× slower that way; the heap's code is 2 KB of the module).
    fn run(
        kind: HeapVariant,
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
            (RecordOrCount::Record(r), HeapVariant::Jdk) => {
                RecordOrCount::Record(recorded(JdkHeap::with_probe(r), plan))
            }
            (RecordOrCount::Record(r), HeapVariant::Indexed) => {
                RecordOrCount::Record(recorded(IndexedTimers::new(r), plan))
            }
            (RecordOrCount::Count(c), HeapVariant::Jdk) => {
                RecordOrCount::Count(counted(JdkHeap::with_probe(c), plan))
            }
            (RecordOrCount::Count(c), HeapVariant::Indexed) => {
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
