#!/usr/bin/env bash
# Does the no-op probe cost anything? Builds benches/probe_cost.rs twice — as shipped (every
# probe call present, NoProbe's bodies empty) and with `strip-probes` (no probe calls in the
# code at all) — and compares instructions executed under callgrind, which is exact, and the
# best-of-15 wall time, which is noisy on a shared machine. Needs valgrind.
#
#   bash crates/core/benches/probe-cost.sh
set -euo pipefail
if [[ "${1:-}" == "--help" || "${1:-}" == "-h" ]]; then
  echo "usage: npm run bench:probe"
  echo "  Instructions executed (valgrind's callgrind) by benches/probe_cost.rs with the no-op probe's"
  echo "  calls compiled in and with them stripped, and the best-of-15 wall time of each. Needs valgrind."
  echo "  --help    print this and exit"
  exit 0
fi
cd "$(dirname "$0")/../.."
bin() {
  cargo bench -q -p hotpath-core --bench probe_cost --no-run --message-format=json "$@" 2>/dev/null \
    | grep '"executable":"' | sed 's/.*"executable":"\([^"]*\)".*/\1/' | tail -1
}
shipped=$(bin)
cp "$shipped" /tmp/probe_cost.shipped
stripped=$(bin --features hotpath-core/strip-probes)
cp "$stripped" /tmp/probe_cost.stripped
ir() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : //p'; }
printf '%-18s %16s %16s %8s\n' suite "Ir, NoProbe" "Ir, no probes" ratio
for suite in $(/tmp/probe_cost.shipped --list); do
  a=$(ir /tmp/probe_cost.shipped "$suite")
  b=$(ir /tmp/probe_cost.stripped "$suite")
  printf '%-18s %16s %16s %8s\n' "$suite" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN{printf "%.4f", a/b}')"
done
echo
echo "Wall time, as shipped:"; /tmp/probe_cost.shipped | sed -n '2,$p'
echo "Wall time, probe calls stripped:"; /tmp/probe_cost.stripped | sed -n '2,$p'
