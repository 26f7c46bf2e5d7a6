#!/usr/bin/env bash
# Builds the seed corpora in fuzz/seeds/ from the examples and the test fixtures.
#   seeds/FuzzDocument     every .bracket file as is
#   seeds/FuzzIncremental  [2-byte big-endian length][file][a few edits: start(2) end(2) len(1) bytes]
#   seeds/FuzzRPC          [chunk-size byte] then framed LSP messages carrying each file
set -euo pipefail
cd "$(dirname "$0")"
root=..
rm -rf seeds
mkdir -p seeds/FuzzDocument seeds/FuzzIncremental seeds/FuzzRPC

byte() { printf "\\x$(printf '%02x' "$1")"; }
frame() { printf 'Content-Length: %d\r\n\r\n%s' "$(printf '%s' "$1" | wc -c)" "$1"; }
# A JSON string literal for a file's text (backslash, quote, newline, tab, carriage return).
json_string() {
  printf '"'
  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' -e 's/\r/\\r/g' "$1" | awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'
  printf '"'
}

n=0
for file in "$root"/examples/*.bracket "$root"/Tests/Fixtures/*/*.bracket; do
  [ -f "$file" ] || continue
  n=$((n + 1))
  name=$(printf '%03d-%s' "$n" "$(basename "$file" .bracket)")
  size=$(wc -c < "$file")
  [ "$size" -le 65535 ] || continue
  cp "$file" "seeds/FuzzDocument/$name"
  {
    byte $((size >> 8)); byte $((size & 255)); cat "$file"
    # Edits: insert "x {" near the start, delete a span in the middle, insert a quote at the end.
    byte 0; byte 2; byte 0; byte 2; byte 3; printf 'x {'
    byte $((size / 2 >> 8)); byte $((size / 2 & 255)); byte $((size * 3 / 4 >> 8)); byte $((size * 3 / 4 & 255)); byte 0
    byte $((size >> 8)); byte $((size & 255)); byte $((size >> 8)); byte $((size & 255)); byte 1; printf '"'
  } > "seeds/FuzzIncremental/$name"
  {
    byte $((n % 64))
    frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{"general":{"positionEncodings":["utf-8","utf-16"]}}}}'
    frame "{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didOpen\",\"params\":{\"textDocument\":{\"uri\":\"file:///s.bracket\",\"languageId\":\"bracket\",\"version\":1,\"text\":$(json_string "$file")}}}"
    frame '{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///s.bracket","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":2}},"text":"q"}]}}'
    frame '{"jsonrpc":"2.0","id":"p","method":"bracket/preview","params":{"textDocument":{"uri":"file:///s.bracket"}}}'
    frame '{"jsonrpc":"2.0","id":2,"result":{"a":[1,2.5,-3e2,true,null,"\u00e9\ud83c\udfc6"]}}'
    frame '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no"}}'
    printf 'Content-Type: x\r\n\r\n'
  } > "seeds/FuzzRPC/$name"
done
echo "seeds: $(ls seeds/FuzzDocument | wc -l) documents, $(ls seeds/FuzzIncremental | wc -l) edit lists, $(ls seeds/FuzzRPC | wc -l) message streams"
