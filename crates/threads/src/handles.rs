//! Runs by handle, for a page that hands one run to many Web Workers as a number: a slot and that
//! slot's generation, so a number that names no live run (freed, or never made in this memory) is
//! refused with an error instead of being read as memory. Lock-free: a browser's main thread may
//! not block, and the workers look their run up while the page waits.

use std::fmt;
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering::*};

use crate::Harness;

pub struct Runs<const N: usize> {
    runs: [AtomicPtr<Box<dyn Harness>>; N],
    generations: [AtomicU32; N],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleError {
    /// Every slot holds a live run.
    Full(usize),
    /// The handle names no live run.
    NoRun(u32),
}

impl fmt::Display for HandleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Full(n) => write!(
                f,
                "{n} runs are already alive in this memory; free one (runFree) first"
            ),
            Self::NoRun(h) => write!(
                f,
                "no run has handle {h}: it was freed, or never made in this memory"
            ),
        }
    }
}

impl<const N: usize> Runs<N> {
    /// Generations wrap before a handle leaves 32 bits.
    const GENERATIONS: u32 = u32::MAX / N as u32;

    pub const fn new() -> Self {
        Self {
            runs: [const { AtomicPtr::new(std::ptr::null_mut()) }; N],
            generations: [const { AtomicU32::new(0) }; N],
        }
    }

    fn handle(slot: usize, generation: u32) -> u32 {
        generation * N as u32 + slot as u32
    }

    /// Keeps `run` until `free`; its handle.
    pub fn insert(&self, run: Box<dyn Harness>) -> Result<u32, HandleError> {
        let ptr = Box::into_raw(Box::new(run));
        for slot in 0..N {
            let taken =
                self.runs[slot].compare_exchange(std::ptr::null_mut(), ptr, AcqRel, Acquire);
            if taken.is_ok() {
                return Ok(Self::handle(slot, self.generations[slot].load(Acquire)));
            }
        }
        // SAFETY: `ptr` was made above and published nowhere.
        drop(unsafe { Box::from_raw(ptr) });
        Err(HandleError::Full(N))
    }

    /// The live run `h` names.
    pub fn get(&self, h: u32) -> Result<&dyn Harness, HandleError> {
        let (slot, generation) = (h as usize % N, h / N as u32);
        let ptr = self.runs[slot].load(Acquire);
        if ptr.is_null() || self.generations[slot].load(Acquire) != generation {
            return Err(HandleError::NoRun(h));
        }
        // SAFETY: the pointer came from `insert` and is freed only by `free`, which the page calls
        // once every worker is done with the run.
        Ok(unsafe { &**ptr })
    }

    /// Drops run `h`; every handle to it is refused from then on.
    pub fn free(&self, h: u32) -> Result<(), HandleError> {
        self.get(h)?;
        let slot = h as usize % N;
        // A new generation first, so the handle is dead before the slot is empty.
        let next = (self.generations[slot].load(Acquire) + 1) % Self::GENERATIONS;
        self.generations[slot].store(next, Release);
        let ptr = self.runs[slot].swap(std::ptr::null_mut(), AcqRel);
        // SAFETY: `get` found it live, and the swap took it out of the table: no one frees it twice.
        drop(unsafe { Box::from_raw(ptr) });
        Ok(())
    }
}

impl<const N: usize> Default for Runs<N> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a_run() -> Box<dyn Harness> {
        crate::harness("spsc", 64, 1, 10).unwrap()
    }

    #[test]
    fn a_handle_names_its_run_until_it_is_freed() {
        let runs = Runs::<2>::new();
        let a = runs.insert(a_run()).unwrap();
        let b = runs.insert(a_run()).unwrap();
        assert_ne!(a, b);
        assert_eq!(runs.insert(a_run()).err(), Some(HandleError::Full(2)));
        assert!(runs.get(a).is_ok());
        runs.free(a).unwrap();
        assert_eq!(runs.get(a).err(), Some(HandleError::NoRun(a)));
        assert_eq!(
            runs.free(a).err(),
            Some(HandleError::NoRun(a)),
            "freed once only"
        );
        // The slot is reused under a new generation: the old handle still names nothing.
        let c = runs.insert(a_run()).unwrap();
        assert_ne!(c, a);
        assert_eq!(runs.get(a).err(), Some(HandleError::NoRun(a)));
        assert!(runs.get(c).is_ok() && runs.get(b).is_ok());
        assert_eq!(
            runs.get(12_345).err(),
            Some(HandleError::NoRun(12_345)),
            "never made"
        );
        runs.free(b).unwrap();
        runs.free(c).unwrap();
    }
}
