//! The probe: the points in an algorithm that a teacher would narrate.
//!
//! Every method has an empty default body, so a structure built with [`NoProbe`] is exactly the
//! uninstrumented algorithm once the optimiser has inlined the calls away.

/// Where an element is while a heap operation runs: in an array slot, or held outside the array
/// (the element being sifted, which the JDK keeps in a local until it finds its slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Loc {
    Slot(usize),
    Held,
}

pub trait Probe {
    /// The algorithm is now executing pseudocode line `line` of the structure's listing.
    #[inline(always)]
    fn line(&mut self, _line: u8) {}
    /// An ordering comparison between the elements at `a` and `b`.
    #[inline(always)]
    fn compare(&mut self, _a: Loc, _b: Loc) {}
    /// An `equals()` call against the element in `slot` (the JDK's linear search).
    #[inline(always)]
    fn equals(&mut self, _slot: usize) {}
    /// An element was written from `from` to `to`.
    #[inline(always)]
    fn moved(&mut self, _from: Loc, _to: Loc) {}
    /// The backing array was reallocated from `old` to `new` slots.
    #[inline(always)]
    fn grow(&mut self, _old: usize, _new: usize) {}
}

/// The benchmarked probe: does nothing, costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProbe;

impl Probe for NoProbe {}
