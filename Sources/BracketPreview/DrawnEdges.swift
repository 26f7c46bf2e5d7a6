/// The connectors a snapshot draws, in drawing order, as indices into `geometry.edges`: all of
/// them (every card drawn, the usual case), kept as their count, or those listed.
///
/// Every render makes a snapshot, and listing each index when every connector is drawn wrote
/// a column of 8 bytes a card into fresh memory on every push (8 MB at a million cards) to
/// say `0, 1, 2, …`.
public struct DrawnEdges: RandomAccessCollection, Sendable {
    /// Nil: every connector, `0..<count`.
    private let listed: [Int]?
    private let all: Int

    /// Every connector of a geometry with `count` of them.
    init(all count: Int) {
        listed = nil
        all = count
    }

    /// The connectors `indices` (ascending).
    init(listed indices: [Int]) {
        listed = indices
        all = 0
    }

    /// Whether the indices are stored one by one (only when some connector is not drawn).
    public var isListed: Bool { listed != nil }

    public var startIndex: Int { 0 }
    public var endIndex: Int { listed?.count ?? all }

    public subscript(position: Int) -> Int {
        if let listed { return listed[position] }
        return position
    }
}
