//! JCTools 4.0.5's `SpscArrayQueue` and `MpscArrayQueue`, step by step: a power-of-two ring of
//! slots indexed by two unbounded counters, `producerIndex` and `consumerIndex`, masked into the
//! array, and a producer-side `producerLimit` that spares the producer most reads of the other
//! side's index.
//!
//! What differs between the two is who may call what and in which order a step publishes:
//! - SPSC: one producer, one consumer. The producer looks ahead `min(capacity/4, 4096)` slots: if
//!   that slot is empty, every slot before it is too, so it may fill them without looking again.
//!   It stores the element, then the index. The consumer treats a null slot as "empty".
//! - MPSC: producers claim a slot by CASing `producerIndex`, refreshing the cached limit from
//!   `consumerIndex` only when they reach it; the index is published before the element, so the
//!   one consumer can find a claimed slot still empty and must spin on it.
//!
//! Fidelity notes: the shared `size()` loop of `ConcurrentCircularArrayQueue` (O(1): re-read the
//! consumer index until it is stable around a read of the producer index); the JDK's `null`
//! element check is the script's (elements are numbers). Ordered stores are marked as such.

use crate::probe::{NoProbe, Probe};
use crate::queue::{Field, Outcome, QueueEvent, QueueOp, StepQueue, NULL};
use crate::sync;

mod access;
mod whole;

/// A slot's `null`.
pub const EMPTY: u32 = u32::MAX;

fn element(slot: u32) -> Option<u32> {
    (slot != EMPTY).then_some(slot)
}

/// JCTools' default `jctools.spsc.max.lookahead.step`.
pub const MAX_LOOK_AHEAD_STEP: u64 = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RingKind {
    Spsc,
    Mpsc,
}

/// `Pow2.roundToPowerOfTwo`, with SPSC's minimum of 4 (0 and 1 give 1 for MPSC, as in Java).
pub fn ring_capacity(kind: RingKind, requested: usize) -> usize {
    let r = match kind {
        RingKind::Spsc => requested.max(4),
        RingKind::Mpsc => requested.max(1),
    };
    r.next_power_of_two()
}

/// Both listings' lines by name (SPSC_…, MPSC_…), each an index into its own listing.
pub mod line {
    pub use super::mpsc_line::*;
    pub use super::spsc_line::*;
}

/// Shared by both listings, last in each.
const SIZE_LINE: &str =
    "size(): after ← consumerIndex; do { before ← after; p ← producerIndex; after ← consumerIndex } while before ≠ after";

pseudocode! {
    mod spsc_line, const SPSC_PSEUDOCODE;
    SPSC_OFFER => "offer(e): p ← producerIndex",
    SPSC_OFFER_LIMIT => "  if p ≥ producerLimit:   // slow path",
    SPSC_OFFER_LOOK_AHEAD => "    if buffer[(p + step) & mask] = null: producerLimit ← p + step   // look ahead",
    SPSC_OFFER_FULL => "    elif buffer[p & mask] ≠ null: return false   // full",
    SPSC_OFFER_STORE => "  buffer[p & mask] ← e   // ordered: the element first…",
    SPSC_OFFER_PUBLISH => "  producerIndex ← p + 1   // …then the index (ordered); return true",
    SPSC_POLL => "poll(): c ← consumerIndex",
    SPSC_POLL_SLOT => "  e ← buffer[c & mask]; if e = null: return null   // the slot is the signal",
    SPSC_POLL_CLEAR => "  buffer[c & mask] ← null   // ordered",
    SPSC_POLL_PUBLISH => "  consumerIndex ← c + 1   // ordered; return e",
    SPSC_SIZE => SIZE_LINE,
}

