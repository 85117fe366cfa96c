//! The JSR-166 TCK's `ArrayBlockingQueueTest` (`test/jdk/java/util/concurrent/tck/`), openjdk/jdk
//! @ 3789983e, single-threaded, against the lab's `ArrayQueue` (the JDK 17 queue).
//!
//! The lab's queue has `offer`, `poll` and `size`; `add` is `offer` that throws
//! `IllegalStateException` when full (the lab's `offer` returns false there), `remove()` is `poll`
//! that throws on an empty queue, `isEmpty()` is `size() == 0` and `remainingCapacity()` is the
//! capacity less `size()`.

use std::panic;

use crate::queue::array::ArrayQueue;
use crate::queue::StepQueue;

use crate::testing::Rng;

/// `JSR166TestCase.SIZE`.
const SIZE: u32 = 20;

fn remaining_capacity(q: &mut ArrayQueue) -> u64 {
    q.capacity() as u64 - q.size()
}

/// The TCK's `populatedQueue(size, minCapacity, maxCapacity, fair)`: a capacity drawn from the
/// range, the circular array turned by a random number of add/remove pairs so the elements wrap,
/// then 0 … size − 1 offered. (Fairness is the lock's queueing order for waiting threads, which a
/// single thread never meets.)
fn populated_queue(size: u32, min: u32, max: u32, rng: &mut Rng) -> ArrayQueue {
    let capacity = min + rng.below(u64::from(max - min + 1)) as u32;
    let mut q = ArrayQueue::new(capacity as usize);
    assert_eq!(q.size(), 0);
    let n = rng.below(u64::from(capacity));
    for _ in 0..n {
        assert!(q.offer(42));
    }
    for _ in 0..n {
        assert_eq!(q.poll(), Some(42));
    }
    for i in 0..size {
        assert!(q.offer(i));
    }
    assert_eq!(size == 0, q.size() == 0);
    assert_eq!(remaining_capacity(&mut q), u64::from(capacity - size));
    assert_eq!(q.size(), u64::from(size));
    q
}

/// ArrayBlockingQueueTest.testConstructor1 (openjdk/jdk @ 3789983e): a new queue has the
/// capacity asked for.
#[test]
fn test_constructor1() {
    let mut q = ArrayQueue::new(SIZE as usize);
    assert_eq!(remaining_capacity(&mut q), u64::from(SIZE));
}

/// ArrayBlockingQueueTest.testConstructor_nonPositiveCapacity (openjdk/jdk @ 3789983e): a
/// capacity below 1 is refused (Java: `IllegalArgumentException`; the lab's constructor panics,
/// and scripts check first). The lab's capacity is unsigned, so of 0, −1 and `Integer.MIN_VALUE`
/// only 0 can be asked for.
#[test]
fn test_constructor_non_positive_capacity() {
    let made = panic::catch_unwind(|| ArrayQueue::new(0));
    assert!(made.is_err());
}

/// ArrayBlockingQueueTest.testEmptyFull (openjdk/jdk @ 3789983e).
#[test]
fn test_empty_full() {
    let mut rng = Rng::new(1);
    for _ in 0..10 {
        let mut q = populated_queue(0, 2, 2, &mut rng);
        assert_eq!(q.size(), 0);
        assert_eq!(remaining_capacity(&mut q), 2);
        assert!(q.offer(1));
        assert_ne!(q.size(), 0);
        assert!(q.offer(2));
        assert_ne!(q.size(), 0);
        assert_eq!(remaining_capacity(&mut q), 0);
        assert!(!q.offer(3));
    }
}

/// ArrayBlockingQueueTest.testRemainingCapacity (openjdk/jdk @ 3789983e).
#[test]
fn test_remaining_capacity() {
    let mut rng = Rng::new(2);
    for _ in 0..10 {
        let size = 1 + rng.below(u64::from(SIZE - 1)) as u32;
        let mut q = populated_queue(size, size, 2 * size, &mut rng);
        let spare = remaining_capacity(&mut q);
        let capacity = spare + u64::from(size);
        for i in 0..size {
            assert_eq!(remaining_capacity(&mut q), spare + u64::from(i));
            assert_eq!(q.size() + remaining_capacity(&mut q), capacity);
            assert_eq!(q.poll(), Some(i));
        }
        for i in 0..size {
            assert_eq!(remaining_capacity(&mut q), capacity - u64::from(i));
            assert_eq!(q.size() + remaining_capacity(&mut q), capacity);
            assert!(q.offer(i));
        }
    }
}

