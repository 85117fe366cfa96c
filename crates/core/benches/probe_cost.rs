//! What the no-op probe costs: every registered suite's kernel, on its example row (`Suite::
//! example`), as the benchmarks build it (with `NoProbe`). Built as it ships and again with every
//! probe call compiled out (`strip-probes`), the two must execute the same instructions:
//! `probe-cost.sh` beside this file counts them under callgrind (exact) and compares the best of
//! 15 wall times (noisy).
//!
//!   cargo bench --manifest-path crates/Cargo.toml -p hotpath-core --bench probe_cost [-- <suite>]
//!
//! With a suite's name it runs that suite's example once, `INVOCATIONS` times (what callgrind
//! counts); with `--list` it prints the suites' names; with nothing, each suite's best time.

use std::hint::black_box;
use std::time::{Duration, Instant};

use hotpath_core::families::{kernel, suites};

/// Invocations of a kernel per run: enough that its setup does not dominate the count.
const INVOCATIONS: usize = 1_000;

/// One run of `suite`'s example row: its checksum, so that nothing is optimised away.
fn run(suite: &str, example: &str) -> u64 {
    let mut k = kernel(suite, example).unwrap_or_else(|e| panic!("{suite}: {e}"));
    k.prepare(INVOCATIONS);
    let (ran, checksum) = k.run();
    assert_eq!(ran, INVOCATIONS, "{suite}");
    checksum
}

fn best(suite: &str, example: &str) -> (Duration, u64) {
    let mut best = Duration::MAX;
    let mut check = 0;
    for _ in 0..15 {
        let t0 = Instant::now();
        check = black_box(run(suite, example));
        best = best.min(t0.elapsed());
    }
    (best, check)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.as_slice() {
        [list] if list == "--list" => {
            for s in suites() {
                println!("{}", s.name);
            }
        }
        [name] => {
            let s = suites()
                .find(|s| s.name == name.as_str())
                .unwrap_or_else(|| panic!("no suite called {name}"));
            println!(
                "{} {}: checksum {}",
                s.name,
                s.example,
                run(s.name, s.example)
            );
        }
        _ => {
            println!(
                "{:<18} {:<36} {:>12} {:>20}",
                "suite", "example row", "best of 15", "checksum"
            );
            for s in suites() {
                let (t, check) = best(s.name, s.example);
                println!(
                    "{:<18} {:<36} {:>9.1} µs {:>20}",
                    s.name,
                    s.example,
                    t.as_secs_f64() * 1e6,
                    check
                );
            }
        }
    }
}
