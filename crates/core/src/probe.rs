//! The probe: the points in an algorithm that a teacher would narrate.
//!
//! Every method has an empty default body, so a structure built with [`NoProbe`] is exactly the
//! uninstrumented algorithm once the optimiser has inlined the calls away (see
//! `benches/probe_cost.rs`, which measures it).

use std::cmp::Ordering;

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

/// Where an element is while an operation runs: in an array slot, or held outside the array
/// (the element being sifted, which both heaps keep in a local until they find its slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Slot(usize),
    Held,
    /// The element being removed, already taken out of the array (Netty compares against it).
    Removed,
}

/// The public operations, announced at their start so counters can split costs per operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Offer,
    Poll,
    Remove,
}

pub trait Probe {
    /// A public operation starts.
    #[inline(always)]
    fn begin(&mut self, _op: Op) {}
    /// The algorithm is now executing pseudocode line `line` of the structure's listing.
    #[inline(always)]
    fn line(&mut self, _line: u8) {}
    /// An ordering comparison: `a.compareTo(b)` gave `ord`.
    #[inline(always)]
    fn compare(&mut self, _a: Loc, _b: Loc, _ord: Ordering) {}
    /// An `equals()` call against the element in `slot` (the JDK's linear search).
    #[inline(always)]
    fn equals(&mut self, _slot: usize, _matched: bool) {}
    /// An element was written from `from` to `to`. Taking the last slot into the hand empties it.
    #[inline(always)]
    fn moved(&mut self, _from: Loc, _to: Loc) {}
    /// The element in `slot` leaves the structure (returned by poll, or cancelled).
    #[inline(always)]
    fn taken(&mut self, _slot: usize) {}
    /// The last slot was nulled without moving anything into the hand.
    #[inline(always)]
    fn cleared(&mut self, _slot: usize) {}
    /// An element stored its new array index in itself (Netty's indexed heap).
    #[inline(always)]
    fn index_written(&mut self, _slot: usize) {}
    /// The element in `slot`, leaving the queue, stored −1 ("not queued") in itself.
    #[inline(always)]
    fn index_cleared(&mut self, _slot: usize) {}
    /// The backing array was reallocated from `old` to `new` slots.
    #[inline(always)]
    fn grow(&mut self, _old: usize, _new: usize) {}
}

/// The benchmarked probe: does nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProbe;

impl Probe for NoProbe {}

/// Work done, in hardware-independent units.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub comparisons: u64,
    pub equals: u64,
    /// Writes of an element into an array slot (reading one into the hand is not a move).
    pub moves: u64,
    pub index_writes: u64,
    pub allocations: u64,
}

impl Counts {
    pub fn minus(&self, earlier: &Counts) -> Counts {
        Counts {
            comparisons: self.comparisons - earlier.comparisons,
            equals: self.equals - earlier.equals,
            moves: self.moves - earlier.moves,
            index_writes: self.index_writes - earlier.index_writes,
            allocations: self.allocations - earlier.allocations,
        }
    }
}

/// Counts work, for the last operation and in total.
#[derive(Clone, Debug, Default)]
pub struct Counter {
    pub last: Counts,
    pub total: Counts,
    pub ops: u64,
}

impl Counter {
    fn count(&mut self, f: impl Fn(&mut Counts)) {
        f(&mut self.last);
        f(&mut self.total);
    }
}

impl Probe for Counter {
    fn begin(&mut self, _op: Op) {
        self.last = Counts::default();
        self.ops += 1;
    }
    fn compare(&mut self, _a: Loc, _b: Loc, _ord: Ordering) {
        self.count(|c| c.comparisons += 1);
    }
    fn equals(&mut self, _slot: usize, _matched: bool) {
        self.count(|c| c.equals += 1);
    }
    fn moved(&mut self, _from: Loc, to: Loc) {
        if let Loc::Slot(_) = to {
            self.count(|c| c.moves += 1);
        }
    }
    fn index_written(&mut self, _slot: usize) {
        self.count(|c| c.index_writes += 1);
    }
    fn index_cleared(&mut self, _slot: usize) {
        self.count(|c| c.index_writes += 1);
    }
    fn grow(&mut self, _old: usize, _new: usize) {
        self.count(|c| c.allocations += 1);
    }
}
