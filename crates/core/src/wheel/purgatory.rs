//! Kafka's request purgatory, both designs, as `TestPurgatoryPerformance` drove them: each
//! delayed request (an "operation") watches some keys and waits for a timeout; a separate thread
//! completes most of them early.
//!
//! - [`OldPurgatory`] is the pre-wheel `DelayedOperationPurgatory` (619d78eb, the benchmark's
//!   "old"): a watcher list per key and a `DelayQueue` of the operations themselves. A completed
//!   operation stays in both until it expires or a purge runs; the reaper purges every watcher
//!   list when they hold `purge_interval` entries or more, and the delay queue when it does —
//!   through its iterator, whose every `remove()` is an identity scan from slot 0.
//! - [`WheelPurgatory`] is the timing-wheel version (0.9/0.10): completing an operation cancels
//!   its timer entry in O(1); the reaper advances the wheel and purges the watcher lists only
//!   when more than `purge_interval` completed operations may linger in them.
//!
//! Simplified: one thread, virtual time; `tryComplete` is the benchmark's (`now ≥ completesAt`);
//! watcher lists are vectors (a purge is `retain`, the same O(length) walk as a `LinkedList`
//! iterator's unlinks); the wheel purgatory's read/write lock and `removeKeyIfEmpty` race checks
//! are not modelled.

use crate::priority::jdk::{ByKey, JdkHeap};
use crate::probe::{NoProbe, Probe};
use crate::reference::Ref;
use crate::wheel::{QueueProbe, SystemTimer, TimerHandle, WheelEvent, TICK_MS, WHEEL_SIZE};

/// Kafka's `purgeInterval` default.
pub const PURGE_INTERVAL: usize = 1000;
/// The old reaper's `poll` timeout, and the new one's `advanceClock` timeout.
pub const REAPER_TIMEOUT_MS: u64 = 200;

#[derive(Clone, Copy, Debug)]
struct Operation {
    /// When the completion thread completes it (`None`: it times out).
    completes_at: Option<u64>,
    completed: bool,
}

/// What both purgatories do for the benchmark's load generator.
pub trait Purgatory {
    /// `tryCompleteElseWatch` for a new operation arriving at `now`, due to time out at
    /// `now + timeout`, completed early at `completes_at` (if it is). Returns its number.
    fn watch(&mut self, now: u64, timeout: u64, completes_at: Option<u64>) -> u32;
    /// The completion thread's `forceComplete`.
    fn complete(&mut self, op: u32, now: u64);
    /// One pass of the reaper at `now` (it runs at least every 200 ms, and whenever something is due).
    fn reap(&mut self, now: u64);
    /// Entries held: (in the delay queue or timer, in the watcher lists).
    fn entries(&self) -> (usize, usize);
    /// Of those, entries of operations already completed: (timer side, watcher side).
    fn completed_entries(&self) -> (usize, usize);
    /// Entries visited by purges so far.
    fn purge_visits(&self) -> u64;
}

/// Watcher lists: one per key, each the operations (by number) watching it.
#[derive(Clone, Debug, Default)]
struct Watchers {
    lists: Vec<Vec<u32>>,
    watched: usize,
}

impl Watchers {
    fn new(keys: usize) -> Self {
        Self {
            lists: vec![Vec::new(); keys],
            watched: 0,
        }
    }

    fn watch(&mut self, key: usize, op: u32) {
        self.lists[key].push(op);
        self.watched += 1;
    }

    /// Unlinks every completed operation from every list; returns how many entries it visited.
    fn purge(&mut self, ops: &[Operation]) -> usize {
        let mut visited = 0;
        for list in &mut self.lists {
            visited += list.len();
            list.retain(|&o| !ops[o as usize].completed);
        }
        self.watched = self.lists.iter().map(Vec::len).sum();
        visited
    }

    fn completed(&self, ops: &[Operation]) -> usize {
        self.lists
            .iter()
            .flatten()
            .filter(|&&o| ops[o as usize].completed)
            .count()
    }
}

/// The pre-wheel purgatory.
pub struct OldPurgatory<P: Probe<WheelEvent> = NoProbe> {
    ops: Vec<Operation>,
    keys: usize,
    watchers: Watchers,
    /// References to the operations, ordered by due time read through them
    /// (`DelayedItem.compareTo`), equal by identity: operation `op` is `Ref(op)`, and the
    /// order's table holds every operation's due time.
    queue: JdkHeap<Ref, QueueProbe<P>, ByKey<Vec<u64>>>,
    purge_interval: usize,
    last_reap: u64,
    /// Entries visited by purges (watcher entries walked, delay-queue snapshot copies).
    pub purge_visits: u64,
    /// Operations expired by the reaper.
    pub expired: u64,
}

