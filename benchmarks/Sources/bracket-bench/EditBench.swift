import BracketModel
import BracketSyntax

/// Where an identifier starts near `target`: the first `n` that begins a word at or after it,
/// or, looking backwards, the last one before it.
func identifierStart(in text: [UInt8], near target: Int, backwards: Bool) -> Int? {
    func startsID(_ index: Int) -> Bool {
        text[index] == UInt8(ascii: "n") && (index == 0 || text[index - 1] == 0x20 || text[index - 1] == 0x0A)
    }
    if backwards {
        var index = min(target, text.count - 1)
        while index >= 0 { if startsID(index) { return index }; index -= 1 }
    } else {
        var index = max(target, 0)
        while index < text.count { if startsID(index) { return index }; index += 1 }
    }
    return nil
}

/// The end of the identifier starting at `start`.
func identifierEnd(in text: [UInt8], from start: Int) -> Int {
    var end = start
    while end < text.count, Lexer.continuesIdentifier(text[end]) { end += 1 }
    return end
}

/// Single-character edits at the start, middle and end of the file, each timed until the
/// diagnostics are ready: a character inserted inside an ID and deleted again (a token relex),
/// and a line break inserted before an ID and deleted again (the lines around it are reparsed;
/// in a wide block that used to mean the whole block). Then the ID there is renamed to the ID
/// at the other end of the file and back again ("duplicate"): every other step makes a
/// duplicate whose first definition is far away, which the ID table must find. The baseline is
/// a full `Document(text:)` (with diagnostics) of the same text.
func benchEdits(_ input: Input, edits: Int, fullRuns: Int) {
    let text = input.text
    let full = Samples((0..<fullRuns).map { _ in timeMS { Document(text: text).diagnostics.count } })
    let places: [(String, Int?)] = [
        ("start", identifierStart(in: text, near: 0, backwards: false)),
        ("middle", identifierStart(in: text, near: text.count / 2, backwards: false)),
        ("end", identifierStart(in: text, near: text.count - 1, backwards: true)),
    ]
    let first = places[0].1 ?? 0
    let last = places[2].1 ?? 0
    for (place, found) in places {
        guard let idStart = found else { continue }
        let idEnd = identifierEnd(in: text, from: idStart)
        let own = Array(text[idStart..<idEnd])
        // The ID at the other end of the file (for the middle, the first one).
        let otherStart = place == "end" ? first : (place == "start" ? last : first)
        let other = Array(text[otherStart..<identifierEnd(in: text, from: otherStart)])
        // Even steps make the change, odd steps undo it.
        let kinds: [(suffix: String, edit: (Bool) -> TextEdit)] = [
            ("", { make in
                make ? TextEdit(range: ByteRange(idStart + 1, idStart + 1), replacement: [UInt8(ascii: "x")])
                    : TextEdit(range: ByteRange(idStart + 1, idStart + 2), replacement: []) }),
            (", line break", { make in
                make ? TextEdit(range: ByteRange(idStart, idStart), replacement: [0x0A])
                    : TextEdit(range: ByteRange(idStart, idStart + 1), replacement: []) }),
            (", duplicate", { make in
                make ? TextEdit(range: ByteRange(idStart, idEnd), replacement: other)
                    : TextEdit(range: ByteRange(idStart, idStart + other.count), replacement: own) }),
        ]
        for kind in kinds {
            var document = Document(text: text)
            var times: [Double] = []
            var scopes: [ReparseScope: Int] = [:]
            times.reserveCapacity(edits)
            for step in 0..<edits {
                let edit = kind.edit(step % 2 == 0)
                var scope = ReparseScope.full
                times.append(timeMS {
                    scope = document.apply(edit)
                    return document.diagnostics.count
                })
                scopes[scope, default: 0] += 1
            }
            let incremental = Samples(times)
            var line = Record("edit", shape: input.shape, nodes: input.nodes, bytes: text.count)
            line.add("place", place + kind.suffix)
            line.add("edits", edits)
            line.add("scopes", scopes.keys.map(\.rawValue).sorted().joined(separator: "+"))
            line.add("incremental_p50_ms", incremental.percentile(50))
            line.add("incremental_p99_ms", incremental.percentile(99))
            line.add("full_p50_ms", full.percentile(50))
            line.add("full_p99_ms", full.percentile(99))
            line.add("speedup_p50", full.percentile(50) / incremental.percentile(50))
            line.add("speedup_p99", full.percentile(99) / incremental.percentile(99))
            // The edits cancel out, so the result must match the original text's analysis.
            line.add("consistent", document.text == text && document.diagnostics == Document(text: text).diagnostics ? "yes" : "NO")
            line.emit()
        }
    }
}
