//! The queues held to their originals: whole calls against step-by-step interleavings and a
//! model (`properties`), and the originals' unit tests re-stated: OpenJDK's
//! `ConcurrentLinkedQueue` and `ArrayBlockingQueue` tests, JCTools' queue sanity tests, their
//! threads run as virtual threads (`interleave`). Counted in docs/originals.md.

mod interleave;
mod jctools_queues;
mod jdk_array_blocking_queue;
mod jdk_concurrent_linked_queue;
mod properties;
