import BracketJSON
import BracketModel

extension SettingOverrides {
    /// Reads the `layout` object an editor supplies (initializationOptions `layout`, or
    /// `bracket.layout` of the workspace configuration; schema/settings.schema.json `#/$defs/layout`).
    ///
    /// Nil when `layoutJSON` is not an object. A member with a wrong type, an out-of-range number
    /// or an unknown enum value is left out rather than failing the whole object: one typo in an
    /// editor's settings should cost that one setting, not every other one. Ranges are the same
    /// as for the file's own `@` settings. Unknown keys (and `title`) are ignored for the same
    /// reason; the schema, not the server, is where an editor learns about them.
    public init?(layoutJSON: JSONValue) {
        guard let object = layoutJSON.objectValue else { return nil }
        self.init()
        for key in LayoutSettings.jsonKeys {
            guard let value = object[key] else { continue }
            switch key {
            case "root":
                root = value.stringValue.flatMap(RootSide.init(rawValue:))
            case "align":
                align = value.stringValue.flatMap(LeafAlignment.init(rawValue:))
            case "fit":
                fit = value.stringValue.flatMap(CardFit.init(rawValue:))
            case "titleVisible":
                titleVisible = value.boolValue
            case "labelAlign":
                labelAlign = value.stringValue.flatMap(LabelAlignment.init(rawValue:))
            case "maxLines":
                guard let number = value.doubleValue, let range = LayoutSettings.pointRange(forJSONKey: key),
                      range.contains(number), number == number.rounded() else { continue }
                maxLines = Int(number)
            default:
                guard let number = value.doubleValue, let range = LayoutSettings.pointRange(forJSONKey: key),
                      range.contains(number) else { continue }
                setPoints(number, forJSONKey: key)
            }
        }
    }

    private mutating func setPoints(_ number: Double, forJSONKey key: String) {
        switch key {
        case "cardWidth": cardWidth = number
        case "cardHeight": cardHeight = number
        case "levelGap": levelGap = number
        case "leafGap": leafGap = number
        case "margin": margin = number
        case "maxCardWidth": maxCardWidth = number
        default: break
        }
    }
}
