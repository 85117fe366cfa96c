//! Kafka's `TestPurgatoryPerformance` load, in virtual time: Poisson arrivals at a target rate,
//! log-normal latencies from the 50th and 75th percentiles, a timeout; each request either
//! completes (a separate completion queue completes it at its latency) or times out in the
//! purgatory. Seeded: the same parameters give the same run, in the browser, in Node and natively.
//!
//! The simulation only drives the purgatory. What it costs is measured by timing `run` (the
//! caller's clock: the harness around it is the same for every design, and a `None` design gives
//! its cost alone, to subtract).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::kernel::{ParamError, Params};
use crate::simulation::{nothing_before_a_run, Spec};
use crate::wheel::purgatory::{OldPurgatory, Purgatory, WheelPurgatory, PURGE_INTERVAL};
use crate::wheel::script::SplitMix;

/// The 75th percentile of the standard normal distribution (Kafka's constant).
pub const Z75: f64 = 0.674490;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Workload {
    /// Target requests per second.
    pub rate: f64,
    pub p50_ms: f64,
    pub p75_ms: f64,
    pub timeout_ms: u64,
    pub keys: usize,
    pub seed: u64,
}

impl Workload {
    /// μ and σ of the log-normal latency, as the benchmark derives them.
    pub fn mu_sigma(&self) -> (f64, f64) {
        let mu = self.p50_ms.ln();
        (mu, (self.p75_ms.ln() - mu) / Z75)
    }
}

/// The load generator: gaps and latencies exactly as `TestPurgatoryPerformance` draws them
/// (exponential gaps truncated to whole ms with the fraction carried; latencies truncated).
pub struct Generator {
    rng: SplitMix,
    lambda: f64,
    residue: f64,
    mu: f64,
    sigma: f64,
    spare: Option<f64>,
}

impl Generator {
    pub fn new(w: &Workload) -> Self {
        let (mu, sigma) = w.mu_sigma();
        Self {
            rng: SplitMix::new(w.seed),
            lambda: w.rate / 1000.0,
            residue: 0.0,
            mu,
            sigma,
            spare: None,
        }
    }

    fn uniform(&mut self) -> f64 {
        // 53 random bits in [0, 1).
        (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// The next gap in whole ms.
    pub fn gap(&mut self) -> u64 {
        let raw = (1.0 - self.uniform()).ln() / -self.lambda;
        let x = raw + self.residue;
        let whole = x.floor();
        self.residue = x - whole;
        whole as u64
    }

    fn gaussian(&mut self) -> f64 {
        if let Some(z) = self.spare.take() {
            return z;
        }
        // Marsaglia's polar method: two normals from a point drawn uniformly in the unit disc.
        // Box–Muller's sine and cosine would add libm's argument reduction to the wasm (7 KB).
        loop {
            let u = 2.0 * self.uniform() - 1.0;
            let v = 2.0 * self.uniform() - 1.0;
            let s = u * u + v * v;
            if s > 0.0 && s < 1.0 {
                let f = (-2.0 * s.ln() / s).sqrt();
                self.spare = Some(v * f);
                return u * f;
            }
        }
    }

    /// The next request's latency in whole ms.
    pub fn latency(&mut self) -> u64 {
        (self.gaussian() * self.sigma + self.mu).exp() as u64
    }
}

/// Which purgatory the simulation drives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Design {
    Old,
    Wheel,
    /// No purgatory: the harness alone, to subtract.
    None,
}

impl Design {
    pub fn parse(name: &str) -> Option<Design> {
        match name {
            "old" => Some(Design::Old),
            "wheel" => Some(Design::Wheel),
            "none" => Some(Design::None),
            _ => None,
        }
    }
}

enum Driven {
    Old(OldPurgatory),
    Wheel(WheelPurgatory),
    None,
}

/// Entries held at one moment of simulated time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sample {
    pub time_ms: u64,
    /// In the delay queue (old) or the timer (wheel).
    pub timer: usize,
    pub watchers: usize,
    /// Of those, entries of requests already completed.
    pub completed_timer: usize,
    pub completed_watchers: usize,
    /// Entries visited by purges since the start.
    pub purge_visits: u64,
}

