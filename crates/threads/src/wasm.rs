//! The harness for Web Workers: the page creates a run in the shared memory, hands its address
//! to one worker per thread, and starts them together.

use wasm_bindgen::prelude::*;

use crate::run::{Kind, Run};

/// A run's address in the shared memory.
#[wasm_bindgen(js_name = runNew)]
pub fn run_new(
    kind: &str,
    capacity: u32,
    producers: u32,
    per_producer: u32,
) -> Result<usize, JsError> {
    let k = Kind::parse(kind).ok_or_else(|| {
        JsError::new(&format!(
            "unknown queue \"{kind}\"; expected clq, abq, spsc or mpsc"
        ))
    })?;
    let run =
        Run::new(k, capacity as usize, producers, per_producer).map_err(|e| JsError::new(&e))?;
    Ok(Box::into_raw(Box::new(run)) as usize)
}

fn run<'a>(at: usize) -> &'a Run {
    // SAFETY: `at` came from `runNew` and is freed only by `runFree`, after every worker is done.
    unsafe { &*(at as *const Run) }
}

#[wasm_bindgen(js_name = runStart)]
pub fn run_start(at: usize) {
    run(at).start();
}

/// Producer `id` offers its share; returns how many offers found the queue full.
#[wasm_bindgen(js_name = runProduce)]
pub fn run_produce(at: usize, id: u32) -> f64 {
    run(at).produce(id) as f64
}

/// `[received, out of order, empty polls, checksum matches (1 or 0)]`.
#[wasm_bindgen(js_name = runConsume)]
pub fn run_consume(at: usize) -> Vec<f64> {
    let r = run(at);
    let c = r.consume();
    vec![
        c.received as f64,
        c.out_of_order as f64,
        c.empty_polls as f64,
        f64::from(u8::from(c.checksum == r.expected_checksum())),
    ]
}

#[wasm_bindgen(js_name = runFree)]
pub fn run_free(at: usize) {
    // SAFETY: as in `run`; called once, when every worker has finished.
    drop(unsafe { Box::from_raw(at as *mut Run) });
}
