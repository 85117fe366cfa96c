//! Every suite's kernels run natively (see `native_bench`), the rows given by the harness that
//! defines them (web/src/cli/suiteCli.ts passes its suite's rows), so no row list is kept here:
//!
//!   cargo bench -p hotpath-core --bench kernels -- --rows 'cancelInOrder/jdk/100|heap-cancel|heap=jdk,num=100,reverse=false|10000' \
//!     --forks 1 --warmup 1 --iterations 3 --iteration-ms 300

use hotpath_core::families::kernel;
use hotpath_core::native_bench::{self, Row};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let at = args
        .iter()
        .position(|a| a == "--rows")
        .expect("--rows 'id|suite|params|maxBatch;…' names the rows to run");
    let spec = args.remove(at + 1);
    args.remove(at);
    let rows = spec
        .split(';')
        .filter(|r| !r.is_empty())
        .map(|r| {
            let f: Vec<&str> = r.split('|').collect();
            let [id, suite, params, max_batch] = f[..] else {
                panic!("a row is id|suite|params|maxBatch, not {r}");
            };
            // Refused now, with its reason, rather than inside the timed loop.
            kernel(suite, params).unwrap_or_else(|e| panic!("{id}: {e}"));
            let (suite, params) = (suite.to_string(), params.to_string());
            Row {
                id: id.to_string(),
                max_batch: max_batch.parse().expect("maxBatch is a whole number"),
                make: Box::new(move || kernel(&suite, &params).expect("checked above")),
            }
        })
        .collect();
    native_bench::main_with(rows, &args);
}
