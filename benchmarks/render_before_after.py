#!/usr/bin/env python3
"""Times two `bracket` binaries on one file, alternating run by run, and prints the ratios.

    python3 benchmarks/render_before_after.py BEFORE_BIN AFTER_BIN FILE [ROUNDS]

Used for docs/performance.md ("Cards sized to their labels"): BEFORE_BIN is a release build of
an older commit, AFTER_BIN of this one, FILE e.g. `bracket-bench --emit 131071 tree.bracket`.
Alternating keeps a busy stretch of the shared machine from landing on one binary only; the
first round of each is a warm-up and not counted.
"""
import statistics
import subprocess
import sys
import time

before, after, src = sys.argv[1], sys.argv[2], sys.argv[3]
rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 11
for command in ("render", "geometry"):
    times = {"before": [], "after": []}
    for r in range(rounds + 1):
        for name, binary in (("before", before), ("after", after)) if r % 2 == 0 else (("after", after), ("before", before)):
            start = time.perf_counter()
            subprocess.run([binary, command, src, *(["-o", "/dev/null"] if command == "render" else [])],
                           stdout=subprocess.DEVNULL, check=True)
            elapsed = time.perf_counter() - start
            if r > 0: times[name].append(elapsed)
    b, a = times["before"], times["after"]
    print(f"{command}: before min {min(b):.3f} s median {statistics.median(b):.3f} s; after min {min(a):.3f} s median {statistics.median(a):.3f} s; ratio min {min(a)/min(b):.2f}x median {statistics.median(a)/statistics.median(b):.2f}x")
