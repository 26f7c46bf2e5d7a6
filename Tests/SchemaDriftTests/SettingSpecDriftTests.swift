import BracketExport
import BracketJSON
import BracketLayout
import BracketModel
import Foundation
import Testing

/// Every setting declared in `SettingSpec.all` reaches the geometry JSON's `settings`, the
/// schema that describes them and the language reference, so a setting added to the table and
/// nowhere else fails here.
@Suite struct SettingSpecDrift {
    @Test func everyDeclaredSettingIsInTheGeometryJSONAndItsSchema() throws {
        let diagram = Document("1 { 2 }\n").diagram()
        let json = try JSONReader().parse(writeGeometryJSON(diagram, layout(diagram)) { _ in (0, 0) })
        let written = try #require(json["settings"]?.keySet)
        let schema = try SchemaFile("geometry").propertyNames("properties", "settings")
        for spec in SettingSpec.all {
            guard let key = spec.jsonKey else { continue }
            #expect(written.contains(key), "@\(spec.name): '\(key)' is not written in the geometry JSON's settings")
            #expect(schema.contains(key), "@\(spec.name): '\(key)' is not in geometry.schema.json's settings")
        }
    }

    @Test func everyDeclaredSettingIsInTheLanguageReference() throws {
        let path = SchemaFile.directory.deletingLastPathComponent().appendingPathComponent("docs/language.md")
        let text = try String(contentsOf: path, encoding: .utf8)
        for spec in SettingSpec.all {
            let hasRow = text.contains("| `@\(spec.name)` |")
            #expect(hasRow, "@\(spec.name) has no row in docs/language.md's settings table")
        }
    }
}
