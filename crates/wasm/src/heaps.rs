//! The timer-heap widgets' entry points: plan a script, then trace or count it on either heap.

use hotpath_core::recorder::{HeapKind, STEP_WIDTH};
use hotpath_core::timer_script::{self, Action, Command, Limits, Plan, Trace};
use hotpath_core::{indexed_heap, jdk_heap, Counts};
use wasm_bindgen::prelude::*;

/// Drawn scripts: what a tree can show and a player can step through.
const DRAW: Limits = Limits {
    max_size: 127,
    max_actions: 2_000,
    max_equals: 20_000_000,
};
/// Counted scripts: big enough for the benchmark's n = 100,000 in reverse, no bigger.
const COUNT: Limits = Limits {
    max_size: 1_000_000,
    max_actions: 3_000_000,
    max_equals: 5_000_050_000,
};
const MAX_STEPS: usize = 250_000;

fn kind(heap: &str) -> Result<HeapKind, JsError> {
    match heap {
        "jdk" => Ok(HeapKind::Jdk),
        "indexed" => Ok(HeapKind::Indexed),
        other => Err(JsError::new(&format!(
            "unknown heap \"{other}\"; expected jdk or indexed"
        ))),
    }
}

/// Commands arrive as `[opcode, argument]` pairs (see web/src/heaps/script.ts).
fn decode(pairs: &[u32]) -> Result<Vec<Command>, JsError> {
    if !pairs.len().is_multiple_of(2) {
        return Err(JsError::new(
            "commands must come in [opcode, argument] pairs",
        ));
    }
    pairs
        .chunks(2)
        .enumerate()
        .map(|(i, p)| {
            let arg = u64::from(p[1]);
            Ok(match p[0] {
                0 => Command::Add(arg),
                1 => Command::Poll,
                2 => Command::Remove(arg),
                3 => Command::Schedule(arg),
                4 => Command::CancelInOrder,
                5 => Command::CancelReverse,
                other => {
                    return Err(JsError::new(&format!(
                        "op {}: unknown opcode {other}",
                        i + 1
                    )))
                }
            })
        })
        .collect()
}

#[wasm_bindgen]
pub fn heap_pseudocode(heap: &str) -> Result<Vec<String>, JsError> {
    let lines = match kind(heap)? {
        HeapKind::Jdk => jdk_heap::PSEUDOCODE,
        HeapKind::Indexed => indexed_heap::PSEUDOCODE,
    };
    Ok(lines.iter().map(|s| s.to_string()).collect())
}

#[wasm_bindgen]
pub fn heap_step_width() -> usize {
    STEP_WIDTH
}

/// A planned script: the same primitive actions for both heaps.
#[wasm_bindgen]
pub struct TimerPlan {
    plan: Plan,
    commands: usize,
    fits: bool,
}

#[wasm_bindgen]
impl TimerPlan {
    /// Plans `pairs` for drawing (`draw = true`: at most 127 timers) or for counting only.
    /// A valid script too big to draw is not an error: `fits` is false, and it can be counted.
    #[wasm_bindgen(constructor)]
    pub fn new(pairs: &[u32], draw: bool) -> Result<TimerPlan, JsError> {
        let commands = decode(pairs)?;
        let (plan, fits) = match timer_script::plan(&commands, if draw { DRAW } else { COUNT }) {
            Ok(plan) => (plan, true),
            Err(e) if draw && e.over_limit => (Plan::default(), false),
            Err(e) => return Err(JsError::new(&e.to_string())),
        };
        Ok(TimerPlan {
            plan,
            commands: commands.len(),
            fits,
        })
    }

    /// Whether the script fits the drawing limits (always true for a counting plan).
    #[wasm_bindgen(getter)]
    pub fn fits(&self) -> bool {
        self.fits
    }

    #[wasm_bindgen(getter)]
    pub fn actions(&self) -> usize {
        self.plan.actions.len()
    }

    #[wasm_bindgen(getter, js_name = maxSize)]
    pub fn max_size(&self) -> usize {
        self.plan.max_size
    }

    /// Per action: `[command, kind (0 add, 1 poll, 2 remove), timer seq or −1, queued (0/1)]`.
    #[wasm_bindgen(js_name = actionTable)]
    pub fn action_table(&self) -> Vec<i32> {
        let mut out = Vec::with_capacity(self.plan.actions.len() * 4);
        for a in &self.plan.actions {
            let (k, seq, queued) = match a.action {
                Action::Add(t) => (0, t.seq as i32, 1),
                Action::Poll => (1, -1, 0),
                Action::Remove { timer, queued } => (
                    2,
                    if timer.seq > i32::MAX as u64 {
                        -1
                    } else {
                        timer.seq as i32
                    },
                    i32::from(queued),
                ),
            };
            out.extend_from_slice(&[a.command as i32, k, seq, queued]);
        }
        out
    }

    /// The deadline of every timer the script creates, by sequence number.
    pub fn deadlines(&self) -> Vec<f64> {
        self.plan.timers.iter().map(|t| t.deadline as f64).collect()
    }

    pub fn trace(&self, heap: &str) -> Result<HeapTrace, JsError> {
        Ok(HeapTrace {
            trace: timer_script::record(kind(heap)?, &self.plan, MAX_STEPS),
        })
    }

    /// Counts per command: `[comparisons, equals, moves, indexWrites, allocations]` each, then
    /// the totals, flattened.
    pub fn count(&self, heap: &str) -> Result<Vec<f64>, JsError> {
        let c = timer_script::count(kind(heap)?, &self.plan, self.commands);
        let flat = |c: &Counts| {
            [
                c.comparisons,
                c.equals,
                c.moves,
                c.index_writes,
                c.allocations,
            ]
            .map(|x| x as f64)
        };
        Ok(c.per_command
            .iter()
            .chain(std::iter::once(&c.total))
            .flat_map(flat)
            .collect())
    }
}

#[wasm_bindgen]
pub struct HeapTrace {
    trace: Trace,
}

#[wasm_bindgen]
impl HeapTrace {
    /// `[action, line, kind, a, b, c]` per step.
    pub fn steps(&self) -> Vec<i32> {
        self.trace.steps.clone()
    }

    pub fn texts(&self) -> Vec<String> {
        self.trace.texts.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn overflowed(&self) -> bool {
        self.trace.overflowed
    }

    /// The layout after each action, as timer sequence numbers, each list preceded by its length.
    pub fn layouts(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for l in &self.trace.layouts {
            out.push(l.len() as u32);
            out.extend(l.iter().map(|t| t.seq as u32));
        }
        out
    }
}

/// Work per cancellation when `n` timers scheduled 1..n are all cancelled, in order or in
/// reverse: `[comparisons, equals, moves]` divided by n.
#[wasm_bindgen]
pub fn cancel_cost(heap: &str, reverse: bool, n: u32) -> Result<Vec<f64>, JsError> {
    let cancel = if reverse {
        Command::CancelReverse
    } else {
        Command::CancelInOrder
    };
    let commands = [Command::Schedule(u64::from(n)), cancel];
    let plan = timer_script::plan(&commands, COUNT).map_err(|e| JsError::new(&e.to_string()))?;
    let c = timer_script::count(kind(heap)?, &plan, commands.len());
    let cancelling = c.per_command[1];
    let n = f64::from(n);
    Ok(vec![
        cancelling.comparisons as f64 / n,
        cancelling.equals as f64 / n,
        cancelling.moves as f64 / n,
    ])
}
