//! The scripts that drive the timing-wheel widgets: `add ID DELAY`, `cancel ID`, `advance T`,
//! and macros for bulk work. As for the heaps, a script is first planned (which timers exist,
//! which are pending, what time it is) into actions with resolved targets; the same plan then
//! runs on either timer, so both see exactly the same work.

use std::collections::HashMap;

use crate::script::{self, fmt_count, ArgSpec, OpSpec, RawCommand, ScriptError};
use crate::wheel::{TimerHandle, VirtualTimer};

/// A primitive action, its target resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Timer number `entity` (the order of adds), with the script's ID, due `delay` ms from now.
    Add {
        entity: u32,
        id: u32,
        delay: u64,
    },
    Cancel {
        entity: u32,
    },
    /// Move the clock to this absolute time.
    Advance {
        to: u64,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedAction {
    pub action: Action,
    pub command: usize,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub actions: Vec<PlannedAction>,
    /// The script's ID of every timer, in the order they were added.
    pub ids: Vec<u32>,
    /// Each timer's expiration (absolute ms).
    pub expirations: Vec<u64>,
    /// The most timers pending at once.
    pub max_size: usize,
}

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_timers: usize,
    pub max_actions: usize,
}

/// Drawn scripts: what the wheels can show and a player can step through.
/// The most timers a drawn script may add (what the view can show at 50 frames a second).
pub const MAX_TIMERS: usize = 200;
pub const DRAW: Limits = Limits {
    max_timers: MAX_TIMERS,
    max_actions: 2_000,
};
/// Counted scripts.
pub const COUNT: Limits = Limits {
    max_timers: 1_000_000,
    max_actions: 3_000_000,
};
pub const MAX_STEPS: usize = 250_000;

const ID: ArgSpec = ArgSpec {
    what: "a timer ID",
    min: 0,
    max: u32::MAX,
};
const DELAY: ArgSpec = ArgSpec {
    what: "a delay in ms",
    min: 0,
    max: u32::MAX,
};
const COUNT_ARG: ArgSpec = ArgSpec {
    what: "a count",
    min: 1,
    max: 1_000_000,
};

opcodes! {
    /// The commands of a timer script, with their grammar.
    pub enum WheelCommand {
        Add = OpSpec {
            name: "add",
            args: &[ID, DELAY],
            example: "add 7 40",
        },
        Cancel = OpSpec {
            name: "cancel",
            args: &[ID],
            example: "cancel 7",
        },
        Advance = OpSpec {
            name: "advance",
            args: &[ArgSpec {
                what: "a time in ms",
                min: 0,
                max: u32::MAX,
            }],
            example: "advance 60",
        },
        Burst = OpSpec {
            name: "burst",
            args: &[COUNT_ARG, DELAY],
            example: "burst 10 200",
        },
        Random = OpSpec {
            name: "random",
            args: &[
                COUNT_ARG,
                ArgSpec {
                    what: "a longest delay in ms",
                    min: 1,
                    max: u32::MAX,
                },
                ArgSpec {
                    what: "a seed",
                    min: 0,
                    max: u32::MAX,
                },
            ],
            example: "random 50 1000 7",
        },
        CancelAll = OpSpec {
            name: "cancel-all",
            args: &[],
            example: "cancel-all",
        },
        Drain = OpSpec {
            name: "drain",
            args: &[],
            example: "drain",
        },
    }
}

pub use crate::rng::SplitMix;

const NOT_PENDING: u32 = u32::MAX;

struct Planner {
    limits: Limits,
    plan: Plan,
    by_id: HashMap<u32, u32>,
    /// Pending timers' entities, in no order (their expirations are in `plan.expirations`).
    pending: Vec<u32>,
    /// Where each entity sits in `pending`, or `NOT_PENDING`.
    slot: Vec<u32>,
    now: u64,
}

