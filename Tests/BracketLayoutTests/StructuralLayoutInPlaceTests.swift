// The structural layout that takes its previous layout's kept state
// (`layoutSplice(_:from:splice:takingStateOf:)`) gives `layoutSplice(_:from:splice:previous:)`'s answer
// bit for bit over chained random structural edits, splices the state's per-card columns where
// they are when it holds the only reference, and leaves a geometry that someone else still holds
// as it was.
@_spi(Testing) import BracketLayout
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct StructuralLayoutInPlaceTests {
    /// `edgeLabels`: trees with edge labels and edits that bring some (the kept per-card needs
    /// are taken too), as EdgeLabelRelayoutTests makes them.
    @Test(arguments: TestScale.arguments([("", false), ("@root top\n", false), ("@align leaves\n", false), ("@title \"A title\"\n", false),
                      ("@rounds auto\n", false), ("", true), ("@root top\n", true)], quick: 2))
    func takingTheStateEqualsCopyingIt(settings: String, edgeLabels: Bool) {
        var random = SeededRandom(seed: 2_026 &+ UInt64(settings.utf8.count) &* 17 &+ (edgeLabels ? 5 : 0))
        var answered = 0, serial = 0
        for round in 0..<30 {
            var document = Document(edgeLabels
                ? EdgeLabelRelayoutTests.tree(&random, settings: settings, everyNode: round % 2 == 0)
                : StructuralEdits.tree(&random, settings: settings))
            var old = document.diagram()
            var previous = layout(old, keepingSpliceState: true)
            for _ in 0..<15 {
                let edits = edgeLabels
                    ? EdgeLabelRelayoutTests.edit(document.text, &random, serial: &serial)
                    : StructuralEdits.edit(document.text, &random, serial: &serial)
                guard !edits.isEmpty else { continue }
                document.apply(edits)
                let recorded = edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
                let fresh = document.diagram()
                guard let update = document.updatedDiagram(from: old, after: recorded, onlyTokens: false),
                      let splice = update.splice, update.diagram == fresh else {
                    old = fresh
                    previous = layout(fresh, keepingSpliceState: true)
                    continue
                }
                let copied = layoutSplice(fresh, from: old, splice: splice, previous: previous)
                // Every other edit someone else keeps the previous layout (the state is copied,
                // and that copy must not change); otherwise the relayout holds the only
                // reference and splices in place.
                let kept: Geometry? = serial % 2 == 0 ? previous : nil
                var taken = previous
                previous = layout(Document("x").diagram())
                let moved = layoutSplice(fresh, from: old, splice: splice, takingStateOf: &taken)
                #expect(!taken.keepsRelayoutState)
                if let kept { #expect(kept == layout(old, keepingSpliceState: true)) }
                #expect(copied?.geometry == moved?.geometry)
                #expect(copied?.structure == moved?.structure)
                if let moved {
                    answered += 1
                    #expect(moved.geometry == layout(fresh, keepingSpliceState: true))
                    #expect(StructuralLayoutTests.sameBits(moved.geometry, layout(fresh, keepingSpliceState: true)))
                    previous = moved.geometry
                } else {
                    previous = layout(fresh, keepingSpliceState: true)
                }
                old = fresh
            }
        }
        #expect(answered > 50, "answered \(answered)")
    }

    /// A subtree deleted from a layout nobody else holds: the kept state's columns are the same
    /// buffers afterwards (moved within them), not copies. Copying them made every structural
    /// push of the preview write 40 bytes a card into fresh memory.
    @Test func aDeletionSplicesTheStateWhereItIs() throws {
        var text = "r {\n"
        for index in 0..<200 { text += "  n\(index) {\n    a\(index)\n    b\(index)\n  }\n" }
        text += "}\n"
        var document = Document(text)
        let old = document.diagram()
        var previous = layout(old, keepingSpliceState: true)
        let before = previous.relayoutStateAddresses
        #expect(before.count == 5)
        // Delete `n100 { a100 b100 }` (4 lines).
        let start = try #require(text.utf8.firstRange(of: "  n100 {".utf8)).lowerBound
        let offset = text.utf8.distance(from: text.utf8.startIndex, to: start)
        let length = "  n100 {\n    a100\n    b100\n  }\n".utf8.count
        let edit = TextEdit(range: ByteRange(offset, offset + length), replacement: "")
        document.apply(edit)
        let splice = try #require(document.updatedDiagram(from: old, after: [TokenEdit(range: edit.range, newLength: 0)],
                                                         onlyTokens: false)?.splice)
        let update = try #require(layoutSplice(document.diagram(), from: old, splice: splice, takingStateOf: &previous))
        #expect(update.geometry == layout(document.diagram(), keepingSpliceState: true))
        #expect(update.geometry.relayoutStateAddresses == before)
        #expect(!update.structure!.shifts.isEmpty)
    }

    /// With another holder the state is copied once and the holder's stays as it was.
    @Test func aSharedStateIsCopied() throws {
        var document = Document("r {\n  a {\n    b\n    c\n  }\n  d {\n    e\n    f\n  }\n}\n")
        let old = document.diagram()
        let shared = layout(old, keepingSpliceState: true)
        var previous = shared
        let edit = TextEdit(range: ByteRange(16, 16), replacement: "    x\n")
        document.apply(edit)
        let splice = try #require(document.updatedDiagram(from: old, after: [TokenEdit(range: edit.range, newLength: 6)],
                                                         onlyTokens: false)?.splice)
        let update = try #require(layoutSplice(document.diagram(), from: old, splice: splice, takingStateOf: &previous))
        #expect(update.geometry == layout(document.diagram(), keepingSpliceState: true))
        #expect(shared == layout(old, keepingSpliceState: true))
        #expect(update.geometry.relayoutStateAddresses != shared.relayoutStateAddresses)
    }
}
