//! JCTools 4's `SpscArrayQueue` and `MpscArrayQueue` with real atomics: a power-of-two ring of
//! slots (0 is null), unbounded indices masked into it, padded index fields.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::*};

use crate::{ConcurrentQueue, Element, Padded, Producer};

fn slots(capacity: usize) -> Box<[AtomicU32]> {
    (0..capacity).map(|_| AtomicU32::new(0)).collect()
}

pub struct Spsc {
    buffer: Box<[AtomicU32]>,
    mask: u64,
    look_ahead: u64,
    producer_index: Padded<AtomicU64>,
    /// The producer's own: only it reads and writes it.
    producer_limit: Padded<AtomicU64>,
    consumer_index: Padded<AtomicU64>,
}

impl Spsc {
    pub fn new(requested: usize) -> Self {
        let capacity = requested.max(4).next_power_of_two();
        Self {
            buffer: slots(capacity),
            mask: capacity as u64 - 1,
            look_ahead: (capacity as u64 / 4).min(4096),
            producer_index: Padded::default(),
            producer_limit: Padded::default(),
            consumer_index: Padded::default(),
        }
    }

    fn slot(&self, i: u64) -> &AtomicU32 {
        &self.buffer[(i & self.mask) as usize]
    }
}

impl ConcurrentQueue for Spsc {
    fn offer(&self, _: &mut Producer, e: Element) -> bool {
        let p = self.producer_index.load(Relaxed);
        if p >= self.producer_limit.load(Relaxed) {
            if self.slot(p + self.look_ahead).load(Acquire) == 0 {
                self.producer_limit.store(p + self.look_ahead, Relaxed);
            } else if self.slot(p).load(Acquire) != 0 {
                return false;
            }
        }
        self.slot(p).store(e, Release);
        self.producer_index.store(p + 1, Release);
        true
    }

    fn poll(&self) -> Option<Element> {
        let c = self.consumer_index.load(Relaxed);
        let e = self.slot(c).load(Acquire);
        if e == 0 {
            return None;
        }
        self.slot(c).store(0, Release);
        self.consumer_index.store(c + 1, Release);
        Some(e)
    }
}

pub struct Mpsc {
    buffer: Box<[AtomicU32]>,
    mask: u64,
    producer_index: Padded<AtomicU64>,
    producer_limit: Padded<AtomicU64>,
    consumer_index: Padded<AtomicU64>,
}

impl Mpsc {
    pub fn new(requested: usize) -> Self {
        let capacity = requested.max(1).next_power_of_two();
        Self {
            buffer: slots(capacity),
            mask: capacity as u64 - 1,
            producer_index: Padded::default(),
            // The requested capacity, not the rounded one, as in JCTools.
            producer_limit: Padded(AtomicU64::new(requested as u64)),
            consumer_index: Padded::default(),
        }
    }

    fn slot(&self, i: u64) -> &AtomicU32 {
        &self.buffer[(i & self.mask) as usize]
    }
}

impl ConcurrentQueue for Mpsc {
    fn offer(&self, _: &mut Producer, e: Element) -> bool {
        let mut limit = self.producer_limit.load(Acquire);
        let p = loop {
            let p = self.producer_index.load(Acquire);
            if p >= limit {
                limit = self.consumer_index.load(Acquire) + self.mask + 1;
                if p >= limit {
                    return false;
                }
                self.producer_limit.store(limit, Release);
            }
            if self
                .producer_index
                .compare_exchange_weak(p, p + 1, AcqRel, Relaxed)
                .is_ok()
            {
                break p;
            }
        };
        self.slot(p).store(e, Release);
        true
    }

    fn poll(&self) -> Option<Element> {
        let c = self.consumer_index.load(Relaxed);
        let mut e = self.slot(c).load(Acquire);
        if e == 0 {
            if c == self.producer_index.load(Acquire) {
                return None;
            }
            // Claimed, not yet written: wait for the producer's store.
            while e == 0 {
                std::hint::spin_loop();
                e = self.slot(c).load(Acquire);
            }
        }
        self.slot(c).store(0, Relaxed);
        self.consumer_index.store(c + 1, Release);
        Some(e)
    }
}
