//! The four queues under thousands of random programs and schedules (producers, consumers, sizes,
//! drains, interleaved one atomic step at a time): every element offered and accepted is polled
//! exactly once or is still queued at the end; each producer's elements come out in the order it
//! offered them; bounded queues never hold more than their capacity; the CLQ keeps the JDK's
//! head/tail invariants after every step.

use std::collections::HashMap;

use crate::probe::Probe;
use crate::queue::array::ArrayQueue;
use crate::queue::jctools::{RingKind, RingQueue};
use crate::queue::linked::{LinkedQueue, NIL};
use crate::queue::script::{program, run, Program, RunAction, COUNT};
use crate::queue::{Outcome, QueueEvent, QueueOp, StepQueue};
use crate::script::RawCommand;
use proptest::prelude::*;

/// Per thread, a list of operations: 0 offer (a fresh element), 1 poll, 2 size, 3 drain.
fn threads(max: usize) -> impl Strategy<Value = Vec<Vec<u8>>> {
    prop::collection::vec(prop::collection::vec(0u8..4, 0..12), 1..=max)
}

fn schedule() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("round-robin".to_string()),
        any::<u32>().prop_map(|s| format!("random {s}")),
        prop::collection::vec(0usize..4, 0..60).prop_map(|v| {
            v.iter()
                .map(|t| format!("T{t}"))
                .collect::<Vec<_>>()
                .join(" ")
        }),
    ]
}

/// The program with unique elements; `roles` restricts who offers (`Some(t)`: only thread t) and
/// who polls, for the single-producer/consumer rings.
fn build(
    ops: &[Vec<u8>],
    schedule: &str,
    capacity: usize,
    producer: Option<usize>,
    consumer: Option<usize>,
) -> Program {
    let mut raw = Vec::new();
    let mut next = 1;
    for (t, list) in ops.iter().enumerate() {
        for &o in list {
            let o = match o {
                0 if producer.is_some_and(|p| p != t) => 2,
                1 | 3 if consumer.is_some_and(|c| c != t) => 2,
                o => o,
            };
            let (op, a) = match o {
                0 => {
                    next += 1;
                    (0, next)
                }
                1 => (1, 0),
                2 => (2, 0),
                _ => (4, 0),
            };
            raw.push(RawCommand {
                op,
                args: [a, 0, 0],
                thread: t as u32,
            });
        }
    }
    // Threads named T0..T3, so a written schedule may name one that does not exist: keep those
    // that do.
    let names: Vec<String> = (0..ops.len()).map(|t| format!("T{t}")).collect();
    let schedule: String = if schedule.starts_with('T') || schedule.is_empty() {
        schedule
            .split(' ')
            .filter(|w| names.iter().any(|n| n == w))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        schedule.to_string()
    };
    program(
        &raw,
        &format!(
            "threads={}\ncapacity={capacity}\nschedule={schedule}",
            names.join(",")
        ),
        COUNT,
    )
    .unwrap()
}

/// Conservation and per-producer FIFO, from the outcomes and what is left.
fn check_outcomes(actions: &[RunAction], left: Vec<u32>) -> Result<(), TestCaseError> {
    let mut producer_of: HashMap<u32, usize> = HashMap::new();
    let mut order: HashMap<u32, usize> = HashMap::new();
    for a in actions {
        if let (QueueOp::Offer(v), Some(Outcome::Offered(true))) = (a.op, a.outcome) {
            order.insert(v, order.len());
            producer_of.insert(v, a.thread);
        }
    }
    let mut seen: HashMap<u32, usize> = HashMap::new();
    let polled: Vec<u32> = actions
        .iter()
        .filter_map(|a| match a.outcome {
            Some(Outcome::Polled(Some(v))) => Some(v),
            _ => None,
        })
        .collect();
    for &v in polled.iter().chain(left.iter()) {
        prop_assert!(
            producer_of.contains_key(&v),
            "{v} came out but was never accepted"
        );
        *seen.entry(v).or_default() += 1;
    }
    prop_assert_eq!(
        seen.len(),
        producer_of.len(),
        "an accepted element was lost"
    );
    prop_assert!(seen.values().all(|&n| n == 1), "an element came out twice");
    // Per producer, the elements keep their offer order: in what each consumer polled (its polls
    // are sequential, so they took effect in program order), and in what is left, which came
    // after everything polled.
    let mut runs: HashMap<usize, Vec<u32>> = HashMap::new();
    for a in actions {
        if let Some(Outcome::Polled(Some(v))) = a.outcome {
            runs.entry(a.thread).or_default().push(v);
        }
    }
    let mut newest_polled: HashMap<usize, usize> = HashMap::new();
    for run in runs.values() {
        let mut last: HashMap<usize, usize> = HashMap::new();
        for v in run {
            let (p, o) = (producer_of[v], order[v]);
            prop_assert!(
                last.get(&p).is_none_or(|&prev| o > prev),
                "a consumer got producer {}'s elements out of order",
                p
            );
            last.insert(p, o);
            let n = newest_polled.entry(p).or_default();
            *n = (*n).max(o);
        }
    }
    let mut last: HashMap<usize, usize> = HashMap::new();
    for v in &left {
        let (p, o) = (producer_of[v], order[v]);
        prop_assert!(
            last.get(&p).is_none_or(|&prev| o > prev),
            "the queue holds producer {}'s elements out of order",
            p
        );
        prop_assert!(
            newest_polled.get(&p).is_none_or(|&n| o > n),
            "a later element of producer {} was polled before this one",
            p
        );
        last.insert(p, o);
    }
    Ok(())
}

