import BracketModel

/// Turns the side-independent layout (a position along the depth axis and one along the leaf
/// axis) into x/y for one root side, so the algorithm is written once and the four sides cannot
/// drift apart.
///
/// The depth axis runs across levels (x when the root is on the right or left, y otherwise); the
/// leaf axis runs across leaf slots.
struct LayoutAxes: Sendable, Hashable {
    let levelsAreColumns: Bool
    let levelGap: Double
    /// True when the root sits at the far end of the depth axis (right or bottom), so level 0
    /// takes the largest coordinate.
    let rootAtFarEnd: Bool
    /// True for a two-sided draw (`@root center`): the root's level is in the middle and each
    /// half grows away from it, so which way a connector runs depends on its half.
    let twoSided: Bool

    init(settings: LayoutSettings) {
        levelsAreColumns = settings.root.levelsAreColumns
        levelGap = settings.levelGap
        rootAtFarEnd = settings.root == .right || settings.root == .bottom
        twoSided = settings.root == .center
    }

    /// Maps a (depth-axis, leaf-axis) pair to a point.
    @inline(__always)
    func point(depthAxis: Double, leafAxis: Double) -> Point {
        levelsAreColumns ? Point(x: depthAxis, y: leafAxis) : Point(x: leafAxis, y: depthAxis)
    }

    /// A point's coordinate along the depth axis.
    @inline(__always)
    func depthCoordinate(_ point: Point) -> Double { levelsAreColumns ? point.x : point.y }

    /// A point's coordinate along the leaf axis.
    @inline(__always)
    func leafCoordinate(_ point: Point) -> Double { levelsAreColumns ? point.y : point.x }

    /// A card's extent along the depth axis (shared by its level).
    @inline(__always)
    func depthExtent(_ size: Size) -> Double { levelsAreColumns ? size.width : size.height }

    /// A card's own extent along the leaf axis.
    @inline(__always)
    func leafExtent(_ size: Size) -> Double { levelsAreColumns ? size.height : size.width }

    /// The size of a card with these extents.
    @inline(__always)
    func size(depthExtent: Double, leafExtent: Double) -> Size {
        levelsAreColumns
            ? Size(width: depthExtent, height: leafExtent) : Size(width: leafExtent, height: depthExtent)
    }

    /// The level in slot `slot`, counting slots from the origin along the depth axis (and the
    /// slot of a level: the mapping is its own inverse). With the root at the far end, slot 0
    /// holds the deepest level.
    @inline(__always)
    func slot(level: Int, maxLevel: Int) -> Int { rootAtFarEnd ? maxLevel - level : level }

    /// +1 when the parent lies at a larger depth-axis coordinate than its child, -1 otherwise:
    /// fixed by the root side, or in a two-sided draw by the child's half.
    @inline(__always)
    func towardsParent(childDepth: Double, parentDepth: Double) -> Double {
        if twoSided { return parentDepth >= childDepth ? 1 : -1 }
        return rootAtFarEnd ? 1 : -1
    }

    /// The four-point right-angle connector from the middle of the child's edge facing the
    /// parent to the middle of the parent's edge facing the child. It bends in the middle of the
    /// gap next to the PARENT (`parentGap` wide: the level gap, or more where an edge label
    /// needed room), so a leaf pulled further away (aligned leaves) still joins its siblings'
    /// bracket there, half a gap from the parent's edge whatever the levels' extents.
    @inline(__always)
    func connector(from child: Point, _ childSize: Size, to parent: Point, _ parentSize: Size, parentGap: Double)
        -> (Point, Point, Point, Point)
    {
        let childDepth = levelsAreColumns ? child.x : child.y
        let parentDepth = levelsAreColumns ? parent.x : parent.y
        let towardsParent = towardsParent(childDepth: childDepth, parentDepth: parentDepth)
        let childAlong = levelsAreColumns ? child.y : child.x
        let parentAlong = levelsAreColumns ? parent.y : parent.x
        let start = childDepth + towardsParent * depthExtent(childSize) / 2
        let end = parentDepth - towardsParent * depthExtent(parentSize) / 2
        let bend = end - towardsParent * parentGap / 2
        return (
            point(depthAxis: start, leafAxis: childAlong),
            point(depthAxis: bend, leafAxis: childAlong),
            point(depthAxis: bend, leafAxis: parentAlong),
            point(depthAxis: end, leafAxis: parentAlong)
        )
    }
}
