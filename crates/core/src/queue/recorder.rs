//! The queues' recorder: after every begin and every atomic step the scheduler runs, the real
//! queue's shared state (the CLQ's nodes, head and tail; a ring's slots and index fields; the
//! lock's owner) and each thread's program counter are written into the frame, with the step's
//! event, the field it touched and a sentence naming the thread.

use crate::probe::Probe;
use crate::queue::array::ArrayQueue;
use crate::queue::jctools::{RingQueue, EMPTY};
use crate::queue::linked::{LinkedQueue, NIL};
use crate::queue::script::{
    outcome_label, Program, RunAction, Turn, MAX_NODES, MAX_SLOTS, MAX_THREADS,
};
use crate::queue::{Field, Outcome, QueueEvent, QueueOp, QueueVariant, StepQueue, NULL};
use crate::trace::{Fields, TraceBuffer};

/// Polled elements the frame lists, in the order they came out.
pub const MAX_POLLED: usize = 64;

codes! {
    /// `thread_state` values.
    pub mod state {
        /// Between operations, with more to do.
        READY = 0,
        RUNNING = 1,
        FINISHED = 2,
    }
}

codes! {
    /// `focus_field` values: the field a step touched.
    pub mod focus {
        HEAD = 0,
        TAIL = 1,
        NEXT = 2,
        ITEM = 3,
        SLOT = 4,
        TAKE_INDEX = 5,
        PUT_INDEX = 6,
        COUNT = 7,
        PRODUCER_INDEX = 8,
        CONSUMER_INDEX = 9,
        PRODUCER_LIMIT = 10,
        LOCK = 11,
    }
}

frame! {
    /// The frame: each thread's program counter and registers, the CLQ's nodes, a ring's slots
    /// and index fields, the lock's owner, what was polled, and the field the step touched.
    struct At {
        action: 1,
        thread: 1,
        threads: 1,
        thread_line: MAX_THREADS,
        thread_action: MAX_THREADS,
        thread_state: MAX_THREADS,
        thread_p: MAX_THREADS,
        thread_t: MAX_THREADS,
        head: 1,
        tail: 1,
        nodes: 1,
        node_item: MAX_NODES,
        node_next: MAX_NODES,
        capacity: 1,
        slot: MAX_SLOTS,
        take_index: 1,
        put_index: 1,
        count: 1,
        lock_owner: 1,
        producer_index: 1,
        consumer_index: 1,
        producer_limit: 1,
        look_ahead: 1,
        polled_count: 1,
        polled: MAX_POLLED,
        focus_field: 1,
        focus_index: 1,
        focus_ok: 1,
    }
}

/// The queues' frame fields.
pub fn fields() -> Fields {
    At::fields()
}

/// Where a queue writes its shared state.
pub struct Canvas<'a> {
    trace: &'a mut TraceBuffer,
    at: &'a At,
}

fn clamp(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

impl Canvas<'_> {
    fn set(&mut self, offset: usize, v: i64) {
        self.trace.set(offset, clamp(v));
    }
}

