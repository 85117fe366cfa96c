//! JCTools' `QueueSanityTest` as `QueueSanityTestSpscArray` and `QueueSanityTestMpscArray` run
//! it, and the two `…Extended` classes, at tag v4.0.5 (a17b56f0), the version the lab's rings
//! follow (`jctools-core/src/test/java/org/jctools/queues/`).
//!
//! The parameters are the `makeMpq` rows (the queue itself; the `makeAtomic` and `makeUnpadded`
//! rows are JCTools' other builds of the same algorithm, which the lab has no copy of): SPSC with
//! capacity 4 and `SIZE`, MPSC with capacity 1 (listed twice) and `SIZE`. A spec's producers and
//! consumers are 1 and 1 for SPSC; for MPSC "0 producers" means `CONCURRENT_TEST_THREADS - 1`,
//! three on a machine of four or more cores, and one consumer.

use crate::queue::jctools::{RingKind, RingQueue};
use crate::queue::{Outcome, QueueOp, StepQueue};
use std::cell::Cell;

use super::interleave::{interleave, thread, Next, Thread, SEEDS};

/// `QueueSanityTest.SIZE`.
const SIZE: usize = 8192 * 2;

/// Steps each interleaved port runs per seed (the originals run their threads for 500 ms).
const STEPS: u64 = 20_000;

#[derive(Clone, Copy, Debug)]
struct Spec {
    kind: RingKind,
    /// The requested capacity (`spec.capacity`), not the rounded one.
    capacity: usize,
    producers: usize,
    consumers: usize,
}

impl Spec {
    fn queue(&self) -> RingQueue {
        RingQueue::new(self.kind, self.capacity)
    }
}

fn specs() -> Vec<Spec> {
    let spsc = |capacity| Spec {
        kind: RingKind::Spsc,
        capacity,
        producers: 1,
        consumers: 1,
    };
    let mpsc = |capacity| Spec {
        kind: RingKind::Mpsc,
        capacity,
        producers: 3,
        consumers: 1,
    };
    vec![spsc(4), spsc(SIZE), mpsc(1), mpsc(1), mpsc(SIZE)]
}

/// `assertThat(queue, emptyAndZeroSize())`: size 0 and empty. The lab's rings have no
/// `isEmpty()`; their contents stand in for it.
fn assert_empty_and_zero_size(q: &mut RingQueue, spec: Spec) {
    assert_eq!(q.size(), 0, "{spec:?}");
    assert!(q.contents().is_empty(), "{spec:?}");
}

/// QueueSanityTest.sanity (JCTools v4.0.5). FIFO branch (both rings are FIFO). The original reads
/// `peek()` before each `poll()` and requires the same element; the lab's rings have no `peek`,
/// so that one comparison is not made.
#[test]
fn sanity() {
    for spec in specs() {
        let mut q = spec.queue();
        for _ in 0..SIZE {
            assert_eq!(q.poll(), None);
            assert_empty_and_zero_size(&mut q, spec);
        }
        let mut i = 0;
        while i < SIZE && q.offer(i as u32) {
            i += 1;
        }
        let size = i;
        assert_eq!(q.size(), size as u64, "{spec:?}");
        i = 0;
        while let Some(e) = q.poll() {
            assert_eq!(q.size(), (size - (i + 1)) as u64, "{spec:?}");
            assert_eq!(e, i as u32, "{spec:?}");
            i += 1;
        }
        assert_eq!(size, i);
        assert_eq!(q.poll(), None);
        assert_empty_and_zero_size(&mut q, spec);
    }
}

/// QueueSanityTest.testSizeIsTheNumberOfOffers (JCTools v4.0.5).
#[test]
fn test_size_is_the_number_of_offers() {
    for spec in specs() {
        let mut q = spec.queue();
        let mut current = 0;
        while current < SIZE && q.offer(current as u32) {
            current += 1;
            assert_eq!(q.size(), current as u64, "{spec:?}");
        }
    }
}

