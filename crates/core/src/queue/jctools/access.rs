//! The rings' shared memory as their threads see it: each load and store of a slot or an index
//! (volatile, plain or ordered, as JCTools writes it) and the MPSC claim's CAS report the event a
//! step shows, for the stepped operations and the whole ones alike.

use super::*;

impl<P: Probe<QueueEvent>> RingQueue<P> {
    pub(super) fn slot(&self, index: u64) -> u32 {
        (index & self.mask) as u32
    }

    /// `lvElement`: a volatile load.
    pub(super) fn load_slot(&mut self, th: usize, index: u64) -> Option<u32> {
        let s = self.slot(index);
        let e = element(sync::load_acquire_u32(&mut self.buffer[s as usize]));
        self.event(QueueEvent::Load {
            thread: th,
            field: Field::Slot(s),
            value: e.map_or(NULL, i64::from),
        });
        e
    }

    /// `soElement` (ordered) or `spElement` (plain).
    pub(super) fn store_slot(&mut self, th: usize, index: u64, e: Option<u32>, ordered: bool) {
        let s = self.slot(index);
        let word = e.unwrap_or(EMPTY);
        if ordered {
            sync::store_release_u32(&mut self.buffer[s as usize], word);
        } else {
            self.buffer[s as usize] = word;
        }
        self.event(QueueEvent::Store {
            thread: th,
            field: Field::Slot(s),
            value: e.map_or(NULL, i64::from),
            ordered,
        });
    }

    pub(super) fn index(&mut self, field: Field) -> &mut u64 {
        match field {
            Field::ProducerIndex => &mut self.producer_index,
            Field::ConsumerIndex => &mut self.consumer_index,
            Field::ProducerLimit => &mut self.producer_limit,
            _ => unreachable!("a ring has no {field:?}"),
        }
    }

    /// `lv…`: a volatile load.
    #[inline(always)]
    pub(super) fn load(&mut self, th: usize, field: Field) -> u64 {
        let value = sync::load_acquire_u64(self.index(field));
        self.report_load(th, field, value)
    }

    /// `lp…`: a plain load of a field only this side writes.
    #[inline(always)]
    pub(super) fn load_plain(&mut self, th: usize, field: Field) -> u64 {
        let value = *self.index(field);
        self.report_load(th, field, value)
    }

    #[inline(always)]
    pub(super) fn report_load(&mut self, th: usize, field: Field, value: u64) -> u64 {
        self.event(QueueEvent::Load {
            thread: th,
            field,
            value: v(value),
        });
        value
    }

    /// `so…`: an ordered store.
    #[inline(always)]
    pub(super) fn store(&mut self, th: usize, field: Field, value: u64) {
        sync::store_release_u64(self.index(field), value);
        self.event(QueueEvent::Store {
            thread: th,
            field,
            value: v(value),
            ordered: true,
        });
    }

    /// SPSC's `producerLimit ← limit`: a plain store in JCTools, the field is the producer's own.
    #[inline(always)]
    pub(super) fn set_limit_plain(&mut self, th: usize, limit: u64) {
        self.producer_limit = limit;
        self.event(QueueEvent::Store {
            thread: th,
            field: Field::ProducerLimit,
            value: v(limit),
            ordered: false,
        });
    }

    /// MPSC's claim: `CAS(producerIndex, p → p + 1)`.
    #[inline(always)]
    pub(super) fn cas_producer_index(&mut self, th: usize, p: u64) -> bool {
        let ok = sync::cas_u64(&mut self.producer_index, p, p + 1);
        self.event(QueueEvent::Cas {
            thread: th,
            field: Field::ProducerIndex,
            expected: v(p),
            new: v(p + 1),
            ok,
        });
        ok
    }

    /// One look at a claimed slot the MPSC consumer waits on: a spin while it is still empty.
    #[inline(always)]
    pub(super) fn spin_on_slot(&mut self, th: usize, c: u64) -> Option<u32> {
        let s = self.slot(c);
        let e = element(sync::load_acquire_u32(&mut self.buffer[s as usize]));
        match e {
            None => self.event(QueueEvent::Spin { thread: th }),
            Some(x) => self.event(QueueEvent::Load {
                thread: th,
                field: Field::Slot(s),
                value: i64::from(x),
            }),
        }
        e
    }
}
