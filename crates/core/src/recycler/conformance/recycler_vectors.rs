//! Outcome fidelity against the real Netty 4.0.21 Recycler: `vectors/recycler_4_0_21.txt` was
//! produced by `vectors/RecyclerVectors.java` running netty-common-4.0.21.Final on real threads
//! (600 random scripts of gets, recycles and exits on three threads, max-capacity 4 and the
//! default); the lab's WeakOrderRecycler must do what Netty did at every operation.

use crate::probe::NoProbe;
use crate::recycler::script::{self as recycler_script, Outcome};
use crate::recycler::weak_order::WeakOrderRecycler;
use crate::recycler::Fault;
use crate::script::RawCommand;

/// An outcome as the Java generator printed it.
fn java(o: Outcome) -> String {
    match o {
        Outcome::Got(k) => format!("G{k}"),
        Outcome::Recycled(b) => format!("R{b}"),
        Outcome::Nothing => "N".to_string(),
        Outcome::Exited => "X".to_string(),
        Outcome::Threw(f) => {
            // "IllegalStateException: recycled already" → "TIllegalStateException/recycled_already"
            let text = f.java().replacen(": ", "/", 1).replace(' ', "_");
            match f {
                Fault::NullStack | Fault::NullInLink => "TNullPointerException".to_string(),
                _ => format!("T{text}"),
            }
        }
    }
}

#[test]
fn the_rewrite_does_what_netty_4_0_21_did_at_every_operation() {
    let text = include_str!("vectors/recycler_4_0_21.txt");
    let mut cases = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(" ; ").collect();
        assert_eq!(parts.len(), 3, "line {}: malformed", n + 1);
        let cap: usize = parts[0].parse().unwrap();
        let raw: Vec<RawCommand> = parts[1]
            .split(", ")
            .map(|c| {
                let (who, what) = c.split_once(": ").unwrap();
                let thread = match who {
                    "A" => 0,
                    "B" => 1,
                    _ => 2,
                };
                let (op, arg) = match what.split_once(' ') {
                    None if what == "get" => (0, 0),
                    None => (2, 0),
                    Some((_, k)) => (1, k.parse().unwrap()),
                };
                RawCommand {
                    op,
                    args: [arg, 0, 0],
                    thread,
                }
            })
            .collect();
        let plan = recycler_script::plan(
            &raw,
            &format!("threads=A,B,C\nmax-capacity={cap}"),
            recycler_script::COUNT,
        )
        .unwrap();
        let mut r = WeakOrderRecycler::new(3, cap, NoProbe);
        let mut outcomes = Vec::new();
        recycler_script::run(&mut r, &plan, |_, _| {}, |_, o| outcomes.push(java(o)));
        assert_eq!(
            outcomes.join(" "),
            parts[2],
            "line {}: {} (max-capacity {cap})",
            n + 1,
            parts[1]
        );
        cases += 1;
    }
    assert_eq!(cases, 600);
}
