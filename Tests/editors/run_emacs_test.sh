#!/bin/sh
# Runs Tests/editors/emacs_test.el in batch Emacs (with eglot) against the built server.
# BRACKET_BIN overrides the server binary (default .build/debug/bracket).
# The last line is always "N passed, N failed"; the exit status is non-zero on failure.
set -u
cd "$(dirname "$0")/../.." || exit 1
BRACKET_BIN=${BRACKET_BIN:-.build/debug/bracket}
export BRACKET_BIN

fail() {
    echo "$1"
    echo "0 passed, 1 failed"
    exit 1
}

command -v emacs >/dev/null 2>&1 || fail "emacs not found (apt-get install emacs-nox elpa-eglot)"
[ -x "$BRACKET_BIN" ] || fail "server binary not found: $BRACKET_BIN (swift build --product bracket)"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# No -Q: Debian's site-start is what puts elpa-eglot on the load path.
# Emacs prints its own messages on stderr; keep them, but after the results.
timeout 180 emacs --batch -l Tests/editors/emacs_test.el >"$log" 2>"$log.err"
status=$?
grep -v '^Loading ' "$log.err" | tail -n 30
rm -f "$log.err"
cat "$log"
if ! tail -n 1 "$log" | grep -Eq '^[0-9]+ passed, [0-9]+ failed$'; then
    [ "$status" -eq 124 ] && echo "timed out"
    echo "0 passed, 1 failed"
    exit 1
fi
if [ "$status" -ne 0 ] || ! tail -n 1 "$log" | grep -q ' 0 failed$'; then
    exit 1
fi
exit 0
