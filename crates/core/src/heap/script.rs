//! The ops scripts that drive the heap widgets: `add K`, `poll`, `remove K`, and macros that
//! reproduce Netty's benchmark at small sizes. A script is first *planned* against the server's
//! own bookkeeping (which timers exist, which are still queued) into primitive actions with
//! resolved targets; the same plan then runs on either heap, so both do exactly the same work.

use std::collections::BTreeSet;

use crate::heap::timer::Timer;
use crate::priority::indexed::{Handle, IndexedHeap};
use crate::priority::jdk::JdkHeap;
use crate::priority::HeapEvent;
use crate::probe::Probe;
use crate::script::{self, fmt_count, ArgSpec, OpSpec, RawCommand, ScriptError};

/// One command as written in a script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Add(u64),
    Poll,
    Remove(u64),
    /// Add deadlines 1..=n in ascending order (the benchmark's setup).
    Schedule(u64),
    /// Cancel every queued timer in the order it was scheduled.
    CancelInOrder,
    /// Cancel every queued timer, most recently scheduled first.
    CancelReverse,
}

/// A primitive operation with its target resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Add(Timer),
    Poll,
    /// Cancel this timer; `queued` says whether it is in the queue at that moment.
    Remove {
        timer: Timer,
        queued: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedAction {
    pub action: Action,
    /// Which command of the script produced it (0-based).
    pub command: usize,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub actions: Vec<PlannedAction>,
    /// Every timer ever created, by sequence number.
    pub timers: Vec<Timer>,
    /// The largest number of timers queued at once.
    pub max_size: usize,
    /// An upper bound on the JDK heap's equals() calls: the queue size at every remove.
    pub worst_case_equals: u64,
}

/// What a script may ask for, so the page can state its limits instead of freezing.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_size: usize,
    pub max_actions: usize,
    pub max_equals: u64,
}

pub fn plan(commands: &[Command], limits: Limits) -> Result<Plan, ScriptError> {
    let mut p = Plan::default();
    let mut queued: BTreeSet<Timer> = BTreeSet::new();

    for (command, &cmd) in commands.iter().enumerate() {
        let fail = |message: String| Err(ScriptError::new(command, message));
        let push = |p: &mut Plan, action: Action| -> Result<(), ScriptError> {
            if p.actions.len() == limits.max_actions {
                return Err(ScriptError::limit(
                    command,
                    format!(
                        "the script expands to more than {} operations, the limit here",
                        fmt_count(limits.max_actions as u64)
                    ),
                ));
            }
            p.actions.push(PlannedAction { action, command });
            Ok(())
        };
        let add = |p: &mut Plan, queued: &mut BTreeSet<Timer>, deadline: u64| {
            if queued.len() == limits.max_size {
                return Err(ScriptError::limit(
                    command,
                    format!(
                        "the queue would hold more than {} timers, the limit here",
                        fmt_count(limits.max_size as u64)
                    ),
                ));
            }
            let t = Timer {
                deadline,
                seq: p.timers.len() as u64,
            };
            p.timers.push(t);
            queued.insert(t);
            p.max_size = p.max_size.max(queued.len());
            push(p, Action::Add(t))
        };
        let remove = |p: &mut Plan, queued: &mut BTreeSet<Timer>, timer: Timer| {
            p.worst_case_equals += queued.len() as u64;
            if p.worst_case_equals > limits.max_equals {
                return Err(ScriptError::limit(
                    command,
                    format!(
                        "the JDK heap could need up to {} equals() calls by here; the limit is {}",
                        fmt_count(p.worst_case_equals),
                        fmt_count(limits.max_equals)
                    ),
                ));
            }
            let was = queued.remove(&timer);
            push(p, Action::Remove { timer, queued: was })
        };

        match cmd {
            Command::Add(d) => add(&mut p, &mut queued, d)?,
            Command::Poll => {
                queued.pop_first();
                push(&mut p, Action::Poll)?;
            }
            Command::Remove(d) => {
                // The earliest-scheduled queued timer with this deadline; else the last one that
                // ever had it (already fired or cancelled); else one that was never scheduled.
                let target = queued
                    .range(
                        Timer {
                            deadline: d,
                            seq: 0,
                        }..=Timer {
                            deadline: d,
                            seq: u64::MAX,
                        },
                    )
                    .next()
                    .copied()
                    .or_else(|| p.timers.iter().rev().find(|t| t.deadline == d).copied())
                    .unwrap_or(Timer {
                        deadline: d,
                        seq: u64::MAX,
                    });
                remove(&mut p, &mut queued, target)?;
            }
            Command::Schedule(n) => {
                if n == 0 {
                    return fail("schedule needs a count of at least 1".into());
                }
                for d in 1..=n {
                    add(&mut p, &mut queued, d)?;
                }
            }
            Command::CancelInOrder | Command::CancelReverse => {
                // In the order they were scheduled (a sort, not a second ordered set: each
                // BTree instantiation costs the wasm kilobytes). The sequence numbers index
                // `p.timers`, so they fit in a u32, the type the other families sort: one sort
                // in the wasm instead of two.
                let mut seqs: Vec<u32> = queued.iter().map(|t| t.seq as u32).collect();
                seqs.sort_unstable();
                if cmd == Command::CancelReverse {
                    seqs.reverse();
                }
                for s in seqs {
                    let t = p.timers[s as usize];
                    remove(&mut p, &mut queued, t)?;
                }
            }
        }
    }
    Ok(p)
}

