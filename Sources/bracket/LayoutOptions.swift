import BracketModel

/// The layout flags shared by render, geometry and export. They replace the built-in defaults
/// only: a file's own `@` settings still win, as in the editor.
struct LayoutOptions {
    var defaults = LayoutSettings.tutorial

    /// Handles `flag` if it is a layout flag; returns false when it is not one.
    mutating func accept(_ flag: String, _ scanner: inout ArgumentScanner) throws(CommandError) -> Bool {
        switch flag {
        case "--root":
            let value = try scanner.value(for: flag)
            guard let side = RootSide(rawValue: value) else {
                throw CommandError("--root must be right, left, top or bottom, not '\(value)'")
            }
            defaults.root = side
        case "--align":
            let value = try scanner.value(for: flag)
            guard let align = LeafAlignment(rawValue: value) else {
                throw CommandError("--align must be depth or leaves, not '\(value)'")
            }
            defaults.align = align
        case "--card-width": defaults.cardWidth = try Self.length(flag, &scanner, allowZero: false)
        case "--card-height": defaults.cardHeight = try Self.length(flag, &scanner, allowZero: false)
        case "--level-gap": defaults.levelGap = try Self.length(flag, &scanner, allowZero: true)
        case "--leaf-gap": defaults.leafGap = try Self.length(flag, &scanner, allowZero: true)
        case "--margin": defaults.margin = try Self.length(flag, &scanner, allowZero: true)
        case "--max-card-width":
            // The ranges of the file's own settings (SettingSpec), by their JSON names.
            let text = try scanner.value(for: flag), range = LayoutSettings.pointRange(forJSONKey: "maxCardWidth") ?? 8...4000
            guard let value = Double(text), range.contains(value) else {
                throw CommandError("--max-card-width needs a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not '\(text)'")
            }
            defaults.maxCardWidth = value
        case "--max-lines":
            let text = try scanner.value(for: flag), range = LayoutSettings.pointRange(forJSONKey: "maxLines") ?? 1...20
            guard let value = Int(text), range.contains(Double(value)) else {
                throw CommandError("--max-lines needs a whole number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not '\(text)'")
            }
            defaults.maxLines = value
        case "--fit":
            let value = try scanner.value(for: flag)
            guard let fit = CardFit(rawValue: value) else { throw CommandError("--fit must be auto or fixed, not '\(value)'") }
            defaults.fit = fit
        default: return false
        }
        return true
    }

    private static func length(
        _ flag: String, _ scanner: inout ArgumentScanner, allowZero: Bool
    ) throws(CommandError) -> Double {
        let text = try scanner.value(for: flag)
        // The same ranges a file's own @ settings accept (SettingSpec): 8...2000 for cards, 0...1000 for gaps.
        let range: ClosedRange<Double> = allowZero ? 0...1000 : 8...2000
        guard let value = Double(text), range.contains(value) else {
            throw CommandError("\(flag) needs a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not '\(text)'")
        }
        return value
    }
}
