//! Netty's 2014 Recyclers: the worked examples of the reference notes, each quirk, and property
//! tests (no object handed out twice at once, no double recycle accepted, every object accounted
//! for).

use crate::probe::NoProbe;
use crate::recycler::stack::StackRecycler;
use crate::recycler::weak_order::{WeakOrderRecycler, OWN_THREAD_ID};
use crate::recycler::{Fault, Inspect, VirtualRecycler, DEFAULT_MAX_CAPACITY};
use proptest::prelude::*;

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;

fn after(threads: usize) -> WeakOrderRecycler<NoProbe> {
    WeakOrderRecycler::new(threads, DEFAULT_MAX_CAPACITY, NoProbe)
}

fn before(threads: usize, assertions: bool) -> StackRecycler<NoProbe> {
    StackRecycler::new(threads, DEFAULT_MAX_CAPACITY, assertions, NoProbe)
}

#[test]
fn the_first_get_after_a_cross_thread_recycle_still_allocates() {
    let mut r = after(2);
    let (h1, h2) = (r.get(A).unwrap(), r.get(A).unwrap());
    assert_eq!((h1, h2), (0, 1));
    assert_eq!(r.recycle(B, h1), Ok(true));
    assert_eq!(r.recycle(B, h2), Ok(true));
    assert_eq!(r.queued(A), vec![h1, h2]);
    // The cursor starts null: this scavenge only rewinds it, and get makes a third object.
    assert_eq!(r.get(A), Ok(2));
    assert_eq!(r.allocated(), 3);
    // Now the queue's link is transferred (FIFO into the array) and pop takes the last.
    assert_eq!(r.get(A), Ok(h2));
    assert_eq!(r.pooled(A), vec![h1]);
    assert!(r.queued(A).is_empty());
}

#[test]
fn queue_ids_come_from_one_generator_and_transferred_handles_keep_theirs() {
    let mut r = WeakOrderRecycler::new(3, DEFAULT_MAX_CAPACITY, crate::Counter::new());
    let objs: Vec<u32> = (0..3).map(|_| r.get(A).unwrap()).collect();
    r.recycle(B, objs[0]).unwrap();
    r.recycle(C, objs[1]).unwrap();
    r.recycle(A, objs[2]).unwrap();
    let view = |r: &WeakOrderRecycler<_>| -> Vec<_> { inspect(r).objects() };
    let o = view(&r);
    assert_eq!(
        (o[0].last_recycled_id, o[0].stack),
        (OWN_THREAD_ID + 1, None)
    );
    assert_eq!(
        (o[1].last_recycled_id, o[1].stack),
        (OWN_THREAD_ID + 2, None)
    );
    assert_eq!((o[2].recycle_id, o[2].stack), (OWN_THREAD_ID, Some(A)));
    // C's queue was made last, so it is first in A's list.
    let s = inspect(&r).stack(A).unwrap();
    assert_eq!(s.head, Some(1));
    assert_eq!(inspect(&r).queues()[1].next, Some(0));
}

/// The state a recorder sees (tests read it the same way).
fn inspect<R: HasState>(r: &R) -> &R::S {
    r.state()
}

trait HasState {
    type S: Inspect;
    fn state(&self) -> &Self::S;
}

impl<P: crate::recycler::RecyclerProbe> HasState for WeakOrderRecycler<P> {
    type S = crate::recycler::weak_order::State;
    fn state(&self) -> &Self::S {
        self.inspect()
    }
}

#[test]
fn a_link_holds_sixteen_and_one_scavenge_moves_one_link() {
    let mut r = after(2);
    let objs: Vec<u32> = (0..20).map(|_| r.get(A).unwrap()).collect();
    for &o in &objs {
        r.recycle(B, o).unwrap();
    }
    let links = inspect(&r).links();
    assert_eq!(links.len(), 2);
    assert_eq!((links[0].write, links[1].write), (16, 4));
    r.get(A).unwrap(); // rewinds the cursor, allocates
    assert_eq!(r.get(A), Ok(objs[15]), "the first link's last handle");
    assert_eq!(r.pooled(A).len(), 15);
    for _ in 0..15 {
        r.get(A).unwrap();
    }
    // The stack is empty again: the next scavenge moves to the second link.
    assert_eq!(r.get(A), Ok(objs[19]));
    assert_eq!(r.pooled(A), objs[16..19].to_vec());
}

