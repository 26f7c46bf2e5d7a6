import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import BracketSyntax
import Testing

/// The geometry JSON the writer produces for `source`, with UTF-16 positions like the server's
/// default and the command line.
private func geometryJSON(_ source: String) throws -> JSONValue {
    let document = Document(source)
    let diagram = document.diagram()
    let bytes = writeGeometryJSON(diagram, layout(diagram)) { offset in
        let position = document.lineIndex.position(of: offset, in: document.text, encoding: .utf16)
        return (position.line, position.character)
    }
    return try JSONReader().parse(bytes)
}

private let tutorialWithTitle = "@title \"Tutorial\"\n1 { 2 { 4 5 } 3 { 6 7 } }\n"
private let resultsTree = "f { a \"Ayşe\" [score=6] b \"Émile\" [score=3] }\n"
/// A tree with every optional member a node can write: a pending slot with its own label
/// (`ownLabel`) beside decided matches whose cards show score slots (`slot`), and on `a` every
/// attribute that is only drawn (`AttributeSpec.drawn`).
private let pendingTree =
    "r { s \"Semi 1\" { a [score=6\(AttributeSpec.drawn.map { ", " + $0.example }.joined())] b [score=3] } t \"Semi 2\" { c d } }\n"

/// A score too wide for its slot: cut, and its slot says `truncated`.
private let longScoreTree = "f { a [score=\"6–2 4–6 6–2 7–6(4) 6–3\"] b [score=1] }\n"

