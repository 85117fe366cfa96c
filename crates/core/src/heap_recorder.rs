//! The heaps' recorder: a probe that writes every step of a heap operation into a trace (the
//! frame the renderer draws: slots, hand, stored indices, highlights, counters), with the
//! pseudocode line and one sentence a teacher would say.
//!
//! It keeps a mirror of the array, re-synchronised from the real heap before every operation,
//! because mid-operation the real heap keeps the moving element in a local variable.

use std::cmp::Ordering;

use crate::heap::{HeapEvent, HeapKind, Loc, Op, INITIAL_CAPACITY};
use crate::probe::Probe;
use crate::timer::Timer;
use crate::trace::TraceBuffer;

/// The most array slots a heap frame has room for (what the tree view can draw).
pub const MAX_SLOTS: usize = 127;

/// Bits of the `flags` field, per slot.
pub mod flag {
    /// The current step touches this slot.
    pub const FOCUS: i32 = 1;
    /// `equals()` has looked at this slot during this operation.
    pub const SCANNED: i32 = 2;
}

/// The frame's fields. Sequence numbers name timers; −1 is "none" (or a hole in `slot`).
pub const FIELDS: &[(&str, usize)] = &[
    ("action", 1),
    ("op", 1),
    ("size", 1),
    ("capacity", 1),
    ("held", 1),
    ("held_index", 1),
    ("removed", 1),
    ("found", 1),
    ("focus_held", 1),
    ("slot", MAX_SLOTS),
    ("stored", MAX_SLOTS),
    ("flags", MAX_SLOTS),
];

struct At {
    action: usize,
    op: usize,
    size: usize,
    capacity: usize,
    held: usize,
    held_index: usize,
    removed: usize,
    found: usize,
    focus_held: usize,
    slot: usize,
    stored: usize,
    flags: usize,
}

pub struct HeapRecorder {
    kind: HeapKind,
    pub trace: TraceBuffer,
    at: At,
    action: usize,
    line: u8,
    subject: Option<Timer>,
    /// The mirror: the timer in each slot (None: a hole the sift has not refilled yet).
    slots: Vec<Option<Timer>>,
    /// The index each slot's timer has stored in itself (Netty's heap).
    stored: Vec<i32>,
    held: Option<Timer>,
    held_index: i32,
    removed: Option<Timer>,
    equals_calls: u32,
    focus: Vec<usize>,
}

fn seq_code(t: Option<Timer>) -> i32 {
    t.map_or(-1, |t| i32::try_from(t.seq).unwrap_or(-1))
}

fn loc_code(l: Loc) -> i32 {
    match l {
        Loc::Slot(i) => i as i32,
        Loc::Held => -1,
        Loc::Removed => -2,
    }
}

impl HeapRecorder {
    pub fn new(kind: HeapKind, max_steps: usize) -> Self {
        let mut trace = TraceBuffer::new::<HeapEvent>(FIELDS, -1, max_steps);
        let l = &trace.layout;
        let at = At {
            action: l.offset("action"),
            op: l.offset("op"),
            size: l.offset("size"),
            capacity: l.offset("capacity"),
            held: l.offset("held"),
            held_index: l.offset("held_index"),
            removed: l.offset("removed"),
            found: l.offset("found"),
            focus_held: l.offset("focus_held"),
            slot: l.offset("slot"),
            stored: l.offset("stored"),
            flags: l.offset("flags"),
        };
        trace.init(at.size, 0);
        trace.init(at.capacity, INITIAL_CAPACITY as i32);
        trace.init(at.focus_held, 0);
        for i in 0..MAX_SLOTS {
            trace.init(at.flags + i, 0);
        }
        Self {
            kind,
            trace,
            at,
            action: 0,
            line: 0,
            subject: None,
            slots: Vec::new(),
            stored: Vec::new(),
            held: None,
            held_index: -1,
            removed: None,
            equals_calls: 0,
            focus: Vec::new(),
        }
    }

