import BracketLayout
import BracketModel
import BracketSyntax

/// Structural edits in the middle of the file, each made and undone `repeats` times, and what
/// the preview's diagram and layout cost after each: updated from the last ones
/// (`Document.diagramSplicingRows(of:at:)`, `layoutSplice(_:from:splice:previous:)`) against built anew
/// (`Document.diagram()`, `layout`), timed in the same run. Every update is checked against the
/// full build (`consistent`); `answered` counts the steps the structural layout did not decline.
func benchStructuralEdits(shape: TreeShape, nodes: Int, repeats: Int) {
    var text = treeText(shape, count: nodes)
    // A leaf after the middle gets a label, which one edit retypes into one that wraps.
    var leafLine = identifierStart(in: text, near: text.count / 2, backwards: false) ?? 0
    while leafLine > 0, text[leafLine - 1] != 0x0A { leafLine -= 1 }
    func lineEndOf(_ start: Int) -> Int {
        var end = start
        while end < text.count, text[end] != 0x0A { end += 1 }
        return end
    }
    while leafLine < text.count, text[lineEndOf(leafLine) - 1] == UInt8(ascii: "{")
        || text[lineEndOf(leafLine) - 1] == UInt8(ascii: "}") { leafLine = lineEndOf(leafLine) + 1 }
    let leafEnd = lineEndOf(leafLine)
    // The next leaf gets a block with one child, which one edit deletes (its parent becomes a
    // leaf) and its undo types again (a leaf becomes a parent).
    var onlyChildLeaf = leafEnd + 1
    while onlyChildLeaf < text.count, text[lineEndOf(onlyChildLeaf) - 1] == UInt8(ascii: "{")
        || text[lineEndOf(onlyChildLeaf) - 1] == UInt8(ascii: "}") { onlyChildLeaf = lineEndOf(onlyChildLeaf) + 1 }
    let onlyChildIndent = Array(text[onlyChildLeaf...].prefix { $0 == 0x20 })
    let onlyChild = onlyChildIndent + Array("  cbench\n".utf8)
    let blockAt = lineEndOf(onlyChildLeaf)
    text.insert(contentsOf: Array(" {\n".utf8) + onlyChild + onlyChildIndent + Array("}".utf8), at: blockAt)
    let label = Array(" \"Leaf\"".utf8)
    text.insert(contentsOf: label, at: leafEnd)
    // After " {" and its line break, moved by the label before it.
    let onlyChildAt = blockAt + 3 + label.count
    let labelStart = leafEnd + 2
    let middle = identifierStart(in: text, near: text.count / 2, backwards: false) ?? 0
    // The start of the middle ID's line, its indentation, and the end of that line.
    var lineStart = middle
    while lineStart > 0, text[lineStart - 1] != 0x0A { lineStart -= 1 }
    let indent = Array(text[lineStart..<middle])
    // The lines of the node there, its subtree included: to its `}` when it opens a block.
    func nodeLinesEnd(from start: Int) -> Int {
        var end = start
        while end < text.count, text[end] != 0x0A { end += 1 }
        guard end > start, text[end - 1] == UInt8(ascii: "{") else { return min(end + 1, text.count) }
        var depth = 0, scan = start
        while scan < text.count {
            if text[scan] == UInt8(ascii: "{") { depth += 1 }
            if text[scan] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { break }
            }
            scan += 1
        }
        while scan < text.count, text[scan] != 0x0A { scan += 1 }
        return min(scan + 1, text.count)
    }
    let lineEnd = nodeLinesEnd(from: lineStart)
    // A small subtree near the middle: the first line from there that opens a block of at most
    // 2 KB, to its `}`.
    var subtree: (start: Int, end: Int)?
    var cursor = lineStart
    while cursor < text.count, subtree == nil {
        var end = cursor
        while end < text.count, text[end] != 0x0A { end += 1 }
        if end > cursor, text[end - 1] == UInt8(ascii: "{"), nodeLinesEnd(from: cursor) - cursor <= 2_048 {
            subtree = (cursor, nodeLinesEnd(from: cursor))
        }
        cursor = end + 1
    }
    let leaf = indent + Array("xbench\n".utf8)
    let wrapOpen = indent + Array("wbench {\n".utf8), wrapClose = indent + Array("}\n".utf8)
    typealias Step = [TextEdit]
    let wide = indent + Array("vbench \"A label far wider than the rest of its level\"\n".utf8)
    let wrapping = Array("A label long enough to wrap onto three lines of its card, the most a card shows by default".utf8)
    let labelEnd = lineEndOf(labelStart) - 1
    let child = Array(" {\n  cbench\n}".utf8)
    var kinds: [(name: String, make: Step, undo: Step)] = [
        ("leaf inserted", [TextEdit(range: ByteRange(lineStart, lineStart), replacement: leaf)],
         [TextEdit(range: ByteRange(lineStart, lineStart + leaf.count), replacement: [])]),
        // The leaf becomes a parent, and a leaf again (the last child deleted).
        ("child under a leaf", [TextEdit(range: ByteRange(labelEnd + 1, labelEnd + 1), replacement: child)],
         [TextEdit(range: ByteRange(labelEnd + 1, labelEnd + 1 + child.count), replacement: [])]),
        // The edit's container itself becomes a leaf, and a parent again.
        ("only child deleted", [TextEdit(range: ByteRange(onlyChildAt, onlyChildAt + onlyChild.count), replacement: [])],
         [TextEdit(range: ByteRange(onlyChildAt, onlyChildAt), replacement: onlyChild)]),
        // A new widest card of its level, and its level narrowing back when it goes.
        ("wide leaf inserted", [TextEdit(range: ByteRange(lineStart, lineStart), replacement: wide)],
         [TextEdit(range: ByteRange(lineStart, lineStart + wide.count), replacement: [])]),
        // One token: the label retyped into one that wraps, and back.
        ("label wraps", [TextEdit(range: ByteRange(labelStart, labelStart + 4), replacement: wrapping)],
         [TextEdit(range: ByteRange(labelStart, labelStart + wrapping.count), replacement: Array("Leaf".utf8))]),
        // The `}` first, then the `{`, as one change each (an editor's wrap sends both at once).
        ("subtree wrapped", [TextEdit(range: ByteRange(lineEnd, lineEnd), replacement: wrapClose),
                             TextEdit(range: ByteRange(lineStart, lineStart), replacement: wrapOpen)],
         [TextEdit(range: ByteRange(lineStart + wrapOpen.count + lineEnd - lineStart,
                                    lineStart + wrapOpen.count + lineEnd - lineStart + wrapClose.count), replacement: []),
          TextEdit(range: ByteRange(lineStart, lineStart + wrapOpen.count), replacement: [])]),
    ]
    if let subtree {
        let removed = Array(text[subtree.start..<subtree.end])
        kinds.append(("subtree deleted", [TextEdit(range: ByteRange(subtree.start, subtree.end), replacement: [])],
                      [TextEdit(range: ByteRange(subtree.start, subtree.start), replacement: removed)]))
    }
    for kind in kinds {
        var document = Document(text: text)
        var diagram = document.diagram()
        var geometry = layout(diagram, keepingSpliceState: true)
        var incrementalDiagram: [Double] = [], fullDiagram: [Double] = [], incrementalLayout: [Double] = []
        var fullLayout: [Double] = [], rows: [Double] = [], runs: [Double] = [], levels: [Double] = []
        var answered = 0, consistent = true
        for step in 0..<(2 * repeats) {
            let edits = step % 2 == 0 ? kind.make : kind.undo
            let onlyTokens = document.apply(edits).allSatisfy { $0 == .token }
            let recorded = edits.map { TokenEdit(range: $0.range, newLength: $0.replacement.count) }
            var update: DiagramUpdate?
            incrementalDiagram.append(timeMS {
                update = document.updatedDiagram(from: diagram, after: recorded, onlyTokens: onlyTokens)
                return update?.diagram.nodes.count ?? 0
            })
            var fresh = diagram
            fullDiagram.append(timeMS {
                fresh = document.diagram()
                return fresh.nodes.count
            })
            var full = geometry
            fullLayout.append(timeMS {
                full = layout(fresh, keepingSpliceState: true)
                return full.centres.count
            })
            var relaid: LayoutUpdate?
            if let update, let splice = update.splice {
                rows.append(Double(splice.insertedCount + splice.removed.count))
                incrementalLayout.append(timeMS {
                    relaid = layoutSplice(update.diagram, from: diagram, splice: splice, previous: geometry)
                    return relaid?.geometry.centres.count ?? 0
                })
            } else if let update {
                // A one-token edit: the label relayout, which lays a card that moves others out
                // as a structural edit.
                incrementalLayout.append(timeMS {
                    relaid = layoutReusingPositions(update.diagram, from: diagram, previous: geometry)
                    return relaid?.geometry.centres.count ?? 0
                })
                rows.append(Double(relaid?.structure.map { $0.inserted.count + $0.removed.count } ?? 0))
            }
            if let relaid {
                answered += 1
                runs.append(Double(relaid.structure?.shifts.count ?? 0))
                levels.append(Double(relaid.structure?.levels.count ?? 0))
            }
            if update?.diagram != fresh || (relaid != nil && relaid!.geometry != full) { consistent = false }
            diagram = fresh
            geometry = relaid?.geometry ?? full
        }
        var line = Record("structural-edit", shape: shape, nodes: nodes, bytes: text.count)
        line.add("edit", kind.name + " and undone")
        line.add("steps", 2 * repeats)
        line.add("answered", answered)
        let diagramInc = Samples(incrementalDiagram), diagramFull = Samples(fullDiagram)
        let layoutInc = Samples(incrementalLayout), layoutFull = Samples(fullLayout)
        line.add("diagram_incremental_p50_ms", diagramInc.percentile(50))
        line.add("diagram_full_p50_ms", diagramFull.percentile(50))
        line.add("layout_incremental_p50_ms", layoutInc.percentile(50))
        line.add("layout_full_p50_ms", layoutFull.percentile(50))
        line.add("both_incremental_p99_ms", diagramInc.percentile(99) + layoutInc.percentile(99))
        line.add("both_full_p99_ms", diagramFull.percentile(99) + layoutFull.percentile(99))
        line.add("speedup_p50", (diagramFull.percentile(50) + layoutFull.percentile(50))
                                / (diagramInc.percentile(50) + layoutInc.percentile(50)))
        line.add("rows_spliced_p50", Samples(rows).percentile(50))
        line.add("runs_p50", Samples(runs).percentile(50))
        line.add("levels_moved_p50", Samples(levels).percentile(50))
        line.add("consistent", consistent ? "yes" : "NO")
        line.emit()
    }
}
