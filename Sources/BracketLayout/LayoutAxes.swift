import BracketModel

/// Turns the side-independent layout (a level and a position along the leaf axis) into x/y for
/// one root side, so the algorithm is written once and the four sides cannot drift apart.
///
/// The depth axis runs across levels (x when the root is on the right or left, y otherwise); the
/// leaf axis runs across leaf slots.
struct LayoutAxes: Sendable, Hashable {
    let levelsAreColumns: Bool
    /// The card's extent along the depth axis.
    let levelCardSize: Double
    /// The card's extent along the leaf axis.
    let leafCardSize: Double
    let levelStep: Double
    let leafStep: Double
    let levelGap: Double
    /// True when the root sits at the far end of the depth axis (right or bottom), so level 0
    /// takes the largest coordinate.
    let rootAtFarEnd: Bool

    init(settings: LayoutSettings) {
        levelsAreColumns = settings.root.levelsAreColumns
        levelCardSize = levelsAreColumns ? settings.cardWidth : settings.cardHeight
        leafCardSize = levelsAreColumns ? settings.cardHeight : settings.cardWidth
        levelStep = levelCardSize + settings.levelGap
        leafStep = leafCardSize + settings.leafGap
        levelGap = settings.levelGap
        rootAtFarEnd = settings.root == .right || settings.root == .bottom
    }

    /// Maps a (depth-axis, leaf-axis) pair to a point.
    @inline(__always)
    func point(depthAxis: Double, leafAxis: Double) -> Point {
        levelsAreColumns ? Point(x: depthAxis, y: leafAxis) : Point(x: leafAxis, y: depthAxis)
    }

    /// The position along the leaf axis of a point made by `point(depthAxis:leafAxis:)`.
    @inline(__always)
    func along(_ point: Point) -> Double { levelsAreColumns ? point.y : point.x }

    @inline(__always)
    func centre(level: Int, maxDepth: Int, along: Double) -> Point {
        let slot = rootAtFarEnd ? maxDepth - level : level
        return point(depthAxis: levelCardSize / 2 + Double(slot) * levelStep, leafAxis: along)
    }

    /// The four-point right-angle connector from the child's edge facing the parent to the
    /// parent's edge facing the child. It bends in the middle of the gap next to the PARENT, so a
    /// leaf pulled further away (aligned leaves) still joins its siblings' bracket there.
    @inline(__always)
    func connector(from child: Point, to parent: Point) -> (Point, Point, Point, Point) {
        let towardsParent: Double = rootAtFarEnd ? 1 : -1
        let half = levelCardSize / 2
        let childDepth = levelsAreColumns ? child.x : child.y
        let parentDepth = levelsAreColumns ? parent.x : parent.y
        let childAlong = levelsAreColumns ? child.y : child.x
        let parentAlong = levelsAreColumns ? parent.y : parent.x
        let start = childDepth + towardsParent * half
        let end = parentDepth - towardsParent * half
        let bend = end - towardsParent * levelGap / 2
        return (
            point(depthAxis: start, leafAxis: childAlong),
            point(depthAxis: bend, leafAxis: childAlong),
            point(depthAxis: bend, leafAxis: parentAlong),
            point(depthAxis: end, leafAxis: parentAlong)
        )
    }
}