pseudocode! {
    mod mpsc_line, const MPSC_PSEUDOCODE;
    MPSC_OFFER => "offer(e): limit ← producerLimit",
    MPSC_OFFER_INDEX => "  loop: p ← producerIndex",
    MPSC_OFFER_REFRESH => "    if p ≥ limit: c ← consumerIndex; limit ← c + capacity",
    MPSC_OFFER_FULL => "      if p ≥ limit: return false   // full",
    MPSC_OFFER_CACHE => "      producerLimit ← limit   // ordered: a racy, benign cache",
    MPSC_OFFER_CAS => "  while not CAS(producerIndex, p → p + 1)   // claim slot p",
    MPSC_OFFER_STORE => "  buffer[p & mask] ← e   // ordered: the index was published first; return true",
    MPSC_POLL => "poll(): c ← consumerIndex; e ← buffer[c & mask]",
    MPSC_POLL_EMPTY => "  if e = null: if c = producerIndex: return null   // empty",
    MPSC_POLL_SPIN => "    else do e ← buffer[c & mask] while e = null   // claimed, not yet written: spin",
    MPSC_POLL_CLEAR => "  buffer[c & mask] ← null   // plain",
    MPSC_POLL_PUBLISH => "  consumerIndex ← c + 1   // ordered; return e",
    MPSC_SIZE => SIZE_LINE,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Pc {
    #[default]
    Idle,
    // SPSC offer
    SpReadIndex,
    SpReadLimit,
    SpLookAhead,
    SpCheckFull,
    SpSetLimit,
    SpStore,
    SpPublish,
    // MPSC offer
    MpReadLimit,
    MpReadIndex,
    MpReadConsumer,
    MpCacheLimit,
    MpCas,
    MpStore,
    // polls
    PollReadIndex,
    PollReadSlot,
    PollCheckProducer,
    PollSpin,
    PollClear,
    PollPublish,
    // size
    SizeFirst,
    SizeProducer,
    SizeConsumer,
    Return,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct RingRegs {
    pc: Pc,
    pub op: Option<QueueOp>,
    pub p: u64,
    pub c: u64,
    limit: u64,
    e: Option<u32>,
    before: u64,
    after: u64,
    outcome: Option<Outcome>,
}

pub struct RingQueue<P: Probe<QueueEvent> = NoProbe> {
    pub kind: RingKind,
    /// The slots, 4 bytes each as a compressed reference is; `EMPTY` is `null`.
    pub buffer: Vec<u32>,
    pub mask: u64,
    pub producer_index: u64,
    pub consumer_index: u64,
    pub producer_limit: u64,
    /// SPSC's look-ahead step (0 for MPSC).
    pub look_ahead_step: u64,
    pub probe: P,
}

impl RingQueue<NoProbe> {
    pub fn new(kind: RingKind, requested: usize) -> Self {
        Self::with_probe(kind, requested, NoProbe)
    }
}

fn v(x: u64) -> i64 {
    x as i64
}

impl<P: Probe<QueueEvent>> RingQueue<P> {
    pub fn with_probe(kind: RingKind, requested: usize, probe: P) -> Self {
        let capacity = ring_capacity(kind, requested);
        let (limit, step) = match kind {
            RingKind::Spsc => (0, (capacity as u64 / 4).min(MAX_LOOK_AHEAD_STEP)),
            // The requested capacity, not the rounded one: JCTools' own quirk.
            RingKind::Mpsc => (requested as u64, 0),
        };
        Self {
            kind,
            buffer: vec![EMPTY; capacity],
            mask: capacity as u64 - 1,
            producer_index: 0,
            consumer_index: 0,
            producer_limit: limit,
            look_ahead_step: step,
            probe,
        }
    }

    pub fn capacity(&self) -> usize {
        self.buffer.len()
    }

    fn event(&mut self, e: QueueEvent) {
        probe!(self.probe.event(e));
    }
}

impl<P: Probe<QueueEvent>> StepQueue for RingQueue<P> {
    type Regs = RingRegs;

    fn begin(&mut self, thread: usize, r: &mut RingRegs, op: QueueOp) {
        *r = RingRegs {
            op: Some(op),
            ..RingRegs::default()
        };
        r.pc = match (op, self.kind) {
            (QueueOp::Offer(_), RingKind::Spsc) => Pc::SpReadIndex,
            (QueueOp::Offer(_), RingKind::Mpsc) => Pc::MpReadLimit,
            (QueueOp::Poll, _) => Pc::PollReadIndex,
            (QueueOp::Size, _) => Pc::SizeFirst,
        };
        self.event(QueueEvent::Begin { thread, op });
    }

    fn step(&mut self, th: usize, r: &mut RingRegs) -> Option<Outcome> {
        let cap = self.capacity() as u64;
        let element = match r.op {
            Some(QueueOp::Offer(e)) => Some(e),
            _ => None,
        };
        match r.pc {
            Pc::Idle => return None,
            Pc::SpReadIndex => {
                r.p = self.load_plain(th, Field::ProducerIndex);
                r.pc = Pc::SpReadLimit;
            }
            Pc::SpReadLimit => {
                r.limit = self.load_plain(th, Field::ProducerLimit);
                r.pc = if r.p >= r.limit {
                    Pc::SpLookAhead
                } else {
                    Pc::SpStore
                };
            }
            Pc::SpLookAhead => {
                let ahead = self.load_slot(th, r.p + self.look_ahead_step);
                r.pc = if ahead.is_none() {
                    Pc::SpSetLimit
                } else {
                    Pc::SpCheckFull
                };
            }
            Pc::SpSetLimit => {
                self.set_limit_plain(th, r.p + self.look_ahead_step);
                r.pc = Pc::SpStore;
            }
            Pc::SpCheckFull => {
                if self.load_slot(th, r.p).is_some() {
                    r.outcome = Some(Outcome::Offered(false));
                    r.pc = Pc::Return;
                } else {
                    r.pc = Pc::SpStore;
                }
            }
            Pc::SpStore | Pc::MpStore => {
                self.store_slot(th, r.p, element, true);
                if r.pc == Pc::SpStore {
                    r.pc = Pc::SpPublish;
                } else {
                    r.outcome = Some(Outcome::Offered(true));
                    r.pc = Pc::Return;
                }
            }
            Pc::SpPublish => {
                self.store(th, Field::ProducerIndex, r.p + 1);
                r.outcome = Some(Outcome::Offered(true));
                r.pc = Pc::Return;
            }
            Pc::MpReadLimit => {
                r.limit = self.load(th, Field::ProducerLimit);
                r.pc = Pc::MpReadIndex;
            }
            Pc::MpReadIndex => {
                r.p = self.load(th, Field::ProducerIndex);
                r.pc = if r.p >= r.limit {
                    Pc::MpReadConsumer
                } else {
                    Pc::MpCas
                };
            }
            Pc::MpReadConsumer => {
                r.c = self.load(th, Field::ConsumerIndex);
                r.limit = r.c + cap;
                if r.p >= r.limit {
                    r.outcome = Some(Outcome::Offered(false));
                    r.pc = Pc::Return;
                } else {
                    r.pc = Pc::MpCacheLimit;
                }
            }
            Pc::MpCacheLimit => {
                self.store(th, Field::ProducerLimit, r.limit);
                r.pc = Pc::MpCas;
            }
            Pc::MpCas => {
                let ok = self.cas_producer_index(th, r.p);
                r.pc = if ok { Pc::MpStore } else { Pc::MpReadIndex };
            }
            Pc::PollReadIndex => {
                r.c = self.load_plain(th, Field::ConsumerIndex);
                r.pc = Pc::PollReadSlot;
            }
            Pc::PollReadSlot => {
                r.e = self.load_slot(th, r.c);
                r.pc = match (r.e, self.kind) {
                    (Some(_), _) => Pc::PollClear,
                    (None, RingKind::Spsc) => {
                        r.outcome = Some(Outcome::Polled(None));
                        Pc::Return
                    }
                    (None, RingKind::Mpsc) => Pc::PollCheckProducer,
                };
            }
            Pc::PollCheckProducer => {
                let p = self.load(th, Field::ProducerIndex);
                if p == r.c {
                    r.outcome = Some(Outcome::Polled(None));
                    r.pc = Pc::Return;
                } else {
                    r.pc = Pc::PollSpin;
                }
            }
            Pc::PollSpin => {
                r.e = self.spin_on_slot(th, r.c);
                if r.e.is_some() {
                    r.pc = Pc::PollClear;
                }
            }
            Pc::PollClear => {
                self.store_slot(th, r.c, None, self.kind == RingKind::Spsc);
                r.pc = Pc::PollPublish;
            }
            Pc::PollPublish => {
                self.store(th, Field::ConsumerIndex, r.c + 1);
                r.outcome = Some(Outcome::Polled(r.e));
                r.pc = Pc::Return;
            }
            Pc::SizeFirst => {
                r.after = self.load(th, Field::ConsumerIndex);
                r.pc = Pc::SizeProducer;
            }
            Pc::SizeProducer => {
                r.before = r.after;
                r.p = self.load(th, Field::ProducerIndex);
                r.pc = Pc::SizeConsumer;
            }
            Pc::SizeConsumer => {
                r.after = self.load(th, Field::ConsumerIndex);
                if r.before == r.after {
                    let size = r.p.saturating_sub(r.after).min(cap);
                    r.outcome = Some(Outcome::Size(size));
                    r.pc = Pc::Return;
                } else {
                    r.pc = Pc::SizeProducer;
                }
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
        let outcome = match (op, self.kind) {
            (QueueOp::Offer(e), RingKind::Spsc) => self.spsc_offer(TH, e),
            (QueueOp::Offer(e), RingKind::Mpsc) => self.mpsc_offer(TH, e),
            (QueueOp::Poll, _) => self.poll_alone(TH),
            (QueueOp::Size, _) => self.size_alone(TH),
        };
        self.event(QueueEvent::Done {
            thread: TH,
            outcome,
        });
        outcome
    }

    fn call_line(&self, op: QueueOp) -> u8 {
        use line::*;
        let spsc = self.kind == RingKind::Spsc;
        match (op, spsc) {
            (QueueOp::Offer(_), true) => SPSC_OFFER,
            (QueueOp::Offer(_), false) => MPSC_OFFER,
            (QueueOp::Poll, true) => SPSC_POLL,
            (QueueOp::Poll, false) => MPSC_POLL,
            (QueueOp::Size, true) => SPSC_SIZE,
            (QueueOp::Size, false) => MPSC_SIZE,
        }
    }

    fn line(&self, r: &RingRegs) -> u8 {
        use line::*;
        let spsc = self.kind == RingKind::Spsc;
        let on_return = match r.op {
            Some(QueueOp::Offer(_)) if r.outcome == Some(Outcome::Offered(false)) => {
                if spsc {
                    SPSC_OFFER_FULL
                } else {
                    MPSC_OFFER_FULL
                }
            }
            Some(QueueOp::Offer(_)) => {
                if spsc {
                    SPSC_OFFER_PUBLISH
                } else {
                    MPSC_OFFER_STORE
                }
            }
            Some(QueueOp::Poll) if r.outcome == Some(Outcome::Polled(None)) => {
                if spsc {
                    SPSC_POLL_SLOT
                } else {
                    MPSC_POLL_EMPTY
                }
            }
            Some(QueueOp::Poll) => {
                if spsc {
                    SPSC_POLL_PUBLISH
                } else {
                    MPSC_POLL_PUBLISH
                }
            }
            _ => {
                if spsc {
                    SPSC_SIZE
                } else {
                    MPSC_SIZE
                }
            }
        };
        match r.pc {
            Pc::Idle | Pc::Return => on_return,
            Pc::SpReadIndex => SPSC_OFFER,
            Pc::SpReadLimit => SPSC_OFFER_LIMIT,
            Pc::SpLookAhead | Pc::SpSetLimit => SPSC_OFFER_LOOK_AHEAD,
            Pc::SpCheckFull => SPSC_OFFER_FULL,
            Pc::SpStore => SPSC_OFFER_STORE,
            Pc::SpPublish => SPSC_OFFER_PUBLISH,
            Pc::MpReadLimit => MPSC_OFFER,
            Pc::MpReadIndex => MPSC_OFFER_INDEX,
            Pc::MpReadConsumer => MPSC_OFFER_REFRESH,
            Pc::MpCacheLimit => MPSC_OFFER_CACHE,
            Pc::MpCas => MPSC_OFFER_CAS,
            Pc::MpStore => MPSC_OFFER_STORE,
            Pc::PollReadIndex => {
                if spsc {
                    SPSC_POLL
                } else {
                    MPSC_POLL
                }
            }
            Pc::PollReadSlot => {
                if spsc {
                    SPSC_POLL_SLOT
                } else {
                    MPSC_POLL
                }
            }
            Pc::PollCheckProducer => MPSC_POLL_EMPTY,
            Pc::PollSpin => MPSC_POLL_SPIN,
            Pc::PollClear => {
                if spsc {
                    SPSC_POLL_CLEAR
                } else {
                    MPSC_POLL_CLEAR
                }
            }
            Pc::PollPublish => {
                if spsc {
                    SPSC_POLL_PUBLISH
                } else {
                    MPSC_POLL_PUBLISH
                }
            }
            Pc::SizeFirst | Pc::SizeProducer | Pc::SizeConsumer => {
                if spsc {
                    SPSC_SIZE
                } else {
                    MPSC_SIZE
                }
            }
        }
    }

    fn pointers(&self, r: &RingRegs) -> [i64; 2] {
        let index = match r.pc {
            Pc::Idle
            | Pc::Return
            | Pc::SpReadIndex
            | Pc::MpReadLimit
            | Pc::MpReadIndex
            | Pc::PollReadIndex => return [-1, -1],
            Pc::SizeFirst | Pc::SizeProducer | Pc::SizeConsumer => return [-1, -1],
            Pc::PollReadSlot
            | Pc::PollCheckProducer
            | Pc::PollSpin
            | Pc::PollClear
            | Pc::PollPublish => r.c,
            _ => r.p,
        };
        [i64::from(self.slot(index)), -1]
    }

    fn contents(&self) -> Vec<u32> {
        // Claimed-but-unwritten slots (MPSC) hold nothing yet: skipped.
        (self.consumer_index..self.producer_index)
            .filter_map(|i| element(self.buffer[self.slot(i) as usize]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacities_round_as_jctools_does() {
        assert_eq!(ring_capacity(RingKind::Spsc, 1), 4);
        assert_eq!(ring_capacity(RingKind::Spsc, 5), 8);
        assert_eq!(ring_capacity(RingKind::Mpsc, 0), 1);
        assert_eq!(ring_capacity(RingKind::Mpsc, 5), 8);
        let q = RingQueue::new(RingKind::Spsc, 8);
        assert_eq!(q.look_ahead_step, 2);
        assert_eq!(RingQueue::new(RingKind::Spsc, 4).look_ahead_step, 1);
        assert_eq!(RingQueue::new(RingKind::Mpsc, 5).producer_limit, 5);
    }

    #[test]
    fn spsc_replay_capacity_8_step_2() {
        // structures.md §4.2: limits 2, 2, 4, 4, 6, 6, 6, 6, then full at p = 8.
        let mut q = RingQueue::new(RingKind::Spsc, 8);
        let mut limits = Vec::new();
        for e in 0..8 {
            assert!(q.offer(e));
            limits.push(q.producer_limit);
        }
        assert_eq!(limits, vec![2, 2, 4, 4, 6, 6, 6, 6]);
        assert!(!q.offer(8));
        assert_eq!(q.contents(), (0..8).collect::<Vec<_>>());
        assert_eq!(q.size(), 8);
        assert_eq!(q.poll(), Some(0));
        assert!(q.offer(8), "the slot freed by the poll is found at p = 8");
    }

    #[test]
    fn mpsc_replay_requested_5() {
        // structures.md §4.3: the first refresh at p = 5 sets limit 8; p = 8 is full; a poll
        // lets the next offer refresh to 9.
        let mut q = RingQueue::new(RingKind::Mpsc, 5);
        for e in 0..5 {
            assert!(q.offer(e));
            assert_eq!(q.producer_limit, 5);
        }
        assert!(q.offer(5));
        assert_eq!(q.producer_limit, 8);
        assert!(q.offer(6) && q.offer(7));
        assert!(!q.offer(8));
        assert_eq!(q.poll(), Some(0));
        assert!(q.offer(8));
        assert_eq!(q.producer_limit, 9);
    }

    #[test]
    fn mpsc_consumer_spins_on_a_claimed_empty_slot() {
        let mut q = RingQueue::with_probe(RingKind::Mpsc, 4, crate::probe::Counter::new());
        let (mut p, mut c) = (RingRegs::default(), RingRegs::default());
        q.begin(0, &mut p, QueueOp::Offer(9));
        for _ in 0..3 {
            q.step(0, &mut p); // limit, index, CAS: claimed, not yet written
        }
        assert_eq!(q.producer_index, 1);
        q.begin(1, &mut c, QueueOp::Poll);
        for _ in 0..5 {
            assert!(q.step(1, &mut c).is_none());
        }
        assert_eq!(q.probe.total_of(crate::queue::kind::SPIN), 2);
        q.step(0, &mut p); // the element lands
        let got = loop {
            if let Some(o) = q.step(1, &mut c) {
                break o;
            }
        };
        assert_eq!(got, Outcome::Polled(Some(9)));
    }
}