pub struct Simulation {
    w: Workload,
    gen: Generator,
    purgatory: Driven,
    now: u64,
    next_arrival: u64,
    completions: BinaryHeap<Reverse<(u64, u32)>>,
    pub requests: u64,
    pub timed_out: u64,
}

impl Simulation {
    pub fn new(design: Design, w: Workload) -> Self {
        let mut gen = Generator::new(&w);
        let first = gen.gap();
        let purgatory = match design {
            Design::Old => Driven::Old(OldPurgatory::new(w.keys, PURGE_INTERVAL)),
            Design::Wheel => Driven::Wheel(WheelPurgatory::new(w.keys, PURGE_INTERVAL)),
            Design::None => Driven::None,
        };
        Self {
            w,
            gen,
            purgatory,
            now: 0,
            next_arrival: first,
            completions: BinaryHeap::new(),
            requests: 0,
            timed_out: 0,
        }
    }

    fn each<R>(&mut self, f: impl FnOnce(&mut dyn Purgatory) -> R) -> Option<R> {
        match &mut self.purgatory {
            Driven::Old(p) => Some(f(p)),
            Driven::Wheel(p) => Some(f(p)),
            Driven::None => None,
        }
    }

    /// Runs the load for `ms` more milliseconds of simulated time.
    pub fn run(&mut self, ms: u64) {
        let end = self.now + ms;
        while self.now < end {
            let now = self.now;
            // Arrivals due by now (a burst when gaps truncate to 0 ms).
            while self.next_arrival <= now {
                let latency = self.gen.latency();
                let timeout = self.w.timeout_ms;
                let completes_at = (latency < timeout).then_some(now + latency);
                let op = self
                    .each(|p| p.watch(now, timeout, completes_at))
                    .unwrap_or(self.requests as u32);
                if let Some(t) = completes_at {
                    self.completions.push(Reverse((t, op)));
                } else {
                    self.timed_out += 1;
                }
                self.requests += 1;
                self.next_arrival += self.gen.gap();
            }
            // The completion thread.
            while let Some(&Reverse((t, op))) = self.completions.peek() {
                if t > now {
                    break;
                }
                self.completions.pop();
                self.each(|p| p.complete(op, now));
            }
            // The reaper.
            self.each(|p| p.reap(now));
            self.now += 1;
        }
    }

    pub fn sample(&self) -> Sample {
        let ((timer, watchers), (completed_timer, completed_watchers), purge_visits) =
            match &self.purgatory {
                Driven::Old(p) => (p.entries(), p.completed_entries(), p.purge_visits()),
                Driven::Wheel(p) => (p.entries(), p.completed_entries(), p.purge_visits()),
                Driven::None => ((0, 0), (0, 0), 0),
            };
        Sample {
            time_ms: self.now,
            timer,
            watchers,
            completed_timer,
            completed_watchers,
            purge_visits,
        }
    }
}

/// The purgatory simulation as the registry serves it (`purgatory`): built from `design` (old,
/// wheel or none: the load alone, whose cost is subtracted), `rate` (whole requests/s), `p50` and
/// `p75` (the latency percentiles, whole ms), `timeout` (ms), `keys` and `seed`. Each `run` returns one
/// sample, the entries held as it ends: [`Sample::flat`]'s 6 numbers.
pub const PURGATORY: Spec = Spec {
    name: "purgatory",
    params: &["design", "rate", "p50", "p75", "timeout", "keys", "seed"],
    live: &[],
    width: Sample::WIDTH,
    figures: &["requests", "timedOut"],
    build: |p| {
        let design = p.one_of("design", Design::parse, &["old", "wheel", "none"])?;
        let rate = p.number("rate", 1, 10_000_000)?;
        let p50_ms = p.number("p50", 1, MAX_LATENCY_MS)?;
        // The 75th percentile lies above the 50th.
        let p75_ms = p.number("p75", p50_ms.saturating_add(1), MAX_LATENCY_MS)?;
        let w = Workload {
            rate: f64::from(rate),
            p50_ms: f64::from(p50_ms),
            p75_ms: f64::from(p75_ms),
            timeout_ms: u64::from(p.number("timeout", 0, u32::MAX)?),
            keys: p.number("keys", 1, 100)? as usize,
            seed: u64::from(p.number("seed", 0, u32::MAX)?),
        };
        Ok(Box::new(Simulation::new(design, w)))
    },
    preview: nothing_before_a_run,
};

