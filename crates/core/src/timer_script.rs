//! The ops scripts that drive the heap widgets: `add K`, `poll`, `remove K`, and macros that
//! reproduce Netty's benchmark at small sizes. A script is first *planned* against the server's
//! own bookkeeping (which timers exist, which are still queued) into primitive actions with
//! resolved targets; the same plan then runs on either heap, so both do exactly the same work.

use std::collections::BTreeSet;
use std::fmt;

use crate::indexed_heap::{Handle, IndexedHeap};
use crate::jdk_heap::JdkHeap;
use crate::probe::{Counter, Counts, Probe};
use crate::recorder::{HeapKind, Recorder};
use crate::timer::Timer;

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

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanError {
    /// The 0-based command at fault.
    pub command: usize,
    pub message: String,
    /// The script is valid but exceeds a size limit (so it may still be counted, if not drawn).
    pub over_limit: bool,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "op {}: {}", self.command + 1, self.message)
    }
}

impl std::error::Error for PlanError {}

fn fmt_count(n: u64) -> String {
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

pub fn plan(commands: &[Command], limits: Limits) -> Result<Plan, PlanError> {
    let mut p = Plan::default();
    let mut queued: BTreeSet<Timer> = BTreeSet::new();
    let mut order: BTreeSet<u64> = BTreeSet::new(); // sequence numbers of queued timers

    for (command, &cmd) in commands.iter().enumerate() {
        let fail = |message: String| {
            Err(PlanError {
                command,
                message,
                over_limit: false,
            })
        };
        let push = |p: &mut Plan, action: Action| -> Result<(), PlanError> {
            if p.actions.len() == limits.max_actions {
                return Err(PlanError {
                    command,
                    over_limit: true,
                    message: format!(
                        "the script expands to more than {} operations, the limit here",
                        fmt_count(limits.max_actions as u64)
                    ),
                });
            }
            p.actions.push(PlannedAction { action, command });
            Ok(())
        };
        let add = |p: &mut Plan,
                   queued: &mut BTreeSet<Timer>,
                   order: &mut BTreeSet<u64>,
                   deadline: u64| {
            if queued.len() == limits.max_size {
                return Err(PlanError {
                    command,
                    over_limit: true,
                    message: format!(
                        "the queue would hold more than {} timers, the limit here",
                        fmt_count(limits.max_size as u64)
                    ),
                });
            }
            let t = Timer {
                deadline,
                seq: p.timers.len() as u64,
            };
            p.timers.push(t);
            queued.insert(t);
            order.insert(t.seq);
            p.max_size = p.max_size.max(queued.len());
            push(p, Action::Add(t))
        };
        let remove = |p: &mut Plan,
                      queued: &mut BTreeSet<Timer>,
                      order: &mut BTreeSet<u64>,
                      timer: Timer| {
            p.worst_case_equals += queued.len() as u64;
            if p.worst_case_equals > limits.max_equals {
                return Err(PlanError {
                    command,
                    over_limit: true,
                    message: format!(
                        "the JDK heap could need up to {} equals() calls by here; the limit is {}",
                        fmt_count(p.worst_case_equals),
                        fmt_count(limits.max_equals)
                    ),
                });
            }
            let was = queued.remove(&timer);
            if was {
                order.remove(&timer.seq);
            }
            push(p, Action::Remove { timer, queued: was })
        };

        match cmd {
            Command::Add(d) => add(&mut p, &mut queued, &mut order, d)?,
            Command::Poll => {
                if let Some(t) = queued.pop_first() {
                    order.remove(&t.seq);
                }
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
                remove(&mut p, &mut queued, &mut order, target)?;
            }
            Command::Schedule(n) => {
                if n == 0 {
                    return fail("schedule needs a count of at least 1".into());
                }
                for d in 1..=n {
                    add(&mut p, &mut queued, &mut order, d)?;
                }
            }
            Command::CancelInOrder | Command::CancelReverse => {
                let mut seqs: Vec<u64> = order.iter().copied().collect();
                if cmd == Command::CancelReverse {
                    seqs.reverse();
                }
                for s in seqs {
                    let t = p.timers[s as usize];
                    remove(&mut p, &mut queued, &mut order, t)?;
                }
            }
        }
    }
    Ok(p)
}

/// Either heap, driven by timers: what a plan needs of a timer queue.
pub trait TimerQueue {
    type P: Probe;
    fn offer(&mut self, t: Timer);
    fn poll(&mut self) -> Option<Timer>;
    /// Cancels `t`; returns the slot it was removed from, if it was queued.
    fn cancel(&mut self, t: Timer) -> Option<usize>;
    fn layout(&self) -> Vec<Timer>;
    fn capacity(&self) -> usize;
    fn probe(&mut self) -> &mut Self::P;
}

impl<P: Probe> TimerQueue for JdkHeap<Timer, P> {
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
    fn capacity(&self) -> usize {
        JdkHeap::capacity(self)
    }
    fn probe(&mut self) -> &mut P {
        &mut self.probe
    }
}

/// Netty's heap plus the handles a server keeps for its timers (one per sequence number).
pub struct IndexedTimers<P: Probe> {
    pub heap: IndexedHeap<Timer, P>,
    handles: Vec<Handle>,
}

impl<P: Probe> IndexedTimers<P> {
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

impl<P: Probe> TimerQueue for IndexedTimers<P> {
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
    fn capacity(&self) -> usize {
        self.heap.capacity()
    }
    fn probe(&mut self) -> &mut P {
        &mut self.heap.probe
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

/// What the step player needs: every step of every action, plus the layout after each action
/// (which the player's own replay is checked against).
#[derive(Clone, Debug)]
pub struct Trace {
    pub steps: Vec<i32>,
    pub texts: Vec<String>,
    pub layouts: Vec<Vec<Timer>>,
    pub overflowed: bool,
}

fn subject(a: &Action) -> Option<Timer> {
    match *a {
        Action::Add(t) => Some(t),
        Action::Poll => None,
        Action::Remove { timer, .. } => Some(timer),
    }
}

fn recorded<Q: TimerQueue<P = Recorder>>(mut q: Q, plan: &Plan) -> Trace {
    let mut layouts = Vec::with_capacity(plan.actions.len());
    run(&mut q, plan, |q, i| {
        if i > 0 {
            layouts.push(q.layout());
        }
        let layout = q.layout();
        q.probe()
            .prepare(i, &layout, subject(&plan.actions[i].action));
    });
    if !plan.actions.is_empty() {
        layouts.push(q.layout());
    }
    let r = q.probe();
    Trace {
        steps: std::mem::take(&mut r.steps),
        texts: std::mem::take(&mut r.texts),
        layouts,
        overflowed: r.overflowed,
    }
}

/// Runs the plan on one heap with the recorder.
pub fn record(kind: HeapKind, plan: &Plan, max_steps: usize) -> Trace {
    let recorder = Recorder::new(kind, max_steps);
    match kind {
        HeapKind::Jdk => recorded(JdkHeap::with_probe(recorder), plan),
        HeapKind::Indexed => recorded(IndexedTimers::new(recorder), plan),
    }
}

/// Work per script command (not per action: a macro may expand to a million actions).
#[derive(Clone, Debug, Default)]
pub struct CommandCounts {
    pub per_command: Vec<Counts>,
    pub total: Counts,
    pub final_size: usize,
}

fn counted<Q: TimerQueue<P = Counter>>(mut q: Q, plan: &Plan, commands: usize) -> CommandCounts {
    let mut per_command = vec![Counts::default(); commands];
    let mut current = 0usize;
    let mut at_start = Counts::default();
    run(&mut q, plan, |q, i| {
        let c = plan.actions[i].command;
        if c != current {
            per_command[current] = q.probe().total.minus(&at_start);
            at_start = q.probe().total;
            current = c;
        }
    });
    let total = q.probe().total;
    if commands > 0 {
        per_command[current] = total.minus(&at_start);
    }
    CommandCounts {
        per_command,
        total,
        final_size: q.layout().len(),
    }
}

/// Runs the plan on one heap with the counter probe.
pub fn count(kind: HeapKind, plan: &Plan, commands: usize) -> CommandCounts {
    match kind {
        HeapKind::Jdk => counted(JdkHeap::with_probe(Counter::default()), plan, commands),
        HeapKind::Indexed => counted(IndexedTimers::new(Counter::default()), plan, commands),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            "op 2: the queue would hold more than 10 timers, the limit here"
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
        assert_eq!(e.command, 1);
        assert!(e.message.contains("equals() calls"), "{}", e.message);
        assert!(plan(&[Command::Schedule(0)], LIMITS).is_err());
    }

    #[test]
    fn the_same_plan_costs_the_jdk_heap_quadratically_in_reverse() {
        let p = plan(&[Command::Schedule(100), Command::CancelReverse], LIMITS).unwrap();
        let mut jdk = JdkHeap::with_probe(Counter::default());
        run(&mut jdk, &p, |_, _| {});
        let mut netty = IndexedTimers::new(Counter::default());
        run(&mut netty, &p, |_, _| {});
        assert_eq!(jdk.probe.total.equals, 100 * 101 / 2);
        assert_eq!(netty.heap.probe.total.equals, 0);
        assert!(jdk.is_empty() && netty.heap.is_empty());
        let mut plain = IndexedTimers::new(NoProbe);
        run(&mut plain, &p, |_, _| {});
        assert!(plain.layout().is_empty());
    }
}

#[cfg(test)]
mod trace_tests {
    use super::*;
    use crate::recorder::{kind, STEP_WIDTH};

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

    #[test]
    fn every_action_starts_with_a_begin_step_and_texts_match_steps() {
        let p = plan(&script(), LIMITS).unwrap();
        for k in [HeapKind::Jdk, HeapKind::Indexed] {
            let t = record(k, &p, 100_000);
            assert!(!t.overflowed);
            assert_eq!(t.steps.len(), t.texts.len() * STEP_WIDTH);
            let begins: Vec<i32> = t
                .steps
                .chunks(STEP_WIDTH)
                .filter(|s| s[2] == kind::BEGIN)
                .map(|s| s[0])
                .collect();
            assert_eq!(begins, (0..p.actions.len() as i32).collect::<Vec<_>>());
            assert_eq!(t.layouts.len(), p.actions.len());
            assert!(
                t.texts.iter().all(|s| !s.contains('?')),
                "every sentence names real deadlines"
            );
        }
    }

    #[test]
    fn the_recorder_counts_the_same_work_as_the_counter() {
        let cmds = script();
        let p = plan(&cmds, LIMITS).unwrap();
        for k in [HeapKind::Jdk, HeapKind::Indexed] {
            let t = record(k, &p, 100_000);
            let c = count(k, &p, cmds.len());
            let steps: Vec<&[i32]> = t.steps.chunks(STEP_WIDTH).collect();
            let n = |kd: i32| steps.iter().filter(|s| s[2] == kd).count() as u64;
            let writes = steps
                .iter()
                .filter(|s| s[2] == kind::MOVE && s[4] >= 0)
                .count() as u64;
            assert_eq!(n(kind::COMPARE), c.total.comparisons);
            assert_eq!(n(kind::EQUALS), c.total.equals);
            assert_eq!(writes, c.total.moves);
            assert_eq!(n(kind::INDEX), c.total.index_writes);
            assert_eq!(n(kind::GROW), c.total.allocations);
            let summed = c.per_command.iter().fold(0, |acc, x| acc + x.comparisons);
            assert_eq!(summed, c.total.comparisons);
        }
    }

    #[test]
    fn a_trace_stops_at_its_step_limit_and_says_so() {
        let p = plan(&script(), LIMITS).unwrap();
        let t = record(HeapKind::Jdk, &p, 10);
        assert!(t.overflowed);
        assert_eq!(t.texts.len(), 10);
    }
}
