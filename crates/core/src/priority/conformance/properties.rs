//! Both heaps against a simple reference model (a sorted list), over thousands of random
//! operation sequences, checking the invariants after every single operation.

use crate::priority::indexed::{Handle, IndexedHeap, NOT_IN_QUEUE};
use crate::priority::jdk::{JdkHeap, Scan};
use proptest::prelude::*;

/// A timer as both heaps order it: by deadline, then by when it was scheduled, so no two are
/// equal (the heap family's `Timer`, kept out of this shared module's imports).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Timer {
    deadline: u64,
    seq: u64,
}

impl Scan for Timer {}

#[derive(Clone, Debug)]
enum Step {
    /// Schedule a timer with this deadline (small range: plenty of equal deadlines).
    Add(u64),
    Poll,
    /// Cancel the n-th timer ever created (modulo how many exist), queued or not.
    Remove(usize),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (0u64..20).prop_map(Step::Add),
        1 => Just(Step::Poll),
        2 => any::<usize>().prop_map(Step::Remove),
    ]
}

fn assert_heap_order(keys: &[Timer]) {
    for i in 1..keys.len() {
        assert!(
            keys[(i - 1) / 2] <= keys[i],
            "heap order broken at {i}: {keys:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn both_heaps_match_the_model_and_each_other(steps in prop::collection::vec(step(), 0..120)) {
        let mut jdk: JdkHeap<Timer> = JdkHeap::new();
        let mut indexed: IndexedHeap<Timer> = IndexedHeap::new();
        let mut model: Vec<Timer> = Vec::new(); // sorted: the queued timers
        let mut created: Vec<(Timer, Handle)> = Vec::new();

        for s in &steps {
            match *s {
                Step::Add(deadline) => {
                    let t = Timer { deadline, seq: created.len() as u64 };
                    let h = indexed.create(t);
                    created.push((t, h));
                    jdk.offer(t);
                    indexed.offer(h).unwrap();
                    let at = model.partition_point(|x| *x < t);
                    model.insert(at, t);
                }
                Step::Poll => {
                    let expected = if model.is_empty() { None } else { Some(model.remove(0)) };
                    prop_assert_eq!(jdk.poll(), expected);
                    let polled = indexed.poll();
                    prop_assert_eq!(polled.map(|h| indexed.key(h)), expected);
                    if let Some(h) = polled {
                        prop_assert_eq!(indexed.stored_index(h), NOT_IN_QUEUE);
                    }
                }
                Step::Remove(n) => {
                    if created.is_empty() { continue; }
                    let (t, h) = created[n % created.len()];
                    let queued = model.binary_search(&t).ok();
                    let j = jdk.remove(&t);
                    let i = indexed.remove(h);
                    prop_assert_eq!(j.is_some(), queued.is_some());
                    prop_assert_eq!(i, j, "both heaps remove from the same slot");
                    if let Some(at) = queued { model.remove(at); }
                    prop_assert_eq!(indexed.stored_index(h), NOT_IN_QUEUE);
                }
            }
            let layout: Vec<Timer> = jdk.as_slice().to_vec();
            let indexed_layout: Vec<Timer> = indexed.as_slice().iter().map(|&h| indexed.key(h)).collect();
            prop_assert_eq!(&layout, &indexed_layout, "same layout in both heaps");
            assert_heap_order(&layout);
            let mut sorted = layout.clone();
            sorted.sort();
            prop_assert_eq!(&sorted, &model, "same timers as the model");
            prop_assert_eq!(jdk.capacity(), indexed.capacity());
            for (slot, &h) in indexed.as_slice().iter().enumerate() {
                prop_assert_eq!(indexed.stored_index(h), slot as i32);
                prop_assert!(indexed.contains(h));
            }
            for &(t, h) in &created {
                prop_assert_eq!(indexed.contains(h), model.binary_search(&t).is_ok());
            }
        }
    }
}

#[test]
fn the_benchmark_setup_leaves_task_i_at_index_i_minus_1() {
    let mut jdk = JdkHeap::new();
    for d in 1..=1000u64 {
        jdk.offer(Timer {
            deadline: d,
            seq: d,
        });
    }
    for (i, t) in jdk.as_slice().iter().enumerate() {
        assert_eq!(t.deadline, i as u64 + 1);
    }
}

/// Netty's `removeTyped(node)` starts with `contains(node, node.priorityQueueIndex(this))`, which
/// is `i >= 0 && i < size && node.equals(queue[i])` (DefaultPriorityQueue, Netty 4.1.140; the
/// same since the class was written): one `equals()` per cancel of a queued element, none for an
/// element whose index is `INDEX_NOT_IN_QUEUE`, whatever the order and the queue's size.
#[test]
fn the_indexed_heap_calls_equals_once_per_cancel_as_netty_does() {
    use crate::priority::kind::EQUALS;
    use crate::probe::Counter;
    for n in [1u64, 2, 15, 100] {
        for reverse in [false, true] {
            let mut h: IndexedHeap<Timer, Counter> = IndexedHeap::with_probe(Counter::new());
            let hs: Vec<Handle> = (1..=n)
                .map(|d| {
                    h.create(Timer {
                        deadline: d,
                        seq: d,
                    })
                })
                .collect();
            for &x in &hs {
                h.offer(x).unwrap();
            }
            assert_eq!(h.probe.total_of(EQUALS), 0, "offer makes no equals() call");
            let order: Vec<Handle> = if reverse {
                hs.iter().rev().copied().collect()
            } else {
                hs.clone()
            };
            for (k, &x) in order.iter().enumerate() {
                let before = h.probe.total_of(EQUALS);
                assert!(h.remove(x).is_some());
                assert_eq!(h.probe.total_of(EQUALS) - before, 1, "cancel {k} of {n}");
                // Cancelling it again: its index is −1, so contains() stops before equals().
                assert_eq!(h.remove(x), None);
                assert_eq!(
                    h.probe.total_of(EQUALS) - before,
                    1,
                    "a second cancel of {k}"
                );
            }
            assert_eq!(h.probe.total_of(EQUALS), n);
        }
    }
    // poll makes none either.
    let mut h: IndexedHeap<Timer, Counter> = IndexedHeap::with_probe(Counter::new());
    let x = h.create(Timer {
        deadline: 1,
        seq: 1,
    });
    h.offer(x).unwrap();
    h.poll();
    assert_eq!(h.probe.total_of(EQUALS), 0);
}
