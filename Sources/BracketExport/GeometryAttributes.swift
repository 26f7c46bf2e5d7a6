import BracketBytes
import BracketJSON
import BracketModel

// The attributes stored `.drawn` (`AttributeSpec.drawn`) in the geometry JSON, its columns and
// DOT, written from their declarations: nothing here names an attribute.

/// `,"key":value` for each drawn attribute node `index` has (`AttributeOutputs.jsonKey`): a list
/// as an array of its names, any other value as a string. Nothing for a node without any.
func writeDrawnAttributes(_ out: inout ByteSink, _ nodes: DiagramNodes, _ index: Int) {
    guard !nodes.drawn.isEmpty else { return }
    for (position, spec) in AttributeSpec.drawn.enumerated() {
        guard let value = nodes.drawn[position, index] else { continue }
        out.raw(",\"")
        Array(spec.outputs.jsonKey.utf8).withUnsafeBufferPointer { out.append($0) }
        out.raw("\":")
        // A flag (stored as its name) is `true` in the geometry.
        if spec.grammar == .flag { out.raw("true") } else { writeDrawnValue(&out, value, spec) }
    }
}

/// The same members through a `JSONWriter` (a delta's card), from a row's `DiagramNode.drawn`.
func writeDrawnAttributes(_ json: inout JSONWriter, _ values: [String?]) {
    for (position, spec) in AttributeSpec.drawn.enumerated() where position < values.count {
        guard let value = values[position] else { continue }
        json.key(spec.outputs.jsonKey)
        if spec.grammar == .flag {
            json.bool(true)
        } else if spec.grammar == .list {
            json.beginArray()
            for name in value.split(separator: " ") { json.outputText(String(name)) }
            json.endArray()
        } else {
            json.outputText(value)
        }
    }
}

private func writeDrawnValue(_ out: inout ByteSink, _ value: String, _ spec: AttributeSpec) {
    guard spec.grammar == .list else { return out.jsonString(value) }
    out.raw("[")
    var first = true
    for name in value.split(separator: " ") {
        if !first { out.raw(",") }
        first = false
        out.jsonString(String(name))
    }
    out.raw("]")
}

/// The bytes `writeDrawnAttributes` may take for node `index`, at most.
func drawnAttributesBound(_ nodes: DiagramNodes, _ index: Int) -> Int {
    guard !nodes.drawn.isEmpty else { return 0 }
    var bytes = 0
    for (position, spec) in AttributeSpec.drawn.enumerated() {
        guard let value = nodes.drawn[position, index] else { continue }
        bytes &+= 8 &+ spec.outputs.jsonKey.utf8.count &+ 4 &* ByteSink.jsonStringLength(value)
    }
    return bytes
}

/// `,"attributes":[{ key, svg, prefix, cards, values }…]`: one entry per drawn attribute whose
/// page show is `.attributeColumn`, present or not, so the page knows every column a delta can
/// bring (docs/protocol.md, "Attribute columns"). `cards` are the ascending indices of the cards
/// that have it, `values` their values as the geometry JSON spells them; `svg` is how the card
/// shows it (`classes`, each name after `prefix`; `note`, the end of its accessible name;
/// `fill`, the colour after `prefix`). Nothing at all while none is declared.
func writeAttributeColumns(_ out: inout ByteSink, _ nodes: DiagramNodes, count: Int) {
    let specs = AttributeSpec.drawn.enumerated().filter { $0.element.outputs.page == .attributeColumn }
    guard !specs.isEmpty else { return }
    out.raw(",\"attributes\":[")
    for (entry, (position, spec)) in specs.enumerated() {
        out.raw(entry == 0 ? "{\"key\":" : ",{\"key\":")
        out.jsonString(spec.outputs.jsonKey)
        switch spec.outputs.svg {
        case .cardClasses(let prefix):
            out.raw(",\"svg\":\"classes\",\"prefix\":")
            out.jsonString(prefix)
        case .matchNote:
            out.raw(",\"svg\":\"note\"")
        case .fillClass(let prefix):
            out.raw(",\"svg\":\"fill\",\"prefix\":")
            out.jsonString(prefix)
        default: break
        }
        let cards = nodes.drawn.isEmpty ? [] : (0..<count).filter { nodes.drawn[position, $0] != nil }
        out.raw(",\"cards\":[")
        for (at, card) in cards.enumerated() {
            if at > 0 { out.raw(",") }
            out.integer(card)
        }
        out.raw("],\"values\":[")
        for (at, card) in cards.enumerated() {
            if at > 0 { out.raw(",") }
            writeDrawnValue(&out, nodes.drawn[position, card] ?? "", spec)
        }
        out.raw("]}")
    }
    out.raw("]")
}

/// `"attributes":[{ key, svg, prefix }…]` for a payload that carries the geometry JSON: the
/// description `writeAttributeColumns` gives the columns, without cards and values, which are
/// the geometry's nodes' own members under each key. Nothing while none is declared.
public func writeAttributeDescriptions(_ json: inout JSONWriter) {
    let specs = AttributeSpec.drawn.filter { $0.outputs.page == .attributeColumn }
    guard !specs.isEmpty else { return }
    json.key("attributes")
    json.beginArray()
    for spec in specs {
        json.beginObject()
        json.key("key"); json.string(spec.outputs.jsonKey)
        switch spec.outputs.svg {
        case .cardClasses(let prefix):
            json.key("svg"); json.string("classes")
            json.key("prefix"); json.string(prefix)
        case .matchNote:
            json.key("svg"); json.string("note")
        case .fillClass(let prefix):
            json.key("svg"); json.string("fill")
            json.key("prefix"); json.string(prefix)
        default: break
        }
        json.endObject()
    }
    json.endArray()
}

/// `, name="value"` for each drawn attribute of node `index` that DOT shows as a node attribute.
func dotDrawnAttributes(_ nodes: DiagramNodes, _ index: Int) -> String {
    guard !nodes.drawn.isEmpty else { return "" }
    var out = ""
    for (position, spec) in AttributeSpec.drawn.enumerated() {
        guard case .nodeAttribute(let name) = spec.outputs.dot, let value = nodes.drawn[position, index] else { continue }
        out += ", \(name)=\(dotQuoted(value))"
        // A fill shows only on a filled node; the text takes the colour that contrasts more.
        if name == "fillcolor", let colour = Colour(text: value) {
            out += ", style=\"rounded,filled\", fontcolor=\(dotQuoted(colour.readableText.hex))"
        }
    }
    return out
}
