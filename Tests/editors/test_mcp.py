"""`bracket mcp` against the reference Model Context Protocol client from PyPI (the `mcp`
package): the handshake over stdio, the tool list with its schemas, each tool called on a good
document, on one with a duplicate ID, as a text render and as one too large to draw; a request
line over the size limit, which gets a JSON-RPC error while the server keeps serving; malformed
JSON and unknown methods; and a closed stdin, which ends the server with status 0."""
import asyncio
import json
import os
import subprocess
import sys

from checks import check

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GOOD = 'final {\n  a "Ann" [score=6, winner]\n  b "Bea" [score=3]\n}\n'
DUPLICATE = "1 { 2 2 }\n"
# The document limit (64 MiB) plus the room `bracket mcp` leaves for escapes and the envelope
# (mcpMaxLineBytes), plus one.
TOO_LARGE = 64 * 2**20 + 8 * 2**20 + 64 * 2**10 + 1
# A comb this deep draws wider and taller than the 64 Mi characters a text drawing may have.
COMB_DEPTH = 6000


def structured(result):
    return getattr(result, "structured_content", None) or getattr(result, "structuredContent", None)


def is_error(result):
    return getattr(result, "is_error", None) or getattr(result, "isError", False)


async def session_checks(binary):
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    parameters = StdioServerParameters(command=binary, args=["mcp"])
    async with stdio_client(parameters) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            info = initialized.server_info if hasattr(initialized, "server_info") else initialized.serverInfo
            check("initialize names the server bracket", info.name == "bracket", info)
            version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.split()[-1]
            check("serverInfo carries the binary's version", info.version == version, (info.version, version))

            tools = {tool.name: tool for tool in (await session.list_tools()).tools}
            check("tools/list has check, render, geometry and explain",
                  sorted(tools) == ["check", "explain", "geometry", "render"], sorted(tools))
            render_schema = tools["render"].input_schema if "render" in tools else {}
            check("render takes the layout options (root, title, label-align)",
                  all(name in render_schema.get("properties", {}) for name in ["root", "title", "label-align"]),
                  render_schema)

            good = await session.call_tool("check", {"text": GOOD})
            check("check of a good document: no diagnostics",
                  not is_error(good) and structured(good)["diagnostics"] == [], structured(good))
            duplicate = await session.call_tool("check", {"text": DUPLICATE})
            found = (structured(duplicate) or {}).get("diagnostics", [])
            first = found[0] if found else {}
            check("check finds the duplicate id at 1:7 with a rename fix",
                  first.get("code") == "duplicate-id" and (first.get("line"), first.get("column")) == (1, 7)
                  and first.get("fixes", [{}])[0].get("edits", [{}])[0].get("newText") == "3", found)

            svg = await session.call_tool("render", {"text": GOOD, "title": "Final"})
            check("render draws an SVG", not is_error(svg) and svg.content[0].text.startswith("<svg"),
                  svg.content[0].text[:200])
            text = await session.call_tool("render", {"text": GOOD, "format": "text", "root": "left"})
            drawing = text.content[0].text
            check("render --format text draws the cards in box drawing",
                  not is_error(text) and "Ann" in drawing and "─" in drawing, drawing)
            refused = await session.call_tool("render", {"text": DUPLICATE})
            check("render of a document with errors is a tool error with its diagnostics",
                  is_error(refused) and "[duplicate-id]" in refused.content[0].text, refused.content[0].text)

            geometry = await session.call_tool("geometry", {"text": GOOD})
            nodes = (structured(geometry) or {}).get("nodes", [])
            check("geometry returns the geometry JSON with three nodes",
                  [node["id"] for node in nodes] == ["final", "a", "b"], structured(geometry))
            check("geometry's text content is the same JSON",
                  json.loads(geometry.content[0].text) == structured(geometry))

            explained = await session.call_tool("explain", {"code": "duplicate-id"})
            explanation = structured(explained) or {}
            check("explain duplicate-id says how to fix it with a before and after",
                  explanation.get("code") == "duplicate-id" and explanation.get("fix")
                  and explanation.get("before") != explanation.get("after"), explanation)

            comb = "".join(f"n{i} {{ " for i in range(COMB_DEPTH)) + "x" + "".join(f" l{i} }}" for i in range(COMB_DEPTH))
            too_wide = await session.call_tool("render", {"text": comb + "\n", "format": "text"})
            check("a text render too large to draw is a tool error that says to use SVG",
                  is_error(too_wide) and "SVG" in too_wide.content[0].text, too_wide.content[0].text[:300])
            after = await session.call_tool("explain", {"code": "missing-root"})
            check("the server keeps serving after a refused render", not is_error(after))


def raw_checks(binary):
    """Malformed JSON and unknown methods, written by hand: the client never sends them."""
    lines = [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},'
        '"clientInfo":{"name":"raw","version":"0"}}}',
        '{"jsonrpc":"2.0","method":"notifications/initialized"}',
        '{"jsonrpc":"2.0","id":2,"method":"ping"}',
        '{"jsonrpc":"2.0","id":3,"method":"resources/list"}',
        '{not json',
        '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"nope","arguments":{}}}',
    ]
    result = subprocess.run([binary, "mcp"], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=30)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    by_id = {answer.get("id"): answer for answer in answers}
    check("a closed stdin ends the server with status 0", result.returncode == 0, result.stderr)
    check("one answer a line, none for the notification", len(answers) == 5, answers)
    check("initialize agrees on the requested revision",
          by_id.get(1, {}).get("result", {}).get("protocolVersion") == "2025-06-18", by_id.get(1))
    check("ping answers an empty result", by_id.get(2, {}).get("result") == {}, by_id.get(2))
    check("an unknown method is -32601", by_id.get(3, {}).get("error", {}).get("code") == -32601, by_id.get(3))
    check("malformed JSON is a -32700 parse error with a null id",
          by_id.get(None, {}).get("error", {}).get("code") == -32700, answers)
    check("an unknown tool is -32602", by_id.get(4, {}).get("error", {}).get("code") == -32602, by_id.get(4))


def too_large_line(binary):
    """A request line over the limit, written straight to the pipe (through the client it costs
    seconds of serialising): answered with -32600 and its id, and the next request is served."""
    big = '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"check","arguments":{"text":"' \
        + "x" * TOO_LARGE + '"}}}\n'
    ping = '{"jsonrpc":"2.0","id":6,"method":"ping"}\n'
    result = subprocess.run([binary, "mcp"], input=(big + ping).encode(), capture_output=True, timeout=60)
    answers = [json.loads(line) for line in result.stdout.decode().splitlines()]
    check("a request line over the limit gets a JSON-RPC error with its id",
          len(answers) == 2 and answers[0].get("id") == 5 and answers[0].get("error", {}).get("code") == -32600,
          answers)
    check("the server keeps serving after the refused line",
          len(answers) == 2 and answers[1] == {"jsonrpc": "2.0", "id": 6, "result": {}}, answers)


def main():
    binary = os.environ.get("BRACKET_BIN", os.path.join(ROOT, ".build", "debug", "bracket"))
    if not check(f"the bracket binary is at {binary} (set BRACKET_BIN)", os.access(binary, os.X_OK)):
        return check.summary()
    try:
        import mcp  # noqa: F401
    except ImportError:
        check("the mcp package is installed (pip install mcp)", False)
        return check.summary()
    raw_checks(binary)
    too_large_line(binary)
    asyncio.run(session_checks(binary))
    return check.summary()


if __name__ == "__main__":
    sys.exit(main())
