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

    /// The accepted values, as a person would read them in a message.
    var expectation: String {
        switch self {
        case .title: "a quoted title"
        case .cardWidth, .cardHeight: "a number of points from 8 to 2000"
        case .levelGap, .leafGap, .margin: "a number of points from 0 to 1000"
        case .root: "one of right, left, top, bottom"
        case .align: "one of depth, leaves"
        }
    }

    var numberRange: ClosedRange<Double>? {
        switch self {
        case .cardWidth, .cardHeight: 8...2000
        case .levelGap, .leafGap, .margin: 0...1000
        default: nil
        }
    }

    /// Puts a value token into `overrides`; false when the value is not acceptable.
    func apply(kind: TokenKind, text: ArraySlice<UInt8>, to overrides: inout SettingOverrides) -> Bool {
        switch self {
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
        case .cardWidth, .cardHeight, .levelGap, .leafGap, .margin:
            guard kind == .word, let number = parsePoints(text), let range = numberRange, range.contains(number) else {
                return false
            }
            switch self {
            case .cardWidth: overrides.cardWidth = number
            case .cardHeight: overrides.cardHeight = number
            case .levelGap: overrides.levelGap = number
            case .leafGap: overrides.leafGap = number
            default: overrides.margin = number
            }
            return true
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
