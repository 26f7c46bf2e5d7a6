import BracketModel
import BracketText

/// The header of one level (`@rounds`), as drawn: above its column when levels are columns,
/// beside its row when the root is on the top or bottom.
public struct LevelHeader: Sendable, Hashable {
    /// The level's depth from the root (0 = the root's level).
    public var level: Int
    /// The header as written (empty for a level without one).
    public var text: String
    /// The drawn lines (wrapped to the room the level allows, "…" past two lines).
    public var lines: [String]
    /// Measured width of each line at `Geometry.headerFontSize`.
    public var lineWidths: [Double]
    /// Centre of the text block, in content coordinates.
    public var center: Point
    /// Size of the text block: the widest line by the lines' height (0 × 0 when empty).
    public var width: Double
    public var height: Double

    public init(
        level: Int, text: String, lines: [String], lineWidths: [Double], center: Point, width: Double, height: Double
    ) {
        self.level = level
        self.text = text
        self.lines = lines
        self.lineWidths = lineWidths
        self.center = center
        self.width = width
        self.height = height
    }
}

/// An edge label (`edge=…`) as drawn: a box on the connector's segment nearest the child,
/// in the gap next to the child's level, which the layout widened to hold it.
public struct EdgeLabelBox: Sendable, Hashable {
    /// Index of the connector (into `Geometry.edgeChildren`).
    public var connector: Int
    /// The drawn lines and their widths, in one shared reference: a structural relayout copies
    /// every box of a decision tree (renumbered, moved), and one reference a box is half the
    /// reference counting of two arrays.
    private var text: EdgeLabelText
    /// Centre of the box, on the connector.
    public var center: Point
    /// Size of the box: the text plus its padding, which the drawn background fills.
    public var width: Double
    public var height: Double

    /// The drawn lines (at most two; "…" past them).
    public var lines: [String] {
        get { text.lines }
        set { text = EdgeLabelText(lines: newValue, widths: text.widths) }
    }
    /// Measured width of each line at `Geometry.edgeLabelFontSize`.
    public var lineWidths: [Double] {
        get { text.widths }
        set { text = EdgeLabelText(lines: text.lines, widths: newValue) }
    }

    public init(connector: Int, lines: [String], lineWidths: [Double], center: Point, width: Double, height: Double) {
        self.connector = connector
        text = EdgeLabelText(lines: lines, widths: lineWidths)
        self.center = center
        self.width = width
        self.height = height
    }

    /// This box with its text on another connector and centre.
    func moved(connector: Int, center: Point) -> EdgeLabelBox {
        var box = self
        box.connector = connector
        box.center = center
        return box
    }

    public static func == (a: EdgeLabelBox, b: EdgeLabelBox) -> Bool {
        a.connector == b.connector && a.center == b.center && a.width == b.width && a.height == b.height
            && (a.text === b.text || (a.text.lines == b.text.lines && a.text.widths == b.text.widths))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(connector)
        hasher.combine(text.lines)
        hasher.combine(width)
        hasher.combine(height)
    }
}

/// An edge label's lines and their measured widths (`EdgeLabelBox`), never changed once made.
private final class EdgeLabelText: Sendable {
    let lines: [String]
    let widths: [Double]

    init(lines: [String], widths: [Double]) {
        self.lines = lines
        self.widths = widths
    }
}

/// Measures headers and edge labels, sized from the cards' font so everything scales together.
struct DecorationText {
    let header: TextMeasurer
    let edge: TextMeasurer

    init(cardFontSize: Double) {
        header = TextMeasurer(fontSize: cardFontSize)
        edge = TextMeasurer(fontSize: max(1, (cardFontSize * 11 / 13).rounded()))
    }

    /// Padding around an edge label's text, inside its background box.
    var edgePadding: (x: Double, y: Double) { (4, 2) }
    /// Free space between an edge label's box and the card or bend beside it.
    var edgeClearance: Double { 4 }
    /// Space between the header row (or column) and the cards.
    var headerGap: Double { (header.fontSize * 12 / 13).rounded() }

    /// A header's text wrapped into `maxWidth`, with its block's size in whole points.
    func headerText(_ text: String, maxWidth: Double) -> (lines: [String], widths: [Double], size: Size) {
        block(text, measurer: header, maxWidth: maxWidth, maxLines: 2, padding: (0, 0))
    }

    /// An edge label wrapped into `maxWidth` (box padding included) in at most `maxLines` lines.
    func edgeText(_ text: String, maxWidth: Double, maxLines: Int) -> (lines: [String], widths: [Double], size: Size) {
        block(text, measurer: edge, maxWidth: maxWidth, maxLines: maxLines, padding: edgePadding)
    }

    /// The height of an edge label box of `lines` lines.
    func edgeHeight(lines: Int) -> Double {
        (edge.ascent + edge.descent + Double(max(lines, 1) - 1) * edge.lineHeight + 2 * edgePadding.y).rounded(.up)
    }

    private func block(
        _ text: String, measurer: TextMeasurer, maxWidth: Double, maxLines: Int, padding: (x: Double, y: Double)
    ) -> (lines: [String], widths: [Double], size: Size) {
        guard !text.isEmpty else { return ([], [], Size(width: 0, height: 0)) }
        let wrapped = measurer.wrap(text, maxWidth: max(1, maxWidth - 2 * padding.x), maxLines: maxLines)
        guard !wrapped.lines.isEmpty else { return ([], [], Size(width: 0, height: 0)) }
        var widths = Array(wrapped.lineWidths.prefix(wrapped.lines.count))
        while widths.count < wrapped.lines.count { widths.append(0) }
        let lineCount = Double(wrapped.lines.count)
        let height = measurer.ascent + measurer.descent + (lineCount - 1) * measurer.lineHeight + 2 * padding.y
        return (wrapped.lines, widths, Size(width: (wrapped.width + 2 * padding.x).rounded(.up), height: height.rounded(.up)))
    }
}
