//! Kafka's hierarchical timing wheel (`kafka.utils.timer`: `TimerTaskList`, `TimingWheel`,
//! `SystemTimer`), step for step, and the timer it replaced: a `java.util.concurrent.DelayQueue`
//! of the tasks themselves.
//!
//! Fidelity notes. A bucket (`TimerTaskList`) is a circular doubly-linked list with a sentinel;
//! add appends at the tail, remove unlinks in O(1), flush removes from the head and hands each
//! entry on, then resets the expiration to −1; `setExpiration` reports whether it changed. The
//! wheel refuses an expired entry (`expiration < currentTime + tickMs`), places an entry due
//! within its interval in `buckets[(expiration / tickMs) % wheelSize]` and offers that bucket to
//! the shared delay queue when its expiration changed, and otherwise hands it to an overflow wheel
//! made on first need (tick = this interval, start = this wheel's current time). The delay queue
//! holds buckets, never tasks; it is a `java.util.PriorityQueue` inside (the lab's `JdkHeap`),
//! ordered by expiration with no tie-break, so buckets with equal expirations come out in the
//! JDK's heap order, as in Kafka.
//!
//! Two clocks, as in Kafka. `SystemTimer.add` computes an entry's expiration from the real clock
//! (`Time.hiResClockMs`: here [`SystemTimer::now`]), but `TimingWheel.add` places it against the
//! wheel's own `currentTime`, which moves only when the reaper polls a due bucket
//! (`advanceClock(bucket.getExpiration())`); when nothing is due the reaper's poll times out and
//! the wheel stays where the last bucket left it. So after an idle gap the wheel's clock lags
//! "now": a short timer can land on a higher level, in a bucket that is already due, and even a
//! timer due now is not expired against that clock and waits in a bucket. `add` only offers the
//! bucket; the timer waits there, cancellable, until the reaper's next pass polls the bucket and
//! it cascades down, one already-due bucket at a time. An overflow wheel, once made, stays, with
//! the clock of the level below at the moment it was made, moved on only by later polls.
//!
//! Simplified: time is virtual (the script's clock) instead of `System.nanoTime`, so "advance to
//! T" polls every bucket due by T in turn, each at its expiration, instead of waking up for each
//! as the real clock reaches it (or every 200 ms to find none). The reaper runs only in an
//! advance, as when Kafka's classes are driven one call at a time (`add`, `advanceClock`): in a
//! broker the offer of a new earliest bucket also signals the reaper thread, which then polls it
//! while the adding thread goes on. There is one thread, so no thread ever waits on the per-list
//! monitors (they are paid as uncontended ones, see `crate::sync`) and `SystemTimer`'s read/write
//! lock is not modelled; entries live in an arena and are named by [`TimerHandle`]s, as Netty's
//! heap elements are. A task and its entry are one `Entry` here, with the task's monitor and its
//! volatile `timerTaskEntry` as fields.

/// A delay queue's entry, as Java compares it: ordered by its time (`compareTo`), equal only to
/// itself (`equals`, which `remove(Object)` scans with), so two entries due together are unequal.
macro_rules! delayed_key {
    ($key:ident, order: $time:ident, identity: $id:ident) => {
        impl PartialEq for $key {
            fn eq(&self, other: &Self) -> bool {
                self.$id == other.$id
            }
        }
        impl Eq for $key {}
        impl Ord for $key {
            fn cmp(&self, other: &Self) -> std::cmp::Ordering {
                self.$time.cmp(&other.$time)
            }
        }
        impl PartialOrd for $key {
            fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
    };
}

pub(crate) mod bench;
#[cfg(test)]
mod conformance;
mod delay_queue;
mod event;
pub(crate) mod purgatory;
pub(crate) mod purgatory_sim;
pub(crate) mod recorder;
#[cfg(test)]
mod says;
pub(crate) mod script;
mod system_timer;

pub use delay_queue::*;
pub use event::*;
pub use system_timer::*;

use crate::family::{Family, Variant};
use crate::probe::Probe;
use crate::script::{ActionInfo, CodeSet, RawCommand, RecordOrCount, ScriptError};
use crate::trace::{Fields, TraceBuffer};
use recorder::WheelRecorder;
use script::{action_label, plan, run, Action, Limits, Plan, WheelCommand, COUNT, DRAW, MAX_STEPS};

/// Kafka's `SystemTimer` defaults.
pub const TICK_MS: u64 = 1;
pub const WHEEL_SIZE: usize = 20;

const NONE: u32 = u32::MAX;

/// Which timer design: Kafka's wheel, or the delay queue of tasks it replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WheelVariant {
    Wheel,
    DelayQueue,
}

