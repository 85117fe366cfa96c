//! What each line of the heaps' listings may say, line by line: the table
//! `crate::says` checks every step of random scripts against (a sentence on the wrong line fails).

use crate::says::{Says, Table};

/// What the steps of each heap may say, line by line.
pub(crate) fn table(variant: &str) -> Option<Table> {
    let lines = match variant {
        "jdk" => JDK_HEAP,
        "indexed" => INDEXED_HEAP,
        _ => return None,
    };
    Some(Table { lines, shared: &[] })
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

#[cfg(test)]
mod tests {
    use crate::says::{glob, says_by_line};

    /// A sentence told in the wrong place is caught: the check is not vacuous.
    #[test]
    fn a_remove_told_on_an_add_climb_is_caught() {
        let (lines, _) = says_by_line("heap", "indexed", crate::priority::indexed::PSEUDOCODE);
        let climb = crate::priority::indexed::line::BUBBLE_UP_MOVE as usize;
        let said = "Move the last timer, 50, from [0] into the freed slot [1].";
        assert!(!lines[climb].iter().any(|p| glob(p, said)));
    }
}
