//! Kafka's hierarchical timing wheel (`kafka.utils.timer`: `TimerTaskList`, `TimingWheel`,
//! `SystemTimer`), step for step, and the timer it replaced: a `java.util.concurrent.DelayQueue`
//! of the tasks themselves.
//!
//! Fidelity notes. A bucket (`TimerTaskList`) is a circular doubly-linked list with a sentinel;
//! add appends at the tail, remove unlinks in O(1), flush removes from the head and hands each
//! entry on, then resets the expiration to −1; `setExpiration` reports whether it changed. The
//! wheel refuses an expired entry (`expiration < currentTime + tickMs`), places an entry due
//! within its interval in `buckets[(expiration / tickMs) % wheelSize]` and offers that bucket to
//! the shared delay queue when its expiration changed, and otherwise hands it to an overflow wheel
//! made on first need (tick = this interval, start = this wheel's current time). The delay queue
//! holds buckets, never tasks; it is a `java.util.PriorityQueue` inside (the lab's `JdkHeap`),
//! ordered by expiration with no tie-break, so buckets with equal expirations come out in the
//! JDK's heap order, as in Kafka.
//!
//! Two clocks, as in Kafka. `SystemTimer.add` computes an entry's expiration from the real clock
//! (`Time.hiResClockMs`: here [`SystemTimer::now`]), but `TimingWheel.add` places it against the
//! wheel's own `currentTime`, which moves only when the reaper polls a due bucket
//! (`advanceClock(bucket.getExpiration())`); when nothing is due the reaper's poll times out and
//! the wheel stays where the last bucket left it. So after an idle gap the wheel's clock lags
//! "now", a short timer can land on a higher level, in a bucket that is already due, and cascade
//! down as the reaper (woken by the offer of a bucket that is due) polls those buckets at once.
//!
//! Simplified: time is virtual (the script's clock) instead of `System.nanoTime`, so "advance to
//! T" polls every bucket due by T in turn, each at its expiration, instead of waking up for each
//! as the real clock reaches it (or every 200 ms to find none); there is one
//! thread, so no thread ever waits on the per-list monitors (they are paid as uncontended ones,
//! see `crate::sync`) and `SystemTimer`'s read/write lock is not modelled; entries live in an
//! arena and are named by [`TimerHandle`]s, as Netty's heap elements are. A task and its entry are
//! one `Entry` here, with the task's monitor and its volatile `timerTaskEntry` as fields.

pub mod bench;
pub mod purgatory;
pub mod purgatory_sim;
pub mod recorder;
pub mod script;

pub use script::Wheels;

use std::cmp::Ordering;
use std::hint::black_box;

use crate::family::Variant;
use crate::heap::jdk::{ByKey, JdkHeap};
use crate::heap::{HeapEvent, Op};
use crate::probe::{Event, Kind, NoProbe, Probe};
use crate::reference::Ref;
use crate::sync;

/// Kafka's `SystemTimer` defaults.
pub const TICK_MS: u64 = 1;
pub const WHEEL_SIZE: usize = 20;

const NONE: u32 = u32::MAX;

/// What the timer does, for the probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WheelOp {
    Add,
    Cancel,
    Advance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WheelEvent {
    Begin(WheelOp),
    /// The entry is due beyond `level`'s interval: it is handed to the next level up.
    Beyond {
        timer: u32,
        level: usize,
    },
    /// The entry for `timer` (a handle) is due within `level`'s interval: it goes to `slot`.
    Place {
        timer: u32,
        level: usize,
        slot: usize,
    },
    /// `level` had no overflow wheel: one is made.
    Overflow {
        level: usize,
    },
    /// Appended at the tail of a bucket's list.
    Insert {
        timer: u32,
        level: usize,
        slot: usize,
    },
    /// Unlinked from its bucket (cancelled, or taken by a flush).
    Unlink {
        timer: u32,
        level: usize,
        slot: usize,
    },
    /// A due bucket is emptied; each entry is handed to `add` again.
    Flush {
        level: usize,
        slot: usize,
    },
    /// A flushed entry was placed again, at a lower level.
    Cascade {
        timer: u32,
        from: usize,
        to: usize,
    },
    /// The entry is due: its task runs, at `time`.
    Fire {
        timer: u32,
        time: u64,
    },
    /// `level`'s clock moved to `time`.
    Tick {
        level: usize,
        time: u64,
    },
    /// Nothing more is due by `now`: the reaper waits (its poll times out), and the wheel's clock
    /// stays where the last bucket left it.
    Wait {
        now: u64,
    },
    /// The delay queue's heap at work (of buckets, or of tasks in the old design).
    Queue(HeapEvent),
    /// The delay queue's heap is on this line of its own listing (for the narration only).
    QueueLine(u8),
}

pub mod kind {
    pub const BEGIN: usize = 0;
    pub const PLACE: usize = 1;
    pub const OVERFLOW: usize = 2;
    pub const INSERT: usize = 3;
    pub const UNLINK: usize = 4;
    pub const FLUSH: usize = 5;
    pub const CASCADE: usize = 6;
    pub const FIRE: usize = 7;
    pub const TICK: usize = 8;
    pub const Q_OFFER: usize = 9;
    pub const Q_POLL: usize = 10;
    pub const Q_REMOVE: usize = 11;
    pub const Q_COMPARE: usize = 12;
    pub const Q_EQUALS: usize = 13;
    pub const Q_MOVE: usize = 14;
    pub const Q_STEP: usize = 15;
    pub const BEYOND: usize = 16;
    pub const WAIT: usize = 17;
}

