//! The two priority queues both timer families are built on: the JDK's `PriorityQueue` (`jdk`)
//! and Netty's `DefaultPriorityQueue` (`indexed`), what they share (their events, where an
//! element can be, the JDK's growth rule), their tests against the originals (`conformance`), and
//! the mirror that draws either one from its events (`recorder`). The heap family drives them with
//! timers; the wheel family's delay queues hold buckets or tasks in the JDK's.

#[cfg(test)]
mod conformance;
pub(crate) mod indexed;
pub(crate) mod jdk;
pub(crate) mod recorder;

pub use indexed::{Handle, IndexedHeap};
pub use jdk::JdkHeap;

use std::cmp::Ordering;

use crate::probe::{Event, Kind};

/// Which heap: `java.util.PriorityQueue` or Netty's `DefaultPriorityQueue`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapKind {
    Jdk,
    Indexed,
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

/// The public operations, announced at their start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HeapOp {
    Offer,
    Poll,
    Remove,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapEvent {
    Begin(HeapOp),
    /// The backing array was reallocated from `old` to `new` slots.
    Grow {
        old: usize,
        new: usize,
    },
    /// An ordering comparison: `a.compareTo(b)` gave `ord`.
    Compare {
        a: Loc,
        b: Loc,
        ord: Ordering,
    },
    /// An `equals()` call against the element in `slot`: one per slot of the JDK's linear
    /// search, and Netty's `contains(node, i)` check of the one slot the stored index names.
    Equals {
        slot: usize,
        matched: bool,
    },
    /// An element was written into array slot `to` (from another slot, or from the hand).
    Move {
        from: Loc,
        to: usize,
    },
    /// The element in `slot` was picked up into the hand (a read, not a write of the array).
    Lift {
        slot: usize,
    },
    /// The element in `slot` leaves the structure (returned by poll, or cancelled).
    Take {
        slot: usize,
    },
    /// The last slot was nulled without moving anything into the hand.
    Clear {
        slot: usize,
    },
    /// The element in `slot` stored `index` in itself: its slot, or −1 as it leaves (Netty).
    IndexWrite {
        slot: usize,
        index: i32,
    },
}

pub mod kind {
    pub const BEGIN: usize = 0;
    pub const GROW: usize = 1;
    pub const COMPARE: usize = 2;
    pub const EQUALS: usize = 3;
    pub const MOVE: usize = 4;
    pub const LIFT: usize = 5;
    pub const TAKE: usize = 6;
    pub const CLEAR: usize = 7;
    pub const INDEX: usize = 8;
}

impl Event for HeapEvent {
    const KINDS: &'static [Kind] = &[
        Kind {
            name: "begin",
            counter: None,
        },
        Kind {
            name: "grow",
            counter: Some("array grows"),
        },
        Kind {
            name: "compare",
            counter: Some("comparisons"),
        },
        Kind {
            name: "equals",
            counter: Some("equals() calls"),
        },
        Kind {
            name: "move",
            counter: Some("element moves"),
        },
        Kind {
            name: "lift",
            counter: None,
        },
        Kind {
            name: "take",
            counter: None,
        },
        Kind {
            name: "clear",
            counter: None,
        },
        Kind {
            name: "index",
            counter: Some("index writes"),
        },
    ];

    fn kind(&self) -> usize {
        match self {
            HeapEvent::Begin(_) => kind::BEGIN,
            HeapEvent::Grow { .. } => kind::GROW,
            HeapEvent::Compare { .. } => kind::COMPARE,
            HeapEvent::Equals { .. } => kind::EQUALS,
            HeapEvent::Move { .. } => kind::MOVE,
            HeapEvent::Lift { .. } => kind::LIFT,
            HeapEvent::Take { .. } => kind::TAKE,
            HeapEvent::Clear { .. } => kind::CLEAR,
            HeapEvent::IndexWrite { .. } => kind::INDEX,
        }
    }
}

/// The JDK's default initial capacity (Netty's heap starts the same here).
pub const INITIAL_CAPACITY: usize = 11;

/// The JDK's growth rule: double (plus two) while small, then grow by half.
pub fn grown_capacity(old: usize) -> usize {
    old + if old < 64 { old + 2 } else { old >> 1 }
}
