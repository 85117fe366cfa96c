//! Hotpath Lab's data structures, in plain Rust.
//!
//! Every structure is generic over a [`Probe`] of its family's events: the same code is
//! benchmarked (with [`NoProbe`], which compiles to nothing), counted (with [`Counter`]) and
//! animated (with the family's recorder, writing a `trace::TraceBuffer`).
//!
//! # The structures, each doing what its original does
//!
//! Each example below is checked by `cargo test --doc`: a fact of the original (JDK 17, Netty,
//! Kafka, JCTools) the lab's copy must keep.
//!
//! The JDK's `PriorityQueue` lays its array out as `siftUp` leaves it, not sorted: offering 5, 3
//! and 1 leaves `[1, 5, 3]`.
//!
//! ```
//! use hotpath_core::priority::JdkHeap;
//!
//! let mut q = JdkHeap::new();
//! for t in [5u64, 3, 1] {
//!     q.offer(t);
//! }
//! assert_eq!(q.as_slice(), &[1, 5, 3]);
//! assert_eq!(q.poll(), Some(1));
//! assert_eq!(q.as_slice(), &[3, 5]);
//! ```
//!
//! Its `remove(Object)` finds the element by calling `equals()` from slot 0: removing the last
//! of four timers calls it four times, which made cancelling a timer O(n) in Netty before 2017.
//!
//! ```
//! use hotpath_core::priority::JdkHeap;
//! use hotpath_core::priority::kind;
//! use hotpath_core::Counter;
//!
//! let mut q = JdkHeap::with_probe(Counter::new());
//! for t in [10u64, 20, 30, 40] {
//!     q.offer(t);
//! }
//! assert_eq!(q.remove(&40), Some(3));
//! assert_eq!(q.probe.last_of(kind::EQUALS), 4);
//! assert_eq!(q.remove(&40), None);
//! ```
//!
//! Netty's `DefaultPriorityQueue` has each element store its own index, so the same removal
//! calls `equals()` once (`contains` checks the slot the element names) and, for the last
//! element, compares nothing; an element is in one queue at most.
//!
//! ```
//! use hotpath_core::priority::IndexedHeap;
//! use hotpath_core::priority::kind;
//! use hotpath_core::Counter;
//!
//! let mut q = IndexedHeap::with_probe(Counter::new());
//! let handles: Vec<_> = [10u64, 20, 30, 40].iter().map(|&t| q.create(t)).collect();
//! for &h in &handles {
//!     q.offer(h).unwrap();
//! }
//! assert!(q.offer(handles[0]).is_err());
//! assert_eq!(q.remove(handles[3]), Some(3));
//! assert_eq!(q.probe.last_of(kind::EQUALS), 1);
//! assert_eq!(q.probe.last_of(kind::COMPARE), 0);
//! assert_eq!(q.stored_index(handles[3]), -1); // outside the queue again
//! assert_eq!(q.remove(handles[3]), None);
//! ```
//!
//! Its sift order is the JDK's: the smallest of three keys offered 30, 10, 20 rises to the root.
//!
//! ```
//! use hotpath_core::priority::IndexedHeap;
//!
//! let mut q = IndexedHeap::new();
//! let [a, b, c] = [30u64, 10, 20].map(|t| q.create(t));
//! for h in [a, b, c] {
//!     q.offer(h).unwrap();
//! }
//! assert_eq!(q.as_slice(), &[b, a, c]);
//! assert_eq!((q.stored_index(b), q.stored_index(a), q.stored_index(c)), (0, 1, 2));
//! ```
//!
//! Kafka's `SystemTimer` places a task due beyond the lowest wheel's 20 ms in an overflow wheel
//! it makes on demand (tick 20 ms); the reaper fires each task once its bucket comes due.
//!
//! ```
//! use hotpath_core::wheel::SystemTimer;
//!
//! let mut timer = SystemTimer::new(0);
//! let mut fired = Vec::new();
//! let mut fire = |id: u32, _at: u64| fired.push(id);
//! timer.add(1, 5, &mut fire);
//! timer.add(2, 30, &mut fire);
//! assert_eq!(timer.levels().len(), 2);
//! timer.advance(10, &mut fire);
//! timer.advance(40, &mut fire);
//! assert_eq!(fired, vec![1, 2]);
//! assert_eq!(timer.size(), 0);
//! ```
//!
//! The purgatory before it kept the tasks themselves in a `DelayQueue`: cancelling one is a
//! search of the queue, and what is left fires in due order.
//!
//! ```
//! use hotpath_core::wheel::DelayQueueTimer;
//!
//! let mut timer = DelayQueueTimer::new(0);
//! let mut fired = Vec::new();
//! let mut fire = |id: u32, at: u64| fired.push((id, at));
//! let late = timer.add(1, 50, &mut fire);
//! timer.add(2, 20, &mut fire);
//! assert!(timer.cancel(late));
//! timer.advance(100, &mut fire);
//! assert_eq!(fired, vec![(2, 20)]);
//! assert!(timer.is_empty());
//! ```
//!
//! The JDK's `ConcurrentLinkedQueue` is unbounded (an offer never fails) and its `size()` walks
//! the list; a poll self-links the head it leaves behind, so a thread still holding it knows to
//! start again from `head`.
//!
//! ```
//! use hotpath_core::queue::LinkedQueue;
//! use hotpath_core::queue::{Outcome, QueueOp, StepQueue};
//!
//! let mut q = LinkedQueue::new();
//! for e in [7, 8, 9] {
//!     assert_eq!(q.call(QueueOp::Offer(e)), Outcome::Offered(true));
//! }
//! assert_eq!(q.call(QueueOp::Size), Outcome::Size(3));
//! assert_eq!(q.call(QueueOp::Poll), Outcome::Polled(Some(7)));
//! assert_eq!(q.call(QueueOp::Poll), Outcome::Polled(Some(8)));
//! assert!(q.is_dead(0)); // the first, dummy head
//! assert_eq!(q.contents(), vec![9]);
//! ```
//!
//! The JDK's `ArrayBlockingQueue` is bounded: a full queue refuses an offer, and `size()` reads
//! `count` under the lock.
//!
//! ```
//! use hotpath_core::queue::ArrayQueue;
//! use hotpath_core::queue::{Outcome, QueueOp, StepQueue};
//!
//! let mut q = ArrayQueue::new(2);
//! assert_eq!(q.call(QueueOp::Offer(1)), Outcome::Offered(true));
//! assert_eq!(q.call(QueueOp::Offer(2)), Outcome::Offered(true));
//! assert_eq!(q.call(QueueOp::Offer(3)), Outcome::Offered(false));
//! assert_eq!(q.call(QueueOp::Size), Outcome::Size(2));
//! assert_eq!(q.call(QueueOp::Poll), Outcome::Polled(Some(1)));
//! ```
//!
//! JCTools rounds a ring's capacity up to a power of two (`Pow2.roundToPowerOfTwo`), with the
//! SPSC ring's minimum of 4.
//!
//! ```
//! use hotpath_core::queue::{ring_capacity, RingKind};
//!
//! assert_eq!(ring_capacity(RingKind::Spsc, 5), 8);
//! assert_eq!(ring_capacity(RingKind::Spsc, 1), 4);
//! assert_eq!(ring_capacity(RingKind::Mpsc, 1), 1);
//! assert_eq!(ring_capacity(RingKind::Mpsc, 1000), 1024);
//! ```
//!
//! Netty's 2014 Recycler, before the rewrite: an object recycled on the thread that got it goes
//! back on that thread's stack, and the next `get` there hands it out again.
//!
//! ```
//! use hotpath_core::recycler::StackRecycler;
//! use hotpath_core::recycler::VirtualRecycler;
//! use hotpath_core::NoProbe;
//!
//! let mut r = StackRecycler::new(1, 256, false, NoProbe);
//! let o = r.get(0).unwrap();
//! assert_eq!(r.recycle(0, o), Ok(true));
//! assert_eq!(r.get(0), Ok(o));
//! assert_ne!(r.get(0).unwrap(), o); // the stack is empty again: a new object
//! ```
//!
//! # What the other crates use
//!
//! This crate's public face is what `crates/wasm`, `crates/threads`, the benches and the examples
//! above use. The modules nothing outside uses (the Family trait, the trace buffer, the probes'
//! module, the one-word reference, the RNG, the synchronization shims) are `pub(crate)`, and so is
//! every family's inside: a family module shows its main types (`heap::Timer`,
//! `queue::RingQueue`, `recycler::StackRecycler`, `wheel::SystemTimer`, …) and keeps its scripts,
//! recorders, kernels and simulations to the crate, which reaches them through the registry.
//! The two heaps both timer families use are a module of their own, [`priority`]
//! ([`priority::JdkHeap`], [`priority::IndexedHeap`] and their event kinds, [`priority::kind`]),
//! so that no family's folder imports another's. The script layer (`script`) is public whole:
//! the wasm uses four of its types, the families many
//! more, and its macros are its own.
//!
//! The wasm facade (`crates/wasm`) reaches every family through the registry and the script
//! layer, never a family's types:
//! - [`families`]: each family's planner, schema, suites and simulations by name ([`families::
//!   family`], [`families::kernel`], [`families::simulation`]), and [`families::RegistryError`]
//!   for a name it does not know;
//! - [`kernel::Kernel`] (a suite's timed kernel) and [`kernel::ParamError`] (a row's parameters
//!   it cannot take);
//! - [`simulation::Simulation`] and [`simulation::Spec`] (what a lesson drives tick by tick);
//! - [`script::PlannedScript`], [`script::Recorded`], [`script::ScriptError`] and
//!   [`script::Place`] (a planned script, its trace, and where an error is);
//! - [`schema_json`] (the schemas the site's TypeScript is generated from).
//!
//! The native benches run the same kernels through [`native_bench`].
//!
//! The threaded races (`crates/threads`) run the step-by-step structures themselves across real
//! threads and check them against this crate's: [`queue::StepQueue`] with [`queue::QueueOp`] and
//! [`queue::Outcome`]; [`queue::LinkedQueue`], [`queue::ArrayQueue`], [`queue::RingQueue`] with
//! [`queue::RingKind`]; [`recycler::VirtualRecycler`], [`recycler::StackRecycler`],
//! [`recycler::WeakOrderRecycler`] and [`recycler::DEFAULT_MAX_CAPACITY`]; and [`NoProbe`].
//!
//! Each family's tests live in its folder (`<family>/conformance/`, and its says table); the
//! crate's own `tests/` check its layering and its registries through this public face.

// First, so their macros (`probe!`, `frame!`, `opcodes!`, `codes!`) are in scope below.
#[macro_use]
pub(crate) mod probe;
#[macro_use]
pub(crate) mod trace;
#[macro_use]
pub mod script;
#[cfg(test)]
mod says;
#[cfg(test)]
mod testing;

pub mod families;
pub(crate) mod family;
pub mod heap;
pub mod kernel;
pub mod native_bench;
pub mod priority;
pub mod queue;
pub mod recycler;
pub(crate) mod reference;
pub(crate) mod rng;
pub mod schema_json;
pub mod simulation;
pub(crate) mod sync;
pub mod wheel;

pub use probe::{Counter, Event, NoProbe, Probe};
