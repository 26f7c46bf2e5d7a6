// Tournament trees keep the incremental paths for structural edits and result edits too: a
// leaf inserted, lines deleted, a subtree wrapped or unwrapped, a score typed, a `winner` flag
// written or taken out. Over random chains of such edits on scored trees, the diagram the
// preview works out from the previous one (a splice, or the rows the results can have changed)
// equals a fresh analysis of the text, every row it does not name is the old one, and the
// layout updated from the previous one equals the full layout bit for bit, score slots included.
import BracketLayout
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct ScoredStructuralTests {
    /// One edit of a scored tree: structural (half of them), a result edited, or a keystroke.
    static func edit(_ document: inout Document, _ random: inout SeededRandom, serial: inout Int)
        -> (edits: [TextEdit], onlyTokens: Bool)?
    {
        switch random.next() % 6 {
        case 0, 1, 2:
            let edits = StructuralEdits.edit(document.text, &random, serial: &serial)
            guard !edits.isEmpty else { return nil }
            let scopes = document.apply(edits)
            return (edits, scopes.allSatisfy { $0 == .token })
        case 3, 4:
            guard let (edit, scope) = ScoredRelayoutTests.resultEdit(&document, &random) else { return nil }
            return ([edit], scope == .token)
        default:
            guard let edit = ScoredRelayoutTests.keystroke(&document, &random) else { return nil }
            return ([edit], true)
        }
    }

    /// The rows of `new` that a splice does not name and that may not differ from `old`'s: all
    /// but the splice's, its parent's, the parent's ancestors' and their children's.
    static func unnamedRows(_ splice: DiagramSplice, in new: DiagramNodes) -> [Int] {
        var named = Set(splice.inserted)
        var node = splice.parent
        while true {
            var child = node + 1
            let end = node >= 0 ? Int(new.subtreeEnds[node]) : new.count
            while child < end {
                named.insert(child)
                child = Int(new.subtreeEnds[child])
            }
            guard node >= 0 else { break }
            named.insert(node)
            node = Int(new.parents[node])
        }
        return (0..<new.count).filter { !named.contains($0) }
    }

    /// Whether row `index` of `a` and row `other` of `b` are drawn alike: label, score, outcome.
    static func sameRow(_ a: DiagramNodes, _ index: Int, _ b: DiagramNodes, _ other: Int) -> Bool {
        a.ids[index] == b.ids[other] && a.labels[index] == b.labels[other] && a.scores[index] == b.scores[other]
            && a.isWinners[index] == b.isWinners[other] && a.isByes[index] == b.isByes[other]
            && a.isPendings[index] == b.isPendings[other] && a.edgeLabels[index] == b.edgeLabels[other]
            && a.hasExplicitLabels[index] == b.hasExplicitLabels[other]
            && (a.entrants[index] < 0) == (b.entrants[other] < 0)
            && (a.entrants[index] < 0 || a.ids[Int(a.entrants[index])] == b.ids[Int(b.entrants[other])])
    }

    @Test(arguments: TestScale.arguments(["", "@root top\n", "@align leaves\n", "@root left\n", "@rounds auto\n",
                      "@root bottom\n@card-width 60\n", "@root right\n@title \"Cup\"\n"], quick: 2))
    func editsOfScoredTreesKeepTheIncrementalPaths(settings: String) {
        var random = SeededRandom(seed: 9_393 &+ UInt64(settings.utf8.count) &* 17)
        var serial = 0
        var structural = 0, spliced = 0, splicedLaidOut = 0, named = 0, namedLaidOut = 0, slotChanged = 0
        for _ in 0..<25 {
            var document = Document(ScoredRelayoutTests.tree(&random, settings: settings))
            var old = document.diagram()
            var previous = layout(old, keepingSpliceState: true)
            for _ in 0..<14 {
                guard let (edits, onlyTokens) = Self.edit(&document, &random, serial: &serial) else { continue }
                let text = String(decoding: document.text, as: UTF8.self)
                // The document's results and diagnostics equal a fresh analysis.
                let reference = Document(text: document.text)
                #expect(document.diagnostics == reference.diagnostics, "\(text)")
                let fresh = reference.diagram()
                #expect(document.diagram() == fresh, "\(text)")
                let freshLayout = layout(fresh, keepingSpliceState: true)
                defer { old = fresh }
                if !onlyTokens, edits.count > 0, fresh.nodes.count != old.nodes.count { structural += 1 }
                let recorded = edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
                guard let update = document.updatedDiagram(from: old, after: recorded, onlyTokens: onlyTokens) else {
                    previous = freshLayout
                    continue
                }
                #expect(update.diagram == fresh, "\(text)")
                let laidOut: LayoutUpdate?
                if let splice = update.splice {
                    spliced += 1
                    // Every row the splice does not name is the old row (moved).
                    for index in Self.unnamedRows(splice, in: fresh.nodes) {
                        let before = index < splice.removed.lowerBound ? index : index - splice.rowDelta
                        #expect(Self.sameRow(fresh.nodes, index, old.nodes, before), "row \(index) of \(text)")
                    }
                    laidOut = layoutSplice(fresh, from: old, splice: splice, previous: previous)
                    if laidOut != nil { splicedLaidOut += 1 }
                } else {
                    named += 1
                    let edited = Set(update.edited)
                    for index in 0..<fresh.nodes.count where !edited.contains(index) {
                        #expect(Self.sameRow(fresh.nodes, index, old.nodes, index), "row \(index) of \(text)")
                    }
                    if zip(fresh.nodes.scores, old.nodes.scores).contains(where: { $0 != $1 })
                        || fresh.nodes.isByes != old.nodes.isByes { slotChanged += 1 }
                    laidOut = layoutReusingPositions(fresh, from: old, previous: previous, candidates: update.edited)
                    if laidOut != nil { namedLaidOut += 1 }
                }
                if let laidOut {
                    #expect(laidOut.geometry == freshLayout, "\(text)")
                    #expect(laidOut.geometry.scores == freshLayout.scores, "\(text)")
                    #expect(laidOut.geometry.lines == freshLayout.lines, "\(text)")
                    #expect(StructuralLayoutTests.sameBits(laidOut.geometry, freshLayout), "\(text)")
                    if let change = laidOut.structure {
                        StructuralLayoutTests.expectReported(change, old: previous, new: laidOut.geometry, movedMayResize: true)
                    }
                    previous = laidOut.geometry
                } else {
                    previous = freshLayout
                }
            }
        }
        // Scored trees' structural edits are spliced and laid out from the previous layout, and
        // result edits name their rows and are laid out from it too.
        #expect(spliced * 10 > structural * 7, "spliced \(spliced) of \(structural) structural edits")
        #expect(splicedLaidOut * 2 > spliced, "laid out \(splicedLaidOut) of \(spliced) splices")
        #expect(namedLaidOut * 2 > named, "laid out \(namedLaidOut) of \(named) named updates")
        #expect(slotChanged > 0, "no result edit changed a score slot")
    }
}
