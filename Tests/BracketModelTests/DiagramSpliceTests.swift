// The diagram updated for structural edits by splicing rows (Document.diagram(splicing:at:))
// equals the diagram built anew, field by field, over random edits of random trees: lines of
// nodes inserted and deleted, subtrees wrapped in a new `{ … }` and unwrapped, and stray
// characters, alone and several at a time.
import BracketModel
import BracketSyntax
import BracketTestSupport
import Testing

@Suite struct DiagramSpliceTests {
    /// The text's lines, with their start offsets.
    static func lines(_ text: [UInt8]) -> [Int] {
        var starts = [0]
        for (index, byte) in text.enumerated() where byte == 0x0A && index + 1 < text.count { starts.append(index + 1) }
        return starts
    }

    /// One structural edit somewhere in `text` (or, now and then, a stray character).
    static func edit(_ text: [UInt8], _ random: inout SeededRandom, serial: inout Int) -> [TextEdit] {
        let starts = lines(text)
        func lineEnd(_ line: Int) -> Int { line + 1 < starts.count ? starts[line + 1] : text.count }
        let line = Int(random.next() % UInt64(starts.count))
        serial += 1
        switch random.next() % 8 {
        case 0, 1:  // a leaf inserted
            let label = random.next() % 2 == 0 ? "" : " \"New \(serial)\""
            return [TextEdit(range: ByteRange(starts[line], starts[line]), replacement: "  x\(serial)\(label)\n")]
        case 2:  // a small subtree inserted
            return [TextEdit(range: ByteRange(starts[line], starts[line]),
                             replacement: "  s\(serial) {\n    t\(serial)\n    u\(serial) \"U\"\n  }\n")]
        case 3:  // whole lines deleted
            let last = min(starts.count - 1, line + Int(random.next() % 3))
            return [TextEdit(range: ByteRange(starts[line], lineEnd(last)), replacement: "")]
        case 4:  // lines wrapped in a new block: `{` line first, its `}` after, as an editor sends them
            let last = min(starts.count - 1, line + Int(random.next() % 4))
            return [TextEdit(range: ByteRange(lineEnd(last), lineEnd(last)), replacement: "}\n"),
                    TextEdit(range: ByteRange(starts[line], starts[line]), replacement: "w\(serial) {\n")]
        case 5:  // a block unwrapped: a line ending in `{` and the next line that is only `}`
            for candidate in (line..<starts.count) where text[..<lineEnd(candidate)].last == 0x0A {
                let body = text[starts[candidate]..<(lineEnd(candidate) - 1)]
                guard body.last == UInt8(ascii: "{") else { continue }
                var depth = 0
                for later in (candidate + 1)..<starts.count {
                    let content = String(decoding: text[starts[later]..<lineEnd(later)], as: UTF8.self)
                    depth += content.filter { $0 == "{" }.count - content.filter { $0 == "}" }.count
                    if depth < 0 {
                        guard content.filter({ $0 != " " && $0 != "\n" }) == "}" else { break }
                        return [TextEdit(range: ByteRange(starts[later], lineEnd(later)), replacement: ""),
                                TextEdit(range: ByteRange(starts[candidate], lineEnd(candidate)), replacement: "")]
                    }
                }
                break
            }
            return []
        case 6:  // a node renamed or relabelled by retyping its line
            return [TextEdit(range: ByteRange(starts[line], max(starts[line], lineEnd(line) - 1)),
                             replacement: "  r\(serial) \"R\(serial)\"")]
        default:  // a stray character anywhere
            let at = Int(random.next() % UInt64(text.count + 1))
            let inserts = ["{", "}", "\"", "x", "\n", " ", "[", "]"]
            if random.next() % 2 == 0, at < text.count {
                return [TextEdit(range: ByteRange(at, at + 1), replacement: "")]
            }
            return [TextEdit(range: ByteRange(at, at), replacement: inserts[Int(random.next() % UInt64(inserts.count))])]
        }
    }

    static func expectEqual(_ updated: Diagram, _ fresh: Diagram, _ context: @autoclosure () -> String) {
        let a = updated.nodes, b = fresh.nodes
        #expect(a.count == b.count, "\(context())")
        guard a.count == b.count else { return }
        #expect(a.ids == b.ids, "ids \(context())")
        #expect(a.labels == b.labels, "labels \(context())")
        #expect(a.hasExplicitLabels == b.hasExplicitLabels, "explicit \(context())")
        #expect(a.parents == b.parents, "parents \(context())")
        #expect(a.depths == b.depths, "depths \(context())")
        #expect(a.childCounts == b.childCounts, "child counts \(context())")
        #expect(a.subtreeEnds == b.subtreeEnds, "subtree ends \(context())")
        #expect(a.idRanges == b.idRanges, "ID ranges \(context())")
        #expect(a.ranges == b.ranges, "ranges \(context())")
        #expect(a.entrants == b.entrants, "entrants \(context())")
        #expect(updated == fresh, "\(context())")
    }

    @Test(arguments: [0, 1, 2])
    func splicedDiagramEqualsFreshDiagram(seed: Int) {
        var random = SeededRandom(seed: 1_818 &+ UInt64(seed) &* 7_919)
        var spliced = 0, compared = 0, serial = 0
        for _ in 0..<60 {
            var document = Document(DiagramPatchTests.document(&random))
            var base = document.diagram()
            var pending: [TokenEdit] = []
            for _ in 0..<30 {
                let edits = Self.edit(document.text, &random, serial: &serial)
                guard !edits.isEmpty else { continue }
                let before = String(decoding: document.text, as: UTF8.self)
                document.apply(edits)
                pending += edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
                // Now and then several edits pile up before the diagram is updated.
                guard random.next() % 4 != 0 else { continue }
                compared += 1
                let fresh = document.diagram()
                if let updated = document.diagramUpdate(updating: base, after: pending, onlyTokens: false) {
                    spliced += 1
                    Self.expectEqual(updated.diagram, fresh, "after \(pending) from\n\(before)\nto\n\(String(decoding: document.text, as: UTF8.self))")
                    if let splice = updated.splice {
                        #expect(splice.rowDelta == fresh.nodes.count - base.nodes.count)
                    }
                }
                base = fresh
                pending = []
            }
        }
        // Most structural edits are spliced, not declined.
        #expect(spliced * 10 > compared * 8, "spliced \(spliced) of \(compared)")
    }

    @Test func spliceReportsTheRowsItReplaced() {
        var document = Document("r {\n  a {\n    b\n    c\n  }\n  d\n}\n")
        let base = document.diagram()
        // A leaf inserted between b and c.
        let edit = TextEdit(range: ByteRange(16, 16), replacement: "    x \"X\"\n")
        document.apply(edit)
        let update = document.diagram(splicing: base, at: TokenEdit(range: edit.range, newLength: edit.replacement.count))
        #expect(update?.diagram == document.diagram())
        #expect(update?.splice == DiagramSplice(parent: 1, removed: 3..<3, insertedCount: 1, byteDelta: 10))
    }

    @Test func declinesForResults() {
        var document = Document("r {\n  a [score=1]\n  b [score=2]\n}\n")
        let base = document.diagram()
        let edit = TextEdit(range: ByteRange(4, 4), replacement: "  c\n")
        document.apply(edit)
        #expect(document.diagram(splicing: base, at: TokenEdit(range: edit.range, newLength: 4)) == nil)
    }
}
