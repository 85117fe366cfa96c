//! Netty's Recycler after "Improve performance of Recycler" (790c63e8, 4.0.21): a handle per
//! object, the owner thread's stack of handles, and for every other thread that recycles into that
//! stack a `WeakOrderQueue` — links of 16 handles with a write index (an ordered store publishes
//! each slot) and a read index — prepended to the stack's list of queues. An empty stack scavenges
//! one link's worth from its queues, starting at a cursor.
//!
//! Quirks kept because the code had them: the first scavenge after a queue appears only moves the
//! cursor (so that get allocates); `pop` leaves the popped slot holding a stale handle; `transfer`
//! grows the stack past `maxCapacity`; the first queue of a list is never unlinked; a drained dead
//! queue's handles do not count as a successful scavenge.

use crate::recycler::probed::{Design, Probed};
use crate::recycler::{
    initial_capacity, DropWhy, Fault, Inspect, LinkView, ObjectView, QueueView, RecyclerEvent as E,
    RecyclerOp, RecyclerProbe, StackView,
};
use crate::reference::Ref;

pub const LINK_CAPACITY: usize = 16;
codes! {
    /// Recycle ids the page names.
    pub mod id {
        /// `ID_GENERATOR` starts at `Integer.MIN_VALUE`, and the first id it hands out is
        /// `OWN_THREAD_ID`.
        OWN_THREAD_ID = i32::MIN,
    }
}
pub use id::OWN_THREAD_ID;

mod inspect;

pseudocode! {
    GET => "get():",
    GET_STACK => "  stack = threadLocal.get()",
    GET_POP => "  h = stack.pop()",
    GET_NEW => "  if h == null: h = new DefaultHandle(stack); h.value = newObject(h)",
    GET_RETURN => "  return h.value",
    RECYCLE => "recycle(o, h):",
    RECYCLE_NULL => "  if h.stack == null: throw NullPointerException   // h.stack.parent: h is queued",
    RECYCLE_OWN => "  if currentThread == h.stack.thread: h.stack.push(h); return true",
    RECYCLE_LOOKUP => "  q = DELAYED_RECYCLED.get().get(h.stack)",
    RECYCLE_NEW_QUEUE => "  if q == null: q = new WeakOrderQueue(h.stack, thread)   // prepended, under the stack's lock",
    RECYCLE_ADD => "  q.add(h); return true",
    ADD => "q.add(h):",
    ADD_ID => "  h.lastRecycledId = q.id",
    ADD_LINK => "  if tail.writeIndex == 16: tail = tail.next = new Link()",
    ADD_STORE => "  tail.elements[writeIndex] = h; h.stack = null",
    ADD_PUBLISH => "  tail.lazySet(writeIndex + 1)   // publishes the slot",
    PUSH => "push(h):",
    PUSH_CHECK => "  if (h.recycleId | h.lastRecycledId) != 0: throw \"recycled already\"",
    PUSH_IDS => "  h.recycleId = h.lastRecycledId = OWN_THREAD_ID",
    PUSH_LENGTH => "  if size == elements.length:",
    PUSH_FULL => "    if size == maxCapacity: return   // dropped",
    PUSH_GROW => "    elements = copyOf(elements, size * 2)",
    PUSH_STORE => "  elements[size++] = h",
    POP => "pop():",
    POP_EMPTY => "  if size == 0 && !scavenge(): return null",
    POP_TAKE => "  size--; ret = elements[size]   // the slot keeps its stale handle",
    POP_CHECK => "  if ret.lastRecycledId != ret.recycleId: throw \"recycled multiple times\"",
    POP_RESET => "  ret.recycleId = ret.lastRecycledId = 0",
    POP_RETURN => "  return ret",
    SCAVENGE => "scavenge():",
    SCAVENGE_LOOP => "  for cur = cursor; cur != null; cur = cur.next:",
    SCAVENGE_VISIT => "    if cur.transfer(this): cursor = cur; return true",
    SCAVENGE_DEAD => "    if cur's thread is dead: drain cur; unlink it (unless it is first)",
    SCAVENGE_REWIND => "  prev = null; cursor = head; return false",
    TRANSFER => "transfer(stack):   // one link at most",
    TRANSFER_NEXT_LINK => "  if head.readIndex == 16 && head.next != null: head = head.next",
    TRANSFER_RANGE => "  start = head.readIndex; end = head.writeIndex; if start == end: return false",
    TRANSFER_GROW => "  if size + (end - start) > elements.length: grow to (size + end - start) * 2",
    TRANSFER_MOVE => "  n = size; for h in head.elements[start..end]: check ids; h.stack = stack; elements[n++] = h",
    TRANSFER_END => "  size = n; head.readIndex = end; return true   // the moved handles count only now",
}

