import BracketSyntax

/// How often each identifier is defined, and where the repeated ones are.
///
/// Positions of repeated identifiers are kept for their diagnostics. When an edit makes an
/// identifier a duplicate, its other definitions are found in `index`: every definition's start
/// with a 32-bit tag of its hash, in document order, so that looking one up reads 12 bytes a
/// definition instead of walking the tree (a walk of a 131,071-node document cost ~40 ms, against
/// ~0.1 ms for any other keystroke).
struct IDTable: Sendable {
    /// The hash of every identifier defined at least once. Hashes rather than strings halve the
    /// table (8 bytes a slot instead of 16), which is many bytes per node on a large document. Two
    /// identifiers sharing a hash only look like a repeat here: the positions are then looked up
    /// by their real text, and only identifiers truly defined twice become `duplicates`.
    private var defined: Set<Int> = []
    /// How often each hash defined more than once is defined.
    private var repeats: [Int: Int] = [:]
    /// Sorted occurrences of each identifier defined at least twice.
    private(set) var duplicates: [String: [ByteRange]] = [:]
    /// Where every definition starts, in document order.
    private(set) var index = DefinitionIndex()

    init(_ occurrences: [(id: String, range: ByteRange)]) {
        defined.reserveCapacity(occurrences.count)
        index.reserveCapacity(occurrences.count)
        for (id, range) in occurrences {
            let hash = id.hashValue
            index.append(start: range.start, hash: hash)
            if !defined.insert(hash).inserted { repeats[hash, default: 1] += 1 }
        }
        // Usually nothing repeats: then there is no need to hash every identifier a second time.
        guard !repeats.isEmpty else { return }
        for (id, range) in occurrences where repeats[id.hashValue] != nil {
            duplicates[id, default: []].append(range)
        }
        duplicates = duplicates.filter { $0.value.count > 1 }
    }

    /// How often identifiers with the hash of `id` are defined: `id`'s count, unless another
    /// identifier shares its hash.
    func count(of id: String) -> Int {
        count(ofHash: id.hashValue)
    }

    private func count(ofHash hash: Int) -> Int {
        repeats[hash] ?? (defined.contains(hash) ? 1 : 0)
    }

    private mutating func setCount(_ count: Int, ofHash hash: Int) {
        if count > 0 { defined.insert(hash) } else { defined.remove(hash) }
        repeats[hash] = count > 1 ? count : nil
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
        let addedHashes = added.map(\.id.hashValue)
        var definitions: [(start: Int, hash: Int)] = []
        definitions.reserveCapacity(added.count)
        for (position, definition) in added.enumerated() {
            definitions.append((definition.range.start, addedHashes[position]))
        }
        index.replace(in: oldRange, delta: delta, with: definitions)
        // Positions outside the edited part move with the text; those inside are gone.
        for (id, ranges) in duplicates {
            duplicates[id] = ranges.compactMap { range in
                if range.end <= oldRange.start { return range }
                if range.start >= oldRange.end { return range.shifted(by: delta) }
                return nil
            }
        }
        var removedHashes: [Int] = []
        removedHashes.reserveCapacity(removed.count)
        for (id, _) in removed {
            let hash = id.hashValue
            removedHashes.append(hash)
            setCount(max(count(ofHash: hash) - 1, 0), ofHash: hash)
        }
        for hash in addedHashes {
            setCount(count(ofHash: hash) + 1, ofHash: hash)
        }
        // For every identifier the edit touched, the known positions are the kept ones plus the
        // added ones; when they fall short of its count, the others are outside the edited part
        // and must be looked up. One defined at most once with no positions kept has nothing to
        // record (the common case: new, unique IDs), so only the others are gathered.
        var addedRanges: [String: [ByteRange]] = [:]
        var touched = Set<String>()
        for (position, (id, range)) in added.enumerated() {
            guard count(ofHash: addedHashes[position]) > 1 || (!duplicates.isEmpty && duplicates[id] != nil) else {
                continue
            }
            addedRanges[id, default: []].append(range)
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
            let count = count(of: id)
            guard count > 1 else {
                duplicates[id] = nil
                continue
            }
            let known = (duplicates[id] ?? []) + (addedRanges[id] ?? [])
            if known.count == count {
                duplicates[id] = known.sorted()
            } else {
                unknown.insert(id)
            }
        }
        for id in unknown {
            let ranges = index.definitions(of: id, in: source)
            duplicates[id] = ranges.count > 1 ? ranges : nil
        }
    }

