//! Kafka's timer, ported class by class as the wheel tests' oracle: `TimerTask`, `TimerTaskEntry`,
//! `TimerTaskList`, `TimingWheel` and `SystemTimer` (apache/kafka, server-common
//! `org.apache.kafka.server.util.timer`: TimingWheel @ 0bce3346, SystemTimer @ 13fffe8c,
//! TimerTaskList @ 20c78800, TimerTaskEntry @ 120e6887, TimerTask @ 979067ad), with the
//! `java.util.concurrent.DelayQueue` of buckets and the `java.util.PriorityQueue` inside it.
//!
//! It is written from Kafka's sources, not from the lab's `SystemTimer`, and shares no code with
//! it: where the two disagree, this one is the reference. Objects are arena slots and references
//! are indices; each method keeps the original's name, order of steps and conditions.
//!
//! Driven as one thread: `add` is `SystemTimer.add` at the caller's clock (`Time.hiResClockMs`
//! is [`Kafka::clock`]); `advance(t)` moves the clock to `t` and runs `SystemTimer.advanceClock`'s
//! loop (poll a due bucket, `timingWheel.advanceClock(bucket.getExpiration())`, flush it into
//! `addTimerTaskEntry`, poll again) until no bucket is due. Nothing else polls: an add whose
//! bucket is already due leaves it in the queue for the next advance. The executor is a list: a
//! submitted task "runs" at once, at level 0's `currentTimeMs`.

#![allow(dead_code)]

type EntryRef = usize;
type ListRef = usize;
type TaskRef = usize;
type WheelRef = usize;

/// `TimerTask`: its delay and its volatile `timerTaskEntry`.
struct TimerTask {
    id: u32,
    delay_ms: i64,
    timer_task_entry: Option<EntryRef>,
}

/// `TimerTaskEntry`: `timerTask` is null for a list's root.
struct TimerTaskEntry {
    timer_task: Option<TaskRef>,
    expiration_ms: i64,
    list: Option<ListRef>,
    next: Option<EntryRef>,
    prev: Option<EntryRef>,
}

/// `TimerTaskList`: a circular doubly linked list around `root`, and its `AtomicLong` expiration.
struct TimerTaskList {
    expiration: i64,
    root: EntryRef,
    /// Where it is, for the comparison only (Kafka's list does not know).
    level: usize,
    slot: usize,
}

/// `TimingWheel`.
struct TimingWheel {
    tick_ms: i64,
    wheel_size: i32,
    interval: i64,
    buckets: Vec<ListRef>,
    current_time_ms: i64,
    overflow_wheel: Option<WheelRef>,
}

/// What the oracle shows of a level: (tick, interval, currentTime).
pub type LevelView = (u64, u64, u64);

pub struct Kafka {
    tasks: Vec<TimerTask>,
    entries: Vec<TimerTaskEntry>,
    lists: Vec<TimerTaskList>,
    wheels: Vec<TimingWheel>,
    /// `SystemTimer.timingWheel`.
    timing_wheel: WheelRef,
    /// The `DelayQueue`'s `PriorityQueue` array (size = its length).
    queue: Vec<ListRef>,
    /// `taskCounter`.
    task_counter: i32,
    /// `Time.SYSTEM.hiResClockMs()`.
    pub clock: i64,
    /// The executor: tasks submitted, in order, with level 0's clock then.
    pub ran: Vec<(u32, u64)>,
}

impl Kafka {
    /// `new SystemTimer(name, tickMs, wheelSize, startMs)`, with the clock at `startMs`.
    pub fn new(tick_ms: u64, wheel_size: usize, start_ms: u64) -> Self {
        let mut k = Kafka {
            tasks: Vec::new(),
            entries: Vec::new(),
            lists: Vec::new(),
            wheels: Vec::new(),
            timing_wheel: 0,
            queue: Vec::new(),
            task_counter: 0,
            clock: start_ms as i64,
            ran: Vec::new(),
        };
        k.timing_wheel = k.new_timing_wheel(tick_ms as i64, wheel_size as i32, start_ms as i64);
        k
    }

    // ---- TimerTaskEntry ----

    fn new_timer_task_entry(
        &mut self,
        timer_task: Option<TaskRef>,
        expiration_ms: i64,
    ) -> EntryRef {
        let e = self.entries.len();
        self.entries.push(TimerTaskEntry {
            timer_task,
            expiration_ms,
            list: None,
            next: None,
            prev: None,
        });
        if let Some(t) = timer_task {
            self.set_timer_task_entry(t, e);
        }
        e
    }

    fn cancelled(&self, e: EntryRef) -> bool {
        let t = self.entries[e].timer_task.expect("a root is never asked");
        self.tasks[t].timer_task_entry != Some(e)
    }

    fn entry_remove(&mut self, e: EntryRef) {
        let mut current_list = self.entries[e].list;
        while let Some(l) = current_list {
            self.list_remove(l, e);
            current_list = self.entries[e].list;
        }
    }

    // ---- TimerTask ----

