//! The harness for Web Workers: the page creates a run in the shared memory, hands its address
//! to one worker per thread, and starts them together.

use wasm_bindgen::prelude::*;

use crate::Harness;

/// A run's address in the shared memory (see `crate::harness` for the kinds).
#[wasm_bindgen(js_name = runNew)]
pub fn run_new(
    kind: &str,
    capacity: u32,
    producers: u32,
    per_producer: u32,
) -> Result<usize, JsError> {
    let h = crate::harness(kind, capacity as usize, producers, per_producer)
        .map_err(|e| JsError::new(&e))?;
    Ok(Box::into_raw(Box::new(h)) as usize)
}

fn run<'a>(at: usize) -> &'a dyn Harness {
    // SAFETY: `at` came from `runNew` and is freed only by `runFree`, after every worker is done.
    unsafe { &**(at as *const Box<dyn Harness>) }
}

#[wasm_bindgen(js_name = runStart)]
pub fn run_start(at: usize) {
    run(at).start();
}

/// Producer `id` does its share: `[offers that found the queue full, objects allocated]`.
#[wasm_bindgen(js_name = runProduce)]
pub fn run_produce(at: usize, id: u32) -> Vec<f64> {
    run(at).produce(id).map(|x| x as f64).to_vec()
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
    drop(unsafe { Box::from_raw(at as *mut Box<dyn Harness>) });
}
