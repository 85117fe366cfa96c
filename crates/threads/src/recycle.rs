//! Netty's 2014 Recyclers across real threads, as a pipeline: thread A (the owner) gets an object
//! and hands it through an SPSC ring to thread B, which recycles it. The old Recycler drops every
//! object B recycles (another thread's), so A allocates each one and B frees it; the rewrite sends
//! them home through a WeakOrderQueue (links of 16 handles, each slot published by an ordered
//! store of the write index) that A's empty stack scavenges, one link at a time, after the first
//! scavenge has only moved its cursor, as Netty's code did.
//!
//! One owner and one recycling thread, so there is one WeakOrderQueue; its links are allocated
//! up front (B bumps an index) and never reused within a run.

use std::hint::spin_loop;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicPtr, AtomicU32, AtomicU64, Ordering::*};

use crate::rings::Spsc;
use crate::run::Consumed;
use crate::setup::{SetupError, MAX_OBJECTS, MAX_SLOTS};
use crate::{ConcurrentQueue, Harness, Padded, Producer};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pool {
    Before,
    After,
}

impl Pool {
    pub fn parse(name: &str) -> Option<Pool> {
        match name {
            "recycler-before" => Some(Pool::Before),
            "recycler-after" => Some(Pool::After),
            _ => None,
        }
    }
}

const NIL: u32 = u32::MAX;
const LINK_CAPACITY: u32 = 16;
/// B's queue id: the second id Netty's generator hands out (the first is OWN_THREAD_ID, which
/// only an owner's own recycle would write, and A never recycles here).
const QUEUE_ID: i32 = i32::MIN + 1;

/// The pooled object: four words, as the JVM anchor's (two longs, an int and a reference).
type Object = [AtomicU64; 4];

struct Handle {
    value: AtomicPtr<Object>,
    recycle_id: AtomicI32,
    last_recycled_id: AtomicI32,
}

struct Link {
    elements: [AtomicU32; LINK_CAPACITY as usize],
    /// The AtomicInteger a Link extends: B's ordered store publishes each slot.
    write: AtomicU32,
    /// A's alone.
    read: AtomicU32,
    next: AtomicU32,
}

/// A's own state: its stack of handles, its scavenging cursor (the first link of the queue it
/// takes from, once it has one), and how many objects it has made.
#[derive(Default)]
pub struct Owner {
    stack: Vec<u32>,
    cursor: Option<u32>,
    made: u32,
}

impl Owner {
    pub fn made(&self) -> u32 {
        self.made
    }
}

pub struct RecycleRun {
    pool: Pool,
    n: u32,
    start: AtomicU32,
    ring: Spsc,
    handles: Box<[Handle]>,
    links: Box<[Link]>,
    /// The stack's first WeakOrderQueue, published by B when it makes it: its first link.
    stack_head: Padded<AtomicU32>,
    /// B's: the queue's tail link, and the next link to take.
    tail: Padded<AtomicU32>,
    next_link: AtomicU32,
    /// Objects A has made (read once A is done).
    made: AtomicU32,
    double_handouts: AtomicBool,
}

impl RecycleRun {
    pub fn new(pool: Pool, ring: usize, n: u32) -> Result<RecycleRun, SetupError> {
        if n == 0 || n > MAX_OBJECTS {
            return Err(SetupError::Objects(n));
        }
        if !(2..=MAX_SLOTS).contains(&ring) {
            return Err(SetupError::Ring(ring));
        }
        // Before, every get allocates; after, at most what is in flight (the ring, one link in
        // B's hands, one behind A's cursor) plus the first, cursor-moving get.
        let handles = match pool {
            Pool::Before => n as usize,
            Pool::After => {
                (n as usize).min(ring.next_power_of_two().max(4) + 3 * LINK_CAPACITY as usize + 2)
            }
        };
        let links = match pool {
            Pool::Before => 0,
            Pool::After => n.div_ceil(LINK_CAPACITY) as usize + 1,
        };
        Ok(RecycleRun {
            pool,
            n,
            start: AtomicU32::new(0),
            ring: Spsc::new(ring),
            handles: (0..handles)
                .map(|_| Handle {
                    value: AtomicPtr::new(std::ptr::null_mut()),
                    recycle_id: AtomicI32::new(0),
                    last_recycled_id: AtomicI32::new(0),
                })
                .collect(),
            links: (0..links)
                .map(|_| Link {
                    elements: std::array::from_fn(|_| AtomicU32::new(0)),
                    write: AtomicU32::new(0),
                    read: AtomicU32::new(0),
                    next: AtomicU32::new(NIL),
                })
                .collect(),
            stack_head: Padded(AtomicU32::new(NIL)),
            tail: Padded(AtomicU32::new(NIL)),
            next_link: AtomicU32::new(0),
            made: AtomicU32::new(0),
            double_handouts: AtomicBool::new(false),
        })
    }

