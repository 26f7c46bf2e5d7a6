import BracketJSON
import BracketModel
import BracketSyntax

/// The tools `bracket mcp` offers, each with the JSON Schema of its arguments and, where its
/// result is structured, of that result. The render options are read from `SettingSpec.all`
/// (every setting with a command-line flag), so a new layout flag is a new option here too.
public enum MCPTool: String, CaseIterable, Sendable {
    case check, render, geometry, explain

    public var title: String {
        switch self {
        case .check: "Check a bracket document"
        case .render: "Render a bracket document"
        case .geometry: "Geometry of a bracket document"
        case .explain: "Explain a bracket diagnostic code"
        }
    }

    public var summary: String {
        switch self {
        case .check:
            "Checks the text of a .bracket tree diagram with the engine `bracket check` uses and returns its "
                + "diagnostics: 1-based line and column (bytes, as `bracket check` prints them), severity, code, "
                + "message, and the quick fixes (text edits) where there are some."
        case .render:
            "Draws the text of a .bracket document as SVG or as a text diagram (box drawing, or ASCII). "
                + "A document with errors is not drawn: the result is an error with its diagnostics."
        case .geometry:
            "Lays out the text of a .bracket document and returns the geometry JSON (schema/geometry.schema.json): "
                + "every card's box, lines and score slots, the connectors, headers and settings. "
                + "A document with errors returns an error with its diagnostics."
        case .explain:
            "Explains a diagnostic code (such as duplicate-id): what it means, how to fix it, and a small "
                + "document before and after the fix."
        }
    }

    public var inputSchema: JSONValue {
        switch self {
        case .check, .geometry:
            return objectSchema(["text": documentTextSchema], required: ["text"])
        case .render:
            var properties: [(String, JSONValue)] = [
                ("text", documentTextSchema),
                ("format", .object(["type": "string", "enum": ["svg", "text"],
                                    "description": "svg (the default) or text"])),
                ("ascii", .object(["type": "boolean", "description": "text format: ASCII instead of box drawing"])),
                ("width", .object(["type": "integer", "minimum": .int(Int64(Self.widthRange.lowerBound)),
                                   "maximum": .int(Int64(Self.widthRange.upperBound)),
                                   "description": "text format: the columns labels wrap within (default 80)"])),
            ]
            for spec in Self.layoutOptions { properties.append((Self.optionName(spec), Self.schema(of: spec))) }
            return objectSchema(JSONObject(properties), required: ["text"])
        case .explain:
            return objectSchema(["code": .object([
                "type": "string", "enum": .array(DiagnosticCode.allCases.map { .string($0.rawValue) }),
                "description": "a diagnostic code, as check reports it",
            ])], required: ["code"])
        }
    }

    /// The schema of the structured result, for tools whose result is structured.
    public var outputSchema: JSONValue? {
        switch self {
        case .check:
            let position: JSONValue = objectSchema(["line": integer, "column": integer], required: ["line", "column"])
            let edit = objectSchema(["start": position, "end": position, "newText": string],
                                    required: ["start", "end", "newText"])
            let fix = objectSchema(["title": string, "edits": .object(["type": "array", "items": edit])],
                                   required: ["title", "edits"])
            let related = objectSchema(["start": position, "message": string], required: ["start", "message"])
            let diagnostic = objectSchema([
                "line": integer, "column": integer, "end": position,
                "severity": .object(["type": "string", "enum": .array(Severity.allCases.map { .string($0.name) })]),
                "code": string, "message": string,
                "related": .object(["type": "array", "items": related]),
                "fixes": .object(["type": "array", "items": fix]),
            ], required: ["line", "column", "end", "severity", "code", "message", "related", "fixes"])
            return objectSchema([
                "errors": integer, "warnings": integer,
                "diagnostics": .object(["type": "array", "items": diagnostic]),
                "omitted": .object(["type": "integer", "description": "diagnostics past the listed ones, not listed"]),
            ], required: ["errors", "warnings", "diagnostics", "omitted"])
        case .geometry:
            return .object(["type": "object", "required": ["width", "height", "settings", "nodes"],
                            "description": "the geometry JSON, as schema/geometry.schema.json describes it"])
        case .explain:
            return objectSchema(["code": string, "meaning": string, "fix": string, "before": string, "after": string],
                                required: ["code", "meaning", "fix", "before", "after"])
        case .render:
            return nil
        }
    }

    /// The tool's entry in a `tools/list` answer.
    public var listing: JSONValue {
        var object: JSONObject = ["name": .string(rawValue), "title": .string(title), "description": .string(summary),
                                  "inputSchema": inputSchema]
        if let outputSchema { object.append("outputSchema", outputSchema) }
        object.append("annotations", ["readOnlyHint": true, "openWorldHint": false])
        return .object(object)
    }

    /// The settings `bracket render` takes as flags, which the render tool takes as options.
    static var layoutOptions: [SettingSpec] { SettingSpec.all.filter { $0.cliFlag != nil } }
    static let widthRange = 20...10_000

    /// `--label-align` → `label-align`.
    static func optionName(_ spec: SettingSpec) -> String { String(spec.cliFlag!.drop { $0 == "-" }) }

    private static func schema(of spec: SettingSpec) -> JSONValue {
        var object: JSONObject
        switch spec.grammar {
        case .number(let range, let whole):
            object = ["type": whole ? "integer" : "number", "minimum": .double(range.lowerBound),
                      "maximum": .double(range.upperBound)]
        case .choice(let words): object = ["type": "string", "enum": .array(words.map { .string($0) })]
        case .flag: object = ["type": "boolean"]
        case .text, .list, .classLook: object = ["type": "string"]
        }
        object.append("description", .string(spec.summary + " The document's own @\(spec.name) wins."))
        return .object(object)
    }
}

private let integer: JSONValue = ["type": "integer"]
private let string: JSONValue = ["type": "string"]
private let documentTextSchema: JSONValue = [
    "type": "string",
    "description": .string("the whole text of a .bracket document (at most \(Limits.documentBytes) bytes)"),
]

private func objectSchema(_ properties: JSONObject, required: [String]) -> JSONValue {
    .object(["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) })])
}
