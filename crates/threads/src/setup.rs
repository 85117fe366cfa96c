//! What a run may ask for, every limit in one place, and why a run cannot be set up: what the
//! page asked for, and the range it must fall in.

use std::fmt;

/// At most this many producers (an element's top 4 bits name its producer).
pub const MAX_PRODUCERS: u32 = 15;
/// At most this many elements per producer (an element's low 28 bits are its sequence number + 1).
pub const MAX_PER_PRODUCER: u32 = (1 << 28) - 2;

/// The largest ring, array or queue capacity a run takes (16,777,216 slots).
pub const MAX_SLOTS: usize = 1 << 24;
/// The most objects a Recycler pipeline passes.
pub const MAX_OBJECTS: u32 = 50_000_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// No queue or pipeline has this name.
    UnknownRun(String),
    /// A Recycler pipeline has exactly one owner thread.
    PipelineProducers(u32),
    Producers(u32),
    /// An SPSC ring takes exactly one producer.
    SpscProducers(u32),
    PerProducer(u32),
    Capacity(usize),
    Objects(u32),
    Ring(usize),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownRun(name) => write!(
                f,
                "unknown run \"{name}\"; expected clq, abq, spsc, mpsc, recycler-before or recycler-after"
            ),
            Self::PipelineProducers(n) => {
                write!(f, "a Recycler pipeline has one owner thread, not {n}")
            }
            Self::Producers(n) => write!(f, "from 1 to {MAX_PRODUCERS} producers, not {n}"),
            Self::SpscProducers(n) => {
                write!(f, "an SPSC queue takes exactly one producer, not {n}")
            }
            Self::PerProducer(n) => write!(
                f,
                "from 1 to {MAX_PER_PRODUCER} elements per producer, not {n}"
            ),
            Self::Capacity(n) => write!(f, "a capacity from 1 to 16,777,216, not {n}"),
            Self::Objects(n) => write!(f, "from 1 to 50,000,000 objects, not {n}"),
            Self::Ring(n) => write!(f, "a ring from 2 to 16,777,216 slots, not {n}"),
        }
    }
}

impl std::error::Error for SetupError {}
