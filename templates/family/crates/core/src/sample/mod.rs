//! The "sample" family: an array stack that grows by doubling, against one that grows by one slot
//! at a time. (From templates/family/: copy this folder to `crates/core/src/<family>/`, rename
//! "sample" and `Sample…`, and split it as the real families are; CONTRIBUTING.md, "Adding a
//! structure family", walks through the rest.) `families.rs`'s tests compile this file
//! as it stands and check that a family written from it plans, records, counts and benchmarks,
//! so the template cannot drift from the trait.

use crate::family::{Family, Variant};
use crate::kernel::{Kernel, Suite};
use crate::probe::{Event, Kind, NoProbe, Probe};
use crate::script::{
    commands, ActionInfo, ArgSpec, OpSpec, RawCommand, RecordOrCount, ScriptError, SettingSpec,
};
use crate::trace::{Fields, TraceBuffer};

// ---- the structure: generic over a probe of its events, so benchmarks pay nothing ----

/// How the array grows when it is full.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleVariant {
    /// To twice its length: amortised O(1) per push.
    Doubling,
    /// By one slot: every push on a full array copies it, O(n).
    ByOne,
}

impl Variant for SampleVariant {
    const ALL: &'static [Self] = &[SampleVariant::Doubling, SampleVariant::ByOne];
    const NOUN: &'static str = "stack";
    fn name(self) -> &'static str {
        match self {
            SampleVariant::Doubling => "doubling",
            SampleVariant::ByOne => "by-one",
        }
    }
    fn title(self) -> &'static str {
        match self {
            SampleVariant::Doubling => "Doubling array stack",
            SampleVariant::ByOne => "Grow-by-one array stack",
        }
    }
    fn pseudocode(self) -> &'static [&'static str] {
        PSEUDOCODE
    }
    fn counters(self) -> &'static [&'static str] {
        &["write", "copy"]
    }
}

pseudocode! {
    PUSH => "push(x): if size == length: grow()",
    PUSH_STORE => "  array[size++] = x",
    GROW => "grow(): copy the array into a longer one (doubling: 2 × length; by one: length + 1)",
    POP => "pop(): if size == 0: return null; return array[--size]",
}

/// The public operations, announced at their start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleOp {
    Push,
    Pop,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleEvent {
    Begin(SampleOp),
    /// `value` written into `slot`.
    Write {
        slot: usize,
        value: u32,
    },
    /// The array of `old` slots was copied into a new one of `new` slots.
    Copy {
        old: usize,
        new: usize,
    },
    /// `slot` was read and emptied by a pop.
    Take {
        slot: usize,
    },
}

impl Event for SampleEvent {
    const KINDS: &'static [Kind] = &[
        Kind {
            name: "begin",
            counter: None,
        },
        Kind {
            name: "write",
            counter: Some("slot writes"),
        },
        Kind {
            name: "copy",
            counter: Some("array copies"),
        },
        Kind {
            name: "take",
            counter: None,
        },
    ];
    fn kind(&self) -> usize {
        match self {
            SampleEvent::Begin(_) => 0,
            SampleEvent::Write { .. } => 1,
            SampleEvent::Copy { .. } => 2,
            SampleEvent::Take { .. } => 3,
        }
    }
}

pub struct SampleStack<P: Probe<SampleEvent>> {
    variant: SampleVariant,
    array: Vec<u32>,
    size: usize,
    probe: P,
}

impl<P: Probe<SampleEvent>> SampleStack<P> {
    pub fn new(variant: SampleVariant, probe: P) -> Self {
        Self {
            variant,
            array: Vec::new(),
            size: 0,
            probe,
        }
    }

    pub fn push(&mut self, x: u32) {
        probe!(self.probe.line(line::PUSH));
        probe!(self.probe.event(SampleEvent::Begin(SampleOp::Push)));
        if self.size == self.array.len() {
            let old = self.array.len();
            let new = match self.variant {
                SampleVariant::Doubling => (old * 2).max(1),
                SampleVariant::ByOne => old + 1,
            };
            self.array.resize(new, 0);
            probe!(self.probe.line(line::GROW));
            probe!(self.probe.event(SampleEvent::Copy { old, new }));
        }
        self.array[self.size] = x;
        probe!(self.probe.line(line::PUSH_STORE));
        probe!(self.probe.event(SampleEvent::Write {
            slot: self.size,
            value: x
        }));
        self.size += 1;
        debug_assert!(self.size <= self.array.len());
    }

