//! The purgatory simulation, driven from a Worker (or Node) that times each `run`.

use hotpath_core::purgatory_sim::{Design, Simulation, Workload};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct PurgatorySim {
    inner: Simulation,
}

#[wasm_bindgen]
impl PurgatorySim {
    /// `design` is "old", "wheel" or "none" (the load alone, whose cost is subtracted).
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        design: &str,
        rate: f64,
        p50_ms: f64,
        p75_ms: f64,
        timeout_ms: u32,
        keys: u32,
        seed: u32,
    ) -> Result<PurgatorySim, JsError> {
        let d = Design::parse(design).ok_or_else(|| {
            JsError::new(&format!(
                "unknown design \"{design}\"; expected old, wheel or none"
            ))
        })?;
        if !(rate.is_finite() && rate > 0.0 && rate <= 10_000_000.0) {
            return Err(JsError::new(
                "rate must be between 0 and 10,000,000 requests per second",
            ));
        }
        if !(p50_ms > 0.0 && p75_ms > p50_ms && p75_ms.is_finite()) {
            return Err(JsError::new("the latency percentiles need 0 < p50 < p75"));
        }
        if keys == 0 || keys > 100 {
            return Err(JsError::new("keys must be from 1 to 100"));
        }
        let w = Workload {
            rate,
            p50_ms,
            p75_ms,
            timeout_ms: u64::from(timeout_ms),
            keys: keys as usize,
            seed: u64::from(seed),
        };
        Ok(PurgatorySim {
            inner: Simulation::new(d, w),
        })
    }

    /// Simulates `ms` more milliseconds.
    pub fn run(&mut self, ms: u32) {
        self.inner.run(u64::from(ms));
    }

    #[wasm_bindgen(getter, js_name = nowMs)]
    pub fn now_ms(&self) -> f64 {
        self.inner.now() as f64
    }

    #[wasm_bindgen(getter)]
    pub fn requests(&self) -> f64 {
        self.inner.requests as f64
    }

    #[wasm_bindgen(getter, js_name = timedOut)]
    pub fn timed_out(&self) -> f64 {
        self.inner.timed_out as f64
    }

    /// `[time ms, timer entries, watcher entries, completed timer entries, completed watcher entries]`.
    pub fn sample(&self) -> Vec<f64> {
        let s = self.inner.sample();
        [
            s.time_ms as f64,
            s.timer as f64,
            s.watchers as f64,
            s.completed_timer as f64,
            s.completed_watchers as f64,
        ]
        .to_vec()
    }
}
