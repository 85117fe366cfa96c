//! The operations in one piece, for [`StepQueue::call`]: JCTools' own `offer`, `poll` and `size`
//! over the same loads and stores as the stepped ones.

use super::*;

impl<P: Probe<QueueEvent>> RingQueue<P> {
    #[inline]
    pub(super) fn spsc_offer(&mut self, th: usize, e: u32) -> Outcome {
        let p = self.load_plain(th, Field::ProducerIndex);
        if p >= self.load_plain(th, Field::ProducerLimit) {
            if self.load_slot(th, p + self.look_ahead_step).is_none() {
                self.set_limit_plain(th, p + self.look_ahead_step);
            } else if self.load_slot(th, p).is_some() {
                return Outcome::Offered(false);
            }
        }
        self.store_slot(th, p, Some(e), true);
        self.store(th, Field::ProducerIndex, p + 1);
        Outcome::Offered(true)
    }

    #[inline]
    pub(super) fn mpsc_offer(&mut self, th: usize, e: u32) -> Outcome {
        let cap = self.capacity() as u64;
        let mut limit = self.load(th, Field::ProducerLimit);
        let p = loop {
            let p = self.load(th, Field::ProducerIndex);
            if p >= limit {
                limit = self.load(th, Field::ConsumerIndex) + cap;
                if p >= limit {
                    return Outcome::Offered(false);
                }
                self.store(th, Field::ProducerLimit, limit);
            }
            if self.cas_producer_index(th, p) {
                break p;
            }
        };
        self.store_slot(th, p, Some(e), true);
        Outcome::Offered(true)
    }

    #[inline]
    pub(super) fn poll_alone(&mut self, th: usize) -> Outcome {
        let c = self.load_plain(th, Field::ConsumerIndex);
        let mut e = self.load_slot(th, c);
        if e.is_none() {
            if self.kind == RingKind::Spsc || self.load(th, Field::ProducerIndex) == c {
                return Outcome::Polled(None);
            }
            // Claimed, not yet written: alone, nobody will write it (a stepped run spins too).
            while e.is_none() {
                e = self.spin_on_slot(th, c);
            }
        }
        self.store_slot(th, c, None, self.kind == RingKind::Spsc);
        self.store(th, Field::ConsumerIndex, c + 1);
        Outcome::Polled(e)
    }

    pub(super) fn size_alone(&mut self, th: usize) -> Outcome {
        let cap = self.capacity() as u64;
        let mut after = self.load(th, Field::ConsumerIndex);
        loop {
            let before = after;
            let p = self.load(th, Field::ProducerIndex);
            after = self.load(th, Field::ConsumerIndex);
            if before == after {
                return Outcome::Size(p.saturating_sub(after).min(cap));
            }
        }
    }
}
