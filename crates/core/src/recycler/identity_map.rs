//! `java.util.IdentityHashMap` (JDK 8–17) as the old Recycler's assertion used it: keys and values
//! interleaved in one array, linear probing two slots at a time, Knuth's deletion that closes the
//! gap. Only what `put(o, TRUE)` and `remove(o)` do is kept; values are always `TRUE`, so only
//! the key slots are stored, at their real (even) indices.

const EMPTY: u32 = u32::MAX;
const MINIMUM_CAPACITY: usize = 4;
const MAXIMUM_CAPACITY: usize = 1 << 29;

#[derive(Clone, Debug)]
pub struct IdentityMap {
    /// `table[i]` for even `i`: the key there (an object number), or empty. Length 2 × capacity.
    table: Vec<u32>,
    size: usize,
}

/// `IdentityHashMap.hash`: the identity hash code spread, then masked to an even index.
fn hash(h: u32, len: usize) -> usize {
    let h = h as i32;
    (h.wrapping_shl(1).wrapping_sub(h.wrapping_shl(8)) as u32 as usize) & (len - 1)
}

fn next_key_index(i: usize, len: usize) -> usize {
    if i + 2 < len {
        i + 2
    } else {
        0
    }
}

/// `IdentityHashMap.capacity(expectedMaxSize)`.
fn capacity(expected: usize) -> usize {
    if expected > MAXIMUM_CAPACITY / 3 {
        MAXIMUM_CAPACITY
    } else if expected <= 2 * MINIMUM_CAPACITY / 3 {
        MINIMUM_CAPACITY
    } else {
        let x = expected + (expected << 1);
        1 << (usize::BITS - 1 - x.leading_zeros())
    }
}

impl IdentityMap {
    /// `new IdentityHashMap<>(expectedMaxSize)`.
    pub fn new(expected_max_size: usize) -> Self {
        Self {
            table: vec![EMPTY; 2 * capacity(expected_max_size)],
            size: 0,
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.size
    }

    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The slot holding `key`, if present (for drawings; probes nothing).
    pub fn slot_of(&self, key: u32, hashes: &[u32]) -> Option<usize> {
        let len = self.table.len();
        let mut i = hash(hashes[key as usize], len);
        loop {
            match self.table[i] {
                k if k == key => return Some(i),
                EMPTY => return None,
                _ => i = next_key_index(i, len),
            }
        }
    }

    /// `put(key, TRUE)`: whether the key was already there (Java returns the old `TRUE`).
    /// `probe` is called with each slot looked at.
    pub fn put(&mut self, key: u32, hashes: &[u32], probe: &mut impl FnMut(usize)) -> bool {
        loop {
            let len = self.table.len();
            let mut i = hash(hashes[key as usize], len);
            loop {
                probe(i);
                match self.table[i] {
                    k if k == key => return true,
                    EMPTY => break,
                    _ => i = next_key_index(i, len),
                }
            }
            let s = self.size + 1;
            // Java: `if (s + (s << 1) > len && resize(len)) continue retryAfterResize;`
            if s + (s << 1) > len && self.resize(len, hashes) {
                continue;
            }
            self.table[i] = key;
            self.size = s;
            return false;
        }
    }

    /// `remove(key)`: whether it was there.
    pub fn remove(&mut self, key: u32, hashes: &[u32], probe: &mut impl FnMut(usize)) -> bool {
        let len = self.table.len();
        let mut i = hash(hashes[key as usize], len);
        loop {
            probe(i);
            match self.table[i] {
                k if k == key => {
                    self.size -= 1;
                    self.table[i] = EMPTY;
                    self.close_deletion(i, hashes);
                    return true;
                }
                EMPTY => return false,
                _ => i = next_key_index(i, len),
            }
        }
    }

    /// Moves later entries of the probe run back into the gap at `d` (Knuth 6.4, Algorithm R).
    fn close_deletion(&mut self, mut d: usize, hashes: &[u32]) {
        let len = self.table.len();
        let mut i = next_key_index(d, len);
        while self.table[i] != EMPTY {
            let item = self.table[i];
            let r = hash(hashes[item as usize], len);
            if (i < r && (r <= d || d <= i)) || (r <= d && d <= i) {
                self.table[d] = item;
                self.table[i] = EMPTY;
                d = i;
            }
            i = next_key_index(i, len);
        }
    }

    /// `resize(newCapacity)` with `newCapacity = len`: doubles the table (false at the maximum).
    fn resize(&mut self, new_capacity: usize, hashes: &[u32]) -> bool {
        let new_length = new_capacity * 2;
        let old_length = self.table.len();
        if old_length == 2 * MAXIMUM_CAPACITY {
            assert!(self.size < MAXIMUM_CAPACITY - 1, "Capacity exhausted.");
            return false;
        }
        if old_length >= new_length {
            return false;
        }
        let old = std::mem::replace(&mut self.table, vec![EMPTY; new_length]);
        for key in old.into_iter().step_by(2).filter(|&k| k != EMPTY) {
            let mut i = hash(hashes[key as usize], new_length);
            while self.table[i] != EMPTY {
                i = next_key_index(i, new_length);
            }
            self.table[i] = key;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SplitMix;
    use std::collections::HashSet;

    #[test]
    fn sized_as_the_jdk_sizes_it() {
        // The old Recycler's map: expectedMaxSize 256 → capacity 512 → 1,024 array slots.
        assert_eq!(IdentityMap::new(256).table_len(), 1024);
        assert_eq!(IdentityMap::new(0).table_len(), 8);
        assert_eq!(IdentityMap::new(4).table_len(), 16);
    }

    #[test]
    fn doubles_once_two_thirds_of_its_slots_are_taken() {
        // The recycler lesson says so: 1,024 slots hold 341 entries (682 slots); the 342nd doubles it.
        let hashes: Vec<u32> = (0..400).collect();
        let mut m = IdentityMap::new(256);
        for k in 0..341 {
            m.put(k, &hashes, &mut |_| {});
        }
        assert_eq!((m.len(), m.table_len()), (341, 1024));
        m.put(341, &hashes, &mut |_| {});
        assert_eq!((m.len(), m.table_len()), (342, 2048));
    }

    #[test]
    fn agrees_with_a_set_through_collisions_deletions_and_resizes() {
        let mut rng = SplitMix::new(7);
        // Few distinct hashes, so probe runs collide and wrap around.
        let hashes: Vec<u32> = (0..300).map(|_| (rng.next_u64() % 9) as u32).collect();
        let mut m = IdentityMap::new(2);
        let mut model = HashSet::new();
        let mut probes = 0usize;
        for _ in 0..20_000 {
            let k = (rng.next_u64() % 300) as u32;
            if rng.next_u64().is_multiple_of(2) {
                assert_eq!(m.put(k, &hashes, &mut |_| probes += 1), !model.insert(k));
            } else {
                assert_eq!(m.remove(k, &hashes, &mut |_| probes += 1), model.remove(&k));
            }
            assert_eq!(m.len(), model.len());
            for &x in &model {
                assert!(m.slot_of(x, &hashes).is_some(), "{x} lost");
            }
        }
        assert!(m.table_len() >= 3 * m.len());
        assert!(probes > 20_000);
    }
}
