//! Why the threaded race keeps queues of its own rather than sharing crates/core's: core's
//! queues are step machines a single thread owns (`&mut self`, so a player can interleave
//! virtual threads one shared access at a time). Shared across real threads as they are, each
//! needs a lock around it, which turns the lock-free ConcurrentLinkedQueue and JCTools' rings
//! into one locked queue. This races core's queues behind a `Mutex` beside the crate's own, on
//! the same harness, and prints ops/s: a measurement, not a test.
//!
//!   cargo bench -p hotpath-threads --bench shared_core -- [--per-producer N] [--repeats N]

use std::sync::{Arc, Mutex};

use hotpath_core::queue::{ArrayQueue, LinkedQueue, RingKind, RingQueue, StepQueue};
use hotpath_threads::run::{Kind, Run};
use hotpath_threads::{race, ConcurrentQueue, Element, Harness, Producer};

/// One of core's queues, shared by locking it for each whole operation.
struct Locked<Q>(Mutex<Q>);

impl<Q: StepQueue + Send> ConcurrentQueue for Locked<Q> {
    fn offer(&self, _: &mut Producer, e: Element) -> bool {
        self.0.lock().unwrap().offer(e)
    }
    fn poll(&self) -> Option<Element> {
        self.0.lock().unwrap().poll()
    }
}

/// Ops/s of each repeat: every element from the start line to the consumer's last.
fn race_each(make: &dyn Fn() -> Run, repeats: u32) -> Vec<f64> {
    (0..repeats)
        .map(|_| {
            let run = make();
            let producers = run.producers;
            let run: Arc<dyn Harness> = Arc::new(run);
            let raced = race(run.clone(), producers);
            assert_eq!(raced.consumed.checksum, run.expected_checksum());
            raced.consumed.received as f64 / raced.seconds
        })
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str, default: u32| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map_or(default, |v| v.parse().expect(name))
    };
    let per = value("--per-producer", 2_000_000);
    let repeats = value("--repeats", 5);
    let cap = 1 << 17;
    for producers in [1u32, 2] {
        let n = per / producers;
        type Make = Box<dyn Fn() -> Run>;
        let rows: Vec<(&str, Make)> = vec![
            (
                "clq",
                Box::new(move || Run::new(Kind::Clq, cap, producers, n).unwrap()),
            ),
            (
                "core clq, locked",
                Box::new(move || {
                    Run::with_queue(
                        Box::new(Locked(Mutex::new(LinkedQueue::new()))),
                        0,
                        producers,
                        n,
                    )
                }),
            ),
            (
                "abq",
                Box::new(move || Run::new(Kind::Abq, cap, producers, n).unwrap()),
            ),
            (
                "core abq, locked",
                Box::new(move || {
                    Run::with_queue(
                        Box::new(Locked(Mutex::new(ArrayQueue::new(cap)))),
                        0,
                        producers,
                        n,
                    )
                }),
            ),
            (
                "mpsc",
                Box::new(move || Run::new(Kind::Mpsc, cap, producers, n).unwrap()),
            ),
            (
                "core mpsc, locked",
                Box::new(move || {
                    Run::with_queue(
                        Box::new(Locked(Mutex::new(RingQueue::new(RingKind::Mpsc, cap)))),
                        0,
                        producers,
                        n,
                    )
                }),
            ),
        ];
        for (name, make) in rows {
            let mut s = race_each(&*make, repeats);
            s.sort_by(f64::total_cmp);
            println!(
                "{name:>20} {producers}p1c  median {:>12.0} ops/s  (of {repeats}: {:.0} … {:.0})",
                s[s.len() / 2],
                s[0],
                s[s.len() - 1]
            );
        }
    }
}
