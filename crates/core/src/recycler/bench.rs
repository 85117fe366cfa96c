//! The `recycler` kernels: `RecyclableArrayListBenchmark.recycleSameThread` of Netty's 2014
//! commit. One invocation gets a pooled list, `ensureCapacity(size)`, `clear()`, and recycles it,
//! on one thread (the original ran four threads, each with its own stack, and summed them).
//!
//! Designs: the old Recycler with the assertion map (the JVM flags of the time, `-ea:io.netty...`),
//! the old one without it, the rewrite, and no pool at all (a new list every time). The pooled
//! list is `java.util.ArrayList` as far as this loop sees it: an element array that starts at 8
//! slots and grows to `max(1.5 × length, needed)`, zeroed as Java's arrays are.

use crate::probe::NoProbe;
use crate::recycler::stack::StackRecycler;
use crate::recycler::weak_order::WeakOrderRecycler;
use crate::recycler::{VirtualRecycler, DEFAULT_MAX_CAPACITY};

/// The benchmark's `@Param size`: "00000" … "65536".
pub const SIZES: [usize; 6] = [0, 256, 1024, 4096, 16_384, 65_536];

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
        let old = self.element_data.len();
        let new = (old + (old >> 1)).max(min);
        let mut grown = vec![0; new];
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

enum Pool {
    Before(StackRecycler<NoProbe>),
    After(WeakOrderRecycler<NoProbe>),
    None,
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
            PoolDesign::Allocate => Pool::None,
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
            Pool::None => {
                for _ in 0..k {
                    let mut list = std::hint::black_box(ArrayList::default());
                    list.ensure_capacity(size);
                    list.clear();
                    sum = sum.wrapping_add(list.capacity() as u64);
                }
            }
        }
        (k, sum)
    }
}

impl crate::native_bench::Kernel for RecycleSameThread {
    fn prepare(&mut self, k: usize) {
        RecycleSameThread::prepare(self, k);
    }
    fn run(&mut self) -> (usize, u64) {
        RecycleSameThread::run(self)
    }
}

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
                assert_eq!(sum, 10 * 1024);
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
}
