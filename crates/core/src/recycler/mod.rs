//! Netty's Recycler before its 2014 rewrite (`stack`, with the assertion's `identity_map`) and
//! after it (`weak_order`), and what the two share: the operations a script asks of them on
//! virtual threads, the exceptions the Java code threw, the events both report, and how a
//! recorder sees their state after every event.
//!
//! Threads are numbers; "the current thread" is an argument, so cross-thread recycling can be
//! stepped deterministically. Objects are numbered in the order the recycler allocated them.

pub(crate) mod bench;
#[cfg(test)]
mod conformance;
pub(crate) mod identity_map;
pub(crate) mod probed;
pub(crate) mod recorder;
#[cfg(test)]
mod says;
pub(crate) mod script;
pub(crate) mod stack;
pub(crate) mod weak_order;

pub use stack::StackRecycler;
pub use weak_order::WeakOrderRecycler;

use crate::family::{Family, Variant};
use crate::probe::{Counter, Event, Kind, NoProbe, Probe};
use crate::script::{
    ActionInfo, Code, CodeSet, RawCommand, RecordOrCount, ScriptError, SettingSpec,
};
use crate::trace::{Fields, TraceBuffer};
use recorder::RecyclerRecorder;
use script::{
    action_label, plan, run, Limits, Plan, RecyclerCommand, COUNT, DRAW, MAX_STEPS, SETTINGS,
};

/// Which Recycler: Netty 4.0.20's or the rewrite in 4.0.21.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecyclerVariant {
    Before,
    After,
}

impl Variant for RecyclerVariant {
    const ALL: &'static [RecyclerVariant] = &[RecyclerVariant::Before, RecyclerVariant::After];
    const NOUN: &'static str = "recycler";

    fn name(self) -> &'static str {
        match self {
            RecyclerVariant::Before => "before",
            RecyclerVariant::After => "after",
        }
    }

    fn title(self) -> &'static str {
        match self {
            RecyclerVariant::Before => "Recycler before (4.0.20)",
            RecyclerVariant::After => "Recycler after (4.0.21)",
        }
    }

    fn pseudocode(self) -> &'static [&'static str] {
        match self {
            RecyclerVariant::Before => stack::PSEUDOCODE,
            RecyclerVariant::After => weak_order::PSEUDOCODE,
        }
    }

    fn counters(self) -> &'static [&'static str] {
        match self {
            RecyclerVariant::Before => &[
                "allocate",
                "pop",
                "push",
                "grow",
                "map_update",
                "map_probe",
                "drop",
                "fault",
            ],
            RecyclerVariant::After => &[
                "allocate",
                "pop",
                "push",
                "grow",
                "new_queue",
                "new_link",
                "enqueue",
                "visit",
                "transfer",
                "rewind",
                "unlink",
                "drop",
                "fault",
            ],
        }
    }
}

/// What the benchmark of the time used unless told otherwise: the system property
/// `io.netty.recycler.maxCapacity.default`, 262,144 when unset.
pub const DEFAULT_MAX_CAPACITY: usize = 262_144;

/// A stack's first array: `min(DEFAULT_MAX_CAPACITY, 256)`.
pub fn initial_capacity(max_capacity: usize) -> usize {
    max_capacity.min(256)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecyclerOp {
    Get,
    Recycle(u32),
    /// A script's recycle of get number `n` (0-based), which threw and so returned no object:
    /// Java never gets this far, but the script's operation still has its step, saying so.
    Nothing(u32),
    /// The thread ends: its thread-locals are gone, and weak references to it clear.
    Exit,
}

/// An exception the Java code threw (the operation stops where it was).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Before, with assertions: `map.put(o, TRUE)` found `o` already pooled.
    AssertRecycledAlready,
    /// Before, with assertions: `map.remove(ret)` found nothing.
    AssertNotPooled,
    /// After: `h.stack.parent` with `h.stack` null, because the handle sits in a WeakOrderQueue.
    NullStack,
    /// After: `push` (or `transfer`) found recycle ids already set.
    RecycledAlready,
    /// After: `pop` found `lastRecycledId != recycleId`.
    RecycledMultipleTimes,
    /// After: `transfer` read a link slot that an earlier transfer emptied before it threw (it
    /// moved that handle, then failed on a later one without moving the read index).
    NullInLink,
}

impl Fault {
    pub const ALL: [Fault; 6] = [
        Fault::AssertRecycledAlready,
        Fault::AssertNotPooled,
        Fault::NullStack,
        Fault::RecycledAlready,
        Fault::RecycledMultipleTimes,
        Fault::NullInLink,
    ];

