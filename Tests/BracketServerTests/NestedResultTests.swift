// Results that nest (issue 16 §2): however deep the document, no response nests deeper than the
// documented bound (128 levels of selection ranges or symbols), so clients' JSON readers, many of
// which stop at a few hundred levels, can read every answer.
import BracketJSON
import Testing

@Suite struct NestedResultTests {
    static func deep(_ depth: Int) -> String {
        var text = ""
        for level in 0..<depth { text += "n\(level) {\n" }
        text += "leaf\n"
        text += String(repeating: "}\n", count: depth)
        return text
    }

    /// The deepest nesting of arrays and objects in a JSON value, counted without recursion.
    static func nesting(_ value: JSONValue) -> Int {
        var deepest = 0
        var stack: [(JSONValue, Int)] = [(value, 1)]
        while let (current, depth) = stack.popLast() {
            switch current {
            case .array(let items):
                deepest = max(deepest, depth)
                for item in items { stack.append((item, depth + 1)) }
            case .object(let object):
                deepest = max(deepest, depth)
                for (_, member) in object { stack.append((member, depth + 1)) }
            default:
                break
            }
        }
        return deepest
    }

    @Test(arguments: [127, 128, 129, 1_000, 20_000])
    func selectionRangeChainsStopAt128(depth: Int) throws {
        let client = LSPTestClient()
        client.initialize(encodings: ["utf-8"])
        let uri = "file:///deep.bracket"
        client.open(uri, Self.deep(depth))
        client.request(2, "textDocument/selectionRange", ["textDocument": ["uri": .string(uri)],
                                                          "positions": [["line": JSONValue(depth), "character": 1]]])
        let result = try #require(client.response(2, timeout: 60)?["result"]?[0])
        var chain: [JSONValue] = []
        var current: JSONValue? = result
        while let link = current {
            chain.append(link["range"] ?? .null)
            current = link["parent"]
        }
        // The leaf's token, its node, then one node and one block per level, then the file: all
        // of it up to 128 ranges, else the 127 innermost and the file.
        #expect(chain.count <= 128)
        #expect(chain.first == lspRange(depth, 0, depth, 4))
        #expect(chain.last == lspRange(0, 0, 2 * depth + 1, 0))
        if depth >= 128 { #expect(chain.count == 128) }
        #expect(Self.nesting(result) <= 2 * 128 + 4)
        #expect(client.finish() == 0)
    }

    @Test(arguments: [300, 20_000])
    func documentSymbolsStopAt128(depth: Int) throws {
        let client = LSPTestClient()
        client.initialize()
        let uri = "file:///deep.bracket"
        client.open(uri, Self.deep(depth))
        client.request(2, "textDocument/documentSymbol", ["textDocument": ["uri": .string(uri)]])
        let result = try #require(client.response(2, timeout: 60)?["result"])
        // Each level is an object in a children array: two JSON levels.
        #expect(Self.nesting(result) <= 2 * 128 + 4)
        #expect(client.finish() == 0)
    }
}
