//! The `recycler` kernels run natively (see `native_bench`):
//!
//!   cargo bench -p hotpath-core --bench recycler -- --forks 1 --warmup 1 --iterations 3 --iteration-ms 300

use hotpath_core::native_bench::{self, Kernel, Row};
use hotpath_core::recycler::bench::{PoolDesign, RecycleSameThread, SIZES};

fn main() {
    let mut rows = Vec::new();
    for design in PoolDesign::ALL {
        for size in SIZES {
            rows.push(Row {
                id: format!("recycleSameThread/{}/{size}", design.name()),
                max_batch: 1_000_000,
                make: Box::new(move || {
                    Box::new(RecycleSameThread::new(design, size)) as Box<dyn Kernel>
                }),
            });
        }
    }
    native_bench::main(rows);
}