    /// What Java printed.
    pub fn java(self) -> &'static str {
        match self {
            Fault::AssertRecycledAlready => "AssertionError: recycled already",
            Fault::AssertNotPooled => "AssertionError",
            Fault::NullStack => "NullPointerException",
            Fault::RecycledAlready => "IllegalStateException: recycled already",
            Fault::RecycledMultipleTimes => "IllegalStateException: recycled multiple times",
            Fault::NullInLink => "NullPointerException",
        }
    }

    pub fn code(self) -> u32 {
        Fault::ALL.iter().position(|&f| f == self).unwrap_or(0) as u32
    }

    /// Every fault by code, with its Java text, for the schema.
    pub fn set() -> CodeSet {
        CodeSet {
            name: "fault",
            codes: Fault::ALL
                .iter()
                .map(|&f| Code {
                    name: format!("{f:?}"),
                    value: i64::from(f.code()),
                    text: Some(f.java()),
                })
                .collect(),
        }
    }
}

/// Why a recycled object was not pooled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropWhy {
    /// The stack is at its maximum capacity.
    Full,
    /// Before: another thread recycled it.
    OtherThread,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecyclerEvent {
    Begin {
        thread: u32,
        op: RecyclerOp,
    },
    /// A new pooled object (and, after, its handle), owned by `stack`'s thread.
    Allocate {
        obj: u32,
        stack: u32,
    },
    Pop {
        stack: u32,
        slot: u32,
        obj: u32,
    },
    Push {
        stack: u32,
        slot: u32,
        obj: u32,
    },
    /// A stack's array replaced by a longer copy.
    Grow {
        stack: u32,
        len: u32,
    },
    /// One slot of the assertion's IdentityHashMap looked at.
    MapProbe {
        slot: u32,
    },
    /// The assertion's map gained (`put`) or lost an object.
    MapUpdate {
        obj: u32,
        put: bool,
    },
    Drop {
        obj: u32,
        why: DropWhy,
    },
    /// A recycling thread's first recycle for a stack: a WeakOrderQueue, prepended to its list.
    NewQueue {
        queue: u32,
        stack: u32,
        thread: u32,
    },
    NewLink {
        queue: u32,
        link: u32,
    },
    /// A handle written into a queue's tail link.
    Enqueue {
        queue: u32,
        link: u32,
        index: u32,
        obj: u32,
    },
    /// Scavenging looks at one queue.
    Visit {
        stack: u32,
        queue: u32,
    },
    /// A handle transferred from a link to the stack.
    Transfer {
        queue: u32,
        link: u32,
        index: u32,
        obj: u32,
        slot: u32,
    },
    /// A transfer's end: the stack's size takes the count its local kept, and the link's read
    /// index moves past what was moved.
    TransferEnd {
        stack: u32,
        queue: u32,
        link: u32,
        size: u32,
    },
    /// A scavenge found nothing: the cursor goes back to the first queue.
    Rewind {
        stack: u32,
    },
    /// A dead thread's queue taken off the stack's list.
    Unlink {
        stack: u32,
        queue: u32,
    },
    Fault {
        thread: u32,
        fault: Fault,
        /// The object it was thrown over, where that is not the operation's own (a transfer's).
        obj: Option<u32>,
    },
    /// The operation returned: get's object, or recycle's true/false (1/0).
    Return {
        thread: u32,
        value: u32,
    },
}

