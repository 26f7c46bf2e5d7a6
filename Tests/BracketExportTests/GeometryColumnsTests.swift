import BracketExport
import BracketLayout
import BracketModel
import BracketTestSupport
import Foundation
import Testing

/// The geometry as columns (the loopback page's payload) says exactly what the geometry JSON
/// says, member for member, read back with Foundation's independent parser.
@Suite struct GeometryColumnsTests {
    func columns(_ text: String, settings: LayoutSettings = .tutorial) throws -> (columns: [String: Any], geometry: [String: Any]) {
        (try columns(of: try diagram(text, settings: settings), text: text), try parsedGeometry(text, settings: settings))
    }

    /// The columns of a diagram built by the real parser (attributes, results).
    func parsedColumns(_ text: String) throws -> [String: Any] {
        let document = Document(text)
        #expect(document.diagnostics.allSatisfy { $0.severity != .error }, "\(document.diagnostics)")
        let d = document.diagram()
        return try columns(of: d, text: text)
    }

    func columns(of d: Diagram, text: String) throws -> [String: Any] {
        let geometry = layout(d)
        let ranges = asciiIDRanges(of: d, in: text)
        let bytes = writeGeometryColumns(d, geometry, ranges: ranges)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    /// A JSON value spelled one way (sorted keys), to compare parsed objects.
    func canonical(_ value: Any?) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: try #require(value), options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    func check(_ text: String, settings: LayoutSettings = .tutorial) throws {
        let (c, g) = try columns(text, settings: settings)
        let nodes = try #require(g["nodes"] as? [[String: Any]])
        let edges = try #require(g["edges"] as? [[String: Any]])
        // `attributes` is there exactly when some attribute is only drawn (AttributeCoverageTests).
        #expect((c["attributes"] != nil) == !AttributeSpec.drawn.isEmpty)
        #expect(Set(c.keys).subtracting(["title", "entrants", "results", "scoreCards", "scoreTexts", "slotCards", "slotTexts", "slotX", "slotSides", "labelX", "attributes"]) == ["width", "height", "margin", "fontSize", "settings", "count", "ids", "labels",
                                                     "x", "y", "depths", "widths", "heights", "lines", "ranges", "edgeChildren", "edgePoints",
                                                     "levels", "edgeLabels"])
        // Headers and edge labels are the geometry JSON's, as columns.
        #expect(try canonical(c["levels"]) == canonical(g["levels"]))
        #expect(try canonical(c["edgeLabels"]) == canonical(edges.map { $0["label"] ?? NSNull() }))
        for key in ["width", "height", "margin", "fontSize"] { #expect(number(c[key]) == number(g[key]), "\(key)") }
        #expect((c["title"] == nil) == (g["title"] == nil))
        if let title = c["title"] as? [String: Any], let expected = g["title"] as? [String: Any] {
            #expect(try canonical(title) == canonical(expected))
        }
        #expect(try canonical(c["settings"]) == canonical(g["settings"]))
        #expect(number(c["count"]) == Double(nodes.count))
        let ids = try #require(c["ids"] as? [String]), labels = try #require(c["labels"] as? [String])
        let xs = try #require(c["x"] as? [NSNumber]), ys = try #require(c["y"] as? [NSNumber])
        let depths = try #require(c["depths"] as? [NSNumber]), ranges = try #require(c["ranges"] as? [NSNumber])
        #expect(ids.count == nodes.count && labels.count == nodes.count && xs.count == nodes.count
                && ys.count == nodes.count && depths.count == nodes.count && ranges.count == 4 * nodes.count)
        let widths = try #require(c["widths"] as? [NSNumber]), heights = try #require(c["heights"] as? [NSNumber])
        let lines = try #require(c["lines"] as? [[String]])
        #expect(widths.count == nodes.count && heights.count == nodes.count && lines.count == nodes.count)
        for (i, node) in nodes.enumerated() where i < ids.count {
            #expect(ids[i] == node["id"] as? String && labels[i] == node["label"] as? String)
            #expect(xs[i].doubleValue == number(node["x"]) && ys[i].doubleValue == number(node["y"]))
            #expect(depths[i].doubleValue == number(node["depth"]))
            #expect(widths[i].doubleValue == number(node["width"]) && heights[i].doubleValue == number(node["height"]))
            #expect(lines[i] == node["lines"] as? [String])
            let range = try #require(node["range"] as? [String: [String: Any]])
            let expected = [range["start"]?["line"], range["start"]?["character"], range["end"]?["line"], range["end"]?["character"]]
            #expect(ranges[(4 * i)..<(4 * i + 4)].map(\.doubleValue) == expected.map(number), "range of \(ids[i])")
        }
        let children = try #require(c["edgeChildren"] as? [NSNumber]), points = try #require(c["edgePoints"] as? [NSNumber])
        #expect(children.count == edges.count && points.count == 8 * edges.count)
        for (j, edge) in edges.enumerated() where j < children.count {
            // The child by index; the n-th connector's child is the n-th card with that ID.
            #expect(ids[children[j].intValue] == edge["child"] as? String)
            let expected = (edge["points"] as? [[String: Any]] ?? []).flatMap { [number($0["x"]), number($0["y"])] }
            #expect(points[(8 * j)..<(8 * j + 8)].map(\.doubleValue) == expected)
        }
    }

    @Test func tutorial() throws { try check("1 {\n  2 { 4 5 }\n  3 { 6 7 }\n}") }

    @Test func labelsThatNeedEscapingAndEveryRootSide() throws {
        let text = "r \"Quote \\\" and \\\\ and 🏆 é\" {\n  a \"<b>&\" { x y }\n  b\n}"
        for side in RootSide.allCases {
            var settings = LayoutSettings.tutorial
            settings.root = side
            try check(text, settings: settings)
        }
    }

    /// A match won on scores, a bye, and matches still to be played: the result columns by hand.
    @Test func resultColumns() throws {
        let text = "f {\n  a [score=3] { x [score=1] y [score=2] }\n  b { z }\n  c { u v }\n}"
        let c = try parsedColumns(text)
        // f a x y b z c u v: y beat x; z had a bye; c's match has no scores yet, so c and the
        // match above it (a's 3 against no score) wait; a and b are in that match, undecided.
        #expect(c["ids"] as? [String] == ["f", "a", "x", "y", "b", "z", "c", "u", "v"])
        #expect(c["results"] as? String == "p-lw-bp--")
        #expect((c["entrants"] as? [NSNumber])?.map(\.intValue) == [-1, 3, 2, 3, 5, 5, -1, 7, 8])
        #expect((c["scoreCards"] as? [NSNumber])?.map(\.intValue) == [1, 2, 3])
        #expect(c["scoreTexts"] as? [String] == ["3", "1", "2"])
    }

    @Test func resultColumnsOfAFinishedKnockout() throws {
        let text = #"final { sf1 [score=3] { p1 "Ayşe" [score=6] p2 [score=4] } sf2 [score=1] { p3 [winner, score="6–4 \"ret.\""] p4 } }"#
        let c = try parsedColumns(text)
        #expect(c["results"] as? String == "-wwllwl")
        #expect((c["entrants"] as? [NSNumber])?.map(\.intValue) == [2, 2, 2, 3, 5, 5, 6])
        #expect((c["scoreCards"] as? [NSNumber])?.map(\.intValue) == [1, 2, 3, 4, 5])
        #expect(c["scoreTexts"] as? [String] == ["3", "6", "4", "1", #"6–4 "ret.""#])
        try expectSlots(c, text)
    }

    /// The score slots as the geometry has them (text, anchor, side, label centre), for every
    /// root side and a bye (whose slot says "bye").
    @Test func slotColumnsFollowTheGeometry() throws {
        for root in ["right", "left", "top", "bottom"] {
            let text = "@root \(root)\nf { a [score=3] { x [score=1] y [score=\"12–10 (after extra time)\"] } b { z } }"
            try expectSlots(try parsedColumns(text), text)
        }
    }

    func expectSlots(_ c: [String: Any], _ text: String) throws {
        let geometry = layout(Document(text).diagram())
        let cards = geometry.scores.cards.map(Int.init)
        #expect(!cards.isEmpty)
        #expect((c["slotCards"] as? [NSNumber])?.map(\.intValue) == cards)
        #expect(c["slotTexts"] as? [String] == geometry.scores.texts)
        #expect((c["slotX"] as? [NSNumber])?.map(\.doubleValue) == cards.map { geometry.scoreAnchorX($0) ?? -1 })
        #expect((c["labelX"] as? [NSNumber])?.map(\.doubleValue) == cards.map { geometry.labelCentreX($0) })
        #expect(c["slotSides"] as? String == String(cards.map { geometry.scoreAtLeftEdge($0) ? "s" : "e" }))
        // The geometry JSON's nodes carry the same slots, each on its card, and no other card one.
        let d = Document(text).diagram()
        let json = try #require(try JSONSerialization.jsonObject(
            with: Data(writeGeometryJSON(d, geometry, position: asciiPosition(in: text)))) as? [String: Any])
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        let slotted = nodes.indices.filter { nodes[$0]["slot"] != nil }
        #expect(slotted == cards)
        for (position, card) in cards.enumerated() {
            let slot = try #require(nodes[card]["slot"] as? [String: Any])
            #expect(slot["text"] as? String == geometry.scores.texts[position])
            #expect(number(slot["x"]) == geometry.scoreAnchorX(card))
            #expect(slot["anchor"] as? String == (geometry.scoreAtLeftEdge(card) ? "start" : "end"))
            #expect(number(slot["labelX"]) == geometry.labelCentreX(card))
        }
    }

    /// A tree that records no results pays nothing for them.
    @Test func noResultColumnsWithoutResults() throws {
        let c = try parsedColumns("r { a { x y } b }")
        for key in ["entrants", "results", "scoreCards", "scoreTexts", "slotCards", "slotTexts", "slotX", "slotSides", "labelX"] {
            #expect(c[key] == nil, "\(key)")
        }
    }

    /// Level headers on every side, the two-sided draw included (edge labels are compared on
    /// every fixture by FragmentTests and Tests/schema).
    @Test func headersOnEverySide() throws {
        let text = "r {\n  a { x y }\n  b\n}"
        for side in RootSide.allCases {
            var settings = LayoutSettings.tutorial
            settings.root = side
            settings.rounds = .auto
            try check(text, settings: settings)
        }
    }

    @Test func emptyDiagram() throws {
        let (c, _) = try columns("")
        #expect(number(c["count"]) == 0 && (c["ids"] as? [Any])?.isEmpty == true && (c["edgePoints"] as? [Any])?.isEmpty == true)
    }
}