impl Event for WheelEvent {
    const KINDS: &'static [Kind] = &[
        Kind {
            name: "begin",
            counter: None,
        },
        Kind {
            name: "place",
            counter: Some("slots computed"),
        },
        Kind {
            name: "overflow",
            counter: Some("overflow wheels made"),
        },
        Kind {
            name: "insert",
            counter: Some("bucket inserts"),
        },
        Kind {
            name: "unlink",
            counter: Some("bucket unlinks"),
        },
        Kind {
            name: "flush",
            counter: Some("buckets flushed"),
        },
        Kind {
            name: "cascade",
            counter: Some("cascades"),
        },
        Kind {
            name: "fire",
            counter: Some("timers fired"),
        },
        Kind {
            name: "tick",
            counter: Some("clock moves"),
        },
        Kind {
            name: "q-offer",
            counter: Some("delay-queue offers"),
        },
        Kind {
            name: "q-poll",
            counter: Some("delay-queue polls"),
        },
        Kind {
            name: "q-remove",
            counter: Some("delay-queue removes"),
        },
        Kind {
            name: "q-compare",
            counter: Some("delay-queue comparisons"),
        },
        Kind {
            name: "q-equals",
            counter: Some("delay-queue equals() calls"),
        },
        Kind {
            name: "q-move",
            counter: Some("delay-queue moves"),
        },
        Kind {
            name: "q-step",
            counter: None,
        },
        Kind {
            name: "beyond",
            counter: Some("levels passed"),
        },
        Kind {
            name: "wait",
            counter: None,
        },
    ];

    fn kind(&self) -> usize {
        match self {
            WheelEvent::Begin(_) => kind::BEGIN,
            WheelEvent::Beyond { .. } => kind::BEYOND,
            WheelEvent::Place { .. } => kind::PLACE,
            WheelEvent::Overflow { .. } => kind::OVERFLOW,
            WheelEvent::Insert { .. } => kind::INSERT,
            WheelEvent::Unlink { .. } => kind::UNLINK,
            WheelEvent::Flush { .. } => kind::FLUSH,
            WheelEvent::Cascade { .. } => kind::CASCADE,
            WheelEvent::Fire { .. } => kind::FIRE,
            WheelEvent::Tick { .. } => kind::TICK,
            WheelEvent::Wait { .. } => kind::WAIT,
            WheelEvent::QueueLine(_) => kind::Q_STEP,
            WheelEvent::Queue(h) => match h {
                HeapEvent::Begin(Op::Offer) => kind::Q_OFFER,
                HeapEvent::Begin(Op::Poll) => kind::Q_POLL,
                HeapEvent::Begin(Op::Remove) => kind::Q_REMOVE,
                HeapEvent::Compare { .. } => kind::Q_COMPARE,
                HeapEvent::Equals { .. } => kind::Q_EQUALS,
                HeapEvent::Move { .. } => kind::Q_MOVE,
                _ => kind::Q_STEP,
            },
        }
    }
}

/// Pseudocode lines the probe is told about; `PSEUDOCODE[line]` is the text.
pub mod line {
    pub const ADD: u8 = 0;
    pub const WHEEL_ADD: u8 = 1;
    pub const ADD_EXPIRED: u8 = 2;
    pub const ADD_PLACE: u8 = 3;
    pub const ADD_OFFER: u8 = 4;
    pub const ADD_OVERFLOW: u8 = 5;
    pub const CANCEL: u8 = 6;
    pub const REAPER: u8 = 7;
    pub const POLL: u8 = 8;
    pub const BUCKET_CLOCK: u8 = 9;
    pub const FLUSH: u8 = 10;
    pub const CLOCK: u8 = 11;
}

pub const PSEUDOCODE: &[&str] = &[
    "add(task, delay): e ← entry(task, now + delay); wheel.add(e)  // now: the real clock",
    "wheel.add(e) at a level (tick, size, currentTime: the wheel's clock):",
    "  if e.expiration < currentTime + tick: run e now  // expired",
    "  elif e.expiration < currentTime + tick × size: b ← buckets[(e.expiration / tick) mod size]; b.append(e)",
    "    if b.setExpiration((e.expiration / tick) × tick) changed: delayQueue.offer(b)",
    "  else: overflowWheel (made on first need: tick × size, size, currentTime).add(e)",
    "cancel(e): if e.list ≠ null: e.list.unlink(e)  // O(1)",
    "reaper, as time passes to T, or at once when an offered bucket is due:",
    "  while delayQueue.peek().expiration ≤ now: b ← delayQueue.poll()  // else wait",
    "    wheel.advanceClock(b.expiration)  // the wheel's clock moves only here",
    "    b.flush(e → wheel.add(e))  // each entry drops a level, or runs; then b.expiration ← −1",
    "advanceClock(t) at a level: if t ≥ currentTime + tick: currentTime ← t − t mod tick; overflowWheel?.advanceClock(currentTime)",
];

/// Pseudocode of the timer it replaced: a `DelayQueue` of the tasks themselves.
pub const DELAY_QUEUE_PSEUDOCODE: &[&str] = &[
    "add(t): delayQueue.offer(t)  // a heap ordered by due time: O(log n)",
    "cancel(t): delayQueue.remove(t)  // finds t by equals(), slot by slot: O(n)",
    "reaper, as time passes to T: while delayQueue.peek().due ≤ now: run delayQueue.poll()",
];

/// A timer in the arena (Kafka: the `TimerTaskEntry` object).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TimerHandle(pub u32);

/// A bucket in the delay queue: Kafka's `TimerTaskList` ordered by `getExpiration` alone
/// (`compareTo` has no tie-break; equality is identity, as `equals` is not overridden).
#[derive(Clone, Copy, Debug)]
pub struct BucketKey {
    pub expiration: u64,
    pub bucket: u32,
}

/// Scanned by `equals` slot by slot, as the JDK's `remove(Object)` does.
impl crate::heap::jdk::Scan for BucketKey {}

impl PartialEq for BucketKey {
    fn eq(&self, other: &Self) -> bool {
        self.bucket == other.bucket
    }
}

impl Eq for BucketKey {}

impl Ord for BucketKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.expiration.cmp(&other.expiration)
    }
}

impl PartialOrd for BucketKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The delay queue's heap reports through the wheel's probe: this wraps the heap's events.
#[derive(Clone, Debug, Default)]
pub struct QueueProbe<P>(pub P);

impl<P: Probe<WheelEvent>> Probe<HeapEvent> for QueueProbe<P> {
    #[inline(always)]
    fn event(&mut self, e: HeapEvent) {
        self.0.event(WheelEvent::Queue(e));
    }
    #[inline(always)]
    fn line(&mut self, l: u8) {
        self.0.event(WheelEvent::QueueLine(l));
    }
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    /// The task's own number (the script's timer ID, or the benchmark's index).
    id: u32,
    expiration: u64,
    prev: u32,
    next: u32,
    /// The bucket it is in, or NONE (volatile in Kafka).
    list: u32,
    /// The entry's monitor, and its task's (a `TimerTask` and its entry are two objects there).
    monitor: u32,
    task_monitor: u32,
    /// The task's volatile `timerTaskEntry`: this entry while the task holds it, else NONE.
    task_entry: u32,
}

