//! The mirror of a heap: a recorder's part that any recorder whose structure contains one of
//! these heaps reuses (the heap family's recorder draws one heap of timers; the timing wheel's,
//! its delay queue of buckets). It keeps a mirror of the array, re-synchronised from the real
//! heap before every operation, because mid-operation the real heap keeps the moving element in
//! a local variable, and writes every step into a trace (slots, hand, stored indices,
//! highlights) with one sentence a teacher would say.

use std::cmp::Ordering;

use crate::priority::{indexed, jdk, HeapEvent, HeapKind, HeapOp, Loc, INITIAL_CAPACITY};
use crate::trace::TraceBuffer;

mod events;

/// What a heap holds, as the frame and the narration name it.
pub trait HeapItem: Copy + PartialEq {
    /// The number the frame stores for it (−1 if it has none).
    fn code(&self) -> i32;
    /// How a sentence names it: a deadline, a bucket.
    fn label(&self) -> String;
}

codes! {
    /// Bits of the `flags` field, per slot.
    pub mod flag {
        /// The current step touches this slot.
        FOCUS = 1,
        /// `equals()` has looked at this slot during this operation.
        SCANNED = 2,
    }
}

frame! {
    /// A heap's frame fields, for a frame of at most `slots` slots (a structure with a heap
    /// inside prefixes their names). Items are named by their codes; −1 is "none" (or a hole in
    /// `slot`).
    pub struct HeapAt(slots: usize) {
        action: 1,
        op: 1,
        size: 1,
        capacity: 1,
        held: 1,
        held_index: 1,
        removed: 1,
        found: 1,
        focus_held: 1,
        slot: slots,
        stored: slots,
        flags: slots,
    }
}

/// Words the narration uses for what the heap holds.
#[derive(Clone, Copy)]
pub struct Nouns {
    /// "timer", "bucket".
    pub item: &'static str,
    /// What orders them: "deadline", "expiration".
    pub key: &'static str,
    /// A position in the array: "slot" where the lesson teaches heaps; "place" where "slot"
    /// already names something else (the timing wheel's slots).
    pub slot: &'static str,
    /// Narrate the element being moved as held "in hand", the picture the heap lesson teaches;
    /// a lesson that never introduces it narrates the same moves without it.
    pub hand: bool,
}

impl Nouns {
    /// The heap lesson's words for a heap of `item`s ordered by `key`.
    pub const fn heap(item: &'static str, key: &'static str) -> Self {
        Self {
            item,
            key,
            slot: "slot",
            hand: true,
        }
    }

    /// Plain words, for a heap drawn inside another structure's lesson.
    pub const fn plain(item: &'static str, key: &'static str) -> Self {
        Self {
            item,
            key,
            slot: "place",
            hand: false,
        }
    }
}

/// The pseudocode lines whose events a sentence tells apart by where they happen.
#[derive(Clone, Copy)]
struct Lines {
    /// The comparison of a climbing element with its parent (otherwise a sinking one's).
    climb_compare: u8,
    /// The JDK's removeAt picking the moved element up again to climb (`u8::MAX`: none).
    climb_again: u8,
    /// Netty's remove moving the last element into the freed slot (`u8::MAX`: none).
    move_last: u8,
    /// Netty's remove picking the moved element up to sift it, by direction (`u8::MAX`: none);
    /// every other pick-up takes the last element off the end.
    pick_up: [u8; 2],
}

impl Lines {
    fn of(kind: HeapKind) -> Self {
        match kind {
            HeapKind::Jdk => Self {
                climb_compare: jdk::line::SIFT_UP_COMPARE,
                climb_again: jdk::line::REMOVE_AT_SIFT_UP,
                move_last: u8::MAX,
                pick_up: [u8::MAX; 2],
            },
            HeapKind::Indexed => Self {
                climb_compare: indexed::line::BUBBLE_UP_COMPARE,
                climb_again: u8::MAX,
                move_last: indexed::line::REMOVE_MOVE_LAST,
                pick_up: [
                    indexed::line::REMOVE_BUBBLE_DOWN,
                    indexed::line::REMOVE_BUBBLE_UP,
                ],
            },
        }
    }
}

