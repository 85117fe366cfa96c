//! The wasm-bindgen facade over `hotpath-core`: conversions at the JS boundary, nothing else.
//!
//! Deadlines cross the boundary as `u32` (JS numbers) rather than `u64` (BigInt); the scripts
//! that drive the widgets never need more.

use hotpath_core::{JdkHeap, Timer};
use wasm_bindgen::prelude::*;

mod heaps;
mod panic;

/// The crate version, so the page can show which core it runs.
#[wasm_bindgen]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A `java.util.PriorityQueue` of timers, keyed by deadline; ties keep scheduling order.
#[wasm_bindgen]
pub struct JdkTimerHeap {
    heap: JdkHeap<Timer>,
    next_seq: u64,
}

impl JdkTimerHeap {
    /// The queued timer with this deadline that was scheduled first, if any.
    fn find(&self, deadline: u32) -> Option<Timer> {
        self.heap
            .as_slice()
            .iter()
            .filter(|t| t.deadline == u64::from(deadline))
            .min_by_key(|t| t.seq)
            .copied()
    }
}

#[wasm_bindgen]
impl JdkTimerHeap {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Self {
        Self { heap: JdkHeap::new(), next_seq: 0 }
    }

    pub fn offer(&mut self, deadline: u32) {
        let timer = Timer { deadline: u64::from(deadline), seq: self.next_seq };
        self.next_seq += 1;
        self.heap.offer(timer);
    }

    /// The earliest deadline, removed; `undefined` when empty.
    pub fn poll(&mut self) -> Option<u32> {
        self.heap.poll().map(|t| t.deadline as u32)
    }

    /// Cancels the first-scheduled timer with this deadline; returns the array index it was
    /// found at, or `undefined` when no such timer is queued.
    pub fn remove(&mut self, deadline: u32) -> Option<u32> {
        let timer = self.find(deadline)?;
        self.heap.remove(&timer).map(|i| i as u32)
    }

    /// The deadlines in array order: the heap's layout.
    pub fn layout(&self) -> Vec<u32> {
        self.heap.as_slice().iter().map(|t| t.deadline as u32).collect()
    }

    pub fn capacity(&self) -> u32 {
        self.heap.capacity() as u32
    }
}

impl Default for JdkTimerHeap {
    fn default() -> Self {
        Self::new()
    }
}
