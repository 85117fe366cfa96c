//! What both Recycler designs run inside: their state and the probe it reports to. A design
//! states how `get`, `recycle` and `exit` change its state (`Design`); the plumbing around them
//! (telling the probe, failing with a fault, handing the probe back, what a stack pools) is here
//! once, and `Probed<S, P>` is a `VirtualRecycler` for any design `S`.

use crate::recycler::{Fault, Inspect, RecyclerEvent, RecyclerOp, RecyclerProbe, VirtualRecycler};

/// A design's state `s` with the probe `probe` it reports every change to.
pub struct Probed<S, P> {
    pub(super) s: S,
    pub(super) probe: P,
}

/// One Recycler design: its operations, on its state inside a `Probed`.
pub trait Design: Inspect + Sized {
    /// `get()` on `thread`: the object handed out.
    fn get<P: RecyclerProbe>(r: &mut Probed<Self, P>, thread: usize) -> Result<u32, Fault>;
    /// `recycle(o, handle)` on `thread`: whether the object was taken back.
    fn recycle<P: RecyclerProbe>(
        r: &mut Probed<Self, P>,
        thread: usize,
        obj: u32,
    ) -> Result<bool, Fault>;
    /// The thread ends: what its thread-locals held becomes garbage.
    fn exit<P: RecyclerProbe>(r: &mut Probed<Self, P>, thread: usize);
    /// Objects allocated so far.
    fn allocated(&self) -> usize;
}

impl<S: Inspect, P: RecyclerProbe> Probed<S, P> {
    /// What the recorder draws.
    pub fn inspect(&self) -> &S {
        &self.s
    }

    /// The state changed as `e` says, on pseudocode line `line`: tell the probe, which may draw it.
    #[inline(always)]
    pub(super) fn emit(&mut self, line: u8, e: RecyclerEvent) {
        probe!(self.probe.line(line));
        probe!(self.probe.event(e));
        probe!(self.probe.observe(&self.s));
    }

    /// `fault` thrown on `thread` at `line`: told to the probe, then returned.
    pub(super) fn fail<T>(&mut self, thread: usize, line: u8, fault: Fault) -> Result<T, Fault> {
        self.emit(
            line,
            RecyclerEvent::Fault {
                thread: thread as u32,
                fault,
                obj: None,
            },
        );
        Err(fault)
    }
}

impl<S: Design, P: RecyclerProbe> VirtualRecycler for Probed<S, P> {
    type P = P;

    fn get(&mut self, thread: usize) -> Result<u32, Fault> {
        S::get(self, thread)
    }

    fn recycle(&mut self, thread: usize, obj: u32) -> Result<bool, Fault> {
        S::recycle(self, thread, obj)
    }

    fn exit(&mut self, thread: usize) {
        S::exit(self, thread)
    }

    fn nothing(&mut self, thread: usize, get: u32) {
        self.emit(
            crate::trace::NO_LINE,
            RecyclerEvent::Begin {
                thread: thread as u32,
                op: RecyclerOp::Nothing(get),
            },
        );
    }

    fn probe_mut(&mut self) -> &mut P {
        &mut self.probe
    }

    fn into_probe(self) -> P {
        self.probe
    }

    fn pooled(&self, thread: usize) -> Vec<u32> {
        self.s
            .stack(thread)
            .map(|v| v.slots[..v.size].iter().flatten().copied().collect())
            .unwrap_or_default()
    }

    fn allocated(&self) -> usize {
        self.s.allocated()
    }
}