#[derive(Clone, Debug)]
struct Bucket {
    /// The sentinel entry: `root.next` is the head, `root.prev` the tail.
    root: u32,
    /// −1 when unset (Kafka's `AtomicLong(-1)`).
    expiration: i64,
    /// The list's monitor (`synchronized` in `add`, `remove` and `flush`).
    monitor: u32,
    level: usize,
    slot: usize,
}

#[derive(Clone, Debug)]
pub struct Level {
    pub tick: u64,
    pub interval: u64,
    pub current_time: u64,
    /// Bucket indices, slot by slot.
    buckets: Vec<u32>,
}

/// Kafka's `SystemTimer` with its `TimingWheel`s (tick 1 ms, 20 slots per level by default).
pub struct SystemTimer<P: Probe<WheelEvent> = NoProbe> {
    wheel_size: usize,
    levels: Vec<Level>,
    entries: Vec<Entry>,
    buckets: Vec<Bucket>,
    /// The delay queue of buckets; its probe is the timer's probe.
    queue: JdkHeap<BucketKey, QueueProbe<P>>,
    /// Kafka's `taskCounter` (an `AtomicInteger`): entries in all buckets.
    task_counter: u32,
    /// The bucket `DelayQueue`'s `ReentrantLock`.
    queue_lock: u32,
    /// The real clock (Kafka's `Time.hiResClockMs`). The wheel's own clock is level 0's
    /// `current_time`, which lags it.
    now: u64,
    /// An add offered a bucket that is already due: the `DelayQueue` signals the waiting reaper.
    woke: bool,
}

impl SystemTimer<NoProbe> {
    pub fn new(start_ms: u64) -> Self {
        Self::with_probe(start_ms, TICK_MS, WHEEL_SIZE, NoProbe)
    }
}

impl<P: Probe<WheelEvent>> SystemTimer<P> {
    pub fn with_probe(start_ms: u64, tick_ms: u64, wheel_size: usize, probe: P) -> Self {
        let mut t = Self {
            wheel_size,
            levels: Vec::new(),
            entries: Vec::new(),
            buckets: Vec::new(),
            queue: JdkHeap::with_probe(QueueProbe(probe)),
            task_counter: 0,
            queue_lock: 0,
            now: start_ms,
            woke: false,
        };
        t.make_level(tick_ms, start_ms);
        t
    }

    pub fn probe(&mut self) -> &mut P {
        &mut self.queue.probe.0
    }

    fn event(&mut self, e: WheelEvent) {
        probe!(self.queue.probe.0.event(e));
    }

    fn line(&mut self, l: u8) {
        probe!(self.queue.probe.0.line(l));
    }

    /// A new sentinel: an entry linked to itself.
    fn sentinel(&mut self) -> u32 {
        let i = self.entries.len() as u32;
        self.entries.push(Entry {
            id: NONE,
            expiration: 0,
            prev: i,
            next: i,
            list: NONE,
            monitor: 0,
            task_monitor: 0,
            task_entry: NONE,
        });
        i
    }

    fn make_level(&mut self, tick: u64, start: u64) {
        let level = self.levels.len();
        let mut buckets = Vec::with_capacity(self.wheel_size);
        for slot in 0..self.wheel_size {
            let root = self.sentinel();
            buckets.push(self.buckets.len() as u32);
            self.buckets.push(Bucket {
                root,
                expiration: -1,
                monitor: 0,
                level,
                slot,
            });
        }
        self.levels.push(Level {
            tick,
            interval: tick * self.wheel_size as u64,
            current_time: start - start % tick,
            buckets,
        });
    }

    /// The real clock: what `add` computes expirations from.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// The wheel's own clock (level 0's `currentTime`): the expiration of the last bucket the
    /// reaper polled, or the start. Never ahead of [`now`](Self::now); behind it after an idle gap.
    pub fn wheel_time(&self) -> u64 {
        self.levels[0].current_time
    }

    /// Moves the real clock to `now` (it never goes back) without polling anything: the caller
    /// reads the clock, as a thread that adds a timer does. The reaper's work is [`advance`](Self::advance).
    pub fn set_now(&mut self, now: u64) {
        self.now = self.now.max(now);
    }

    pub fn levels(&self) -> &[Level] {
        &self.levels
    }

    /// Entries in all buckets (Kafka's `size`).
    pub fn size(&self) -> usize {
        self.task_counter as usize
    }

    /// When the delay queue's earliest bucket expires, if it holds any.
    pub fn next_expiration(&self) -> Option<u64> {
        self.queue.peek().map(|b| b.expiration)
    }

    /// Buckets in the delay queue.
    pub fn queued_buckets(&self) -> usize {
        self.queue.len()
    }

    /// The delay queue's array, as the JDK lays it out.
    pub fn queue_layout(&self) -> &[BucketKey] {
        self.queue.as_slice()
    }

    /// Where a bucket is: (level, slot), and its expiration (−1 when unset).
    pub fn bucket(&self, b: u32) -> (usize, usize, i64) {
        let k = &self.buckets[b as usize];
        (k.level, k.slot, k.expiration)
    }

    /// The timers in one bucket, head first (their IDs).
    pub fn bucket_ids(&self, level: usize, slot: usize) -> Vec<u32> {
        let b = &self.buckets[self.levels[level].buckets[slot] as usize];
        let mut out = Vec::new();
        let mut e = self.entries[b.root as usize].next;
        while e != b.root {
            out.push(self.entries[e as usize].id);
            e = self.entries[e as usize].next;
        }
        out
    }

    /// Whether a timer is still waiting in a bucket.
    pub fn is_pending(&self, h: TimerHandle) -> bool {
        self.entries[h.0 as usize].list != NONE
    }

    pub fn expiration(&self, h: TimerHandle) -> u64 {
        self.entries[h.0 as usize].expiration
    }

