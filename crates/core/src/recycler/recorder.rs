//! The recyclers' recorder: after every event, the real recycler's state (each thread's stack with
//! its stale slots, the WeakOrderQueues and their links, every handle's ids, the assertion map's
//! slots) is drawn into the frame, and the step gets a sentence naming the thread.

use crate::probe::Probe;
use crate::recycler::script::{Plan, MAX_OBJECTS, MAX_SLOTS, MAX_THREADS};
use crate::recycler::weak_order::{LINK_CAPACITY, OWN_THREAD_ID};
use crate::recycler::{
    DropWhy, Fault, Inspect, RecyclerEvent as E, RecyclerOp, RecyclerProbe, RecyclerVariant,
    StackView,
};
use crate::script::RecordOrCount;
use crate::trace::{Fields, TraceBuffer};

mod sentences;

pub const MAX_QUEUES: usize = MAX_THREADS * (MAX_THREADS - 1);
/// Every queue's first link, plus one per 16 handles queued.
pub const MAX_LINKS: usize = MAX_QUEUES + MAX_SLOTS / LINK_CAPACITY;

codes! {
    /// `outcome` values: what a thread's last operation did.
    pub mod outcome {
        GOT = 0,
        RECYCLED = 1,
        /// recycle returned false, or pushed nothing because the stack was full.
        DROPPED = 2,
        THREW = 3,
        EXITED = 4,
        /// Still running.
        RUNNING = 5,
    }
}

codes! {
    /// `object_place` values: where an object is, as the recycler and the operation running
    /// leave it (the table's "where" column reads only this).
    pub mod place {
        /// Handed out by a get and not given back: `object_place_at` is the thread.
        HELD = 0,
        /// In a stack below its size: the thread, and `object_place_slot` the slot.
        POOLED = 1,
        /// Published in a WeakOrderQueue's link: `object_place_at` is the queue.
        QUEUED = 2,
        /// Moved into a stack's array by a transfer still running (its size is a local until the
        /// end): the thread and slot. Also after a transfer that threw, which never stores its
        /// size: the handle stays in the array above size, as in Netty, until a push or a transfer
        /// writes over its slot.
        MOVING = 3,
        /// Just made by the running get on the thread, not returned yet.
        MADE = 4,
        /// Just popped by the running get on the thread, not returned yet.
        POPPED = 5,
        /// Being recycled by the thread: the running recycle has not placed it yet.
        RECYCLING = 6,
        /// Dropped by a recycle (a full stack, or before the rewrite another thread's): garbage.
        DROPPED = 7,
        /// Garbage without a drop: an operation that threw left no reference a get can reach.
        LOST = 8,
    }
}

frame! {
    /// The frame: per thread its stack (with stale slots) and last outcome; the WeakOrderQueues
    /// and their links; every object's handle; and what the step is about (`focus_*`).
    struct At {
        action: 1,
        thread: 1,
        threads: 1,
        assertions: 1,
        max_capacity: 1,
        alive: MAX_THREADS,
        stack_made: MAX_THREADS,
        size: MAX_THREADS,
        length: MAX_THREADS,
        slot: MAX_THREADS * MAX_SLOTS,
        head: MAX_THREADS,
        cursor: MAX_THREADS,
        prev: MAX_THREADS,
        map_length: MAX_THREADS,
        outcome: MAX_THREADS,
        outcome_value: MAX_THREADS,
        queues: 1,
        queue_id: MAX_QUEUES,
        queue_stack: MAX_QUEUES,
        queue_thread: MAX_QUEUES,
        queue_next: MAX_QUEUES,
        queue_head: MAX_QUEUES,
        queue_tail: MAX_QUEUES,
        links: 1,
        link_read: MAX_LINKS,
        link_write: MAX_LINKS,
        link_next: MAX_LINKS,
        link_live: MAX_LINKS,
        link_slot: MAX_LINKS * LINK_CAPACITY,
        objects: 1,
        object_stack: MAX_OBJECTS,
        object_recycle_id: MAX_OBJECTS,
        object_last_id: MAX_OBJECTS,
        object_map_slot: MAX_OBJECTS,
        object_holder: MAX_OBJECTS,
        object_place: MAX_OBJECTS,
        object_place_at: MAX_OBJECTS,
        object_place_slot: MAX_OBJECTS,
        focus_object: 1,
        focus_stack: 1,
        focus_slot: 1,
        focus_queue: 1,
        focus_link: 1,
        focus_index: 1,
        focus_map_slot: 1,
    }
}

