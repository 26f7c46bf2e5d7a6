import BracketModel
import BracketText

// The four passes of `layout` (Layout.swift), each a linear pass over the diagram's columns.

/// Pass 1: each card's depth, each parent's last child, the connectors and, in a two-sided
/// draw, each card's half, from the parent links. The links are the only structure trusted: a
/// link that does not point to an earlier node (impossible from the model, but the layout must
/// never crash) makes a root.
struct TreeLinks {
    let links: [Int32]
    var depths: [Int32]
    var lastChild: [Int32]
    /// -1 left half, +1 right half, 0 a root (two-sided draws only).
    var sides: [Int8]
    var edgeChildren: [Int32]
    var edgeParents: [Int32]
    /// The two-sided roots' bookkeeping (pass 3 stacks their right halves in it).
    var halves: [Int: TwoSidedRoot]
    let deepest: Int
    let alignLeaves: Bool
    let twoSided: Bool

    init(_ links: [Int32], count: Int, twoSided: Bool, alignLeaves: Bool) {
        @inline(__always) func hasParent(_ index: Int) -> Bool {
            let link = Int(links[index])
            return link >= 0 && link < index
        }
        // A two-sided draw splits each root's children: the first half (rounded up) on the left,
        // the rest on the right. Counted first, so the pass can tell each child its half.
        var halves: [Int: TwoSidedRoot] = [:]
        if twoSided {
            for index in 0..<count where hasParent(index) && !hasParent(Int(links[index])) {
                halves[Int(links[index]), default: TwoSidedRoot()].children += 1
            }
        }
        var depths = [Int32](repeating: 0, count: count)
        var lastChild = [Int32](repeating: -1, count: count)
        var sides = [Int8](repeating: 0, count: twoSided ? count : 0)
        var edgeChildren: [Int32] = []
        var edgeParents: [Int32] = []
        edgeChildren.reserveCapacity(count)
        edgeParents.reserveCapacity(count)
        var maxDepth: Int32 = 0
        links.withUnsafeBufferPointer { links in
            depths.withUnsafeMutableBufferPointer { depths in
                lastChild.withUnsafeMutableBufferPointer { lastChild in
                    for index in 0..<count {
                        let link = Int(links[index])
                        guard link >= 0, link < index else { continue }
                        let depth = depths[link] + 1
                        depths[index] = depth
                        maxDepth = max(maxDepth, depth)
                        lastChild[link] = Int32(truncatingIfNeeded: index)
                        edgeChildren.append(Int32(truncatingIfNeeded: index))
                        edgeParents.append(Int32(truncatingIfNeeded: link))
                        if twoSided {
                            if depth == 1, var root = halves[link] {
                                root.seen += 1
                                let onLeft = root.seen <= (root.children + 1) / 2
                                sides[index] = onLeft ? -1 : 1
                                if onLeft { root.lastLeft = index } else if root.firstRight < 0 { root.firstRight = index }
                                halves[link] = root
                            } else {
                                sides[index] = sides[link]
                            }
                        }
                    }
                }
            }
        }
        self.links = links
        self.depths = depths
        self.lastChild = lastChild
        self.sides = sides
        self.edgeChildren = edgeChildren
        self.edgeParents = edgeParents
        self.halves = halves
        deepest = Int(maxDepth)
        self.alignLeaves = alignLeaves
        self.twoSided = twoSided
    }

    /// Card `index`'s level: its depth, or the deepest for a leaf when leaves are aligned.
    @inline(__always)
    func level(_ index: Int) -> Int {
        alignLeaves && lastChild[index] < 0 ? deepest : Int(depths[index])
    }
}

/// A two-sided root's bookkeeping: how its children split, and its right half's stacking.
struct TwoSidedRoot {
    var children = 0
    var seen = 0
    var lastLeft = -1
    var firstRight = -1
    var stackedRight = 0.0
    var shiftRight = 0.0
}