#[derive(Clone, Copy, Debug)]
struct Handle {
    recycle_id: i32,
    last_recycled_id: i32,
    /// The owner's stack (its thread's number); `None` while the handle sits in a queue.
    stack: Option<usize>,
}

#[derive(Clone, Debug)]
struct Stack {
    elements: Vec<Ref>,
    size: usize,
    head: Option<usize>,
    cursor: Option<usize>,
    prev: Option<usize>,
}

impl Stack {
    #[cold]
    #[inline(never)]
    fn new(max_capacity: usize) -> Self {
        Stack {
            elements: vec![Ref::NULL; initial_capacity(max_capacity)],
            size: 0,
            head: None,
            cursor: None,
            prev: None,
        }
    }
}

#[derive(Clone, Debug)]
struct Queue {
    id: i32,
    stack: usize,
    /// The recycling thread (held weakly: dead when that thread has exited).
    thread: usize,
    head: usize,
    tail: usize,
    next: Option<usize>,
}

#[derive(Clone, Debug, Default)]
struct Link {
    elements: [Ref; LINK_CAPACITY],
    read: usize,
    /// The `AtomicInteger` a Link extends.
    write: usize,
    next: Option<usize>,
}

#[derive(Clone, Debug)]
pub struct State {
    max_capacity: usize,
    stacks: Vec<Option<Stack>>,
    alive: Vec<bool>,
    handles: Vec<Handle>,
    queues: Vec<Queue>,
    links: Vec<Link>,
    /// Links no queue reaches any more, for reuse (Java's garbage collector).
    free_links: Vec<usize>,
    /// `DELAYED_RECYCLED`, per recycling thread: (stack, queue) pairs.
    delayed: Vec<Vec<(usize, usize)>>,
    next_id: i32,
}

/// This design's recycler: its state inside the shared plumbing (`probed.rs`).
pub type WeakOrderRecycler<P> = Probed<State, P>;

impl<P: RecyclerProbe> Probed<State, P> {
    pub fn new(threads: usize, max_capacity: usize, probe: P) -> Self {
        Self {
            s: State {
                max_capacity,
                stacks: vec![None; threads],
                alive: vec![true; threads],
                handles: Vec::new(),
                queues: Vec::new(),
                links: Vec::new(),
                free_links: Vec::new(),
                delayed: vec![Vec::new(); threads],
                next_id: OWN_THREAD_ID + 1,
            },
            probe,
        }
    }

    #[inline(always)]
    fn stack(&mut self, thread: usize) -> &mut Stack {
        let max = self.s.max_capacity;
        self.s.stacks[thread].get_or_insert_with(|| Stack::new(max))
    }

    fn new_link(&mut self, queue: usize) -> usize {
        let link = self.alloc_link();
        self.emit(
            line::ADD_LINK,
            E::NewLink {
                queue: queue as u32,
                link: link as u32,
            },
        );
        link
    }

    fn alloc_link(&mut self) -> usize {
        match self.s.free_links.pop() {
            Some(l) => {
                self.s.links[l] = Link::default();
                l
            }
            None => {
                self.s.links.push(Link::default());
                self.s.links.len() - 1
            }
        }
    }

    fn pop(&mut self, thread: usize) -> Result<Option<u32>, Fault> {
        if self.stack(thread).size == 0 && !self.scavenge(thread)? {
            probe!(self.probe.line(line::POP_EMPTY));
            return Ok(None);
        }
        let stack = self.stack(thread);
        let size = stack.size - 1;
        let obj = stack.elements[size]
            .get()
            .expect("a slot below size holds a handle");
        if self.s.handles[obj as usize].last_recycled_id != self.s.handles[obj as usize].recycle_id
        {
            return self.fail(thread, line::POP_CHECK, Fault::RecycledMultipleTimes);
        }
        let h = &mut self.s.handles[obj as usize];
        h.recycle_id = 0;
        h.last_recycled_id = 0;
        self.stack(thread).size = size;
        self.emit(
            line::POP_TAKE,
            E::Pop {
                stack: thread as u32,
                slot: size as u32,
                obj,
            },
        );
        Ok(Some(obj))
    }

    fn push(&mut self, thread: usize, obj: u32) -> Result<(), Fault> {
        let h = self.s.handles[obj as usize];
        if (h.recycle_id | h.last_recycled_id) != 0 {
            return self.fail(thread, line::PUSH_CHECK, Fault::RecycledAlready);
        }
        let h = &mut self.s.handles[obj as usize];
        h.recycle_id = OWN_THREAD_ID;
        h.last_recycled_id = OWN_THREAD_ID;
        let max = self.s.max_capacity;
        let stack = self.stack(thread);
        if stack.size == stack.elements.len() {
            if stack.size == max {
                self.emit(
                    line::PUSH_FULL,
                    E::Drop {
                        obj,
                        why: DropWhy::Full,
                    },
                );
                return Ok(());
            }
            let len = stack.size * 2;
            stack.elements.resize(len, Ref::NULL);
            self.emit(
                line::PUSH_GROW,
                E::Grow {
                    stack: thread as u32,
                    len: len as u32,
                },
            );
        }
        let stack = self.stack(thread);
        let slot = stack.size;
        stack.elements[slot] = Ref::of(obj);
        stack.size += 1;
        self.emit(
            line::PUSH_STORE,
            E::Push {
                stack: thread as u32,
                slot: slot as u32,
                obj,
            },
        );
        Ok(())
    }