/// The recyclers' frame fields.
pub fn fields() -> Fields {
    At::fields()
}

fn opt(v: Option<usize>) -> i32 {
    v.map_or(-1, |x| x as i32)
}

pub struct RecyclerRecorder {
    pub trace: TraceBuffer,
    at: At,
    version: RecyclerVariant,
    names: Vec<String>,
    max_capacity: usize,
    action: usize,
    line: u8,
    pending: Option<E>,
    /// Per object: the thread holding it (handed out and not yet given back), or −1.
    holder: Vec<i32>,
    /// The current operation, its thread, and the object it recycles.
    op: RecyclerOp,
    current_thread: usize,
    subject: Option<u32>,
    /// Per queue: its owner stack and recycling thread (for sentences).
    queue_owner: Vec<(u32, u32)>,
    map_len: usize,
    /// The operation has begun and neither returned nor thrown.
    running: bool,
    /// The object the running get made or popped, with that place code.
    getting: Option<(u32, i32)>,
    /// A transfer has moved handles and not yet ended.
    transferring: bool,
    /// What the running transfer moved: (stack, slot, object).
    moved: Vec<(usize, usize, u32)>,
    /// What transfers that threw had moved: still in those slots, above size, until written over.
    stranded: Vec<(usize, usize, u32)>,
    /// Per object: a recycle dropped it.
    dropped: Vec<bool>,
}

impl RecyclerRecorder {
    pub fn new(version: RecyclerVariant, plan: &Plan, max_steps: usize) -> Self {
        let mut trace = TraceBuffer::new::<E>(fields(), -1, max_steps);
        let at = At::locate(&trace.layout);
        let threads = plan.names.len().min(MAX_THREADS);
        trace.init(at.threads, threads as i32);
        trace.init(at.assertions, i32::from(plan.assertions));
        trace.init(
            at.max_capacity,
            plan.max_capacity.min(i32::MAX as usize) as i32,
        );
        for t in 0..threads {
            trace.init(at.alive + t, 1);
            trace.init(at.stack_made + t, 0);
        }
        for f in [at.queues, at.links, at.objects] {
            trace.init(f, 0);
        }
        Self {
            trace,
            at,
            version,
            names: plan.names.clone(),
            max_capacity: plan.max_capacity,
            action: 0,
            line: 0,
            pending: None,
            holder: Vec::new(),
            op: RecyclerOp::Get,
            current_thread: 0,
            subject: None,
            queue_owner: Vec::new(),
            map_len: 0,
            running: false,
            getting: None,
            transferring: false,
            moved: Vec::new(),
            stranded: Vec::new(),
            dropped: Vec::new(),
        }
    }

    pub fn prepare(&mut self, action: usize) {
        self.action = action;
    }

    fn set(&mut self, offset: usize, v: i32) {
        self.trace.set(offset, v);
    }