    pub fn cancel(&mut self, t: TaskRef) {
        if let Some(e) = self.tasks[t].timer_task_entry {
            self.entry_remove(e);
        }
        self.tasks[t].timer_task_entry = None;
    }

    fn set_timer_task_entry(&mut self, t: TaskRef, entry: EntryRef) {
        if let Some(old) = self.tasks[t].timer_task_entry {
            if old != entry {
                self.entry_remove(old);
            }
        }
        self.tasks[t].timer_task_entry = Some(entry);
    }

    // ---- TimerTaskList ----

    fn new_timer_task_list(&mut self, level: usize, slot: usize) -> ListRef {
        let root = self.new_timer_task_entry(None, -1);
        self.entries[root].next = Some(root);
        self.entries[root].prev = Some(root);
        self.lists.push(TimerTaskList {
            expiration: -1,
            root,
            level,
            slot,
        });
        self.lists.len() - 1
    }

    fn set_expiration(&mut self, l: ListRef, expiration_ms: i64) -> bool {
        let old = std::mem::replace(&mut self.lists[l].expiration, expiration_ms);
        old != expiration_ms
    }

    fn list_add(&mut self, l: ListRef, e: EntryRef) {
        let mut done = false;
        while !done {
            self.entry_remove(e);
            if self.entries[e].list.is_none() {
                let root = self.lists[l].root;
                let tail = self.entries[root].prev.expect("linked");
                self.entries[e].next = Some(root);
                self.entries[e].prev = Some(tail);
                self.entries[e].list = Some(l);
                self.entries[tail].next = Some(e);
                self.entries[root].prev = Some(e);
                self.task_counter += 1;
                done = true;
            }
        }
    }

    fn list_remove(&mut self, l: ListRef, e: EntryRef) {
        if self.entries[e].list == Some(l) {
            let (next, prev) = (self.entries[e].next.unwrap(), self.entries[e].prev.unwrap());
            self.entries[next].prev = Some(prev);
            self.entries[prev].next = Some(next);
            self.entries[e].next = None;
            self.entries[e].prev = None;
            self.entries[e].list = None;
            self.task_counter -= 1;
        }
    }

    /// `flush(f)` with `f` = `SystemTimer::addTimerTaskEntry`.
    fn flush(&mut self, l: ListRef) {
        let root = self.lists[l].root;
        let mut head = self.entries[root].next.unwrap();
        while head != root {
            self.list_remove(l, head);
            self.add_timer_task_entry(head);
            head = self.entries[root].next.unwrap();
        }
        self.lists[l].expiration = -1;
    }

    /// `getDelay`, in ms.
    fn get_delay(&self, l: ListRef) -> i64 {
        (self.lists[l].expiration - self.clock).max(0)
    }

    // ---- java.util.PriorityQueue<TimerTaskList> (compareTo: Long.compare of expirations) ----

    fn compare(&self, a: ListRef, b: ListRef) -> std::cmp::Ordering {
        self.lists[a].expiration.cmp(&self.lists[b].expiration)
    }

    fn pq_offer(&mut self, e: ListRef) {
        let k = self.queue.len();
        self.queue.push(e);
        self.sift_up(k, e);
    }

    fn sift_up(&mut self, mut k: usize, x: ListRef) {
        while k > 0 {
            let parent = (k - 1) >> 1;
            let e = self.queue[parent];
            if self.compare(x, e).is_ge() {
                break;
            }
            self.queue[k] = e;
            k = parent;
        }
        self.queue[k] = x;
    }

    fn pq_poll(&mut self) -> Option<ListRef> {
        if self.queue.is_empty() {
            return None;
        }
        let result = self.queue[0];
        let x = self.queue.pop().expect("non-empty");
        if !self.queue.is_empty() {
            self.sift_down(0, x);
        }
        Some(result)
    }

    fn sift_down(&mut self, mut k: usize, x: ListRef) {
        let n = self.queue.len();
        let half = n >> 1;
        while k < half {
            let mut child = (k << 1) + 1;
            let mut c = self.queue[child];
            let right = child + 1;
            if right < n && self.compare(c, self.queue[right]).is_gt() {
                child = right;
                c = self.queue[child];
            }
            if self.compare(x, c).is_le() {
                break;
            }
            self.queue[k] = c;
            k = child;
        }
        self.queue[k] = x;
    }

    /// `DelayQueue.poll()`: the head, if its delay has run out.
    fn delay_queue_poll(&mut self) -> Option<ListRef> {
        let first = *self.queue.first()?;
        if self.get_delay(first) > 0 {
            None
        } else {
            self.pq_poll()
        }
    }

    // ---- TimingWheel ----

    fn new_timing_wheel(&mut self, tick_ms: i64, wheel_size: i32, start_ms: i64) -> WheelRef {
        let level = self.wheels.len();
        let buckets = (0..wheel_size as usize)
            .map(|slot| self.new_timer_task_list(level, slot))
            .collect();
        self.wheels.push(TimingWheel {
            tick_ms,
            wheel_size,
            interval: tick_ms * wheel_size as i64,
            buckets,
            current_time_ms: start_ms - (start_ms % tick_ms),
            overflow_wheel: None,
        });
        level
    }

