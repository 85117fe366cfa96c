//! The `heap-cancel` kernels run natively (see `native_bench`):
//!
//!   cargo bench -p hotpath-core --bench heap_cancel -- --forks 1 --warmup 1 --iterations 3 --iteration-ms 300

use hotpath_core::family::Variant;
use hotpath_core::heap::bench::HeapCancel;
use hotpath_core::heap::HeapKind;
use hotpath_core::native_bench::{self, Kernel, Row};

fn main() {
    let mut rows = Vec::new();
    for bench in ["cancelInOrder", "cancelInReverseOrder"] {
        for &kind in HeapKind::ALL {
            for num in [100u32, 1000, 10000, 100000] {
                rows.push(Row {
                    id: format!("{bench}/{}/{num}", kind.name()),
                    max_batch: (1_000_000 / num as usize).max(1),
                    make: Box::new(move || {
                        Box::new(HeapCancel::new(kind, num, bench == "cancelInReverseOrder"))
                            as Box<dyn Kernel>
                    }),
                });
            }
        }
    }
    native_bench::main(rows);
}