/// Either heap, driven by timers: what a plan needs of a timer queue.
pub trait TimerQueue {
    type P: Probe<HeapEvent>;
    fn offer(&mut self, t: Timer);
    fn poll(&mut self) -> Option<Timer>;
    /// Cancels `t`; returns the slot it was removed from, if it was queued.
    fn cancel(&mut self, t: Timer) -> Option<usize>;
    fn layout(&self) -> Vec<Timer>;
    fn probe(&mut self) -> &mut Self::P;
    /// The probe, once the run is done.
    fn into_probe(self) -> Self::P;
}

impl<P: Probe<HeapEvent>> TimerQueue for JdkHeap<Timer, P> {
    type P = P;
    fn offer(&mut self, t: Timer) {
        JdkHeap::offer(self, t)
    }
    fn poll(&mut self) -> Option<Timer> {
        JdkHeap::poll(self)
    }
    fn cancel(&mut self, t: Timer) -> Option<usize> {
        self.remove(&t)
    }
    fn layout(&self) -> Vec<Timer> {
        self.as_slice().to_vec()
    }
    fn probe(&mut self) -> &mut P {
        &mut self.probe
    }
    fn into_probe(self) -> P {
        self.probe
    }
}

/// Netty's heap plus the handles a server keeps for its timers (one per sequence number).
pub struct IndexedTimers<P: Probe<HeapEvent>> {
    pub heap: IndexedHeap<Timer, P>,
    handles: Vec<Handle>,
}

impl<P: Probe<HeapEvent>> IndexedTimers<P> {
    pub fn new(probe: P) -> Self {
        Self {
            heap: IndexedHeap::with_probe(probe),
            handles: Vec::new(),
        }
    }

    fn handle(&mut self, t: Timer) -> Handle {
        match self.handles.get(t.seq as usize) {
            Some(&h) => h,
            // A timer the script never scheduled: a fresh element, outside the queue.
            None => self.heap.create(t),
        }
    }
}

impl<P: Probe<HeapEvent>> TimerQueue for IndexedTimers<P> {
    type P = P;
    fn offer(&mut self, t: Timer) {
        let h = self.heap.create(t);
        self.handles.push(h);
        self.heap.offer(h).expect("a new element is never queued");
    }
    fn poll(&mut self) -> Option<Timer> {
        self.heap.poll().map(|h| self.heap.key(h))
    }
    fn cancel(&mut self, t: Timer) -> Option<usize> {
        let h = self.handle(t);
        self.heap.remove(h)
    }
    fn layout(&self) -> Vec<Timer> {
        self.heap
            .as_slice()
            .iter()
            .map(|&h| self.heap.key(h))
            .collect()
    }
    fn probe(&mut self) -> &mut P {
        &mut self.heap.probe
    }
    fn into_probe(self) -> P {
        self.heap.probe
    }
}

