//! Netty's `RecyclerTest` (`common/src/test/java/io/netty/util/RecyclerTest.java`) at tag
//! netty-4.0.21.Final (a0f90dcc; the file came with the rewrite, 790c63e8, and has these two tests
//! there), against the lab's `WeakOrderRecycler`, the 4.0.21 Recycler. Both tests run on the test's
//! one thread; `RecyclableObject.recycle()` is `RECYCLER.recycle(this, handle)`. 4.0.20 had no
//! `RecyclerTest`, so the lab's older Recycler has no original tests to run.

use crate::probe::NoProbe;
use crate::recycler::weak_order::WeakOrderRecycler;
use crate::recycler::{Fault, VirtualRecycler, DEFAULT_MAX_CAPACITY};

/// The test's thread.
const MAIN: usize = 0;

fn recycler() -> WeakOrderRecycler<NoProbe> {
    WeakOrderRecycler::new(1, DEFAULT_MAX_CAPACITY, NoProbe)
}

/// RecyclerTest.testMultipleRecycle (netty-4.0.21.Final): a second recycle of the same object
/// throws `IllegalStateException` (`push` finds its recycle ids set: "recycled already").
#[test]
fn test_multiple_recycle() {
    let mut r = recycler();
    let object = r.get(MAIN).unwrap();
    assert_eq!(r.recycle(MAIN, object), Ok(true));
    let second = r.recycle(MAIN, object);
    assert_eq!(second, Err(Fault::RecycledAlready));
    assert!(Fault::RecycledAlready
        .java()
        .starts_with("IllegalStateException"));
}

/// RecyclerTest.testRecycle (netty-4.0.21.Final): a recycled object is the next one handed out,
/// and can be recycled again.
#[test]
fn test_recycle() {
    let mut r = recycler();
    let object = r.get(MAIN).unwrap();
    assert_eq!(r.recycle(MAIN, object), Ok(true));
    let object2 = r.get(MAIN).unwrap();
    assert_eq!(object, object2, "assertSame");
    assert_eq!(r.recycle(MAIN, object2), Ok(true));
}
