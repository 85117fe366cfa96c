//! The `udp-queue` kernels run natively (see `native_bench`):
//!
//!   cargo bench -p hotpath-core --bench udp_queue -- --forks 1 --warmup 1 --iterations 3 --iteration-ms 300

use hotpath_core::native_bench::{self, Kernel, Row};
use hotpath_core::queue::bench::{OfferDesign, QueueOffer};

fn main() {
    let mut rows = Vec::new();
    for design in OfferDesign::ALL {
        for capacity in [1024usize, 65_536, 1_048_576] {
            rows.push(Row {
                id: format!("{}/{capacity}", design.method()),
                max_batch: if design == OfferDesign::ClqSize {
                    (4_000_000 / capacity).max(1)
                } else {
                    1_000_000
                },
                make: Box::new(move || {
                    Box::new(QueueOffer::new(design, capacity)) as Box<dyn Kernel>
                }),
            });
        }
    }
    native_bench::main(rows);
}
