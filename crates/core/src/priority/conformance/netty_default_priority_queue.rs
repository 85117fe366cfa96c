//! Netty's `DefaultPriorityQueueTest` (`common/src/test/java/io/netty/util/internal/`), netty/netty
//! branch 4.1 @ 07c892d2 (the file last changed in 431594a1, 2024-01-24; `DefaultPriorityQueue`
//! itself last changed in e5951d46, 2020, so the 4.1.140 the lab cites has the same code), against
//! the lab's `IndexedHeap`.
//!
//! `TestElement` is a value with the index field; here a key in the heap's arena, named by a
//! `Handle`. Its comparator is `o1.value - o2.value`, the keys' own order. The queue's initial size
//! (0 or 4 in the original) is not modelled: the lab's heap starts at 11 slots, as Netty's
//! scheduled-task queue does.
//!
//! Beside the original's assertions, each removal also checks the `equals()` calls the lab counts:
//! `removeTyped` begins with `contains(node, i)`, one `node.equals(queue[i])` when the stored index
//! is in range, none when it is `INDEX_NOT_IN_QUEUE`.

use crate::priority::indexed::{AlreadyQueued, Handle, IndexedHeap};
use crate::priority::kind::EQUALS;
use crate::probe::Counter;
use std::any::Any;

use crate::testing::Rng;

type Queue = IndexedHeap<i32, Counter>;

fn queue() -> Queue {
    IndexedHeap::with_probe(Counter::new())
}

/// `assertOffer`: offered, contained, and refused a second time (Java: IllegalArgumentException).
fn assert_offer(q: &mut Queue, a: Handle) {
    assert_eq!(q.offer(a), Ok(()));
    assert!(q.contains(a));
    assert!(matches!(q.offer(a), Err(AlreadyQueued { .. })));
}

/// `assertEmptyQueue`.
fn assert_empty_queue(q: &mut Queue) {
    assert_eq!(q.peek(), None);
    assert_eq!(q.poll(), None);
    assert_eq!(q.len(), 0);
    assert!(q.is_empty());
}

/// `removeTyped(node)`: the lab's `IndexedHeap::remove`, with the `equals()` calls it made.
fn remove_typed(q: &mut Queue, node: Handle) -> (bool, u64) {
    let before = q.probe.total_of(EQUALS);
    let removed = q.remove(node).is_some();
    (removed, q.probe.total_of(EQUALS) - before)
}

/// `remove(Object o)`: Netty casts `o` to the element type, answers false when the cast fails,
/// and hands the node to `removeTyped`. An `Any` stands for the `Object`, a downcast for the cast,
/// so this path and the typed one are separate calls, as in the original's two tests.
fn remove_object(q: &mut Queue, o: &dyn Any) -> (bool, u64) {
    match o.downcast_ref::<Handle>() {
        Some(&node) => remove_typed(q, node),
        None => (false, 0),
    }
}

/// DefaultPriorityQueueTest.testPoll (Netty 4.1 @ 07c892d2).
#[test]
fn test_poll() {
    let mut q = queue();
    assert_empty_queue(&mut q);
    let a = q.create(5);
    let b = q.create(10);
    let c = q.create(2);
    let d = q.create(7);
    let e = q.create(6);
    assert_offer(&mut q, a);
    assert_offer(&mut q, b);
    assert_offer(&mut q, c);
    assert_offer(&mut q, d);
    // Remove the first element.
    assert_eq!(q.peek(), Some(c));
    assert_eq!(q.poll(), Some(c));
    assert_eq!(q.len(), 3);
    // Offering another keeps the order.
    assert_offer(&mut q, e);
    assert_eq!(q.len(), 4);
    assert_eq!(q.peek(), Some(a));
    assert_eq!(q.poll(), Some(a));
    assert_eq!(q.len(), 3);
    for (x, left) in [(e, 2), (d, 1)] {
        assert_eq!(q.peek(), Some(x));
        assert_eq!(q.poll(), Some(x));
        assert_eq!(q.len(), left);
    }
    assert_eq!(q.peek(), Some(b));
    assert_eq!(q.poll(), Some(b));
    assert_empty_queue(&mut q);
    assert_eq!(
        q.probe.total_of(EQUALS),
        0,
        "offer and poll call no equals()"
    );
}

