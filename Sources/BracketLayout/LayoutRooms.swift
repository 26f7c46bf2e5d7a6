/// Pass 3's rule for one parent (Layout.swift): from the sum of its children's rooms and gaps
/// (`stacked`, added up from its last child) and its first and last child's room, offset and
/// distance from the end of their siblings' rooms, where its children's room starts (`shift`),
/// where its card's centre is (`offset`) and how much room its subtree takes. Written once, so
/// that `layout` and `layoutSplice` compute the same bits.
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
/// structural edit can be laid out from it (`layoutSplice(_:from:splice:previous:)`): each room,
/// offset and shift of pass 3 and each room's start of pass 4 along the leaf axis, each card's
/// natural extent along the depth axis, and per level its extent, how many cards set it and
/// where its cards' centres are, and the gaps edge labels need. Made only for drawings the
/// structural path models (one side, no score slots).
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
    /// Per level: where its slot starts along the depth axis, before the title's move.
    var levelStarts: [Double]
    /// How far the title moved every card.
    var moveX: Double
    var moveY: Double
    var leafExtent: Double
    var depthExtent: Double
    var gap: Double
    /// Per card, the gap its edge label needs (`PendingEdgeLabel.need`; 0 without one); empty
    /// when no connector has a label.
    var edgeNeeds: [Double]
    /// Per gap (by level, as `Geometry.levelGaps`): how many labels need exactly that gap (while
    /// one is left, the gap stays).
    var gapAtMax: [Int]
    /// Every room, offset, shift, start and the gap are multiples of `1 / scale` below `bound`
    /// (`onGrid`), so none of pass 3's and 4's sums and halvings rounded: the same values added
    /// up in another order (a whole subtree moved by one offset) give the same bits.
    var isExact: Bool
    /// The grid: as fine as the picture's extent allows while every sum of a few values and
    /// every halving of one stays within the 53 bits of a double (`bound` is 2^48 / `scale`,
    /// and twice the leaf extent, so the tree may grow before the grid must change).
    let scale: Double
    let bound: Double

    /// `isExact` is found from the values unless given (a caller that checked every value it
    /// made); `scale` is kept from a previous state, so the grid does not change under an
    /// incremental update.
    init(room: [Double], offset: [Double], shift: [Double], start: [Double], naturalDepths: [Double],
         levelExtents: [Double], levelAtMax: [Int], depthCounts: [Int], levelStarts: [Double],
         moveX: Double, moveY: Double, leafExtent: Double, depthExtent: Double, gap: Double,
         edgeNeeds: [Double] = [], gapAtMax: [Int] = [], isExact: Bool? = nil, scale: Double? = nil) {
        self.edgeNeeds = edgeNeeds
        self.gapAtMax = gapAtMax
        self.room = room
        self.offset = offset
        self.shift = shift
        self.start = start
        self.naturalDepths = naturalDepths
        self.levelExtents = levelExtents
        self.levelAtMax = levelAtMax
        self.depthCounts = depthCounts
        self.levelStarts = levelStarts
        self.moveX = moveX
        self.moveY = moveY
        self.leafExtent = leafExtent
        self.depthExtent = depthExtent
        self.gap = gap
        // 2^e above twice the extent; the grid is 2^-(48 - e).
        let exponent = min(48, max(1, Int(max(leafExtent, 1).exponent) + 2))
        self.scale = scale ?? Double(sign: .plus, exponent: 48 - exponent, significand: 1)
        bound = Double(sign: .plus, exponent: 48, significand: 1) / self.scale
        guard isExact == nil else {
            self.isExact = isExact!
            return
        }
        self.isExact = false
        self.isExact = onGrid(gap) && onGrid(leafExtent) && onGrid(moveX) && onGrid(moveY)
            && onGrid(room) && onGrid(offset) && onGrid(shift) && onGrid(start)
    }

    /// Equal when the values are: the grid and `isExact` are what is known about them (a state
    /// updated incrementally keeps the grid it was checked on; one laid out anew picks its own).
    static func == (a: LayoutState, b: LayoutState) -> Bool {
        a.room == b.room && a.offset == b.offset && a.shift == b.shift && a.start == b.start
            && a.naturalDepths == b.naturalDepths && a.levelExtents == b.levelExtents && a.levelAtMax == b.levelAtMax
            && a.depthCounts == b.depthCounts && a.levelStarts == b.levelStarts && a.moveX == b.moveX
            && a.moveY == b.moveY && a.leafExtent == b.leafExtent && a.depthExtent == b.depthExtent && a.gap == b.gap
            && sameCounts(a.edgeNeeds, b.edgeNeeds) && sameCounts(a.gapAtMax, b.gapAtMax)
    }

    /// Equal, an empty list standing for all zeros (a layout without edge labels keeps none; a
    /// relayout whose last label went keeps zeros).
    private static func sameCounts<T: Numeric>(_ a: [T], _ b: [T]) -> Bool {
        if a.isEmpty { return b.allSatisfy { $0 == 0 } }
        if b.isEmpty { return a.allSatisfy { $0 == 0 } }
        return a == b
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(room)
        hasher.combine(start)
        hasher.combine(leafExtent)
    }

    /// A multiple of `1 / scale` below `bound`.
    @inline(__always)
    func onGrid(_ value: Double) -> Bool {
        let scaled = value * scale
        return scaled.rounded() == scaled && abs(value) < bound
    }

    func onGrid(_ values: [Double]) -> Bool {
        values.withUnsafeBufferPointer { values in
            for value in values where !onGrid(value) { return false }
            return true
        }
    }
}
