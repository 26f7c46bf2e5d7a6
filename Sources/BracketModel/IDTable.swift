import BracketSyntax

/// How often each identifier is defined, and where the repeated ones are.
///
/// Positions of repeated identifiers are kept for their diagnostics. When an edit makes an
/// identifier a duplicate, its other definition is found through the handle `defined` keeps
/// with its hash: a handle of `index`, which holds every definition's start in document order
/// and finds a handle's entry in constant time. Reading every definition's tag for it instead
/// (12 bytes a definition) cost ~15 µs at 131,071 nodes, eight times that at eight times the
/// nodes, for an edit of a few bytes; a walk of the tree, before that, ~40 ms. The tags stay as
/// the lookup's fallback, for a handle that no longer finds the identifier (see `update`).
struct IDTable: Sendable {
    /// The hash of every identifier defined at least once, each with the handle (in `index`) of
    /// one of its definitions, usually the first. Hashes rather than strings halve the table (8
    /// bytes a slot instead of 16), which is many bytes per node on a large document. Two
    /// identifiers sharing a hash only look like a repeat here: the positions are then looked up
    /// by their real text, and only identifiers truly defined twice become `duplicates`.
    private var defined = HashSlots()
    /// How often each hash defined more than once is defined.
    private var repeats: [Int: Int] = [:]
    /// The definitions of each identifier defined at least twice, as their handles in `index`,
    /// in document order. Handles rather than ranges: an entry's handle stays the same while the
    /// index moves its start with every edit, so an edit updates only the identifiers it touches
    /// (moving every kept range by the edit's length, as this map once did, cost every duplicate
    /// on every keystroke: a file with 20,000 duplicates paid for all of them).
    private var duplicates: [String: [UInt32]] = [:]
    /// Where every definition starts, in document order.
    private(set) var index = DefinitionIndex()
    /// How many identifiers' definitions had to be found by reading every tag, because the
    /// handle kept for them did not find one (tests check that the usual edits need none).
    private(set) var taggedLookups = 0
    /// How many duplicates' lists edits have written (tests check that an edit writes only the
    /// lists of the identifiers it touches).
    private(set) var listsWritten = 0

    init(_ occurrences: [(id: String, range: ByteRange)]) {
        defined = HashSlots(minimumCapacity: occurrences.count)
        var starts: [Int] = []
        var tags: [UInt32] = []
        starts.reserveCapacity(occurrences.count)
        tags.reserveCapacity(occurrences.count)
        for (position, (id, range)) in occurrences.enumerated() {
            let hash = Self.hash(id)
            starts.append(range.start)
            tags.append(DefinitionIndex.tag(hash))
            // The index gives definition `position` handle `position`.
            addDefinition(ofHash: hash, handle: UInt32(truncatingIfNeeded: position))
        }
        index = DefinitionIndex(starts: starts, tags: tags)
        // Usually nothing repeats: then there is no need to hash every identifier a second time.
        guard !repeats.isEmpty else { return }
        for (position, (id, _)) in occurrences.enumerated() where repeats[Self.hash(id)] != nil {
            duplicates[id, default: []].append(UInt32(truncatingIfNeeded: position))
        }
        duplicates = duplicates.filter { $0.value.count > 1 }
    }

    /// How often identifiers with the hash of `id` are defined: `id`'s count, unless another
    /// identifier shares its hash.
    func count(of id: String) -> Int {
        count(ofHash: Self.hash(id))
    }

    /// The hash the table keeps for `id`: never 0, which marks an empty slot in `defined`.
    static func hash(_ id: String) -> Int {
        let hash = id.hashValue
        return hash == 0 ? 1 : hash
    }

    private func count(ofHash hash: Int) -> Int {
        repeats[hash] ?? (defined.contains(hash) ? 1 : 0)
    }

    /// One more definition with `hash`, whose entry in `index` has `handle`: one probe of
    /// `defined`, and `repeats` only on a repeat (the hash keeps the handle it has).
    private mutating func addDefinition(ofHash hash: Int, handle: UInt32) {
        if !defined.insert(hash, value: handle) { repeats[hash, default: 1] += 1 }
    }

    /// One definition with `hash` fewer (none known: nothing changes).
    private mutating func removeDefinition(ofHash hash: Int) {
        if !repeats.isEmpty, let count = repeats[hash] {
            repeats[hash] = count > 2 ? count - 1 : nil
        } else {
            defined.remove(hash)
        }
    }

