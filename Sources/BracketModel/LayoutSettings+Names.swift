/// The file's `@` settings as editors offer them (completion, quick fixes, hover), read from
/// `SettingSpec.all` so a new setting reaches every editor feature by being declared once.
extension LayoutSettings {
    /// Every setting a file may give, without the `@`, in declaration order.
    public static let fileSettingNames: [String] = SettingSpec.all.map(\.name)

    /// The words a setting accepts as its value, for completion (empty for numbers and text).
    public static func valueChoices(forSetting name: String) -> [String] {
        SettingSpec.named(name)?.valueChoices ?? []
    }

    /// What a setting accepts, as a person would read it (for hover and messages).
    public static func expectation(forSetting name: String) -> String? {
        SettingSpec.named(name)?.expectation
    }
}