impl OldPurgatory<NoProbe> {
    pub fn new(keys: usize, purge_interval: usize) -> Self {
        Self::with_probe(keys, purge_interval, NoProbe)
    }
}

impl<P: Probe<WheelEvent>> OldPurgatory<P> {
    pub fn with_probe(keys: usize, purge_interval: usize, probe: P) -> Self {
        Self {
            ops: Vec::new(),
            keys,
            watchers: Watchers::new(keys),
            queue: JdkHeap::with_order(ByKey::default(), QueueProbe(probe)),
            purge_interval,
            last_reap: 0,
            purge_visits: 0,
            expired: 0,
        }
    }

    fn due(&self, r: Ref) -> u64 {
        self.queue.order.table()[r.0 as usize]
    }

    fn try_complete(&mut self, op: u32, now: u64) -> bool {
        let o = &mut self.ops[op as usize];
        if !o.completed && o.completes_at.is_some_and(|t| now >= t) {
            o.completed = true;
            return true;
        }
        false
    }

    /// One iteration of the reaper's loop: poll (one due operation), then the purge checks.
    fn reaper_iteration(&mut self, now: u64) -> bool {
        let mut expired = false;
        if let Some(head) = self.queue.peek() {
            if self.due(head) <= now {
                let op = self.queue.poll().expect("peeked").0;
                // onExpiration, then forceComplete: a no-op for an operation already completed.
                self.ops[op as usize].completed = true;
                self.expired += 1;
                expired = true;
            }
        }
        if self.watchers.watched >= self.purge_interval {
            self.purge_visits += self.watchers.purge(&self.ops) as u64;
        }
        if self.queue.len() >= self.purge_interval {
            // The iterator's snapshot is an O(n) copy in heap order; each removal of a completed
            // operation is `removeEQ`, an identity scan from slot 0, then `removeAt`.
            let snapshot: Vec<Ref> = self.queue.as_slice().to_vec();
            self.purge_visits += snapshot.len() as u64;
            for r in snapshot {
                if self.ops[r.0 as usize].completed {
                    self.queue.remove(&r);
                }
            }
        }
        expired
    }
}

impl<P: Probe<WheelEvent>> Purgatory for OldPurgatory<P> {
    fn watch(&mut self, now: u64, timeout: u64, completes_at: Option<u64>) -> u32 {
        let op = self.queue.order.push(now + timeout).0;
        self.ops.push(Operation {
            completes_at,
            completed: false,
        });
        if self.try_complete(op, now) {
            return op;
        }
        for key in 0..self.keys {
            if self.ops[op as usize].completed {
                return op;
            }
            self.watchers.watch(key, op);
        }
        if self.try_complete(op, now) {
            return op;
        }
        self.queue.offer(Ref(op));
        op
    }

    fn complete(&mut self, op: u32, _now: u64) {
        // forceComplete: the flag only; the entries stay where they are.
        self.ops[op as usize].completed = true;
    }

    fn reap(&mut self, now: u64) {
        let mut ran = false;
        while self.queue.peek().is_some_and(|h| self.due(h) <= now) {
            self.reaper_iteration(now);
            ran = true;
        }
        // The poll's 200 ms timeout: with nothing due, the loop still comes round to purge.
        if ran || now >= self.last_reap + REAPER_TIMEOUT_MS {
            if !ran {
                self.reaper_iteration(now);
            }
            self.last_reap = now;
        }
    }

    fn entries(&self) -> (usize, usize) {
        (self.queue.len(), self.watchers.watched)
    }

    fn purge_visits(&self) -> u64 {
        self.purge_visits
    }

    fn completed_entries(&self) -> (usize, usize) {
        let q = self
            .queue
            .as_slice()
            .iter()
            .filter(|r| self.ops[r.0 as usize].completed)
            .count();
        (q, self.watchers.completed(&self.ops))
    }
}

/// The timing-wheel purgatory.
pub struct WheelPurgatory<P: Probe<WheelEvent> = NoProbe> {
    ops: Vec<Operation>,
    handles: Vec<Option<TimerHandle>>,
    keys: usize,
    watchers: Watchers,
    timer: SystemTimer<P>,
    purge_interval: usize,
    estimated_total: usize,
    last_reap: u64,
    pub purge_visits: u64,
    pub expired: u64,
    fired: Vec<u32>,
}