/// What both timers offer, so that one script runner and one benchmark drive either.
pub trait VirtualTimer {
    type P: Probe<WheelEvent>;
    fn add(&mut self, id: u32, delay: u64, fire: &mut impl FnMut(u32, u64)) -> TimerHandle;
    /// Whether the timer was still pending.
    fn cancel(&mut self, h: TimerHandle) -> bool;
    fn advance(&mut self, to: u64, fire: &mut impl FnMut(u32, u64));
    fn probe(&mut self) -> &mut Self::P;
}

impl Variant for WheelVariant {
    const ALL: &'static [WheelVariant] = &[WheelVariant::Wheel, WheelVariant::DelayQueue];
    const NOUN: &'static str = "timer";

    fn name(self) -> &'static str {
        match self {
            WheelVariant::Wheel => "wheel",
            WheelVariant::DelayQueue => "delay-queue",
        }
    }

    fn title(self) -> &'static str {
        match self {
            WheelVariant::Wheel => "Kafka's timing wheel",
            WheelVariant::DelayQueue => "DelayQueue of tasks",
        }
    }

    fn pseudocode(self) -> &'static [&'static str] {
        match self {
            WheelVariant::Wheel => PSEUDOCODE,
            WheelVariant::DelayQueue => DELAY_QUEUE_PSEUDOCODE,
        }
    }

    fn counters(self) -> &'static [&'static str] {
        match self {
            WheelVariant::Wheel => &[
                "place",
                "beyond",
                "overflow",
                "insert",
                "unlink",
                "flush",
                "cascade",
                "fire",
                "q-offer",
                "q-poll",
                "q-compare",
                "q-move",
            ],
            WheelVariant::DelayQueue => &[
                "q-offer",
                "q-poll",
                "q-remove",
                "q-compare",
                "q-equals",
                "q-move",
                "fire",
            ],
        }
    }
}

/// What a script runs its structure with.
type ScriptProbe = RecordOrCount<WheelRecorder>;

/// The timer family: Kafka's hierarchical timing wheel and the `DelayQueue` of tasks it replaced.
pub struct Wheels;

impl Family for Wheels {
    #[cfg(test)]
    fn says(variant: &str) -> Option<crate::says::Table> {
        says::table(variant)
    }
    const NAME: &'static str = "wheel";
    const BENCHES: &'static [crate::kernel::Suite] = crate::wheel::bench::SUITES;
    const SIMULATIONS: &'static [crate::simulation::Spec] = &[purgatory_sim::PURGATORY];
    const OLD_VARIANT_PARAM: &'static str = "view";
    type Command = WheelCommand;
    type Variant = WheelVariant;
    type Event = WheelEvent;
    type Plan = Plan;
    type Limits = Limits;
    const DRAW: Limits = DRAW;
    const COUNT: Limits = COUNT;
    const MAX_STEPS: usize = MAX_STEPS;

