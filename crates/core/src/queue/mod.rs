//! The queues: the JDK's `ConcurrentLinkedQueue` (`linked`) and `ArrayBlockingQueue` (`array`),
//! JCTools' SPSC and MPSC rings (`jctools`), and what the four share: their operations as
//! sequences of atomic steps, so that virtual threads can be interleaved one step at a time, and
//! the events those steps report.
//!
//! Each queue keeps, per thread, the registers of the operation it is in the middle of (the
//! locals of the Java method) and advances it by one shared-memory access per [`StepQueue::step`]:
//! a load, a store, or a compare-and-set that succeeds or fails. Run to completion on one thread,
//! an operation is exactly the Java method; interleaved, every race the Java code allows can be
//! replayed step by step.

pub(crate) mod array;
pub(crate) mod bench;
#[cfg(test)]
mod conformance;
pub(crate) mod jctools;
pub(crate) mod linked;
pub(crate) mod recorder;
#[cfg(test)]
mod says;
pub(crate) mod script;
pub(crate) mod udp_sim;

pub use array::ArrayQueue;
pub use jctools::{ring_capacity, RingKind, RingQueue};
pub use linked::LinkedQueue;

use std::cell::RefCell;
use std::rc::Rc;

use crate::family::{Family, Variant};
use crate::probe::{Event, Kind};
use crate::script::{ActionInfo, CodeSet, RawCommand, RecordOrCount, ScriptError, SettingSpec};
use crate::trace::{Fields, TraceBuffer};
use recorder::{Drawn, QueueRecorder};
use script::{
    action_label, check, program, run, with_queue, Limits, Program, QueueCommand, RunAction, Turn,
    COUNT, DEFAULT_CAPACITY, DRAW, MAX_STEPS, SETTINGS,
};

/// Which queue a script runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueVariant {
    Clq,
    Abq,
    Spsc,
    Mpsc,
}

impl Variant for QueueVariant {
    const ALL: &'static [QueueVariant] = &[
        QueueVariant::Clq,
        QueueVariant::Abq,
        QueueVariant::Spsc,
        QueueVariant::Mpsc,
    ];
    const NOUN: &'static str = "queue";

    fn name(self) -> &'static str {
        match self {
            QueueVariant::Clq => "clq",
            QueueVariant::Abq => "abq",
            QueueVariant::Spsc => "spsc",
            QueueVariant::Mpsc => "mpsc",
        }
    }

    fn title(self) -> &'static str {
        match self {
            QueueVariant::Clq => "ConcurrentLinkedQueue",
            QueueVariant::Abq => "ArrayBlockingQueue",
            QueueVariant::Spsc => "JCTools SpscArrayQueue",
            QueueVariant::Mpsc => "JCTools MpscArrayQueue",
        }
    }
    fn pseudocode(self) -> &'static [&'static str] {
        match self {
            QueueVariant::Clq => linked::PSEUDOCODE,
            QueueVariant::Abq => array::PSEUDOCODE,
            QueueVariant::Spsc => jctools::SPSC_PSEUDOCODE,
            QueueVariant::Mpsc => jctools::MPSC_PSEUDOCODE,
        }
    }

    fn counters(self) -> &'static [&'static str] {
        match self {
            QueueVariant::Clq => &[
                "load",
                "store",
                "slot-read",
                "slot-write",
                "cas",
                "cas-fail",
                "alloc",
                "visit",
            ],
            QueueVariant::Abq => &[
                "load",
                "store",
                "slot-read",
                "slot-write",
                "cas",
                "cas-fail",
                "lock",
                "lock-wait",
            ],
            QueueVariant::Spsc => &[
                "load",
                "store",
                "slot-read",
                "slot-write",
                "cas",
                "cas-fail",
            ],
            QueueVariant::Mpsc => &[
                "load",
                "store",
                "slot-read",
                "slot-write",
                "cas",
                "cas-fail",
                "spin",
            ],
        }
    }
}

impl QueueVariant {
    /// The slots the queue really has for a requested capacity (none for the unbounded CLQ).
    pub fn capacity(self, requested: usize) -> usize {
        match self {
            QueueVariant::Clq => 0,
            QueueVariant::Abq => requested,
            QueueVariant::Spsc => ring_capacity(RingKind::Spsc, requested),
            QueueVariant::Mpsc => ring_capacity(RingKind::Mpsc, requested),
        }
    }
}