#[test]
fn double_recycles_are_refused_after_the_rewrite() {
    let mut r = after(2);
    let o = r.get(A).unwrap();
    r.recycle(A, o).unwrap();
    assert_eq!(r.recycle(A, o), Err(Fault::RecycledAlready));
    assert_eq!(r.pooled(A), vec![o]);

    let p = r.get(A).unwrap();
    let q = r.get(A).unwrap();
    r.recycle(B, q).unwrap();
    assert_eq!(
        r.recycle(B, q),
        Err(Fault::NullStack),
        "queued: h.stack is null"
    );
    assert_eq!(r.recycle(A, q), Err(Fault::NullStack));

    // A pooled object recycled again from another thread is caught when it is popped.
    r.recycle(A, p).unwrap();
    r.recycle(B, p).unwrap();
    assert_eq!(r.get(A), Err(Fault::RecycledMultipleTimes));
    assert_eq!(
        r.get(A),
        Err(Fault::RecycledMultipleTimes),
        "and on every get after"
    );
}

#[test]
fn before_the_rewrite_another_threads_recycle_drops_the_object() {
    let mut r = before(2, false);
    let o = r.get(A).unwrap();
    assert_eq!(r.recycle(B, o), Ok(false));
    assert!(r.pooled(A).is_empty());
    assert_eq!(r.get(A), Ok(1), "a new object");
}

#[test]
fn before_the_rewrite_only_the_assertion_catches_a_double_recycle() {
    let mut r = before(1, false);
    let o = r.get(A).unwrap();
    r.recycle(A, o).unwrap();
    assert_eq!(r.recycle(A, o), Ok(true));
    assert_eq!(r.pooled(A), vec![o, o]);
    assert_eq!(
        (r.get(A), r.get(A)),
        (Ok(o), Ok(o)),
        "handed out twice at once"
    );

    let mut r = before(1, true);
    let o = r.get(A).unwrap();
    r.recycle(A, o).unwrap();
    assert_eq!(r.recycle(A, o), Err(Fault::AssertRecycledAlready));
    assert_eq!(r.pooled(A), vec![o]);
}

#[test]
fn full_stacks_drop_and_transfer_ignores_the_maximum() {
    for assertions in [false, true] {
        let mut r = StackRecycler::new(1, 4, assertions, NoProbe);
        let objs: Vec<u32> = (0..6).map(|_| r.get(A).unwrap()).collect();
        for &o in &objs {
            assert_eq!(r.recycle(A, o), Ok(true));
        }
        assert_eq!(r.pooled(A), objs[..4].to_vec());
    }
    let mut r = WeakOrderRecycler::new(2, 4, NoProbe);
    let objs: Vec<u32> = (0..10).map(|_| r.get(A).unwrap()).collect();
    for &o in &objs {
        r.recycle(B, o).unwrap();
    }
    r.get(A).unwrap();
    r.get(A).unwrap();
    assert_eq!(
        r.pooled(A).len(),
        9,
        "ten transferred into a stack whose maximum is 4"
    );
}

#[test]
fn a_dead_threads_empty_queue_is_unlinked_unless_first() {
    let mut r = after(3);
    let objs: Vec<u32> = (0..2).map(|_| r.get(A).unwrap()).collect();
    r.recycle(B, objs[0]).unwrap(); // B's queue
    r.recycle(C, objs[1]).unwrap(); // C's queue, now first
    r.get(A).unwrap(); // rewinds the cursor: allocates
    assert_eq!(r.get(A), Ok(objs[1]), "C's queue, first in the list");
    assert_eq!(
        r.get(A),
        Ok(objs[0]),
        "then B's; a dead owner does not stop a transfer"
    );
    r.exit(B);
    // Empty again: C's queue is empty, B's is dead and empty, so it is taken off the list.
    assert_eq!(r.get(A), Ok(3));
    assert_eq!(inspect(&r).queues()[1].next, None, "B's queue unlinked");
    r.exit(C);
    r.get(A).unwrap();
    assert_eq!(
        inspect(&r).stack(A).unwrap().head,
        Some(1),
        "the first queue stays, dead or not"
    );
}

