import BracketModel

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

/// Where one card goes. Index-aligned with `Diagram.nodes`.
public struct Card: Sendable, Hashable {
    /// Centre of the card.
    public var center: Point
    public var width: Double
    public var height: Double
    public var depth: Int

    public init(center: Point, width: Double, height: Double, depth: Int) {
        self.center = center
        self.width = width
        self.height = height
        self.depth = depth
    }
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
/// Stored compactly, ~28 bytes a node: a centre and a depth per card, a child and parent index
/// per connector. Every card has the same size, and a connector's four points follow from its
/// two cards, so `cards` and `edges` build `Card` and `Edge` values on access. (Storing them
/// whole took 120 bytes a node; at 131,071 nodes writing that much memory made layout grow
/// ~20× for 8× the nodes.)
public struct Geometry: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var margin: Double
    /// Every card's size.
    public let cardWidth: Double
    public let cardHeight: Double
    /// Card centres, index-aligned with `Diagram.nodes`.
    public let centres: [Point]
    /// Card depths (0 for a root), index-aligned with `centres`.
    public let depths: [Int32]
    /// The connectors, as indices into `centres`: child and parent of connector `i`.
    public let edgeChildren: [Int32]
    public let edgeParents: [Int32]
    let axes: LayoutAxes

    init(
        width: Double, height: Double, margin: Double, cardWidth: Double, cardHeight: Double,
        centres: [Point], depths: [Int32], edgeChildren: [Int32], edgeParents: [Int32], axes: LayoutAxes
    ) {
        self.width = width
        self.height = height
        self.margin = margin
        self.cardWidth = cardWidth
        self.cardHeight = cardHeight
        self.centres = centres
        self.depths = depths
        self.edgeChildren = edgeChildren
        self.edgeParents = edgeParents
        self.axes = axes
    }

    /// The cards, index-aligned with `Diagram.nodes`.
    public var cards: Cards { Cards(geometry: self) }

    /// The connectors, one per node with a parent, in pre-order of the child.
    public var edges: Edges { Edges(geometry: self) }

    /// The four points of connector `index` (0 ..< `edgeChildren.count`).
    @inline(__always)
    public func connectorPoints(_ index: Int) -> (Point, Point, Point, Point) {
        axes.connector(from: centres[Int(edgeChildren[index])], to: centres[Int(edgeParents[index])])
    }

    /// The cards as `Card` values, built from the compact columns on access.
    public struct Cards: RandomAccessCollection, Sendable {
        let geometry: Geometry
        public var startIndex: Int { 0 }
        public var endIndex: Int { geometry.centres.count }
        public subscript(index: Int) -> Card {
            Card(
                center: geometry.centres[index], width: geometry.cardWidth, height: geometry.cardHeight,
                depth: Int(geometry.depths[index]))
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
