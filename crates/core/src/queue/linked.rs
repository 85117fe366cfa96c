//! `java.util.concurrent.ConcurrentLinkedQueue` (JDK 17), step by step: the Michael–Scott
//! non-blocking queue as the JDK writes it.
//!
//! Fidelity notes: one dummy node to start, `head = tail = dummy`; `offer` CASes the last node's
//! `next` and swings `tail` only when the insertion point was a hop past the `tail` it read (so a
//! single thread moves `tail` on every second offer); `poll` CASes an item to null and moves
//! `head` (through `updateHead`, which self-links the old head) only when the item it took was not
//! in the head node; `size()` walks from `first()` (which may move `head`) and counts live nodes,
//! restarting from scratch on a self-link. Nodes live in an arena, named by index; a dead node is
//! never reused (the JVM's garbage collector would free it).

use crate::probe::{NoProbe, Probe};
use crate::queue::{Field, Outcome, QueueEvent, QueueOp, StepQueue, NULL};
use crate::reference::Ref;
use crate::sync;

mod access;
mod whole;

pub const NIL: u32 = u32::MAX;

pseudocode! {
    // Restart and hop only move a register: no step stops on them.
    OFFER => "offer(e): n ← new Node(e)",
    OFFER_READ_TAIL => "  t ← tail; p ← t",
    OFFER_READ_NEXT => "  loop: q ← p.next",
    OFFER_CAS_NEXT => "    if q = null: if CAS(p.next, null → n):",
    OFFER_CAS_TAIL => "        if p ≠ t: CAS(tail, t → n)   // it may fail: fine",
    OFFER_RETURN => "        return true",
    OFFER_FELL_OFF => "    elif p = q: p ← (t ≠ (t ← tail)) ? t : head   // fell off the list",
    OFFER_HOP => "    else: p ← (p ≠ t and t ≠ (t ← tail)) ? t : q   // hop",
    POLL => "poll(): h ← head; p ← h",
    POLL_READ_ITEM => "  loop: item ← p.item",
    POLL_CAS_ITEM => "    if item ≠ null and CAS(p.item, item → null):",
    POLL_MOVE_HEAD => "      if p ≠ h: updateHead(h, p.next ≠ null ? p.next : p)",
    POLL_RETURN => "      return item",
    POLL_EMPTY => "    elif (q ← p.next) = null: updateHead(h, p); return null",
    POLL_RESTART => "    elif p = q: restart from head",
    POLL_HOP => "    else: p ← q",
    UPDATE_HEAD => "updateHead(h, p): if h ≠ p and CAS(head, h → p): h.next ← h   // self-link, ordered",
    SIZE => "size(): count ← 0; p ← first()",
    SIZE_COUNT => "  while p ≠ null: if p.item ≠ null: count ← count + 1",
    SIZE_NEXT => "    if p = (p ← p.next): restart with count ← 0",
    SIZE_RETURN => "  return count",
    FIRST => "first(): h ← head; p ← h; loop: if p.item ≠ null or (q ← p.next) = null: updateHead(h, p); return p if it has an item",
    FIRST_HOP => "  elif p = q: restart; else p ← q",
}

#[derive(Clone, Copy, Debug)]
pub struct Node {
    pub item: Ref,
    /// NIL for the last node; the node's own index once it is self-linked (dead).
    pub next: u32,
}

/// Where a thread is inside an operation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Pc {
    #[default]
    Idle,
    OfferAlloc,
    OfferReadTail,
    OfferReadNext,
    OfferCasNext,
    OfferCasTail,
    OfferTailHop,
    OfferTailFell,
    OfferHeadFell,
    PollReadHead,
    PollReadItem,
    PollCasItem,
    PollNextForHead,
    PollReadNext,
    HeadCas,
    SelfLink,
    SizeFirstHead,
    SizeFirstItem,
    SizeFirstNext,
    SizeItem,
    SizeNext,
    Return,
}

/// What happens after `updateHead`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum After {
    #[default]
    Return,
    /// `first()` found `p`: the size walk starts there.
    SizeWalk,
}

impl After {
    /// Where the thread goes once `updateHead` is done.
    fn pc(self) -> Pc {
        match self {
            After::Return => Pc::Return,
            After::SizeWalk => Pc::SizeItem,
        }
    }
}

/// A thread's locals while it runs an operation.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClqRegs {
    pc: Pc,
    pub op: Option<QueueOp>,
    pub n: u32,
    pub t: u32,
    pub p: u32,
    pub q: u32,
    pub h: u32,
    item: Option<u32>,
    target: u32,
    after: After,
    pub count: u64,
    outcome: Option<Outcome>,
}

