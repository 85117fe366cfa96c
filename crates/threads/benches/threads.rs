//! The producer/consumer benchmark on native threads (the browser runs the same code in Web
//! Workers): one JSON line per row, `{"id", "samples": [ops/s…]}`.
//!
//!   cargo bench -p hotpath-threads --bench threads -- [--per-producer N] [--repeats N]

use std::sync::Arc;
use std::time::Instant;

use hotpath_threads::run::{Kind, Run};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str, default: u32| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| v.parse().expect(name))
    };
    let per = value("--per-producer", 2_000_000);
    let repeats = value("--repeats", 3);
    let capacity = 1 << 17; // JCTools' harness: 128K
    for kind in Kind::ALL {
        for producers in [1u32, 2] {
            if kind == Kind::Spsc && producers > 1 {
                continue;
            }
            let n = per / producers;
            let mut samples = Vec::new();
            for _ in 0..repeats {
                let run = Arc::new(Run::new(kind, capacity, producers, n).unwrap());
                let ps: Vec<_> = (0..producers)
                    .map(|id| {
                        let r = run.clone();
                        std::thread::spawn(move || r.produce(id))
                    })
                    .collect();
                let c = {
                    let r = run.clone();
                    std::thread::spawn(move || r.consume())
                };
                let t0 = Instant::now();
                run.start();
                let got = c.join().unwrap();
                let secs = t0.elapsed().as_secs_f64();
                for p in ps {
                    p.join().unwrap();
                }
                assert_eq!(got.out_of_order, 0);
                assert_eq!(got.checksum, run.expected_checksum());
                samples.push(got.received as f64 / secs);
            }
            let list: Vec<String> = samples.iter().map(|x| format!("{x:.0}")).collect();
            println!(
                "{{\"id\":\"{}/{}p1c\",\"samples\":[{}]}}",
                kind.name(),
                producers,
                list.join(",")
            );
        }
    }
}
