//! The timing wheel and the delay-queue timer against a simple model (a list of due times), over
//! thousands of random scripts: every live timer fires exactly once, at its expiration (tick
//! 1 ms), never before, although the wheel's own clock lags the real one; a cancelled timer never
//! fires; the pending counts agree; the delay queue never holds a bucket twice, nor one that is due.

use std::collections::{BTreeMap, HashSet};

use hotpath_core::wheel::{DelayQueueTimer, SystemTimer, TimerHandle};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Step {
    /// A timer due this many ms from now (a wide spread: several levels).
    Add(u64),
    /// Cancel the n-th timer ever added (modulo how many exist), pending or not.
    Cancel(usize),
    /// Move the clock forward by this much.
    Advance(u64),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => prop_oneof![0u64..25, 0u64..500, 0u64..12_000, 0u64..300_000].prop_map(Step::Add),
        1 => any::<usize>().prop_map(Step::Cancel),
        2 => prop_oneof![0u64..30, 0u64..1_000, 0u64..50_000].prop_map(Step::Advance),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn both_timers_fire_exactly_what_the_model_says(steps in prop::collection::vec(step(), 0..80)) {
        let mut wheel = SystemTimer::new(0);
        let mut queue = DelayQueueTimer::new(0);
        let mut handles: Vec<(TimerHandle, TimerHandle)> = Vec::new();
        let mut model: BTreeMap<u32, u64> = BTreeMap::new(); // pending: id → due
        let mut now = 0u64;
        let mut fired_w: Vec<(u32, u64)> = Vec::new();
        let mut fired_q: Vec<(u32, u64)> = Vec::new();
        let mut expected: Vec<(u32, u64)> = Vec::new();

        for s in &steps {
            match *s {
                Step::Add(delay) => {
                    let id = handles.len() as u32;
                    let hw = wheel.add(id, delay, &mut |id, t| fired_w.push((id, t)));
                    let hq = queue.add(id, delay, &mut |id, t| fired_q.push((id, t)));
                    handles.push((hw, hq));
                    if delay == 0 { expected.push((id, now)); } else { model.insert(id, now + delay); }
                }
                Step::Cancel(n) => {
                    if handles.is_empty() { continue; }
                    let id = (n % handles.len()) as u32;
                    let (hw, hq) = handles[id as usize];
                    let was = model.remove(&id).is_some();
                    prop_assert_eq!(wheel.cancel(hw), was);
                    prop_assert_eq!(queue.cancel(hq), was);
                }
                Step::Advance(by) => {
                    now += by;
                    let mut due: Vec<(u32, u64)> = model.iter().filter(|(_, &d)| d <= now).map(|(&i, &d)| (i, d)).collect();
                    due.sort_by_key(|&(i, d)| (d, i));
                    for (i, _) in &due { model.remove(i); }
                    expected.extend(due);
                    wheel.advance(now, &mut |id, t| fired_w.push((id, t)));
                    queue.advance(now, &mut |id, t| fired_q.push((id, t)));
                }
            }
            // Two clocks: the wheel's lags now (it moves only to the expirations of the buckets
            // the reaper polls), and the reaper never leaves a due bucket in the delay queue.
            prop_assert_eq!(wheel.now(), now);
            prop_assert!(wheel.wheel_time() <= now);
            prop_assert!(wheel.next_expiration().is_none_or(|e| e > now));
            prop_assert_eq!(wheel.size(), model.len());
            prop_assert_eq!(queue.len(), model.len());
            // Buckets in the delay queue are distinct: a bucket is re-offered only after its flush.
            let buckets: HashSet<u32> = wheel.queue_layout().iter().map(|b| b.bucket).collect();
            prop_assert_eq!(buckets.len(), wheel.queued_buckets());
            for (id, &(hw, _)) in handles.iter().enumerate() {
                prop_assert_eq!(wheel.is_pending(hw), model.contains_key(&(id as u32)));
            }
        }
        // Every timer fired once, at its due time; order within one millisecond may differ.
        let sorted = |mut v: Vec<(u32, u64)>| { v.sort_by_key(|&(i, t)| (t, i)); v };
        prop_assert_eq!(sorted(fired_w.clone()), sorted(expected.clone()));
        prop_assert_eq!(sorted(fired_q), sorted(expected));
        // The wheel fires in time order.
        prop_assert!(fired_w.windows(2).all(|w| w[0].1 <= w[1].1));
    }
}
