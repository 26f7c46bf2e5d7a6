import BracketJSON
import Foundation
import Testing

/// Delta pushes end to end over pipes (docs/protocol.md, "Delta payloads"): opt-in, sequence
/// numbers, what a label edit and an inserted leaf send, and that applying the deltas gives the
/// picture a fresh `bracket/preview` reports.
@Suite struct PreviewDeltaProtocolTests {
    let uri = "file:///delta.bracket"
    /// Ten groups of four leaves, one node per line (group k opens on line 1 + 6k). Large enough
    /// that an inserted leaf touches far less than half the picture, so a delta is chosen.
    let text: String = {
        var lines = ["1 {"]
        for group in 0..<10 {
            lines.append("  g\(group) {")
            for leaf in ["a", "b", "c", "d"] {
                lines.append("    g\(group)\(leaf)" + (group == 0 && leaf == "a" ? " \"Six\"" : ""))
            }
            lines.append("  }")
        }
        return (lines + ["}"]).joined(separator: "\n") + "\n"
    }()

    /// Waits for the push that carries `version`; earlier pushes are skipped.
    func push(_ client: LSPTestClient, version: Int) -> JSONValue? {
        let deadline = Date(timeIntervalSinceNow: 20)
        while let message = client.next(timeout: deadline.timeIntervalSinceNow) {
            if message["method"] == "bracket/didChangePreview", message["params"]?["version"] == JSONValue(version) {
                return message["params"]
            }
        }
        return nil
    }

    func change(_ client: LSPTestClient, version: Int, line: Int, character: Int, insert: String) {
        client.insert(uri, version: version, line: line, character: character, insert)
    }

    /// The page's view of a picture: cards and connectors in order, keyed by ID.
    struct Picture: Equatable {
        var cards: [(String, JSONValue)]
        var edges: [(String, JSONValue)]
        static func == (a: Picture, b: Picture) -> Bool {
            a.cards.map(\.0) == b.cards.map(\.0) && a.cards.map(\.1) == b.cards.map(\.1)
                && a.edges.map(\.0) == b.edges.map(\.0) && a.edges.map(\.1) == b.edges.map(\.1)
        }

        init(full: JSONValue) {
            cards = (full["geometry"]?["nodes"]?.arrayValue ?? []).map { ($0["id"]?.stringValue ?? "", $0) }
            edges = (full["geometry"]?["edges"]?.arrayValue ?? []).map { ($0["child"]?.stringValue ?? "", $0) }
        }

        mutating func apply(_ delta: JSONValue) {
            Self.apply(delta["cards"], to: &cards, key: "id", value: "node")
            Self.apply(delta["edges"], to: &edges, key: "child", value: "edge")
        }

        static func apply(_ part: JSONValue?, to items: inout [(String, JSONValue)], key: String, value: String) {
            for id in part?["removed"]?.arrayValue ?? [] { items.removeAll { $0.0 == id.stringValue } }
            for entry in part?["changed"]?.arrayValue ?? [] {
                if let index = items.firstIndex(where: { $0.0 == entry[key]?.stringValue }) { items[index].1 = entry[value] ?? .null }
            }
            for entry in part?["added"]?.arrayValue ?? [] {
                let at = entry["after"]?.stringValue.flatMap { anchor in items.firstIndex { $0.0 == anchor } }.map { $0 + 1 } ?? 0
                items.insert((entry[key]?.stringValue ?? "", entry[value] ?? .null), at: at)
            }
        }
    }