/// A queue the recorder can draw.
pub trait Drawn: StepQueue {
    fn draw(&self, c: &mut Canvas<'_>);
}

impl<P: Probe<QueueEvent>> Drawn for LinkedQueue<P> {
    fn draw(&self, c: &mut Canvas<'_>) {
        c.set(c.at.head, i64::from(self.head));
        c.set(c.at.tail, i64::from(self.tail));
        c.set(c.at.nodes, self.nodes.len() as i64);
        for (i, n) in self.nodes.iter().enumerate().take(MAX_NODES) {
            c.set(c.at.node_item + i, n.item.get().map_or(NULL, i64::from));
            c.set(
                c.at.node_next + i,
                if n.next == NIL {
                    NULL
                } else {
                    i64::from(n.next)
                },
            );
        }
    }
}

fn slots(c: &mut Canvas<'_>, items: impl ExactSizeIterator<Item = Option<u32>>) {
    c.set(c.at.capacity, items.len() as i64);
    for (i, s) in items.enumerate().take(MAX_SLOTS) {
        c.set(c.at.slot + i, s.map_or(NULL, i64::from));
    }
}

impl<P: Probe<QueueEvent>> Drawn for ArrayQueue<P> {
    fn draw(&self, c: &mut Canvas<'_>) {
        slots(c, self.items.iter().map(|s| s.get()));
        c.set(c.at.take_index, i64::from(self.take_index));
        c.set(c.at.put_index, i64::from(self.put_index));
        c.set(c.at.count, i64::from(self.count));
        c.set(c.at.lock_owner, self.owner.map_or(-1, |t| t as i64));
    }
}

impl<P: Probe<QueueEvent>> Drawn for RingQueue<P> {
    fn draw(&self, c: &mut Canvas<'_>) {
        slots(c, self.buffer.iter().map(|&s| (s != EMPTY).then_some(s)));
        c.set(c.at.producer_index, self.producer_index as i64);
        c.set(c.at.consumer_index, self.consumer_index as i64);
        c.set(c.at.producer_limit, self.producer_limit as i64);
        c.set(c.at.look_ahead, self.look_ahead_step as i64);
    }
}

pub struct QueueRecorder {
    pub trace: TraceBuffer,
    at: At,
    kind: QueueVariant,
    names: Vec<String>,
    pending: Vec<QueueEvent>,
    polled: usize,
}

impl Probe<QueueEvent> for QueueRecorder {
    fn event(&mut self, e: QueueEvent) {
        self.pending.push(e);
    }
}

fn field_code(f: Field) -> (i32, i64) {
    match f {
        Field::Head => (focus::HEAD, -1),
        Field::Tail => (focus::TAIL, -1),
        Field::Next(n) => (focus::NEXT, i64::from(n)),
        Field::Item(n) => (focus::ITEM, i64::from(n)),
        Field::Slot(s) => (focus::SLOT, i64::from(s)),
        Field::TakeIndex => (focus::TAKE_INDEX, -1),
        Field::PutIndex => (focus::PUT_INDEX, -1),
        Field::Count => (focus::COUNT, -1),
        Field::ProducerIndex => (focus::PRODUCER_INDEX, -1),
        Field::ConsumerIndex => (focus::CONSUMER_INDEX, -1),
        Field::ProducerLimit => (focus::PRODUCER_LIMIT, -1),
    }
}

impl QueueRecorder {
    pub fn new(kind: QueueVariant, prog: &Program, max_steps: usize) -> Self {
        let mut trace = TraceBuffer::new::<QueueEvent>(fields(), -1, max_steps);
        let at = At::locate(&trace.layout);
        trace.init(at.threads, prog.names.len() as i32);
        trace.init(at.polled_count, 0);
        for (t, program) in prog.threads.iter().enumerate() {
            let s = if program.is_empty() {
                state::FINISHED
            } else {
                state::READY
            };
            trace.init(at.thread_state + t, s);
        }
        Self {
            trace,
            at,
            kind,
            names: prog.names.clone(),
            pending: Vec::new(),
            polled: 0,
        }
    }

    /// The queue as constructed, before any thread runs: part of the initial frame.
    pub fn start<Q: Drawn>(&mut self, q: &Q, _prog: &Program) {
        self.pending.clear();
        let mut c = Canvas {
            trace: &mut self.trace,
            at: &self.at,
        };
        q.draw(&mut c);
        // Writes before the first step are the starting state, not a step's.
        let frame = self.trace.frame().to_vec();
        for (i, v) in frame.into_iter().enumerate() {
            self.trace.init(i, v);
        }
        self.trace.writes.clear();
    }