    /// Accounts for a reparse that replaced the text `oldRange` (holding `removed`) with text
    /// `delta` bytes longer or shorter (holding `added`, in new positions); `source` is the new
    /// text. The other definitions of an identifier the edit turns into a duplicate are looked up
    /// in the index.
    ///
    /// Each identifier is hashed once: a paste of 1,000 lines adds 1,000 of them, and hashing
    /// each of them five times over (and a dictionary entry and array for each) was a tenth of
    /// the paste.
    mutating func update(
        removed: [(id: String, range: ByteRange)], added: [(id: String, range: ByteRange)],
        oldRange: ByteRange, delta: Int, source: TextBuffer
    ) {
        let addedHashes = added.map { Self.hash($0.id) }
        var definitions: [(start: Int, hash: Int)] = []
        definitions.reserveCapacity(added.count)
        for (position, definition) in added.enumerated() {
            definitions.append((definition.range.start, addedHashes[position]))
        }
        let firstAdded = index.replace(in: oldRange, delta: delta, with: definitions)
        // The kept definitions outside the edited part move with the index; those inside are
        // gone, and `keptHandles(of:)` drops them for the identifiers the edit touched (only
        // those can hold them).
        let addedPositions = firstAdded..<(firstAdded + added.count)
        let removedHashes = removed.map { Self.hash($0.id) }
        let (addedLeft, removedLeft) = Self.unpaired(added: addedHashes, removed: removedHashes)
        for position in addedLeft {
            addDefinition(ofHash: addedHashes[position], handle: index.handle(firstAdded + position))
        }
        for hash in removedLeft { removeDefinition(ofHash: hash) }
        // Nothing defined twice, before or after: no identifier can have positions to record.
        // (A paste of 1,000 new IDs used to look each one up twice more to find that out, each
        // probe a cache miss in a table of 131,071.)
        guard !repeats.isEmpty || !duplicates.isEmpty else { return }
        // For every identifier the edit touched, the known positions are the kept ones plus the
        // added ones; when they fall short of its count, the others are outside the edited part
        // and must be looked up. One defined at most once with no positions kept has nothing to
        // record (the common case: new, unique IDs), so only the others are gathered.
        var addedHandles: [String: [UInt32]] = [:]
        var touched = Set<String>()
        for (position, (id, _)) in added.enumerated() {
            guard count(ofHash: addedHashes[position]) > 1 || (!duplicates.isEmpty && duplicates[id] != nil) else {
                continue
            }
            addedHandles[id, default: []].append(index.handle(firstAdded + position))
            touched.insert(id)
        }
        for (position, (id, _)) in removed.enumerated() {
            guard count(ofHash: removedHashes[position]) > 1 || (!duplicates.isEmpty && duplicates[id] != nil) else {
                continue
            }
            touched.insert(id)
        }
        var unknown = Set<String>()
        for id in touched {
            listsWritten &+= 1
            let count = count(of: id)
            let known = keptHandles(of: id, outside: addedPositions) + (addedHandles[id] ?? [])
            guard count > 1 else {
                duplicates[id] = nil
                // The one definition left may not be the one the handle found: keep its own.
                if count == 1, known.count == 1 { defined.setValue(known[0], of: Self.hash(id)) }
                continue
            }
            if known.count == count {
                duplicates[id] = sortedByPosition(known)
            } else if known.count + 1 == count, let kept = keptHandle(of: id, source: source),
                !known.contains(kept)
            {
                // The usual way an ID becomes a duplicate: one definition added, and the one
                // that was there is the one its handle finds.
                duplicates[id] = sortedByPosition(known + [kept])
            } else {
                unknown.insert(id)
            }
        }
        for id in unknown {
            taggedLookups += 1
            let handles = index.definitionHandles(of: id, in: source)
            duplicates[id] = handles.count > 1 ? handles : nil
            if let first = handles.first { defined.setValue(first, of: Self.hash(id)) }
        }
    }