/// Pass 2: along the depth axis a card takes its level's extent, the widest (root on the
/// side) or tallest (root on top or bottom) natural card of the level, so the brackets stay
/// straight; edge labels, measured, widen the gap next to their child's level to hold them in
/// the half of that gap on the child's side, with clearance from the card and from the bend;
/// then the level slots are placed from the origin.
struct LevelPlan {
    var extents: [Double]
    var gaps: [Double]
    var labels: [PendingEdgeLabel]
    /// Where each level slot starts along the depth axis: the levels in order, or for a
    /// two-sided draw the left half's from the deepest in, the root's, and the right half's
    /// outwards.
    var slotStarts: [Double]
    var depthExtent: Double
    let slotCount: Int
    let deepest: Int
    /// A two-sided draw's deepest level in its left half: the root's slot. Each half has as
    /// many slots as its own deepest level, so a level only one half reaches has no column
    /// (and no header) in the other.
    let leftDeepest: Int
    let twoSided: Bool
    let axes: LayoutAxes

    /// `gapNeeds`: by level, the least gap something beside the level's cards needs (match
    /// notes); empty for none.
    init(_ tree: TreeLinks, naturalSizes: [Size], edgeTexts: OptionalColumn<String>, _ settings: LayoutSettings,
         _ axes: LayoutAxes, _ decorations: DecorationText, gapNeeds: [Double] = []) {
        let deepest = tree.deepest, count = naturalSizes.count
        var extents = [Double](repeating: 0, count: deepest + 1)
        for index in 0..<count {
            let level = tree.level(index)
            extents[level] = max(extents[level], axes.depthExtent(naturalSizes[index]))
        }
        var gaps = [Double](repeating: settings.levelGap, count: deepest + 1)
        for (level, need) in gapNeeds.enumerated() where level < gaps.count { gaps[level] = max(gaps[level], need) }
        var labels: [PendingEdgeLabel] = []
        if edgeTexts.count >= count {
            for edge in 0..<tree.edgeChildren.count {
                let child = Int(tree.edgeChildren[edge])
                guard let text = edgeTexts[child],
                      let label = measureEdgeLabel(text, connector: edge, gapLevel: tree.level(child) - 1,
                                                   childSize: naturalSizes[child], settings, axes, decorations)
                else { continue }
                gaps[label.gapLevel] = max(gaps[label.gapLevel], label.need)
                labels.append(label)
            }
        }
        self.extents = extents
        self.gaps = gaps
        self.labels = labels
        self.deepest = deepest
        self.twoSided = tree.twoSided
        self.axes = axes
        let halves = tree.twoSided ? Self.halfDepths(tree, count: count) : (left: deepest, right: deepest)
        leftDeepest = halves.left
        slotCount = tree.twoSided ? halves.left + halves.right + 1 : deepest + 1
        (slotStarts, depthExtent) = ([], 0)
        let plan = self
        (slotStarts, depthExtent) = levelSlotStarts(slotCount: slotCount, extents: extents, gaps: gaps,
                                                    levelInSlot: plan.levelInSlot)
    }

    /// The level in slot `slot`.
    @inline(__always)
    func levelInSlot(_ slot: Int) -> Int {
        twoSided ? abs(slot - leftDeepest) : axes.slot(level: slot, maxLevel: deepest)
    }

    /// Card `index`'s slot.
    @inline(__always)
    func slot(of index: Int, _ tree: TreeLinks) -> Int {
        twoSided ? leftDeepest + Int(tree.sides[index]) * tree.level(index)
            : axes.slot(level: tree.level(index), maxLevel: deepest)
    }

    /// The deepest level of each half of a two-sided draw (0 for a half with no cards).
    static func halfDepths(_ tree: TreeLinks, count: Int) -> (left: Int, right: Int) {
        var left = 0, right = 0
        for index in 0..<count {
            let side = tree.sides[index]
            if side < 0 { left = max(left, tree.level(index)) } else if side > 0 { right = max(right, tree.level(index)) }
        }
        return (left, right)
    }
}

/// Pass 2's sums along the depth axis, written once for `layout` and the splice layout: where
/// each of `slotCount` level slots starts (the levels' extents one after another, the gap next
/// to the shallower of two neighbours between them) and the extent of them all.
func levelSlotStarts(slotCount: Int, extents: [Double], gaps: [Double], levelInSlot: (Int) -> Int)
    -> (starts: [Double], extent: Double)
{
    var starts = [Double](repeating: 0, count: slotCount)
    var extent = 0.0
    for slot in 0..<slotCount {
        let level = levelInSlot(slot)
        starts[slot] = extent
        extent += extents[level]
        if slot + 1 < slotCount { extent += gaps[min(level, levelInSlot(slot + 1))] }
    }
    return (starts, extent)
}

