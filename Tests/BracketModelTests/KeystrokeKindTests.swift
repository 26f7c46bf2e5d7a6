import BracketTestSupport
import Testing

@testable import BracketModel
@testable import BracketSyntax

/// The edit kinds of issue 18's keystroke table (benchmarks/lsp_keystrokes.py), on the same shapes
/// it measures: one node per line, the same tree on one line, a deep chain. Each must equal a
/// fresh parse, and none may fall back to parsing the whole file.
@Suite struct KeystrokeKindTests {
    /// A complete binary tree with labels, `n0` … `n(count-1)`, one node per line or all on one.
    static func binaryTree(nodes count: Int, oneLine: Bool) -> String {
        binaryTreeText(nodes: count, oneLine: oneLine) { "n\($0) \"Node n\($0)\"" }
    }

    static func offset(of needle: String, in document: Document) -> Int {
        let bytes = Array(needle.utf8)
        let text = document.text
        for start in 0...(text.count - bytes.count) where text[start..<(start + bytes.count)].elementsEqual(bytes) {
            return start
        }
        preconditionFailure("\(needle) not found")
    }

    /// The offset just after the subtree of the node whose ID starts at `start`.
    static func subtreeEnd(from start: Int, in text: [UInt8]) -> Int {
        var depth = 0
        var inString = false
        var index = start
        while index < text.count {
            let byte = text[index]
            if inString {
                if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return index + 1 }
            } else if byte == 0x0A, depth == 0 {
                return index
            } else if byte == UInt8(ascii: " "), depth == 0, index > start, text[index + 1] != UInt8(ascii: "\""),
                text[index + 1] != UInt8(ascii: "{")
            {
                return index
            }
            index += 1
        }
        return index
    }

    /// Applies `edits` as one batch, checks the document against a fresh parse and the scopes.
    static func expectIncremental(_ document: inout Document, _ edits: [TextEdit], _ what: String) {
        var expected = document.text
        for edit in edits { expected.replaceSubrange(edit.range.start..<edit.range.end, with: edit.replacement) }
        let scopes = document.apply(edits)
        #expect(document.text == expected, "\(what)")
        #expect(!scopes.contains(.full), "\(what): \(scopes)")
        IncrementalTests.expectSameAsFresh(document, what)
    }

    @Test(arguments: [false, true])
    func everyKindOfKeystrokeStaysIncremental(oneLine: Bool) {
        let original = Document(Self.binaryTree(nodes: 2_047, oneLine: oneLine))
        #expect(original.diagnostics.isEmpty)
        var document = original
        let shape = oneLine ? "one line" : "lines"

        let label = Self.offset(of: "\"Node n1500\"", in: document) + 3
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(label, label), replacement: "x")], "\(shape): label typed")
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(label, label + 1), replacement: "")], "\(shape): label undone")

        let id = Self.offset(of: "n1500 ", in: document)
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(id + 1, id + 1), replacement: "7")], "\(shape): ID typed")
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(id + 1, id + 2), replacement: "")], "\(shape): ID undone")

        // A duplicate of an ID far away, and back.
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(id, id + 5), replacement: "n2")], "\(shape): duplicate")
        #expect(document.diagnostics.map(\.code) == [.duplicateID])
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(id, id + 2), replacement: "n1500")], "\(shape): duplicate undone")
        #expect(document.diagnostics.isEmpty)

        // The root's ID.
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(0, 2), replacement: "top")], "\(shape): root renamed")
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(0, 3), replacement: "n0")], "\(shape): root renamed back")

        // A subtree wrapped in a new parent, as one batch (the later change first), and unwrapped.
        let wrapped = Self.offset(of: "n45 ", in: document)
        let end = Self.subtreeEnd(from: wrapped, in: document.text)
        Self.expectIncremental(&document, [
            TextEdit(range: ByteRange(end, end), replacement: " }"),
            TextEdit(range: ByteRange(wrapped, wrapped), replacement: "wrap { "),
        ], "\(shape): wrapped")
        #expect(document.diagram().nodes.count == 2_048)
        Self.expectIncremental(&document, [
            TextEdit(range: ByteRange(end + 7, end + 9), replacement: ""),
            TextEdit(range: ByteRange(wrapped, wrapped + 7), replacement: ""),
        ], "\(shape): unwrapped")
        // In the other order too (the earlier change first, the later one at shifted offsets).
        Self.expectIncremental(&document, [
            TextEdit(range: ByteRange(wrapped, wrapped), replacement: "wrap { "),
            TextEdit(range: ByteRange(end + 7, end + 7), replacement: " }"),
        ], "\(shape): wrapped, earlier change first")
        Self.expectIncremental(&document, [
            TextEdit(range: ByteRange(wrapped, wrapped + 7), replacement: ""),
            TextEdit(range: ByteRange(end, end + 2), replacement: ""),
        ], "\(shape): unwrapped, earlier change first")
        #expect(document.text == original.text)

        // 1,000 lines pasted before a node in the middle, and undone.
        let middle = Self.offset(of: "n1023 ", in: document)
        let pasted = (0..<1_000).map { "p\($0) \"Pasted \($0)\"" }.joined(separator: "\n") + (oneLine ? " " : "\n")
        Self.expectIncremental(&document, [TextEdit(range: ByteRange(middle, middle), replacement: pasted)], "\(shape): pasted")
        #expect(document.diagram().nodes.count == 3_047)
        Self.expectIncremental(
            &document, [TextEdit(range: ByteRange(middle, middle + pasted.utf8.count), replacement: "")], "\(shape): paste undone")
        #expect(document.text == original.text)
    }

    /// A batch whose changes only balance together may still be undone or broken by the next:
    /// random batches of two to four edits, each a brace, a node, or a random edit, equal a
    /// fresh parse of the text they leave.
    @Test(arguments: TestScale.arguments(Array(0..<8)))
    func randomBatchesMatchFullParse(seed: Int) {
        var random = SeededRandom(seed: UInt64(seed) &* 104_729 &+ 3)
        var document = Document(RandomText.document(&random, nodes: 40 + seed * 5))
        let pieces = ["{ ", " }", "x {", "}", "\n", " a \"A\" ", "\"", "[", "]"]
        for step in 0..<1_500 {
            var edits: [TextEdit] = []
            var text = document.text
            for _ in 0..<Int.random(in: 2...4, using: &random) {
                let edit: TextEdit
                if Bool.random(using: &random) {
                    let at = Int.random(in: 0...text.count, using: &random)
                    edit = TextEdit(range: ByteRange(at, at), replacement: pieces.randomElement(using: &random)!)
                } else {
                    let (range, replacement) = RandomText.edit(&random, in: text)
                    edit = TextEdit(range: ByteRange(range.lowerBound, range.upperBound), replacement: replacement)
                }
                text.replaceSubrange(edit.range.start..<edit.range.end, with: edit.replacement)
                edits.append(edit)
            }
            document.apply(edits)
            #expect(document.text == text)
            let fresh = Document(text: document.text)
            if !document.tree.root.isStructurallyEqual(to: fresh.tree.root) || document.diagnostics != fresh.diagnostics
                || document.lineIndex != fresh.lineIndex || document.ids.index.allStarts != fresh.ids.index.allStarts
            {
                IncrementalTests.expectSameAsFresh(document, "seed \(seed) step \(step) edits \(edits)")
                return
            }
            if document.text.count > 3_000 { document = Document(RandomText.document(&random, nodes: 40)) }
        }
    }

    /// The line starts and the ID table's starts keep a gap at the last edit: a session that
    /// pastes many lines, types at both ends and in the middle, makes and undoes duplicates and
    /// deletes what it pasted, in CRLF text with multi-byte labels and on one line, moves that gap
    /// back and forth over pasted and original lines; after every step both equal a fresh parse's.
    @Test(arguments: [false, true])
    func gapsFollowPastesAndTypingAnywhere(oneLine: Bool) {
        let tree = Self.binaryTree(nodes: 511, oneLine: oneLine)
            .replacing("\"Node n1", with: "\"Nœud 🏆 n1").replacing("\n", with: "\r\n")
        var document = Document(tree)
        let pasted = (0..<300).map { "p\($0) \"Collé \($0)\"" }.joined(separator: oneLine ? " " : "\r\n  ") + (oneLine ? " " : "\r\n  ")
        var pastes: [(start: Int, length: Int)] = []
        func step(_ name: String, _ start: Int, _ end: Int, _ replacement: String) {
            document.apply(TextEdit(range: ByteRange(start, end), replacement: replacement))
            IncrementalTests.expectSameAsFresh(document, "\(oneLine ? "one line" : "per line"): \(name)")
        }
        let middle = Self.offset(of: "n255 ", in: document)
        step("paste in the middle", middle, middle, pasted)
        pastes.append((middle, pasted.utf8.count))
        step("typed at the start", 1, 1, "r")
        step("typed at the end", document.text.count - 2, document.text.count - 2, "z")
        let early = Self.offset(of: "n7 ", in: document)
        step("paste near the start", early, early, pasted.replacing("p", with: "q"))
        step("duplicate made far away", Self.offset(of: "n500 ", in: document), Self.offset(of: "n500 ", in: document) + 4, "p299")
        let inPaste = Self.offset(of: "p150 ", in: document)
        step("typed inside the pasted lines", inPaste + 1, inPaste + 1, "é")
        step("deleted again", inPaste + 1, inPaste + 3, "")
        let late = Self.offset(of: "n509 ", in: document)
        step("paste near the end", late, late, pasted.replacing("p", with: "s"))
        let first = Self.offset(of: "p0 ", in: document)
        step("middle paste undone", first, first + pasted.utf8.count, "")
        step("line break typed at the start", 0, 0, "\r\n")
        let q = Self.offset(of: "q0 ", in: document)
        step("early paste undone", q, q + pasted.utf8.count, "")
    }

    /// The benchmark's chain: 10,000 labelled nodes, one a line, each inside the one before.
    static let deepChain: String = {
        var text = ""
        for depth in 0..<10_000 { text += "n\(depth) \"Node n\(depth)\"" + (depth < 9_999 ? " {\n" : "\n") }
        return text + String(repeating: "}\n", count: 9_999)
    }()

    /// An edit at the bottom of a 10,000-level chain reparses one token.
    @Test func editTenThousandLevelsDeep() {
        var document = Document(Self.deepChain)
        let label = Self.offset(of: "\"Node n9999\"", in: document) + 1
        #expect(document.apply(TextEdit(range: ByteRange(label, label), replacement: "x")) == .token)
        IncrementalTests.expectSameAsFresh(document, "deep label")
        let id = Self.offset(of: "n9999 ", in: document)
        #expect(document.apply(TextEdit(range: ByteRange(id + 1, id + 1), replacement: "y")) == .token)
        IncrementalTests.expectSameAsFresh(document, "deep ID")
    }

    /// Keystrokes at the bottom of the chain after the first one update the document's path in
    /// place (`SyntaxTree.apply`): the root stays the same node, so nothing on the way from
    /// `Document.apply` to the tree holds a second reference to it (which would quietly make every
    /// keystroke copy 20,000 nodes again), and the document still equals a fresh one.
    @Test func deepKeystrokesAfterTheFirstStayInPlace() {
        var document = Document(Self.deepChain)
        let label = Self.offset(of: "\"Node n9999\"", in: document) + 1
        document.apply(TextEdit(range: ByteRange(label, label), replacement: "x"))
        let root = ObjectIdentifier(document.tree.root.arena)
        let id = Self.offset(of: "n9999 ", in: document)
        for step in 0..<20 {
            // Typed and deleted in the label, then in the ID, then in the space between them
            // (each pair leaves the text as it was).
            let at = step < 8 ? label : step < 14 ? id + 1 : label - 2
            let edit = step % 2 == 0
                ? TextEdit(range: ByteRange(at, at), replacement: step < 14 ? "y" : " ")
                : TextEdit(range: ByteRange(at, at + 1), replacement: "")
            #expect(document.apply(edit) == .token, "step \(step)")
            #expect(ObjectIdentifier(document.tree.root.arena) == root, "step \(step): the path was copied")
        }
        IncrementalTests.expectSameAsFresh(document, "after deep keystrokes")
        // A copy of the document kept elsewhere shares the path: the next edit copies it, and the
        // copy is left as it was.
        let kept = document
        let keptText = kept.text
        document.apply(TextEdit(range: ByteRange(label, label), replacement: "z"))
        #expect(ObjectIdentifier(document.tree.root.arena) != root)
        IncrementalTests.expectSameAsFresh(kept, "the kept copy")
        #expect(kept.text == keptText && kept.tree.length == keptText.count)
        IncrementalTests.expectSameAsFresh(document, "after the copy's edit")
    }
}