    /// Whether A was ever handed a handle twice (a pooled one still in use), or ran out of them.
    pub fn handed_out_twice(&self) -> bool {
        self.double_handouts.load(Relaxed)
    }

    fn wait(&self) {
        while self.start.load(Acquire) == 0 {
            spin_loop();
        }
    }

    fn allocate(&self, made: &mut u32) -> Option<u32> {
        let h = *made;
        let handle = self.handles.get(h as usize)?;
        *made += 1;
        let obj: Box<Object> = Box::new(std::array::from_fn(|_| AtomicU64::new(0)));
        handle.value.store(Box::into_raw(obj), Relaxed);
        Some(h)
    }

    /// A's `transfer`: one link's published handles onto the stack; `head` is A's link.
    fn transfer(&self, head: &mut u32, stack: &mut Vec<u32>) -> bool {
        let mut link = &self.links[*head as usize];
        if link.read.load(Relaxed) == LINK_CAPACITY {
            let next = link.next.load(Acquire);
            if next == NIL {
                return false;
            }
            *head = next;
            link = &self.links[next as usize];
        }
        let start = link.read.load(Relaxed);
        let end = link.write.load(Acquire);
        if start == end {
            return false;
        }
        for i in start..end {
            let h = link.elements[i as usize].load(Relaxed) - 1;
            let handle = &self.handles[h as usize];
            if handle.recycle_id.load(Relaxed) == 0 {
                handle
                    .recycle_id
                    .store(handle.last_recycled_id.load(Relaxed), Relaxed);
            }
            stack.push(h);
        }
        if end == LINK_CAPACITY {
            let next = link.next.load(Acquire);
            if next != NIL {
                *head = next;
            }
        }
        link.read.store(end, Relaxed);
        true
    }

    /// A's `get`: pop, scavenging when the stack is empty (the first time only moving the
    /// cursor), else make a new object. Returns the handle, numbered in the order A made them.
    pub fn get(&self, owner: &mut Owner) -> u32 {
        let Owner {
            stack,
            cursor,
            made,
        } = owner;
        if self.pool == Pool::After && stack.is_empty() {
            match cursor {
                // The cursor starts null: this scavenge only moves it to the first queue.
                None => {
                    let head = self.stack_head.load(Acquire);
                    *cursor = (head != NIL).then_some(head);
                }
                Some(head) => {
                    self.transfer(head, stack);
                }
            }
        }
        if let Some(h) = stack.pop() {
            let handle = &self.handles[h as usize];
            if handle.last_recycled_id.load(Relaxed) != handle.recycle_id.load(Relaxed) {
                self.double_handouts.store(true, Relaxed);
            }
            handle.recycle_id.store(0, Relaxed);
            handle.last_recycled_id.store(0, Relaxed);
            return h;
        }
        match self.allocate(made) {
            Some(h) => h,
            None => {
                // More in flight than the handles sized for: a bug in this harness, reported.
                self.double_handouts.store(true, Relaxed);
                0
            }
        }
    }

