//! What the probes cost: times the JDK heap with `NoProbe` (the benchmarked build) and with the
//! counting probe, on the benchmark's workloads.
//!
//!   cargo bench --manifest-path crates/Cargo.toml -p hotpath-core --bench probe_cost
//!
//! Whether `NoProbe` costs anything at all is answered by `probe-cost.sh` beside this file: it
//! builds this bench a second time with every probe call compiled out (`strip-probes`) and
//! compares the two, by instructions executed (exact) and by time (noisy).

use std::hint::black_box;
use std::time::{Duration, Instant};

use hotpath_core::heap::HeapEvent;
use hotpath_core::probe::{Counter, NoProbe, Probe};
use hotpath_core::{JdkHeap, Timer};

trait Heap {
    fn offer(&mut self, t: Timer);
    fn poll(&mut self) -> Option<Timer>;
    fn remove(&mut self, t: &Timer) -> Option<usize>;
    fn layout(&self) -> Vec<Timer>;
}

impl<P: Probe<HeapEvent>> Heap for JdkHeap<Timer, P> {
    fn offer(&mut self, t: Timer) {
        JdkHeap::offer(self, t)
    }
    fn poll(&mut self) -> Option<Timer> {
        JdkHeap::poll(self)
    }
    fn remove(&mut self, t: &Timer) -> Option<usize> {
        JdkHeap::remove(self, t)
    }
    fn layout(&self) -> Vec<Timer> {
        self.as_slice().to_vec()
    }
}

fn timers(n: u64) -> Vec<Timer> {
    (1..=n)
        .map(|d| Timer {
            deadline: d,
            seq: d,
        })
        .collect()
}

/// The benchmark's workloads plus a random mix; each returns a checksum so nothing is elided.
fn workload<H: Heap>(name: &str, h: &mut H) -> u64 {
    let mut sum = 0u64;
    match name {
        "cancel-in-order n=10000" => {
            let ts = timers(10_000);
            for &t in &ts {
                h.offer(t);
            }
            for t in &ts {
                sum += h.remove(black_box(t)).unwrap() as u64;
            }
        }
        "cancel-reverse n=3000" => {
            let ts = timers(3_000);
            for &t in &ts {
                h.offer(t);
            }
            for t in ts.iter().rev() {
                sum += h.remove(black_box(t)).unwrap() as u64;
            }
        }
        "random offer/poll 200k" => {
            let mut x = 88172645463325252u64;
            for i in 0..200_000u64 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x.is_multiple_of(3) {
                    sum += h.poll().map_or(0, |t| t.deadline);
                } else {
                    h.offer(Timer {
                        deadline: x % 10_000,
                        seq: i,
                    });
                }
            }
        }
        _ => unreachable!(),
    }
    sum
}

fn best<H: Heap>(name: &str, make: impl Fn() -> H) -> (Duration, u64, Vec<Timer>) {
    let mut best = Duration::MAX;
    let mut check = 0;
    let mut layout = Vec::new();
    for _ in 0..15 {
        let mut h = make();
        let t0 = Instant::now();
        check = black_box(workload(name, &mut h));
        best = best.min(t0.elapsed());
        layout = h.layout();
    }
    (best, check, layout)
}

const WORKLOADS: [&str; 3] = [
    "cancel-in-order n=10000",
    "cancel-reverse n=3000",
    "random offer/poll 200k",
];

fn main() {
    // `probe_cost <workload 0-2> <noprobe|counter>` runs one workload once: for counting
    // instructions under `valgrind --tool=callgrind`, which is exact where wall time is noisy.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if let [w, heap] = args.as_slice() {
        let name = WORKLOADS[w.parse::<usize>().expect("workload index")];
        let sum = match heap.as_str() {
            "noprobe" => workload(name, &mut JdkHeap::<Timer, NoProbe>::new()),
            "counter" => workload(name, &mut JdkHeap::with_probe(Counter::default())),
            other => panic!("unknown heap {other}"),
        };
        println!("{name} {heap}: checksum {sum}");
        return;
    }
    println!(
        "{:<26} {:>12} {:>12} {:>9}",
        "workload", "NoProbe", "Counter", "Counter/NoProbe"
    );
    for name in WORKLOADS {
        let (noop, c1, l1) = best(name, JdkHeap::<Timer, NoProbe>::new);
        let (counted, c2, l2) = best(name, || JdkHeap::with_probe(Counter::default()));
        assert!(c1 == c2 && l1 == l2, "{name}: the two builds disagree");
        let us = |d: Duration| format!("{:.1} µs", d.as_secs_f64() * 1e6);
        println!(
            "{:<26} {:>12} {:>12} {:>8.2}×",
            name,
            us(noop),
            us(counted),
            counted.as_secs_f64() / noop.as_secs_f64()
        );
    }
}
