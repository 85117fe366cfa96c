//! The purgatory simulation, driven from a Worker (or Node) that times each `run`.

use hotpath_core::queue::udp_sim::{Config, SimQueue, UdpSim};
use hotpath_core::wheel::purgatory_sim::{Design, Simulation, Workload};
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

    /// `[time ms, timer entries, watcher entries, completed timer entries, completed watcher entries, entries purges visited]`.
    pub fn sample(&self) -> Vec<f64> {
        let s = self.inner.sample();
        [
            s.time_ms as f64,
            s.timer as f64,
            s.watchers as f64,
            s.completed_timer as f64,
            s.completed_watchers as f64,
            s.purge_visits as f64,
        ]
        .to_vec()
    }
}

/// The UDP server under overload (`hotpath_core::queue::udp_sim`), driven tick by tick from a Worker.
#[wasm_bindgen]
pub struct UdpOverloadSim {
    inner: UdpSim,
}

fn sim_queue(queue: &str) -> Result<SimQueue, JsError> {
    SimQueue::parse(queue).ok_or_else(|| {
        JsError::new(&format!(
            "unknown queue \"{queue}\"; expected clq, clq-size, abq, spsc or mpsc"
        ))
    })
}

/// What a bound costs in `queue`, before any run, by the rule the run prices memory with:
/// `[slots, bytes when full (Infinity: never full), the largest bound that fits the budget
/// (−1: unbounded)]`.
#[wasm_bindgen(js_name = udpBoundCost)]
pub fn udp_bound_cost(queue: &str, bound: u32, budget_mib: u32) -> Result<Vec<f64>, JsError> {
    let q = sim_queue(queue)?;
    let bound = bound as usize;
    Ok(vec![
        q.slots(bound) as f64,
        q.full_bytes(bound).map_or(f64::INFINITY, |b| b as f64),
        q.largest_bound(u64::from(budget_mib) << 20)
            .map_or(-1.0, |b| b as f64),
    ])
}

/// Numbers per sample in `UdpOverloadSim::run`'s flat result.
#[wasm_bindgen(js_name = udpSampleWidth)]
pub fn udp_sample_width() -> usize {
    11
}

#[wasm_bindgen]
impl UdpOverloadSim {
    #[wasm_bindgen(constructor)]
    pub fn new(
        queue: &str,
        arrival_rate: f64,
        service_rate: f64,
        bound: u32,
        budget_mib: u32,
        seed: u32,
    ) -> Result<UdpOverloadSim, JsError> {
        let q = sim_queue(queue)?;
        check_rates(arrival_rate, service_rate)?;
        if !(1..=4_000_000).contains(&bound) {
            return Err(JsError::new(
                "the bound must be from 1 to 4,000,000 packets",
            ));
        }
        if !(1..=16_384).contains(&budget_mib) {
            return Err(JsError::new(
                "the memory budget must be from 1 to 16,384 MiB",
            ));
        }
        Ok(Self {
            inner: UdpSim::new(Config {
                queue: q,
                arrival_rate,
                service_rate,
                bound: bound as usize,
                budget_bytes: u64::from(budget_mib) << 20,
                seed: u64::from(seed),
            }),
        })
    }

    #[wasm_bindgen(js_name = setRates)]
    pub fn set_rates(&mut self, arrival_rate: f64, service_rate: f64) -> Result<(), JsError> {
        check_rates(arrival_rate, service_rate)?;
        self.inner.set_rates(arrival_rate, service_rate);
        Ok(())
    }

    /// Simulates up to `ms` more milliseconds; the samples taken, `udpSampleWidth()` numbers
    /// each: t (ms), queued, memory (bytes), received, processed, dropped by the queue, dropped
    /// at the socket, p50 and p99 latency (ms), receiver ns per packet, accesses per offer.
    pub fn run(&mut self, ms: u32) -> Vec<f64> {
        self.inner
            .run(u64::from(ms))
            .iter()
            .flat_map(|s| {
                [
                    s.t_ms as f64,
                    s.queued as f64,
                    s.memory_bytes as f64,
                    s.received as f64,
                    s.processed as f64,
                    s.dropped_queue as f64,
                    s.dropped_socket as f64,
                    s.p50_ms,
                    s.p99_ms,
                    s.receiver_ns,
                    s.accesses_per_offer,
                ]
            })
            .collect()
    }

    /// When the memory budget ran out (ms), or −1.
    #[wasm_bindgen(getter, js_name = oomAtMs)]
    pub fn oom_at_ms(&self) -> f64 {
        self.inner.oom_at_ms.map_or(-1.0, |t| t as f64)
    }

    /// The slots the queue really has (JCTools rounds up), or 0 for the unbounded CLQ.
    #[wasm_bindgen(getter)]
    pub fn capacity(&self) -> u32 {
        self.inner.capacity() as u32
    }
}

fn check_rates(arrival: f64, service: f64) -> Result<(), JsError> {
    for (what, r) in [("arrival", arrival), ("consumer", service)] {
        if !(r.is_finite() && (0.0..=5_000_000.0).contains(&r)) {
            return Err(JsError::new(&format!(
                "the {what} rate must be from 0 to 5,000,000 packets per second"
            )));
        }
    }
    Ok(())
}
