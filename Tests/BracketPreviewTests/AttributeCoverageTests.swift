import BracketExport
import BracketLayout
import BracketModel
@testable import BracketPreview
import BracketSVG
import Foundation
import Testing

/// Every declared attribute (`AttributeSpec.all`) reaches every output: the preview diff pushes a
/// change of it (by the full diff and by the route a keystroke takes, `relayout` then the diff
/// told what changed), the geometry JSON and its schema have its key, the columns and the page's
/// store read it, DOT and the SVG show it as declared. An attribute added to the table and
/// forgotten by one of them fails here.
@Suite struct AttributeCoverageTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func file(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The page's scripts, as one text.
    static func pageScripts() throws -> String {
        let folder = repository.appendingPathComponent("editors/preview")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
        return try names.map { try file("editors/preview/" + $0) }.joined(separator: "\n")
    }

    /// Two trees that differ only in `spec` on node `a`: one that records results (b has a
    /// score) and, for an attribute that is no result, a plain one.
    static func pairs(_ spec: AttributeSpec) -> [(without: String, with: String)] {
        var trees = ["  b [score=1]\n"]
        if spec.storage != .score && spec.storage != .winner { trees.append("  b\n") }
        return trees.map { sibling in
            ("r {\n  a\n" + sibling + "}\n", "r {\n  a [\(spec.example)]\n" + sibling + "}\n")
        }
    }

    static func geometryJSON(_ text: String) -> String {
        let diagram = Document(text).diagram()
        return String(decoding: writeGeometryJSON(diagram, layout(diagram)) { _ in (0, 0) }, as: UTF8.self)
    }

    @Test(arguments: AttributeSpec.all.map(\.name))
    func theDiffPushesIt(name: String) throws {
        let spec = try #require(AttributeSpec(name: name))
        for (without, with) in Self.pairs(spec) {
            let old = snapshot(without), new = snapshot(with)
            let update = previewUpdateByPairingIDs(from: old, to: new, maxFraction: .infinity)
            #expect(update != .delta(PreviewDelta()), "\(with)")
            if spec.storage == .drawn && !spec.changesLayout {
                // Only drawn: the card's markup, in a delta (no reason for a whole picture). A
                // drawn attribute that takes room (`status`, in the score slot) decides more.
                guard case .delta(let delta) = update else { throw DiffFailure("\(update)") }
                #expect(delta.changedCards == [CardUpdate(index: 1, markupChanged: true)], "\(with)")
            }
            // The keystroke's route: the layout says which cards changed, the diff looks at those.
            let document = Document(with), diagram = document.diagram()
            if let update = layoutReusingPositions(diagram, from: old.diagram, previous: old.geometry) {
                let known = previewUpdateOfChangedCards(from: old, to: snapshot(document, diagram, update.geometry),
                                          changed: update.changedCards, maxFraction: .infinity)
                #expect(known != .delta(PreviewDelta()), "\(with)")
            }
        }
    }

    struct DiffFailure: Error {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @Test(arguments: AttributeSpec.all.map(\.name))
    func theGeometryAndItsSchemaCarryIt(name: String) throws {
        let spec = try #require(AttributeSpec(name: name))
        let key = "\"\(spec.outputs.jsonKey)\""
        for (without, with) in Self.pairs(spec) {
            let json = Self.geometryJSON(with)
            #expect(json != Self.geometryJSON(without), "\(with)")
            #expect(json.contains(key + ":"), "\(with)")
        }
        let schema = try Self.file("schema/geometry.schema.json")
        #expect(schema.contains(key + ":"), "schema/geometry.schema.json has no \(key)")
    }

    @Test(arguments: AttributeSpec.all.map(\.name))
    func thePageReadsIt(name: String) throws {
        let spec = try #require(AttributeSpec(name: name))
        let scripts = try Self.pageScripts()
        switch spec.outputs.page {
        case .column(let column):
            #expect(scripts.contains(column), "no page script reads \(column)")
        case .attributeColumn:
            // Read from the payload's description: the store reads `attributes`, and the columns
            // list this one, with its values.
            #expect(scripts.contains("readAttributeColumns(s, c)") && scripts.contains("setRowAttributes("))
            #expect(try Self.file("schema/preview.schema.json").contains("\"attributes\":"))
            let (_, with) = Self.pairs(spec)[0]
            let diagram = Document(with).diagram()
            let ranges = diagram.nodes.map { _ in NodeRange(startLine: 0, startCharacter: 0, endLine: 0, endCharacter: 0) }
            let columns = String(decoding: writeGeometryColumns(diagram, layout(diagram), ranges: ranges), as: UTF8.self)
            #expect(columns.contains("{\"key\":\"\(spec.outputs.jsonKey)\""), "\(columns)")
            #expect(columns.contains("\"cards\":[1]"), "\(columns)")
        }
        if case .cardClasses = spec.outputs.svg {
            #expect(scripts.contains("\"classes\""), "the page draws no attribute as classes")
        }
    }

    @Test(arguments: AttributeSpec.all.map(\.name))
    func theSVGAndDOTShowIt(name: String) throws {
        let spec = try #require(AttributeSpec(name: name))
        for (without, with) in Self.pairs(spec) {
            let old = Document(without).diagram(), new = Document(with).diagram()
            #expect(renderSVG(new, layout(new)) != renderSVG(old, layout(old)), "\(with)")
            if case .nodeAttribute(let attribute) = spec.outputs.dot {
                #expect(exportDOT(new).contains(", \(attribute)=\""), "\(with)")
            }
            if case .cardClasses(let prefix) = spec.outputs.svg {
                #expect(renderSVG(new, layout(new)).contains("bracket-card \(prefix)")
                    || renderSVG(new, layout(new)).contains(" \(prefix)"), "\(with)")
            }
        }
    }
}
