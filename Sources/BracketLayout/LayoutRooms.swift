/// Pass 3's rule for one parent (Layout.swift): from the sum of its children's rooms and gaps
/// (`stacked`, added up from its last child) and its first and last child's room, offset and
/// distance from the end of their siblings' rooms, where its children's room starts (`shift`),
/// where its card's centre is (`offset`) and how much room its subtree takes. Written once, so
/// that `layout` and a structural `relayout` compute the same bits.
struct ParentRoom {
    /// The children's rooms and the gaps between them.
    let children: Double
    let shift: Double
    let offset: Double
    let room: Double

    @inline(__always)
    init(extent: Double, stacked: Double, gap: Double,
         first: (room: Double, offset: Double, fromEnd: Double), last: (room: Double, offset: Double, fromEnd: Double)) {
        let children = stacked - gap
        let firstCentre = children - first.fromEnd - first.room + first.offset
        let lastCentre = children - last.fromEnd - last.room + last.offset
        let middle = (firstCentre + lastCentre) / 2
        let moveIn = max(0, extent / 2 - middle)
        self.children = children
        shift = moveIn
        offset = middle + moveIn
        room = max(children + moveIn, middle + moveIn + extent / 2)
    }
}

/// Pass 4's rule: where a child's room starts along the leaf axis, from its parent's start,
/// shift and children's extent, and its own distance from the end of its siblings' rooms.
@inline(__always)
func roomStart(parent: Double, shift: Double, children: Double, fromEnd: Double, room: Double) -> Double {
    parent + shift + children - fromEnd - room
}

/// Pass 4's rule for a root (roots are stacked like siblings, over the whole leaf extent).
@inline(__always)
func rootStart(leafExtent: Double, fromEnd: Double, room: Double) -> Double {
    leafExtent - fromEnd - room
}

/// What `layout` worked out per subtree and per level, kept in the `Geometry` so that a
/// structural edit can be laid out from it (`relayout(_:from:splice:previous:)`): each room,
/// offset and shift of pass 3 and each room's start of pass 4 along the leaf axis, each card's
/// natural extent along the depth axis, and per level its extent, how many cards set it and
/// where its cards' centres are. Made only for drawings the structural path models (one side,
/// no level headers, edge labels or score slots).
struct LayoutState: Sendable, Hashable {
    var room: [Double]
    var offset: [Double]
    var shift: [Double]
    /// Where each room starts along the leaf axis, before the title moves the picture.
    var start: [Double]
    var naturalDepths: [Double]
    var levelExtents: [Double]
    /// Per level: the cards whose natural extent is the level's (while one is left, it stays).
    var levelAtMax: [Int]
    /// Per depth: the cards at that depth (the deepest must keep one).
    var depthCounts: [Int]
    /// Per level: its cards' centre along the depth axis, before the title's move.
    var levelCentres: [Double]
    /// How far the title moved every card.
    var moveX: Double
    var moveY: Double
    var leafExtent: Double
    var depthExtent: Double
    var gap: Double
    /// Every room, offset, shift, start and the gap are multiples of 1/256 far below 2^40, so
    /// none of pass 3's and 4's sums and halvings rounded: the same values added up in another
    /// order (a whole subtree moved by one offset) give the same bits.
    var isExact: Bool

    /// `isExact` is found from the values unless given.
    init(room: [Double], offset: [Double], shift: [Double], start: [Double], naturalDepths: [Double],
         levelExtents: [Double], levelAtMax: [Int], depthCounts: [Int], levelCentres: [Double],
         moveX: Double, moveY: Double, leafExtent: Double, depthExtent: Double, gap: Double, isExact: Bool? = nil) {
        self.room = room
        self.offset = offset
        self.shift = shift
        self.start = start
        self.naturalDepths = naturalDepths
        self.levelExtents = levelExtents
        self.levelAtMax = levelAtMax
        self.depthCounts = depthCounts
        self.levelCentres = levelCentres
        self.moveX = moveX
        self.moveY = moveY
        self.leafExtent = leafExtent
        self.depthExtent = depthExtent
        self.gap = gap
        // A caller that checked every value it made passes `isExact` (no second pass over them).
        self.isExact = isExact ?? Self.onGrid(gap) && Self.onGrid(leafExtent) && Self.onGrid(moveX) && Self.onGrid(moveY)
            && Self.onGrid(room) && Self.onGrid(offset) && Self.onGrid(shift) && Self.onGrid(start)
    }

    /// A multiple of 1/256 whose magnitude leaves 13 bits of the 53 unused.
    @inline(__always)
    static func onGrid(_ value: Double) -> Bool {
        let scaled = value * 256
        return scaled.rounded() == scaled && abs(value) < 1_099_511_627_776  // 2^40
    }

    static func onGrid(_ values: [Double]) -> Bool {
        values.withUnsafeBufferPointer { values in
            for value in values where !onGrid(value) { return false }
            return true
        }
    }
}