#[test]
fn a_foreign_thread_recycling_a_transferred_handle_again_is_not_caught() {
    // The rewrite's ids catch a second recycle on the owner thread and a second one while queued,
    // but not this: B recycles o1 and o2, A's scavenge pools both with recycleId = B's queue id,
    // and B recycles the still-pooled o1 again into the same queue, so the ids still agree.
    let mut r = after(2);
    let (o1, o2) = (r.get(A).unwrap(), r.get(A).unwrap());
    r.recycle(B, o1).unwrap();
    r.recycle(B, o2).unwrap();
    r.get(A).unwrap(); // rewinds
    assert_eq!(r.get(A), Ok(o2));
    assert_eq!(r.recycle(B, o1), Ok(true), "o1 is pooled, yet accepted");
    assert_eq!(r.get(A), Ok(o1));
    assert_eq!(r.get(A), Ok(o1), "handed out twice at once");
}

/// What a script may do: get on a thread, or recycle the i-th object held (any thread).
#[derive(Clone, Debug)]
enum Step {
    Get(usize),
    Recycle(usize, usize),
    /// Recycle something not held (a double recycle), by index into everything allocated.
    Again(usize, usize),
}

fn steps(illegal: bool) -> impl Strategy<Value = Vec<Step>> {
    let step = prop_oneof![
        4 => (0..3usize).prop_map(Step::Get),
        4 => (0..3usize, 0..64usize).prop_map(|(t, i)| Step::Recycle(t, i)),
        if illegal { 1 } else { 0 } => (0..3usize, 0..64usize).prop_map(|(t, i)| Step::Again(t, i)),
    ];
    prop::collection::vec(step, 0..160)
}

/// Runs the steps, checking after each that no object is out twice, none is both held and pooled,
/// and no more are held, pooled or queued than exist; returns how many double recycles were taken
/// (the rewrite queues a cross-thread one and refuses it when it would be handed out).
fn check<R: VirtualRecycler>(
    r: &mut R,
    steps: &[Step],
    owner_only: bool,
    queued: impl Fn(&R) -> usize,
) -> usize {
    let mut held: Vec<u32> = Vec::new();
    let mut owner: Vec<usize> = Vec::new();
    let mut accepted_twice = 0;
    for s in steps {
        match *s {
            Step::Get(t) => {
                if let Ok(o) = r.get(t) {
                    if o as usize == owner.len() {
                        owner.push(t);
                    }
                    assert!(!held.contains(&o), "{o} handed out twice at once");
                    held.push(o);
                }
            }
            Step::Recycle(t, i) if !held.is_empty() => {
                let o = held.remove(i % held.len());
                if let Err(f) = r.recycle(t, o) {
                    panic!("a legal recycle of {o} threw {f:?}");
                }
            }
            Step::Again(t, i) if r.allocated() > 0 => {
                let o = (i % r.allocated()) as u32;
                let t = if owner_only { owner[o as usize] } else { t };
                if !held.contains(&o) && r.recycle(t, o) == Ok(true) {
                    accepted_twice += 1;
                }
            }
            _ => {}
        }
        let pooled: Vec<u32> = (0..3).flat_map(|t| r.pooled(t)).collect();
        for o in &pooled {
            assert!(!held.contains(o), "{o} both held and pooled");
        }
        assert!(held.len() + pooled.len() + queued(r) <= r.allocated() + accepted_twice);
    }
    accepted_twice
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(800))]

    #[test]
    fn the_rewrite_never_hands_out_an_object_twice(s in steps(false)) {
        let mut r = after(3);
        prop_assert_eq!(check(&mut r, &s, false, |r| (0..3).map(|t| r.queued(t).len()).sum()), 0);
    }

    #[test]
    fn legal_scripts_agree_on_what_is_handed_out_when_nothing_crosses_threads(
        s in prop::collection::vec((0..3usize, any::<bool>(), 0..8usize), 0..120)
    ) {
        // Each thread recycles only its own objects: both designs behave as one LIFO per thread.
        let (mut old, mut new) = (before(3, true), after(3));
        let mut held: Vec<Vec<u32>> = vec![Vec::new(); 3];
        for (t, get, i) in s {
            if get || held[t].is_empty() {
                let (a, b) = (old.get(t).unwrap(), new.get(t).unwrap());
                prop_assert_eq!(a, b);
                held[t].push(a);
            } else {
                let n = held[t].len();
                let o = held[t].remove(i % n);
                prop_assert_eq!(old.recycle(t, o), Ok(true));
                prop_assert_eq!(new.recycle(t, o), Ok(true));
            }
            for t in 0..3 {
                prop_assert_eq!(old.pooled(t), new.pooled(t));
            }
        }
    }

    #[test]
    fn double_recycles_never_hand_an_object_out_twice_with_the_assertion(s in steps(true)) {
        let mut r = before(3, true);
        check(&mut r, &s, false, |_| 0);
    }

    #[test]
    fn the_rewrite_catches_every_double_recycle_on_the_owner_thread(s in steps(true)) {
        let mut r = after(3);
        check(&mut r, &s, true, |r| (0..3).map(|t| r.queued(t).len()).sum());
    }
}

