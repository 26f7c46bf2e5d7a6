/// How serious a diagnostic is. Raw values match the order editors sort them in.
public enum Severity: Int, Sendable, Hashable, Comparable, CaseIterable {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4

    public var name: String {
        switch self {
        case .error: "error"
        case .warning: "warning"
        case .information: "information"
        case .hint: "hint"
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A stable, machine-readable name for each kind of problem. The raw value is what users see in
/// `[code]` suffixes, in JSON output and in the LSP `code` field: never rename one.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    // Grouped as `group` says: syntactic first, then semantic, then limits.
    case unterminatedString = "unterminated-string"
    case invalidEscape = "invalid-escape"
    case strayCharacter = "stray-character"
    case unbalancedOpenBrace = "unclosed-brace"
    case unbalancedCloseBrace = "unmatched-close-brace"
    case expectedNode = "expected-node"
    case labelWithoutNode = "label-without-node"
    case settingInBlock = "setting-in-block"
    case missingSettingValue = "missing-setting-value"
    case unclosedBracket = "unclosed-bracket"
    case attributesWithoutNode = "attributes-without-node"
    case expectedAttribute = "expected-attribute"
    case duplicateID = "duplicate-id"
    case missingRoot = "missing-root"
    case multipleRoots = "multiple-roots"
    case unknownSetting = "unknown-setting"
    case invalidSettingValue = "invalid-setting-value"
    case duplicateSetting = "duplicate-setting"
    case emptyLabel = "empty-label"
    case longLabel = "long-label"
    case unknownAttribute = "unknown-attribute"
    case duplicateAttribute = "duplicate-attribute"
    case missingAttributeValue = "missing-attribute-value"
    case unexpectedAttributeValue = "unexpected-attribute-value"
    case multipleWinners = "multiple-winners"
    case winnerWithLowerScore = "winner-with-lower-score"
    case labelContradictsWinner = "label-contradicts-winner"
    case resultOnRoot = "result-on-root"
    case extraRounds = "extra-rounds"
    case winnerWithStatus = "winner-with-status"
    case statusOnEverySide = "status-on-every-side"
    case longScore = "long-score"
    case partNotANumber = "part-not-a-number"
    case partsMismatch = "parts-mismatch"
    case winnerContradictsParts = "winner-contradicts-parts"
    case levelWithoutDecider = "level-without-decider"
    case longNote = "long-note"
    case noteOnLeaf = "note-on-leaf"
    case invalidColour = "invalid-color"
    case lowContrast = "low-contrast"
    // docs/language.md lists each limit.
    case limitExceeded = "limit-exceeded"

    /// The three groups of codes: what the parser had to guess at, what the whole tree says,
    /// and the documented limits.
    public enum Group: Sendable {
        /// Lexical and syntactic problems, found in the lossless tree: the parser had to guess,
        /// so the tree's shape is uncertain.
        case syntactic
        /// Problems of meaning: the tree's shape is sure, what it says is wrong.
        case semantic
        /// A documented limit passed.
        case limit
    }

    /// Which group the code belongs to; the one list of syntactic codes.
    public var group: Group {
        switch self {
        case .unterminatedString, .invalidEscape, .strayCharacter, .unbalancedOpenBrace, .unbalancedCloseBrace,
            .expectedNode, .labelWithoutNode, .settingInBlock, .missingSettingValue, .unclosedBracket,
            .attributesWithoutNode, .expectedAttribute:
            .syntactic
        case .duplicateID, .missingRoot, .multipleRoots, .unknownSetting, .invalidSettingValue, .duplicateSetting,
            .emptyLabel, .longLabel, .unknownAttribute, .duplicateAttribute, .missingAttributeValue,
            .unexpectedAttributeValue, .multipleWinners, .winnerWithLowerScore, .labelContradictsWinner, .resultOnRoot,
            .extraRounds, .winnerWithStatus, .statusOnEverySide, .longScore, .partNotANumber, .partsMismatch,
            .winnerContradictsParts, .levelWithoutDecider, .longNote, .noteOnLeaf, .invalidColour, .lowContrast:
            .semantic
        case .limitExceeded:
            .limit
        }
    }
}

/// A secondary location a diagnostic points at, such as the first definition of a duplicate ID.
public struct RelatedLocation: Hashable, Sendable {
    public var range: ByteRange
    public var message: String

    public init(range: ByteRange, message: String) {
        self.range = range
        self.message = message
    }
}

/// Extra hints editors use to render a diagnostic (LSP `DiagnosticTag`).
public enum DiagnosticTag: Int, Sendable, Hashable {
    /// The marked text has no effect (an ignored repeated setting, say): editors fade it.
    case unnecessary = 1
}

/// One problem found in a document: where, how bad, which kind, and a sentence a person understands.
public struct Diagnostic: Hashable, Sendable {
    public var range: ByteRange
    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var related: [RelatedLocation]
    public var tags: [DiagnosticTag]

    public init(
        range: ByteRange, severity: Severity, code: DiagnosticCode, message: String,
        related: [RelatedLocation] = [], tags: [DiagnosticTag] = []
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.message = message
        self.related = related
        self.tags = tags
    }

    /// Moves the diagnostic and everything it points at by `delta` bytes.
    public func shifted(by delta: Int) -> Diagnostic {
        var copy = self
        copy.range = range.shifted(by: delta)
        copy.related = related.map { RelatedLocation(range: $0.range.shifted(by: delta), message: $0.message) }
        return copy
    }
}

extension Diagnostic: CustomStringConvertible {
    public var description: String {
        "\(severity.name) \(code.rawValue) at \(range)" + (related.isEmpty ? "" : " (related \(related.map(\.range)))")
    }
}
