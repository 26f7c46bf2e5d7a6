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
struct HashSlots: Sendable {
    /// 0 marks an empty slot; every element is non-zero (`IDTable.hash(_:)`).
    private var slots: [Int]
    private(set) var count = 0

    init(minimumCapacity: Int = 0) {
        var capacity = 16
        while capacity < 2 * minimumCapacity { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
    }

    private var mask: Int { slots.count - 1 }

    func contains(_ hash: Int) -> Bool {
        slots.withUnsafeBufferPointer { slots in
            var index = hash & (slots.count - 1)
            while true {
                let slot = slots[index]
                if slot == hash { return true }
                if slot == 0 { return false }
                index = (index + 1) & (slots.count - 1)
            }
        }
    }

    /// Adds `hash`; false when it was there already.
    @discardableResult
    mutating func insert(_ hash: Int) -> Bool {
        precondition(hash != 0)
        if 4 * (count + 1) > 3 * slots.count { grow() }
        let inserted = slots.withUnsafeMutableBufferPointer { slots in
            var index = hash & (slots.count - 1)
            while true {
                let slot = slots[index]
                if slot == hash { return false }
                if slot == 0 {
                    slots[index] = hash
                    return true
                }
                index = (index + 1) & (slots.count - 1)
            }
        }
        if inserted { count += 1 }
        return inserted
    }

    /// Takes `hash` out; false when it was not there.
    @discardableResult
    mutating func remove(_ hash: Int) -> Bool {
        let removed = slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var hole = hash & mask
            while slots[hole] != hash {
                if slots[hole] == 0 { return false }
                hole = (hole + 1) & mask
            }
            // Shift back every later entry of the run that may sit in the hole: one whose own
            // bucket is not cyclically after the hole (it would be skipped over otherwise).
            var next = hole
            while true {
                next = (next + 1) & mask
                let slot = slots[next]
                if slot == 0 { break }
                let home = slot & mask
                let stays = hole <= next ? (hole < home && home <= next) : (hole < home || home <= next)
                if stays { continue }
                slots[hole] = slot
                hole = next
            }
            slots[hole] = 0
            return true
        }
        if removed { count -= 1 }
        return removed
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        count = 0
        for hash in old where hash != 0 { insert(hash) }
    }
}