mod scripts {
    use super::*;
    use crate::families;
    use crate::family::Family;
    use crate::recycler::script::{self as recycler_script, RecyclerAction, COUNT, DRAW};
    use crate::recycler::{RecyclerEvent, RecyclerVariant, Recyclers};
    use crate::script::{Place, COMMAND_WIDTH};
    use crate::trace::{STEP_WIDTH, TOTAL};
    use crate::Event;

    use crate::testing::raw;

    fn flat(c: &[(u32, u32, u32)]) -> Vec<u32> {
        c.iter()
            .flat_map(|&(op, a, t)| [op, a, 0, 0, t])
            .collect::<Vec<_>>()
    }

    const GET: u32 = 0;
    const RECYCLE: u32 = 1;
    const EXIT: u32 = 2;
    const GET_MANY: u32 = 3;
    const RECYCLE_ALL: u32 = 4;
    const CYCLE: u32 = 5;

    #[test]
    fn plans_name_objects_by_their_get_and_refuse_what_cannot_run() {
        let p = recycler_script::plan(
            &raw(&[
                (GET_MANY, 3, 0),
                (RECYCLE, 2, 1),
                (RECYCLE_ALL, 0, 1),
                (CYCLE, 2, 0),
            ]),
            "threads=A,B",
            COUNT,
        )
        .unwrap();
        let ops: Vec<RecyclerAction> = p.actions.iter().map(|a| a.op).collect();
        assert_eq!(
            ops,
            vec![
                RecyclerAction::Get(0),
                RecyclerAction::Get(1),
                RecyclerAction::Get(2),
                RecyclerAction::Recycle(1),
                RecyclerAction::Recycle(0),
                RecyclerAction::Recycle(2),
                RecyclerAction::Get(3),
                RecyclerAction::Recycle(3),
                RecyclerAction::Get(4),
                RecyclerAction::Recycle(4)
            ]
        );
        let e = recycler_script::plan(&raw(&[(GET, 0, 0), (RECYCLE, 2, 0)]), "", DRAW).unwrap_err();
        assert_eq!(e.command(), Some(1));
        assert!(e.message.contains("has made 1 get"), "{}", e.message);
        let e = recycler_script::plan(&raw(&[(EXIT, 0, 0), (GET, 0, 0)]), "", DRAW).unwrap_err();
        assert!(e.message.contains("T exited at command 1"), "{}", e.message);
        let e = recycler_script::plan(&[], "assertions=maybe", DRAW).unwrap_err();
        assert_eq!(
            e.to_string(),
            "assertions: assertions are on or off, not \"maybe\""
        );
        let e = recycler_script::plan(&[], "max-capacity=0", DRAW).unwrap_err();
        assert_eq!(e.place, Place::Setting("max-capacity"));
        let e = recycler_script::plan(&raw(&[(GET_MANY, 49, 0)]), "", DRAW).unwrap_err();
        assert!(e.over_limit);
        assert!((families::family("recycler").unwrap().plan)(
            &flat(&[(GET_MANY, 49, 0)]),
            "",
            true
        )
        .map(|p| !p.fits())
        .unwrap_or(false));
    }

