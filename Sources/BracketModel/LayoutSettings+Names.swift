/// The file's `@` settings as editors offer them (completion, quick fixes, hover), read from
/// `SettingSpec` so a new setting reaches every editor feature by being declared once.
extension LayoutSettings {
    /// Every setting a file may give, without the `@`, in declaration order.
    public static let fileSettingNames: [String] = SettingSpec.allCases.map(\.rawValue)

    /// The words a setting accepts as its value, for completion (empty for numbers and text).
    public static func valueChoices(forSetting name: String) -> [String] {
        switch SettingSpec(rawValue: name) {
        case .root: RootSide.allCases.map(\.rawValue)
        case .align: LeafAlignment.allCases.map(\.rawValue)
        case .fit: CardFit.allCases.map(\.rawValue)
        case .titleVisible: ["true", "false"]
        case .rounds: ["auto"]
        default: []
        }
    }

    /// What a setting accepts, as a person would read it (for hover and messages).
    public static func expectation(forSetting name: String) -> String? {
        SettingSpec(rawValue: name)?.expectation
    }
}
