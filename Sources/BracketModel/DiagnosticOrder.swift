import BracketSyntax

/// The order every diagnostic list is given in — by range, then severity, then code — and the
/// merge that gives it from the document's sources.
///
/// Publishing lists every diagnostic after every edit (LSP wants the whole list), and sorting
/// the whole list each time was most of listing 60,000 of them. The sources are in range order
/// already, or nearly (the local diagnostics are kept so, `LocalDiagnostics`), or small: each is
/// checked in one pass and sorted only when it is not, then they are merged.
enum DiagnosticOrder {
    /// Whether `lhs` comes before `rhs`.
    static func precedes(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.range != rhs.range { return lhs.range < rhs.range }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        return lhs.code.rawValue < rhs.code.rawValue
    }

    /// `sources` as one list in `precedes` order, diagnostics equal in it kept in the order of
    /// the sources and within each source: what a stable sort of their concatenation gives.
    static func merged(_ sources: [[Diagnostic]]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for source in sources {
            result = merged(result, inRangeOrder(source))
        }
        orderEqualRanges(&result)
        return result
    }

    /// `diagnostics` in range order, ties in their order: as given when they are (one pass).
    private static func inRangeOrder(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        for index in diagnostics.indices.dropFirst() where diagnostics[index].range < diagnostics[index - 1].range {
            return diagnostics.sorted { $0.range < $1.range }
        }
        return diagnostics
    }

    /// Two lists in range order as one, a tie taken from `first`.
    private static func merged(_ first: [Diagnostic], _ second: [Diagnostic]) -> [Diagnostic] {
        if first.isEmpty { return second }
        if second.isEmpty { return first }
        var result: [Diagnostic] = []
        result.reserveCapacity(first.count + second.count)
        var left = 0
        var right = 0
        while left < first.count, right < second.count {
            if second[right].range < first[left].range {
                result.append(second[right])
                right += 1
            } else {
                result.append(first[left])
                left += 1
            }
        }
        result.append(contentsOf: first[left...])
        result.append(contentsOf: second[right...])
        return result
    }

    /// Puts each run of diagnostics with the same range in severity and code order, keeping the
    /// order of those equal in both (an insertion sort: stable, and such runs are short).
    private static func orderEqualRanges(_ list: inout [Diagnostic]) {
        var start = 0
        while start < list.count {
            var end = start + 1
            while end < list.count, list[end].range == list[start].range { end += 1 }
            if end - start > 1 {
                for index in (start + 1)..<end {
                    var position = index
                    while position > start, precedes(list[position], list[position - 1]) {
                        list.swapAt(position, position - 1)
                        position -= 1
                    }
                }
            }
            start = end
        }
    }
}
