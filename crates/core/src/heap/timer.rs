//! The key of a scheduled task, ordered the way Netty orders its scheduled futures.

use std::cmp::Ordering;

use crate::priority::jdk::Scan;

/// A scheduled task's identity and order: earlier deadline first; equal deadlines are served in
/// scheduling order through a strictly increasing sequence number, so no two timers are equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Timer {
    pub deadline: u64,
    pub seq: u64,
}

impl Ord for Timer {
    fn cmp(&self, other: &Self) -> Ordering {
        self.deadline
            .cmp(&other.deadline)
            .then(self.seq.cmp(&other.seq))
    }
}

impl PartialOrd for Timer {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Scan for Timer {}
