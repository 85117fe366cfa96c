//! `java.util.PriorityQueue`, step for step: an array binary min-heap whose `remove(Object)`
//! finds its victim by scanning the array from index 0.
//!
//! Fidelity notes: the backing array starts at 11 slots and grows like the JDK's
//! (`old + (old < 64 ? old + 2 : old >> 1)`); sifting keeps the moving element "in hand" and
//! writes it once at the end, as the JDK does; `removeAt` sifts down and then, if the moved
//! element did not move, sifts up. The array layout after any sequence of operations is the
//! JDK's, element for element.

use std::cmp::Ordering;

#[cfg_attr(feature = "strip-probes", allow(unused_imports))]
use crate::priority::{grown_capacity, HeapEvent, HeapOp, Loc, INITIAL_CAPACITY};
use crate::probe::{NoProbe, Probe};
use crate::reference::Ref;

pseudocode! {
    OFFER => "offer(x):",
    OFFER_GROW => "  if size = a.length: grow a",
    OFFER_SIFT => "  siftUp(size, x); size ← size + 1",
    POLL => "poll():",
    POLL_TAKE_LAST => "  result ← a[0]; size ← size − 1; x ← a[size]; a[size] ← null",
    POLL_SIFT => "  if size > 0: siftDown(0, x)",
    REMOVE => "remove(o):",
    REMOVE_SCAN => "  for i in 0 ..< size: if o.equals(a[i]): removeAt(i); return true",
    REMOVE_AT => "removeAt(i):",
    REMOVE_AT_LAST => "  size ← size − 1; if i = size: a[i] ← null; return",
    REMOVE_AT_SIFT_DOWN => "  moved ← a[size]; a[size] ← null; siftDown(i, moved)",
    REMOVE_AT_SIFT_UP => "  if a[i] = moved: siftUp(i, moved)",
    SIFT_UP => "siftUp(k, x):",
    SIFT_UP_COMPARE => "  while k > 0: p ← (k − 1) / 2; if x ≥ a[p]: break",
    SIFT_UP_MOVE => "    a[k] ← a[p]; k ← p",
    SIFT_UP_PLACE => "  a[k] ← x",
    SIFT_DOWN => "siftDown(k, x):",
    SIFT_DOWN_CHILD => "  while k < size / 2: c ← 2k + 1; if c + 1 < size and a[c] > a[c + 1]: c ← c + 1",
    SIFT_DOWN_COMPARE => "    if x ≤ a[c]: break",
    SIFT_DOWN_MOVE => "    a[k] ← a[c]; k ← c",
    SIFT_DOWN_PLACE => "  a[k] ← x",
}

/// How the JDK's `remove(Object)` finds its element: `equals` from slot 0, the first match wins.
/// An element type may find it faster, as long as the answer is the same slot (the probe still
/// hears every `equals` the JDK makes).
pub trait Scan: PartialEq + Sized {
    fn position(a: &[Self], o: &Self) -> Option<usize> {
        a.iter().position(|e| e == o)
    }
}

/// For elements that are 32-bit references with identity `equals` (a compressed reference):
/// compared many slots a step, with wasm's simd128 in wasm.
pub fn position_u32(a: &[u32], w: u32) -> Option<usize> {
    #[cfg(target_arch = "wasm32")]
    let i = simd_prefix(a, w);
    #[cfg(not(target_arch = "wasm32"))]
    let i = {
        // An OR of equalities over a block, no branch inside: compilers vectorize this.
        let mut i = 0;
        while i + 32 <= a.len() {
            if a[i..i + 32].iter().fold(false, |any, &x| any | (x == w)) {
                break;
            }
            i += 32;
        }
        i
    };
    a[i..].iter().position(|&x| x == w).map(|j| i + j)
}