    /// `SystemTimer.add`: a task due `delay` ms from now by the real clock, placed against the
    /// wheel's clock. `fire` gets the ID and time of every task that runs: one the wheel finds
    /// expired runs at once; one put into a bucket that is already due (the wheel's clock lags)
    /// runs, or cascades down, as the reaper, woken by that bucket's offer, polls it.
    pub fn add(&mut self, id: u32, delay: u64, fire: &mut impl FnMut(u32, u64)) -> TimerHandle {
        self.line(line::ADD);
        self.event(WheelEvent::Begin(WheelOp::Add));
        let h = self.entries.len() as u32;
        self.entries.push(Entry {
            id,
            expiration: self.now + delay,
            prev: NONE,
            next: NONE,
            list: NONE,
            monitor: 0,
            task_monitor: 0,
            task_entry: NONE,
        });
        // The entry's constructor: `task.setTimerTaskEntry(this)`, synchronized on the task: the
        // task had no entry (a new task), so it takes this one.
        let entry = &mut self.entries[h as usize];
        sync::monitor_enter(&mut entry.task_monitor);
        black_box(sync::load_acquire_u32(&mut entry.task_entry));
        sync::store_release_u32(&mut entry.task_entry, h);
        sync::monitor_exit(&mut entry.task_monitor);
        self.add_entry(h, 0, fire);
        if self.woke {
            // The reaper, waiting in `delayQueue.poll(200 ms)`, is signalled by the offer and finds
            // the bucket due: it does its work now, before anything else happens.
            self.reap(self.now, fire);
        }
        TimerHandle(h)
    }

    /// `addTimerTaskEntry`: the wheel takes it, or (already expired) it runs now.
    fn add_entry(
        &mut self,
        e: u32,
        from_level: usize,
        fire: &mut impl FnMut(u32, u64),
    ) -> Option<usize> {
        match self.wheel_add(e) {
            Some(level) => {
                if from_level > level {
                    // A flush's re-add: the entry dropped to a lower level.
                    self.line(line::FLUSH);
                    self.event(WheelEvent::Cascade {
                        timer: e,
                        from: from_level,
                        to: level,
                    });
                }
                Some(level)
            }
            None => {
                // It runs now: at the wheel's time, which during a flush is the bucket's expiration.
                let time = self.levels[0].current_time;
                self.event(WheelEvent::Fire { timer: e, time });
                fire(self.entries[e as usize].id, time);
                None
            }
        }
    }

    /// `TimingWheel.add` from level 0 up: the level it was placed at, or None if it is expired.
    fn wheel_add(&mut self, e: u32) -> Option<usize> {
        // `cancelled()`: the task's entry is no longer this one. Never here: a cancelled entry is
        // unlinked at once and so never flushed back in.
        let cancelled = sync::load_acquire_u32(&mut self.entries[e as usize].task_entry) != e;
        debug_assert!(!black_box(cancelled));
        let expiration = self.entries[e as usize].expiration;
        let mut level = 0;
        loop {
            self.line(line::WHEEL_ADD);
            let Level {
                tick,
                interval,
                current_time,
                ..
            } = self.levels[level];
            if expiration < current_time + tick {
                self.line(line::ADD_EXPIRED);
                return None;
            }
            if expiration < current_time + interval {
                self.line(line::ADD_PLACE);
                let virtual_id = expiration / tick;
                let slot = (virtual_id % self.wheel_size as u64) as usize;
                self.event(WheelEvent::Place {
                    timer: e,
                    level,
                    slot,
                });
                let b = self.levels[level].buckets[slot];
                self.append(b, e);
                self.event(WheelEvent::Insert {
                    timer: e,
                    level,
                    slot,
                });
                let bucket_expiration = (virtual_id * tick) as i64;
                if self.set_expiration(b, bucket_expiration) {
                    self.line(line::ADD_OFFER);
                    sync::lock(&mut self.queue_lock);
                    self.queue.offer(BucketKey {
                        expiration: bucket_expiration as u64,
                        bucket: b,
                    });
                    sync::unlock(&mut self.queue_lock);
                    // The `DelayQueue` signals its waiting reaper when the offer is its new head,
                    // which a bucket already due is (every other is later than now).
                    if bucket_expiration as u64 <= self.now {
                        self.woke = true;
                    }
                }
                return Some(level);
            }
            self.line(line::ADD_OVERFLOW);
            self.event(WheelEvent::Beyond { timer: e, level });
            if level + 1 == self.levels.len() {
                self.event(WheelEvent::Overflow { level });
                self.make_level(interval, current_time);
            }
            level += 1;
        }
    }

    /// `TimerTaskList.setExpiration`: whether it changed.
    fn set_expiration(&mut self, b: u32, expiration: i64) -> bool {
        sync::swap_i64(&mut self.buckets[b as usize].expiration, expiration) != expiration
    }

    /// `TimerTaskList.add`: link at the tail, before the sentinel. Kafka first calls
    /// `entry.remove()` (a read of `list`, null here), then locks the list and the entry.
    fn append(&mut self, b: u32, e: u32) {
        let was = black_box(sync::load_acquire_u32(&mut self.entries[e as usize].list));
        debug_assert_eq!(was, NONE, "an entry is added only when it is in no list");
        sync::monitor_enter(&mut self.buckets[b as usize].monitor);
        sync::monitor_enter(&mut self.entries[e as usize].monitor);
        let root = self.buckets[b as usize].root;
        let tail = self.entries[root as usize].prev;
        self.entries[e as usize].next = root;
        self.entries[e as usize].prev = tail;
        sync::store_release_u32(&mut self.entries[e as usize].list, b);
        self.entries[tail as usize].next = e;
        self.entries[root as usize].prev = e;
        sync::add_u32(&mut self.task_counter, 1);
        sync::monitor_exit(&mut self.entries[e as usize].monitor);
        sync::monitor_exit(&mut self.buckets[b as usize].monitor);
    }

