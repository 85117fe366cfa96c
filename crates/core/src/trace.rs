//! The one trace buffer every recorder writes: a frame of named integer fields (what a renderer
//! draws), and per step the fields it changed, the pseudocode line, the event and a sentence.
//!
//! The recorder is the only state machine: the web applies the writes to show any step, without
//! knowing what the fields mean beyond their names. Counts in the frame come from a [`Counter`].

use std::borrow::Cow;

use crate::probe::{Counter, Event};

/// A frame's fields in order: each name and how many integers it holds.
pub type Fields = Vec<(Cow<'static, str>, usize)>;

/// A named run of fields in the frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub name: Cow<'static, str>,
    pub offset: usize,
    pub len: usize,
}

/// Declares a frame's fields once: the list the layout is built from (names and lengths, in
/// order) and a struct of their offsets, found by name in the layout. A length may use the
/// struct's parameters (`struct HeapAt(slots: usize) { slot: slots, … }`); `locate_prefixed`
/// finds the same fields under a prefix, for a structure that embeds another's frame.
macro_rules! frame {
    ($(#[$m:meta])* $vis:vis struct $name:ident $(($($param:ident: $ty:ty),*))? {
        $($(#[$fm:meta])* $field:ident: $len:expr,)+
    }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug)]
        $vis struct $name {
            $($(#[$fm])* pub $field: usize,)+
        }

        impl $name {
            /// The fields and their lengths, in frame order.
            pub fn fields($($($param: $ty),*)?) -> $crate::trace::Fields {
                vec![$((::std::borrow::Cow::Borrowed(stringify!($field)), $len),)+]
            }

            /// Where each field is in `layout`.
            #[allow(dead_code)] // every frame struct has it; a family whose frames nest uses the prefixed one
            pub fn locate(layout: &$crate::trace::Layout) -> Self {
                Self::locate_prefixed(layout, "")
            }

            /// Where each field is in `layout`, every name starting with `prefix`.
            pub fn locate_prefixed(layout: &$crate::trace::Layout, prefix: &str) -> Self {
                Self {
                    $($field: layout.offset(&format!("{prefix}{}", stringify!($field))),)+
                }
            }
        }
    };
}

/// `fields` with every name prefixed (`q_size`: a heap's fields inside another structure).
pub fn prefixed(prefix: &str, fields: Fields) -> Fields {
    fields
        .into_iter()
        .map(|(name, len)| (Cow::Owned(format!("{prefix}{name}")), len))
        .collect()
}

/// Where each field of a structure's frame lives.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    pub fields: Vec<Field>,
    pub len: usize,
}

impl Layout {
    /// Fields in order, each `len` integers long.
    pub fn new(fields: Fields) -> Self {
        let mut l = Layout::default();
        for (name, len) in fields {
            l.fields.push(Field {
                name,
                offset: l.len,
                len,
            });
            l.len += len;
        }
        l
    }

    pub fn offset(&self, name: &str) -> usize {
        self.fields
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("no frame field {name}"))
            .offset
    }
}

/// The line of a step that runs no line of its structure's listing (a thread exiting): the
/// player highlights none.
pub const NO_LINE: u8 = u8::MAX;

/// Per step: `[action, line, kind, a, b, first write]`; `a` and `b` are the event's arguments
/// as its family documents them (e.g. the slots a comparison looked at).
pub const STEP_WIDTH: usize = 6;

/// Every trace ends its frame with the counters: per kind, the current operation's count, then
/// the total.
pub const LAST: &str = "last";
pub const TOTAL: &str = "total";

#[derive(Clone, Debug)]
pub struct TraceBuffer {
    pub layout: Layout,
    /// The frame before the first step.
    pub initial: Vec<i32>,
    /// The frame as of the last step recorded.
    frame: Vec<i32>,
    pub steps: Vec<i32>,
    /// `[offset, value]` pairs; step k's run from `steps[k * STEP_WIDTH + 5]` to the next step's.
    pub writes: Vec<i32>,
    pub texts: Vec<String>,
    pending: usize,
    max_steps: usize,
    /// Set when a step was dropped because the trace reached `max_steps`.
    pub overflowed: bool,
    counter: Counter,
    kinds: usize,
    last_at: usize,
    total_at: usize,
}

impl TraceBuffer {
    /// The frame layout for `fields` plus the counters of event type `E` (what the schema states).
    pub fn layout<E: Event>(mut fields: Fields) -> Layout {
        let kinds = E::KINDS.len();
        fields.push((Cow::Borrowed(LAST), kinds));
        fields.push((Cow::Borrowed(TOTAL), kinds));
        Layout::new(fields)
    }