    /// Before each action: the array as it stands, and the timer the action is about.
    pub fn prepare(&mut self, action: usize, layout: &[Timer], subject: Option<Timer>) {
        self.action = action;
        self.slots = layout.iter().copied().map(Some).collect();
        self.stored = (0..layout.len() as i32).collect();
        self.held = None;
        self.held_index = -1;
        self.removed = None;
        self.subject = subject;
        self.equals_calls = 0;
    }

    fn at(&self, l: Loc) -> Option<Timer> {
        match l {
            Loc::Slot(i) => self.slots.get(i).copied().flatten(),
            Loc::Held => self.held,
            Loc::Removed => self.removed,
        }
    }

    fn name(&self, l: Loc) -> String {
        let d = self.deadline(l);
        match l {
            Loc::Slot(i) => format!("{d} at [{i}]"),
            Loc::Held => format!("{d} (in hand)"),
            Loc::Removed => format!("{d} (the one being removed)"),
        }
    }

    fn deadline(&self, l: Loc) -> String {
        self.at(l)
            .map_or("?".to_string(), |t| t.deadline.to_string())
    }

    /// Whether the current comparison is the sift-up one (hand against parent).
    fn sifting_up(&self) -> bool {
        match self.kind {
            HeapKind::Jdk => self.line == crate::jdk_heap::line::SIFT_UP_COMPARE,
            HeapKind::Indexed => self.line == crate::indexed_heap::line::BUBBLE_UP_COMPARE,
        }
    }

    /// The whole mirror into the frame; the trace keeps only what changed.
    fn write_frame(&mut self, focus: &[usize], focus_held: bool) {
        let at = &self.at;
        let (size, slot, stored, flags) = (at.size, at.slot, at.stored, at.flags);
        let fields = [
            (at.action, self.action as i32),
            (at.held, seq_code(self.held)),
            (
                at.held_index,
                if self.held.is_some() {
                    self.held_index
                } else {
                    -1
                },
            ),
            (at.removed, seq_code(self.removed)),
            (at.focus_held, i32::from(focus_held)),
        ];
        for (o, v) in fields {
            self.trace.set(o, v);
        }
        let n = self.slots.len().min(MAX_SLOTS);
        self.trace.set(size, n as i32);
        for i in 0..n {
            self.trace.set(slot + i, seq_code(self.slots[i]));
            self.trace.set(
                stored + i,
                if self.slots[i].is_some() {
                    self.stored[i]
                } else {
                    -1
                },
            );
        }
        for &i in &self.focus {
            if i < MAX_SLOTS {
                let f = self.trace.get(flags + i);
                self.trace.set(flags + i, f & !flag::FOCUS);
            }
        }
        for &i in focus {
            if i < MAX_SLOTS {
                let f = self.trace.get(flags + i);
                self.trace.set(flags + i, f | flag::FOCUS);
            }
        }
        self.focus = focus.to_vec();
    }

    fn record(
        &mut self,
        e: HeapEvent,
        args: [i32; 2],
        focus: &[usize],
        focus_held: bool,
        text: String,
    ) {
        self.write_frame(focus, focus_held);
        self.trace.step(self.action, self.line, e, args, text);
    }

    fn begin(&mut self, op: Op) -> String {
        let subject = self.subject;
        let size = self.slots.len();
        let d = subject.map_or("?".to_string(), |t| t.deadline.to_string());
        // A new operation: no scan marks, nothing found, nothing removed yet.
        for i in 0..size.min(MAX_SLOTS) {
            self.trace.set(self.at.flags + i, 0);
        }
        self.trace.set(self.at.found, -1);
        self.trace.set(self.at.op, op as i32);
        if op == Op::Offer {
            self.held = subject;
        }
        match (op, self.kind) {
            (Op::Offer, _) => format!(
                "offer({d}): the new timer is in hand; it starts at the first free slot, [{size}], and climbs while it is earlier than its parent."),
            (Op::Poll, _) if size == 0 => "poll(): the queue is empty; nothing to return.".to_string(),
            (Op::Poll, _) => "poll(): the earliest timer is always the root, [0].".to_string(),
            (Op::Remove, HeapKind::Jdk) => format!(
                "remove({d}): the JDK must first find the timer, comparing it with equals() slot by slot from [0]."),
            (Op::Remove, HeapKind::Indexed) => {
                let index = subject.and_then(|t| self.slots.iter().position(|s| *s == Some(t)));
                match index {
                    Some(i) => format!("remove({d}): the timer knows its own index, {i}: no search."),
                    None => format!("remove({d}): its stored index is −1, so it is not queued; nothing to do."),
                }
            }
        }
    }

