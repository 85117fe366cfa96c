//! Layout fidelity against the real JDK: `vectors/jdk_priority_queue.txt` was produced by
//! `vectors/JdkVectors.java` running java.util.PriorityQueue (OpenJDK 17); JdkHeap must leave
//! the same array, slot for slot, with the same backing-array length.

use crate::priority::jdk::JdkHeap;

#[test]
fn jdk_heap_reproduces_java_util_priority_queue_layouts() {
    let text = include_str!("vectors/jdk_priority_queue.txt");
    let mut cases = 0;
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(" ; ").collect();
        assert_eq!(parts.len(), 3, "line {}: malformed", n + 1);
        let mut heap: JdkHeap<u64> = JdkHeap::new();
        for op in parts[0].split(',').filter(|s| !s.is_empty()) {
            let mut words = op.split(' ');
            match (
                words.next(),
                words.next().map(|k| k.parse::<u64>().unwrap()),
            ) {
                (Some("a"), Some(k)) => heap.offer(k),
                (Some("p"), None) => drop(heap.poll()),
                (Some("r"), Some(k)) => drop(heap.remove(&k)),
                other => panic!("line {}: bad op {other:?}", n + 1),
            }
        }
        let expected: Vec<u64> = parts[1]
            .split(' ')
            .filter(|s| !s.is_empty())
            .map(|k| k.parse().unwrap())
            .collect();
        assert_eq!(
            heap.as_slice(),
            expected.as_slice(),
            "line {}: layout differs from the JDK's",
            n + 1
        );
        assert_eq!(
            heap.capacity(),
            parts[2].parse::<usize>().unwrap(),
            "line {}: capacity",
            n + 1
        );
        cases += 1;
    }
    assert_eq!(cases, 400);
}