    /// `TimerTaskList.remove`: unlink in O(1), holding the list's monitor and the entry's. In a
    /// flush the list's monitor is already held: a re-enter (a failed CAS) and a free exit.
    fn unlink(&mut self, e: u32, list_held: bool) {
        let Entry {
            prev, next, list, ..
        } = self.entries[e as usize];
        if list_held {
            sync::monitor_reenter(&mut self.buckets[list as usize].monitor);
        } else {
            sync::monitor_enter(&mut self.buckets[list as usize].monitor);
        }
        sync::monitor_enter(&mut self.entries[e as usize].monitor);
        let Bucket { level, slot, .. } = self.buckets[list as usize];
        self.entries[next as usize].prev = prev;
        self.entries[prev as usize].next = next;
        let entry = &mut self.entries[e as usize];
        entry.next = NONE;
        entry.prev = NONE;
        sync::store_release_u32(&mut entry.list, NONE);
        sync::add_u32(&mut self.task_counter, -1);
        sync::monitor_exit(&mut self.entries[e as usize].monitor);
        if !list_held {
            sync::monitor_exit(&mut self.buckets[list as usize].monitor);
        }
        self.event(WheelEvent::Unlink {
            timer: e,
            level,
            slot,
        });
    }

    /// `TimerTask.cancel`: unlink it if it is still in a bucket; a fired or cancelled timer is
    /// left alone. Returns whether it was pending.
    pub fn cancel(&mut self, h: TimerHandle) -> bool {
        self.line(line::CANCEL);
        self.event(WheelEvent::Begin(WheelOp::Cancel));
        // Synchronized on the task: if it still has its entry, `entry.remove()` reads `list`,
        // removes, and reads it again; then the task lets go of its entry.
        let e = h.0 as usize;
        sync::monitor_enter(&mut self.entries[e].task_monitor);
        let mut pending = false;
        if sync::load_acquire_u32(&mut self.entries[e].task_entry) != NONE {
            pending = sync::load_acquire_u32(&mut self.entries[e].list) != NONE;
            if pending {
                self.unlink(h.0, false);
                black_box(sync::load_acquire_u32(&mut self.entries[e].list));
            }
        }
        sync::store_release_u32(&mut self.entries[e].task_entry, NONE);
        sync::monitor_exit(&mut self.entries[e].task_monitor);
        pending
    }

    /// The reaper as the real clock runs on to `t` (Kafka's loop of `advanceClock(200)`): it polls
    /// each bucket as it comes due, moves the wheel's clock to that bucket's expiration and
    /// flushes it. Then nothing is due and it waits: the wheel's clock stays at the last bucket's
    /// expiration, behind `t` if no bucket expired at `t`.
    pub fn advance(&mut self, t: u64, fire: &mut impl FnMut(u32, u64)) {
        self.line(line::REAPER);
        self.event(WheelEvent::Begin(WheelOp::Advance));
        self.reap(t, fire);
        self.now = self.now.max(t);
        self.event(WheelEvent::Wait { now: self.now });
    }

    /// `SystemTimer.advanceClock`'s loop: poll every bucket due by `until`, in expiration order;
    /// the real clock is at least each one's expiration when it is polled.
    fn reap(&mut self, until: u64, fire: &mut impl FnMut(u32, u64)) {
        loop {
            self.line(line::POLL);
            // `delayQueue.poll()`: under its lock, the head if it is due.
            sync::lock(&mut self.queue_lock);
            let due = self
                .queue
                .peek()
                .is_some_and(|head| head.expiration <= until);
            let polled = due.then(|| self.queue.poll().expect("peeked").bucket);
            sync::unlock(&mut self.queue_lock);
            let Some(b) = polled else { break };
            // `bucket.getExpiration()`.
            let expiration = self.buckets[b as usize].expiration.max(0) as u64;
            self.now = self.now.max(expiration);
            self.line(line::BUCKET_CLOCK);
            self.advance_clock(expiration);
            self.line(line::FLUSH);
            self.flush(b, fire);
        }
        self.woke = false;
    }

    /// `TimingWheel.advanceClock`, level by level.
    fn advance_clock(&mut self, t: u64) {
        let mut time = t;
        for level in 0..self.levels.len() {
            self.line(line::CLOCK);
            let l = &mut self.levels[level];
            if time < l.current_time + l.tick {
                break;
            }
            l.current_time = time - time % l.tick;
            time = l.current_time;
            self.event(WheelEvent::Tick { level, time });
        }
    }

    /// `TimerTaskList.flush`: take every entry, head first, and add it again.
    fn flush(&mut self, b: u32, fire: &mut impl FnMut(u32, u64)) {
        let Bucket {
            root, level, slot, ..
        } = self.buckets[b as usize];
        self.event(WheelEvent::Flush { level, slot });
        sync::monitor_enter(&mut self.buckets[b as usize].monitor);
        loop {
            let head = self.entries[root as usize].next;
            if head == root {
                break;
            }
            self.line(line::FLUSH);
            self.unlink(head, true);
            self.add_entry(head, level, fire);
        }
        sync::store_release_i64(&mut self.buckets[b as usize].expiration, -1);
        sync::monitor_exit(&mut self.buckets[b as usize].monitor);
    }
}

/// A task as a heap that holds tasks inline sees it (the benchmark's indexed heap): ordered by
/// due time alone (Kafka's `DelayedItem`), equal by identity.
#[derive(Clone, Copy, Debug)]
pub struct TaskKey {
    pub due: u64,
    pub task: u32,
    /// The task's own number, for narration.
    pub id: u32,
}

impl PartialEq for TaskKey {
    fn eq(&self, other: &Self) -> bool {
        self.task == other.task
    }
}

impl Eq for TaskKey {}

impl Ord for TaskKey {
    fn cmp(&self, other: &Self) -> Ordering {
        self.due.cmp(&other.due)
    }
}

impl PartialOrd for TaskKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The timer Kafka's purgatory used before the wheel: a `DelayQueue` of the tasks themselves,
/// so cancelling one is `remove(Object)`, a linear `equals()` scan. The queue holds references
/// to the tasks, ordered by the due time read through them (`DelayedItem.compareTo`).
pub struct DelayQueueTimer<P: Probe<WheelEvent> = NoProbe> {
    /// The tasks' due times are the order's table: task `h` is `Ref(h)`.
    queue: JdkHeap<Ref, QueueProbe<P>, ByKey<Vec<u64>>>,
    ids: Vec<u32>,
    pending: Vec<bool>,
    /// The `DelayQueue`'s `ReentrantLock`: every offer, remove and poll takes it.
    lock: u32,
    now: u64,
}

