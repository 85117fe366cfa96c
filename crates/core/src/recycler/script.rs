//! The scripts that drive the recycler widgets: which thread gets or recycles which object
//! (`A: get, A: get, B: recycle 1, A: get`), macros for bulk work (`get-many 20`, `recycle-all`,
//! `cycle 1000`, the benchmark's loop) and the recycler's settings. Objects are named by the get
//! that returned them (`recycle 1` = the object the first get returned), so one script means the
//! same thing on both recyclers even where they allocate differently.
//!
//! Operations do not interleave: each runs to its end before the next begins, in script order.

use crate::recycler::{Fault, VirtualRecycler, DEFAULT_MAX_CAPACITY};
use crate::script::{
    self, command_thread, fmt_count, parse_settings, parse_thread_names, quoted, script_threads,
    ArgSpec, OpSpec, RawCommand, ScriptError, SettingSpec,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecyclerAction {
    /// Get number `n` (0-based).
    Get(u32),
    /// Recycle the object get number `n` returned.
    Recycle(u32),
    Exit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    pub command: u32,
    pub thread: u32,
    pub op: RecyclerAction,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub names: Vec<String>,
    pub actions: Vec<Action>,
    pub gets: usize,
    /// The most objects the script's threads hold at once (got and not yet recycled).
    pub max_held: usize,
    pub max_capacity: usize,
    pub assertions: bool,
}

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_threads: usize,
    pub max_gets: usize,
    pub max_recycles: usize,
    pub max_actions: usize,
}

/// Threads a drawn script may name.
pub const MAX_THREADS: usize = 4;
/// Gets a drawn script may make (each may allocate an object).
pub const MAX_OBJECTS: usize = 48;
/// Stack slots drawn per thread (a drawn script recycles at most this many times, so no stack
/// holds more, stale slots included).
pub const MAX_SLOTS: usize = 64;
pub const DRAW: Limits = Limits {
    max_threads: MAX_THREADS,
    max_gets: MAX_OBJECTS,
    max_recycles: MAX_SLOTS,
    max_actions: 200,
};
pub const COUNT: Limits = Limits {
    max_threads: 64,
    max_gets: 4_000_000,
    max_recycles: 4_000_000,
    max_actions: 8_000_000,
};
pub const MAX_STEPS: usize = 5_000;

const COUNT_ARG: ArgSpec = ArgSpec {
    what: "a count",
    min: 1,
    max: 1_000_000,
};

opcodes! {
    /// The commands of a recycler script, with their grammar.
    pub enum RecyclerCommand {
        Get = OpSpec {
            name: "get",
            args: &[],
            example: "get",
        },
        Recycle = OpSpec {
            name: "recycle",
            args: &[ArgSpec {
                what: "the number of the get whose object it recycles",
                min: 1,
                max: 4_000_000,
            }],
            example: "recycle 1",
        },
        Exit = OpSpec {
            name: "exit",
            args: &[],
            example: "exit",
        },
        GetMany = OpSpec {
            name: "get-many",
            args: &[COUNT_ARG],
            example: "get-many 20",
        },
        RecycleAll = OpSpec {
            name: "recycle-all",
            args: &[],
            example: "recycle-all",
        },
        Cycle = OpSpec {
            name: "cycle",
            args: &[COUNT_ARG],
            example: "cycle 1000",
        },
    }
}

settings! {
    /// The settings a script takes besides its commands.
    pub enum RecyclerSetting {
        Threads = crate::script::THREAD_NAMES,
        MaxCapacity = SettingSpec {
            name: "max-capacity",
            what: "io.netty.recycler.maxCapacity.default: each stack's maximum, and its first array up to 256",
            default: "262144",
        },
        Assertions = SettingSpec {
            name: "assertions",
            what: "on or off: whether the JVM ran with -ea for io.netty (the old Recycler's identity map)",
            default: "off",
        },
    }
}

/// Its settings' specs, for the schema.
pub const SETTINGS: &[SettingSpec] = <RecyclerSetting as crate::script::Setting>::SPECS;

fn limit(command: usize, what: &str, n: usize) -> ScriptError {
    ScriptError::limit(
        command,
        format!(
            "the script has more than {} {what}, the limit here",
            fmt_count(n as u64)
        ),
    )
}

