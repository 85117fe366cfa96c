//! The timers' recorder: every step of Kafka's timing wheel (or of the `DelayQueue` of tasks it
//! replaced) written into a frame: the levels and their clocks, each bucket's list and
//! expiration, each timer's place and fate, the fired list, and the delay queue as the heap it is
//! (through [`HeapMirror`]), with the pseudocode line and a sentence per step.

use std::collections::HashMap;

use crate::priority::recorder::{HeapAt, HeapItem, HeapMirror, Nouns};
use crate::priority::{HeapEvent, HeapKind, HeapOp};
use crate::probe::Probe;
use crate::trace::{self, Fields, TraceBuffer};
use crate::wheel::script::{Action, Plan, MAX_TIMERS};
use crate::wheel::{WheelEvent, WheelOp, WheelVariant, TICK_MS, WHEEL_SIZE};

mod events;

/// Levels the frame has room for: 1 ms × 20⁸ covers every delay a script can ask for.
pub const MAX_LEVELS: usize = 8;
pub const BUCKETS: usize = MAX_LEVELS * WHEEL_SIZE;
/// The delay queue holds buckets (at most 160) or, in the old design, tasks (at most 200).
pub const QUEUE_SLOTS: usize = MAX_TIMERS;

/// Where the delay queue's heap lives in the frame: the heap's fields, prefixed.
pub const QUEUE_PREFIX: &str = "q_";

frame! {
    /// The frame: timers and buckets are numbered (timers in the order they were added, buckets
    /// as level × 20 + slot); −1 is "none". The delay queue's heap follows, under `QUEUE_PREFIX`.
    struct At {
        action: 1,
        /// The real clock (the script's time). The wheel's own clock is `level_time[0]`.
        now: 1,
        levels: 1,
        level_tick: MAX_LEVELS,
        level_interval: MAX_LEVELS,
        level_time: MAX_LEVELS,
        bucket_exp: BUCKETS,
        bucket_head: BUCKETS,
        bucket_count: BUCKETS,
        timer_exp: MAX_TIMERS,
        timer_bucket: MAX_TIMERS,
        timer_next: MAX_TIMERS,
        timer_fired_at: MAX_TIMERS,
        fired_count: 1,
        fired: MAX_TIMERS,
        focus_timer: 1,
        focus_bucket: 1,
        focus_level: 1,
        from_bucket: 1,
    }
}

/// The timers' frame fields.
pub fn fields() -> Fields {
    let mut f = At::fields();
    f.extend(trace::prefixed(QUEUE_PREFIX, HeapAt::fields(QUEUE_SLOTS)));
    f
}

/// What the delay queue holds, as the frame numbers it and a sentence names it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct QueueItem {
    code: i32,
    expiration: u64,
    /// A bucket (wheel) or a task (the old design).
    bucket: bool,
    /// The task's ID, for a task.
    id: u32,
}

impl HeapItem for QueueItem {
    fn code(&self) -> i32 {
        self.code
    }
    fn label(&self) -> String {
        if self.bucket {
            let b = self.code as usize;
            format!(
                "L{}[{}] ({} ms)",
                b / WHEEL_SIZE,
                b % WHEEL_SIZE,
                self.expiration
            )
        } else {
            format!("#{} ({} ms)", self.id, self.expiration)
        }
    }
}

#[derive(Clone, Copy)]
struct LevelMirror {
    tick: u64,
    interval: u64,
    time: u64,
}

pub struct WheelRecorder {
    pub trace: TraceBuffer,
    kind: WheelVariant,
    at: At,
    queue: HeapMirror<QueueItem>,
    /// Where the delay queue's root and size are in the frame.
    queue_root: usize,
    queue_size: usize,
    queue_line: u8,
    line: u8,
    action: usize,
    current: Option<Action>,
    /// The wheel's entry handles, as the timers' numbers (learned as each is added).
    entities: HashMap<u32, u32>,
    ids: Vec<u32>,
    expirations: Vec<u64>,
    levels: Vec<LevelMirror>,
    /// Each bucket's list, head first (timer numbers).
    lists: Vec<Vec<u32>>,
    fired: usize,
    /// The bucket a flush is emptying, while it runs.
    flushing: Option<usize>,
    /// Per timer: added, and neither fired nor cancelled yet.
    pending: Vec<bool>,
}

