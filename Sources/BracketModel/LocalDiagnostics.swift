import BracketSyntax

/// The problems inside the tree (`SubtreeScan`'s), sorted by start offset, with a gap at the
/// last reparse, the way `OffsetGapArray` keeps definition and line starts: a reparse replaces
/// the diagnostics it rescanned and costs those plus the ones between it and the previous
/// reparse, not a copy of every later diagnostic moved by the edit's length (which a file with
/// 50,000 diagnostics paid on every keystroke).
///
/// Those before the gap are kept at their offsets; those after it last first, each at its
/// offset less `backShift`, a number every reparse moves by its length change. Moving the gap
/// converts the diagnostics it passes.
struct LocalDiagnostics: Sendable {
    /// The diagnostics before the gap, in order, at their offsets.
    private var front: [Diagnostic]
    /// The diagnostics after the gap, the last first, each `backShift` bytes before its offset.
    private var back: [Diagnostic] = []
    private var backShift = 0
    /// How many are `unclosed-bracket` (a line reparse asks whether one starts before it, and
    /// usually none does anywhere).
    private(set) var unclosedBrackets = 0
    /// How many diagnostics have crossed the gap so far (tests check that a reparse moves only
    /// those between it and the previous one).
    private(set) var moves = 0

    /// The diagnostics `all`, in any order.
    init(_ all: [Diagnostic]) {
        front = all.sorted { $0.range < $1.range }
        unclosedBrackets = front.count(where: { $0.code == .unclosedBracket })
    }

    var count: Int { front.count + back.count }

    /// Every diagnostic, in order: as costly as the list (for publishing, which sends them all).
    var all: [Diagnostic] {
        var result = front
        result.reserveCapacity(count)
        for diagnostic in back.reversed() { result.append(backShift == 0 ? diagnostic : diagnostic.shifted(by: backShift)) }
        return result
    }

    /// Drops the diagnostics starting in `oldRange`, moves the later ones by `delta`, and puts
    /// `fresh` (in new offsets, any order) in their place. Local diagnostics never straddle a
    /// reparsed part (see `SubtreeScan`), so those starting inside it are exactly those it held.
    mutating func replace(in oldRange: ByteRange, delta: Int, with fresh: [Diagnostic]) {
        moveGap(to: oldRange.start)
        while let next = back.last, next.range.start &+ backShift < oldRange.end {
            if next.code == .unclosedBracket { unclosedBrackets -= 1 }
            back.removeLast()
        }
        backShift &+= delta
        for diagnostic in fresh.sorted(by: { $0.range < $1.range }) {
            if diagnostic.code == .unclosedBracket { unclosedBrackets += 1 }
            front.append(diagnostic)
        }
    }

    /// Whether a diagnostic starting before `offset` satisfies `predicate`, read in order.
    func contains(before offset: Int, where predicate: (Diagnostic) -> Bool) -> Bool {
        for diagnostic in front {
            guard diagnostic.range.start < offset else { return false }
            if predicate(diagnostic) { return true }
        }
        for diagnostic in back.reversed() {
            guard diagnostic.range.start &+ backShift < offset else { return false }
            if predicate(diagnostic.shifted(by: backShift)) { return true }
        }
        return false
    }

    /// Whether any diagnostic satisfies `predicate` (positions aside).
    func contains(where predicate: (Diagnostic) -> Bool) -> Bool {
        front.contains(where: predicate) || back.contains(where: predicate)
    }

    /// Puts the gap before the first diagnostic starting at or after `offset`.
    private mutating func moveGap(to offset: Int) {
        while let last = front.last, last.range.start >= offset {
            back.append(backShift == 0 ? last : last.shifted(by: -backShift))
            front.removeLast()
            moves &+= 1
        }
        while let next = back.last, next.range.start &+ backShift < offset {
            front.append(backShift == 0 ? next : next.shifted(by: backShift))
            back.removeLast()
            moves &+= 1
        }
    }
}
