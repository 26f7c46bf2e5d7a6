import BracketExport
import BracketLayout
import BracketModel
import BracketTestSupport
import Foundation
import Testing

/// Line/character of a byte offset for ASCII test text (one byte per UTF-16 unit).
func asciiPosition(in text: String) -> (Int) -> (line: Int, character: Int) {
    let bytes = Array(text.utf8)
    return { offset in
        let before = bytes[..<min(offset, bytes.count)]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (line, offset - lineStart)
    }
}

/// Every node's ID range in `d` as line/character positions of ASCII test text `text`, as the
/// columns writers take them.
func asciiIDRanges(of d: Diagram, in text: String) -> [NodeRange] {
    let position = asciiPosition(in: text)
    return d.nodes.idRanges.map { range in
        let start = position(range.start), end = position(range.end)
        return NodeRange(startLine: start.line, startCharacter: start.character, endLine: end.line, endCharacter: end.character)
    }
}

/// Parses the writer's output with Foundation, an independent JSON reader.
func parsedGeometry(_ text: String, settings: LayoutSettings = .tutorial) throws -> [String: Any] {
    let d = try diagram(text, settings: settings)
    let bytes = writeGeometryJSON(d, layout(d), position: asciiPosition(in: text))
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
}

func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

@Suite struct GeometryJSONTests {
    let tutorialText = "1 {\n  2 { 4 5 }\n  3 { 6 7 }\n}"

    @Test func positionHelper() {
        let position = asciiPosition(in: "ab\ncd")
        #expect(position(0) == (0, 0) && position(4) == (1, 1) && position(5) == (1, 2))
    }

    @Test func tutorialDocument() throws {
        let json = try parsedGeometry(tutorialText)
        #expect(Set(json.keys) == ["width", "height", "margin", "fontSize", "settings", "levels", "nodes", "edges"])
        #expect(number(json["width"]) == 524 && number(json["height"]) == 260 && number(json["margin"]) == 24)

        let settings = try #require(json["settings"] as? [String: Any])
        #expect(Set(settings.keys) == [
            "cardWidth", "cardHeight", "levelGap", "leafGap", "margin", "root", "align", "maxCardWidth", "maxLines", "fit",
            "titleVisible", "labelAlign",
        ])
        #expect(number(settings["cardWidth"]) == 132 && number(settings["leafGap"]) == 28)
        #expect(settings["root"] as? String == "right" && settings["align"] as? String == "depth")

        let nodes = try #require(json["nodes"] as? [[String: Any]])
        #expect(nodes.map { $0["id"] as? String } == ["1", "2", "4", "5", "3", "6", "7"])
        #expect(nodes.map { number($0["x"]) } == [458, 262, 66, 66, 262, 66, 66])
        #expect(nodes.map { number($0["y"]) } == [130, 58, 22, 94, 202, 166, 238])
        #expect(nodes.map { number($0["depth"]) } == [0, 1, 2, 2, 1, 2, 2])
        #expect(nodes.map { $0["parent"] as? String } == [nil, "1", "2", "2", "1", "3", "3"])
        #expect(nodes[0]["parent"] is NSNull)
        #expect(nodes.allSatisfy { number($0["width"]) == 132 && number($0["height"]) == 44 })
        #expect(nodes[2]["label"] as? String == "Node 4")
        #expect(nodes.map { $0["lines"] as? [String] } == nodes.map { [$0["label"] as? String ?? ""] })
        #expect(nodes.allSatisfy { $0["truncated"] as? Bool == false })
        #expect(json["title"] == nil && number(json["fontSize"]) == 13)
        // "4" is on line 1 ("  2 { 4 5 }") at character 6.
        let range = try #require(nodes[2]["range"] as? [String: [String: Any]])
        #expect(number(range["start"]?["line"]) == 1 && number(range["start"]?["character"]) == 6)
        #expect(number(range["end"]?["line"]) == 1 && number(range["end"]?["character"]) == 7)

        let edges = try #require(json["edges"] as? [[String: Any]])
        #expect(edges.map { $0["child"] as? String } == ["2", "4", "5", "3", "6", "7"])
        #expect(edges.map { $0["parent"] as? String } == ["1", "2", "2", "1", "3", "3"])
        let points = try #require(edges.first?["points"] as? [[String: Any]])
        #expect(points.map { [number($0["x"]), number($0["y"])] }
            == [[328, 58], [360, 58], [360, 130], [392, 130]])
    }

    @Test func titleAndTextEscaping() throws {
        var settings = LayoutSettings(root: .top, align: .leaves)
        settings.title = "Open \"26\" \\ 🏆\n</script>"
        var d = try diagram("a", settings: settings)
        d.nodes[0].label = "tab\there \u{1} \"q\""
        let bytes = writeGeometryJSON(d, layout(d), position: { ($0, $0) })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let written = try #require(json["settings"] as? [String: Any])
        #expect(written["title"] as? String == settings.title)
        #expect(written["root"] as? String == "top" && written["align"] as? String == "leaves")
        let nodes = try #require(json["nodes"] as? [[String: Any]])
        #expect(nodes.first?["label"] as? String == "tab\there \u{FFFD} \"q\"")
        #expect((json["edges"] as? [Any])?.isEmpty == true)
    }

    @Test func emptyDiagram() throws {
        let d = Diagram(nodes: [], settings: .tutorial)
        let bytes = writeGeometryJSON(d, layout(d), position: { (0, $0) })
        let json = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(number(json["width"]) == 0 && number(json["height"]) == 0)
        #expect((json["nodes"] as? [Any])?.isEmpty == true && (json["edges"] as? [Any])?.isEmpty == true)
    }

    @Test func deterministic() throws {
        let d = try diagram(tutorialText)
        let position = asciiPosition(in: tutorialText)
        #expect(writeGeometryJSON(d, layout(d), position: position) == writeGeometryJSON(d, layout(d), position: position))
    }
}