impl Planner {
    fn push(&mut self, command: usize, action: Action) -> Result<(), ScriptError> {
        if self.plan.actions.len() == self.limits.max_actions {
            return Err(ScriptError::limit(
                command,
                format!(
                    "the script expands to more than {} operations, the limit here",
                    fmt_count(self.limits.max_actions as u64)
                ),
            ));
        }
        self.plan.actions.push(PlannedAction { action, command });
        Ok(())
    }

    fn add(&mut self, command: usize, id: u32, delay: u64) -> Result<(), ScriptError> {
        if self.by_id.contains_key(&id) {
            return Err(ScriptError::new(
                command,
                format!("timer {id} already exists; each add needs a new ID"),
            ));
        }
        if self.plan.ids.len() == self.limits.max_timers {
            return Err(ScriptError::limit(
                command,
                format!(
                    "the script adds more than {} timers, the limit here",
                    fmt_count(self.limits.max_timers as u64)
                ),
            ));
        }
        let entity = self.plan.ids.len() as u32;
        self.by_id.insert(id, entity);
        self.plan.ids.push(id);
        self.plan.expirations.push(self.now + delay);
        // Pending until an advance passes its expiration, a timer due now too: the wheel runs it
        // at once only when its own clock is at now; when that clock lags, it waits in a bucket
        // already due until the next advance, and a cancel (or cancel-all) still finds it there.
        // The plan cannot tell which (it does not run the wheel), so it counts it as waiting; a
        // cancel of one that ran is a cancel of a timer no longer there.
        self.slot.push(self.pending.len() as u32);
        self.pending.push(entity);
        self.plan.max_size = self.plan.max_size.max(self.pending.len());
        self.push(command, Action::Add { entity, id, delay })
    }

    fn cancel(&mut self, command: usize, entity: u32) -> Result<(), ScriptError> {
        let at = self.slot[entity as usize];
        if at != NOT_PENDING {
            self.pending.swap_remove(at as usize);
            if let Some(&moved) = self.pending.get(at as usize) {
                self.slot[moved as usize] = at;
            }
            self.slot[entity as usize] = NOT_PENDING;
        }
        self.push(command, Action::Cancel { entity })
    }

    fn advance(&mut self, command: usize, to: u64) -> Result<(), ScriptError> {
        let (expirations, slot) = (&self.plan.expirations, &mut self.slot);
        self.pending.retain(|&e| {
            let keep = expirations[e as usize] > to;
            if !keep {
                slot[e as usize] = NOT_PENDING;
            }
            keep
        });
        for (at, &e) in self.pending.iter().enumerate() {
            self.slot[e as usize] = at as u32;
        }
        self.now = to;
        self.push(command, Action::Advance { to })
    }

    /// The next free IDs for a macro: after the largest used.
    fn next_ids(&self, command: usize, n: u64) -> Result<u32, ScriptError> {
        let first = self.plan.ids.iter().max().map_or(1, |&m| u64::from(m) + 1);
        if first + n - 1 > u64::from(u32::MAX) {
            return Err(ScriptError::new(
                command,
                "the IDs would pass 4,294,967,295".into(),
            ));
        }
        Ok(first as u32)
    }
}

