import BracketSyntax

/// The file's `@` settings, declared once: every setting a file may give with `@key value` is
/// one entry of `SettingSpec.all`, and the diagnostics (unknown setting, missing or refused
/// value), storage into `SettingOverrides`, completion, hover, the JSON names (editor
/// configuration, geometry JSON), the CLI's layout flags and the numeric ranges all read it.
/// Adding a setting is one entry here (plus its field in `SettingOverrides`, docs and a fixture).
public struct SettingSpec: Sendable {
    /// The name as written, without the `@`: `card-width`.
    public let name: String
    /// What its value looks like.
    public let grammar: SettingGrammar
    /// The accepted values, as a person would read them in a message.
    public let expectation: String
    /// One sentence saying what it does, for hover and completion.
    public let summary: String
    /// Its key in editor configuration and the geometry JSON's `settings`; nil for settings
    /// that belong to one file (`@title`, `@rounds`).
    public let jsonKey: String?
    /// The `bracket` command's flag that sets its default, if there is one.
    public let cliFlag: String?
    /// Puts an accepted value into the overrides; false when the value is not one it takes.
    let store: @Sendable (SettingValue, inout SettingOverrides) -> Bool

    /// Every setting, in declaration order (the order completion and messages list them).
    public static let all: [SettingSpec] = [
        SettingSpec(
            name: "title", grammar: .text, expectation: "a quoted title",
            summary: "The diagram's title: drawn above the picture and the SVG's accessible title.",
            jsonKey: nil, cliFlag: "--title") { value, overrides in
                guard case .text(let text) = value else { return false }
                overrides.title = text
                return true
            },
        number("card-width", 8...2000, key: "cardWidth", \.cardWidth,
               summary: "The smallest card width, in points (every card's width with `@fit fixed`)."),
        number("card-height", 8...2000, key: "cardHeight", \.cardHeight,
               summary: "The smallest card height, in points (every card's height with `@fit fixed`)."),
        number("level-gap", 0...1000, key: "levelGap", \.levelGap,
               summary: "The gap between depth levels, in points."),
        number("leaf-gap", 0...1000, key: "leafGap", \.leafGap,
               summary: "The gap between neighbouring leaves, in points."),
        number("margin", 0...1000, key: "margin", \.margin,
               summary: "The margin around the whole picture, in points."),
        choice("root", RootSide.self, key: "root", \.root,
               expectation: "one of right, left, top, bottom, center",
               summary: "The side the root sits on; the tree grows away from it. `center` is a two-sided draw."),
        choice("align", LeafAlignment.self, key: "align", \.align,
               expectation: "one of depth, leaves",
               summary: "`depth`: each node in the level of its depth; `leaves`: all leaves line up in the deepest level."),
        number("max-card-width", 8...4000, key: "maxCardWidth", \.maxCardWidth,
               summary: "The widest a card grows to fit its label, in points."),
        SettingSpec(
            name: "max-lines", grammar: .number(1...20, whole: true),
            expectation: "a whole number of lines from 1 to 20",
            summary: "The most lines a label takes; past them its last line ends in \"…\".",
            jsonKey: "maxLines", cliFlag: "--max-lines") { value, overrides in
                guard case .number(let number) = value else { return false }
                overrides.maxLines = Int(number)
                return true
            },
        choice("fit", CardFit.self, key: "fit", \.fit,
               expectation: "one of auto, fixed",
               summary: "`auto`: cards grow to fit their labels; `fixed`: every card is the card size."),
        SettingSpec(
            name: "title-visible", grammar: .flag, expectation: "true or false",
            summary: "`false` hides the drawn title; the accessible title stays.",
            jsonKey: "titleVisible", cliFlag: nil) { value, overrides in
                guard case .flag(let visible) = value else { return false }
                overrides.titleVisible = visible
                return true
            },
        SettingSpec(
            name: "rounds", grammar: .list,
            expectation: "auto, or one quoted name per level from the deepest to the root's",
            summary: "A header over each level: `auto`, or one quoted name per level from the deepest to the root's.",
            jsonKey: nil, cliFlag: nil) { value, overrides in
                guard case .rounds(let headers) = value else { return false }
                overrides.rounds = headers
                return true
            },
        choice("label-align", LabelAlignment.self, key: "labelAlign", \.labelAlign,
               expectation: "one of center, start",
               summary: "`center`: label lines centred on their card; `start`: starting at the card's left edge, as brackets print names."),
        SettingSpec(
            name: "champion", grammar: .choice(ChampionDisplay.allCases.map(\.rawValue)),
            expectation: "one of shown, hidden",
            summary: "`shown`: the root's card, the champion's, in a column after the final; `hidden`: no champion card and no column, so the final's two competitors end the bracket, as printed draws do.",
            jsonKey: nil, cliFlag: nil) { value, overrides in
                guard case .word(let word) = value, let choice = ChampionDisplay(rawValue: word) else { return false }
                overrides.champion = choice
                return true
            },
        SettingSpec(
            name: "class", grammar: .classLook, expectation: SettingGrammar.classLookExpectation,
            summary: "How a class's cards look: `@class finance \"Finance\" [fill=\"#e8f0fe\", border=\"#1a73e8\", text=\"#202124\"]`; a class given no fill takes a colour-blind-safe palette colour. Once per class.",
            jsonKey: nil, cliFlag: nil) { value, overrides in
                guard case .classLook(let look) = value else { return false }
                overrides.classLooks.append(look)
                return true
            },
    ]

    /// The setting called `name` (without the `@`), or nil when there is none.
    public static func named(_ name: String) -> SettingSpec? { all.first { $0.name == name } }

