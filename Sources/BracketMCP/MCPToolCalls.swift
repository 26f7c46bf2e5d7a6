import BracketExport
import BracketIDE
import BracketJSON
import BracketLayout
import BracketModel
import BracketSVG
import BracketSyntax
import BracketTerminal
import BracketTextDiagram

/// What a tool call returns: its text, its structured result (raw JSON, for tools with an
/// output schema) and whether it is a tool error (a document with errors, an argument out of
/// range), which the agent reads and can correct — unlike a protocol error.
public struct ToolResult: Sendable, Equatable {
    public var text: String
    public var structured: [UInt8]?
    public var isError: Bool

    static func failure(_ text: String) -> ToolResult { ToolResult(text: text, structured: nil, isError: true) }

    static func structured(_ bytes: [UInt8]) -> ToolResult {
        ToolResult(text: String(decoding: bytes, as: UTF8.self), structured: bytes, isError: false)
    }

    /// The `CallToolResult` object.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("content"); writer.beginArray()
        writer.beginObject()
        writer.key("type"); writer.string("text")
        writer.key("text"); writer.string(text)
        writer.endObject()
        writer.endArray()
        if let structured { writer.key("structuredContent"); writer.raw(structured) }
        writer.key("isError"); writer.bool(isError)
        writer.endObject()
    }
}

extension MCPTool {
    /// Most diagnostics a check lists (and a refused render or geometry shows); the rest are
    /// counted, so a document with a million duplicate IDs gives a bounded answer.
    public static let listedDiagnostics = 200

    /// Runs the tool on its arguments. Pure: text in, a value out.
    public func call(_ arguments: JSONObject) -> ToolResult {
        switch self {
        case .explain:
            guard let name = arguments["code"]?.stringValue else { return .failure("explain needs \"code\", a string") }
            guard let code = DiagnosticCode(rawValue: name) else {
                return .failure("unknown diagnostic code '\(name)'; the codes are "
                    + DiagnosticCode.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return Self.explain(code)
        case .check, .render, .geometry:
            guard let text = arguments["text"]?.stringValue else { return .failure("\(rawValue) needs \"text\", a string") }
            let bytes = Array(text.utf8)
            guard bytes.count <= Limits.documentBytes else {
                return .failure("the document is \(bytes.count) bytes, more than the limit of \(Limits.documentBytes)")
            }
            let document = Document(text: bytes)
            switch self {
            case .check: return .structured(Self.checkJSON(document))
            case .render: return Self.render(document, arguments)
            default: return Self.geometry(document)
            }
        }
    }

    static func explain(_ code: DiagnosticCode) -> ToolResult {
        let explanation = code.explanation
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("code"); writer.string(code.rawValue)
        writer.key("meaning"); writer.string(explanation.meaning)
        writer.key("fix"); writer.string(explanation.fix)
        writer.key("before"); writer.string(explanation.before)
        writer.key("after"); writer.string(explanation.after)
        writer.endObject()
        return .structured(writer.bytes)
    }

    /// The refusal of a document with errors: its diagnostics as `bracket check` prints them.
    static func refusal(_ document: Document) -> ToolResult {
        let printer = DiagnosticPrinter(document: document, file: "document", color: false)
        var text = "the document has errors; fix them first:\n"
        for diagnostic in document.diagnostics.prefix(listedDiagnostics) { text += printer.text(of: diagnostic) }
        if document.diagnostics.count > listedDiagnostics {
            text += "and \(document.diagnostics.count - listedDiagnostics) more diagnostics\n"
        }
        return .failure(text)
    }

    static func geometry(_ document: Document) -> ToolResult {
        guard !document.hasErrors else { return refusal(document) }
        let diagram = document.diagram()
        var cursor = LineIndex.PositionCursor(document.lineIndex, in: document.text, encoding: .utf16)
        return .structured(writeGeometryJSON(diagram, layout(diagram)) { offset in
            let position = cursor.position(of: offset)
            return (position.line, position.character)
        })
    }

    static func render(_ document: Document, _ arguments: JSONObject) -> ToolResult {
        var defaults = LayoutSettings.tutorial
        for spec in layoutOptions {
            let name = optionName(spec)
            guard let value = arguments[name] else { continue }
            var overrides = SettingOverrides()
            guard let text = argumentText(value), spec.storeArgument(text, into: &overrides) else {
                return .failure("\(name) \(spec.argumentExpectation), not \(value)")
            }
            defaults = overrides.applied(to: defaults)
        }
        let format = arguments["format"]?.stringValue ?? "svg"
        guard format == "svg" || format == "text" else { return .failure("format must be svg or text, not '\(format)'") }
        let ascii = arguments["ascii"]?.boolValue ?? false
        let width = arguments["width"]?.int64Value.map(Int.init) ?? 80
        guard widthRange.contains(width) else {
            return .failure("width needs a whole number of columns from \(widthRange.lowerBound) to \(widthRange.upperBound)")
        }
        guard !document.hasErrors else { return refusal(document) }
        let diagram = document.diagram(defaults: defaults)
        if format == "svg" { return ToolResult(text: renderSVG(diagram, layout(diagram)), structured: nil, isError: false) }
        do throws(TextDiagramTooLarge) {
            let drawing = try renderTextDiagram(diagram, options: TextDiagramOptions(charset: ascii ? .ascii : .unicode, width: width))
            return ToolResult(text: drawing, structured: nil, isError: false)
        } catch {
            return .failure("the text drawing would be \(error.columns) columns by \(error.rows) rows, more than the "
                + "\(TextDiagramTooLarge.cellLimit) characters text output draws; render it as SVG instead")
        }
    }

    /// A JSON option value as the command line would spell it.
    private static func argumentText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        case .double(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .bool(let flag): String(flag)
        default: nil
        }
    }
}