    pub fn pop(&mut self) -> Option<u32> {
        probe!(self.probe.line(line::POP));
        probe!(self.probe.event(SampleEvent::Begin(SampleOp::Pop)));
        if self.size == 0 {
            return None;
        }
        self.size -= 1;
        probe!(self.probe.event(SampleEvent::Take { slot: self.size }));
        Some(self.array[self.size])
    }
}

// ---- the script: its grammar, its plan, and the driver that runs a plan ----

const VALUE: ArgSpec = ArgSpec {
    what: "a value",
    min: 0,
    max: 1_000_000,
};
const COUNT_ARG: ArgSpec = ArgSpec {
    what: "a count",
    min: 1,
    max: 1_000_000,
};

opcodes! {
    /// The script's commands; an opcode is its place in this list.
    pub enum SampleCommand {
        Push = OpSpec { name: "push", args: &[VALUE], example: "push 5" },
        Pop = OpSpec { name: "pop", args: &[], example: "pop" },
        Fill = OpSpec { name: "fill", args: &[COUNT_ARG], example: "fill 10" },
    }
}

/// What a script may ask for.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_actions: usize,
}

pub const DRAW: Limits = Limits { max_actions: 64 };
pub const COUNT: Limits = Limits {
    max_actions: 1_000_000,
};
pub const MAX_STEPS: usize = 2_000;
/// The most slots a frame draws.
pub const MAX_SLOTS: usize = 64;

#[derive(Clone, Copy, Debug)]
pub enum Action {
    Push(u32),
    Pop,
}

pub struct Plan {
    /// Each operation, with the command it came from.
    pub actions: Vec<(usize, Action)>,
}

fn plan(raw: &[RawCommand], limits: Limits) -> Result<Plan, ScriptError> {
    let mut actions = Vec::new();
    for (i, c) in commands::<SampleCommand>(raw)?.into_iter().enumerate() {
        match c.op {
            SampleCommand::Push => actions.push((i, Action::Push(c.args[0]))),
            SampleCommand::Pop => actions.push((i, Action::Pop)),
            SampleCommand::Fill => actions.extend((1..=c.args[0]).map(|v| (i, Action::Push(v)))),
        }
        if actions.len() > limits.max_actions {
            return Err(ScriptError {
                over_limit: true,
                ..ScriptError::new(
                    i,
                    format!(
                        "a script runs at most {} operations here",
                        limits.max_actions
                    ),
                )
            });
        }
    }
    Ok(Plan { actions })
}

// ---- the recorder: a probe that writes each step into the frame the web draws ----

frame! {
    /// The frame: the size, every slot (−1 empty), and the slot the step touched.
    pub struct SampleFrame {
        size: 1,
        length: 1,
        slot: MAX_SLOTS,
        focus: 1,
    }
}

pub struct SampleRecorder {
    trace: TraceBuffer,
    at: SampleFrame,
    line: u8,
    action: usize,
    size: i32,
}

impl SampleRecorder {
    fn new(max_steps: usize) -> Self {
        let mut trace = TraceBuffer::new::<SampleEvent>(SampleFrame::fields(), -1, max_steps);
        let at = SampleFrame::locate(&trace.layout);
        trace.init(at.size, 0);
        trace.init(at.length, 0);
        Self {
            trace,
            at,
            line: 0,
            action: 0,
            size: 0,
        }
    }
}

impl Probe<SampleEvent> for SampleRecorder {
    fn line(&mut self, line: u8) {
        self.line = line;
    }

    fn event(&mut self, e: SampleEvent) {
        let at = self.at;
        let (focus, text) = match e {
            SampleEvent::Begin(SampleOp::Push) => (-1, "push: is the array full?".to_string()),
            SampleEvent::Begin(SampleOp::Pop) => (-1, "pop: is the stack empty?".to_string()),
            SampleEvent::Copy { old, new } => {
                self.trace.set(at.length, new as i32);
                (
                    -1,
                    format!("full: {old} slots copied into an array of {new}"),
                )
            }
            SampleEvent::Write { slot, value } => {
                self.size += 1;
                self.trace.set(at.size, self.size);
                if slot < MAX_SLOTS {
                    self.trace.set(at.slot + slot, value as i32);
                }
                (slot as i32, format!("{value} written into slot {slot}"))
            }
            SampleEvent::Take { slot } => {
                self.size -= 1;
                self.trace.set(at.size, self.size);
                if slot < MAX_SLOTS {
                    self.trace.set(at.slot + slot, -1);
                }
                (slot as i32, format!("slot {slot} popped"))
            }
        };
        self.trace.set(at.focus, focus);
        self.trace.step(self.action, self.line, e, [focus, 0], text);
    }
}

// ---- the family: what joins script, structure and recorder for the registry ----

pub struct Samples;