    /// `scavenge()`: whether handles arrived; otherwise the cursor goes back to the first queue.
    fn scavenge(&mut self, stack: usize) -> Result<bool, Fault> {
        if self.scavenge_some(stack)? {
            return Ok(true);
        }
        let st = self.stack(stack);
        st.prev = None;
        st.cursor = st.head;
        self.emit(
            line::SCAVENGE_REWIND,
            E::Rewind {
                stack: stack as u32,
            },
        );
        Ok(false)
    }

    fn scavenge_some(&mut self, stack: usize) -> Result<bool, Fault> {
        let (mut cur, mut prev) = {
            let st = self.stack(stack);
            (st.cursor, st.prev)
        };
        let mut success = false;
        while let Some(q) = cur {
            self.emit(
                line::SCAVENGE_VISIT,
                E::Visit {
                    stack: stack as u32,
                    queue: q as u32,
                },
            );
            if self.transfer(q, stack)? {
                success = true;
                break;
            }
            let next = self.s.queues[q].next;
            if !self.s.alive[self.s.queues[q].thread] {
                if self.has_final_data(q) {
                    while self.transfer(q, stack)? {}
                }
                if let Some(p) = prev {
                    self.s.queues[p].next = next;
                    self.emit(
                        line::SCAVENGE_DEAD,
                        E::Unlink {
                            stack: stack as u32,
                            queue: q as u32,
                        },
                    );
                }
            } else {
                prev = Some(q);
            }
            cur = next;
        }
        let st = self.stack(stack);
        st.prev = prev;
        st.cursor = cur;
        Ok(success)
    }

    fn has_final_data(&self, q: usize) -> bool {
        let tail = &self.s.links[self.s.queues[q].tail];
        tail.read != tail.write
    }

    /// `q.transfer(stack)`: moves at most one link's published handles onto the stack.
    fn transfer(&mut self, q: usize, stack: usize) -> Result<bool, Fault> {
        let mut link = self.s.queues[q].head;
        if self.s.links[link].read == LINK_CAPACITY {
            match self.s.links[link].next {
                None => return Ok(false),
                Some(n) => {
                    self.s.free_links.push(link);
                    self.s.queues[q].head = n;
                    link = n;
                }
            }
        }
        let (start, end) = (self.s.links[link].read, self.s.links[link].write);
        if start == end {
            return Ok(false);
        }
        let st = self.stack(stack);
        // The stack's size is a local until the loop ends, as in Java.
        let mut size = st.size;
        if size + (end - start) > st.elements.len() {
            let len = (size + (end - start)) * 2;
            st.elements.resize(len, Ref::NULL);
            self.emit(
                line::TRANSFER_GROW,
                E::Grow {
                    stack: stack as u32,
                    len: len as u32,
                },
            );
        }
        for i in start..end {
            // Empty only if a transfer that threw moved this handle before it failed on a later one.
            let Some(obj) = self.s.links[link].elements[i].get() else {
                return self.fail(stack, line::TRANSFER_MOVE, Fault::NullInLink);
            };
            let h = self.s.handles[obj as usize];
            if h.recycle_id != 0 && h.recycle_id != h.last_recycled_id {
                self.emit(
                    line::TRANSFER_MOVE,
                    E::Fault {
                        thread: stack as u32,
                        fault: Fault::RecycledAlready,
                        obj: Some(obj),
                    },
                );
                return Err(Fault::RecycledAlready);
            }
            let h = &mut self.s.handles[obj as usize];
            if h.recycle_id == 0 {
                h.recycle_id = h.last_recycled_id;
            }
            h.stack = Some(stack);
            self.stack(stack).elements[size] = Ref::of(obj);
            self.s.links[link].elements[i] = Ref::NULL;
            self.emit(
                line::TRANSFER_MOVE,
                E::Transfer {
                    queue: q as u32,
                    link: link as u32,
                    index: i as u32,
                    obj,
                    slot: size as u32,
                },
            );
            size += 1;
        }
        self.stack(stack).size = size;
        if end == LINK_CAPACITY {
            if let Some(n) = self.s.links[link].next {
                self.s.free_links.push(link);
                self.s.queues[q].head = n;
            }
        }
        self.s.links[link].read = end;
        self.emit(
            line::TRANSFER_END,
            E::TransferEnd {
                stack: stack as u32,
                queue: q as u32,
                link: link as u32,
                size: size as u32,
            },
        );
        Ok(true)
    }

