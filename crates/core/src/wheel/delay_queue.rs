//! The timer Kafka's wheel replaced: a `java.util.concurrent.DelayQueue` of the tasks
//! themselves, where a cancel is `remove(Object)`, a scan of the heap's array.

use crate::priority::jdk::{ByKey, JdkHeap};
use crate::probe::{NoProbe, Probe};
use crate::reference::Ref;
use crate::sync;

use super::event::dq_line;
use super::{QueueProbe, TimerHandle, VirtualTimer, WheelEvent, WheelOp};

/// A task as a heap that holds tasks inline sees it (the benchmark's indexed heap): ordered by
/// due time alone (Kafka's `DelayedItem`), equal by identity.
#[derive(Clone, Copy, Debug)]
pub struct TaskKey {
    pub due: u64,
    pub task: u32,
    /// The task's own number, for narration.
    pub id: u32,
}

delayed_key!(TaskKey, order: due, identity: task);

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
        probe!(self.queue.probe.0.line(dq_line::ADD));
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
        probe!(self.queue.probe.0.line(dq_line::CANCEL));
        probe!(self.queue.probe.0.event(WheelEvent::Begin(WheelOp::Cancel)));
        // `remove(Object)` scans whether or not the task is still queued, as the JDK's does.
        self.pending[h.0 as usize] = false;
        sync::lock(&mut self.lock);
        let removed = self.queue.remove(&Ref(h.0)).is_some();
        sync::unlock(&mut self.lock);
        removed
    }

    pub fn advance(&mut self, t: u64, fire: &mut impl FnMut(u32, u64)) {
        probe!(self.queue.probe.0.line(dq_line::REAPER));
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
            probe!(self.queue.probe.0.line(dq_line::REAPER));
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
