/// A label broken into the lines a card shows.
public struct WrappedText: Hashable, Sendable {
    /// Exact strings to draw, in logical order (right-to-left text is not reordered), after
    /// wrapping and any "…". Empty for an empty label.
    public var lines: [String]
    /// Measured width of each line in pixels (`TextMeasurer.width(of:)` of that line).
    public var lineWidths: [Double]
    /// The text needed more than `maxLines` lines and was cut: the last line ends in "…".
    public var isTruncated: Bool

    public init(lines: [String], lineWidths: [Double], isTruncated: Bool) {
        self.lines = lines
        self.lineWidths = lineWidths
        self.isTruncated = isTruncated
    }

    /// The widest line's width in pixels (0 for no lines).
    public var width: Double { lineWidths.max() ?? 0 }
}
