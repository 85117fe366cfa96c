//! The `recycler` kernels: `RecyclableArrayListBenchmark.recycleSameThread` of Netty's 2014
//! commit. One invocation gets a pooled list, `ensureCapacity(size)`, `clear()`, and recycles it,
//! on one thread (the original ran four threads, each with its own stack, and summed them).
//!
//! Designs: the old Recycler with the assertion map (the JVM flags of the time, `-ea:io.netty...`),
//! the old one without it, the rewrite, and no pool at all (a new list every time). The pooled
//! list is `java.util.ArrayList` as far as this loop sees it: an element array that starts at 8
//! slots and grows to `max(1.5 × length, needed)`, zeroed as Java's arrays are. Without a pool,
//! each invocation's list and array are new objects in a [`Nursery`], allocated as the JVM's young
//! generation allocates them.

use crate::kernel::{Kernel, Suite};
use crate::probe::NoProbe;
use crate::recycler::stack::StackRecycler;
use crate::recycler::weak_order::WeakOrderRecycler;
use crate::recycler::{VirtualRecycler, DEFAULT_MAX_CAPACITY};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolDesign {
    BeforeAssertions,
    Before,
    After,
    Allocate,
}

impl PoolDesign {
    pub const ALL: [PoolDesign; 4] = [
        PoolDesign::BeforeAssertions,
        PoolDesign::Before,
        PoolDesign::After,
        PoolDesign::Allocate,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PoolDesign::BeforeAssertions => "before-ea",
            PoolDesign::Before => "before",
            PoolDesign::After => "after",
            PoolDesign::Allocate => "allocate",
        }
    }

    pub fn parse(name: &str) -> Option<PoolDesign> {
        PoolDesign::ALL.into_iter().find(|d| d.name() == name)
    }
}

/// The part of `ArrayList` the benchmark touches.
#[derive(Clone, Debug)]
pub struct ArrayList {
    element_data: Vec<u32>,
    size: usize,
}

impl Default for ArrayList {
    fn default() -> Self {
        // `RecyclableArrayList` is created with `DEFAULT_INITIAL_CAPACITY = 8`.
        Self {
            element_data: vec![0; 8],
            size: 0,
        }
    }
}

/// `ArrayList.grow`'s new length: half again, or what is needed if that is more.
fn grown_length(old: usize, min: usize) -> usize {
    (old + (old >> 1)).max(min)
}

impl ArrayList {
    #[inline]
    pub fn ensure_capacity(&mut self, min: usize) {
        if min > self.element_data.len() {
            self.grow(min);
        }
    }

    /// `ArrayList.grow`, out of line: the benchmark's list grows once, and the check runs every time.
    #[inline(never)]
    fn grow(&mut self, min: usize) {
        let mut grown = vec![0; grown_length(self.element_data.len(), min)];
        grown[..self.size].copy_from_slice(&self.element_data[..self.size]);
        self.element_data = grown;
    }

    pub fn clear(&mut self) {
        // Java's loop runs `size` times: here, always zero (the benchmark never adds).
        for e in &mut self.element_data[..self.size] {
            *e = 0;
        }
        self.size = 0;
    }

    pub fn capacity(&self) -> usize {
        self.element_data.len()
    }
}

/// The young generation the no-pool design allocates in, as the JVM's does for this loop: a new
/// object takes the next words of a thread-local buffer (a pointer bump), gets its header and is
/// zeroed; when the buffer has no room for the next invocation's objects, a collection finds
/// nothing alive (the benchmark keeps no list past its invocation: JMH's blackhole consumes it)
/// and frees the buffer by moving the pointer back, with nothing to copy. An allocator suited to
/// the pattern, which the issue allows; every object is still made, written and zeroed.
///
/// Objects are laid out as HotSpot's with compressed references, in 4-byte words: an `ArrayList`
/// is a 12-byte header, `modCount`, `size` and `elementData` (24 bytes); an `Object[]` is a 12-byte
/// header and its length (16 bytes), then its slots.
pub struct Nursery {
    words: Vec<u32>,
    top: usize,
    collections: u64,
}

/// A reference: the word where an object starts.
type Obj = usize;

const MARK: u32 = 1; // an unlocked, unhashed object's mark word
const LIST_CLASS: u32 = 0x0001_0000;
const ARRAY_CLASS: u32 = 0x0002_0000;
const HEADER: usize = 3; // mark (two words) and class
const LIST_WORDS: usize = HEADER + 3;
const MOD_COUNT: usize = HEADER;
const SIZE: usize = HEADER + 1;
const ELEMENT_DATA: usize = HEADER + 2;
const LENGTH: usize = HEADER;
const ARRAY_HEADER: usize = HEADER + 1;
/// `ArrayList`'s `DEFAULT_CAPACITY`, the `new ArrayList<>(8)` of the benchmark.
const INITIAL: usize = 8;