/// The operations a script can ask of a queue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueOp {
    Offer(u32),
    Poll,
    Size,
}

/// A shared memory location a step touches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Head,
    Tail,
    /// A linked node's `next` field.
    Next(u32),
    /// A linked node's `item` field.
    Item(u32),
    /// An array slot (by index into the array, already masked).
    Slot(u32),
    TakeIndex,
    PutIndex,
    Count,
    ProducerIndex,
    ConsumerIndex,
    ProducerLimit,
}

/// What an operation returned: offer's true/false, poll's element or null, size's count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Offered(bool),
    Polled(Option<u32>),
    Size(u64),
}

/// A value as events carry it: −1 is `null`.
pub const NULL: i64 = -1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QueueEvent {
    /// A thread starts an operation.
    Begin {
        thread: usize,
        op: QueueOp,
    },
    Load {
        thread: usize,
        field: Field,
        value: i64,
    },
    /// `ordered`: a release store (`lazySet`, `putOrdered`), else plain or volatile.
    Store {
        thread: usize,
        field: Field,
        value: i64,
        ordered: bool,
    },
    Cas {
        thread: usize,
        field: Field,
        expected: i64,
        new: i64,
        ok: bool,
    },
    /// A new linked node (the CLQ's `new Node(e)`).
    Alloc {
        thread: usize,
        node: u32,
    },
    /// `size()` counted a live node.
    Visit {
        thread: usize,
        node: u32,
    },
    /// An attempt to take the queue's lock (ABQ).
    Lock {
        thread: usize,
        ok: bool,
    },
    Unlock {
        thread: usize,
    },
    /// The MPSC consumer found a slot claimed but not yet written, and looks again.
    Spin {
        thread: usize,
    },
    Done {
        thread: usize,
        outcome: Outcome,
    },
}

pub mod kind {
    pub const BEGIN: usize = 0;
    pub const LOAD: usize = 1;
    pub const STORE: usize = 2;
    pub const SLOT_READ: usize = 3;
    pub const SLOT_WRITE: usize = 4;
    pub const CAS: usize = 5;
    pub const CAS_FAIL: usize = 6;
    pub const ALLOC: usize = 7;
    pub const VISIT: usize = 8;
    pub const LOCK: usize = 9;
    pub const LOCK_WAIT: usize = 10;
    pub const UNLOCK: usize = 11;
    pub const SPIN: usize = 12;
    pub const DONE: usize = 13;
}

impl Event for QueueEvent {
    const KINDS: &'static [Kind] = &[
        Kind {
            name: "begin",
            counter: None,
        },
        Kind {
            name: "load",
            counter: Some("field reads"),
        },
        Kind {
            name: "store",
            counter: Some("field writes"),
        },
        Kind {
            name: "slot-read",
            counter: Some("slot reads"),
        },
        Kind {
            name: "slot-write",
            counter: Some("slot writes"),
        },
        Kind {
            name: "cas",
            counter: Some("CAS successes"),
        },
        Kind {
            name: "cas-fail",
            counter: Some("CAS failures"),
        },
        Kind {
            name: "alloc",
            counter: Some("node allocations"),
        },
        Kind {
            name: "visit",
            counter: Some("size() node visits"),
        },
        Kind {
            name: "lock",
            counter: Some("lock acquisitions"),
        },
        Kind {
            name: "lock-wait",
            counter: Some("lock waits"),
        },
        Kind {
            name: "unlock",
            counter: None,
        },
        Kind {
            name: "spin",
            counter: Some("spins on a claimed slot"),
        },
        Kind {
            name: "done",
            counter: None,
        },
    ];

    fn kind(&self) -> usize {
        match *self {
            QueueEvent::Begin { .. } => kind::BEGIN,
            QueueEvent::Load {
                field: Field::Slot(_),
                ..
            } => kind::SLOT_READ,
            QueueEvent::Load { .. } => kind::LOAD,
            QueueEvent::Store {
                field: Field::Slot(_),
                ..
            } => kind::SLOT_WRITE,
            QueueEvent::Store { .. } => kind::STORE,
            QueueEvent::Cas { ok: true, .. } => kind::CAS,
            QueueEvent::Cas { ok: false, .. } => kind::CAS_FAIL,
            QueueEvent::Alloc { .. } => kind::ALLOC,
            QueueEvent::Visit { .. } => kind::VISIT,
            QueueEvent::Lock { ok: true, .. } => kind::LOCK,
            QueueEvent::Lock { ok: false, .. } => kind::LOCK_WAIT,
            QueueEvent::Unlock { .. } => kind::UNLOCK,
            QueueEvent::Spin { .. } => kind::SPIN,
            QueueEvent::Done { .. } => kind::DONE,
        }
    }
}