impl Event for RecyclerEvent {
    const KINDS: &'static [Kind] = &[
        Kind {
            name: "begin",
            counter: None,
        },
        Kind {
            name: "allocate",
            counter: Some("objects allocated"),
        },
        Kind {
            name: "pop",
            counter: Some("pops"),
        },
        Kind {
            name: "push",
            counter: Some("pushes"),
        },
        Kind {
            name: "grow",
            counter: Some("array copies"),
        },
        Kind {
            name: "map_probe",
            counter: Some("map slots probed"),
        },
        Kind {
            name: "map_update",
            counter: Some("map updates"),
        },
        Kind {
            name: "drop",
            counter: Some("objects dropped"),
        },
        Kind {
            name: "new_queue",
            counter: Some("queues created"),
        },
        Kind {
            name: "new_link",
            counter: Some("links allocated"),
        },
        Kind {
            name: "enqueue",
            counter: Some("handles queued"),
        },
        Kind {
            name: "visit",
            counter: Some("queues visited"),
        },
        Kind {
            name: "transfer",
            counter: Some("handles transferred"),
        },
        Kind {
            name: "rewind",
            counter: Some("cursor rewinds"),
        },
        Kind {
            name: "unlink",
            counter: Some("queues unlinked"),
        },
        Kind {
            name: "fault",
            counter: Some("exceptions"),
        },
        Kind {
            name: "return",
            counter: None,
        },
        Kind {
            name: "transfer_end",
            counter: None,
        },
    ];

    fn kind(&self) -> usize {
        match self {
            RecyclerEvent::Begin { .. } => 0,
            RecyclerEvent::Allocate { .. } => 1,
            RecyclerEvent::Pop { .. } => 2,
            RecyclerEvent::Push { .. } => 3,
            RecyclerEvent::Grow { .. } => 4,
            RecyclerEvent::MapProbe { .. } => 5,
            RecyclerEvent::MapUpdate { .. } => 6,
            RecyclerEvent::Drop { .. } => 7,
            RecyclerEvent::NewQueue { .. } => 8,
            RecyclerEvent::NewLink { .. } => 9,
            RecyclerEvent::Enqueue { .. } => 10,
            RecyclerEvent::Visit { .. } => 11,
            RecyclerEvent::Transfer { .. } => 12,
            RecyclerEvent::Rewind { .. } => 13,
            RecyclerEvent::Unlink { .. } => 14,
            RecyclerEvent::Fault { .. } => 15,
            RecyclerEvent::Return { .. } => 16,
            RecyclerEvent::TransferEnd { .. } => 17,
        }
    }
}

