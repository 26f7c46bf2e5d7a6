#!/usr/bin/env bash
# Times `bracket check`, `render` and `geometry` on inputs of hostile shapes against the same
# tree written one node per line, in one run, and prints the markdown table of
# docs/performance.md ("Input shapes"). Work must stay proportional to the input whatever its
# shape (issue 16 §2): each shape's ratio to its one-node-per-line twin should stay near 1.
# Usage: benchmarks/shapes.sh [--runs N]     Needs: a release build, hyperfine, python3.
set -euo pipefail

cd "$(dirname "$0")/.."
runs=5
[[ ${1:-} == --runs ]] && runs=$2
bin=$PWD/.build/release/bracket
[[ -x $bin ]] || { echo "$bin missing: swift build -c release -j 2 --product bracket" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine missing: apt-get install -y hyperfine" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# name, description, generator (Python writing the file to argv[1]); each "one line" shape
# follows the shape it is measured against.
python3 - "$work" <<'PY'
import os, sys
work = sys.argv[1]
def write(name, text):
    with open(os.path.join(work, name + ".bracket"), "w") as f:
        f.write(text)
N, DEEP, DUPS = 50_000, 100_000, 20_000
write("flat-lines", "root {\n" + "".join(f"  n{i}\n" for i in range(N)) + "}\n")
write("flat-one-line", "root { " + " ".join(f"n{i}" for i in range(N)) + " }\n")
write("deep-lines", "".join(f"n{i} {{\n" for i in range(DEEP - 1)) + f"n{DEEP - 1}\n" + "}\n" * (DEEP - 1))
write("deep-one-line", "".join(f"n{i} {{ " for i in range(DEEP - 1)) + f"n{DEEP - 1}" + " }" * (DEEP - 1) + "\n")
write("duplicates-lines", "root {\n" + "  dup\n" * DUPS + "}\n")
write("duplicates-one-line", "root { " + "dup " * DUPS + "}\n")
PY

pairs=(
    "flat-lines|flat-one-line|50,000 leaves under one root"
    "deep-lines|deep-one-line|a chain 100,000 deep"
    "duplicates-lines|duplicates-one-line|20,000 leaves with one ID (20,000 duplicate-id errors)"
)
commands=(check render geometry)

# Milliseconds, "min / median" over $runs runs (after one warm-up run), output to /dev/null.
measure() {
    local json="$work/result.json"
    hyperfine --style none --warmup 1 --runs "$runs" -i --export-json "$json" \
        "$bin $1 $work/$2.bracket" >/dev/null 2>&1
    python3 -c '
import json, statistics, sys
t = json.load(open(sys.argv[1]))["results"][0]["times"]
print("%.0f %.0f" % (min(t) * 1000, statistics.median(t) * 1000))' "$json"
}

printf '| shape | file | bytes |'
for c in "${commands[@]}"; do printf ' %s ms | ÷ per line |' "$c"; done
printf '\n|---|---|---:|'
for _ in "${commands[@]}"; do printf -- '---:|---:|'; done
printf '\n'
for pair in "${pairs[@]}"; do
    IFS='|' read -r base hostile description <<< "$pair"
    declare -A baseline=()
    for name in "$base" "$hostile"; do
        size=$(stat -c %s "$work/$name.bracket")
        printf '| %s | `%s` | %s |' "$description" "$name" "$(python3 -c "print(f'{int(\"$size\"):,}')")"
        for c in "${commands[@]}"; do
            read -r low median < <(measure "$c" "$name")
            if [[ $name == "$base" ]]; then
                baseline[$c]=$median
                printf ' %s / %s | 1 |' "$low" "$median"
            else
                ratio=$(python3 -c "import sys; print('%.2f' % (float(sys.argv[1]) / max(1.0, float(sys.argv[2]))))" "$median" "${baseline[$c]}")
                printf ' %s / %s | %s |' "$low" "$median" "$ratio"
            fi
        done
        printf '\n'
    done
done