impl QueueEvent {
    pub fn thread(&self) -> usize {
        match *self {
            QueueEvent::Begin { thread, .. }
            | QueueEvent::Load { thread, .. }
            | QueueEvent::Store { thread, .. }
            | QueueEvent::Cas { thread, .. }
            | QueueEvent::Alloc { thread, .. }
            | QueueEvent::Visit { thread, .. }
            | QueueEvent::Lock { thread, .. }
            | QueueEvent::Unlock { thread }
            | QueueEvent::Spin { thread }
            | QueueEvent::Done { thread, .. } => thread,
        }
    }
}

/// A queue whose operations advance one atomic step at a time, per thread.
pub trait StepQueue {
    /// A thread's registers while it is inside an operation.
    type Regs: Clone + Default;
    /// Starts `op` on `thread` (the call itself: nothing shared is touched yet).
    fn begin(&mut self, thread: usize, regs: &mut Self::Regs, op: QueueOp);
    /// One atomic step of the thread's current operation; `Some` when it has returned.
    fn step(&mut self, thread: usize, regs: &mut Self::Regs) -> Option<Outcome>;
    /// The pseudocode line the thread's next step is on.
    fn line(&self, regs: &Self::Regs) -> u8;
    /// The line a call of `op` is shown on: the line that names the method.
    fn call_line(&self, op: QueueOp) -> u8;
    /// Where the thread's pointer registers point, for the drawing: a node or slot, or −1
    /// (the CLQ's `p` and `t` or `h`; a ring's slot for the index the thread holds).
    fn pointers(&self, _regs: &Self::Regs) -> [i64; 2] {
        [-1, -1]
    }
    /// The elements, head to tail, as the structure holds them right now.
    fn contents(&self) -> Vec<u32>;
    /// Runs `op` alone on thread 0, to the end: the Java method called from one thread, written
    /// in one piece as the Java source reads. What the benchmarks run: a step machine pays a
    /// dispatch per shared access, about as much again as the access itself.
    ///
    /// It must report exactly the events [`StepQueue::call_stepped`] reports and leave the same
    /// state: `conformance/properties.rs` runs both from states interleaved threads left behind.
    fn call(&mut self, op: QueueOp) -> Outcome;
    /// The same operation through [`StepQueue::begin`] and [`StepQueue::step`], one shared access
    /// at a time: the cut of `call` that interleaved threads run.
    fn call_stepped(&mut self, op: QueueOp) -> Outcome {
        let mut regs = Self::Regs::default();
        self.begin(0, &mut regs, op);
        loop {
            if let Some(o) = self.step(0, &mut regs) {
                return o;
            }
        }
    }
    #[inline(always)]
    fn offer(&mut self, v: u32) -> bool {
        matches!(self.call(QueueOp::Offer(v)), Outcome::Offered(true))
    }
    #[inline(always)]
    fn poll(&mut self) -> Option<u32> {
        match self.call(QueueOp::Poll) {
            Outcome::Polled(v) => v,
            _ => None,
        }
    }
    #[inline]
    fn size(&mut self) -> u64 {
        match self.call(QueueOp::Size) {
            Outcome::Size(n) => n,
            _ => 0,
        }
    }
}

/// What a script runs its queue with: shared, since the scheduler reads it between steps.
type ScriptProbe = Rc<RefCell<RecordOrCount<QueueRecorder>>>;

/// The queue family: the JDK's ConcurrentLinkedQueue and ArrayBlockingQueue and JCTools' SPSC
/// and MPSC rings, threads interleaved one atomic step at a time.
pub struct Queues;

