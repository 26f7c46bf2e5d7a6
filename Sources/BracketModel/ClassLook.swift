import BracketSyntax

/// How the cards of one class look, as `@class NAME "DESCRIPTION" [fill=…, border=…, text=…]`
/// defines it: every part optional. A class given no fill takes a palette colour
/// (`ResolvedClasses`).
public struct ClassLook: Sendable, Hashable {
    public var name: String
    /// What the class stands for, for the legend and hover; nil when not given.
    public var description: String?
    public var fill: Colour?
    public var border: Colour?
    public var text: Colour?

    public init(name: String, description: String? = nil, fill: Colour? = nil, border: Colour? = nil, text: Colour? = nil) {
        self.name = name
        self.description = description
        self.fill = fill
        self.border = border
        self.text = text
    }

    /// The keys a look's attribute list takes, in the order completion offers them.
    public static let keys = ["fill", "border", "text"]

    /// The look a `@class` line defines and the problems with it (all of them inside the line).
    /// The look is nil when the line names no valid class; a key that is unknown, repeated or
    /// whose colour is not one is left out of the look.
    static func read(_ setting: SettingSyntax, source: TextBuffer) -> (look: ClassLook?, problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        let values = setting.values
        func text(_ range: ByteRange) -> String { String(decoding: source[range.start..<range.end], as: UTF8.self) }
        guard let first = values.first, first.kind == .word, AttributeGrammar.isName(Substring(text(first.range))) else {
            if let first = values.first {
                problems.append(Diagnostic(
                    range: first.range, severity: .error, code: .invalidSettingValue,
                    message: "'\(text(first.range))' is not a class name: expected \(SettingGrammar.classLookExpectation)."))
            }
            return (nil, problems)
        }
        var look = ClassLook(name: text(first.range))
        if values.count > 1 {
            let label = LabelText(token: source[values[1].range.start..<values[1].range.end])
            if label.isTerminated, label.invalidEscapes.isEmpty { look.description = label.value }
        }
        if values.count > 2 {
            problems.append(Diagnostic(
                range: ByteRange(values[2].range.start, values[values.count - 1].range.end), severity: .error,
                code: .invalidSettingValue,
                message: "'@class' takes a name and one quoted description; '\(text(values[2].range))' is extra."))
        }
        guard let list = setting.attributes else { return (look, problems) }
        if !list.isClosed {
            problems.append(Diagnostic(
                range: list.openBracket, severity: .error, code: .unclosedBracket,
                message: "This '[' is never closed: add ']' after the class's colours."))
        }
        for stray in list.strays {
            problems.append(Diagnostic(
                range: stray.range, severity: .error, code: .expectedAttribute,
                message: "Expected one of \(keys.joined(separator: ", ")) here, written key=colour."))
        }
        var seen: Set<String> = []
        for attribute in list.attributes {
            let key = text(attribute.key)
            guard keys.contains(key) else {
                let near = NearestName.nearest(to: key, in: keys).map { " Did you mean '\($0)'?" } ?? ""
                problems.append(Diagnostic(
                    range: attribute.key, severity: .error, code: .unknownAttribute,
                    message: "'\(key)' is not part of a class's look; it takes \(keys.joined(separator: ", ")).\(near)"))
                continue
            }
            guard seen.insert(key).inserted else {
                problems.append(Diagnostic(
                    range: attribute.range, severity: .warning, code: .duplicateAttribute,
                    message: "'\(key)' is already given for this class; this repeat is ignored.", tags: [.unnecessary]))
                continue
            }
            guard let value = attribute.value else {
                problems.append(Diagnostic(
                    range: attribute.key, severity: .error, code: .missingAttributeValue,
                    message: "'\(key)' needs a colour: \(key)=teal or \(key)=\"#1a73e8\"."))
                continue
            }
            guard let colour = colourValue(value, source: source, problems: &problems) else { continue }
            switch key {
            case "fill": look.fill = colour
            case "border": look.border = colour
            default: look.text = colour
            }
        }
        return (look, problems)
    }

    /// A colour value token read (a word or a quoted text), or nil with its problem appended.
    static func colourValue(
        _ value: (kind: TokenKind, range: ByteRange), source: TextBuffer, problems: inout [Diagnostic]
    ) -> Colour? {
        var written = String(decoding: source[value.range.start..<value.range.end], as: UTF8.self)
        if value.kind == .string {
            let label = LabelText(token: source[value.range.start..<value.range.end])
            // The string's own errors (no closing quote, a bad escape) are reported where it is.
            guard label.isTerminated, label.invalidEscapes.isEmpty else { return nil }
            written = label.value
        }
        if let colour = Colour(text: written) { return colour }
        let near = written.hasPrefix("#") ? nil : Colour.nearestName(to: written)
        problems.append(Diagnostic(
            range: value.range, severity: .error, code: .invalidColour,
            message: "'\(written)' is not a colour: expected \(Colour.expectation)."
                + (near.map { " Did you mean '\($0)'?" } ?? "")))
        return nil
    }
}

extension SettingGrammar {
    /// What a `@class` line holds, for messages.
    static let classLookExpectation =
        "a class name (a letter, then letters, digits, '-' or '_'), then optionally a quoted description and [fill=…, border=…, text=…]"
}