/// ArrayBlockingQueueTest.testOffer (openjdk/jdk @ 3789983e): succeeds if not full, fails if full.
#[test]
fn test_offer() {
    let mut q = ArrayQueue::new(1);
    assert!(q.offer(0));
    assert!(!q.offer(1));
}

/// ArrayBlockingQueueTest.testAdd (openjdk/jdk @ 3789983e): `add` succeeds until full, then throws
/// `IllegalStateException`, which is `offer` returning false.
#[test]
fn test_add() {
    let mut q = ArrayQueue::new(SIZE as usize);
    for i in 0..SIZE {
        assert!(q.offer(i));
    }
    assert_eq!(remaining_capacity(&mut q), 0);
    assert!(!q.offer(SIZE));
}

/// ArrayBlockingQueueTest.testAddAll5 (openjdk/jdk @ 3789983e): `addAll` is `AbstractQueue`'s,
/// one `add` per element, and they come out in the order given.
#[test]
fn test_add_all5() {
    let mut q = ArrayQueue::new(SIZE as usize);
    for i in 0..SIZE {
        assert!(q.offer(i));
    }
    for i in 0..SIZE {
        assert_eq!(q.poll(), Some(i));
    }
}

/// ArrayBlockingQueueTest.testPoll (openjdk/jdk @ 3789983e).
#[test]
fn test_poll() {
    let mut rng = Rng::new(3);
    let mut q = populated_queue(SIZE, SIZE, SIZE, &mut rng);
    for i in 0..SIZE {
        assert_eq!(q.poll(), Some(i));
    }
    assert_eq!(q.poll(), None);
}

/// ArrayBlockingQueueTest.testRemove (openjdk/jdk @ 3789983e): `remove()` takes the head in
/// order, and on an empty queue throws where the lab's `poll` returns `None`.
#[test]
fn test_remove() {
    let mut rng = Rng::new(4);
    let mut q = populated_queue(SIZE, SIZE, SIZE, &mut rng);
    for i in 0..SIZE {
        assert_eq!(q.poll(), Some(i));
    }
    assert_eq!(q.poll(), None);
}

/// WhiteBox.collectiveSanity (`test/jdk/java/util/concurrent/ArrayBlockingQueue/WhiteBox.java`,
/// openjdk/jdk @ 131807a3), without its iteration checks: a queue of capacity 10 … 19 with its put
/// index turned to a random slot (`randomizePutIndex`) is filled, cycled one and a half times round
/// (poll the head, add at the tail), then emptied; `size() + remainingCapacity()` is the capacity
/// throughout and the elements come out in order. The original also compares `toArray`,
/// `toString` and an iterator at each step (each check skipped at random) and reads `peek()`
/// before each poll; the lab's queue has none of those. Every capacity the original draws from.
#[test]
fn white_box_collective_sanity() {
    let mut rng = Rng::new(5);
    for capacity in 10..20u32 {
        let mut q = ArrayQueue::new(capacity as usize);
        // randomizePutIndex: n adds and n removes move putIndex (and takeIndex) on by n.
        let n = rng.below(u64::from(capacity) + 1) as u32;
        let put = q.put_index;
        for _ in 0..n {
            assert!(q.offer(1));
        }
        for _ in 0..n {
            assert!(q.poll().is_some());
        }
        assert_eq!(q.put_index, (put + n) % capacity);
        let cap = u64::from(capacity);
        for i in 0..capacity {
            assert_eq!(q.size() + remaining_capacity(&mut q), cap);
            assert!(q.offer(i));
        }
        for i in 0..capacity + (capacity >> 1) {
            assert_eq!(q.size() + remaining_capacity(&mut q), cap);
            assert_eq!(q.poll(), Some(i));
            assert_eq!(q.size() + remaining_capacity(&mut q), cap);
            assert!(q.offer(capacity + i));
        }
        for i in 0..capacity {
            assert_eq!(q.size() + remaining_capacity(&mut q), cap);
            let expected = i + capacity + (capacity >> 1);
            assert_eq!(q.poll(), Some(expected));
        }
    }
}
