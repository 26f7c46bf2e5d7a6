import BracketBytes
import BracketJSON
import BracketLayout
import BracketModel
import LanguageServerProtocol

/// Reads editor-supplied layout settings (`{ cardWidth, cardHeight, levelGap, leafGap, margin,
/// root, align, maxCardWidth, maxLines, fit, titleVisible }`) over `base`. Invalid values are skipped, each with a warning, so one typo in
/// a user's configuration does not throw away the rest.
func readLayoutSettings(_ json: JSONValue, over base: LayoutSettings) -> (settings: LayoutSettings, warnings: [String]) {
    var settings = base
    var warnings: [String] = []
    guard let object = json.objectValue else {
        return (base, ["layout settings must be an object, got \(json.typeName)"])
    }
    let lengths: [(String, WritableKeyPath<LayoutSettings, Double>)] = [
        ("cardWidth", \.cardWidth), ("cardHeight", \.cardHeight),
        ("levelGap", \.levelGap), ("leafGap", \.leafGap), ("margin", \.margin), ("maxCardWidth", \.maxCardWidth),
    ]
    for (key, value) in zip(object.keys, object.values) {
        if let length = lengths.first(where: { $0.0 == key }) {
            // The same ranges as the file's own @ settings and the settings schema.
            let range = LayoutSettings.pointRange(forJSONKey: key) ?? 0...1000
            guard let number = value.doubleValue, range.contains(number) else {
                let low = DecimalText.string(range.lowerBound, decimals: 0)
                let high = DecimalText.string(range.upperBound, decimals: 0)
                warnings.append("\(key): expected a number of points from \(low) to \(high), got \(value)")
                continue
            }
            settings[keyPath: length.1] = number
        } else if key == "root" {
            guard let side = value.stringValue.flatMap(RootSide.init(rawValue:)) else {
                warnings.append("root: expected one of right, left, top, bottom, got \(value)")
                continue
            }
            settings.root = side
        } else if key == "align" {
            guard let align = value.stringValue.flatMap(LeafAlignment.init(rawValue:)) else {
                warnings.append("align: expected depth or leaves, got \(value)")
                continue
            }
            settings.align = align
        } else if key == "maxLines" {
            guard let number = value.doubleValue, number == number.rounded(),
                  let range = LayoutSettings.pointRange(forJSONKey: key), range.contains(number) else {
                warnings.append("maxLines: expected a whole number from 1 to 20, got \(value)")
                continue
            }
            settings.maxLines = Int(number)
        } else if key == "fit" {
            guard let fit = value.stringValue.flatMap(CardFit.init(rawValue:)) else {
                warnings.append("fit: expected auto or fixed, got \(value)")
                continue
            }
            settings.fit = fit
        } else if key == "titleVisible" {
            guard let visible = value.boolValue else {
                warnings.append("titleVisible: expected true or false, got \(value)")
                continue
            }
            settings.titleVisible = visible
        } else if key == "labelAlign" {
            guard let align = value.stringValue.flatMap(LabelAlignment.init(rawValue:)) else {
                warnings.append("labelAlign: expected center or start, got \(value)")
                continue
            }
            settings.labelAlign = align
        } else {
            warnings.append("unknown layout setting \"\(key)\"")
        }
    }
    return (settings, warnings)
}

extension LanguageServer {
    /// Replaces the editor defaults (starting from the tutorial values, so a setting removed from
    /// the configuration goes back to its default).
    func applyLayoutSettings(_ json: JSONValue?, origin: String) {
        guard let json, !json.isNull else {
            defaults = .tutorial
            return
        }
        let (settings, warnings) = readLayoutSettings(json, over: .tutorial)
        for warning in warnings { logMessage("\(origin): \(warning); ignored") }
        defaults = settings
    }

    func didChangeConfiguration(_ notification: DidChangeConfigurationNotification) {
        applyLayoutSettings(notification.settings["bracket"]?["layout"], origin: "settings.bracket.layout")
        // Watched previews depend on the defaults: render them again.
        for uri in documents.keys where preview.isWatched(uri) { preview.markDirty(uri) }
    }
}
