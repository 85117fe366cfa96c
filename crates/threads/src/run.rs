//! The producer/consumer harness, as JCTools' throughput benchmark runs its queues: every thread
//! waits at a start line, producers offer their share (spinning while the queue is full), one
//! consumer polls until it has every element (spinning while it is empty). Elements carry their
//! producer and sequence number, so the consumer checks that each producer's order held.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicU32, Ordering::*};
use std::sync::Mutex;

use crate::abq::Abq;
use crate::clq::Clq;
use crate::rings::{Mpsc, Spsc};
use crate::setup::{SetupError, MAX_PER_PRODUCER, MAX_PRODUCERS, MAX_SLOTS};
use crate::{ConcurrentQueue, Element, Harness, Producer};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Clq,
    Abq,
    Spsc,
    Mpsc,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Clq, Kind::Abq, Kind::Spsc, Kind::Mpsc];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Clq => "clq",
            Kind::Abq => "abq",
            Kind::Spsc => "spsc",
            Kind::Mpsc => "mpsc",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }
}

fn encode(producer: u32, seq: u32) -> Element {
    (producer << 28) | (seq + 1)
}

fn decode(e: Element) -> (usize, u32) {
    ((e >> 28) as usize, (e & ((1 << 28) - 1)) - 1)
}

/// What the consumer saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Consumed {
    pub received: u64,
    /// Elements that came before an earlier one of the same producer (must be 0).
    pub out_of_order: u64,
    /// Polls that found the queue empty.
    pub empty_polls: u64,
    pub checksum: u64,
}

pub struct Run {
    queue: Box<dyn ConcurrentQueue>,
    pub producers: u32,
    pub per_producer: u32,
    start: AtomicU32,
    /// Each producer's arena, taken while it runs and put back so its nodes outlive the run.
    arenas: Vec<Mutex<Option<Producer>>>,
}

impl Run {
    pub fn new(
        kind: Kind,
        capacity: usize,
        producers: u32,
        per_producer: u32,
    ) -> Result<Run, SetupError> {
        if producers == 0 || producers > MAX_PRODUCERS {
            return Err(SetupError::Producers(producers));
        }
        if kind == Kind::Spsc && producers != 1 {
            return Err(SetupError::SpscProducers(producers));
        }
        if per_producer == 0 || per_producer > MAX_PER_PRODUCER {
            return Err(SetupError::PerProducer(per_producer));
        }
        if capacity == 0 || capacity > MAX_SLOTS {
            return Err(SetupError::Capacity(capacity));
        }
        let queue: Box<dyn ConcurrentQueue> = match kind {
            Kind::Clq => Box::new(Clq::new()),
            Kind::Abq => Box::new(Abq::new(capacity)),
            Kind::Spsc => Box::new(Spsc::new(capacity)),
            Kind::Mpsc => Box::new(Mpsc::new(capacity)),
        };
        let nodes = if kind == Kind::Clq {
            per_producer as usize
        } else {
            0
        };
        Ok(Self::with_queue(queue, nodes, producers, per_producer))
    }

    /// A run of any shared queue (a measurement may race one the page does not offer), each
    /// producer given an arena of `nodes` CLQ nodes. The sizes are the caller's to check.
    pub fn with_queue(
        queue: Box<dyn ConcurrentQueue>,
        nodes: usize,
        producers: u32,
        per_producer: u32,
    ) -> Run {
        let arenas = (0..producers)
            .map(|_| Mutex::new(Some(Producer::new(nodes))))
            .collect();
        Run {
            queue,
            producers,
            per_producer,
            start: AtomicU32::new(0),
            arenas,
        }
    }

    /// Every thread waits here until `start`.
    fn wait(&self) {
        while self.start.load(Acquire) == 0 {
            spin_loop();
        }
    }
}

impl Harness for Run {
    fn start(&self) {
        self.start.store(1, Release);
    }

    /// Producer `id` offers its share; returns how many offers found the queue full (and no
    /// allocations: the CLQ's nodes come from the producer's arena, made before the start).
    fn produce(&self, id: u32) -> [u64; 2] {
        let mut p = self.arenas[id as usize]
            .lock()
            .unwrap()
            .take()
            .expect("each producer runs once");
        self.wait();
        let mut full = 0;
        for seq in 0..self.per_producer {
            let e = encode(id, seq);
            while !self.queue.offer(&mut p, e) {
                full += 1;
                spin_loop();
            }
        }
        *self.arenas[id as usize].lock().unwrap() = Some(p);
        [full, 0]
    }

    /// The one consumer polls until it has every element.
    fn consume(&self) -> Consumed {
        self.wait();
        let total = u64::from(self.producers) * u64::from(self.per_producer);
        let mut last: Vec<Option<u32>> = vec![None; self.producers as usize];
        let mut c = Consumed::default();
        while c.received < total {
            match self.queue.poll() {
                Some(e) => {
                    let (id, seq) = decode(e);
                    if last[id].is_some_and(|l| seq <= l) {
                        c.out_of_order += 1;
                    }
                    last[id] = Some(seq);
                    c.received += 1;
                    c.checksum = c.checksum.wrapping_add(u64::from(e));
                }
                None => {
                    c.empty_polls += 1;
                    spin_loop();
                }
            }
        }
        c
    }

    /// What the checksum must be: every element of every producer, once.
    fn expected_checksum(&self) -> u64 {
        (0..self.producers)
            .flat_map(|id| (0..self.per_producer).map(move |s| u64::from(encode(id, s))))
            .fold(0u64, |a, e| a.wrapping_add(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn race(kind: Kind, capacity: usize, producers: u32, n: u32) -> Consumed {
        let run: Arc<dyn Harness> = Arc::new(Run::new(kind, capacity, producers, n).unwrap());
        let c = crate::race(run.clone(), producers).consumed;
        assert_eq!(
            c.checksum,
            run.expected_checksum(),
            "{kind:?}: every element exactly once"
        );
        c
    }

    #[test]
    fn every_queue_delivers_everything_once_in_each_producers_order() {
        for kind in Kind::ALL {
            let producers = if kind == Kind::Spsc { 1 } else { 3 };
            for capacity in [2, 64] {
                let c = race(kind, capacity, producers, 20_000);
                assert_eq!(c.out_of_order, 0, "{kind:?}");
                assert_eq!(c.received, u64::from(producers) * 20_000);
            }
        }
    }

    #[test]
    fn refuses_what_the_queues_cannot_promise() {
        assert!(Run::new(Kind::Spsc, 8, 2, 10).is_err());
        assert!(Run::new(Kind::Mpsc, 8, 16, 10).is_err());
        assert!(Run::new(Kind::Abq, 0, 1, 10).is_err());
    }
}
