import BracketJSON
import Foundation
import Testing

/// Runs and renames end to end over pipes (docs/protocol.md, "Runs and renames"): a real
/// `bracket lsp` sends a leaf inserted in the middle of a 4,095-node tree as a small delta with
/// runs, and an edited ID as a rename, to a client that opted in and draws from the geometry;
/// applied to the first picture they give what a fresh `bracket/preview` reports. Clients
/// without the opt-in (or drawing the SVG) get the full payload, as before.
@Suite struct PreviewRunsProtocolTests {
    let uri = "file:///runs.bracket"

    /// A complete binary tree of 4,095 nodes (`n1` … `n4095`, heap numbering), one node per
    /// line, and the line of each node.
    static let tree: (text: String, lines: [Int: Int]) = {
        var out: [String] = [], lines: [Int: Int] = [:]
        var stack: [(node: Int, depth: Int, closing: Bool)] = [(1, 0, false)]
        while let (node, depth, closing) = stack.popLast() {
            let indent = String(repeating: "  ", count: depth)
            if closing { out.append(indent + "}"); continue }
            lines[node] = out.count
            if node >= 2048 { out.append(indent + "n\(node)"); continue }
            out.append(indent + "n\(node) {")
            stack.append((node, depth, true))
            stack.append((2 * node + 1, depth + 1, false))
            stack.append((2 * node, depth + 1, false))
        }
        return (out.joined(separator: "\n") + "\n", lines)
    }()

    func push(_ client: LSPTestClient, version: Int) -> (JSONValue, Int)? {
        let deadline = Date(timeIntervalSinceNow: 60)
        while let message = client.next(timeout: deadline.timeIntervalSinceNow) {
            if message["method"] == "bracket/didChangePreview", message["params"]?["version"] == JSONValue(version) {
                return (message["params"] ?? .null, message.description.utf8.count)
            }
        }
        return nil
    }

    func change(_ client: LSPTestClient, version: Int, line: Int, character: Int, insert: String) {
        client.insert(uri, version: version, line: line, character: character, insert)
    }

    /// A leaf `x` after `n3072`, the first leaf of the right half: the middle of the picture.
    func insertLeaf(_ client: LSPTestClient, version: Int) {
        change(client, version: version, line: Self.tree.lines[3072]! + 1, character: 0,
               insert: String(repeating: "  ", count: 11) + "x\n")
    }

