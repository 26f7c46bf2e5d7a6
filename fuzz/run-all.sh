#!/usr/bin/env bash
# Usage: fuzz/run-all.sh SECONDS
# Builds each libFuzzer target, fuzzes it for SECONDS starting from its seeds and saved corpus,
# prints libFuzzer's final statistics line, and exits non-zero if any target crashed (the input
# is left in fuzz/artifacts/NAME/).
set -uo pipefail
cd "$(dirname "$0")"
seconds=${1:?usage: run-all.sh SECONDS}
targets=(FuzzDocument FuzzIncremental FuzzRPC)
mkdir -p .build
[ -d seeds ] || ./make-seeds.sh
failed=0
for name in "${targets[@]}"; do
  swift build -c release -j 2 --product "$name" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
    > ".build/$name-build.log" 2>&1 || { echo "$name: build failed (fuzz/.build/$name-build.log)"; failed=1; continue; }
  mkdir -p "corpus-$name" "artifacts/$name"
  # SWIFT_BACKTRACE=enable=no: Swift's own crash handler otherwise trips a false ASan report.
  SWIFT_BACKTRACE=enable=no "./.build/release/$name" "corpus-$name" "seeds/$name" \
    -max_total_time="$seconds" -artifact_prefix="artifacts/$name/" -print_final_stats=1 \
    > ".build/$name-run.log" 2>&1
  status=$?
  summary=$(grep -E '^#[0-9]+[[:space:]]+DONE' ".build/$name-run.log" | tail -1)
  if [ $status -ne 0 ]; then
    echo "$name: CRASH (status $status): $(ls "artifacts/$name" | head -3 | tr '\n' ' ') log: fuzz/.build/$name-run.log"
    grep -m3 -E 'Fatal error|precondition|ERROR:' ".build/$name-run.log"
    failed=1
  else
    echo "$name: ok  $summary"
  fi
done
exit $failed