    pub fn observe<Q: Drawn>(
        &mut self,
        q: &Q,
        regs: &[Q::Regs],
        actions: &[RunAction],
        turn: Turn,
    ) {
        let (thread, action) = match turn {
            Turn::Began { thread, action } | Turn::Stepped { thread, action, .. } => {
                (thread, action)
            }
        };
        let at = &self.at;
        {
            let mut c = Canvas {
                trace: &mut self.trace,
                at,
            };
            q.draw(&mut c);
        }
        let t = &mut self.trace;
        t.set(at.action, action as i32);
        t.set(at.thread, thread as i32);
        let running = !matches!(turn, Turn::Stepped { done: Some(_), .. });
        // The step's own line (what it just did); the thread's next line is where it stands now.
        let next = q.line(&regs[thread]);
        let line = match turn {
            Turn::Stepped { line, .. } => line,
            Turn::Began { .. } => q.call_line(actions[action].op),
        };
        t.set(
            at.thread_line + thread,
            if running { i32::from(next) } else { -1 },
        );
        t.set(at.thread_action + thread, action as i32);
        let s = match turn {
            Turn::Stepped { finished: true, .. } => state::FINISHED,
            _ if running => state::RUNNING,
            _ => state::READY,
        };
        t.set(at.thread_state + thread, s);
        let [p, base] = if running {
            q.pointers(&regs[thread])
        } else {
            [-1, -1]
        };
        t.set(at.thread_p + thread, clamp(p));
        t.set(at.thread_t + thread, clamp(base));
        if let Turn::Stepped {
            done: Some(Outcome::Polled(Some(v))),
            ..
        } = turn
        {
            if self.polled < MAX_POLLED {
                t.set(at.polled + self.polled, v as i32);
            }
            self.polled += 1;
            t.set(at.polled_count, self.polled as i32);
        }
        let events = std::mem::take(&mut self.pending);
        for e in events {
            let (field, index, ok) = match e {
                QueueEvent::Load { field, .. } | QueueEvent::Store { field, .. } => {
                    let (f, i) = field_code(field);
                    (f, i, -1)
                }
                QueueEvent::Cas { field, ok, .. } => {
                    let (f, i) = field_code(field);
                    (f, i, i32::from(ok))
                }
                QueueEvent::Alloc { node, .. } | QueueEvent::Visit { node, .. } => {
                    (focus::NEXT, i64::from(node), -1)
                }
                QueueEvent::Lock { ok, .. } => (focus::LOCK, -1, i32::from(ok)),
                QueueEvent::Unlock { .. } => (focus::LOCK, -1, -1),
                QueueEvent::Spin { .. } => (focus::SLOT, p, 0),
                QueueEvent::Begin { .. } | QueueEvent::Done { .. } => (-1, -1, -1),
            };
            let t = &mut self.trace;
            t.set(at.focus_field, field);
            t.set(at.focus_index, clamp(index));
            t.set(at.focus_ok, ok);
            let text = self.narrate(e, &actions[action]);
            self.trace
                .step(action, line, e, [field, clamp(index)], text);
        }
    }

    fn node(n: i64) -> String {
        if n == NULL {
            "null".into()
        } else {
            format!("n{n}")
        }
    }

    fn value(v: i64) -> String {
        if v == NULL {
            "null".into()
        } else {
            v.to_string()
        }
    }

    fn field_name(&self, f: Field) -> String {
        match f {
            Field::Head => "head".into(),
            Field::Tail => "tail".into(),
            Field::Next(n) => format!("n{n}.next"),
            Field::Item(n) => format!("n{n}.item"),
            Field::Slot(s) => format!("slot {s}"),
            Field::TakeIndex => "takeIndex".into(),
            Field::PutIndex => "putIndex".into(),
            Field::Count => "count".into(),
            Field::ProducerIndex => "producerIndex".into(),
            Field::ConsumerIndex => "consumerIndex".into(),
            Field::ProducerLimit => "producerLimit".into(),
        }
    }

    fn shown(f: Field, v: i64) -> String {
        match f {
            Field::Head | Field::Tail | Field::Next(_) => Self::node(v),
            _ => Self::value(v),
        }
    }

