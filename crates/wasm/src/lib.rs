//! The wasm-bindgen facade over `hotpath-core`: conversions at the JS boundary, nothing else.
//!
//! Script arguments cross the boundary as `u32` (JS numbers) rather than `u64` (BigInt); the
//! scripts that drive the widgets never need more. Bulk results cross as typed arrays, one
//! call each.

use wasm_bindgen::prelude::*;

#[cfg(feature = "kernels")]
mod bench;
mod panic;
mod script;
mod simulation;

/// The crate version, so the page can show which core it runs.
#[wasm_bindgen]
pub fn core_version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// "release" or "debug": benchmarks report which build they timed.
#[wasm_bindgen]
pub fn build_profile() -> String {
    if cfg!(debug_assertions) {
        "debug"
    } else {
        "release"
    }
    .to_string()
}