    fn plan(raw: &[RawCommand], _: &str, limits: Limits) -> Result<Plan, ScriptError> {
        plan(raw, limits)
    }
    fn actions(plan: &Plan) -> usize {
        plan.actions.len()
    }
    fn max_size(plan: &Plan) -> usize {
        plan.max_size
    }
    type Recorder = WheelRecorder;
    type Ran = ();
    fn recorder(kind: WheelVariant, plan: &Plan, max_steps: usize) -> WheelRecorder {
        WheelRecorder::new(kind, plan, max_steps)
    }
    fn run(
        kind: WheelVariant,
        plan: &Plan,
        probe: ScriptProbe,
    ) -> Result<(ScriptProbe, ()), ScriptError> {
        fn on<T: VirtualTimer<P = ScriptProbe>>(mut t: T, plan: &Plan) -> ScriptProbe {
            run(&mut t, plan, |t, i| match t.probe() {
                RecordOrCount::Record(r) => r.prepare(i, plan.actions[i].action),
                RecordOrCount::Count(c) => c.before(plan.actions[i].command),
            });
            t.probe().take()
        }
        Ok((
            match kind {
                WheelVariant::Wheel => {
                    on(SystemTimer::with_probe(0, TICK_MS, WHEEL_SIZE, probe), plan)
                }
                WheelVariant::DelayQueue => on(DelayQueueTimer::with_probe(0, probe), plan),
            },
            (),
        ))
    }
    fn action_infos(plan: &Plan, _: &()) -> Vec<ActionInfo> {
        plan.actions
            .iter()
            .map(|a| ActionInfo {
                command: a.command,
                label: action_label(plan, &a.action),
                subject: match a.action {
                    Action::Add { entity, .. } | Action::Cancel { entity } => entity as i32,
                    Action::Advance { .. } => -1,
                },
            })
            .collect()
    }
    fn entity_labels(plan: &Plan) -> Vec<String> {
        plan.ids.iter().map(|id| id.to_string()).collect()
    }
    fn trace(recorder: WheelRecorder) -> TraceBuffer {
        recorder.trace
    }
    fn limits() -> Vec<(&'static str, u64)> {
        vec![
            ("drawnTimers", DRAW.max_timers as u64),
            ("drawnOperations", DRAW.max_actions as u64),
            ("drawnSteps", MAX_STEPS as u64),
            ("countedTimers", COUNT.max_timers as u64),
            ("countedOperations", COUNT.max_actions as u64),
            ("drawnLevels", recorder::MAX_LEVELS as u64),
            ("wheelSize", WHEEL_SIZE as u64),
            ("tickMs", TICK_MS),
        ]
    }
    fn fields() -> Fields {
        recorder::fields()
    }
    fn codes() -> Vec<CodeSet> {
        vec![crate::priority::recorder::flag::set()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::priority::{HeapEvent, HeapOp};

    fn fired_of(t: &mut SystemTimer, script: &[(char, u32, u64)]) -> Vec<(u32, u64)> {
        let mut fired = Vec::new();
        let mut handles = std::collections::HashMap::new();
        for &(op, id, x) in script {
            let mut f = |id, time| fired.push((id, time));
            match op {
                'a' => {
                    handles.insert(id, t.add(id, x, &mut f));
                }
                'c' => {
                    t.cancel(handles[&id]);
                }
                _ => t.advance(x, &mut f),
            }
        }
        fired
    }

    #[test]
    fn a_delay_of_exactly_the_interval_lands_on_level_one() {
        // Level 0 at time 0 covers expirations 1 … 19; 20 is beyond it.
        let mut t = SystemTimer::new(0);
        let mut none = |_, _| panic!("nothing fires yet");
        t.add(7, 20, &mut none);
        assert_eq!(t.levels().len(), 2);
        assert_eq!(t.levels()[1].tick, 20);
        assert_eq!(t.bucket_ids(1, 1), vec![7]); // (20 / 20) mod 20 = 1
        t.add(8, 19, &mut none);
        assert_eq!(t.bucket_ids(0, 19), vec![8]);
        // A delay of 0 runs at once and never enters a bucket.
        let mut ran = vec![];
        t.add(9, 0, &mut |id, time| ran.push((id, time)));
        assert_eq!(ran, vec![(9, 0)]);
        assert_eq!(t.size(), 2);
    }

    #[test]
    fn a_timer_cascades_through_three_levels_and_fires_on_time() {
        // 7,421 ms at time 0: beyond level 1's 400 ms, within level 2's 8,000 ms.
        let mut t = SystemTimer::new(0);
        let mut none = |_, _| panic!("not yet");
        t.add(1, 7421, &mut none);
        assert_eq!(t.levels().len(), 3);
        assert_eq!(t.bucket_ids(2, 7421 / 400), vec![1]); // slot 18: the bucket expiring at 7,200
        t.advance(7199, &mut none);
        assert_eq!(
            t.bucket_ids(2, 18),
            vec![1],
            "still on level 2 before 7,200"
        );
        t.advance(7200, &mut none);
        assert_eq!(
            t.bucket_ids(1, (7421 / 20) % 20),
            vec![1],
            "dropped to level 1 at 7,200"
        );
        t.advance(7420, &mut none);
        assert_eq!(
            t.bucket_ids(0, 7421 % 20),
            vec![1],
            "dropped to level 0 at 7,420"
        );
        let mut ran = vec![];
        t.advance(7421, &mut |id, time| ran.push((id, time)));
        assert_eq!(ran, vec![(1, 7421)]);
        assert_eq!(t.size(), 0);
        // 8,421 ms is beyond level 2 (8,000 ms): a fourth level is made.
        t.add(2, 8421, &mut none);
        assert_eq!(t.levels().len(), 4);
    }

    #[test]
    fn buckets_flush_head_first_and_equal_expirations_follow_the_jdk_heap() {
        let mut t = SystemTimer::new(0);
        let fired = fired_of(
            &mut t,
            &[
                ('a', 1, 5),
                ('a', 2, 5),
                ('a', 3, 3),
                ('c', 2, 0),
                ('a', 4, 5),
                ('v', 0, 10),
            ],
        );
        assert_eq!(fired, vec![(3, 3), (1, 5), (4, 5)]);
        // Cancelling a fired or cancelled timer does nothing.
        let mut t = SystemTimer::new(0);
        let mut f = |_, _| {};
        let h = t.add(1, 2, &mut f);
        t.advance(5, &mut f);
        assert!(!t.cancel(h));
        assert!(!t.cancel(h));
    }

    #[test]
    fn the_delay_queue_holds_buckets_never_tasks() {
        let mut t = SystemTimer::new(0);
        let mut f = |_, _| {};
        for id in 0..50 {
            t.add(id, 7, &mut f); // all in one bucket
        }
        assert_eq!(t.size(), 50);
        assert_eq!(t.queued_buckets(), 1);
        let bucket = t.queue_layout()[0].bucket;
        assert_eq!(t.bucket(bucket), (0, 7, 7));
    }

    /// Every event but the delay queue's inner steps (its offers and polls are kept).
    #[derive(Default)]
    struct Log(Vec<WheelEvent>);

    impl Probe<WheelEvent> for Log {
        fn event(&mut self, e: WheelEvent) {
            match e {
                WheelEvent::Queue(HeapEvent::Begin(_)) => self.0.push(e),
                WheelEvent::Queue(_) | WheelEvent::QueueLine(_) => {}
                _ => self.0.push(e),
            }
        }
    }

    #[test]
    fn after_an_idle_gap_a_short_timer_lands_high_and_cascades_on_the_next_advance() {
        // Worked out from Kafka's `SystemTimer` (tick 1 ms, 20 slots, started at 0): timer 1 (5 ms)
        // fires when its bucket is polled at 5 ms, which moves the wheel's clock to 5. Nothing is
        // due after that, so `advanceClock` polls nothing and the wheel stays at 5 while the real
        // clock runs on to 1,000.
        let mut t = SystemTimer::with_probe(0, TICK_MS, WHEEL_SIZE, Log::default());
        let mut fired = vec![];
        t.add(1, 5, &mut |id, at| fired.push((id, at)));
        t.advance(1000, &mut |id, at| fired.push((id, at)));
        assert_eq!(fired, vec![(1, 5)]);
        assert_eq!(
            (t.now(), t.wheel_time()),
            (1000, 5),
            "now, and the wheel's clock"
        );
        assert_eq!(t.probe().0.last(), Some(&WheelEvent::Wait { now: 1000 }));
        t.probe().0.clear();
        // Timer 2, 5 ms at 1,000: expiration 1,005 by the real clock. Against the wheel's clock (5)
        // it is beyond level 0 (reach 6 … 24) and level 1 (made at 0: reach 20 … 399), so level 2
        // is made (tick 400, clock 0) and takes it in slot (1005 / 400) mod 20 = 2, the bucket
        // expiring at 800: already due. `SystemTimer.add` only offers it; the add polls nothing.
        let h = t.add(2, 5, &mut |id, at| fired.push((id, at))).0;
        use HeapEvent::Begin;
        use WheelEvent::*;
        let offer = Queue(Begin(HeapOp::Offer));
        let poll = Queue(Begin(HeapOp::Poll));
        let place = |level, slot| {
            [
                Place {
                    timer: h,
                    level,
                    slot,
                },
                Insert {
                    timer: h,
                    level,
                    slot,
                },
            ]
        };
        let mut expected = vec![
            WheelEvent::Begin(WheelOp::Add),
            Beyond { timer: h, level: 0 },
            Overflow { level: 0 },
            Beyond { timer: h, level: 1 },
            Overflow { level: 1 },
        ];
        expected.extend(place(2, 2));
        expected.push(offer);
        assert_eq!(t.probe().0, expected);
        let clocks: Vec<u64> = t.levels().iter().map(|l| l.current_time).collect();
        assert_eq!(
            clocks,
            vec![5, 0, 0],
            "the clocks stay where the last poll left them"
        );
        assert_eq!(t.bucket_ids(2, 2), vec![2]);
        assert_eq!(
            (t.now(), t.next_expiration()),
            (1000, Some(800)),
            "due, not polled"
        );
        t.probe().0.clear();
        // The reaper's next pass (the advance to 1,005) polls it: `advanceClock(800)` moves every
        // level to 800, and the flush re-adds the entry: beyond level 0 (801 … 819), within level 1
        // (820 … 1,199), slot 50 mod 20 = 10, the bucket expiring at 1,000: due as well.
        t.advance(1005, &mut |id, at| fired.push((id, at)));
        let mut expected = vec![
            WheelEvent::Begin(WheelOp::Advance),
            poll,
            Tick {
                level: 0,
                time: 800,
            },
            Tick {
                level: 1,
                time: 800,
            },
            Tick {
                level: 2,
                time: 800,
            },
            Flush { level: 2, slot: 2 },
            Unlink {
                timer: h,
                level: 2,
                slot: 2,
            },
            Beyond { timer: h, level: 0 },
        ];
        expected.extend(place(1, 10));
        expected.extend([
            offer,
            Cascade {
                timer: h,
                from: 2,
                to: 1,
            },
            // `advanceClock(1000)`: levels 0 and 1 move; level 2 (next tick at 1,200) does not.
            // The re-add lands on level 0, slot 5, the bucket expiring at 1,005, polled in turn.
            poll,
            Tick {
                level: 0,
                time: 1000,
            },
            Tick {
                level: 1,
                time: 1000,
            },
            Flush { level: 1, slot: 10 },
            Unlink {
                timer: h,
                level: 1,
                slot: 10,
            },
        ]);
        expected.extend(place(0, 5));
        expected.extend([
            offer,
            Cascade {
                timer: h,
                from: 1,
                to: 0,
            },
            poll,
            Tick {
                level: 0,
                time: 1005,
            },
            Flush { level: 0, slot: 5 },
            Unlink {
                timer: h,
                level: 0,
                slot: 5,
            },
            Fire {
                timer: h,
                time: 1005,
            },
            Wait { now: 1005 },
        ]);
        assert_eq!(t.probe().0, expected);
        let clocks: Vec<u64> = t.levels().iter().map(|l| l.current_time).collect();
        assert_eq!(clocks, vec![1005, 1000, 800]);
        assert_eq!(fired, vec![(1, 5), (2, 1005)]);
        assert_eq!(t.queued_buckets(), 0);
    }

    #[test]
    fn the_wheel_s_clock_stays_at_the_last_bucket_polled() {
        let mut t = SystemTimer::new(0);
        let mut f = |_, _| {};
        t.advance(500, &mut f);
        assert_eq!((t.now(), t.wheel_time()), (500, 0), "no bucket, no move");
        // Due at 530: beyond level 0 and level 1 (made at 0, reaching 399), so on level 2, in the
        // bucket expiring at 400, which is due; it waits there for the reaper's next pass.
        t.add(1, 30, &mut f);
        assert_eq!(t.levels().len(), 3);
        assert_eq!((t.wheel_time(), t.next_expiration()), (0, Some(400)));
        // That pass polls it (the clocks go to 400), then the level-1 bucket it drops to (520),
        // then the level-0 one (530), where it fires.
        t.advance(700, &mut f);
        assert_eq!(t.wheel_time(), 530, "the last bucket polled expired at 530");
        assert_eq!(t.now(), 700);
        // A timer due now, with the wheel's clock behind now: not expired against that clock
        // (700 ≥ 530 + 1), so it waits in a bucket (level 1's, expiring at 700, due) and a cancel
        // still finds it, as in Kafka. With the clocks together it runs at once.
        let mut ran = vec![];
        let h = t.add(2, 0, &mut |id, at| ran.push((id, at)));
        assert_eq!(ran, vec![]);
        assert_eq!(t.bucket_ids(1, 15), vec![2]);
        assert!(t.cancel(h));
        t.add(3, 0, &mut |id, at| ran.push((id, at)));
        t.advance(700, &mut |id, at| ran.push((id, at)));
        assert_eq!(ran, vec![(3, 700)]);
        assert_eq!(t.wheel_time(), 700);
        t.add(4, 0, &mut |id, at| ran.push((id, at)));
        assert_eq!(ran, vec![(3, 700), (4, 700)]);
    }

    #[test]
    fn the_delay_queue_timer_cancels_by_scanning() {
        let mut q = DelayQueueTimer::with_probe(0, crate::probe::Counter::new());
        let mut f = |_, _| {};
        let hs: Vec<_> = (0..10).map(|i| q.add(i, 10 + i as u64, &mut f)).collect();
        q.cancel(hs[9]);
        assert_eq!(
            q.probe().total_of(kind::Q_EQUALS),
            10,
            "the last-scheduled task is in the last slot"
        );
        let mut fired = vec![];
        q.advance(100, &mut |id, time| fired.push((id, time)));
        assert_eq!(fired.len(), 9);
        assert_eq!(fired[0], (0, 10));
    }
}

#[cfg(test)]
mod kind_tests {
    use super::*;
    use crate::priority::{HeapEvent, HeapOp};
    use crate::probe::Event;

    #[test]
    fn every_event_has_a_named_kind() {
        let events = [
            WheelEvent::Begin(WheelOp::Add),
            WheelEvent::Beyond { timer: 0, level: 0 },
            WheelEvent::Place {
                timer: 0,
                level: 0,
                slot: 0,
            },
            WheelEvent::Overflow { level: 0 },
            WheelEvent::Insert {
                timer: 0,
                level: 0,
                slot: 0,
            },
            WheelEvent::Unlink {
                timer: 0,
                level: 0,
                slot: 0,
            },
            WheelEvent::Flush { level: 0, slot: 0 },
            WheelEvent::Cascade {
                timer: 0,
                from: 1,
                to: 0,
            },
            WheelEvent::Fire { timer: 0, time: 0 },
            WheelEvent::Tick { level: 0, time: 0 },
            WheelEvent::Queue(HeapEvent::Begin(HeapOp::Poll)),
            WheelEvent::QueueLine(0),
        ];
        for e in events {
            assert!(e.kind() < WheelEvent::KINDS.len(), "{e:?}");
        }
        assert_eq!(WheelEvent::KINDS[kind::BEYOND].name, "beyond");
        assert_eq!(WheelEvent::KINDS[kind::Q_EQUALS].name, "q-equals");
    }
}