/// QueueSanityTest.whenFirstInThenFirstOut (JCTools v4.0.5). As in `sanity`, without the `peek`
/// the lab does not have.
#[test]
fn when_first_in_then_first_out() {
    for spec in specs() {
        let mut q = spec.queue();
        let mut i = 0;
        while i < SIZE && q.offer(i as u32) {
            i += 1;
        }
        let size = q.size();
        i = 0;
        while let Some(item) = q.poll() {
            assert_eq!(q.size(), size - (i as u64 + 1), "{spec:?}");
            assert_eq!(item, i as u32, "{spec:?}");
            i += 1;
        }
        assert_eq!(i as u64, size, "{spec:?}");
    }
}

/// QueueSanityTest.test_FIFO_PRODUCER_Ordering (JCTools v4.0.5).
#[test]
fn test_fifo_producer_ordering() {
    for spec in specs() {
        let mut q = spec.queue();
        let mut i = 0;
        while i < SIZE && q.offer(i as u32) {
            i += 1;
        }
        let mut size = q.size() as i64;
        let mut sum = (size - 1) * size / 2;
        while let Some(e) = q.poll() {
            size -= 1;
            assert_eq!(q.size() as i64, size, "{spec:?}");
            sum -= i64::from(e);
        }
        assert_eq!(sum, 0, "{spec:?}");
    }
}

/// QueueSanityTest.whenOfferItemAndPollItemThenSameInstanceReturnedAndQueueIsEmpty (JCTools
/// v4.0.5). Elements are numbers here, so "the same instance" is the same number.
#[test]
fn when_offer_item_and_poll_item_then_same_instance_returned_and_queue_is_empty() {
    for spec in specs() {
        let mut q = spec.queue();
        assert_empty_and_zero_size(&mut q, spec);
        let e = 1_876_876;
        q.offer(e);
        assert!(!q.contents().is_empty());
        assert_eq!(q.size(), 1);
        let oh = q.poll();
        assert_eq!(oh, Some(e));
        assert_empty_and_zero_size(&mut q, spec);
    }
}

/// QueueSanityTest.testPowerOf2Capacity (JCTools v4.0.5): bounded, so `Pow2.roundToPowerOfTwo`
/// of the requested capacity is exactly how many offers succeed.
#[test]
fn test_power_of_2_capacity() {
    for spec in specs() {
        let mut q = spec.queue();
        let n = spec.capacity.next_power_of_two();
        for i in 0..n {
            assert!(q.offer(i as u32), "failed to insert: {i} ({spec:?})");
        }
        assert!(!q.offer(n as u32), "{spec:?}");
    }
}

/// QueueSanityTest.testQueueProgressIndicators (JCTools v4.0.5): both rings are
/// `QueueProgressIndicators`; `currentProducerIndex` and `currentConsumerIndex` are the lab's
/// `producer_index` and `consumer_index`.
#[test]
fn test_queue_progress_indicators() {
    for spec in specs() {
        let mut q = spec.queue();
        assert_eq!(q.consumer_index, q.producer_index);
        q.offer(1);
        assert_eq!(q.consumer_index + 1, q.producer_index);
        q.poll();
        assert_eq!(q.consumer_index, q.producer_index);
    }
}

/// Each interleaved port: its threads built afresh for every spec and seed.
fn for_each_run(mut run: impl FnMut(Spec, u64)) {
    for spec in specs() {
        for seed in SEEDS {
            run(spec, seed);
        }
    }
}

/// QueueSanityTest.testSize (JCTools v4.0.5): one thread offers and then polls until it gets an
/// element (neither ring is MPMC, so one such thread), while an observer reads `size()`, which must
/// stay within 0 ..= min(threads, capacity).
#[test]
fn test_size() {
    for_each_run(|spec, seed| {
        let mut q = spec.queue();
        let fail = Cell::new(0);
        let max = 1.min(spec.capacity as u64);
        let mut offered = false;
        let worker = thread(1, move |last| {
            match last {
                Some(Outcome::Polled(Some(_))) => offered = false,
                Some(Outcome::Offered(_)) => offered = true,
                _ => {}
            }
            // "if (q.offer(1)) ;" then "while (q.poll() == null) ;"
            Next::Call(if offered {
                QueueOp::Poll
            } else {
                QueueOp::Offer(1)
            })
        });
        let observer = thread(1, |last| {
            if let Some(Outcome::Size(n)) = last {
                if n > max {
                    fail.set(fail.get() + 1);
                }
            }
            Next::Call(QueueOp::Size)
        });
        let ops = interleave(&mut q, &mut [worker, observer], seed, STEPS);
        assert!(ops > 100, "{spec:?} seed {seed}: the threads made progress");
        assert_eq!(
            fail.get(),
            0,
            "unexpected size observed: {spec:?} seed {seed}"
        );
    });
}

