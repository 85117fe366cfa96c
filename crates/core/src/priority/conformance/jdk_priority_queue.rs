//! OpenJDK's tests of `java.util.PriorityQueue`, against the lab's `JdkHeap` (the JDK 17 heap):
//! - the JSR-166 TCK's `PriorityQueueTest` (`test/jdk/java/util/concurrent/tck/`), openjdk/jdk
//!   @ 01d63a34;
//! - `test/jdk/java/util/PriorityQueue/`: `PriorityQueueSort`, `RemoveContains` and `ForgetMeNot`,
//!   read in the unofficial-openjdk/openjdk mirror @ 2338e788 (`PriorityQueueSort` also in
//!   openjdk/jdk @ 131807a3, the same text).
//!
//! The TCK's `SIZE` is 20. Its `Item` is an `Integer`-like value; here a `u64`. `contains` and
//! `toArray` are read from the heap's array (the lab's `JdkHeap` has no `contains` operation: the
//! JDK's is the same `indexOf` scan its `remove(Object)` makes, which the lab has).

use std::cmp::Ordering;

use crate::priority::jdk::{JdkHeap, Order, Scan};
use crate::probe::NoProbe;

use crate::testing::Rng;

/// `JSR166TestCase.SIZE`.
const SIZE: u64 = 20;

/// The TCK's `populatedQueue(n)`: n − 1, n − 3, … then the others, so that the heap is not
/// filled in order; peek is 0.
fn populated_queue(n: u64) -> JdkHeap<u64> {
    let mut q = JdkHeap::new();
    assert!(q.is_empty());
    let mut i = n as i64 - 1;
    while i >= 0 {
        q.offer(i as u64);
        i -= 2;
    }
    let mut i = n & 1;
    while i < n {
        q.offer(i);
        i += 2;
    }
    assert!(!q.is_empty());
    assert_eq!(q.len() as u64, n);
    assert_eq!(q.peek(), Some(0));
    q
}

fn contains<T: Copy + Scan, O: Order<T>>(q: &JdkHeap<T, NoProbe, O>, x: T) -> bool {
    q.as_slice().contains(&x)
}

/// PriorityQueueTest.testConstructor1 (openjdk/jdk @ 01d63a34): a new queue is empty. (The
/// original passes an initial capacity; the lab's heap always starts at the JDK's default, 11.)
#[test]
fn test_constructor1() {
    assert_eq!(JdkHeap::<u64>::new().len(), 0);
}

/// `MyReverseComparator`: `y.compareTo(x)`.
#[derive(Clone, Copy, Debug, Default)]
struct Reverse;

impl Order<u64> for Reverse {
    fn cmp(&self, a: &u64, b: &u64) -> Ordering {
        b.cmp(a)
    }
}

/// PriorityQueueTest.testConstructor7 (openjdk/jdk @ 01d63a34): the comparator given is used.
/// `addAll` into a JDK 17 `PriorityQueue` (the lab's version) is `AbstractQueue.addAll`, one
/// `add` per element, as here.
#[test]
fn test_constructor7() {
    let mut q = JdkHeap::with_order(Reverse, NoProbe);
    for i in 0..SIZE {
        q.offer(i);
    }
    for i in (0..SIZE).rev() {
        assert_eq!(q.poll(), Some(i));
    }
}

/// PriorityQueueTest.testEmpty (openjdk/jdk @ 01d63a34). `remove()` is `poll()` that throws on
/// an empty queue; here the queue is not empty when it is called.
#[test]
fn test_empty() {
    let mut q = JdkHeap::new();
    assert!(q.is_empty());
    q.offer(1u64);
    assert!(!q.is_empty());
    q.offer(2);
    assert!(q.poll().is_some());
    assert!(q.poll().is_some());
    assert!(q.is_empty());
}

