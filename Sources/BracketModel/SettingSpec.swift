import BracketSyntax

/// The settings a file may give with `@key value`, their value types and their valid ranges.
enum SettingSpec: String, CaseIterable {
    case title
    case cardWidth = "card-width"
    case cardHeight = "card-height"
    case levelGap = "level-gap"
    case leafGap = "leaf-gap"
    case margin
    case root
    case align
    case maxCardWidth = "max-card-width"
    case maxLines = "max-lines"
    case fit
    case titleVisible = "title-visible"
    case rounds

    /// The accepted values, as a person would read them in a message.
    var expectation: String {
        switch self {
        case .title: "a quoted title"
        case .cardWidth, .cardHeight: "a number of points from 8 to 2000"
        case .levelGap, .leafGap, .margin: "a number of points from 0 to 1000"
        case .root: "one of right, left, top, bottom, center"
        case .align: "one of depth, leaves"
        case .maxCardWidth: "a number of points from 8 to 4000"
        case .maxLines: "a whole number of lines from 1 to 20"
        case .fit: "one of auto, fixed"
        case .titleVisible: "true or false"
        case .rounds: "auto, or one quoted name per level from the deepest to the root's"
        }
    }

    var numberRange: ClosedRange<Double>? {
        switch self {
        case .cardWidth, .cardHeight: 8...2000
        case .levelGap, .leafGap, .margin: 0...1000
        case .maxCardWidth: 8...4000
        case .maxLines: 1...20
        default: nil
        }
    }

    /// True for the one setting that takes a list of values (`@rounds "A" "B"`).
    var takesList: Bool { self == .rounds }

    /// Puts a setting's value tokens into `overrides`; the index of the first value that is not
    /// acceptable, or nil when all are. A setting that takes one value refuses a second.
    func apply(values: [(kind: TokenKind, range: ByteRange)], source: TextBuffer, to overrides: inout SettingOverrides)
        -> Int?
    {
        guard let first = values.first else { return 0 }
        guard takesList else {
            if !apply(kind: first.kind, text: source[first.range.start..<first.range.end], to: &overrides) { return 0 }
            return values.count > 1 ? 1 : nil
        }
        if first.kind == .word {
            guard String(decoding: source[first.range.start..<first.range.end], as: UTF8.self) == "auto" else { return 0 }
            overrides.rounds = .auto
            return values.count > 1 ? 1 : nil
        }
        var names: [String] = []
        names.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard value.kind == .string else { return index }
            let label = LabelText(token: source[value.range.start..<value.range.end])
            guard label.isTerminated, label.invalidEscapes.isEmpty else { return index }
            names.append(label.value)
        }
        overrides.rounds = .names(names)
        return nil
    }

    /// Puts a value token into `overrides`; false when the value is not acceptable.
    func apply(kind: TokenKind, text: ArraySlice<UInt8>, to overrides: inout SettingOverrides) -> Bool {
        switch self {
        case .rounds:
            return false  // a list: `apply(values:source:to:)` reads it
        case .title:
            switch kind {
            case .string:
                let label = LabelText(token: text)
                guard label.isTerminated, label.invalidEscapes.isEmpty else { return false }
                overrides.title = label.value
            case .word: overrides.title = String(decoding: text, as: UTF8.self)
            default: return false
            }
            return true
        case .root:
            guard kind == .word, let side = RootSide(rawValue: String(decoding: text, as: UTF8.self)) else { return false }
            overrides.root = side
            return true
        case .align:
            guard kind == .word, let align = LeafAlignment(rawValue: String(decoding: text, as: UTF8.self)) else { return false }
            overrides.align = align
            return true
        case .fit:
            guard kind == .word, let fit = CardFit(rawValue: String(decoding: text, as: UTF8.self)) else { return false }
            overrides.fit = fit
            return true
        case .titleVisible:
            guard kind == .word, let visible = Self.boolean(text) else { return false }
            overrides.titleVisible = visible
            return true
        case .maxLines:
            // A whole number: "2.5 lines" is a typo, not a request.
            guard kind == .word, let number = parsePoints(text), let range = numberRange, range.contains(number),
                  number == number.rounded(), !text.contains(0x2E) else { return false }
            overrides.maxLines = Int(number)
            return true
        case .cardWidth, .cardHeight, .levelGap, .leafGap, .margin, .maxCardWidth:
            guard kind == .word, let number = parsePoints(text), let range = numberRange, range.contains(number) else {
                return false
            }
            switch self {
            case .cardWidth: overrides.cardWidth = number
            case .cardHeight: overrides.cardHeight = number
            case .levelGap: overrides.levelGap = number
            case .leafGap: overrides.leafGap = number
            case .maxCardWidth: overrides.maxCardWidth = number
            default: overrides.margin = number
            }
            return true
        }
    }
}

extension SettingSpec {
    /// `true` or `false`, as written.
    static func boolean(_ text: ArraySlice<UInt8>) -> Bool? {
        switch String(decoding: text, as: UTF8.self) {
        case "true": true
        case "false": false
        default: nil
        }
    }
}

/// Parses `12`, `12.5` or `.5`-free decimal notation; anything else (exponents, signs, `1.2.3`)
/// is refused so that a typo is reported rather than guessed at.
func parsePoints(_ text: ArraySlice<UInt8>) -> Double? {
    var sawDot = false
    var digits = 0
    for byte in text {
        if byte == 0x2E {
            if sawDot { return nil }
            sawDot = true
        } else if byte >= 0x30 && byte <= 0x39 {
            digits += 1
        } else {
            return nil
        }
    }
    guard digits > 0, text.first != 0x2E, text.last != 0x2E else { return nil }
    return Double(String(decoding: text, as: UTF8.self))
}