/// The original's `testRemoval(boolean typed)`, the body of testRemoval and testRemovalTyped:
/// `typed` removes with `removeTyped`, otherwise with `remove(Object)`.
fn test_removal_body(typed: bool) {
    let remove = |q: &mut Queue, node: Handle| {
        if typed {
            remove_typed(q, node)
        } else {
            remove_object(q, &node)
        }
    };
    let mut q = queue();
    assert_empty_queue(&mut q);
    let a = q.create(5);
    let b = q.create(10);
    let c = q.create(2);
    let d = q.create(6);
    let not_in_queue = q.create(-1);
    assert_offer(&mut q, a);
    assert_offer(&mut q, b);
    assert_offer(&mut q, c);
    assert_offer(&mut q, d);
    // An element that isn't in the queue: its index is −1, so contains() stops before equals().
    assert_eq!(remove(&mut q, not_in_queue), (false, 0));
    assert_eq!(q.peek(), Some(c));
    assert_eq!(q.len(), 4);
    if !typed {
        // Not in the original: `remove(Object)` of something that is not a node (here a key, as
        // a caller might pass the deadline for the task) is refused at the cast.
        assert_eq!(remove_object(&mut q, &5_i32), (false, 0));
        assert_eq!(q.len(), 4);
    }
    // The last element in the array, the array non-empty.
    assert_eq!(remove(&mut q, b), (true, 1));
    assert_eq!(q.peek(), Some(c));
    assert_eq!(q.len(), 3);
    // Re-inserted after its removal.
    assert_offer(&mut q, b);
    assert_eq!(q.peek(), Some(c));
    assert_eq!(q.len(), 4);
    // The last element again.
    assert_eq!(remove(&mut q, d), (true, 1));
    assert_eq!(q.peek(), Some(c));
    assert_eq!(q.len(), 3);
    assert_eq!(remove(&mut q, b), (true, 1));
    assert_eq!(q.peek(), Some(c));
    assert_eq!(q.len(), 2);
    // The head of the queue.
    assert_eq!(remove(&mut q, c), (true, 1));
    assert_eq!(q.peek(), Some(a));
    assert_eq!(q.len(), 1);
    assert_eq!(remove(&mut q, a), (true, 1));
    assert_empty_queue(&mut q);
}

/// DefaultPriorityQueueTest.testRemoval (Netty 4.1 @ 07c892d2): `remove(Object)`.
#[test]
fn test_removal() {
    test_removal_body(false);
}

/// DefaultPriorityQueueTest.testRemovalTyped (Netty 4.1 @ 07c892d2): `removeTyped`.
#[test]
fn test_removal_typed() {
    test_removal_body(true);
}

/// DefaultPriorityQueueTest.testRemovalFuzz (Netty 4.1 @ 07c892d2): up to 29 elements with random
/// values in 0 .. 2n (repeats allowed), removed in the order they were added; the size drops by
/// one each time. The original draws n once per run; here every n from 0 to 29, for several seeds.
#[test]
fn test_removal_fuzz() {
    for seed in 1..=20 {
        let mut rng = Rng::new(seed);
        for n in 0..30u64 {
            let mut q = queue();
            let values: Vec<Handle> = (0..n)
                .map(|_| q.create(rng.below((n * 2).max(1)) as i32))
                .collect();
            for &v in &values {
                assert_eq!(q.offer(v), Ok(()));
            }
            for (i, &v) in values.iter().enumerate() {
                assert_eq!(
                    remove_typed(&mut q, v),
                    (true, 1),
                    "error on removal of index {i} (seed {seed}, n {n})"
                );
                assert_eq!(q.len(), values.len() - (i + 1));
            }
            assert_empty_queue(&mut q);
        }
    }
}

/// DefaultPriorityQueueTest.testZeroInitialSize (Netty 4.1 @ 07c892d2). The initial size is not
/// modelled (the lab's heap starts at 11 slots); the assertions are the original's.
#[test]
fn test_zero_initial_size() {
    let mut q = queue();
    assert_empty_queue(&mut q);
    let e = q.create(1);
    assert_offer(&mut q, e);
    assert_eq!(q.peek(), Some(e));
    assert_eq!(q.len(), 1);
    assert!(!q.is_empty());
    assert_eq!(q.poll(), Some(e));
    assert_empty_queue(&mut q);
}
