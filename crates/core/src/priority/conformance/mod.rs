//! The timer heaps held to their originals: property tests against a sorted list (every
//! invariant after every operation), the JDK's own layouts (`vectors/`, produced by the real
//! `PriorityQueue`, with the Java that made them), and the originals' unit tests re-stated
//! (OpenJDK's `PriorityQueue` tests, Netty's `DefaultPriorityQueueTest`; what is ported and
//! what is out of scope is counted in docs/originals.md).

mod jdk_priority_queue;
mod jdk_vectors;
mod netty_default_priority_queue;
mod properties;