    fn compare_text(&self, a: Loc, b: Loc, ord: Ordering) -> String {
        let (da, db) = (self.deadline(a), self.deadline(b));
        let sign = match ord {
            Ordering::Less => "<",
            Ordering::Equal => "=",
            Ordering::Greater => ">",
        };
        let tie = if da == db && ord != Ordering::Equal {
            " (equal deadlines: the one scheduled first counts as earlier)"
        } else {
            ""
        };
        let verdict = match (a, b) {
            (Loc::Slot(_), Loc::Slot(_)) => {
                if ord == Ordering::Greater {
                    "the right child is earlier"
                } else {
                    "the left child is earlier (or tied)"
                }
            }
            (Loc::Held, Loc::Slot(_)) if self.sifting_up() => {
                if ord == Ordering::Less {
                    "earlier than its parent: move the parent down"
                } else {
                    "not earlier than its parent: stop here"
                }
            }
            (Loc::Held, Loc::Slot(_)) => {
                if ord == Ordering::Greater {
                    "later than the earlier child: move that child up"
                } else {
                    "no later than the earlier child: stop here"
                }
            }
            (Loc::Removed, _) => {
                if ord == Ordering::Less {
                    "the moved timer is later than the one it replaced: bubble it down"
                } else {
                    "the moved timer is earlier: bubble it up"
                }
            }
            _ => "",
        };
        format!(
            "Compare {} with {}: {da} {sign} {db}{tie}; {verdict}.",
            self.name(a),
            self.name(b)
        )
    }
}

impl Probe<HeapEvent> for HeapRecorder {
    fn line(&mut self, line: u8) {
        self.line = line;
    }

