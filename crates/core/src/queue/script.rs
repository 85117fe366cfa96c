//! The scripts that drive the queue widgets: threads and their operations
//! (`P1: offer 5, P2: offer 7, C: poll, C: size`), macros for bulk work (`fill 100`, `drain`),
//! the bounded queues' capacity, and a schedule saying which thread takes each atomic step.
//!
//! Unlike the heaps and wheels, a queue script is not planned into a fixed list of actions: which
//! operation finishes first, and what a poll returns, depend on the interleaving. So the plan is
//! each thread's program, and a deterministic scheduler runs the real queue one step at a time;
//! the same script and schedule give the same run every time.

use crate::family::Variant;
use crate::queue::{Outcome, QueueOp, QueueVariant, StepQueue};
use crate::rng::SplitMix;
use crate::script::{
    self, command_thread, fmt_count, parse_settings, parse_thread_names, quoted, script_threads,
    ArgSpec, OpSpec, RawCommand, ScriptError, SettingSpec,
};

/// What a thread's program holds: the script's commands, macros expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreadOp {
    Offer(u32),
    Poll,
    Size,
    /// Poll until a poll returns null.
    Drain,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub op: ThreadOp,
    pub command: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Schedule {
    RoundRobin,
    Random(u64),
    /// Threads by number, one step each, then round-robin.
    Listed(Vec<usize>),
}

#[derive(Clone, Debug)]
pub struct Program {
    pub names: Vec<String>,
    pub threads: Vec<Vec<Entry>>,
    pub schedule: Schedule,
    /// The requested capacity of the bounded queues.
    pub capacity: usize,
    pub offers: usize,
    pub ops: usize,
}

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_threads: usize,
    pub max_offers: usize,
    pub max_ops: usize,
    pub max_capacity: usize,
    /// Scheduler steps before a run is stopped (a spin or a lock wait the schedule never ends).
    pub max_turns: u64,
}

/// Drawn scripts: what the views can show (nodes, slots, threads) and a player can step through.
/// Threads a drawn script may name.
pub const MAX_THREADS: usize = 6;
/// Nodes a drawn CLQ may allocate: the dummy and one per offer.
pub const MAX_NODES: usize = 64;
/// Slots a drawn array or ring may have.
pub const MAX_SLOTS: usize = 64;
pub const DRAW: Limits = Limits {
    max_threads: MAX_THREADS,
    max_offers: MAX_NODES - 1,
    max_ops: 200,
    max_capacity: MAX_SLOTS,
    max_turns: 1_000_000,
};
pub const COUNT: Limits = Limits {
    max_threads: 64,
    max_offers: 2_000_000,
    max_ops: 3_000_000,
    max_capacity: 1 << 22,
    max_turns: 400_000_000,
};
pub const MAX_STEPS: usize = 5_000;
pub const DEFAULT_CAPACITY: usize = 8;

const COUNT_ARG: ArgSpec = ArgSpec {
    what: "a count",
    min: 1,
    max: 1_000_000,
};

opcodes! {
    /// The commands of a queue script, with their grammar.
    pub enum QueueCommand {
        Offer = OpSpec {
            name: "offer",
            args: &[ArgSpec {
                what: "an element",
                min: 0,
                max: 1_000_000_000,
            }],
            example: "offer 5",
        },
        Poll = OpSpec {
            name: "poll",
            args: &[],
            example: "poll",
        },
        Size = OpSpec {
            name: "size",
            args: &[],
            example: "size",
        },
        Fill = OpSpec {
            name: "fill",
            args: &[COUNT_ARG],
            example: "fill 10",
        },
        Drain = OpSpec {
            name: "drain",
            args: &[],
            example: "drain",
        },
    }
}