    /// One error for every definition after the first, pointing back at the first.
    func diagnostics() -> [Diagnostic] {
        var result: [Diagnostic] = []
        for (id, ranges) in duplicates {
            guard let first = ranges.first else { continue }
            for range in ranges.dropFirst() {
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
/// An edit moves every later start by its length change. Typing stays in one place, so the move
/// is kept pending: starts from `shiftFrom` on are `shift` bytes further than stored, and the
/// next edit just before the same start adds to it; an edit elsewhere applies it first (one
/// vectorised pass, as the line index makes on every edit).
struct DefinitionIndex: Sendable {
    private var starts: [Int] = []
    private var tags: [UInt32] = []
    private var shiftFrom = 0
    private var shift = 0

    mutating func reserveCapacity(_ count: Int) {
        starts.reserveCapacity(count)
        tags.reserveCapacity(count)
    }

    /// Adds a definition after all the others.
    mutating func append(start: Int, hash: Int) {
        applyShift()
        starts.append(start)
        tags.append(UInt32(truncatingIfNeeded: hash))
        shiftFrom = starts.count
    }

    var count: Int { starts.count }

    /// Where definition `position` starts.
    func start(_ position: Int) -> Int {
        position >= shiftFrom ? starts[position] &+ shift : starts[position]
    }

    /// Every start, in order (tests compare an edited document's with a fresh one's).
    var allStarts: [Int] { (0..<count).map(start) }

    /// Replaces the definitions starting in `oldRange` with `added` (new offsets and hashes, in
    /// order) and moves the later ones by `delta`.
    mutating func replace(in oldRange: ByteRange, delta: Int, with added: [(start: Int, hash: Int)]) {
        let positions = 0..<count
        let low = positions.partitioningIndex { start($0) >= oldRange.start }
        let high = positions.partitioningIndex { start($0) >= oldRange.end }
        if high - low == added.count, shift == 0 || shiftFrom == high {
            // As many definitions as before, and any pending move starts right after them:
            // write them in place and add to the move.
            for (offset, definition) in added.enumerated() {
                starts[low + offset] = definition.start
                tags[low + offset] = UInt32(truncatingIfNeeded: definition.hash)
            }
        } else {
            applyShift()
            starts.replaceSubrange(low..<high, with: added.map(\.start))
            tags.replaceSubrange(low..<high, with: added.map { UInt32(truncatingIfNeeded: $0.hash) })
        }
        shiftFrom = low + added.count
        shift &+= delta
    }

    /// Every definition of `id` in `source`, in order.
    func definitions(of id: String, in source: TextBuffer) -> [ByteRange] {
        let tag = UInt32(truncatingIfNeeded: id.hashValue)
        let bytes = Array(id.utf8)
        var found: [ByteRange] = []
        for position in tags.indices where tags[position] == tag {
            let start = start(position)
            let end = start + bytes.count
            // Each entry starts an ID: it is this one when the bytes match and the word ends there.
            guard end <= source.count, source[start..<end].elementsEqual(bytes),
                end == source.count || !Lexer.continuesIdentifier(source[end])
            else { continue }
            found.append(ByteRange(start, end))
        }
        return found
    }

    /// Writes the pending move into the stored starts.
    private mutating func applyShift() {
        guard shift != 0 else { return }
        let from = shiftFrom
        let delta = shift
        // Wrapping adds (every start stays within the text) let the compiler vectorise the loop.
        starts.withUnsafeMutableBufferPointer { starts in
            for position in from..<starts.count { starts[position] &+= delta }
        }
        shift = 0
    }
}
