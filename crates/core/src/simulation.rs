//! The simulations a lesson drives from a Worker, a few simulated milliseconds at a time (the UDP
//! server under overload, the request purgatory under load). A family lists its own in
//! `Family::SIMULATIONS`; the registry (`families::simulation`) finds one by name, as it finds a
//! benchmark suite, so the wasm facade serves every simulation through one class and names none.
//! Each is built from `name=value` parameters read with the kernels' [`Params`], so a bad value
//! is refused with the same typed error and sentence.

use crate::kernel::{ParamError, Params};

/// One running simulation.
pub trait Simulation {
    /// Simulates `ms` more milliseconds. Returns the samples taken meanwhile, flat, `Spec::width`
    /// numbers each (a simulation that samples on request returns none).
    fn run(&mut self, ms: u32) -> Vec<f64>;
    /// Changes what may change while it runs (`Spec::live`), from the next tick on.
    fn set(&mut self, p: &Params) -> Result<(), ParamError>;
    /// One of `Spec::figures`, as the run stands; `None` for a name it does not have.
    fn figure(&self, name: &str) -> Option<f64>;
}

/// A simulation as the registry lists it.
pub struct Spec {
    /// Its name in the registry (`udp-overload`).
    pub name: &'static str,
    /// The parameters it is built from, all required.
    pub params: &'static [&'static str],
    /// The parameters `set` takes while it runs.
    pub live: &'static [&'static str],
    /// The numbers in one of `run`'s samples.
    pub width: usize,
    /// The names `figure` answers.
    pub figures: &'static [&'static str],
    pub build: fn(&Params) -> Result<Box<dyn Simulation>, ParamError>,
    /// What its parameters alone tell, before any run (what a bound costs): its own numbers, in
    /// the order its doc says. A simulation with nothing to tell in advance returns none.
    pub preview: fn(&Params) -> Result<Vec<f64>, ParamError>,
}

impl Spec {
    /// A simulation built from `params`.
    pub fn start(&self, params: &str) -> Result<Box<dyn Simulation>, ParamError> {
        (self.build)(&Params::parse(self.name, self.params, params)?)
    }

    /// What `params` tell before any run.
    pub fn preview(&self, params: &str) -> Result<Vec<f64>, ParamError> {
        (self.preview)(&Params::parse(self.name, self.params, params)?)
    }

    /// Changes `sim`'s live parameters (`Spec::live`).
    pub fn set(&self, sim: &mut dyn Simulation, params: &str) -> Result<(), ParamError> {
        sim.set(&Params::parse(self.name, self.live, params)?)
    }
}

/// A `preview` for a simulation with nothing to tell before it runs.
pub fn nothing_before_a_run(_: &Params) -> Result<Vec<f64>, ParamError> {
    Ok(Vec::new())
}