    /// After each action, the frame's stacks are the real recycler's, and the totals its counter's.
    fn frames_match(version: RecyclerVariant, c: &[(u32, u32, u32)], settings: &str) {
        let plan = recycler_script::plan(&raw(c), settings, DRAW).unwrap();
        let rec = Recyclers::record(version, &plan, Recyclers::MAX_STEPS).unwrap();
        let t = &rec.trace;
        assert!(!t.overflowed);
        let (size, slot) = (t.layout.offset("size"), t.layout.offset("slot"));
        let threads = plan.names.len();
        let mut r: Box<dyn FnMut(usize) -> Vec<Vec<u32>>> = match version {
            RecyclerVariant::Before => {
                let mut real = before(threads, plan.assertions);
                let actions = plan.actions.clone();
                let mut got = Vec::new();
                Box::new(move |i| {
                    step(&mut real, &actions[i], &mut got);
                    (0..threads).map(|t| real.pooled(t)).collect()
                })
            }
            RecyclerVariant::After => {
                let mut real = after(threads);
                let actions = plan.actions.clone();
                let mut got = Vec::new();
                Box::new(move |i| {
                    step(&mut real, &actions[i], &mut got);
                    (0..threads).map(|t| real.pooled(t)).collect()
                })
            }
        };
        let steps = t.len();
        for i in 0..plan.actions.len() {
            let end = (0..steps)
                .rev()
                .find(|&k| t.steps[k * STEP_WIDTH] == i as i32)
                .expect("every action has steps");
            let frame = t.frame_at(end + 1);
            let expected = r(i);
            for (th, pooled) in expected.iter().enumerate() {
                let n = frame[size + th].max(0) as usize;
                let drawn: Vec<u32> = (0..n).map(|k| frame[slot + th * 64 + k] as u32).collect();
                assert_eq!(&drawn, pooled, "{version:?} action {i} thread {th}");
            }
        }
        let counts = Recyclers::count(version, &plan, c.len()).unwrap();
        let total = t.layout.offset(TOTAL);
        let last = t.frame_at(steps);
        for k in 1..RecyclerEvent::KINDS.len() {
            assert_eq!(last[total + k] as u64, counts.total[k], "kind {k}");
        }
        assert!(t.texts.iter().all(|s| !s.is_empty() && !s.contains("o0")));
    }

    /// Issue 48, item 9: the table's "where" is the frame's `object_place`, and it follows the
    /// operation: an object a get has just made or popped, or a recycle has not placed yet, is
    /// that operation's, never "dropped"; a transfer's handles are "moving" until it ends, and
    /// its end is a step of its own (the size the pop then narrates); a new queue is told before
    /// its first link.
    #[test]
    fn places_follow_the_operation_and_the_transfer_ends_in_a_step() {
        use crate::recycler::recorder::place;
        // A: get, get, B: recycle 1, recycle 2, A: get, get
        let c = [
            (GET, 0, 0),
            (GET, 0, 0),
            (RECYCLE, 1, 1),
            (RECYCLE, 2, 1),
            (GET, 0, 0),
            (GET, 0, 0),
        ];
        let plan = recycler_script::plan(&raw(&c), "threads=A,B", DRAW).unwrap();
        let rec = Recyclers::record(RecyclerVariant::After, &plan, Recyclers::MAX_STEPS).unwrap();
        let t = &rec.trace;
        let (po, size) = (t.layout.offset("object_place"), t.layout.offset("size"));
        let drop = RecyclerEvent::KINDS
            .iter()
            .position(|k| k.name == "drop")
            .unwrap();
        let step_of = |text: &str| {
            t.texts
                .iter()
                .position(|x| x.starts_with(text))
                .unwrap_or_else(|| panic!("no step {text:?}"))
        };
        let place_after = |k: usize, o: usize| t.frame_at(k + 1)[po + o];
        assert_eq!(
            place_after(
                step_of("Nothing to pop: a new DefaultHandle and object o1"),
                0
            ),
            place::MADE
        );
        assert_eq!(place_after(step_of("get() returns o1"), 0), place::HELD);
        assert_eq!(
            place_after(step_of("B calls recycle(o1)"), 0),
            place::RECYCLING
        );
        let made = step_of("B has no WeakOrderQueue for A's stack yet");
        assert!(
            t.texts[made + 1].starts_with("q1 starts with one link, L1"),
            "{}",
            t.texts[made + 1]
        );
        assert_eq!(
            t.steps[made * STEP_WIDTH + 1],
            t.steps[(made + 1) * STEP_WIDTH + 1],
            "the constructor's line"
        );
        assert!(!t
            .texts
            .iter()
            .any(|x| x.contains("becomes q1") && x.contains("tail")));
        let moved = step_of("o2 moves from slot 1");
        assert_eq!(place_after(moved, 0), place::MOVING);
        assert_eq!(place_after(moved, 1), place::MOVING);
        let end = step_of("The transfer ends: A's size becomes 2");
        assert_eq!(end, moved + 1);
        assert_eq!(
            t.frame_at(end + 1)[size],
            2,
            "the size the next pop starts from"
        );
        assert_eq!(
            [place_after(end, 0), place_after(end, 1)],
            [place::POOLED, place::POOLED]
        );
        let pop = step_of("pop: size 2 → 1; o2");
        assert_eq!(
            [place_after(pop, 0), place_after(pop, 1)],
            [place::POOLED, place::POPPED]
        );
        for k in 0..t.len() {
            let f = t.frame_at(k + 1);
            let total = t.layout.offset(TOTAL);
            for o in 0..f[t.layout.offset("objects")] as usize {
                if f[po + o] == place::DROPPED || f[po + o] == place::LOST {
                    assert!(
                        f[total + drop] > 0 && f[po + o] == place::DROPPED,
                        "step {k}: o{} gone with no drop",
                        o + 1
                    );
                }
            }
        }
    }

