import BracketJSON
import BracketModel
import BracketSyntax
import BracketTestSupport
import Foundation
import Testing

/// Structural edits through the real server: after each batch of random structural edits (a
/// leaf or a subtree inserted, lines deleted, a block wrapped or unwrapped), the pushed preview,
/// laid out from the last render (`Document.diagramSplicingRows(of:at:)`, `layoutSplice(_:from:splice:previous:)`),
/// equals the preview of the same text opened fresh.
@Suite struct PreviewStructuralEditTests {
    /// The LSP position of byte `offset` of an ASCII text.
    static func position(_ text: [UInt8], _ offset: Int) -> JSONValue {
        var line = 0, lineStart = 0
        for index in 0..<offset where text[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return ["line": JSONValue(line), "character": JSONValue(offset - lineStart)]
    }

    @Test func pushedPreviewsEqualFreshOnes() throws {
        let uri = "file:///structural.bracket"
        var random = SeededRandom(seed: 1_818)
        var text = Array(StructuralEdits.tree(&random, nodes: 120).utf8)
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, String(decoding: text, as: UTF8.self))
        client.request(2, "bracket/subscribePreview", ["textDocument": ["uri": .string(uri)]])
        var serial = 0, version = 1, id = 10
        for _ in 0..<TestScale.count(25) {
            let edits = StructuralEdits.edit(text, &random, serial: &serial)
            guard !edits.isEmpty else { continue }
            var changes: [JSONValue] = []
            for edit in edits {
                changes.append(["range": ["start": Self.position(text, edit.range.start), "end": Self.position(text, edit.range.end)],
                                "text": .string(String(decoding: edit.replacement, as: UTF8.self))])
                text.replaceSubrange(edit.range.start..<edit.range.end, with: edit.replacement)
            }
            version += 1
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": .string(uri), "version": JSONValue(version)], "contentChanges": .array(changes),
            ])
            id += 1
            client.request(id, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
            let pushed = try #require(client.response(id)?["result"])
            // The same text, opened fresh, is laid out from scratch.
            let fresh = "file:///fresh\(version).bracket"
            client.open(fresh, String(decoding: text, as: UTF8.self))
            id += 1
            client.request(id, "bracket/preview", ["textDocument": ["uri": .string(fresh)]])
            let expected = try #require(client.response(id)?["result"])
            #expect(pushed["geometry"] == expected["geometry"], "after \(edits) in\n\(String(decoding: text, as: UTF8.self))")
            #expect(pushed["svg"] == expected["svg"])
            client.notify("textDocument/didClose", ["textDocument": ["uri": .string(fresh)]])
        }
        #expect(client.finish() == 0)
    }
}
