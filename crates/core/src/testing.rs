//! What the tests of several families share: a seeded generator of their own, and scripts
//! written as `(opcode, argument, thread)` triples.

use crate::script::RawCommand;

/// xorshift64*: the tests' own seeded generator (the originals use `ThreadLocalRandom` or
/// `Collections.shuffle`; the scenarios only need some order, the same on every run).
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            v.swap(i, j);
        }
    }
}

/// `(opcode, argument, thread)` triples as the web encodes commands.
pub fn raw(c: &[(u32, u32, u32)]) -> Vec<RawCommand> {
    c.iter()
        .map(|&(op, a, thread)| RawCommand {
            op,
            args: [a, 0, 0],
            thread,
        })
        .collect()
}
