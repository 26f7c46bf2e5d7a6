import BracketModel

/// The layout flags shared by render, geometry and export: one per setting that declares a
/// `cliFlag` in `SettingSpec.all`, read by that setting's grammar. They replace the built-in
/// defaults only: a file's own `@` settings still win, as in the editor.
struct LayoutOptions {
    var defaults = LayoutSettings.tutorial

    /// Handles `flag` if it is a layout flag; returns false when it is not one.
    mutating func accept(_ flag: String, _ scanner: inout ArgumentScanner) throws(CommandError) -> Bool {
        guard let spec = SettingSpec.all.first(where: { $0.cliFlag == flag }) else { return false }
        let text = try scanner.value(for: flag)
        var overrides = SettingOverrides()
        guard spec.storeArgument(text, into: &overrides) else {
            throw CommandError("\(flag) \(spec.argumentExpectation), not '\(text)'")
        }
        defaults = overrides.applied(to: defaults)
        return true
    }
}