    @Test func subscribedClientGetsDeltasThatRebuildTheFullPicture() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, text)
        client.request(2, "bracket/subscribePreview", ["textDocument": ["uri": .string(uri)], "delta": true])
        let first = try #require(push(client, version: 1))
        #expect(first["sequence"] == 1 && first["base"] == nil && first["svg"]?.stringValue?.hasPrefix("<svg") == true)
        var picture = Picture(full: first)

        // A one-character label edit: "Six" → "Sixx" changes one card and nothing else.
        change(client, version: 2, line: 2, character: 12, insert: "x")
        let labelEdit = try #require(push(client, version: 2))
        #expect(labelEdit["sequence"] == 2 && labelEdit["base"] == 1 && labelEdit["geometry"] == nil)
        let cards = try #require(labelEdit["delta"]?["cards"])
        #expect(cards["changed"]?.arrayValue?.map { $0["id"] } == ["g0a"])
        #expect(cards["changed"]?[0]?["svg"]?.stringValue?.contains("Sixx") == true)
        #expect(cards["added"]?.arrayValue?.isEmpty == true && cards["removed"]?.arrayValue?.isEmpty == true)
        #expect(labelEdit["delta"]?["edges"]?["changed"]?.arrayValue?.isEmpty == true)
        picture.apply(try #require(labelEdit["delta"]))

        // A new last leaf in the last group: added card and connector; its parent and the root
        // re-centre, and with the root every connector that ends at it.
        change(client, version: 3, line: 60, character: 0, insert: "    g9e\n")
        let insert = try #require(push(client, version: 3))
        #expect(insert["sequence"] == 3 && insert["base"] == 2)
        let inserted = try #require(insert["delta"])
        #expect(inserted["cards"]?["added"]?.arrayValue?.map { $0["id"] } == ["g9e"])
        #expect(inserted["cards"]?["added"]?[0]?["after"] == "g9d")
        #expect(inserted["edges"]?["added"]?.arrayValue?.map { $0["child"] } == ["g9e"])
        let moved = Set(inserted["cards"]?["changed"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? [])
        #expect(moved == ["g9", "1"])
        #expect(inserted["cards"]?["removed"]?.arrayValue?.isEmpty == true)
        picture.apply(inserted)

        // A fresh full preview equals what the deltas built, and resets the base.
        client.request(3, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        let full = try #require(client.response(3)?["result"])
        #expect(full["sequence"] == 4)
        #expect(picture == Picture(full: full))
        let svg = full["svg"]?.stringValue ?? ""
        for card in (inserted["cards"]?["changed"]?.arrayValue ?? []) + (inserted["cards"]?["added"]?.arrayValue ?? []) {
            #expect(svg.contains(card["svg"]?.stringValue ?? "<none>"))
        }
        change(client, version: 4, line: 0, character: 1, insert: " \"Root\"")
        let afterResync = try #require(push(client, version: 4))
        #expect(afterResync["base"] == 4 && afterResync["sequence"] == 5)
        #expect(client.finish() == 0)
    }

    @Test func initializationOptionOptsInForPushedDocuments() throws {
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["push": true, "delta": true]])
        client.open(uri, text)
        #expect(try #require(push(client, version: 1))["sequence"] == 1)
        change(client, version: 2, line: 2, character: 12, insert: "x")
        #expect(try #require(push(client, version: 2))["base"] == 1)
        // A settings change redraws everything: a full payload, still numbered.
        change(client, version: 3, line: 0, character: 0, insert: "@root left\n")
        let full = try #require(push(client, version: 3))
        #expect(full["sequence"] == 3 && full["base"] == nil && full["svg"] != nil)
        #expect(client.finish() == 0)
    }

    @Test func clientsWithoutTheOptInGetUnnumberedFullPayloads() throws {
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["push": true]])
        client.open(uri, text)
        _ = push(client, version: 1)
        change(client, version: 2, line: 2, character: 12, insert: "x")
        let payload = try #require(push(client, version: 2))
        #expect(payload.objectValue?.keys == ["uri", "version", "geometry", "attributes", "svg", "diagnostics"])
        client.request(3, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        #expect(client.response(3)?["result"]?.objectValue?.keys == ["uri", "version", "geometry", "attributes", "svg", "diagnostics"])
        #expect(client.finish() == 0)
    }

    @Test func nonBooleanDeltaIsInvalidParams() throws {
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, text)
        client.request(2, "bracket/subscribePreview", ["textDocument": ["uri": .string(uri)], "delta": "yes"])
        let error = try #require(client.response(2)?["error"])
        #expect(error["code"] == -32602)
        #expect(error["message"]?.stringValue?.contains("params.delta") == true)
        #expect(client.finish() == 0)
    }
}
