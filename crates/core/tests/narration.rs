//! One step, one operation: over random scripts of every family, on every variant, each step's
//! sentence is one that its highlighted pseudocode line can say (issue 48, item 10).
//!
//! The tables below state, for every line of every listing, what a step shown on that line may
//! say (`*` stands for any text: a number, a thread, a deadline). So a sentence told on the
//! wrong line fails here, whichever way it got there: a remove's "the last timer into the
//! freed slot" on an add's climb, a rejected offer's "returns false" on a line saying
//! "return true", a step stuck on the line of the step before it, a new queue's link before
//! the queue. A new sentence, or a changed line, fails until its table says where it belongs;
//! every family the registry lists must have a table for every variant.
//!
//! The tables in the web (the recyclers' "where", the queues' threads) are checked against the
//! frame by `web/src/catalog/agreement.test.ts`, over the same kind of scripts.

use hotpath_core::families::FAMILIES;
use hotpath_core::script::{ArgSpec, Schema};
use hotpath_core::trace::{NO_LINE, STEP_WIDTH};
use proptest::prelude::*;

/// A line of a listing, by the start of its text (trimmed), and what a step on it may say.
type Says = (&'static str, &'static [&'static str]);

/// What the steps of a variant may say, line by line; `""` is a step on no line of the listing.
fn table(family: &str, variant: &str) -> Option<&'static [Says]> {
    Some(match (family, variant) {
        ("heap", "jdk") => JDK_HEAP,
        ("heap", "indexed") => INDEXED_HEAP,
        ("wheel", "wheel") => WHEEL,
        ("wheel", "delay-queue") => DELAY_QUEUE,
        ("queue", "clq") => CLQ,
        ("queue", "abq") => ABQ,
        ("queue", "spsc") => SPSC,
        ("queue", "mpsc") => MPSC,
        ("recycler", "before") => RECYCLER_BEFORE,
        ("recycler", "after") => RECYCLER_AFTER,
        _ => return None,
    })
}

// The sift steps both heaps share, whatever the heap holds ("timer", "bucket", "task").
const CLIMB_COMPARE: &[&str] = &[
    "Compare * with * at [*]: *; earlier than its parent: move the parent down.",
    "Compare * with * at [*]: *; not earlier than its parent: stop here.",
];
const CHILD_COMPARE: &[&str] = &[
    "Compare * at [*] with * at [*]: *; the left child is earlier (or tied).",
    "Compare * at [*] with * at [*]: *; the right child is earlier.",
];
const SINK_COMPARE: &[&str] = &[
    "Compare * with * at [*]: *; no later than the earlier child: stop here.",
    "Compare * with * at [*]: *; later than the earlier child: move that child up.",
];
const PLACE: &[&str] = &[
    "Place * in [*]: its place is found.",
    "* goes into [*]: its place is found.",
];

const JDK_HEAP: &[Says] = &[
    ("offer(x):", &["offer(*): the new timer is in hand; it starts at the first free slot, [*], and climbs while it is earlier than its parent."]),
    ("if size = a.length: grow a", &["The array is full (* slots): copy it into a new one of * slots."]),
    ("siftUp(size, x)", &[]),
    ("poll():", &["poll(): the earliest timer is always the root, [0].", "poll(): the queue is empty; nothing to return."]),
    ("result ← a[0]", &[
        "Return the timer * from [0]; it leaves the queue.",
        "Take the last timer, *, out of [*] into the hand; [*] is now empty.",
        "[0] was the last slot: just empty it. Done.",
    ]),
    ("if size > 0: siftDown(0, x)", &[]),
    ("remove(o):", &["remove(*): the JDK must first find the timer, comparing it with equals() slot by slot from [0]."]),
    ("for i in 0 ..< size", &[
        "equals() call *: * at [*] is not the timer to cancel; look at the next slot.",
        "equals() call *: * at [*] is the timer to cancel. Found it.",
    ]),
    ("removeAt(i):", &["The timer * leaves the queue from [*]."]),
    ("size ← size − 1; if i = size", &["[*] was the last slot: just empty it. Done."]),
    ("moved ← a[size]; a[size] ← null; siftDown", &["Take the last timer, *, out of [*] into the hand; [*] is now empty."]),
    ("if a[i] = moved: siftUp", &["* did not sink: it is still in [*], where the removed timer was. It may be earlier than that slot's parent, so siftUp picks it up again to climb."]),
    ("siftUp(k, x):", &[]),
    ("while k > 0", CLIMB_COMPARE),
    ("a[k] ← a[p]", &["Move * down from [*] to [*]."]),
    ("a[k] ← x", PLACE),
    ("siftDown(k, x):", &[]),
    ("while k < size / 2", CHILD_COMPARE),
    ("if x ≤ a[c]: break", SINK_COMPARE),
    ("a[k] ← a[c]", &["Move * up from [*] to [*]."]),
    ("a[k] ← x", PLACE),
];

const INDEXED_HEAP: &[Says] = &[
    ("offer(x):", &["offer(*): the new timer is in hand; it starts at the first free slot, [*], and climbs while it is earlier than its parent."]),
    ("if size = a.length: grow a", &["The array is full (* slots): copy it into a new one of * slots."]),
    ("bubbleUp(size, x)", &[]),
    ("poll():", &["poll(): the earliest timer is always the root, [0].", "poll(): the queue is empty; nothing to return."]),
    ("result ← a[0]", &[
        "* writes −1 into its index: it is leaving the queue, and a later remove of it will be refused at once.",
        "Return the timer * from [0]; it leaves the queue.",
        "Take the last timer, *, out of [*] into the hand; [*] is now empty.",
        "[0] was the last slot: just empty it. Done.",
    ]),
    ("if size > 0: bubbleDown(0, last)", &[]),
    ("remove(x):", &[
        "remove(*): its stored index is −1, so it is not queued; nothing to do, not even an equals() call.",
        "remove(*): the timer knows its own index, *: no search, one equals() call to check that slot.",
        "equals() call *: remove checks the slot its index names (Netty's contains()): * at [*] is the timer to cancel.",
    ]),
    ("x.index ← −1", &[
        "* writes −1 into its index: it is leaving the queue, and a later remove of it will be refused at once.",
        "The timer * leaves the queue from [*].",
        "[*] was the last slot: just empty it. Done.",
    ]),
    ("moved ← a[size]; a[i] ← moved", &["Move the last timer, *, from [*] into the freed slot [*]."]),
    ("if x < moved", &[
        "Compare * (the one being removed) with * at [*]: *; the moved timer is later than the one it replaced: bubble it down.",
        "Compare * (the one being removed) with * at [*]: *; the moved timer is earlier: bubble it up.",
        "Pick * up from [*] to move it further.",
    ]),
    ("else: bubbleUp(i, moved)", &["Pick * up from [*] to move it further."]),
    ("bubbleUp(k, x):", &[]),
    ("while k > 0", CLIMB_COMPARE),
    ("a[k] ← a[p]", &["Move * down from [*] to [*].", "* writes its new index, *, into itself."]),
    ("a[k] ← x; x.index ← k", &["Place * in [*]: its place is found.", "* writes its new index, *, into itself."]),
    ("bubbleDown(k, x):", &[]),
    ("while k < size / 2", CHILD_COMPARE),
    ("if x ≤ a[c]: break", SINK_COMPARE),
    ("a[k] ← a[c]", &["Move * up from [*] to [*].", "* writes its new index, *, into itself."]),
    ("a[k] ← x; x.index ← k", &["Place * in [*]: its place is found.", "* writes its new index, *, into itself."]),
];

/// The delay queue's poll, as the wheel's advance narrates it (its own line is `delayQueue.poll()`).
const BUCKET_POLL: &[&str] = &[
    "*The delay queue's earliest bucket expires at * ms: *, so the reaper polls it. poll(): the earliest bucket is always the root, [0].",
    "The bucket * leaves the queue from [0].",
    "Take the last bucket, *, off the end of the array, [*], to fill the emptied place; [*] is now empty.",
    "Compare * at [*] with * at [*]: *; the left child is earlier (or tied).",
    "Compare * at [*] with * at [*]: *; the right child is earlier.",
    "Compare the bucket being placed, *, with * at [*]: *; no later than the earlier child: stop here.",
    "Compare the bucket being placed, *, with * at [*]: *; later than the earlier child: move that child up.",
    "Move * up from [*] to [*].",
    "* goes into [*]: its place is found.",
    "[0] was the last place: just empty it. Done.",
    // Nothing left due: the reaper waits, the wheel's clock where the last bucket polled left it.
    "Nothing more is due by * ms (*): the reaper waits. Now is * ms; the wheel's clock *.",
];
/// A flush taking its list's head (its line is `b.flush(…)`).
const FLUSH_TAKE: &str = "Take *, the head of *'s list.";

const WHEEL: &[Says] = &[
    ("add(task, delay):", &["add(*, * ms): due at * + * = * ms by the real clock (*). Each level's reach counts from the wheel's clock: find the first that covers * ms, from level * up."]),
    ("wheel.add(e) at a level", &[]),
    ("if e.expiration < currentTime + tick:", &["* is due at * ms, and the wheel's clock is there: it fires."]),
    ("elif e.expiration < currentTime + tick × size", &[
        "* ms is within level *'s reach (*): its slot is (*) mod * = *.",
        "Append * at the tail of *'s list*: O(1). *",
    ]),
    ("if b.setExpiration", &[
        "offer(*): the new bucket starts at the end of the array, [*], and climbs while it is earlier than its parent.",
        "The array is full (* places): copy it into a new one of * places.",
        "Compare the bucket being placed, *, with * at [*]: *; earlier than its parent: move the parent down.",
        "Compare the bucket being placed, *, with * at [*]: *; not earlier than its parent: stop here.",
        "Move * down from [*] to [*].",
        "* goes into [*]: its place is found.",
    ]),
    ("else: overflowWheel", &[
        "Level * (* ms ticks, clock at * ms) reaches only to * ms; * ms is beyond it: pass * up to level *.",
        "Level * does not exist yet: make it, on first need. *",
    ]),
    ("cancel(e):", &[
        "cancel(*): it is in no bucket any more (it fired or was cancelled): nothing to do.",
        "cancel(*): the timer's entry knows its bucket; unlink it there.",
        "Unlink * from *: its neighbours now point at each other. O(1), no search. The bucket stays in the delay queue, even if it is now empty.",
    ]),
    ("reaper, as time passes", &["advance(*): time runs on to * ms. The reaper polls each bucket from the delay queue as it comes due, moves the wheel's clock to its expiration and flushes it; then it waits."]),
    ("while delayQueue.peek().expiration ≤ now", BUCKET_POLL),
    ("wheel.advanceClock(b.expiration)", &[]),
    ("b.flush(e → wheel.add(e))", &[
        "Flush *: its timers were all cancelled; it is empty. Its expiration resets to −1.",
        "Flush *: take its * timer*, head first, and add each again: it drops to a lower level, or fires. Its expiration resets to −1, so it can be offered again.",
        FLUSH_TAKE,
        // The re-add of a flushed entry, placing it a level lower.
        "* moved down from level * to level *.",
    ]),
    ("advanceClock(t) at a level", &["Level *'s clock moves to * ms.", "The wheel's clock (level *'s) moves to * ms."]),
];

/// The old design's heap of tasks (a JDK heap, its places called places).
const TASK_HEAP: &[&str] = &[
    "Compare the task being placed, *, with * at [*]: *; earlier than its parent: move the parent down.",
    "Compare the task being placed, *, with * at [*]: *; not earlier than its parent: stop here.",
    "Compare * at [*] with * at [*]: *; the left child is earlier (or tied).",
    "Compare * at [*] with * at [*]: *; the right child is earlier.",
    "Compare the task being placed, *, with * at [*]: *; no later than the earlier child: stop here.",
    "Compare the task being placed, *, with * at [*]: *; later than the earlier child: move that child up.",
    "Move * down from [*] to [*].",
    "Move * up from [*] to [*].",
    "* goes into [*]: its place is found.",
    "The array is full (* places): copy it into a new one of * places.",
];
const TASK_POLL: &[&str] = &[
    "poll(): the earliest task is always the root, [0].",
    "Return the task * from [0]; it leaves the queue.",
    "The task * leaves the queue from [0].",
    "Take the last task, *, off the end of the array, [*], to fill the emptied place; [*] is now empty.",
    "[0] was the last place: just empty it. Done.",
    "* is due at * ms: it fires.",
];

const DELAY_QUEUE: &[Says] = &[
    ("add(t): delayQueue.offer(t)", &[
        "add(*, * ms): due at * ms. The old design puts the task itself into the delay queue, a heap ordered by due time.",
        "offer(*): the new task starts at the end of the array, [*], and climbs while it is earlier than its parent.",
        "@TASK_HEAP",
        // A task added already due runs at once: the reaper polls it within the add (the
        // listing's add line has no words for that; reported with issue 48).
        "@TASK_POLL",
        "The task * leaves the queue from [0].",
    ]),
    ("cancel(t): delayQueue.remove(t)", &[
        "cancel(*): the delay queue has to find the task first.",
        "cancel(*): it already left the queue, but remove() cannot know that without scanning every slot.",
        "remove(*): the JDK must first find the task, comparing it with equals() place by place from [0].",
        "equals() call *: * at [*] is not the task to cancel; look at the next place.",
        "equals() call *: * at [*] is the task to cancel. Found it.",
        "The task * leaves the queue from [*].",
        "[*] was the last place: just empty it. Done.",
        "Take the last task, *, off the end of the array, [*], to fill the emptied place; [*] is now empty.",
        "* did not sink: it is still in [*], where the removed task was. It may be earlier than that place's parent, so siftUp tries to move it up.",
        "@TASK_HEAP",
    ]),
    ("reaper, as time passes to T: while delayQueue.peek().due ≤ now", &[
        "advance(*): poll every task due by * ms from the delay queue and run it.",
        "@TASK_POLL",
        "@TASK_HEAP",
    ]),
];

const CLQ: &[Says] = &[
    ("offer(e): n ← new Node(e)", &["* calls offer(*).", "* allocates node n* for its element (a new Node per offer: garbage to collect later)."]),
    ("t ← tail; p ← t", &["* reads tail: n*."]),
    ("loop: q ← p.next", &["* reads n*.next: *."]),
    ("if q = null: if CAS(p.next, null → n):", &[
        "* CASes n*.next null → n*: the new node is linked in.",
        "*'s CAS of n*.next null → n* fails: another thread linked its node there first; it looks again from the same node.",
    ]),
    ("if p ≠ t: CAS(tail, t → n)", &[
        "* CASes tail n* → n*: tail catches up.",
        "*'s CAS of tail n* → n* fails: another thread moved tail already, which is fine.",
    ]),
    ("return true", &["*'s offer(*) returns true."]),
    ("elif p = q: p ← (t ≠ (t ← tail)) ? t : head", &["* reads tail: n*.", "* reads head: n*."]),
    ("else: p ← (p ≠ t and t ≠ (t ← tail)) ? t : q", &["* reads tail: n*."]),
    ("poll(): h ← head; p ← h", &["* calls poll().", "* reads head: n*."]),
    ("loop: item ← p.item", &["* reads n*.item: *."]),
    ("if item ≠ null and CAS(p.item, item → null):", &[
        "* CASes n*.item * → null: * has taken *.",
        "*'s CAS of n*.item * → null fails: another thread took the element first.",
    ]),
    ("if p ≠ h: updateHead(h, p.next ≠ null ? p.next : p)", &["* reads n*.next: *."]),
    ("return item", &["*'s poll() returns *."]),
    ("elif (q ← p.next) = null: updateHead(h, p); return null", &["* reads n*.next: *.", "*'s poll() returns null (empty)."]),
    ("elif p = q: restart from head", &[]),
    ("else: p ← q", &[]),
    ("updateHead(h, p):", &[
        "* CASes head n* → n*: head moves past the taken nodes.",
        "*'s CAS of head n* → n* fails: another thread moved head already.",
        "* self-links n* (an ordered store: visible after the writes before it): any thread that reaches it knows to restart from head.",
    ]),
    ("size(): count ← 0; p ← first()", &["* calls size()."]),
    ("while p ≠ null: if p.item ≠ null", &["* reads n*.item: null.", "*'s size() reaches n*, which holds an element, and counts it."]),
    ("if p = (p ← p.next): restart with count ← 0", &["* reads n*.next: *."]),
    ("return count", &["*'s size() returns *."]),
    ("first(): h ← head", &["* reads head: n*.", "* reads n*.item: *."]),
    ("elif p = q: restart; else p ← q", &["* reads n*.next: *."]),
];

const LOCK: &[&str] = &[
    "* takes the lock.",
    "* finds the lock held by another thread and waits.",
];

const ABQ: &[Says] = &[
    (
        "offer(e): lock.lock()",
        &[
            "* calls offer(*).",
            "* takes the lock.",
            "* finds the lock held by another thread and waits.",
        ],
    ),
    (
        "try: if count = items.length: return false",
        &[
            "* reads count: *.",
            "*'s offer(*) returns false (full: the element is rejected).",
        ],
    ),
    ("items[putIndex] ← e", &["* writes slot * = *."]),
    ("if ++putIndex = items.length", &["* writes putIndex = *."]),
    (
        "count ← count + 1; notEmpty.signal(); return true",
        &["* writes count = *.", "*'s offer(*) returns true."],
    ),
    (
        "finally: lock.unlock()   // before either return completes",
        &["* releases the lock."],
    ),
    ("poll(): lock.lock()", &["* calls poll().", "@LOCK"]),
    (
        "try: if count = 0: return null",
        &["* reads count: *.", "*'s poll() returns null (empty)."],
    ),
    (
        "x ← items[takeIndex]",
        &["* reads slot *: *.", "* clears slot *."],
    ),
    (
        "if ++takeIndex = items.length",
        &["* writes takeIndex = *."],
    ),
    (
        "count ← count − 1; notFull.signal(); return x",
        &["* writes count = *.", "*'s poll() returns *."],
    ),
    // The second `finally` (poll's) has the same text: the first entry matching a line wins, so
    // this one is poll's.
    (
        "finally: lock.unlock()   // before either return completes",
        &["* releases the lock."],
    ),
    (
        "size(): lock.lock(); n ← count",
        &[
            "* calls size().",
            "@LOCK",
            "* reads count: *.",
            "* releases the lock.",
            "*'s size() returns *.",
        ],
    ),
];

const ORDERED: &str = " (an ordered store: visible after the writes before it).";

const SPSC: &[Says] = &[
    (
        "offer(e): p ← producerIndex",
        &["* calls offer(*).", "* reads producerIndex: *."],
    ),
    ("if p ≥ producerLimit:", &["* reads producerLimit: *."]),
    (
        "if buffer[(p + step) & mask] = null",
        &["* reads slot *: *.", "* writes producerLimit = *."],
    ),
    (
        "elif buffer[p & mask] ≠ null: return false",
        &[
            "* reads slot *: *.",
            "*'s offer(*) returns false (full: the element is rejected).",
        ],
    ),
    ("buffer[p & mask] ← e", &["* writes slot * = *@ORDERED"]),
    (
        "producerIndex ← p + 1",
        &[
            "* writes producerIndex = *@ORDERED",
            "*'s offer(*) returns true.",
        ],
    ),
    (
        "poll(): c ← consumerIndex",
        &["* calls poll().", "* reads consumerIndex: *."],
    ),
    (
        "e ← buffer[c & mask]; if e = null: return null",
        &["* reads slot *: *.", "*'s poll() returns null (empty)."],
    ),
    ("buffer[c & mask] ← null", &["* clears slot *@ORDERED"]),
    (
        "consumerIndex ← c + 1",
        &[
            "* writes consumerIndex = *@ORDERED",
            "*'s poll() returns *.",
        ],
    ),
    (
        "size():",
        &[
            "* calls size().",
            "* reads consumerIndex: *.",
            "* reads producerIndex: *.",
            "*'s size() returns *.",
        ],
    ),
];

const MPSC: &[Says] = &[
    ("offer(e): limit ← producerLimit", &["* calls offer(*).", "* reads producerLimit: *."]),
    ("loop: p ← producerIndex", &["* reads producerIndex: *."]),
    ("if p ≥ limit: c ← consumerIndex", &["* reads consumerIndex: *."]),
    ("if p ≥ limit: return false", &["*'s offer(*) returns false (full: the element is rejected)."]),
    ("producerLimit ← limit", &["* writes producerLimit = *@ORDERED"]),
    ("while not CAS(producerIndex, p → p + 1)", &[
        "* CASes producerIndex * → *: slot * is claimed, still empty.",
        "*'s CAS of producerIndex * → * fails: another producer claimed that index first; it re-reads producerIndex.",
    ]),
    ("buffer[p & mask] ← e", &["* writes slot * = *@ORDERED", "*'s offer(*) returns true."]),
    ("poll(): c ← consumerIndex; e ← buffer[c & mask]", &["* calls poll().", "* reads consumerIndex: *.", "* reads slot *: *."]),
    ("if e = null: if c = producerIndex: return null", &["* reads producerIndex: *.", "*'s poll() returns null (empty)."]),
    ("else do e ← buffer[c & mask] while e = null", &[
        "* reads slot *: *.",
        "* spins: a producer has claimed this slot (producerIndex is past it) but has not written its element yet.",
    ]),
    ("buffer[c & mask] ← null", &["* clears slot *."]),
    ("consumerIndex ← c + 1", &["* writes consumerIndex = *@ORDERED", "*'s poll() returns *."]),
    ("size():", &["* calls size().", "* reads consumerIndex: *.", "* reads producerIndex: *.", "*'s size() returns *."]),
];

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

/// Patterns shared between tables, by name (`@NAME` in a table stands for every one of them,
/// or, at the end of a pattern, for the text).
fn expand(p: &'static str) -> Vec<String> {
    let shared: &[(&str, &[&str])] = &[
        ("@TASK_HEAP", TASK_HEAP),
        ("@TASK_POLL", TASK_POLL),
        ("@LOCK", LOCK),
    ];
    if let Some((_, all)) = shared.iter().find(|(name, _)| *name == p) {
        return all.iter().map(|s| s.to_string()).collect();
    }
    vec![p.replace("@ORDERED", ORDERED)]
}

/// `*` matches any text, everything else itself.
fn glob(pattern: &str, text: &str) -> bool {
    let (p, t): (Vec<char>, Vec<char>) = (pattern.chars().collect(), text.chars().collect());
    let (mut i, mut j, mut star, mut mark) = (0, 0, None, 0);
    while j < t.len() {
        if i < p.len() && p[i] != '*' && p[i] == t[j] {
            i += 1;
            j += 1;
        } else if i < p.len() && p[i] == '*' {
            star = Some(i);
            mark = j;
            i += 1;
        } else if let Some(s) = star {
            i = s + 1;
            mark += 1;
            j = mark;
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

/// Each line of a listing with what it may say; `None` for steps on no line.
fn says_by_line(family: &str, variant: &str, code: &[&str]) -> (Vec<Vec<String>>, Vec<String>) {
    let t = table(family, variant)
        .unwrap_or_else(|| panic!("{family}/{variant} has no table of what its lines say"));
    let mut by_line: Vec<Option<Vec<String>>> = vec![None; code.len()];
    let mut none = Vec::new();
    for &(start, says) in t {
        let says: Vec<String> = says.iter().flat_map(|s| expand(s)).collect();
        if start.is_empty() {
            none = says;
            continue;
        }
        let line = (0..code.len())
            .find(|&l| by_line[l].is_none() && code[l].trim_start().starts_with(start))
            .unwrap_or_else(|| {
                panic!("{family}/{variant}: no line (left to assign) starts with {start:?}")
            });
        by_line[line] = Some(says);
    }
    let lines = by_line
        .into_iter()
        .enumerate()
        .map(|(l, s)| {
            s.unwrap_or_else(|| {
                panic!(
                    "{family}/{variant}: the table says nothing of line {l}, {:?}",
                    code[l]
                )
            })
        })
        .collect();
    (lines, none)
}

/// A value for an argument: small, so scripts stay drawable and meet each other (equal
/// deadlines, a cancel of a timer that exists, a recycle of a get made).
fn arg(spec: &ArgSpec, r: u64) -> u32 {
    let span: u64 = match spec.what {
        w if w.contains("ms") || w.contains("delay") => [40, 1_000, 200_000][(r % 3) as usize],
        w if w.contains("seed") => 1_000,
        w if w.contains("count") => 12,
        w if w.contains("ID") => 8,
        w if w.contains("get") => 6,
        _ => 60,
    };
    let hi = u64::from(spec.max).min(u64::from(spec.min) + span);
    (u64::from(spec.min) + (r / 3) % (hi - u64::from(spec.min) + 1)) as u32
}

/// A random script of `schema`'s commands, encoded as the web encodes it, and its settings.
fn script(
    schema: &Schema,
    picks: &[(u64, u64, u64, u64)],
    setting: (u64, u64, u64),
) -> (Vec<u32>, String) {
    let threads = if schema.threads { 1 + setting.0 % 3 } else { 1 };
    let mut flat = Vec::new();
    for &(op, a, b, t) in picks {
        let op = (op % schema.ops.len() as u64) as usize;
        let spec = &schema.ops[op];
        let mut args = [0u32; 3];
        for (i, s) in spec.args.iter().enumerate() {
            args[i] = arg(
                s,
                if i == 0 {
                    a
                } else {
                    b.rotate_left(17 * i as u32)
                },
            );
        }
        let thread = if schema.threads {
            (t % threads) as u32
        } else {
            0
        };
        flat.extend_from_slice(&[op as u32, args[0], args[1], args[2], thread]);
    }
    let mut settings = Vec::new();
    if schema.threads {
        let names: Vec<&str> = ["A", "B", "C"][..threads as usize].to_vec();
        settings.push(format!("threads={}", names.join(",")));
    }
    for s in schema.settings {
        match s.name {
            "capacity" => settings.push(format!("capacity={}", 1 + setting.1 % 4)),
            "schedule" if setting.2 % 2 == 1 => {
                settings.push(format!("schedule=random {}", setting.2))
            }
            "assertions" if setting.1 % 2 == 1 => settings.push("assertions=on".into()),
            "max-capacity" if setting.2.is_multiple_of(3) => {
                settings.push(format!("max-capacity={}", 1 + setting.1 % 4))
            }
            _ => {}
        }
    }
    (flat, settings.join("\n"))
}

/// Every step of every variant says what its line may say. Returns how many steps were checked.
fn check_family(family: &str, flat: &[u32], settings: &str) -> Result<usize, TestCaseError> {
    let entry = FAMILIES
        .iter()
        .find(|f| f.name == family)
        .expect("a family");
    let schema = (entry.schema)();
    let Ok(plan) = (entry.plan)(flat, settings, true) else {
        return Ok(0); // a script the planner refuses (a recycle of a get never made) says nothing
    };
    if !plan.fits() {
        return Ok(0);
    }
    let mut checked = 0;
    for v in &schema.variants {
        let (lines, none) = says_by_line(family, v.name, v.pseudocode);
        let Ok(rec) = plan.trace(v.name) else {
            continue; // a script this variant's contract forbids (two producers on an SPSC ring)
        };
        let t = &rec.trace;
        for k in 0..t.len() {
            let line = t.steps[k * STEP_WIDTH + 1];
            let text = &t.texts[k];
            let says = if line == i32::from(NO_LINE) {
                &none
            } else {
                prop_assert!(
                    (0..lines.len() as i32).contains(&line),
                    "{family}/{}: step {k} is on line {line}, which the listing does not have",
                    v.name
                );
                &lines[line as usize]
            };
            if says.iter().any(|p| glob(p, text)) {
                checked += 1;
                continue;
            }
            let shown = if line == i32::from(NO_LINE) {
                "no line".to_string()
            } else {
                format!("line {line}, {:?}", v.pseudocode[line as usize])
            };
            let belongs: Vec<String> = (0..lines.len())
                .filter(|&l| lines[l].iter().any(|p| glob(p, text)))
                .map(|l| format!("{l}"))
                .collect();
            prop_assert!(
                false,
                "{family}/{}: step {k} says {text:?} on {shown}; that sentence belongs on line(s) [{}]\nscript {flat:?}, settings {settings:?}",
                v.name,
                belongs.join(", ")
            );
        }
    }
    Ok(checked)
}

fn picks() -> impl Strategy<Value = Vec<(u64, u64, u64, u64)>> {
    prop::collection::vec(
        (any::<u64>(), any::<u64>(), any::<u64>(), any::<u64>()),
        1..14,
    )
}

fn settings() -> impl Strategy<Value = (u64, u64, u64)> {
    (any::<u64>(), any::<u64>(), any::<u64>())
}

fn run(
    family: &str,
    picks: &[(u64, u64, u64, u64)],
    setting: (u64, u64, u64),
) -> Result<(), TestCaseError> {
    let entry = FAMILIES
        .iter()
        .find(|f| f.name == family)
        .expect("a family");
    let (flat, settings) = script(&(entry.schema)(), picks, setting);
    check_family(family, &flat, &settings).map(|_| ())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, ..ProptestConfig::default() })]

    #[test]
    fn heap_steps_say_what_their_lines_do(p in picks(), s in settings()) {
        run("heap", &p, s)?;
    }

    #[test]
    fn wheel_steps_say_what_their_lines_do(p in picks(), s in settings()) {
        run("wheel", &p, s)?;
    }

    #[test]
    fn queue_steps_say_what_their_lines_do(p in picks(), s in settings()) {
        run("queue", &p, s)?;
    }

    #[test]
    fn recycler_steps_say_what_their_lines_do(p in picks(), s in settings()) {
        run("recycler", &p, s)?;
    }
}

/// Every family the registry lists has a property above, and a table for every variant; and
/// the scripts drawn are not all refused (a test over nothing would pass).
#[test]
fn every_family_and_variant_is_covered() {
    let tested = ["heap", "wheel", "queue", "recycler"];
    for f in FAMILIES {
        assert!(
            tested.contains(&f.name),
            "add a property for family {:?}",
            f.name
        );
        let schema = (f.schema)();
        let mut checked = 0;
        let mut r = hotpath_core::rng::SplitMix::new(48);
        for _ in 0..60 {
            let picks: Vec<_> = (0..10)
                .map(|_| (r.next_u64(), r.next_u64(), r.next_u64(), r.next_u64()))
                .collect();
            let (flat, settings) =
                script(&schema, &picks, (r.next_u64(), r.next_u64(), r.next_u64()));
            checked += check_family(f.name, &flat, &settings).expect("the property holds");
        }
        assert!(checked > 500, "{}: only {checked} steps checked", f.name);
        for v in &schema.variants {
            says_by_line(f.name, v.name, v.pseudocode);
        }
    }
}

/// A sentence told in the wrong place is caught: the check is not vacuous.
#[test]
fn the_check_catches_a_sentence_on_the_wrong_line() {
    let (lines, _) = says_by_line("heap", "indexed", hotpath_core::heap::indexed::PSEUDOCODE);
    let climb = hotpath_core::heap::indexed::line::BUBBLE_UP_MOVE as usize;
    let said = "Move the last timer, 50, from [0] into the freed slot [1].";
    assert!(!lines[climb].iter().any(|p| glob(p, said)));
    let abq = hotpath_core::queue::array::PSEUDOCODE;
    let (lines, _) = says_by_line("queue", "abq", abq);
    let finally = hotpath_core::queue::array::line::OFFER_UNLOCK as usize;
    assert!(!lines[finally].iter().any(|p| glob(
        p,
        "P's offer(5) returns false (full: the element is rejected)."
    )));
    assert!(glob(
        "* reads n*.next: *.",
        "A reads n3.next: null: n3 is the last node."
    ));
    assert!(!glob("* reads tail: n*.", "A reads head: n1."));
}

/// A cancel after an advance whose last flush no tick followed is told as an unlink, not as a
/// flush taking its list's head (the flush's state was left over from the advance).
#[test]
fn a_cancel_after_an_advance_is_told_as_an_unlink() {
    let entry = FAMILIES.iter().find(|f| f.name == "wheel").unwrap();
    // add 1 5, add 2 10, advance 5, cancel 2
    let flat = [0, 1, 5, 0, 0, 0, 2, 10, 0, 0, 2, 5, 0, 0, 0, 1, 2, 0, 0, 0];
    let plan = (entry.plan)(&flat, "", true).unwrap();
    let t = plan.trace("wheel").unwrap().trace;
    let last = t.texts.last().unwrap();
    assert!(last.starts_with("Unlink #2 from L0[10]"), "{last}");
}
