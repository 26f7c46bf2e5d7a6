// The structural layout (`layoutSplice(_:from:splice:previous:)`) equals the full layout bit for
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
    /// their offset, levels moved or resized along the depth axis, and every other card exactly
    /// where it was, with the size it had. With results (`movedMayResize`) a named ancestor may
    /// have been measured again (a parent that shows its winner's label).
    static func expectReported(_ change: StructuralChange, old: Geometry, new: Geometry, movedMayResize: Bool = false) {
        let rowDelta = change.inserted.count - change.removed.count
        var levels: [Double: LevelMove] = [:]
        for move in change.levels {
            #expect(levels[move.from] == nil, "two levels moved from \(move.from)")
            levels[move.from] = move
        }
        if !change.levels.isEmpty { #expect(change.shifts.allSatisfy { change.depthAxisIsX ? $0.dx == 0 : $0.dy == 0 }) }
        var accounted = [Bool](repeating: false, count: new.centres.count)
        var offsets = [(dx: Double, dy: Double)?](repeating: nil, count: new.centres.count)
        for index in change.inserted { accounted[index] = true }
        for index in change.moved { accounted[index] = true }
        for run in change.shifts {
            for index in run.cards {
                #expect(offsets[index] == nil && !accounted[index], "card \(index) in two runs")
                offsets[index] = (run.dx, run.dy)
            }
        }
        for index in new.centres.indices where !change.inserted.contains(index) {
            let before = index < change.inserted.lowerBound ? index : index - rowDelta
            var centre = old.centres[before], size = old.sizes[before]
            if let offset = offsets[index] { centre = Point(x: centre.x + offset.dx, y: centre.y + offset.dy) }
            if let level = levels[change.depthAxisIsX ? old.centres[before].x : old.centres[before].y] {
                centre = change.depthAxisIsX ? Point(x: level.to, y: centre.y) : Point(x: centre.x, y: level.to)
                size = change.depthAxisIsX ? Size(width: level.extent, height: size.height)
                    : Size(width: size.width, height: level.extent)
            }
            if change.moved.contains(index) {
                // Placed anew along the leaf axis: its size is told as for any card.
                if !movedMayResize { #expect(new.sizes[index] == size, "moved card \(index) resized unreported") }
                continue
            }
            #expect(new.centres[index] == centre, "card \(index) moved unreported")
            #expect(new.sizes[index] == size, "card \(index) resized unreported")
        }
    }

    @Test(arguments: TestScale.arguments(["", "@root top\n", "@align leaves\n", "@title \"A title\"\n", "@root bottom\n@card-width 60\n",
                      "@root right\n@leaf-gap 7\n", "@rounds auto\n", "@rounds auto\n@root top\n@title \"T\"\n"], quick: 2))
    func relayoutEqualsLayout(settings: String) {
        var random = SeededRandom(seed: 1_818 &+ UInt64(settings.utf8.count) &* 31)
        var answered = 0, tried = 0, serial = 0, shifted = 0
        for _ in 0..<40 {
            var document = Document(StructuralEdits.tree(&random, settings: settings))
            var old = document.diagram()
            var previous = layout(old, keepingSpliceState: true)
            for _ in 0..<15 {
                let edits = StructuralEdits.edit(document.text, &random, serial: &serial)
                guard !edits.isEmpty else { continue }
                document.apply(edits)
                let recorded = edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
                let fresh = document.diagram()
                let freshLayout = layout(fresh, keepingSpliceState: true)
                if let update = document.updatedDiagram(from: old, after: recorded, onlyTokens: false),
                   let splice = update.splice, update.diagram == fresh {
                    tried += 1
                    if let relaid = layoutSplice(fresh, from: old, splice: splice, previous: previous) {
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
        let old = document.diagram(), previous = layout(old, keepingSpliceState: true)
        // A leaf between b and c: c, then d's subtree, move down (root on the left: leaves in rows).
        let edit = TextEdit(range: ByteRange(16, 16), replacement: "    x\n")
        document.apply(edit)
        let splice = document.updatedDiagram(from: old, after: [TokenEdit(range: edit.range, newLength: 6)],
                                            onlyTokens: false)!.splice!
        let update = layoutSplice(document.diagram(), from: old, splice: splice, previous: previous)!
        #expect(update.geometry == layout(document.diagram(), keepingSpliceState: true))
        let change = update.structure!
        #expect(change.inserted == 3..<4)
        #expect(change.moved == [0, 1])  // a and the root re-centred
        #expect(change.shifts.map(\.cards) == [4..<8])  // c and d's subtree, one slot each, joined
        #expect(change.shifts.allSatisfy { $0.dx == 0 && $0.dy > 0 })
    }

    @Test(arguments: TestScale.arguments(["", "@root top\n", "@root left\n", "@root bottom\n", "@title \"T\"\n", "@align leaves\n"], quick: 2))
    func aWrapThatDeepensTheTreeAddsALevel(settings: String) throws {
        // Wrapping a leaf of the deepest level in a new block adds a level; unwrapping removes it.
        let text = settings + "r {\n  a {\n    b\n    c\n  }\n  d {\n    e\n    f\n  }\n}\n"
        var document = Document(text)
        var old = document.diagram()
        var previous = layout(old, keepingSpliceState: true)
        let at = text.utf8.count - 12  // the start of "    f"'s line
        let steps = [
            [TextEdit(range: ByteRange(at + 6, at + 6), replacement: "    }\n"),
             TextEdit(range: ByteRange(at, at), replacement: "    w \"A wrapper\" {\n")],
            [TextEdit(range: ByteRange(at, at + 20), replacement: ""),
             TextEdit(range: ByteRange(at + 6, at + 12), replacement: "")],
        ]
        for edits in steps {
            document.apply(edits)
            let fresh = document.diagram()
            let update = try #require(document.updatedDiagram(
                from: old, after: edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }, onlyTokens: false))
            #expect(update.diagram == fresh)
            let relaid = layoutSplice(fresh, from: old, splice: try #require(update.splice), previous: previous)
            // Aligned leaves all move to the new deepest level; otherwise the levels keep their
            // places, or (the root on the right, as by default) all move by one offset.
            #expect((relaid != nil) == !settings.contains("align"))
            if let relaid {
                #expect(relaid.geometry == layout(fresh, keepingSpliceState: true))
                Self.expectReported(relaid.structure!, old: previous, new: relaid.geometry)
            }
            old = fresh
            previous = relaid?.geometry ?? layout(fresh, keepingSpliceState: true)
        }
        #expect(String(decoding: document.text, as: UTF8.self) == text)
    }

    /// Which edits the structural path answers, by kind, over every root side, a title and
    /// level headers: every edit people make that the diagram splice handles and that leaves the
    /// settings must be answered (and equal `layout`); a stray character is only counted.
    @Test(arguments: StructuralEdits.Kind.allCases)
    func typicalEditsAreAnswered(kind: StructuralEdits.Kind) {
        var random = SeededRandom(seed: 77 &+ UInt64(kind.rawValue.utf8.count))
        var answered = 0, tried = 0, spliced = 0, serial = 0
        for settings in ["", "@root left\n", "@root top\n", "@root bottom\n", "@title \"T\"\n", "@rounds auto\n"] {
            for _ in 0..<12 {
                var document = Document(StructuralEdits.tree(&random, settings: settings))
                var old = document.diagram()
                var previous = layout(old, keepingSpliceState: true)
                for _ in 0..<6 {
                    let edits = StructuralEdits.edit(document.text, &random, serial: &serial, kind: kind)
                    guard !edits.isEmpty else { continue }
                    document.apply(edits)
                    let fresh = document.diagram(), freshLayout = layout(fresh, keepingSpliceState: true)
                    // An edit that reached the settings line changes the drawing: laid out anew.
                    if fresh.settings == old.settings { tried += 1 }
                    let recorded = edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
                    var relaid: LayoutUpdate?
                    if let update = document.updatedDiagram(from: old, after: recorded, onlyTokens: false),
                       let splice = update.splice {
                        spliced += 1
                        relaid = layoutSplice(fresh, from: old, splice: splice, previous: previous)
                    }
                    if let relaid {
                        answered += 1
                        #expect(relaid.geometry == freshLayout, "\(kind) in\n\(String(decoding: document.text, as: UTF8.self))")
                        Self.expectReported(relaid.structure!, old: previous, new: relaid.geometry)
                    }
                    old = fresh
                    previous = relaid?.geometry ?? freshLayout
                }
            }
        }
        print("structural relayout, \(kind): answered \(answered) of \(tried) (spliced \(spliced))")
        #expect(tried > 20)
        if kind != .stray { #expect(answered == tried, "\(kind): answered \(answered) of \(tried), spliced \(spliced)") }
    }

    @Test func aWideLeafMovesTheLevelsAfterItsOwn() throws {
        // Root on the right (levels are columns from the deepest): a leaf wider than its level
        // widens it, so the levels nearer the root move right by as much.
        var document = Document("r \"R\" {\n  a \"A\" {\n    c \"C\"\n  }\n  b \"B\"\n}\n")
        let old = document.diagram(), previous = layout(old, keepingSpliceState: true)
        let edit = TextEdit(range: ByteRange(28, 28), replacement: "    w \"A label far wider than the rest\"\n")
        document.apply(edit)
        let splice = try #require(document.updatedDiagram(
            from: old, after: [TokenEdit(range: edit.range, newLength: edit.replacement.count)], onlyTokens: false)?.splice)
        let update = try #require(layoutSplice(document.diagram(), from: old, splice: splice, previous: previous))
        #expect(update.geometry == layout(document.diagram(), keepingSpliceState: true))
        let change = try #require(update.structure)
        #expect(change.depthAxisIsX)
        #expect(change.levels.count == 3)  // the widened level and the two nearer the root
        Self.expectReported(change, old: previous, new: update.geometry)
        // Deleting it again narrows the level back: the picture is the one before.
        var undone = document
        undone.apply(TextEdit(range: ByteRange(28, 28 + edit.replacement.count), replacement: ""))
        let back = try #require(undone.updatedDiagram(
            from: document.diagram(), after: [TokenEdit(range: ByteRange(28, 28 + edit.replacement.count), newLength: 0)],
            onlyTokens: false)?.splice)
        let restored = try #require(layoutSplice(undone.diagram(), from: document.diagram(), splice: back, previous: update.geometry))
        #expect(restored.geometry == previous)
    }

    @Test(arguments: ["@root center\n"])
    func declinesWhatItDoesNotModel(settings: String) {
        // A drawing it does not model: two-sided.
        var document = Document(settings + "r \"R\" {\n  a \"A\"\n  b \"B\"\n}\n")
        let old = document.diagram(), previous = layout(old, keepingSpliceState: true)
        let edit = TextEdit(range: ByteRange(settings.utf8.count + 8, settings.utf8.count + 8),
                            replacement: "  w \"A label far wider than the rest\"\n")
        document.apply(edit)
        let splice = document.updatedDiagram(from: old, after: [TokenEdit(range: edit.range, newLength: edit.replacement.count)],
                                            onlyTokens: false)?.splice
        #expect(splice != nil)
        #expect(layoutSplice(document.diagram(), from: old, splice: splice!, previous: previous) == nil)
    }
}