pub fn plan(raw: &[RawCommand], settings: &str, limits: Limits) -> Result<Plan, ScriptError> {
    let mut p = Plan {
        max_capacity: DEFAULT_MAX_CAPACITY,
        ..Plan::default()
    };
    for (name, value) in parse_settings::<RecyclerSetting>(settings)? {
        match name {
            RecyclerSetting::Threads => p.names = parse_thread_names(&value)?,
            RecyclerSetting::MaxCapacity => {
                p.max_capacity = value
                    .parse::<usize>()
                    .ok()
                    .filter(|c| (1..=1 << 30).contains(c))
                    .ok_or_else(|| {
                        ScriptError::in_setting(
                            "max-capacity",
                            format!(
                                "a capacity is a whole number from 1 to 1,073,741,824, not {}",
                                quoted(&value)
                            ),
                        )
                    })?
            }
            RecyclerSetting::Assertions => {
                p.assertions = match value.as_str() {
                    "on" => true,
                    "off" | "" => false,
                    _ => {
                        return Err(ScriptError::in_setting(
                            "assertions",
                            format!("assertions are on or off, not {}", quoted(&value)),
                        ))
                    }
                }
            }
        }
    }
    p.names = script_threads(
        std::mem::take(&mut p.names),
        limits.max_threads,
        COUNT.max_threads,
    )?;
    let mut exited: Vec<Option<usize>> = vec![None; p.names.len()];
    // Gets whose object no recycle has named yet, oldest first.
    let mut out: Vec<u32> = Vec::new();
    let mut recycles = 0usize;
    for (command, c) in script::commands::<RecyclerCommand>(raw)?
        .into_iter()
        .enumerate()
    {
        let thread = command_thread(command, c.thread, &p.names)?;
        if let Some(at) = exited[thread] {
            return Err(ScriptError::new(
                command,
                format!(
                    "{} exited at command {}, so it runs nothing after",
                    p.names[thread],
                    at + 1
                ),
            ));
        }
        let mut push = |p: &mut Plan, op: RecyclerAction| -> Result<(), ScriptError> {
            match op {
                RecyclerAction::Get(_) if p.gets >= limits.max_gets => {
                    return Err(limit(command, "gets", limits.max_gets))
                }
                RecyclerAction::Recycle(_) if recycles >= limits.max_recycles => {
                    return Err(limit(command, "recycles", limits.max_recycles))
                }
                _ if p.actions.len() >= limits.max_actions => {
                    return Err(limit(command, "operations", limits.max_actions))
                }
                RecyclerAction::Get(_) => p.gets += 1,
                RecyclerAction::Recycle(_) => recycles += 1,
                RecyclerAction::Exit => {}
            }
            p.actions.push(Action {
                command: command as u32,
                thread: thread as u32,
                op,
            });
            Ok(())
        };
        match c.op {
            RecyclerCommand::Get => {
                let g = p.gets as u32;
                out.push(g);
                push(&mut p, RecyclerAction::Get(g))?;
                p.max_held = p.max_held.max(out.len());
            }
            RecyclerCommand::Recycle => {
                let n = c.args[0] as usize;
                if n > p.gets {
                    return Err(ScriptError::new(
                        command,
                        format!(
                            "recycle {n} names the object of get {n}, but the script has made {} {} by then",
                            fmt_count(p.gets as u64),
                            if p.gets == 1 { "get" } else { "gets" }
                        ),
                    ));
                }
                out.retain(|&g| g as usize != n - 1);
                push(&mut p, RecyclerAction::Recycle(n as u32 - 1))?;
            }
            RecyclerCommand::Exit => {
                push(&mut p, RecyclerAction::Exit)?;
                exited[thread] = Some(command);
            }
            RecyclerCommand::GetMany => {
                for _ in 0..c.args[0] {
                    let g = p.gets as u32;
                    out.push(g);
                    push(&mut p, RecyclerAction::Get(g))?;
                }
                p.max_held = p.max_held.max(out.len());
            }
            RecyclerCommand::RecycleAll => {
                for g in std::mem::take(&mut out) {
                    push(&mut p, RecyclerAction::Recycle(g))?;
                }
            }
            RecyclerCommand::Cycle => {
                for _ in 0..c.args[0] {
                    let g = p.gets as u32;
                    push(&mut p, RecyclerAction::Get(g))?;
                    push(&mut p, RecyclerAction::Recycle(g))?;
                }
                p.max_held = p.max_held.max(out.len() + 1);
            }
        }
    }
    Ok(p)
}

/// What one action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Got(u32),
    /// Recycle's return value (false: dropped, another thread's object).
    Recycled(bool),
    Threw(Fault),
    /// A recycle of the object of a get that threw: there is nothing to recycle.
    Nothing,
    Exited,
}

/// Runs the plan; `before(r, i)` is called ahead of action `i`, `after` with what it did.
pub fn run<R: VirtualRecycler>(
    r: &mut R,
    plan: &Plan,
    mut before: impl FnMut(&mut R, usize),
    mut after: impl FnMut(usize, Outcome),
) {
    let mut got: Vec<Option<u32>> = Vec::with_capacity(plan.gets);
    for (i, a) in plan.actions.iter().enumerate() {
        before(r, i);
        let t = a.thread as usize;
        let outcome = match a.op {
            RecyclerAction::Get(_) => {
                let o = r.get(t);
                got.push(o.ok());
                match o {
                    Ok(o) => Outcome::Got(o),
                    Err(f) => Outcome::Threw(f),
                }
            }
            RecyclerAction::Recycle(g) => match got[g as usize] {
                None => {
                    r.nothing(t, g);
                    Outcome::Nothing
                }
                Some(o) => match r.recycle(t, o) {
                    Ok(b) => Outcome::Recycled(b),
                    Err(f) => Outcome::Threw(f),
                },
            },
            RecyclerAction::Exit => {
                r.exit(t);
                Outcome::Exited
            }
        };
        after(i, outcome);
    }
}

pub fn action_label(plan: &Plan, a: &Action) -> String {
    let who = &plan.names[a.thread as usize];
    match a.op {
        RecyclerAction::Get(n) => format!("{who}: get #{}", n + 1),
        RecyclerAction::Recycle(n) => format!("{who}: recycle #{}", n + 1),
        RecyclerAction::Exit => format!("{who}: exit"),
    }
}