    /// The accepted range of a numeric setting; nil for the others.
    public var numberRange: ClosedRange<Double>? {
        if case .number(let range, _) = grammar { return range }
        return nil
    }

    /// The words it accepts as its value, for completion (empty for numbers and text).
    public var valueChoices: [String] {
        switch grammar {
        case .choice(let words): words
        case .flag: ["true", "false"]
        case .list: ["auto"]
        case .number, .text, .classLook: []
        }
    }

    /// True for a setting that takes a list of values (`@rounds "A" "B"`).
    var takesList: Bool { if case .list = grammar { true } else { false } }

    /// A number of points in `range`, stored at `path`; its flag is `--name`.
    private static func number(
        _ name: String, _ range: ClosedRange<Double>, key: String,
        _ path: WritableKeyPath<SettingOverrides, Double?> & Sendable, summary: String
    ) -> SettingSpec {
        SettingSpec(
            name: name, grammar: .number(range, whole: false),
            expectation: "a number of points from \(Int(range.lowerBound)) to \(Int(range.upperBound))",
            summary: summary, jsonKey: key, cliFlag: "--" + name) { value, overrides in
                guard case .number(let number) = value else { return false }
                overrides[keyPath: path] = number
                return true
            }
    }

    /// One word of `Choice`'s cases, stored at `path`; its flag is `--name`.
    private static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ type: Choice.Type, key: String,
        _ path: WritableKeyPath<SettingOverrides, Choice?> & Sendable, expectation: String, summary: String
    ) -> SettingSpec where Choice.RawValue == String {
        SettingSpec(
            name: name, grammar: .choice(Choice.allCases.map(\.rawValue)), expectation: expectation,
            summary: summary, jsonKey: key, cliFlag: "--" + name) { value, overrides in
                guard case .word(let word) = value, let choice = Choice(rawValue: word) else { return false }
                overrides[keyPath: path] = choice
                return true
            }
    }
}

/// What a setting's value looks like.
public enum SettingGrammar: Sendable, Hashable {
    /// A number in the range (`whole`: no fraction, written without a dot).
    case number(ClosedRange<Double>, whole: Bool)
    /// One of these words.
    case choice([String])
    /// A quoted text (or one word).
    case text
    /// `true` or `false`.
    case flag
    /// `auto`, or one or more quoted names.
    case list
    /// `@class`: a class name, an optional quoted description and an optional `[key=colour …]`
    /// list (`ClassLook.read`). Each class is one setting of its own: defined once per name.
    case classLook
}

/// A setting's value once read by its grammar, before it is stored.
enum SettingValue {
    case number(Double)
    case word(String)
    case text(String)
    case flag(Bool)
    case rounds(RoundHeaders)
    case classLook(ClassLook)
}

extension SettingSpec {
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
            _ = store(.rounds(.auto), &overrides)
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
        _ = store(.rounds(.names(names)), &overrides)
        return nil
    }

    /// Puts a value token into `overrides`; false when the value is not acceptable.
    func apply(kind: TokenKind, text: ArraySlice<UInt8>, to overrides: inout SettingOverrides) -> Bool {
        guard let value = read(kind: kind, text: text) else { return false }
        return store(value, &overrides)
    }

    /// A single value token read by the grammar; nil when it is not one the setting takes.
    private func read(kind: TokenKind, text: ArraySlice<UInt8>) -> SettingValue? {
        switch grammar {
        case .list, .classLook:
            return nil  // a list: `apply(values:source:to:)` reads it; a look: `ClassLook.read`
        case .text:
            switch kind {
            case .string:
                let label = LabelText(token: text)
                guard label.isTerminated, label.invalidEscapes.isEmpty else { return nil }
                return .text(label.value)
            case .word: return .text(String(decoding: text, as: UTF8.self))
            default: return nil
            }
        case .choice(let words):
            let word = String(decoding: text, as: UTF8.self)
            guard kind == .word, words.contains(word) else { return nil }
            return .word(word)
        case .flag:
            guard kind == .word, let flag = Self.boolean(text) else { return nil }
            return .flag(flag)
        case .number(let range, let whole):
            // A whole number: "2.5 lines" is a typo, not a request.
            guard kind == .word, let number = parsePoints(text), range.contains(number) else { return nil }
            guard !whole || (number == number.rounded() && !text.contains(0x2E)) else { return nil }
            return .number(number)
        }
    }

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

extension SettingSpec {
    /// Puts a command-line argument given to `cliFlag` into `overrides`; false when it is not a
    /// value the setting takes. Numbers are read as Swift reads them (`Int` for whole ones).
    public func storeArgument(_ text: String, into overrides: inout SettingOverrides) -> Bool {
        let value: SettingValue
        switch grammar {
        case .number(let range, let whole):
            let number = whole ? Int(text).map(Double.init) : Double(text)
            guard let number, range.contains(number) else { return false }
            value = .number(number)
        case .choice(let words):
            guard words.contains(text) else { return false }
            value = .word(text)
        case .flag:
            guard let flag = Self.boolean(ArraySlice(text.utf8)) else { return false }
            value = .flag(flag)
        case .text: value = .text(text)
        case .list, .classLook: return false
        }
        return store(value, &overrides)
    }

    /// What `cliFlag` accepts, for its error message: `needs a number from 8 to 2000`.
    public var argumentExpectation: String {
        switch grammar {
        case .number(let range, let whole):
            "needs a \(whole ? "whole " : "")number from \(Int(range.lowerBound)) to \(Int(range.upperBound))"
        case .choice(let words):
            "must be " + (words.count > 1 ? words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1] : words.joined())
        case .flag: "must be true or false"
        case .text, .list, .classLook: "needs " + expectation
        }
    }
}
