//! Netty's Recycler before "Improve performance of Recycler" (4.0.20, 22f16e52): one thread-local
//! `Stack` per thread, which is also every pooled object's handle. Recycling from another thread
//! drops the object. With assertions enabled for `io.netty`, each stack keeps an
//! `IdentityHashMap` of what it pools, updated on every push and pop.

use crate::recycler::identity_map::IdentityMap;
use crate::recycler::probed::{Design, Probed};
use crate::recycler::{
    initial_capacity, DropWhy, Fault, Inspect, LinkView, ObjectView, QueueView, RecyclerEvent as E,
    RecyclerOp, RecyclerProbe, StackView,
};
use crate::reference::Ref;
use crate::rng::SplitMix;

pseudocode! {
    GET => "get():",
    GET_STACK => "  stack = threadLocal.get()        // this thread's Stack, made on first use",
    GET_POP => "  o = stack.pop()",
    GET_NEW => "  if o == null: o = newObject(stack)   // the Stack is the handle",
    GET_RETURN => "  return o",
    RECYCLE => "recycle(o, stack):",
    RECYCLE_THREAD => "  if currentThread != stack.thread: return false   // dropped",
    RECYCLE_PUSH => "  stack.push(o); return true",
    POP => "pop():",
    POP_EMPTY => "  if size == 0: return null",
    POP_TAKE => "  size--; ret = elements[size]; elements[size] = null",
    POP_ASSERT => "  assert map.remove(ret) != null   // only with -ea",
    POP_RETURN => "  return ret",
    PUSH => "push(o):",
    PUSH_ASSERT => "  assert map.put(o, TRUE) == null : \"recycled already\"   // only with -ea",
    PUSH_LENGTH => "  if size == elements.length:",
    PUSH_FULL => "    if size == maxCapacity: return   // dropped",
    PUSH_GROW => "    elements = copyOf(elements, min(maxCapacity, size * 2))",
    PUSH_STORE => "  elements[size++] = o",
}

#[derive(Clone, Debug)]
struct Stack {
    elements: Vec<Ref>,
    size: usize,
    map: Option<IdentityMap>,
}

impl Stack {
    /// Once per thread: kept out of line so the hot path stays small.
    #[cold]
    #[inline(never)]
    fn new(max_capacity: usize, assertions: bool) -> Self {
        let initial = initial_capacity(max_capacity);
        Stack {
            elements: vec![Ref::NULL; initial],
            size: 0,
            // The constructor's `assert mapEnabled = true` runs only with -ea.
            map: assertions.then(|| IdentityMap::new(initial)),
        }
    }
}

#[derive(Clone, Debug)]
pub struct State {
    max_capacity: usize,
    assertions: bool,
    stacks: Vec<Option<Stack>>,
    alive: Vec<bool>,
    /// Per object: the stack (thread) it was made for — its handle.
    owner: Vec<usize>,
    /// Per object: its identity hash code (31 bits, as HotSpot's).
    hashes: Vec<u32>,
    rng: SplitMix,
}

/// This design's recycler: its state inside the shared plumbing (`probed.rs`).
pub type StackRecycler<P> = Probed<State, P>;

impl<P: RecyclerProbe> Probed<State, P> {
    pub fn new(threads: usize, max_capacity: usize, assertions: bool, probe: P) -> Self {
        Self {
            s: State {
                max_capacity,
                assertions,
                stacks: vec![None; threads],
                alive: vec![true; threads],
                owner: Vec::new(),
                hashes: Vec::new(),
                rng: SplitMix::new(0x5eed),
            },
            probe,
        }
    }

    #[inline(always)]
    fn stack(&mut self, thread: usize) -> &mut Stack {
        let (max, assertions) = (self.s.max_capacity, self.s.assertions);
        self.s.stacks[thread].get_or_insert_with(|| Stack::new(max, assertions))
    }

    fn pop(&mut self, thread: usize) -> Result<Option<u32>, Fault> {
        let assertions = self.s.assertions;
        let stack = self.stack(thread);
        if stack.size == 0 {
            probe!(self.probe.line(line::POP_EMPTY));
            return Ok(None);
        }
        // `size` is a local until the end: a failed assertion leaves the field as it was, with
        // the slot already cleared.
        let size = stack.size - 1;
        let ret = std::mem::take(&mut stack.elements[size]).get();
        let pop = |obj| E::Pop {
            stack: thread as u32,
            slot: size as u32,
            obj,
        };
        if assertions {
            // The pop is told where it happens, before the assertion: its object is the get's,
            // and the field still holds the old size.
            if let Some(obj) = ret {
                self.emit(line::POP_TAKE, pop(obj));
            }
            if !ret.is_some_and(|obj| self.map_remove(thread, obj)) {
                return Err(Fault::AssertNotPooled);
            }
            self.stack(thread).size = size;
        } else {
            self.stack(thread).size = size;
            if let Some(obj) = ret {
                self.emit(line::POP_TAKE, pop(obj));
            }
        }
        // A slot cleared inside `size` (after a failed assertion) pops as null: get allocates.
        Ok(ret)
    }