/// How many leading slots of `a` hold no `w`, in steps of 32 slots and then of 4: the scalar
/// search goes on from there. SIMD here only, so the rest of the module is not autovectorized
/// (every browser the lab supports runs simd128).
#[cfg(target_arch = "wasm32")]
#[target_feature(enable = "simd128")]
fn simd_prefix(a: &[u32], w: u32) -> usize {
    use core::arch::wasm32::{i32x4_eq, u32x4_splat, v128, v128_any_true, v128_load, v128_or};
    let needle = u32x4_splat(w);
    let mut i = 0;
    // 32 slots a step: one test and branch per eight compares (V8 spends four instructions on
    // each `any_true` and its branch).
    while i + 32 <= a.len() {
        let p = a[i..i + 32].as_ptr() as *const v128;
        // SAFETY: `p` points at 32 in-bounds u32s, 128 bytes: eight unaligned v128 loads.
        let hit = unsafe {
            let eq = |k: usize| i32x4_eq(v128_load(p.add(k)), needle);
            v128_or(
                v128_or(v128_or(eq(0), eq(1)), v128_or(eq(2), eq(3))),
                v128_or(v128_or(eq(4), eq(5)), v128_or(eq(6), eq(7))),
            )
        };
        if v128_any_true(hit) {
            break;
        }
        i += 32;
    }
    // Then four slots a step, for what is left of a short array or the block with the hit.
    while i + 4 <= a.len() {
        let p = a[i..i + 4].as_ptr() as *const v128;
        // SAFETY: `p` points at 4 in-bounds u32s: one unaligned v128 load.
        if v128_any_true(i32x4_eq(unsafe { v128_load(p) }, needle)) {
            break;
        }
        i += 4;
    }
    i
}

impl Scan for u64 {}

// A heap's elements are object references ([`Ref`], one 4-byte word, as HotSpot's compressed
// references are), here indices into the table the heap's [`Order`] reads. `equals` is identity
// (the task classes do not override `Object.equals`). Holding references rather than the keys
// inline keeps the JDK's memory traffic: a scan reads 4 bytes a slot, and each comparison reads
// through the reference, as `compareTo` does. A heap never holds null.
impl Scan for Ref {
    fn position(a: &[Ref], o: &Ref) -> Option<usize> {
        // SAFETY: Ref is a transparent u32, and its equality is the u32's.
        let words = unsafe { std::slice::from_raw_parts(a.as_ptr().cast::<u32>(), a.len()) };
        position_u32(words, o.0)
    }
}

/// How the heap orders its elements: their own `compareTo` ([`Natural`]), or a comparator, as a
/// `PriorityQueue` constructed with one (the sift is the same either way).
pub trait Order<T> {
    fn cmp(&self, a: &T, b: &T) -> Ordering;
    /// Checked once as an element enters the heap (`offer`), so that comparisons need not be.
    fn admit(&self, _x: &T) {}
    /// `x` compared with one element after another, as a sift compares the element it holds down
    /// or up a path: what the comparison reads of `x` is read once, as HotSpot hoists those loads
    /// out of the loop (it knows the array stores in between cannot change a task's fields; in
    /// wasm's one linear memory the engine cannot tell, and would load them again each level).
    fn holding<'a>(&'a self, x: &T) -> impl Fn(&T) -> Ordering + 'a
    where
        T: Copy + 'a,
    {
        let x = *x;
        move |b| self.cmp(&x, b)
    }
}

/// The elements' natural order (`Comparable`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Natural;

impl<T: Ord> Order<T> for Natural {
    #[inline(always)]
    fn cmp(&self, a: &T, b: &T) -> Ordering {
        a.cmp(b)
    }
}

/// References ordered by a key each referenced object holds: `keys[r]`, read through the
/// reference, as `compareTo` reads a field of both objects. The table is a `Vec` that only grows
/// (objects are made, never freed, while the heap lives) or an `Rc<[K]>` many heaps share.
#[derive(Clone, Debug, Default)]
pub struct ByKey<C>(C);

/// The tables [`ByKey`] reads, neither of which can shrink behind its back.
pub trait KeyTable {
    type Key: Ord;
    fn keys(&self) -> &[Self::Key];
}

impl<K: Ord> KeyTable for Vec<K> {
    type Key = K;
    fn keys(&self) -> &[K] {
        self
    }
}

impl<K: Ord> KeyTable for std::rc::Rc<[K]> {
    type Key = K;
    fn keys(&self) -> &[K] {
        self
    }
}

impl<C> ByKey<C> {
    pub fn new(table: C) -> Self {
        Self(table)
    }

    pub fn table(&self) -> &C {
        &self.0
    }
}

