//! Hotpath Lab's data structures, in plain Rust.
//!
//! Every structure is generic over a [`Probe`]: the same code is benchmarked (with [`NoProbe`],
//! which compiles to nothing), counted (with a counter) and animated (with a recorder).

// First, so its `probe!` macro is in scope for the structures below.
#[macro_use]
pub mod probe;

pub mod heap_bench;
pub mod indexed_heap;
pub mod jdk_heap;
pub mod recorder;
pub mod timer;
pub mod timer_script;

pub use indexed_heap::{Handle, IndexedHeap};
pub use jdk_heap::JdkHeap;
pub use probe::{Counter, Counts, Loc, NoProbe, Op, Probe};
pub use timer::Timer;
