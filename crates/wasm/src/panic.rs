//! Panics become JS exceptions the page can show: the hook throws an `Error` whose message starts
//! with a marker, the loader recognises it, shows it where it happened and resets the instance.

use wasm_bindgen::prelude::*;

/// The prefix the JS loader looks for to tell a Rust panic from any other exception.
pub const PANIC_MARKER: &str = "[rust panic] ";

#[wasm_bindgen(start)]
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        wasm_bindgen::throw_str(&format!("{PANIC_MARKER}{info}"));
    }));
}

/// Panics on purpose, so tests (and the curious) can watch the recovery path work.
#[wasm_bindgen]
pub fn debug_panic(message: &str) {
    panic!("{message}");
}