impl Family for Samples {
    const NAME: &'static str = "sample";
    const SETTINGS: &'static [SettingSpec] = &[];
    const BENCHES: &'static [Suite] = &[Suite {
        name: "sample-push",
        params: &["variant", "n"],
        example: "variant=doubling,n=100",
        build: |p| {
            let variant = p.one_of("variant", SampleVariant::parse, &["doubling", "by-one"])?;
            Ok(Box::new(PushKernel {
                variant,
                n: p.number("n", 1, 100_000)?,
                stacks: Vec::new(),
            }))
        },
    }];
    type Command = SampleCommand;
    type Variant = SampleVariant;
    type Event = SampleEvent;
    type Plan = Plan;
    type Limits = Limits;
    const DRAW: Limits = DRAW;
    const COUNT: Limits = COUNT;
    const MAX_STEPS: usize = MAX_STEPS;

    fn plan(raw: &[RawCommand], _: &str, limits: Limits) -> Result<Plan, ScriptError> {
        plan(raw, limits)
    }
    fn actions(plan: &Plan) -> usize {
        plan.actions.len()
    }
    fn max_size(plan: &Plan) -> usize {
        let (mut size, mut most) = (0usize, 0usize);
        for (_, a) in &plan.actions {
            match a {
                Action::Push(_) => size += 1,
                Action::Pop => size = size.saturating_sub(1),
            }
            most = most.max(size);
        }
        most
    }
    type Recorder = SampleRecorder;
    type Ran = ();
    fn recorder(_: SampleVariant, _: &Plan, max_steps: usize) -> SampleRecorder {
        SampleRecorder::new(max_steps)
    }
    /// What a step on each line may say (`*`: any text); the tests fail on a sentence told on
    /// a line its table does not allow. A real family keeps its tables in its own `says.rs`.
    #[cfg(test)]
    fn says(variant: &str) -> Option<crate::says::Table> {
        const LINES: &[crate::says::Says] = &[
            ("push(x)", &["push: is the array full?"]),
            ("array[size++] = x", &["* written into slot *"]),
            ("grow()", &["full: * slots copied into an array of *"]),
            ("pop()", &["pop: is the stack empty?", "slot * popped"]),
        ];
        SampleVariant::parse(variant).map(|_| crate::says::Table {
            lines: LINES,
            shared: &[],
        })
    }
    fn run(
        variant: SampleVariant,
        plan: &Plan,
        probe: RecordOrCount<SampleRecorder>,
    ) -> Result<(RecordOrCount<SampleRecorder>, ()), ScriptError> {
        let mut s = SampleStack::new(variant, probe);
        for (i, &(command, action)) in plan.actions.iter().enumerate() {
            match &mut s.probe {
                RecordOrCount::Record(r) => r.action = i,
                RecordOrCount::Count(c) => c.before(command),
            }
            match action {
                Action::Push(x) => s.push(x),
                Action::Pop => {
                    s.pop();
                }
            }
        }
        Ok((s.probe, ()))
    }
    fn action_infos(plan: &Plan, _: &()) -> Vec<ActionInfo> {
        plan.actions
            .iter()
            .map(|&(command, a)| ActionInfo {
                command,
                label: match a {
                    Action::Push(x) => format!("push {x}"),
                    Action::Pop => "pop".into(),
                },
                subject: -1,
            })
            .collect()
    }
    fn entity_labels(_: &Plan) -> Vec<String> {
        Vec::new()
    }
    fn trace(recorder: SampleRecorder) -> TraceBuffer {
        recorder.trace
    }
    fn limits() -> Vec<(&'static str, u64)> {
        vec![
            ("drawnOperations", DRAW.max_actions as u64),
            ("drawnSlots", MAX_SLOTS as u64),
            ("drawnSteps", MAX_STEPS as u64),
            ("countedOperations", COUNT.max_actions as u64),
        ]
    }
    fn fields() -> Fields {
        SampleFrame::fields()
    }
}

// ---- the benchmark kernel: what a harness times, natively and in wasm ----

/// Pushes 1..=n onto a new stack, per invocation.
struct PushKernel {
    variant: SampleVariant,
    n: u32,
    stacks: Vec<SampleStack<NoProbe>>,
}

impl Kernel for PushKernel {
    fn prepare(&mut self, k: usize) {
        self.stacks = (0..k)
            .map(|_| SampleStack::new(self.variant, NoProbe))
            .collect();
    }
    fn run(&mut self) -> (usize, u64) {
        let mut sum = 0u64;
        for s in &mut self.stacks {
            for x in 1..=self.n {
                s.push(x);
            }
            sum += u64::from(s.pop().unwrap_or(0));
        }
        (self.stacks.len(), sum)
    }
}
