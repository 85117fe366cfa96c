#!/usr/bin/env bash
# Builds the benchmark against Netty 4.0.20.Final (the old Recycler) and 4.0.21.Final (the
# rewrite), then runs recycleSameThread on each with assertions on for io.netty (as Netty's 2014
# harness did) and off, and `allocate` once. Extra arguments go to JMH (e.g. -p size=00000).
#
#   bash jvm/recycler-2014/run.sh [-p size=00000,65536]
set -euo pipefail
cd "$(dirname "$0")"
for v in 4.0.20.Final 4.0.21.Final; do
  [ -f "target/recycler-$v.jar" ] || mvn -B -q package -Dnetty.version="$v"
done
run() { java -jar "target/recycler-$1.jar" "${@:3}" -jvmArgsAppend "$2" -rf csv -rff "target/$1$2.csv" 2>&1 | grep -E '^(Benchmark|Recyclable)'; }
echo "== 4.0.20.Final (before), assertions on";  run 4.0.20.Final "-ea:io.netty..." recycleSameThread "$@"
echo "== 4.0.20.Final (before), assertions off"; run 4.0.20.Final "-da" recycleSameThread "$@"
echo "== 4.0.21.Final (after), assertions on";   run 4.0.21.Final "-ea:io.netty..." recycleSameThread "$@"
echo "== 4.0.21.Final (after), assertions off";  run 4.0.21.Final "-da" recycleSameThread "$@"
echo "== no pool";                               run 4.0.21.Final "-da" allocate "$@"