impl WheelPurgatory<NoProbe> {
    pub fn new(keys: usize, purge_interval: usize) -> Self {
        Self::with_probe(keys, purge_interval, NoProbe)
    }
}

impl<P: Probe<WheelEvent>> WheelPurgatory<P> {
    pub fn with_probe(keys: usize, purge_interval: usize, probe: P) -> Self {
        Self {
            ops: Vec::new(),
            handles: Vec::new(),
            keys,
            watchers: Watchers::new(keys),
            timer: SystemTimer::with_probe(0, TICK_MS, WHEEL_SIZE, probe),
            purge_interval,
            estimated_total: 0,
            last_reap: 0,
            purge_visits: 0,
            expired: 0,
            fired: Vec::new(),
        }
    }

    /// forceComplete: set the flag, and cancel the timer entry (an O(1) unlink).
    fn force_complete(&mut self, op: u32) -> bool {
        let o = &mut self.ops[op as usize];
        if o.completed {
            return false;
        }
        o.completed = true;
        if let Some(h) = self.handles[op as usize] {
            self.timer.cancel(h);
        }
        true
    }

    fn try_complete(&mut self, op: u32, now: u64) -> bool {
        if self.ops[op as usize].completes_at.is_some_and(|t| now >= t) {
            return self.force_complete(op);
        }
        false
    }
}

impl<P: Probe<WheelEvent>> Purgatory for WheelPurgatory<P> {
    fn watch(&mut self, now: u64, timeout: u64, completes_at: Option<u64>) -> u32 {
        let op = self.ops.len() as u32;
        self.ops.push(Operation {
            completes_at,
            completed: false,
        });
        self.handles.push(None);
        if self.try_complete(op, now) {
            return op;
        }
        for key in 0..self.keys {
            if self.ops[op as usize].completed {
                return op;
            }
            self.watchers.watch(key, op);
            if key == 0 {
                self.estimated_total += 1; // once per operation, not per key
            }
        }
        if self.try_complete(op, now) {
            return op;
        }
        // The task's expiration is now + timeout by the real clock; the wheel places it against
        // its own clock, which follows the reaper and lags now after a quiet spell. An entry put
        // into a bucket already due waits there for the reaper (this millisecond's `reap`, which
        // finds the bucket due): `SystemTimer.add` only offers it.
        self.timer.set_now(now);
        let mut fired = std::mem::take(&mut self.fired);
        let h = self.timer.add(op, timeout, &mut |id, _| fired.push(id));
        self.fired = fired;
        self.handles[op as usize] = Some(h);
        op
    }

    fn complete(&mut self, op: u32, _now: u64) {
        self.force_complete(op);
    }

    fn reap(&mut self, now: u64) {
        // advanceClock(200): returns as soon as a bucket is due, or after its 200 ms timeout.
        let due = self.timer.next_expiration().is_some_and(|e| e <= now);
        if !due && now < self.last_reap + REAPER_TIMEOUT_MS {
            return;
        }
        let mut fired = std::mem::take(&mut self.fired);
        self.timer.advance(now, &mut |op, _| fired.push(op));
        self.fired = fired;
        self.after_advance(now);
    }

    fn entries(&self) -> (usize, usize) {
        (self.timer.size(), self.watchers.watched)
    }

    fn purge_visits(&self) -> u64 {
        self.purge_visits
    }

    fn completed_entries(&self) -> (usize, usize) {
        // Completing cancels the timer entry at once: none linger on the timer side.
        (0, self.watchers.completed(&self.ops))
    }
}