pub fn plan(raw: &[RawCommand], limits: Limits) -> Result<Plan, ScriptError> {
    let mut p = Planner {
        limits,
        plan: Plan::default(),
        by_id: HashMap::new(),
        pending: Vec::new(),
        slot: Vec::new(),
        now: 0,
    };
    for (command, c) in script::commands::<WheelCommand>(raw)?
        .into_iter()
        .enumerate()
    {
        let [a, b, s] = c.args;
        match c.op {
            WheelCommand::Add => p.add(command, a, u64::from(b))?,
            WheelCommand::Cancel => {
                let entity = *p.by_id.get(&a).ok_or_else(|| {
                    ScriptError::new(
                        command,
                        format!("there is no timer {a}; cancel names a timer added earlier"),
                    )
                })?;
                p.cancel(command, entity)?;
            }
            WheelCommand::Advance => {
                let to = u64::from(a);
                if to < p.now {
                    return Err(ScriptError::new(
                        command,
                        format!("the clock is already at {} ms; advance takes a time from {} on (time only moves forward)", fmt_count(p.now), fmt_count(p.now)),
                    ));
                }
                p.advance(command, to)?;
            }
            WheelCommand::Burst => {
                let first = p.next_ids(command, u64::from(a))?;
                for i in 0..a {
                    p.add(command, first + i, u64::from(b))?;
                }
            }
            WheelCommand::Random => {
                let first = p.next_ids(command, u64::from(a))?;
                let mut r = SplitMix::new(u64::from(s));
                for i in 0..a {
                    let delay = r.below(u64::from(b));
                    p.add(command, first + i, delay)?;
                }
            }
            WheelCommand::CancelAll => {
                // In the order they were added, as a reader of the script expects.
                let mut all = p.pending.clone();
                all.sort_unstable();
                for e in all {
                    p.cancel(command, e)?;
                }
            }
            WheelCommand::Drain => {
                let last = p
                    .pending
                    .iter()
                    .map(|&e| p.plan.expirations[e as usize])
                    .max();
                let last = last.unwrap_or(p.now);
                p.advance(command, last)?;
            }
        }
    }
    Ok(p.plan)
}

/// Runs a plan, calling `before` ahead of each action; returns what fired, as (ID, time).
pub fn run<T: VirtualTimer>(
    t: &mut T,
    plan: &Plan,
    mut before: impl FnMut(&mut T, usize),
) -> Vec<(u32, u64)> {
    let mut handles: Vec<TimerHandle> = Vec::with_capacity(plan.ids.len());
    let mut fired = Vec::new();
    for (i, a) in plan.actions.iter().enumerate() {
        before(t, i);
        match a.action {
            Action::Add { id, delay, .. } => {
                handles.push(t.add(id, delay, &mut |id, at| fired.push((id, at))))
            }
            Action::Cancel { entity } => {
                t.cancel(handles[entity as usize]);
            }
            Action::Advance { to } => t.advance(to, &mut |id, at| fired.push((id, at))),
        }
    }
    fired
}

