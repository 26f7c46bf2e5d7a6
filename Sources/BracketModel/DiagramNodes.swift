import BracketBytes
import BracketSyntax

/// The nodes of a `Diagram`, stored as one array per field (struct of arrays).
///
/// Layout reads only the parent column and the writers walk the columns in order, so keeping
/// each field contiguous means a pass touches 4 bytes a node instead of a 112-byte struct: at
/// 131,071 nodes that is the difference between working in cache and streaming ~15 MB from
/// memory on every pass. Indexing still gives whole `DiagramNode` values (built on access), and
/// assigning one writes every column, so code that reads or edits rows works unchanged.
///
/// Indices are `Int32`: a node needs at least two bytes of text, so only a text over 4 GB could
/// hold more nodes (far beyond `Limits`); such values are clamped rather than trapping.
public struct DiagramNodes: Sendable, Hashable, RandomAccessCollection, MutableCollection {
    public private(set) var ids: [String] = []
    public private(set) var labels: [String] = []
    public private(set) var hasExplicitLabels: [Bool] = []
    /// Parent index, -1 for a root.
    public private(set) var parents: [Int32] = []
    public private(set) var depths: [Int32] = []
    public private(set) var childCounts: [Int32] = []
    public private(set) var subtreeEnds: [Int32] = []
    public private(set) var idRanges: [ByteRange] = []
    public private(set) var ranges: [ByteRange] = []
    // What results mean (DiagramResults.swift); see `DiagramNode` for each column. The four
    // that make a row carry attributes are written through `setAttributes` and `setResult`,
    // which keep `attributedRows`.
    public private(set) var scores = OptionalColumn<String>()
    public private(set) var edgeLabels = OptionalColumn<String>()
    /// The attributes that are only drawn (`AttributeStorage.drawn`), sparse: nothing stored
    /// while no row has one. Not counted in `hasAttributes`: layout never reads them.
    public private(set) var drawn = DrawnColumns()
    public private(set) var isWinners: [Bool] = []
    public private(set) var isPendings: [Bool] = []
    public internal(set) var isByes: [Bool] = []
    /// -1 for none.
    public internal(set) var entrants: [Int32] = []
    /// How many rows have a score, an edge label, a win or a pending match: kept by every
    /// write to those columns, so `hasAttributes` is one comparison instead of four scans
    /// (the patch, the splice and both relayouts ask it on every keystroke).
    private var attributedRows = 0
    /// How many rows have a score, a win or a pending match (`recordsResults`), kept the same way.
    private var resultRows = 0

    public init() {}

    /// Whether any row carries results or an edge label (`Diagram.hasAttributes`).
    public var hasAttributes: Bool { attributedRows > 0 }

    /// Whether any row records a result (`Diagram.recordsResults`).
    public var recordsResults: Bool { resultRows > 0 }

    @inline(__always)
    private func recordsResult(_ index: Int) -> Bool {
        scores[index] != nil || isWinners[index] || isPendings[index]
    }

    @inline(__always)
    private func isAttributed(_ index: Int) -> Bool { recordsResult(index) || edgeLabels[index] != nil }

    /// Counts row `index` in or out of the two counts.
    @inline(__always)
    private mutating func tally(_ index: Int, by step: Int) {
        if isAttributed(index) { attributedRows += step }
        if recordsResult(index) { resultRows += step }
    }

    /// Keeps the counts around `write`, which changes row `index`'s attribute columns.
    @inline(__always)
    private mutating func recount(_ index: Int, _ write: (inout DiagramNodes) -> Void) {
        tally(index, by: -1)
        write(&self)
        tally(index, by: 1)
    }

    /// Sets the stored attributes row `index` was written with (the results pass decides the
    /// outcome that `winner` flags): `score`, `edge` and the drawn ones.
    mutating func setAttributes(of index: Int, _ attributes: NodeAttributes?) {
        recount(index) {
            $0.scores.set(attributes?.score, at: index)
            $0.edgeLabels.set(attributes?.edgeLabel, at: index)
        }
        drawn.set(attributes?.drawn ?? [], of: index)
    }

