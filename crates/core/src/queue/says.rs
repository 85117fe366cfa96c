//! What each line of the queues' listings may say, line by line: the table
//! `crate::says` checks every step of random scripts against (a sentence on the wrong line fails).

use crate::says::{Says, Table};

/// What the steps of each queue may say, line by line (`@LOCK`: taking the lock; `@ORDERED` at
/// a pattern's end: the words an ordered store adds).
pub(crate) fn table(variant: &str) -> Option<Table> {
    let lines = match variant {
        "clq" => CLQ,
        "abq" => ABQ,
        "spsc" => SPSC,
        "mpsc" => MPSC,
        _ => return None,
    };
    Some(Table {
        lines,
        shared: &[("@LOCK", LOCK), ("@ORDERED", &[ORDERED])],
    })
}

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

#[cfg(test)]
mod tests {
    use crate::says::{glob, says_by_line};

    /// A rejected offer's result told on the line that says "return true" is caught.
    #[test]
    fn a_rejected_offer_told_on_the_unlock_is_caught() {
        let (lines, _) = says_by_line("queue", "abq", crate::queue::array::PSEUDOCODE);
        let finally = crate::queue::array::line::OFFER_UNLOCK as usize;
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
}