/// Pass 3, backwards: children are done before their parent. Children are stacked one after
/// another with the leaf gap between them (a leaf's room is its own card), the parent is
/// centred between its first and last child, and when its card reaches past its children's
/// room, the children move in and the room grows, so a subtree's room holds all its cards.
///
/// `room[i]` is the extent of subtree `i` along the leaf axis and `offset[i]` its card's centre
/// from the start of that room. `stacked[p]` sums the rooms (and gaps) of the children of `p`
/// seen so far, which are its later children: `fromEnd[c]` is how far child `c`'s room ends
/// before the end of all its siblings' rooms. `shift[p]` is how far the children move in to
/// make room for `p`. A two-sided root stacks each half on its own (the right half in
/// `TreeLinks.halves`), and both halves are placed so that their middles meet at the root's
/// centre.
struct SubtreeRooms {
    var room: [Double]
    var offset: [Double]
    var stacked: [Double]
    /// Pass 4 overwrites each with the start of its room once it has been read (a parent always
    /// comes before its children): `starts`.
    var fromEnd: [Double]
    var shift: [Double]
    let leafExtent: Double
    let gap: Double

    /// Each room's start along the leaf axis, once `placeCards` ran.
    var starts: [Double] { fromEnd }

    init(_ tree: inout TreeLinks, naturalSizes: [Size], gap: Double, axes: LayoutAxes) {
        let count = naturalSizes.count, links = tree.links, lastChild = tree.lastChild
        let twoSided = tree.twoSided
        var room = [Double](repeating: 0, count: count)
        var offset = [Double](repeating: 0, count: count)
        var stacked = [Double](repeating: 0, count: count)
        var fromEnd = [Double](repeating: 0, count: count)
        var shift = [Double](repeating: 0, count: count)
        var rootsStacked = 0.0
        for index in stride(from: count - 1, through: 0, by: -1) {
            let extent = axes.leafExtent(naturalSizes[index])
            let last = Int(lastChild[index])
            if last < 0 {
                room[index] = extent
                offset[index] = extent / 2
            } else if twoSided, var root = tree.halves[index] {
                // The left half holds at least one child; its last is `root.lastLeft`.
                @inline(__always) func centre(_ child: Int, in children: Double) -> Double {
                    children - fromEnd[child] - room[child] + offset[child]
                }
                let left = stacked[index] - gap
                let middleLeft = (centre(index + 1, in: left) + centre(root.lastLeft, in: left)) / 2
                var above = max(extent / 2, middleLeft), below = max(extent / 2, left - middleLeft)
                var middleRight = 0.0, right = 0.0
                if root.firstRight >= 0 {
                    right = root.stackedRight - gap
                    middleRight = (centre(root.firstRight, in: right) + centre(last, in: right)) / 2
                    above = max(above, middleRight)
                    below = max(below, right - middleRight)
                }
                stacked[index] = left
                shift[index] = above - middleLeft
                root.stackedRight = right
                root.shiftRight = above - middleRight
                tree.halves[index] = root
                offset[index] = above
                room[index] = above + below
            } else {
                // In pre-order the first child of a parent is always the next node.
                let first = index + 1
                let parent = ParentRoom(
                    extent: extent, stacked: stacked[index], gap: gap,
                    first: (room[first], offset[first], fromEnd[first]), last: (room[last], offset[last], fromEnd[last]))
                stacked[index] = parent.children
                shift[index] = parent.shift
                offset[index] = parent.offset
                room[index] = parent.room
            }
            let link = Int(links[index])
            if link >= 0, link < index {
                if twoSided, tree.sides[index] > 0, tree.depths[index] == 1 {
                    fromEnd[index] = tree.halves[link]?.stackedRight ?? 0
                    tree.halves[link]?.stackedRight += room[index] + gap
                } else {
                    fromEnd[index] = stacked[link]
                    stacked[link] += room[index] + gap
                }
            } else {
                fromEnd[index] = rootsStacked
                rootsStacked += room[index] + gap
            }
        }
        self.room = room
        self.offset = offset
        self.stacked = stacked
        self.fromEnd = fromEnd
        self.shift = shift
        self.gap = gap
        leafExtent = max(0, rootsStacked - gap)
    }

