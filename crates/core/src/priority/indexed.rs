//! Netty's `DefaultPriorityQueue`, step for step: the JDK's array heap, except that every element
//! remembers its own array index, so `contains` is O(1) and `remove` needs no search.
//!
//! Netty's elements are objects that carry the index field; here they live in an arena owned by
//! the heap (keys in one column, indices in another) and are named by [`Handle`]s, which play the
//! part of the object reference. Growth, sift order and every index write follow Netty's source,
//! so the layout is Netty's.

use std::cmp::Ordering;

use crate::priority::{grown_capacity, INITIAL_CAPACITY};
#[cfg_attr(feature = "strip-probes", allow(unused_imports))]
use crate::priority::{HeapEvent, HeapOp, Loc};
use crate::probe::{NoProbe, Probe};

/// Netty's `INDEX_NOT_IN_QUEUE`.
pub const NOT_IN_QUEUE: i32 = -1;

/// A reference to an element (Netty: the `PriorityQueueNode` object itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Handle(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlreadyQueued {
    pub index: i32,
}

impl std::fmt::Display for AlreadyQueued {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the element is already queued (its index is {})",
            self.index
        )
    }
}

impl std::error::Error for AlreadyQueued {}

pseudocode! {
    OFFER => "offer(x):  // refuse x if x.index ≠ −1",
    OFFER_GROW => "  if size = a.length: grow a",
    OFFER_BUBBLE => "  bubbleUp(size, x); size ← size + 1",
    POLL => "poll():",
    POLL_TAKE_LAST => "  result ← a[0]; result.index ← −1; size ← size − 1; last ← a[size]; a[size] ← null",
    POLL_BUBBLE => "  if size > 0: bubbleDown(0, last)",
    REMOVE => "remove(x):  i ← x.index; if not (0 ≤ i < size and x.equals(a[i])): return false",
    REMOVE_LAST => "  x.index ← −1; size ← size − 1; if i = size: a[i] ← null; return true",
    REMOVE_MOVE_LAST => "  moved ← a[size]; a[i] ← moved; a[size] ← null",
    REMOVE_BUBBLE_DOWN => "  if x < moved: bubbleDown(i, moved)",
    REMOVE_BUBBLE_UP => "  else: bubbleUp(i, moved)",
    BUBBLE_UP => "bubbleUp(k, x):",
    BUBBLE_UP_COMPARE => "  while k > 0: p ← (k − 1) / 2; if x ≥ a[p]: break",
    BUBBLE_UP_MOVE => "    a[k] ← a[p]; a[k].index ← k; k ← p",
    BUBBLE_UP_PLACE => "  a[k] ← x; x.index ← k",
    BUBBLE_DOWN => "bubbleDown(k, x):",
    BUBBLE_DOWN_CHILD => "  while k < size / 2: c ← 2k + 1; if c + 1 < size and a[c] > a[c + 1]: c ← c + 1",
    BUBBLE_DOWN_COMPARE => "    if x ≤ a[c]: break",
    BUBBLE_DOWN_MOVE => "    a[k] ← a[c]; a[k].index ← k; k ← c",
    BUBBLE_DOWN_PLACE => "  a[k] ← x; x.index ← k",
}

#[derive(Clone, Debug)]
pub struct IndexedHeap<T, P: Probe<HeapEvent> = NoProbe> {
    /// The elements' keys, by handle (what `compareTo` reads).
    keys: Vec<T>,
    /// The index each element stores in itself, by handle (Netty's `priorityQueueIndex` field).
    /// A column of its own: removing the last element reads and writes only this and `queue`,
    /// as the JVM's op touches only the task's index field and the array.
    indices: Vec<i32>,
    /// The live prefix of Netty's array: `queue[0..size]`.
    queue: Vec<Handle>,
    capacity: usize,
    pub probe: P,
}

impl<T: Ord + Copy> IndexedHeap<T, NoProbe> {
    pub fn new() -> Self {
        Self::with_probe(NoProbe)
    }
}

