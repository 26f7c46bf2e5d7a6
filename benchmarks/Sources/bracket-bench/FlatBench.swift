import BracketModel
import BracketSyntax

/// `--stage flat N [REPEATS]`: keystrokes in a block with N direct children (a root holding N
/// leaves `cK "Leaf K"`, one a line), against the same keystrokes in a block of N/100, in one
/// run. The green tree stores a node's children flat, so finding the child an edit is in
/// (`child(containing:)`), its start (`ChildOffsets`) and writing the new path
/// (`replacingChildren` for a line reparse) read the block's child lengths; this shows what
/// that costs a keystroke. In the leaf nearest the middle: a character typed into its label and
/// deleted (a one-token edit), then a new leaf line inserted after it and taken out (a line
/// reparse of the block's children). Each step is timed until the diagnostics are ready.
func benchFlatStages(nodes: Int, repeats: Int) {
    let counts = [max(1, nodes / 100), nodes]
    var medians: [[Double]] = []
    let names = ["label", "label-undo", "line", "line-undo"]
    for count in counts {
        var text = Array("r \"Root\" {\n".utf8)
        var middleLabel = 0
        var middleLineEnd = 0
        for index in 0..<count {
            text += Array("  c\(index) \"Leaf \(index)\"".utf8)
            if index == count / 2 {
                middleLabel = text.count - 1
                middleLineEnd = text.count + 1
            }
            text.append(0x0A)
        }
        text += Array("}\n".utf8)
        var document = Document(text: text)
        let line = Array("  x \"New\"\n".utf8)
        let steps: [TextEdit] = [
            TextEdit(range: ByteRange(middleLabel, middleLabel), replacement: "x"),
            TextEdit(range: ByteRange(middleLabel, middleLabel + 1), replacement: ""),
            TextEdit(range: ByteRange(middleLineEnd, middleLineEnd), replacement: line),
            TextEdit(range: ByteRange(middleLineEnd, middleLineEnd + line.count), replacement: []),
        ]
        var times = Array(repeating: [Double](), count: steps.count)
        for _ in 0..<repeats {
            for (index, step) in steps.enumerated() {
                times[index].append(timeMS {
                    document.apply(step)
                    return document.diagnostics.count
                })
            }
        }
        var row: [Double] = []
        for (index, name) in names.enumerated() {
            var record = Record("stage-flat-" + name, shape: .binary, nodes: count + 1, bytes: text.count)
            record.add("children", count)
            let samples = Samples(times[index])
            record.add(samples)
            record.emit()
            row.append(samples.median)
        }
        medians.append(row)
    }
    for (index, name) in names.enumerated() {
        var record = Record("stage-flat-" + name + "-ratio", shape: .binary, nodes: nodes + 1, bytes: 0)
        record.add("children", "\(counts[1]) / \(counts[0])")
        record.add("ratio", medians[1][index] / medians[0][index])
        record.emit()
    }
}
