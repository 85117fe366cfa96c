//! The UDP server under overload, simulated in 1 ms ticks on the real queues: a receiving thread
//! takes packets off the socket and offers them to a queue; consumers poll it at a lower rate.
//!
//! What is modelled, and how:
//! - Arrivals: `arrival_rate` packets/s, with seeded jitter per tick (uniform ±50%).
//! - The receiver has one core. Each packet costs it `RECV_NS` (the `recvfrom` system call and the
//!   copy of 2,048 bytes) plus the queue work of its offer, counted on the real structure and
//!   priced at `NS_PER_ACCESS` per shared-memory access (a `size()` that walks n nodes is 2n
//!   accesses, ≈ 1.3 ns per node, what the JVM anchor measured). What the receiver cannot get
//!   to in a tick overflows the socket buffer and is dropped there.
//! - Consumers poll `service_rate` packets/s in all, on one consumer thread of the structure.
//! - Memory: every queued packet holds its 2,048-byte buffer (plus a 24-byte node in the CLQ),
//!   and an array queue holds its array of references from the start, full or not (4 bytes a
//!   slot: `new ArrayBlockingQueue<>(10_000_000)` allocates an `Object[10_000_000]` at once).
//!   Past `budget_bytes` the run stops: the `OutOfMemoryError` the blog's server hit.
//! - A queued element is the millisecond it arrived, so a poll knows its packet's latency.

use std::cell::RefCell;
use std::rc::Rc;

use crate::kernel::{ParamError, Params};
use crate::probe::Counter;
use crate::queue::array::ArrayQueue;
use crate::queue::jctools::{RingKind, RingQueue};
use crate::queue::linked::LinkedQueue;
use crate::queue::{kind, StepQueue};
use crate::rng::SplitMix;
use crate::simulation::{Simulation, Spec};

pub const PACKET_BYTES: u64 = 2048;
/// A CLQ node: object header, item and next references (compressed oops), padded.
pub const NODE_BYTES: u64 = 24;
/// A slot of an array queue's `Object[]`: one compressed reference.
pub const SLOT_BYTES: u64 = 4;
pub const RECV_NS: f64 = 1_000.0;
pub const NS_PER_ACCESS: f64 = 0.65;
/// A sample every this many simulated milliseconds.
pub const SAMPLE_MS: u64 = 50;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimQueue {
    Clq,
    ClqSize,
    Abq,
    Spsc,
    Mpsc,
}

impl SimQueue {
    pub const ALL: [SimQueue; 5] = [
        SimQueue::Clq,
        SimQueue::ClqSize,
        SimQueue::Abq,
        SimQueue::Spsc,
        SimQueue::Mpsc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SimQueue::Clq => "clq",
            SimQueue::ClqSize => "clq-size",
            SimQueue::Abq => "abq",
            SimQueue::Spsc => "spsc",
            SimQueue::Mpsc => "mpsc",
        }
    }

    pub fn parse(name: &str) -> Option<SimQueue> {
        SimQueue::ALL.into_iter().find(|q| q.name() == name)
    }
}

impl SimQueue {
    /// The slots a queue of `bound` really has (the rings round up, as JCTools does), or 0 for
    /// the linked queues: what [`UdpSim::capacity`] reports once it runs, known before it does.
    pub fn slots(self, bound: usize) -> usize {
        match self {
            SimQueue::Clq | SimQueue::ClqSize => 0,
            SimQueue::Abq => super::QueueVariant::Abq.capacity(bound.max(1)),
            SimQueue::Spsc => super::QueueVariant::Spsc.capacity(bound),
            SimQueue::Mpsc => super::QueueVariant::Mpsc.capacity(bound),
        }
    }

    /// The bytes the queue holds when full, as [`UdpSim::memory_bytes`] prices them: every
    /// packet's buffer (and node), and an array queue's whole array. `None`: never full.
    pub fn full_bytes(self, bound: usize) -> Option<u64> {
        match self {
            SimQueue::Clq => None,
            SimQueue::ClqSize => Some(bound as u64 * (PACKET_BYTES + NODE_BYTES)),
            _ => Some(self.slots(bound) as u64 * (PACKET_BYTES + SLOT_BYTES)),
        }
    }