    /// One sentence per step, naming the thread.
    fn narrate(&self, e: QueueEvent, a: &RunAction) -> String {
        let who = &self.names[e.thread()];
        let call = match a.op {
            QueueOp::Offer(v) => format!("offer({v})"),
            QueueOp::Poll => "poll()".into(),
            QueueOp::Size => "size()".into(),
        };
        match e {
            QueueEvent::Begin { .. } => format!("{who} calls {call}."),
            QueueEvent::Alloc { node, .. } => format!("{who} allocates node n{node} for its element (a new Node per offer: garbage to collect later)."),
            QueueEvent::Load { field, value, .. } => {
                let what = self.field_name(field);
                let shown = Self::shown(field, value);
                let why = match field {
                    Field::Next(n) if value == i64::from(n) => format!(": n{n} links to itself, so it is off the list"),
                    Field::Next(n) if value == NULL => format!(": n{n} is the last node"),
                    Field::Slot(_) if value == NULL => ": empty".into(),
                    _ => String::new(),
                };
                format!("{who} reads {what}: {shown}{why}.")
            }
            QueueEvent::Store { field, value, ordered, .. } => {
                let what = self.field_name(field);
                let how = if ordered { " (an ordered store: visible after the writes before it)" } else { "" };
                match field {
                    Field::Next(n) if value == i64::from(n) => {
                        format!("{who} self-links n{n}{how}: any thread that reaches it knows to restart from head.")
                    }
                    Field::Slot(s) if value == NULL => format!("{who} clears slot {s}{how}."),
                    _ => format!("{who} writes {what} = {}{how}.", Self::shown(field, value)),
                }
            }
            QueueEvent::Cas { field, expected, new, ok, .. } => {
                let what = self.field_name(field);
                let (x, n) = (Self::shown(field, expected), Self::shown(field, new));
                if ok {
                    let gloss = match (self.kind, field) {
                        (_, Field::Next(_)) => ": the new node is linked in".to_string(),
                        (_, Field::Item(_)) => format!(": {who} has taken {x}"),
                        (_, Field::Tail) => ": tail catches up".into(),
                        (_, Field::Head) => ": head moves past the taken nodes".into(),
                        (_, Field::ProducerIndex) => format!(": slot {} is claimed, still empty", expected.rem_euclid(self.mask_plus_one())),
                        _ => String::new(),
                    };
                    format!("{who} CASes {what} {x} → {n}{gloss}.")
                } else {
                    let gloss = match field {
                        Field::Next(_) => "another thread linked its node there first; it looks again from the same node",
                        Field::Item(_) => "another thread took the element first",
                        Field::Tail => "another thread moved tail already, which is fine",
                        Field::Head => "another thread moved head already",
                        Field::ProducerIndex => "another producer claimed that index first; it re-reads producerIndex",
                        _ => "the value changed under it",
                    };
                    format!("{who}'s CAS of {what} {x} → {n} fails: {gloss}.")
                }
            }
            QueueEvent::Visit { node, .. } => format!("{who}'s size() reaches n{node}, which holds an element, and counts it."),
            QueueEvent::Lock { ok: true, .. } => format!("{who} takes the lock."),
            QueueEvent::Lock { ok: false, .. } => format!("{who} finds the lock held by another thread and waits."),
            QueueEvent::Unlock { .. } => format!("{who} releases the lock."),
            QueueEvent::Spin { .. } => format!(
                "{who} spins: a producer has claimed this slot (producerIndex is past it) but has not written its element yet."
            ),
            QueueEvent::Done { outcome, .. } => {
                let tail = match outcome {
                    Outcome::Offered(false) => " (full: the element is rejected)",
                    Outcome::Polled(None) => " (empty)",
                    _ => "",
                };
                format!("{who}'s {call} returns {}{tail}.", outcome_label(outcome))
            }
        }
    }

