//! The queues and Recyclers here (real atomics, for real threads) are the same algorithms as
//! `hotpath-core`'s (stepped one access at a time, to be drawn). Run on one thread, the same
//! operations must give the same outcomes in both: every offer's true or false, every poll's
//! element, every get's object. `hotpath-core`'s `queue/conformance/properties.rs` ties core's whole calls to its step
//! machines; this ties the threads crate to core's whole calls.

use hotpath_core::queue::{
    ArrayQueue, LinkedQueue, Outcome, QueueOp, RingKind, RingQueue, StepQueue,
};
use hotpath_core::recycler::{
    StackRecycler, VirtualRecycler, WeakOrderRecycler, DEFAULT_MAX_CAPACITY,
};
use hotpath_core::NoProbe;
use hotpath_threads::abq::Abq;
use hotpath_threads::clq::Clq;
use hotpath_threads::recycle::{Owner, Pool, RecycleRun};
use hotpath_threads::rings::{Mpsc, Spsc};
use hotpath_threads::{ConcurrentQueue, Producer};
use proptest::prelude::*;

/// An operation on a queue: offer an element (never 0, the threads crate's null) or poll.
#[derive(Clone, Copy, Debug)]
enum QOp {
    Offer(u32),
    Poll,
}

fn queue_ops() -> impl Strategy<Value = Vec<QOp>> {
    // Runs of offers and polls, so queues fill up and drain, and wrap around.
    prop::collection::vec(
        prop_oneof![(1u32..1_000_000).prop_map(QOp::Offer), Just(QOp::Poll),],
        0..400,
    )
}

/// Runs `ops` through core's queue and the threads crate's, demanding the same outcome each time.
fn same_outcomes(
    core: &mut impl StepQueue,
    threads: &dyn ConcurrentQueue,
    ops: &[QOp],
    what: &str,
) {
    let mut producer = Producer::new(ops.len());
    for (i, &op) in ops.iter().enumerate() {
        let (core_says, threads_say) = match op {
            QOp::Offer(v) => (
                core.call(QueueOp::Offer(v)),
                Outcome::Offered(threads.offer(&mut producer, v)),
            ),
            QOp::Poll => (core.call(QueueOp::Poll), Outcome::Polled(threads.poll())),
        };
        assert_eq!(core_says, threads_say, "{what}, operation {i} ({op:?})");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_queues_agree_with_core(ops in queue_ops(), capacity in 1usize..40) {
        same_outcomes(&mut LinkedQueue::new(), &Clq::new(), &ops, "CLQ");
        same_outcomes(&mut ArrayQueue::new(capacity), &Abq::new(capacity), &ops, "ABQ");
        same_outcomes(&mut RingQueue::new(RingKind::Spsc, capacity), &Spsc::new(capacity), &ops, "SPSC");
        same_outcomes(&mut RingQueue::new(RingKind::Mpsc, capacity), &Mpsc::new(capacity), &ops, "MPSC");
    }
}

/// A step of the threads crate's Recycler pipeline: the owner (thread 0) gets an object, or the
/// other thread (1) recycles one the owner got, picked by `k` among those not yet recycled.
#[derive(Clone, Copy, Debug)]
enum RStep {
    Get,
    Recycle(usize),
}

fn recycler_steps() -> impl Strategy<Value = Vec<RStep>> {
    prop::collection::vec(
        prop_oneof![Just(RStep::Get), any::<usize>().prop_map(RStep::Recycle)],
        0..300,
    )
}

/// Runs `steps` on core's Recycler and the threads crate's, demanding the same object from
/// every get (both number objects in the order they made them) and the same count made.
fn same_objects<R: VirtualRecycler>(core: &mut R, pool: Pool, steps: &[RStep]) {
    // The run sizes its handles for the pipeline, where the ring bounds what is in flight; here
    // the owner may hold every object it got, so the ring is made as long as the script.
    let ring = steps.len().max(2);
    let run = RecycleRun::new(pool, ring, steps.len().max(1) as u32).unwrap();
    let mut owner = Owner::default();
    let mut out: Vec<u32> = Vec::new();
    for (i, &step) in steps.iter().enumerate() {
        match step {
            RStep::Get => {
                let core_got = core.get(0).expect("one owner and one recycler never throw");
                let threads_got = run.get(&mut owner);
                assert_eq!(core_got, threads_got, "{pool:?}, step {i}: get");
                out.push(core_got);
            }
            RStep::Recycle(k) if !out.is_empty() => {
                let obj = out.remove(k % out.len());
                let kept = core.recycle(1, obj).expect("a first recycle never throws");
                assert_eq!(kept, pool == Pool::After, "{pool:?}, step {i}: recycle");
                run.recycle(obj);
            }
            RStep::Recycle(_) => {}
        }
    }
    assert_eq!(
        core.allocated(),
        owner.made() as usize,
        "{pool:?}: objects made"
    );
    assert!(
        !run.handed_out_twice(),
        "{pool:?}: no object handed out twice"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_recyclers_agree_with_core(steps in recycler_steps()) {
        same_objects(
            &mut StackRecycler::new(2, DEFAULT_MAX_CAPACITY, false, NoProbe),
            Pool::Before,
            &steps,
        );
        same_objects(&mut WeakOrderRecycler::new(2, DEFAULT_MAX_CAPACITY, NoProbe), Pool::After, &steps);
    }
}
