//! The recorder: a probe that writes down every step of a heap operation, with the pseudocode
//! line it was on and one sentence a teacher would say, for the step player to replay.
//!
//! Steps are flat integers (`STEP_WIDTH` per step) so a long trace crosses into JavaScript as
//! one typed array; the narration is a parallel list of strings.

use std::cmp::Ordering;

use crate::probe::{Loc, Op, Probe};
use crate::timer::Timer;

pub const STEP_WIDTH: usize = 6;

/// Event kinds, the third field of a step.
pub mod kind {
    pub const BEGIN: i32 = 0;
    pub const GROW: i32 = 1;
    pub const COMPARE: i32 = 2;
    pub const EQUALS: i32 = 3;
    pub const MOVE: i32 = 4;
    pub const TAKE: i32 = 5;
    pub const CLEAR: i32 = 6;
    pub const INDEX: i32 = 7;
}

/// `Loc` as an integer: a slot index, or −1 for the hand, −2 for the element being removed.
pub fn loc_code(l: Loc) -> i32 {
    match l {
        Loc::Slot(i) => i as i32,
        Loc::Held => -1,
        Loc::Removed => -2,
    }
}

fn op_code(op: Op) -> i32 {
    match op {
        Op::Offer => 0,
        Op::Poll => 1,
        Op::Remove => 2,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapKind {
    Jdk,
    Indexed,
}

/// Records steps; keeps a mirror of the array so its sentences can name deadlines.
#[derive(Clone, Debug)]
pub struct Recorder {
    kind: HeapKind,
    /// `[action, line, kind, a, b, c]` per step.
    pub steps: Vec<i32>,
    pub texts: Vec<String>,
    max_steps: usize,
    /// Set when a step was dropped because the trace reached `max_steps`.
    pub overflowed: bool,
    action: i32,
    line: u8,
    subject: Option<Timer>,
    slots: Vec<Option<Timer>>,
    held: Option<Timer>,
    removed: Option<Timer>,
    equals_calls: u32,
}

impl Recorder {
    pub fn new(kind: HeapKind, max_steps: usize) -> Self {
        Self {
            kind,
            steps: Vec::new(),
            texts: Vec::new(),
            max_steps,
            overflowed: false,
            action: 0,
            line: 0,
            subject: None,
            slots: Vec::new(),
            held: None,
            removed: None,
            equals_calls: 0,
        }
    }

    /// Before each action: the array as it stands, and the timer the action is about.
    pub fn prepare(&mut self, action: usize, layout: &[Timer], subject: Option<Timer>) {
        self.action = action as i32;
        self.slots = layout.iter().copied().map(Some).collect();
        self.held = None;
        self.removed = None;
        self.subject = subject;
        self.equals_calls = 0;
    }

    fn push(&mut self, kind: i32, a: i32, b: i32, c: i32, text: String) {
        if self.texts.len() >= self.max_steps {
            self.overflowed = true;
            return;
        }
        self.steps
            .extend_from_slice(&[self.action, i32::from(self.line), kind, a, b, c]);
        self.texts.push(text);
    }

    fn at(&self, l: Loc) -> Option<Timer> {
        match l {
            Loc::Slot(i) => self.slots.get(i).copied().flatten(),
            Loc::Held => self.held,
            Loc::Removed => self.removed,
        }
    }

    fn name(&self, l: Loc) -> String {
        let d = self
            .at(l)
            .map_or("?".to_string(), |t| t.deadline.to_string());
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
}

fn seq_code(t: Option<Timer>) -> i32 {
    t.map_or(-1, |t| {
        if t.seq > i32::MAX as u64 {
            -1
        } else {
            t.seq as i32
        }
    })
}

impl Probe for Recorder {
    fn begin(&mut self, op: Op) {
        let subject = self.subject;
        let size = self.slots.len();
        let d = subject.map_or("?".to_string(), |t| t.deadline.to_string());
        let text = match (op, self.kind) {
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
        };
        if op == Op::Offer {
            self.held = subject;
        }
        self.push(
            kind::BEGIN,
            op_code(op),
            seq_code(subject),
            size as i32,
            text,
        );
    }

    fn line(&mut self, line: u8) {
        self.line = line;
    }

    fn compare(&mut self, a: Loc, b: Loc, ord: Ordering) {
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
        let text = format!(
            "Compare {} with {}: {da} {sign} {db}{tie}; {verdict}.",
            self.name(a),
            self.name(b)
        );
        self.push(kind::COMPARE, loc_code(a), loc_code(b), ord as i32, text);
    }

    fn equals(&mut self, slot: usize, matched: bool) {
        self.equals_calls += 1;
        let n = self.equals_calls;
        let here = self.name(Loc::Slot(slot));
        let text = if matched {
            format!("equals() call {n}: {here} is the timer to cancel. Found it.")
        } else {
            format!("equals() call {n}: {here} is not the timer to cancel; look at the next slot.")
        };
        self.push(kind::EQUALS, slot as i32, i32::from(matched), 0, text);
    }

    fn moved(&mut self, from: Loc, to: Loc) {
        let d = self.deadline(from);
        let text = match (from, to) {
            (Loc::Slot(a), Loc::Slot(b)) if b < a => format!("Move {d} up from [{a}] to [{b}]."),
            (Loc::Slot(a), Loc::Slot(b)) => format!("Move {d} down from [{a}] to [{b}]."),
            (Loc::Slot(a), Loc::Held) if a + 1 == self.slots.len() => {
                format!("Take the last timer, {d}, out of [{a}] into the hand; [{a}] is now empty.")
            }
            (Loc::Slot(a), Loc::Held)
                if self.kind == HeapKind::Jdk
                    && self.line == crate::jdk_heap::line::REMOVE_AT_SIFT_UP =>
            {
                format!("{d} did not sink: it is still in [{a}], where the removed timer was. It may be earlier than that slot's parent, so siftUp picks it up again to climb.")
            }
            (Loc::Slot(a), Loc::Held) => format!("Pick {d} up from [{a}] to move it further."),
            (Loc::Held, Loc::Slot(k)) => format!("Place {d} in [{k}]: its place is found."),
            _ => format!("Move {d}."),
        };
        let value = self.at(from);
        match from {
            Loc::Slot(a) => self.slots[a] = None,
            Loc::Held => self.held = None,
            Loc::Removed => self.removed = None,
        }
        match to {
            Loc::Slot(k) => {
                if k >= self.slots.len() {
                    self.slots.resize(k + 1, None);
                }
                self.slots[k] = value;
            }
            Loc::Held => self.held = value,
            Loc::Removed => self.removed = value,
        }
        // An emptied last slot is gone (size shrank); interior holes stay until filled.
        while self.slots.last() == Some(&None) {
            self.slots.pop();
        }
        self.push(kind::MOVE, loc_code(from), loc_code(to), 0, text);
    }

    fn taken(&mut self, slot: usize) {
        let d = self.deadline(Loc::Slot(slot));
        let text = if self.subject.is_some() {
            format!("The timer due at {d} leaves the queue from [{slot}].")
        } else {
            format!("Return the timer due at {d} from [{slot}]; it leaves the queue.")
        };
        self.removed = self.slots[slot].take();
        self.push(kind::TAKE, slot as i32, 0, 0, text);
    }

    fn cleared(&mut self, slot: usize) {
        self.slots.truncate(slot);
        self.push(
            kind::CLEAR,
            slot as i32,
            0,
            0,
            format!("[{slot}] was the last slot: just empty it. Done."),
        );
    }

    fn index_cleared(&mut self, slot: usize) {
        let d = self.deadline(Loc::Slot(slot));
        self.push(
            kind::INDEX,
            slot as i32,
            -1,
            0,
            format!("{d} writes −1 into its index: it is leaving the queue, and a later remove of it will be refused at once."),
        );
    }

    fn index_written(&mut self, slot: usize) {
        let d = self.deadline(Loc::Slot(slot));
        self.push(
            kind::INDEX,
            slot as i32,
            slot as i32,
            0,
            format!("{d} writes its new index, {slot}, into itself."),
        );
    }

    fn grow(&mut self, old: usize, new: usize) {
        self.push(
            kind::GROW,
            old as i32,
            new as i32,
            0,
            format!("The array is full ({old} slots): copy it into a new one of {new} slots."),
        );
    }
}

impl Recorder {
    /// Whether the current comparison is the sift-up one (hand against parent).
    fn sifting_up(&self) -> bool {
        match self.kind {
            HeapKind::Jdk => self.line == crate::jdk_heap::line::SIFT_UP_COMPARE,
            HeapKind::Indexed => self.line == crate::indexed_heap::line::BUBBLE_UP_COMPARE,
        }
    }
}