    @Test func leafInsertedInTheMiddleIsAFewRuns() throws {
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["push": true, "delta": true, "svg": false, "runs": true]])
        client.open(uri, Self.tree.text)
        let (first, firstBytes) = try #require(push(client, version: 1))
        var picture = GeometryPicture(first["geometry"] ?? .null)
        #expect(picture.cards.count == 4095)

        insertLeaf(client, version: 2)
        let (insert, bytes) = try #require(push(client, version: 2))
        let delta = try #require(insert["delta"], "a delta, not the full payload")
        let runs = delta["runs"]?.arrayValue ?? []
        #expect(!runs.isEmpty)
        #expect(runs.contains { $0["dy"] == 72 && $0["lines"] == 1 && ($0["count"]?.intValue ?? 0) >= 1000 })
        #expect(delta["cards"]?["added"]?.arrayValue?.map { $0["id"] } == ["x"])
        #expect(bytes < 40_000 && bytes * 20 < firstBytes, "\(bytes) bytes against \(firstBytes)")
        try picture.apply(delta)

        // An ID typed: "n3073" becomes "n3073y" in place.
        let line = Self.tree.lines[3073]! + 1  // the leaf inserted above moved it a line down
        change(client, version: 3, line: line, character: 11 * 2 + 5, insert: "y")
        let (typed, _) = try #require(push(client, version: 3))
        let renamed = try #require(typed["delta"]?["renamed"]?.arrayValue)
        #expect(renamed == [["from": "n3073", "to": "n3073y"]])
        #expect(typed["delta"]?["cards"]?["removed"]?.arrayValue?.isEmpty == true)
        try picture.apply(try #require(typed["delta"]))

        client.request(2, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        let full = try #require(client.response(2)?["result"])
        #expect(picture == GeometryPicture(full["geometry"] ?? .null))
        #expect(client.finish() == 0)
    }

    /// Without `runs`, or drawing the SVG, the same edit is the full payload it always was, and
    /// no payload has `renamed` or `runs`.
    @Test(arguments: [["push": true, "delta": true, "svg": false], ["push": true, "delta": true, "runs": true]] as [JSONValue])
    func clientsWithoutTheOptInGetWhatTheyGot(options: JSONValue) throws {
        let client = LSPTestClient()
        client.initialize(options: ["preview": options])
        client.open(uri, Self.tree.text)
        _ = try #require(push(client, version: 1))
        insertLeaf(client, version: 2)
        let (insert, _) = try #require(push(client, version: 2))
        #expect(insert["delta"] == nil && insert["geometry"] != nil, "the full payload")
        change(client, version: 3, line: Self.tree.lines[3073]! + 1, character: 11 * 2 + 5, insert: "y")
        let (typed, _) = try #require(push(client, version: 3))
        #expect(typed["delta"]?["renamed"] == nil && typed["delta"]?["runs"] == nil)
        #expect(typed["delta"]?["cards"]?["removed"]?.arrayValue == ["n3073"])
        #expect(client.finish() == 0)
    }

    @Test func subscribingWithRunsOptsInThatDocument() throws {
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["svg": false]])
        client.open(uri, Self.tree.text)
        client.request(2, "bracket/subscribePreview", ["textDocument": ["uri": .string(uri)], "delta": true, "runs": true])
        _ = try #require(push(client, version: 1))
        insertLeaf(client, version: 2)
        let (insert, _) = try #require(push(client, version: 2))
        #expect(insert["delta"]?["runs"]?.arrayValue?.isEmpty == false)
        client.request(3, "bracket/subscribePreview", ["textDocument": ["uri": .string(uri)], "runs": "yes"])
        let error = try #require(client.response(3)?["error"])
        #expect(error["code"] == -32602 && error["message"]?.stringValue?.contains("params.runs") == true)
        #expect(client.finish() == 0)
    }
}

extension LSPTestClient {
    /// A `didChange` of `uri` that inserts `text` at the position.
    func insert(_ uri: String, version: Int, line: Int, character: Int, _ text: String) {
        notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": JSONValue(version)],
            "contentChanges": [["range": ["start": ["line": JSONValue(line), "character": JSONValue(character)],
                                          "end": ["line": JSONValue(line), "character": JSONValue(character)]],
                                "text": .string(text)]],
        ])
    }
}

/// Geometry nodes and edges in drawing order, keyed by ID, patched as docs/protocol.md says:
/// renames, removals, additions, runs, then changes.
struct GeometryPicture: Equatable {
    var cards: [(key: String, value: JSONValue)]
    var edges: [(key: String, value: JSONValue)]

    init(_ geometry: JSONValue) {
        cards = (geometry["nodes"]?.arrayValue ?? []).map { ($0["id"]?.stringValue ?? "", $0) }
        edges = (geometry["edges"]?.arrayValue ?? []).map { ($0["child"]?.stringValue ?? "", $0) }
    }

    static func == (a: GeometryPicture, b: GeometryPicture) -> Bool {
        a.cards.map(\.key) == b.cards.map(\.key) && a.cards.map(\.value) == b.cards.map(\.value)
            && a.edges.map(\.key) == b.edges.map(\.key) && a.edges.map(\.value) == b.edges.map(\.value)
    }

    struct Mismatch: Error { var what: String }

