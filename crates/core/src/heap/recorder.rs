//! The heap family's recorder: a probe that writes every step of a heap operation on timers into
//! a trace (the frame the renderer draws), with the pseudocode line and one sentence a teacher
//! would say. The work is done by the shared [`HeapMirror`].

use crate::heap::script::MAX_SLOTS;
use crate::heap::timer::Timer;
use crate::priority::recorder::{HeapAt, HeapItem, HeapMirror, Nouns};
use crate::priority::{HeapEvent, HeapKind};
use crate::probe::Probe;
use crate::trace::{Fields, TraceBuffer};

pub(crate) use crate::priority::recorder::flag;

impl HeapItem for Timer {
    fn code(&self) -> i32 {
        i32::try_from(self.seq).unwrap_or(-1)
    }
    fn label(&self) -> String {
        self.deadline.to_string()
    }
}

/// The timer heaps' recorder: the mirror of one heap of timers, and its trace.
pub struct HeapRecorder {
    pub trace: TraceBuffer,
    mirror: HeapMirror<Timer>,
    line: u8,
}

/// The heap family's frame fields.
pub fn fields() -> Fields {
    HeapAt::fields(MAX_SLOTS)
}

impl HeapRecorder {
    pub fn new(kind: HeapKind, max_steps: usize) -> Self {
        let mut trace = TraceBuffer::new::<HeapEvent>(fields(), -1, max_steps);
        let nouns = Nouns::heap("timer", "deadline");
        let mirror = HeapMirror::new(kind, nouns, &mut trace, "", MAX_SLOTS);
        Self {
            trace,
            mirror,
            line: 0,
        }
    }

    /// Before each action: the array as it stands, and the timer the action is about.
    pub fn prepare(&mut self, action: usize, layout: &[Timer], subject: Option<Timer>) {
        self.mirror.action = action;
        self.mirror.prepare(layout, subject);
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
        let (args, text) = self.mirror.apply(&mut self.trace, self.line, e);
        self.trace
            .step(self.mirror.action, self.line, e, args, text);
    }
}
