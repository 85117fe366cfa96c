//! `java.util.concurrent.ArrayBlockingQueue` (JDK 17), step by step: a circular array with
//! `takeIndex`, `putIndex` and `count`, every operation under one `ReentrantLock`.
//!
//! Fidelity notes: `offer` and `poll` are the untimed, non-blocking ones (a full queue rejects,
//! an empty one returns null), so the conditions `notEmpty`/`notFull` never have waiters and
//! their `signal()` does nothing; the lock is not fair, and a thread that finds it held waits
//! (one step per look, counted) until the owner releases it. Inside the lock each field access
//! is still a step, so the player can show a second thread blocked while the owner works.

use crate::probe::{NoProbe, Probe};
use crate::queue::{Field, Outcome, QueueEvent, QueueOp, StepQueue, NULL};
use crate::reference::Ref;
use crate::sync;

pseudocode! {
    OFFER_LOCK => "offer(e): lock.lock()",
    OFFER_FULL => "  try: if count = items.length: return false   // full: nothing changes",
    OFFER_STORE => "  items[putIndex] ← e",
    OFFER_PUT_INDEX => "  if ++putIndex = items.length: putIndex ← 0",
    OFFER_COUNT => "  count ← count + 1; notEmpty.signal(); return true",
    OFFER_UNLOCK => "  finally: lock.unlock()   // before either return completes",
    POLL_LOCK => "poll(): lock.lock()",
    POLL_EMPTY => "  try: if count = 0: return null",
    POLL_TAKE => "  x ← items[takeIndex]; items[takeIndex] ← null",
    POLL_TAKE_INDEX => "  if ++takeIndex = items.length: takeIndex ← 0",
    POLL_COUNT => "  count ← count − 1; notFull.signal(); return x",
    POLL_UNLOCK => "  finally: lock.unlock()   // before either return completes",
    SIZE => "size(): lock.lock(); n ← count; lock.unlock(); return n   // O(1)",
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Pc {
    #[default]
    Idle,
    Lock,
    ReadCount,
    StoreSlot,
    ReadSlot,
    ClearSlot,
    StorePut,
    StoreTake,
    StoreCount,
    Unlock,
    Return,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct AbqRegs {
    pc: Pc,
    pub op: Option<QueueOp>,
    count: u32,
    x: Option<u32>,
    outcome: Option<Outcome>,
}

pub struct ArrayQueue<P: Probe<QueueEvent> = NoProbe> {
    /// One word a slot, as the JDK's `Object[]` of compressed references.
    pub items: Vec<Ref>,
    pub take_index: u32,
    pub put_index: u32,
    pub count: u32,
    /// The lock's word (`AbstractQueuedSynchronizer.state`): 1 while held.
    state: u32,
    /// The thread holding the lock (`exclusiveOwnerThread`, a plain field as in the JDK).
    pub owner: Option<usize>,
    pub probe: P,
}

impl ArrayQueue<NoProbe> {
    /// Panics on capacity 0, as the JDK throws `IllegalArgumentException`; scripts check first.
    pub fn new(capacity: usize) -> Self {
        Self::with_probe(capacity, NoProbe)
    }
}

impl<P: Probe<QueueEvent>> ArrayQueue<P> {
    pub fn with_probe(capacity: usize, probe: P) -> Self {
        assert!(
            capacity >= 1,
            "ArrayBlockingQueue needs a capacity of at least 1"
        );
        Self {
            items: vec![Ref::NULL; capacity],
            take_index: 0,
            put_index: 0,
            count: 0,
            state: 0,
            owner: None,
            probe,
        }
    }

    pub fn capacity(&self) -> usize {
        self.items.len()
    }

    fn event(&mut self, e: QueueEvent) {
        probe!(self.probe.event(e));
    }

    /// `ReentrantLock.lock()`: the state, then the owner.
    #[inline(always)]
    fn try_lock(&mut self, th: usize) -> bool {
        let ok = sync::try_lock(&mut self.state);
        if ok {
            self.owner = Some(th);
        }
        ok
    }

    /// `unlock()`: the owner is cleared, then the state given back.
    #[inline(always)]
    fn unlock(&mut self) {
        self.owner = None;
        sync::unlock(&mut self.state);
    }

    fn wrap(&self, i: u32) -> u32 {
        if i as usize + 1 == self.items.len() {
            0
        } else {
            i + 1
        }
    }

    // One shared access each, with its event: the steps and the whole calls are made of these.

    #[inline(always)]
    fn read_count(&mut self, th: usize) -> u32 {
        let count = self.count;
        self.event(QueueEvent::Load {
            thread: th,
            field: Field::Count,
            value: i64::from(count),
        });
        count
    }

    #[inline(always)]
    fn write_count(&mut self, th: usize, count: u32) {
        self.count = count;
        self.event(QueueEvent::Store {
            thread: th,
            field: Field::Count,
            value: i64::from(count),
            ordered: false,
        });
    }

    /// `items[at] ← v`, a plain store.
    #[inline(always)]
    fn write_slot(&mut self, th: usize, at: u32, v: Option<u32>) {
        self.items[at as usize] = v.map_or(Ref::NULL, Ref::of);
        self.event(QueueEvent::Store {
            thread: th,
            field: Field::Slot(at),
            value: v.map_or(NULL, i64::from),
            ordered: false,
        });
    }

    #[inline(always)]
    fn read_slot(&mut self, th: usize, at: u32) -> Option<u32> {
        let x = self.items[at as usize].get();
        self.event(QueueEvent::Load {
            thread: th,
            field: Field::Slot(at),
            value: x.map_or(NULL, i64::from),
        });
        x
    }

    /// `if ++putIndex = items.length: putIndex ← 0`.
    #[inline(always)]
    fn advance_put(&mut self, th: usize) {
        self.put_index = self.wrap(self.put_index);
        let value = i64::from(self.put_index);
        self.event(QueueEvent::Store {
            thread: th,
            field: Field::PutIndex,
            value,
            ordered: false,
        });
    }

    /// `if ++takeIndex = items.length: takeIndex ← 0`.
    #[inline(always)]
    fn advance_take(&mut self, th: usize) {
        self.take_index = self.wrap(self.take_index);
        let value = i64::from(self.take_index);
        self.event(QueueEvent::Store {
            thread: th,
            field: Field::TakeIndex,
            value,
            ordered: false,
        });
    }
}

impl<P: Probe<QueueEvent>> StepQueue for ArrayQueue<P> {
    type Regs = AbqRegs;

    fn begin(&mut self, thread: usize, r: &mut AbqRegs, op: QueueOp) {
        *r = AbqRegs {
            op: Some(op),
            pc: Pc::Lock,
            ..AbqRegs::default()
        };
        self.event(QueueEvent::Begin { thread, op });
    }

    fn step(&mut self, th: usize, r: &mut AbqRegs) -> Option<Outcome> {
        let op = r.op?;
        match r.pc {
            Pc::Idle => return None,
            Pc::Lock => {
                let ok = self.try_lock(th);
                if ok {
                    r.pc = Pc::ReadCount;
                }
                self.event(QueueEvent::Lock { thread: th, ok });
            }
            Pc::ReadCount => {
                r.count = self.read_count(th);
                r.pc = match op {
                    QueueOp::Offer(_) if r.count as usize == self.items.len() => {
                        r.outcome = Some(Outcome::Offered(false));
                        Pc::Unlock
                    }
                    QueueOp::Offer(_) => Pc::StoreSlot,
                    QueueOp::Poll if r.count == 0 => {
                        r.outcome = Some(Outcome::Polled(None));
                        Pc::Unlock
                    }
                    QueueOp::Poll => Pc::ReadSlot,
                    QueueOp::Size => {
                        r.outcome = Some(Outcome::Size(u64::from(r.count)));
                        Pc::Unlock
                    }
                };
            }
            Pc::StoreSlot => {
                let QueueOp::Offer(v) = op else {
                    unreachable!()
                };
                self.write_slot(th, self.put_index, Some(v));
                r.pc = Pc::StorePut;
            }
            Pc::StorePut => {
                self.advance_put(th);
                r.pc = Pc::StoreCount;
            }
            Pc::ReadSlot => {
                r.x = self.read_slot(th, self.take_index);
                r.pc = Pc::ClearSlot;
            }
            Pc::ClearSlot => {
                self.write_slot(th, self.take_index, None);
                r.pc = Pc::StoreTake;
            }
            Pc::StoreTake => {
                self.advance_take(th);
                r.pc = Pc::StoreCount;
            }
            Pc::StoreCount => {
                let count = match op {
                    QueueOp::Offer(_) => r.count + 1,
                    _ => r.count - 1,
                };
                self.write_count(th, count);
                r.outcome = Some(match op {
                    QueueOp::Offer(_) => Outcome::Offered(true),
                    _ => Outcome::Polled(r.x),
                });
                r.pc = Pc::Unlock;
            }
            Pc::Unlock => {
                debug_assert_eq!(self.owner, Some(th));
                self.unlock();
                self.event(QueueEvent::Unlock { thread: th });
                r.pc = Pc::Return;
            }
            Pc::Return => {
                let outcome = r.outcome.expect("an operation returns what it set");
                self.event(QueueEvent::Done {
                    thread: th,
                    outcome,
                });
                r.pc = Pc::Idle;
                return Some(outcome);
            }
        }
        None
    }

    #[inline(always)]
    fn call(&mut self, op: QueueOp) -> Outcome {
        const TH: usize = 0;
        self.event(QueueEvent::Begin { thread: TH, op });
        // Alone, the lock is free: no other thread is inside an operation.
        let free = self.try_lock(TH);
        debug_assert!(free);
        self.event(QueueEvent::Lock {
            thread: TH,
            ok: true,
        });
        let count = self.read_count(TH);
        let outcome = match op {
            QueueOp::Offer(_) if count as usize == self.items.len() => Outcome::Offered(false),
            QueueOp::Offer(v) => {
                self.write_slot(TH, self.put_index, Some(v));
                self.advance_put(TH);
                self.write_count(TH, count + 1);
                Outcome::Offered(true)
            }
            QueueOp::Poll if count == 0 => Outcome::Polled(None),
            QueueOp::Poll => {
                let x = self.read_slot(TH, self.take_index);
                self.write_slot(TH, self.take_index, None);
                self.advance_take(TH);
                self.write_count(TH, count - 1);
                Outcome::Polled(x)
            }
            QueueOp::Size => Outcome::Size(u64::from(count)),
        };
        self.unlock();
        self.event(QueueEvent::Unlock { thread: TH });
        self.event(QueueEvent::Done {
            thread: TH,
            outcome,
        });
        outcome
    }

    fn call_line(&self, op: QueueOp) -> u8 {
        match op {
            QueueOp::Offer(_) => line::OFFER_LOCK,
            QueueOp::Poll => line::POLL_LOCK,
            QueueOp::Size => line::SIZE,
        }
    }

    fn line(&self, r: &AbqRegs) -> u8 {
        let offer = matches!(r.op, Some(QueueOp::Offer(_)));
        let poll = r.op == Some(QueueOp::Poll);
        if !offer && !poll {
            return line::SIZE;
        }
        let (lock, check, unlock) = if offer {
            (line::OFFER_LOCK, line::OFFER_FULL, line::OFFER_UNLOCK)
        } else {
            (line::POLL_LOCK, line::POLL_EMPTY, line::POLL_UNLOCK)
        };
        match r.pc {
            Pc::Idle | Pc::Lock => lock,
            Pc::ReadCount => check,
            Pc::StoreSlot => line::OFFER_STORE,
            Pc::StorePut => line::OFFER_PUT_INDEX,
            Pc::ReadSlot | Pc::ClearSlot => line::POLL_TAKE,
            Pc::StoreTake => line::POLL_TAKE_INDEX,
            Pc::StoreCount if offer => line::OFFER_COUNT,
            Pc::StoreCount => line::POLL_COUNT,
            Pc::Unlock => unlock,
            // The method returns what its `return` chose: that line, not the `finally`.
            Pc::Return => match r.outcome {
                Some(Outcome::Offered(false) | Outcome::Polled(None)) => check,
                _ if offer => line::OFFER_COUNT,
                _ => line::POLL_COUNT,
            },
        }
    }

    fn contents(&self) -> Vec<u32> {
        let cap = self.items.len();
        (0..self.count as usize)
            .filter_map(|i| self.items[(self.take_index as usize + i) % cap].get())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_rejects_and_changes_nothing() {
        let mut q = ArrayQueue::new(3);
        assert!(q.offer(1) && q.offer(2) && q.offer(3));
        assert!(!q.offer(4));
        assert_eq!(
            (q.take_index, q.put_index, q.count),
            (0, 0, 3),
            "full: the indices coincide"
        );
        assert_eq!(q.poll(), Some(1));
        assert!(q.offer(4));
        assert_eq!(q.contents(), vec![2, 3, 4]);
        assert_eq!(q.items, [4, 2, 3].map(Ref::of), "the ring wrapped");
        assert_eq!(q.size(), 3);
    }

    /// Issue 48, item 8: a rejected offer unlocks in `finally` and returns on the line that
    /// says `return false`; no line it is shown on says it returns true.
    #[test]
    fn a_rejected_offer_is_shown_returning_false() {
        let mut q = ArrayQueue::new(1);
        assert!(q.offer(1));
        let mut r = AbqRegs::default();
        q.begin(0, &mut r, QueueOp::Offer(5));
        let mut shown = vec![q.line(&r)];
        let outcome = loop {
            let done = q.step(0, &mut r);
            shown.push(q.line(&r));
            if let Some(o) = done {
                break o;
            }
        };
        assert_eq!(outcome, Outcome::Offered(false));
        shown.pop(); // idle again after returning
        assert_eq!(
            shown,
            [
                line::OFFER_LOCK,
                line::OFFER_FULL,
                line::OFFER_UNLOCK,
                line::OFFER_FULL
            ]
        );
        for l in shown {
            assert!(
                !PSEUDOCODE[l as usize].contains("return true"),
                "{}",
                PSEUDOCODE[l as usize]
            );
        }
        assert!(PSEUDOCODE[line::OFFER_FULL as usize].contains("return false"));
    }

    #[test]
    fn a_second_thread_waits_for_the_lock() {
        let mut q = ArrayQueue::with_probe(2, crate::probe::Counter::new());
        let (mut a, mut b) = (AbqRegs::default(), AbqRegs::default());
        q.begin(0, &mut a, QueueOp::Offer(7));
        q.begin(1, &mut b, QueueOp::Poll);
        q.step(0, &mut a); // takes the lock
        q.step(1, &mut b);
        q.step(1, &mut b);
        assert_eq!(q.probe.total_of(crate::queue::kind::LOCK_WAIT), 2);
        while q.step(0, &mut a).is_none() {}
        let polled = loop {
            if let Some(o) = q.step(1, &mut b) {
                break o;
            }
        };
        assert_eq!(polled, Outcome::Polled(Some(7)));
    }
}
