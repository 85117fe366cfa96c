//! What the drawing reads of the rewritten Recycler: each thread's stack, its WeakOrderQueues and
//! their links, and where every handle is.

use super::*;

impl WeakOrderRecycler<crate::probe::NoProbe> {
    /// The handles waiting in queues for `stack`, oldest link first (for tests).
    pub fn queued(&self, stack: usize) -> Vec<u32> {
        let mut out = Vec::new();
        let mut q = self.s.stacks[stack].as_ref().and_then(|st| st.head);
        while let Some(qi) = q {
            let mut l = Some(self.s.queues[qi].head);
            while let Some(li) = l {
                let link = &self.s.links[li];
                out.extend(
                    link.elements[link.read..link.write]
                        .iter()
                        .filter_map(|s| s.get()),
                );
                l = link.next;
            }
            q = self.s.queues[qi].next;
        }
        out
    }
}

impl Inspect for State {
    fn threads(&self) -> usize {
        self.stacks.len()
    }

    fn alive(&self, thread: usize) -> bool {
        self.alive[thread]
    }

    fn stack(&self, thread: usize) -> Option<StackView> {
        self.stacks[thread].as_ref().map(|st| StackView {
            size: st.size,
            slots: st.elements.iter().map(|s| s.get()).collect(),
            head: st.head,
            cursor: st.cursor,
            prev: st.prev,
        })
    }

    fn queues(&self) -> Vec<QueueView> {
        self.queues
            .iter()
            .map(|q| QueueView {
                id: q.id,
                stack: q.stack,
                thread: q.thread,
                next: q.next,
                head: q.head,
                tail: q.tail,
            })
            .collect()
    }

    fn links(&self) -> Vec<LinkView> {
        let mut live = vec![false; self.links.len()];
        for q in &self.queues {
            let mut l = Some(q.head);
            while let Some(li) = l {
                live[li] = true;
                l = self.links[li].next;
            }
        }
        self.links
            .iter()
            .zip(live)
            .map(|(l, live)| LinkView {
                slots: l.elements.map(Ref::get),
                read: l.read,
                write: l.write,
                next: l.next,
                live,
            })
            .collect()
    }

    fn objects(&self) -> Vec<ObjectView> {
        self.handles
            .iter()
            .map(|h| ObjectView {
                stack: h.stack,
                recycle_id: h.recycle_id,
                last_recycled_id: h.last_recycled_id,
                map_slot: None,
            })
            .collect()
    }

    fn map_len(&self, _thread: usize) -> usize {
        0
    }
}