/// QueueSanityTest.testHappensBeforePoll (JCTools v4.0.5): producers offer objects whose field is
/// set to 1 … 10 before the offer, then yield (picked less often); the consumer polls, and must
/// never see an object whose field is still 0. The lab's elements are numbers written by the
/// offer itself, so the check is the step order: a poll returns only a value some offer published,
/// never an empty slot's sentinel (MPSC publishes the index before the element, so its consumer
/// must spin on a claimed, unwritten slot) and never 0, which no producer offers.
#[test]
fn test_happens_before_poll() {
    for_each_run(|spec, seed| {
        let mut q = spec.queue();
        let fail = Cell::new(0);
        let seen = Cell::new(0);
        let mut threads: Vec<Thread> = (0..spec.producers)
            .map(|_| {
                let mut i = 0;
                thread(1, move |_| {
                    i = i % 10 + 1;
                    Next::Call(QueueOp::Offer(i))
                })
            })
            .collect();
        let (fail, seen) = (&fail, &seen);
        threads.push(thread(2, move |last| {
            if let Some(Outcome::Polled(Some(v))) = last {
                seen.set(seen.get() + 1);
                if !(1..=10).contains(&v) {
                    fail.set(fail.get() + 1);
                }
            }
            Next::Call(QueueOp::Poll)
        }));
        interleave(&mut q, &mut threads, seed, STEPS);
        assert!(seen.get() > 0, "{spec:?} seed {seed}");
        assert_eq!(fail.get(), 0, "reordering detected: {spec:?} seed {seed}");
    });
}

/// Producers that offer `1` for ever, for the contended-full tests.
fn offering_ones<'a>(spec: Spec) -> Vec<Thread<'a>> {
    (0..spec.producers)
        .map(|_| thread(4, |_| Next::Call(QueueOp::Offer(1))))
        .collect()
}

/// QueueSanityTest.testSizeContendedFull (JCTools v4.0.5): producers offer, a slowed consumer polls
/// (`sleepQuietly(1)`: picked a quarter as often here), and an observer's `size()` never exceeds
/// `spec.capacity`.
#[test]
fn test_size_contended_full() {
    for_each_run(|spec, seed| {
        let mut q = spec.queue();
        let fail = Cell::new(0);
        let capacity = spec.capacity as u64;
        let mut threads = offering_ones(spec);
        for _ in 0..spec.consumers {
            threads.push(thread(1, |_| Next::Call(QueueOp::Poll)));
        }
        threads.push(thread(4, |last| {
            if let Some(Outcome::Size(n)) = last {
                if n > capacity {
                    fail.set(fail.get() + 1);
                }
            }
            Next::Call(QueueOp::Size)
        }));
        interleave(&mut q, &mut threads, seed, STEPS);
        assert_eq!(fail.get(), 0, "size over capacity: {spec:?} seed {seed}");
    });
}

/// QueueSanityTest.testPollAfterIsEmpty3 (JCTools v4.0.5): producers offer (yielding between:
/// picked less often), and the consumer polls, then asks `size()`, and if that is not 0 polls
/// again, which must not return null: the consumer cannot get "past" the producer.
#[test]
fn test_poll_after_is_empty_3() {
    for_each_run(|spec, seed| {
        let mut q = spec.queue();
        let fail = Cell::new(0);
        let checked = Cell::new(0);
        let mut threads: Vec<Thread> = (0..spec.producers)
            .map(|_| thread(1, |_| Next::Call(QueueOp::Offer(1))))
            .collect();
        // What the consumer called last: 0 a poll, 1 size(), 2 the poll that must find one.
        let mut called: Option<u8> = None;
        let (fail, checked) = (&fail, &checked);
        threads.push(thread(3, move |last| {
            let next = match (called, last) {
                (Some(0), _) => 1,
                (Some(1), Some(Outcome::Size(n))) if n != 0 => 2,
                (Some(2), Some(Outcome::Polled(v))) => {
                    checked.set(checked.get() + 1);
                    if v.is_none() {
                        fail.set(fail.get() + 1);
                    }
                    0
                }
                _ => 0,
            };
            called = Some(next);
            Next::Call(if next == 1 {
                QueueOp::Size
            } else {
                QueueOp::Poll
            })
        }));
        interleave(&mut q, &mut threads, seed, STEPS);
        assert!(checked.get() > 0, "{spec:?} seed {seed}: the check ran");
        assert_eq!(
            fail.get(),
            0,
            "observed no element in non-empty queue: {spec:?} seed {seed}"
        );
    });
}

