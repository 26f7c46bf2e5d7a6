// A document and a list of edits decoded from the fuzz input. After every edit the incrementally
// updated document must equal a fresh parse of its text; any difference traps.
import BracketModel
import BracketSyntax

/// Reads the fuzz input front to back; past the end it yields zeros, so every input decodes.
struct InputCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var isAtEnd: Bool { index >= bytes.count }

    mutating func byte() -> Int {
        defer { index += 1 }
        return index < bytes.count ? Int(bytes[index]) : 0
    }

    mutating func word() -> Int { byte() << 8 | byte() }

    mutating func take(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, index + count)
        defer { index = end }
        return index < end ? Array(bytes[index..<end]) : []
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = InputCursor(bytes: UnsafeBufferPointer(start: data, count: size))
    // Layout: [length: 2 bytes][document] then edits [start: 2][end: 2][length: 1][replacement].
    var document = Document(text: input.take(input.word()))
    var edits = 0
    while !input.isAtEnd && edits < 64 {
        edits += 1
        let count = document.text.count
        let a = input.word() % (count + 1), b = input.word() % (count + 1)
        let replacement = input.take(input.byte() % 24)
        let range = ByteRange(min(a, b), max(a, b))
        var expected = document.text
        expected.replaceSubrange(range.start..<range.end, with: replacement)
        _ = document.apply(TextEdit(range: range, replacement: replacement))
        let fresh = Document(text: expected)
        precondition(document.text == expected, "edit applied to the wrong bytes")
        precondition(document.tree.root.isStructurallyEqual(to: fresh.tree.root), "tree differs from a full parse")
        precondition(document.diagnostics == fresh.diagnostics, "diagnostics differ from a full parse")
        precondition(document.fileSettings == fresh.fileSettings, "settings differ from a full parse")
        precondition(document.lineIndex == fresh.lineIndex, "line index differs from a full parse")
    }
    return 0
}
