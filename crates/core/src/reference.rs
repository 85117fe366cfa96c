//! A reference or null in one 4-byte word, as HotSpot's compressed references are: a CLQ node's
//! `item`, an `ArrayBlockingQueue`'s `items[i]`, a Recycler stack's or link's slot, a JDK heap's
//! element (a task, never null there).
//!
//! One word, not an `Option<u32>`: that takes two, and a push that wrote them with two stores and a
//! pop that read them back with one load made x86 wait (it cannot forward one load from two
//! stores); natively that stall made the old Recycler slower than its own wasm.

/// `u32::MAX` is null; any other value is itself (an element, or an object's number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct Ref(pub(crate) u32);

impl Ref {
    pub const NULL: Ref = Ref(u32::MAX);

    pub fn of(v: u32) -> Ref {
        assert!(v != u32::MAX, "a value is below u32::MAX");
        Ref(v)
    }

    pub fn get(self) -> Option<u32> {
        (self != Ref::NULL).then_some(self.0)
    }
}

impl Default for Ref {
    fn default() -> Self {
        Ref::NULL
    }
}
