//! The four queues again, this time with real atomics and real threads: the JDK's
//! `ConcurrentLinkedQueue` and `ArrayBlockingQueue` and JCTools' SPSC and MPSC rings, as the same
//! algorithms `hotpath-core` steps through one access at a time (there, to be drawn; here, to be
//! raced). A producer/consumer harness runs them the way JCTools' own throughput benchmark does:
//! producers offer their elements (spinning when the queue is full), one consumer polls until it
//! has them all (spinning when it is empty), and the consumer checks each producer's order.
//! The same harness passes objects from an owner thread to a recycling one through Netty's two
//! 2014 Recyclers (`recycle`).
//!
//! Why a copy of its own: core's queues are step machines one thread owns (`&mut self`, so a
//! player can interleave virtual threads one shared access at a time); shared across real threads
//! each needs a lock, which makes the lock-free queues one locked queue and the race measure the
//! lock. `cargo bench -p hotpath-threads --bench shared_core` races them so beside these (native,
//! 2 cores, 2026-11-26, median of 5): ConcurrentLinkedQueue 51M ops/s here against 7.6M locked
//! (1 producer) and 66M against 7.2M (2 producers); the MPSC ring 42M against 9.2M and 16M against
//! 8.9M. `tests/core_agreement.rs` holds the two copies to the same results.
//!
//! Built twice: natively (`cargo bench -p hotpath-threads`, std threads), and for the browser
//! with atomics and shared memory (a pinned nightly with `-Z build-std`; see
//! web/scripts/wasm.mjs), where each thread is a Web Worker on one `WebAssembly.Memory`.

pub mod abq;
pub mod clq;
pub mod handles;
pub mod recycle;
pub mod rings;
pub mod run;
pub mod setup;

#[cfg(target_arch = "wasm32")]
mod wasm;

pub use setup::SetupError;

/// An element: never 0, which is `null` in a slot or a node.
pub type Element = u32;

/// What each producer owns while it runs: the CLQ's node arena (Java's thread-local allocation
/// buffer, in effect: a node is a bump of a pointer). Unused by the array queues.
pub struct Producer {
    pub(crate) nodes: Vec<clq::Node>,
}

impl Producer {
    /// A producer with room for `nodes` CLQ nodes (allocated now, so offers only bump).
    pub fn new(nodes: usize) -> Self {
        Self {
            nodes: clq::arena(nodes),
        }
    }
}

/// A queue shared by threads.
pub trait ConcurrentQueue: Sync + Send {
    fn offer(&self, producer: &mut Producer, e: Element) -> bool;
    fn poll(&self) -> Option<Element>;
}

/// A run of threads the page (or a test) starts together: producers, then one consumer.
pub trait Harness: Sync + Send {
    fn start(&self);
    /// Producer `id`'s part: [offers that found the queue full, objects it allocated].
    fn produce(&self, id: u32) -> [u64; 2];
    fn consume(&self) -> run::Consumed;
    /// The consumer's checksum when everything arrived exactly once.
    fn expected_checksum(&self) -> u64;
}

/// A run raced on native threads (the page races in Web Workers instead): what the consumer saw,
/// the seconds from the start line to its last element, and each producer's part.
#[cfg(not(target_arch = "wasm32"))]
pub struct Raced {
    pub consumed: run::Consumed,
    pub seconds: f64,
    pub produced: Vec<[u64; 2]>,
}

/// Starts `producers` producing threads and one consuming, together, and waits for all of them.
#[cfg(not(target_arch = "wasm32"))]
pub fn race(run: std::sync::Arc<dyn Harness>, producers: u32) -> Raced {
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
    let t0 = std::time::Instant::now();
    run.start();
    let consumed = c.join().unwrap();
    let seconds = t0.elapsed().as_secs_f64();
    let produced = ps.into_iter().map(|p| p.join().unwrap()).collect();
    Raced {
        consumed,
        seconds,
        produced,
    }
}

/// Pads a field to its own 128 bytes, as JCTools pads its indices (two cache lines: adjacent-line
/// prefetch).
#[repr(align(128))]
#[derive(Default)]
pub struct Padded<T>(pub T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// A run by name: a queue (`clq`, `abq`, `spsc`, `mpsc`: `capacity` slots, `per_producer` elements
/// from each producer) or a Recycler pipeline (`recycler-before`, `recycler-after`: one owner
/// thread passing `per_producer` objects through a ring of `capacity` to one recycling thread).
pub fn harness(
    kind: &str,
    capacity: usize,
    producers: u32,
    per_producer: u32,
) -> Result<Box<dyn Harness>, SetupError> {
    if let Some(pool) = recycle::Pool::parse(kind) {
        if producers != 1 {
            return Err(SetupError::PipelineProducers(producers));
        }
        return Ok(Box::new(recycle::RecycleRun::new(
            pool,
            capacity,
            per_producer,
        )?));
    }
    let k = run::Kind::parse(kind).ok_or_else(|| SetupError::UnknownRun(kind.to_string()))?;
    Ok(Box::new(run::Run::new(
        k,
        capacity,
        producers,
        per_producer,
    )?))
}