    fn draw<S: Inspect>(&mut self, s: &S) {
        let at = &self.at;
        let threads = s.threads().min(MAX_THREADS);
        let mut writes: Vec<(usize, i32)> = Vec::with_capacity(512);
        for t in 0..threads {
            writes.push((at.alive + t, i32::from(s.alive(t))));
            let stack = s.stack(t);
            writes.push((at.stack_made + t, i32::from(stack.is_some())));
            let st = stack.unwrap_or_default();
            writes.push((at.size + t, st.size as i32));
            writes.push((at.length + t, st.slots.len() as i32));
            for i in 0..MAX_SLOTS {
                let v = st.slots.get(i).copied().flatten();
                writes.push((at.slot + t * MAX_SLOTS + i, v.map_or(-1, |o| o as i32)));
            }
            writes.push((at.head + t, opt(st.head)));
            writes.push((at.cursor + t, opt(st.cursor)));
            writes.push((at.prev + t, opt(st.prev)));
            let map_len = s.map_len(t);
            self.map_len = self.map_len.max(map_len);
            writes.push((at.map_length + t, map_len as i32));
        }
        let queues = s.queues();
        writes.push((at.queues, queues.len().min(MAX_QUEUES) as i32));
        for (q, v) in queues.iter().take(MAX_QUEUES).enumerate() {
            writes.push((
                at.queue_id + q,
                (i64::from(v.id) - i64::from(OWN_THREAD_ID)) as i32,
            ));
            writes.push((at.queue_stack + q, v.stack as i32));
            writes.push((at.queue_thread + q, v.thread as i32));
            writes.push((at.queue_next + q, opt(v.next)));
            writes.push((at.queue_head + q, v.head as i32));
            writes.push((at.queue_tail + q, v.tail as i32));
        }
        let links = s.links();
        writes.push((at.links, links.len().min(MAX_LINKS) as i32));
        for (l, v) in links.iter().take(MAX_LINKS).enumerate() {
            writes.push((at.link_read + l, v.read as i32));
            writes.push((at.link_write + l, v.write as i32));
            writes.push((at.link_next + l, opt(v.next)));
            writes.push((at.link_live + l, i32::from(v.live)));
            for (i, slot) in v.slots.iter().enumerate() {
                writes.push((
                    at.link_slot + l * LINK_CAPACITY + i,
                    slot.map_or(-1, |o| o as i32),
                ));
            }
        }
        let objects = s.objects();
        let places = self.places(s, objects.len());
        writes.push((at.objects, objects.len().min(MAX_OBJECTS) as i32));
        for (o, v) in objects.iter().take(MAX_OBJECTS).enumerate() {
            writes.push((at.object_stack + o, opt(v.stack)));
            writes.push((at.object_recycle_id + o, v.recycle_id));
            writes.push((at.object_last_id + o, v.last_recycled_id));
            writes.push((at.object_map_slot + o, opt(v.map_slot)));
            writes.push((
                at.object_holder + o,
                self.holder.get(o).copied().unwrap_or(-1),
            ));
            let (code, place_at, slot) = places[o];
            writes.push((at.object_place + o, code));
            writes.push((at.object_place_at + o, place_at));
            writes.push((at.object_place_slot + o, slot));
        }
        for (offset, v) in writes {
            self.set(offset, v);
        }
    }

    /// Where each object is: `(place code, thread or queue, slot)`, from the recycler's state
    /// and the operation running (what a get holds before it returns, what a recycle has not
    /// placed yet, what a transfer has moved before it ends).
    fn places<S: Inspect>(&self, s: &S, n: usize) -> Vec<(i32, i32, i32)> {
        let mut out = vec![(place::LOST, -1, -1); n];
        let mut known = vec![false; n];
        let mut put = |o: u32, v: (i32, i32, i32)| {
            let o = o as usize;
            if o < n && !known[o] {
                known[o] = true;
                out[o] = v;
            }
        };
        for (o, &h) in self.holder.iter().enumerate() {
            if h >= 0 {
                put(o as u32, (place::HELD, h, -1));
            }
        }
        if let Some((o, code)) = self.getting {
            put(o, (code, self.current_thread as i32, -1));
        }
        let stacks: Vec<Option<StackView>> = (0..s.threads()).map(|t| s.stack(t)).collect();
        for (t, st) in stacks.iter().enumerate() {
            let Some(st) = st else { continue };
            for (i, v) in st.slots.iter().enumerate().take(st.size) {
                if let Some(o) = *v {
                    put(o, (place::POOLED, t as i32, i as i32));
                }
            }
        }
        let links = s.links();
        for (q, v) in s.queues().iter().enumerate() {
            let mut l = Some(v.head);
            let mut hops = 0;
            while let Some(li) = l.filter(|&li| li < links.len() && hops <= links.len()) {
                let link = &links[li];
                for o in link.slots[link.read.min(LINK_CAPACITY)..link.write.min(LINK_CAPACITY)]
                    .iter()
                    .flatten()
                {
                    put(*o, (place::QUEUED, q as i32, -1));
                }
                l = link.next;
                hops += 1;
            }
        }
        if self.transferring {
            for (t, st) in stacks.iter().enumerate() {
                let Some(st) = st else { continue };
                for (i, v) in st.slots.iter().enumerate().skip(st.size) {
                    if let Some(o) = *v {
                        put(o, (place::MOVING, t as i32, i as i32));
                    }
                }
            }
        }
        for &(t, i, o) in &self.stranded {
            let Some(Some(st)) = stacks.get(t) else {
                continue;
            };
            if i >= st.size && st.slots.get(i) == Some(&Some(o)) {
                put(o, (place::MOVING, t as i32, i as i32));
            }
        }
        for (o, &d) in self.dropped.iter().enumerate() {
            if d {
                put(o as u32, (place::DROPPED, -1, -1));
            }
        }
        if let (true, RecyclerOp::Recycle(o)) = (self.running, self.op) {
            put(o, (place::RECYCLING, self.current_thread as i32, -1));
        }
        out
    }