settings! {
    /// The settings a script takes besides its commands.
    pub enum QueueSetting {
        Threads = crate::script::THREAD_NAMES,
        Capacity = SettingSpec {
            name: "capacity",
            what: "the bounded queues' capacity",
            default: "8",
        },
        Schedule = SettingSpec {
            name: "schedule",
            what: "which thread takes each turn. A turn is one step: one load, store or CAS of \
                   shared memory, or one of the two steps a thread takes on its own, a \
                   ConcurrentLinkedQueue offer allocating its node and an operation returning. So an \
                   offer to a ConcurrentLinkedQueue whose tail is on the last node takes five turns: \
                   allocate, read tail, read tail's next, CAS that next, return. The player also shows \
                   each call as a step; a call takes no turn",
            default: "round-robin",
        },
    }
}

/// Its settings' specs, for the schema.
pub const SETTINGS: &[SettingSpec] = <QueueSetting as crate::script::Setting>::SPECS;

/// Builds each thread's program from the commands and settings.
pub fn program(raw: &[RawCommand], settings: &str, limits: Limits) -> Result<Program, ScriptError> {
    let mut names: Vec<String> = Vec::new();
    let mut capacity = DEFAULT_CAPACITY;
    let mut schedule_text = String::new();
    for (name, value) in parse_settings::<QueueSetting>(settings)? {
        match name {
            QueueSetting::Threads => names = parse_thread_names(&value)?,
            QueueSetting::Capacity => {
                capacity = value
                    .parse::<usize>()
                    .ok()
                    .filter(|c| (1..=COUNT.max_capacity).contains(c))
                    .ok_or_else(|| {
                        ScriptError::in_setting(
                            "capacity",
                            format!(
                                "a capacity is a whole number from 1 to {}, not {}",
                                fmt_count(COUNT.max_capacity as u64),
                                quoted(&value)
                            ),
                        )
                    })?;
                if capacity > limits.max_capacity {
                    return Err(ScriptError {
                        over_limit: true,
                        ..ScriptError::in_setting(
                            "capacity",
                            format!(
                                "{} slots are more than the {} a drawing shows",
                                fmt_count(capacity as u64),
                                limits.max_capacity
                            ),
                        )
                    });
                }
            }
            QueueSetting::Schedule => schedule_text = value,
        }
    }
    names = script_threads(
        std::mem::take(&mut names),
        limits.max_threads,
        COUNT.max_threads,
    )?;
    let schedule = parse_schedule(&schedule_text, &names)?;
    let mut threads = vec![Vec::new(); names.len()];
    let (mut offers, mut ops) = (0usize, 0usize);
    let mut next_value: u64 = 1;
    for (command, c) in script::commands::<QueueCommand>(raw)?
        .into_iter()
        .enumerate()
    {
        let thread = command_thread(command, c.thread, &names)?;
        let mut push = |op: ThreadOp| -> Result<(), ScriptError> {
            if let ThreadOp::Offer(_) = op {
                offers += 1;
                if offers > limits.max_offers {
                    return Err(ScriptError::limit(
                        command,
                        format!(
                            "the script offers more than {} elements, the limit here",
                            fmt_count(limits.max_offers as u64)
                        ),
                    ));
                }
            }
            ops += 1;
            if ops > limits.max_ops {
                return Err(ScriptError::limit(
                    command,
                    format!(
                        "the script expands to more than {} operations, the limit here",
                        fmt_count(limits.max_ops as u64)
                    ),
                ));
            }
            threads[thread].push(Entry { op, command });
            Ok(())
        };
        match c.op {
            QueueCommand::Offer => {
                next_value = next_value.max(u64::from(c.args[0]) + 1);
                push(ThreadOp::Offer(c.args[0]))?;
            }
            QueueCommand::Poll => push(ThreadOp::Poll)?,
            QueueCommand::Size => push(ThreadOp::Size)?,
            QueueCommand::Fill => {
                if next_value + u64::from(c.args[0]) > 1_000_000_001 {
                    return Err(ScriptError::new(
                        command,
                        "fill would pass element 1,000,000,000".into(),
                    ));
                }
                for _ in 0..c.args[0] {
                    push(ThreadOp::Offer(next_value as u32))?;
                    next_value += 1;
                }
            }
            QueueCommand::Drain => push(ThreadOp::Drain)?,
        }
    }
    Ok(Program {
        names,
        threads,
        schedule,
        capacity,
        offers,
        ops,
    })
}

