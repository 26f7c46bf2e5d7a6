import BracketBytes
import BracketModel
import BracketText

/// A point in content coordinates: origin at the top-left of the content (margin excluded),
/// y growing downwards, in points.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Where one card goes and what it shows. Index-aligned with `Diagram.nodes`.
public struct Card: Sendable, Hashable {
    /// Centre of the card.
    public var center: Point
    /// The card's own size: along the depth axis every card of a level shares the level's
    /// extent; along the leaf axis each card has its own.
    public var width: Double
    public var height: Double
    public var depth: Int
    /// The text lines the card shows, exactly (after wrapping and any "…").
    public var lines: [String]
    /// Measured width of each line at `fontSize`, in points.
    public var lineWidths: [Double]
    /// True when the label did not fit and its last line ends in "…".
    public var isTruncated: Bool
    public var fontSize: Double

    public init(
        center: Point, width: Double, height: Double, depth: Int,
        lines: [String] = [], lineWidths: [Double] = [], isTruncated: Bool = false, fontSize: Double = 13
    ) {
        self.center = center
        self.width = width
        self.height = height
        self.depth = depth
        self.lines = lines
        self.lineWidths = lineWidths
        self.isTruncated = isTruncated
        self.fontSize = fontSize
    }
}

/// A card's size.
public struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// The lines every card shows, stored flat: one array of strings for the whole diagram, and
/// where each card's lines start. (An array of lines per card cost two allocations a card.)
public struct CardLines: Sendable, Hashable {
    /// Every card's lines, card after card.
    public private(set) var strings: [String] = []
    /// Measured width of each string.
    public private(set) var widths: [Double] = []
    /// `starts[i] ..< starts[i + 1]` are card `i`'s lines.
    public private(set) var starts: [Int32] = [0]
    /// Card indices whose label was cut short, ascending.
    public private(set) var truncated: [Int32] = []

    public init() {}

    mutating func reserveCapacity(_ cards: Int) {
        strings.reserveCapacity(cards)
        widths.reserveCapacity(cards)
        starts.reserveCapacity(cards + 1)
    }

    mutating func append(line: String, width: Double) {
        strings.append(line)
        widths.append(width)
        starts.append(Int32(truncatingIfNeeded: strings.count))
    }

    mutating func append(_ text: WrappedText, card: Int) {
        strings.append(contentsOf: text.lines)
        widths.append(contentsOf: text.lineWidths.prefix(text.lines.count))
        // A wrap that reported fewer widths than lines still leaves one width per line.
        while widths.count < strings.count { widths.append(0) }
        starts.append(Int32(truncatingIfNeeded: strings.count))
        if text.isTruncated { truncated.append(Int32(truncatingIfNeeded: card)) }
    }

    /// How many cards are stored.
    public var count: Int { starts.count - 1 }

    /// The positions in `strings` and `widths` of card `index`'s lines.
    @inline(__always)
    public func range(of index: Int) -> Range<Int> { Int(starts[index])..<Int(starts[index + 1]) }

    public func lines(of index: Int) -> [String] { Array(strings[range(of: index)]) }

    public func isTruncated(_ index: Int) -> Bool {
        let position = truncatedPosition(of: index)
        return position < truncated.count && truncated[position] == index
    }