/// The JDK's `ConcurrentLinkedQueue`: a linked list with a dummy head, whose `size()` walks every
/// node (the O(n) call the UDP server's guard made on each offer).
pub struct LinkedQueue<P: Probe<QueueEvent> = NoProbe> {
    pub nodes: Vec<Node>,
    pub head: u32,
    pub tail: u32,
    pub probe: P,
    /// Nodes [`LinkedQueue::collect_garbage`] found unreachable, for new offers to reuse.
    free: Vec<u32>,
    /// [`LinkedQueue::collect_garbage`]'s bitmap of reachable nodes (kept for its next call).
    marks: Vec<u64>,
}

impl LinkedQueue<NoProbe> {
    pub fn new() -> Self {
        Self::with_probe(NoProbe)
    }
}

impl Default for LinkedQueue<NoProbe> {
    fn default() -> Self {
        Self::new()
    }
}

fn opt(v: Option<u32>) -> i64 {
    v.map_or(NULL, i64::from)
}

fn node(n: u32) -> i64 {
    if n == NIL {
        NULL
    } else {
        i64::from(n)
    }
}

impl<P: Probe<QueueEvent>> LinkedQueue<P> {
    pub fn with_probe(probe: P) -> Self {
        Self {
            nodes: vec![Node {
                item: Ref::NULL,
                next: NIL,
            }],
            head: 0,
            tail: 0,
            probe,
            free: Vec::new(),
            marks: Vec::new(),
        }
    }

    fn event(&mut self, e: QueueEvent) {
        probe!(self.probe.event(e));
    }

    /// The garbage collector's part, which Java gets for free: frees every node no reference can
    /// reach (not from head, not from tail, which may sit on a dead node), for offers to reuse.
    /// Only between operations, with no thread inside one (the benchmarks call it after a drain;
    /// drawn scripts never do, so their node numbers stay unique).
    ///
    /// Reachable nodes are marked in a bitmap; the free list is then written 64 nodes at a time,
    /// a run of dead nodes in one go, in the order a bump allocator would hand them out (lowest
    /// first). After a drain that is about one store per node, where a young collection pays
    /// next to nothing for dead objects.
    pub fn collect_garbage(&mut self) {
        let n = self.nodes.len();
        self.marks.clear();
        self.marks.resize(n.div_ceil(64), 0);
        for start in [self.head, self.tail] {
            let mut p = start;
            // A walk ends at the last node, at a self-linked (dead) one, or where it joins a
            // walk already marked.
            while p != NIL && self.marks[p as usize / 64] & (1 << (p % 64)) == 0 {
                self.marks[p as usize / 64] |= 1 << (p % 64);
                let q = self.nodes[p as usize].next;
                p = if q == p { NIL } else { q };
            }
        }
        self.free.clear();
        for (w, &marked) in self.marks.iter().enumerate().rev() {
            let nodes = (w * 64) as u32..(n.min(w * 64 + 64)) as u32;
            if marked == 0 {
                self.free.extend(nodes.rev());
            } else {
                self.free
                    .extend(nodes.rev().filter(|&i| marked & (1 << (i % 64)) == 0));
            }
        }
    }

    /// Whether node `n` is dead: self-linked.
    pub fn is_dead(&self, n: u32) -> bool {
        self.nodes[n as usize].next == n
    }
}

/// Moves a thread past what takes no shared access (an `updateHead` with nothing to do, a size
/// walk that reached the end), so the line its next step is shown on is the line of what that
/// step does.
fn settle(r: &mut ClqRegs) {
    loop {
        match r.pc {
            Pc::HeadCas if r.h == r.target => r.pc = r.after.pc(),
            Pc::SizeItem if r.p == NIL => {
                r.outcome = Some(Outcome::Size(r.count));
                r.pc = Pc::Return;
            }
            _ => return,
        }
    }
}

