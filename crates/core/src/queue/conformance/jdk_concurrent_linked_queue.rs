//! OpenJDK's tests of `java.util.concurrent.ConcurrentLinkedQueue`, single-threaded, against the
//! lab's `LinkedQueue` (the JDK 17 queue):
//! - the JSR-166 TCK's `ConcurrentLinkedQueueTest` (`test/jdk/java/util/concurrent/tck/`),
//!   openjdk/jdk @ 131807a3;
//! - `test/jdk/java/util/concurrent/ConcurrentLinkedQueue/WhiteBox.java`, openjdk/jdk @ 1087d69b,
//!   which reads `head`, `tail` and the nodes' `item` and `next` through VarHandles: the lab's
//!   queue has them as fields.
//!
//! The lab's queue has `offer`, `poll` and `size`; `add` is `offer`, `remove()` is `poll` that
//! throws on an empty queue, and `isEmpty()` is read as `size() == 0` (both start with `first()`,
//! which may move `head`, so the side effect is the same).

use crate::queue::linked::{LinkedQueue, NIL};
use crate::queue::StepQueue;

/// `JSR166TestCase.SIZE`.
const SIZE: u32 = 20;

/// The TCK's `populatedQueue(n)`: 0 … n − 1 offered in order.
fn populated_queue(n: u32) -> LinkedQueue {
    let mut q = LinkedQueue::new();
    assert_eq!(q.size(), 0);
    for i in 0..n {
        assert!(q.offer(i));
    }
    assert_ne!(q.size(), 0);
    assert_eq!(q.size(), u64::from(n));
    q
}

/// ConcurrentLinkedQueueTest.testConstructor1 (openjdk/jdk @ 131807a3).
#[test]
fn test_constructor1() {
    assert_eq!(LinkedQueue::new().size(), 0);
}

/// ConcurrentLinkedQueueTest.testEmpty (openjdk/jdk @ 131807a3).
#[test]
fn test_empty() {
    let mut q = LinkedQueue::new();
    assert_eq!(q.size(), 0);
    q.offer(1);
    assert_ne!(q.size(), 0);
    q.offer(2);
    assert!(q.poll().is_some());
    assert!(q.poll().is_some());
    assert_eq!(q.size(), 0);
}

/// ConcurrentLinkedQueueTest.testSize (openjdk/jdk @ 131807a3).
#[test]
fn test_size() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert_eq!(q.size(), u64::from(SIZE - i));
        assert!(q.poll().is_some());
    }
    for i in 0..SIZE {
        assert_eq!(q.size(), u64::from(i));
        q.offer(i);
    }
}

/// ConcurrentLinkedQueueTest.testOffer (openjdk/jdk @ 131807a3): offer returns true.
#[test]
fn test_offer() {
    let mut q = LinkedQueue::new();
    assert!(q.offer(0));
    assert!(q.offer(1));
}

/// ConcurrentLinkedQueueTest.testAdd (openjdk/jdk @ 131807a3): add returns true.
#[test]
fn test_add() {
    let mut q = LinkedQueue::new();
    for i in 0..SIZE {
        assert_eq!(q.size(), u64::from(i));
        assert!(q.offer(i));
    }
}

/// ConcurrentLinkedQueueTest.testPoll (openjdk/jdk @ 131807a3).
#[test]
fn test_poll() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert_eq!(q.poll(), Some(i));
    }
    assert_eq!(q.poll(), None);
}

/// ConcurrentLinkedQueueTest.testRemove (openjdk/jdk @ 131807a3): `remove()` takes the head in
/// order; on an empty queue it throws `NoSuchElementException` where the lab's `poll` returns
/// `None`.
#[test]
fn test_remove() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert_eq!(q.poll(), Some(i));
    }
    assert_eq!(q.poll(), None);
}

fn item(q: &LinkedQueue, node: u32) -> Option<u32> {
    q.nodes[node as usize].item.get()
}

fn next(q: &LinkedQueue, node: u32) -> u32 {
    q.nodes[node as usize].next
}

/// WhiteBox.nodeCount: nodes from `head` to the end, starting again from `head` on a self-link.
fn node_count(q: &LinkedQueue) -> usize {
    let mut i = 0;
    let mut p = q.head;
    while p != NIL {
        i += 1;
        let was = p;
        p = next(q, p);
        if p == was {
            p = q.head;
        }
    }
    i
}

/// WhiteBox.assertInvariants: head and tail are set, and head is never self-linked (tail may be).
fn assert_invariants(q: &LinkedQueue) {
    assert_ne!(q.head, NIL);
    assert_ne!(q.tail, NIL);
    assert_ne!(next(q, q.head), q.head, "head is self-linked");
}

/// WhiteBox.pollActionsOneNodeSlack (openjdk/jdk @ 1087d69b), with `poll()` (its other action,
/// `remove()`, is the same `poll` here): each poll leaves at most one dead node at head. The
/// original picks n from 1 to 5 at random; here every n.
#[test]
fn poll_actions_one_node_slack() {
    for n in 1..=5 {
        let mut q = LinkedQueue::new();
        for i in 0..n {
            q.offer(i);
        }
        assert_eq!(node_count(&q), n as usize + 1);
        for _ in 0..n {
            let c = node_count(&q);
            let slack = item(&q, q.head).is_none();
            if slack {
                assert!(item(&q, next(&q, q.head)).is_some());
            }
            assert!(q.poll().is_some());
            // Java evaluates nodeCount(q) before q.isEmpty() (which may move head).
            let count = node_count(&q);
            let empty = q.size() == 0;
            assert_eq!(
                count,
                if empty {
                    1
                } else {
                    c - if slack { 2 } else { 0 }
                },
                "n = {n}"
            );
        }
        assert_invariants(&q);
    }
}

/// WhiteBox.addActionsOneNodeSlack (openjdk/jdk @ 1087d69b), with `offer(1)` (its other action,
/// `add(1)`, is the same here): each append leaves `tail` on the last node or the one before it.
#[test]
fn add_actions_one_node_slack() {
    for n in 1..=5 {
        let mut q = LinkedQueue::new();
        for _ in 0..n {
            let slack = next(&q, q.tail) != NIL;
            q.offer(1);
            if slack {
                assert_eq!(next(&q, q.tail), NIL, "n = {n}");
            } else {
                assert_ne!(next(&q, q.tail), NIL, "n = {n}");
                assert_eq!(next(&q, next(&q, q.tail)), NIL, "n = {n}");
            }
            assert_invariants(&q);
        }
    }
}
