//! What the timers tell the probe: the operation begun, each step of it, and the pseudocode line
//! it runs, for both the wheel and the delay queue of tasks it replaced.

use crate::priority::{HeapEvent, HeapOp};
use crate::probe::{Event, Kind};

/// What the timer does, for the probe.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WheelOp {
    Add,
    Cancel,
    Advance,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WheelEvent {
    Begin(WheelOp),
    /// The entry is due beyond `level`'s interval: it is handed to the next level up.
    Beyond {
        timer: u32,
        level: usize,
    },
    /// The entry for `timer` (a handle) is due within `level`'s interval: it goes to `slot`.
    Place {
        timer: u32,
        level: usize,
        slot: usize,
    },
    /// `level` had no overflow wheel: one is made.
    Overflow {
        level: usize,
    },
    /// Appended at the tail of a bucket's list.
    Insert {
        timer: u32,
        level: usize,
        slot: usize,
    },
    /// Unlinked from its bucket (cancelled, or taken by a flush).
    Unlink {
        timer: u32,
        level: usize,
        slot: usize,
    },
    /// A due bucket is emptied; each entry is handed to `add` again.
    Flush {
        level: usize,
        slot: usize,
    },
    /// A flushed entry was placed again, at a lower level.
    Cascade {
        timer: u32,
        from: usize,
        to: usize,
    },
    /// The entry is due: its task runs, at `time`.
    Fire {
        timer: u32,
        time: u64,
    },
    /// `level`'s clock moved to `time`.
    Tick {
        level: usize,
        time: u64,
    },
    /// Nothing more is due by `now`: the reaper waits (its poll times out), and the wheel's clock
    /// stays where the last bucket left it.
    Wait {
        now: u64,
    },
    /// The delay queue's heap at work (of buckets, or of tasks in the old design).
    Queue(HeapEvent),
    /// The delay queue's heap is on this line of its own listing (for the narration only).
    QueueLine(u8),
}

pub mod kind {
    pub const BEGIN: usize = 0;
    pub const PLACE: usize = 1;
    pub const OVERFLOW: usize = 2;
    pub const INSERT: usize = 3;
    pub const UNLINK: usize = 4;
    pub const FLUSH: usize = 5;
    pub const CASCADE: usize = 6;
    pub const FIRE: usize = 7;
    pub const TICK: usize = 8;
    pub const Q_OFFER: usize = 9;
    pub const Q_POLL: usize = 10;
    pub const Q_REMOVE: usize = 11;
    pub const Q_COMPARE: usize = 12;
    pub const Q_EQUALS: usize = 13;
    pub const Q_MOVE: usize = 14;
    pub const Q_STEP: usize = 15;
    pub const BEYOND: usize = 16;
    pub const WAIT: usize = 17;
}

impl Event for WheelEvent {
    const KINDS: &'static [Kind] = &[
        Kind {
            name: "begin",
            counter: None,
        },
        Kind {
            name: "place",
            counter: Some("slots computed"),
        },
        Kind {
            name: "overflow",
            counter: Some("overflow wheels made"),
        },
        Kind {
            name: "insert",
            counter: Some("bucket inserts"),
        },
        Kind {
            name: "unlink",
            counter: Some("bucket unlinks"),
        },
        Kind {
            name: "flush",
            counter: Some("buckets flushed"),
        },
        Kind {
            name: "cascade",
            counter: Some("cascades"),
        },
        Kind {
            name: "fire",
            counter: Some("timers fired"),
        },
        Kind {
            name: "tick",
            counter: Some("clock moves"),
        },
        Kind {
            name: "q-offer",
            counter: Some("delay-queue offers"),
        },
        Kind {
            name: "q-poll",
            counter: Some("delay-queue polls"),
        },
        Kind {
            name: "q-remove",
            counter: Some("delay-queue removes"),
        },
        Kind {
            name: "q-compare",
            counter: Some("delay-queue comparisons"),
        },
        Kind {
            name: "q-equals",
            counter: Some("delay-queue equals() calls"),
        },
        Kind {
            name: "q-move",
            counter: Some("delay-queue moves"),
        },
        Kind {
            name: "q-step",
            counter: None,
        },
        Kind {
            name: "beyond",
            counter: Some("levels passed"),
        },
        Kind {
            name: "wait",
            counter: None,
        },
    ];

    fn kind(&self) -> usize {
        match self {
            WheelEvent::Begin(_) => kind::BEGIN,
            WheelEvent::Beyond { .. } => kind::BEYOND,
            WheelEvent::Place { .. } => kind::PLACE,
            WheelEvent::Overflow { .. } => kind::OVERFLOW,
            WheelEvent::Insert { .. } => kind::INSERT,
            WheelEvent::Unlink { .. } => kind::UNLINK,
            WheelEvent::Flush { .. } => kind::FLUSH,
            WheelEvent::Cascade { .. } => kind::CASCADE,
            WheelEvent::Fire { .. } => kind::FIRE,
            WheelEvent::Tick { .. } => kind::TICK,
            WheelEvent::Wait { .. } => kind::WAIT,
            WheelEvent::QueueLine(_) => kind::Q_STEP,
            WheelEvent::Queue(h) => match h {
                HeapEvent::Begin(HeapOp::Offer) => kind::Q_OFFER,
                HeapEvent::Begin(HeapOp::Poll) => kind::Q_POLL,
                HeapEvent::Begin(HeapOp::Remove) => kind::Q_REMOVE,
                HeapEvent::Compare { .. } => kind::Q_COMPARE,
                HeapEvent::Equals { .. } => kind::Q_EQUALS,
                HeapEvent::Move { .. } => kind::Q_MOVE,
                _ => kind::Q_STEP,
            },
        }
    }
}

pseudocode! {
    ADD => "add(task, delay): e ← entry(task, now + delay); wheel.add(e)  // now: the real clock",
    WHEEL_ADD => "wheel.add(e) at a level (tick, size, currentTime: the wheel's clock):",
    ADD_EXPIRED => "  if e.expiration < currentTime + tick: run e now  // expired",
    ADD_PLACE => "  elif e.expiration < currentTime + tick × size: b ← buckets[(e.expiration / tick) mod size]; b.append(e)",
    ADD_OFFER => "    if b.setExpiration((e.expiration / tick) × tick) changed: delayQueue.offer(b)",
    ADD_OVERFLOW => "  else: overflowWheel (made on first need: tick × size, size, currentTime).add(e)",
    CANCEL => "cancel(e): if e.list ≠ null: e.list.unlink(e)  // O(1)",
    REAPER => "reaper, as time passes to T (an add only offers; it never polls):",
    POLL => "  while delayQueue.peek().expiration ≤ now: b ← delayQueue.poll()  // else wait",
    BUCKET_CLOCK => "    wheel.advanceClock(b.expiration)  // the wheel's clock moves only here",
    FLUSH => "    b.flush(e → wheel.add(e))  // each entry drops a level, or runs; then b.expiration ← −1",
    CLOCK => "advanceClock(t) at a level: if t ≥ currentTime + tick: currentTime ← t − t mod tick; overflowWheel?.advanceClock(currentTime)",
}

pseudocode! {
    mod dq_line, const DELAY_QUEUE_PSEUDOCODE;
    ADD => "add(t): delayQueue.offer(t)  // a heap ordered by due time: O(log n)",
    CANCEL => "cancel(t): delayQueue.remove(t)  // finds t by equals(), slot by slot: O(n)",
    REAPER => "reaper, as time passes to T: while delayQueue.peek().due ≤ now: run delayQueue.poll()",
}
