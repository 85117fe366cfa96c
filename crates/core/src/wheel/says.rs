//! What each line of the timers' listings may say, line by line: the table
//! `crate::says` checks every step of random scripts against (a sentence on the wrong line fails).

use crate::says::{Says, Table};

/// What the steps of each timer may say, line by line (`@TASK_HEAP`, `@TASK_POLL`: the old
/// design's heap sentences, shared by several lines).
pub(crate) fn table(variant: &str) -> Option<Table> {
    let lines = match variant {
        "wheel" => WHEEL,
        "delay-queue" => DELAY_QUEUE,
        _ => return None,
    };
    Some(Table {
        lines,
        shared: &[("@TASK_HEAP", TASK_HEAP), ("@TASK_POLL", TASK_POLL)],
    })
}

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

#[cfg(test)]
mod tests {
    use crate::families::family;

    /// A cancel after an advance whose last flush no tick followed is told as an unlink, not as a
    /// flush taking its list's head (the flush's state was left over from the advance).
    #[test]
    fn a_cancel_after_an_advance_is_told_as_an_unlink() {
        let entry = family("wheel").unwrap();
        // add 1 5, add 2 10, advance 5, cancel 2
        let flat = [0, 1, 5, 0, 0, 0, 2, 10, 0, 0, 2, 5, 0, 0, 0, 1, 2, 0, 0, 0];
        let plan = (entry.plan)(&flat, "", true).unwrap();
        let t = plan.trace("wheel").unwrap().trace;
        let last = t.texts.last().unwrap();
        assert!(last.starts_with("Unlink #2 from L0[10]"), "{last}");
    }
}