/// Refuses programs the queue's contract forbids: SPSC has one producer and one consumer
/// thread, MPSC one consumer (`size()` may be called from anywhere).
pub fn check(prog: &Program, kind: QueueVariant) -> Result<(), ScriptError> {
    type Role = (&'static str, fn(ThreadOp) -> bool, bool);
    let roles: [Role; 2] = [
        (
            "producer",
            |op| matches!(op, ThreadOp::Offer(_)),
            kind == QueueVariant::Spsc,
        ),
        (
            "consumer",
            |op| matches!(op, ThreadOp::Poll | ThreadOp::Drain),
            matches!(kind, QueueVariant::Spsc | QueueVariant::Mpsc),
        ),
    ];
    for (role, plays, single) in roles {
        if !single {
            continue;
        }
        let mut first: Option<usize> = None;
        // The offending command is the earliest one of a second thread in that role.
        let mut culprit: Option<(usize, usize)> = None;
        for (t, entries) in prog.threads.iter().enumerate() {
            if let Some(e) = entries.iter().find(|e| plays(e.op)) {
                match first {
                    None => first = Some(t),
                    Some(_) if culprit.is_none_or(|(c, _)| e.command < c) => {
                        culprit = Some((e.command, t))
                    }
                    _ => {}
                }
            }
        }
        if let (Some(f), Some((command, t))) = (first, culprit) {
            let other = if role == "producer" {
                "clq or mpsc"
            } else {
                "clq or abq"
            };
            return Err(ScriptError::new(
                command,
                format!(
                    "{} has a single {role} thread: {} already {}, so {} may not (try {other})",
                    kind.title(),
                    prog.names[f],
                    if role == "producer" {
                        "offers"
                    } else {
                        "polls"
                    },
                    prog.names[t]
                ),
            ));
        }
    }
    Ok(())
}

/// One operation as it ran.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunAction {
    pub thread: usize,
    pub op: QueueOp,
    pub command: usize,
    pub outcome: Option<Outcome>,
}

/// What the scheduler tells its observer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A thread called an operation (nothing shared touched yet).
    Began { thread: usize, action: usize },
    /// A thread took one atomic step, on pseudocode line `line`; `done` when the operation
    /// returned, `finished` when it was the thread's last.
    Stepped {
        thread: usize,
        action: usize,
        line: u8,
        done: Option<Outcome>,
        finished: bool,
    },
}

/// Where a thread is in its program (its registers live beside, in one slice the observer sees).
#[derive(Clone, Copy, Default)]
struct ThreadState {
    next: usize,
    current: Option<usize>,
    draining: bool,
}

impl ThreadState {
    fn finished(&self, program: &[Entry]) -> bool {
        self.current.is_none() && !self.draining && self.next == program.len()
    }
}