    /// Whether row `index` holds what `attributes` stores (its score, edge label and drawn values).
    func storesAttributes(of index: Int, _ attributes: NodeAttributes?) -> Bool {
        scores[index] == attributes?.score && edgeLabels[index] == attributes?.edgeLabel
            && drawn.values(of: index) == (attributes?.drawn ?? [])
    }

    /// Marks row `index` as its match's winner (`isWinner`) or sets whether it is pending.
    mutating func setWinner(_ index: Int) { recount(index) { $0.isWinners[index] = true } }
    mutating func setPending(_ pending: Bool, of index: Int) { recount(index) { $0.isPendings[index] = pending } }

    /// Takes back what deciding match `index` set on its children and its entrant, so that the
    /// match can be decided again after a score or flag changed (`DiagramResults.resolveMatch`
    /// only sets a winner; its pending flag and derived label it always writes).
    mutating func clearOutcome(of index: Int) {
        guard childCounts[index] > 0 else { return }
        var child = index + 1
        while child < Int(subtreeEnds[index]) {
            if isWinners[child] { recount(child) { $0.isWinners[child] = false } }
            child = Int(subtreeEnds[child])
        }
        entrants[index] = -1
    }

    public init(_ nodes: some Collection<DiagramNode>) {
        reserveCapacity(nodes.count)
        for node in nodes { append(node) }
    }

