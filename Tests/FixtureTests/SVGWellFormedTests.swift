import BracketModel
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Every fixture's SVG, err fixtures included (they still render what parsed), is well-formed XML.
@Suite struct SVGWellFormedTests {
    @Test(arguments: Fixtures.names(in: "ok").map { ("ok", $0) } + Fixtures.names(in: "err").map { ("err", $0) })
    func svgParsesAsXML(_ folder: String, _ name: String) throws {
        let svg = Fixtures.svg(Document(text: try Fixtures.source(folder, name)))
        let parser = XMLParser(data: Data(svg))
        let parsed = parser.parse()
        #expect(parsed, "\(folder)/\(name): \(String(describing: parser.parserError))")
    }
}