impl<P: Probe<QueueEvent>> LinkedQueue<P> {
    /// One step, up to and including its one shared access.
    fn step_once(&mut self, th: usize, r: &mut ClqRegs) -> Option<Outcome> {
        // Every step ends at its one shared access (settle() has passed what takes none).
        match r.pc {
            Pc::Idle => None,
            Pc::OfferAlloc => {
                let Some(QueueOp::Offer(v)) = r.op else {
                    unreachable!()
                };
                r.n = self.alloc(th, v);
                r.pc = Pc::OfferReadTail;
                None
            }
            Pc::OfferReadTail => {
                r.t = self.load_tail(th);
                r.p = r.t;
                r.pc = Pc::OfferReadNext;
                None
            }
            Pc::OfferReadNext => {
                r.q = self.load_next(th, r.p);
                r.pc = if r.q == NIL {
                    Pc::OfferCasNext
                } else if r.p == r.q {
                    Pc::OfferTailFell
                } else if r.p != r.t {
                    Pc::OfferTailHop
                } else {
                    r.p = r.q; // the hop, with no read of tail (p = t)
                    Pc::OfferReadNext
                };
                None
            }
            Pc::OfferCasNext => {
                r.pc = if !self.cas_next(th, r.p, r.n) {
                    Pc::OfferReadNext
                } else if r.p != r.t {
                    Pc::OfferCasTail
                } else {
                    r.outcome = Some(Outcome::Offered(true));
                    Pc::Return
                };
                None
            }
            Pc::OfferCasTail => {
                self.cas_tail(th, r.t, r.n);
                r.outcome = Some(Outcome::Offered(true));
                r.pc = Pc::Return;
                None
            }
            Pc::OfferTailHop | Pc::OfferTailFell => {
                let fell = r.pc == Pc::OfferTailFell;
                let now = self.load_tail(th);
                if now != r.t {
                    r.t = now;
                    r.p = now;
                    r.pc = Pc::OfferReadNext;
                } else if fell {
                    r.pc = Pc::OfferHeadFell;
                } else {
                    r.p = r.q;
                    r.pc = Pc::OfferReadNext;
                }
                None
            }
            Pc::OfferHeadFell => {
                r.p = self.load_head(th);
                r.pc = Pc::OfferReadNext;
                None
            }
            Pc::PollReadHead => {
                r.h = self.load_head(th);
                r.p = r.h;
                r.pc = Pc::PollReadItem;
                None
            }
            Pc::PollReadItem => {
                r.item = self.load_item(th, r.p);
                r.pc = if r.item.is_some() {
                    Pc::PollCasItem
                } else {
                    Pc::PollReadNext
                };
                None
            }
            Pc::PollCasItem => {
                if self.cas_item(th, r.p, r.item) {
                    r.outcome = Some(Outcome::Polled(r.item));
                    r.after = After::Return;
                    r.pc = if r.p != r.h {
                        Pc::PollNextForHead
                    } else {
                        Pc::Return
                    };
                } else {
                    r.pc = Pc::PollReadNext;
                }
                None
            }
            Pc::PollNextForHead => {
                r.q = self.load_next(th, r.p);
                r.target = if r.q != NIL { r.q } else { r.p };
                r.pc = Pc::HeadCas;
                None
            }
            Pc::PollReadNext => {
                r.q = self.load_next(th, r.p);
                if r.q == NIL {
                    r.outcome = Some(Outcome::Polled(None));
                    r.target = r.p;
                    r.after = After::Return;
                    r.pc = Pc::HeadCas;
                } else if r.p == r.q {
                    r.pc = Pc::PollReadHead;
                } else {
                    r.p = r.q;
                    r.pc = Pc::PollReadItem;
                }
                None
            }
            Pc::HeadCas => {
                debug_assert_ne!(
                    r.h, r.target,
                    "settle() moves past an updateHead with nothing to do"
                );
                let ok = self.cas_head(th, r.h, r.target);
                r.pc = if ok { Pc::SelfLink } else { r.after.pc() };
                None
            }
            Pc::SelfLink => {
                self.self_link(th, r.h);
                r.pc = r.after.pc();
                None
            }
            Pc::SizeFirstHead => {
                r.count = 0;
                r.h = self.load_head(th);
                r.p = r.h;
                r.pc = Pc::SizeFirstItem;
                None
            }
            Pc::SizeFirstItem => {
                if self.load_item(th, r.p).is_some() {
                    r.target = r.p;
                    r.after = After::SizeWalk;
                    r.pc = Pc::HeadCas;
                } else {
                    r.pc = Pc::SizeFirstNext;
                }
                None
            }
            Pc::SizeFirstNext => {
                r.q = self.load_next(th, r.p);
                if r.q == NIL {
                    // Empty: updateHead(h, p), and the walk starts from nothing.
                    r.target = r.p;
                    r.after = After::SizeWalk;
                    r.pc = Pc::HeadCas;
                    r.p = NIL;
                } else if r.p == r.q {
                    r.pc = Pc::SizeFirstHead;
                } else {
                    r.p = r.q;
                    r.pc = Pc::SizeFirstItem;
                }
                None
            }
            Pc::SizeItem => {
                debug_assert_ne!(r.p, NIL, "settle() ends a size walk at its end");
                if sync::load_acquire_u32(&mut self.nodes[r.p as usize].item.0) != Ref::NULL.0 {
                    r.count += 1;
                    self.event(QueueEvent::Visit {
                        thread: th,
                        node: r.p,
                    });
                } else {
                    self.event(QueueEvent::Load {
                        thread: th,
                        field: Field::Item(r.p),
                        value: NULL,
                    });
                }
                r.pc = Pc::SizeNext;
                None
            }
            Pc::SizeNext => {
                let q = self.load_next(th, r.p);
                if q == r.p {
                    r.pc = Pc::SizeFirstHead; // self-linked: restart, count from 0
                } else {
                    r.p = q;
                    r.pc = Pc::SizeItem;
                }
                None
            }
            Pc::Return => {
                let outcome = r.outcome.expect("an operation returns what it set");
                self.event(QueueEvent::Done {
                    thread: th,
                    outcome,
                });
                r.pc = Pc::Idle;
                Some(outcome)
            }
        }
    }
}