    fn map_remove(&mut self, thread: usize, obj: u32) -> bool {
        let Self { s, probe } = self;
        let map = s.stacks[thread].as_mut().and_then(|st| st.map.as_mut());
        let Some(map) = map else { return true };
        let found = map.remove(obj, &s.hashes, &mut |slot| {
            probe!(probe.line(line::POP_ASSERT));
            probe!(probe.event(E::MapProbe { slot: slot as u32 }));
        });
        if found {
            self.emit(line::POP_ASSERT, E::MapUpdate { obj, put: false });
        }
        found
    }

    fn push(&mut self, thread: usize, obj: u32) -> Result<bool, Fault> {
        if self.s.assertions {
            let Self { s, probe } = self;
            let map = s.stacks[thread].as_mut().and_then(|st| st.map.as_mut());
            if let Some(map) = map {
                let present = map.put(obj, &s.hashes, &mut |slot| {
                    probe!(probe.line(line::PUSH_ASSERT));
                    probe!(probe.event(E::MapProbe { slot: slot as u32 }));
                });
                if present {
                    return Err(Fault::AssertRecycledAlready);
                }
                self.emit(line::PUSH_ASSERT, E::MapUpdate { obj, put: true });
            }
        }
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
                return Ok(true);
            }
            let len = max.min(stack.size * 2);
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
        Ok(true)
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
        probe!(r.probe.line(line::GET_POP));
        let obj = match r.pop(thread) {
            Ok(Some(o)) => o,
            Ok(None) => {
                let obj = r.s.owner.len() as u32;
                r.s.owner.push(thread);
                let h = (r.s.rng.next_u64() as u32 & 0x7fff_ffff).max(1);
                r.s.hashes.push(h);
                r.emit(
                    line::GET_NEW,
                    E::Allocate {
                        obj,
                        stack: thread as u32,
                    },
                );
                obj
            }
            Err(f) => return r.fail(thread, line::POP_ASSERT, f),
        };
        r.emit(
            line::GET_RETURN,
            E::Return {
                thread: thread as u32,
                value: obj,
            },
        );
        Ok(obj)
    }

    fn recycle<P: RecyclerProbe>(
        r: &mut Probed<Self, P>,
        thread: usize,
        obj: u32,
    ) -> Result<bool, Fault> {
        r.emit(
            line::RECYCLE_THREAD,
            E::Begin {
                thread: thread as u32,
                op: RecyclerOp::Recycle(obj),
            },
        );
        let owner = r.s.owner[obj as usize];
        if owner != thread {
            r.emit(
                line::RECYCLE_THREAD,
                E::Drop {
                    obj,
                    why: DropWhy::OtherThread,
                },
            );
            r.emit(
                line::RECYCLE_THREAD,
                E::Return {
                    thread: thread as u32,
                    value: 0,
                },
            );
            return Ok(false);
        }
        probe!(r.probe.line(line::RECYCLE_PUSH));
        match r.push(thread, obj) {
            Ok(_) => {
                r.emit(
                    line::RECYCLE_PUSH,
                    E::Return {
                        thread: thread as u32,
                        value: 1,
                    },
                );
                Ok(true)
            }
            Err(f) => r.fail(thread, line::PUSH_ASSERT, f),
        }
    }

    fn exit<P: RecyclerProbe>(r: &mut Probed<Self, P>, thread: usize) {
        r.emit(
            crate::trace::NO_LINE,
            E::Begin {
                thread: thread as u32,
                op: RecyclerOp::Exit,
            },
        );
        // The thread-local goes with the thread: its stack, and what it pooled, are garbage
        // (still drawn, faded; no get can reach them).
        r.s.alive[thread] = false;
        r.emit(
            crate::trace::NO_LINE,
            E::Return {
                thread: thread as u32,
                value: 1,
            },
        );
    }

    fn allocated(&self) -> usize {
        self.owner.len()
    }
}

impl Inspect for State {
    fn threads(&self) -> usize {
        self.stacks.len()
    }

    fn alive(&self, thread: usize) -> bool {
        self.alive[thread]
    }

    fn stack(&self, thread: usize) -> Option<StackView> {
        self.stacks[thread].as_ref().map(|st| StackView {
            size: st.size,
            slots: st.elements.iter().map(|s| s.get()).collect(),
            ..StackView::default()
        })
    }

    fn queues(&self) -> Vec<QueueView> {
        Vec::new()
    }

    fn links(&self) -> Vec<LinkView> {
        Vec::new()
    }

    fn objects(&self) -> Vec<ObjectView> {
        (0..self.owner.len())
            .map(|o| {
                let owner = self.owner[o];
                let map_slot = self.stacks[owner]
                    .as_ref()
                    .and_then(|st| st.map.as_ref())
                    .and_then(|m| m.slot_of(o as u32, &self.hashes));
                ObjectView {
                    stack: Some(owner),
                    map_slot,
                    ..ObjectView::default()
                }
            })
            .collect()
    }

    fn map_len(&self, thread: usize) -> usize {
        self.stacks[thread]
            .as_ref()
            .and_then(|st| st.map.as_ref())
            .map_or(0, IdentityMap::table_len)
    }
}
