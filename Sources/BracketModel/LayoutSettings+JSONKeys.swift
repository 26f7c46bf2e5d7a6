/// The JSON names of the layout settings (editor configuration, geometry JSON), each declared
/// beside its file setting in `SettingSpec.all`. The JSON Schemas in schema/ are checked against
/// these by SchemaDriftTests.
extension LayoutSettings {
    /// Keys an editor may supply under `layout` (initializationOptions or workspace
    /// configuration), in the order the file settings are declared. `title` is not among them:
    /// a title belongs to one file, never to an editor's defaults, and so do `@rounds` names.
    public static let jsonKeys: [String] = SettingSpec.all.compactMap(\.jsonKey)

    /// The accepted range, in points, of a numeric setting given by its JSON key; nil for keys
    /// that are not numbers (`root`, `align`) or not settings at all.
    public static func pointRange(forJSONKey key: String) -> ClosedRange<Double>? {
        SettingSpec.all.first { $0.jsonKey == key }?.numberRange
    }
}
