// A diagram too large to draw in an editor (issue 16 §2): past PreviewRender.maxCards the preview
// carries counts instead of geometry and SVG, for requests, pushes, delta clients and the page.
import BracketJSON
import BracketModel
import Foundation
import Testing
@testable import BracketServer

@Suite struct PreviewSizeLimitTests {
    let uri = "file:///huge.bracket"

    /// A root and `leaves` leaves on one line each.
    static func flat(_ leaves: Int) -> String {
        var text = "root {\n"
        text.reserveCapacity(leaves * 9)
        for index in 0..<leaves { text += "  l\(index)\n" }
        return text + "}\n"
    }

    @Test func previewRequestReportsTheCountsInsteadOfThePicture() throws {
        let leaves = PreviewRender.maxCards + 5
        let client = LSPTestClient()
        client.initialize()
        client.open(uri, Self.flat(leaves), version: 3)
        client.request(2, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        let response = try #require(client.response(2, timeout: 120))
        let result = try #require(response["result"])
        #expect(result["tooLarge"] == ["cards": JSONValue(leaves + 1), "connectors": JSONValue(leaves),
                                       "limit": JSONValue(PreviewRender.maxCards)])
        #expect(result["geometry"] == nil && result["svg"] == nil)
        #expect(result["version"] == 3 && result["uri"] == .string(uri))
        #expect(result["diagnostics"] == ["errors": 0, "warnings": 0])
        #expect(response.jsonBytes.count < 1024)
        #expect(client.finish() == 0)
    }

    /// A delta client: the too-large payload is numbered, and the first payload that fits again
    /// is full (there is no picture to patch), then deltas resume.
    @Test func deltaClientGetsAFullPayloadOnceTheDiagramFitsAgain() throws {
        let leaves = PreviewRender.maxCards + 1
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["push": true, "delta": true]])
        let text = Self.flat(leaves)
        client.open(uri, text)
        func nextPush() -> JSONValue? {
            while let message = client.next(timeout: 120) {
                if message["method"] == "bracket/didChangePreview" { return message["params"] }
            }
            return nil
        }
        let first = try #require(nextPush())
        #expect(first["tooLarge"]?["cards"] == JSONValue(leaves + 1))
        #expect(first["sequence"] == 1)
        // Delete every leaf but the first ten: the diagram fits again.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        client.change(uri, version: 2, [["range": lspRange(11, 0, lines - 2, 0), "text": ""]])
        let second = try #require(nextPush())
        #expect(second["sequence"] == 2)
        #expect(second["delta"] == nil)
        #expect(second["geometry"]?["nodes"]?.arrayValue?.count == 11)
        client.change(uri, version: 3, [["range": lspRange(6, 4, 6, 4), "text": " \"Five\""]])
        let third = try #require(nextPush())
        #expect(third["base"] == 2 && third["delta"] != nil)
        #expect(client.finish() == 0)
    }

    /// Past the SVG's limit, a payload kind that draws only what is in view still gets the
    /// picture: the loopback page (columns) and geometry-only clients (objects); the whole SVG
    /// gets the counts.
    @Test func pagesThatDrawFromTheGeometryGetPicturesPastTheSVGLimit() throws {
        let leaves = PreviewRender.maxCards + 5
        let context = DocumentContext(document: Document(Self.flat(leaves)), uri: uri, version: 1, encoding: .utf16,
                                      defaults: .tutorial)
        let render = PreviewRender(context)
        #expect(render.fits(.columns) && render.fits(.geometry) && !render.fits(.svg))
        let columns = try JSONReader().parse(render.fullPayload(sequence: 1, columns: true))
        #expect(columns["columns"]?["count"] == JSONValue(leaves + 1))
        #expect(columns["tooLarge"] == nil && columns["picture"] != nil)
        let geometry = try JSONReader().parse(render.fullPayload(svg: false))
        #expect(geometry["geometry"]?["nodes"]?.arrayValue?.count == leaves + 1 && geometry["svg"] == nil)
        let svg = try JSONReader().parse(render.fullPayload())
        #expect(svg["tooLarge"]?["limit"] == JSONValue(PreviewPayloadKind.svg.maxCards))
        // A render for recipients that take fewer cards is not laid out at all.
        let skipped = PreviewRender(context, upTo: PreviewPayloadKind.svg.maxCards)
        #expect(!skipped.fits(.columns) && skipped.snapshot.cardCount == 0 && skipped.cards == leaves + 1)
        let counts = try JSONReader().parse(skipped.fullPayload(sequence: 1, columns: true))
        #expect(counts["tooLarge"] == ["cards": JSONValue(leaves + 1), "connectors": JSONValue(leaves),
                                       "limit": JSONValue(PreviewPayloadKind.columns.maxCards)])
    }

    /// A geometry-only delta client (`preview.svg: false`, the VS Code webview) past the SVG's
    /// limit: pushes carry the geometry, then deltas; `bracket/preview` gives the geometry and
    /// `picture` without the SVG it cannot carry.
    @Test func geometryOnlyClientGetsTheGeometryPastTheSVGLimit() throws {
        let leaves = PreviewRender.maxCards + 1
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["push": true, "delta": true, "svg": false]])
        client.open(uri, Self.flat(leaves))
        func nextPush() -> JSONValue? {
            while let message = client.next(timeout: 120) {
                if message["method"] == "bracket/didChangePreview" { return message["params"] }
            }
            return nil
        }
        let first = try #require(nextPush())
        #expect(first["tooLarge"] == nil && first["svg"] == nil)
        #expect(first["geometry"]?["nodes"]?.arrayValue?.count == leaves + 1)
        client.change(uri, version: 2, [["range": lspRange(1, 4, 1, 4), "text": " \"First\""]])
        let second = try #require(nextPush())
        #expect(second["base"] == 1 && second["delta"]?["cards"]?["changed"]?.arrayValue?.count == 1)
        client.request(9, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        let result = try #require(client.response(9, timeout: 120)?["result"])
        #expect(result["svg"] == nil && result["picture"] != nil && result["tooLarge"] == nil)
        #expect(result["geometry"]?["nodes"]?.arrayValue?.count == leaves + 1)
        #expect(client.finish() == 0)
    }
}