impl<T: Ord + Copy> Default for IndexedHeap<T, NoProbe> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Ord + Copy, P: Probe<HeapEvent>> IndexedHeap<T, P> {
    pub fn with_probe(probe: P) -> Self {
        Self {
            keys: Vec::new(),
            indices: Vec::new(),
            queue: Vec::with_capacity(INITIAL_CAPACITY),
            capacity: INITIAL_CAPACITY,
            probe,
        }
    }

    /// Creates an element outside the queue (Netty: constructing a scheduled task).
    pub fn create(&mut self, key: T) -> Handle {
        let h = Handle(self.keys.len() as u32);
        self.keys.push(key);
        self.indices.push(NOT_IN_QUEUE);
        h
    }

    pub fn len(&self) -> usize {
        self.queue.len()
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    pub fn capacity(&self) -> usize {
        self.capacity
    }

    pub fn key(&self, h: Handle) -> T {
        self.keys[h.0 as usize]
    }

    /// The index the element has stored in itself (−1 when outside the queue).
    pub fn stored_index(&self, h: Handle) -> i32 {
        self.indices[h.0 as usize]
    }

    /// The handles in array order (the layout).
    pub fn as_slice(&self) -> &[Handle] {
        &self.queue
    }

    pub fn peek(&self) -> Option<Handle> {
        self.queue.first().copied()
    }

    /// O(1): the stored index is in range and the slot holds this very element.
    pub fn contains(&self, h: Handle) -> bool {
        let i = self.stored_index(h);
        i >= 0 && (i as usize) < self.queue.len() && self.queue[i as usize] == h
    }

    fn less(&self, a: Handle, b: Handle) -> Ordering {
        self.key(a).cmp(&self.key(b))
    }

    fn set_index(&mut self, h: Handle, index: i32) {
        self.indices[h.0 as usize] = index;
    }

    pub fn offer(&mut self, h: Handle) -> Result<(), AlreadyQueued> {
        probe!(self.probe.line(line::OFFER));
        probe!(self.probe.event(HeapEvent::Begin(HeapOp::Offer)));
        let index = self.stored_index(h);
        if index != NOT_IN_QUEUE {
            return Err(AlreadyQueued { index });
        }
        if self.queue.len() >= self.capacity {
            probe!(self.probe.line(line::OFFER_GROW));
            let new = grown_capacity(self.capacity);
            probe!(self.probe.event(HeapEvent::Grow {
                old: self.capacity,
                new
            }));
            self.capacity = new;
            self.queue.reserve_exact(new - self.queue.len());
        }
        probe!(self.probe.line(line::OFFER_BUBBLE));
        let k = self.queue.len();
        self.queue.push(h);
        self.bubble_up(k, h);
        Ok(())
    }

    pub fn poll(&mut self) -> Option<Handle> {
        probe!(self.probe.line(line::POLL));
        probe!(self.probe.event(HeapEvent::Begin(HeapOp::Poll)));
        let result = *self.queue.first()?;
        probe!(self.probe.line(line::POLL_TAKE_LAST));
        self.set_index(result, NOT_IN_QUEUE);
        probe!(self.probe.event(HeapEvent::IndexWrite {
            slot: 0,
            index: NOT_IN_QUEUE
        }));
        probe!(self.probe.event(HeapEvent::Take { slot: 0 }));
        let last = self.queue.pop().expect("non-empty");
        if !self.queue.is_empty() {
            probe!(self.probe.event(HeapEvent::Lift {
                slot: self.queue.len()
            }));
            probe!(self.probe.line(line::POLL_BUBBLE));
            self.bubble_down(0, last);
        } else {
            probe!(self.probe.event(HeapEvent::Clear { slot: 0 }));
        }
        Some(result)
    }

    /// Netty's `removeTyped`: no search, the element knows where it is.
    /// Returns the index it was removed from, or `None` if it was not queued.
    #[inline]
    pub fn remove(&mut self, h: Handle) -> Option<usize> {
        probe!(self.probe.line(line::REMOVE));
        probe!(self.probe.event(HeapEvent::Begin(HeapOp::Remove)));
        // `contains(node, i)`: `i >= 0 && i < size && node.equals(queue[i])`. The bounds come
        // first, so an element whose index is −1 (not queued) costs no `equals`; any index in
        // range costs exactly one, found or not. `equals` is identity here, as a task's is.
        let i = self.stored_index(h);
        if i < 0 || i as usize >= self.queue.len() {
            return None;
        }
        let i = i as usize;
        let matched = self.queue[i] == h;
        probe!(self.probe.event(HeapEvent::Equals { slot: i, matched }));
        if !matched {
            return None;
        }
        probe!(self.probe.line(line::REMOVE_LAST));
        self.set_index(h, NOT_IN_QUEUE);
        probe!(self.probe.event(HeapEvent::IndexWrite {
            slot: i,
            index: NOT_IN_QUEUE
        }));
        probe!(self.probe.event(HeapEvent::Take { slot: i }));
        let size = self.queue.len() - 1;
        if size == 0 || size == i {
            probe!(self.probe.event(HeapEvent::Clear { slot: i }));
            self.queue.pop();
            return Some(i);
        }
        self.remove_moving_last(h, i);
        Some(i)
    }

    /// The rest of `removeTyped` when the element is not the last: the last takes its slot and
    /// bubbles. Out of line, so the common short path above can be inlined into callers.
    #[inline(never)]
    fn remove_moving_last(&mut self, h: Handle, i: usize) {
        let size = self.queue.len() - 1;
        probe!(self.probe.line(line::REMOVE_MOVE_LAST));
        let moved = self.queue.pop().expect("non-empty");
        // Netty writes `queue[i] = moved` before bubbling, unlike the JDK's hand-held sift.
        self.queue[i] = moved;
        probe!(self.probe.event(HeapEvent::Move {
            from: Loc::Slot(size),
            to: i
        }));
        // `if x < moved`: the comparison is that line's, and so is the pick-up that follows it.
        probe!(self.probe.line(line::REMOVE_BUBBLE_DOWN));
        let ord = self.key(h).cmp(&self.key(moved));
        probe!(self.probe.event(HeapEvent::Compare {
            a: Loc::Removed,
            b: Loc::Slot(i),
            ord
        }));
        if ord == Ordering::Less {
            probe!(self.probe.event(HeapEvent::Lift { slot: i }));
            self.bubble_down(i, moved);
        } else {
            probe!(self.probe.line(line::REMOVE_BUBBLE_UP));
            probe!(self.probe.event(HeapEvent::Lift { slot: i }));
            self.bubble_up(i, moved);
        }
    }

    fn bubble_up(&mut self, mut k: usize, node: Handle) {
        probe!(self.probe.line(line::BUBBLE_UP));
        while k > 0 {
            probe!(self.probe.line(line::BUBBLE_UP_COMPARE));
            let parent_index = (k - 1) >> 1;
            let parent = self.queue[parent_index];
            let ord = self.less(node, parent);
            probe!(self.probe.event(HeapEvent::Compare {
                a: Loc::Held,
                b: Loc::Slot(parent_index),
                ord
            }));
            if ord != Ordering::Less {
                break;
            }
            probe!(self.probe.line(line::BUBBLE_UP_MOVE));
            self.queue[k] = parent;
            probe!(self.probe.event(HeapEvent::Move {
                from: Loc::Slot(parent_index),
                to: k
            }));
            self.set_index(parent, k as i32);
            probe!(self.probe.event(HeapEvent::IndexWrite {
                slot: k,
                index: k as i32
            }));
            k = parent_index;
        }
        probe!(self.probe.line(line::BUBBLE_UP_PLACE));
        self.queue[k] = node;
        probe!(self.probe.event(HeapEvent::Move {
            from: Loc::Held,
            to: k
        }));
        self.set_index(node, k as i32);
        probe!(self.probe.event(HeapEvent::IndexWrite {
            slot: k,
            index: k as i32
        }));
    }

    fn bubble_down(&mut self, mut k: usize, node: Handle) {
        probe!(self.probe.line(line::BUBBLE_DOWN));
        let size = self.queue.len();
        let half = size >> 1;
        while k < half {
            probe!(self.probe.line(line::BUBBLE_DOWN_CHILD));
            let mut child_index = (k << 1) + 1;
            let mut child = self.queue[child_index];
            let right = child_index + 1;
            if right < size {
                let ord = self.less(child, self.queue[right]);
                probe!(self.probe.event(HeapEvent::Compare {
                    a: Loc::Slot(child_index),
                    b: Loc::Slot(right),
                    ord
                }));
                if ord == Ordering::Greater {
                    // Asks for a branch, not a select: a select makes the next level's loads
                    // wait for this compare. x86 code turns such selects back into branches (its
                    // cmov converter); wasm keeps them, and in-order cancels ran 1.7× slower.
                    std::hint::cold_path();
                    child_index = right;
                    child = self.queue[child_index];
                }
            }
            probe!(self.probe.line(line::BUBBLE_DOWN_COMPARE));
            let ord = self.less(node, child);
            probe!(self.probe.event(HeapEvent::Compare {
                a: Loc::Held,
                b: Loc::Slot(child_index),
                ord
            }));
            if ord != Ordering::Greater {
                break;
            }
            probe!(self.probe.line(line::BUBBLE_DOWN_MOVE));
            self.queue[k] = child;
            probe!(self.probe.event(HeapEvent::Move {
                from: Loc::Slot(child_index),
                to: k
            }));
            self.set_index(child, k as i32);
            probe!(self.probe.event(HeapEvent::IndexWrite {
                slot: k,
                index: k as i32
            }));
            k = child_index;
        }
        probe!(self.probe.line(line::BUBBLE_DOWN_PLACE));
        self.queue[k] = node;
        probe!(self.probe.event(HeapEvent::Move {
            from: Loc::Held,
            to: k
        }));
        self.set_index(node, k as i32);
        probe!(self.probe.event(HeapEvent::IndexWrite {
            slot: k,
            index: k as i32
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(h: &IndexedHeap<i32>) -> Vec<i32> {
        h.as_slice().iter().map(|&n| h.key(n)).collect()
    }

    #[test]
    fn refuses_an_element_already_queued() {
        let mut h = IndexedHeap::new();
        let a = h.create(5);
        assert_eq!(h.offer(a), Ok(()));
        assert_eq!(h.offer(a), Err(AlreadyQueued { index: 0 }));
        assert_eq!(h.len(), 1);
    }

    #[test]
    fn worked_example_matches_netty() {
        // Worked by hand from Netty's source: offer 5,3,9,1,7; remove 3; poll.
        let mut h = IndexedHeap::new();
        let hs: Vec<_> = [5, 3, 9, 1, 7].iter().map(|&k| h.create(k)).collect();
        for &n in &hs {
            h.offer(n).unwrap();
        }
        assert_eq!(keys(&h), vec![1, 3, 9, 5, 7]);
        assert_eq!(h.remove(hs[1]), Some(1));
        assert_eq!(keys(&h), vec![1, 5, 9, 7]);
        assert_eq!(h.stored_index(hs[1]), NOT_IN_QUEUE);
        assert!(!h.contains(hs[1]));
        assert_eq!(h.remove(hs[1]), None);
        assert_eq!(h.poll().map(|n| h.key(n)), Some(1));
        assert_eq!(keys(&h), vec![5, 7, 9]);
        for (i, &n) in h.as_slice().iter().enumerate() {
            assert_eq!(h.stored_index(n), i as i32);
        }
    }
}
