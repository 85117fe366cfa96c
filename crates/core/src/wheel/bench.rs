//! The `timer-add-cancel` kernels: requests' timeouts as Kafka's purgatory sees them. One
//! invocation adds `n` timers with seeded random delays in [0, 200) ms (a 200 ms request timeout
//! and its jitter), cancels 90% of them in a seeded random order (the requests that completed in
//! time), then advances the clock past 200 ms so the rest fire. Three designs: Kafka's timing
//! wheel (O(1) cancel), a `DelayQueue` of tasks (a JDK heap: `remove(Object)` scans), and Netty's
//! indexed heap (O(log n) cancel, no scan).
//!
//! The JVM anchor (`TimerCancelBenchmark`) times the adds and cancels only and removes the
//! survivors untimed; this op also times running them, which all three designs must do.

use crate::kernel::{Kernel, Suite};
use crate::priority::indexed::{Handle, IndexedHeap};
use crate::wheel::script::SplitMix;
use crate::wheel::{DelayQueueTimer, SystemTimer, TaskKey, VirtualTimer};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimerDesign {
    Wheel,
    DelayQueue,
    Indexed,
}

impl TimerDesign {
    pub const ALL: [TimerDesign; 3] = [
        TimerDesign::Wheel,
        TimerDesign::DelayQueue,
        TimerDesign::Indexed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TimerDesign::Wheel => "wheel",
            TimerDesign::DelayQueue => "delay-queue",
            TimerDesign::Indexed => "indexed",
        }
    }

    pub fn parse(name: &str) -> Option<TimerDesign> {
        TimerDesign::ALL.into_iter().find(|d| d.name() == name)
    }
}

/// The longest delay, and where the clock is advanced to at the end.
pub const MAX_DELAY_MS: u64 = 200;

pub struct TimerAddCancel {
    design: TimerDesign,
    delays: Vec<u64>,
    /// Which timers are cancelled, in the order they are (90% of them).
    cancels: Vec<u32>,
    prepared: usize,
}

impl TimerAddCancel {
    pub fn new(design: TimerDesign, n: u32) -> Self {
        let mut r = SplitMix::new(u64::from(n) * 7919);
        let delays = (0..n).map(|_| r.next_u64() % MAX_DELAY_MS).collect();
        let mut order: Vec<u32> = (0..n).collect();
        // Fisher–Yates, seeded.
        for i in (1..order.len()).rev() {
            let j = (r.next_u64() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        order.truncate((n as usize * 9) / 10);
        Self {
            design,
            delays,
            cancels: order,
            prepared: 0,
        }
    }

    /// How many invocations the next `run` performs (their structures are made inside it, as
    /// the JVM's op allocates its tasks).
    pub fn prepare(&mut self, k: usize) {
        self.prepared = k;
    }

    /// Runs the prepared invocations; returns how many ran and how many timers fired in all.
    pub fn run(&mut self) -> (usize, u64) {
        let k = std::mem::take(&mut self.prepared);
        let mut fired = 0u64;
        for _ in 0..k {
            fired += match self.design {
                TimerDesign::Wheel => self.timer(SystemTimer::new(0)),
                TimerDesign::DelayQueue => self.timer(DelayQueueTimer::new(0)),
                TimerDesign::Indexed => self.indexed(),
            };
        }
        (k, fired)
    }

    /// One invocation on either timer: add, cancel 90%, run the rest; how many fired.
    fn timer(&self, mut t: impl VirtualTimer) -> u64 {
        let mut fired = 0u64;
        let mut count = |_, _| fired += 1;
        let handles: Vec<_> = self
            .delays
            .iter()
            .enumerate()
            .map(|(i, &d)| t.add(i as u32, d, &mut count))
            .collect();
        for &i in &self.cancels {
            t.cancel(handles[i as usize]);
        }
        t.advance(MAX_DELAY_MS, &mut count);
        fired
    }

    fn indexed(&self) -> u64 {
        let mut h: IndexedHeap<TaskKey> = IndexedHeap::new();
        let handles: Vec<Handle> = self
            .delays
            .iter()
            .enumerate()
            .map(|(i, &d)| {
                let x = h.create(TaskKey {
                    due: d,
                    task: i as u32,
                    id: i as u32,
                });
                h.offer(x).expect("a new task is never queued");
                x
            })
            .collect();
        for &i in &self.cancels {
            h.remove(handles[i as usize]);
        }
        let mut fired = 0u64;
        while let Some(top) = h.peek() {
            if h.key(top).due > MAX_DELAY_MS {
                break;
            }
            h.poll();
            fired += 1;
        }
        fired
    }
}

impl Kernel for TimerAddCancel {
    fn prepare(&mut self, k: usize) {
        TimerAddCancel::prepare(self, k);
    }
    fn run(&mut self) -> (usize, u64) {
        TimerAddCancel::run(self)
    }
}

/// The timers' suite: `timer-add-cancel` (timer=wheel|delay-queue|indexed, n).
pub const SUITES: &[Suite] = &[Suite {
    name: "timer-add-cancel",
    params: &["timer", "n"],
    example: "timer=wheel,n=1000",
    build: |p| {
        let design = p.one_of(
            "timer",
            TimerDesign::parse,
            &TimerDesign::ALL.map(TimerDesign::name),
        )?;
        Ok(Box::new(TimerAddCancel::new(
            design,
            p.number("n", 1, 1_000_000)?,
        )))
    },
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_design_fires_exactly_the_survivors() {
        let fired = |d| {
            let mut b = TimerAddCancel::new(d, 1000);
            b.prepare(2);
            let r = b.run();
            assert_eq!(b.run(), (0, 0), "a run consumes what was prepared");
            r
        };
        // 10% of 1,000 survive. The wheel and the delay queue also run a timer due at once the
        // moment it is added (delay 0), before its cancel comes; the heap only on a poll.
        assert_eq!(fired(TimerDesign::Indexed), (2, 200));
        let zero_delay_cancelled = 5;
        assert_eq!(
            fired(TimerDesign::Wheel),
            (2, 2 * (100 + zero_delay_cancelled))
        );
        assert_eq!(fired(TimerDesign::DelayQueue), fired(TimerDesign::Wheel));
    }
}
