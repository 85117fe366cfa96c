//! The originals' own unit tests, re-stated against the lab's structures: Kafka's timer tests
//! (server-common), JCTools' queue sanity tests for the SPSC and MPSC array queues, the OpenJDK
//! tests for `PriorityQueue`, `ConcurrentLinkedQueue` and `ArrayBlockingQueue`, Netty's
//! `DefaultPriorityQueueTest` and the 4.0.21 `RecyclerTest`.
//!
//! Each test is headed by the original's class and method and the version read; the scenarios and
//! assertions are the original's, the code is written here against the lab's API. What the lab
//! does not model (threads the lab cannot interleave, iterators, serialization, nulls, …) is
//! listed, with the reason, in `README.md` beside this file, with the counts per original.
//!
//! Threads: the lab's queues are step machines, so where an original starts real threads for a
//! while and checks what they saw, the port runs the same loops as virtual threads interleaved one
//! shared-memory access at a time by a seeded random scheduler ([`interleave`]), for a fixed number
//! of steps and several seeds, and checks the same things.

mod jctools_queues;
mod jdk_array_blocking_queue;
mod jdk_concurrent_linked_queue;
mod jdk_priority_queue;
mod kafka_timer;
mod netty_default_priority_queue;
mod netty_recycler;

use hotpath_core::queue::{Outcome, QueueOp, StepQueue};

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

/// What a virtual thread does next.
pub enum Next {
    /// Calls this operation on the queue.
    Call(QueueOp),
    /// Spins on something outside the queue (a test's own lock): its turn passes.
    Spin,
    /// Its loop is over.
    Stop,
}

/// A virtual thread's loop: given what its last operation returned (`None` before the first),
/// what it does next.
pub type Program<'a> = Box<dyn FnMut(Option<Outcome>) -> Next + 'a>;

/// One virtual thread: its loop, and how often the scheduler picks it relative to the others
/// (the originals slow a thread down with `sleep(1)` or `Thread.yield()`; a lower weight here).
pub struct Thread<'a> {
    pub weight: u64,
    pub program: Program<'a>,
}

pub fn thread<'a>(weight: u64, program: impl FnMut(Option<Outcome>) -> Next + 'a) -> Thread<'a> {
    Thread {
        weight,
        program: Box::new(program),
    }
}

/// Runs the threads on `q`, one atomic step at a time, each step given to a thread picked at
/// random (by weight) from those not finished, for at most `steps` steps: the original's "start,
/// sleep, set stop, join". An operation still running when the steps run out is abandoned, as the
/// originals' loops check `stop` only between operations. Returns the operations completed.
pub fn interleave<Q: StepQueue>(q: &mut Q, threads: &mut [Thread], seed: u64, steps: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let n = threads.len();
    let mut regs: Vec<Q::Regs> = vec![Q::Regs::default(); n];
    let mut busy = vec![false; n];
    let mut done = vec![false; n];
    let mut last: Vec<Option<Outcome>> = vec![None; n];
    let mut completed = 0;
    for _ in 0..steps {
        let total: u64 = (0..n)
            .filter(|&t| !done[t])
            .map(|t| threads[t].weight)
            .sum();
        if total == 0 {
            break;
        }
        let mut pick = rng.below(total);
        let t = (0..n)
            .filter(|&t| !done[t])
            .find(|&t| {
                if pick < threads[t].weight {
                    true
                } else {
                    pick -= threads[t].weight;
                    false
                }
            })
            .expect("a weight covers the pick");
        if !busy[t] {
            match (threads[t].program)(last[t].take()) {
                Next::Stop => {
                    done[t] = true;
                    continue;
                }
                Next::Spin => continue,
                Next::Call(op) => {
                    q.begin(t, &mut regs[t], op);
                    busy[t] = true;
                }
            }
        }
        if let Some(o) = q.step(t, &mut regs[t]) {
            busy[t] = false;
            last[t] = Some(o);
            completed += 1;
        }
    }
    completed
}

/// The seeds each interleaved port runs with.
pub const SEEDS: [u64; 6] = [1, 2, 3, 0x5EED, 2014, 0xC0FFEE];
