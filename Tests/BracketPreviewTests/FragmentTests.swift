import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import BracketPreview
import BracketSVG
import Foundation
import Testing

/// The fragments a delta carries are exactly the pieces of the full payload: a page that
/// patches them in ends with the document a full payload would have given it.
@Suite struct FragmentTests {
    static let fixtures: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/ok")

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return files.filter { $0.hasSuffix(".bracket") }.sorted()
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func fixturesExist() { #expect(Self.names.count >= 12) }

    @Test(arguments: names) func svgPiecesAppearInTheFullDocument(name: String) throws {
        let snap = snapshot(try Self.text(name))
        let svg = renderSVG(snap.diagram, snap.geometry)
        let cards = (0..<snap.cardCount).map { svgCardFragment(snap.diagram, snap.geometry, $0, recordsResults: snap.recordsResults) }
        let connectors = snap.drawnEdges.map { svgConnectorFragment(snap.geometry.edges[$0]) }
        let cardBlock = "<g role=\"list\" aria-label=\"Cards\">\n" + cards.map { $0 + "\n" }.joined() + "</g>\n"
        let edgeBlock = "<g class=\"bracket-connectors\" aria-hidden=\"true\">\n" + connectors.map { $0 + "\n" }.joined() + "</g>\n"
        #expect(svg.contains(cardBlock))
        #expect(svg.contains(edgeBlock))
        #expect(svg.contains(svgDescriptionFragment(snap.diagram, cardCount: snap.cardCount) + "\n"))
        let size = svgOuterSizeText(snap.geometry)
        #expect(svg.contains("viewBox=\"0 0 \(size.width) \(size.height)\" width=\"\(size.width)\" height=\"\(size.height)\""))
    }

    @Test(arguments: names) func geometryPiecesAreTheFullArrays(name: String) throws {
        let snap = snapshot(try Self.text(name))
        let full = try fullState(snap)
        var nodes = JSONWriter(), edges = JSONWriter()
        nodes.beginArray()
        for index in 0..<snap.cardCount {
            writeGeometryNode(&nodes, snap.diagram.nodes[index], snap.geometry.cards[index],
                              parentID: full.cards[index].json["parent"]?.stringValue, range: snap.ranges[index],
                              result: snap.recordsResults ? GeometryNodeResult(snap.diagram, snap.geometry, index) : nil,
                              seed: GeometrySeedSlot(snap.geometry, index))
        }
        nodes.endArray()
        edges.beginArray()
        for index in snap.drawnEdges {
            let edge = snap.geometry.edges[index]
            writeGeometryEdge(&edges, edge, childID: snap.diagram.nodes[edge.child].id,
                              parentID: snap.diagram.nodes[edge.parent].id,
                              label: snap.geometry.edgeLabel(ofConnector: index),
                              labelText: snap.diagram.nodes.edgeLabels[edge.child],
                              labelFontSize: snap.geometry.edgeLabelFontSize)
        }
        edges.endArray()
        #expect(try JSONReader().parse(nodes.bytes) == .array(full.cards.map(\.json)))
        #expect(try JSONReader().parse(edges.bytes) == .array(full.edges.map(\.json)))
    }
}
