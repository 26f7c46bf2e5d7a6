import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import BracketSVG
import BracketSyntax
import Foundation

/// Finds the fixture folders next to this file and reads, writes and renders fixtures.
/// `BRACKET_RECORD=1` makes every comparison rewrite its expectation instead of checking it.
enum Fixtures {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["BRACKET_RECORD"] == "1" }

    /// The `NAME` of every `NAME.bracket` in `folder` (ok or err), sorted so runs are stable.
    static func names(in folder: String) -> [String] {
        let directory = root.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".bracket") }.map { String($0.dropLast(".bracket".count)) }.sorted()
    }

    /// The diagnostic code an err fixture is named after: `CODE.bracket`, or `CODE.VARIANT.bracket`
    /// for another case of the same code.
    static func code(of name: String) -> String {
        String(name.prefix { $0 != "." })
    }

    static func url(_ folder: String, _ name: String, _ suffix: String) -> URL {
        root.appendingPathComponent(folder).appendingPathComponent(name + suffix)
    }

    static func source(_ folder: String, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(folder, name, ".bracket")))
    }

    /// The expectation's bytes, or nil when it does not exist yet.
    static func expected(_ folder: String, _ name: String, _ suffix: String) -> [UInt8]? {
        (try? Data(contentsOf: url(folder, name, suffix))).map { [UInt8]($0) }
    }

    static func record(_ bytes: [UInt8], _ folder: String, _ name: String, _ suffix: String) throws {
        try Data(bytes).write(to: url(folder, name, suffix))
    }

    // MARK: - What each expectation holds

    static func geometryJSON(_ document: Document) -> [UInt8] {
        let diagram = document.diagram()
        return writeGeometryJSON(diagram, layout(diagram)) { offset in
            let position = document.lineIndex.position(of: offset, in: document.text, encoding: .utf16)
            return (position.line, position.character)
        } + [UInt8(ascii: "\n")]
    }

    static func svg(_ document: Document) -> [UInt8] {
        let diagram = document.diagram()
        return Array(renderSVG(diagram, layout(diagram)).utf8)
    }

    static func treeDump(_ document: Document) -> [UInt8] {
        Array(document.tree.root.debugDescription(source: document.text).utf8)
    }

    /// The `check` lines, with the file shown as just its name as the CLI would for a bare path.
    static func checkLines(_ document: Document, file: String) -> [UInt8] {
        Array(document.diagnostics.map { document.formatted($0, file: file) + "\n" }.joined().utf8)
    }
}
