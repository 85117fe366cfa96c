//! What each line of the Recyclers' listings may say, line by line: the table
//! `crate::says` checks every step of random scripts against (a sentence on the wrong line fails).

use crate::says::{Says, Table};

/// What the steps of each Recycler may say, line by line.
pub(crate) fn table(variant: &str) -> Option<Table> {
    let lines = match variant {
        "before" => RECYCLER_BEFORE,
        "after" => RECYCLER_AFTER,
        _ => return None,
    };
    Some(Table { lines, shared: &[] })
}

/// A thread's exit, and a script's recycle of a get that threw, run no line of either listing.
const NO_LINE_SAYS: &[&str] = &[
    "* exits: its thread-locals go with it, so its stack can no longer be reached*.",
    "* has exited.",
    "* has nothing to recycle: get #* threw, so it returned no object.",
];

const RECYCLER_BEFORE: &[Says] = &[
    ("", NO_LINE_SAYS),
    ("get():", &[]),
    ("stack = threadLocal.get()", &["* calls get()."]),
    ("o = stack.pop()", &[]),
    ("if o == null: o = newObject(stack)", &["The stack is empty: newObject(stack) makes o*; *'s stack is its handle."]),
    ("return o", &["get() returns o* to *."]),
    ("recycle(o, stack):", &[]),
    ("if currentThread != stack.thread: return false", &[
        "* calls recycle(o*).",
        "o* belongs to another thread's stack: recycle returns false, and o* is left to the garbage collector.",
        "recycle returns false.",
    ]),
    ("stack.push(o); return true", &["recycle returns true."]),
    ("pop():", &[]),
    ("if size == 0: return null", &[]),
    ("size--; ret = elements[size]; elements[size] = null", &[
        "pop: size * → *; o* comes off slot *, and the slot is cleared.",
        "pop: o* comes off slot *, and the slot is cleared; size * → * is stored only if the assertion below holds.",
    ]),
    ("assert map.remove(ret) != null", &[
        "The assertion looks at slot * of the IdentityHashMap's *-slot table.",
        "map.remove(o*) found it: the assertion holds, o* is no longer recorded as pooled.",
        "* gets AssertionError: map.remove found nothing.",
    ]),
    ("return ret", &[]),
    ("push(o):", &[]),
    ("assert map.put(o, TRUE) == null", &[
        "The assertion looks at slot * of the IdentityHashMap's *-slot table.",
        "map.put(o*, TRUE) returned null: the assertion holds, o* is recorded as pooled.",
        "* gets AssertionError: recycled already: map.put found o* already pooled: the assertion catches a second recycle.",
    ]),
    ("if size == elements.length:", &[]),
    ("if size == maxCapacity: return", &["The stack already holds maxCapacity (*) objects: o* is dropped for the garbage collector."]),
    ("elements = copyOf(elements, min(maxCapacity, size * 2))", &["*'s array is too short: copied into a new one of * slots."]),
    ("elements[size++] = o", &["push: o* goes into slot * of *'s stack (size *)."]),
];

const RECYCLER_AFTER: &[Says] = &[
    ("", NO_LINE_SAYS),
    ("get():", &[]),
    ("stack = threadLocal.get()", &["* calls get()."]),
    ("h = stack.pop()", &[]),
    ("if h == null: h = new DefaultHandle(stack)", &["Nothing to pop: a new DefaultHandle and object o*, owned by *'s stack."]),
    ("return h.value", &["get() returns o* to *."]),
    ("recycle(o, h):", &[]),
    ("if h.stack == null: throw NullPointerException", &[
        "* calls recycle(o*).",
        "* gets NullPointerException: o*'s handle sits in a WeakOrderQueue, so h.stack is null.",
    ]),
    ("if currentThread == h.stack.thread", &["recycle returns true."]),
    ("q = DELAYED_RECYCLED.get().get(h.stack)", &[]),
    ("if q == null: q = new WeakOrderQueue(h.stack, thread)", &[
        "* has no WeakOrderQueue for *'s stack yet: q* (id MIN_VALUE+*) is made and put first in *'s list.",
        "q* starts with one link, L*: 16 empty slots, its head and its tail.",
    ]),
    ("q.add(h); return true", &["recycle returns true."]),
    ("q.add(h):", &[]),
    ("h.lastRecycledId = q.id", &[]),
    ("if tail.writeIndex == 16: tail = tail.next = new Link()", &["q* (* → *)'s tail link is full: a new link of 16 empty slots, L*, becomes its tail."]),
    ("tail.elements[writeIndex] = h", &[]),
    ("tail.lazySet(writeIndex + 1)", &["o* goes into slot * of L* in q* (* → *): lastRecycledId = the queue's id, stack = null, then writeIndex = * by an ordered store, which publishes it."]),
    ("push(h):", &[]),
    ("if (h.recycleId | h.lastRecycledId) != 0", &["* gets IllegalStateException: recycled already: o*'s recycle ids are already set: it was recycled before."]),
    ("h.recycleId = h.lastRecycledId = OWN_THREAD_ID", &[]),
    ("if size == elements.length:", &[]),
    ("if size == maxCapacity: return", &["The stack already holds maxCapacity (*) objects: o* is dropped for the garbage collector, its ids left set."]),
    ("elements = copyOf(elements, size * 2)", &["*'s array is too short: copied into a new one of * slots."]),
    ("elements[size++] = h", &["push: o* goes into slot * of *'s stack (size *)."]),
    ("pop():", &[]),
    ("if size == 0 && !scavenge(): return null", &[]),
    ("size--; ret = elements[size]", &["pop: size * → *; o* comes off slot *, which keeps a stale reference; its ids go back to 0."]),
    ("if ret.lastRecycledId != ret.recycleId", &["* gets IllegalStateException: recycled multiple times: the popped handle's two ids differ: it was recycled twice."]),
    ("ret.recycleId = ret.lastRecycledId = 0", &[]),
    ("return ret", &[]),
    ("scavenge():", &[]),
    ("for cur = cursor", &[]),
    ("if cur.transfer(this)", &["*'s stack is empty: scavenging looks at q* (* → *)."]),
    ("if cur's thread is dead", &["q* (* → *)'s thread has exited and the queue is empty: it is taken off the list."]),
    ("prev = null; cursor = head; return false", &[
        "* has no queues: scavenging finds nothing.",
        "Nothing transferred: the cursor goes back to the first queue, so only the next empty-stack get can take from *'s queues.",
    ]),
    ("transfer(stack):", &[]),
    ("if head.readIndex == 16", &[]),
    ("start = head.readIndex", &[]),
    ("if size + (end - start) > elements.length", &["*'s array is too short: copied into a new one of * slots."]),
    ("n = size; for h in head.elements[start..end]", &[
        "o* moves from slot * of q*'s head link to slot * of the stack; *.",
        "* gets IllegalStateException: recycled already: o*'s recycle ids are already set: it was recycled before.",
        "* gets NullPointerException: the link's next slot is empty: *.",
    ]),
    ("size = n; head.readIndex = end", &["The transfer ends: *'s size becomes *, so the handles moved are pooled now, and L*'s readIndex moves past them in q*."]),
];
