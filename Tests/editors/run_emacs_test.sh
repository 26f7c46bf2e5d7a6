#!/bin/sh
# Runs Tests/editors/emacs_test.el in batch Emacs (with eglot) against the built server.
# BRACKET_BIN overrides the server binary (default .build/debug/bracket).
set -u
. "$(dirname "$0")/editor_test_lib.sh"
require_editor emacs "apt-get install emacs-nox elpa-eglot"

log=$(mktemp)
trap 'rm -f "$log" "$log.err"' EXIT
# No -Q: Debian's site-start is what puts elpa-eglot on the load path.
# Emacs prints its own messages on stderr; keep them, but before the results.
timeout 180 emacs --batch -l Tests/editors/emacs_test.el >"$log" 2>"$log.err"
status=$?
grep -v '^Loading ' "$log.err" | tail -n 30
finish "$log" $status