    /// `q.add(h)` on the recycling thread.
    fn add(&mut self, q: usize, obj: u32) {
        self.s.handles[obj as usize].last_recycled_id = self.s.queues[q].id;
        let mut tail = self.s.queues[q].tail;
        let mut w = self.s.links[tail].write;
        if w == LINK_CAPACITY {
            let l = self.new_link(q);
            self.s.links[tail].next = Some(l);
            self.s.queues[q].tail = l;
            tail = l;
            w = 0;
        }
        self.s.links[tail].elements[w] = Ref::of(obj);
        self.s.handles[obj as usize].stack = None;
        self.s.links[tail].write = w + 1;
        self.emit(
            line::ADD_PUBLISH,
            E::Enqueue {
                queue: q as u32,
                link: tail as u32,
                index: w as u32,
                obj,
            },
        );
    }

    /// `new WeakOrderQueue(stack, thread)`: one link, the next id, prepended to the stack's list.
    fn new_queue(&mut self, stack: usize, thread: usize) -> usize {
        let q = self.s.queues.len();
        let id = self.s.next_id;
        self.s.next_id += 1;
        let link = self.alloc_link();
        let st = self.stack(stack);
        let next = st.head;
        st.head = Some(q);
        self.s.queues.push(Queue {
            id,
            stack,
            thread,
            head: link,
            tail: link,
            next,
        });
        self.s.delayed[thread].push((stack, q));
        // Told queue first: the link is the new queue's, made by its constructor on this line.
        self.emit(
            line::RECYCLE_NEW_QUEUE,
            E::NewQueue {
                queue: q as u32,
                stack: stack as u32,
                thread: thread as u32,
            },
        );
        self.emit(
            line::RECYCLE_NEW_QUEUE,
            E::NewLink {
                queue: q as u32,
                link: link as u32,
            },
        );
        q
    }

    fn done(&mut self, thread: usize, line: u8, value: u32) {
        self.emit(
            line,
            E::Return {
                thread: thread as u32,
                value,
            },
        );
    }
}

impl Design for State {
    fn get<P: RecyclerProbe>(r: &mut Probed<Self, P>, thread: usize) -> Result<u32, Fault> {
        r.emit(
            line::GET_STACK,
            E::Begin {
                thread: thread as u32,
                op: RecyclerOp::Get,
            },
        );
        r.stack(thread);
        let obj = match r.pop(thread)? {
            Some(o) => o,
            None => {
                let obj = r.s.handles.len() as u32;
                r.s.handles.push(Handle {
                    recycle_id: 0,
                    last_recycled_id: 0,
                    stack: Some(thread),
                });
                r.emit(
                    line::GET_NEW,
                    E::Allocate {
                        obj,
                        stack: thread as u32,
                    },
                );
                obj
            }
        };
        r.done(thread, line::GET_RETURN, obj);
        Ok(obj)
    }

    fn recycle<P: RecyclerProbe>(
        r: &mut Probed<Self, P>,
        thread: usize,
        obj: u32,
    ) -> Result<bool, Fault> {
        r.emit(
            line::RECYCLE_NULL,
            E::Begin {
                thread: thread as u32,
                op: RecyclerOp::Recycle(obj),
            },
        );
        let Some(stack) = r.s.handles[obj as usize].stack else {
            return r.fail(thread, line::RECYCLE_NULL, Fault::NullStack);
        };
        if stack == thread {
            probe!(r.probe.line(line::RECYCLE_OWN));
            r.push(thread, obj)?;
            r.done(thread, line::RECYCLE_OWN, 1);
            return Ok(true);
        }
        probe!(r.probe.line(line::RECYCLE_LOOKUP));
        let known = r.s.delayed[thread]
            .iter()
            .find(|&&(s, _)| s == stack)
            .map(|&(_, q)| q);
        let q = match known {
            Some(q) => q,
            None => r.new_queue(stack, thread),
        };
        probe!(r.probe.line(line::RECYCLE_ADD));
        r.add(q, obj);
        r.done(thread, line::RECYCLE_ADD, 1);
        Ok(true)
    }

    fn exit<P: RecyclerProbe>(r: &mut Probed<Self, P>, thread: usize) {
        r.emit(
            crate::trace::NO_LINE,
            E::Begin {
                thread: thread as u32,
                op: RecyclerOp::Exit,
            },
        );
        // Its stack becomes garbage with its thread-locals; its queues' weak owner clears.
        r.s.alive[thread] = false;
        r.s.delayed[thread].clear();
        r.done(thread, crate::trace::NO_LINE, 1);
    }

    fn allocated(&self) -> usize {
        self.handles.len()
    }
}
