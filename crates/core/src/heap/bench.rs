//! Netty's `ScheduledFutureTaskBenchmark` as kernels a harness can time: `prepare(k)` builds k
//! invocations' worth of state (untimed, as `@Setup(Level.Invocation)` is in JMH), `run()`
//! performs them. One invocation = cancel all `num` timers, scheduled with deadlines 1..num in
//! ascending order, in order or in reverse.

use std::rc::Rc;

use crate::family::Variant;
use crate::heap::timer::Timer;
use crate::kernel::{Kernel, Suite};
use crate::priority::indexed::{Handle, IndexedHeap};
use crate::priority::jdk::{ByKey, JdkHeap};
use crate::priority::HeapKind;
use crate::probe::NoProbe;
use crate::reference::Ref;

/// The benchmark's tasks as a Java heap holds them: references ([`Ref`]), ordered by reading the
/// task through them. Storing `Timer`s inline instead would give the JDK heap a cache-friendly
/// scan Java never had, while Netty's heap (elements in an arena, named by handles) pays for the
/// indirection.
type TaskOrder = ByKey<Rc<[Timer]>>;

/// One invocation's heap, full of timers 1..num.
enum Prepared {
    Jdk(JdkHeap<Ref, NoProbe, TaskOrder>),
    /// Netty's heap; its tasks' handles are `HeapCancel::handles` (every heap makes them in the
    /// same order, so they are the same numbers).
    Indexed(IndexedHeap<Timer, NoProbe>),
}

pub struct HeapCancel {
    kind: HeapKind,
    reverse: bool,
    /// The benchmark's task objects, and the references to them the cancelling code holds.
    timers: Vec<Timer>,
    /// What `refs` point into, shared by every prepared heap's order.
    tasks: Rc<[Timer]>,
    refs: Vec<Ref>,
    handles: Vec<Handle>,
    prepared: Vec<Prepared>,
    spent: Vec<Prepared>,
}

impl HeapCancel {
    pub fn new(kind: HeapKind, num: u32, reverse: bool) -> Self {
        let timers: Vec<Timer> = (1..=u64::from(num))
            .map(|d| Timer {
                deadline: d,
                seq: d - 1,
            })
            .collect();
        let tasks: Rc<[Timer]> = timers.clone().into();
        let refs = (0..num).map(Ref).collect();
        Self {
            kind,
            reverse,
            timers,
            tasks,
            refs,
            handles: (0..num).map(Handle).collect(),
            prepared: Vec::new(),
            spent: Vec::new(),
        }
    }

    /// Builds `k` invocations' heaps, freeing the last batch's (emptied, untimed: a JVM's
    /// collector frees them outside the op too).
    pub fn prepare(&mut self, k: usize) {
        self.spent.clear();
        self.prepared.clear();
        for _ in 0..k {
            self.prepared.push(match self.kind {
                HeapKind::Jdk => {
                    let mut h = JdkHeap::with_order(ByKey::new(self.tasks.clone()), NoProbe);
                    for &t in &self.refs {
                        h.offer(t);
                    }
                    Prepared::Jdk(h)
                }
                HeapKind::Indexed => {
                    let mut h = IndexedHeap::new();
                    for &t in &self.timers {
                        let x = h.create(t);
                        h.offer(x).expect("a new task is never queued");
                    }
                    Prepared::Indexed(h)
                }
            });
        }
    }

    /// Runs every prepared invocation; returns how many ran and a checksum (the sum of the slots
    /// the timers were found in) so the work cannot be optimised away.
    pub fn run(&mut self) -> (usize, u64) {
        let mut sum = 0u64;
        let n = self.prepared.len();
        for p in &mut self.prepared {
            sum += match p {
                Prepared::Jdk(h) => cancel_refs(h, &self.refs, self.reverse),
                Prepared::Indexed(h) => cancel_handles(h, &self.handles, self.reverse),
            };
        }
        // Emptied heaps are freed by the next prepare, untimed; a second run has nothing to do.
        self.spent = std::mem::take(&mut self.prepared);
        (n, sum)
    }
}

// With simd128 here the JDK heap's scan inlines into the loop (a function with more target
// features is not inlined into one with fewer).
#[cfg_attr(target_arch = "wasm32", target_feature(enable = "simd128"))]
fn cancel_refs(h: &mut JdkHeap<Ref, NoProbe, TaskOrder>, refs: &[Ref], reverse: bool) -> u64 {
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

impl Kernel for HeapCancel {
    fn prepare(&mut self, k: usize) {
        HeapCancel::prepare(self, k);
    }
    fn run(&mut self) -> (usize, u64) {
        HeapCancel::run(self)
    }
}

/// The heaps' suite: `heap-cancel` (heap=jdk|indexed, num, reverse=true|false).
pub const SUITES: &[Suite] = &[Suite {
    name: "heap-cancel",
    params: &["heap", "num", "reverse"],
    example: "heap=indexed,num=1000,reverse=true",
    build: |p| {
        let names: Vec<&str> = HeapKind::ALL.iter().map(|k| k.name()).collect();
        let kind = p.one_of("heap", HeapKind::parse, &names)?;
        Ok(Box::new(HeapCancel::new(
            kind,
            p.number("num", 1, 1_000_000)?,
            p.flag("reverse")?,
        )))
    },
}];

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