    /// B's recycle of a handle it received: dropped (before) or queued home (after).
    pub fn recycle(&self, h: u32) {
        let handle = &self.handles[h as usize];
        match self.pool {
            Pool::Before => {
                // Another thread's object: recycle returns false; the collector frees it.
                let p = handle.value.swap(std::ptr::null_mut(), Relaxed);
                if !p.is_null() {
                    // SAFETY: made by `Box::into_raw` in `allocate`; A no longer holds it (it
                    // handed it over), and the swap leaves nobody else a copy.
                    drop(unsafe { Box::from_raw(p) });
                }
            }
            Pool::After => {
                let mut tail = self.tail.load(Relaxed);
                if tail == NIL {
                    // B's first recycle for A's stack: a new WeakOrderQueue, linked onto it.
                    tail = self.next_link.fetch_add(1, Relaxed);
                    self.tail.store(tail, Relaxed);
                    self.stack_head.store(tail, Release);
                }
                handle.last_recycled_id.store(QUEUE_ID, Relaxed);
                let mut link = &self.links[tail as usize];
                let mut w = link.write.load(Relaxed);
                if w == LINK_CAPACITY {
                    let next = self.next_link.fetch_add(1, Relaxed);
                    link.next.store(next, Release);
                    self.tail.store(next, Relaxed);
                    link = &self.links[next as usize];
                    w = 0;
                }
                link.elements[w as usize].store(h + 1, Relaxed);
                link.write.store(w + 1, Release);
            }
        }
    }
}

impl Harness for RecycleRun {
    fn start(&self) {
        self.start.store(1, Release);
    }

    /// A: gets `n` objects, writes each, hands it to B; returns [offers that found the ring full,
    /// objects made].
    fn produce(&self, _id: u32) -> [u64; 2] {
        self.wait();
        let mut owner = Owner::default();
        let mut full = 0u64;
        let mut producer = Producer::new(0);
        for i in 0..self.n {
            let h = self.get(&mut owner);
            let obj = self.handles[h as usize].value.load(Relaxed);
            // SAFETY: A holds the object between get and hand-over; it stays allocated until B
            // frees it (before) or forever (after).
            unsafe { (*obj)[0].store(u64::from(i), Relaxed) };
            while !self.ring.offer(&mut producer, h + 1) {
                full += 1;
                spin_loop();
            }
        }
        // After, the rewrite's own handles stay pooled; record what was made for the report.
        if self.pool == Pool::After {
            debug_assert!(owner.stack.len() <= owner.made as usize);
        }
        self.made.store(owner.made, Release);
        [full, u64::from(owner.made)]
    }

    /// B: receives every object and recycles it.
    fn consume(&self) -> Consumed {
        self.wait();
        let mut c = Consumed::default();
        while c.received < u64::from(self.n) {
            match self.ring.poll() {
                Some(e) => {
                    let h = e - 1;
                    let obj = self.handles[h as usize].value.load(Relaxed);
                    // SAFETY: as in `produce`: B holds it until it recycles it.
                    c.checksum = c.checksum.wrapping_add(unsafe { (*obj)[0].load(Relaxed) });
                    self.recycle(h);
                    c.received += 1;
                }
                None => {
                    c.empty_polls += 1;
                    spin_loop();
                }
            }
        }
        if self.handed_out_twice() {
            c.out_of_order += 1;
        }
        c
    }

    /// Every object carried its sequence number once.
    fn expected_checksum(&self) -> u64 {
        u64::from(self.n) * u64::from(self.n - 1) / 2
    }
}

impl Drop for RecycleRun {
    fn drop(&mut self) {
        for h in self.handles.iter() {
            let p = h.value.swap(std::ptr::null_mut(), Relaxed);
            if !p.is_null() {
                // SAFETY: every thread is done; each object is freed once (swapped out).
                drop(unsafe { Box::from_raw(p) });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn race(pool: Pool, ring: usize, n: u32) -> (Consumed, u64) {
        let run = Arc::new(RecycleRun::new(pool, ring, n).unwrap());
        let a = {
            let r = run.clone();
            std::thread::spawn(move || r.produce(0))
        };
        let b = {
            let r = run.clone();
            std::thread::spawn(move || r.consume())
        };
        run.start();
        let [_, made] = a.join().unwrap();
        let c = b.join().unwrap();
        assert_eq!(
            c.checksum,
            run.expected_checksum(),
            "{pool:?}: every object once"
        );
        assert_eq!(c.out_of_order, 0, "{pool:?}: no object handed out twice");
        (c, made)
    }

    #[test]
    fn the_old_pool_makes_every_object_and_the_rewrite_reuses_them() {
        for ring in [2, 64, 1024] {
            let (c, made) = race(Pool::Before, ring, 100_000);
            assert_eq!((c.received, made), (100_000, 100_000));
            let (c, made) = race(Pool::After, ring, 100_000);
            assert_eq!(c.received, 100_000);
            assert!(made < 100_000 / 10, "ring {ring}: the rewrite made {made}");
        }
    }
}