/// QueueSanityTest.testPollOrderContendedFull (JCTools v4.0.5): each producer offers its id in the
/// top 8 bits and a sequence number below, counting only accepted offers; a slowed consumer
/// (`sleepQuietly(1)`) polls and checks each producer's sequence never goes backwards.
#[test]
fn test_poll_order_contended_full() {
    for_each_run(|spec, seed| {
        let mut q = spec.queue();
        let fail = Cell::new(0);
        let polled = Cell::new(0);
        let mut threads: Vec<Thread> = (0..spec.producers as u32)
            .map(|pid| {
                let mut i = 0u32;
                thread(4, move |last| {
                    if let Some(Outcome::Offered(true)) = last {
                        i += 1;
                    }
                    let next = (i << 8) >> 8;
                    Next::Call(QueueOp::Offer(next ^ (pid << 24)))
                })
            })
            .collect();
        let mut last_polled: Vec<Option<u32>> = vec![None; spec.producers];
        let (fail, polled) = (&fail, &polled);
        threads.push(thread(1, move |last| {
            if let Some(Outcome::Polled(Some(v))) = last {
                polled.set(polled.get() + 1);
                let (p, seq) = ((v >> 24) as usize, (v << 8) >> 8);
                if last_polled[p].is_some_and(|prev| (seq as i32) - (prev as i32) < 0) {
                    fail.set(fail.get() + 1);
                }
                last_polled[p] = Some(seq);
            }
            Next::Call(QueueOp::Poll)
        }));
        interleave(&mut q, &mut threads, seed, STEPS);
        assert!(polled.get() > 0);
        assert_eq!(
            fail.get(),
            0,
            "polled elements out of order: {spec:?} seed {seed}"
        );
    });
}

/// QueueSanityTest.testSizeLtZero (JCTools v4.0.5): producers check `size()` then offer, consumers
/// poll then check `size()`, an observer checks `size()`; none may see a negative size. The lab's
/// `size()` returns an unsigned count (both rings clamp it as JCTools' `sanitizedSize` does), so
/// "below zero" cannot be observed: the same threads run, and every size read must be a count the
/// queue can hold (≤ its capacity).
#[test]
fn test_size_lt_zero() {
    sizes_stay_in_range(false);
}

/// QueueSanityTest.testSizeGtCapacity (JCTools v4.0.5): producers offer then check `size()`,
/// consumers check `size()` then poll (slowed), an observer checks `size()`: never above
/// `spec.capacity`.
#[test]
fn test_size_gt_capacity() {
    sizes_stay_in_range(true);
}

fn sizes_stay_in_range(size_after_offer: bool) {
    for_each_run(|spec, seed| {
        let mut q = spec.queue();
        let capacity = spec.capacity as u64;
        let fail = Cell::new(0);
        let check = |last: Option<Outcome>| {
            if let Some(Outcome::Size(n)) = last {
                if n > capacity {
                    fail.set(fail.get() + 1);
                }
            }
        };
        let mut threads: Vec<Thread> = Vec::new();
        for _ in 0..spec.producers {
            let mut sizing = !size_after_offer;
            threads.push(thread(if size_after_offer { 4 } else { 1 }, move |last| {
                check(last);
                let op = if sizing {
                    QueueOp::Size
                } else {
                    QueueOp::Offer(1)
                };
                sizing = !sizing;
                Next::Call(op)
            }));
        }
        for _ in 0..spec.consumers {
            let mut sizing = size_after_offer;
            threads.push(thread(if size_after_offer { 1 } else { 4 }, move |last| {
                check(last);
                let op = if sizing { QueueOp::Size } else { QueueOp::Poll };
                sizing = !sizing;
                Next::Call(op)
            }));
        }
        threads.push(thread(1, move |last| {
            check(last);
            Next::Call(QueueOp::Size)
        }));
        interleave(&mut q, &mut threads, seed, STEPS);
        assert_eq!(fail.get(), 0, "size out of range: {spec:?} seed {seed}");
    });
}

