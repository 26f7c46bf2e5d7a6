import BracketIDE
import BracketJSON
import BracketModel
import BracketSyntax

extension MCPTool {
    /// The check tool's structured result: the first `listedDiagnostics` diagnostics with
    /// 1-based line and byte column (as `bracket check` prints them) and their quick fixes, the
    /// counts of errors and warnings, and how many were not listed. Positions come from one
    /// sorted pass, as in `bracket check --format json`.
    static func checkJSON(_ document: Document) -> [UInt8] {
        let listed = document.diagnostics.prefix(listedDiagnostics)
        let text = document.text
        let fixes = Dictionary(grouping: codeActions(for: ByteRange(0, text.count), in: document)
            .filter { $0.diagnosticIndex < listed.count }, by: \.diagnosticIndex)
        var offsets: [Int] = []
        for (index, diagnostic) in listed.enumerated() {
            offsets += [diagnostic.range.start, diagnostic.range.end]
            offsets += diagnostic.related.map(\.range.start)
            for fix in fixes[index] ?? [] { for edit in fix.edits { offsets += [edit.range.start, edit.range.end] } }
        }
        let positions = document.lineIndex.positions(of: offsets, in: text, encoding: .utf8)
        var writer = JSONWriter()
        func position(_ offset: Int) {
            let point = positions[offset] ?? document.lineIndex.position(of: offset, in: text, encoding: .utf8)
            writer.beginObject()
            writer.key("line"); writer.int(point.line + 1)
            writer.key("column"); writer.int(point.character + 1)
            writer.endObject()
        }
        var errors = 0, warnings = 0
        for diagnostic in document.diagnostics {
            if diagnostic.severity == .error { errors += 1 } else if diagnostic.severity == .warning { warnings += 1 }
        }
        writer.beginObject()
        writer.key("errors"); writer.int(errors)
        writer.key("warnings"); writer.int(warnings)
        writer.key("diagnostics"); writer.beginArray()
        for (index, diagnostic) in listed.enumerated() {
            let start = positions[diagnostic.range.start]
                ?? document.lineIndex.position(of: diagnostic.range.start, in: text, encoding: .utf8)
            writer.beginObject()
            writer.key("line"); writer.int(start.line + 1)
            writer.key("column"); writer.int(start.character + 1)
            writer.key("end"); position(diagnostic.range.end)
            writer.key("severity"); writer.string(diagnostic.severity.name)
            writer.key("code"); writer.string(diagnostic.code.rawValue)
            writer.key("message"); writer.string(diagnostic.message)
            writer.key("related"); writer.beginArray()
            for related in diagnostic.related {
                writer.beginObject()
                writer.key("start"); position(related.range.start)
                writer.key("message"); writer.string(related.message)
                writer.endObject()
            }
            writer.endArray()
            writer.key("fixes"); writer.beginArray()
            for fix in fixes[index] ?? [] {
                writer.beginObject()
                writer.key("title"); writer.string(fix.title)
                writer.key("edits"); writer.beginArray()
                for edit in fix.edits {
                    writer.beginObject()
                    writer.key("start"); position(edit.range.start)
                    writer.key("end"); position(edit.range.end)
                    writer.key("newText"); writer.string(String(decoding: edit.replacement, as: UTF8.self))
                    writer.endObject()
                }
                writer.endArray()
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.key("omitted"); writer.int(document.diagnostics.count - listed.count)
        writer.endObject()
        return writer.bytes
    }
}
