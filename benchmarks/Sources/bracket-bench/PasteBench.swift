import BracketModel
import BracketSyntax

/// `--stage paste N [binary|random|chain] [REPEATS]` and `--stage paste-one-line …`: the edit
/// rows of issue 18 that `benchmarks/lsp_keystrokes.py` measures through `bracket lsp`, without
/// the server around them (for `perf record` and for timing the model's own share). Every node
/// gets the label `"Node <ID>"`, as in that script; 1,000 new leaves are pasted before the node
/// nearest the middle and taken out again, and an ID there is made a duplicate of one near the
/// end and given back. Each step is timed until the diagnostics are ready.
func benchPasteStages(shape: TreeShape, nodes: Int, repeats: Int, oneLine: Bool) {
    var text = labelled(treeText(shape, count: nodes))
    if oneLine { text = onOneLine(text) }
    var document = Document(text: text)
    let middle = nodeStart(in: text, near: text.count / 2)
    let lineStart = (text[..<middle].lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0
    let indent = Array(text[lineStart..<middle])
    var pasted: [UInt8] = []
    for k in 0..<1000 {
        if oneLine, k > 0 { pasted.append(0x0A) }
        pasted += Array("p\(k) \"Pasted \(k)\"".utf8)
        if !oneLine { pasted += [0x0A] + indent }
    }
    if oneLine { pasted.append(0x20) }
    let middleEnd = identifierEnd(in: text, from: middle)
    let far = nodeStart(in: text, near: text.count - text.count / 50)
    let middleID = Array(text[middle..<middleEnd])
    let farID = Array(text[far..<identifierEnd(in: text, from: far)])

    let steps: [(name: String, edit: TextEdit)] = [
        ("paste", TextEdit(range: ByteRange(middle, middle), replacement: pasted)),
        ("paste-undo", TextEdit(range: ByteRange(middle, middle + pasted.count), replacement: [])),
        ("duplicate", TextEdit(range: ByteRange(middle, middleEnd), replacement: farID)),
        ("duplicate-undo", TextEdit(range: ByteRange(middle, middle + farID.count), replacement: middleID)),
    ]
    var times = Array(repeating: [Double](), count: steps.count)
    for _ in 0..<repeats {
        for (index, step) in steps.enumerated() {
            times[index].append(timeMS {
                document.apply(step.edit)
                return document.diagnostics.count
            })
        }
    }
    for (index, step) in steps.enumerated() {
        var line = Record("stage-" + step.name + (oneLine ? "-one-line" : ""), shape: shape, nodes: nodes, bytes: text.count)
        line.add(Samples(times[index]))
        line.emit()
    }
}

/// The first node ID at or after `near` (not the `n…` inside a `"Node n…"` label).
private func nodeStart(in text: [UInt8], near: Int) -> Int {
    var from = near
    while let start = identifierStart(in: text, near: from, backwards: false) {
        if start < 5 || !text[(start - 5)..<start].elementsEqual("Node ".utf8) { return start }
        from = start + 1
    }
    return 0
}

/// Every node's ID at the start of its line followed by ` "Node <ID>"` (lsp_keystrokes.py's
/// `labelled`).
private func labelled(_ text: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count * 2)
    var index = 0
    while index < text.count {
        let lineStart = index
        while index < text.count, text[index] == 0x20 { index += 1 }
        let idStart = index
        if index < text.count, text[index] == UInt8(ascii: "n") {
            index = identifierEnd(in: text, from: index)
        }
        out += text[lineStart..<index]
        if index > idStart {
            out += Array(" \"Node ".utf8) + text[idStart..<index] + [UInt8(ascii: "\"")]
        }
        while index < text.count, text[index] != 0x0A { out.append(text[index]); index += 1 }
        if index < text.count { out.append(0x0A); index += 1 }
    }
    return out
}

/// The same tree on one line: each line stripped, joined by one space (lsp_keystrokes.py's
/// `one_line`).
private func onOneLine(_ text: [UInt8]) -> [UInt8] {
    var parts: [ArraySlice<UInt8>] = []
    for line in text.split(separator: 0x0A, omittingEmptySubsequences: true) {
        guard let first = line.firstIndex(where: { $0 != 0x20 }) else { continue }
        let last = line.lastIndex(where: { $0 != 0x20 })!
        parts.append(line[first...last])
    }
    var out = Array(parts.joined(separator: [0x20]))
    out.append(0x0A)
    return out
}