    fn add_overflow_wheel(&mut self, w: WheelRef) {
        if self.wheels[w].overflow_wheel.is_none() {
            let TimingWheel {
                interval,
                wheel_size,
                current_time_ms,
                ..
            } = self.wheels[w];
            let o = self.new_timing_wheel(interval, wheel_size, current_time_ms);
            self.wheels[w].overflow_wheel = Some(o);
        }
    }

    fn wheel_add(&mut self, w: WheelRef, e: EntryRef) -> bool {
        let expiration = self.entries[e].expiration_ms;
        let TimingWheel {
            tick_ms,
            wheel_size,
            interval,
            current_time_ms,
            ..
        } = self.wheels[w];
        // Kafka's two branches that return false: cancelled, and already expired.
        #[allow(clippy::if_same_then_else)]
        if self.cancelled(e) {
            false
        } else if expiration < current_time_ms + tick_ms {
            false
        } else if expiration < current_time_ms + interval {
            let virtual_id = expiration / tick_ms;
            let bucket_id = (virtual_id % wheel_size as i64) as usize;
            let bucket = self.wheels[w].buckets[bucket_id];
            self.list_add(bucket, e);
            if self.set_expiration(bucket, virtual_id * tick_ms) {
                self.pq_offer(bucket);
            }
            true
        } else {
            if self.wheels[w].overflow_wheel.is_none() {
                self.add_overflow_wheel(w);
            }
            let o = self.wheels[w].overflow_wheel.expect("made");
            self.wheel_add(o, e)
        }
    }

    fn wheel_advance_clock(&mut self, w: WheelRef, time_ms: i64) {
        let wheel = &mut self.wheels[w];
        if time_ms >= wheel.current_time_ms + wheel.tick_ms {
            wheel.current_time_ms = time_ms - (time_ms % wheel.tick_ms);
            let current = wheel.current_time_ms;
            if let Some(o) = wheel.overflow_wheel {
                self.wheel_advance_clock(o, current);
            }
        }
    }

    // ---- SystemTimer ----

    /// `SystemTimer.add(new TimerTask(delay))`; returns the task.
    pub fn add(&mut self, id: u32, delay_ms: u64) -> TaskRef {
        let t = self.tasks.len();
        self.tasks.push(TimerTask {
            id,
            delay_ms: delay_ms as i64,
            timer_task_entry: None,
        });
        let expiration = self.tasks[t].delay_ms + self.clock;
        let e = self.new_timer_task_entry(Some(t), expiration);
        self.add_timer_task_entry(e);
        t
    }

    fn add_timer_task_entry(&mut self, e: EntryRef) {
        if !self.wheel_add(self.timing_wheel, e) && !self.cancelled(e) {
            let t = self.entries[e].timer_task.expect("a task's entry");
            let time = self.wheels[self.timing_wheel].current_time_ms as u64;
            self.ran.push((self.tasks[t].id, time));
        }
    }

    /// The clock runs on to `t`; `SystemTimer.advanceClock`'s loop polls every bucket due by then.
    pub fn advance(&mut self, t: u64) {
        self.clock = self.clock.max(t as i64);
        let mut bucket = self.delay_queue_poll();
        while let Some(b) = bucket {
            let expiration = self.lists[b].expiration;
            self.wheel_advance_clock(self.timing_wheel, expiration);
            self.flush(b);
            bucket = self.delay_queue_poll();
        }
    }

    // ---- What the comparison reads ----

    /// Every level, from the timer's own wheel up its overflow chain.
    pub fn levels(&self) -> Vec<LevelView> {
        let mut out = Vec::new();
        let mut w = Some(self.timing_wheel);
        while let Some(i) = w {
            let l = &self.wheels[i];
            out.push((
                l.tick_ms as u64,
                l.interval as u64,
                l.current_time_ms as u64,
            ));
            w = l.overflow_wheel;
        }
        out
    }

    /// A bucket's expiration and its tasks' IDs, head first.
    pub fn bucket(&self, level: usize, slot: usize) -> (i64, Vec<u32>) {
        let l = &self.lists[self.wheels[level].buckets[slot]];
        let mut ids = Vec::new();
        let mut e = self.entries[l.root].next.unwrap();
        while e != l.root {
            ids.push(self.tasks[self.entries[e].timer_task.unwrap()].id);
            e = self.entries[e].next.unwrap();
        }
        (l.expiration, ids)
    }

    /// The delay queue's array, as (level, slot) of each bucket.
    pub fn queue(&self) -> Vec<(usize, usize)> {
        self.queue
            .iter()
            .map(|&l| (self.lists[l].level, self.lists[l].slot))
            .collect()
    }

    /// `SystemTimer.size()`.
    pub fn size(&self) -> usize {
        self.task_counter as usize
    }

    /// Whether the task is still in a bucket.
    pub fn is_pending(&self, t: TaskRef) -> bool {
        self.tasks[t]
            .timer_task_entry
            .is_some_and(|e| self.entries[e].list.is_some())
    }
}