fn clq_invariants(q: &LinkedQueue) -> Result<(), String> {
    let succ = |p: u32| {
        let n = q.nodes[p as usize].next;
        if n == p {
            q.head
        } else {
            n
        }
    };
    if q.is_dead(q.head) {
        return Err("head is self-linked".into());
    }
    // From head: no dead node, exactly one last node, and every live node on the way.
    let mut on_list = vec![false; q.nodes.len()];
    let mut p = q.head;
    loop {
        on_list[p as usize] = true;
        let n = q.nodes[p as usize].next;
        if n == NIL {
            break;
        }
        if n == p {
            return Err(format!("n{p} is self-linked but reachable from head"));
        }
        p = n;
    }
    let last = p;
    for (i, n) in q.nodes.iter().enumerate() {
        if n.item.get().is_some() && !on_list[i] && !q.is_dead(i as u32) && n.next != NIL {
            return Err(format!("live n{i} is not reachable from head"));
        }
    }
    // From tail, by succ (a self-link means "go to head"), the last node is reachable.
    let mut p = q.tail;
    for _ in 0..=q.nodes.len() {
        if p == last {
            return Ok(());
        }
        p = succ(p);
        if p == NIL {
            break;
        }
    }
    Err("the last node is not reachable from tail".into())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn clq_keeps_its_invariants_and_loses_nothing(ops in threads(4), s in schedule()) {
        let prog = build(&ops, &s, 8, None, None);
        let mut q = LinkedQueue::new();
        let mut broken: Option<String> = None;
        let actions = run(&mut q, &prog, 1_000_000, |q, _, _, _| {
            if broken.is_none() {
                broken = clq_invariants(q).err();
            }
        }).unwrap();
        prop_assert!(broken.is_none(), "{:?}", broken);
        let left = q.contents();
        check_outcomes(&actions, left)?;
    }

    #[test]
    fn abq_never_exceeds_its_capacity(ops in threads(4), s in schedule(), cap in 1usize..6) {
        let prog = build(&ops, &s, cap, None, None);
        let mut q = ArrayQueue::new(cap);
        let mut over = false;
        let actions = run(&mut q, &prog, 1_000_000, |q, _, _, _| over |= q.count as usize > cap).unwrap();
        prop_assert!(!over);
        let left = q.contents();
        check_outcomes(&actions, left)?;
    }

    #[test]
    fn mpsc_with_many_producers_one_consumer(ops in threads(4), s in schedule(), cap in 1usize..9) {
        let prog = build(&ops, &s, cap, None, Some(0));
        let mut q = RingQueue::new(RingKind::Mpsc, cap);
        let real = q.capacity() as u64;
        let mut over = false;
        let actions = run(&mut q, &prog, 1_000_000, |q, _, _, _| over |= q.producer_index.saturating_sub(q.consumer_index) > real).unwrap();
        prop_assert!(!over);
        let left = q.contents();
        check_outcomes(&actions, left)?;
    }

    #[test]
    fn spsc_with_one_producer_one_consumer(ops in threads(3), s in schedule(), cap in 1usize..9) {
        let prog = build(&ops, &s, cap, Some(0), Some(ops.len() - 1));
        let mut q = RingQueue::new(RingKind::Spsc, cap);
        let real = q.capacity() as u64;
        let mut over = false;
        let actions = run(&mut q, &prog, 1_000_000, |q, _, _, _| over |= q.producer_index.saturating_sub(q.consumer_index) > real).unwrap();
        prop_assert!(!over);
        let left = q.contents();
        check_outcomes(&actions, left)?;
    }
}

