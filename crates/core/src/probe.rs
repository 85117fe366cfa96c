//! The probe: the points in an algorithm that a teacher would narrate, as typed events.
//!
//! Each structure family has its own event enum (`HeapEvent`, …) implementing [`Event`]; every
//! structure is generic over a [`Probe`] of its events. Three probes serve every family:
//! [`NoProbe`] (the benchmarked build: every call inlines to nothing, see `benches/probe_cost.rs`),
//! [`Counter`] (work counted per event kind, hardware-independent) and each family's recorder
//! (steps for the player, built on [`crate::trace::TraceBuffer`]).

/// Every probe call in the structures goes through this. Normally it is just the call; with the
/// `strip-probes` feature it is nothing at all, which exists only so `benches/probe-cost.sh` can
/// compare the benchmarked build (`NoProbe`) with code that has no probe calls written in it.
macro_rules! probe {
    ($call:expr) => {
        #[cfg(not(feature = "strip-probes"))]
        {
            $call;
        }
    };
}

/// One kind of event, as counters and the web name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// A stable identifier (`"compare"`), used in the wasm schema.
    pub name: &'static str,
    /// The counter's label (`"comparisons"`), or `None` for events that are not counted work
    /// (an operation starting, an element picked up).
    pub counter: Option<&'static str>,
}

/// What a structure reports as it works.
pub trait Event: Copy {
    /// Every kind, in the order `kind()` numbers them. Kind 0 starts a public operation; every
    /// `kind()` is below `KINDS.len()` (each family's tests check it).
    const KINDS: &'static [Kind];
    fn kind(&self) -> usize;
}

pub trait Probe<E: Event> {
    /// The algorithm is now executing pseudocode line `line` of the structure's listing.
    #[inline(always)]
    fn line(&mut self, _line: u8) {}
    /// Something a teacher would point at happened.
    #[inline(always)]
    fn event(&mut self, _e: E) {}
}

/// The benchmarked probe: does nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProbe;

impl<E: Event> Probe<E> for NoProbe {}

/// The most event kinds a family may have (the counter keeps them in fixed arrays: counting is
/// on the hot path of the cost curves, five billion events at n = 100,000).
pub const MAX_KINDS: usize = 24;

/// Work done, counted per event kind: for the current operation and since the start.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counter {
    pub last: [u64; MAX_KINDS],
    pub total: [u64; MAX_KINDS],
    /// Public operations started.
    pub ops: u64,
}

impl Counter {
    pub fn new() -> Self {
        Self::default()
    }

    /// The total of one kind (0 if it never happened).
    pub fn total_of(&self, kind: usize) -> u64 {
        self.total[kind]
    }

    /// The current operation's count of one kind.
    pub fn last_of(&self, kind: usize) -> u64 {
        self.last[kind]
    }
}

impl<E: Event> Probe<E> for Counter {
    #[inline]
    fn event(&mut self, e: E) {
        const { assert!(E::KINDS.len() <= MAX_KINDS) };
        let k = e.kind();
        if k == 0 {
            self.last = [0; MAX_KINDS];
            self.ops += 1;
        }
        self.last[k] += 1;
        self.total[k] += 1;
    }
}

/// Per-kind counts, subtracted: the work between two moments.
pub fn minus(later: &[u64], earlier: &[u64]) -> Vec<u64> {
    later
        .iter()
        .enumerate()
        .map(|(i, x)| x - earlier.get(i).copied().unwrap_or(0))
        .collect()
}

/// A probe shared with whoever drives the structure (the queues' scheduler reads the recorder
/// between steps, while the structure holds the other handle).
impl<E: Event, T: Probe<E>> Probe<E> for std::rc::Rc<std::cell::RefCell<T>> {
    #[inline]
    fn line(&mut self, line: u8) {
        self.borrow_mut().line(line);
    }
    #[inline]
    fn event(&mut self, e: E) {
        self.borrow_mut().event(e);
    }
}
