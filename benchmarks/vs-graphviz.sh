#!/usr/bin/env bash
# Times Graphviz (`dot -Tsvg` on `bracket export --format dot` output) against `bracket render`
# on the same complete binary trees, and prints how many times faster bracket is.
# Usage: benchmarks/vs-graphviz.sh [sizes…]     (default: 2047 16383 131071)
# Needs: a release build (`swift build -c release -j 2`), graphviz; hyperfine is used if present.
set -euo pipefail

cd "$(dirname "$0")/.."
sizes=("${@:-2047 16383 131071}")
read -r -a sizes <<< "${sizes[*]}"
cap=${DOT_TIMEOUT:-120}                   # seconds before a dot run counts as "did not finish"
bin=.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

command -v dot >/dev/null || { echo "graphviz missing: apt-get install -y graphviz" >&2; exit 1; }
for tool in bracket bracket-bench; do
    [[ -x $bin/$tool ]] || { echo "$bin/$tool missing: swift build -c release -j 2" >&2; exit 1; }
done
if ! "$bin/bracket" --help 2>&1 | grep -q render; then
    echo "this bracket binary has no 'render' command yet (merge branch cli)" >&2
    exit 1
fi

# Seconds (as a decimal) that a command takes, best of $runs; "timeout" if it hit the cap.
seconds() {
    local runs=$1; shift
    if command -v hyperfine >/dev/null; then
        local json="$work/hf.json"
        if ! hyperfine --style none --runs "$runs" --export-json "$json" "timeout $cap $*" >/dev/null 2>&1; then
            echo timeout; return
        fi
        python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["results"][0]["times"]; print("%.3f" % min(t))' "$json"
    else
        local best=""
        for _ in $(seq "$runs"); do
            local start end
            start=$(date +%s%N)
            timeout "$cap" "$@" >/dev/null 2>&1 || { echo timeout; return; }
            end=$(date +%s%N)
            local took=$(( end - start ))
            [[ -z $best || $took -lt $best ]] && best=$took
        done
        python3 -c "print(f'{$best / 1e9:.3f}')"
    fi
}

printf '%-8s %12s %12s %12s %10s\n' nodes export_s dot_svg_s bracket_s dot/bracket
for n in "${sizes[@]}"; do
    file="$work/tree-$n.bracket"
    "$bin/bracket-bench" --emit "$n" "$file"
    "$bin/bracket" export --format dot "$file" > "$work/tree-$n.dot"
    runs=$(( n > 20000 ? 1 : 3 ))
    export_s=$(seconds "$runs" "$bin/bracket" export --format dot "$file")
    dot_s=$(seconds "$runs" dot -Tsvg -o /dev/null "$work/tree-$n.dot")
    ours=$(seconds "$runs" "$bin/bracket" render "$file" -o "$work/tree-$n.svg")
    ratio=$(python3 -c "import sys; d,b=sys.argv[1:3]; print(f'>{float(sys.argv[3])/float(b):.0f}x' if d=='timeout' else f'{float(d)/float(b):.1f}x')" "$dot_s" "$ours" "$cap")
    [[ $dot_s == timeout ]] && dot_s=">${cap}"
    printf '%-8s %12s %12s %12s %10s\n' "$n" "$export_s" "$dot_s" "$ours" "$ratio"
done
