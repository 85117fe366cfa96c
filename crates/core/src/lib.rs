//! Hotpath Lab's data structures, in plain Rust.
//!
//! Every structure is generic over a [`Probe`] of its family's events: the same code is
//! benchmarked (with [`NoProbe`], which compiles to nothing), counted (with [`Counter`]) and
//! animated (with the family's recorder, writing a [`trace::TraceBuffer`]).

// First, so their macros (`probe!`, `frame!`, `opcodes!`, `codes!`) are in scope below.
#[macro_use]
pub mod probe;
#[macro_use]
pub mod trace;
#[macro_use]
pub mod script;

pub mod families;
pub mod family;
pub mod heap;
pub mod kernel;
pub mod native_bench;
pub mod queue;
pub mod recycler;
pub mod reference;
pub mod rng;
pub mod schema_json;
pub mod sync;
pub mod wheel;

pub use heap::indexed::{Handle, IndexedHeap};
pub use heap::jdk::JdkHeap;
pub use heap::timer::Timer;
pub use probe::{Counter, Event, NoProbe, Probe};