impl DelayQueueTimer<NoProbe> {
    pub fn new(start_ms: u64) -> Self {
        Self::with_probe(start_ms, NoProbe)
    }
}

impl<P: Probe<WheelEvent>> DelayQueueTimer<P> {
    pub fn with_probe(start_ms: u64, probe: P) -> Self {
        Self {
            queue: JdkHeap::with_order(ByKey::default(), QueueProbe(probe)),
            ids: Vec::new(),
            pending: Vec::new(),
            lock: 0,
            now: start_ms,
        }
    }

    pub fn probe(&mut self) -> &mut P {
        &mut self.queue.probe.0
    }

    pub fn now(&self) -> u64 {
        self.now
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    pub fn is_pending(&self, h: TimerHandle) -> bool {
        self.pending[h.0 as usize]
    }

    /// Offers the task; one already due runs at once (the reaper polls it straight away).
    pub fn add(&mut self, id: u32, delay: u64, fire: &mut impl FnMut(u32, u64)) -> TimerHandle {
        probe!(self.queue.probe.0.line(0));
        probe!(self.queue.probe.0.event(WheelEvent::Begin(WheelOp::Add)));
        let task = self.queue.order.push(self.now + delay);
        self.ids.push(id);
        self.pending.push(true);
        sync::lock(&mut self.lock);
        self.queue.offer(task);
        sync::unlock(&mut self.lock);
        if delay == 0 {
            self.run_due(self.now, fire);
        }
        TimerHandle(task.0)
    }

    pub fn cancel(&mut self, h: TimerHandle) -> bool {
        probe!(self.queue.probe.0.line(1));
        probe!(self.queue.probe.0.event(WheelEvent::Begin(WheelOp::Cancel)));
        // `remove(Object)` scans whether or not the task is still queued, as the JDK's does.
        self.pending[h.0 as usize] = false;
        sync::lock(&mut self.lock);
        let removed = self.queue.remove(&Ref(h.0)).is_some();
        sync::unlock(&mut self.lock);
        removed
    }

    pub fn advance(&mut self, t: u64, fire: &mut impl FnMut(u32, u64)) {
        probe!(self.queue.probe.0.line(2));
        probe!(self
            .queue
            .probe
            .0
            .event(WheelEvent::Begin(WheelOp::Advance)));
        self.run_due(t, fire);
        self.now = self.now.max(t);
    }

    fn run_due(&mut self, t: u64, fire: &mut impl FnMut(u32, u64)) {
        loop {
            // The reaper's poll, also when an add's offer woke it.
            probe!(self.queue.probe.0.line(2));
            // `poll()`: under the lock, the head if it is due.
            sync::lock(&mut self.lock);
            let head = self
                .queue
                .peek()
                .map(|h| (h.0, self.queue.order.table()[h.0 as usize]));
            let polled = head.filter(|&(_, due)| due <= t);
            if polled.is_some() {
                self.queue.poll();
            }
            sync::unlock(&mut self.lock);
            let Some((task, due)) = polled else { break };
            self.pending[task as usize] = false;
            probe!(self.queue.probe.0.event(WheelEvent::Fire {
                timer: task,
                time: due
            }));
            fire(self.ids[task as usize], due);
        }
    }
}

/// Which timer design: Kafka's wheel, or the delay queue of tasks it replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimerKind {
    Wheel,
    DelayQueue,
}

/// What both timers offer, so that one script runner and one benchmark drive either.
pub trait VirtualTimer {
    type P: Probe<WheelEvent>;
    fn add(&mut self, id: u32, delay: u64, fire: &mut impl FnMut(u32, u64)) -> TimerHandle;
    /// Whether the timer was still pending.
    fn cancel(&mut self, h: TimerHandle) -> bool;
    fn advance(&mut self, to: u64, fire: &mut impl FnMut(u32, u64));
    fn probe(&mut self) -> &mut Self::P;
}

impl<P: Probe<WheelEvent>> VirtualTimer for SystemTimer<P> {
    type P = P;
    fn add(&mut self, id: u32, delay: u64, fire: &mut impl FnMut(u32, u64)) -> TimerHandle {
        SystemTimer::add(self, id, delay, fire)
    }
    fn cancel(&mut self, h: TimerHandle) -> bool {
        SystemTimer::cancel(self, h)
    }
    fn advance(&mut self, to: u64, fire: &mut impl FnMut(u32, u64)) {
        SystemTimer::advance(self, to, fire)
    }
    fn probe(&mut self) -> &mut P {
        SystemTimer::probe(self)
    }
}

impl<P: Probe<WheelEvent>> VirtualTimer for DelayQueueTimer<P> {
    type P = P;
    fn add(&mut self, id: u32, delay: u64, fire: &mut impl FnMut(u32, u64)) -> TimerHandle {
        DelayQueueTimer::add(self, id, delay, fire)
    }
    fn cancel(&mut self, h: TimerHandle) -> bool {
        DelayQueueTimer::cancel(self, h)
    }
    fn advance(&mut self, to: u64, fire: &mut impl FnMut(u32, u64)) {
        DelayQueueTimer::advance(self, to, fire)
    }
    fn probe(&mut self) -> &mut P {
        DelayQueueTimer::probe(self)
    }
}

impl Variant for TimerKind {
    const ALL: &'static [TimerKind] = &[TimerKind::Wheel, TimerKind::DelayQueue];
    const NOUN: &'static str = "timer";

