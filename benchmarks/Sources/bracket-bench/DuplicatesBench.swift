import BracketModel
import BracketSyntax

/// `--stage duplicates N DUPS [REPEATS]`: keystrokes in a file with many diagnostics, once with
/// DUPS/8 duplicate IDs and once with DUPS, in one run, to show whether a keystroke's model
/// update grows with the diagnostics it does not touch. The last 2·D nodes of an N-node binary
/// tree are paired up under IDs `d0`, `d1`, … (D `duplicate-id` errors) and given empty labels
/// (2·D `empty-label` warnings, local diagnostics after the edit); every other node gets
/// `"Node <ID>"`. A character is typed into the label of the node nearest the start (before
/// every diagnostic, so a shift of later ones would be paid) and deleted, then into its ID and
/// deleted. Only `apply` is timed: publishing sends every diagnostic anyway (LSP requires the
/// whole list), and `diagnostics` is timed apart, after the keystrokes, as "stage-dups-list".
func benchDuplicateStages(nodes: Int, duplicates: Int, repeats: Int) {
    let counts = [max(1, duplicates / 8), duplicates]
    var medians: [[Double]] = []
    for count in counts {
        let text = textWithDuplicates(nodes: nodes, duplicates: count)
        var document = Document(text: text)
        let id = nodeStart(in: text, after: text.count / 20)
        let label = labelStart(in: text, after: id)
        let steps: [(name: String, edit: TextEdit)] = [
            ("label", TextEdit(range: ByteRange(label, label), replacement: "x")),
            ("label-undo", TextEdit(range: ByteRange(label, label + 1), replacement: "")),
            ("id", TextEdit(range: ByteRange(id + 1, id + 1), replacement: "7")),
            ("id-undo", TextEdit(range: ByteRange(id + 1, id + 2), replacement: "")),
        ]
        var times = Array(repeating: [Double](), count: steps.count + 1)
        for _ in 0..<repeats {
            for (index, step) in steps.enumerated() {
                times[index].append(timeMS { document.apply(step.edit); return document.buffer.count })
            }
        }
        // Apart from the keystrokes: reading 60,000 diagnostics evicts what the next keystroke
        // would find in the cache, which timed the keystroke after it 7x slower.
        for _ in 0..<max(1, repeats / 10) {
            times[steps.count].append(timeMS { document.diagnostics.count })
        }
        var row: [Double] = []
        for (index, name) in (steps.map(\.name) + ["list"]).enumerated() {
            var line = Record("stage-dups-" + name, shape: .binary, nodes: nodes, bytes: text.count)
            line.add("duplicates", count)
            line.add("diagnostics", document.diagnostics.count)
            let samples = Samples(times[index])
            line.add(samples)
            line.emit()
            row.append(samples.median)
        }
        medians.append(row)
    }
    for (index, name) in ["label", "label-undo", "id", "id-undo", "list"].enumerated() {
        var line = Record("stage-dups-" + name + "-ratio", shape: .binary, nodes: nodes, bytes: 0)
        line.add("duplicates", "\(counts[1]) / \(counts[0])")
        line.add("ratio", medians[1][index] / medians[0][index])
        line.emit()
    }
}

/// An N-node binary tree whose last `2 * duplicates` nodes share IDs in pairs and have empty
/// labels; the others are labelled `"Node <ID>"`.
private func textWithDuplicates(nodes: Int, duplicates: Int) -> [UInt8] {
    let tree = treeText(.binary, count: nodes)
    let firstPaired = max(0, nodes - 2 * duplicates)
    var out: [UInt8] = []
    out.reserveCapacity(tree.count * 2)
    var node = 0
    for line in tree.split(separator: 0x0A, omittingEmptySubsequences: false) {
        var index = line.startIndex
        while index < line.endIndex, line[index] == 0x20 { index += 1 }
        out += line[line.startIndex..<index]
        if index < line.endIndex, line[index] == UInt8(ascii: "n") {
            let end = identifierEnd(in: Array(line), from: index - line.startIndex) + line.startIndex
            if node >= firstPaired {
                out += Array("d\((node - firstPaired) / 2) \"\"".utf8)
            } else {
                out += line[index..<end] + Array(" \"Node ".utf8) + line[index..<end] + [UInt8(ascii: "\"")]
            }
            node += 1
            index = end
        }
        out += line[index...]
        out.append(0x0A)
    }
    out.removeLast()
    return out
}

/// The first node ID (an `n` first on its line, not the one in a label) on a line after `after`.
private func nodeStart(in text: [UInt8], after: Int) -> Int {
    var index = after
    while let newline = text[index...].firstIndex(of: 0x0A) {
        index = newline + 1
        while index < text.count, text[index] == 0x20 { index += 1 }
        if index < text.count, text[index] == UInt8(ascii: "n") { return index }
    }
    return 0
}

/// Just inside the label's opening quote after `start`.
private func labelStart(in text: [UInt8], after start: Int) -> Int {
    (text[start...].firstIndex(of: UInt8(ascii: "\"")) ?? start) + 1
}
