//! The native twin of the browser's benchmark harness (web/src/bench/fork.ts), for the
//! wasm-vs-native comparison: the same kernels, batching rule and iteration scheme; one JSON line
//! of measurement samples (ops/s) per row, which `npm run bench -- <suite> --native` summarises
//! with the same statistics code as the wasm rows. Natively a "fork" is a fresh kernel in the same
//! process (not a fresh process).

use std::time::Instant;

pub use crate::kernel::Kernel;

/// One benchmark row: its id (as the suite names it), its batch cap and how to build its kernel.
pub struct Row {
    pub id: String,
    pub max_batch: usize,
    pub make: Box<dyn Fn() -> Box<dyn Kernel>>,
}

struct Settings {
    forks: usize,
    warmup: usize,
    iterations: usize,
    iteration_ms: f64,
    only: Option<String>,
}

fn parse(args: &[String]) -> Settings {
    let mut s = Settings {
        forks: 1,
        warmup: 1,
        iterations: 3,
        iteration_ms: 300.0,
        only: None,
    };
    let args: Vec<&String> = args.iter().filter(|a| *a != "--bench").collect();
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
fn iteration(k: &mut dyn Kernel, batch: usize, iteration_ms: f64, sink: &mut u64) -> f64 {
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

/// Runs every row (or those `--only` names) with the settings in `args` (the command line's).
pub fn main_with(rows: Vec<Row>, args: &[String]) {
    let s = parse(args);
    let mut sink = 0u64;
    for row in rows {
        if s.only
            .as_ref()
            .is_some_and(|o| !row.id.to_lowercase().contains(o))
        {
            continue;
        }
        let mut samples = Vec::new();
        for _ in 0..s.forks {
            let mut k = (row.make)();
            // The browser's rule with a nanosecond timer: one untimed invocation first, then
            // batches of at least 0.2 ms (fork.ts, `calibrate`).
            k.prepare(1);
            sink = sink.wrapping_add(k.run().1);
            let mut batch = 1;
            loop {
                k.prepare(batch);
                let t0 = Instant::now();
                sink = sink.wrapping_add(k.run().1);
                let t = ms(t0);
                if t >= 0.2 || batch >= row.max_batch {
                    break;
                }
                let grow = if t > 0.0 {
                    (batch as f64 * 0.25 / t).ceil() as usize
                } else {
                    batch * 8
                };
                batch = row.max_batch.min(grow.max(batch * 2));
            }
            for _ in 0..s.warmup {
                iteration(k.as_mut(), batch, s.iteration_ms, &mut sink);
            }
            for _ in 0..s.iterations {
                samples.push(iteration(k.as_mut(), batch, s.iteration_ms, &mut sink));
            }
        }
        let list: Vec<String> = samples.iter().map(|x| format!("{x:.6}")).collect();
        println!("{{\"id\":\"{}\",\"samples\":[{}]}}", row.id, list.join(","));
    }
    eprintln!("checksum {sink}");
}