/// QueueSanityTestMpscArray.testOfferPollSemantics and QueueSanityTestMpscArrayExtended
/// .testOfferPollSemantics (JCTools v4.0.5), capacity 2: fill the queue, empty it, then two threads
/// each offer and, holding a consumer lock the test spins on, poll: no offer may fail and no poll
/// may come back empty.
#[test]
fn test_offer_poll_semantics() {
    for seed in SEEDS {
        let mut q = RingQueue::new(RingKind::Mpsc, 2);
        while q.offer(1) {}
        q.poll();
        q.poll();
        let fail = Cell::new(0);
        let consumer_lock = Cell::new(true);
        let rounds = Cell::new(0);
        let threads: Vec<Thread> = (0..2)
            .map(|_| {
                // 0: offer; 1: take the lock; 2: poll (lock held).
                let mut phase = 0;
                let (fail, consumer_lock, rounds) = (&fail, &consumer_lock, &rounds);
                thread(1, move |last| {
                    match last {
                        Some(Outcome::Offered(ok)) => {
                            if !ok {
                                fail.set(fail.get() + 1);
                            }
                            phase = 1;
                        }
                        Some(Outcome::Polled(v)) => {
                            if v.is_none() {
                                fail.set(fail.get() + 1);
                            }
                            consumer_lock.set(true);
                            rounds.set(rounds.get() + 1);
                            phase = 0;
                        }
                        _ => {}
                    }
                    match phase {
                        0 => Next::Call(QueueOp::Offer(1)),
                        // compareAndSet(true, false), spinning until it succeeds.
                        _ if !consumer_lock.get() => Next::Spin,
                        _ => {
                            consumer_lock.set(false);
                            phase = 2;
                            Next::Call(QueueOp::Poll)
                        }
                    }
                })
            })
            .collect();
        let mut threads = threads;
        interleave(&mut q, &mut threads, seed, STEPS);
        assert!(rounds.get() > 100, "seed {seed}");
        assert_eq!(fail.get(), 0, "unexpected offer/poll observed: seed {seed}");
    }
}

/// QueueSanityTestSpscArrayExtended.shouldWorkAfterWrap (JCTools v4.0.5): both indices start at
/// `Long.MAX_VALUE`, so the next offer wraps Java's `long`. The lab's indices are `u64`, where
/// 2^63 − 1 + 1 does not wrap (a `u64` would take centuries of offers to), so this runs the
/// original's steps from the same starting point and checks the same things.
#[test]
fn should_work_after_wrap() {
    let mut q = RingQueue::new(RingKind::Spsc, 1024);
    let max = i64::MAX as u64;
    q.consumer_index = max;
    q.producer_index = max;
    q.producer_limit = max;
    assert_eq!(q.size(), 0);
    assert!(q.contents().is_empty());
    let e = 7;
    assert!(q.offer(e));
    assert_eq!(q.size(), 1);
    assert_eq!(q.poll(), Some(e));
    assert_eq!(q.size(), 0);
    assert!(q.offer(e));
    assert_ne!(q.size(), 0);
    assert_eq!(q.poll(), Some(e));
    assert_eq!(q.size(), 0);
    assert!(q.contents().is_empty());
}

/// MpqSanityTest.capacityWorks (JCTools v4.0.5), as MpqSanityTestSpscArray and
/// MpqSanityTestMpscArray run it (the same `makeMpq` rows): a bounded queue's `capacity()` is the
/// requested capacity rounded up to a power of two (`Pow2.roundToPowerOfTwo(spec.capacity)`).
#[test]
fn capacity_works() {
    for spec in specs() {
        let q = spec.queue();
        assert_eq!(q.capacity(), spec.capacity.next_power_of_two(), "{spec:?}");
    }
}