    fn step<R: VirtualRecycler>(
        r: &mut R,
        a: &recycler_script::Action,
        got: &mut Vec<Option<u32>>,
    ) {
        let t = a.thread as usize;
        match a.op {
            RecyclerAction::Get(_) => got.push(r.get(t).ok()),
            RecyclerAction::Recycle(g) => {
                if let Some(o) = got[g as usize] {
                    let _ = r.recycle(t, o);
                }
            }
            RecyclerAction::Exit => r.exit(t),
        }
    }

    /// A transfer that throws midway, as Netty 4.0.21 does: the handles it moved stay in the
    /// stack's array above its unstored size, their link slots blank, the read index unmoved; the
    /// next transfer reads a blank slot and throws a NullPointerException. Every command keeps its
    /// step, also a recycle of a get that threw.
    #[test]
    fn a_transfer_that_throws_leaves_a_blank_slot_the_next_one_trips_on() {
        // A: get-many 3, A: recycle 1, A: recycle 2, B: recycle 3, B: recycle 2, A: get-many 4, A: recycle 6
        let script = [
            (GET_MANY, 3, 0),
            (RECYCLE, 1, 0),
            (RECYCLE, 2, 0),
            (RECYCLE, 3, 1),
            (RECYCLE, 2, 1),
            (GET_MANY, 4, 0),
            (RECYCLE, 6, 0),
        ];
        let plan =
            recycler_script::plan(&raw(&script), "threads=A,B\nmax-capacity=1", DRAW).unwrap();
        let mut outcomes = Vec::new();
        let mut r = WeakOrderRecycler::new(2, plan.max_capacity, NoProbe);
        recycler_script::run(&mut r, &plan, |_, _| {}, |_, o| outcomes.push(o));
        use recycler_script::Outcome::*;
        assert_eq!(
            outcomes,
            vec![
                Got(0),
                Got(1),
                Got(2),
                Recycled(true),
                // The stack is full at one: dropped (recycle still returns true), its ids already set.
                Recycled(true),
                Recycled(true),
                Recycled(true),
                Got(0),
                // The first scavenge only rewinds the cursor: a new object.
                Got(3),
                // o3 moves, its slot blanks; o2's ids are set from its first recycle: "recycled already".
                Threw(Fault::RecycledAlready),
                // The read index never moved past o3's blank slot.
                Threw(Fault::NullInLink),
                Nothing,
            ]
        );
        let rec = Recyclers::record(RecyclerVariant::After, &plan, Recyclers::MAX_STEPS).unwrap();
        let t = &rec.trace;
        for (i, _) in plan.actions.iter().enumerate() {
            assert!(
                (0..t.len()).any(|k| t.steps[k * STEP_WIDTH] == i as i32),
                "action {i} has a step"
            );
        }
        let texts = t.texts.join("\n");
        assert!(
            texts.contains("IllegalStateException: recycled already"),
            "{texts}"
        );
        assert!(
            texts.contains("NullPointerException: the link's next slot is empty"),
            "{texts}"
        );
        assert!(
            texts.contains("has nothing to recycle: get #6 threw"),
            "{texts}"
        );
    }

