import BracketJSON
import BracketTestSupport
import Testing

// `textDocument/semanticTokens/full/delta` end to end: what a client holds after applying the
// server's edits must equal what a fresh full request returns.

private let uri = "file:///delta.bracket"
private let document: JSONValue = ["uri": .string(uri)]

private func numbers(_ value: JSONValue?) -> [Int] {
    (value?.arrayValue ?? []).compactMap(\.intValue)
}

/// Applies LSP semantic token edits the way a client does: each edit's `start` and
/// `deleteCount` refer to the array before any of the edits.
private func applying(_ edits: [JSONValue], to data: [Int]) -> [Int] {
    var result = data
    for edit in edits.sorted(by: { ($0["start"]?.intValue ?? 0) > ($1["start"]?.intValue ?? 0) }) {
        let start = edit["start"]?.intValue ?? 0
        let count = edit["deleteCount"]?.intValue ?? 0
        result.replaceSubrange(start..<(start + count), with: numbers(edit["data"]))
    }
    return result
}

private func change(_ session: EditingSession, version: Int, line: Int, from: Int, to: Int, _ text: String) {
    session.notify("textDocument/didChange", [
        "textDocument": ["uri": .string(uri), "version": JSONValue(version)],
        "contentChanges": [[
            "range": ["start": ["line": JSONValue(line), "character": JSONValue(from)],
                      "end": ["line": JSONValue(line), "character": JSONValue(to)]],
            "text": .string(text),
        ]],
    ])
}

@Test func deltaIsAdvertised() throws {
    let session = EditingSession()
    defer { session.stop() }
    #expect(session.capabilities?["semanticTokensProvider"]?["full"]?["delta"] == .bool(true))
}

@Test func deltaAfterALabelEditIsOneSmallEdit() throws {
    let session = EditingSession()
    defer { session.stop() }
    let lines = (0..<40).map { "  n\($0) \"Card \($0)\"" }
    session.open(uri, "root {\n" + lines.joined(separator: "\n") + "\n}\n")
    let first = try session.request("textDocument/semanticTokens/full", ["textDocument": document]).get()
    let firstID = try #require(first["resultId"]?.stringValue)
    let held = numbers(first["data"])

    // Line 21 is `  n20 "Card 20"`: rename n20 to n20x, which changes one token's length.
    change(session, version: 2, line: 21, from: 5, to: 5, "x")
    let delta = try session.request("textDocument/semanticTokens/full/delta",
                                    ["textDocument": document, "previousResultId": .string(firstID)]).get()
    #expect(delta["data"] == nil)
    let edits = try #require(delta["edits"]?.arrayValue)
    #expect(edits.count == 1)
    #expect(numbers(edits.first?["data"]).count <= 10, "a one-token change re-sends at most two tokens")
    let secondID = try #require(delta["resultId"]?.stringValue)
    #expect(secondID != firstID)

    let fresh = try session.request("textDocument/semanticTokens/full", ["textDocument": document]).get()
    #expect(applying(edits, to: held) == numbers(fresh["data"]))

    // Nothing changed since the last result: an empty edit list.
    let freshID = try #require(fresh["resultId"]?.stringValue)
    let unchanged = try session.request("textDocument/semanticTokens/full/delta",
                                        ["textDocument": document, "previousResultId": .string(freshID)]).get()
    #expect(unchanged["edits"]?.arrayValue?.isEmpty == true)
}

@Test func unknownPreviousResultGetsFullTokens() throws {
    let session = EditingSession()
    defer { session.stop() }
    session.open(uri, "r { a \"A\" b }\n")
    let full = try session.request("textDocument/semanticTokens/full", ["textDocument": document]).get()
    let answer = try session.request("textDocument/semanticTokens/full/delta",
                                     ["textDocument": document, "previousResultId": "no-such-result"]).get()
    #expect(answer["edits"] == nil)
    #expect(numbers(answer["data"]) == numbers(full["data"]))
    #expect(answer["resultId"]?.stringValue != nil)
}

/// Random single-line edits (inserting and deleting IDs, labels, braces): after each, the
/// client's copy patched with the delta equals a full request.
@Test func deltasTrackRandomEdits() throws {
    let session = EditingSession()
    defer { session.stop() }
    var lines = ["@title \"Deltas\"", "root {"] + (0..<30).map { "  n\($0) \"Card \($0)\"" } + ["}"]
    session.open(uri, lines.joined(separator: "\n"))
    var full = try session.request("textDocument/semanticTokens/full", ["textDocument": document]).get()
    var held = numbers(full["data"])
    var resultID = try #require(full["resultId"]?.stringValue)
    var random = SeededRandom(seed: 2026)
    let pieces = ["x", " y ", "\"L\"", "{", "}", "# note", "@root left", " "]
    for version in 2..<60 {
        let line = Int(random.next() % UInt64(lines.count))
        let utf8 = Array(lines[line].utf8)
        let from = Int(random.next() % UInt64(utf8.count + 1))
        let to = min(utf8.count, from + Int(random.next() % 3))
        let piece = random.next() % 3 == 0 ? "" : pieces[Int(random.next() % UInt64(pieces.count))]
        lines[line] = String(decoding: utf8[..<from] + Array(piece.utf8) + utf8[to...], as: UTF8.self)
        change(session, version: version, line: line, from: from, to: to, piece)

        let delta = try session.request("textDocument/semanticTokens/full/delta",
                                        ["textDocument": document, "previousResultId": .string(resultID)]).get()
        let edits = try #require(delta["edits"]?.arrayValue)
        held = applying(edits, to: held)
        resultID = try #require(delta["resultId"]?.stringValue)
        full = try session.request("textDocument/semanticTokens/full", ["textDocument": document]).get()
        #expect(held == numbers(full["data"]), "after edit \(version) on line \(line)")
        resultID = try #require(full["resultId"]?.stringValue)
    }
}
