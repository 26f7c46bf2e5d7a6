// The preview's delta base keeps what the diffs read and no layout state: the state stays with
// the relayout base alone, so a structural push splices it in place (the relayout holds its only
// reference) instead of copying it next to the copy the base keeps.
@_spi(Testing) import BracketLayout
import BracketModel
import BracketPreview
import BracketSyntax
import Testing
@testable import BracketServer

@Suite struct PreviewDeltaBaseTests {
    static let uri = "file:///delta-base.bracket"

    static func context(_ document: Document, version: Int) -> DocumentContext {
        DocumentContext(document: document, uri: uri, version: version, encoding: .utf16, defaults: .tutorial)
    }

    /// A render as the server makes them (`LanguageServer.previewRender`), twice over a subtree
    /// deleted: the first render's snapshot is kept as the delta base, its layout handed to the
    /// second render, which then moves the state's columns within their buffers. The delta from
    /// the base is the one a fresh document's render gives.
    @Test func aStructuralRenderMovesTheStateTheBaseDoesNotHold() throws {
        var text = "r {\n"
        for index in 0..<100 { text += "  n\(index) {\n    a\(index)\n    b\(index)\n  }\n" }
        text += "}\n"
        var document = Document(text)
        var first: PreviewRender? = PreviewRender(Self.context(document, version: 1))
        let base = try #require(first?.snapshot)
        #expect(!base.geometry.keepsRelayoutState)
        let oldDiagram = try #require(first?.diagram)
        var relayoutBase = first?.relayoutBase
        #expect(relayoutBase?.keepsRelayoutState == true)
        first = nil
        let addresses = try #require(relayoutBase?.relayoutStateAddresses)

        let start = try #require(text.utf8.firstRange(of: "  n50 {".utf8)).lowerBound
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: start)
        let length = "  n50 {\n    a50\n    b50\n  }\n".utf8.count
        document.apply(TextEdit(range: ByteRange(offset, offset + length), replacement: ""))
        let context = Self.context(document, version: 2)
        let patched = try #require(document.updatedDiagram(
            from: oldDiagram, after: [TokenEdit(range: ByteRange(offset, offset + length), newLength: 0)], onlyTokens: false))
        // Handed over whole: the start holds the layout's only reference.
        var renderStart = PreviewRenderStart(diagram: patched.diagram)
        renderStart.layout = relayoutBase.take().map {
            PreviousLayout(diagram: oldDiagram, render: 1, update: patched, geometry: $0)
        }
        #expect(renderStart.layout != nil)
        let second = PreviewRender(context, from: &renderStart, id: 2)
        #expect(renderStart.layout == nil)
        guard case .structuralChange(let render, let change, _) = second.origin else {
            Issue.record("not laid out from the first render's structure: \(second.origin)")
            return
        }
        #expect(render == 1 && !change.shifts.isEmpty)
        #expect(second.relayoutBase?.relayoutStateAddresses == addresses)
        #expect(!second.snapshot.geometry.keepsRelayoutState)

        // The base's picture is untouched and the delta from it is the fresh render's.
        let fresh = PreviewRender(context)
        #expect(second.relayoutBase == fresh.relayoutBase)
        guard case .delta(let delta) = previewUpdateOfStructuralChange(from: base, to: second.snapshot, structure: change, runs: true),
              case .delta(let expected) = previewUpdateByPairingIDs(from: base, to: fresh.snapshot, runs: true)
        else {
            Issue.record("no delta")
            return
        }
        #expect(second.deltaPayload(delta, sequence: 2, base: 1) == fresh.deltaPayload(expected, sequence: 2, base: 1))
    }
}
