//! `java.util.concurrent.ConcurrentLinkedQueue` (JDK 17) with real CASes: tail and head that
//! lag, self-linked ex-heads. Nodes live in their producer's arena until the queue is dropped, so
//! no node is freed while a thread may still hold it (what the JVM's collector guarantees).

use std::ptr::null_mut;
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering::*};

use crate::{ConcurrentQueue, Element, Padded, Producer};

pub struct Node {
    item: AtomicU32,
    next: AtomicPtr<Node>,
}

pub struct Clq {
    head: Padded<AtomicPtr<Node>>,
    tail: Padded<AtomicPtr<Node>>,
    _dummy: Box<Node>,
}

impl Clq {
    pub fn new() -> Self {
        let mut dummy = Box::new(Node {
            item: AtomicU32::new(0),
            next: AtomicPtr::new(null_mut()),
        });
        let d: *mut Node = &mut *dummy;
        Self {
            head: Padded(AtomicPtr::new(d)),
            tail: Padded(AtomicPtr::new(d)),
            _dummy: dummy,
        }
    }

    fn update_head(&self, h: *mut Node, p: *mut Node) {
        if h != p && self.head.compare_exchange(h, p, AcqRel, Acquire).is_ok() {
            // SAFETY: nodes outlive the run (arenas are dropped with the harness).
            unsafe { (*h).next.store(h, Release) };
        }
    }
}

impl Default for Clq {
    fn default() -> Self {
        Self::new()
    }
}

/// A producer's arena, with room for `n` nodes (allocated before the run, untimed).
pub fn arena(n: usize) -> Vec<Node> {
    Vec::with_capacity(n)
}

impl ConcurrentQueue for Clq {
    fn offer(&self, producer: &mut Producer, e: Element) -> bool {
        assert!(
            producer.nodes.len() < producer.nodes.capacity(),
            "the producer's arena is full"
        );
        producer.nodes.push(Node {
            item: AtomicU32::new(e),
            next: AtomicPtr::new(null_mut()),
        });
        let n: *mut Node = producer.nodes.last_mut().unwrap();
        let mut t = self.tail.load(Acquire);
        let mut p = t;
        // SAFETY: every pointer here is the dummy or an arena node, alive for the whole run.
        unsafe {
            loop {
                let q = (*p).next.load(Acquire);
                if q.is_null() {
                    if (*p)
                        .next
                        .compare_exchange(null_mut(), n, AcqRel, Acquire)
                        .is_ok()
                    {
                        if p != t {
                            let _ = self.tail.compare_exchange(t, n, AcqRel, Acquire);
                        }
                        return true;
                    }
                } else if p == q {
                    // Fell off the list: t != (t = tail) ? t : head
                    let now = self.tail.load(Acquire);
                    let changed = now != t;
                    t = now;
                    p = if changed { t } else { self.head.load(Acquire) };
                } else {
                    // Hop: (p != t && t != (t = tail)) ? t : q
                    let moved = p != t && {
                        let now = self.tail.load(Acquire);
                        let changed = now != t;
                        t = now;
                        changed
                    };
                    p = if moved { t } else { q };
                }
            }
        }
    }

    fn poll(&self) -> Option<Element> {
        // SAFETY: as in offer.
        unsafe {
            'restart: loop {
                let h = self.head.load(Acquire);
                let mut p = h;
                loop {
                    let item = (*p).item.load(Acquire);
                    if item != 0 && (*p).item.compare_exchange(item, 0, AcqRel, Acquire).is_ok() {
                        if p != h {
                            let q = (*p).next.load(Acquire);
                            self.update_head(h, if q.is_null() { p } else { q });
                        }
                        return Some(item);
                    }
                    let q = (*p).next.load(Acquire);
                    if q.is_null() {
                        self.update_head(h, p);
                        return None;
                    } else if p == q {
                        continue 'restart;
                    }
                    p = q;
                }
            }
        }
    }
}