    /// The positions in `added` and the hashes in `removed` left once every removed hash is
    /// paired with an equal added one. A reparsed block or line gives back most of the IDs it
    /// took away (a wrap rescans the whole wrapped subtree): those cancel out here, in a table
    /// the size of the edit, so that only the IDs really gone or new probe the document's (each
    /// probe of a table of 131,071 is a cache miss; removing and adding the same few hundred
    /// again was a fifth of a wrap). When one side is a few IDs (a paste adds 1,000 to the line
    /// it lands on, its undo takes them away again), a short scan of those few pairs them: a
    /// dictionary of the other side, a SipHash for each of its 1,000 hashes, was a tenth of the
    /// update.
    static func unpaired(added: [Int], removed: [Int]) -> (added: [Int], removed: [Int]) {
        guard !added.isEmpty, !removed.isEmpty else { return (Array(added.indices), removed) }
        let few = 16
        if removed.count <= few {
            var left = removed
            var addedLeft: [Int] = []
            addedLeft.reserveCapacity(added.count)
            for (position, hash) in added.enumerated() {
                if let match = left.firstIndex(of: hash) { left.remove(at: match) } else { addedLeft.append(position) }
            }
            return (addedLeft, left)
        }
        if added.count <= few {
            var addedLeft = Array(added.indices)
            var removedLeft: [Int] = []
            removedLeft.reserveCapacity(removed.count)
            for hash in removed {
                if let match = addedLeft.firstIndex(where: { added[$0] == hash }) {
                    addedLeft.remove(at: match)
                } else {
                    removedLeft.append(hash)
                }
            }
            return (addedLeft, removedLeft)
        }
        var unmatched: [Int: Int] = [:]
        unmatched.reserveCapacity(removed.count)
        for hash in removed { unmatched[hash, default: 0] += 1 }
        var addedLeft: [Int] = []
        for (position, hash) in added.enumerated() {
            if let left = unmatched[hash] {
                unmatched[hash] = left > 1 ? left - 1 : nil
            } else {
                addedLeft.append(position)
            }
        }
        var removedLeft: [Int] = []
        for (hash, left) in unmatched { removedLeft += repeatElement(hash, count: left) }
        return (addedLeft, removedLeft)
    }

    /// Whether any identifier is defined twice.
    var hasDuplicates: Bool { !duplicates.isEmpty }

    /// Where the definitions of each identifier defined at least twice are, in order (tests
    /// compare an edited document's with a fresh one's).
    var duplicateRanges: [String: [ByteRange]] {
        var result: [String: [ByteRange]] = [:]
        for (id, handles) in duplicates { result[id] = handles.map { range(ofHandle: $0, length: id.utf8.count) } }
        return result
    }

    /// The range of the definition with `handle` (which the index must hold), `length` bytes.
    private func range(ofHandle handle: UInt32, length: Int) -> ByteRange {
        let start = index.start(index.position(ofHandle: handle)!)
        return ByteRange(start, start + length)
    }

    /// The handles kept for `id` whose definitions are still in the index and not among the
    /// ones just added at `added`: a replaced definition's handle is either free or taken over
    /// by an added one (`OffsetGapArray` pairs replaced and new entries), whichever identifier
    /// that one defines.
    private func keptHandles(of id: String, outside added: Range<Int>) -> [UInt32] {
        guard let handles = duplicates[id] else { return [] }
        return handles.filter { handle in
            guard let position = index.position(ofHandle: handle) else { return false }
            return !added.contains(position)
        }
    }

