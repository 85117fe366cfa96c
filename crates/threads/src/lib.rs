//! The four queues again, this time with real atomics and real threads: the JDK's
//! `ConcurrentLinkedQueue` and `ArrayBlockingQueue` and JCTools' SPSC and MPSC rings, as the same
//! algorithms `hotpath-core` steps through one access at a time (there, to be drawn; here, to be
//! raced). A producer/consumer harness runs them the way JCTools' own throughput benchmark does:
//! producers offer their elements (spinning when the queue is full), one consumer polls until it
//! has them all (spinning when it is empty), and the consumer checks each producer's order.
//!
//! Built twice: natively (`cargo bench -p hotpath-threads`, std threads), and for the browser
//! with atomics and shared memory (a pinned nightly with `-Z build-std`; see
//! web/scripts/wasm.mjs), where each thread is a Web Worker on one `WebAssembly.Memory`.

pub mod abq;
pub mod clq;
pub mod rings;
pub mod run;

#[cfg(target_arch = "wasm32")]
mod wasm;

/// An element: never 0, which is `null` in a slot or a node.
pub type Element = u32;

/// What each producer owns while it runs: the CLQ's node arena (Java's thread-local allocation
/// buffer, in effect: a node is a bump of a pointer). Unused by the array queues.
pub struct Producer {
    pub(crate) nodes: Vec<clq::Node>,
}

/// A queue shared by threads.
pub trait ConcurrentQueue: Sync + Send {
    fn offer(&self, producer: &mut Producer, e: Element) -> bool;
    fn poll(&self) -> Option<Element>;
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