    fn event(&mut self, e: HeapEvent) {
        if self.trace.full() {
            self.trace.overflowed = true;
            return;
        }
        match e {
            HeapEvent::Begin(op) => {
                let text = self.begin(op);
                let size = self.slots.len() as i32;
                let held = op == Op::Offer;
                self.record(e, [op as i32, size], &[], held, text);
            }
            HeapEvent::Grow { old, new } => {
                self.trace.set(self.at.capacity, new as i32);
                let text = format!(
                    "The array is full ({old} slots): copy it into a new one of {new} slots."
                );
                self.record(e, [old as i32, new as i32], &[], false, text);
            }
            HeapEvent::Compare { a, b, ord } => {
                let text = self.compare_text(a, b, ord);
                let focus: Vec<usize> = [a, b]
                    .iter()
                    .filter_map(|l| if let Loc::Slot(i) = l { Some(*i) } else { None })
                    .collect();
                let held = a == Loc::Held || b == Loc::Held;
                self.record(e, [loc_code(a), loc_code(b)], &focus, held, text);
            }
            HeapEvent::Equals { slot, matched } => {
                self.equals_calls += 1;
                let n = self.equals_calls;
                let here = self.name(Loc::Slot(slot));
                let text = if matched {
                    format!("equals() call {n}: {here} is the timer to cancel. Found it.")
                } else {
                    format!("equals() call {n}: {here} is not the timer to cancel; look at the next slot.")
                };
                if slot < MAX_SLOTS {
                    let f = self.trace.get(self.at.flags + slot);
                    self.trace.set(self.at.flags + slot, f | flag::SCANNED);
                }
                self.trace
                    .set(self.at.found, if matched { slot as i32 } else { -1 });
                self.record(e, [slot as i32, i32::from(matched)], &[slot], false, text);
            }
            HeapEvent::Move { from, to } => {
                let d = self.deadline(from);
                let text = match from {
                    Loc::Slot(a) if to < a => format!("Move {d} up from [{a}] to [{to}]."),
                    Loc::Slot(a) if self.kind == HeapKind::Indexed && a + 1 == self.slots.len() => {
                        format!("Move the last timer, {d}, from [{a}] into the freed slot [{to}].")
                    }
                    Loc::Slot(a) => format!("Move {d} down from [{a}] to [{to}]."),
                    Loc::Held => format!("Place {d} in [{to}]: its place is found."),
                    Loc::Removed => format!("Move {d}."),
                };
                let value = self.at(from);
                // The moved element keeps the index it had stored until it writes its new one.
                let stored = match from {
                    Loc::Slot(a) => {
                        self.slots[a] = None;
                        self.stored[a]
                    }
                    Loc::Held => {
                        self.held = None;
                        self.held_index
                    }
                    Loc::Removed => {
                        self.removed = None;
                        -1
                    }
                };
                if to >= self.slots.len() {
                    self.slots.resize(to + 1, None);
                    self.stored.resize(to + 1, -1);
                }
                self.slots[to] = value;
                self.stored[to] = stored;
                // An emptied last slot is gone (size shrank); interior holes stay until filled.
                while self.slots.last() == Some(&None) {
                    self.slots.pop();
                    self.stored.pop();
                }
                let focus: Vec<usize> = match from {
                    Loc::Slot(a) => vec![a, to],
                    _ => vec![to],
                };
                self.record(
                    e,
                    [loc_code(from), to as i32],
                    &focus,
                    from == Loc::Held,
                    text,
                );
            }
            HeapEvent::Lift { slot } => {
                let d = self.deadline(Loc::Slot(slot));
                let climb_again = self.kind == HeapKind::Jdk
                    && self.line == crate::jdk_heap::line::REMOVE_AT_SIFT_UP;
                let text = if climb_again {
                    format!("{d} did not sink: it is still in [{slot}], where the removed timer was. It may be earlier than that slot's parent, so siftUp picks it up again to climb.")
                } else if slot + 1 == self.slots.len() {
                    format!("Take the last timer, {d}, out of [{slot}] into the hand; [{slot}] is now empty.")
                } else {
                    format!("Pick {d} up from [{slot}] to move it further.")
                };
                self.held = self.slots[slot].take();
                self.held_index = self.stored[slot];
                while self.slots.last() == Some(&None) {
                    self.slots.pop();
                    self.stored.pop();
                }
                self.record(e, [slot as i32, -1], &[slot], true, text);
            }
            HeapEvent::Take { slot } => {
                let d = self.deadline(Loc::Slot(slot));
                let text = if self.subject.is_some() {
                    format!("The timer due at {d} leaves the queue from [{slot}].")
                } else {
                    format!("Return the timer due at {d} from [{slot}]; it leaves the queue.")
                };
                self.removed = self.slots[slot].take();
                self.record(e, [slot as i32, 0], &[slot], false, text);
            }
            HeapEvent::Clear { slot } => {
                self.slots.truncate(slot);
                self.stored.truncate(slot);
                let text = format!("[{slot}] was the last slot: just empty it. Done.");
                self.record(e, [slot as i32, 0], &[slot], false, text);
            }
            HeapEvent::IndexWrite { slot, index } => {
                let d = self.deadline(Loc::Slot(slot));
                let text = if index < 0 {
                    format!("{d} writes −1 into its index: it is leaving the queue, and a later remove of it will be refused at once.")
                } else {
                    format!("{d} writes its new index, {slot}, into itself.")
                };
                self.stored[slot] = index;
                self.record(e, [slot as i32, index], &[slot], false, text);
            }
        }
    }
}
