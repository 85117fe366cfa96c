//! Netty's `ScheduledFutureTaskBenchmark` as kernels a harness can time: `prepare(k)` builds k
//! invocations' worth of state (untimed, as `@Setup(Level.Invocation)` is in JMH), `run()`
//! performs them. One invocation = cancel all `num` timers, scheduled with deadlines 1..num in
//! ascending order, in order or in reverse.

use crate::jdk_heap::JdkHeap;
use crate::probe::NoProbe;
use crate::recorder::HeapKind;
use crate::timer::Timer;
use crate::timer_script::{IndexedTimers, TimerQueue};

/// One invocation's heap, full of timers 1..num.
enum Prepared {
    Jdk(JdkHeap<Timer, NoProbe>),
    Indexed(IndexedTimers<NoProbe>),
}

pub struct HeapCancel {
    kind: HeapKind,
    num: u32,
    reverse: bool,
    /// The benchmark's task array: what the cancelling code holds on to.
    timers: Vec<Timer>,
    prepared: Vec<Prepared>,
}

impl HeapCancel {
    pub fn new(kind: HeapKind, num: u32, reverse: bool) -> Self {
        let timers = (1..=u64::from(num)).map(|d| Timer { deadline: d, seq: d - 1 }).collect();
        Self { kind, num, reverse, timers, prepared: Vec::new() }
    }

    pub fn num(&self) -> u32 {
        self.num
    }

    /// Builds `k` invocations' heaps (replacing any not yet run).
    pub fn prepare(&mut self, k: usize) {
        self.prepared.clear();
        for _ in 0..k {
            self.prepared.push(match self.kind {
                HeapKind::Jdk => {
                    let mut h = JdkHeap::new();
                    for &t in &self.timers {
                        h.offer(t);
                    }
                    Prepared::Jdk(h)
                }
                HeapKind::Indexed => {
                    let mut h = IndexedTimers::new(NoProbe);
                    for &t in &self.timers {
                        h.offer(t);
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
        for p in self.prepared.drain(..) {
            sum += match p {
                Prepared::Jdk(mut h) => cancel_all(&mut h, &self.timers, self.reverse),
                Prepared::Indexed(mut h) => cancel_all(&mut h, &self.timers, self.reverse),
            };
        }
        (n, sum)
    }
}

fn cancel_all<Q: TimerQueue>(q: &mut Q, timers: &[Timer], reverse: bool) -> u64 {
    let mut sum = 0u64;
    if reverse {
        for &t in timers.iter().rev() {
            sum += q.cancel(t).map_or(u64::MAX, |i| i as u64);
        }
    } else {
        for &t in timers {
            sum += q.cancel(t).map_or(u64::MAX, |i| i as u64);
        }
    }
    sum
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
