//! The synchronizations the JVM originals pay, paid on the lab's own fields.
//!
//! The structures run one thread at a time (a step machine interleaves them), so a plain write
//! would be correct; it would also be cheaper than the original, and the benchmarks would then
//! compare less work with more. Each CAS, lock, volatile access and ordered store of the original
//! on a benchmarked path is therefore done here on the field itself, with an instruction that pays
//! for it:
//!
//! | Java | here | x86-64 | wasm (atomics build) |
//! |---|---|---|---|
//! | `compareAndSet`, a lock's acquire | [`cas_u32`], [`cas_u64`] | `lock cmpxchg` | `i32/i64.atomic.rmw.cmpxchg` |
//! | volatile store, `lazySet`, `setRelease`, a lock's release | [`store_release_u32`], [`store_release_u64`] | `mov` | `i32/i64.store` (see `mod wasm`) |
//! | volatile load | [`load_acquire_u32`], [`load_acquire_u64`] | `mov` | `i32/i64.load` (see `mod wasm`) |
//! | `getAndSet`, `incrementAndGet` | [`swap_i64`], [`add_u32`] | `xchg`, `lock xadd` | `atomic.rmw.xchg`, `.add` |
//! | `ReentrantLock` uncontended | [`try_lock`], [`unlock`]: a CAS, then a load and a release store | | |
//! | `synchronized` uncontended | [`monitor_enter`], [`monitor_exit`]: a CAS on the header each; [`monitor_reenter`] a failed one | | |
//!
//! A Java volatile store is paid as a release store: HotSpot's on x86-64 also fences (a locked
//! add after the move), which the lab does not pay; the suites' caveats say where that happens.
//!
//! Without the `atomics` target feature LLVM lowers even a CAS to a plain load and store in wasm,
//! which is why the site's wasm is built with it (`web/scripts/wasm.mjs`).

use std::sync::atomic::{AtomicI64, AtomicU32, AtomicU64, Ordering};

/// `getAndSet(value)` on a `long`.
#[inline(always)]
pub fn swap_i64(word: &mut i64, value: i64) -> i64 {
    atomic::<i64, AtomicI64>(word).swap(value, Ordering::AcqRel)
}

/// `addAndGet(delta)` (`incrementAndGet` is +1, `decrementAndGet` −1).
#[inline(always)]
pub fn add_u32(word: &mut u32, delta: i32) -> u32 {
    let delta = delta as u32;
    atomic::<u32, AtomicU32>(word)
        .fetch_add(delta, Ordering::AcqRel)
        .wrapping_add(delta)
}

/// `ReentrantLock.lock()` when the lock is free: `compareAndSetState(0, 1)`. False when it is
/// held (a step machine's second thread then waits, one look per step).
#[inline(always)]
pub fn try_lock(state: &mut u32) -> bool {
    cas_u32(state, 0, 1)
}

/// `lock()` where no other thread ever takes it.
#[inline(always)]
pub fn lock(state: &mut u32) {
    let free = try_lock(state);
    debug_assert!(free, "this lock is taken by one thread only");
}

/// `ReentrantLock.unlock()` by its owner: `tryRelease` reads the state and stores it back less one,
/// a volatile store (paid as a release store). Nobody ever waits here, so no one is woken.
#[inline(always)]
pub fn unlock(state: &mut u32) {
    let c = load_acquire_u32(state) - 1;
    store_release_u32(state, c);
}

/// `synchronized (o) {` when nobody holds `o`: HotSpot's fast path, a CAS on the object's header.
#[inline(always)]
pub fn monitor_enter(header: &mut u32) {
    let free = cas_u32(header, 0, 1);
    debug_assert!(
        free,
        "the lab's monitors are entered by one thread at a time"
    );
}

/// `synchronized (o) {` by the thread already holding `o`: HotSpot's fast path tries the CAS,
/// which fails, and then finds the lock is its own (the matching exit costs nothing).
#[inline(always)]
pub fn monitor_reenter(header: &mut u32) {
    let free = cas_u32(header, 0, 1);
    debug_assert!(!free, "a monitor is re-entered only while held");
}

/// `}`: the fast-path exit, a CAS on the header back.
#[inline(always)]
pub fn monitor_exit(header: &mut u32) {
    let held = cas_u32(header, 1, 0);
    debug_assert!(held, "a monitor is exited only after it was entered");
}

