# Shared by the run_*_test.sh scripts (sourced, not run): finds the server binary, checks the
# editor is installed, and turns an editor's log into one result.
# Every script's last line is "N passed, N failed"; its exit status is non-zero on failure.
cd "$(dirname "$0")/../.." || exit 1
BRACKET_BIN=${BRACKET_BIN:-.build/debug/bracket}
export BRACKET_BIN

fail() {
    echo "$1"
    echo "0 passed, 1 failed"
    exit 1
}

# require_editor COMMAND INSTALL-HINT
require_editor() {
    command -v "$1" >/dev/null 2>&1 || fail "$1 not found ($2)"
    [ -x "$BRACKET_BIN" ] || fail "server binary not found: $BRACKET_BIN (swift build --product bracket)"
}

# finish LOG STATUS: prints the log and exits 0 only when the editor exited cleanly and the
# log ends in "N passed, 0 failed" (status 124 is timeout's: the editor or server hung).
finish() {
    cat "$1"
    if ! tail -n 1 "$1" | grep -Eq '^[0-9]+ passed, [0-9]+ failed$'; then
        [ "$2" -eq 124 ] && echo "timed out"
        echo "0 passed, 1 failed"
        exit 1
    fi
    if [ "$2" -ne 0 ] || ! tail -n 1 "$1" | grep -q ' 0 failed$'; then
        exit 1
    fi
    exit 0
}
