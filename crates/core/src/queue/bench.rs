//! The `udp-queue` kernels: the UDP server's receiving thread, offering every packet into a queue
//! that is emptied only when it reaches its bound. One invocation is one offer, plus its share of
//! the drain that comes once every `capacity` offers, so the queue cycles between empty and full.
//!
//! The blog's benchmark source is not published. This follows the JVM anchor
//! (`../shared/anchors/jvm`, `QueueOfferBenchmark`), the most plausible reading of it made
//! steady: the queue starts half full, and
//! - `clq`: `ConcurrentLinkedQueue.offer`, no inspection; a counter drains it every `capacity` offers;
//! - `clq-size`: `if size() >= capacity: drain; offer`, the blog's `size() < THRESHOLD` guard;
//! - `abq`, `spsc`, `mpsc`: `offer`; when it returns false (full), drain.
//!
//! Drains poll until empty (ABQ's `drainTo` takes the lock once; here each poll takes it, which
//! adds under one lock round-trip per offer). After each CLQ drain the dead nodes are collected
//! for reuse, as the JVM's garbage collector would free them.

use crate::kernel::{Expected, Kernel, Suite};
use crate::queue::array::ArrayQueue;
use crate::queue::jctools::{RingKind, RingQueue};
use crate::queue::linked::LinkedQueue;
use crate::queue::StepQueue;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferDesign {
    Clq,
    ClqSize,
    Abq,
    Spsc,
    Mpsc,
}

impl OfferDesign {
    pub const ALL: [OfferDesign; 5] = [
        OfferDesign::Clq,
        OfferDesign::ClqSize,
        OfferDesign::Abq,
        OfferDesign::Spsc,
        OfferDesign::Mpsc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            OfferDesign::Clq => "clq",
            OfferDesign::ClqSize => "clq-size",
            OfferDesign::Abq => "abq",
            OfferDesign::Spsc => "spsc",
            OfferDesign::Mpsc => "mpsc",
        }
    }

    pub fn parse(name: &str) -> Option<OfferDesign> {
        OfferDesign::ALL.into_iter().find(|d| d.name() == name)
    }
}

enum Queue {
    Linked(LinkedQueue),
    Array(ArrayQueue),
    Ring(RingQueue),
}

pub struct QueueOffer {
    design: OfferDesign,
    capacity: usize,
    queue: Queue,
    /// Offers since the CLQ's last drain (its only bound is this counter).
    since_drain: usize,
    offered: u64,
    drained: u64,
    prepared: usize,
}

/// The element every offer hands over (the JVM anchor offers one pre-allocated object).
const ELEMENT: u32 = 7;

fn drain<Q: StepQueue>(q: &mut Q) -> u64 {
    let mut n = 0;
    while q.poll().is_some() {
        n += 1;
    }
    n
}

/// `k` offers; how many were accepted.
#[inline(always)]
fn offers(k: usize, mut offer: impl FnMut() -> bool) -> u64 {
    let mut accepted = 0;
    for _ in 0..k {
        accepted += u64::from(offer());
    }
    accepted
}

/// A bounded queue's offer: when it is full, drain it and offer again.
#[inline(always)]
fn bounded_offer<Q: StepQueue>(q: &mut Q, drained: &mut u64) -> bool {
    if q.offer(ELEMENT) {
        return true;
    }
    *drained += drain(q);
    q.offer(ELEMENT)
}

impl QueueOffer {
    /// A queue of `capacity` (a power of two, so the rings are exactly that size), half full.
    pub fn new(design: OfferDesign, capacity: usize) -> Self {
        assert!(
            capacity.is_power_of_two() && capacity >= 4,
            "capacity is a power of two from 4"
        );
        let queue = match design {
            OfferDesign::Clq | OfferDesign::ClqSize => Queue::Linked(LinkedQueue::new()),
            OfferDesign::Abq => Queue::Array(ArrayQueue::new(capacity)),
            OfferDesign::Spsc => Queue::Ring(RingQueue::new(RingKind::Spsc, capacity)),
            OfferDesign::Mpsc => Queue::Ring(RingQueue::new(RingKind::Mpsc, capacity)),
        };
        let mut k = Self {
            design,
            capacity,
            queue,
            since_drain: 0,
            offered: 0,
            drained: 0,
            prepared: 0,
        };
        for _ in 0..capacity / 2 {
            let ok = match &mut k.queue {
                Queue::Linked(q) => q.offer(ELEMENT),
                Queue::Array(q) => q.offer(ELEMENT),
                Queue::Ring(q) => q.offer(ELEMENT),
            };
            assert!(ok);
        }
        k.since_drain = capacity / 2;
        k.offered = (capacity / 2) as u64;
        k
    }