    /// Points the frame's focus at what `e` touched; returns the step's two arguments.
    fn focus(&mut self, e: E) -> [i32; 2] {
        // object, stack, slot, queue, link, index, map slot
        let mut f = [-1i32; 7];
        let args = match e {
            E::Begin { thread, .. } => [thread as i32, -1],
            E::Allocate { obj, stack } => {
                f[0] = obj as i32;
                f[1] = stack as i32;
                [obj as i32, stack as i32]
            }
            E::Pop { stack, slot, obj } | E::Push { stack, slot, obj } => {
                (f[0], f[1], f[2]) = (obj as i32, stack as i32, slot as i32);
                [stack as i32, slot as i32]
            }
            E::Grow { stack, len } => {
                f[1] = stack as i32;
                [stack as i32, len as i32]
            }
            E::MapProbe { slot } => {
                f[6] = slot as i32;
                [slot as i32, -1]
            }
            E::MapUpdate { obj, put } => {
                f[0] = obj as i32;
                [obj as i32, i32::from(put)]
            }
            E::Drop { obj, why } => {
                f[0] = obj as i32;
                [obj as i32, i32::from(why == DropWhy::Full)]
            }
            E::NewQueue { queue, stack, .. } => {
                (f[3], f[1]) = (queue as i32, stack as i32);
                [queue as i32, stack as i32]
            }
            E::NewLink { queue, link } => {
                (f[3], f[4]) = (queue as i32, link as i32);
                [queue as i32, link as i32]
            }
            E::Enqueue {
                queue,
                link,
                index,
                obj,
            } => {
                (f[0], f[3], f[4], f[5]) = (obj as i32, queue as i32, link as i32, index as i32);
                [link as i32, index as i32]
            }
            E::Visit { stack, queue } => {
                (f[1], f[3]) = (stack as i32, queue as i32);
                [stack as i32, queue as i32]
            }
            E::Transfer {
                queue,
                link,
                index,
                obj,
                slot,
            } => {
                let owner = self
                    .queue_owner
                    .get(queue as usize)
                    .map_or(-1, |o| o.0 as i32);
                f = [
                    obj as i32,
                    owner,
                    slot as i32,
                    queue as i32,
                    link as i32,
                    index as i32,
                    -1,
                ];
                [
                    (link as usize * LINK_CAPACITY) as i32 + index as i32,
                    slot as i32,
                ]
            }
            E::TransferEnd {
                stack,
                queue,
                link,
                size,
            } => {
                (f[1], f[3], f[4]) = (stack as i32, queue as i32, link as i32);
                [stack as i32, size as i32]
            }
            E::Rewind { stack } => {
                f[1] = stack as i32;
                [stack as i32, -1]
            }
            E::Unlink { stack, queue } => {
                (f[1], f[3]) = (stack as i32, queue as i32);
                [stack as i32, queue as i32]
            }
            E::Fault { thread, fault, obj } => {
                f[0] = obj.or(self.subject).map_or(-1, |o| o as i32);
                [thread as i32, fault.code() as i32]
            }
            E::Return { thread, value } => [thread as i32, value as i32],
        };
        let at = self.at;
        let fields = [
            at.focus_object,
            at.focus_stack,
            at.focus_slot,
            at.focus_queue,
            at.focus_link,
            at.focus_index,
            at.focus_map_slot,
        ];
        for (offset, v) in fields.into_iter().zip(f) {
            self.set(offset, v);
        }
        args
    }