    /// A buffer for `fields` plus the counters of event type `E`, every field starting at `fill`.
    pub fn new<E: Event>(fields: Fields, fill: i32, max_steps: usize) -> Self {
        let kinds = E::KINDS.len();
        let layout = Self::layout::<E>(fields);
        let mut frame = vec![fill; layout.len];
        let (last_at, total_at) = (layout.offset(LAST), layout.offset(TOTAL));
        frame[last_at..last_at + 2 * kinds].fill(0);
        Self {
            initial: frame.clone(),
            frame,
            layout,
            steps: Vec::new(),
            writes: Vec::new(),
            texts: Vec::new(),
            pending: 0,
            max_steps,
            overflowed: false,
            counter: Counter::new(),
            kinds,
            last_at,
            total_at,
        }
    }

    /// Sets a field before any step is recorded (part of the initial frame).
    pub fn init(&mut self, offset: usize, value: i32) {
        debug_assert!(self.steps.is_empty());
        self.initial[offset] = value;
        self.frame[offset] = value;
    }

    pub fn get(&self, offset: usize) -> i32 {
        self.frame[offset]
    }

    /// Writes a field as part of the step being built (nothing is recorded if it is unchanged).
    pub fn set(&mut self, offset: usize, value: i32) {
        if self.frame[offset] != value {
            self.frame[offset] = value;
            self.writes.extend_from_slice(&[offset as i32, value]);
        }
    }

    pub fn full(&self) -> bool {
        self.texts.len() >= self.max_steps
    }

    /// Closes the step: the fields set since the last one, the event (counted), and its sentence.
    /// Past `max_steps` nothing more is kept and `overflowed` says so.
    pub fn step<E: Event>(&mut self, action: usize, line: u8, e: E, args: [i32; 2], text: String) {
        if self.full() {
            self.overflowed = true;
            self.writes.truncate(self.pending);
            return;
        }
        crate::probe::Probe::event(&mut self.counter, e);
        for k in 0..self.kinds {
            self.set(self.last_at + k, self.counter.last_of(k) as i32);
            self.set(self.total_at + k, self.counter.total_of(k) as i32);
        }
        self.steps.extend_from_slice(&[
            action as i32,
            i32::from(line),
            e.kind() as i32,
            args[0],
            args[1],
            self.pending as i32,
        ]);
        self.pending = self.writes.len();
        debug_assert!(
            !text.contains('\n'),
            "a step's sentence is one line: {text}"
        );
        self.texts.push(text);
    }

    pub fn len(&self) -> usize {
        self.texts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.texts.is_empty()
    }

    /// The frame after the first `k` steps (for tests and exercises; the web applies the writes).
    pub fn frame_at(&self, k: usize) -> Vec<i32> {
        let mut f = self.initial.clone();
        let end = if k >= self.len() {
            self.writes.len()
        } else {
            self.steps[k * STEP_WIDTH + 5] as usize
        };
        for w in self.writes[..end].chunks(2) {
            f[w[0] as usize] = w[1];
        }
        f
    }

    /// The frame as recorded so far.
    pub fn frame(&self) -> &[i32] {
        &self.frame
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::{Event, Kind};

    /// Three kinds of event, as a family's are: the first begins an operation.
    #[derive(Clone, Copy)]
    enum Ev {
        Begin,
        Take,
        Clear,
    }

    impl Event for Ev {
        const KINDS: &'static [Kind] = &[
            Kind {
                name: "begin",
                counter: None,
            },
            Kind {
                name: "take",
                counter: Some("takes"),
            },
            Kind {
                name: "clear",
                counter: None,
            },
        ];
        fn kind(&self) -> usize {
            *self as usize
        }
    }

    #[test]
    fn steps_replay_to_the_recorded_frame_and_count_events() {
        let mut t = TraceBuffer::new::<Ev>(vec![("a".into(), 2), ("b".into(), 1)], -1, 10);
        assert_eq!(t.layout.offset("b"), 2);
        t.init(2, 7);
        t.set(0, 5);
        t.step(0, 3, Ev::Begin, [0, 0], "one".into());
        t.set(1, 66);
        t.set(1, 66); // unchanged: no second write
        t.step(0, 4, Ev::Take, [1, 0], "two".into());
        assert_eq!(t.writes.iter().filter(|&&x| x == 66).count(), 1);
        assert_eq!(t.frame_at(0)[..3], [-1, -1, 7]);
        assert_eq!(t.frame_at(1)[..3], [5, -1, 7]);
        assert_eq!(t.frame_at(2), t.frame());
        let total = t.layout.offset(TOTAL);
        assert_eq!(t.frame()[total], 1, "one begin counted");
    }

    #[test]
    fn a_full_buffer_drops_steps_and_says_so() {
        let mut t = TraceBuffer::new::<Ev>(vec![("a".into(), 1)], 0, 1);
        t.step(0, 0, Ev::Begin, [0, 0], "kept".into());
        t.set(0, 9);
        t.step(0, 0, Ev::Clear, [0, 0], "dropped".into());
        assert!(t.overflowed);
        assert_eq!(t.len(), 1);
        assert_eq!(t.frame_at(1)[0], 0);
    }
}