impl<P: Probe<WheelEvent>> WheelPurgatory<P> {
    /// The reaper after `advanceClock` returns: the tasks it ran have expired their operations;
    /// then the purge check.
    fn after_advance(&mut self, now: u64) {
        let mut fired = std::mem::take(&mut self.fired);
        for &op in &fired {
            // The task's run(): forceComplete, then onExpiration.
            let o = &mut self.ops[op as usize];
            if !o.completed {
                o.completed = true;
                self.expired += 1;
            }
        }
        fired.clear();
        self.fired = fired;
        self.last_reap = now;
        let delayed = self.timer.size();
        if self.estimated_total.saturating_sub(delayed) > self.purge_interval {
            self.estimated_total = delayed;
            self.purge_visits += self.watchers.purge(&self.ops) as u64;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_old_purgatory_keeps_completed_operations_until_a_purge() {
        let mut p = OldPurgatory::new(3, 10);
        let a = p.watch(0, 200, Some(5));
        let _b = p.watch(0, 200, None);
        assert_eq!(p.entries(), (2, 6));
        p.complete(a, 5);
        p.reap(5);
        assert_eq!(
            p.entries(),
            (2, 6),
            "completed, but still in the queue and in every list"
        );
        assert_eq!(p.completed_entries(), (1, 3));
        p.reap(200);
        assert_eq!(
            p.expired, 2,
            "both polled at 200 ms: the completed one is expired again, harmlessly"
        );
        assert_eq!(p.entries().0, 0);
    }

    #[test]
    fn the_old_purgatory_purges_at_the_interval() {
        let mut p = OldPurgatory::new(3, 30);
        for i in 0..20 {
            let op = p.watch(0, 200, Some(1));
            if i % 2 == 0 {
                p.complete(op, 1);
            }
        }
        assert_eq!(p.entries(), (20, 60));
        p.reap(1); // nothing due, and the loop only comes round again after 200 ms
        assert_eq!(p.entries(), (20, 60));
        p.reap(200);
        // The first expiry's iteration purged (60 ≥ 30): the 10 completed and the expired one
        // left. Below the interval, the 9 expired later linger in every list.
        assert_eq!(p.entries(), (0, 27));
        assert_eq!(p.completed_entries(), (0, 27));
    }

    #[test]
    fn the_wheel_purgatory_unlinks_at_completion() {
        let mut p = WheelPurgatory::new(3, 10);
        let a = p.watch(0, 200, Some(5));
        let _b = p.watch(0, 200, None);
        assert_eq!(p.entries(), (2, 6));
        p.complete(a, 5);
        assert_eq!(
            p.entries(),
            (1, 6),
            "gone from the timer at once; still watched until a purge"
        );
        p.reap(200);
        assert_eq!(p.expired, 1);
        assert_eq!(p.entries().0, 0);
    }

    #[test]
    fn after_a_quiet_spell_the_wheel_s_clock_lags_and_the_reaper_cascades_an_add_down() {
        let mut p = WheelPurgatory::with_probe(3, 1000, crate::probe::Counter::new());
        p.watch(0, 200, None);
        for now in (1..=1000).step_by(50) {
            p.reap(now);
        }
        assert_eq!(p.expired, 1);
        // The reaper polled the timer's bucket at 200 and found nothing due since (its poll timed
        // out every 200 ms, the last at 801): the wheel's clock stayed at 200 while time ran on.
        assert_eq!((p.timer.now(), p.timer.wheel_time()), (801, 200));
        let cascades = p.timer.probe().total_of(crate::wheel::kind::CASCADE);
        // At 1,000 an operation with a 5 ms timeout: due at 1,005, beyond levels 0 and 1 from
        // the wheel's clock, so on a new level 2, in the bucket expiring at 800, due already. The
        // add only offers it; the wheel's clock has not moved.
        p.watch(1000, 5, None);
        assert_eq!(p.timer.levels().len(), 3);
        assert_eq!(p.timer.wheel_time(), 200);
        assert_eq!(p.timer.next_expiration(), Some(800));
        // The reaper's pass at 1,000 finds that bucket due (`advanceClock` returns at once): it
        // polls it and the level-1 bucket the entry drops to (1,000), and runs its purge check.
        p.reap(1000);
        assert_eq!(
            p.timer.probe().total_of(crate::wheel::kind::CASCADE) - cascades,
            2
        );
        assert_eq!((p.timer.wheel_time(), p.last_reap), (1000, 1000));
        assert_eq!(p.timer.next_expiration(), Some(1005));
        p.reap(1004);
        assert_eq!(p.expired, 1);
        p.reap(1005);
        assert_eq!(p.expired, 2);
    }

    #[test]
    fn an_operation_that_completes_at_once_is_never_watched() {
        for old in [true, false] {
            let (entries, _) = if old {
                let mut p = OldPurgatory::new(3, 1000);
                p.watch(7, 200, Some(7));
                (p.entries(), 0)
            } else {
                let mut p = WheelPurgatory::new(3, 1000);
                p.watch(7, 200, Some(7));
                (p.entries(), 0)
            };
            assert_eq!(entries, (0, 0));
        }
    }
}
