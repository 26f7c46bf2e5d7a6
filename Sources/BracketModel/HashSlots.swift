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
/// written by the same probe that finds the hash.
struct HashSlots: Sendable {
    /// 0 marks an empty slot; every element is non-zero (`IDTable.hash(_:)`).
    private var slots: [Int]
    /// The value of the hash in the same slot.
    private var values: [UInt32]
    private(set) var count = 0

    init(minimumCapacity: Int = 0) {
        var capacity = 16
        while capacity < 2 * minimumCapacity { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
    }

    /// The value kept with `hash`, or nil when `hash` is not in the set.
    func value(of hash: Int) -> UInt32? {
        guard let slot = slot(of: hash) else { return nil }
        return values[slot]
    }

    /// Keeps `value` with `hash`, if `hash` is in the set.
    mutating func setValue(_ value: UInt32, of hash: Int) {
        guard let slot = slot(of: hash) else { return }
        values[slot] = value
    }

    private func slot(of hash: Int) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var index = hash & (slots.count - 1)
            while true {
                let slot = slots[index]
                if slot == hash { return index }
                if slot == 0 { return nil }
                index = (index + 1) & (slots.count - 1)
            }
        }
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

    /// Adds `hash` with `value`; false (and the value kept) when it was there already.
    @discardableResult
    mutating func insert(_ hash: Int, value: UInt32 = 0) -> Bool {
        precondition(hash != 0)
        if 4 * (count + 1) > 3 * slots.count { grow() }
        var found = 0
        let inserted = slots.withUnsafeMutableBufferPointer { slots in
            var index = hash & (slots.count - 1)
            while true {
                let slot = slots[index]
                if slot == hash {
                    found = index
                    return false
                }
                if slot == 0 {
                    slots[index] = hash
                    found = index
                    return true
                }
                index = (index + 1) & (slots.count - 1)
            }
        }
        if inserted {
            values[found] = value
            count += 1
        }
        return inserted
    }

    /// Takes `hash` out; false when it was not there.
    @discardableResult
    mutating func remove(_ hash: Int) -> Bool {
        var values = self.values
        self.values = []
        defer { self.values = values }
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
                values[hole] = values[next]
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
        let oldValues = values
        slots = Array(repeating: 0, count: old.count * 2)
        values = Array(repeating: 0, count: old.count * 2)
        count = 0
        for (slot, hash) in old.enumerated() where hash != 0 { insert(hash, value: oldValues[slot]) }
    }
}