    /// Where card `index` is or would go in `truncated`: a binary search.
    private func truncatedPosition(of index: Int) -> Int {
        var low = 0, high = truncated.count
        while low < high {
            let middle = (low + high) / 2
            if truncated[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// These lines with the cards `removed` replaced by every card of `inserted` (whose
    /// truncated cards are already numbered as here), the cards after them renumbered: the
    /// strings are copied once, the line starts and truncated indices after them moved.
    func splicing(_ removed: Range<Int>, with inserted: CardLines) -> CardLines {
        var result = CardLines()
        let lineLow = Int(starts[removed.lowerBound]), lineHigh = Int(starts[removed.upperBound])
        let lineDelta = Int32(truncatingIfNeeded: inserted.strings.count - (lineHigh - lineLow))
        let cardDelta = Int32(truncatingIfNeeded: inserted.count - removed.count)
        result.strings = splicedColumn(strings, removing: lineLow..<lineHigh, inserting: inserted.strings)
        result.widths = splicedColumn(widths, removing: lineLow..<lineHigh, inserting: inserted.widths)
        // `starts` has one entry more than there are cards: the inserted cards' own first start
        // (0) gives way to the removed cards' first, kept, and each later one moves.
        let base = Int32(truncatingIfNeeded: lineLow)
        result.starts = splicedColumn(starts, removing: (removed.lowerBound + 1)..<(removed.upperBound + 1),
                                      inserting: inserted.starts.dropFirst().map { base + $0 }) { $0 + lineDelta }
        let low = Int32(truncatingIfNeeded: removed.lowerBound), high = Int32(truncatingIfNeeded: removed.upperBound)
        result.truncated = truncated.filter { $0 < low } + inserted.truncated
            + truncated.filter { $0 >= high }.map { $0 + cardDelta }
        return result
    }

    /// Replaces card `index`'s lines by the only card of `card` (a label measured again). In
    /// place: when the card keeps its number of lines only its strings and widths are written;
    /// otherwise the line starts after it move by the difference. A label edit's relayout calls
    /// this per edited card instead of rebuilding every card's entry.
    mutating func replace(card index: Int, with card: CardLines) {
        let old = range(of: index), new = card.range(of: 0)
        strings.replaceSubrange(old, with: card.strings[new])
        widths.replaceSubrange(old, with: card.widths[new])
        let delta = Int32(truncatingIfNeeded: new.count - old.count)
        if delta != 0 {
            starts.withUnsafeMutableBufferPointer { starts in
                for position in (index + 1)..<starts.count { starts[position] += delta }
            }
        }
        let number = Int32(truncatingIfNeeded: index)
        let position = truncatedPosition(of: index)
        let was = position < truncated.count && truncated[position] == number
        switch (was, card.isTruncated(0)) {
        case (false, true): truncated.insert(number, at: position)
        case (true, false): truncated.remove(at: position)
        default: break
        }
    }

    /// True when card `index` here and card `other` of `lines` show the same lines.
    public func sameLines(_ index: Int, as other: Int, of lines: CardLines) -> Bool {
        let mine = range(of: index), theirs = lines.range(of: other)
        guard mine.count == theirs.count else { return false }
        for offset in 0..<mine.count
        where strings[mine.lowerBound + offset] != lines.strings[theirs.lowerBound + offset]
            || widths[mine.lowerBound + offset] != lines.widths[theirs.lowerBound + offset] {
            return false
        }
        return isTruncated(index) == lines.isTruncated(other)
    }
}

/// The diagram's title as drawn above the cards (absent when there is none or `@title-visible`
/// is false; the SVG's accessible `<title>` has it either way).
public struct TitleBlock: Sendable, Hashable {
    /// The title's lines (an explicit "\n" breaks one; a long title wraps).
    public var lines: [String]
    public var lineWidths: [Double]
    /// Centre of the text block, in content coordinates.
    public var center: Point
    /// Size of the text block: the widest line by the lines' height.
    public var width: Double
    public var height: Double
    public var fontSize: Double
}

/// A connector: a right-angle polyline of four points from the child card to its parent card.
public struct Edge: Sendable, Hashable {
    public var child: Int
    public var parent: Int
    public var points: (Point, Point, Point, Point)

    public init(child: Int, parent: Int, points: (Point, Point, Point, Point)) {
        self.child = child
        self.parent = parent
        self.points = points
    }

    public var pointList: [Point] { [points.0, points.1, points.2, points.3] }

    public static func == (lhs: Edge, rhs: Edge) -> Bool {
        lhs.child == rhs.child && lhs.parent == rhs.parent && lhs.pointList == rhs.pointList
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(child)
        hasher.combine(parent)
        hasher.combine(pointList)
    }
}

/// The one geometry value a diagram is drawn from: cards and connectors both come from here, so
/// they cannot disagree. Content size excludes the margin; the margin is applied once, around
/// the assembled picture, by whoever draws it.
///
/// Stored as columns, index-aligned with `Diagram.nodes`: a centre, a size and a depth per card,
/// its lines in one flat `CardLines`, and a child and parent index per connector. A connector's
/// four points follow from its two cards, so `cards` and `edges` build `Card` and `Edge` values
/// on access. (Storing them whole took 120 bytes a node; at 131,071 nodes writing that much
/// memory made layout grow ~20× for 8× the nodes.)
public struct Geometry: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var margin: Double
    /// The configured (smallest) card size; each card's own size is in `sizes`.
    public let cardWidth: Double
    public let cardHeight: Double
    /// Card centres, index-aligned with `Diagram.nodes`.
    public let centres: [Point]
    /// Each card's own size, index-aligned with `centres`.
    public let sizes: [Size]
    /// Card depths (0 for a root), index-aligned with `centres`.
    public let depths: [Int32]
    /// What each card shows.
    public let lines: CardLines
    /// The font size of every card's text.
    public let fontSize: Double
    /// The drawn title, above the cards.
    public let title: TitleBlock?
    /// The connectors, as indices into `centres`: child and parent of connector `i`.
    public let edgeChildren: [Int32]
    public let edgeParents: [Int32]
    /// The level headers (`@rounds`), in drawing order (along the depth axis from the origin):
    /// one per level, and in a two-sided draw one per level per half (the root's level once).
    /// Empty without `@rounds`.
    public let headers: [LevelHeader]
    public let headerFontSize: Double
    /// The edge labels (`edge=…`), ascending by connector.
    public let edgeLabels: [EdgeLabelBox]
    public let edgeLabelFontSize: Double
    /// The gap on the child side of each level, by the level's depth: the level gap, or wider
    /// where an edge label needed room. A connector bends in the middle of its parent's.
    public let levelGaps: [Double]
    let axes: LayoutAxes
    /// What the cards' score slots show (Geometry+Scores.swift); empty for a tree without results.
    public let scores: CardScores
    /// What the cards' seed columns show (Geometry+Seeds.swift); empty for a tree without seeds.
    public let seeds: CardScores
    /// The room every card keeps for the seed column: the widest seed and its gap; 0 without seeds.
    public let seedRoom: Double
    /// Each subtree's room along the leaf axis and the level statistics `layout` found, from
    /// which a structural edit is laid out (StructuralLayout.swift); nil for the drawings that
    /// path does not model. Only a relayout reads it (never a writer or the preview's diff),
    /// and `layoutSplice(_:from:splice:takingStateOf:)` takes it out to splice it in place.
    var state: LayoutState?
    /// The match notes (`note=…`, Geometry+Notes.swift), ascending by node; empty for most.
    public internal(set) var notes: [MatchNoteBox]
    /// The notes' font size (the edge labels', from the cards': `CardTextFit.noteMeasurer`).
    public var noteFontSize: Double { max(1, (fontSize * 11 / 13).rounded()) }

    init(
        width: Double, height: Double, margin: Double, cardWidth: Double, cardHeight: Double,
        centres: [Point], sizes: [Size], depths: [Int32], lines: CardLines, fontSize: Double, title: TitleBlock?,
        edgeChildren: [Int32], edgeParents: [Int32], headers: [LevelHeader] = [], headerFontSize: Double = 13,
        edgeLabels: [EdgeLabelBox] = [], edgeLabelFontSize: Double = 11, levelGaps: [Double] = [], axes: LayoutAxes,
        scores: CardScores = CardScores(), seeds: CardScores = CardScores(), seedRoom: Double = 0,
        state: LayoutState? = nil, notes: [MatchNoteBox] = []
    ) {
        self.width = width
        self.height = height
        self.margin = margin
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.centres = centres
        self.sizes = sizes
        self.depths = depths
        self.lines = lines
        self.fontSize = fontSize
        self.title = title
        self.edgeChildren = edgeChildren
        self.edgeParents = edgeParents
        self.headers = headers
        self.headerFontSize = headerFontSize
        self.edgeLabels = edgeLabels
        self.edgeLabelFontSize = edgeLabelFontSize
        self.levelGaps = levelGaps
        self.axes = axes
        self.scores = scores
        self.seeds = seeds
        self.seedRoom = seedRoom
        self.state = state
        self.notes = notes
    }

    /// The cards, index-aligned with `Diagram.nodes`.
    public var cards: Cards { Cards(geometry: self) }

    /// The connectors, one per node with a parent, in pre-order of the child.
    public var edges: Edges { Edges(geometry: self) }

    /// The four points of connector `index` (0 ..< `edgeChildren.count`).
    /// A connector to a card not drawn (the root under `@champion hidden`, the one card with no
    /// extent along the depth axis) ends at its join: its last two points are one. In a
    /// two-sided draw it runs on to the middle, where the two finalists' lines meet.
    @inline(__always)
    public func connectorPoints(_ index: Int) -> (Point, Point, Point, Point) {
        let points = joinedConnectorPoints(index)
        let parent = Int(edgeParents[index])
        return axes.depthExtent(sizes[parent]) == 0 && !axes.twoSided ? (points.0, points.1, points.2, points.2) : points
    }

    /// The four points of connector `index` as far as its parent's card, drawn or not.
    @inline(__always)
    func joinedConnectorPoints(_ index: Int) -> (Point, Point, Point, Point) {
        let child = Int(edgeChildren[index]), parent = Int(edgeParents[index])
        let level = Int(depths[parent])
        let gap = level >= 0 && level < levelGaps.count ? levelGaps[level] : axes.levelGap
        return axes.connector(from: centres[child], sizes[child], to: centres[parent], sizes[parent], parentGap: gap)
    }

    /// Whether the root's card is drawn nowhere (`@champion hidden`): it has no extent along the
    /// depth axis. Its node stays in every column (the final's match node), as a card of no size
    /// with no lines.
    public var hidesRoot: Bool { !sizes.isEmpty && depths[0] == 0 && axes.depthExtent(sizes[0]) == 0 }

    /// True when the headers, edge labels and level gaps here and in `geometry` are the same:
    /// what is drawn besides cards and connectors (a preview delta cannot carry a change to them).
    public func sameDecorations(as geometry: Geometry) -> Bool {
        headers == geometry.headers && edgeLabels == geometry.edgeLabels && levelGaps == geometry.levelGaps
            && notes == geometry.notes
            && headerFontSize == geometry.headerFontSize && edgeLabelFontSize == geometry.edgeLabelFontSize
    }

    /// True for a two-sided draw (`@root center`).
    public var isTwoSided: Bool { axes.twoSided }

    /// True when card `index` is in the right half of a two-sided draw: its parent lies to its
    /// left (a root is in neither half).
    public func isInRightHalf(_ index: Int) -> Bool {
        guard axes.twoSided, index >= 0, index < depths.count, depths[index] > 0 else { return false }
        // The first connector whose child is `index`: connectors are in pre-order of the child.
        let position = firstIndex(in: edgeChildren.count) { edgeChildren[$0] >= Int32(truncatingIfNeeded: index) }
        guard position < edgeChildren.count, edgeChildren[position] == Int32(truncatingIfNeeded: index) else {
            return false
        }
        return centres[Int(edgeParents[position])].x < centres[index].x
    }

    /// The edge label of connector `index`, if it has one.
    public func edgeLabel(ofConnector index: Int) -> EdgeLabelBox? {
        let position = firstIndex(in: edgeLabels.count) { edgeLabels[$0].connector >= index }
        return position < edgeLabels.count && edgeLabels[position].connector == index ? edgeLabels[position] : nil
    }

    /// True when card `index` here and card `other` of `geometry` are drawn the same: same
    /// place, size, depth, lines, score slot and seed. Compares the columns without building `Card` values.
    public func sameCard(_ index: Int, as other: Int, of geometry: Geometry) -> Bool {
        centres[index] == geometry.centres[other] && sizes[index] == geometry.sizes[other]
            && depths[index] == geometry.depths[other] && fontSize == geometry.fontSize
            && lines.sameLines(index, as: other, of: geometry.lines) && sameScore(index, as: other, of: geometry)
            && sameSeed(index, as: other, of: geometry)
    }

    /// The cards as `Card` values, built from the compact columns on access.
    public struct Cards: RandomAccessCollection, Sendable {
        let geometry: Geometry
        public var startIndex: Int { 0 }
        public var endIndex: Int { geometry.centres.count }
        public subscript(index: Int) -> Card {
            let size = geometry.sizes[index], range = geometry.lines.range(of: index)
            return Card(
                center: geometry.centres[index], width: size.width, height: size.height,
                depth: Int(geometry.depths[index]), lines: Array(geometry.lines.strings[range]),
                lineWidths: Array(geometry.lines.widths[range]), isTruncated: geometry.lines.isTruncated(index),
                fontSize: geometry.fontSize)
        }
    }

    /// The connectors as `Edge` values, built from the compact columns on access.
    public struct Edges: RandomAccessCollection, Sendable {
        let geometry: Geometry
        public var startIndex: Int { 0 }
        public var endIndex: Int { geometry.edgeChildren.count }
        public subscript(index: Int) -> Edge {
            Edge(
                child: Int(geometry.edgeChildren[index]), parent: Int(geometry.edgeParents[index]),
                points: geometry.connectorPoints(index))
        }
    }
}

/// The first position in `0..<count` where `isAtOrPast` holds, for a predicate that is false
/// and then true along the positions (`count` when it never holds).
@inline(__always)
func firstIndex(in count: Int, where isAtOrPast: (Int) -> Bool) -> Int {
    var low = 0, high = count
    while low < high {
        let middle = (low + high) / 2
        if isAtOrPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
