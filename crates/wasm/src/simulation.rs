//! The simulations a lesson drives from a Worker (or Node), by name through the registry: one
//! class for all of them, as `Kernel` serves every benchmark suite.

use hotpath_core::families;
use hotpath_core::simulation::{Simulation as Run, Spec};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct Simulation {
    spec: &'static Spec,
    inner: Box<dyn Run>,
}

fn spec(name: &str) -> Result<&'static Spec, JsError> {
    families::simulation(name).map_err(|e| JsError::new(&e.to_string()))
}

#[wasm_bindgen]
impl Simulation {
    /// The simulation `name` (`udp-overload`, `purgatory`) built from `name=value` parameters.
    #[wasm_bindgen(constructor)]
    pub fn new(name: &str, params: &str) -> Result<Simulation, JsError> {
        let spec = spec(name)?;
        let inner = spec
            .start(params)
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(Self { spec, inner })
    }

    /// Simulates `ms` more milliseconds; the samples taken, `width` numbers each.
    pub fn run(&mut self, ms: u32) -> Vec<f64> {
        self.inner.run(ms)
    }

    /// The numbers in one of `run`'s samples.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.spec.width
    }

    /// Changes what may change while it runs (the UDP server's rates), from the next tick on.
    pub fn set(&mut self, params: &str) -> Result<(), JsError> {
        self.spec
            .set(self.inner.as_mut(), params)
            .map_err(|e| JsError::new(&e.to_string()))
    }

    /// A figure of the run so far by name (`oomAtMs`, `requests`, …).
    pub fn figure(&self, name: &str) -> Result<f64, JsError> {
        self.inner
            .figure(name)
            .ok_or_else(|| JsError::new(&format!("{} has no figure \"{name}\"", self.spec.name)))
    }
}

/// What simulation `name`'s parameters tell before any run (the UDP server's: what its bound
/// costs), in the order its doc gives.
#[wasm_bindgen(js_name = simulationPreview)]
pub fn simulation_preview(name: &str, params: &str) -> Result<Vec<f64>, JsError> {
    spec(name)?
        .preview(params)
        .map_err(|e| JsError::new(&e.to_string()))
}
