//! The Recyclers' sentences: one function per event, naming the thread, its stack and the
//! WeakOrderQueue it touched, as the highlighted line of the version's listing would say it.

use super::*;

impl RecyclerRecorder {
    fn who(&self, t: u32) -> &str {
        self.names.get(t as usize).map_or("?", String::as_str)
    }

    fn queue_name(&self, q: u32) -> String {
        match self.queue_owner.get(q as usize) {
            Some(&(stack, thread)) => {
                format!("q{} ({} → {})", q + 1, self.who(thread), self.who(stack))
            }
            None => format!("q{}", q + 1),
        }
    }

    /// The sentence for event `e` on thread `t`: one function per event below.
    pub(super) fn narrate(&self, e: E, t: usize) -> String {
        let who = self.who(t as u32);
        match e {
            E::Begin { op, .. } => self.begin_text(who, op),
            E::Allocate { obj, stack } => self.allocate_text(obj, stack),
            E::Pop { stack, slot, obj } => self.pop_text(stack, slot, obj),
            E::Push { stack, slot, obj } => self.push_text(stack, slot, obj),
            E::Grow { stack, len } => self.grow_text(stack, len),
            E::MapProbe { slot } => self.map_probe_text(slot),
            E::MapUpdate { obj, put } => map_update_text(obj, put),
            E::Drop { obj, why } => self.drop_text(obj, why),
            E::NewQueue {
                queue,
                stack,
                thread,
            } => self.new_queue_text(queue, stack, thread),
            E::NewLink { queue, link } => self.new_link_text(queue, link),
            E::TransferEnd {
                stack,
                queue,
                link,
                size,
            } => self.transfer_end_text(stack, queue, link, size),
            E::Enqueue {
                queue,
                link,
                index,
                obj,
            } => self.enqueue_text(queue, link, index, obj),
            E::Visit { stack, queue } => self.visit_text(stack, queue),
            E::Transfer {
                queue,
                index,
                obj,
                slot,
                ..
            } => self.transfer_text(queue, index, obj, slot),
            E::Rewind { stack } => self.rewind_text(stack),
            E::Unlink { queue, .. } => self.unlink_text(queue),
            E::Fault { fault, obj, .. } => self.fault_text(who, fault, obj),
            E::Return { value, .. } => self.return_text(who, value),
        }
    }

    fn begin_text(&self, who: &str, op: RecyclerOp) -> String {
        let after = self.version == RecyclerVariant::After;
        match op {
            RecyclerOp::Get => format!("{who} calls get()."),
            RecyclerOp::Recycle(o) => format!("{who} calls recycle(o{}).", o + 1),
            RecyclerOp::Nothing(g) => format!(
                "{who} has nothing to recycle: get #{} threw, so it returned no object.",
                g + 1
            ),
            RecyclerOp::Exit => format!(
                "{who} exits: its thread-locals go with it, so its stack can no longer be reached{}.",
                if after { ", and the WeakOrderQueues it filled lose their owner" } else { "" }
            ),
        }
    }

    fn allocate_text(&self, obj: u32, stack: u32) -> String {
        if self.version == RecyclerVariant::After {
            format!(
                "Nothing to pop: a new DefaultHandle and object o{}, owned by {}'s stack.",
                obj + 1,
                self.who(stack)
            )
        } else {
            format!(
                "The stack is empty: newObject(stack) makes o{}; {}'s stack is its handle.",
                obj + 1,
                self.who(stack)
            )
        }
    }

    fn pop_text(&self, stack: u32, slot: u32, obj: u32) -> String {
        let stored = (stack as usize) < MAX_THREADS
            && self.trace.get(self.at.size + stack as usize) == slot as i32;
        if self.version == RecyclerVariant::Before && !stored {
            // With assertions the old pop keeps its new size in a local until map.remove agrees.
            format!(
                "pop: o{} comes off slot {slot}, and the slot is cleared; size {} → {slot} is stored only if the assertion below holds.",
                obj + 1,
                slot + 1
            )
        } else if self.version == RecyclerVariant::After {
            format!(
                "pop: size {} → {slot}; o{} comes off slot {slot}, which keeps a stale reference; its ids go back to 0.",
                slot + 1,
                obj + 1
            )
        } else {
            format!(
                "pop: size {} → {slot}; o{} comes off slot {slot}, and the slot is cleared.",
                slot + 1,
                obj + 1
            )
        }
    }

    fn push_text(&self, stack: u32, slot: u32, obj: u32) -> String {
        format!(
            "push: o{} goes into slot {slot} of {}'s stack (size {}).",
            obj + 1,
            self.who(stack),
            slot + 1
        )
    }

    fn grow_text(&self, stack: u32, len: u32) -> String {
        format!(
            "{}'s array is too short: copied into a new one of {len} slots.",
            self.who(stack)
        )
    }

    fn map_probe_text(&self, slot: u32) -> String {
        format!(
            "The assertion looks at slot {slot} of the IdentityHashMap's {}-slot table.",
            self.map_len
        )
    }

    fn drop_text(&self, obj: u32, why: DropWhy) -> String {
        match why {
            DropWhy::Full => format!(
                "The stack already holds maxCapacity ({}) objects: o{} is dropped for the garbage collector{}.",
                self.max_capacity,
                obj + 1,
                if self.version == RecyclerVariant::After { ", its ids left set" } else { "" }
            ),
            DropWhy::OtherThread => format!(
                "o{} belongs to another thread's stack: recycle returns false, and o{} is left to the garbage collector.",
                obj + 1,
                obj + 1
            ),
        }
    }