    fn name(self) -> &'static str {
        match self {
            TimerKind::Wheel => "wheel",
            TimerKind::DelayQueue => "delay-queue",
        }
    }

    fn title(self) -> &'static str {
        match self {
            TimerKind::Wheel => "Kafka's timing wheel",
            TimerKind::DelayQueue => "DelayQueue of tasks",
        }
    }

    fn pseudocode(self) -> &'static [&'static str] {
        match self {
            TimerKind::Wheel => PSEUDOCODE,
            TimerKind::DelayQueue => DELAY_QUEUE_PSEUDOCODE,
        }
    }

    fn counters(self) -> &'static [&'static str] {
        match self {
            TimerKind::Wheel => &[
                "place",
                "beyond",
                "overflow",
                "insert",
                "unlink",
                "flush",
                "cascade",
                "fire",
                "q-offer",
                "q-poll",
                "q-compare",
                "q-move",
            ],
            TimerKind::DelayQueue => &[
                "q-offer",
                "q-poll",
                "q-remove",
                "q-compare",
                "q-equals",
                "q-move",
                "fire",
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fired_of(t: &mut SystemTimer, script: &[(char, u32, u64)]) -> Vec<(u32, u64)> {
        let mut fired = Vec::new();
        let mut handles = std::collections::HashMap::new();
        for &(op, id, x) in script {
            let mut f = |id, time| fired.push((id, time));
            match op {
                'a' => {
                    handles.insert(id, t.add(id, x, &mut f));
                }
                'c' => {
                    t.cancel(handles[&id]);
                }
                _ => t.advance(x, &mut f),
            }
        }
        fired
    }

    #[test]
    fn a_delay_of_exactly_the_interval_lands_on_level_one() {
        // Level 0 at time 0 covers expirations 1 … 19; 20 is beyond it.
        let mut t = SystemTimer::new(0);
        let mut none = |_, _| panic!("nothing fires yet");
        t.add(7, 20, &mut none);
        assert_eq!(t.levels().len(), 2);
        assert_eq!(t.levels()[1].tick, 20);
        assert_eq!(t.bucket_ids(1, 1), vec![7]); // (20 / 20) mod 20 = 1
        t.add(8, 19, &mut none);
        assert_eq!(t.bucket_ids(0, 19), vec![8]);
        // A delay of 0 runs at once and never enters a bucket.
        let mut ran = vec![];
        t.add(9, 0, &mut |id, time| ran.push((id, time)));
        assert_eq!(ran, vec![(9, 0)]);
        assert_eq!(t.size(), 2);
    }

    #[test]
    fn a_timer_cascades_through_three_levels_and_fires_on_time() {
        // 7,421 ms at time 0: beyond level 1's 400 ms, within level 2's 8,000 ms.
        let mut t = SystemTimer::new(0);
        let mut none = |_, _| panic!("not yet");
        t.add(1, 7421, &mut none);
        assert_eq!(t.levels().len(), 3);
        assert_eq!(t.bucket_ids(2, 7421 / 400), vec![1]); // slot 18: the bucket expiring at 7,200
        t.advance(7199, &mut none);
        assert_eq!(
            t.bucket_ids(2, 18),
            vec![1],
            "still on level 2 before 7,200"
        );
        t.advance(7200, &mut none);
        assert_eq!(
            t.bucket_ids(1, (7421 / 20) % 20),
            vec![1],
            "dropped to level 1 at 7,200"
        );
        t.advance(7420, &mut none);
        assert_eq!(
            t.bucket_ids(0, 7421 % 20),
            vec![1],
            "dropped to level 0 at 7,420"
        );
        let mut ran = vec![];
        t.advance(7421, &mut |id, time| ran.push((id, time)));
        assert_eq!(ran, vec![(1, 7421)]);
        assert_eq!(t.size(), 0);
        // 8,421 ms is beyond level 2 (8,000 ms): a fourth level is made.
        t.add(2, 8421, &mut none);
        assert_eq!(t.levels().len(), 4);
    }

    #[test]
    fn buckets_flush_head_first_and_equal_expirations_follow_the_jdk_heap() {
        let mut t = SystemTimer::new(0);
        let fired = fired_of(
            &mut t,
            &[
                ('a', 1, 5),
                ('a', 2, 5),
                ('a', 3, 3),
                ('c', 2, 0),
                ('a', 4, 5),
                ('v', 0, 10),
            ],
        );
        assert_eq!(fired, vec![(3, 3), (1, 5), (4, 5)]);
        // Cancelling a fired or cancelled timer does nothing.
        let mut t = SystemTimer::new(0);
        let mut f = |_, _| {};
        let h = t.add(1, 2, &mut f);
        t.advance(5, &mut f);
        assert!(!t.cancel(h));
        assert!(!t.cancel(h));
    }

    #[test]
    fn the_delay_queue_holds_buckets_never_tasks() {
        let mut t = SystemTimer::new(0);
        let mut f = |_, _| {};
        for id in 0..50 {
            t.add(id, 7, &mut f); // all in one bucket
        }
        assert_eq!(t.size(), 50);
        assert_eq!(t.queued_buckets(), 1);
        let bucket = t.queue_layout()[0].bucket;
        assert_eq!(t.bucket(bucket), (0, 7, 7));
    }

    /// Every event but the delay queue's inner steps (its offers and polls are kept).
    #[derive(Default)]
    struct Log(Vec<WheelEvent>);

    impl Probe<WheelEvent> for Log {
        fn event(&mut self, e: WheelEvent) {
            match e {
                WheelEvent::Queue(HeapEvent::Begin(_)) => self.0.push(e),
                WheelEvent::Queue(_) | WheelEvent::QueueLine(_) => {}
                _ => self.0.push(e),
            }
        }
    }

    #[test]
    fn after_an_idle_gap_a_short_timer_lands_high_and_cascades_as_kafka_s_does() {
        // Worked out from Kafka's `SystemTimer` (tick 1 ms, 20 slots, started at 0): timer 1 (5 ms)
        // fires when its bucket is polled at 5 ms, which moves the wheel's clock to 5. Nothing is
        // due after that, so `advanceClock` polls nothing and the wheel stays at 5 while the real
        // clock runs on to 1,000.
        let mut t = SystemTimer::with_probe(0, TICK_MS, WHEEL_SIZE, Log::default());
        let mut fired = vec![];
        t.add(1, 5, &mut |id, at| fired.push((id, at)));
        t.advance(1000, &mut |id, at| fired.push((id, at)));
        assert_eq!(fired, vec![(1, 5)]);
        assert_eq!(
            (t.now(), t.wheel_time()),
            (1000, 5),
            "now, and the wheel's clock"
        );
        assert_eq!(t.probe().0.last(), Some(&WheelEvent::Wait { now: 1000 }));
        t.probe().0.clear();
        // Timer 2, 5 ms at 1,000: expiration 1,005 by the real clock. Against the wheel's clock (5)
        // it is beyond level 0 (reach 6 … 24) and level 1 (made at 0: reach 20 … 399), so level 2
        // is made (tick 400, clock 0) and takes it in slot (1005 / 400) mod 20 = 2, the bucket
        // expiring at 800: already due, so the offer wakes the reaper, which polls it at once.
        let h = t.add(2, 5, &mut |id, at| fired.push((id, at))).0;
        use HeapEvent::Begin;
        use WheelEvent::*;
        let offer = Queue(Begin(Op::Offer));
        let poll = Queue(Begin(Op::Poll));
        let place = |level, slot| {
            [
                Place {
                    timer: h,
                    level,
                    slot,
                },
                Insert {
                    timer: h,
                    level,
                    slot,
                },
            ]
        };
        let mut expected = vec![
            WheelEvent::Begin(WheelOp::Add),
            Beyond { timer: h, level: 0 },
            Overflow { level: 0 },
            Beyond { timer: h, level: 1 },
            Overflow { level: 1 },
        ];
        expected.extend(place(2, 2));
        expected.extend([
            offer,
            // The reaper: `advanceClock(800)` moves every level to 800, and the flush re-adds the
            // entry: beyond level 0 (801 … 819), within level 1 (820 … 1,199), slot 50 mod 20 =
            // 10, the bucket expiring at 1,000: due as well.
            poll,
            Tick {
                level: 0,
                time: 800,
            },
            Tick {
                level: 1,
                time: 800,
            },
            Tick {
                level: 2,
                time: 800,
            },
            Flush { level: 2, slot: 2 },
            Unlink {
                timer: h,
                level: 2,
                slot: 2,
            },
            Beyond { timer: h, level: 0 },
        ]);
        expected.extend(place(1, 10));
        expected.extend([
            offer,
            Cascade {
                timer: h,
                from: 2,
                to: 1,
            },
            // `advanceClock(1000)`: levels 0 and 1 move; level 2 (next tick at 1,200) does not.
            // The re-add lands on level 0, slot 5, the bucket expiring at 1,005: not due yet.
            poll,
            Tick {
                level: 0,
                time: 1000,
            },
            Tick {
                level: 1,
                time: 1000,
            },
            Flush { level: 1, slot: 10 },
            Unlink {
                timer: h,
                level: 1,
                slot: 10,
            },
        ]);
        expected.extend(place(0, 5));
        expected.extend([
            offer,
            Cascade {
                timer: h,
                from: 1,
                to: 0,
            },
        ]);
        assert_eq!(t.probe().0, expected);
        let clocks: Vec<u64> = t.levels().iter().map(|l| l.current_time).collect();
        assert_eq!(clocks, vec![1000, 1000, 800]);
        assert_eq!(t.bucket_ids(0, 5), vec![2]);
        assert_eq!(t.queued_buckets(), 1);
        assert_eq!(t.next_expiration(), Some(1005));
        t.advance(1005, &mut |id, at| fired.push((id, at)));
        assert_eq!(fired, vec![(1, 5), (2, 1005)]);
        assert_eq!(t.wheel_time(), 1005);
    }

    #[test]
    fn the_wheel_s_clock_stays_at_the_last_bucket_polled() {
        let mut t = SystemTimer::new(0);
        let mut f = |_, _| {};
        t.advance(500, &mut f);
        assert_eq!((t.now(), t.wheel_time()), (500, 0), "no bucket, no move");
        // Due at 530: beyond level 0 and level 1 (made at 0, reaching 399), so on level 2, in the
        // bucket expiring at 400, which is due: the reaper polls it, and the timer drops to level
        // 1's bucket expiring at 520, not due before 520.
        t.add(1, 30, &mut f);
        assert_eq!(t.levels().len(), 3);
        assert_eq!((t.wheel_time(), t.next_expiration()), (400, Some(520)));
        t.advance(700, &mut f);
        assert_eq!(t.wheel_time(), 530, "the last bucket polled expired at 530");
        assert_eq!(t.now(), 700);
        // A timer due now fires at once, whichever clock the wheel is at.
        let mut ran = vec![];
        t.add(2, 0, &mut |id, at| ran.push((id, at)));
        assert_eq!(ran, vec![(2, 700)]);
        assert_eq!(t.wheel_time(), 700);
    }

    #[test]
    fn the_delay_queue_timer_cancels_by_scanning() {
        let mut q = DelayQueueTimer::with_probe(0, crate::probe::Counter::new());
        let mut f = |_, _| {};
        let hs: Vec<_> = (0..10).map(|i| q.add(i, 10 + i as u64, &mut f)).collect();
        q.cancel(hs[9]);
        assert_eq!(
            q.probe().total_of(kind::Q_EQUALS),
            10,
            "the last-scheduled task is in the last slot"
        );
        let mut fired = vec![];
        q.advance(100, &mut |id, time| fired.push((id, time)));
        assert_eq!(fired.len(), 9);
        assert_eq!(fired[0], (0, 10));
    }
}

#[cfg(test)]
mod kind_tests {
    use super::*;

    #[test]
    fn every_event_has_a_named_kind() {
        let events = [
            WheelEvent::Begin(WheelOp::Add),
            WheelEvent::Beyond { timer: 0, level: 0 },
            WheelEvent::Place {
                timer: 0,
                level: 0,
                slot: 0,
            },
            WheelEvent::Overflow { level: 0 },
            WheelEvent::Insert {
                timer: 0,
                level: 0,
                slot: 0,
            },
            WheelEvent::Unlink {
                timer: 0,
                level: 0,
                slot: 0,
            },
            WheelEvent::Flush { level: 0, slot: 0 },
            WheelEvent::Cascade {
                timer: 0,
                from: 1,
                to: 0,
            },
            WheelEvent::Fire { timer: 0, time: 0 },
            WheelEvent::Tick { level: 0, time: 0 },
            WheelEvent::Queue(HeapEvent::Begin(Op::Poll)),
            WheelEvent::QueueLine(0),
        ];
        for e in events {
            assert!(e.kind() < WheelEvent::KINDS.len(), "{e:?}");
        }
        assert_eq!(WheelEvent::KINDS[kind::BEYOND].name, "beyond");
        assert_eq!(WheelEvent::KINDS[kind::Q_EQUALS].name, "q-equals");
    }
}