    pub fn prepare(&mut self, k: usize) {
        self.prepared = k;
    }

    /// Runs the prepared offers; returns how many ran and a checksum (offered + drained).
    /// The queue's kind is matched once per batch, not once per offer: JMH's generated loop calls
    /// one benchmark method, monomorphic, so the JVM pays no dispatch per offer either.
    pub fn run(&mut self) -> (usize, u64) {
        let k = std::mem::take(&mut self.prepared);
        let (capacity, mut drained) = (self.capacity, 0);
        let accepted = match (&mut self.queue, self.design) {
            (Queue::Linked(q), OfferDesign::Clq) => {
                // The CLQ's only bound is a counter: drain when it reaches the capacity.
                let mut since = self.since_drain;
                let accepted = offers(k, || {
                    if since == capacity {
                        drained += drain(q);
                        q.collect_garbage();
                        since = 0;
                    }
                    since += 1;
                    q.offer(ELEMENT)
                });
                self.since_drain = since;
                accepted
            }
            (Queue::Linked(q), _) => offers(k, || {
                if q.size() as usize >= capacity {
                    drained += drain(q);
                    q.collect_garbage();
                }
                q.offer(ELEMENT)
            }),
            (Queue::Array(q), _) => offers(k, || bounded_offer(q, &mut drained)),
            (Queue::Ring(q), _) => offers(k, || bounded_offer(q, &mut drained)),
        };
        self.offered += k as u64;
        self.drained += drained;
        (k, accepted + self.offered + self.drained)
    }

    /// Elements offered, drained and still queued: nothing may be lost.
    #[cfg(test)]
    pub fn balance(&mut self) -> (u64, u64, u64) {
        let resident = match &mut self.queue {
            Queue::Linked(q) => q.contents().len(),
            Queue::Array(q) => q.contents().len(),
            Queue::Ring(q) => q.contents().len(),
        } as u64;
        (self.offered, self.drained, resident)
    }

    /// Nodes the CLQ's arena holds (live and free): bounded, because drained nodes are reused.
    #[cfg(test)]
    pub fn arena(&self) -> usize {
        match &self.queue {
            Queue::Linked(q) => q.nodes.len(),
            _ => 0,
        }
    }
}

impl Kernel for QueueOffer {
    fn prepare(&mut self, k: usize) {
        QueueOffer::prepare(self, k);
    }
    fn run(&mut self) -> (usize, u64) {
        QueueOffer::run(self)
    }
}

/// The queues' suite: `udp-queue` (queue=clq|clq-size|abq|spsc|mpsc, capacity a power of two).
pub const SUITES: &[Suite] = &[Suite {
    name: "udp-queue",
    params: &["queue", "capacity"],
    example: "queue=clq-size,capacity=1024",
    build: |p| {
        let design = p.one_of(
            "queue",
            OfferDesign::parse,
            &OfferDesign::ALL.map(OfferDesign::name),
        )?;
        let capacity = p.number("capacity", 4, 1 << 30)?;
        if !capacity.is_power_of_two() {
            return Err(p.invalid(
                "capacity",
                &capacity.to_string(),
                Expected::PowerOfTwoFrom(4),
            ));
        }
        Ok(Box::new(QueueOffer::new(design, capacity as usize)))
    },
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_design_cycles_without_losing_an_element_or_growing() {
        for design in OfferDesign::ALL {
            let mut k = QueueOffer::new(design, 64);
            k.prepare(1000);
            assert_eq!(k.run().0, 1000);
            let (offered, drained, resident) = k.balance();
            assert_eq!(offered, drained + resident, "{design:?}");
            assert!(resident <= 64 && drained > 0, "{design:?}");
            assert!(
                k.arena() <= 2 * 64 + 2,
                "{design:?}: the CLQ reuses drained nodes ({})",
                k.arena()
            );
        }
    }
}