@Suite struct GeometrySchemaDrift {
    /// Every level of the written JSON has exactly the members the schema lists, so a field added
    /// to the writer and not to the schema (or the other way round) fails here.
    @Test func writerAndSchemaListTheSameMembers() throws {
        let schema = try SchemaFile("geometry")
        let json = try geometryJSON(tutorialWithTitle)
        let plainNode = try #require(json["nodes"]?[0])
        // A tree that records results writes every node member; a plain one leaves the result
        // members out (`requiredMembersAreAlwaysWritten`).
        let pending = try #require(try geometryJSON(pendingTree)["nodes"]?.arrayValue)
        // Every member some node of the tree writes (`ownLabel` and `slot` only where they apply).
        let nodeKeys = pending.reduce(into: Set<String>()) { $0.formUnion($1.keySet) }
        #expect(plainNode.keySet.isSubset(of: nodeKeys))
        let node = try #require(pending.first { $0["slot"] != nil })
        // Every member some slot writes: `parts` where it is drawn in parts (`a`, whose drawn
        // attributes include `sets`), `truncated` where a score was cut.
        let cut = try #require(try geometryJSON(longScoreTree)["nodes"]?.arrayValue)
        let slotKeys = (pending + cut).reduce(into: Set<String>()) { $0.formUnion($1["slot"]?.keySet ?? []) }
        let parts = pending.flatMap { $0["slot"]?["parts"]?.arrayValue ?? [] }
        let part = try #require(parts.first)
        let raised = try #require(parts.first { $0["size"] != nil })
        let range = try #require(node["range"])
        let edge = try #require(json["edges"]?[0])
        // `notes` is written only for a drawing with match notes.
        let noted = try geometryJSON("f [note=\"Lusail Stadium, 18 December\"] { a b }\n")
        let note = try #require(noted["notes"]?[0])
        let levels: [(String, Set<String>, Set<String>)] = [
            ("top level", json.keySet.union(noted.keySet), try schema.propertyNames()),
            ("note", note.keySet, try schema.propertyNames("$defs", "note")),
            ("settings", try #require(json["settings"]).keySet, try schema.propertyNames("properties", "settings")),
            ("node", nodeKeys, try schema.propertyNames("$defs", "node")),
            ("range", range.keySet, try schema.propertyNames("$defs", "range")),
            ("score slot", slotKeys, try schema.propertyNames("$defs", "scoreSlot")),
            ("slot part", part.keySet.union(raised.keySet), try schema.propertyNames("$defs", "slotPart")),
            ("position", try #require(range["start"]).keySet, try schema.propertyNames("$defs", "position")),
            ("edge", edge.keySet, try schema.propertyNames("$defs", "edge")),
            ("point", try #require(edge["points"]?[0]).keySet, try schema.propertyNames("$defs", "point")),
        ]
        for (level, written, listed) in levels {
            #expect(written == listed, "\(level): written \(written.sorted()), schema \(listed.sorted())")
        }
    }

    /// Without a title every member but `title` is still written, and the schema requires exactly those.
    @Test func requiredMembersAreAlwaysWritten() throws {
        let schema = try SchemaFile("geometry")
        let json = try geometryJSON("1 { 2 { 4 5 } 3 { 6 7 } }")
        let settings = try schema.at("properties", "settings").schema
        #expect(settings["required"]?.stringSet == json["settings"]?.keySet)
        #expect(try schema.at().schema["required"]?.stringSet == json.keySet)
        #expect(try schema.at("$defs", "node").schema["required"]?.stringSet == json["nodes"]?[0]?.keySet)
        // The result members come all together: each requires the others.
        let results = try #require(try geometryJSON(resultsTree)["nodes"]?[0]?.keySet)
            .subtracting(try #require(json["nodes"]?[0]?.keySet))
        let dependent = try #require(try schema.at("$defs", "node").schema["dependentRequired"]?.objectValue)
        // `ownLabel` and `slot` are written only on the cards they apply to, and need the others.
        let optional: Set<String> = ["ownLabel", "slot"]
        #expect(Set(dependent.keys) == results.union(optional))
        for (key, others) in dependent {
            if optional.contains(key) { #expect(others.stringSet.isSubset(of: results)) }
            else { #expect(others.stringSet == results.subtracting([key])) }
        }
        #expect(try schema.at("$defs", "edge").schema["required"]?.stringSet == json["edges"]?[0]?.keySet)
    }

    /// The schema's example is documented as the exact geometry of `1 { 2 }`; so it is.
    @Test func exampleIsTheWritersOutput() throws {
        let example = try #require(try SchemaFile("geometry").root["examples"]?[0])
        #expect(example == (try geometryJSON("1 { 2 }")))
        let preview = try #require(try SchemaFile("preview").root["examples"]?[0])
        #expect(preview["geometry"] == (try geometryJSON("1 { 2 }")))
    }
}

@Suite struct SettingsSchemaDrift {
    @Test func layoutKeysAreTheSwiftKeys() throws {
        let schema = try SchemaFile("settings")
        let keys = Set(LayoutSettings.jsonKeys)
        #expect(keys.count == LayoutSettings.jsonKeys.count)
        #expect(try schema.propertyNames("$defs", "layout") == keys)
        #expect(try schema.propertyNames("$defs", "fileSettings") == keys.union(["title"]))
        #expect(try schema.propertyNames("$defs", "resolvedSettings") == keys.union(["title"]))
        #expect(try schema.at("$defs", "resolvedSettings").schema["required"]?.stringSet == keys)
    }

    /// Each default in the schema is `LayoutSettings.tutorial`'s value: read through the same
    /// parser the server uses, a layout object made of the schema's defaults must give them back.
    @Test func defaultsAreTheTutorialValues() throws {
        let schema = try SchemaFile("settings")
        let properties = try #require(try schema.at("$defs", "layout").schema["properties"]?.objectValue)
        var defaults = JSONObject()
        for (key, property) in zip(properties.keys, properties.values) {
            // Unwrapped on its own line: assigned straight into the object's optional subscript,
            // `#require` would unwrap a doubly optional value and never fail.
            let value: JSONValue = try #require(property["default"], "\(key) has no default")
            defaults[key] = value
        }
        let overrides = try #require(SettingOverrides(layoutJSON: .object(defaults)))
        let fromSchema = overrides.applied(to: LayoutSettings(
            cardWidth: 1, cardHeight: 1, levelGap: 1, leafGap: 1, margin: 1, root: .left, align: .leaves))
        #expect(fromSchema == LayoutSettings.tutorial)
    }

    @Test func rangesAndEnumsMatchTheSwiftSide() throws {
        let schema = try SchemaFile("settings")
        let layout = try schema.at("$defs", "layout").file
        for key in LayoutSettings.jsonKeys {
            let property = try layout.at("$defs", "layout", "properties", key).schema
            if let range = LayoutSettings.pointRange(forJSONKey: key) {
                #expect(property["type"]?.stringValue == "number", "\(key)")
                #expect(property["minimum"]?.doubleValue == range.lowerBound, "\(key) minimum")
                #expect(property["maximum"]?.doubleValue == range.upperBound, "\(key) maximum")
            }
        }
        #expect(try layout.at("$defs", "layout", "properties", "root").schema["enum"]?.stringSet
                == Set(RootSide.allCases.map(\.rawValue)))
        #expect(try layout.at("$defs", "layout", "properties", "align").schema["enum"]?.stringSet
                == Set(LeafAlignment.allCases.map(\.rawValue)))
        #expect(try layout.at("$defs", "layout", "properties", "fit").schema["enum"]?.stringSet
                == Set(CardFit.allCases.map(\.rawValue)))
    }

    /// Every example's `layout` is fully understood by the parser the server uses: each member
    /// ends up in the overrides with the value written.
    @Test func examplesDecode() throws {
        let examples = try #require(try SchemaFile("settings").root["examples"]?.arrayValue)
        #expect(!examples.isEmpty)
        for example in examples {
            guard let layout = example["layout"] else { continue }
            let overrides = try #require(SettingOverrides(layoutJSON: layout))
            let object = try #require(layout.objectValue)
            for (key, value) in zip(object.keys, object.values) {
                switch key {
                case "cardWidth": #expect(overrides.cardWidth == value.doubleValue)
                case "cardHeight": #expect(overrides.cardHeight == value.doubleValue)
                case "levelGap": #expect(overrides.levelGap == value.doubleValue)
                case "leafGap": #expect(overrides.leafGap == value.doubleValue)
                case "margin": #expect(overrides.margin == value.doubleValue)
                case "root": #expect(overrides.root?.rawValue == value.stringValue)
                case "align": #expect(overrides.align?.rawValue == value.stringValue)
                case "maxCardWidth": #expect(overrides.maxCardWidth == value.doubleValue)
                case "maxLines": #expect(overrides.maxLines.map(Double.init) == value.doubleValue)
                case "fit": #expect(overrides.fit?.rawValue == value.stringValue)
                case "titleVisible": #expect(overrides.titleVisible == value.boolValue)
                case "labelAlign": #expect(overrides.labelAlign?.rawValue == value.stringValue)
                default: Issue.record("example key \(key) is not a layout setting")
                }
            }
        }
    }

    /// Values the schema rejects are also refused by the parser, one member at a time.
    @Test(arguments: [
        #"{"cardWidth": 7.5}"#, #"{"cardHeight": 2001}"#, #"{"levelGap": -1}"#, #"{"leafGap": "28"}"#,
        #"{"margin": 1000.5}"#, #"{"root": "Right"}"#, #"{"align": true}"#, #"{"title": "x"}"#,
        #"{"maxCardWidth": 4001}"#, #"{"maxLines": 2.5}"#, #"{"maxLines": 0}"#, #"{"fit": "grow"}"#,
        #"{"titleVisible": "no"}"#, #"{"labelAlign": "left"}"#,
    ])
    func rejectedValuesAreIgnored(text: String) throws {
        let overrides = try #require(SettingOverrides(layoutJSON: try JSONReader().parse(text)))
        #expect(overrides == SettingOverrides())
    }

    @Test func nonObjectIsNotALayout() {
        #expect(SettingOverrides(layoutJSON: .array([])) == nil)
        #expect(SettingOverrides(layoutJSON: .null) == nil)
    }
}

@Suite struct DiagnosticsSchemaDrift {
    @Test func codesAreEveryDiagnosticCode() throws {
        let codes = try SchemaFile("diagnostics").at("$defs", "code").schema["enum"]
        #expect(codes?.stringSet == Set(DiagnosticCode.allCases.map(\.rawValue)))
        #expect(codes?.arrayValue?.count == DiagnosticCode.allCases.count)
    }

    @Test func severitiesAreEverySeverity() throws {
        let severity = try SchemaFile("diagnostics").at("$defs", "diagnostic", "properties", "severity").schema
        #expect(severity["enum"]?.stringSet == Set(Severity.allCases.map(\.name)))
    }

    @Test func examplesDecode() throws {
        let examples = try #require(try SchemaFile("diagnostics").root["examples"]?.arrayValue)
        #expect(!examples.isEmpty)
        for example in examples {
            for diagnostic in example["diagnostics"]?.arrayValue ?? [] {
                #expect(diagnostic["code"]?.stringValue.flatMap(DiagnosticCode.init(rawValue:)) != nil)
                #expect(Severity.allCases.contains { $0.name == diagnostic["severity"]?.stringValue })
            }
        }
    }
}