    /// The largest bound whose full queue fits `budget_bytes` (a ring's bound is rounded up
    /// before it is priced, so its answer is a power of two), or 0 if none does; `None` for
    /// the unbounded queue.
    pub fn largest_bound(self, budget_bytes: u64) -> Option<usize> {
        let fits = |b: usize| self.full_bytes(b).is_some_and(|x| x <= budget_bytes);
        match self {
            SimQueue::Clq => None,
            SimQueue::ClqSize | SimQueue::Abq => {
                let per = self.full_bytes(1).expect("bounded");
                Some((budget_bytes / per) as usize)
            }
            SimQueue::Spsc | SimQueue::Mpsc => {
                let mut best = 0;
                let mut b = 1usize;
                while b <= usize::MAX / 2 && fits(b) {
                    best = b;
                    b *= 2;
                }
                Some(best)
            }
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Config {
    pub queue: SimQueue,
    pub arrival_rate: f64,
    pub service_rate: f64,
    /// The size() guard's threshold, or the bounded queues' capacity.
    pub bound: usize,
    pub budget_bytes: u64,
    pub seed: u64,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    pub t_ms: u64,
    pub queued: u64,
    pub memory_bytes: u64,
    pub received: u64,
    pub processed: u64,
    /// Refused by the queue: full, or the size() guard said so.
    pub dropped_queue: u64,
    /// Never read: the receiver was too busy, and the socket buffer overflowed.
    pub dropped_socket: u64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    /// The receiver's time per packet it handled in this sample, in ns (recv + queue work).
    pub receiver_ns: f64,
    /// Shared-memory accesses per offer in this sample (size()'s walk included).
    pub accesses_per_offer: f64,
}

enum Queue {
    Linked(LinkedQueue<Rc<RefCell<Counter>>>),
    Array(ArrayQueue<Rc<RefCell<Counter>>>),
    Ring(RingQueue<Rc<RefCell<Counter>>>),
}

/// The kinds that are shared-memory accesses (the work a receiver pays for).
const ACCESS_KINDS: [usize; 10] = [
    kind::LOAD,
    kind::STORE,
    kind::SLOT_READ,
    kind::SLOT_WRITE,
    kind::CAS,
    kind::CAS_FAIL,
    kind::VISIT,
    kind::LOCK,
    kind::LOCK_WAIT,
    kind::SPIN,
];

pub struct UdpSim {
    cfg: Config,
    queue: Queue,
    counter: Rc<RefCell<Counter>>,
    rng: SplitMix,
    now_ms: u64,
    arrivals_due: f64,
    polls_due: f64,
    /// Receiver time carried into the next tick (an offer that ran past the end of one).
    receiver_debt_ns: f64,
    queued: u64,
    totals: Sample,
    window: Vec<u32>,
    window_start: Sample,
    window_accesses: u64,
    window_offers: u64,
    window_receiver_ns: f64,
    window_handled: u64,
    pub samples: Vec<Sample>,
    /// When the memory budget ran out, if it did.
    pub oom_at_ms: Option<u64>,
}

impl UdpSim {
    pub fn new(cfg: Config) -> Self {
        let counter = Rc::new(RefCell::new(Counter::new()));
        let p = counter.clone();
        let queue = match cfg.queue {
            SimQueue::Clq | SimQueue::ClqSize => Queue::Linked(LinkedQueue::with_probe(p)),
            SimQueue::Abq => Queue::Array(ArrayQueue::with_probe(cfg.bound.max(1), p)),
            SimQueue::Spsc => Queue::Ring(RingQueue::with_probe(RingKind::Spsc, cfg.bound, p)),
            SimQueue::Mpsc => Queue::Ring(RingQueue::with_probe(RingKind::Mpsc, cfg.bound, p)),
        };
        Self {
            cfg,
            queue,
            counter,
            rng: SplitMix::new(cfg.seed),
            now_ms: 0,
            arrivals_due: 0.0,
            polls_due: 0.0,
            receiver_debt_ns: 0.0,
            queued: 0,
            totals: Sample::default(),
            window: Vec::new(),
            window_start: Sample::default(),
            window_accesses: 0,
            window_offers: 0,
            window_receiver_ns: 0.0,
            window_handled: 0,
            samples: Vec::new(),
            oom_at_ms: None,
        }
    }

    /// Changes the rates from the next tick on (the sliders move while it runs).
    pub fn set_rates(&mut self, arrival_rate: f64, service_rate: f64) {
        self.cfg.arrival_rate = arrival_rate;
        self.cfg.service_rate = service_rate;
    }

    /// The slots the queue really has (the rings round up), or 0 for the unbounded CLQ.
    pub fn capacity(&self) -> usize {
        match &self.queue {
            Queue::Linked(_) => 0,
            Queue::Array(q) => q.capacity(),
            Queue::Ring(q) => q.capacity(),
        }
    }

    fn accesses(&self) -> u64 {
        let c = self.counter.borrow();
        ACCESS_KINDS.iter().map(|&k| c.total_of(k)).sum()
    }

    pub fn memory_bytes(&self) -> u64 {
        match self.queue {
            Queue::Linked(_) => self.queued * (PACKET_BYTES + NODE_BYTES),
            _ => self.queued * PACKET_BYTES + self.capacity() as u64 * SLOT_BYTES,
        }
    }

    /// The receiver offers one packet; whether the queue took it.
    fn offer(&mut self, arrived: u32) -> bool {
        match &mut self.queue {
            Queue::Linked(q) => {
                if self.cfg.queue == SimQueue::ClqSize && q.size() as usize >= self.cfg.bound {
                    return false;
                }
                q.offer(arrived)
            }
            Queue::Array(q) => q.offer(arrived),
            Queue::Ring(q) => q.offer(arrived),
        }
    }

    fn poll(&mut self) -> Option<u32> {
        match &mut self.queue {
            Queue::Linked(q) => q.poll(),
            Queue::Array(q) => q.poll(),
            Queue::Ring(q) => q.poll(),
        }
    }

    /// One simulated millisecond.
    fn tick(&mut self) {
        let jitter = 0.5 + (self.rng.next_u64() % 1_000_000) as f64 / 1_000_000.0;
        self.arrivals_due += self.cfg.arrival_rate / 1000.0 * jitter;
        let arrivals = self.arrivals_due.floor() as u64;
        self.arrivals_due -= arrivals as f64;
        self.totals.received += arrivals;

        // The receiver: 1 ms of one core, less what the last tick's work ran over.
        let mut budget = 1_000_000.0 - self.receiver_debt_ns;
        let mut handled = 0;
        for _ in 0..arrivals {
            if budget <= 0.0 {
                break;
            }
            let before = self.accesses();
            let ok = self.offer(self.now_ms as u32);
            let accesses = self.accesses() - before;
            let ns = RECV_NS + accesses as f64 * NS_PER_ACCESS;
            budget -= ns;
            handled += 1;
            self.window_accesses += accesses;
            self.window_offers += 1;
            self.window_receiver_ns += ns;
            if ok {
                self.queued += 1;
            } else {
                self.totals.dropped_queue += 1;
            }
        }
        self.window_handled += handled;
        self.totals.dropped_socket += arrivals - handled;
        self.receiver_debt_ns = (-budget).max(0.0);

        self.polls_due += self.cfg.service_rate / 1000.0;
        let polls = self.polls_due.floor() as u64;
        self.polls_due -= polls as f64;
        for _ in 0..polls {
            match self.poll() {
                Some(arrived) => {
                    self.queued -= 1;
                    self.totals.processed += 1;
                    self.window.push((self.now_ms - u64::from(arrived)) as u32);
                }
                None => break,
            }
        }
        // The collector's turn (the JVM's GC frees dead nodes; the arena reuses them).
        if let Queue::Linked(q) = &mut self.queue {
            if self.now_ms.is_multiple_of(100) && q.nodes.len() as u64 > 2 * self.queued + 1024 {
                q.collect_garbage();
            }
        }
        self.now_ms += 1;
        if self.memory_bytes() > self.cfg.budget_bytes && self.oom_at_ms.is_none() {
            self.oom_at_ms = Some(self.now_ms);
        }
    }

    fn sample(&mut self) {
        let mut w = std::mem::take(&mut self.window);
        w.sort_unstable();
        let pct = |p: f64| {
            if w.is_empty() {
                0.0
            } else {
                f64::from(w[((w.len() - 1) as f64 * p).round() as usize])
            }
        };
        let s = Sample {
            t_ms: self.now_ms,
            queued: self.queued,
            memory_bytes: self.memory_bytes(),
            p50_ms: pct(0.5),
            p99_ms: pct(0.99),
            receiver_ns: if self.window_handled > 0 {
                self.window_receiver_ns / self.window_handled as f64
            } else {
                0.0
            },
            accesses_per_offer: if self.window_offers > 0 {
                self.window_accesses as f64 / self.window_offers as f64
            } else {
                0.0
            },
            ..self.totals
        };
        self.samples.push(s);
        self.window = w;
        self.window.clear();
        self.window_start = s;
        self.window_accesses = 0;
        self.window_offers = 0;
        self.window_receiver_ns = 0.0;
        self.window_handled = 0;
    }

    /// Simulates up to `ms` more milliseconds (stopping at an out-of-memory), sampling every
    /// `SAMPLE_MS`; returns the samples taken.
    pub fn run(&mut self, ms: u64) -> &[Sample] {
        let first = self.samples.len();
        for _ in 0..ms {
            if self.oom_at_ms.is_some() {
                break;
            }
            self.tick();
            if self.now_ms.is_multiple_of(SAMPLE_MS) || self.oom_at_ms.is_some() {
                self.sample();
            }
        }
        &self.samples[first..]
    }

    #[cfg(test)]
    pub fn totals(&self) -> Sample {
        self.totals
    }
}

/// The overload simulation as the registry serves it (`udp-overload`): built from `queue`
/// (clq, clq-size, abq, spsc or mpsc), `arrival` and `service` (whole packets/s), `bound` (packets),
/// `budget` (MiB) and `seed`; `arrival` and `service` may change while it runs. Each sample is
/// [`Sample::flat`]'s 11 numbers. Before a run it tells what the bound costs: the slots the queue
/// really has, the bytes it holds when full (infinite: never full) and the largest bound the
/// budget fits (−1: unbounded).
pub const OVERLOAD: Spec = Spec {
    name: "udp-overload",
    params: &["queue", "arrival", "service", "bound", "budget", "seed"],
    live: &["arrival", "service"],
    width: Sample::WIDTH,
    figures: &["oomAtMs", "capacity"],
    build: |p| {
        let (queue, bound, budget_bytes) = bound_and_budget(p)?;
        Ok(Box::new(UdpSim::new(Config {
            queue,
            arrival_rate: rate(p, "arrival")?,
            service_rate: rate(p, "service")?,
            bound,
            budget_bytes,
            seed: u64::from(p.number("seed", 0, u32::MAX)?),
        })))
    },
    preview: |p| {
        let (queue, bound, budget_bytes) = bound_and_budget(p)?;
        Ok(vec![
            queue.slots(bound) as f64,
            queue.full_bytes(bound).map_or(f64::INFINITY, |b| b as f64),
            queue.largest_bound(budget_bytes).map_or(-1.0, |b| b as f64),
        ])
    },
};

/// The most a rate may be, in packets per second.
const MAX_RATE: u32 = 5_000_000;

/// A rate in whole packets per second (the page takes whole numbers; a float's parsing and
/// printing would add about 25 KB to the wasm).
fn rate(p: &Params, name: &str) -> Result<f64, ParamError> {
    Ok(f64::from(p.number(name, 0, MAX_RATE)?))
}

/// The queue, its bound and the memory budget in bytes.
fn bound_and_budget(p: &Params) -> Result<(SimQueue, usize, u64), ParamError> {
    let queue = p.one_of("queue", SimQueue::parse, &SimQueue::ALL.map(SimQueue::name))?;
    let bound = p.number("bound", 1, 4_000_000)? as usize;
    let budget_mib = p.number("budget", 1, 16_384)?;
    Ok((queue, bound, u64::from(budget_mib) << 20))
}

impl Sample {
    /// The numbers in [`Sample::flat`].
    pub const WIDTH: usize = 11;

    /// t (ms), queued, memory (bytes), received, processed, dropped by the queue, dropped at the
    /// socket, p50 and p99 latency (ms), receiver ns per packet, accesses per offer.
    pub fn flat(&self) -> [f64; Self::WIDTH] {
        [
            self.t_ms as f64,
            self.queued as f64,
            self.memory_bytes as f64,
            self.received as f64,
            self.processed as f64,
            self.dropped_queue as f64,
            self.dropped_socket as f64,
            self.p50_ms,
            self.p99_ms,
            self.receiver_ns,
            self.accesses_per_offer,
        ]
    }
}

impl Simulation for UdpSim {
    fn run(&mut self, ms: u32) -> Vec<f64> {
        UdpSim::run(self, u64::from(ms))
            .iter()
            .flat_map(Sample::flat)
            .collect()
    }

    fn set(&mut self, p: &Params) -> Result<(), ParamError> {
        let arrival = rate(p, "arrival")?;
        let service = rate(p, "service")?;
        self.set_rates(arrival, service);
        Ok(())
    }

    fn figure(&self, name: &str) -> Option<f64> {
        // In `OVERLOAD.figures`' order: when the budget ran out (−1: it has not), the slots.
        let all = [
            self.oom_at_ms.map_or(-1.0, |t| t as f64),
            self.capacity() as f64,
        ];
        Some(all[OVERLOAD.figures.iter().position(|f| *f == name)?])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg(queue: SimQueue) -> Config {
        Config {
            queue,
            arrival_rate: 200_000.0,
            service_rate: 150_000.0,
            bound: 20_000,
            budget_bytes: 128 << 20,
            seed: 1,
        }
    }

    #[test]
    fn the_unbounded_queue_runs_out_of_memory_when_arrivals_outpace_consumers() {
        let mut s = UdpSim::new(cfg(SimQueue::Clq));
        s.run(10_000);
        // 50,000 more packets a second than the consumers take; 128 MiB holds about 64,800.
        let oom = s.oom_at_ms.expect("out of memory");
        assert!((1000..2000).contains(&oom), "{oom}");
        assert!(s.memory_bytes() > 128 << 20);
        assert_eq!(s.totals().dropped_queue, 0);
    }

    #[test]
    fn a_bounded_queue_holds_memory_and_latency_flat_and_drops_the_excess() {
        let mut s = UdpSim::new(cfg(SimQueue::Abq));
        s.run(2_000);
        assert!(s.oom_at_ms.is_none());
        let last = *s.samples.last().unwrap();
        assert!(last.queued <= 20_000);
        assert_eq!(
            last.memory_bytes,
            last.queued * PACKET_BYTES + 20_000 * SLOT_BYTES
        );
        // Dropped ≈ the 50,000/s excess once full (after 0.4 s).
        assert!(
            last.dropped_queue > 55_000 && last.dropped_queue < 110_000,
            "{}",
            last.dropped_queue
        );
        // A full queue of 20,000 drained at 150,000/s: about 133 ms of waiting.
        assert!((100.0..170.0).contains(&last.p50_ms), "{}", last.p50_ms);
        let conserved = last.received
            == last.processed + last.queued + last.dropped_queue + last.dropped_socket;
        assert!(conserved);
    }

    /// What a bound costs is known before a run, by the rule the run prices memory with: the
    /// rings round the bound up first, so the largest bound that fits a budget is a power of two.
    #[test]
    fn a_bound_is_priced_before_the_run_as_the_run_prices_it() {
        let mib = 1u64 << 20;
        assert_eq!(SimQueue::Spsc.slots(30_000), 32_768);
        assert_eq!(SimQueue::Mpsc.slots(60_000), 65_536);
        assert_eq!(SimQueue::Abq.slots(60_000), 60_000);
        assert_eq!(
            SimQueue::Spsc.slots(1),
            4,
            "an SPSC ring has at least 4 slots"
        );
        assert_eq!(SimQueue::Abq.largest_bound(128 * mib), Some(65_408));
        assert_eq!(SimQueue::Spsc.largest_bound(128 * mib), Some(32_768));
        assert_eq!(SimQueue::Mpsc.largest_bound(128 * mib), Some(32_768));
        assert_eq!(SimQueue::Clq.largest_bound(128 * mib), None);
        for q in [
            SimQueue::ClqSize,
            SimQueue::Abq,
            SimQueue::Spsc,
            SimQueue::Mpsc,
        ] {
            let b = q.largest_bound(128 * mib).unwrap();
            assert!(q.full_bytes(b).unwrap() <= 128 * mib, "{q:?}");
            assert!(
                q.full_bytes(b + 1).unwrap() > 128 * mib,
                "{q:?}: {b} is the largest"
            );
        }
        // 20,000 packets: 39.1 MiB in the ArrayBlockingQueue, 64.1 MiB in a ring of 32,768.
        assert_eq!(SimQueue::Abq.full_bytes(20_000), Some(20_000 * 2_052));
        assert_eq!(SimQueue::Spsc.full_bytes(20_000), Some(32_768 * 2_052));
        for q in SimQueue::ALL {
            let bound = 20_000;
            let sim = UdpSim::new(Config { bound, ..cfg(q) });
            assert_eq!(sim.capacity(), q.slots(bound), "{q:?}");
            // Full, the run would hold exactly what the price says.
            if let Some(full) = q.full_bytes(bound) {
                let held = match q {
                    SimQueue::ClqSize => bound as u64 * (PACKET_BYTES + NODE_BYTES),
                    _ => sim.capacity() as u64 * PACKET_BYTES + sim.memory_bytes(),
                };
                assert_eq!(held, full, "{q:?}");
            }
        }
    }

    /// The blog's fix with a bound its memory cannot hold: the bounded queue runs out of memory
    /// before it is ever full. A bound chosen from the budget holds.
    #[test]
    fn a_bound_beyond_the_memory_budget_runs_out_of_memory_too() {
        let mut big = UdpSim::new(Config {
            bound: 1_000_000,
            ..cfg(SimQueue::Abq)
        });
        big.run(5_000);
        let oom = big.oom_at_ms.expect("out of memory");
        // 50,000 packets a second more than the consumers take, 2,048 bytes each, beside the
        // 4 MB array: 128 MiB are gone after about 1.27 s, with the queue 6 % full.
        assert!((1_150..1_400).contains(&oom), "{oom}");
        assert_eq!(big.totals().dropped_queue, 0);
        // 128 MiB ÷ (2,048 + 4) bytes is 65,408 packets: a bound of 60,000 leaves headroom.
        let mut fits = UdpSim::new(Config {
            bound: 60_000,
            ..cfg(SimQueue::Abq)
        });
        fits.run(3_000);
        assert!(fits.oom_at_ms.is_none());
        assert!(fits.totals().dropped_queue > 0);
    }

    #[test]
    fn the_size_guard_makes_every_offer_walk_the_queue() {
        let mut s = UdpSim::new(cfg(SimQueue::ClqSize));
        s.run(400);
        let last = *s.samples.last().unwrap();
        // The receiver slows until it offers no faster than the consumers poll: the queue settles
        // near 4,000 packets, each size() a walk of them, and the guard never says no. The
        // excess is dropped at the socket instead.
        assert!(
            last.accesses_per_offer > 5_000.0,
            "{}",
            last.accesses_per_offer
        );
        assert!(last.receiver_ns > 4_000.0, "{}", last.receiver_ns);
        assert!((2_000..8_000).contains(&last.queued), "{}", last.queued);
        assert_eq!(last.dropped_queue, 0);
        assert!(last.dropped_socket > 10_000, "{}", last.dropped_socket);
        let plain = UdpSim::new(cfg(SimQueue::Clq))
            .run(400)
            .last()
            .copied()
            .unwrap();
        assert!(
            plain.accesses_per_offer < 10.0,
            "{}",
            plain.accesses_per_offer
        );
    }
}
