//! A family's [`Schema`] as JSON, for the web (no serde: the shape is small and fixed).

use crate::script::Schema;

/// A JSON string literal.
pub fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn list<T>(items: impl IntoIterator<Item = T>, f: impl Fn(T) -> String) -> String {
    format!(
        "[{}]",
        items.into_iter().map(f).collect::<Vec<_>>().join(",")
    )
}

/// `{"family", "oldVariantParam", "ops": [{name, args: [{what, min, max}], example}], "threads",
/// "settings": [{name, what, default}], "limits": {…}, "variants": [{name, title, pseudocode,
/// counters}], "kinds": [{name, counter}], "fields": [{name, offset, len}], "codes": {set:
/// [{name, value, text}]}}`.
pub fn to_json(s: &Schema) -> String {
    let ops = list(s.ops, |o| {
        format!(
            "{{\"name\":{},\"args\":{},\"example\":{}}}",
            string(o.name),
            list(o.args, |a| format!(
                "{{\"what\":{},\"min\":{},\"max\":{}}}",
                string(a.what),
                a.min,
                a.max
            )),
            string(o.example)
        )
    });
    let limits = format!(
        "{{{}}}",
        s.limits
            .iter()
            .map(|(k, v)| format!("{}:{v}", string(k)))
            .collect::<Vec<_>>()
            .join(",")
    );
    let variants = list(&s.variants, |v| {
        format!(
            "{{\"name\":{},\"title\":{},\"pseudocode\":{},\"counters\":{}}}",
            string(v.name),
            string(v.title),
            list(v.pseudocode, |l| string(l)),
            list(v.counters, |c| string(c))
        )
    });
    let kinds = list(s.kinds, |k| {
        format!(
            "{{\"name\":{},\"counter\":{}}}",
            string(k.name),
            k.counter.map_or("null".into(), string)
        )
    });
    let fields = list(&s.fields, |f| {
        format!(
            "{{\"name\":{},\"offset\":{},\"len\":{}}}",
            string(&f.name),
            f.offset,
            f.len
        )
    });
    let settings = list(s.settings, |x| {
        format!(
            "{{\"name\":{},\"what\":{},\"default\":{}}}",
            string(x.name),
            string(x.what),
            string(x.default)
        )
    });
    let codes = format!(
        "{{{}}}",
        s.codes
            .iter()
            .map(|set| format!(
                "{}:{}",
                string(set.name),
                list(&set.codes, |c| format!(
                    "{{\"name\":{},\"value\":{},\"text\":{}}}",
                    string(&c.name),
                    c.value,
                    c.text.map_or("null".into(), string)
                ))
            ))
            .collect::<Vec<_>>()
            .join(",")
    );
    format!(
        "{{\"family\":{},\"oldVariantParam\":{},\"ops\":{ops},\"threads\":{},\"settings\":{settings},\"limits\":{limits},\"variants\":{variants},\"kinds\":{kinds},\"fields\":{fields},\"codes\":{codes}}}",
        string(s.family),
        string(s.old_variant_param),
        s.threads
    )
}
