//! The queue's shared memory as its threads see it: each load, store and CAS of a node or of
//! `head`/`tail` reports the event a step shows, for the stepped operations and the whole ones alike.

use super::*;

impl<P: Probe<QueueEvent>> LinkedQueue<P> {
    #[inline(always)]
    pub(super) fn alloc(&mut self, th: usize, e: u32) -> u32 {
        let fresh = Node {
            item: Ref::of(e),
            next: NIL,
        };
        let n = match self.free.pop() {
            Some(n) => {
                self.nodes[n as usize] = fresh;
                n
            }
            None => {
                self.nodes.push(fresh);
                self.nodes.len() as u32 - 1
            }
        };
        self.event(QueueEvent::Alloc {
            thread: th,
            node: n,
        });
        n
    }

    #[inline(always)]
    pub(super) fn load_head(&mut self, th: usize) -> u32 {
        let h = sync::load_acquire_u32(&mut self.head);
        self.event(QueueEvent::Load {
            thread: th,
            field: Field::Head,
            value: node(h),
        });
        h
    }

    #[inline(always)]
    pub(super) fn load_tail(&mut self, th: usize) -> u32 {
        let t = sync::load_acquire_u32(&mut self.tail);
        self.event(QueueEvent::Load {
            thread: th,
            field: Field::Tail,
            value: node(t),
        });
        t
    }

    #[inline(always)]
    pub(super) fn load_next(&mut self, th: usize, p: u32) -> u32 {
        let q = sync::load_acquire_u32(&mut self.nodes[p as usize].next);
        self.event(QueueEvent::Load {
            thread: th,
            field: Field::Next(p),
            value: node(q),
        });
        q
    }

    #[inline(always)]
    pub(super) fn load_item(&mut self, th: usize, p: u32) -> Option<u32> {
        let item = Ref(sync::load_acquire_u32(&mut self.nodes[p as usize].item.0)).get();
        self.event(QueueEvent::Load {
            thread: th,
            field: Field::Item(p),
            value: opt(item),
        });
        item
    }

    /// `CAS(p.next, null → n)`.
    #[inline(always)]
    pub(super) fn cas_next(&mut self, th: usize, p: u32, n: u32) -> bool {
        let ok = sync::cas_u32(&mut self.nodes[p as usize].next, NIL, n);
        self.event(QueueEvent::Cas {
            thread: th,
            field: Field::Next(p),
            expected: NULL,
            new: node(n),
            ok,
        });
        ok
    }

    /// `CAS(tail, t → n)`; it may fail, and nobody looks.
    #[inline(always)]
    pub(super) fn cas_tail(&mut self, th: usize, t: u32, n: u32) {
        let ok = sync::cas_u32(&mut self.tail, t, n);
        self.event(QueueEvent::Cas {
            thread: th,
            field: Field::Tail,
            expected: node(t),
            new: node(n),
            ok,
        });
    }

    /// `CAS(p.item, item → null)`.
    #[inline(always)]
    pub(super) fn cas_item(&mut self, th: usize, p: u32, item: Option<u32>) -> bool {
        let expected = item.unwrap_or(Ref::NULL.0);
        let ok = sync::cas_u32(&mut self.nodes[p as usize].item.0, expected, Ref::NULL.0);
        self.event(QueueEvent::Cas {
            thread: th,
            field: Field::Item(p),
            expected: opt(item),
            new: NULL,
            ok,
        });
        ok
    }

    /// `CAS(head, h → p)`, the first half of `updateHead`.
    #[inline(always)]
    pub(super) fn cas_head(&mut self, th: usize, h: u32, p: u32) -> bool {
        let ok = sync::cas_u32(&mut self.head, h, p);
        self.event(QueueEvent::Cas {
            thread: th,
            field: Field::Head,
            expected: node(h),
            new: node(p),
            ok,
        });
        ok
    }

    /// `h.next ← h` (ordered): the old head is dead.
    #[inline(always)]
    pub(super) fn self_link(&mut self, th: usize, h: u32) {
        sync::store_release_u32(&mut self.nodes[h as usize].next, h);
        self.event(QueueEvent::Store {
            thread: th,
            field: Field::Next(h),
            value: i64::from(h),
            ordered: true,
        });
    }

    /// `updateHead(h, p)`.
    #[inline(always)]
    pub(super) fn update_head(&mut self, th: usize, h: u32, p: u32) {
        if h != p && self.cas_head(th, h, p) {
            self.self_link(th, h);
        }
    }
}
