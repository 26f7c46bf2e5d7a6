import BracketExport
import BracketJSON
import BracketLayout
import BracketSVG

/// Writes the `delta` member of a delta preview payload (shape in docs/protocol.md and
/// schema/preview.schema.json): the new frame, the renames and runs (when there are any), then
/// cards and connectors removed, changed and added. Geometry objects and SVG markup come from
/// the same helpers as the full payload, so a page that applies the delta ends with the same
/// picture a full payload would give it.
public func writePreviewDelta(_ json: inout JSONWriter, _ delta: PreviewDelta, to new: PreviewSnapshot) {
    json.beginObject()
    json.key("frame")
    json.beginObject()
    json.key("width"); json.double(new.geometry.width)
    json.key("height"); json.double(new.geometry.height)
    let outer = svgOuterSizeText(new.geometry)
    json.key("svgWidth"); json.raw(outer.width.utf8)
    json.key("svgHeight"); json.raw(outer.height.utf8)
    json.key("desc"); json.string(svgDescriptionFragment(new.diagram, cardCount: new.cardCount))
    // A picture with classes or colours: its style, whose class rules an edit may change (with
    // the notes' rule as the full payload's style has it; notes that come or go send a full one).
    if !new.classSheet.isEmpty {
        json.key("style")
        json.string(svgStyleSheetText(recordsResults: new.recordsResults, notes: !new.geometry.notes.isEmpty,
                                      classSheet: new.classSheet))
    }
    json.endObject()
    // Only deltas for clients that take them have renames and runs; the others' bytes are as before.
    if !delta.renamedCards.isEmpty {
        json.key("renamed")
        json.beginArray()
        for rename in delta.renamedCards {
            json.beginObject()
            json.key("from"); json.string(rename.from)
            json.key("to"); json.string(new.id(rename.index))
            json.endObject()
        }
        json.endArray()
    }
    if !delta.runs.isEmpty {
        json.key("runs")
        json.beginArray()
        for run in delta.runs { writeRun(&json, run, new) }
        json.endArray()
    }

    json.key("cards")
    json.beginObject()
    json.key("removed"); writeStrings(&json, delta.removedCards)
    json.key("changed")
    json.beginArray()
    for update in delta.changedCards {
        writeCard(&json, new, update.index, markup: update.markupChanged, after: nil)
    }
    json.endArray()
    json.key("added")
    json.beginArray()
    for index in delta.addedCards {
        writeCard(&json, new, index, markup: true, after: .some(index > 0 ? new.id(index - 1) : nil))
    }
    json.endArray()
    json.endObject()

    json.key("edges")
    json.beginObject()
    json.key("removed"); writeStrings(&json, delta.removedEdges)
    json.key("changed")
    json.beginArray()
    for index in delta.changedEdges { writeEdge(&json, new, index, after: nil) }
    json.endArray()
    json.key("added")
    json.beginArray()
    for added in delta.addedEdges {
        writeEdge(&json, new, added.index, after: .some(added.after.map { new.id(new.geometry.edges[$0].child) }))
    }
    json.endArray()
    json.endObject()
    json.endObject()
}

/// `{ first, count, [dx,] [dy,] [lines,] [characters,] [depth] }`, members that are 0 left out.
private func writeRun(_ json: inout JSONWriter, _ run: CardRun, _ new: PreviewSnapshot) {
    json.beginObject()
    json.key("first"); json.string(new.id(run.first))
    json.key("count"); json.int(run.count)
    if run.dx != 0 { json.key("dx"); json.double(run.dx) }
    if run.dy != 0 { json.key("dy"); json.double(run.dy) }
    if run.lines != 0 { json.key("lines"); json.int(run.lines) }
    if run.characters != 0 { json.key("characters"); json.int(run.characters) }
    if run.depth != 0 { json.key("depth"); json.int(run.depth) }
    json.endObject()
}

private func writeStrings(_ json: inout JSONWriter, _ values: [String]) {
    json.beginArray()
    for value in values { json.string(value) }
    json.endArray()
}

/// `{ id, [after,] node, [svg] }`; `after` (an ID or null for "first") only for added cards.
private func writeCard(_ json: inout JSONWriter, _ new: PreviewSnapshot, _ index: Int, markup: Bool, after: String??) {
    let node = new.diagram.nodes[index], card = new.geometry.cards[index]
    json.beginObject()
    json.key("id"); json.string(node.id)
    if let after {
        json.key("after")
        if let after { json.string(after) } else { json.null() }
    }
    json.key("node")
    writeGeometryNode(
        &json, node, card, parentID: new.parentID(index), range: new.ranges[index],
        result: new.recordsResults ? GeometryNodeResult(new.diagram, new.geometry, index) : nil,
        seed: GeometrySeedSlot(new.geometry, index))
    if markup {
        json.key("svg")
        json.string(svgCardFragment(new.diagram, new.geometry, index, recordsResults: new.recordsResults))
    }
    json.endObject()
}

/// `{ child, [after,] edge, svg }`; `after` (a child ID or null for "first") only for added ones.
private func writeEdge(_ json: inout JSONWriter, _ new: PreviewSnapshot, _ index: Int, after: String??) {
    let edge = new.geometry.edges[index]
    let child = new.id(edge.child)
    json.beginObject()
    json.key("child"); json.string(child)
    if let after {
        json.key("after")
        if let after { json.string(after) } else { json.null() }
    }
    json.key("edge")
    writeGeometryEdge(
        &json, edge, childID: child, parentID: new.id(edge.parent), label: new.geometry.edgeLabel(ofConnector: index),
        labelText: new.diagram.nodes.edgeLabels[edge.child], labelFontSize: new.geometry.edgeLabelFontSize)
    json.key("svg"); json.string(svgConnectorFragment(edge))
    json.endObject()
}
