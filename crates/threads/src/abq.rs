//! `java.util.concurrent.ArrayBlockingQueue`: a ring, `takeIndex`, `putIndex` and `count`, all
//! under one lock (std's mutex: a futex, as `ReentrantLock` parks a waiting thread).

use std::sync::Mutex;

use crate::{ConcurrentQueue, Element, Producer};

struct Ring {
    items: Box<[Element]>,
    take_index: usize,
    put_index: usize,
    count: usize,
}

pub struct Abq {
    lock: Mutex<Ring>,
}

impl Abq {
    pub fn new(capacity: usize) -> Self {
        assert!(capacity >= 1);
        Self {
            lock: Mutex::new(Ring {
                items: vec![0; capacity].into_boxed_slice(),
                take_index: 0,
                put_index: 0,
                count: 0,
            }),
        }
    }
}

impl ConcurrentQueue for Abq {
    fn offer(&self, _: &mut Producer, e: Element) -> bool {
        let mut r = self.lock.lock().unwrap();
        if r.count == r.items.len() {
            return false;
        }
        let at = r.put_index;
        r.items[at] = e;
        r.put_index = if at + 1 == r.items.len() { 0 } else { at + 1 };
        r.count += 1;
        true
    }

    fn poll(&self) -> Option<Element> {
        let mut r = self.lock.lock().unwrap();
        if r.count == 0 {
            return None;
        }
        let at = r.take_index;
        let x = r.items[at];
        r.items[at] = 0;
        r.take_index = if at + 1 == r.items.len() { 0 } else { at + 1 };
        r.count -= 1;
        Some(x)
    }
}