/// Runs the program on `q` by its schedule, calling `observe` after every begin and step.
pub fn run<Q: StepQueue>(
    q: &mut Q,
    prog: &Program,
    max_turns: u64,
    mut observe: impl FnMut(&Q, &[Q::Regs], &[RunAction], Turn),
) -> Result<Vec<RunAction>, ScriptError> {
    let n = prog.threads.len();
    let mut ts = vec![ThreadState::default(); n];
    let mut regs: Vec<Q::Regs> = vec![Q::Regs::default(); n];
    let mut actions: Vec<RunAction> = Vec::new();
    let mut rng = match prog.schedule {
        Schedule::Random(seed) => Some(SplitMix::new(seed)),
        _ => None,
    };
    let listed: &[usize] = match &prog.schedule {
        Schedule::Listed(l) => l,
        _ => &[],
    };
    // The threads with work left, in order; one leaves when it finishes.
    let mut live: Vec<usize> = (0..n).filter(|&t| !prog.threads[t].is_empty()).collect();
    let mut at = 0usize;
    let mut last = n - 1;
    let mut turns = 0u64;
    while !live.is_empty() {
        let t = loop {
            if at < listed.len() {
                let t = listed[at];
                at += 1;
                if live.contains(&t) {
                    break t;
                }
                continue;
            }
            if let Some(r) = rng.as_mut() {
                break live[(r.next_u64() % live.len() as u64) as usize];
            }
            // Round-robin: the first live thread after the last one to run.
            break *live.iter().find(|&&x| x > last).unwrap_or(&live[0]);
        };
        last = t;
        turns += 1;
        if turns > max_turns {
            return Err(ScriptError::limit(
                0,
                format!(
                    "the threads took {} steps without finishing, the limit here",
                    fmt_count(max_turns)
                ),
            ));
        }
        let s = &mut ts[t];
        let action = match s.current {
            Some(a) => a,
            None => {
                let (op, command) = if s.draining {
                    (QueueOp::Poll, prog.threads[t][s.next - 1].command)
                } else {
                    let e = prog.threads[t][s.next];
                    s.next += 1;
                    s.draining = e.op == ThreadOp::Drain;
                    let op = match e.op {
                        ThreadOp::Offer(v) => QueueOp::Offer(v),
                        ThreadOp::Poll | ThreadOp::Drain => QueueOp::Poll,
                        ThreadOp::Size => QueueOp::Size,
                    };
                    (op, e.command)
                };
                let a = actions.len();
                actions.push(RunAction {
                    thread: t,
                    op,
                    command,
                    outcome: None,
                });
                s.current = Some(a);
                q.begin(t, &mut regs[t], op);
                observe(
                    q,
                    &regs,
                    &actions,
                    Turn::Began {
                        thread: t,
                        action: a,
                    },
                );
                a
            }
        };
        let line = q.line(&regs[t]);
        let done = q.step(t, &mut regs[t]);
        let s = &mut ts[t];
        if let Some(o) = done {
            actions[action].outcome = Some(o);
            s.current = None;
            if o == Outcome::Polled(None) {
                s.draining = false;
            }
        }
        let finished = s.finished(&prog.threads[t]);
        if finished {
            live.retain(|&x| x != t);
        }
        observe(
            q,
            &regs,
            &actions,
            Turn::Stepped {
                thread: t,
                action,
                line,
                done,
                finished,
            },
        );
    }
    Ok(actions)
}

fn op_label(op: QueueOp) -> String {
    match op {
        QueueOp::Offer(v) => format!("offer {v}"),
        QueueOp::Poll => "poll".into(),
        QueueOp::Size => "size".into(),
    }
}

pub fn outcome_label(o: Outcome) -> String {
    match o {
        Outcome::Offered(b) => b.to_string(),
        Outcome::Polled(Some(v)) => v.to_string(),
        Outcome::Polled(None) => "null".into(),
        Outcome::Size(n) => fmt_count(n),
    }
}

/// "P1: offer 5 → true".
pub fn action_label(prog: &Program, a: &RunAction) -> String {
    let base = format!("{}: {}", prog.names[a.thread], op_label(a.op));
    match a.outcome {
        Some(o) => format!("{base} → {}", outcome_label(o)),
        None => format!("{base} (unfinished)"),
    }
}

/// Runs `go` on a fresh queue of `kind` with probe `p`. The two rings are one type: one arm, so
/// `go` (a whole run of the step machine, inlined) is in the module once for them, not twice.
macro_rules! with_queue {
    ($kind:expr, $cap:expr, $p:expr, |$q:ident| $body:expr) => {
        match $kind {
            QueueVariant::Clq => {
                let mut $q = LinkedQueue::with_probe($p);
                $body
            }
            QueueVariant::Abq => {
                let mut $q = ArrayQueue::with_probe($cap, $p);
                $body
            }
            ring @ (QueueVariant::Spsc | QueueVariant::Mpsc) => {
                let ring = if matches!(ring, QueueVariant::Spsc) {
                    RingKind::Spsc
                } else {
                    RingKind::Mpsc
                };
                let mut $q = RingQueue::with_probe(ring, $cap, $p);
                $body
            }
        }
    };
}
pub(crate) use with_queue;

