import BracketSyntax
import Testing

@testable import BracketModel

/// Pastes of many lines and their undo, the edits whose removed IDs come from the ID table's
/// definition index and whose brace count may be answered from the bytes alone: the pasted
/// lines repeat IDs among themselves and IDs of the document, hold blocks, long, empty and
/// unclosed labels, and are pasted and undone in several orders, per line and on one line. After
/// every step the document equals a fresh parse of its text, and no step parses the whole file.
@Suite struct PasteTests {
    /// Lines to paste: IDs `prefix0` … repeated every 7 lines, an ID of the document (`n5`) every
    /// 50, a nested block every 40 (its `{` and `}` inside the paste), a label too long for its
    /// card every 9, an empty one every 13.
    static func pastedLines(_ prefix: String, count: Int, oneLine: Bool) -> String {
        var lines: [String] = []
        for k in 0..<count {
            let id = k % 50 == 49 ? "n5" : "\(prefix)\(k % 7 == 6 ? k - 6 : k)"
            var label = "Pasted \(k)"
            if k % 9 == 4 { label = String(repeating: "A long label that does not fit ", count: 4) }
            if k % 13 == 12 { label = "" }
            let line = k % 40 == 20 ? "\(id) \"\(label)\" { \(id)x \"Inner\" }" : "\(id) \"\(label)\""
            lines.append(line)
        }
        return lines.joined(separator: oneLine ? " " : "\n") + (oneLine ? " " : "\n")
    }

    static func apply(_ document: inout Document, _ start: Int, _ end: Int, _ replacement: String, _ what: String) {
        var expected = document.text
        expected.replaceSubrange(start..<end, with: Array(replacement.utf8))
        let before = document.ids.index.identifiers(in: ByteRange(0, document.buffer.count), source: document.buffer)
        let scope = document.apply(TextEdit(range: ByteRange(start, end), replacement: replacement))
        #expect(document.text == expected, "\(what)")
        #expect(scope != .full, "\(what): parsed whole")
        IncrementalTests.expectSameAsFresh(document, what)
        // The table's counts too, for every ID before and after: a definition the reparse failed
        // to take out (or took out twice) shows otherwise only when that ID is defined again.
        let fresh = Document(text: document.text)
        let after = fresh.ids.index.identifiers(in: ByteRange(0, fresh.buffer.count), source: fresh.buffer)
        for id in Set((before + after).map(\.id)) {
            #expect(document.ids.count(of: id) == fresh.ids.count(of: id), "\(what): count of \(id)")
        }
    }

    @Test(arguments: [false, true])
    func pastesWithDuplicatesAndTheirUndoMatchAFreshParse(oneLine: Bool) {
        var document = Document(KeystrokeKindTests.binaryTree(nodes: 511, oneLine: oneLine))
        let shape = oneLine ? "one line" : "per line"
        let pasted = Self.pastedLines("p", count: 300, oneLine: oneLine)
        let middle = KeystrokeKindTests.offset(of: "n255 ", in: document)
        Self.apply(&document, middle, middle, pasted, "\(shape): pasted")
        #expect(document.diagnostics.contains { $0.code == .duplicateID })
        #expect(document.diagnostics.contains { $0.code == .longLabel })
        #expect(document.diagnostics.contains { $0.code == .emptyLabel })

        // The same lines again, right after: every pasted ID is now defined twice or more.
        let after = middle + pasted.utf8.count
        Self.apply(&document, after, after, pasted, "\(shape): pasted again")
        // The first copy undone: the second's duplicates of it are gone, those of `n5` stay.
        Self.apply(&document, middle, middle + pasted.utf8.count, "", "\(shape): first copy undone")
        // A paste near the start that repeats the one left, then both undone, later one first.
        let early = KeystrokeKindTests.offset(of: "n7 ", in: document)
        Self.apply(&document, early, early, pasted, "\(shape): pasted near the start")
        let left = KeystrokeKindTests.offset(of: "p0 ", in: document)
        #expect(left == early)
        // The copy left sat at `middle`; the early paste moved it on by its length.
        let second = middle + pasted.utf8.count
        Self.apply(&document, second, second + pasted.utf8.count, "", "\(shape): middle copy undone")
        Self.apply(&document, early, early + pasted.utf8.count, "", "\(shape): early copy undone")
        #expect(document.text == Document(KeystrokeKindTests.binaryTree(nodes: 511, oneLine: oneLine)).text)
        #expect(document.diagnostics.isEmpty)
    }

    /// A paste that replaces lines rather than inserting them (its removed IDs and added ones
    /// overlap, some cancelling out), and one that replaces part of a label with many lines.
    @Test(arguments: [false, true])
    func pastesOverOldLinesMatchAFreshParse(oneLine: Bool) {
        var document = Document(KeystrokeKindTests.binaryTree(nodes: 511, oneLine: oneLine))
        let shape = oneLine ? "one line" : "per line"
        let pasted = Self.pastedLines("n", count: 120, oneLine: oneLine)
        // n299 and n300 are sibling leaves: the line of n299 is replaced.
        let from = KeystrokeKindTests.offset(of: "n299 ", in: document)
        let to = KeystrokeKindTests.offset(of: "n300 ", in: document)
        Self.apply(&document, from, to, pasted, "\(shape): lines replaced by a paste of old IDs")
        Self.apply(&document, from, from + pasted.utf8.count, "", "\(shape): the paste deleted")
        let label = KeystrokeKindTests.offset(of: "\"Node n400\"", in: document) + 3
        let quoted = "x\" " + Self.pastedLines("q", count: 60, oneLine: oneLine) + "y \"z"
        Self.apply(&document, label, label + 2, quoted, "\(shape): many lines pasted inside a label")
        Self.apply(&document, label, label + quoted.utf8.count, "de", "\(shape): label given back")
        #expect(document.diagnostics.isEmpty)
    }

    /// `containsBrace` against a byte-by-byte reference, at every length and alignment around
    /// its eight-byte steps, with braces and their neighbours (`z` 0x7A, `|` 0x7C, `~` 0x7E) at
    /// every place.
    @Test func braceScanMatchesAByteByByteReference() {
        let fillers: [UInt8] = [0x7A, 0x7C, 0x7E, 0x3B, 0xFB, 0xFD, 0x20]
        for length in 0..<40 {
            for filler in fillers {
                let plain = [UInt8](repeating: filler, count: length)
                #expect(!plain.withUnsafeBufferPointer(Document.containsBrace), "\(length) \(filler)")
                for place in 0..<length {
                    for brace in [UInt8(ascii: "{"), UInt8(ascii: "}")] {
                        var bytes = plain
                        bytes[place] = brace
                        #expect(bytes.withUnsafeBufferPointer(Document.containsBrace), "\(length) \(place) \(brace)")
                        #expect(Array(bytes[1...]).withUnsafeBufferPointer(Document.containsBrace) == (place > 0))
                    }
                }
            }
        }
    }
}