/// Runs a plan, calling `before` ahead of each action (a recorder uses it to learn the state).
pub fn run<Q: TimerQueue>(q: &mut Q, plan: &Plan, mut before: impl FnMut(&mut Q, usize)) {
    for (i, a) in plan.actions.iter().enumerate() {
        before(q, i);
        match a.action {
            Action::Add(t) => q.offer(t),
            Action::Poll => drop(q.poll()),
            Action::Remove { timer, .. } => drop(q.cancel(timer)),
        }
    }
}

pub fn subject(a: &Action) -> Option<Timer> {
    match *a {
        Action::Add(t) => Some(t),
        Action::Poll => None,
        Action::Remove { timer, .. } => Some(timer),
    }
}

/// "add 40", "poll", "remove 30 (not queued)": an action as the reader would write it.
pub fn action_label(a: &Action) -> String {
    match *a {
        Action::Add(t) => format!("add {}", t.deadline),
        Action::Poll => "poll".to_string(),
        Action::Remove { timer, queued } => {
            format!(
                "remove {}{}",
                timer.deadline,
                if queued { "" } else { " (not queued)" }
            )
        }
    }
}

/// The most array slots a heap frame has room for (what the tree view can draw): the most timers
/// a drawn script may have queued at once.
pub const MAX_SLOTS: usize = 127;
/// Drawn scripts: what a tree can show and a player can step through.
pub const DRAW: Limits = Limits {
    max_size: MAX_SLOTS,
    max_actions: 2_000,
    max_equals: 20_000_000,
};
/// Counted scripts: big enough for the benchmark's n = 100,000 in reverse, no bigger.
pub const COUNT: Limits = Limits {
    max_size: 1_000_000,
    max_actions: 3_000_000,
    max_equals: 5_000_050_000,
};
/// The most steps a drawn trace keeps.
pub const MAX_STEPS: usize = 250_000;

const DEADLINE: ArgSpec = ArgSpec {
    what: "a deadline",
    min: 0,
    max: u32::MAX,
};

opcodes! {
    /// The commands of a heap script, with their grammar.
    pub enum HeapCommand {
        Add = OpSpec {
            name: "add",
            args: &[DEADLINE],
            example: "add 40",
        },
        Poll = OpSpec {
            name: "poll",
            args: &[],
            example: "poll",
        },
        Remove = OpSpec {
            name: "remove",
            args: &[DEADLINE],
            example: "remove 40",
        },
        Schedule = OpSpec {
            name: "schedule",
            args: &[ArgSpec {
                what: "a count",
                min: 1,
                max: 1_000_000,
            }],
            example: "schedule 15",
        },
        CancelInOrder = OpSpec {
            name: "cancel-in-order",
            args: &[],
            example: "cancel-in-order",
        },
        CancelReverse = OpSpec {
            name: "cancel-reverse",
            args: &[],
            example: "cancel-reverse",
        },
    }
}