    mutating func apply(_ delta: JSONValue) throws {
        for rename in delta["renamed"]?.arrayValue ?? [] {
            guard let from = rename["from"]?.stringValue, let to = rename["to"]?.stringValue,
                  let card = cards.firstIndex(where: { $0.key == from }) else { throw Mismatch(what: "rename \(rename)") }
            cards[card].key = to
            cards[card].value = Self.set(cards[card].value, "id", .string(to))
            if let edge = edges.firstIndex(where: { $0.key == from }) {
                edges[edge].key = to
                edges[edge].value = Self.set(edges[edge].value, "child", .string(to))
            }
        }
        try Self.removeAndAdd(delta["cards"], &cards, key: "id", value: "node")
        try Self.removeAndAdd(delta["edges"], &edges, key: "child", value: "edge")
        var position: [String: Int] = [:]
        for (index, card) in cards.enumerated() { position[card.key] = index }
        var edgeOf: [String: Int] = [:]
        for (index, edge) in edges.enumerated() { edgeOf[edge.key] = index }
        for run in delta["runs"]?.arrayValue ?? [] {
            guard let first = run["first"]?.stringValue, let start = position[first], let count = run["count"]?.intValue,
                  start + count <= cards.count else { throw Mismatch(what: "run \(run)") }
            let dx = run["dx"]?.doubleValue ?? 0, dy = run["dy"]?.doubleValue ?? 0
            let lines = run["lines"]?.intValue ?? 0, characters = run["characters"]?.intValue ?? 0
            let depth = run["depth"]?.intValue ?? 0
            for index in start..<(start + count) {
                var node = cards[index].value
                node = Self.set(node, "x", Self.number((node["x"]?.doubleValue ?? 0) + dx))
                node = Self.set(node, "y", Self.number((node["y"]?.doubleValue ?? 0) + dy))
                node = Self.set(node, "depth", .int(Int64((node["depth"]?.intValue ?? 0) + depth)))
                if let range = node["range"] {
                    func moved(_ end: String) -> JSONValue {
                        let at = range[end] ?? .null
                        return ["line": .int(Int64((at["line"]?.intValue ?? 0) + lines)),
                                "character": .int(Int64((at["character"]?.intValue ?? 0) + characters))]
                    }
                    node = Self.set(node, "range", ["start": moved("start"), "end": moved("end")])
                }
                cards[index].value = node
                if let edge = edgeOf[cards[index].key] {
                    let points: [JSONValue] = (edges[edge].value["points"]?.arrayValue ?? []).map { point in
                        ["x": Self.number((point["x"]?.doubleValue ?? 0) + dx), "y": Self.number((point["y"]?.doubleValue ?? 0) + dy)]
                    }
                    edges[edge].value = Self.set(edges[edge].value, "points", .array(points))
                }
            }
        }
        try Self.change(delta["cards"], &cards, key: "id", value: "node")
        try Self.change(delta["edges"], &edges, key: "child", value: "edge")
    }

    static func removeAndAdd(_ part: JSONValue?, _ items: inout [(key: String, value: JSONValue)], key: String, value: String) throws {
        let removed = Set((part?["removed"]?.arrayValue ?? []).compactMap(\.stringValue))
        items.removeAll { removed.contains($0.key) }
        for entry in part?["added"]?.arrayValue ?? [] {
            let at = try entry["after"]?.stringValue.map { anchor in
                guard let index = items.firstIndex(where: { $0.key == anchor }) else { throw Mismatch(what: "anchor \(anchor)") }
                return index + 1
            } ?? 0
            items.insert((entry[key]?.stringValue ?? "", entry[value] ?? .null), at: at)
        }
    }

    static func change(_ part: JSONValue?, _ items: inout [(key: String, value: JSONValue)], key: String, value: String) throws {
        for entry in part?["changed"]?.arrayValue ?? [] {
            guard let index = items.firstIndex(where: { $0.key == entry[key]?.stringValue }) else {
                throw Mismatch(what: "change \(entry)")
            }
            items[index].value = entry[value] ?? .null
        }
    }

    static func set(_ object: JSONValue, _ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        members[key] = value
        return .object(members)
    }

    /// A number as the server spells it, read back (integral values are integers).
    static func number(_ value: Double) -> JSONValue {
        var writer = JSONWriter()
        writer.double(value)
        return (try? JSONReader().parse(writer.bytes)) ?? .null
    }
}
