import BracketJSON
import Foundation
import Testing

/// `initializationOptions.preview.svg: false` (docs/protocol.md, "Geometry-only payloads"): full
/// payloads carry `picture` instead of `svg`, with the same geometry, and `picture` holds exactly
/// the parts of the server's SVG that the geometry lacks.
@Suite struct PreviewGeometryOnlyTests {
    let uri = "file:///geometry-only.bracket"
    let text = "@title \"Cup & <Final>\"\n1 \"Root\" { 2 { 4 5 } 3 { 6 7 } }\n"

    func preview(options: JSONValue?) throws -> (JSONValue, LSPTestClient) {
        let client = LSPTestClient()
        client.initialize(options: options)
        client.open(uri, text)
        client.request(2, "bracket/preview", ["textDocument": ["uri": .string(uri)]])
        return (try #require(client.response(2)?["result"]), client)
    }

    @Test func geometryOnlyClientsResultsCarryThePicture() throws {
        let (full, fullClient) = try preview(options: nil)
        #expect(fullClient.finish() == 0)
        let (lean, client) = try preview(options: ["preview": ["svg": false]])
        // bracket/preview results keep the SVG (the editor saves it from there) and add `picture`.
        #expect(lean["svg"] == full["svg"] && full["picture"] == nil)
        #expect(lean["geometry"] == full["geometry"])
        let svg = try #require(full["svg"]?.stringValue)
        let picture = try #require(lean["picture"])
        let style = try #require(picture["style"]?.stringValue)
        let desc = try #require(picture["desc"]?.stringValue)
        #expect(svg.contains("<style>" + style + "</style>"))
        #expect(svg.contains("\n" + desc + "\n") && desc.hasPrefix("<desc id=\"bracket-desc\">Tree diagram with 7 cards"))
        #expect(picture["title"] == "Cup & <Final>" && svg.contains("<title id=\"bracket-title\">Cup &amp; &lt;Final&gt;</title>"))
        let width = try #require(picture["svgWidth"]?.doubleValue), height = try #require(picture["svgHeight"]?.doubleValue)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\""))
        #expect(client.finish() == 0)
    }

    @Test func pushesAreGeometryOnlyToo() throws {
        let client = LSPTestClient()
        client.initialize(options: ["preview": ["push": true, "delta": true, "svg": false]])
        client.open(uri, text)
        let deadline = Date(timeIntervalSinceNow: 20)
        var push: JSONValue?
        while push == nil, let message = client.next(timeout: deadline.timeIntervalSinceNow) {
            if message["method"] == "bracket/didChangePreview" { push = message["params"] }
        }
        let payload = try #require(push)
        #expect(payload["svg"] == nil && payload["picture"]?["style"] != nil && payload["geometry"]?["nodes"]?[0]?["id"] == "1")
        #expect(payload["sequence"] == 1)
        #expect(client.finish() == 0)
    }

    @Test func aNonBooleanSVGOptionIsIgnored() throws {
        let (result, client) = try preview(options: ["preview": ["svg": "no"]])
        #expect(result["svg"]?.stringValue?.hasPrefix("<svg") == true && result["picture"] == nil)
        #expect(client.finish() == 0)
    }
}