/// A heap's array, mirrored from its events into a frame, with a sentence per event.
pub struct HeapMirror<T: HeapItem> {
    kind: HeapKind,
    nouns: Nouns,
    at: HeapAt,
    /// How many slots the frame has room for.
    room: usize,
    /// The pseudocode lines, per heap kind, whose events the narration tells apart.
    lines: Lines,
    pub action: usize,
    subject: Option<T>,
    /// The mirror: the item in each slot (None: a hole the sift has not refilled yet).
    slots: Vec<Option<T>>,
    /// The index each slot's item has stored in itself (Netty's heap).
    stored: Vec<i32>,
    held: Option<T>,
    held_index: i32,
    removed: Option<T>,
    equals_calls: u32,
    focus: Vec<usize>,
    line: u8,
}

impl<T: HeapItem> HeapMirror<T> {
    /// A mirror writing the heap fields of `trace` named with `prefix` (which must have them,
    /// `slots` long).
    pub fn new(
        kind: HeapKind,
        nouns: Nouns,
        trace: &mut TraceBuffer,
        prefix: &str,
        slots: usize,
    ) -> Self {
        let at = HeapAt::locate_prefixed(&trace.layout, prefix);
        trace.init(at.size, 0);
        trace.init(at.capacity, INITIAL_CAPACITY as i32);
        trace.init(at.focus_held, 0);
        for i in 0..slots {
            trace.init(at.flags + i, 0);
        }
        let lines = Lines::of(kind);
        Self {
            kind,
            nouns,
            at,
            room: slots,
            lines,
            action: 0,
            subject: None,
            slots: Vec::new(),
            stored: Vec::new(),
            held: None,
            held_index: -1,
            removed: None,
            equals_calls: 0,
            focus: Vec::new(),
            line: 0,
        }
    }

    /// Before each operation: the array as it stands, and the item the operation is about.
    pub fn prepare(&mut self, layout: &[T], subject: Option<T>) {
        self.slots = layout.iter().copied().map(Some).collect();
        self.stored = (0..layout.len() as i32).collect();
        self.held = None;
        self.held_index = -1;
        self.removed = None;
        self.subject = subject;
        self.equals_calls = 0;
    }

    /// The item the next operation is about (a structure around the heap says so just before).
    pub fn set_subject(&mut self, subject: Option<T>) {
        self.subject = subject;
    }

    fn at(&self, l: Loc) -> Option<T> {
        match l {
            Loc::Slot(i) => self.slots.get(i).copied().flatten(),
            Loc::Held => self.held,
            Loc::Removed => self.removed,
        }
    }

    fn name(&self, l: Loc) -> String {
        let d = self.key(l);
        match l {
            Loc::Slot(i) => format!("{d} at [{i}]"),
            Loc::Held if self.nouns.hand => format!("{d} (in hand)"),
            // Only ever the first of two compared: the comma closes the aside.
            Loc::Held => format!("the {} being placed, {d},", self.nouns.item),
            Loc::Removed => format!("{d} (the one being removed)"),
        }
    }

    fn key(&self, l: Loc) -> String {
        self.at(l).map_or("?".to_string(), |t| t.label())
    }

    fn code(t: Option<T>) -> i32 {
        t.map_or(-1, |t| t.code())
    }

    /// The whole mirror into the frame; the trace keeps only what changed.
    fn write_frame(&mut self, trace: &mut TraceBuffer, focus: &[usize], focus_held: bool) {
        let at = &self.at;
        let fields = [
            (at.action, self.action as i32),
            (at.held, Self::code(self.held)),
            (
                at.held_index,
                if self.held.is_some() {
                    self.held_index
                } else {
                    -1
                },
            ),
            (at.removed, Self::code(self.removed)),
            (at.focus_held, i32::from(focus_held)),
        ];
        for (o, v) in fields {
            trace.set(o, v);
        }
        let n = self.slots.len().min(self.room);
        trace.set(at.size, n as i32);
        for i in 0..n {
            trace.set(at.slot + i, Self::code(self.slots[i]));
            trace.set(
                at.stored + i,
                if self.slots[i].is_some() {
                    self.stored[i]
                } else {
                    -1
                },
            );
        }
        for &i in &self.focus {
            if i < self.room {
                let f = trace.get(at.flags + i);
                trace.set(at.flags + i, f & !flag::FOCUS);
            }
        }
        for &i in focus {
            if i < self.room {
                let f = trace.get(at.flags + i);
                trace.set(at.flags + i, f | flag::FOCUS);
            }
        }
        self.focus = focus.to_vec();
    }