impl Nursery {
    /// A buffer that holds many invocations' objects even at the largest size (4 MiB at least).
    fn new(size: usize) -> Self {
        let per_invocation = Self::words_for(size);
        Self {
            words: vec![0; (1 << 20).max(8 * per_invocation)],
            top: 0,
            collections: 0,
        }
    }

    /// The most one invocation allocates: the list, its first array, and the array it grows to.
    fn words_for(size: usize) -> usize {
        LIST_WORDS + ARRAY_HEADER + INITIAL + ARRAY_HEADER + size.max(INITIAL + INITIAL / 2)
    }

    /// Between invocations, when nothing is alive: collect if the next one might not fit.
    #[inline(always)]
    fn make_room(&mut self, size: usize) {
        if self.top + Self::words_for(size) > self.words.len() {
            self.top = 0;
            self.collections += 1;
        }
    }

    #[inline(always)]
    fn allocate(&mut self, class: u32, words: usize) -> Obj {
        let o = self.top;
        self.top += words;
        let object = &mut self.words[o..o + words];
        object.fill(0);
        object[0] = MARK;
        object[2] = class;
        o
    }

    #[inline(always)]
    fn new_array(&mut self, length: usize) -> Obj {
        let a = self.allocate(ARRAY_CLASS, ARRAY_HEADER + length);
        self.words[a + LENGTH] = length as u32;
        a
    }

    #[inline(always)]
    fn new_list(&mut self) -> Obj {
        let l = self.allocate(LIST_CLASS, LIST_WORDS);
        let a = self.new_array(INITIAL);
        self.words[l + ELEMENT_DATA] = a as u32;
        l
    }

    fn capacity(&self, list: Obj) -> usize {
        self.words[self.words[list + ELEMENT_DATA] as usize + LENGTH] as usize
    }

    #[inline(always)]
    fn ensure_capacity(&mut self, list: Obj, min: usize) {
        if min > self.capacity(list) {
            self.words[list + MOD_COUNT] += 1;
            self.grow(list, min);
        }
    }

    /// `Arrays.copyOf`: a new array, the old one's slots copied into it.
    #[inline(never)]
    fn grow(&mut self, list: Obj, min: usize) {
        let old = self.capacity(list);
        let from = self.words[list + ELEMENT_DATA] as usize + ARRAY_HEADER;
        let grown = self.new_array(grown_length(old, min));
        self.words
            .copy_within(from..from + old, grown + ARRAY_HEADER);
        self.words[list + ELEMENT_DATA] = grown as u32;
    }

    /// `clear()`: null the first `size` slots (none here: the benchmark never adds). A loop, as
    /// Java's is: an empty one costs a comparison, where `fill` would call `memset` for 0 bytes.
    #[inline(always)]
    fn clear(&mut self, list: Obj) {
        self.words[list + MOD_COUNT] += 1;
        let size = self.words[list + SIZE] as usize;
        let at = self.words[list + ELEMENT_DATA] as usize + ARRAY_HEADER;
        for e in &mut self.words[at..at + size] {
            *e = 0;
        }
        self.words[list + SIZE] = 0;
    }
}

enum Pool {
    Before(StackRecycler<NoProbe>),
    After(WeakOrderRecycler<NoProbe>),
    None(Nursery),
}

pub struct RecycleSameThread {
    pool: Pool,
    size: usize,
    /// The pooled lists, by the recycler's object number.
    lists: Vec<ArrayList>,
    prepared: usize,
}

impl RecycleSameThread {
    pub fn new(design: PoolDesign, size: usize) -> Self {
        let pool = match design {
            PoolDesign::BeforeAssertions => {
                Pool::Before(StackRecycler::new(1, DEFAULT_MAX_CAPACITY, true, NoProbe))
            }
            PoolDesign::Before => {
                Pool::Before(StackRecycler::new(1, DEFAULT_MAX_CAPACITY, false, NoProbe))
            }
            PoolDesign::After => {
                Pool::After(WeakOrderRecycler::new(1, DEFAULT_MAX_CAPACITY, NoProbe))
            }
            PoolDesign::Allocate => Pool::None(Nursery::new(size)),
        };
        Self {
            pool,
            size,
            lists: Vec::new(),
            prepared: 0,
        }
    }

    pub fn prepare(&mut self, k: usize) {
        self.prepared = k;
    }

    #[inline(always)]
    fn cycle<R: VirtualRecycler>(r: &mut R, lists: &mut Vec<ArrayList>, size: usize) -> u64 {
        // A fault cannot happen in this loop (one thread, each object recycled once); were it to,
        // the invocation still counts and the checksum shows it.
        let Ok(o) = r.get(0) else { return u64::MAX };
        if o as usize == lists.len() {
            lists.push(ArrayList::default());
        }
        let list = &mut lists[o as usize];
        list.ensure_capacity(size);
        list.clear();
        let sum = list.capacity() as u64 + u64::from(o);
        let _ = r.recycle(0, o);
        sum
    }