/// One stack as a drawing shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StackView {
    pub size: usize,
    /// Every slot of the array; after the rewrite, slots at and above `size` keep stale handles.
    pub slots: Vec<Option<u32>>,
    /// After: the first WeakOrderQueue, the scavenging cursor and the queue before it.
    pub head: Option<usize>,
    pub cursor: Option<usize>,
    pub prev: Option<usize>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QueueView {
    /// Its id as `ID_GENERATOR` handed it out: `i32::MIN + k` for the k-th queue.
    pub id: i32,
    pub stack: usize,
    pub thread: usize,
    pub next: Option<usize>,
    pub head: usize,
    pub tail: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinkView {
    pub slots: [Option<u32>; 16],
    pub read: usize,
    pub write: usize,
    pub next: Option<usize>,
    /// Still reachable from its queue (links behind a queue's head are garbage).
    pub live: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ObjectView {
    /// The stack its handle points at, or `None` while queued (after) — before, its owner.
    pub stack: Option<usize>,
    pub recycle_id: i32,
    pub last_recycled_id: i32,
    /// Before, with assertions: the IdentityHashMap slot holding it.
    pub map_slot: Option<usize>,
}

/// What a recorder can read of a recycler after any event.
pub trait Inspect {
    fn threads(&self) -> usize;
    fn alive(&self, thread: usize) -> bool;
    fn stack(&self, thread: usize) -> Option<StackView>;
    fn queues(&self) -> Vec<QueueView>;
    fn links(&self) -> Vec<LinkView>;
    fn objects(&self) -> Vec<ObjectView>;
    /// The assertion map's table length (0 when assertions are off or there is no map).
    fn map_len(&self, thread: usize) -> usize;
}

/// A probe that also sees the recycler's state after every event (the recorder draws it; the
/// no-op and counting probes ignore it, so benchmarks pay nothing).
pub trait RecyclerProbe: Probe<RecyclerEvent> {
    #[inline(always)]
    fn observe<S: Inspect>(&mut self, _state: &S) {}
}

impl RecyclerProbe for NoProbe {}
impl RecyclerProbe for Counter {}

/// What a script drives: both 2014 recyclers behind one interface.
pub trait VirtualRecycler {
    type P: RecyclerProbe;
    /// `get()` on `thread`: the object handed out.
    fn get(&mut self, thread: usize) -> Result<u32, Fault>;
    /// `recycle(o, handle)` on `thread`: whether the object was taken back.
    fn recycle(&mut self, thread: usize, obj: u32) -> Result<bool, Fault>;
    fn exit(&mut self, thread: usize);
    /// A script's recycle of get number `get`, which threw: nothing runs, but the step is recorded.
    fn nothing(&mut self, thread: usize, get: u32);
    fn probe_mut(&mut self) -> &mut Self::P;
    fn into_probe(self) -> Self::P;
    /// The objects `thread`'s stack holds, bottom first (what a `get` there would pop, last first).
    fn pooled(&self, thread: usize) -> Vec<u32>;
    /// Objects allocated so far.
    fn allocated(&self) -> usize;
}

/// What a script runs its structure with.
type ScriptProbe = RecordOrCount<RecyclerRecorder>;

/// The recycler family: Netty's Recycler before its 2014 rewrite (a thread-local stack, with or
/// without the assertion's identity map) and after it (stacks and WeakOrderQueues).
pub struct Recyclers;

impl Family for Recyclers {
    #[cfg(test)]
    fn says(variant: &str) -> Option<crate::says::Table> {
        says::table(variant)
    }
    const NAME: &'static str = "recycler";
    const BENCHES: &'static [crate::kernel::Suite] = crate::recycler::bench::SUITES;
    const OLD_VARIANT_PARAM: &'static str = "version";
    const THREADS: bool = true;
    const SETTINGS: &'static [SettingSpec] = SETTINGS;
    type Command = RecyclerCommand;
    type Variant = RecyclerVariant;
    type Event = RecyclerEvent;
    type Plan = Plan;
    type Limits = Limits;
    const DRAW: Limits = DRAW;
    const COUNT: Limits = COUNT;
    const MAX_STEPS: usize = MAX_STEPS;

    fn plan(raw: &[RawCommand], settings: &str, limits: Limits) -> Result<Plan, ScriptError> {
        plan(raw, settings, limits)
    }
    fn actions(plan: &Plan) -> usize {
        plan.actions.len()
    }
    fn max_size(plan: &Plan) -> usize {
        plan.max_held
    }
    type Recorder = RecyclerRecorder;
    type Ran = ();
    fn recorder(version: RecyclerVariant, plan: &Plan, max_steps: usize) -> RecyclerRecorder {
        RecyclerRecorder::new(version, plan, max_steps)
    }
    fn run(
        version: RecyclerVariant,
        plan: &Plan,
        probe: ScriptProbe,
    ) -> Result<(ScriptProbe, ()), ScriptError> {
        fn on<R: VirtualRecycler<P = ScriptProbe>>(mut r: R, plan: &Plan) -> ScriptProbe {
            let before = |r: &mut R, i: usize| match r.probe_mut() {
                RecordOrCount::Record(rec) => rec.prepare(i),
                RecordOrCount::Count(c) => c.before(plan.actions[i].command as usize),
            };
            run(&mut r, plan, before, |_, _| {});
            r.into_probe()
        }
        let threads = plan.names.len();
        Ok((
            match version {
                RecyclerVariant::Before => on(
                    StackRecycler::new(threads, plan.max_capacity, plan.assertions, probe),
                    plan,
                ),
                RecyclerVariant::After => on(
                    WeakOrderRecycler::new(threads, plan.max_capacity, probe),
                    plan,
                ),
            },
            (),
        ))
    }
    fn action_infos(plan: &Plan, _: &()) -> Vec<ActionInfo> {
        plan.actions
            .iter()
            .map(|a| ActionInfo {
                command: a.command as usize,
                label: action_label(plan, a),
                subject: -1,
            })
            .collect()
    }
    fn entity_labels(plan: &Plan) -> Vec<String> {
        plan.names.clone()
    }
    fn trace(recorder: RecyclerRecorder) -> TraceBuffer {
        recorder.trace
    }
    fn limits() -> Vec<(&'static str, u64)> {
        vec![
            ("drawnThreads", DRAW.max_threads as u64),
            ("drawnGets", DRAW.max_gets as u64),
            ("drawnRecycles", DRAW.max_recycles as u64),
            ("drawnOperations", DRAW.max_actions as u64),
            ("drawnSteps", MAX_STEPS as u64),
            ("countedThreads", COUNT.max_threads as u64),
            ("countedOperations", COUNT.max_actions as u64),
            ("linkCapacity", weak_order::LINK_CAPACITY as u64),
            ("stackSlots", script::MAX_SLOTS as u64),
        ]
    }
    fn fields() -> Fields {
        recorder::fields()
    }
    fn codes() -> Vec<CodeSet> {
        vec![
            recorder::outcome::set(),
            recorder::place::set(),
            Fault::set(),
            weak_order::id::set(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_kind_is_listed() {
        let e = RecyclerEvent::TransferEnd {
            stack: 0,
            queue: 0,
            link: 0,
            size: 0,
        };
        assert_eq!(e.kind(), RecyclerEvent::KINDS.len() - 1);
        assert_eq!(RecyclerEvent::KINDS[0].counter, None);
        assert_eq!(initial_capacity(DEFAULT_MAX_CAPACITY), 256);
        assert_eq!(initial_capacity(4), 4);
        for f in Fault::ALL {
            assert_eq!(Fault::ALL[f.code() as usize], f);
        }
    }
}
