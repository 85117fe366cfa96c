//! Benchmark kernels for the harness: one JS call prepares a batch (untimed), one runs it.

use hotpath_core::family::variant;
use hotpath_core::heap::bench::HeapCancel;
use hotpath_core::heap::HeapKind;
use hotpath_core::queue::bench::{OfferDesign, QueueOffer};
use hotpath_core::recycler::bench::{PoolDesign, RecycleSameThread};
use hotpath_core::wheel::bench::{TimerAddCancel, TimerDesign};
use wasm_bindgen::prelude::*;

/// `heap-cancel`: cancel all `num` timers of a heap filled with deadlines 1..num.
#[wasm_bindgen]
pub struct HeapCancelKernel {
    inner: HeapCancel,
}

#[wasm_bindgen]
impl HeapCancelKernel {
    #[wasm_bindgen(constructor)]
    pub fn new(heap: &str, num: u32, reverse: bool) -> Result<HeapCancelKernel, JsError> {
        let kind = variant::<HeapKind>(heap).map_err(|e| JsError::new(&e.to_string()))?;
        if num == 0 {
            return Err(JsError::new("num must be at least 1"));
        }
        Ok(Self {
            inner: HeapCancel::new(kind, num, reverse),
        })
    }

    /// Builds `k` invocations' worth of full heaps, outside the timed region.
    pub fn prepare(&mut self, k: u32) {
        self.inner.prepare(k as usize);
    }

    /// Runs the prepared invocations; returns a checksum the caller keeps (so nothing is elided).
    pub fn run(&mut self) -> f64 {
        self.inner.run().1 as f64
    }
}

/// `timer-add-cancel`: add `n` timers with random delays, cancel 90%, run the rest.
#[wasm_bindgen]
pub struct TimerAddCancelKernel {
    inner: TimerAddCancel,
}

#[wasm_bindgen]
impl TimerAddCancelKernel {
    #[wasm_bindgen(constructor)]
    pub fn new(timer: &str, n: u32) -> Result<TimerAddCancelKernel, JsError> {
        let design = TimerDesign::parse(timer).ok_or_else(|| {
            JsError::new(&format!(
                "unknown timer \"{timer}\"; expected wheel, delay-queue or indexed"
            ))
        })?;
        if n == 0 {
            return Err(JsError::new("n must be at least 1"));
        }
        Ok(Self {
            inner: TimerAddCancel::new(design, n),
        })
    }

    pub fn prepare(&mut self, k: u32) {
        self.inner.prepare(k as usize);
    }

    pub fn run(&mut self) -> f64 {
        self.inner.run().1 as f64
    }
}

/// `udp-queue`: one offer into a queue drained only at its bound (plus its share of the drain).
#[wasm_bindgen]
pub struct QueueOfferKernel {
    inner: QueueOffer,
}

#[wasm_bindgen]
impl QueueOfferKernel {
    #[wasm_bindgen(constructor)]
    pub fn new(queue: &str, capacity: u32) -> Result<QueueOfferKernel, JsError> {
        let design = OfferDesign::parse(queue).ok_or_else(|| {
            JsError::new(&format!(
                "unknown queue \"{queue}\"; expected clq, clq-size, abq, spsc or mpsc"
            ))
        })?;
        if !capacity.is_power_of_two() || capacity < 4 {
            return Err(JsError::new(&format!(
                "capacity must be a power of two from 4, not {capacity}"
            )));
        }
        Ok(Self {
            inner: QueueOffer::new(design, capacity as usize),
        })
    }

    pub fn prepare(&mut self, k: u32) {
        self.inner.prepare(k as usize);
    }

    pub fn run(&mut self) -> f64 {
        self.inner.run().1 as f64
    }
}

/// `recycler`: get a pooled list, ensure its capacity, clear it, recycle it (or allocate anew).
#[wasm_bindgen]
pub struct RecyclerKernel {
    inner: RecycleSameThread,
}

#[wasm_bindgen]
impl RecyclerKernel {
    #[wasm_bindgen(constructor)]
    pub fn new(design: &str, size: u32) -> Result<RecyclerKernel, JsError> {
        let design = PoolDesign::parse(design).ok_or_else(|| {
            JsError::new(&format!(
                "unknown design \"{design}\"; expected before-ea, before, after or allocate"
            ))
        })?;
        if size > 1 << 24 {
            return Err(JsError::new(&format!(
                "size must be at most 16,777,216, not {size}"
            )));
        }
        Ok(Self {
            inner: RecycleSameThread::new(design, size as usize),
        })
    }

    pub fn prepare(&mut self, k: u32) {
        self.inner.prepare(k as usize);
    }

    pub fn run(&mut self) -> f64 {
        self.inner.run().1 as f64
    }
}
