import BracketSyntax
import Foundation
import Testing

@testable import BracketModel

/// Each limit of docs/language.md, at the limit (accepted, no diagnostic) and one past it
/// (`limit-exceeded` at the place it is passed). Nothing may crash on either side.
@Suite struct LimitTests {
    func codes(_ document: Document) -> [String] {
        document.diagnostics.map(\.code.rawValue)
    }

    func limitDiagnostics(_ document: Document) -> [Diagnostic] {
        document.diagnostics.filter { $0.code == .limitExceeded }
    }

    @Test func identifierAtTheLimit() {
        let id = String(repeating: "i", count: Limits.idBytes)
        #expect(codes(Document("root { \(id) }")) == [])
    }

    @Test func identifierPastTheLimit() throws {
        let id = String(repeating: "i", count: Limits.idBytes + 1)
        let document = Document("root { \(id) }")
        let diagnostic = try #require(limitDiagnostics(document).first)
        #expect(limitDiagnostics(document).count == 1)
        #expect(diagnostic.range == ByteRange(7, 7 + Limits.idBytes + 1))
        #expect(diagnostic.severity == .error)
    }

    /// Labels count characters after escapes, not bytes: 4,096 emoji written as `\u{…}` escapes
    /// are 4,096 characters.
    @Test(arguments: ["x", "é", "\\u{1F3C6}", "\\n"])
    func labelAtTheLimit(unit: String) {
        let label = String(repeating: unit, count: Limits.labelCharacters)
        let document = Document("root \"\(label)\"")
        #expect(codes(document) == ["long-label"])
    }

    @Test(arguments: ["x", "é", "\\u{1F3C6}", "\\n"])
    func labelPastTheLimit(unit: String) throws {
        let label = String(repeating: unit, count: Limits.labelCharacters + 1)
        let document = Document("root \"\(label)\"")
        #expect(codes(document) == ["limit-exceeded"])
        let diagnostic = try #require(document.diagnostics.first)
        #expect(diagnostic.range.start == 5)
        #expect(diagnostic.range.end == document.text.count)
    }

    /// `long-label` is measured: it fires exactly when the card's last line ends in "…", under
    /// the file's own settings.
    @Test func longLabelWarningIsMeasured() throws {
        let fit = CardTextFit(settings: .tutorial)
        // Grow a label word by word until it no longer fits three lines of a 240-point card.
        var words: [String] = []
        while !fit.isTruncated(words.joined(separator: " ")) { words.append("word\(words.count)") }
        let fitting = words.dropLast().joined(separator: " "), cut = words.joined(separator: " ")
        #expect(codes(Document("root \"\(fitting)\"")) == [])
        let past = Document("root \"\(cut)\"")
        #expect(codes(past) == ["long-label"])
        let diagnostic = try #require(past.diagnostics.first)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.range == ByteRange(5, past.text.count))
        // More lines or a wider card make room; fixed cards cut much sooner.
        #expect(codes(Document("@max-lines 4\nroot \"\(cut)\"")) == [])
        #expect(codes(Document("@max-card-width 400\nroot \"\(cut)\"")) == [])
        #expect(codes(Document("@fit fixed\nroot \"Vice President, Platform Engineering\"")) == ["long-label"])
        #expect(codes(Document("root \"Vice President, Platform Engineering\"")) == [])
    }

    /// Changing a setting that decides what fits rescans every label, so an edited document
    /// still equals a fresh parse of its text.
    @Test func editingAFitSettingRescansLabels() {
        let label = String(repeating: "Quarter-final ", count: 8)
        var document = Document("@max-lines 9\nroot { a \"\(label)\" b \"\(label)\" }\n")
        #expect(codes(document) == [])
        document.apply(TextEdit(range: ByteRange(11, 12), replacement: "1"))
        #expect(codes(document) == ["long-label", "long-label"])
        #expect(document.diagnostics == Document(text: document.text).diagnostics)
    }

    /// `n0 { n1 { … } }` with `levels` nodes, each inside the previous one.
    func chain(levels: Int) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(levels * 12)
        for level in 0..<levels {
            text += Array("n\(level)".utf8)
            if level < levels - 1 { text += Array(" { ".utf8) }
        }
        text += [UInt8](repeating: UInt8(ascii: "}"), count: levels - 1)
        return text
    }

    @Test func nestingAtTheLimit() {
        let document = Document(text: chain(levels: Limits.nestingDepth))
        #expect(document.diagnostics.isEmpty)
        #expect(document.diagram().nodes.count == Limits.nestingDepth)
    }

    @Test func nestingPastTheLimit() throws {
        let text = chain(levels: Limits.nestingDepth + 1)
        let document = Document(text: text)
        let diagnostic = try #require(document.diagnostics.first)
        #expect(document.diagnostics.count == 1)
        #expect(diagnostic.code == .limitExceeded)
        // Reported at the ID of the node one level too deep.
        #expect(document.string(in: diagnostic.range) == "n\(Limits.nestingDepth)")
    }

    /// The limit's own size is accepted; one byte more is reported at the start of the file. The
    /// bulk is one comment, the cheapest text to lex, so this runs in seconds in a debug build.
    @Test func documentSizeAtAndPastTheLimit() throws {
        let head = Array("root # ".utf8)
        var text = head + [UInt8](repeating: UInt8(ascii: "c"), count: Limits.documentBytes - head.count)
        #expect(text.count == Limits.documentBytes)
        #expect(Document(text: text).diagnostics.isEmpty)
        text.append(UInt8(ascii: "c"))
        let document = Document(text: text)
        let diagnostic = try #require(document.diagnostics.first)
        #expect(document.diagnostics.count == 1)
        #expect(diagnostic.code == .limitExceeded)
        #expect(diagnostic.range == ByteRange(0, 0))
    }
}

/// The node limit with real sizes: a root with 1,999,999 leaves is exactly at the limit.
/// Kept in its own suite so its ~30 MB of text is built only when it runs.
@Suite struct NodeLimitTests {
    func flat(nodes: Int) -> [UInt8] {
        var text = Array("r {".utf8)
        text.reserveCapacity(nodes * 9)
        for index in 1..<nodes { text += Array(" \(index)".utf8) }
        text += Array(" }".utf8)
        return text
    }

    @Test func nodeCountAtAndPastTheLimit() throws {
        let atLimit = Document(text: flat(nodes: Limits.nodes))
        #expect(atLimit.diagnostics.isEmpty)
        let past = Document(text: flat(nodes: Limits.nodes + 1))
        let diagnostic = try #require(past.diagnostics.first)
        #expect(past.diagnostics.count == 1)
        #expect(diagnostic.code == .limitExceeded)
        #expect(diagnostic.range == ByteRange(0, 0))
    }
}