    /// Runs the prepared invocations; returns (count, checksum).
    pub fn run(&mut self) -> (usize, u64) {
        let (k, size) = (self.prepared, self.size);
        let mut sum = 0u64;
        match &mut self.pool {
            Pool::Before(r) => {
                for _ in 0..k {
                    sum = sum.wrapping_add(Self::cycle(r, &mut self.lists, size));
                }
            }
            Pool::After(r) => {
                for _ in 0..k {
                    sum = sum.wrapping_add(Self::cycle(r, &mut self.lists, size));
                }
            }
            Pool::None(young) => {
                for _ in 0..k {
                    // `new ArrayList<>(8)`, `ensureCapacity(size)`, `clear()`, returned: the
                    // reference escapes into JMH's blackhole after the calls, not before them, so
                    // the compiler may use what it knows of the new object in between, as C2
                    // can; the checksum adds up the references, as the blackhole consumes them.
                    young.make_room(size);
                    let list = young.new_list();
                    young.ensure_capacity(list, size);
                    young.clear(list);
                    sum = sum.wrapping_add(std::hint::black_box(list) as u64);
                }
            }
        }
        (k, sum)
    }
}

impl Kernel for RecycleSameThread {
    fn prepare(&mut self, k: usize) {
        RecycleSameThread::prepare(self, k);
    }
    fn run(&mut self) -> (usize, u64) {
        RecycleSameThread::run(self)
    }
}

/// The Recyclers' suite: `recycler` (design=before-ea|before|after|allocate, size).
pub const SUITES: &[Suite] = &[Suite {
    name: "recycler",
    params: &["design", "size"],
    example: "design=after,size=256",
    build: |p| {
        let design = p.one_of(
            "design",
            PoolDesign::parse,
            &PoolDesign::ALL.map(PoolDesign::name),
        )?;
        Ok(Box::new(RecycleSameThread::new(
            design,
            p.number("size", 0, 1 << 24)? as usize,
        )))
    },
}];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_design_hands_back_a_list_of_the_size_asked() {
        for d in PoolDesign::ALL {
            let mut k = RecycleSameThread::new(d, 1024);
            k.prepare(10);
            let (n, sum) = k.run();
            assert_eq!(n, 10);
            if d == PoolDesign::Allocate {
                // Ten lists, each followed by its first array and the one it grew to.
                let per = LIST_WORDS + (ARRAY_HEADER + 8) + (ARRAY_HEADER + 1024);
                assert_eq!(sum, (0..10).map(|i| (i * per) as u64).sum::<u64>());
                let Pool::None(ref young) = k.pool else {
                    panic!()
                };
                assert_eq!(young.top, 10 * per);
                assert_eq!(young.capacity(9 * per), 1024);
            } else {
                // One list, allocated once and reused: object 0, capacity 1024, every time.
                assert_eq!(sum, 10 * 1024, "{d:?}");
                assert_eq!(k.lists.len(), 1);
            }
        }
        let mut l = ArrayList::default();
        l.ensure_capacity(9);
        assert_eq!(l.capacity(), 12, "grows by half");
    }

    #[test]
    fn the_nursery_makes_every_object_and_collects_only_between_invocations() {
        let mut young = Nursery::new(1024);
        let before = young.words.len();
        let l = young.new_list();
        assert_eq!(young.capacity(l), 8);
        young.ensure_capacity(l, 9);
        assert_eq!(young.capacity(l), 12, "grows by half");
        assert_eq!(
            young.top,
            LIST_WORDS + (ARRAY_HEADER + 8) + (ARRAY_HEADER + 12)
        );
        // Garbage where the next objects go is zeroed as they are made.
        let top = young.top;
        young.words[top..].fill(7);
        let m = young.new_list();
        let a = young.words[m + ELEMENT_DATA] as usize;
        assert_eq!((young.words[m + MOD_COUNT], young.words[m + SIZE]), (0, 0));
        assert!(young.words[a + ARRAY_HEADER..a + ARRAY_HEADER + 8]
            .iter()
            .all(|&w| w == 0));
        assert_eq!(
            young.words.len(),
            before,
            "a collection frees; it never grows the buffer"
        );
        // The kernel collects between invocations, when the next one might not fit.
        let mut k = RecycleSameThread::new(PoolDesign::Allocate, 65_536);
        let Pool::None(ref y) = k.pool else { panic!() };
        let fits = y.words.len() / Nursery::words_for(65_536);
        k.prepare(3 * fits);
        assert_eq!(k.run().0, 3 * fits);
        let Pool::None(ref y) = k.pool else { panic!() };
        // The last invocation's list, just below the top, grew to the size asked.
        let last = y.top - (LIST_WORDS + (ARRAY_HEADER + 8) + (ARRAY_HEADER + 65_536));
        assert_eq!(y.capacity(last), 65_536);
        assert!(y.collections >= 2, "collected {} times", y.collections);
    }
}
