#!/bin/sh
# Runs Tests/editors/nvim_test.lua in headless Neovim against the built server.
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

command -v nvim >/dev/null 2>&1 || fail "nvim not found (apt-get install neovim)"
[ -x "$BRACKET_BIN" ] || fail "server binary not found: $BRACKET_BIN (swift build --product bracket)"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# -u NONE: no user config; -i NONE: no shada. timeout guards against a hung server.
timeout 180 nvim --headless -u NONE -i NONE -n -c "luafile Tests/editors/nvim_test.lua" >"$log" 2>&1
status=$?
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