impl<P: Probe<QueueEvent>> StepQueue for LinkedQueue<P> {
    type Regs = ClqRegs;

    fn begin(&mut self, thread: usize, r: &mut ClqRegs, op: QueueOp) {
        *r = ClqRegs {
            op: Some(op),
            ..ClqRegs::default()
        };
        r.pc = match op {
            QueueOp::Offer(_) => Pc::OfferAlloc,
            QueueOp::Poll => Pc::PollReadHead,
            QueueOp::Size => Pc::SizeFirstHead,
        };
        self.event(QueueEvent::Begin { thread, op });
    }

    fn step(&mut self, th: usize, r: &mut ClqRegs) -> Option<Outcome> {
        let done = self.step_once(th, r);
        if done.is_none() {
            settle(r);
        }
        done
    }

    #[inline(always)]
    fn call(&mut self, op: QueueOp) -> Outcome {
        const TH: usize = 0;
        self.event(QueueEvent::Begin { thread: TH, op });
        let outcome = match op {
            QueueOp::Offer(e) => self.offer_alone(TH, e),
            QueueOp::Poll => self.poll_alone(TH),
            QueueOp::Size => self.size_alone(TH),
        };
        self.event(QueueEvent::Done {
            thread: TH,
            outcome,
        });
        outcome
    }

    fn call_line(&self, op: QueueOp) -> u8 {
        match op {
            QueueOp::Offer(_) => line::OFFER,
            QueueOp::Poll => line::POLL,
            QueueOp::Size => line::SIZE,
        }
    }

    fn line(&self, r: &ClqRegs) -> u8 {
        match r.pc {
            Pc::Idle | Pc::OfferAlloc => line::OFFER,
            Pc::OfferReadTail => line::OFFER_READ_TAIL,
            Pc::OfferReadNext => line::OFFER_READ_NEXT,
            Pc::OfferCasNext => line::OFFER_CAS_NEXT,
            Pc::OfferCasTail => line::OFFER_CAS_TAIL,
            Pc::OfferTailHop => line::OFFER_HOP,
            Pc::OfferTailFell | Pc::OfferHeadFell => line::OFFER_FELL_OFF,
            Pc::PollReadHead => line::POLL,
            Pc::PollReadItem => line::POLL_READ_ITEM,
            Pc::PollCasItem => line::POLL_CAS_ITEM,
            Pc::PollNextForHead => line::POLL_MOVE_HEAD,
            Pc::PollReadNext => line::POLL_EMPTY,
            Pc::HeadCas | Pc::SelfLink => line::UPDATE_HEAD,
            Pc::SizeFirstHead | Pc::SizeFirstItem => line::FIRST,
            Pc::SizeFirstNext => line::FIRST_HOP,
            Pc::SizeItem => line::SIZE_COUNT,
            Pc::SizeNext => line::SIZE_NEXT,
            Pc::Return => match (r.op, r.outcome) {
                (Some(QueueOp::Offer(_)), _) => line::OFFER_RETURN,
                // `return null` is on the line that found the list empty.
                (Some(QueueOp::Poll), Some(Outcome::Polled(None))) => line::POLL_EMPTY,
                (Some(QueueOp::Poll), _) => line::POLL_RETURN,
                _ => line::SIZE_RETURN,
            },
        }
    }