/// Turns encoded commands into heap commands, checking each against the grammar.
pub fn commands(raw: &[RawCommand]) -> Result<Vec<Command>, ScriptError> {
    Ok(script::commands::<HeapCommand>(raw)?
        .into_iter()
        .map(|c| {
            let a = u64::from(c.args[0]);
            match c.op {
                HeapCommand::Add => Command::Add(a),
                HeapCommand::Poll => Command::Poll,
                HeapCommand::Remove => Command::Remove(a),
                HeapCommand::Schedule => Command::Schedule(a),
                HeapCommand::CancelInOrder => Command::CancelInOrder,
                HeapCommand::CancelReverse => Command::CancelReverse,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::priority::kind;
    use crate::probe::NoProbe;

    const LIMITS: Limits = Limits {
        max_size: 1000,
        max_actions: 10_000,
        max_equals: 1_000_000,
    };

    #[test]
    fn macros_expand_like_the_benchmark() {
        let p = plan(&[Command::Schedule(3), Command::CancelReverse], LIMITS).unwrap();
        let kinds: Vec<_> = p.actions.iter().map(|a| a.action).collect();
        let t = |d, s| Timer {
            deadline: d,
            seq: s,
        };
        assert_eq!(
            kinds,
            vec![
                Action::Add(t(1, 0)),
                Action::Add(t(2, 1)),
                Action::Add(t(3, 2)),
                Action::Remove {
                    timer: t(3, 2),
                    queued: true
                },
                Action::Remove {
                    timer: t(2, 1),
                    queued: true
                },
                Action::Remove {
                    timer: t(1, 0),
                    queued: true
                },
            ]
        );
        assert_eq!(p.worst_case_equals, 3 + 2 + 1);
    }

    #[test]
    fn remove_targets_the_earliest_scheduled_queued_timer() {
        let p = plan(
            &[
                Command::Add(5),
                Command::Add(5),
                Command::Remove(5),
                Command::Remove(5),
                Command::Remove(5),
                Command::Remove(9),
            ],
            LIMITS,
        )
        .unwrap();
        let removes: Vec<_> = p
            .actions
            .iter()
            .filter_map(|a| match a.action {
                Action::Remove { timer, queued } => Some((timer.seq, queued)),
                _ => None,
            })
            .collect();
        assert_eq!(
            removes,
            vec![(0, true), (1, true), (1, false), (u64::MAX, false)]
        );
    }

    #[test]
    fn limits_are_errors_naming_the_command() {
        let small = Limits {
            max_size: 10,
            ..LIMITS
        };
        let e = plan(&[Command::Poll, Command::Schedule(11)], small).unwrap_err();
        assert_eq!(
            e.to_string(),
            "command 2: the queue would hold more than 10 timers, the limit here"
        );
        let tight = Limits {
            max_equals: 100_000,
            ..LIMITS
        };
        let e = plan(
            &[
                Command::Schedule(1000),
                Command::CancelReverse,
                Command::Schedule(1),
            ],
            tight,
        )
        .unwrap_err();
        assert_eq!(e.command(), Some(1));
        assert!(e.message.contains("equals() calls"), "{}", e.message);
        assert!(plan(&[Command::Schedule(0)], LIMITS).is_err());
    }

    #[test]
    fn the_same_plan_costs_the_jdk_heap_quadratically_in_reverse() {
        let p = plan(&[Command::Schedule(100), Command::CancelReverse], LIMITS).unwrap();
        let mut jdk = JdkHeap::with_probe(crate::probe::Counter::new());
        run(&mut jdk, &p, |_, _| {});
        let mut netty = IndexedTimers::new(crate::probe::Counter::new());
        run(&mut netty, &p, |_, _| {});
        assert_eq!(jdk.probe.total_of(kind::EQUALS), 100 * 101 / 2);
        // Netty's contains(node, i): one equals() per cancel, on the slot the index names.
        assert_eq!(netty.heap.probe.total_of(kind::EQUALS), 100);
        assert!(jdk.is_empty() && netty.heap.is_empty());
        let mut plain = IndexedTimers::new(NoProbe);
        run(&mut plain, &p, |_, _| {});
        assert!(plain.layout().is_empty());
    }
}

#[cfg(test)]
mod trace_tests {
    use super::*;
    use crate::family::{Family, Planned, Variant};
    use crate::heap::Heaps;
    use crate::priority::kind;
    use crate::priority::HeapKind;
    use crate::probe::Event;
    use crate::script::PlannedScript;
    use crate::script::Recorded;
    use crate::trace::{STEP_WIDTH, TOTAL};

    const LIMITS: Limits = Limits {
        max_size: 127,
        max_actions: 2000,
        max_equals: 1_000_000,
    };

    fn script() -> Vec<Command> {
        use Command::*;
        vec![
            Add(50),
            Add(30),
            Add(90),
            Add(10),
            Add(70),
            Add(20),
            Add(30),
            Remove(30),
            Poll,
            Remove(99),
            Schedule(14),
            CancelReverse,
            Add(5),
            Poll,
            Poll,
        ]
    }

    fn layout_at(r: &Recorded, step: usize) -> Vec<i32> {
        let f = r.trace.frame_at(step);
        let l = &r.trace.layout;
        let n = f[l.offset("size")] as usize;
        f[l.offset("slot")..l.offset("slot") + n].to_vec()
    }

    #[test]
    fn a_tie_is_told_as_equal_keys_and_which_was_scheduled_first() {
        let p = plan(&[Command::Add(94), Command::Add(94)], LIMITS).unwrap();
        for &k in HeapKind::ALL {
            let r = Heaps::record(k, &p, 1_000).unwrap();
            let compare = r
                .trace
                .texts
                .iter()
                .find(|t| t.starts_with("Compare"))
                .unwrap();
            assert!(
                !compare.contains("94 > 94") && !compare.contains("94 < 94"),
                "{compare}"
            );
            assert!(
                compare.contains("94 = 94 (equal deadlines: 94 at [0] was scheduled first, so it counts as earlier)"),
                "{compare}"
            );
        }
    }

    /// Issue 48, item 6: an add's climb is told as a climb on both heaps, and only Netty's
    /// remove moves "the last timer into the freed slot", on the line that does it.
    #[test]
    fn a_move_is_told_by_the_line_it_is_made_on() {
        let p = plan(&[Command::Add(50), Command::Add(30)], LIMITS).unwrap();
        for &k in HeapKind::ALL {
            let r = Heaps::record(k, &p, 1_000).unwrap();
            let moved: Vec<&String> = r
                .trace
                .texts
                .iter()
                .filter(|t| t.starts_with("Move"))
                .collect();
            assert_eq!(moved, ["Move 50 down from [0] to [1]."], "{k:?}");
        }
        let p = plan(
            &[
                Command::Add(10),
                Command::Add(20),
                Command::Add(30),
                Command::Remove(20),
            ],
            LIMITS,
        )
        .unwrap();
        let r = Heaps::record(HeapKind::Indexed, &p, 1_000).unwrap();
        let k = r
            .trace
            .texts
            .iter()
            .position(|t| t.starts_with("Move the last"))
            .expect("the remove moves the last timer");
        assert_eq!(
            r.trace.texts[k],
            "Move the last timer, 30, from [2] into the freed slot [1]."
        );
        assert_eq!(
            r.trace.steps[k * STEP_WIDTH + 1],
            i32::from(crate::priority::indexed::line::REMOVE_MOVE_LAST)
        );
    }

    /// An operation's first step shows that operation's own line, not the last line of the one
    /// before it.
    #[test]
    fn a_begin_step_shows_its_operations_line() {
        let p = plan(
            &[
                Command::Add(50),
                Command::Add(30),
                Command::Poll,
                Command::Remove(50),
            ],
            LIMITS,
        )
        .unwrap();
        for &k in HeapKind::ALL {
            let r = Heaps::record(k, &p, 1_000).unwrap();
            let code = k.pseudocode();
            let begins: Vec<&str> = r
                .trace
                .steps
                .chunks(STEP_WIDTH)
                .filter(|s| s[2] == kind::BEGIN as i32)
                .map(|s| code[s[1] as usize].split(['(', ':']).next().unwrap())
                .collect();
            assert_eq!(begins, ["offer", "offer", "poll", "remove"], "{k:?}");
        }
    }

    #[test]
    fn every_action_starts_with_a_begin_step_and_ends_at_the_real_layout() {
        let p = plan(&script(), LIMITS).unwrap();
        for &k in HeapKind::ALL {
            let r = Heaps::record(k, &p, 100_000).unwrap();
            assert!(!r.trace.overflowed);
            assert_eq!(r.trace.steps.len(), r.trace.texts.len() * STEP_WIDTH);
            let steps: Vec<&[i32]> = r.trace.steps.chunks(STEP_WIDTH).collect();
            let begins: Vec<usize> = (0..steps.len())
                .filter(|&i| steps[i][2] == kind::BEGIN as i32)
                .collect();
            assert_eq!(begins.len(), p.actions.len());
            // After each action, the frame shows exactly what the real heap holds.
            let mut q: Box<dyn FnMut(usize) -> Vec<i32>> = match k {
                HeapKind::Jdk => {
                    let mut h = JdkHeap::new();
                    let plan = p.clone();
                    Box::new(move |a| {
                        run_one(&mut h, &plan, a);
                        h.layout().iter().map(|t| t.seq as i32).collect()
                    })
                }
                HeapKind::Indexed => {
                    let mut h = IndexedTimers::new(crate::probe::NoProbe);
                    let plan = p.clone();
                    Box::new(move |a| {
                        run_one(&mut h, &plan, a);
                        h.layout().iter().map(|t| t.seq as i32).collect()
                    })
                }
            };
            for a in 0..p.actions.len() {
                let end = begins.get(a + 1).copied().unwrap_or(steps.len());
                assert_eq!(layout_at(&r, end), q(a), "{k:?} after action {a}");
                let f = r.trace.frame_at(end);
                assert_eq!(
                    f[r.trace.layout.offset("held")],
                    -1,
                    "nothing in hand between actions"
                );
                if k == HeapKind::Indexed {
                    // Every timer's stored index is its slot once an action is over.
                    let l = &r.trace.layout;
                    let n = f[l.offset("size")] as usize;
                    let stored = &f[l.offset("stored")..l.offset("stored") + n];
                    assert_eq!(
                        stored,
                        (0..n as i32).collect::<Vec<_>>().as_slice(),
                        "after action {a}"
                    );
                }
            }
            assert!(
                r.trace.texts.iter().all(|s| !s.contains('?')),
                "every sentence names real deadlines"
            );
        }
    }

    fn run_one<Q: TimerQueue>(q: &mut Q, p: &Plan, a: usize) {
        match p.actions[a].action {
            Action::Add(t) => q.offer(t),
            Action::Poll => drop(q.poll()),
            Action::Remove { timer, .. } => drop(q.cancel(timer)),
        }
    }

    #[test]
    fn the_frame_counts_the_same_work_as_the_counter() {
        let cmds = script();
        let p = plan(&cmds, LIMITS).unwrap();
        for &k in HeapKind::ALL {
            let r = Heaps::record(k, &p, 100_000).unwrap();
            let c = Heaps::count(k, &p, cmds.len()).unwrap();
            let total = r.trace.layout.offset(TOTAL);
            let f = r.trace.frame_at(r.trace.len());
            let framed: Vec<u64> = (0..HeapEvent::KINDS.len())
                .map(|i| f[total + i] as u64)
                .collect();
            assert_eq!(framed, c.total);
            let summed: u64 = c.per_command.iter().map(|x| x[kind::COMPARE]).sum();
            assert_eq!(summed, c.total[kind::COMPARE]);
        }
    }

    #[test]
    fn a_trace_stops_at_its_step_limit_and_says_so() {
        let p = plan(&script(), LIMITS).unwrap();
        let r = Heaps::record(HeapKind::Jdk, &p, 10).unwrap();
        assert!(r.trace.overflowed);
        assert_eq!(r.trace.texts.len(), 10);
    }

    #[test]
    fn scripts_beyond_the_drawing_limits_are_for_counting_not_errors() {
        let raw = |c: &[(u32, u32)]| -> Vec<RawCommand> {
            c.iter()
                .map(|&(op, a)| RawCommand {
                    op,
                    args: [a, 0, 0],
                    thread: 0,
                })
                .collect()
        };
        let new = |c: &[(u32, u32)], draw| Planned::<Heaps>::new(&raw(c), "", draw);
        assert!(!new(&[(3, 500)], true).unwrap().fits());
        assert!(new(&[(3, 500)], false).unwrap().fits());
        assert!(new(&[(3, 0)], true).is_err());
        let e = new(&[(1, 0), (9, 0)], true).err().unwrap();
        assert_eq!(e.to_string(), "command 2: unknown opcode 9");
    }
}