impl Family for Queues {
    #[cfg(test)]
    fn says(variant: &str) -> Option<crate::says::Table> {
        says::table(variant)
    }
    const NAME: &'static str = "queue";
    const BENCHES: &'static [crate::kernel::Suite] = crate::queue::bench::SUITES;
    const SIMULATIONS: &'static [crate::simulation::Spec] = &[udp_sim::OVERLOAD];
    const OLD_VARIANT_PARAM: &'static str = "queue";
    const THREADS: bool = true;
    const SETTINGS: &'static [SettingSpec] = SETTINGS;
    type Command = QueueCommand;
    type Variant = QueueVariant;
    type Event = QueueEvent;
    type Plan = Program;
    type Limits = Limits;
    const DRAW: Limits = DRAW;
    const COUNT: Limits = COUNT;
    const MAX_STEPS: usize = MAX_STEPS;

    fn plan(raw: &[RawCommand], settings: &str, limits: Limits) -> Result<Program, ScriptError> {
        program(raw, settings, limits)
    }
    fn actions(prog: &Program) -> usize {
        prog.ops
    }
    fn max_size(prog: &Program) -> usize {
        prog.offers
    }
    type Recorder = QueueRecorder;
    /// What each action did: its outcome is known only once it ran.
    type Ran = Vec<RunAction>;
    fn recorder(kind: QueueVariant, prog: &Program, max_steps: usize) -> QueueRecorder {
        QueueRecorder::new(kind, prog, max_steps)
    }
    fn run(
        kind: QueueVariant,
        prog: &Program,
        probe: RecordOrCount<QueueRecorder>,
    ) -> Result<(RecordOrCount<QueueRecorder>, Vec<RunAction>), ScriptError> {
        fn on<Q: StepQueue + Drawn>(
            q: &mut Q,
            probe: &ScriptProbe,
            prog: &Program,
            max_turns: u64,
        ) -> Result<Vec<RunAction>, ScriptError> {
            if let RecordOrCount::Record(r) = &mut *probe.borrow_mut() {
                r.start(q, prog);
            }
            run(
                q,
                prog,
                max_turns,
                |q, regs, actions, turn| match &mut *probe.borrow_mut() {
                    RecordOrCount::Record(r) => r.observe(q, regs, actions, turn),
                    RecordOrCount::Count(c) => {
                        let (Turn::Began { action, .. } | Turn::Stepped { action, .. }) = turn;
                        c.before(actions[action].command);
                    }
                },
            )
        }
        check(prog, kind)?;
        let max_turns = match probe {
            RecordOrCount::Record(_) => DRAW.max_turns,
            RecordOrCount::Count(_) => COUNT.max_turns,
        };
        let probe: ScriptProbe = Rc::new(RefCell::new(probe));
        let p = probe.clone();
        let actions = with_queue!(kind, prog.capacity, p, |q| on(
            &mut q, &probe, prog, max_turns
        ))?;
        let probe = probe.borrow_mut().take();
        Ok((probe, actions))
    }
    fn action_infos(prog: &Program, ran: &Vec<RunAction>) -> Vec<ActionInfo> {
        ran.iter()
            .map(|a| ActionInfo {
                command: a.command,
                label: action_label(prog, a),
                subject: a.thread as i32,
            })
            .collect()
    }
    fn entity_labels(prog: &Program) -> Vec<String> {
        prog.names.clone()
    }
    fn trace(recorder: QueueRecorder) -> TraceBuffer {
        recorder.trace
    }
    fn limits() -> Vec<(&'static str, u64)> {
        vec![
            ("drawnThreads", DRAW.max_threads as u64),
            ("drawnOffers", DRAW.max_offers as u64),
            ("drawnOperations", DRAW.max_ops as u64),
            ("drawnCapacity", DRAW.max_capacity as u64),
            ("drawnSteps", MAX_STEPS as u64),
            ("countedThreads", COUNT.max_threads as u64),
            ("countedOffers", COUNT.max_offers as u64),
            ("countedOperations", COUNT.max_ops as u64),
            ("countedCapacity", COUNT.max_capacity as u64),
            ("defaultCapacity", DEFAULT_CAPACITY as u64),
            ("maxLookAheadStep", jctools::MAX_LOOK_AHEAD_STEP),
        ]
    }
    fn fields() -> Fields {
        recorder::fields()
    }
    fn codes() -> Vec<CodeSet> {
        vec![recorder::focus::set(), recorder::state::set()]
    }
}
