//! The harness for Web Workers: the page creates a run in the shared memory, hands its handle
//! to one worker per thread, and starts them together.

use wasm_bindgen::prelude::*;

use crate::handles::Runs;
use crate::Harness;

/// The runs alive in this memory (a page runs one at a time; a few more leave room for a test).
static RUNS: Runs<16> = Runs::new();

/// A new run in the shared memory (see `crate::harness` for the kinds), by handle.
#[wasm_bindgen(js_name = runNew)]
pub fn run_new(
    kind: &str,
    capacity: u32,
    producers: u32,
    per_producer: u32,
) -> Result<u32, JsError> {
    let run = crate::harness(kind, capacity as usize, producers, per_producer)
        .map_err(|e| JsError::new(&e.to_string()))?;
    RUNS.insert(run).map_err(|e| JsError::new(&e.to_string()))
}

/// The live run `h` names, or an error saying it names none.
fn run(h: u32) -> Result<&'static dyn Harness, JsError> {
    RUNS.get(h).map_err(|e| JsError::new(&e.to_string()))
}

#[wasm_bindgen(js_name = runStart)]
pub fn run_start(h: u32) -> Result<(), JsError> {
    run(h)?.start();
    Ok(())
}

/// Producer `id` does its share: `[offers that found the queue full, objects allocated]`.
#[wasm_bindgen(js_name = runProduce)]
pub fn run_produce(h: u32, id: u32) -> Result<Vec<f64>, JsError> {
    Ok(run(h)?.produce(id).map(|x| x as f64).to_vec())
}

/// `[received, out of order, empty polls, checksum matches (1 or 0)]`.
#[wasm_bindgen(js_name = runConsume)]
pub fn run_consume(h: u32) -> Result<Vec<f64>, JsError> {
    let r = run(h)?;
    let c = r.consume();
    Ok(vec![
        c.received as f64,
        c.out_of_order as f64,
        c.empty_polls as f64,
        f64::from(u8::from(c.checksum == r.expected_checksum())),
    ])
}

/// Frees run `h`, once every worker is done with it.
#[wasm_bindgen(js_name = runFree)]
pub fn run_free(h: u32) -> Result<(), JsError> {
    RUNS.free(h).map_err(|e| JsError::new(&e.to_string()))
}
