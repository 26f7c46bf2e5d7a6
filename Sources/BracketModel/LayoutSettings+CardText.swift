import BracketBytes
import BracketText

/// How labels become card text under one set of layout settings: the font, the room inside a
/// card, how many lines a label may take, and the card size that holds them. Layout sizes
/// cards with it and `check` reports `long-label` with it, so the warning names exactly the
/// labels whose cards end in "…".
public struct CardTextFit: Sendable, Equatable {
    /// Space kept free between the text and the card's left and right edges.
    public static let horizontalPadding = 8.0
    /// Space kept free between the text block and the card's top and bottom edges.
    public static let verticalPadding = 6.0
    /// Size of the card font when the card is tall enough (the font shrinks for short cards).
    public static let preferredFontSize = 13.0

    public let measurer: TextMeasurer
    public let fit: CardFit
    /// The smallest card (the configured card size).
    public let minWidth: Double
    public let minHeight: Double
    /// The widest a line of text may be.
    public let maxTextWidth: Double
    /// The most lines a label may take.
    public let maxLines: Int

    public init(settings: LayoutSettings) {
        // A card shorter than the tutorial's gets a smaller font, so a fixed card still holds
        // one line (13 points in a 44-point card, as before).
        let fontSize = max(1, min(Self.preferredFontSize, settings.cardHeight * 0.6))
        measurer = TextMeasurer(fontSize: fontSize)
        fit = settings.fit
        minWidth = settings.cardWidth
        minHeight = settings.cardHeight
        let cardWidth = settings.fit == .fixed ? settings.cardWidth : max(settings.cardWidth, settings.maxCardWidth)
        maxTextWidth = max(1, cardWidth - 2 * Self.horizontalPadding)
        let lines = max(1, settings.maxLines)
        switch settings.fit {
        case .auto:
            maxLines = lines
        case .fixed:
            // As many lines as the fixed card holds, at least one.
            let room = settings.cardHeight - 2 * Self.verticalPadding - measurer.ascent - measurer.descent
            let extra = room > 0 ? Int(min(room / measurer.lineHeight, 1000)) : 0
            maxLines = min(lines, 1 + extra)
        }
    }

    /// The lines `label` shows on its card.
    public func wrap(_ label: String) -> WrappedText {
        measurer.wrap(label, maxWidth: maxTextWidth, maxLines: maxLines)
    }

    /// The width of `label` when it is shown whole on one line, else nil: the common case,
    /// answered without the allocations of `wrap` (which gives the same answer).
    @inline(__always)
    public func singleLineWidth(_ label: String) -> Double? {
        label.isEmpty ? nil : measurer.singleLine(label, maxWidth: maxTextWidth)
    }

    // MARK: - The score slot

    /// Space kept free between a card's label and its score (docs/language.md, "How results are
    /// drawn": [padding][label][gap][score][padding]).
    public static let scoreGap = 8.0
    /// What the score slot of a card that advanced through a bye says.
    public static let byeText = "bye"

    /// The widest a score may be drawn: half the room for text, so a label always keeps the
    /// other half; a longer score is cut with "…".
    public var maxScoreWidth: Double { max(1, (maxTextWidth - Self.scoreGap) / 2) }

    /// A score as its slot shows it, on one line, its width at the card font in the weight it
    /// is drawn in (`bold` for a winner's score), and whether it was cut: the score as written
    /// when it fits `maxScoreWidth`, else its first line cut with "…".
    public func scoreSlot(_ score: String, bold: Bool = false) -> ScoreSlotText {
        if bold {
            let line = measurer.boldLine(score, maxWidth: maxScoreWidth)
            return ScoreSlotText(text: line.text, width: line.width, isCut: line.isCut)
        }
        if let width = measurer.singleLine(score, maxWidth: maxScoreWidth) {
            return ScoreSlotText(text: score, width: width, isCut: false)
        }
        let text = measurer.wrap(score, maxWidth: maxScoreWidth, maxLines: 1)
        return ScoreSlotText(text: text.lines.first ?? "", width: text.lineWidths.first ?? 0, isCut: true)
    }

    /// What card `index`'s score slot shows and its width: its score as written (cut to fit;
    /// bold when the card won its match, as the writers draw it), followed by its status's
    /// abbreviation when it did not finish ("2 ret.", "w/o"), else "bye" for a card that
    /// advanced through a bye; nil for no slot. Layout sizes cards with it and the results pass
    /// finds labels the slot crowds out, and scores cut short, with it.
    public func scoreSlot(of nodes: DiagramNodes, _ index: Int) -> ScoreSlotText? {
        if let status = nodes.status(index) {
            return scoreSlot(status.slotText(after: nodes.scores[index]), bold: nodes.outcome(index) == .winner)
        }
        if let score = nodes.scores[index], !score.isEmpty {
            let slot = scoreSlot(score, bold: nodes.outcome(index) == .winner)
            return slot.text.isEmpty ? nil : slot
        }
        return nodes.isByes[index] ? scoreSlot(Self.byeText) : nil
    }

    /// The message of `long-score`: a score wider than its slot may be, drawn cut short.
    var longScoreMessage: String {
        let width = DecimalText.string(maxScoreWidth, decimals: 0)
        return "This score is wider than the \(width) points a score may take (half the card's text room), "
            + "so it is drawn cut short with '…'; shorten it, or raise @max-card-width."
    }

