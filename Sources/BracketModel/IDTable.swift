import BracketSyntax

/// How often each identifier is defined, and where the repeated ones are.
///
/// Positions are kept only for identifiers defined more than once: those are the only ones a
/// diagnostic needs, and keeping every position would mean moving all of them on every edit.
/// When an edit makes an identifier a duplicate, its other occurrences are looked up once.
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

    init(_ occurrences: [(id: String, range: ByteRange)]) {
        defined.reserveCapacity(occurrences.count)
        for (id, _) in occurrences where !defined.insert(id.hashValue).inserted {
            repeats[id.hashValue, default: 1] += 1
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
        let hash = id.hashValue
        return repeats[hash] ?? (defined.contains(hash) ? 1 : 0)
    }

    private mutating func setCount(_ count: Int, of id: String) {
        let hash = id.hashValue
        if count > 0 { defined.insert(hash) } else { defined.remove(hash) }
        repeats[hash] = count > 1 ? count : nil
    }

    /// Accounts for a reparse that replaced the text `oldRange` (holding `removed`) with text
    /// `delta` bytes longer or shorter (holding `added`, in new positions). `locate` finds every
    /// occurrence of the given identifiers in the new document; it runs only when an edit turns
    /// an identifier into a duplicate.
    mutating func update(
        removed: [(id: String, range: ByteRange)], added: [(id: String, range: ByteRange)],
        oldRange: ByteRange, delta: Int, locate: (Set<String>) -> [String: [ByteRange]]
    ) {
        // Positions outside the edited part move with the text; those inside are gone.
        for (id, ranges) in duplicates {
            duplicates[id] = ranges.compactMap { range in
                if range.end <= oldRange.start { return range }
                if range.start >= oldRange.end { return range.shifted(by: delta) }
                return nil
            }
        }
        for (id, _) in removed {
            setCount(max(count(of: id) - 1, 0), of: id)
        }
        var addedRanges: [String: [ByteRange]] = [:]
        for (id, range) in added {
            setCount(count(of: id) + 1, of: id)
            addedRanges[id, default: []].append(range)
        }
        // For every identifier the edit touched, the known positions are the kept ones plus the
        // added ones; when they fall short of its count, the others are outside the edited part
        // and must be looked up.
        var unknown = Set<String>()
        var touched = Set(addedRanges.keys)
        for (id, _) in removed { touched.insert(id) }
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
        if !unknown.isEmpty {
            let found = locate(unknown)
            for id in unknown {
                let ranges = found[id] ?? []
                duplicates[id] = ranges.count > 1 ? ranges : nil
            }
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
