/// The JSON names of the layout settings (editor configuration, geometry JSON), derived from the
/// file's own `@` settings so that the two spellings cannot drift apart: `@card-width` is
/// `cardWidth`. The JSON Schemas in schema/ are checked against these by SchemaDriftTests.
extension LayoutSettings {
    /// Keys an editor may supply under `layout` (initializationOptions or workspace
    /// configuration), in the order the file settings are declared. `title` is not among them:
    /// a title belongs to one file, never to an editor's defaults, and so do `@rounds` names.
    public static let jsonKeys: [String] = SettingSpec.allCases
        .filter { $0 != .title && $0 != .rounds }
        .map { camelCase($0.rawValue) }

    /// The accepted range, in points, of a numeric setting given by its JSON key; nil for keys
    /// that are not numbers (`root`, `align`) or not settings at all.
    public static func pointRange(forJSONKey key: String) -> ClosedRange<Double>? {
        SettingSpec.allCases.first { camelCase($0.rawValue) == key }?.numberRange
    }
}

/// `card-width` → `cardWidth`.
private func camelCase(_ kebab: String) -> String {
    var result = ""
    var upperNext = false
    for character in kebab {
        if character == "-" {
            upperNext = true
        } else {
            result += upperNext ? character.uppercased() : String(character)
            upperNext = false
        }
    }
    return result
}
