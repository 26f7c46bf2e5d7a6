#!/bin/sh
# Runs Tests/editors/nvim_test.lua in headless Neovim against the built server.
# BRACKET_BIN overrides the server binary (default .build/debug/bracket).
set -u
. "$(dirname "$0")/editor_test_lib.sh"
require_editor nvim "apt-get install neovim"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# -u NONE: no user config; -i NONE: no shada. timeout guards against a hung server.
timeout 180 nvim --headless -u NONE -i NONE -n -c "luafile Tests/editors/nvim_test.lua" >"$log" 2>&1
finish "$log" $?
