//! Kafka's timer tests in server-common (`server-common/src/test/java/org/apache/kafka/server/util/
//! timer/`), apache/kafka: `TimerTest` @ 2e5fb879, `TimingWheelTest` @ 088b333e,
//! `TimerTaskListTest` @ 6d8f061e; against the lab's `SystemTimer` (Kafka's wheel with its
//! `TimerTaskList` buckets and the bucket delay queue).
//!
//! The lab's timer runs on the script's virtual clock and has one public face, `SystemTimer`:
//! `add` (a task due `delay` ms from now; one the wheel finds expired against its own clock runs
//! at once, as `SystemTimer` hands it to its executor; any other goes into a bucket, which is only
//! offered), `cancel`, and `advance(t)` (Kafka's `advanceClock`: poll every bucket due by `t`,
//! flush it, re-add its tasks). `TimingWheel` and `TimerTaskList` are reached through it. A
//! straight port of Kafka's classes, the wheel tests' oracle, is `kafka_oracle.rs` beside this file.
//! A task "runs" when the timer calls the `fire` function with its id and the wheel's time.
//!
//! These ports check public behaviour (a task runs at or after its expiration and once, a
//! cancelled one never, the counts), so they hold whether the wheel's clock follows `advance`'s
//! target or only the expirations of the buckets it polls. Those that read the wheel's clock
//! (`levels()[k].current_time`) say so.

use crate::probe::NoProbe;
use crate::wheel::{SystemTimer, TimerHandle};

fn timer(start: u64, tick: u64, wheel_size: usize) -> SystemTimer {
    SystemTimer::with_probe(start, tick, wheel_size, NoProbe)
}

/// TimerTest.testAlreadyExpiredTask (apache/kafka @ 2e5fb879): `new SystemTimer("test", 1, 3,
/// now)`; five tasks with delays −5 … −1 run at once, and `advanceClock(0)` changes nothing. The
/// lab's delays are unsigned (a script's `add ID DELAY` takes DELAY ≥ 0), so the tasks here are
/// due now (delay 0): already expired as far as the wheel is concerned (expiration < currentTime +
/// tickMs), which is the case the original's negative delays exercise.
#[test]
fn test_already_expired_task() {
    let start = 1_000_000;
    let mut t = timer(start, 1, 3);
    let mut output: Vec<(u32, u64)> = Vec::new();
    for id in 0..5 {
        t.add(id, 0, &mut |id, at| output.push((id, at)));
    }
    t.advance(t.now(), &mut |id, at| output.push((id, at)));
    let mut ids: Vec<u32> = output.iter().map(|&(id, _)| id).collect();
    ids.sort();
    assert_eq!(ids, vec![0, 1, 2, 3, 4], "output of already expired tasks");
    assert!(output.iter().all(|&(_, at)| at >= start));
    assert_eq!(t.size(), 0);
}

/// TimerTest.testTaskExpiration (apache/kafka @ 2e5fb879): tick 1 ms, wheel size 3 (so most tasks
/// start on an overflow wheel and cascade down); delays 0–4 once, 10–99 twice, 100–499 once, all
/// added, then `while (timer.advanceClock(2000)) {}`: every task runs, each once. Here the clock
/// is advanced 2,000 ms at a time while any bucket is queued; each task must run at or after its
/// expiration.
#[test]
fn test_task_expiration() {
    let start = 5_000;
    let mut t = timer(start, 1, 3);
    let mut delays: Vec<u64> = (0..5).collect();
    for i in 10..100 {
        delays.push(i);
        delays.push(i);
    }
    delays.extend(100..500);
    let mut output: Vec<(u32, u64)> = Vec::new();
    let handles: Vec<TimerHandle> = delays
        .iter()
        .enumerate()
        .map(|(id, &d)| t.add(id as u32, d, &mut |id, at| output.push((id, at))))
        .collect();
    let mut now = start;
    while t.next_expiration().is_some() {
        now += 2000;
        t.advance(now, &mut |id, at| output.push((id, at)));
    }
    let mut fired: Vec<u32> = output.iter().map(|&(id, _)| id).collect();
    fired.sort();
    assert_eq!(
        fired,
        (0..delays.len() as u32).collect::<Vec<_>>(),
        "output should match"
    );
    for &(id, at) in &output {
        assert!(
            at >= t.expiration(handles[id as usize]),
            "task {id} (delay {}) ran at {at}, before its expiration",
            delays[id as usize]
        );
    }
    assert_eq!(t.size(), 0);
}

/// TimingWheelTest (apache/kafka @ 088b333e) sets up `new TimingWheel(tickMs = 10, wheelSize = 5,
/// startMs = 1000, taskCounter, queue)`.
fn wheel() -> SystemTimer {
    timer(1000, 10, 5)
}

fn nothing(id: u32, at: u64) {
    panic!("task {id} ran at {at}");
}

/// TimingWheelTest.testAddValidTask (apache/kafka @ 088b333e): a task due at 1020 is taken by the
/// wheel; the delay queue holds its bucket and the task counter is 1.
#[test]
fn test_add_valid_task() {
    let mut t = wheel();
    t.add(1, 20, &mut nothing);
    assert!(t.queued_buckets() > 0);
    assert_eq!(t.size(), 1);
}