impl Sample {
    /// The numbers in [`Sample::flat`].
    pub const WIDTH: usize = 6;

    /// Time (ms), entries in the timer (or delay queue), in the watchers, of those completed in
    /// each, and entries purges visited so far.
    pub fn flat(&self) -> [f64; Self::WIDTH] {
        [
            self.time_ms as f64,
            self.timer as f64,
            self.watchers as f64,
            self.completed_timer as f64,
            self.completed_watchers as f64,
            self.purge_visits as f64,
        ]
    }
}

/// The longest latency percentile a workload may give, in ms (an hour).
const MAX_LATENCY_MS: u32 = 3_600_000;

impl crate::simulation::Simulation for Simulation {
    fn run(&mut self, ms: u32) -> Vec<f64> {
        Simulation::run(self, u64::from(ms));
        self.sample().flat().to_vec()
    }

    fn set(&mut self, _: &Params) -> Result<(), ParamError> {
        Ok(()) // nothing changes while it runs (`live` is empty, so no name gets here)
    }

    fn figure(&self, name: &str) -> Option<f64> {
        // In `PURGATORY.figures`' order.
        let all = [self.requests as f64, self.timed_out as f64];
        Some(all[PURGATORY.figures.iter().position(|f| *f == name)?])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HIGH: Workload = Workload {
        rate: 10_000.0,
        p50_ms: 200.0,
        p75_ms: 400.0,
        timeout_ms: 200,
        keys: 3,
        seed: 7,
    };

    #[test]
    fn the_generator_draws_the_benchmark_distributions() {
        let mut g = Generator::new(&HIGH);
        let n = 200_000;
        let gaps: u64 = (0..n).map(|_| g.gap()).sum();
        let rate = n as f64 / gaps as f64 * 1000.0;
        assert!((rate - 10_000.0).abs() < 200.0, "rate {rate}");
        let mut lat: Vec<u64> = (0..n).map(|_| g.latency()).collect();
        lat.sort_unstable();
        // Truncation to whole ms puts the median just under 200.
        let p50 = lat[n / 2] as f64;
        let p75 = lat[n * 3 / 4] as f64;
        assert!((p50 - 199.5).abs() < 6.0, "p50 {p50}");
        assert!((p75 - 399.5).abs() < 12.0, "p75 {p75}");
        let timed_out = lat.iter().filter(|&&l| l >= 200).count() as f64 / n as f64;
        assert!((timed_out - 0.5).abs() < 0.01, "{timed_out}");
    }

    #[test]
    fn the_same_seed_runs_the_same_and_both_designs_see_the_same_load() {
        let run = |d| {
            let mut s = Simulation::new(d, HIGH);
            s.run(1000);
            (s.requests, s.timed_out)
        };
        assert_eq!(run(Design::Old), run(Design::Wheel));
        assert_eq!(run(Design::Wheel), run(Design::None));
        let (requests, timed_out) = run(Design::Old);
        assert!((9_000..11_000).contains(&requests), "{requests}");
        assert!((timed_out as f64 / requests as f64 - 0.5).abs() < 0.05);
    }

    #[test]
    fn the_old_design_holds_completed_requests_and_the_wheel_does_not() {
        let low = Workload {
            p50_ms: 20.0,
            p75_ms: 60.0,
            ..HIGH
        };
        let mut old = Simulation::new(Design::Old, low);
        let mut wheel = Simulation::new(Design::Wheel, low);
        old.run(1000);
        wheel.run(1000);
        let (o, w) = (old.sample(), wheel.sample());
        assert!(o.completed_timer > 100, "{o:?}");
        assert_eq!(w.completed_timer, 0);
        assert_eq!(
            o.timer - o.completed_timer,
            w.timer,
            "the same requests are pending in both"
        );
    }
}