pub fn action_label(plan: &Plan, a: &Action) -> String {
    match *a {
        Action::Add { id, delay, .. } => format!("add {id} {delay}"),
        Action::Cancel { entity } => format!("cancel {}", plan.ids[entity as usize]),
        Action::Advance { to } => format!("advance {to}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wheel::{DelayQueueTimer, SystemTimer};

    pub(super) fn raw(c: &[(u32, [u32; 3])]) -> Vec<RawCommand> {
        c.iter()
            .map(|&(op, args)| RawCommand {
                op,
                args,
                thread: 0,
            })
            .collect()
    }

    #[test]
    fn plans_ids_times_and_macros() {
        let p = plan(
            &raw(&[
                (0, [7, 40, 0]),
                (3, [3, 10, 0]),
                (2, [15, 0, 0]),
                (1, [7, 0, 0]),
                (6, [0, 0, 0]),
            ]),
            DRAW,
        )
        .unwrap();
        assert_eq!(p.ids, vec![7, 8, 9, 10]);
        assert_eq!(p.expirations, vec![40, 10, 10, 10]);
        let last = p.actions.last().unwrap().action;
        assert_eq!(
            last,
            Action::Advance { to: 15 },
            "drain: nothing pending after the cancel, so it stays at 15"
        );
        let r = plan(&raw(&[(4, [5, 100, 9])]), DRAW).unwrap();
        assert_eq!(r.ids, vec![1, 2, 3, 4, 5]);
        assert!(r.expirations.iter().all(|&e| (1..=100).contains(&e)));
        assert_eq!(
            r.expirations,
            plan(&raw(&[(4, [5, 100, 9])]), DRAW).unwrap().expirations,
            "seeded"
        );
    }

    #[test]
    fn errors_name_the_command_and_say_why() {
        let e = |c: &[(u32, [u32; 3])]| plan(&raw(c), DRAW).unwrap_err().to_string();
        assert_eq!(
            e(&[(0, [1, 5, 0]), (0, [1, 6, 0])]),
            "command 2: timer 1 already exists; each add needs a new ID"
        );
        assert_eq!(
            e(&[(1, [4, 0, 0])]),
            "command 1: there is no timer 4; cancel names a timer added earlier"
        );
        assert_eq!(e(&[(2, [50, 0, 0]), (2, [40, 0, 0])]), "command 2: the clock is already at 50 ms; advance takes a time from 50 on (time only moves forward)");
        let big = plan(&raw(&[(3, [500, 10, 0])]), DRAW).unwrap_err();
        assert!(big.over_limit);
        assert_eq!(
            big.to_string(),
            "command 1: the script adds more than 200 timers, the limit here"
        );
    }

    #[test]
    fn both_timers_fire_the_same_timers_at_the_same_times() {
        let p = plan(
            &raw(&[
                (4, [120, 9000, 3]),
                (2, [500, 0, 0]),
                (5, [0, 0, 0]),
                (4, [40, 300, 4]),
                (6, [0, 0, 0]),
            ]),
            COUNT,
        )
        .unwrap();
        let mut w = SystemTimer::new(0);
        let mut q = DelayQueueTimer::new(0);
        let mut a = run(&mut w, &p, |_, _| {});
        let mut b = run(&mut q, &p, |_, _| {});
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        assert!(!a.is_empty());
    }
}

#[cfg(test)]
mod trace_tests {
    use super::tests::raw;
    use super::*;
    use crate::family::Family;
    use crate::family::Variant;
    use crate::probe::Event;
    use crate::trace::{STEP_WIDTH, TOTAL};
    use crate::wheel::{
        DelayQueueTimer, SystemTimer, WheelEvent, WheelVariant, Wheels, WHEEL_SIZE,
    };

    fn script() -> Vec<RawCommand> {
        raw(&[
            (0, [1, 5, 0]),
            (0, [2, 20, 0]),
            (0, [3, 7421, 0]),
            (0, [4, 0, 0]),
            (0, [5, 5, 0]),
            (4, [30, 900, 11]),
            (1, [2, 0, 0]),
            (2, [6, 0, 0]),
            (2, [420, 0, 0]),
            (5, [0, 0, 0]),
            (0, [99, 3, 0]),
            (6, [0, 0, 0]),
            (1, [99, 0, 0]),
        ])
    }

    /// Replays `r` and checks, after every action, that the frame shows what the real timer holds.
    #[test]
    fn frames_show_exactly_what_the_real_wheel_holds_after_every_action() {
        let p = plan(&script(), DRAW).unwrap();
        let r = Wheels::record(WheelVariant::Wheel, &p, MAX_STEPS).unwrap();
        assert!(!r.trace.overflowed);
        let l = &r.trace.layout;
        let steps: Vec<&[i32]> = r.trace.steps.chunks(STEP_WIDTH).collect();
        let starts: Vec<usize> = (0..steps.len())
            .filter(|&k| k == 0 || steps[k][0] != steps[k - 1][0])
            .collect();
        assert_eq!(starts.len(), p.actions.len());
        let mut real = SystemTimer::new(0);
        let mut handles = Vec::new();
        let mut fired = Vec::new();
        for (a, pa) in p.actions.iter().enumerate() {
            match pa.action {
                Action::Add { id, delay, .. } => {
                    handles.push(real.add(id, delay, &mut |id, t| fired.push((id, t))))
                }
                Action::Cancel { entity } => drop(real.cancel(handles[entity as usize])),
                Action::Advance { to } => real.advance(to, &mut |id, t| fired.push((id, t))),
            }
            let end = starts.get(a + 1).copied().unwrap_or(steps.len());
            let f = r.trace.frame_at(end);
            let get = |name: &str, i: usize| f[l.offset(name) + i];
            assert_eq!(
                get("levels", 0) as usize,
                real.levels().len(),
                "levels after action {a}"
            );
            for (lv, level) in real.levels().iter().enumerate() {
                assert_eq!(
                    get("level_time", lv) as u64,
                    level.current_time,
                    "level {lv} clock after action {a}"
                );
                assert_eq!(get("level_tick", lv) as u64, level.tick);
                for slot in 0..WHEEL_SIZE {
                    let b = lv * WHEEL_SIZE + slot;
                    let mut ids = Vec::new();
                    let mut e = get("bucket_head", b);
                    while e >= 0 {
                        ids.push(p.ids[e as usize]);
                        e = get("timer_next", e as usize);
                    }
                    assert_eq!(
                        ids,
                        real.bucket_ids(lv, slot),
                        "bucket L{lv}[{slot}] after action {a}"
                    );
                    assert_eq!(get("bucket_count", b) as usize, ids.len());
                    let (_, _, exp) = real.bucket(b as u32);
                    assert_eq!(
                        i64::from(get("bucket_exp", b)),
                        exp,
                        "L{lv}[{slot}] expiration after action {a}"
                    );
                }
            }
            let qn = get("q_size", 0) as usize;
            let q: Vec<u32> = (0..qn).map(|i| get("q_slot", i) as u32).collect();
            assert_eq!(
                q,
                real.queue_layout()
                    .iter()
                    .map(|k| k.bucket)
                    .collect::<Vec<_>>(),
                "delay queue after action {a}"
            );
            let fc = get("fired_count", 0) as usize;
            let framed: Vec<(u32, u64)> = (0..fc)
                .map(|i| {
                    let e = get("fired", i) as usize;
                    (p.ids[e], get("timer_fired_at", e) as u64)
                })
                .collect();
            assert_eq!(framed, fired, "fired list after action {a}");
        }
        assert!(r
            .trace
            .texts
            .iter()
            .all(|t| !t.contains("u32::MAX") && !t.contains("4294967295")));
    }

    #[test]
    fn the_delay_queue_frame_holds_the_tasks_and_the_counts_match_the_counter() {
        let raw = script();
        let p = plan(&raw, DRAW).unwrap();
        for &kind in WheelVariant::ALL {
            let r = Wheels::record(kind, &p, MAX_STEPS).unwrap();
            let c = Wheels::count(kind, &p, raw.len()).unwrap();
            let total = r.trace.layout.offset(TOTAL);
            let f = r.trace.frame_at(r.trace.len());
            for (k, spec) in WheelEvent::KINDS.iter().enumerate() {
                if spec.counter.is_some() {
                    assert_eq!(f[total + k] as u64, c.total[k], "{kind:?} {}", spec.name);
                }
            }
            let fired = match kind {
                WheelVariant::Wheel => run(&mut SystemTimer::new(0), &p, |_, _| {}),
                WheelVariant::DelayQueue => run(&mut DelayQueueTimer::new(0), &p, |_, _| {}),
            };
            let l = &r.trace.layout;
            let framed: Vec<(u32, u64)> = (0..f[l.offset("fired_count")] as usize)
                .map(|i| {
                    let e = f[l.offset("fired") + i] as usize;
                    (p.ids[e], f[l.offset("timer_fired_at") + e] as u64)
                })
                .collect();
            assert_eq!(framed, fired, "{kind:?}: the fired list, in order");
        }
        let q = Wheels::record(WheelVariant::DelayQueue, &p, MAX_STEPS).unwrap();
        assert_eq!(q.trace.frame()[q.trace.layout.offset("q_size")], 0);
    }

    /// The pseudocode line each kind of step belongs to, given the operation the action began
    /// (for an unlink: a cancel's, or a flush's) and the delay queue's operation in progress (for
    /// its inner steps: an offer's, or a poll's).
    fn expected_line(kind: WheelVariant, k: usize, action_op: i32, queue_op: usize) -> Option<u8> {
        use crate::wheel::{kind as K, line as L, WheelOp as Op};
        let begin = |op: i32, add: u8, cancel: u8, advance: u8| match op {
            x if x == Op::Add as i32 => add,
            x if x == Op::Cancel as i32 => cancel,
            _ => advance,
        };
        Some(match kind {
            WheelVariant::Wheel => match k {
                K::BEGIN => begin(action_op, L::ADD, L::CANCEL, L::REAPER),
                K::BEYOND | K::OVERFLOW => L::ADD_OVERFLOW,
                K::PLACE | K::INSERT => L::ADD_PLACE,
                K::Q_OFFER => L::ADD_OFFER,
                K::Q_POLL | K::WAIT => L::POLL,
                K::Q_COMPARE | K::Q_MOVE | K::Q_STEP if queue_op == K::Q_OFFER => L::ADD_OFFER,
                K::Q_COMPARE | K::Q_MOVE | K::Q_STEP if queue_op == K::Q_POLL => L::POLL,
                K::TICK => L::CLOCK,
                K::UNLINK if action_op == Op::Cancel as i32 => L::CANCEL,
                K::FLUSH | K::UNLINK | K::CASCADE => L::FLUSH,
                K::FIRE => L::ADD_EXPIRED,
                _ => return None,
            },
            WheelVariant::DelayQueue => match (k, queue_op) {
                (K::BEGIN, _) => begin(action_op, 0, 1, 2),
                (K::Q_OFFER, _) => 0,
                (K::Q_REMOVE | K::Q_EQUALS, _) => 1,
                (K::Q_POLL | K::FIRE, _) => 2,
                (K::Q_COMPARE | K::Q_MOVE | K::Q_STEP, K::Q_OFFER) => 0,
                (K::Q_COMPARE | K::Q_MOVE | K::Q_STEP, K::Q_REMOVE) => 1,
                (K::Q_COMPARE | K::Q_MOVE | K::Q_STEP, K::Q_POLL) => 2,
                _ => return None,
            },
        })
    }

    /// Checks that every step's highlighted line is the one its caption is about.
    fn lines_match_captions(kind: WheelVariant, raw: &[RawCommand]) -> Result<(), String> {
        let p = plan(raw, DRAW).map_err(|e| e.to_string())?;
        let r = Wheels::record(kind, &p, MAX_STEPS).map_err(|e| e.to_string())?;
        let (mut action_op, mut queue_op) = (-1, usize::MAX);
        for (k, s) in r.trace.steps.chunks(STEP_WIDTH).enumerate() {
            let (line, ev) = (s[1] as u8, s[2] as usize);
            if ev == crate::wheel::kind::BEGIN {
                action_op = s[3];
            }
            if matches!(
                ev,
                crate::wheel::kind::Q_OFFER
                    | crate::wheel::kind::Q_POLL
                    | crate::wheel::kind::Q_REMOVE
            ) {
                queue_op = ev;
            }
            let want = expected_line(kind, ev, action_op, queue_op)
                .ok_or_else(|| format!("step {k}: no line for {}", WheelEvent::KINDS[ev].name))?;
            if line != want {
                return Err(format!(
                    "{kind:?} step {k} ({}): \"{}\" is lit with line {line} \"{}\", not line {want} \"{}\"",
                    WheelEvent::KINDS[ev].name,
                    r.trace.texts[k],
                    kind.pseudocode()[line as usize],
                    kind.pseudocode()[want as usize]
                ));
            }
        }
        Ok(())
    }

    #[test]
    fn the_lesson_s_polls_light_the_poll_line() {
        // The request-timeouts lesson's second player: its polls came after a cascade's offer or
        // a timer's run and were lit with those lines ("poll it" beside `delayQueue.offer(b)`).
        let lesson = raw(&[
            (0, [1, 5, 0]),
            (0, [2, 12, 0]),
            (0, [3, 5, 0]),
            (0, [4, 60, 0]),
            (0, [5, 470, 0]),
            (2, [5, 0, 0]),
            (2, [60, 0, 0]),
            (2, [470, 0, 0]),
        ]);
        for &kind in WheelVariant::ALL {
            lines_match_captions(kind, &lesson).unwrap();
        }
        // A delay of 0 on the old design: the reaper's poll, not the add's offer.
        lines_match_captions(WheelVariant::DelayQueue, &raw(&[(0, [1, 0, 0])])).unwrap();
    }

    /// A valid random script: adds with fresh IDs, cancels of any timer added, advances forward,
    /// and now and then a burst, a random batch, a cancel-all or a drain.
    fn script_strategy() -> impl proptest::strategy::Strategy<Value = Vec<RawCommand>> {
        use proptest::prelude::*;
        let op = prop_oneof![
            4 => prop_oneof![0u32..25, 0u32..500, 0u32..12_000].prop_map(|d| (0u32, d)),
            1 => any::<u32>().prop_map(|n| (1, n)),
            3 => prop_oneof![0u32..30, 0u32..1_000, 0u32..20_000].prop_map(|by| (2, by)),
            1 => (1u32..6).prop_map(|n| (3, n)),
            1 => (1u32..6).prop_map(|n| (4, n)),
            1 => Just((5, 0)),
            1 => Just((6, 0)),
        ];
        prop::collection::vec(op, 0..40).prop_map(|ops| {
            let (mut ids, mut now, mut out) = (0u32, 0u32, Vec::new());
            for (op, x) in ops {
                let c = match op {
                    0 => {
                        ids += 1;
                        (0, [ids, x, 0])
                    }
                    1 if ids > 0 => (1, [1 + x % ids, 0, 0]),
                    1 => continue,
                    2 => {
                        now += x;
                        (2, [now, 0, 0])
                    }
                    3 => {
                        ids += x;
                        (3, [x, 1 + now % 300, 0])
                    }
                    4 => {
                        ids += x;
                        (4, [x, 1 + now % 900, now])
                    }
                    o => (o, [0, 0, 0]),
                };
                out.push(c);
            }
            // A drain moves the clock: later advances must not go back.
            let mut clock = 0u32;
            out.retain(|&(op, [a, _, _])| {
                if op == 2 {
                    let ok = a >= clock;
                    clock = clock.max(a);
                    ok
                } else {
                    true
                }
            });
            raw(&out)
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig { cases: 300, ..Default::default() })]

        /// A caption and its highlighted pseudocode line come from the same operation, on every
        /// step of random scripts, for both timers.
        #[test]
        fn every_step_lights_the_line_its_caption_is_about(script in script_strategy()) {
            for &kind in WheelVariant::ALL {
                match lines_match_captions(kind, &script) {
                    Ok(()) => {}
                    // A drain may leave the clock past a later advance: such a script is invalid.
                    Err(e) if e.starts_with("command ") => {}
                    Err(e) => proptest::prop_assert!(false, "{}", e),
                }
            }
        }
    }

    /// The delay queue is narrated in the request-timeouts lesson's words: no "hand" (the
    /// cancelling-timers lesson's picture), and "place" for a position in its array, since
    /// "slot" is a wheel's. Both designs sift, so both are read.
    #[test]
    fn the_delay_queue_speaks_the_wheel_lessons_words() {
        let p = plan(&script(), DRAW).unwrap();
        for &kind in WheelVariant::ALL {
            let r = Wheels::record(kind, &p, MAX_STEPS).unwrap();
            let texts = &r.trace.texts;
            assert!(
                texts
                    .iter()
                    .all(|t| !t.contains("hand") && !t.starts_with("Place ")),
                "{kind:?}: {:?}",
                texts
                    .iter()
                    .find(|t| t.contains("hand") || t.starts_with("Place "))
            );
            assert!(texts.iter().any(|t| t.contains("goes into [")), "{kind:?}");
        }
        let q = Wheels::record(WheelVariant::DelayQueue, &p, MAX_STEPS).unwrap();
        assert!(q.trace.texts.iter().any(|t| t.contains("place by place")));
    }
}