impl<K> ByKey<Vec<K>> {
    /// A new object with this key, and the reference to it.
    pub fn push(&mut self, key: K) -> Ref {
        self.0.push(key);
        Ref(self.0.len() as u32 - 1)
    }
}

impl<C: KeyTable<Key: Copy>> Order<Ref> for ByKey<C> {
    #[inline(always)]
    fn cmp(&self, a: &Ref, b: &Ref) -> Ordering {
        let keys = self.0.keys();
        // SAFETY: both are elements of the heap, each admitted below when it was offered, and
        // the table cannot shrink (a private Vec that only `push` touches, or an immutable Rc).
        unsafe {
            keys.get_unchecked(a.0 as usize)
                .cmp(keys.get_unchecked(b.0 as usize))
        }
    }

    #[inline(always)]
    fn holding<'a>(&'a self, x: &Ref) -> impl Fn(&Ref) -> Ordering + 'a
    where
        Ref: Copy + 'a,
    {
        let keys = self.0.keys();
        // SAFETY: as in `cmp`.
        let kx = unsafe { *keys.get_unchecked(x.0 as usize) };
        move |b| unsafe { kx.cmp(keys.get_unchecked(b.0 as usize)) }
    }

    fn admit(&self, x: &Ref) {
        assert!(
            (x.0 as usize) < self.0.keys().len(),
            "a reference to no object: {} of {}",
            x.0,
            self.0.keys().len()
        );
    }
}

#[derive(Clone, Debug)]
pub struct JdkHeap<T, P: Probe<HeapEvent> = NoProbe, O: Order<T> = Natural> {
    /// The live prefix of the JDK's array: `a[0..size]`. Slots past `size` are null in Java.
    a: Vec<T>,
    /// The length of the JDK's backing array (allocated slots, live or null).
    capacity: usize,
    pub probe: P,
    /// What `compareTo` reads (for `ByKey`, the referenced objects' keys).
    pub order: O,
}

impl<T: Ord + Copy + Scan> JdkHeap<T, NoProbe> {
    pub fn new() -> Self {
        Self::with_probe(NoProbe)
    }
}

impl<T: Ord + Copy + Scan> Default for JdkHeap<T, NoProbe> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Ord + Copy + Scan, P: Probe<HeapEvent>> JdkHeap<T, P> {
    pub fn with_probe(probe: P) -> Self {
        Self::with_order(Natural, probe)
    }
}

impl<T: Copy + Scan, P: Probe<HeapEvent>, O: Order<T>> JdkHeap<T, P, O> {
    pub fn with_order(order: O, probe: P) -> Self {
        Self {
            a: Vec::with_capacity(INITIAL_CAPACITY),
            capacity: INITIAL_CAPACITY,
            probe,
            order,
        }
    }

    pub fn len(&self) -> usize {
        self.a.len()
    }

    pub fn is_empty(&self) -> bool {
        self.a.is_empty()
    }

    /// Allocated slots of the backing array, as the JDK would have them.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The array in index order (the live slots).
    pub fn as_slice(&self) -> &[T] {
        &self.a
    }

    pub fn peek(&self) -> Option<T> {
        self.a.first().copied()
    }

    pub fn offer(&mut self, x: T) {
        self.order.admit(&x);
        probe!(self.probe.line(line::OFFER));
        probe!(self.probe.event(HeapEvent::Begin(HeapOp::Offer)));
        let k = self.a.len();
        if k >= self.capacity {
            probe!(self.probe.line(line::OFFER_GROW));
            let new = grown_capacity(self.capacity);
            probe!(self.probe.event(HeapEvent::Grow {
                old: self.capacity,
                new
            }));
            self.capacity = new;
            self.a.reserve_exact(new - self.a.len());
        }
        probe!(self.probe.line(line::OFFER_SIFT));
        // Open the slot at `size`; sift_up fills it (and every slot it vacates) from the hand.
        self.a.push(x);
        self.sift_up(k, x);
    }