fn bucket_name(b: usize) -> String {
    format!("L{}[{}]", b / WHEEL_SIZE, b % WHEEL_SIZE)
}

impl WheelRecorder {
    pub fn new(kind: WheelVariant, plan: &Plan, max_steps: usize) -> Self {
        let mut trace = TraceBuffer::new::<WheelEvent>(fields(), -1, max_steps);
        let at = At::locate(&trace.layout);
        // The request-timeouts lesson's words: "slot" is a wheel's, "[i]" a place in the heap.
        let nouns = match kind {
            WheelVariant::Wheel => Nouns::plain("bucket", "expiration"),
            WheelVariant::DelayQueue => Nouns::plain("task", "due time"),
        };
        let queue = HeapMirror::new(HeapKind::Jdk, nouns, &mut trace, QUEUE_PREFIX, QUEUE_SLOTS);
        let queue_at = HeapAt::locate_prefixed(&trace.layout, QUEUE_PREFIX);
        trace.init(at.now, 0);
        trace.init(at.fired_count, 0);
        for b in 0..BUCKETS {
            trace.init(at.bucket_count + b, 0);
        }
        let mut levels = Vec::new();
        if kind == WheelVariant::Wheel {
            let first = LevelMirror {
                tick: TICK_MS,
                interval: TICK_MS * WHEEL_SIZE as u64,
                time: 0,
            };
            trace.init(at.levels, 1);
            trace.init(at.level_tick, first.tick as i32);
            trace.init(at.level_interval, first.interval as i32);
            trace.init(at.level_time, 0);
            levels.push(first);
        } else {
            trace.init(at.levels, 0);
        }
        Self {
            trace,
            kind,
            at,
            queue,
            queue_root: queue_at.slot,
            queue_size: queue_at.size,
            queue_line: 0,
            line: 0,
            action: 0,
            current: None,
            entities: HashMap::new(),
            ids: plan.ids.clone(),
            expirations: plan.expirations.clone(),
            levels,
            lists: vec![Vec::new(); BUCKETS],
            fired: 0,
            flushing: None,
            pending: vec![false; plan.ids.len()],
        }
    }

    /// Before each action: which it is.
    pub fn prepare(&mut self, action: usize, a: Action) {
        self.action = action;
        self.current = Some(a);
        self.queue.action = action;
    }

    fn set(&mut self, offset: usize, value: i64) {
        self.trace
            .set(offset, i32::try_from(value).unwrap_or(i32::MAX));
    }

    /// The timer number of a handle; a new handle during an add is the timer being added.
    fn entity(&mut self, handle: u32) -> u32 {
        if self.kind == WheelVariant::DelayQueue {
            return handle; // the old design numbers its tasks in the order they are added
        }
        if let Some(&e) = self.entities.get(&handle) {
            return e;
        }
        let e = match self.current {
            Some(Action::Add { entity, .. }) => entity,
            _ => u32::MAX,
        };
        self.entities.insert(handle, e);
        e
    }

    fn id(&self, entity: u32) -> u32 {
        self.ids.get(entity as usize).copied().unwrap_or(u32::MAX)
    }

    /// A bucket's list into the frame: its head, its count, each timer's successor.
    fn write_list(&mut self, b: usize) {
        let list = self.lists[b].clone();
        self.set(
            self.at.bucket_head + b,
            list.first().map_or(-1, |&e| i64::from(e)),
        );
        self.set(self.at.bucket_count + b, list.len() as i64);
        for (i, &e) in list.iter().enumerate() {
            if (e as usize) < MAX_TIMERS {
                let next = list.get(i + 1).map_or(-1, |&n| i64::from(n));
                self.set(self.at.timer_next + e as usize, next);
            }
        }
    }

    fn step(
        &mut self,
        e: WheelEvent,
        args: [i32; 2],
        focus_timer: Option<u32>,
        focus_bucket: Option<usize>,
        text: String,
    ) {
        self.set(self.at.action, self.action as i64);
        self.set(self.at.focus_timer, focus_timer.map_or(-1, i64::from));
        self.set(self.at.focus_bucket, focus_bucket.map_or(-1, |b| b as i64));
        if !matches!(e, WheelEvent::Queue(_)) {
            self.queue.unfocus(&mut self.trace);
        }
        self.trace.step(self.action, self.line, e, args, text);
    }

