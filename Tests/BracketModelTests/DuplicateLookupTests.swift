import BracketSyntax
import BracketTestSupport
import Testing

@testable import BracketModel

/// The ID table finds the other definition of an ID an edit makes a duplicate through the handle
/// it keeps with the ID's hash, not by reading every definition's tag (which costs the document,
/// not the edit). After every step the document equals a fresh parse, and the usual ways of
/// making a duplicate (of one far away, a third copy, after the first copy was renamed away,
/// inside a wrapped subtree, of a pasted ID) never fall back to reading the tags.
@Suite struct DuplicateLookupTests {
    /// Every definition of the document, in order.
    static func definitions(_ document: Document) -> [(id: String, range: ByteRange)] {
        document.ids.index.identifiers(in: ByteRange(0, document.buffer.count), source: document.buffer)
    }

    /// Renames the first definition of `id`; returns where it starts.
    @discardableResult
    static func rename(_ document: inout Document, _ id: String, to new: String, _ what: String) -> Int {
        guard let old = definitions(document).first(where: { $0.id == id }) else {
            Issue.record("\(what): \(id) not found")
            return 0
        }
        Self.step(&document, old.range.start, old.range.end, new, what)
        return old.range.start
    }

    /// Applies one edit and compares with a fresh parse; records an issue when the edit had to
    /// read every tag, unless `scanFree` is false (random edits may leave a kept handle on a
    /// definition of another ID, which only costs the fallback).
    static func step(_ document: inout Document, _ start: Int, _ end: Int, _ replacement: String, _ what: String, scanFree: Bool = true) {
        let scans = document.ids.taggedLookups
        let scope = document.apply(TextEdit(range: ByteRange(start, end), replacement: replacement))
        #expect(scope != .full, "\(what): parsed whole")
        IncrementalTests.expectSameAsFresh(document, what)
        if scanFree, document.ids.taggedLookups > scans { Issue.record("\(what): read every tag to find a definition") }
    }

    static func duplicateCount(_ document: Document) -> Int {
        document.diagnostics.filter { $0.code == .duplicateID }.count
    }

    @Test(arguments: [false, true])
    func usualDuplicatesNeedNoTagScan(oneLine: Bool) {
        var document = Document(KeystrokeKindTests.binaryTree(nodes: 2_047, oneLine: oneLine))
        let shape = oneLine ? "one line" : "per line"
        var random = SeededRandom(seed: oneLine ? 0xD0B1 : 0xD0B2)
        // An ID made a duplicate of one far away, and back, forty times.
        for round in 0..<40 {
            let a = "n\(Int.random(in: 0..<2_047, using: &random))"
            let b = "n\(Int.random(in: 0..<2_047, using: &random))"
            guard a != b else { continue }
            let start = Self.rename(&document, a, to: b, "\(shape) \(round): \(a) made \(b)")
            #expect(Self.duplicateCount(document) == 1, "\(shape) \(round)")
            Self.step(&document, start, start + b.utf8.count, a, "\(shape) \(round): undone")
            #expect(Self.duplicateCount(document) == 0, "\(shape) \(round): undone")
        }
        // A third copy, then the first copy renamed away, then another copy of the one left.
        Self.rename(&document, "n2000", to: "n3", "\(shape): n2000 made n3")
        Self.rename(&document, "n1000", to: "n3", "\(shape): n1000 made n3 (a third)")
        #expect(Self.duplicateCount(document) == 2)
        Self.rename(&document, "n3", to: "x3", "\(shape): the first n3 renamed x3")
        Self.rename(&document, "n3", to: "y3", "\(shape): the second n3 renamed y3")
        #expect(Self.duplicateCount(document) == 0)
        Self.rename(&document, "n4", to: "n3", "\(shape): n4 made the n3 left")
        #expect(Self.duplicateCount(document) == 1)
        // A subtree wrapped in a new block (its IDs rescanned), then one of them repeated.
        let wrapped = KeystrokeKindTests.offset(of: "n9 ", in: document)
        let end = KeystrokeKindTests.subtreeEnd(from: wrapped, in: document.text)
        let opening = oneLine ? "w { " : "w {\n"
        // One change, as an editor sends a wrap: each half alone unbalances the braces.
        let scopes = document.apply([
            TextEdit(range: ByteRange(wrapped, wrapped), replacement: opening),
            TextEdit(range: ByteRange(end + opening.utf8.count, end + opening.utf8.count), replacement: oneLine ? " } " : "\n}\n"),
        ])
        #expect(!scopes.contains(.full), "\(shape): wrap parsed whole")
        IncrementalTests.expectSameAsFresh(document, "\(shape): wrapped")
        Self.rename(&document, "n1500", to: "n19", "\(shape): n1500 made n19, inside the wrap")
        // A line pasted in the middle, then one of its IDs repeated far away.
        let middle = KeystrokeKindTests.offset(of: "n1023 ", in: document)
        Self.step(&document, middle, middle, oneLine ? "p1 \"P\" p2 \"Q\" " : "p1 \"P\"\np2 \"Q\"\n", "\(shape): pasted")
        Self.rename(&document, "n2046", to: "p2", "\(shape): n2046 made p2")
        #expect(Self.duplicateCount(document) == 3)
        #expect(document.ids.taggedLookups == 0, "\(shape): lookups that read every tag")
    }

    /// Random renames among a few IDs (so most IDs are defined several times), deleted and
    /// repeated lines: whatever the handles find, the duplicates equal a fresh parse's.
    @Test(arguments: [false, true])
    func randomRenamesAmongFewIDsMatchAFreshParse(oneLine: Bool) {
        var document = Document(KeystrokeKindTests.binaryTree(nodes: 255, oneLine: oneLine))
        var random = SeededRandom(seed: oneLine ? 0x5EED : 0xFEED)
        let pool = (0..<9).map { "d\($0)" }
        for round in 0..<400 {
            let all = Self.definitions(document)
            guard let target = all.randomElement(using: &random) else { break }
            let what = "round \(round)"
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                // The target's ID with its label deleted (its block, if any, goes to the parent).
                let text = document.text
                var labelEnd = target.range.end
                while labelEnd < text.count, text[labelEnd] == 0x20 { labelEnd += 1 }
                guard labelEnd < text.count, text[labelEnd] == UInt8(ascii: "\"") else { continue }
                labelEnd += 1
                while labelEnd < text.count, text[labelEnd] != UInt8(ascii: "\"") { labelEnd += 1 }
                Self.step(&document, target.range.start, min(labelEnd + 1, text.count), "", what + ": deleted", scanFree: false)
            case 1:
                let copy = "\(pool.randomElement(using: &random)!) \"C\"" + (oneLine ? " " : "\n")
                Self.step(&document, target.range.start, target.range.start, copy, what + ": inserted", scanFree: false)
            default:
                Self.step(&document, target.range.start, target.range.end, pool.randomElement(using: &random)!, what + ": renamed", scanFree: false)
            }
        }
        #expect(Self.duplicateCount(document) > 0)
    }
}