/// PriorityQueueTest.testSize (openjdk/jdk @ 01d63a34).
#[test]
fn test_size() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert_eq!(q.len() as u64, SIZE - i);
        assert!(q.poll().is_some());
    }
    for i in 0..SIZE {
        assert_eq!(q.len() as u64, i);
        q.offer(i);
    }
}

/// PriorityQueueTest.testOffer (openjdk/jdk @ 01d63a34): offers of comparable elements succeed
/// (the lab's `offer` cannot fail: the heap grows).
#[test]
fn test_offer() {
    let mut q = JdkHeap::new();
    q.offer(0u64);
    q.offer(1);
    assert_eq!(q.len(), 2);
}

/// PriorityQueueTest.testAdd (openjdk/jdk @ 01d63a34).
#[test]
fn test_add() {
    let mut q = JdkHeap::new();
    for i in 0..SIZE {
        assert_eq!(q.len() as u64, i);
        q.offer(i);
    }
}

/// PriorityQueueTest.testAddAll5 (openjdk/jdk @ 01d63a34): the elements of a successful addAll
/// come out in order. As in JDK 17, `addAll` is one `add` per element (an empty `addAll` changes
/// nothing, so it returns false).
#[test]
fn test_add_all5() {
    let mut q = JdkHeap::new();
    for i in 0..SIZE {
        q.offer(SIZE - 1 - i);
    }
    for i in 0..SIZE {
        assert_eq!(q.poll(), Some(i));
    }
}

/// PriorityQueueTest.testPoll (openjdk/jdk @ 01d63a34).
#[test]
fn test_poll() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert_eq!(q.poll(), Some(i));
    }
    assert_eq!(q.poll(), None);
}

/// PriorityQueueTest.testPeek (openjdk/jdk @ 01d63a34).
#[test]
fn test_peek() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert_eq!(q.peek(), Some(i));
        assert_eq!(q.poll(), Some(i));
        assert!(q.peek().is_none_or(|p| p != i));
    }
    assert_eq!(q.peek(), None);
}

/// PriorityQueueTest.testElement (openjdk/jdk @ 01d63a34): `element()` is `peek()` that throws
/// `NoSuchElementException` when empty; the lab's `peek` returns `None` there.
#[test]
fn test_element() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert_eq!(q.peek(), Some(i));
        assert_eq!(q.poll(), Some(i));
    }
    assert_eq!(q.peek(), None);
}

/// PriorityQueueTest.testRemove (openjdk/jdk @ 01d63a34): `remove()` is `poll()` that throws
/// `NoSuchElementException` when empty; the lab's `poll` returns `None` there.
#[test]
fn test_remove() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert_eq!(q.poll(), Some(i));
    }
    assert_eq!(q.poll(), None);
}

/// PriorityQueueTest.testRemoveElement (openjdk/jdk @ 01d63a34): `remove(x)` removes x and says
/// so if it was there.
#[test]
fn test_remove_element() {
    let mut q = populated_queue(SIZE);
    let mut i = 1;
    while i < SIZE {
        assert!(contains(&q, i));
        assert!(q.remove(&i).is_some());
        assert!(!contains(&q, i));
        assert!(contains(&q, i - 1));
        i += 2;
    }
    let mut i = 0;
    while i < SIZE {
        assert!(contains(&q, i));
        assert!(q.remove(&i).is_some());
        assert!(!contains(&q, i));
        assert!(q.remove(&(i + 1)).is_none());
        assert!(!contains(&q, i + 1));
        i += 2;
    }
    assert!(q.is_empty());
}

/// PriorityQueueTest.testContains (openjdk/jdk @ 01d63a34).
#[test]
fn test_contains() {
    let mut q = populated_queue(SIZE);
    for i in 0..SIZE {
        assert!(contains(&q, i));
        q.poll();
        assert!(!contains(&q, i));
    }
}

