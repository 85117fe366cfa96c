//! Virtual threads for the originals' threaded tests: where an original starts real threads for a
//! while and checks what they saw, the port runs the same loops as virtual threads interleaved
//! one shared-memory access at a time by a seeded random scheduler ([`interleave`]), for a fixed
//! number of steps and several seeds, and checks the same things.

use crate::queue::{Outcome, QueueOp, StepQueue};
use crate::testing::Rng;

/// What a virtual thread does next.
pub enum Next {
    /// Calls this operation on the queue.
    Call(QueueOp),
    /// Spins on something outside the queue (a test's own lock): its turn passes.
    Spin,
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
/// random (by weight), for `steps` steps: the original's "start, sleep, set stop, join" (every
/// port's threads loop until stopped, so none ends on its own). An operation still running when the steps run out is abandoned, as the
/// originals' loops check `stop` only between operations. Returns the operations completed.
pub fn interleave<Q: StepQueue>(q: &mut Q, threads: &mut [Thread], seed: u64, steps: u64) -> u64 {
    let mut rng = Rng::new(seed);
    let n = threads.len();
    let mut regs: Vec<Q::Regs> = vec![Q::Regs::default(); n];
    let mut busy = vec![false; n];
    let mut last: Vec<Option<Outcome>> = vec![None; n];
    let mut completed = 0;
    for _ in 0..steps {
        let total: u64 = threads.iter().map(|t| t.weight).sum();
        let mut pick = rng.below(total);
        let t = (0..n)
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