    pub fn poll(&mut self) -> Option<T> {
        probe!(self.probe.line(line::POLL));
        probe!(self.probe.event(HeapEvent::Begin(HeapOp::Poll)));
        let result = *self.a.first()?;
        probe!(self.probe.line(line::POLL_TAKE_LAST));
        probe!(self.probe.event(HeapEvent::Take { slot: 0 }));
        let n = self.a.len() - 1;
        let x = self.a.pop().expect("non-empty");
        if n > 0 {
            probe!(self.probe.event(HeapEvent::Lift { slot: n }));
            probe!(self.probe.line(line::POLL_SIFT));
            self.sift_down(0, x);
        } else {
            probe!(self.probe.event(HeapEvent::Clear { slot: 0 }));
        }
        Some(result)
    }

    /// `remove(Object)`: a linear `equals()` scan from index 0, then `removeAt`.
    /// Returns the index the element was found at, or `None` if it is not queued.
    pub fn remove(&mut self, o: &T) -> Option<usize> {
        probe!(self.probe.line(line::REMOVE));
        probe!(self.probe.event(HeapEvent::Begin(HeapOp::Remove)));
        let i = self.index_of(o)?;
        self.remove_at(i);
        Some(i)
    }

    /// The JDK's scan: `equals` from slot 0 until one matches. The probe hears every call the JDK
    /// makes, in order, once the slot is known.
    fn index_of(&mut self, o: &T) -> Option<usize> {
        let found = T::position(&self.a, o);
        let scanned = found.map_or(self.a.len(), |i| i + 1);
        for i in 0..scanned {
            probe!(self.probe.line(line::REMOVE_SCAN));
            probe!(self.probe.event(HeapEvent::Equals {
                slot: i,
                matched: Some(i) == found
            }));
        }
        found
    }

    fn remove_at(&mut self, i: usize) {
        probe!(self.probe.line(line::REMOVE_AT));
        probe!(self.probe.event(HeapEvent::Take { slot: i }));
        let s = self.a.len() - 1;
        if s == i {
            probe!(self.probe.line(line::REMOVE_AT_LAST));
            probe!(self.probe.event(HeapEvent::Clear { slot: i }));
            self.a.pop();
            return;
        }
        probe!(self.probe.line(line::REMOVE_AT_SIFT_DOWN));
        let moved = self.a.pop().expect("non-empty");
        probe!(self.probe.event(HeapEvent::Lift { slot: s }));
        self.sift_down(i, moved);
        // The JDK tests identity (`queue[i] == moved`); keys are unique, so equality is identity.
        if self.a[i] == moved {
            probe!(self.probe.line(line::REMOVE_AT_SIFT_UP));
            probe!(self.probe.event(HeapEvent::Lift { slot: i }));
            self.sift_up(i, moved);
        }
    }

    fn sift_up(&mut self, mut k: usize, x: T) {
        probe!(self.probe.line(line::SIFT_UP));
        let x_vs = self.order.holding(&x);
        while k > 0 {
            probe!(self.probe.line(line::SIFT_UP_COMPARE));
            let parent = (k - 1) >> 1;
            let e = self.a[parent];
            let ord = x_vs(&e);
            probe!(self.probe.event(HeapEvent::Compare {
                a: Loc::Held,
                b: Loc::Slot(parent),
                ord
            }));
            if ord != Ordering::Less {
                break;
            }
            probe!(self.probe.line(line::SIFT_UP_MOVE));
            self.a[k] = e;
            probe!(self.probe.event(HeapEvent::Move {
                from: Loc::Slot(parent),
                to: k
            }));
            k = parent;
        }
        probe!(self.probe.line(line::SIFT_UP_PLACE));
        self.a[k] = x;
        probe!(self.probe.event(HeapEvent::Move {
            from: Loc::Held,
            to: k
        }));
    }