    /// Issue 58's Recycler case, `[after, max-capacity=1, assertions=off] A: get-many 3, A:
    /// recycle 1, A: recycle 2, B: recycle 3, B: recycle 2, A: get, A: get, A: get, A: get`. The
    /// third get's transfer moves o3 into A's array at slot 0, then throws on o2 ("recycled
    /// already": its drop at the full stack left its ids set) before storing the size; the
    /// fourth get's transfer throws on o3's blank link slot. In Netty o3 is then still in A's
    /// array at slot 0, above size (0), its handle pointing at A's stack: the frame says so
    /// ("moving": in the array, uncounted, as during a transfer), not that o3 is lost.
    #[test]
    fn a_transfer_that_throws_leaves_what_it_moved_in_the_array_above_size() {
        use crate::recycler::recorder::place;
        let script = [
            (GET_MANY, 3, 0),
            (RECYCLE, 1, 0),
            (RECYCLE, 2, 0),
            (RECYCLE, 3, 1),
            (RECYCLE, 2, 1),
            (GET, 0, 0),
            (GET, 0, 0),
            (GET, 0, 0),
            (GET, 0, 0),
        ];
        let plan = recycler_script::plan(
            &raw(&script),
            "threads=A,B
max-capacity=1
assertions=off",
            DRAW,
        )
        .unwrap();
        assert_eq!(plan.actions.len(), 11);
        let rec = Recyclers::record(RecyclerVariant::After, &plan, Recyclers::MAX_STEPS).unwrap();
        let t = &rec.trace;
        let l = &t.layout;
        let end_of = |a: i32| {
            (0..t.len())
                .rev()
                .find(|&k| t.steps[k * STEP_WIDTH] == a)
                .unwrap()
                + 1
        };
        let threw = crate::recycler::recorder::outcome::THREW;
        // After op 10 (recycled already) and op 11 (the NullPointerException).
        for (a, fault) in [(9, Fault::RecycledAlready), (10, Fault::NullInLink)] {
            let f = t.frame_at(end_of(a));
            let o3 = 2;
            assert_eq!(
                (f[l.offset("outcome")], f[l.offset("outcome_value")]),
                (threw, fault.code() as i32),
                "op {}",
                a + 1
            );
            assert_eq!(f[l.offset("size")], 0, "A's size was never stored");
            assert_eq!(f[l.offset("slot")], o3, "o3 is in A's array at slot 0");
            assert_eq!(
                (
                    f[l.offset("object_place") + o3 as usize],
                    f[l.offset("object_place_at") + o3 as usize],
                    f[l.offset("object_place_slot") + o3 as usize],
                ),
                (place::MOVING, 0, 0),
                "op {}: o3 in A's array at slot 0, above size",
                a + 1
            );
            assert_eq!(
                f[l.offset("object_stack") + o3 as usize],
                0,
                "its handle points at A's stack"
            );
        }
        // Written over, it is gone: A recycles its o1 into slot 0.
        let mut more = script.to_vec();
        more.push((RECYCLE, 1, 0));
        let plan = recycler_script::plan(
            &raw(&more),
            "threads=A,B
max-capacity=1
assertions=off",
            DRAW,
        )
        .unwrap();
        let rec = Recyclers::record(RecyclerVariant::After, &plan, Recyclers::MAX_STEPS).unwrap();
        let f = rec.trace.frame_at(rec.trace.len());
        let l = &rec.trace.layout;
        assert_eq!(f[l.offset("slot")], 0, "o1 in slot 0");
        assert_eq!(f[l.offset("object_place") + 2], place::LOST);
    }

    #[test]
    fn frames_show_what_the_real_recyclers_pool_after_every_action() {
        let script = [
            (GET_MANY, 3, 0),
            (RECYCLE, 1, 1),
            (RECYCLE, 2, 1),
            (GET, 0, 0),
            (GET, 0, 0),
            (RECYCLE, 3, 0),
            (RECYCLE, 3, 0),
            (GET_MANY, 18, 2),
            (RECYCLE_ALL, 0, 1),
            (EXIT, 0, 1),
            (GET_MANY, 4, 2),
            (CYCLE, 3, 0),
        ];
        for v in [RecyclerVariant::Before, RecyclerVariant::After] {
            frames_match(v, &script, "threads=A,B,C");
            frames_match(v, &script, "threads=A,B,C\nassertions=on");
        }
    }