/// For each word size the lab's fields use: `compareAndSet`, a volatile or ordered store, and a
/// volatile load, on the field itself. (Not every size uses all three: the `i64` fields, a
/// bucket's expiration, are only stored here, hence `allow(dead_code)`.)
macro_rules! ordered_access {
    ($t:ty, $atomic:ty, $cas:ident, $store:ident, $load:ident) => {
        /// `compareAndSet(expected, new)`.
        #[inline(always)]
        #[allow(dead_code)]
        pub fn $cas(word: &mut $t, expected: $t, new: $t) -> bool {
            atomic::<$t, $atomic>(word)
                .compare_exchange(expected, new, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
        }

        /// A volatile or ordered store.
        #[inline(always)]
        pub fn $store(word: &mut $t, value: $t) {
            #[cfg(not(target_arch = "wasm32"))]
            atomic::<$t, $atomic>(word).store(value, Ordering::Release);
            #[cfg(target_arch = "wasm32")]
            wasm::store(word, value);
        }

        /// A volatile load.
        #[inline(always)]
        #[allow(dead_code)]
        pub fn $load(word: &mut $t) -> $t {
            #[cfg(not(target_arch = "wasm32"))]
            return atomic::<$t, $atomic>(word).load(Ordering::Acquire);
            #[cfg(target_arch = "wasm32")]
            return wasm::load(word);
        }
    };
}

ordered_access!(u32, AtomicU32, cas_u32, store_release_u32, load_acquire_u32);
ordered_access!(u64, AtomicU64, cas_u64, store_release_u64, load_acquire_u64);
ordered_access!(i64, AtomicI64, cas_i64, store_release_i64, load_acquire_i64);

/// The atomic view of a plain field.
#[inline(always)]
fn atomic<T, A>(word: &mut T) -> &A {
    const { assert!(size_of::<T>() == size_of::<A>() && align_of::<T>() == align_of::<A>()) };
    // SAFETY: the pointer comes from a live `&mut`, so it is valid and exclusive for the borrow;
    // the atomic has the plain integer's size and alignment (asserted above), and the callers
    // pair each integer with its own atomic type.
    unsafe { &*(word as *mut T).cast::<A>() }
}

/// Release stores and acquire loads in wasm. On x86-64 (this machine, and the JVM column's)
/// HotSpot compiles an ordered store or a volatile load to a plain move that the compiler keeps in
/// place. Wasm has no release or acquire access, only sequentially consistent ones; built with
/// those, the rings ran 1.7–2.6× slower than the native build on this machine, a cost the JVM
/// does not pay. So the wasm build does what the JVM's x86 code does: the plain access, behind a
/// compiler fence. CASes and read-modify-writes stay atomic instructions there.
#[cfg(target_arch = "wasm32")]
mod wasm {
    use std::sync::atomic::{compiler_fence, Ordering};

    #[inline(always)]
    pub fn store<T>(word: &mut T, value: T) {
        compiler_fence(Ordering::Release);
        *word = value;
    }

    #[inline(always)]
    pub fn load<T: Copy>(word: &mut T) -> T {
        let value = *word;
        compiler_fence(Ordering::Acquire);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cas_writes_only_when_it_finds_what_it_expects() {
        let mut w = 3u32;
        assert!(!cas_u32(&mut w, 4, 9));
        assert_eq!(w, 3);
        assert!(cas_u32(&mut w, 3, 9));
        assert_eq!(w, 9);
        let mut l = u64::MAX;
        assert!(cas_u64(&mut l, u64::MAX, 1));
        assert!(!cas_u64(&mut l, u64::MAX, 2));
        assert_eq!(load_acquire_u64(&mut l), 1);
        store_release_u32(&mut w, 5);
        store_release_u64(&mut l, 6);
        assert_eq!((load_acquire_u32(&mut w), l), (5, 6));
    }

    #[test]
    fn a_lock_is_taken_once_and_given_back() {
        let mut state = 0;
        assert!(try_lock(&mut state));
        assert!(!try_lock(&mut state));
        unlock(&mut state);
        assert!(try_lock(&mut state));
        let mut header = 0;
        monitor_enter(&mut header);
        monitor_exit(&mut header);
        assert_eq!(header, 0);
        let mut n = 0;
        assert_eq!((add_u32(&mut n, 1), add_u32(&mut n, -1)), (1, 0));
        let mut e = -1i64;
        assert_eq!((swap_i64(&mut e, 5), e), (-1, 5));
    }
}