/// TimingWheelTest.testAddTaskInCurrentBucket (apache/kafka @ 088b333e): due at 1005, within the
/// current tick: `add` returns false (already expired), so `SystemTimer` runs it at once.
#[test]
fn test_add_task_in_current_bucket() {
    let mut t = wheel();
    let mut ran = Vec::new();
    t.add(1, 5, &mut |id, at| ran.push((id, at)));
    assert_eq!(ran, vec![(1, 1000)]);
    assert_eq!(t.size(), 0);
    assert_eq!(t.queued_buckets(), 0);
}

/// TimingWheelTest.testAdvanceClockWithinTick (apache/kafka @ 088b333e): advancing to 1005 leaves
/// the clock at 1000. Reads the wheel's clock; holds under either clock model (no bucket is due,
/// and 1005 is within the tick).
#[test]
fn test_advance_clock_within_tick() {
    let mut t = wheel();
    t.advance(1005, &mut nothing);
    assert_eq!(t.levels()[0].current_time, 1000);
}

/// TimingWheelTest.testAdvanceClockToNextTick (apache/kafka @ 088b333e): `advanceClock(1010)`
/// moves the clock to 1010. `TimingWheel.advanceClock` is package-private, and `SystemTimer`
/// calls it with the expiration of a bucket it polled; so here a task is due at 1010, and advancing
/// to 1010 polls its bucket. Reads the wheel's clock; holds under either clock model because a
/// bucket of 1010 is polled.
#[test]
fn test_advance_clock_to_next_tick() {
    let mut t = wheel();
    let mut ran = Vec::new();
    t.add(1, 10, &mut nothing);
    t.advance(1010, &mut |id, at| ran.push((id, at)));
    assert_eq!(t.levels()[0].current_time, 1010);
    assert_eq!(ran, vec![(1, 1010)]);
}

/// TimingWheelTest.testOverflowWheelCreation (apache/kafka @ 088b333e): no overflow wheel at
/// first; a task due past the wheel's interval (50 ms) creates it; a second such task uses the same
/// one.
#[test]
fn test_overflow_wheel_creation() {
    let mut t = wheel();
    assert_eq!(t.levels().len(), 1, "no overflow wheel initially");
    let (tick, interval) = (10, 50);
    t.add(1, interval + tick, &mut nothing);
    assert_eq!(t.levels().len(), 2, "overflow wheel created");
    t.add(2, interval + tick + 1, &mut nothing);
    assert_eq!(t.levels().len(), 2, "the same overflow wheel");
    assert_eq!(t.size(), 2);
}

/// TimingWheelTest.testAdvanceClockWithOverflowWheel (apache/kafka @ 088b333e): with an overflow
/// wheel (a task due at 1060), advancing to 1060 moves the wheel to 1060 and the overflow wheel
/// (tick 50) to 1050. The original calls the wheel's `advanceClock(1060)` directly; here advancing
/// the timer to 1060 polls the overflow bucket (1050), re-adds the task to the wheel, and polls its
/// bucket (1060), which moves the clocks there. Reads the wheels' clocks; holds under either clock
/// model. The task runs at 1060.
#[test]
fn test_advance_clock_with_overflow_wheel() {
    let mut t = wheel();
    t.add(1, 60, &mut nothing);
    assert_eq!(t.levels().len(), 2);
    let mut ran = Vec::new();
    t.advance(1060, &mut |id, at| ran.push((id, at)));
    assert_eq!(t.levels()[0].current_time, 1060, "main wheel clock");
    assert_eq!(t.levels()[1].current_time, 1050, "overflow wheel clock");
    assert_eq!(ran, vec![(1, 1060)]);
}

/// TimerTaskListTest.testAll (apache/kafka @ 6d8f061e), its adds and cancels: ten tasks with the
/// same expiration go into one list, the shared task counter counting each; cancelling every task
/// in the list empties it. (Its middle part re-adds tasks to other lists by making new entries for
/// them, which the lab's timer does not do: a task is added once, by `add`.)
#[test]
fn test_all() {
    let mut t = SystemTimer::new(0);
    let mut tasks = Vec::new();
    for i in 1..=10 {
        tasks.push(t.add(i, 10, &mut nothing));
        assert_eq!(t.size(), i as usize);
    }
    assert_eq!(t.bucket_ids(0, 10).len(), 10);
    for &task in &tasks {
        assert!(t.cancel(task));
    }
    assert!(t.bucket_ids(0, 10).is_empty());
    assert_eq!(t.size(), 0);
    // A cancelled task stays cancelled: advancing past its expiration runs nothing.
    t.advance(100, &mut nothing);
}

/// TimerTaskListTest.testGetDelay (apache/kafka @ 6d8f061e): a list expiring 10,000 ms from now,
/// 5,000 ms later, has 5 s to go. The lab's bucket delay queue has no `getDelay`: the delay is
/// the earliest bucket's expiration less the timer's clock (`now()`, the time `advance` last went
/// to), so this one depends on `now()` being the clock `advance` moves. A wheel of 20 ticks of
/// 1,000 ms puts the task's bucket at exactly 10,000.
#[test]
fn test_get_delay() {
    let mut t = timer(0, 1000, 20);
    t.add(1, 10_000, &mut nothing);
    t.advance(5_000, &mut nothing);
    let delay_ms = t.next_expiration().unwrap() - t.now();
    assert_eq!(delay_ms / 1000, 5);
}