mod schedule;
pub use schedule::parse_schedule;

/// A program run with a counter alone: outcomes and totals, for the tests.
#[cfg(test)]
pub fn run_counted(
    kind: QueueVariant,
    prog: &Program,
) -> Result<(Vec<RunAction>, crate::probe::Counter), ScriptError> {
    // What `with_queue!` builds, by name.
    use crate::probe::Counter;
    use crate::queue::array::ArrayQueue;
    use crate::queue::jctools::{RingKind, RingQueue};
    use crate::queue::linked::LinkedQueue;
    use std::cell::RefCell;
    use std::rc::Rc;
    check(prog, kind)?;
    let counter = Rc::new(RefCell::new(Counter::new()));
    let p = counter.clone();
    let actions = with_queue!(kind, prog.capacity, p, |q| run(
        &mut q,
        prog,
        COUNT.max_turns,
        |_, _, _, _| {}
    ))?;
    let c = counter.borrow().clone();
    Ok((actions, c))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::probe::Counter;
    use crate::queue::array::ArrayQueue;
    use crate::queue::jctools::{RingKind, RingQueue};
    use crate::queue::linked::LinkedQueue;
    use std::cell::RefCell;
    use std::rc::Rc;

    /// Commands from `(opcode, argument, thread)` triples.
    pub(crate) use crate::testing::raw;

    #[test]
    fn threads_settings_and_macros() {
        let p = program(
            &raw(&[(0, 5, 0), (3, 3, 0), (4, 0, 1)]),
            "threads=P,C\ncapacity=4\nschedule=P C*2",
            DRAW,
        )
        .unwrap();
        assert_eq!(p.names, vec!["P", "C"]);
        assert_eq!(p.capacity, 4);
        assert_eq!(p.schedule, Schedule::Listed(vec![0, 1, 1]));
        let offers: Vec<ThreadOp> = p.threads[0].iter().map(|e| e.op).collect();
        assert_eq!(
            offers,
            vec![
                ThreadOp::Offer(5),
                ThreadOp::Offer(6),
                ThreadOp::Offer(7),
                ThreadOp::Offer(8)
            ]
        );
        assert_eq!(p.threads[1][0].op, ThreadOp::Drain);
    }

    #[test]
    fn errors_name_the_setting_or_command() {
        let e = program(&raw(&[(1, 0, 0)]), "threads=P\nschedule=P Q", DRAW).unwrap_err();
        assert_eq!(
            e.to_string(),
            "schedule: there is no thread \"Q\"; the threads are P"
        );
        let e = program(&raw(&[(1, 0, 0)]), "capacity=0", DRAW).unwrap_err();
        assert!(e.to_string().starts_with("capacity: "));
        let e = program(&raw(&[(1, 0, 0)]), "capacity=100", DRAW).unwrap_err();
        assert!(
            e.over_limit,
            "a capacity too big to draw is counted instead"
        );
        let e = program(&raw(&[(3, 100, 0)]), "", DRAW).unwrap_err();
        assert!(e.over_limit && e.to_string().starts_with("command 1: "));
        let e = program(&raw(&[(0, 1, 0), (0, 2, 1)]), "threads=A,B", DRAW).unwrap();
        let err = check(&e, QueueVariant::Spsc).unwrap_err();
        assert_eq!(err.command(), Some(1));
        assert!(err.message.contains("single producer"), "{}", err.message);
        assert!(check(&e, QueueVariant::Mpsc).is_ok());
    }

    /// The step model the schedule's help states: every turn a thread takes is one access to
    /// shared memory (a load, store or CAS; a lock taken, looked at or released; a spin; a node
    /// counted), or one of its own two steps: allocating a CLQ node, or returning.
    #[test]
    fn every_turn_is_one_access_an_allocation_or_a_return() {
        use crate::queue::kind;
        let script = raw(&[(3, 6, 0), (2, 0, 0), (3, 6, 1), (4, 0, 2), (2, 0, 2)]);
        for schedule in ["round-robin", "random 3", "random 11", "P1*7 C*9 P2*4"] {
            let p = program(
                &script,
                &format!("threads=P1,P2,C\nschedule={schedule}\ncapacity=4"),
                DRAW,
            )
            .unwrap();
            for k in [QueueVariant::Clq, QueueVariant::Abq, QueueVariant::Mpsc] {
                let counter = Rc::new(RefCell::new(Counter::new()));
                let mut seen = [0u64; crate::probe::MAX_KINDS];
                let c = counter.clone();
                with_queue!(k, p.capacity, c, |q| run(
                    &mut q,
                    &p,
                    DRAW.max_turns,
                    |_, _, _, turn| {
                        let now = counter.borrow().total;
                        let d = |x: usize| now[x] - seen[x];
                        if let Turn::Stepped { done, .. } = turn {
                            let access: u64 = [
                                kind::LOAD,
                                kind::STORE,
                                kind::SLOT_READ,
                                kind::SLOT_WRITE,
                                kind::CAS,
                                kind::CAS_FAIL,
                                kind::VISIT,
                                kind::LOCK,
                                kind::LOCK_WAIT,
                                kind::UNLOCK,
                                kind::SPIN,
                            ]
                            .into_iter()
                            .map(d)
                            .sum();
                            let own = d(kind::ALLOC) + d(kind::DONE);
                            assert_eq!(access + own, 1, "{k:?}, schedule {schedule}");
                            assert_eq!(d(kind::DONE) == 1, done.is_some());
                        }
                        seen = now;
                    }
                ))
                .unwrap();
            }
        }
        // So one thread's first offer to a CLQ is five turns (allocate, read tail, read next,
        // CAS, return), and its second seven: tail lags, so one more read of next, and a CAS
        // of tail after the CAS of next.
        let p = program(
            &raw(&[(0, 1, 0), (0, 2, 1)]),
            "threads=A,B\nschedule=A*5 B*7",
            DRAW,
        )
        .unwrap();
        let (actions, _) = run_counted(QueueVariant::Clq, &p).unwrap();
        assert!(actions
            .iter()
            .all(|a| a.outcome == Some(Outcome::Offered(true))));
        let p = program(
            &raw(&[(0, 1, 0), (0, 2, 1)]),
            "threads=A,B\nschedule=A*4 B*7",
            DRAW,
        )
        .unwrap();
        let mut turns = vec![];
        let mut q = LinkedQueue::new();
        run(&mut q, &p, DRAW.max_turns, |_, _, _, t| {
            if let Turn::Stepped { thread, done, .. } = t {
                turns.push((thread, done.is_some()));
            }
        })
        .unwrap();
        // A's fourth turn is its CAS: it returns on its fifth, after B's seven.
        let returns: Vec<usize> = turns
            .iter()
            .enumerate()
            .filter(|(_, t)| t.1)
            .map(|(i, _)| i)
            .collect();
        assert_eq!(returns, vec![10, 11]);
    }

    #[test]
    fn the_same_schedule_gives_the_same_run() {
        let script = raw(&[(3, 20, 0), (3, 20, 1), (4, 0, 2), (2, 0, 2)]);
        for schedule in ["round-robin", "random 3", "P1*7 C*9"] {
            let p = program(
                &script,
                &format!("threads=P1,P2,C\nschedule={schedule}\ncapacity=16"),
                COUNT,
            )
            .unwrap();
            for kind in [QueueVariant::Clq, QueueVariant::Abq, QueueVariant::Mpsc] {
                let a = run_counted(kind, &p).unwrap();
                let b = run_counted(kind, &p).unwrap();
                assert_eq!(a.0, b.0);
                assert_eq!(a.1, b.1);
            }
        }
    }
}
