//! The `schedule` setting: which thread takes each step — round-robin, seeded random, or names.

use super::*;

/// `round-robin`, `random 7`, or names (`P1 P1 C P2*3`): each name one step, `*N` repeats it.
pub fn parse_schedule(text: &str, names: &[String]) -> Result<Schedule, ScriptError> {
    let err = |m: String| ScriptError::in_setting("schedule", m);
    let words: Vec<&str> = text
        .split([' ', ',', '\t'])
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        [] | ["round-robin"] => return Ok(Schedule::RoundRobin),
        ["random"] => return Ok(Schedule::Random(0)),
        ["random", seed] => {
            return seed
                .parse::<u32>()
                .map(|s| Schedule::Random(u64::from(s)))
                .map_err(|_| {
                    err(format!(
                        "random takes a seed from 0 to 4,294,967,295, not {}",
                        quoted(seed)
                    ))
                })
        }
        _ => {}
    }
    let mut listed = Vec::new();
    for w in words {
        let (name, times) = match w.split_once(['*', '×']) {
            Some((n, t)) => {
                let times = t
                    .parse::<usize>()
                    .ok()
                    .filter(|&t| (1..=10_000).contains(&t))
                    .ok_or_else(|| {
                        err(format!(
                            "{}: a repeat is a whole number from 1 to 10,000",
                            quoted(w)
                        ))
                    })?;
                (n, times)
            }
            None => (w, 1),
        };
        let thread = names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .ok_or_else(|| {
                err(if name == "random" || name == "round-robin" {
                    format!(
                        "{} comes alone (e.g. \"random 7\"), not with thread names",
                        quoted(name)
                    )
                } else {
                    format!(
                        "there is no thread {}; the threads are {}",
                        quoted(name),
                        names.join(", ")
                    )
                })
            })?;
        if listed.len() + times > 100_000 {
            return Err(err("a written schedule has at most 100,000 steps".into()));
        }
        listed.extend(std::iter::repeat_n(thread, times));
    }
    Ok(Schedule::Listed(listed))
}