    #[test]
    fn the_benchmark_loop_counts_one_pop_and_one_push_per_cycle_and_two_map_updates_before() {
        let c = raw(&[(GET, 0, 0), (RECYCLE, 1, 0), (CYCLE, 1000, 0)]);
        let plan = recycler_script::plan(&c, "assertions=on", COUNT).unwrap();
        let kind = |name: &str| {
            RecyclerEvent::KINDS
                .iter()
                .position(|k| k.name == name)
                .unwrap()
        };
        let old = Recyclers::count(RecyclerVariant::Before, &plan, c.len()).unwrap();
        let new = Recyclers::count(RecyclerVariant::After, &plan, c.len()).unwrap();
        let cycle = &old.per_command[2];
        assert_eq!(cycle[kind("pop")], 1000);
        assert_eq!(cycle[kind("push")], 1000);
        assert_eq!(cycle[kind("map_update")], 2000);
        assert!(cycle[kind("map_probe")] >= 2000);
        assert_eq!(new.per_command[2][kind("map_update")], 0);
        assert_eq!(new.total[kind("allocate")], 1);
        let _ = COMMAND_WIDTH;
    }

    /// A recycle naming a get that threw runs nothing in Netty 4.0.21: the thread's last call
    /// stays the one that threw, so its column keeps that exception. Checked against the real
    /// 4.0.21 jar: `B: get` throws "recycled multiple times" (A queued o1 while it sat in B's
    /// stack) and Java has no object for `B: recycle 2`.
    #[test]
    fn a_recycle_of_a_get_that_threw_leaves_the_thread_showing_the_exception() {
        // threads B, C, A: B: get, C: exit, B: recycle 1, A: recycle 1, B: get, B: recycle 2
        let script = [
            (GET, 0, 0),
            (EXIT, 0, 1),
            (RECYCLE, 1, 0),
            (RECYCLE, 1, 2),
            (GET, 0, 0),
            (RECYCLE, 2, 0),
        ];
        let plan = recycler_script::plan(
            &raw(&script),
            "threads=B,C,A\nmax-capacity=4\nassertions=off",
            DRAW,
        )
        .unwrap();
        let rec = Recyclers::record(RecyclerVariant::After, &plan, Recyclers::MAX_STEPS).unwrap();
        let t = &rec.trace;
        let (outcome, value) = (t.layout.offset("outcome"), t.layout.offset("outcome_value"));
        let last = t.frame_at(t.len());
        let threw = crate::recycler::recorder::outcome::THREW;
        assert_eq!(
            (last[outcome], last[value]),
            (threw, Fault::RecycledMultipleTimes.code() as i32),
            "B still shows the exception its get threw"
        );
        // The step is still there, and says why nothing ran.
        assert!(t
            .texts
            .iter()
            .any(|s| s.contains("B has nothing to recycle: get #2 threw")));
    }

    /// A transfer narrates the id the handle really gets: the queue's, or 0 after the
    /// double recycle the ids miss (a pop reset both ids after the queue wrote its own).
    #[test]
    fn a_transfer_says_which_recycle_id_the_handle_takes() {
        let script = [
            (GET, 0, 0),
            (GET, 0, 0),
            (RECYCLE, 1, 1),
            (RECYCLE, 2, 1),
            (GET, 0, 0),
            (GET, 0, 0),
            (RECYCLE, 1, 1),
            (GET, 0, 0),
            (GET, 0, 0),
        ];
        let plan = recycler_script::plan(&raw(&script), "threads=A,B", DRAW).unwrap();
        let rec = Recyclers::record(RecyclerVariant::After, &plan, Recyclers::MAX_STEPS).unwrap();
        let moves: Vec<&String> = rec
            .trace
            .texts
            .iter()
            .filter(|s| s.contains("of the stack;"))
            .collect();
        assert_eq!(moves.len(), 3, "{moves:?}");
        assert!(
            moves[0].starts_with("o1 moves")
                && moves[0].ends_with("recycleId = lastRecycledId = q1's id."),
            "{}",
            moves[0]
        );
        assert!(
            moves[2].starts_with("o1 moves") && moves[2].contains("recycleId = lastRecycledId = 0"),
            "{}",
            moves[2]
        );
    }
}