    fn begin(&mut self, trace: &mut TraceBuffer, op: HeapOp) -> String {
        let subject = self.subject;
        let size = self.slots.len();
        let d = subject.map_or("?".to_string(), |t| t.label());
        self.removed = None;
        self.equals_calls = 0;
        let Nouns { item, slot, .. } = self.nouns;
        // A new operation: no scan marks, nothing found, nothing removed yet.
        for i in 0..size.min(self.room) {
            trace.set(self.at.flags + i, 0);
        }
        trace.set(self.at.found, -1);
        trace.set(self.at.op, op as i32);
        if op == HeapOp::Offer {
            self.held = subject;
        }
        match (op, self.kind) {
            (HeapOp::Offer, _) if self.nouns.hand => format!(
                "offer({d}): the new {item} is in hand; it starts at the first free slot, [{size}], and climbs while it is earlier than its parent."),
            (HeapOp::Offer, _) => format!(
                "offer({d}): the new {item} starts at the end of the array, [{size}], and climbs while it is earlier than its parent."),
            (HeapOp::Poll, _) if size == 0 => "poll(): the queue is empty; nothing to return.".to_string(),
            (HeapOp::Poll, _) => format!("poll(): the earliest {item} is always the root, [0]."),
            (HeapOp::Remove, HeapKind::Jdk) => format!(
                "remove({d}): the JDK must first find the {item}, comparing it with equals() {slot} by {slot} from [0]."),
            (HeapOp::Remove, HeapKind::Indexed) => {
                let index = subject.and_then(|t| self.slots.iter().position(|s| *s == Some(t)));
                match index {
                    Some(i) => format!("remove({d}): the {item} knows its own index, {i}: no search, one equals() call to check that {slot}."),
                    None => format!("remove({d}): its stored index is −1, so it is not queued; nothing to do, not even an equals() call."),
                }
            }
        }
    }

    fn compare_text(&self, a: Loc, b: Loc, ord: Ordering) -> String {
        let (da, db) = (self.key(a), self.key(b));
        // Equal keys are ordered by when they were scheduled: say so, rather than "94 > 94".
        let tied = da == db && ord != Ordering::Equal;
        let sign = match ord {
            _ if tied => "=",
            Ordering::Less => "<",
            Ordering::Equal => "=",
            Ordering::Greater => ">",
        };
        let tie = if tied {
            let first = if ord == Ordering::Less { a } else { b };
            format!(
                " (equal {}s: {} was scheduled first, so it counts as earlier)",
                self.nouns.key,
                self.name(first)
            )
        } else {
            String::new()
        };
        let item = self.nouns.item;
        let verdict = match (a, b) {
            (Loc::Slot(_), Loc::Slot(_)) => {
                if ord == Ordering::Greater {
                    "the right child is earlier".to_string()
                } else {
                    "the left child is earlier (or tied)".to_string()
                }
            }
            (Loc::Held, Loc::Slot(_)) if self.line == self.lines.climb_compare => {
                if ord == Ordering::Less {
                    "earlier than its parent: move the parent down".to_string()
                } else {
                    "not earlier than its parent: stop here".to_string()
                }
            }
            (Loc::Held, Loc::Slot(_)) => {
                if ord == Ordering::Greater {
                    "later than the earlier child: move that child up".to_string()
                } else {
                    "no later than the earlier child: stop here".to_string()
                }
            }
            (Loc::Removed, _) => {
                if ord == Ordering::Less {
                    format!("the moved {item} is later than the one it replaced: bubble it down")
                } else {
                    format!("the moved {item} is earlier: bubble it up")
                }
            }
            _ => String::new(),
        };
        format!(
            "Compare {} with {}: {da} {sign} {db}{tie}; {verdict}.",
            self.name(a),
            self.name(b)
        )
    }
}
