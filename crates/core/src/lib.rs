//! Hotpath Lab's data structures, in plain Rust.
//!
//! Every structure is generic over a [`Probe`] of its family's events: the same code is
//! benchmarked (with [`NoProbe`], which compiles to nothing), counted (with [`Counter`]) and
//! animated (with the family's recorder, writing a [`trace::TraceBuffer`]).

// First, so its `probe!` macro is in scope for the structures below.
#[macro_use]
pub mod probe;

pub mod array_queue;
pub mod families;
pub mod heap;
pub mod heap_bench;
pub mod heap_recorder;
pub mod identity_map;
pub mod indexed_heap;
pub mod jctools_ring;
pub mod jdk_heap;
pub mod linked_queue;
pub mod native_bench;
pub mod purgatory;
pub mod purgatory_sim;
pub mod queue;
pub mod queue_bench;
pub mod queue_recorder;
pub mod queue_script;
pub mod recycler;
pub mod recycler_bench;
pub mod recycler_recorder;
pub mod recycler_script;
pub mod rng;
pub mod schema_json;
pub mod script;
pub mod stack_recycler;
pub mod timer;
pub mod timer_bench;
pub mod timer_script;
pub mod timing_wheel;
pub mod trace;
pub mod udp_sim;
pub mod weak_order_recycler;
pub mod wheel_recorder;
pub mod wheel_script;

pub use indexed_heap::{Handle, IndexedHeap};
pub use jdk_heap::JdkHeap;
pub use probe::{Counter, Event, NoProbe, Probe};
pub use timer::Timer;