/// PriorityQueueTest.testToArray and testToArray2 (openjdk/jdk @ 01d63a34): the array holds every
/// element; sorted, it is the order `poll` returns them in.
#[test]
fn test_to_array() {
    let mut q = populated_queue(SIZE);
    let mut a = q.as_slice().to_vec();
    assert_eq!(a.len() as u64, SIZE);
    a.sort();
    for o in a {
        assert_eq!(q.poll(), Some(o));
    }
    assert!(q.is_empty());
}

/// PriorityQueueSort.main (mirror @ 2338e788), its first part: 10,000 integers added in a shuffled
/// order with a comparator come out sorted. (Its second part builds the queue from a collection,
/// which the lab does not model; its third removes through an iterator.)
#[test]
fn priority_queue_sort() {
    let n = 10_000u64;
    let sorted: Vec<u64> = (0..n).collect();
    let mut shuffled = sorted.clone();
    Rng::new(4486658).shuffle(&mut shuffled);
    // MyComparator: the integers' own order.
    let mut pq = JdkHeap::new();
    for &x in &shuffled {
        pq.offer(x);
    }
    let mut recons = Vec::new();
    while let Some(x) = pq.poll() {
        recons.push(x);
    }
    assert_eq!(recons, sorted, "sort test failed");
}

/// A word of RemoveContains: compared by its first character (`firstChar`), equal only to itself
/// (`String.equals`: the words are distinct strings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Word(usize);

const WORDS: [&str; 7] = ["foo", "fee", "fi", "fo", "fum", "Englishman", "flurble"];

impl Scan for Word {}

struct FirstChar;

impl Order<Word> for FirstChar {
    fn cmp(&self, a: &Word, b: &Word) -> Ordering {
        WORDS[a.0].as_bytes()[0].cmp(&WORDS[b.0].as_bytes()[0])
    }
}

/// RemoveContains.test (mirror @ 2338e788), on `new PriorityQueue<String>(firstChar)` and
/// `new PriorityQueue<String>(10, firstChar)` (the same heap here): contains and remove find a
/// word by `equals`, not by the comparator, though five of the six words compare equal.
#[test]
fn remove_contains() {
    let words: Vec<Word> = (0..6).map(Word).collect();
    let (fi, flurble) = (Word(2), Word(6));
    let mut q = JdkHeap::with_order(FirstChar, NoProbe);
    for &w in &words {
        q.offer(w);
    }
    for &w in &words {
        assert!(contains(&q, w), "{}", WORDS[w.0]);
    }
    assert!(!contains(&q, flurble));
    assert!(q.remove(&fi).is_some());
    for &w in &words {
        assert!(contains(&q, w) ^ (w == fi), "{}", WORDS[w.0]);
    }
    assert!(q.remove(&fi).is_none());
    assert!(q.remove(&flurble).is_none());
}

/// ForgetMeNot.realMain (mirror @ 2338e788), its "carefully chosen" array: 0, 4, 1, 6, 7, 2, 3
/// added in order, then the removals its iterator makes, each a `removeAt`: of 6 (the last timer
/// 3 climbs past 4 into its place), of 7 (2 climbs past 3), then of 2 (the element the iterator
/// had to remember, removed by identity). The array after each is the original's `checkQ`. The
/// iterator's own steps (`next`, `hasNext`, the forget-me-not deque) are not modelled: the
/// removals are made with `remove(Object)`, which ends in the same `removeAt`.
#[test]
fn forget_me_not() {
    let mut q = JdkHeap::new();
    let a = [0u64, 4, 1, 6, 7, 2, 3];
    for x in a {
        q.offer(x);
    }
    assert_eq!(q.as_slice(), &a);
    assert!(q.remove(&6).is_some());
    assert_eq!(q.as_slice(), &[0, 3, 1, 4, 7, 2]);
    assert!(q.remove(&7).is_some());
    assert_eq!(q.as_slice(), &[0, 2, 1, 4, 3]);
    assert!(q.remove(&2).is_some());
    assert_eq!(q.as_slice(), &[0, 3, 1, 4]);
}
