import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a real XML parser sees in an SVG: element names in document order, each with its
/// attributes and its direct text. Tests look at this instead of searching the raw text, so an
/// escaping bug that changes the structure is caught.
final class XMLOutline: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []
    private(set) var error: Error?

    /// Returns nil when the text is not well-formed XML.
    static func parse(_ text: String) -> XMLOutline? {
        let outline = XMLOutline()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = outline
        guard parser.parse() else { return nil }
        return outline
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        elements.append(Element(name: name, attributes: attributes))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let current = open.last { elements[current].text += string }
    }

    func named(_ name: String) -> [Element] { elements.filter { $0.name == name } }
}
