//! Netty's `ScheduledFutureTaskBenchmark` as kernels a harness can time: `prepare(k)` builds k
//! invocations' worth of state (untimed, as `@Setup(Level.Invocation)` is in JMH), `run()`
//! performs them. One invocation = cancel all `num` timers, scheduled with deadlines 1..num in
//! ascending order, in order or in reverse.

use std::cmp::Ordering;
use std::ptr::NonNull;

use crate::heap::HeapKind;
use crate::indexed_heap::{Handle, IndexedHeap};
use crate::jdk_heap::JdkHeap;
use crate::probe::NoProbe;
use crate::timer::Timer;

/// A task as a Java heap holds it: a reference. `equals` is identity (the task class does not
/// override `Object.equals`), and ordering reads through the reference, as `compareTo` does.
/// Storing `Timer`s inline instead would give the JDK heap a cache-friendly scan Java never had,
/// while Netty's heap (elements in an arena, named by handles) pays for the indirection.
#[derive(Clone, Copy, Debug)]
struct TaskRef(NonNull<Timer>);

impl PartialEq for TaskRef {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for TaskRef {}

impl Ord for TaskRef {
    fn cmp(&self, other: &Self) -> Ordering {
        // SAFETY: every TaskRef points into `HeapCancel::_tasks`, a boxed slice created once and
        // never moved, resized or mutated; the heaps holding TaskRefs live in the same
        // `HeapCancel` and only compare while it is borrowed, so the pointee is always alive.
        unsafe { self.0.as_ref().cmp(other.0.as_ref()) }
    }
}

impl PartialOrd for TaskRef {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// One invocation's heap, full of timers 1..num.
enum Prepared {
    Jdk(JdkHeap<TaskRef, NoProbe>),
    /// Netty's heap and the task handles, in scheduling order (the benchmark's task array).
    Indexed(IndexedHeap<Timer, NoProbe>, Vec<Handle>),
}

pub struct HeapCancel {
    kind: HeapKind,
    reverse: bool,
    /// The benchmark's task objects, and the references to them the cancelling code holds.
    timers: Vec<Timer>,
    /// Owns what `refs` point to; never read directly.
    _tasks: Box<[Timer]>,
    refs: Vec<TaskRef>,
    prepared: Vec<Prepared>,
}

impl HeapCancel {
    pub fn new(kind: HeapKind, num: u32, reverse: bool) -> Self {
        let timers: Vec<Timer> = (1..=u64::from(num))
            .map(|d| Timer {
                deadline: d,
                seq: d - 1,
            })
            .collect();
        let tasks: Box<[Timer]> = timers.clone().into_boxed_slice();
        let refs = tasks.iter().map(|t| TaskRef(NonNull::from(t))).collect();
        Self {
            kind,
            reverse,
            timers,
            _tasks: tasks,
            refs,
            prepared: Vec::new(),
        }
    }

    /// Builds `k` invocations' heaps (replacing any not yet run).
    pub fn prepare(&mut self, k: usize) {
        self.prepared.clear();
        for _ in 0..k {
            self.prepared.push(match self.kind {
                HeapKind::Jdk => {
                    let mut h = JdkHeap::new();
                    for &t in &self.refs {
                        h.offer(t);
                    }
                    Prepared::Jdk(h)
                }
                HeapKind::Indexed => {
                    let mut h = IndexedHeap::new();
                    let handles: Vec<Handle> = self.timers.iter().map(|&t| h.create(t)).collect();
                    for &t in &handles {
                        h.offer(t).expect("a new task is never queued");
                    }
                    Prepared::Indexed(h, handles)
                }
            });
        }
    }

    /// Runs every prepared invocation; returns how many ran and a checksum (the sum of the slots
    /// the timers were found in) so the work cannot be optimised away.
    pub fn run(&mut self) -> (usize, u64) {
        let mut sum = 0u64;
        let n = self.prepared.len();
        for p in self.prepared.drain(..) {
            sum += match p {
                Prepared::Jdk(mut h) => cancel_refs(&mut h, &self.refs, self.reverse),
                Prepared::Indexed(mut h, handles) => cancel_handles(&mut h, &handles, self.reverse),
            };
        }
        (n, sum)
    }
}

fn cancel_refs(h: &mut JdkHeap<TaskRef, NoProbe>, refs: &[TaskRef], reverse: bool) -> u64 {
    let found = |i: Option<usize>| i.map_or(u64::MAX, |i| i as u64);
    if reverse {
        refs.iter().rev().map(|t| found(h.remove(t))).sum()
    } else {
        refs.iter().map(|t| found(h.remove(t))).sum()
    }
}

fn cancel_handles(h: &mut IndexedHeap<Timer, NoProbe>, handles: &[Handle], reverse: bool) -> u64 {
    let found = |i: Option<usize>| i.map_or(u64::MAX, |i| i as u64);
    if reverse {
        handles.iter().rev().map(|&t| found(h.remove(t))).sum()
    } else {
        handles.iter().map(|&t| found(h.remove(t))).sum()
    }
}

impl crate::native_bench::Kernel for HeapCancel {
    fn prepare(&mut self, k: usize) {
        HeapCancel::prepare(self, k);
    }
    fn run(&mut self) -> (usize, u64) {
        HeapCancel::run(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cancellation_finds_its_timer_where_the_benchmark_says() {
        // In order, each timer is at the root when cancelled: checksum 0. In reverse, each is in
        // the last slot: checksum (num−1) + … + 0.
        for kind in [HeapKind::Jdk, HeapKind::Indexed] {
            let mut b = HeapCancel::new(kind, 100, false);
            b.prepare(3);
            assert_eq!(b.run(), (3, 0));
            let mut b = HeapCancel::new(kind, 100, true);
            b.prepare(2);
            assert_eq!(b.run(), (2, 2 * 4950));
            assert_eq!(b.run(), (0, 0), "a run consumes what was prepared");
        }
    }
}