    fn new_queue_text(&self, queue: u32, stack: u32, thread: u32) -> String {
        format!(
            "{} has no WeakOrderQueue for {}'s stack yet: q{} (id MIN_VALUE+{}) is made and put first in {}'s list.",
            self.who(thread),
            self.who(stack),
            queue + 1,
            queue + 1,
            self.who(stack)
        )
    }

    /// Told by the line it is made on: the new queue's constructor, or `add` finding the tail
    /// link full.
    fn new_link_text(&self, queue: u32, link: u32) -> String {
        if self.line == crate::recycler::weak_order::line::RECYCLE_NEW_QUEUE {
            format!(
                "q{} starts with one link, L{}: {LINK_CAPACITY} empty slots, its head and its tail.",
                queue + 1,
                link + 1
            )
        } else {
            format!(
                "{}'s tail link is full: a new link of {LINK_CAPACITY} empty slots, L{}, becomes its tail.",
                self.queue_name(queue),
                link + 1
            )
        }
    }

    fn transfer_end_text(&self, stack: u32, queue: u32, link: u32, size: u32) -> String {
        format!(
            "The transfer ends: {}'s size becomes {size}, so the handles moved are pooled now, and L{}'s readIndex moves past them in q{}.",
            self.who(stack),
            link + 1,
            queue + 1
        )
    }

    fn enqueue_text(&self, queue: u32, link: u32, index: u32, obj: u32) -> String {
        format!(
            "o{} goes into slot {index} of L{} in {}: lastRecycledId = the queue's id, stack = null, then writeIndex = {} by an ordered store, which publishes it.",
            obj + 1,
            link + 1,
            self.queue_name(queue),
            index + 1
        )
    }

    fn visit_text(&self, stack: u32, queue: u32) -> String {
        format!(
            "{}'s stack is empty: scavenging looks at {}.",
            self.who(stack),
            self.queue_name(queue)
        )
    }

    fn transfer_text(&self, queue: u32, index: u32, obj: u32, slot: u32) -> String {
        // After a transfer recycleId always equals lastRecycledId (drawn already): the
        // queue's id, or 0 when a pop reset both after the queue wrote it.
        let o = obj as usize;
        let id = (o < MAX_OBJECTS).then(|| self.trace.get(self.at.object_recycle_id + o));
        let ids = match id {
            Some(0) => "its lastRecycledId is 0 (a pop reset both ids after the queue wrote its id), so recycleId = lastRecycledId = 0: nothing marks it as pooled".to_string(),
            Some(_) => format!("recycleId = lastRecycledId = q{}'s id", queue + 1),
            None => "recycleId = lastRecycledId".to_string(),
        };
        format!(
            "o{} moves from slot {index} of q{}'s head link to slot {slot} of the stack; {ids}.",
            obj + 1,
            queue + 1
        )
    }

    fn rewind_text(&self, stack: u32) -> String {
        if self.trace.get(self.at.head + stack as usize) < 0 {
            format!(
                "{} has no queues: scavenging finds nothing.",
                self.who(stack)
            )
        } else {
            format!(
                "Nothing transferred: the cursor goes back to the first queue, so only the next empty-stack get can take from {}'s queues.",
                self.who(stack)
            )
        }
    }

    fn unlink_text(&self, queue: u32) -> String {
        format!(
            "{}'s thread has exited and the queue is empty: it is taken off the list.",
            self.queue_name(queue)
        )
    }

    fn fault_text(&self, who: &str, fault: Fault, obj: Option<u32>) -> String {
        let o = obj
            .or(self.subject)
            .map_or("the handle".to_string(), |o| format!("o{}", o + 1));
        let why = match fault {
            Fault::AssertRecycledAlready => {
                format!("map.put found {o} already pooled: the assertion catches a second recycle")
            }
            Fault::AssertNotPooled => "map.remove found nothing".to_string(),
            Fault::NullStack => {
                format!("{o}'s handle sits in a WeakOrderQueue, so h.stack is null")
            }
            Fault::RecycledAlready => {
                format!("{o}'s recycle ids are already set: it was recycled before")
            }
            Fault::RecycledMultipleTimes => {
                "the popped handle's two ids differ: it was recycled twice".to_string()
            }
            Fault::NullInLink => "the link's next slot is empty: the transfer that threw had moved that handle and blanked its slot, but never moved the read index past it".to_string(),
        };
        format!("{who} gets {}: {why}.", fault.java())
    }

    fn return_text(&self, who: &str, value: u32) -> String {
        match self.op {
            RecyclerOp::Exit => format!("{who} has exited."),
            RecyclerOp::Get => format!("get() returns o{} to {who}.", value + 1),
            RecyclerOp::Recycle(_) | RecyclerOp::Nothing(_) => {
                format!("recycle returns {}.", value == 1)
            }
        }
    }
}

/// The assertion's map after a recycle (`put`) or a get (`remove`).
fn map_update_text(obj: u32, put: bool) -> String {
    if put {
        format!(
            "map.put(o{}, TRUE) returned null: the assertion holds, o{} is recorded as pooled.",
            obj + 1,
            obj + 1
        )
    } else {
        format!(
            "map.remove(o{}) found it: the assertion holds, o{} is no longer recorded as pooled.",
            obj + 1,
            obj + 1
        )
    }
}