    /// `handles` in the order of their definitions.
    private func sortedByPosition(_ handles: [UInt32]) -> [UInt32] {
        handles.map { (index.position(ofHandle: $0) ?? 0, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The handle kept with `id`'s hash, if it still finds a definition of `id`.
    private func keptHandle(of id: String, source: TextBuffer) -> UInt32? {
        guard let handle = defined.value(of: Self.hash(id)),
            index.definition(ofHandle: handle, matching: Array(id.utf8), in: source) != nil
        else { return nil }
        return handle
    }

    /// One error for every definition after the first, pointing back at the first.
    func diagnostics() -> [Diagnostic] {
        var result: [Diagnostic] = []
        for (id, handles) in duplicates {
            let length = id.utf8.count
            guard let firstHandle = handles.first else { continue }
            let first = range(ofHandle: firstHandle, length: length)
            for range in handles.dropFirst().map({ range(ofHandle: $0, length: length) }) {
                result.append(Diagnostic(
                    range: range, severity: .error, code: .duplicateID,
                    message: "Duplicate identifier '\(id)': another node already uses it, and IDs must be unique.",
                    related: [RelatedLocation(range: first, message: "'\(id)' is first defined here")]))
            }
        }
        return result
    }
}

/// Every definition's start offset in document order, beside a 32-bit tag of its identifier's
/// hash (a tag match is confirmed against the text).
///
/// An edit moves every later start by its length change: the starts are kept with a gap at the
/// last edit (`OffsetGapArray`, as the line index keeps its line starts), so an edit writes its
/// own definitions and those between it and the previous edit, not every later one. (A pending
/// shift that had to be written out whenever an edit changed the number of definitions, as a
/// wrap or a paste does, was a third of a wrap in a file written on one line.)
struct DefinitionIndex: Sendable {
    private var starts: OffsetGapArray

    /// The definitions starting at `starts` (ascending), with their tags.
    /// Definition `i` gets handle `i`.
    init(starts: [Int] = [], tags: [UInt32] = []) {
        self.starts = OffsetGapArray(starts, tags: tags, handles: true)
    }

    /// The tag kept for an identifier's hash.
    static func tag(_ hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: hash) }

    var count: Int { starts.count }

    /// Where definition `position` starts.
    func start(_ position: Int) -> Int { starts[position] }

    /// Every start, in order (tests compare an edited document's with a fresh one's).
    var allStarts: [Int] { Array(starts) }

    /// Replaces the definitions starting in `oldRange` with `added` (new offsets and hashes, in
    /// order) and moves the later ones by `delta`; returns the position of the first added one.
    @discardableResult
    mutating func replace(in oldRange: ByteRange, delta: Int, with added: [(start: Int, hash: Int)]) -> Int {
        let low = starts.partitioningIndex { $0 >= oldRange.start }
        let high = starts.partitioningIndex { $0 >= oldRange.end }
        starts.replace(
            low..<high, with: added.map(\.start), tags: added.map { Self.tag($0.hash) }, delta: delta)
        return low
    }

    /// Definition `position`'s handle: it finds the definition for as long as it is in the index.
    func handle(_ position: Int) -> UInt32 { starts.handle(position) }

    /// The position of the definition with `handle`, if the index holds it.
    func position(ofHandle handle: UInt32) -> Int? { starts.index(ofHandle: handle) }

    /// The definition with `handle`, if there is one and it defines the identifier `bytes`.
    func definition(ofHandle handle: UInt32, matching bytes: [UInt8], in source: TextBuffer) -> ByteRange? {
        guard let position = starts.index(ofHandle: handle) else { return nil }
        return Self.definition(at: starts[position], matching: bytes, in: source)
    }

    /// The identifiers defined in `range` of `source`, the text the index describes, in order.
    ///
    /// A reparse takes these out of the table: read from the starts kept here (a binary search,
    /// then each ID's bytes), they cost the removed IDs alone, where walking the removed items'
    /// trees for them cost a node value, a syntax view and reference counting for every node and
    /// token (a tenth of undoing a 1,000-line paste). Every start here begins an ID token, which
    /// runs to the first byte that cannot continue one.
    func identifiers(in range: ByteRange, source: TextBuffer) -> [(id: String, range: ByteRange)] {
        let low = starts.partitioningIndex { $0 >= range.start }
        var found: [(id: String, range: ByteRange)] = []
        var position = low
        while position < starts.count {
            let start = starts[position]
            guard start < range.end else { break }
            var end = start
            while end < source.count, Lexer.continuesIdentifier(source[end]) { end += 1 }
            found.append((Self.identifier(start..<end, in: source), ByteRange(start, end)))
            position += 1
        }
        return found
    }

    /// The ID at `range` of `source` as a string, its bytes copied one by one: IDs are ASCII
    /// and short, and a slice of the text (a reference to count, maybe a copy across the gap)
    /// cost more than the copy.
    static func identifier(_ range: Range<Int>, in source: TextBuffer) -> String {
        String(unsafeUninitializedCapacity: range.count) { bytes in
            for index in range { bytes[index &- range.lowerBound] = source[index] }
            return range.count
        }
    }

    /// The handles of every definition of `id` in `source`, in order.
    func definitionHandles(of id: String, in source: TextBuffer) -> [UInt32] {
        let tag = Self.tag(IDTable.hash(id))
        let bytes = Array(id.utf8)
        var found: [UInt32] = []
        for position in starts.indices(taggedWith: tag)
        where Self.definition(at: starts[position], matching: bytes, in: source) != nil {
            found.append(starts.handle(position))
        }
        return found
    }

    /// The definition starting at `start` when it defines the identifier `bytes`: each entry
    /// starts an ID, and it is this one when the bytes match and the word ends there.
    private static func definition(at start: Int, matching bytes: [UInt8], in source: TextBuffer) -> ByteRange? {
        let end = start + bytes.count
        guard end <= source.count, source[start..<end].elementsEqual(bytes),
            end == source.count || !Lexer.continuesIdentifier(source[end])
        else { return nil }
        return ByteRange(start, end)
    }
}
