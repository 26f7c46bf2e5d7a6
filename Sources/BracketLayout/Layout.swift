import BracketModel

/// Computes where every card and connector of `diagram` goes.
///
/// Three linear passes over the diagram's compact parent column, no recursion (any depth is
/// fine):
/// 1. forward: depth, tree height, each parent's last child and the connectors, from the
///    parent links;
/// 2. forward: leaves take successive slots along the leaf axis;
/// 3. backward: a parent's position along the leaf axis is halfway between its first and last
///    child (children come after their parent in pre-order, so walking backwards has them ready).
/// The depth axis position then depends on the level only. Several roots (an error the model
/// reports) are laid out one after another, their leaf slots continuing.
///
/// Everything works on 4- and 8-byte columns and writes into arrays sized once: at 131,071
/// nodes the working set (~4 MB) stays in cache, which the old 112-byte node structs did not.
public func layout(_ diagram: Diagram) -> Geometry {
    let settings = diagram.settings
    let axes = LayoutAxes(settings: settings)
    let links = diagram.nodes.parents
    // Node indices are stored as Int32 (a diagram never holds more; see `DiagramNodes`).
    let count = min(links.count, Int(Int32.max))
    guard count > 0 else {
        return Geometry(
            width: 0, height: 0, margin: settings.margin, cardWidth: settings.cardWidth,
            cardHeight: settings.cardHeight, centres: [], depths: [], edgeChildren: [], edgeParents: [],
            axes: axes)
    }

    // Pass 1. The parent links are the only structure trusted: a link that does not point to an
    // earlier node (impossible from the model, but the layout must never crash) makes a root.
    var depths = [Int32](repeating: 0, count: count)
    var lastChild = [Int32](repeating: -1, count: count)
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
                }
            }
        }
    }

    // Passes 2 and 3 write every centre exactly once: leaves forwards, parents backwards.
    let alignLeaves = settings.align == .leaves
    let deepest = Int(maxDepth)
    var leafCount = 0
    let centres = [Point](unsafeUninitializedCapacity: count) { centres, initialized in
        depths.withUnsafeBufferPointer { depths in
            lastChild.withUnsafeBufferPointer { lastChild in
                for index in 0..<count where lastChild[index] < 0 {
                    let along = axes.leafCardSize / 2 + Double(leafCount) * axes.leafStep
                    let level = alignLeaves ? deepest : Int(depths[index])
                    centres.initializeElement(
                        at: index, to: axes.centre(level: level, maxDepth: deepest, along: along))
                    leafCount += 1
                }
                for index in stride(from: count - 1, through: 0, by: -1) where lastChild[index] >= 0 {
                    // In pre-order the first child of a parent is always the next node.
                    let first = axes.along(centres[index + 1])
                    let last = axes.along(centres[Int(lastChild[index])])
                    centres.initializeElement(
                        at: index,
                        to: axes.centre(level: Int(depths[index]), maxDepth: deepest, along: (first + last) / 2))
                }
            }
        }
        initialized = count
    }

    let levels = Double(maxDepth + 1)
    let depthExtent = levels * axes.levelCardSize + (levels - 1) * settings.levelGap
    let leaves = Double(leafCount)
    let leafExtent = leaves * axes.leafCardSize + (leaves - 1) * settings.leafGap
    let size = axes.levelsAreColumns
        ? (width: depthExtent, height: leafExtent) : (width: leafExtent, height: depthExtent)
    return Geometry(
        width: size.width, height: size.height, margin: settings.margin, cardWidth: settings.cardWidth,
        cardHeight: settings.cardHeight, centres: centres, depths: depths, edgeChildren: edgeChildren,
        edgeParents: edgeParents, axes: axes)
}
