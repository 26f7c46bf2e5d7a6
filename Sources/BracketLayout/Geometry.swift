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
public struct Geometry: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var margin: Double
    public var cards: [Card]
    public var edges: [Edge]

    public init(width: Double, height: Double, margin: Double, cards: [Card], edges: [Edge]) {
        self.width = width
        self.height = height
        self.margin = margin
        self.cards = cards
        self.edges = edges
    }
}
