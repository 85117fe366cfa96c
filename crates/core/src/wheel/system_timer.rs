//! Kafka's `SystemTimer` and its `TimingWheel`s: the buckets (`TimerTaskList`), the levels, and
//! the delay queue of buckets that the reaper polls.

use std::hint::black_box;

use crate::priority::jdk::JdkHeap;
use crate::priority::HeapEvent;
use crate::probe::{NoProbe, Probe};
use crate::sync;

use super::{line, VirtualTimer, WheelEvent, WheelOp, NONE, TICK_MS, WHEEL_SIZE};

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
impl crate::priority::jdk::Scan for BucketKey {}

delayed_key!(BucketKey, order: expiration, identity: bucket);

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
    /// wheel's clock. `fire` gets the ID and time of a task the wheel finds expired, which runs at
    /// once. Nothing else runs here: an add never polls the delay queue, so a task put into a
    /// bucket that is already due (the wheel's clock lags) waits there, cancellable, until the
    /// reaper's next pass ([`advance`](Self::advance)), as in `SystemTimer`, whose `add` only
    /// offers the bucket.
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
        // The reaper leaves nothing due, and the wheel's clock is the last polled expiration: at
        // or behind now, never ahead.
        debug_assert!(self.next_expiration().is_none_or(|e| e > self.now));
        debug_assert!(self.levels.iter().all(|l| l.current_time <= self.now));
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