    fn sift_down(&mut self, mut k: usize, x: T) {
        probe!(self.probe.line(line::SIFT_DOWN));
        let n = self.a.len();
        let half = n >> 1;
        let x_vs = self.order.holding(&x);
        while k < half {
            probe!(self.probe.line(line::SIFT_DOWN_CHILD));
            let mut child = (k << 1) + 1;
            let mut c = self.a[child];
            let right = child + 1;
            if right < n {
                let ord = self.order.cmp(&c, &self.a[right]);
                probe!(self.probe.event(HeapEvent::Compare {
                    a: Loc::Slot(child),
                    b: Loc::Slot(right),
                    ord
                }));
                if ord == Ordering::Greater {
                    // Asks for a branch, not a select: a select makes the next level's loads
                    // wait for this compare. x86 code turns such selects back into branches (its
                    // cmov converter); wasm keeps them, and in-order cancels ran 1.7× slower.
                    std::hint::cold_path();
                    child = right;
                    c = self.a[child];
                }
            }
            probe!(self.probe.line(line::SIFT_DOWN_COMPARE));
            let ord = x_vs(&c);
            probe!(self.probe.event(HeapEvent::Compare {
                a: Loc::Held,
                b: Loc::Slot(child),
                ord
            }));
            if ord != Ordering::Greater {
                break;
            }
            probe!(self.probe.line(line::SIFT_DOWN_MOVE));
            self.a[k] = c;
            probe!(self.probe.event(HeapEvent::Move {
                from: Loc::Slot(child),
                to: k
            }));
            k = child;
        }
        probe!(self.probe.line(line::SIFT_DOWN_PLACE));
        self.a[k] = x;
        probe!(self.probe.event(HeapEvent::Move {
            from: Loc::Held,
            to: k
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_ordered_through_a_table_lay_out_as_the_keys_themselves() {
        // Distinct keys in a scrambled order; offers, polls and removals (by identity for the
        // references, by value for the keys: the same element either way).
        let keys: Vec<u64> = (0..300u64).map(|i| (i * 7919) % 1009).collect();
        let mut by_ref: JdkHeap<Ref, NoProbe, ByKey<Vec<u64>>> =
            JdkHeap::with_order(ByKey::default(), NoProbe);
        let mut by_value: JdkHeap<u64> = JdkHeap::new();
        for (i, &k) in keys.iter().enumerate() {
            let r = by_ref.order.push(k);
            by_ref.offer(r);
            by_value.offer(k);
            if i % 5 == 4 {
                assert_eq!(by_ref.poll().map(|r| keys[r.0 as usize]), by_value.poll());
            }
            if i % 7 == 6 {
                let victim = keys[i / 2];
                assert_eq!(
                    by_ref.remove(&Ref((i / 2) as u32)),
                    by_value.remove(&victim)
                );
            }
            let through: Vec<u64> = by_ref
                .as_slice()
                .iter()
                .map(|r| keys[r.0 as usize])
                .collect();
            assert_eq!(through, by_value.as_slice());
        }
    }

    #[test]
    #[should_panic(expected = "a reference to no object: 3 of 2")]
    fn a_reference_to_no_object_is_refused_as_it_enters() {
        let mut h: JdkHeap<Ref, NoProbe, ByKey<Vec<u64>>> =
            JdkHeap::with_order(ByKey::default(), NoProbe);
        h.order.push(5);
        h.order.push(6);
        h.offer(Ref(3));
    }

    #[test]
    fn growth_follows_the_jdk_rule() {
        let mut h = JdkHeap::new();
        let mut seen = vec![h.capacity()];
        for i in 0..200 {
            h.offer(i);
            if *seen.last().unwrap() != h.capacity() {
                seen.push(h.capacity());
            }
        }
        assert_eq!(seen, vec![11, 24, 50, 102, 153, 229]);
    }

    #[test]
    fn ascending_inserts_leave_a_sorted_array() {
        let mut h = JdkHeap::new();
        for i in 1..=100 {
            h.offer(i);
        }
        assert_eq!(h.as_slice(), (1..=100).collect::<Vec<_>>().as_slice());
    }

    #[test]
    fn layout_matches_a_worked_jdk_example() {
        // Worked by hand from the JDK source: offer 5,3,9,1,7 then remove(3), then poll.
        let mut h = JdkHeap::new();
        for x in [5, 3, 9, 1, 7] {
            h.offer(x);
        }
        assert_eq!(h.as_slice(), &[1, 3, 9, 5, 7]);
        assert_eq!(h.remove(&3), Some(1));
        assert_eq!(h.as_slice(), &[1, 5, 9, 7]);
        assert_eq!(h.poll(), Some(1));
        assert_eq!(h.as_slice(), &[5, 7, 9]);
        assert_eq!(h.remove(&42), None);
    }
}
