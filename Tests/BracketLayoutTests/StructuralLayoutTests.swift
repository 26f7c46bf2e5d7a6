// The structural layout (`relayout(_:from:splice:previous:)`) equals the full layout bit for
// bit wherever it answers, over random structural edits of random trees whose cards are sized
// to their labels, chained (each answer is the next edit's previous layout); and the change it
// reports is exactly what moved.
import BracketLayout
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct StructuralLayoutTests {
    /// Every centre, bit for bit (`==` on doubles would let -0 pass for 0).
    static func sameBits(_ a: Geometry, _ b: Geometry) -> Bool {
        a.centres.count == b.centres.count
            && zip(a.centres, b.centres).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern }
            && a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// The reported change accounts for every card: inserted, moved ancestors, runs moved by
    /// their offset, and every other card exactly where it was.
    static func expectReported(_ change: StructuralChange, old: Geometry, new: Geometry) {
        let rowDelta = change.inserted.count - change.removed.count
        var accounted = [Bool](repeating: false, count: new.centres.count)
        for index in change.inserted { accounted[index] = true }
        for index in change.moved { accounted[index] = true }
        for run in change.shifts {
            for index in run.cards {
                #expect(!accounted[index], "card \(index) in two runs")
                accounted[index] = true
                let before = old.centres[index < change.inserted.lowerBound ? index : index - rowDelta]
                #expect(new.centres[index] == Point(x: before.x + run.dx, y: before.y + run.dy))
            }
        }
        for index in new.centres.indices where !accounted[index] {
            let before = old.centres[index < change.inserted.lowerBound ? index : index - rowDelta]
            #expect(new.centres[index] == before, "card \(index) moved unreported")
        }
    }

    @Test(arguments: ["", "@root top\n", "@align leaves\n", "@title \"A title\"\n", "@root bottom\n@card-width 60\n",
                      "@root right\n@leaf-gap 7\n"])
    func relayoutEqualsLayout(settings: String) {
        var random = SeededRandom(seed: 1_818 &+ UInt64(settings.utf8.count) &* 31)
        var answered = 0, tried = 0, serial = 0, shifted = 0
        for _ in 0..<40 {
            var document = Document(StructuralEdits.tree(&random, settings: settings))
            var old = document.diagram()
            var previous = layout(old)
            for _ in 0..<15 {
                let edits = StructuralEdits.edit(document.text, &random, serial: &serial)
                guard !edits.isEmpty else { continue }
                document.apply(edits)
                let recorded = edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
                let fresh = document.diagram()
                let freshLayout = layout(fresh)
                if let update = document.diagramUpdate(updating: old, after: recorded, onlyTokens: false),
                   let splice = update.splice, update.diagram == fresh {
                    tried += 1
                    if let relaid = relayout(fresh, from: old, splice: splice, previous: previous) {
                        answered += 1
                        #expect(relaid.geometry == freshLayout, "\(String(decoding: document.text, as: UTF8.self))")
                        #expect(Self.sameBits(relaid.geometry, freshLayout))
                        let change = relaid.structure!
                        #expect(change.removed == splice.removed && change.inserted == splice.inserted)
                        Self.expectReported(change, old: previous, new: relaid.geometry)
                        if !change.shifts.isEmpty { shifted += 1 }
                        // Chained: the next edit is laid out from this answer.
                        previous = relaid.geometry
                        old = fresh
                        continue
                    }
                }
                old = fresh
                previous = freshLayout
            }
        }
        // Most structural edits keep every level's extent: the structural path must be taken,
        // and it must move runs.
        #expect(answered * 2 > tried, "answered \(answered) of \(tried)")
        #expect(shifted * 4 > answered, "shifted \(shifted) of \(answered)")
    }

    @Test func aLeafInsertedShiftsTheSubtreesAfterIt() {
        var document = Document("r {\n  a {\n    b\n    c\n  }\n  d {\n    e\n    f\n  }\n}\n")
        let old = document.diagram(), previous = layout(old)
        // A leaf between b and c: c, then d's subtree, move down (root on the left: leaves in rows).
        let edit = TextEdit(range: ByteRange(16, 16), replacement: "    x\n")
        document.apply(edit)
        let splice = document.diagramUpdate(updating: old, after: [TokenEdit(range: edit.range, newLength: 6)],
                                            onlyTokens: false)!.splice!
        let update = relayout(document.diagram(), from: old, splice: splice, previous: previous)!
        #expect(update.geometry == layout(document.diagram()))
        let change = update.structure!
        #expect(change.inserted == 3..<4)
        #expect(change.moved == [0, 1])  // a and the root re-centred
        #expect(change.shifts.map(\.cards) == [4..<8])  // c and d's subtree, one slot each, joined
        #expect(change.shifts.allSatisfy { $0.dx == 0 && $0.dy > 0 })
    }

    @Test(arguments: ["@root center\n", "@rounds auto\n", ""])
    func declinesWhatItDoesNotModel(settings: String) {
        // A new leaf whose label is wider than any card of its level (the last case) changes
        // the level's extent; the others are drawings it does not model.
        var document = Document(settings + "r \"R\" {\n  a \"A\"\n  b \"B\"\n}\n")
        let old = document.diagram(), previous = layout(old)
        let edit = TextEdit(range: ByteRange(settings.utf8.count + 8, settings.utf8.count + 8),
                            replacement: "  w \"A label far wider than the rest\"\n")
        document.apply(edit)
        let splice = document.diagramUpdate(updating: old, after: [TokenEdit(range: edit.range, newLength: edit.replacement.count)],
                                            onlyTokens: false)?.splice
        #expect(splice != nil)
        #expect(relayout(document.diagram(), from: old, splice: splice!, previous: previous) == nil)
    }
}
