//! The `heap-cancel` kernels run natively, for the wasm-vs-native comparison. Same kernels, same
//! batching rule and iteration scheme as the browser harness (web/src/bench/fork.ts); prints one
//! JSON line of measurement samples (ops/s) per row, which `npm run bench -- heap-cancel
//! --native` summarises with the same statistics code as the wasm rows.
//!
//!   cargo bench -p hotpath-core --bench heap_cancel -- --forks 1 --warmup 1 --iterations 3 --iteration-ms 300
//!
//! Natively a "fork" is a fresh kernel in the same process (not a fresh process).

use std::time::Instant;

use hotpath_core::heap::HeapKind;
use hotpath_core::heap_bench::HeapCancel;

struct Settings {
    forks: usize,
    warmup: usize,
    iterations: usize,
    iteration_ms: f64,
    only: Option<String>,
}

fn parse() -> Settings {
    let mut s = Settings {
        forks: 1,
        warmup: 1,
        iterations: 3,
        iteration_ms: 300.0,
        only: None,
    };
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let mut i = 0;
    while i < args.len() {
        let v = args
            .get(i + 1)
            .unwrap_or_else(|| panic!("{} needs a value", args[i]));
        match args[i].as_str() {
            "--forks" => s.forks = v.parse().expect("--forks N"),
            "--warmup" => s.warmup = v.parse().expect("--warmup N"),
            "--iterations" => s.iterations = v.parse().expect("--iterations N"),
            "--iteration-ms" => s.iteration_ms = v.parse().expect("--iteration-ms MS"),
            "--only" => s.only = Some(v.to_lowercase()),
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    s
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// One iteration: batches until `iteration_ms` of timed work (setup untimed, capped at 3× wall).
fn iteration(k: &mut HeapCancel, batch: usize, iteration_ms: f64, sink: &mut u64) -> f64 {
    let (mut ops, mut timed) = (0usize, 0.0);
    let wall = Instant::now();
    loop {
        k.prepare(batch);
        let t0 = Instant::now();
        let (n, sum) = k.run();
        timed += ms(t0);
        ops += n;
        *sink = sink.wrapping_add(sum);
        if timed >= iteration_ms || ms(wall) >= 3.0 * iteration_ms {
            return ops as f64 / (timed / 1e3);
        }
    }
}

fn main() {
    let s = parse();
    let mut sink = 0u64;
    for bench in ["cancelInOrder", "cancelInReverseOrder"] {
        for (heap, kind) in [("jdk", HeapKind::Jdk), ("indexed", HeapKind::Indexed)] {
            for num in [100u32, 1000, 10000, 100000] {
                let id = format!("{bench}/{heap}/{num}");
                if s.only
                    .as_ref()
                    .is_some_and(|o| !id.to_lowercase().contains(o))
                {
                    continue;
                }
                let max_batch = (1_000_000 / num as usize).max(1);
                let mut samples = Vec::new();
                for _ in 0..s.forks {
                    let mut k = HeapCancel::new(kind, num, bench == "cancelInReverseOrder");
                    // The browser's rule with a nanosecond timer: batches of at least 1 ms.
                    let mut batch = 1;
                    loop {
                        k.prepare(batch);
                        let t0 = Instant::now();
                        sink = sink.wrapping_add(k.run().1);
                        let t = ms(t0);
                        if t >= 1.0 || batch >= max_batch {
                            break;
                        }
                        let grow = if t > 0.0 {
                            (batch as f64 * 1.25 / t).ceil() as usize
                        } else {
                            batch * 8
                        };
                        batch = max_batch.min(grow.max(batch * 2));
                    }
                    for _ in 0..s.warmup {
                        iteration(&mut k, batch, s.iteration_ms, &mut sink);
                    }
                    for _ in 0..s.iterations {
                        samples.push(iteration(&mut k, batch, s.iteration_ms, &mut sink));
                    }
                }
                let list: Vec<String> = samples.iter().map(|x| format!("{x:.6}")).collect();
                println!("{{\"id\":\"{id}\",\"samples\":[{}]}}", list.join(","));
            }
        }
    }
    eprintln!("checksum {sink}");
}
