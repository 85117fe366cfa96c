//! The benchmark kernels for the harness: one class for every suite, built from a row's suite and
//! parameters (crates/core's kernel table). One JS call prepares a batch (untimed), one runs it;
//! the kernel loops inside the wasm, so the one virtual call per batch costs nothing per op.

use hotpath_core::{families, kernel};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct Kernel {
    inner: Box<dyn kernel::Kernel>,
}

#[wasm_bindgen]
impl Kernel {
    /// `new Kernel("heap-cancel", "heap=jdk,num=100,reverse=true")`.
    #[wasm_bindgen(constructor)]
    pub fn new(suite: &str, params: &str) -> Result<Kernel, JsError> {
        let inner = families::kernel(suite, params).map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Self { inner })
    }

    /// Builds `k` invocations' worth of state, outside the timed region.
    pub fn prepare(&mut self, k: u32) {
        self.inner.prepare(k as usize);
    }

    /// Runs the prepared invocations; returns a checksum the caller keeps (so nothing is elided).
    pub fn run(&mut self) -> f64 {
        self.inner.run().1 as f64
    }
}