    fn close(&mut self, e: E) {
        let t = self.current_thread;
        if let E::Begin { op, .. } = e {
            // A recycle of a get that threw calls nothing in Java (there is no object to pass),
            // so the thread's last call, and what it did, still stand: often the very exception
            // that left it without an object.
            if t < MAX_THREADS && !matches!(op, RecyclerOp::Nothing(_)) {
                self.set(self.at.outcome + t, outcome::RUNNING);
                self.set(self.at.outcome_value + t, -1);
            }
        }
        self.set(self.at.action, self.action as i32);
        self.set(self.at.thread, t as i32);
        self.record_outcome(e, t);
        let args = self.focus(e);
        let text = self.narrate(e, t);
        self.trace.step(self.action, self.line, e, args, text);
    }

    fn record_outcome(&mut self, e: E, t: usize) {
        let subject = self.subject.map_or(-1, |o| o as i32);
        let (kind, value) = match (e, self.op) {
            (E::Return { .. }, RecyclerOp::Exit) => (outcome::EXITED, -1),
            (E::Return { value, .. }, RecyclerOp::Get) => (outcome::GOT, value as i32),
            (E::Return { value: 0, .. }, _) | (E::Drop { .. }, _) => (outcome::DROPPED, subject),
            (E::Return { .. }, _) => (outcome::RECYCLED, subject),
            (E::Fault { fault, .. }, _) => (outcome::THREW, fault.code() as i32),
            _ => return,
        };
        if t < MAX_THREADS {
            self.set(self.at.outcome + t, kind);
            self.set(self.at.outcome_value + t, value);
        }
    }
}

impl Probe<E> for RecyclerRecorder {
    fn line(&mut self, line: u8) {
        self.line = line;
    }

    fn event(&mut self, e: E) {
        match e {
            E::Begin { thread, op } => {
                self.current_thread = thread as usize;
                self.op = op;
                self.running = !matches!(op, RecyclerOp::Nothing(_));
                self.getting = None;
                self.transferring = false;
                debug_assert!(self.moved.is_empty(), "every transfer ends or throws");
                self.moved.clear();
                self.subject = match op {
                    RecyclerOp::Recycle(o) => {
                        if let Some(h) = self.holder.get_mut(o as usize) {
                            *h = -1;
                        }
                        Some(o)
                    }
                    _ => None,
                };
            }
            E::Allocate { obj, .. } => {
                self.holder.push(-1);
                self.dropped.push(false);
                self.getting = Some((obj, place::MADE));
            }
            E::Pop { obj, .. } => self.getting = Some((obj, place::POPPED)),
            E::Transfer { obj, slot, .. } => {
                self.transferring = true;
                self.moved.push((self.current_thread, slot as usize, obj));
            }
            E::TransferEnd { .. } => {
                self.transferring = false;
                self.moved.clear();
            }
            E::Drop { obj, .. } => {
                if let Some(d) = self.dropped.get_mut(obj as usize) {
                    *d = true;
                }
            }
            E::Fault { .. } => {
                self.running = false;
                self.getting = None;
                self.transferring = false;
                // Netty's transfer threw before storing the stack's size: what it had moved stays
                // in the array above size, reachable through those slots (not lost).
                self.stranded.append(&mut self.moved);
            }
            E::Return { thread, value } => {
                self.running = false;
                self.getting = None;
                if self.op == RecyclerOp::Get {
                    if let Some(h) = self.holder.get_mut(value as usize) {
                        *h = thread as i32;
                    }
                }
            }
            E::NewQueue { stack, thread, .. } => self.queue_owner.push((stack, thread)),
            _ => {}
        }
        if let E::MapProbe { .. } = e {
            // Probes come without a state change to draw.
            self.close(e);
        } else {
            self.pending = Some(e);
        }
    }
}

impl RecyclerProbe for RecyclerRecorder {
    fn observe<S: Inspect>(&mut self, state: &S) {
        if let Some(e) = self.pending.take() {
            self.draw(state);
            self.close(e);
        }
    }
}

/// A counted run reads nothing of the recycler's state.
impl RecyclerProbe for RecordOrCount<RecyclerRecorder> {
    #[inline]
    fn observe<S: Inspect>(&mut self, state: &S) {
        if let RecordOrCount::Record(r) = self {
            r.observe(state);
        }
    }
}