    /// Pass 4, forwards: a room's start from its parent's, then each card's centre, moved by
    /// (`moveX`, `moveY`) past the headers and the title (`TreeFrame`), and size.
    mutating func placeCards(_ tree: TreeLinks, _ levels: LevelPlan, naturalSizes: [Size], axes: LayoutAxes,
                             moveX: Double, moveY: Double) -> (centres: [Point], sizes: [Size])
    {
        let moves = moveX != 0 || moveY != 0
        let count = naturalSizes.count, links = tree.links, twoSided = tree.twoSided
        var sizes = [Size]()
        sizes.reserveCapacity(count)
        var centres = [Point]()
        centres.reserveCapacity(count)
        for index in 0..<count {
            let link = Int(links[index])
            let ownRoom = room[index], distance = fromEnd[index]
            let start: Double
            if link >= 0 && link < index {
                if twoSided, tree.sides[index] > 0, tree.depths[index] == 1, let root = tree.halves[link] {
                    start = fromEnd[link] + root.shiftRight + root.stackedRight - distance - ownRoom
                } else {
                    start = roomStart(parent: fromEnd[link], shift: shift[link], children: stacked[link],
                                      fromEnd: distance, room: ownRoom)
                }
            } else {
                start = rootStart(leafExtent: leafExtent, fromEnd: distance, room: ownRoom)
            }
            fromEnd[index] = start
            let depthExtent = levels.extents[tree.level(index)]
            sizes.append(axes.size(depthExtent: depthExtent, leafExtent: axes.leafExtent(naturalSizes[index])))
            let centre = axes.point(depthAxis: levels.slotStarts[levels.slot(of: index, tree)] + depthExtent / 2,
                                    leafAxis: start + offset[index])
            centres.append(moves ? Point(x: centre.x + moveX, y: centre.y + moveY) : centre)
        }
        return (centres, sizes)
    }
}

extension LayoutState {
    /// What `layout` keeps for the splices laid out from it (one-sided drawings): its passes'
    /// rooms and starts, each card's natural extent along the depth axis, per level how many
    /// cards set its extent, how many cards per depth, where each level starts, and the gaps'
    /// edge label needs.
    init(keptFrom tree: TreeLinks, _ levels: LevelPlan, _ rooms: SubtreeRooms, naturalSizes: [Size],
         axes: LayoutAxes, moveX: Double, moveY: Double) {
        let deepest = tree.deepest, count = naturalSizes.count
        var levelAtMax = [Int](repeating: 0, count: deepest + 1), depthCounts = [Int](repeating: 0, count: deepest + 1)
        var naturalDepths = [Double]()
        naturalDepths.reserveCapacity(count)
        for index in 0..<count {
            let natural = axes.depthExtent(naturalSizes[index])
            naturalDepths.append(natural)
            if natural == levels.extents[tree.level(index)] { levelAtMax[tree.level(index)] += 1 }
            depthCounts[Int(tree.depths[index])] += 1
        }
        var levelStarts = [Double](repeating: 0, count: deepest + 1)
        for level in 0...deepest { levelStarts[level] = levels.slotStarts[axes.slot(level: level, maxLevel: deepest)] }
        // The edge labels' needs, and per gap how many labels set it.
        var edgeNeeds: [Double] = []
        var gapAtMax = [Int](repeating: 0, count: deepest + 1)
        if !levels.labels.isEmpty {
            edgeNeeds = [Double](repeating: 0, count: count)
            for label in levels.labels {
                edgeNeeds[Int(tree.edgeChildren[label.connector])] = label.need
                if label.need == levels.gaps[label.gapLevel] { gapAtMax[label.gapLevel] += 1 }
            }
        }
        self.init(
            room: rooms.room, offset: rooms.offset, shift: rooms.shift, start: rooms.starts,
            naturalDepths: naturalDepths, levelExtents: levels.extents, levelAtMax: levelAtMax,
            depthCounts: depthCounts, levelStarts: levelStarts, moveX: moveX, moveY: moveY,
            leafExtent: rooms.leafExtent, depthExtent: levels.depthExtent, gap: rooms.gap,
            edgeNeeds: edgeNeeds, gapAtMax: gapAtMax)
    }
}
