import BracketSyntax

/// One node of a diagram, as the layout and the renderers need it: a row of `DiagramNodes`.
public struct DiagramNode: Sendable, Hashable {
    /// The identifier exactly as written (`7` and `07` differ).
    public var id: String
    /// The text the card shows: the label as written (escapes resolved); for a parent without one
    /// in a tree that records results, its match's winner's label or "To be decided"
    /// (`DiagramResults`); otherwise "Node <id>".
    public var label: String
    /// False when the card shows the neutral "Node <id>" text.
    public var hasExplicitLabel: Bool
    /// Index of the parent in `Diagram.nodes`, or -1 for a root.
    public var parent: Int
    /// 0 for a root, one more for each level below it.
    public var depth: Int
    /// Number of direct children.
    public var childCount: Int
    /// One past the index of the last node in this node's subtree (nodes are in pre-order, so the
    /// subtree is `index ..< subtreeEnd`; the first child, if any, is `index + 1`).
    public var subtreeEnd: Int
    /// The identifier token.
    public var idRange: ByteRange
    /// The whole node: identifier, label, attributes and block.
    public var range: ByteRange
    /// The `score` attribute as written (a string value unquoted, escapes resolved), or nil.
    public var score: String?
    /// The `edge` attribute: the label of the connector to the parent, or nil.
    public var edgeLabel: String?
    /// The attributes that are only drawn, at their `AttributeSpec.drawnIndex`; empty for none.
    public var drawn: [String?]
    /// Whether this node won (or, as a bye, advanced from) the match decided at its parent.
    public var isWinner: Bool
    /// Whether the card is a slot still to be decided: its match (or one below it) has no winner.
    public var isPending: Bool
    /// Whether this node is its parent's only child, advancing without playing.
    public var isBye: Bool
    /// Index of the leaf whose competitor the card shows: itself for a leaf, its match's winner's
    /// entrant for a parent that has one, -1 when pending or when the tree records no results.
    public var entrant: Int

    public init(
        id: String, label: String, hasExplicitLabel: Bool, parent: Int, depth: Int,
        childCount: Int, subtreeEnd: Int, idRange: ByteRange, range: ByteRange,
        score: String? = nil, edgeLabel: String? = nil, drawn: [String?] = [], isWinner: Bool = false, isPending: Bool = false,
        isBye: Bool = false, entrant: Int = -1
    ) {
        self.score = score
        self.edgeLabel = edgeLabel
        self.drawn = drawn
        self.isWinner = isWinner
        self.isPending = isPending
        self.isBye = isBye
        self.entrant = entrant
        self.id = id
        self.label = label
        self.hasExplicitLabel = hasExplicitLabel
        self.parent = parent
        self.depth = depth
        self.childCount = childCount
        self.subtreeEnd = subtreeEnd
        self.idRange = idRange
        self.range = range
    }

    public var isLeaf: Bool { childCount == 0 }

    /// What a node's header says (its ID at `idRange`), read from `source`: the ID as written,
    /// and the label with its escapes resolved, or "Node <id>" for a node without one. Every
    /// builder of rows (the whole tree, a splice's new rows) reads headers here.
    static func header(of node: NodeSyntax, id idRange: ByteRange, source: [UInt8])
        -> (id: String, label: String, hasExplicitLabel: Bool)
    {
        let id = String(decoding: source[idRange.start..<idRange.end], as: UTF8.self)
        guard let label = node.label else { return (id, "Node " + id, false) }
        return (id, LabelText(token: source[label.start..<label.end]).value, true)
    }
}

/// The tree a document describes, flattened in pre-order (depth first, children in order), with
/// its resolved layout settings. Built without recursion, so any depth is fine.
///
/// A well-formed document has exactly one root at index 0. A document with several top-level
/// nodes (an error) still yields all of them, one after another, so a preview can show
/// everything that parsed.
public struct Diagram: Sendable, Hashable {
    public var nodes: DiagramNodes
    public var settings: LayoutSettings

    public init(nodes: DiagramNodes, settings: LayoutSettings) {
        self.nodes = nodes
        self.settings = settings
    }

    public init(nodes: [DiagramNode], settings: LayoutSettings) {
        self.init(nodes: DiagramNodes(nodes), settings: settings)
    }

    /// Indices of the direct children of `index`, in order.
    public func children(of index: Int) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(Int(nodes.childCounts[index]))
        var child = index + 1
        let end = Int(nodes.subtreeEnds[index])
        while child < end {
            result.append(child)
            child = Int(nodes.subtreeEnds[child])
        }
        return result
    }

    /// Indices of the roots (top-level nodes), in order.
    public var roots: [Int] {
        var result: [Int] = []
        var index = 0
        while index < nodes.count {
            result.append(index)
            index = Int(nodes.subtreeEnds[index])
        }
        return result
    }

    /// Whether any node carries results or an edge label: the writers add their result fields
    /// only then, so a plain tree's outputs stay as they were. A stored count, not a scan.
    public var hasAttributes: Bool { nodes.hasAttributes }

    /// The depth of the deepest node, or -1 for an empty diagram.
    public var maxDepth: Int { Int(nodes.depths.max() ?? -1) }

    public var leafCount: Int { nodes.childCounts.reduce(0) { $0 + ($1 == 0 ? 1 : 0) } }
}
