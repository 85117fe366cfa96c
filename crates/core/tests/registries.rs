//! The registries, tested through the crate's public face: the kernel table (suites by name,
//! their parameters and errors), the schema's JSON, and every family's settings errors. Here
//! rather than beside the code, so the generic modules name no family.

use hotpath_core::families::family;
use hotpath_core::families::{kernel, suites};
use hotpath_core::schema_json::{string, to_json};
use hotpath_core::script::quoted;

#[test]
fn builds_each_suite_by_name_and_refuses_what_it_does_not_take() {
    // The site's four suites, in their families' order (a family added later may bring more).
    let names: Vec<&str> = suites().map(|s| s.name).collect();
    assert_eq!(
        names[..4],
        ["heap-cancel", "timer-add-cancel", "udp-queue", "recycler"]
    );
    let mut k = kernel("heap-cancel", "heap=jdk,num=10,reverse=true").unwrap();
    k.prepare(2);
    assert_eq!(k.run().0, 2);
    let e = |suite: &str, params: &str| kernel(suite, params).err().unwrap().to_string();
    assert_eq!(
        e("heap-cancle", ""),
        format!(
            "there is no benchmark suite \"heap-cancle\"; expected {}",
            names.join(", ")
        )
    );
    assert_eq!(
        e("heap-cancel", "heap=jdk,num=10,reverse=true,size=3"),
        "heap-cancel has no parameter \"size\"; expected heap, num, reverse"
    );
    assert_eq!(
        e("heap-cancel", "heap=jdk,num=0,reverse=true"),
        "num is \"0\"; expected a whole number from 1 to 1000000"
    );
    assert_eq!(
        e("udp-queue", "queue=clq,capacity=1000"),
        "capacity is \"1000\"; expected a power of two from 4"
    );
    assert_eq!(
        e("timer-add-cancel", "timer=heap,n=10"),
        "timer is \"heap\"; expected wheel, delay-queue, indexed"
    );
    assert_eq!(
        e("recycler", "design=after"),
        "recycler needs the parameter size"
    );
}

#[test]
fn escapes_and_names_every_part() {
    assert_eq!(string("a \"b\"\n"), "\"a \\\"b\\\"\\n\"");
    let json = to_json(&(family("heap").unwrap().schema)());
    for part in [
        "\"family\":\"heap\"",
        "\"oldVariantParam\":\"heap\"",
        "\"counters\":[\"compare\",\"equals\",\"move\",\"index\",\"grow\"]",
        "\"codes\":{\"flag\":[{\"name\":\"FOCUS\",\"value\":1,\"text\":null}",
        "\"name\":\"cancel-reverse\"",
        "\"drawnTimers\":127",
        "\"counter\":\"comparisons\"",
        "\"name\":\"slot\"",
    ] {
        assert!(json.contains(part), "{part} in {json}");
    }
}

#[test]
fn a_long_value_is_quoted_as_an_excerpt_with_its_length() {
    assert_eq!(quoted("400"), "\"400\"");
    let long = "9".repeat(400);
    let q = quoted(&long);
    assert_eq!(q, format!("\"{}…\" (400 characters)", "9".repeat(40)));
    // Every family's settings errors go through it: a 400-digit capacity makes a short message.
    for (name, settings) in [
        ("queue", format!("capacity={long}")),
        ("recycler", format!("max-capacity={long}")),
        ("recycler", format!("assertions={long}")),
    ] {
        let f = family(name).unwrap();
        let e = (f.plan)(&[], &settings, true).err().unwrap();
        assert!(
            e.message.contains("(400 characters)"),
            "{name}: {}",
            e.message
        );
        assert!(e.message.chars().count() < 160, "{name}: {}", e.message);
    }
}