    fn pointers(&self, r: &ClqRegs) -> [i64; 2] {
        let started = !matches!(
            r.pc,
            Pc::Idle | Pc::OfferAlloc | Pc::OfferReadTail | Pc::PollReadHead | Pc::SizeFirstHead
        );
        if !started {
            return [-1, -1];
        }
        match r.op {
            Some(QueueOp::Offer(_)) => [node(r.p), node(r.t)],
            Some(QueueOp::Poll) => [node(r.p), node(r.h)],
            _ => [node(r.p), -1],
        }
    }

    fn contents(&self) -> Vec<u32> {
        let mut out = Vec::new();
        let mut p = self.head;
        loop {
            if let Some(v) = self.nodes[p as usize].item.get() {
                out.push(v);
            }
            let q = self.nodes[p as usize].next;
            if q == NIL || q == p {
                return out;
            }
            p = q;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tail_moves_every_second_offer_and_head_every_second_poll() {
        // The JDK's worked example: D(ummy) → a → b → c → d.
        let mut q = LinkedQueue::new();
        let mut tails = Vec::new();
        for v in 1..=4 {
            assert!(q.offer(v));
            tails.push(q.tail);
        }
        assert_eq!(
            tails,
            vec![0, 2, 2, 4],
            "tail lags: it swings only after a hop"
        );
        assert_eq!(q.contents(), vec![1, 2, 3, 4]);
        let mut heads = Vec::new();
        for v in 1..=4 {
            assert_eq!(q.poll(), Some(v));
            heads.push(q.head);
        }
        assert_eq!(heads, vec![2, 2, 4, 4]);
        assert!(q.is_dead(0) && q.is_dead(2), "ex-heads are self-linked");
        assert_eq!(q.poll(), None);
        assert_eq!(q.size(), 0);
    }

    #[test]
    fn the_fall_off_case() {
        // D → A with tail = D; poll returns a and head moves to A; then an offer reads tail = D,
        // finds it self-linked, restarts from head, links after A and swings tail.
        let mut q = LinkedQueue::new();
        q.offer(1);
        assert_eq!(q.tail, 0);
        assert_eq!(q.poll(), Some(1));
        assert_eq!((q.head, q.tail), (1, 0));
        assert!(q.is_dead(0));
        q.offer(2);
        assert_eq!(q.tail, 2);
        assert_eq!(q.contents(), vec![2]);
    }

    /// The model answer: every node reachable from head or tail, one flag per node.
    fn reachable(q: &LinkedQueue) -> Vec<u32> {
        let mut seen = vec![false; q.nodes.len()];
        for start in [q.head, q.tail] {
            let mut p = start;
            while p != NIL && !seen[p as usize] {
                seen[p as usize] = true;
                let next = q.nodes[p as usize].next;
                p = if next == p { NIL } else { next };
            }
        }
        (0..q.nodes.len() as u32)
            .filter(|&i| seen[i as usize])
            .collect()
    }

    #[test]
    fn the_collector_frees_exactly_the_unreachable_nodes_lowest_first() {
        // Arenas of 1 to 200 nodes (the bitmap's words cut at 64, 128, 192), with the queue
        // empty, holding a few, or with tail left behind head on a dead node (the fall-off case).
        for offers in [0u32, 1, 2, 3, 63, 64, 65, 127, 128, 129, 199] {
            for keep in [0, 1, 2, 5] {
                let mut q = LinkedQueue::new();
                for v in 0..offers {
                    q.offer(v);
                }
                while q.contents().len() > keep {
                    q.poll();
                }
                let live = reachable(&q);
                q.collect_garbage();
                let mut free = q.free.clone();
                free.reverse(); // popped from the end: the lowest comes out first
                let dead: Vec<u32> = (0..q.nodes.len() as u32)
                    .filter(|i| !live.contains(i))
                    .collect();
                assert_eq!(free, dead, "{offers} offers, {keep} kept");
                // The queue still works on reused nodes, and what it held is still there.
                let before = q.contents();
                for v in 0..offers {
                    q.offer(1000 + v);
                }
                let after = q.contents();
                assert_eq!(after[..before.len()], before[..]);
                assert_eq!(after.len(), before.len() + offers as usize);
                assert!(q.nodes.len() as u32 <= 2 * offers + 1);
            }
        }
    }

    #[test]
    fn size_walks_every_node() {
        let mut q = LinkedQueue::with_probe(crate::probe::Counter::new());
        for v in 0..100 {
            q.offer(v);
        }
        assert_eq!(q.size(), 100);
        assert_eq!(q.probe.total_of(crate::queue::kind::VISIT), 100);
    }
}
