//! Work counted per script command: the counters a benchmark and the player's tallies read, and the
//! probe that records a script or counts it, whichever the run asked for.

use super::*;

/// Work per script command (not per action: a macro may expand to a million actions), per kind.
#[derive(Clone, Debug, Default)]
pub struct CommandCounts {
    pub per_command: Vec<Vec<u64>>,
    pub total: Vec<u64>,
}

/// Work counted per command: a counter whose totals are split by command, `before(command)`
/// being called ahead of each action with the command that action came from.
pub struct PerCommand {
    counter: Counter,
    counts: CommandCounts,
    current: usize,
    at_start: Vec<u64>,
}

impl PerCommand {
    pub fn new<E: Event>(commands: usize) -> Self {
        Self {
            counter: Counter::new(),
            counts: CommandCounts {
                per_command: vec![vec![0; E::KINDS.len()]; commands],
                total: vec![0; E::KINDS.len()],
            },
            current: 0,
            at_start: vec![0; E::KINDS.len()],
        }
    }

    /// Counts nothing and splits nothing (what is left in a structure whose probe was taken).
    fn empty() -> Self {
        Self {
            counter: Counter::new(),
            counts: CommandCounts::default(),
            current: 0,
            at_start: Vec::new(),
        }
    }

    pub fn before(&mut self, command: usize) {
        if command != self.current {
            self.close();
            self.current = command;
        }
    }

    fn close(&mut self) {
        let now: Vec<u64> = (0..self.at_start.len())
            .map(|k| self.counter.total_of(k))
            .collect();
        // Added, not assigned: interleaved threads come back to a command many times.
        if let Some(row) = self.counts.per_command.get_mut(self.current) {
            for (r, d) in row
                .iter_mut()
                .zip(crate::probe::minus(&now, &self.at_start))
            {
                *r += d;
            }
        }
        self.at_start = now;
    }

    pub fn finish(mut self) -> CommandCounts {
        self.close();
        self.counts.total = self.at_start.clone();
        self.counts
    }
}

impl<E: Event> Probe<E> for PerCommand {
    #[inline(always)]
    fn event(&mut self, e: E) {
        self.counter.event(e);
    }
}

/// What a script runs a structure with: the family's recorder `R` (a trace for the player) or a
/// count per command (a script too big to draw). One probe type for both, so each structure and
/// each family's script driver is compiled once for scripts, not once for recording and again
/// for counting (about 13 KB of the gzipped module: issue 50).
// One lives in each scripted structure, for the whole run: its size does not matter, and boxing
// the recorder would put a pointer between every event and the trace.
#[allow(clippy::large_enum_variant)]
pub enum RecordOrCount<R> {
    Record(R),
    Count(PerCommand),
}

impl<R> RecordOrCount<R> {
    /// The recorder of a run that was started with one.
    pub fn into_recorder(self) -> R {
        match self {
            Self::Record(r) => r,
            Self::Count(_) => unreachable!("a run started with a counter ends with one"),
        }
    }

    /// The counts of a run that was started with a counter.
    pub fn into_counts(self) -> CommandCounts {
        match self {
            Self::Record(_) => unreachable!("a run started with a recorder ends with one"),
            Self::Count(c) => c.finish(),
        }
    }

    /// Takes the probe out of a structure that is done with it, leaving an empty counter.
    pub fn take(&mut self) -> Self {
        std::mem::replace(self, Self::Count(PerCommand::empty()))
    }
}

impl<E: Event, R: Probe<E>> Probe<E> for RecordOrCount<R> {
    #[inline]
    fn line(&mut self, line: u8) {
        if let Self::Record(r) = self {
            r.line(line);
        }
    }
    #[inline(always)]
    fn event(&mut self, e: E) {
        match self {
            Self::Record(r) => r.event(e),
            Self::Count(c) => c.event(e),
        }
    }
}