    fn begin(&mut self, op: WheelOp) -> String {
        self.set(self.at.from_bucket, -1);
        self.set(self.at.focus_level, -1);
        let now = self.trace.get(self.at.now);
        match (self.current, self.kind) {
            (Some(Action::Add { entity, id, delay }), kind) => {
                let exp = self.expirations[entity as usize];
                self.pending[entity as usize] = true;
                if (entity as usize) < MAX_TIMERS {
                    self.set(self.at.timer_exp + entity as usize, exp as i64);
                }
                match kind {
                    WheelVariant::Wheel => {
                        let wheel = self.levels[0].time;
                        let clocks = if i64::from(now) == wheel as i64 {
                            "the wheel's clock is there too".to_string()
                        } else {
                            format!("the wheel's own clock lags at {wheel} ms: it moves only when a bucket comes due")
                        };
                        format!("add(#{id}, {delay} ms): due at {now} + {delay} = {exp} ms by the real clock ({clocks}). Each level's reach counts from the wheel's clock: find the first that covers {exp} ms, from level 0 up.")
                    }
                    WheelVariant::DelayQueue => format!("add(#{id}, {delay} ms): due at {exp} ms. The old design puts the task itself into the delay queue, a heap ordered by due time."),
                }
            }
            (Some(Action::Cancel { entity }), kind) => {
                let id = self.id(entity);
                let pending = std::mem::take(&mut self.pending[entity as usize]);
                match (kind, pending) {
                    (WheelVariant::Wheel, true) => format!("cancel(#{id}): the timer's entry knows its bucket; unlink it there."),
                    (WheelVariant::Wheel, false) => format!("cancel(#{id}): it is in no bucket any more (it fired or was cancelled): nothing to do."),
                    (WheelVariant::DelayQueue, true) => format!("cancel(#{id}): the delay queue has to find the task first."),
                    (WheelVariant::DelayQueue, false) => format!("cancel(#{id}): it already left the queue, but remove() cannot know that without scanning every slot."),
                }
            }
            (Some(Action::Advance { to }), WheelVariant::Wheel) => format!("advance({to}): time runs on to {to} ms. The reaper polls each bucket from the delay queue as it comes due, moves the wheel's clock to its expiration and flushes it; then it waits."),
            (Some(Action::Advance { to }), WheelVariant::DelayQueue) => {
                self.set(self.at.now, to as i64);
                format!("advance({to}): poll every task due by {to} ms from the delay queue and run it.")
            }
            (None, _) => format!("{op:?}"),
        }
    }
}

impl Probe<WheelEvent> for WheelRecorder {
    fn line(&mut self, line: u8) {
        self.line = line;
    }

    fn event(&mut self, e: WheelEvent) {
        if self.trace.full() {
            self.trace.overflowed = true;
            return;
        }
        match e {
            WheelEvent::Begin(op) => self.on_begin(e, op),
            WheelEvent::Beyond { timer, level } => self.on_beyond(e, timer, level),
            WheelEvent::Overflow { level } => self.on_overflow(e, level),
            WheelEvent::Place { timer, level, slot } => self.on_place(e, timer, level, slot),
            WheelEvent::Insert { timer, level, slot } => self.on_insert(e, timer, level, slot),
            WheelEvent::Unlink { timer, level, slot } => self.on_unlink(e, timer, level, slot),
            WheelEvent::Flush { level, slot } => self.on_flush(e, level, slot),
            WheelEvent::Cascade { timer, from, to } => self.on_cascade(e, timer, from, to),
            WheelEvent::Fire { timer, time } => self.on_fire(e, timer, time),
            WheelEvent::Tick { level, time } => self.on_tick(e, level, time),
            WheelEvent::Wait { now } => self.on_wait(e, now),
            WheelEvent::Queue(h) => self.on_queue(e, h),
            WheelEvent::QueueLine(l) => {
                self.queue_line = l;
            }
        }
    }
}
