//! The `timer-add-cancel` kernels run natively (see `native_bench`):
//!
//!   cargo bench -p hotpath-core --bench timer_add_cancel -- --forks 1 --warmup 1 --iterations 3 --iteration-ms 300

use hotpath_core::native_bench::{self, Kernel, Row};
use hotpath_core::wheel::bench::{TimerAddCancel, TimerDesign};

fn main() {
    let mut rows = Vec::new();
    for design in TimerDesign::ALL {
        for n in [1000u32, 10_000, 100_000] {
            rows.push(Row {
                id: format!("addCancel/{}/{n}", design.name()),
                max_batch: (1_000_000 / n as usize).max(1),
                make: Box::new(move || Box::new(TimerAddCancel::new(design, n)) as Box<dyn Kernel>),
            });
        }
    }
    native_bench::main(rows);
}
