//! The producer/consumer benchmark on native threads (the browser runs the same code in Web
//! Workers): one JSON line per row, `{"id", "samples": [ops/s…]}`.
//!
//!   cargo bench -p hotpath-threads --bench threads -- [--per-producer N] [--repeats N]

use std::sync::Arc;

use hotpath_threads::{harness, race, Harness};

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
    // JCTools' harness sizes its queues at 128K; the Recycler pipeline hands objects over
    // through a ring of 1,024 (RECYCLE_RING in web/src/queue/threads.ts).
    let rows: [(&str, u32, usize); 9] = [
        ("clq", 1, 1 << 17),
        ("clq", 2, 1 << 17),
        ("abq", 1, 1 << 17),
        ("abq", 2, 1 << 17),
        ("spsc", 1, 1 << 17),
        ("mpsc", 1, 1 << 17),
        ("mpsc", 2, 1 << 17),
        ("recycler-before", 1, 1024),
        ("recycler-after", 1, 1024),
    ];
    for (kind, producers, capacity) in rows {
        let n = per / producers;
        let (mut samples, mut allocated) = (Vec::new(), Vec::new());
        for _ in 0..repeats {
            let run: Arc<dyn Harness> = Arc::from(harness(kind, capacity, producers, n).unwrap());
            let raced = race(run.clone(), producers);
            let (got, secs) = (raced.consumed, raced.seconds);
            let made: u64 = raced.produced.iter().map(|p| p[1]).sum();
            assert_eq!(got.out_of_order, 0);
            assert_eq!(got.checksum, run.expected_checksum());
            samples.push(got.received as f64 / secs);
            allocated.push(made);
        }
        let list: Vec<String> = samples.iter().map(|x| format!("{x:.0}")).collect();
        let made: Vec<String> = allocated.iter().map(u64::to_string).collect();
        println!(
            "{{\"id\":\"{kind}/{producers}p1c\",\"samples\":[{}],\"allocated\":[{}]}}",
            list.join(","),
            made.join(",")
        );
    }
}
