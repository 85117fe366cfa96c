//! The operations in one piece, for [`StepQueue::call`]: the same loads and CASes as the stepped
//! ones, in `offer`'s and `poll`'s own loops, so a benchmark runs the JDK's code path straight.

use super::*;

/// How one turn of `poll`'s loop ended.
enum Turn {
    Done(Outcome),
    /// Go on from the next node.
    On,
    /// Fell off the list (a self-linked node): start again from head.
    Restart,
}

impl<P: Probe<QueueEvent>> LinkedQueue<P> {
    /// One turn of `offer`'s loop from `(t, p)`: true when the element is linked in.
    #[inline(always)]
    fn offer_turn(&mut self, th: usize, n: u32, t: &mut u32, p: &mut u32) -> bool {
        let q = self.load_next(th, *p);
        if q == NIL {
            if !self.cas_next(th, *p, n) {
                return false; // lost the race for p.next: read it again
            }
            if *p != *t {
                self.cas_tail(th, *t, n);
            }
            return true;
        }
        if *p == q || *p != *t {
            // Fell off the list, or a hop past the tail read: look at tail again.
            let now = self.load_tail(th);
            *p = if now != *t {
                *t = now;
                now
            } else if *p == q {
                self.load_head(th)
            } else {
                q
            };
        } else {
            *p = q; // the hop, with no read of tail (p = t)
        }
        false
    }

    /// A thread alone ends `offer` in the first turn (tail on the last node) or the second (tail
    /// one behind, as every other offer leaves it). Those two turns are written out so that the
    /// common call runs no loop: V8 checks the stack on every wasm loop's back-edge. Same steps,
    /// same events as the loop.
    #[inline(always)]
    pub(super) fn offer_alone(&mut self, th: usize, e: u32) -> Outcome {
        let n = self.alloc(th, e);
        let mut t = self.load_tail(th);
        let mut p = t;
        if !self.offer_turn(th, n, &mut t, &mut p) && !self.offer_turn(th, n, &mut t, &mut p) {
            while !self.offer_turn(th, n, &mut t, &mut p) {}
        }
        Outcome::Offered(true)
    }

    /// One turn of `poll`'s loop from `(h, p)`.
    #[inline(always)]
    fn poll_turn(&mut self, th: usize, h: u32, p: &mut u32) -> Turn {
        let item = self.load_item(th, *p);
        if item.is_some() && self.cas_item(th, *p, item) {
            if *p != h {
                let q = self.load_next(th, *p);
                self.update_head(th, h, if q != NIL { q } else { *p });
            }
            return Turn::Done(Outcome::Polled(item));
        }
        let q = self.load_next(th, *p);
        if q == NIL {
            self.update_head(th, h, *p);
            return Turn::Done(Outcome::Polled(None));
        }
        if *p == q {
            return Turn::Restart;
        }
        *p = q;
        Turn::On
    }

    /// As `offer`: alone, `poll` ends in the first turn (head on a node with an item) or the
    /// second (head on the dummy before it), so those two are written out.
    #[inline(always)]
    pub(super) fn poll_alone(&mut self, th: usize) -> Outcome {
        let mut h = self.load_head(th);
        let mut p = h;
        let mut turn = self.poll_turn(th, h, &mut p);
        if let Turn::On = turn {
            turn = self.poll_turn(th, h, &mut p);
        }
        loop {
            match turn {
                Turn::Done(outcome) => return outcome,
                Turn::Restart => {
                    h = self.load_head(th);
                    p = h;
                }
                Turn::On => {}
            }
            turn = self.poll_turn(th, h, &mut p);
        }
    }

    pub(super) fn size_alone(&mut self, th: usize) -> Outcome {
        'restart: loop {
            let mut count = 0;
            // first(): the first live node, moving head to it.
            let h = self.load_head(th);
            let mut p = h;
            loop {
                if self.load_item(th, p).is_some() {
                    self.update_head(th, h, p);
                    break;
                }
                let q = self.load_next(th, p);
                if q == NIL {
                    self.update_head(th, h, p);
                    p = NIL;
                    break;
                } else if p == q {
                    continue 'restart;
                }
                p = q;
            }
            while p != NIL {
                // `p.item` is volatile: each look is an acquire load, as the JVM's is.
                if sync::load_acquire_u32(&mut self.nodes[p as usize].item.0) != Ref::NULL.0 {
                    count += 1;
                    self.event(QueueEvent::Visit {
                        thread: th,
                        node: p,
                    });
                } else {
                    self.event(QueueEvent::Load {
                        thread: th,
                        field: Field::Item(p),
                        value: NULL,
                    });
                }
                let q = self.load_next(th, p);
                if q == p {
                    continue 'restart; // self-linked: start again from head
                }
                p = q;
            }
            return Outcome::Size(count);
        }
    }
}