#[test]
fn clq_size_is_a_walk_and_abq_size_is_one_read() {
    // The UDP post's point in counts: size() on 10,000 queued elements.
    let prog = |settings: &str| {
        let raw = vec![
            RawCommand {
                op: 3,
                args: [10_000, 0, 0],
                thread: 0,
            },
            RawCommand {
                op: 2,
                args: [0, 0, 0],
                thread: 0,
            },
        ];
        program(&raw, settings, COUNT).unwrap()
    };
    use crate::queue::kind;
    use crate::queue::script::run_counted;
    use crate::queue::QueueVariant;
    let (a, c) = run_counted(QueueVariant::Clq, &prog("")).unwrap();
    assert_eq!(a.last().unwrap().outcome, Some(Outcome::Size(10_000)));
    assert_eq!(c.total_of(kind::VISIT), 10_000);
    let (a, c) = run_counted(QueueVariant::Abq, &prog("capacity=10000")).unwrap();
    assert_eq!(a.last().unwrap().outcome, Some(Outcome::Size(10_000)));
    assert_eq!(c.total_of(kind::VISIT), 0);
    assert_eq!(c.total_of(kind::ALLOC), 0);
}

/// Every event, in order: what a whole call must report exactly as its stepped cut does.
#[derive(Default)]
struct Log(Vec<QueueEvent>);

impl Probe<QueueEvent> for Log {
    fn event(&mut self, e: QueueEvent) {
        self.0.push(e);
    }
}

/// From the state a random interleaved program left, the same single-thread operations run whole
/// (`call`) on one queue and stepped (`call_stepped`) on its twin: the same events, outcomes and
/// state after each.
fn whole_matches_stepped<Q: StepQueue>(
    make: impl Fn() -> Q,
    log: impl Fn(&mut Q) -> &mut Vec<QueueEvent>,
    state: impl Fn(&Q) -> String,
    prog: &Program,
    then: &[u8],
) -> Result<(), TestCaseError> {
    let (mut whole, mut stepped) = (make(), make());
    run(&mut whole, prog, 1_000_000, |_, _, _, _| {}).unwrap();
    run(&mut stepped, prog, 1_000_000, |_, _, _, _| {}).unwrap();
    prop_assert_eq!(state(&whole), state(&stepped));
    for (i, &o) in then.iter().enumerate() {
        let op = match o {
            0 => QueueOp::Offer(1000 + i as u32),
            1 => QueueOp::Poll,
            _ => QueueOp::Size,
        };
        log(&mut whole).clear();
        log(&mut stepped).clear();
        let a = whole.call(op);
        let b = stepped.call_stepped(op);
        prop_assert_eq!(a, b, "{:?}", op);
        prop_assert_eq!(&*log(&mut whole), &*log(&mut stepped), "{:?}", op);
        prop_assert_eq!(state(&whole), state(&stepped), "{:?}", op);
    }
    Ok(())
}

fn single_thread_ops() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(0u8..3, 0..40)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 800, ..ProptestConfig::default() })]

    #[test]
    fn clq_whole_calls_match_their_steps(ops in threads(4), s in schedule(), then in single_thread_ops()) {
        let prog = build(&ops, &s, 8, None, None);
        whole_matches_stepped(
            || LinkedQueue::with_probe(Log::default()),
            |q| &mut q.probe.0,
            |q| format!("{:?} {} {}", q.nodes, q.head, q.tail),
            &prog,
            &then,
        )?;
    }

    #[test]
    fn abq_whole_calls_match_their_steps(ops in threads(4), s in schedule(), cap in 1usize..6, then in single_thread_ops()) {
        let prog = build(&ops, &s, cap, None, None);
        whole_matches_stepped(
            || ArrayQueue::with_probe(cap, Log::default()),
            |q| &mut q.probe.0,
            |q| format!("{:?} {} {} {} {:?}", q.items, q.take_index, q.put_index, q.count, q.owner),
            &prog,
            &then,
        )?;
    }

    #[test]
    fn ring_whole_calls_match_their_steps(ops in threads(3), s in schedule(), cap in 1usize..9, spsc: bool, then in single_thread_ops()) {
        let kind = if spsc { RingKind::Spsc } else { RingKind::Mpsc };
        let prog = if spsc {
            build(&ops, &s, cap, Some(0), Some(ops.len() - 1))
        } else {
            build(&ops, &s, cap, None, Some(0))
        };
        whole_matches_stepped(
            || RingQueue::with_probe(kind, cap, Log::default()),
            |q| &mut q.probe.0,
            |q| format!("{:?} {} {} {}", q.buffer, q.producer_index, q.consumer_index, q.producer_limit),
            &prog,
            &then,
        )?;
    }
}