    /// The `long-label` message for a label that fits its card alone but not `beside` what
    /// else the card keeps room for ("its score", "the seed column"), which `crowding` names
    /// for the fix ("the score", "the seeds").
    func longLabelMessage(beside: String, crowding: String) -> String {
        let width = DecimalText.string(maxTextWidth + 2 * Self.horizontalPadding, decimals: 0)
        let lines = maxLines == 1 ? "1 line" : "\(maxLines) lines"
        return fit == .auto
            ? "Beside \(beside) this label needs more than \(lines) on a card at most \(width) points wide, so its card ends in '…'; "
                + "shorten the label or \(crowding), or raise @max-lines or @max-card-width."
            : "Beside \(beside) this label does not fit its fixed card, so the card ends in '…'; "
                + "shorten the label or \(crowding), or use @fit auto to let cards grow."
    }

    /// The room a score slot of `scoreWidth` takes from the label: the score and the gap before it.
    @inline(__always)
    public static func scoreRoom(_ scoreWidth: Double) -> Double { scoreWidth + scoreGap }

    /// `wrap`, for a card whose score slot takes `reserved` points of its text room.
    public func wrap(_ label: String, reserving reserved: Double) -> WrappedText {
        measurer.wrap(label, maxWidth: max(1, maxTextWidth - reserved), maxLines: maxLines)
    }

    /// `singleLineWidth`, for a card whose score slot takes `reserved` points of its text room.
    @inline(__always)
    public func singleLineWidth(_ label: String, reserving reserved: Double) -> Double? {
        label.isEmpty ? nil : measurer.singleLine(label, maxWidth: max(1, maxTextWidth - reserved))
    }

    /// The card's size for text wrapped by `wrap`: at least the configured card size, grown to
    /// the text plus padding (with `fit` auto), never wider than the widest line allows.
    public func cardSize(for text: WrappedText) -> (width: Double, height: Double) {
        cardSize(lineCount: text.lines.count, textWidth: text.width)
    }

    /// The card's size for `lineCount` lines whose widest is `textWidth`. Sizes are whole
    /// points, so positions stay short and exact in every output.
    @inline(__always)
    public func cardSize(lineCount: Int, textWidth: Double) -> (width: Double, height: Double) {
        guard fit == .auto else { return (minWidth, minHeight) }
        let width = max(minWidth, (textWidth + 2 * Self.horizontalPadding).rounded(.up))
        let height = max(minHeight, (textBlockHeight(lines: lineCount) + 2 * Self.verticalPadding).rounded(.up))
        return (width, height)
    }

    /// From the first line's ascent to the last line's descent.
    public func textBlockHeight(lines: Int) -> Double {
        lines > 0 ? measurer.ascent + measurer.descent + Double(lines - 1) * measurer.lineHeight : 0
    }

    /// The fit `check` measures with: the file's own settings over the defaults. (Editor and
    /// command-line defaults are not known to a document; docs/language.md says so.)
    init(fileSettings: SettingOverrides) {
        self.init(settings: fileSettings.applied(to: .tutorial))
    }

    public static func == (lhs: CardTextFit, rhs: CardTextFit) -> Bool {
        lhs.fit == rhs.fit && lhs.minWidth == rhs.minWidth && lhs.minHeight == rhs.minHeight
            && lhs.maxTextWidth == rhs.maxTextWidth && lhs.maxLines == rhs.maxLines
            && lhs.measurer.fontSize == rhs.measurer.fontSize
    }

    // MARK: - Match notes

    /// The font of a match's note (`note=…`): the edge labels' size, smaller than the cards'.
    public var noteMeasurer: TextMeasurer { TextMeasurer(fontSize: max(1, (measurer.fontSize * 11 / 13).rounded())) }

    /// The widest a note's one line may be: the widest card.
    public var maxNoteWidth: Double { maxTextWidth + 2 * Self.horizontalPadding }

    /// The line a match's note is drawn as: one line, cut with "…" past `maxNoteWidth`
    /// (`long-note` says so at the note).
    public func noteLine(_ note: String) -> WrappedText {
        noteMeasurer.wrap(note, maxWidth: maxNoteWidth, maxLines: 1)
    }

    /// The `long-note` message.
    var longNoteMessage: String {
        let width = DecimalText.string(maxNoteWidth, decimals: 0)
        return "This note is drawn on one line at most \(width) points wide, so it ends in '…'; shorten it or raise @max-card-width."
    }

    /// The `long-label` message: what was cut, and which setting makes room.
    var longLabelMessage: String {
        let width = DecimalText.string(maxTextWidth + 2 * Self.horizontalPadding, decimals: 0)
        switch fit {
        case .auto:
            let lines = maxLines == 1 ? "1 line" : "\(maxLines) lines"
            return "This label needs more than \(lines) on a card at most \(width) points wide, so its card ends in '…'; "
                + "shorten it or raise @max-lines or @max-card-width."
        case .fixed:
            let height = DecimalText.string(minHeight, decimals: 0)
            return "This label does not fit its fixed \(width)×\(height) card, so the card ends in '…'; "
                + "shorten it, or use @fit auto to let cards grow."
        }
    }

    /// True when `label` does not fit and its card ends in "…".
    /// A label shown whole on one line is not (the common case, and `singleLineWidth` answers it
    /// without `wrap`'s allocations: a tenth of scanning 1,000 pasted lines went to wrapping).
    public func isTruncated(_ label: String) -> Bool {
        singleLineWidth(label) == nil && wrap(label).isTruncated
    }
}

/// A score slot's text as drawn, its width in the weight it is drawn in, and whether the score
/// was cut with "…" to fit.
public struct ScoreSlotText: Sendable, Hashable {
    public var text: String
    public var width: Double
    public var isCut: Bool

    public init(text: String, width: Double, isCut: Bool) {
        self.text = text
        self.width = width
        self.isCut = isCut
    }
}