    public mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        labels.reserveCapacity(count)
        hasExplicitLabels.reserveCapacity(count)
        parents.reserveCapacity(count)
        depths.reserveCapacity(count)
        childCounts.reserveCapacity(count)
        subtreeEnds.reserveCapacity(count)
        idRanges.reserveCapacity(count)
        ranges.reserveCapacity(count)
        scores.reserveCapacity(count)
        edgeLabels.reserveCapacity(count)
        drawn.reserveCapacity(count)
        isWinners.reserveCapacity(count)
        isPendings.reserveCapacity(count)
        isByes.reserveCapacity(count)
        entrants.reserveCapacity(count)
    }

    public mutating func append(_ node: DiagramNode) {
        ids.append(node.id)
        labels.append(node.label)
        hasExplicitLabels.append(node.hasExplicitLabel)
        parents.append(Self.index(node.parent))
        depths.append(Self.index(node.depth))
        childCounts.append(Self.index(node.childCount))
        subtreeEnds.append(Self.index(node.subtreeEnd))
        idRanges.append(node.idRange)
        ranges.append(node.range)
        scores.append(node.score)
        edgeLabels.append(node.edgeLabel)
        drawn.append(node.drawn)
        isWinners.append(node.isWinner)
        isPendings.append(node.isPending)
        isByes.append(node.isBye)
        entrants.append(Self.index(node.entrant))
        tally(count - 1, by: 1)
    }

    /// Appends the row of `node` (its ID at `idRange`) as the diagram is built from the tree:
    /// its header read from `source`, no children yet, ending just after itself (the builder
    /// counts children and sets the end). Each column is appended to directly: no `DiagramNode`
    /// made and taken apart again, no counts to keep, on the path that makes every row of a tree
    /// the first time it is drawn. The columns every fresh row has the same value in (no score,
    /// edge label, win, pending match or bye, no entrant) are left to `finishBuilt()`, one fill
    /// each instead of an append per row: call it before anything else reads or writes the rows.
    mutating func appendBuilt(_ node: NodeSyntax, id idRange: ByteRange, source: [UInt8], parent: Int, depth: Int) {
        let header = DiagramNode.header(of: node, id: idRange, source: source)
        let row = Self.index(ids.count)
        ids.append(header.id)
        labels.append(header.label)
        hasExplicitLabels.append(header.hasExplicitLabel)
        parents.append(Self.index(parent))
        depths.append(Self.index(depth))
        childCounts.append(0)
        subtreeEnds.append(row &+ 1)
        idRanges.append(idRange)
        ranges.append(node.range)
    }

    /// Gives the rows `appendBuilt` added their attribute and result columns: nothing recorded
    /// (the results pass writes what the attributes say).
    mutating func finishBuilt() {
        let added = ids.count - isWinners.count
        guard added > 0 else { return }
        scores.appendNils(added)
        edgeLabels.appendNils(added)
        drawn.appendNils(added)
        isWinners.append(contentsOf: repeatElement(false, count: added))
        isPendings.append(contentsOf: repeatElement(false, count: added))
        isByes.append(contentsOf: repeatElement(false, count: added))
        entrants.append(contentsOf: repeatElement(-1, count: added))
    }

    /// The label a results pass derives for `index` (a winner's name, "To be decided").
    mutating func setLabel(_ label: String, of index: Int) { labels[index] = label }

    /// Adds one to the child count of `index`; the diagram builder's hot path.
    mutating func addChild(to index: Int) { childCounts[index] += 1 }

    /// Sets where the subtree of `index` ends; the diagram builder's hot path.
    mutating func setSubtreeEnd(_ end: Int, of index: Int) { subtreeEnds[index] = Self.index(end) }

    /// Rewrites what a node's header says (`Document.diagramRereadingHeaders(of:after:)`, after an edit of
    /// its ID or label token).
    ///
    /// A column is written only where the value changed: the columns are shared with the last
    /// render, so a write copies the whole column, and a label keystroke leaves the ID as it
    /// was (an ID keystroke, an explicit label).
    mutating func setHeader(of index: Int, id: String, label: String, hasExplicitLabel: Bool, idRange: ByteRange) {
        if ids[index] != id { ids[index] = id }
        if labels[index] != label { labels[index] = label }
        if hasExplicitLabels[index] != hasExplicitLabel { hasExplicitLabels[index] = hasExplicitLabel }
        if idRanges[index] != idRange { idRanges[index] = idRange }
    }

    /// Moves the ID and node offsets after an edit that replaced `range` by `delta` more bytes:
    /// offsets at or after its end move, those before it stay. An end exactly at an insertion
    /// point stays (whether the node grows there is for the caller to read again), so does one
    /// inside a replaced range. One pass over two columns, no strings touched.
    mutating func shiftOffsets(after range: ByteRange, by delta: Int) {
        guard delta != 0 else { return }
        let edit = range, end = range.end
        @inline(__always) func moved(_ range: ByteRange) -> ByteRange { range.moved(after: edit, by: delta) }
        idRanges.withUnsafeMutableBufferPointer { ranges in
            for index in ranges.indices where ranges[index].end >= end { ranges[index] = moved(ranges[index]) }
        }
        ranges.withUnsafeMutableBufferPointer { ranges in
            for index in ranges.indices where ranges[index].end >= end { ranges[index] = moved(ranges[index]) }
        }
    }

    /// Replaces the rows `removed` — whole subtrees of children of `parent` (-1: roots), one
    /// after another — by `rows`, built for the same place (their parents, subtree ends and
    /// entrants already in the final indices), after an edit that moved the bytes after it by
    /// `byteDelta`. What follows moves with cheap passes over the numeric columns: parent and
    /// subtree-end indices and leaf entrants by the change in row count, offsets by
    /// `byteDelta`; `parent` and its ancestors end later and hold more or fewer rows, and
    /// `parent` gains `childDelta` children. No string of a row outside `removed` is touched
    /// beyond being copied.
    mutating func splice(_ removed: Range<Int>, with rows: DiagramNodes, parent: Int, childDelta: Int, byteDelta: Int) {
        let rowDelta = rows.count - removed.count
        let plain = !hasAttributes && !rows.hasAttributes
        for index in removed { tally(index, by: -1) }
        attributedRows += rows.attributedRows
        resultRows += rows.resultRows
        // One pass per column: the rows before, the new rows, the rows after renumbered (indices
        // by the row delta, offsets by the byte delta) as they are copied.
        let moved = Int32(truncatingIfNeeded: rowDelta)
        let after = Int32(truncatingIfNeeded: removed.upperBound)
        ids = splicedColumn(ids, removing: removed, inserting: rows.ids)
        labels = splicedColumn(labels, removing: removed, inserting: rows.labels)
        hasExplicitLabels = splicedColumn(hasExplicitLabels, removing: removed, inserting: rows.hasExplicitLabels)
        // A parent index after the removed rows moves; one before them (an ancestor) stays.
        parents = splicedColumn(parents, removing: removed, inserting: rows.parents) { $0 >= after ? $0 &+ moved : $0 }
        depths = splicedColumn(depths, removing: removed, inserting: rows.depths)
        childCounts = splicedColumn(childCounts, removing: removed, inserting: rows.childCounts)
        subtreeEnds = splicedColumn(subtreeEnds, removing: removed, inserting: rows.subtreeEnds) { $0 &+ moved }
        idRanges = splicedColumn(idRanges, removing: removed, inserting: rows.idRanges) {
            ByteRange($0.start + byteDelta, $0.end + byteDelta)
        }
        ranges = splicedColumn(ranges, removing: removed, inserting: rows.ranges) {
            ByteRange($0.start + byteDelta, $0.end + byteDelta)
        }
        // A plain tree's result columns hold nothing: written as such, not copied.
        scores = scores.splicing(removed, with: rows.scores)
        edgeLabels = edgeLabels.splicing(removed, with: rows.edgeLabels)
        drawn = drawn.splicing(removed, with: rows.drawn)
        // A plain tree's flags are all false: written as such (a fill), not copied.
        if plain {
            isWinners = [Bool](repeating: false, count: count)
            isPendings = isWinners
        } else {
            isWinners = splicedColumn(isWinners, removing: removed, inserting: rows.isWinners)
            isPendings = splicedColumn(isPendings, removing: removed, inserting: rows.isPendings)
        }
        isByes = splicedColumn(isByes, removing: removed, inserting: rows.isByes)
        entrants = splicedColumn(entrants, removing: removed, inserting: rows.entrants) { $0 >= 0 ? $0 &+ moved : $0 }
        var ancestor = parent
        while ancestor >= 0 {
            subtreeEnds[ancestor] += moved
            ranges[ancestor] = ByteRange(ranges[ancestor].start, ranges[ancestor].end + byteDelta)
            ancestor = Int(parents[ancestor])
        }
        if parent >= 0 {
            childCounts[parent] += Int32(truncatingIfNeeded: childDelta)
            // Without results a leaf is its own entrant and a parent has none.
            entrants[parent] = childCounts[parent] == 0 ? Int32(truncatingIfNeeded: parent) : -1
        }
    }

    /// Sets where node `index` ends (a leaf whose header was read again).
    mutating func setEnd(_ end: Int, of index: Int) { ranges[index] = ByteRange(ranges[index].start, end) }

    /// Clamps into the stored width; only absurd values (more than 2^31 nodes) would be changed.
    @inline(__always)
    static func index(_ value: Int) -> Int32 {
        Int32(clamping: value)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }

    public subscript(index: Int) -> DiagramNode {
        get {
            DiagramNode(
                id: ids[index], label: labels[index], hasExplicitLabel: hasExplicitLabels[index],
                parent: Int(parents[index]), depth: Int(depths[index]), childCount: Int(childCounts[index]),
                subtreeEnd: Int(subtreeEnds[index]), idRange: idRanges[index], range: ranges[index],
                score: scores[index], edgeLabel: edgeLabels[index], drawn: drawn.values(of: index), isWinner: isWinners[index],
                isPending: isPendings[index], isBye: isByes[index], entrant: Int(entrants[index]))
        }
        set {
            tally(index, by: -1)
            ids[index] = newValue.id
            labels[index] = newValue.label
            hasExplicitLabels[index] = newValue.hasExplicitLabel
            parents[index] = Self.index(newValue.parent)
            depths[index] = Self.index(newValue.depth)
            childCounts[index] = Self.index(newValue.childCount)
            subtreeEnds[index] = Self.index(newValue.subtreeEnd)
            idRanges[index] = newValue.idRange
            ranges[index] = newValue.range
            scores.set(newValue.score, at: index)
            edgeLabels.set(newValue.edgeLabel, at: index)
            drawn.set(newValue.drawn, of: index)
            isWinners[index] = newValue.isWinner
            isPendings[index] = newValue.isPending
            isByes[index] = newValue.isBye
            entrants[index] = Self.index(newValue.entrant)
            tally(index, by: 1)
        }
    }
}