    fn mask_plus_one(&self) -> i64 {
        i64::from(self.trace.get(self.at.capacity)).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Family;
    use crate::family::Variant;
    use crate::queue::kind;
    use crate::queue::script::tests::raw;
    use crate::queue::script::{program, DRAW};
    use crate::queue::Queues;

    #[test]
    fn every_kind_is_narrated_and_frames_replay() {
        let p = program(
            &raw(&[(3, 4, 0), (4, 0, 1), (2, 0, 1)]),
            "threads=P,C\nschedule=P*100",
            DRAW,
        )
        .unwrap();
        for &k in QueueVariant::ALL {
            let r = Queues::record(k, &p, 10_000).unwrap();
            assert!(!r.trace.overflowed);
            assert_eq!(r.trace.frame_at(r.trace.len()), r.trace.frame());
            assert!(
                r.trace
                    .texts
                    .iter()
                    .all(|t| t.starts_with('P') || t.starts_with('C')),
                "{k:?}"
            );
            let polled = r.trace.layout.offset("polled");
            assert_eq!(
                &r.trace.frame()[polled..polled + 4],
                &[1, 2, 3, 4],
                "{k:?}: FIFO"
            );
            assert!(r.actions.iter().any(|a| a.label == "C: poll → null"));
        }
    }

    /// A call is shown on the line naming its method, and a return on the line of its
    /// `return`: an empty poll's on `return null`, size's on `return count`, never on an
    /// `updateHead` that did nothing.
    #[test]
    fn calls_and_returns_are_shown_on_their_own_lines() {
        use crate::queue::linked::{line, PSEUDOCODE};
        let p = program(
            &raw(&[(1, 0, 0), (2, 0, 0), (0, 7, 0), (2, 0, 0)]),
            "",
            DRAW,
        )
        .unwrap();
        let r = Queues::record(QueueVariant::Clq, &p, 1_000).unwrap();
        let at = |k: usize| r.trace.steps[k * 6 + 1] as u8;
        let of = |kind: usize| -> Vec<u8> {
            (0..r.trace.len())
                .filter(|&k| r.trace.steps[k * 6 + 2] == kind as i32)
                .map(at)
                .collect()
        };
        assert_eq!(
            of(kind::BEGIN),
            [line::POLL, line::SIZE, line::OFFER, line::SIZE]
        );
        assert_eq!(
            of(kind::DONE),
            [
                line::POLL_EMPTY,
                line::SIZE_RETURN,
                line::OFFER_RETURN,
                line::SIZE_RETURN
            ]
        );
        assert!(PSEUDOCODE[line::POLL_EMPTY as usize].contains("return null"));
        assert!(of(kind::VISIT).iter().all(|&l| l == line::SIZE_COUNT));
    }

    #[test]
    fn a_failed_cas_is_a_step_of_its_own() {
        // Two producers read the same last node, then both CAS its next: the second fails.
        let p = program(
            &raw(&[(0, 1, 0), (0, 2, 1)]),
            "threads=A,B\nschedule=A A B B B A",
            DRAW,
        )
        .unwrap();
        let r = Queues::record(QueueVariant::Clq, &p, 1_000).unwrap();
        let k = r
            .trace
            .steps
            .chunks(6)
            .position(|s| s[2] == kind::CAS_FAIL as i32)
            .expect("a failed CAS");
        assert_eq!(r.trace.texts[k], "A's CAS of n0.next null → n1 fails: another thread linked its node there first; it looks again from the same node.");
        assert_eq!(
            r.trace.steps[k * 6 + 1],
            i32::from(crate::queue::linked::line::OFFER_CAS_NEXT),
            "a step shows the line of what it did"
        );
        let last = r.trace.len() - 1;
        assert_eq!(
            r.trace.steps[last * 6 + 1],
            i32::from(crate::queue::linked::line::OFFER_RETURN)
        );
        let total = r.trace.layout.offset("total");
        assert_eq!(r.trace.frame()[total + kind::CAS_FAIL], 1);
    }
}
