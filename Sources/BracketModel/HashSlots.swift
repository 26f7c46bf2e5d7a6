/// A set of identifier hashes (non-zero `Int`s that are already hashes), in one open-addressing
/// table indexed by the hash's own low bits, linear probing, made half full and grown past three
/// quarters (so a document's first paste of 1,000 lines does not double a table made for exactly
/// its identifiers).
///
/// `Set<Int>` hashes its elements again (SipHash of each 64-bit value) and runs a general
/// insertion and removal path; a paste of 1,000 lines inserts or removes 1,000 identifiers in a
/// table of 131,071, and that was over a tenth of the keystroke. Here an insertion is one probe
/// run from the hash's bucket, and a removal shifts the rest of its run back (no tombstones, so
/// runs stay short however many edits come and go). The hashes come from `String.hashValue`,
/// seeded per process, so crafted identifiers cannot pile into one run.
///
/// Each hash carries a 32-bit value beside it (the ID table keeps a definition's handle there),
/// in the same slot, so that the probe that finds the hash reads and writes the value in the
/// same cache line (a second array for the values was a second cache miss for each of a
/// 1,000-line paste's inserts).
struct HashSlots: Sendable {
    /// Slot `i` is `entries[2 i]` (its hash, 0 for an empty slot; every hash is non-zero, see
    /// `IDTable.hash(_:)`) and `entries[2 i + 1]` (its value).
    private var entries: [Int]
    private(set) var count = 0

    init(minimumCapacity: Int = 0) {
        var capacity = 16
        while capacity < 2 * minimumCapacity { capacity *= 2 }
        entries = Array(repeating: 0, count: 2 * capacity)
    }

    private var capacity: Int { entries.count / 2 }

    /// The value kept with `hash`, or nil when `hash` is not in the set.
    func value(of hash: Int) -> UInt32? {
        guard let slot = slot(of: hash) else { return nil }
        return UInt32(truncatingIfNeeded: entries[2 &* slot &+ 1])
    }

    /// Keeps `value` with `hash`, if `hash` is in the set.
    mutating func setValue(_ value: UInt32, of hash: Int) {
        guard let slot = slot(of: hash) else { return }
        entries[2 &* slot &+ 1] = Int(value)
    }

    /// The slot holding `hash`, or nil.
    private func slot(of hash: Int) -> Int? {
        entries.withUnsafeBufferPointer { entries in
            let mask = entries.count / 2 - 1
            var index = hash & mask
            while true {
                let slot = entries[2 &* index]
                if slot == hash { return index }
                if slot == 0 { return nil }
                index = (index &+ 1) & mask
            }
        }
    }

    func contains(_ hash: Int) -> Bool {
        slot(of: hash) != nil
    }

    /// Adds `hash` with `value`; false (and the value kept) when it was there already.
    @discardableResult
    mutating func insert(_ hash: Int, value: UInt32 = 0) -> Bool {
        precondition(hash != 0)
        if 4 * (count + 1) > 3 * capacity { grow() }
        let inserted = entries.withUnsafeMutableBufferPointer { entries in
            let mask = entries.count / 2 - 1
            var index = hash & mask
            while true {
                let slot = entries[2 &* index]
                if slot == hash { return false }
                if slot == 0 {
                    entries[2 &* index] = hash
                    entries[2 &* index &+ 1] = Int(value)
                    return true
                }
                index = (index &+ 1) & mask
            }
        }
        if inserted { count += 1 }
        return inserted
    }

    /// Takes `hash` out; false when it was not there.
    @discardableResult
    mutating func remove(_ hash: Int) -> Bool {
        let removed = entries.withUnsafeMutableBufferPointer { entries in
            let mask = entries.count / 2 - 1
            var hole = hash & mask
            while entries[2 &* hole] != hash {
                if entries[2 &* hole] == 0 { return false }
                hole = (hole &+ 1) & mask
            }
            // Shift back every later entry of the run that may sit in the hole: one whose own
            // bucket is not cyclically after the hole (it would be skipped over otherwise).
            var next = hole
            while true {
                next = (next &+ 1) & mask
                let slot = entries[2 &* next]
                if slot == 0 { break }
                let home = slot & mask
                let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
                if stays { continue }
                entries[2 &* hole] = slot
                entries[2 &* hole &+ 1] = entries[2 &* next &+ 1]
                hole = next
            }
            entries[2 &* hole] = 0
            return true
        }
        if removed { count -= 1 }
        return removed
    }

    private mutating func grow() {
        let old = entries
        entries = Array(repeating: 0, count: old.count * 2)
        count = 0
        for slot in 0..<(old.count / 2) where old[2 * slot] != 0 {
            insert(old[2 * slot], value: UInt32(truncatingIfNeeded: old[2 * slot + 1]))
        }
    }
}
